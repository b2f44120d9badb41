// 3.6 Headquarters: ratings, command limits, inherent HQs and combined bonuses
// (rulings GAP-W-05, GAP-W-06, GAP-W-07, GAP-W-10).
#include "rules/wate1870/command.hpp"

#include <gtest/gtest.h>

#include "combat_fixture.hpp"

namespace rz::wate1870 {
namespace {

using testing::BoardTest;

using Wate1870_3_6_Hq = BoardTest;
using Wate1870_3_6_1_Hq = BoardTest;
using Wate1870_3_6_2_Hq = BoardTest;

TEST_F(Wate1870_3_6_Hq, RatingsAreTheFrontSideUntilFlipped) {
  add_hq("F-IG", Side::kFrench, "2107");
  const HqRatings& r = hq_ratings(board(), *pos_.hq("F-IG"));
  EXPECT_EQ(r.ab, 1);
  EXPECT_EQ(r.db, 1);
  EXPECT_EQ(r.ma, 4);
  EXPECT_FALSE(r.cautious);
}

TEST_F(Wate1870_3_6_Hq, FlippedHqShowsItsReplacementLeader) {  // 8.5.1, GAP-W-05
  add_hq("F-IG", Side::kFrench, "2107", true);
  add_hq("G-1A", Side::kGerman, "2306", true);
  const HqRatings& f = hq_ratings(board(), *pos_.hq("F-IG"));
  EXPECT_EQ(f.ab, 0);
  EXPECT_EQ(f.db, 1);
  EXPECT_TRUE(f.cautious);  // French replacements are cautious
  EXPECT_EQ(hq_ratings(board(), *pos_.hq("G-1A")).ab, 0);
}

TEST_F(Wate1870_3_6_Hq, NapoleonHasTheSameRatingsWhenWounded) {  // 8.5.1, GAP-W-20
  add_hq("F-NAP", Side::kFrench, "2107");
  const HqRatings front = hq_ratings(board(), *pos_.hq("F-NAP"));
  pos_.hq("F-NAP")->flipped = true;
  const HqRatings& wounded = hq_ratings(board(), *pos_.hq("F-NAP"));
  EXPECT_EQ(front.ab, -1);
  EXPECT_EQ(front.db, 1);
  EXPECT_TRUE(front.cautious);
  EXPECT_EQ(wounded.ab, front.ab);
  EXPECT_EQ(wounded.db, front.db);
  EXPECT_EQ(wounded.ma, front.ma);
}

TEST_F(Wate1870_3_6_Hq, MobilisedHqIsADivisionWithInherentRatings) {  // 6.2, GAP-W-05
  add_hq("F-MOB-1", Side::kFrench, "0810");
  add_hq("G-MOB-1", Side::kGerman, "2800");
  const HqUnit& f = *pos_.hq("F-MOB-1");
  const HqUnit& g = *pos_.hq("G-MOB-1");
  EXPECT_EQ(hq_rank(board(), f), Rank::kDivision);
  EXPECT_EQ(hq_ratings(board(), f).db, 1);
  EXPECT_EQ(hq_ratings(board(), f).ma, 3);
  EXPECT_EQ(hq_ratings(board(), g).db, 0);
  EXPECT_EQ(hq_ratings(board(), g).ma, 4);
  EXPECT_EQ(hq_command_limit(board(), f), 4);
  EXPECT_EQ(hq_command_limit(board(), g), 4);  // the unit-division limit, not the inherent 3
}

TEST_F(Wate1870_3_6_Hq, RanksComeFromTheCounters) {
  add_hq("F-NAP", Side::kFrench, "2107");
  add_hq("F-III", Side::kFrench, "2107");
  add_hq("G-5CD", Side::kGerman, "2306");
  EXPECT_EQ(hq_rank(board(), *pos_.hq("F-NAP")), Rank::kArmy);
  EXPECT_EQ(hq_rank(board(), *pos_.hq("F-III")), Rank::kCorps);
  EXPECT_EQ(hq_rank(board(), *pos_.hq("G-5CD")), Rank::kDivision);
}

TEST_F(Wate1870_3_6_2_Hq, CommandLimitsFollowTheRankAndSide) {
  for (const char* id : {"F-NAP", "F-III", "G-1A", "G-III", "G-Wu"})
    add_hq(id, id[0] == 'F' ? Side::kFrench : Side::kGerman, "2107");
  EXPECT_EQ(hq_command_limit(board(), *pos_.hq("F-NAP")), 16);
  EXPECT_EQ(hq_command_limit(board(), *pos_.hq("F-III")), 12);
  EXPECT_EQ(hq_command_limit(board(), *pos_.hq("G-1A")), 12);
  EXPECT_EQ(hq_command_limit(board(), *pos_.hq("G-III")), 8);
  EXPECT_EQ(hq_command_limit(board(), *pos_.hq("G-Wu")), 4);  // non-inherent division
}

TEST_F(Wate1870_3_6_2_Hq, FlippingDoesNotChangeTheLimit) {
  add_hq("G-III", Side::kGerman, "2306", true);
  EXPECT_EQ(hq_command_limit(board(), *pos_.hq("G-III")), 8);
}

TEST_F(Wate1870_3_6_1_Hq, InherentHqUpToThreeGermanOrFourFrenchSp) {
  EXPECT_TRUE(has_inherent_hq(board(), Side::kGerman, 1));
  EXPECT_TRUE(has_inherent_hq(board(), Side::kGerman, 3));
  EXPECT_FALSE(has_inherent_hq(board(), Side::kGerman, 4));
  EXPECT_TRUE(has_inherent_hq(board(), Side::kFrench, 4));
  EXPECT_FALSE(has_inherent_hq(board(), Side::kFrench, 5));
  EXPECT_FALSE(has_inherent_hq(board(), Side::kFrench, 0));  // no SP, no force
}

TEST_F(Wate1870_3_6_1_Hq, InherentRatingsAreThePrintedOnes) {
  // French AB 0, DB +1, MA 3; German AB 0, DB 0, MA 4.
  EXPECT_EQ(combined_bonus(board(), {}, Side::kFrench, 4, true), 0);
  EXPECT_EQ(combined_bonus(board(), {}, Side::kFrench, 4, false), 1);
  EXPECT_EQ(combined_bonus(board(), {}, Side::kGerman, 3, false), 0);
  EXPECT_EQ(force_command(board(), {}, Side::kFrench).ma, 3);
  EXPECT_EQ(force_command(board(), {}, Side::kGerman).ma, 4);
  EXPECT_FALSE(force_command(board(), {}, Side::kGerman).cautious);
}

TEST_F(Wate1870_3_6_1_Hq, LargerHqLessForceHasNoBonus) {  // GAP-W-07
  EXPECT_EQ(combined_bonus(board(), {}, Side::kFrench, 5, false), 0);
  EXPECT_EQ(combined_bonus(board(), {}, Side::kFrench, 12, false), 0);
}

TEST_F(Wate1870_3_6_Hq, AnHqUnitReplacesTheInherentHq) {
  // A French 4 SP force with a unit HQ uses the unit's DB, not inherent +1 on top.
  add_hq("F-V", Side::kFrench, "2107");
  EXPECT_EQ(combined_bonus(board(), hqs({"F-V"}), Side::kFrench, 4, false), 0);
}

TEST_F(Wate1870_3_6_Hq, OneArmyOneCorpsAndEveryUnitDivisionCombine) {  // GAP-W-06
  add_hq("G-1A", Side::kGerman, "2306");
  add_hq("G-III", Side::kGerman, "2306");
  add_hq("G-Wu", Side::kGerman, "2306", true);  // AB -1
  add_hq("G-Ba", Side::kGerman, "2306", true);  // AB -1
  EXPECT_EQ(
      combined_bonus(board(), hqs({"G-1A", "G-III", "G-Wu", "G-Ba"}), Side::kGerman, 20, true),
      1 + 1 - 1 - 1);
  add_hq("F-I", Side::kFrench, "2107");
  add_hq("F-MOB-1", Side::kFrench, "2107");
  add_hq("F-MOB-2", Side::kFrench, "2107");
  EXPECT_EQ(combined_bonus(board(), hqs({"F-I", "F-MOB-1", "F-MOB-2"}), Side::kFrench, 12, false),
            3);
}

TEST_F(Wate1870_3_6_Hq, TwoCorpsHqsCountTheBestOnly) {  // GAP-W-06
  add_hq("G-Gd", Side::kGerman, "2306");
  add_hq("G-III", Side::kGerman, "2306");
  EXPECT_EQ(combined_bonus(board(), hqs({"G-III", "G-Gd"}), Side::kGerman, 16, false),
            1);  // Guard DB +1
  EXPECT_EQ(combined_bonus(board(), hqs({"G-III", "G-Gd"}), Side::kGerman, 16, true), 1);  // not +2
  add_hq("F-I", Side::kFrench, "2107");
  add_hq("F-V", Side::kFrench, "2107");
  EXPECT_EQ(combined_bonus(board(), hqs({"F-V", "F-I"}), Side::kFrench, 16, true), 0);  // not -1
  EXPECT_EQ(combined_bonus(board(), hqs({"F-V", "F-I"}), Side::kFrench, 16, false),
            1);  // not +1 + 0
}

TEST_F(Wate1870_3_6_Hq, TwoArmyHqsCountTheBestOnly) {
  add_hq("G-1A", Side::kGerman, "2306");
  add_hq("G-2A", Side::kGerman, "2306", true);  // AB 0
  EXPECT_EQ(combined_bonus(board(), hqs({"G-2A", "G-1A"}), Side::kGerman, 16, true), 1);
}

TEST_F(Wate1870_3_6_Hq, NapoleonAndTheGuardCombine) {
  add_hq("F-NAP", Side::kFrench, "2107");
  add_hq("F-IG", Side::kFrench, "2107");
  EXPECT_EQ(combined_bonus(board(), hqs({"F-NAP", "F-IG"}), Side::kFrench, 20, true), -1 + 1);
  EXPECT_EQ(combined_bonus(board(), hqs({"F-NAP", "F-IG"}), Side::kFrench, 20, false), 1 + 1);
}

TEST_F(Wate1870_3_6_Hq, EnemyHqsInTheListAreIgnored) {
  add_hq("G-1A", Side::kGerman, "2306");
  add_hq("F-I", Side::kFrench, "2107");
  EXPECT_EQ(combined_bonus(board(), hqs({"G-1A", "F-I"}), Side::kFrench, 8, false), 1);
}

TEST_F(Wate1870_3_6_Hq, ForceTakesTheLowestMaAndAnyCaution) {  // GAP-W-10, 3.4
  add_hq("G-1A", Side::kGerman, "2306");
  add_hq("G-Wu", Side::kGerman, "2306");
  EXPECT_EQ(force_command(board(), hqs({"G-1A", "G-Wu"}), Side::kGerman).ma, 4);
  EXPECT_FALSE(force_command(board(), hqs({"G-1A"}), Side::kGerman).cautious);
  add_hq("F-IV", Side::kFrench, "2107");
  add_hq("F-II", Side::kFrench, "2107");
  const ForceCommand c = force_command(board(), hqs({"F-IV", "F-II"}), Side::kFrench);
  EXPECT_EQ(c.ma, 3);
  EXPECT_TRUE(c.cautious);  // Frossard
  EXPECT_FALSE(force_command(board(), hqs({"F-IV"}), Side::kFrench).cautious);
}

TEST_F(Wate1870_3_6_Hq, FlippedFrenchHqMakesTheForceCautious) {
  add_hq("F-IV", Side::kFrench, "2107", true);
  EXPECT_TRUE(force_command(board(), hqs({"F-IV"}), Side::kFrench).cautious);
  EXPECT_EQ(force_command(board(), hqs({"F-IV"}), Side::kFrench).ma, 4);
}

}  // namespace
}  // namespace rz::wate1870
