#include "phases_fixture.hpp"

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "bots/bot.hpp"
#include "bots/heuristic_1870.hpp"
#include "core/rng.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870::testing {

std::unique_ptr<WateState> with_more_sp(const WateState& st, Side side,
                                        const std::vector<hex::Hex>& hexes, int more) {
  auto j = nlohmann::json::parse(st.serialize());
  for (hex::Hex h : hexes)
    for (auto& g : j["sps"])
      if (g[0] == h.id() && g[1] == std::string(side_name(side))) {
        g[4] = g[4].get<int>() + more;
        break;
      }
  auto r = WateState::from_json(shipped_data(), j.dump());
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? std::move(r).value() : nullptr;
}

FogTwin fog_twin(const WateState& st, Side viewer, int more) {
  const Side enemy = other(viewer);
  const Board board{st.data(), st.position(), st.options()};
  std::vector<hex::Hex> hidden;
  for (const auto& g : st.sps())
    if (g.side == enemy && !st.inspectable(viewer, g.hex) &&
        force_projects_zoc(board, g.hex, enemy) &&
        std::find(hidden.begin(), hidden.end(), g.hex) == hidden.end())
      hidden.push_back(g.hex);
  return {with_more_sp(st, enemy, hidden, more), static_cast<int>(hidden.size())};
}

void play_heuristic_against_random(std::uint64_t seed, int max_steps,
                                   const std::function<void(const WateState&, int)>& at,
                                   const GameOptions& options) {
  auto game = WateGame::load();
  ASSERT_TRUE(game.ok());
  auto st = std::move((*game)->initial_state("historical", options, seed)).value();
  const auto& ws = static_cast<const WateState&>(*st);
  bots::Heuristic1870Bot heuristic(seed);
  bots::RandomBot random(seed);
  Pcg32 dice(seed, 11);
  const Player heuristic_side = seed % 2 == 0 ? 0 : 1;
  for (int step = 0; step < max_steps && !st->terminal(); ++step) {
    at(ws, step);
    if (::testing::Test::HasFatalFailure()) return;
    const ToMove tm = st->to_move();
    if (tm.kind == MoveKind::kChance) {
      const auto outcomes = st->chance_outcomes();
      const auto pick = dice.below(static_cast<std::uint32_t>(outcomes.size()));
      ASSERT_TRUE(st->apply(kChance, outcomes[pick].action));
      continue;
    }
    const Player p = tm.players.front();
    bots::Bot& bot = p == heuristic_side ? static_cast<bots::Bot&>(heuristic) : random;
    ASSERT_TRUE(st->apply(p, bot.choose(*st, p, "")));
  }
}

void play_random_games(const char* scenario, int games,
                       const std::function<void(const WateState&, int)>& at) {
  auto game = WateGame::load();
  ASSERT_TRUE(game.ok());
  auto start = (*game)->initial_state(scenario, {}, 1);
  ASSERT_TRUE(start.ok());
  const char* scale_env = std::getenv("REISSWITZ_TEST_SCALE");
  const double scale = scale_env ? std::atof(scale_env) : 1.0;
  const int n = std::max(2, static_cast<int>(games * scale));
  Pcg32 choose(9, 9);
  SeededDice dice(7);
  for (int g = 0; g < n; ++g) {
    auto st = (*start)->clone();
    const auto& ws = static_cast<const WateState&>(*st);
    while (!st->terminal()) {
      ASSERT_TRUE(resolve_chance(*st, dice).ok());
      if (st->terminal()) break;
      at(ws, g);
      if (::testing::Test::HasFatalFailure()) return;
      const Player p = st->to_move().players.front();
      const auto legal = st->legal_actions(p);
      ASSERT_TRUE(st->apply(p, legal[choose.below(static_cast<std::uint32_t>(legal.size()))]).ok());
    }
  }
}

}  // namespace rz::wate1870::testing
