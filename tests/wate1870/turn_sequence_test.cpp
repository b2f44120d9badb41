// The turn sequence of 1870 (5.0): Administrative Phase with RP income (6.1),
// the Action Phase's initiative and passes (7.0, 13.3), the end of the game (11.0).
#include <gtest/gtest.h>

#include "../shipped_game.hpp"
#include "core/dice.hpp"
#include "play_order.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using test_support::game;

using testing::kF;
using testing::kG;
using testing::play;

std::unique_ptr<WateState> historical(GameOptions options = {}) {
  auto st = game().initial_state("historical", options, 1);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return std::unique_ptr<WateState>(static_cast<WateState*>(std::move(st).value().release()));
}

TEST(Wate1870_6_1, IncomeIsAddedAtTheStartOfTheFirstAdministrativePhase) {
  auto st = historical();
  EXPECT_EQ(st->turn(), 1);
  EXPECT_EQ(st->phase(), Phase::kAdministrative);
  // 13.1/13.2 starting RP 25/35 plus the 6.1 income 10/14 (ruling GAP-W-23).
  EXPECT_EQ(st->rp(Side::kFrench), 35);
  EXPECT_EQ(st->rp(Side::kGerman), 49);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
}

TEST(Wate1870_13_3, TheFrenchTakeTheFirstActivationWithoutAnInitiativeRoll) {
  auto st = historical();
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  EXPECT_EQ(st->phase(), Phase::kAction);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
}

TEST(Wate1870_5_0, TwoPassesInSuccessionEndTheActionPhaseAndTheTurn) {
  auto st = historical();
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  play(*st, kF, "pass");
  // GAP-W-38: a pass hands the choice to the opponent.
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  play(*st, kG, "pass");
  EXPECT_EQ(st->turn(), 2);
  EXPECT_EQ(st->phase(), Phase::kAdministrative);
  EXPECT_EQ(st->rp(Side::kFrench), 45);  // 35 + 10 (6.1)
  EXPECT_EQ(st->rp(Side::kGerman), 63);  // 49 + 14
}

std::unique_ptr<WateState> at_turn_two_initiative() {
  auto st = historical();
  for (const char* a : {"end-administrative"}) play(*st, kF, a);
  play(*st, kG, "end-administrative");
  play(*st, kF, "pass");
  play(*st, kG, "pass");
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  return st;
}

TEST(Wate1870_7_0, InitiativeIsTwoDiceWithExactOdds) {
  auto st = at_turn_two_initiative();
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
  const auto outs = st->chance_outcomes();
  ASSERT_EQ(outs.size(), 36u);
  Fraction french;
  for (const auto& o : outs) {
    EXPECT_EQ(o.probability, Fraction(1, 36));
    if (o.dice[0] > o.dice[1]) french += o.probability;
  }
  EXPECT_EQ(french, Fraction(15, 36));  // the German wins ties: 21/36
  EXPECT_EQ(total_probability(outs), Fraction(1, 1));
}

TEST(Wate1870_7_0, TiesGoToTheGermanPlayer) {
  auto st = at_turn_two_initiative();
  ScriptedDice dice({4, 4});
  auto ev = resolve_chance(*st, dice);
  ASSERT_TRUE(ev.ok());
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  EXPECT_NE(ev->back().text.find("ties to the German"), std::string::npos);
}

TEST(Wate1870_7_0, TheHigherRollChooses) {
  auto st = at_turn_two_initiative();
  ScriptedDice dice({5, 2});  // French 5, German 2
  ASSERT_TRUE(resolve_chance(*st, dice).ok());
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
}

TEST(Wate1870_7_0, OrdersOutOfTurnAreRefusedWithTheRuleAndChangeNothing) {
  auto st = historical();
  const auto before = st->hash();
  auto r = st->apply(kG, Action("end-administrative"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Code::kNotYourTurn);
  EXPECT_EQ(r.error().rule, "6.0");
  auto r2 = st->apply(kF, Action("pass"));
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.error().code, Code::kIllegal);
  EXPECT_EQ(r2.error().rule, "6.0");
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  auto r3 = st->apply(kG, Action("pass"));
  ASSERT_FALSE(r3.ok());
  EXPECT_EQ(r3.error().rule, "7.0");
  auto r4 = st->apply(kChance, Action("initiative").with("french", "7").with("german", "1"));
  ASSERT_FALSE(r4.ok());
  EXPECT_EQ(r4.error().code, Code::kNotYourTurn);
  EXPECT_EQ(before == st->hash(), false);  // the two legal orders did change it
  const auto mid = st->hash();
  (void)st->apply(kF, Action("march"));
  EXPECT_EQ(st->hash(), mid);
}

TEST(Wate1870_11_0, AGameOfPassesEndsAfterTheLastTurnAsADrawAtElevenVp) {
  auto st = historical();
  SeededDice dice(3);
  int guard = 0;
  while (!st->terminal() && ++guard < 1000) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    auto legal = st->legal_actions(p);
    ASSERT_FALSE(legal.empty());
    ASSERT_TRUE(st->apply(p, legal.front()).ok());
  }
  ASSERT_TRUE(st->terminal());
  EXPECT_EQ(st->turn(), st->last_turn());
  EXPECT_FALSE(st->winner().has_value());  // VP 11 = 11: a draw (ruling GAP-W-01)
  EXPECT_EQ(st->returns(), (std::vector<double>{0.5, 0.5}));
  auto r = st->apply(kF, Action("pass"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "11.0");
}

TEST(Wate1870_Saves, AGameSavedMidTurnResumesExactly) {
  auto st = at_turn_two_initiative();
  const std::string saved = st->serialize();
  auto back = game().deserialize(saved);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ((*back)->hash(), st->hash());
  ScriptedDice d1({2, 6}), d2({2, 6});
  ASSERT_TRUE(resolve_chance(*st, d1).ok());
  ASSERT_TRUE(resolve_chance(**back, d2).ok());
  EXPECT_EQ((*back)->hash(), st->hash());
}

TEST(Wate1870_Saves, ADamagedSaveIsRefusedNotCrashedOn) {
  const std::string saved = historical()->serialize();
  for (const std::string& bad : {std::string("{"), std::string("[]"), saved.substr(0, saved.size() / 2),
                                 std::string("{\"game\":\"1870\",\"version\":1}")}) {
    auto r = game().deserialize(bad);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, Code::kMalformed);
  }
  std::string wrong_hex = saved;
  const auto pos = wrong_hex.find("\"2608\"");
  ASSERT_NE(pos, std::string::npos);
  wrong_hex.replace(pos, 6, "\"9999\"");
  auto r = game().deserialize(wrong_hex);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("9999"), std::string::npos);
}

TEST(Wate1870_12_2, WithFogOfWarTheFrenchSeeOnlyAdjacentGermanForces) {
  GameOptions fog;
  fog.values["12.2"] = "on";
  auto st = historical(fog);
  const std::string french = st->view(kF);
  const std::string umpire = st->view(kUmpire);
  // The German 3rd Army sets up around Freiburg, far from any French force.
  EXPECT_NE(umpire.find("\"G-3A\""), std::string::npos);
  EXPECT_EQ(french.find("\"G-3A\""), std::string::npos);
  EXPECT_NE(french.find("uninspected_enemy_stacks"), std::string::npos);
  EXPECT_EQ(french.find("seed"), std::string::npos);
  // Without 12.2 everything may be inspected (12.2: "normally ... no restriction").
  auto open = historical();
  EXPECT_NE(open->view(kF).find("\"G-3A\""), std::string::npos);
}

// ---- 12.0 Optional rules: used by agreement, fixed for the game ----

TEST(Wate1870_12_0, OnlyTheFourOptionalRulesMayBeAgreed) {
  for (const char* key : {"12.1", "12.2", "12.3", "12.4"}) {
    GameOptions o;
    o.values[key] = "on";
    auto st = game().initial_state("historical", o, 1);
    EXPECT_TRUE(st.ok()) << key;
  }
  for (const char* key : {"12.5", "12.0", "fog", "13.3"}) {
    GameOptions o;
    o.values[key] = "on";
    auto st = game().initial_state("historical", o, 1);
    ASSERT_FALSE(st.ok()) << key;
    EXPECT_EQ(st.error().code, Code::kNotFound);
    EXPECT_EQ(st.error().rule, "12.0");
    EXPECT_NE(st.error().message.find(key), std::string::npos) << st.error().message;
  }
}

TEST(Wate1870_12_0, AnOptionalRuleIsInForceOnlyWhenTurnedOn) {
  // 12.2 Fog of War, as the witness: absent, or turned off, everything may be inspected.
  for (const char* value : {"off", "no", "0"}) {
    GameOptions o;
    o.values["12.2"] = value;
    auto st = historical(o);
    EXPECT_FALSE(st->options().flag("12.2")) << value;
    EXPECT_NE(st->view(kF).find("\"G-3A\""), std::string::npos) << value;
  }
  GameOptions on;
  on.values["12.2"] = "on";
  EXPECT_EQ(historical(on)->view(kF).find("\"G-3A\""), std::string::npos);
}

TEST(Wate1870_12_0, TheAgreedOptionsHoldForTheWholeGameAndItsSaves) {
  GameOptions fog;
  fog.values["12.2"] = "on";
  auto st = historical(fog);
  // The options are part of the game: two games differing only in them differ.
  EXPECT_NE(st->hash(), historical()->hash());
  // A whole turn later, and through a save, the agreement still holds.
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  play(*st, kF, "pass");
  play(*st, kG, "pass");
  EXPECT_EQ(st->turn(), 2);
  auto back = game().deserialize(st->serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  const auto& restored = static_cast<const WateState&>(**back);
  EXPECT_TRUE(restored.options().flag("12.2"));
  EXPECT_EQ(restored.options().values, fog.values);
  EXPECT_EQ(restored.hash(), st->hash());
  EXPECT_EQ(restored.view(kF).find("\"G-3A\""), std::string::npos);
}

}  // namespace
}  // namespace rz::wate1870
