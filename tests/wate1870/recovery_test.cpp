// 10.0 Recovery Phase, through the public contract: forces with a LOC and not
// in an EZOC improve one level for 1 RP each (GAP-W-27), French first.
#include <gtest/gtest.h>

#include "phases_fixture.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {
namespace {

using namespace testing;

std::string recovery(const std::string& sps, int french_rp = 3, int german_rp = 3) {
  return R"(name: "recovery test"
source: "reconstructed: test"
turn: 6
phase: recovery
rp: {French: )" + std::to_string(french_rp) + ", German: " + std::to_string(german_rp) + R"(, source: "reconstructed: test"}
sps:
)" + sps;
}

TEST(Wate1870_10_0, EverySpOfAForceImprovesOneLevelForOneRp) {
  auto st = situation(recovery(R"(  - {side: French, sp: 2, hex: "1508", status: demoralized, source: "reconstructed: test"}
  - {side: French, sp: 1, hex: "1508", status: disrupted, source: "reconstructed: test"}
  - {side: French, sp: 4, hex: "1508", source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  EXPECT_EQ(st->phase(), Phase::kRecovery);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_TRUE(is_legal(*st, kF, "recover hex=1508"));
  EXPECT_TRUE(is_legal(*st, kF, "end-recovery"));
  const auto ev = play(*st, kF, "recover hex=1508");
  EXPECT_TRUE(has_event(ev, "French force in 1508 recovers: 3 SP improve one level, 1 RP spent, 2 left (rules 10.0, GAP-W-27)"))
      << all_text(ev);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kDisrupted), 2);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kGood), 5);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kDemoralized), 0);
  EXPECT_EQ(st->turn(), 7);  // nothing more to recover this phase: the next turn begins
  EXPECT_EQ(st->rp(Side::kFrench), 2 + 10);
}

TEST(Wate1870_10_0, AForceRecoversOnlyOncePerPhase) {
  auto st = situation(recovery(R"(  - {side: French, sp: 2, hex: "1508", status: demoralized, source: "reconstructed: test"}
  - {side: French, sp: 1, hex: "0810", status: disrupted, source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  play(*st, kF, "recover hex=1508");
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kDisrupted), 2);
  EXPECT_FALSE(is_legal(*st, kF, "recover hex=1508"));
  expect_refused(*st, kF, "recover hex=1508", "10.0");
  EXPECT_TRUE(is_legal(*st, kF, "recover hex=0810"));
}

TEST(Wate1870_10_0, AForceInAnEnemyZoneOfControlCannotRecover) {
  auto st = situation(recovery(R"(  - {side: French, sp: 2, hex: "1408", status: disrupted, source: "reconstructed: test"}
  - {side: French, sp: 1, hex: "0810", status: disrupted, source: "reconstructed: test"}
  - {side: German, sp: 3, hex: "1508", source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  ASSERT_TRUE(in_enemy_zoc(Board{st->data(), st->position(), st->options()}, *hex::parse_hex("1408"), Side::kFrench));
  EXPECT_FALSE(is_legal(*st, kF, "recover hex=1408"));
  expect_refused(*st, kF, "recover hex=1408", "10.0");
  expect_refused(*st, kF, "recover hex=1409", "10.0");  // no French force there
  expect_refused(*st, kF, "rally hex=0810", "10.0");
  expect_refused(*st, kG, "end-recovery", "", Code::kNotYourTurn);
}

TEST(Wate1870_10_0, TheFrenchRecoverFirstThenTheGermans) {
  auto st = situation(recovery(R"(  - {side: French, sp: 2, hex: "0810", status: disrupted, source: "reconstructed: test"}
  - {side: German, sp: 2, hex: "2504", status: demoralized, source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  play(*st, kF, "end-recovery");
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  EXPECT_EQ(sp_of(*st, Side::kFrench, "0810", Status::kDisrupted), 2);  // the French chose not to
  play(*st, kG, "recover hex=2504");
  EXPECT_EQ(sp_of(*st, Side::kGerman, "2504", Status::kDisrupted), 2);
  EXPECT_EQ(st->turn(), 7);
}

TEST(Wate1870_10_0, ASideWithoutRpIsSkipped) {
  auto st = situation(recovery(R"(  - {side: French, sp: 2, hex: "0810", status: disrupted, source: "reconstructed: test"}
  - {side: German, sp: 2, hex: "2504", status: demoralized, source: "reconstructed: test"}
)",
                               0, 1));
  ASSERT_TRUE(st);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  play(*st, kG, "recover hex=2504");
  EXPECT_EQ(st->rp(Side::kGerman), 0 + 14);  // spent, then the next turn's income (6.1)
}

TEST(Wate1870_10_0, ASavedRecoveryPhaseRemembersWhichForcesRecovered) {
  auto st = situation(recovery(R"(  - {side: French, sp: 2, hex: "1508", status: demoralized, source: "reconstructed: test"}
  - {side: French, sp: 1, hex: "0810", status: disrupted, source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  play(*st, kF, "recover hex=1508");
  auto back = WateState::from_json(shipped_data(), st->serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st->hash());
  expect_refused(**back, kF, "recover hex=1508", "10.0");
}

// ---- 3.5 Unit Status ----

TEST(Wate1870_3_5, EachLpDegradesOneSpOneLevelAndADemoralizedSpThatDegradesIsEliminated) {
  // 2 German SP march into 0602, next to 6 French SP in 0702: the French fire,
  // column 6-8 shifted right for clear (9-12), d66 64 (band D): 3 LP (7.1.2).
  auto st = situation(R"(name: "3.5 test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 0, German: 0, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
sps:
  - {side: German, sp: 2, hex: "0502", source: "reconstructed: test"}
  - {side: French, sp: 6, hex: "0702", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  play(*st, kG, "activate hex=0502");
  play(*st, kG, "march");
  play(*st, kG, "move to=0602");
  play(*st, kF, "fire");
  const auto fire = roll(*st, {6, 4});
  EXPECT_TRUE(has_event(fire, "column 9-12, d66 = 64 (band D): 3 LP")) << all_text(fire);
  // Good order, then disrupted, then demoralized: one level per LP, the owner choosing the SP.
  play(*st, kG, "degrade hex=0602 formation=none status=good");
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0602", Status::kGood), 1);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0602", Status::kDisrupted), 1);
  play(*st, kG, "degrade hex=0602 formation=none status=disrupted");
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0602", Status::kGood), 1);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0602", Status::kDisrupted), 0);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0602", Status::kDemoralized), 1);
  // A demoralized SP that degrades one step is eliminated.
  const auto last = play(*st, kG, "degrade hex=0602 formation=none status=demoralized");
  EXPECT_TRUE(has_event(last, "German eliminates 1 SP of no formation in 0602 (demoralized)"))
      << all_text(last);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0602", Status::kGood), 1);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0602", Status::kDisrupted) +
                sp_of(*st, Side::kGerman, "0602", Status::kDemoralized),
            0);
}

TEST(Wate1870_3_5, StatusIsRestoredOnlyByRallyOrRecoveryAndBothNeedALoc) {
  // 2 disrupted French SP in 1508 trace a LOC; 1 demoralized SP in 2903, deep in Germany, does not.
  auto st = situation(R"(name: "3.5 test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 5, German: 0, source: "reconstructed: test"}
first_activation: {side: French, source: "reconstructed: test"}
sps:
  - {side: French, sp: 2, hex: "1508", status: disrupted, source: "reconstructed: test"}
  - {side: French, sp: 1, hex: "2903", status: demoralized, source: "reconstructed: test"}
  - {side: German, sp: 1, hex: "2504", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  // Nothing else restores status: a whole Action and Siege Phase of passes changes nothing.
  play(*st, kF, "pass");
  play(*st, kG, "pass");
  ASSERT_EQ(st->phase(), Phase::kRecovery);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kDisrupted), 2);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "2903", Status::kDemoralized), 1);
  EXPECT_TRUE(is_legal(*st, kF, "recover hex=1508"));
  EXPECT_FALSE(is_legal(*st, kF, "recover hex=2903"));
  expect_refused(*st, kF, "recover hex=2903", "10.0");
  play(*st, kF, "recover hex=1508");
  // Disrupted SP improve to good order; the cut-off SP stay demoralized into the next turn.
  EXPECT_EQ(st->turn(), 4);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kGood), 2);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "2903", Status::kDemoralized), 1);
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  EXPECT_EQ(sp_of(*st, Side::kFrench, "2903", Status::kDemoralized), 1);
}

}  // namespace
}  // namespace rz::wate1870
