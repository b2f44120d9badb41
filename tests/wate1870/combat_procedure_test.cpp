// The combat sequence driven through the contract (7.4, 8.0-8.7), on the
// rulebook's own example of 8.3 (19 SP attack 6 SP in clear).
#include <gtest/gtest.h>

#include "core/dice.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

constexpr Player kF = 0;
constexpr Player kG = 1;

const WateGame& game() {
  static auto g = WateGame::load();
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().to_string());
  return **g;
}

std::unique_ptr<WateState> example_8_3() {
  auto st = game().initial_state(std::string(REISSWITZ_SOURCE_DIR) +
                                     "/data/wate1870/scenarios/examples/crm_8_3_nineteen_against_six.yaml",
                                 {}, 1);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return std::unique_ptr<WateState>(static_cast<WateState*>(std::move(st).value().release()));
}

std::string all_text(const Events& ev) {
  std::string s;
  for (const auto& e : ev) s += e.text + "\n";
  return s;
}

Events play(State& st, Player p, const std::string& text) {
  auto a = Action::parse(text);
  EXPECT_TRUE(a.ok()) << text;
  auto ev = st.apply(p, *a);
  EXPECT_TRUE(ev.ok()) << text << ": " << (ev.ok() ? "" : ev.error().to_string());
  return ev.ok() ? *ev : Events{};
}

// German wins the initiative and launches the 8.3 attack with both HQs.
std::unique_ptr<WateState> attack_launched(Events* out = nullptr) {
  auto st = example_8_3();
  ScriptedDice init({1, 6});
  EXPECT_TRUE(resolve_chance(*st, init).ok());
  play(*st, kG, "activate hq=G-2A");
  auto ev = play(*st, kG, "attack target=1408 from=1508 with=G-III");
  if (out) *out = ev;
  return st;
}

// The scenario of the 8.3 example, played out: the German force stands deep in
// France without a line of communication, so 8.2 halves it (19 -> 9).
TEST(Wate1870_8_2_Procedure, AnAttackerWithoutLocIsHalvedAndMayNotCommitArtillery) {
  Events ev;
  auto st = attack_launched(&ev);
  const std::string text = all_text(ev);
  EXPECT_NE(text.find("German 19 SP; no LOC halved → 9 (8.2)"), std::string::npos) << text;
  // 9:6 is 1:1 (0/0); German army and corps AB +1 each, French corps DB +1 (GAP-W-05, GAP-W-06).
  EXPECT_NE(text.find("German 9 SP against French 6 SP: CRM 1:1, DRM German 2, French 1"), std::string::npos) << text;
  // 8.4: no LOC, no artillery; the French cannot pay 6 RP with 4: nobody is asked, the dice roll.
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);
}

TEST(Wate1870_8_5_Procedure, LoserAndWinnerAbsorbTheSpreadChosenByTheirOwners) {
  auto st = attack_launched();
  ScriptedDice dice({6, 5, 1, 2});  // German 11 + 2 = 13, French 3 + 1 = 4: spread 9
  auto rolled = resolve_chance(*st, dice);
  ASSERT_TRUE(rolled.ok());
  // The last roll is applied inside resolve_chance; its events hold the result.
  const std::string text = all_text(*rolled);
  EXPECT_NE(text.find("German wins, spread 9"), std::string::npos) << text;
  EXPECT_NE(text.find("4 SP eliminated, 5 steps; German absorbs 4 steps"), std::string::npos) << text;
  std::vector<std::string> french, german;
  while (!st->terminal() && st->to_move().kind == MoveKind::kPlayer) {
    const Player p = st->to_move().players.front();
    const auto legal = st->legal_actions(p);
    if (legal.front().verb != "eliminate" && legal.front().verb != "degrade") break;
    (p == kF ? french : german).push_back(legal.front().verb);
    play(*st, p, legal.front().to_string());
  }
  // 4 SP eliminated, then 5 steps on the last 2 SP: one eliminated (3 steps), one demoralized (2).
  EXPECT_EQ(french, (std::vector<std::string>{"eliminate", "eliminate", "eliminate", "eliminate", "degrade",
                                               "degrade", "degrade", "degrade", "degrade"}));
  EXPECT_EQ(german, (std::vector<std::string>{"degrade", "degrade", "degrade", "degrade"}));
  int french_sp = 0;
  for (const auto& g : st->sps())
    if (g.side == Side::kFrench) {
      french_sp += g.count;
      EXPECT_EQ(g.status, Status::kDemoralized);
    }
  EXPECT_EQ(french_sp, 1);
  // 8.6: the beaten French SP must retreat; every choice offered is a retreat.
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  for (const auto& a : st->legal_actions(kF)) EXPECT_EQ(a.verb, "retreat");
  auto refused = st->apply(kF, Action("stay"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "8.6");
}

TEST(Wate1870_7_4, PlannedAttacksAreRefusedWithTheirRule) {
  auto st = example_8_3();
  ScriptedDice init({1, 6});
  ASSERT_TRUE(resolve_chance(*st, init).ok());
  play(*st, kG, "activate hq=G-2A");
  const auto before = st->hash();
  for (const auto& [text, rule] : std::vector<std::pair<std::string, std::string>>{
           {"attack target=1409 from=1508", "7.4"},            // no enemy force there
           {"attack target=1408 from=1407", "7.4"},            // the HQ is not in an attacking hex
           {"attack target=1408 from=1508 with=F-VI", ""},     // not a German HQ
       }) {
    auto r = st->apply(kG, *Action::parse(text));
    ASSERT_FALSE(r.ok()) << text;
    if (!rule.empty()) {
      EXPECT_EQ(r.error().rule, rule) << text << ": " << r.error().to_string();
    }
  }
  EXPECT_EQ(st->hash(), before);
}

TEST(Wate1870_8_0, ACombatCanBeSavedAndResumedAtEveryDecision) {
  auto st = attack_launched();
  auto back = game().deserialize(st->serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st->hash());
  // Doubles on both sides: 8.5.1 casualty checks for the two German HQs and the French one (1d6 + 1d3 each).
  const std::vector<int> pips{6, 6, 1, 1, 3, 1, 4, 1, 1, 5};
  ScriptedDice d1(pips), d2(pips);
  auto r1 = resolve_chance(*st, d1);
  ASSERT_TRUE(r1.ok()) << r1.error().to_string();
  ASSERT_TRUE(resolve_chance(**back, d2).ok());
  EXPECT_EQ(d1.remaining(), 0u);
  const std::string text = all_text(*r1);
  EXPECT_NE(text.find("casualty check 1d6 = 3: unharmed"), std::string::npos) << text;
  // The French corps HQ rolls 1: removed, replaced by its reverse, back in 1d3 = 3 turns (5 -> 3).
  EXPECT_NE(text.find("removed and replaced by its reverse, returns in 3 turn(s)"), std::string::npos) << text;
  EXPECT_EQ((*back)->hash(), st->hash());
  EXPECT_EQ((*back)->legal_actions(kG), st->legal_actions(kG));
}

}  // namespace
}  // namespace rz::wate1870
