// 9.0 Siege Phase and 9.1 SA DRMs, through the public contract: which
// fortresses are under siege, the exact odds of the roll, what a fall does.
#include <gtest/gtest.h>

#include "phases_fixture.hpp"

namespace rz::wate1870 {
namespace {

using namespace testing;

// The shipped example: 16 German SP with the 3rd Army HQ against Strasbourg
// (SR 5) and 3 French SP: 16 : 8 is 2:1, +1 for the army HQ.
std::string strasbourg(int german_sp = 16, bool army_hq = true, int vp = 9) {
  return std::string(R"(name: "siege test"
source: "reconstructed: test"
turn: 14
phase: siege
vp: {value: )") + std::to_string(vp) + R"(, source: "reconstructed: test"}
rp: {French: 0, German: 22, source: "reconstructed: test"}
hqs:
)" + (army_hq ? R"(  - {hq: G-3A, hex: "2609", source: "reconstructed: test"}
)" : R"(  - {hq: G-3A, hex: "2504", source: "reconstructed: test"}
)") + R"(sps:
  - {side: German, sp: )" + std::to_string(german_sp) + R"(, formation: G-3A, hex: "2609", source: "reconstructed: test"}
  - {side: French, sp: 3, formation: F-I, hex: "2609", status: disrupted, source: "reconstructed: test"}
)";
}

TEST(Wate1870_9_0, AFortressAtTwoToOneIsRolledForWithExactOdds) {
  auto st = situation(strasbourg());
  ASSERT_TRUE(st);
  EXPECT_EQ(st->phase(), Phase::kSiege);
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
  const auto outs = st->chance_outcomes();
  ASSERT_EQ(outs.size(), 6u);
  EXPECT_EQ(total_probability(outs), Fraction(1, 1));
  for (int d = 1; d <= 6; ++d) {
    EXPECT_EQ(outs[static_cast<std::size_t>(d - 1)].probability, Fraction(1, 6));
    EXPECT_EQ(outs[static_cast<std::size_t>(d - 1)].dice, std::vector<int>{d});
    EXPECT_EQ(outs[static_cast<std::size_t>(d - 1)].action.to_string(), "siege-assault hex=2609 d6=" + std::to_string(d));
  }
  EXPECT_TRUE(st->legal_actions(kF).empty());
  EXPECT_TRUE(st->legal_actions(kG).empty());
}

TEST(Wate1870_9_1, TheFortressHoldsUnlessTheRollBeatsItsSiegeRating) {
  auto st = situation(strasbourg());
  ASSERT_TRUE(st);
  const auto ev = roll(*st, {4});
  EXPECT_TRUE(has_event(ev, "Siege of Strasbourg: German 1d6 4 + 1 (2:1, German army HQ) = 5 vs SR 5: holds (rule 9.1)"))
      << all_text(ev);
  EXPECT_FALSE(st->position().fortress_destroyed(*hex::parse_hex("2609")));
  EXPECT_EQ(sp_of(*st, Side::kFrench, "2609", Status::kDisrupted), 3);
  EXPECT_EQ(st->vp(), 9);
  EXPECT_EQ(st->turn(), 15);  // nothing to recover (the French have no RP): the next turn
}

TEST(Wate1870_9_1, AFallenFortressIsDestroyedWithItsGarrisonAndCostsTheFrenchVp) {
  auto st = situation(strasbourg());
  ASSERT_TRUE(st);
  const auto ev = roll(*st, {5});
  EXPECT_TRUE(has_event(ev, "German 1d6 5 + 1 (2:1, German army HQ) = 6 vs SR 5: the fortress is destroyed (rule 9.1)"))
      << all_text(ev);
  EXPECT_TRUE(has_event(ev, "3 French garrison SP in Strasbourg are eliminated (rule 9.0)")) << all_text(ev);
  EXPECT_TRUE(st->position().fortress_destroyed(*hex::parse_hex("2609")));
  EXPECT_EQ(sp_of(*st, Side::kFrench, "2609", Status::kDisrupted), 0);
  EXPECT_EQ(st->vp(), 7);  // 11.0: a French fortress of SR 5 or 6, -2
  EXPECT_EQ(st->controller(*hex::parse_hex("2609")), Side::kGerman);
  EXPECT_TRUE(std::is_sorted(st->position().destroyed.begin(), st->position().destroyed.end()));
}

TEST(Wate1870_9_1, TheRatioGivesTheDrmWithoutAnArmyHq) {
  // 24 : 8 is 3:1, +1; no army HQ in the hex.
  auto st = situation(strasbourg(24, false));
  ASSERT_TRUE(st);
  const auto ev = roll(*st, {5});
  EXPECT_TRUE(has_event(ev, "German 1d6 5 + 1 (3:1) = 6 vs SR 5: the fortress is destroyed (rule 9.1)")) << all_text(ev);
}

TEST(Wate1870_9_0, BelowTwoToOneThereIsNoSiegeAssault) {
  auto st = situation(strasbourg(15));  // 15 : 8 is 1:1
  ASSERT_TRUE(st);
  EXPECT_NE(st->to_move().kind, MoveKind::kChance);
  EXPECT_EQ(st->turn(), 15);
  EXPECT_FALSE(st->position().fortress_destroyed(*hex::parse_hex("2609")));
}

// A position play reaches (ruling P-11: an empty enemy fortress changes hands
// when entered, so the French besiege a garrison; session 35's audit found this
// test with the French alone in Landau): 8 French SP against Landau's SR 3 and
// 1 German SP is 2:1.
TEST(Wate1870_9_1, AFrenchSiegeOfAGermanFortressGainsTwoVp) {
  auto st = situation(R"(name: "Landau"
source: "reconstructed: test"
turn: 5
phase: siege
vp: {value: 12, source: "reconstructed: test"}
sps:
  - {side: French, sp: 8, hex: "2705", source: "reconstructed: test"}
  - {side: German, sp: 1, hex: "2705", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  const auto ev = roll(*st, {4});
  EXPECT_TRUE(has_event(ev, "Siege of Landau: French 1d6 4 + 0 (2:1) = 4 vs SR 3: the fortress is destroyed (rule 9.1)"))
      << all_text(ev);
  EXPECT_EQ(st->vp(), 14);
  EXPECT_EQ(st->controller(*hex::parse_hex("2705")), Side::kFrench);
}

TEST(Wate1870_9_0, NoPlayerMayActWhileTheSiegeDiceAreRolledAndOnlySixPipsExist) {
  auto st = situation(strasbourg());
  ASSERT_TRUE(st);
  expect_refused(*st, kG, "end-recovery", "", Code::kNotYourTurn);
  expect_refused(*st, kChance, "siege-assault hex=2609 d6=7", "", Code::kMalformed);
  // A saved siege resumes at the same roll.
  auto back = WateState::from_json(shipped_data(), st->serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st->hash());
  EXPECT_EQ((*back)->chance_outcomes().size(), 6u);
}

}  // namespace
}  // namespace rz::wate1870
