// 8.0 Combat as pure calculations: 3.5.1 strengths, 8.2 halvings (GAP-W-16),
// 8.3 CRM and HQ DRMs, 8.4 artillery (GAP-W-17, GAP-W-18), 8.5 losses
// (GAP-W-19), 8.5.1 HQ casualties, GAP-W-15 cavalry. Every printed example.
#include "rules/wate1870/combat.hpp"

#include <gtest/gtest.h>

#include "combat_fixture.hpp"

namespace rz::wate1870 {
namespace {

using testing::BoardTest;
using testing::H;

using Wate1870_8_2 = BoardTest;
using Wate1870_8_3_Combat = BoardTest;
using Wate1870_8_4_Combat = BoardTest;

CombatForce force(const char* hex, int good, int disrupted = 0, int demoralized = 0,
                  bool loc = true) {
  CombatForce f;
  f.hex = H(hex);
  f.good = good;
  f.disrupted = disrupted;
  f.demoralized = demoralized;
  f.loc = loc;
  return f;
}

// German attack on 1709 (clear, no town, no river from 1609 or 1610).
CombatSetup clear_attack(std::vector<CombatForce> attack, CombatForce defence) {
  CombatSetup s;
  s.attacker = Side::kGerman;
  s.defender_hex = H("1709");
  s.attack = std::move(attack);
  s.defence = defence;
  return s;
}

// --- 3.5.1 ---

// 3.1 Abbreviations: "1d3: one three-sided die (1-2 = 1, 3-4 = 2, 5-6 = 3)",
// read from a d6 wherever the rules roll 1d3 (8.5.1 turns off map, GAP-W-35).
TEST(Wate1870_3_1, OneD3IsReadFromASixSidedDie) {
  const int expected[7] = {0, 1, 1, 2, 2, 3, 3};
  for (int d6 = 1; d6 <= 6; ++d6) EXPECT_EQ(d3_from_d6(d6), expected[d6]) << "d6 = " << d6;
}

TEST(Wate1870_3_5_1, PrintedExampleNineSpCountFourForCombat) {
  // 2 good, 3 disrupted, 4 demoralized: 4 SP for combat, 9 for command.
  EXPECT_EQ(status_strength(2, 3, 4), 4);
  EXPECT_EQ(force("1709", 2, 3, 4).raw(), 9);
}

TEST(Wate1870_3_5_1, ASingleDisruptedSpCountsOne) {
  EXPECT_EQ(status_strength(0, 1, 0), 1);
  EXPECT_EQ(status_strength(3, 1, 0), 4);
}

TEST(Wate1870_3_5_1, DisruptedSpAreHalvedRoundingDown) {
  EXPECT_EQ(status_strength(0, 2, 0), 1);
  EXPECT_EQ(status_strength(0, 3, 0), 1);
  EXPECT_EQ(status_strength(0, 5, 0), 2);
}

TEST(Wate1870_3_5_1, AllDemoralizedSpTogetherCountOne) {
  EXPECT_EQ(status_strength(0, 0, 1), 1);
  EXPECT_EQ(status_strength(0, 0, 7), 1);
  EXPECT_EQ(status_strength(0, 0, 0), 0);
}

// --- 8.2 ---

TEST_F(Wate1870_8_2, PrintedExampleMarchCombatWithoutLocThirteenToThree) {
  CombatSetup s = clear_attack({force("1609", 13, 0, 0, false)}, force("1709", 4));
  s.march_combat = true;
  const CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.attack_sp, 3);
  EXPECT_EQ(v.attack_raw, 13);
  EXPECT_EQ(v.steps.at(0), "German 13 SP; March Combat halved → 6; no LOC halved → 3 (8.2)");
}

TEST_F(Wate1870_8_2, StepsExplainStatusAndLoc) {
  CombatSetup s = clear_attack({force("1609", 12)}, force("1709", 9, 3, 0, false));
  const CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.defence_sp, 5);
  EXPECT_EQ(v.steps.at(1),
            "French 12 SP (9 good, 3 disrupted, 0 demoralized), 3 disrupted halved → 10; no LOC "
            "halved → 5 (8.2)");
}

// A bot weighing many combats asks for the numbers alone: they are the
// numbers of the explained evaluation, with no steps.
TEST_F(Wate1870_8_2, TheNumbersWithoutTheStepsAreTheSame) {
  std::vector<CombatSetup> setups{
      clear_attack({force("1609", 13, 0, 0, false)}, force("1709", 4)),
      clear_attack({force("1609", 12)}, force("1709", 9, 3, 0, false)),
      clear_attack({force("1609", 3, 0, 4, false), force("1610", 5, 2)}, force("1709", 1, 1, 1)),
  };
  setups[0].march_combat = true;
  setups[2].defence.entrain_all();
  for (const auto& s : setups) {
    const CombatValues full = evaluate_combat(board(), s), bare = evaluate_combat(board(), s, false);
    EXPECT_FALSE(full.steps.empty());
    EXPECT_TRUE(bare.steps.empty());
    EXPECT_EQ(bare.attack_sp, full.attack_sp);
    EXPECT_EQ(bare.defence_sp, full.defence_sp);
    EXPECT_EQ(bare.attack_raw, full.attack_raw);
    EXPECT_EQ(bare.defence_raw, full.defence_raw);
    EXPECT_EQ(bare.column_shift, full.column_shift);
    EXPECT_EQ(bare.crm.column, full.crm.column);
    EXPECT_EQ(bare.attack_hq, full.attack_hq);
    EXPECT_EQ(bare.defence_hq, full.defence_hq);
    EXPECT_EQ(bare.attack_drm, full.attack_drm);
    EXPECT_EQ(bare.defence_drm, full.defence_drm);
    EXPECT_EQ(bare.attack_may_commit, full.attack_may_commit);
    EXPECT_EQ(bare.defence_may_commit, full.defence_may_commit);
    EXPECT_EQ(bare.attack_artillery_rp, full.attack_artillery_rp);
    EXPECT_EQ(bare.defence_artillery_rp, full.defence_artillery_rp);
  }
}

TEST_F(Wate1870_8_2, MarchCombatHalvesTheAttackerOnly) {
  CombatSetup s = clear_attack({force("1609", 9)}, force("1709", 9));
  s.march_combat = true;
  const CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.attack_sp, 4);
  EXPECT_EQ(v.defence_sp, 9);
}

TEST_F(Wate1870_8_2, EntrainedDefenderIsHalved) {  // 7.1.3
  CombatForce d = force("1709", 7);
  d.entrain_all();
  CombatForce a = force("1609", 7);
  a.entrain_all();  // only "attacked while entrained" halves
  const CombatValues v = evaluate_combat(board(), clear_attack({a}, d));
  EXPECT_EQ(v.defence_sp, 3);
  EXPECT_EQ(v.attack_sp, 7);
  EXPECT_EQ(v.steps.at(1), "French 7 SP; entrained halved → 3 (8.2)");
}

// Ruling C-13: 3 SP ride into a hex where 8 stand; attacked, only the 3 on
// the train are halved: 8 + 3/2 = 9 (session 36's audit: the whole hex was, 5).
TEST_F(Wate1870_8_2, OnlyTheEntrainedSpOfTheHexAreHalved_RulingC13) {
  CombatForce d = force("1709", 0);
  d.add(Status::kGood, 8, false);
  d.add(Status::kGood, 3, true);
  const CombatValues v = evaluate_combat(board(), clear_attack({force("1609", 7)}, d));
  EXPECT_EQ(v.defence_sp, 9);
  EXPECT_EQ(v.defence_raw, 11);
  EXPECT_EQ(v.steps.at(1), "French 11 SP; 3 entrained SP halved (3 → 1) → 9 (8.2)");
  // Statuses count on each side of the train: 2 disrupted aboard count 1,
  // halved to 0; the 1 disrupted SP off it counts 1 (3.5.1).
  CombatForce m = force("1709", 0);
  m.add(Status::kDisrupted, 2, true);
  m.add(Status::kDisrupted, 1, false);
  EXPECT_EQ(evaluate_combat(board(), clear_attack({force("1609", 7)}, m)).defence_sp, 1);
}

TEST_F(Wate1870_8_2, StatusFirstThenEachHalvingRoundingDown) {  // GAP-W-16
  CombatForce d = force("1709", 2, 3, 0, false);
  d.entrain_all();  // 2 + 3/2 = 3 → 1 → 0
  EXPECT_EQ(evaluate_combat(board(), clear_attack({force("1609", 4)}, d)).defence_sp, 0);
  CombatSetup s = clear_attack({force("1609", 3, 0, 4, false)}, force("1709", 1));
  s.march_combat = true;  // 3 + 1 = 4 → 2 → 1
  EXPECT_EQ(evaluate_combat(board(), s).attack_sp, 1);
}

TEST_F(Wate1870_8_2, CavalryWithoutLocIsNotHalved) {
  CombatForce a = force("1609", 4, 0, 0, false);
  a.cavalry = true;
  const CombatValues v = evaluate_combat(board(), clear_attack({a}, force("1709", 2)));
  EXPECT_EQ(v.attack_sp, 4);
  EXPECT_EQ(v.steps.at(0), "German 4 SP; cavalry, no LOC needed (8.2)");
}

TEST_F(Wate1870_8_2, MixedLocHalvesForceByForce) {  // GAP-W-17
  const CombatValues v = evaluate_combat(
      board(), clear_attack({force("1609", 6), force("1610", 6, 0, 0, false)}, force("1709", 3)));
  EXPECT_EQ(v.attack_sp, 6 + 3);
  EXPECT_EQ(v.steps.at(0), "German 6 SP in 1609 (8.2)");
  EXPECT_EQ(v.steps.at(1), "German 6 SP in 1610; no LOC halved → 3 (8.2)");
  EXPECT_EQ(v.steps.at(2), "German total 9 SP (8.2)");
}

TEST_F(Wate1870_8_2, StatusIsCountedPerForce) {
  // Two hexes with one disrupted SP each count 1 + 1, not half of 2.
  const CombatValues v = evaluate_combat(
      board(), clear_attack({force("1609", 0, 1), force("1610", 0, 1)}, force("1709", 1)));
  EXPECT_EQ(v.attack_sp, 2);
}

TEST_F(Wate1870_8_2, FortressSrIsAddedOnceAfterTheHalvings) {
  add_sp(Side::kFrench, "2107", 4);  // Metz, SR 6, held by its garrison
  CombatSetup s;
  s.attacker = Side::kGerman;
  s.defender_hex = H("2107");
  s.attack = {force("2207", 12)};
  s.defence = force("2107", 4, 0, 0, false);
  const CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.defence_sp, 4 / 2 + 6);
  EXPECT_EQ(v.defence_raw, 4);  // the SR is no SP taking part (GAP-W-18)
  EXPECT_EQ(v.steps.at(1), "French 4 SP; no LOC halved → 2; fortress SR 6 added → 8 (8.2)");
}

TEST_F(Wate1870_8_2, DestroyedOrEnemyFortressAddsNoSr) {
  add_sp(Side::kFrench, "2107", 4);
  CombatSetup s;
  s.attacker = Side::kGerman;
  s.defender_hex = H("2107");
  s.attack = {force("2207", 12)};
  s.defence = force("2107", 4);
  pos_.destroyed = {H("2107")};
  EXPECT_EQ(evaluate_combat(board(), s).defence_sp, 4);
  EXPECT_EQ(evaluate_combat(board(), s).column_shift, 0);
  // A German force in a French fortress it holds gets the SR: friendly is who holds it.
  pos_.destroyed.clear();
  pos_.sps.clear();
  add_sp(Side::kGerman, "2107", 3);
  s.attacker = Side::kFrench;
  s.defence = force("2107", 3);
  EXPECT_EQ(evaluate_combat(board(), s).defence_sp, 9);
}

// --- 8.3 ---

TEST_F(Wate1870_8_3_Combat, PrintedExampleNineteenAgainstSixInClear) {
  const CombatValues v = evaluate_combat(
      board(), clear_attack({force("1609", 10), force("1610", 9)}, force("1709", 6)));
  EXPECT_EQ(v.attack_sp, 19);
  EXPECT_EQ(v.defence_sp, 6);
  EXPECT_EQ(v.column_shift, 0);
  EXPECT_EQ(v.crm.column, "3:1");
  EXPECT_EQ(v.crm.attacker, 3);
  EXPECT_EQ(v.crm.defender, -3);
  // No HQ units, neither force of inherent size: no HQ DRM (GAP-W-07).
  EXPECT_EQ(v.attack_drm, 3);
  EXPECT_EQ(v.defence_drm, -3);
}

TEST_F(Wate1870_8_3_Combat, RiverShiftsOnlyIfEveryAttackingHexCrossesOne) {
  // 1707 is forest; 1607 and 1608 attack across rivers, 1706 does not.
  CombatSetup s;
  s.attacker = Side::kGerman;
  s.defender_hex = H("1707");
  s.defence = force("1707", 4);
  s.attack = {force("1607", 6), force("1608", 6)};
  CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.column_shift, -2);
  EXPECT_EQ(v.crm.column, "1:1");  // 3:1 two columns left
  s.attack.push_back(force("1706", 3));
  v = evaluate_combat(board(), s);
  EXPECT_EQ(v.column_shift, -1);
  EXPECT_EQ(v.crm.column, "2:1");  // 15:4 is 3:1, forest alone shifts it one left
}

TEST_F(Wate1870_8_3_Combat, TheCrmClampsAtBothEnds) {
  CombatSetup s;
  s.attacker = Side::kGerman;
  s.defender_hex = H("1707");
  s.attack = {force("1607", 1), force("1608", 1)};
  s.defence = force("1707", 20);
  CombatValues v = evaluate_combat(board(), s);  // 1:10, shifted further left
  EXPECT_EQ(v.crm.column, "1:6");
  EXPECT_EQ(v.crm.attacker, -6);
  v = evaluate_combat(board(), clear_attack({force("1609", 40)}, force("1709", 1)));
  EXPECT_EQ(v.crm.column, "6:1");
  EXPECT_EQ(v.crm.defender, -6);
}

TEST_F(Wate1870_8_3_Combat, HqDrmsAddTheAttackersAbAndTheDefendersDb) {
  add_hq("G-1A", Side::kGerman, "1609");
  add_hq("G-III", Side::kGerman, "1609");
  add_hq("G-Gd", Side::kGerman, "1610");
  add_hq("F-III", Side::kFrench, "1709");
  CombatSetup s = clear_attack({force("1609", 10), force("1610", 9)}, force("1709", 6));
  s.attack_hqs = hqs({"G-1A", "G-III", "G-Gd"});
  s.defence_hqs = hqs({"F-III"});
  const CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.attack_hq, 2);  // army +1, one corps +1
  EXPECT_EQ(v.defence_hq, 1);
  EXPECT_EQ(v.attack_drm, 3 + 2);
  EXPECT_EQ(v.defence_drm, -3 + 1);
  EXPECT_EQ(v.steps.back().find("German artillery"), 0u);
}

TEST_F(Wate1870_8_3_Combat, SmallDefenderUsesItsInherentHq) {  // 3.6.1
  const CombatValues v =
      evaluate_combat(board(), clear_attack({force("1609", 8)}, force("1709", 0, 2, 2)));
  EXPECT_EQ(v.defence_hq, 1);  // French inherent DB +1 (4 SP in all statuses)
  EXPECT_EQ(v.defence_sp, 2);
  EXPECT_EQ(v.crm.column, "4:1");
  EXPECT_EQ(v.defence_drm, -4 + 1);
}

TEST_F(Wate1870_8_3_Combat, FortressShiftsOneColumnWithoutStackingOnClear) {
  add_sp(Side::kFrench, "2107", 2);
  CombatSetup s;
  s.attacker = Side::kGerman;
  s.defender_hex = H("2107");
  s.attack = {force("2207", 24)};
  s.defence = force("2107", 2);
  const CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.defence_sp, 8);
  EXPECT_EQ(v.column_shift, -1);
  EXPECT_EQ(v.crm.column, "2:1");  // 3:1, one left
}

// --- 8.4 ---

TEST_F(Wate1870_8_4_Combat, PrintedExampleElevenSpFrenchElevenRpGermanSix) {
  CombatSetup s = clear_attack({force("1609", 11)}, force("1709", 11));
  s.attacker = Side::kFrench;  // French attack a German force in 1709
  CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.attack_artillery_rp, 11);
  EXPECT_EQ(v.defence_artillery_rp, 6);
}

TEST_F(Wate1870_8_4_Combat, ArtilleryCostCountsRawSp) {  // GAP-W-18
  CombatSetup s =
      clear_attack({force("1609", 2, 4, 5, false), force("1610", 0, 0, 0)}, force("1709", 0, 0, 3));
  const CombatValues v = evaluate_combat(board(), s);
  EXPECT_EQ(v.attack_raw, 11);
  EXPECT_EQ(v.attack_artillery_rp, 6);   // German: half of 11, rounded up
  EXPECT_EQ(v.defence_artillery_rp, 3);  // French: demoralized SP still cost 1 RP each
}

TEST_F(Wate1870_8_4_Combat, MayCommitOnlyWithALoc) {
  CombatValues v = evaluate_combat(
      board(), clear_attack({force("1609", 6, 0, 0, false)}, force("1709", 6, 0, 0, false)));
  EXPECT_FALSE(v.attack_may_commit);
  EXPECT_FALSE(v.defence_may_commit);
  EXPECT_EQ(v.steps.back(), "German artillery: no LOC, may not commit (8.4)");
  v = evaluate_combat(
      board(), clear_attack({force("1609", 6, 0, 0, false), force("1610", 1)}, force("1709", 6)));
  EXPECT_TRUE(v.attack_may_commit);  // GAP-W-17: one force with a LOC is enough
  EXPECT_TRUE(v.defence_may_commit);
  EXPECT_EQ(v.steps.back(), "German artillery: 4 RP for 7 SP (8.4)");
}

TEST_F(Wate1870_8_4_Combat, CavalryWithoutLocMayNotCommitArtillery) {  // ruling C-2
  CombatForce a = force("1609", 4, 0, 0, false);
  a.cavalry = true;
  EXPECT_FALSE(evaluate_combat(board(), clear_attack({a}, force("1709", 2))).attack_may_commit);
}

// --- 8.5 ---

TEST(Wate1870_8_5, PrintedExampleLoserSevenLpWinnerThree) {
  const LossDue l = loser_loss(7);
  EXPECT_EQ(l.eliminate, 3);
  EXPECT_EQ(l.steps, 4);
  const LossDue w = winner_loss(7);
  EXPECT_EQ(w.eliminate, 0);
  EXPECT_EQ(w.steps, 3);
}

TEST(Wate1870_8_5, SpreadZeroOrOneStillEliminatesOneSp) {  // GAP-W-19
  EXPECT_EQ(loser_loss(0).eliminate, 1);
  EXPECT_EQ(loser_loss(0).steps, 0);
  EXPECT_EQ(loser_loss(1).eliminate, 1);
  EXPECT_EQ(loser_loss(1).steps, 0);
  EXPECT_EQ(loser_loss(2).eliminate, 1);
  EXPECT_EQ(loser_loss(2).steps, 1);
  EXPECT_EQ(loser_loss(8).eliminate, 4);
  EXPECT_EQ(loser_loss(8).steps, 4);
}

TEST(Wate1870_8_5, WinnerDegradesHalfTheSpreadRoundedDown) {
  EXPECT_EQ(winner_loss(0).steps, 0);
  EXPECT_EQ(winner_loss(1).steps, 0);
  EXPECT_EQ(winner_loss(6).steps, 3);
  EXPECT_EQ(winner_loss(6).eliminate, 0);
}

TEST(Wate1870_8_5, HigherScoreWinsAndTiesGoToTheGerman) {
  EXPECT_EQ(combat_winner(Side::kFrench, 9, 7), Side::kFrench);
  EXPECT_EQ(combat_winner(Side::kFrench, 7, 9), Side::kGerman);
  EXPECT_EQ(combat_winner(Side::kFrench, 8, 8), Side::kGerman);
  EXPECT_EQ(combat_winner(Side::kGerman, 8, 8), Side::kGerman);
}

// --- 8.5.1 ---

TEST(Wate1870_8_5_1, DoublesCallForACheck) {
  EXPECT_TRUE(doubles(3, 3));
  EXPECT_FALSE(doubles(3, 4));
}

TEST(Wate1870_8_5_1, OneFlipsTwoKeepsTheRestNothing) {
  EXPECT_EQ(hq_casualty(1), HqCasualty::kFlip);
  EXPECT_EQ(hq_casualty(2), HqCasualty::kKeep);
  for (int d = 3; d <= 6; ++d) EXPECT_EQ(hq_casualty(d), HqCasualty::kNone);
}

TEST(Wate1870_8_5_1, NapoleonsSecondCasualtyLosesTheGame) {
  EXPECT_FALSE(napoleon_second_casualty(false, HqCasualty::kKeep));  // wounded only
  EXPECT_TRUE(napoleon_second_casualty(true, HqCasualty::kKeep));
  EXPECT_TRUE(napoleon_second_casualty(true, HqCasualty::kFlip));
  EXPECT_FALSE(napoleon_second_casualty(true, HqCasualty::kNone));
}

}  // namespace
}  // namespace rz::wate1870
