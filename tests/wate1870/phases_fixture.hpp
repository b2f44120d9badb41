#pragma once
// Helpers for the phase tests of 1870 (6.2, 9.0, 10.0, 11.0): a situation from
// scenario text on the shipped map, orders through the public contract, and
// refusals that must leave the state unchanged.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/dice.hpp"
#include "play_order.hpp"
#include "rules/wate1870/game_data.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870::testing {

inline std::shared_ptr<const GameData> shipped_data() {
  static auto d = load_game_data(default_data_dir());
  EXPECT_TRUE(d.ok()) << (d.ok() ? "" : d.error().to_string());
  return *d;
}

// A state from scenario text (YAML of data/wate1870/scenarios).
inline std::unique_ptr<WateState> situation(const std::string& yaml, GameOptions options = {}) {
  auto data = shipped_data();
  auto sc = Scenario::parse(yaml, "phases-test.yaml", data->map, data->forces);
  EXPECT_TRUE(sc.ok()) << (sc.ok() ? "" : sc.error().to_string());
  if (!sc.ok()) return nullptr;
  auto st = WateState::from_scenario(data, *sc, std::move(options), 1);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return st.ok() ? std::move(st).value() : nullptr;
}

// The French IV Corps (8 SP) in Forbach (2206) facing the German VIII Corps
// (8 SP) across the Saar in Saarbrucken (2306), German to act, 40 RP each:
// the odds and console tests' border battle. `more_sps`: further sps entries.
inline std::unique_ptr<WateState> saar_border(const std::string& more_sps = "",
                                              GameOptions options = {}) {
  return situation(R"(name: "saar border test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 40, German: 40, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: F-IV, hex: "2206", source: "reconstructed: test"}
  - {hq: G-VIII, hex: "2306", source: "reconstructed: test"}
sps:
  - {side: French, sp: 8, formation: F-IV, hex: "2206", source: "reconstructed: test"}
  - {side: German, sp: 8, formation: G-VIII, hex: "2306", source: "reconstructed: test"}
)" + more_sps,
                   std::move(options));
}

// Rolls the next chance node with the given pips, every one of them.
inline Events roll(WateState& st, std::vector<int> pips) {
  EXPECT_EQ(st.to_move().kind, MoveKind::kChance) << "no roll is due";
  ScriptedDice dice(std::move(pips));
  auto ev = resolve_chance(st, dice);
  EXPECT_TRUE(ev.ok()) << (ev.ok() ? "" : ev.error().to_string());
  EXPECT_EQ(dice.remaining(), 0u) << "pips left over";
  return ev.ok() ? *ev : Events{};
}

// The order is refused citing `rule` (a prefix of the error's rule) and nothing changes.
inline void expect_refused(WateState& st, Player p, const std::string& text,
                           const std::string& rule, Code code = Code::kIllegal) {
  const auto before = st.hash();
  const std::string saved = st.serialize();
  auto a = Action::parse(text);
  ASSERT_TRUE(a.ok()) << text;
  auto r = st.apply(p, *a);
  ASSERT_FALSE(r.ok()) << "'" << text << "' was accepted";
  EXPECT_EQ(r.error().code, code) << r.error().to_string();
  EXPECT_EQ(r.error().rule.rfind(rule, 0), 0u) << r.error().to_string();
  EXPECT_FALSE(r.error().message.empty());
  EXPECT_EQ(st.hash(), before);
  EXPECT_EQ(st.serialize(), saved);
}

inline bool has_event(const Events& ev, const std::string& text) {
  for (const auto& e : ev)
    if (e.text.find(text) != std::string::npos) return true;
  return false;
}

inline std::string all_text(const Events& ev) {
  std::string s;
  for (const auto& e : ev) s += e.text + "\n";
  return s;
}

inline bool is_legal(const WateState& st, Player p, const std::string& text) {
  for (const auto& a : st.legal_actions(p))
    if (a.to_string() == text) return true;
  return false;
}

inline int sp_of(const WateState& st, Side side, const std::string& hex, Status status) {
  int n = 0;
  for (const auto& g : st.sps())
    if (g.side == side && g.hex.id() == hex && g.status == status) n += g.count;
  return n;
}

// The SP of `side` in `hex`: all of them, or those of one status, on the train or not.
inline int sp_in(const WateState& st, Side side, const std::string& hex,
                 std::optional<Status> status = {}, std::optional<bool> entrained = {}) {
  int n = 0;
  for (const auto& g : st.sps())
    if (g.side == side && g.hex.id() == hex && (!status || g.status == *status) &&
        (!entrained || g.entrained == *entrained))
      n += g.count;
  return n;
}

// `st` with the first SP group of `side` in each of `hexes` grown by `more` SP:
// the other picture of a fog-of-war test (what the viewer may not see differs).
std::unique_ptr<WateState> with_more_sp(const WateState& st, Side side,
                                        const std::vector<hex::Hex>& hexes,
                                        int more);  // phases_fixture.cpp

// 12.2: the fog-of-war twin of `st` for `viewer`: every enemy stack the viewer
// may not inspect that projects a ZOC grown by `more` SP (only those: a ZOC
// changes what the viewer may do, 3.4 and 7.2, so the legal actions would tell).
// `grown` is how many stacks grew; the twin's view for `viewer` must be the same.
struct FogTwin {
  std::unique_ptr<WateState> state;
  int grown = 0;
};
FogTwin fog_twin(const WateState& st, Side viewer, int more);  // phases_fixture.cpp

// A historical game, the heuristic bot against the random bot (the heuristic
// French for even seeds), the dice drawn from `seed`: `at(state, step)` is
// called before each action, and the game ends after `max_steps` actions or
// when the state is terminal. Fails the test on an illegal action.
void play_heuristic_against_random(std::uint64_t seed, int max_steps,
                                   const std::function<void(const WateState&, int)>& at,
                                   const GameOptions& options = {});

// `games` whole games of `scenario`, a random choice on both sides (they
// mobilize much, march anywhere and leave places cut off), scaled by
// $REISSWITZ_TEST_SCALE (at least 2): `at(state, game)` is called before each
// action. Fails the test on an illegal action.
void play_random_games(const char* scenario, int games,
                       const std::function<void(const WateState&, int)>& at);

}  // namespace rz::wate1870::testing
