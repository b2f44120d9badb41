// 7.1 March with the German HQ pick-up, 7.1.2 Opportunity Chassepot Fire (and
// 12.3 Mitrailleuse), 7.1.3 rail movement, 7.2 Forced March: small scenarios
// on the real map driven through the engine contract with scripted dice.
// Rulings: docs/rulings/wate1870-march.md.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "action_phase_fixture.hpp"
#include "combat_fixture.hpp"
#include "core/dice.hpp"
#include "phases_fixture.hpp"
#include "play_order.hpp"
#include "rules/wate1870/scenario.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using testing::action_phase;
using testing::H;
using testing::kF;
using testing::kG;
using testing::play;
using testing::roll;
using testing::shared_data;
using testing::sp_in;

// The order is refused with `rule`, and nothing changes.
void refused(WateState& st, Player p, const std::string& text, const std::string& rule) {
  const auto before = st.hash();
  auto a = Action::parse(text);
  ASSERT_TRUE(a.ok()) << text;
  auto ok = st.check(p, *a);
  ASSERT_FALSE(ok.ok()) << text << " was accepted";
  EXPECT_EQ(ok.error().rule, rule) << ok.error().to_string();
  auto ev = st.apply(p, *a);
  EXPECT_FALSE(ev.ok());
  EXPECT_EQ(st.hash(), before);
}

nlohmann::json force_json(const WateState& st) { return nlohmann::json::parse(st.serialize()).at("force"); }
int mp_left(const WateState& st) { return force_json(st).at("mp_left"); }

// Every legal action passes check(), and a save/restore keeps the state.
void expect_consistent(const WateState& st) {
  const ToMove tm = st.to_move();
  if (tm.kind == MoveKind::kPlayer) {
    for (const auto& a : st.legal_actions(tm.players.front())) {
      EXPECT_TRUE(st.check(tm.players.front(), a).ok()) << a.to_string();
    }
  }
  auto back = WateState::from_json(shared_data(), st.serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st.hash());
  EXPECT_EQ((*back)->serialize(), st.serialize());
}

bool has_action(const WateState& st, Player p, const std::string& text) {
  for (const auto& a : st.legal_actions(p))
    if (a.to_string() == text) return true;
  return false;
}

// ---- 7.1 March ----

TEST(Wate1870_7_1, AFrenchForcePaysTheTerrainAndStopsInAnEnemyZoc) {
  // French 2 SP in 0502 (MA 3); 3 good German SP in 0803 project a ZOC into 0702.
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0502"}
  - {side: German, sp: 3, hex: "0803"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0502");
  play(*st, kF, "march");
  play(*st, kF, "move to=0602");
  EXPECT_EQ(mp_left(*st), 2);
  play(*st, kF, "move to=0702");
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0702"), 2);
  refused(*st, kF, "move to=0701", "3.4");
  EXPECT_EQ(st->legal_actions(kF).front(), Action("stop"));
  play(*st, kF, "stop");
}

TEST(Wate1870_7_1, UnknownOrdersAndTooCostlyMovesAreRefused) {
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0502"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0502");
  play(*st, kF, "march");
  refused(*st, kF, "dance", "7.1");
  play(*st, kF, "move to=0602");
  play(*st, kF, "move to=0702");
  play(*st, kF, "move to=0802");
  refused(*st, kF, "move to=0803", "7.1");
}

// ---- 7.1 German HQ pick-up (GAP-W-12) ----

TEST(Wate1870_7_1, AGermanHqPicksUpSpForOneMpWithinItsCommandLimit) {
  auto st = action_phase(R"(hqs:
  - {hq: G-I, hex: "0502"}
sps:
  - {side: German, sp: 2, hex: "0502", formation: G-I}
  - {side: German, sp: 7, hex: "0602", formation: G-I, status: disrupted}
)",
                         Side::kGerman);
  play(*st, kG, "activate hq=G-I");
  play(*st, kG, "march sp=2");  // limit 8 - 2 = 6 left, MA 5
  play(*st, kG, "move to=0602");
  EXPECT_EQ(mp_left(*st), 4);
  refused(*st, kG, "pickup sp=7", "3.6.2");  // 6 left of its limit
  refused(*st, kG, "pickup sp=1 hex=0502", "7.1");
  EXPECT_TRUE(has_action(*st, kG, "pickup sp=6"));
  EXPECT_FALSE(has_action(*st, kG, "pickup sp=7"));
  expect_consistent(*st);
  play(*st, kG, "pickup sp=3");
  EXPECT_EQ(mp_left(*st), 3);
  // The 3 disrupted SP take the majority condition of the force (good).
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602", Status::kGood), 5);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602", Status::kDisrupted), 4);
  play(*st, kG, "move to=0702");
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0702"), 5);
  refused(*st, kG, "pickup sp=1", "7.1");  // no unactivated SP here
}

TEST(Wate1870_7_1, OnlyAGermanForceWithItsHqPicksUp) {
  auto st = action_phase(R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: German, sp: 1, hex: "0602"}
)",
                         Side::kGerman);
  play(*st, kG, "activate hex=0502");
  play(*st, kG, "march");
  play(*st, kG, "move to=0602");
  refused(*st, kG, "pickup sp=1", "7.1");
  auto fr = action_phase(R"(hqs:
  - {hq: F-IV, hex: "0502"}
sps:
  - {side: French, sp: 2, hex: "0502", formation: F-IV}
)",
                         Side::kFrench);
  play(*fr, kF, "activate hq=F-IV");
  play(*fr, kF, "march sp=1");
  refused(*fr, kF, "pickup sp=1", "7.1");
}

// ---- 7.1.2 Opportunity Chassepot Fire (GAP-W-09) ----

const char* kFire = R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: French, sp: 1, hex: "0702"}
)";

TEST(Wate1870_7_1_2, FireComesAfterTheStepWhenTheHexEnteredIsAdjacent) {
  auto st = action_phase(kFire, Side::kGerman);
  play(*st, kG, "activate hex=0502");
  play(*st, kG, "march");
  play(*st, kG, "move to=0602");  // 0702 is adjacent to 0602, not to 0502
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602"), 2);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_EQ(st->legal_actions(kF), (std::vector<Action>{Action("fire"), Action("hold")}));
  refused(*st, kF, "move to=0601", "7.1.2");
  play(*st, kF, "fire");
  const auto outs = st->chance_outcomes();
  ASSERT_EQ(outs.size(), 36u);
  EXPECT_EQ(total_probability(outs), Fraction(1, 1));
  EXPECT_EQ(outs.front().dice, (std::vector<int>{1, 1}));
  // 1 SP, column 1-2 moved one right for clear (3-5); 55 is band C: 1 LP.
  roll(*st, {5, 5});
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  refused(*st, kG, "move to=0601", "7.1.2");  // the fire's losses (session 35: it said 8.5)
  const Events loss = play(*st, kG, "degrade hex=0602 formation=none status=good");
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602", Status::kDisrupted), 1);
  // The loss names the status it leaves and the fire's rule (it said "-> worse) (rule 8.5)").
  EXPECT_TRUE(testing::has_event(
      loss, "German degrades 1 SP of no formation in 0602 (good -> disrupted) (rule 7.1.2)"))
      << testing::all_text(loss);
  // The march goes on; the engaged marks are cleared with the next order.
  // Leaving 0602 (next to 0702) for 0601 (not next to it): a new fire, before that step.
  play(*st, kG, "move to=0601");
  for (const auto& g : st->sps()) EXPECT_FALSE(g.engaged);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602"), 2);
}

// Ruling MA-1a: a March Combat is not a move step. The attack from a hex next to
// French SP, and the entry into the won hex (the March Combat's advance after
// combat, 8.7), draw no Opportunity Chassepot Fire: 7.1.2 excepts "a retreat or
// AAC". The same step made by `move` would draw it (the tests above). The
// German force in 2306 has the LOC 8.7 asks of an advance (the test stood in
// 0602, with none, before session 36 barred such a winner from entering).
TEST(Wate1870_7_1_2, AMarchCombatAndItsEntryDrawNoFire_RulingMA1a) {
  auto st = action_phase(R"(sps:
  - {side: German, sp: 3, hex: "2306"}
  - {side: French, sp: 1, hex: "2206"}
  - {side: French, sp: 1, hex: "2106"}
)",
                         Side::kGerman, {}, 0);
  play(*st, kG, "activate hex=2306");
  play(*st, kG, "march");
  play(*st, kG, "attack to=2206");
  // German 3 SP halved to 1 against 1 in Forbach, 1:3 after the town and the
  // Saar: German 6+5 -3 against French 1+2 +4, 8 against 7. The German
  // artillery, committed (the French have no RP), re-rolls its first die: a 6.
  ScriptedDice dice({6, 5, 1, 2, 6});
  bool entered = false;
  for (int guard = 0; guard < 40 && !entered; ++guard) {
    ASSERT_NE(st->steps().back().kind, StepKind::kChassepotChoice)
        << "fire offered at step " << guard;
    const ToMove tm = st->to_move();
    if (tm.kind == MoveKind::kChance) {
      const auto outs = st->chance_outcomes();
      ASSERT_GT(dice.remaining(), 0u);
      play(*st, kChance, outs[*dice.pick(outs)].action.to_string());
      continue;
    }
    ASSERT_EQ(tm.kind, MoveKind::kPlayer);
    entered = tm.players.front() == kG && st->steps().back().kind == StepKind::kMarch &&
              sp_in(*st, Side::kGerman, "2206") > 0;
    if (!entered)
      play(*st, tm.players.front(), st->legal_actions(tm.players.front()).front().to_string());
  }
  ASSERT_TRUE(entered);
  // 2206 is next to the French SP in 2106: a `move` into it would have drawn fire.
  const auto around = hex::neighbours(*hex::parse_hex("2206"));
  EXPECT_NE(std::find(around.begin(), around.end(), *hex::parse_hex("2106")), around.end());
  EXPECT_EQ(sp_in(*st, Side::kFrench, "2206"), 0);
  EXPECT_FALSE(has_action(*st, kF, "fire"));
}

TEST(Wate1870_7_1_2, FireComesBeforeTheStepWhenOnlyTheHexLeftIsAdjacent) {
  auto st = action_phase(R"(sps:
  - {side: German, sp: 2, hex: "0602"}
  - {side: French, sp: 1, hex: "0702"}
)",
                         Side::kGerman);
  play(*st, kG, "activate hex=0602");
  play(*st, kG, "march");
  play(*st, kG, "move to=0502");  // 0702 is next to 0602 only
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602"), 2);  // not yet moved
  expect_consistent(*st);
  play(*st, kF, "hold");
  expect_consistent(*st);
  // The force completes the step it began; nothing else is allowed.
  EXPECT_EQ(st->legal_actions(kG), (std::vector<Action>{Action("move").with("to", "0502")}));
  refused(*st, kG, "move to=0503", "7.1.2");
  refused(*st, kG, "stop", "7.1.2");
  play(*st, kG, "move to=0502");
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0502"), 2);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));  // at most one fire per step
  EXPECT_EQ(mp_left(*st), 3);
}

TEST(Wate1870_7_1_2, AFireThatEliminatesTheForceEndsItsMove) {
  auto st = action_phase(R"(sps:
  - {side: German, sp: 1, hex: "0502", status: demoralized}
  - {side: French, sp: 1, hex: "0702"}
)",
                         Side::kGerman);
  play(*st, kG, "activate hex=0502");
  play(*st, kG, "march");
  play(*st, kG, "move to=0602");
  play(*st, kF, "fire");
  roll(*st, {4, 4});  // band B: 1 LP
  play(*st, kG, "degrade hex=0602 formation=none status=demoralized");
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602"), 0);
  EXPECT_EQ(st->legal_actions(kG), (std::vector<Action>{Action("stop")}));
  play(*st, kG, "stop");
}

TEST(Wate1870_7_1_2, A64To66RollChecksTheHqsWithTheForce) {
  auto st = action_phase(R"(hqs:
  - {hq: G-I, hex: "0502"}
sps:
  - {side: German, sp: 2, hex: "0502", formation: G-I}
  - {side: French, sp: 1, hex: "0702"}
)",
                         Side::kGerman);
  play(*st, kG, "activate hq=G-I");
  play(*st, kG, "march sp=2");
  play(*st, kG, "move to=0602");
  play(*st, kF, "fire");
  roll(*st, {6, 4});  // band D in column 3-5: 2 LP, and the HQ check
  expect_consistent(*st);
  play(*st, kG, "degrade hex=0602 formation=G-I status=good");
  play(*st, kG, "degrade hex=0602 formation=G-I status=good");
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
  roll(*st, {1, 5});  // 1: flipped and off map; 5 -> 1d3 = 3 turns
  const HqUnit* q = st->position().hq("G-I");
  EXPECT_FALSE(q->hex.has_value());
  EXPECT_TRUE(q->flipped);
  EXPECT_EQ(q->returns_on_turn, 6);
  EXPECT_TRUE(force_json(*st).at("hqs").empty());
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602", Status::kDisrupted), 2);
  play(*st, kG, "stop");
}

TEST(Wate1870_7_1_2, AnHqMarchingAloneThatTheFireTakesOffTheMapEndsItsMove_RulingMA14) {
  // G-I marches alone from 0602, next to the French in 0702, to 0502, which is
  // not: the fire comes before the step (MA-1), and its check takes G-I off the map.
  auto st = action_phase(R"(hqs:
  - {hq: G-I, hex: "0602"}
sps:
  - {side: French, sp: 1, hex: "0702"}
)",
                         Side::kGerman);
  play(*st, kG, "activate hq=G-I");
  play(*st, kG, "march sp=0");
  play(*st, kG, "move to=0502");
  play(*st, kF, "fire");
  // 64: the HQ check (MA-6), with no SP to absorb the LP; 1: G-I flipped and off the map.
  const Events ev = roll(*st, {6, 4, 1, 5});
  ASSERT_FALSE(ev.empty());
  EXPECT_EQ(ev.back().text,
            "Nothing is left of the German force; its move ends (rule 7.1.2, ruling MA-14)");
  EXPECT_FALSE(st->position().hq("G-I")->hex.has_value());
  expect_consistent(*st);
  // Nothing is left to take the step fired on: only `stop`, and the activation ends with it.
  EXPECT_EQ(st->legal_actions(kG), (std::vector<Action>{Action("stop")}));
  EXPECT_FALSE(st->check(kG, Action::parse("move to=0502").value()).ok());
  play(*st, kG, "stop");
  EXPECT_FALSE(st->force().has_value());
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);  // the next initiative roll
}

TEST(Wate1870_7_1_2, MitrailleuseDoublesFireAgainAndMayJam) {
  GameOptions opt;
  opt.values["12.3"] = "on";
  auto st = action_phase(R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: French, sp: 2, hex: "0702"}
)",
                         Side::kGerman, opt);
  play(*st, kG, "activate hex=0502");
  play(*st, kG, "march");
  play(*st, kG, "move to=0602");
  play(*st, kF, "fire");
  // 22: band A, 0 LP; doubles other than 11 give an extra roll: 12, 0 LP, and
  // a mitrailleuse jams (GAP-W-31).
  roll(*st, {2, 2, 1, 2});
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0702", Status::kDisrupted), 1);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
}

// ---- 7.1.3 Rail movement ----

TEST(Wate1870_7_1_3, TheFrenchEntrainRideAndDetrainForOneMpEachAndOneRpPerSp) {
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0909"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0909");
  play(*st, kF, "march");
  refused(*st, kF, "rail to=1105", "7.1.3");  // not entrained yet
  play(*st, kF, "entrain");
  EXPECT_EQ(st->rp(Side::kFrench), 3);
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0909", {}, true), 2);
  refused(*st, kF, "move to=1009", "7.1.3");
  expect_consistent(*st);
  play(*st, kF, "rail to=1105");
  EXPECT_EQ(sp_in(*st, Side::kFrench, "1105", {}, true), 2);
  EXPECT_EQ(mp_left(*st), 1);
  play(*st, kF, "detrain");
  EXPECT_EQ(sp_in(*st, Side::kFrench, "1105", {}, false), 2);
  EXPECT_EQ(mp_left(*st), 0);
}

TEST(Wate1870_7_1_3, EntrainedSpStayEntrainedUntilTheyDetrain) {
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0909"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0909");
  play(*st, kF, "march");
  play(*st, kF, "entrain");
  play(*st, kF, "stop");
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0909", {}, true), 2);
}

TEST(Wate1870_7_1_3, TheFrenchCarryAtMostThreeSpATurnAndPayRp) {
  auto st = action_phase(R"(sps:
  - {side: French, sp: 4, hex: "0909"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0909");
  play(*st, kF, "march");
  refused(*st, kF, "entrain", "7.1.3");  // 4 SP > 3 a turn
  // 2 + 2 SP in two forces of the same turn.
  auto two = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0909"}
  - {side: French, sp: 2, hex: "1007"}
)",
                          Side::kFrench);
  play(*two, kF, "activate hex=0909");
  play(*two, kF, "march");
  play(*two, kF, "entrain");
  play(*two, kF, "stop");
  roll(*two, {6, 1});  // initiative to the French
  play(*two, kF, "activate hex=1007");
  play(*two, kF, "march");
  refused(*two, kF, "entrain", "7.1.3");
  // 1 RP cannot pay for 2 SP.
  auto poor = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0909"}
)",
                           Side::kFrench, {}, 1);
  play(*poor, kF, "activate hex=0909");
  play(*poor, kF, "march");
  refused(*poor, kF, "entrain", "7.1.3");
}

TEST(Wate1870_7_1_3, GermanRailStaysInsideGermany) {
  auto st = action_phase(R"(control:
  - {hex: "2707", side: German}
  - {hex: "2608", side: German}
sps:
  - {side: German, sp: 2, hex: "2702"}
  - {side: German, sp: 1, hex: "2707"}
)",
                         Side::kGerman);
  play(*st, kG, "activate hex=2707");
  play(*st, kG, "march");
  refused(*st, kG, "entrain", "7.1.3");  // Wissembourg is in France (GAP-W-25)
  play(*st, kG, "stop");
  roll(*st, {1, 6});  // initiative to the German
  play(*st, kG, "activate hex=2702");
  play(*st, kG, "march");
  play(*st, kG, "entrain");
  EXPECT_EQ(st->rp(Side::kGerman), 5);  // no German RP cost (GAP-W-25)
  EXPECT_TRUE(has_action(*st, kG, "rail to=2706"));
  EXPECT_FALSE(has_action(*st, kG, "rail to=2707"));
  refused(*st, kG, "rail to=2707", "7.1.3");
  play(*st, kG, "rail to=2706");
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2706", {}, true), 2);
  EXPECT_EQ(mp_left(*st), 2);
}

// ---- 7.2 Forced March ----

TEST(Wate1870_7_2, TheFrenchDeclareADestinationAndRollAfterwards) {
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0502"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0502");
  play(*st, kF, "march");
  refused(*st, kF, "forced-march to=0902 extra=0", "");
  refused(*st, kF, "forced-march to=1002 extra=1", "7.2");  // 5 MP away, 4 available
  EXPECT_FALSE(has_action(*st, kF, "forced-march to=1002 extra=1"));
  EXPECT_TRUE(has_action(*st, kF, "forced-march to=1002 extra=2"));
  expect_consistent(*st);
  play(*st, kF, "forced-march to=0802 extra=1");
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0802"), 2);
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
  roll(*st, {3, 3});  // 6 + 1 = 7: no effect
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0802", Status::kGood), 2);
  EXPECT_TRUE(force_json(*st).is_null());  // the march ends at the destination
}

TEST(Wate1870_7_2, AFrenchForcedMarchRollAboveSevenDisruptsTheForce) {
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0502"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0502");
  play(*st, kF, "march");
  play(*st, kF, "forced-march to=0902 extra=2");
  roll(*st, {4, 2});  // 6 + 2 = 8 > 7
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0902", Status::kDisrupted), 2);
}

TEST(Wate1870_7_2, TheFrenchMayNotForceMarchAfterMovingOrOutOfGoodOrder) {
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0502"}
  - {side: French, sp: 1, hex: "0504", status: disrupted}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0502");
  play(*st, kF, "march");
  play(*st, kF, "move to=0602");
  refused(*st, kF, "forced-march to=0802 extra=1", "7.2");
  auto d = action_phase(R"(sps:
  - {side: French, sp: 1, hex: "0504", status: disrupted}
)",
                        Side::kFrench);
  play(*d, kF, "activate hex=0504");
  play(*d, kF, "march");
  refused(*d, kF, "forced-march to=0604 extra=1", "7.2");
}

TEST(Wate1870_7_2, TheFrenchPathAvoidsEnemyZones) {
  // 3 good German SP in 0703 put 0602, 0702, 0603, 0604, 0704, 0803 in a ZOC:
  // 0502 -> 0902 is 4 MP straight, 5 round by 0601, 0701, 0801, 0802 (GAP-W-26).
  auto st = action_phase(R"(sps:
  - {side: French, sp: 2, hex: "0502"}
  - {side: German, sp: 3, hex: "0703"}
)",
                         Side::kFrench);
  play(*st, kF, "activate hex=0502");
  play(*st, kF, "march");
  refused(*st, kF, "forced-march to=0902 extra=1", "7.2");
  refused(*st, kF, "forced-march to=0702 extra=1", "7.2");  // never entering an EZOC
  play(*st, kF, "forced-march to=0902 extra=2");
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0902"), 2);
  EXPECT_EQ(st->controller(H("0701")), Side::kFrench);
  roll(*st, {1, 1, 6, 1});  // 2 + 2 = 4: no effect; then the initiative (French 6, German 1)
  EXPECT_EQ(sp_in(*st, Side::kFrench, "0902", Status::kGood), 2);
}

TEST(Wate1870_7_2, TheGermanRollsFirstAndGainsTheMpEvenIfDisrupted) {
  auto st = action_phase(R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: French, sp: 3, hex: "0804"}
)",
                         Side::kGerman);
  play(*st, kG, "activate hex=0502");
  play(*st, kG, "march");
  play(*st, kG, "move to=0602");
  play(*st, kG, "forced-march extra=2");
  expect_consistent(*st);
  roll(*st, {3, 3});  // 6 + 2 = 8 > 7: disrupted, still +2 MP
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0602", Status::kDisrupted), 2);
  EXPECT_EQ(mp_left(*st), 5);
  refused(*st, kG, "forced-march extra=1", "7.2");
  play(*st, kG, "move to=0703");
  EXPECT_EQ(mp_left(*st), 4);
  expect_consistent(*st);
  // 0704 is in the French ZOC (0804 holds 3 good SP): not on a Forced March.
  refused(*st, kG, "move to=0704", "7.2");
}

}  // namespace
}  // namespace rz::wate1870
