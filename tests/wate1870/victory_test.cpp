// 11.0 automatic victories, checked after every action: the VP marker at 20
// or 0, and the Germans controlling Verdun, Metz and Paris.
#include <gtest/gtest.h>

#include "phases_fixture.hpp"

namespace rz::wate1870 {
namespace {

using namespace testing;

TEST(Wate1870_11_0_Auto, TheVpMarkerReachingTwentyWinsForFrance) {
  // Landau (SR 3, German) falls to a French siege: +2 VP, 18 -> 20.
  auto st = situation(R"(name: "VP 20"
source: "reconstructed: test"
turn: 5
phase: siege
vp: {value: 18, source: "reconstructed: test"}
sps:
  - {side: French, sp: 6, hex: "2705", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  const auto ev = roll(*st, {6});
  EXPECT_EQ(st->vp(), 20);
  EXPECT_EQ(st->to_move().kind, MoveKind::kTerminal);
  ASSERT_TRUE(st->winner().has_value());
  EXPECT_EQ(*st->winner(), Side::kFrench);
  EXPECT_NE(st->end_reason().find("rule 11.0"), std::string::npos) << st->end_reason();
  EXPECT_EQ(st->returns(), (std::vector<double>{1.0, 0.0}));
  EXPECT_TRUE(has_event(ev, "Game over: French victory")) << all_text(ev);
  expect_refused(*st, kF, "end-recovery", "11.0");
}

TEST(Wate1870_11_0_Auto, TheVpMarkerReachingZeroWinsForGermany) {
  auto st = situation(R"(name: "VP 0"
source: "reconstructed: test"
turn: 5
phase: siege
vp: {value: 2, source: "reconstructed: test"}
sps:
  - {side: German, sp: 12, hex: "2609", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  roll(*st, {6});  // 6 > SR 5: Strasbourg falls, -2 VP
  EXPECT_EQ(st->vp(), 0);
  ASSERT_TRUE(st->winner().has_value());
  EXPECT_EQ(*st->winner(), Side::kGerman);
  EXPECT_EQ(st->to_move().kind, MoveKind::kTerminal);
}

std::string held(bool paris) {
  return std::string(R"(name: "three cities"
source: "reconstructed: test"
turn: 9
phase: administrative
control:
  - {hex: "1807", side: German, source: "reconstructed: test"}
  - {hex: "2107", side: German, source: "reconstructed: test"}
)") + (paris ? R"(  - {hex: "0810", side: German, source: "reconstructed: test"}
)" : "");
}

TEST(Wate1870_11_0_Auto, TheGermansControllingVerdunMetzAndParisWin) {
  auto st = situation(held(true));
  ASSERT_TRUE(st);
  const auto ev = play(*st, kF, "end-administrative");
  ASSERT_TRUE(st->winner().has_value());
  EXPECT_EQ(*st->winner(), Side::kGerman);
  EXPECT_NE(st->end_reason().find("Verdun, Metz, Paris"), std::string::npos) << st->end_reason();
  EXPECT_EQ(st->to_move().kind, MoveKind::kTerminal);
}

TEST(Wate1870_11_0_Auto, VerdunAndMetzWithoutParisAreNotEnough) {
  auto st = situation(held(false));
  ASSERT_TRUE(st);
  play(*st, kF, "end-administrative");
  EXPECT_FALSE(st->winner().has_value());
  EXPECT_NE(st->to_move().kind, MoveKind::kTerminal);
}

}  // namespace
}  // namespace rz::wate1870
