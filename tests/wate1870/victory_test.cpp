// 11.0 automatic victories, checked after every action: the VP marker at 20
// or 0, the Germans controlling Verdun, Metz and Paris, and the French
// rail-exit victory (GAP-W-29: corps leave by the south-eastern rail exit).
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
)"
             : "");
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

// ---- the French rail-exit victory (11.0, GAP-W-29) ----

// The rail line Haltingen 2614 - 2714 - Waldshut 2814 (the exit) French
// controlled, and the four German places of 11.0 too unless `landau` is false.
std::string exit_scenario(const std::string& units, bool landau = true,
                          const std::string& german_hex = "") {
  std::string s = R"(name: "rail exit"
source: "reconstructed: test"
turn: 6
phase: action
first_activation: {side: French, source: "reconstructed: test"}
control:
  - {hex: "2306", side: French, source: "reconstructed: test"}
  - {hex: "2708", side: French, source: "reconstructed: test"}
  - {hex: "2713", side: French, source: "reconstructed: test"}
  - {hex: "2614", side: French, source: "reconstructed: test"}
  - {hex: "2714", side: French, source: "reconstructed: test"}
  - {hex: "2814", side: French, source: "reconstructed: test"}
)";
  if (landau) s += "  - {hex: \"2705\", side: French, source: \"reconstructed: test\"}\n";
  if (!german_hex.empty())
    s += "  - {hex: \"" + german_hex + "\", side: German, source: \"reconstructed: test\"}\n";
  return s + units;
}

const std::string kTwoCorps = R"(hqs:
  - {hq: F-III, hex: "2814", source: "reconstructed: test"}
  - {hq: F-IV, hex: "2814", source: "reconstructed: test"}
sps:
  - {side: French, sp: 8, formation: F-III, hex: "2814", entrained: true, source: "reconstructed: test"}
  - {side: French, sp: 8, formation: F-IV, hex: "2814", entrained: true, source: "reconstructed: test"}
  - {side: German, sp: 3, hex: "2000", source: "reconstructed: test"}
)";

void exit_corps(WateState& st, const std::string& hq) {
  play(st, kF, "activate hq=" + hq);
  play(st, kF, "march sp=8");
  ASSERT_TRUE(is_legal(st, kF, "exit"));
  const auto ev = play(st, kF, "exit");
  EXPECT_TRUE(has_event(ev, "leave the map by rail at Waldshut (2814)")) << all_text(ev);
}

TEST(Wate1870_11_0_RailExit, TwoFullCorpsOffTheMapWithTheBorderHeldWinForFrance) {
  auto st = situation(exit_scenario(kTwoCorps));
  ASSERT_TRUE(st);
  exit_corps(*st, "F-III");
  EXPECT_EQ(st->exited_sp(), 8);
  EXPECT_EQ(st->exited_hqs(), (std::vector<std::string>{"F-III"}));
  EXPECT_EQ(st->exited_corps(), 1);
  EXPECT_FALSE(st->winner().has_value());  // one corps is not enough
  EXPECT_EQ(sp_of(*st, Side::kFrench, "2814", Status::kGood), 8);
  EXPECT_FALSE(st->position().hq("F-III")->hex.has_value());  // out of play
  roll(*st, {6, 1});                                          // initiative to the French
  expect_refused(*st, kF, "activate hq=F-III", "7.0");
  exit_corps(*st, "F-IV");
  EXPECT_EQ(st->exited_corps(), 2);
  ASSERT_TRUE(st->winner().has_value());
  EXPECT_EQ(*st->winner(), Side::kFrench);
  EXPECT_NE(st->end_reason().find("GAP-W-29"), std::string::npos) << st->end_reason();
  EXPECT_EQ(st->to_move().kind, MoveKind::kTerminal);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "2814", Status::kGood), 0);
}

TEST(Wate1870_11_0_RailExit, TwoCorpsWithoutLandauOrABorderTownAreNoVictory) {
  auto st = situation(exit_scenario(kTwoCorps, false));
  ASSERT_TRUE(st);
  exit_corps(*st, "F-III");
  roll(*st, {6, 1});
  exit_corps(*st, "F-IV");
  EXPECT_EQ(st->exited_corps(), 2);
  EXPECT_FALSE(st->winner().has_value());  // Landau is German
  // Landau held, but a French border fortress (Bitche 2507) in German hands.
  auto st2 = situation(exit_scenario(kTwoCorps, true, "2507"));
  ASSERT_TRUE(st2);
  exit_corps(*st2, "F-III");
  roll(*st2, {6, 1});
  exit_corps(*st2, "F-IV");
  EXPECT_EQ(st2->exited_corps(), 2);
  EXPECT_FALSE(st2->winner().has_value());
}

TEST(Wate1870_11_0_RailExit, TheBorderPlacesAreTheFrenchTownsAndFortressesNextToGermany) {
  const auto places = border_places(shipped_data()->map);
  std::vector<std::string> ids;
  for (auto h : places) ids.push_back(h.id());
  // Bouzonville, Forbach, Sarreguemines, Bitche, Colmar, Mulhouse, Woerth, Haguenau,
  // Strasbourg, Selestat, Neuf-Brisach, Wissembourg.
  EXPECT_EQ(ids, (std::vector<std::string>{"2205", "2206", "2406", "2507", "2512", "2514", "2607",
                                           "2608", "2609", "2611", "2613", "2707"}));
}

TEST(Wate1870_11_0_RailExit, ExitsAccumulateOverActivationsAndTurns) {
  auto st = situation(exit_scenario(R"(hqs:
  - {hq: F-III, hex: "2814", source: "reconstructed: test"}
sps:
  - {side: French, sp: 4, formation: F-III, hex: "2814", entrained: true, source: "reconstructed: test"}
  - {side: French, sp: 4, formation: F-III, hex: "2714", entrained: true, source: "reconstructed: test"}
  - {side: German, sp: 3, hex: "2000", source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  // The corps HQ alone: it must entrain first (an HQ has no entrained mark, MA-10).
  play(*st, kF, "activate hq=F-III");
  play(*st, kF, "march sp=0");
  EXPECT_FALSE(is_legal(*st, kF, "exit"));
  expect_refused(*st, kF, "exit", "11.0");
  play(*st, kF, "entrain");
  play(*st, kF, "exit");
  EXPECT_EQ(st->exited_hqs(), (std::vector<std::string>{"F-III"}));
  EXPECT_EQ(st->exited_sp(), 0);
  EXPECT_EQ(st->exited_corps(), 0);
  // The rest of the turn passes; the exits stay counted.
  roll(*st, {6, 1});
  play(*st, kF, "pass");
  play(*st, kG, "pass");
  ASSERT_EQ(st->turn(), 7);
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  roll(*st, {6, 1});
  // 4 SP under their inherent HQ, already entrained in the exit hex.
  play(*st, kF, "activate hex=2814");
  play(*st, kF, "march");
  play(*st, kF, "exit");
  EXPECT_EQ(st->exited_sp(), 4);
  roll(*st, {6, 1});
  // 4 SP in 2714 ride to the exit first.
  play(*st, kF, "activate hex=2714");
  play(*st, kF, "march");
  expect_refused(*st, kF, "exit", "11.0");  // not in the exit hex
  play(*st, kF, "rail to=2814");
  // Saved and restored on the way: the exits are part of the state.
  const std::string text = st->serialize();
  auto back = WateState::from_json(shipped_data(), text);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ((*back)->hash(), st->hash());
  EXPECT_EQ((*back)->exited_hqs(), st->exited_hqs());
  EXPECT_EQ((*back)->exited_sp(), 4);
  play(*st, kF, "exit");
  EXPECT_EQ(st->exited_sp(), 8);
  EXPECT_EQ(st->exited_corps(), 1);  // the HQ and 8 SP, over two turns
  EXPECT_NE(st->hash(), (*back)->hash());
  EXPECT_FALSE(st->winner().has_value());
}

TEST(Wate1870_11_0_RailExit, OnlyFrenchSpAndCorpsHqsOnTheTrainAtTheExitMayLeave) {
  // A German force entrained at the exit hex.
  auto g = situation(R"(name: "German exit"
source: "reconstructed: test"
turn: 6
phase: action
first_activation: {side: German, source: "reconstructed: test"}
sps:
  - {side: German, sp: 3, hex: "2814", entrained: true, source: "reconstructed: test"}
  - {side: French, sp: 3, hex: "2107", source: "reconstructed: test"}
)");
  ASSERT_TRUE(g);
  play(*g, kG, "activate hex=2814");
  play(*g, kG, "march");
  EXPECT_FALSE(is_legal(*g, kG, "exit"));
  expect_refused(*g, kG, "exit", "11.0");
  // Napoleon III is an army HQ; French SP not entrained.
  auto f = situation(exit_scenario(R"(hqs:
  - {hq: F-NAP, hex: "2814", source: "reconstructed: test"}
sps:
  - {side: French, sp: 4, formation: F-NAP, hex: "2814", entrained: true, source: "reconstructed: test"}
  - {side: French, sp: 4, hex: "2614", source: "reconstructed: test"}
  - {side: German, sp: 3, hex: "2000", source: "reconstructed: test"}
)"));
  ASSERT_TRUE(f);
  play(*f, kF, "activate hq=F-NAP");
  play(*f, kF, "march sp=4");
  EXPECT_FALSE(is_legal(*f, kF, "exit"));
  expect_refused(*f, kF, "exit", "11.0");
  expect_refused(*f, kF, "exit now=1", "", Code::kMalformed);
  play(*f, kF, "stop");
  roll(*f, {6, 1});
  play(*f, kF, "activate hex=2614");
  play(*f, kF, "march");
  expect_refused(*f, kF, "exit", "11.0");  // on foot, and not at the exit
  EXPECT_EQ(f->exited_sp(), 0);
  EXPECT_TRUE(f->exited_hqs().empty());
}

}  // namespace
}  // namespace rz::wate1870
