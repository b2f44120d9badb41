// How a siege begins (9.0, ruling GAP-W-21): a fortress's garrison stays when
// its defenders lose, and the winner may advance or march in beside it and
// besiege it; the fortress stays with the garrison while it holds SP inside,
// and passes to the besieger once the garrison is gone.
#include <gtest/gtest.h>

#include "phases_fixture.hpp"

namespace rz::wate1870 {
namespace {

using namespace testing;

const hex::Hex kMetz = *hex::parse_hex("2107");  // SR 6

// The German 2nd Army and III Corps with 26 SP in Saint-Avold (2207), next to
// `french` French SP in Metz.
std::unique_ptr<WateState> metz(int french, const std::string& more = "") {
  return situation(R"(name: "siege start test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 0, German: 0, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-2A, hex: "2207", source: "reconstructed: test"}
  - {hq: G-III, hex: "2207", source: "reconstructed: test"}
sps:
  - {side: German, sp: 26, formation: G-III, hex: "2207", source: "reconstructed: test"}
  - {side: French, sp: )" +
                   std::to_string(french) +
                   R"(, hex: "2107", source: "reconstructed: test"}
)" + more);
}

// Each side absorbs its losses with the first choice it is offered (8.5).
void absorb_all(WateState& st) {
  while (st.to_move().kind == MoveKind::kPlayer) {
    const Player p = st.to_move().players.front();
    const auto legal = st.legal_actions(p);
    if (legal.empty() || (legal.front().verb != "eliminate" && legal.front().verb != "degrade"))
      return;
    play(st, p, legal.front().to_string());
  }
}

TEST(Wate1870_9_0_SiegeStart, TheWinnerAdvancesBesideTheGarrisonAndBesiegesIt_GapW21) {
  auto st = metz(6);
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-2A");
  play(*st, kG, "attack target=2107 from=2207 with=G-III");
  // 20 SP against 6 SP + SR 6; German 6+5 = 11, French 1+2 +2 = 5: spread 6 (8.5).
  const auto ev = roll(*st, {6, 5, 1, 2});
  ASSERT_TRUE(has_event(ev, "German wins, spread 6")) << all_text(ev);
  absorb_all(*st);
  // Every French SP left is inside the SR: none retreats (8.6), and the winner
  // may still advance into the hex, beside them (GAP-W-21).
  const int garrison = sp_in(*st, Side::kFrench, "2107");
  ASSERT_GT(garrison, 0);
  ASSERT_LE(garrison, 6);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  EXPECT_EQ(st->legal_actions(kG),
            (std::vector<Action>{Action("stay"), Action("advance").with("from", "2207"),
                                 Action("advance").with("from", "2207").with("hq", "G-2A,G-III")}));
  const auto adv = play(*st, kG, "advance from=2207");
  EXPECT_TRUE(has_event(adv, "German advances 20 SP from 2207 into 2107 (rule 8.7)"))
      << all_text(adv);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2107"), 20);
  EXPECT_EQ(sp_in(*st, Side::kFrench, "2107"), garrison);
  // 3.7, GAP-W-21: Metz stays French while its garrison is inside.
  EXPECT_EQ(st->controller(kMetz), Side::kFrench);
  // Both sides pass to the Siege Phase: 20 SP against SR 6 + the garrison is 2:1.
  for (int i = 0; i < 20 && st->phase() == Phase::kAction; ++i) {
    if (st->to_move().kind == MoveKind::kChance) {
      roll(*st, {1, 1});  // the initiative: ties go to the German (7.0)
      continue;
    }
    play(*st, st->to_move().players.front(), "pass");
  }
  ASSERT_EQ(st->phase(), Phase::kSiege);
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
  const auto outs = st->chance_outcomes();
  ASSERT_EQ(outs.size(), 6u);
  EXPECT_EQ(outs.front().action.to_string(), "siege-assault hex=2107 d6=1");
  const auto siege = roll(*st, {6});  // 6 + 0 is not above SR 6: Metz holds (9.1)
  EXPECT_TRUE(
      has_event(siege, "Siege of Metz: German 1d6 6 + 0 (2:1) = 6 vs SR 6: holds (rule 9.1)"))
      << all_text(siege);
}

TEST(Wate1870_9_0_SiegeStart, AMarchCombatWinnerEntersBesideTheGarrisonAndStops_GapW21) {
  auto st = metz(2);
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-III");
  play(*st, kG, "march sp=8");
  play(*st, kG, "attack to=2107");
  auto ev = roll(*st, {6, 5, 1, 2});
  ASSERT_TRUE(has_event(ev, "German wins")) << all_text(ev);
  absorb_all(*st);
  ASSERT_GT(sp_in(*st, Side::kFrench, "2107"), 0);
  // The force is inside Metz with the garrison, in the fortress's ZOC (3.4, GAP-W-21).
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2107"), 8);
  EXPECT_EQ(st->controller(kMetz), Side::kFrench);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  expect_refused(*st, kG, "move to=2108", "3.4");
}

// Turn 3's Action Phase, the French to act, no RP, with the SP given (YAML
// entries of a scenario's sps list).
std::unique_ptr<WateState> action_phase_with(const std::string& sps) {
  return situation(R"(name: "siege start test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 0, German: 0, source: "reconstructed: test"}
first_activation: {side: French, source: "reconstructed: test"}
sps:
)" + sps);
}

TEST(Wate1870_9_0_SiegeStart, AFortressTheGarrisonLeavesGoesToTheBesieger_3_7) {
  auto st = action_phase_with(R"(  - {side: German, sp: 2, formation: G-III, hex: "2107", source: "reconstructed: test"}
  - {side: French, sp: 2, hex: "2107", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  ASSERT_EQ(st->controller(kMetz), Side::kFrench);
  play(*st, kF, "activate hex=2107");
  play(*st, kF, "march");
  const auto ev = play(*st, kF, "move to=2007");
  EXPECT_TRUE(
      has_event(ev, "French has no SP left in Metz; German holds it (rule 3.7, ruling GAP-W-21)"))
      << all_text(ev);
  EXPECT_EQ(st->controller(kMetz), Side::kGerman);
}

// 3.7, GAP-W-21 on every fortress of the map: one SP of the enemy sits alone in
// each French and German fortress, still held by its own side; the first order
// given hands every one of them to the SP inside.
TEST(Wate1870_9_0_SiegeStart, EveryFortressWithTheEnemyAloneInsideGoesToIt_3_7) {
  const auto data = shipped_data();
  std::string sps;
  std::vector<std::pair<hex::Hex, Side>> want;  // in hex order
  for (const hex::Hex h : data->map.fortress_hexes()) {
    const Country c = data->map.find(h)->country;
    if (c != Country::kFrance && c != Country::kGermany) continue;
    const Side inside = c == Country::kFrance ? Side::kGerman : Side::kFrench;
    sps += "  - {side: " + std::string(side_name(inside)) + ", sp: 1, hex: \"" + h.id() +
           "\", source: \"reconstructed: test\"}\n";
    want.emplace_back(h, inside);
  }
  ASSERT_GT(want.size(), 20u);
  auto st = action_phase_with(sps);
  ASSERT_TRUE(st);
  for (const auto& [h, inside] : want) ASSERT_EQ(st->controller(h), other(inside)) << h.id();
  const auto ev = play(*st, kF, "pass");
  std::size_t events = 0;
  for (const auto& e : ev) events += e.text.find("holds it (rule 3.7, ruling GAP-W-21)") != std::string::npos;
  EXPECT_EQ(events, want.size()) << all_text(ev);
  for (const auto& [h, inside] : want) EXPECT_EQ(st->controller(h), inside) << h.id();
}

}  // namespace
}  // namespace rz::wate1870
