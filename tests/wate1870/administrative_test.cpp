// 6.2 Mobilization and HQs returning from a casualty (8.5.1, GAP-W-20), through
// the public contract: where, how many, at what cost, and the refusals.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "phases_fixture.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/loc.hpp"

namespace rz::wate1870 {
namespace {

using namespace testing;

std::string admin(const std::string& sps, const std::string& extra = "") {
  return R"(name: "mobilization test"
source: "reconstructed: test"
turn: 4
phase: administrative
rp: {French: 0, German: 0, source: "reconstructed: test"}
force_pool: {French: [F-XII, F-XIII], German: [G-I], source: "reconstructed: test"}
)" + extra + "sps:\n" + sps;
}

const char* kFarGermans = R"(  - {side: German, sp: 3, hex: "2504", source: "reconstructed: test"}
)";

TEST(Wate1870_6_2, TheFrenchMobilizeOneSpPerFortressForTwoRp) {
  auto st = situation(admin(kFarGermans));
  ASSERT_TRUE(st);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_EQ(st->rp(Side::kFrench), 10);  // 6.1 income
  EXPECT_TRUE(is_legal(*st, kF, "mobilize hex=1807 sp=1"));
  EXPECT_FALSE(is_legal(*st, kF, "mobilize hex=1807 sp=2"));
  EXPECT_FALSE(is_legal(*st, kF, "mobilize hex=1508 sp=1"));  // no fortress
  const auto ev = play(*st, kF, "mobilize hex=1807 sp=1");
  EXPECT_TRUE(has_event(ev, "French mobilizes 1 SP in Verdun (1807) for 2 RP, 8 left (rule 6.2)")) << all_text(ev);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1807", Status::kGood), 1);
  EXPECT_EQ(st->rp(Side::kFrench), 8);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));  // still the French Administrative Phase
  EXPECT_FALSE(is_legal(*st, kF, "mobilize hex=1807 sp=1"));
  expect_refused(*st, kF, "mobilize hex=1807 sp=1", "6.2");
  expect_refused(*st, kF, "mobilize hex=2609 sp=2", "6.2");
  expect_refused(*st, kF, "mobilize hex=1508 sp=1", "6.2");
  expect_refused(*st, kF, "mobilize hex=2504 sp=1", "6.2");
  expect_refused(*st, kF, "activate hq=F-XII", "6.0");
  expect_refused(*st, kG, "mobilize hex=2504 sp=1", "", Code::kNotYourTurn);
  for (const auto& g : st->sps()) {
    if (g.side == Side::kFrench) {
      EXPECT_EQ(g.formation, "");  // ruling P-4
    }
  }
}

TEST(Wate1870_6_2, TheFrenchMobilizeAtLeastThreeHexesFromNonDemoralizedEnemies) {
  // 2007 is two hexes from Verdun (1807).
  auto st = situation(admin(R"(  - {side: German, sp: 3, hex: "2007", source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  EXPECT_FALSE(is_legal(*st, kF, "mobilize hex=1807 sp=1"));
  expect_refused(*st, kF, "mobilize hex=1807 sp=1", "6.2");
  auto demoralized = situation(admin(R"(  - {side: German, sp: 3, hex: "2007", status: demoralized, source: "reconstructed: test"}
)"));
  ASSERT_TRUE(demoralized);
  EXPECT_TRUE(is_legal(*demoralized, kF, "mobilize hex=1807 sp=1"));
}

// 6.2: "German units may not be mobilized adjacent to non-Demoralized enemy
// units" (session 35's audit found it untested). Kaiserslautern (2504) is
// next to the French in 2404; a demoralized stack there does not forbid it.
TEST(Wate1870_6_2, TheGermansMobilizeNoSpNextToNonDemoralizedEnemies) {
  const std::string french =
      R"(  - {side: French, sp: 3, hex: "2404", source: "reconstructed: test"}
)";
  auto st = situation(admin(french));
  ASSERT_TRUE(st);
  play(*st, kF, "end-administrative");
  EXPECT_FALSE(is_legal(*st, kG, "mobilize hex=2504 sp=1"));
  expect_refused(*st, kG, "mobilize hex=2504 sp=1", "6.2");
  EXPECT_TRUE(is_legal(*st, kG, "mobilize hex=2800 sp=1"));  // Frankfurt, far away
  std::string demoralized = french;
  demoralized.replace(demoralized.find("hex:"), 0, "status: demoralized, ");
  auto st2 = situation(admin(demoralized));
  ASSERT_TRUE(st2);
  play(*st2, kF, "end-administrative");
  EXPECT_TRUE(is_legal(*st2, kG, "mobilize hex=2504 sp=1"));
}

// Ruling F-8: under 12.2 the French may not inspect a German stack two hexes
// from Verdun with no French unit near it, so its being demoralized may not
// show in where they may mobilize: it counts as not demoralized.
TEST(Wate1870_6_2, UnderFogOfWarAHiddenStackCountsAsNotDemoralized_RulingF8) {
  GameOptions fog;
  fog.values["12.2"] = "on";
  const std::string demoralized_germans =
      R"(  - {side: German, sp: 3, hex: "2007", status: demoralized, source: "reconstructed: test"}
)";
  auto hidden = situation(admin(demoralized_germans), fog);
  ASSERT_TRUE(hidden);
  ASSERT_FALSE(hidden->inspectable(Side::kFrench, *hex::parse_hex("2007")));
  EXPECT_FALSE(is_legal(*hidden, kF, "mobilize hex=1807 sp=1"));
  expect_refused(*hidden, kF, "mobilize hex=1807 sp=1", "6.2");
  // The same as for a stack in good order: nothing tells the two apart.
  auto good =
      situation(admin(R"(  - {side: German, sp: 3, hex: "2007", source: "reconstructed: test"}
)"),
                fog);
  ASSERT_TRUE(good);
  EXPECT_EQ(hidden->legal_actions(kF), good->legal_actions(kF));
  EXPECT_EQ(hidden->view(kF), good->view(kF));
}

TEST(Wate1870_6_2, TheGermansMobilizeTwoSpPerTownInGermanyForOneRpEach) {
  auto st = situation(admin(kFarGermans, R"(control:
  - {hex: "2608", side: German, source: "reconstructed: test, Haguenau, a French town"}
)"));
  ASSERT_TRUE(st);
  play(*st, kF, "end-administrative");
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  EXPECT_EQ(st->rp(Side::kGerman), 14);
  EXPECT_TRUE(is_legal(*st, kG, "mobilize hex=2504 sp=2"));
  expect_refused(*st, kG, "mobilize hex=2504 sp=3", "6.2");
  expect_refused(*st, kG, "mobilize hex=2608 sp=1", "6.2, GAP-W-24");
  play(*st, kG, "mobilize hex=2504 sp=1");
  play(*st, kG, "mobilize hex=2504 sp=1");
  EXPECT_EQ(st->rp(Side::kGerman), 12);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "2504", Status::kGood), 5);
  expect_refused(*st, kG, "mobilize hex=2504 sp=1", "6.2");
  play(*st, kG, "end-administrative");
  EXPECT_EQ(st->phase(), Phase::kAction);
}

TEST(Wate1870_6_2, AForcePoolHqCostsFiveRpOnePerHex) {
  auto st = situation(admin(kFarGermans));
  ASSERT_TRUE(st);
  EXPECT_TRUE(is_legal(*st, kF, "mobilize hq=F-XIII hex=1807"));
  expect_refused(*st, kF, "mobilize hq=F-I hex=1807", "6.2");  // not in the force pool
  const auto ev = play(*st, kF, "mobilize hq=F-XIII hex=1807");
  EXPECT_TRUE(has_event(ev, "for 5 RP, 5 left (rule 6.2)")) << all_text(ev);
  const HqUnit* q = st->position().hq("F-XIII");
  ASSERT_TRUE(q);
  EXPECT_FALSE(q->in_pool);
  ASSERT_TRUE(q->hex.has_value());
  EXPECT_EQ(q->hex->id(), "1807");
  expect_refused(*st, kF, "mobilize hq=F-XII hex=1807", "6.2");  // 1 HQ per hex
  play(*st, kF, "mobilize hq=F-XII hex=0810");
  EXPECT_EQ(st->rp(Side::kFrench), 0);
  EXPECT_FALSE(is_legal(*st, kF, "mobilize hex=0810 sp=1"));  // no RP left
  expect_refused(*st, kF, "mobilize hex=0810 sp=1", "6.2");
}

TEST(Wate1870_6_2, ABesiegedFortressMobilizesNothing) {
  // Strasbourg (SR 5, 3 French SP): 16 German SP inside are 2:1.
  auto st = situation(admin(R"(  - {side: German, sp: 16, hex: "2609", source: "reconstructed: test"}
  - {side: French, sp: 3, hex: "2609", source: "reconstructed: test"}
)"));
  ASSERT_TRUE(st);
  EXPECT_FALSE(is_legal(*st, kF, "mobilize hex=2609 sp=1"));
  expect_refused(*st, kF, "mobilize hex=2609 sp=1", "6.2");
}

TEST(Wate1870_6_2, TheFortressMayNotCountItselfAsTheSourceOfItsLoc) {
  // Demoralized German SP all around Verdun: they do not keep mobilization away
  // (6.2), but they block every path out, so Verdun traces a LOC only to itself.
  std::string ring;
  const hex::Hex verdun = *hex::parse_hex("1807");
  for (const auto& i : shipped_data()->map.hexes())
    if (hex::distance(i.hex, verdun) == 1 && shipped_data()->map.passable(i.hex))
      ring += "  - {side: German, sp: 1, status: demoralized, hex: \"" + i.hex.id() +
              "\", source: \"reconstructed: test\"}\n";
  auto st = situation(admin(ring));
  ASSERT_TRUE(st);
  ASSERT_TRUE(has_loc(Board{st->data(), st->position(), st->options()}, verdun, Side::kFrench));
  EXPECT_FALSE(is_legal(*st, kF, "mobilize hex=1807 sp=1"));
  expect_refused(*st, kF, "mobilize hex=1807 sp=1", "6.2");
  auto open = situation(admin(kFarGermans));
  ASSERT_TRUE(open);
  EXPECT_TRUE(is_legal(*open, kF, "mobilize hex=1807 sp=1"));
}

TEST(Wate1870_6_2, TwoFortressesCutOffTogetherTraceTheirLocsToEachOther) {
  // Montmedy and Longwy, side by side, ringed by demoralized Germans: each
  // traces a LOC only to the other as its source, so both may mobilize.
  const hex::Hex montmedy = *hex::parse_hex("1805"), longwy = *hex::parse_hex("1905");
  ASSERT_EQ(hex::distance(montmedy, longwy), 1);
  std::string ring;
  for (const auto& i : shipped_data()->map.hexes())
    if (i.hex != montmedy && i.hex != longwy &&
        (hex::distance(i.hex, montmedy) == 1 || hex::distance(i.hex, longwy) == 1) &&
        shipped_data()->map.passable(i.hex))
      ring += "  - {side: German, sp: 1, status: demoralized, hex: \"" + i.hex.id() +
              "\", source: \"reconstructed: test\"}\n";
  auto st = situation(admin(ring));
  ASSERT_TRUE(st);
  const std::vector<hex::Hex> both{montmedy, longwy};
  auto listed = st->mobilization_hexes(Side::kFrench);
  EXPECT_TRUE(std::includes(listed.begin(), listed.end(), both.begin(), both.end()));
  EXPECT_EQ(listed, st->mobilization_hexes_one_by_one(Side::kFrench));
  EXPECT_TRUE(is_legal(*st, kF, "mobilize hex=1805 sp=1"));
  EXPECT_TRUE(is_legal(*st, kF, "mobilize hex=1905 sp=1"));
}

// An HQ off the map after a casualty (8.5.1), due back on `turn`.
std::unique_ptr<WateState> with_returning_hq(int turn) {
  auto st = situation(admin(kFarGermans, R"(hqs:
  - {hq: G-III, hex: "2504", source: "reconstructed: test"}
)"));
  if (!st) return nullptr;
  auto j = nlohmann::json::parse(st->serialize());
  for (auto& h : j["hqs"])
    if (h[0] == "G-III") {
      h[1] = nullptr;
      h[5] = turn;
    }
  auto back = WateState::from_json(shipped_data(), j.dump());
  EXPECT_TRUE(back.ok()) << back.error().to_string();
  return back.ok() ? std::move(back).value() : nullptr;
}

TEST(Wate1870_6_2, AnHqReturnsFromACasualtyInAnEligibleHexWithoutRp) {
  auto st = with_returning_hq(4);
  ASSERT_TRUE(st);
  play(*st, kF, "end-administrative");
  EXPECT_TRUE(is_legal(*st, kG, "return hq=G-III hex=2504"));
  expect_refused(*st, kG, "return hq=G-III hex=2608", "6.2");  // a French town
  play(*st, kG, "return hq=G-III hex=2504");
  EXPECT_EQ(st->rp(Side::kGerman), 14);
  const HqUnit* q = st->position().hq("G-III");
  ASSERT_TRUE(q && q->hex);
  EXPECT_EQ(q->hex->id(), "2504");
  EXPECT_EQ(q->returns_on_turn, 0);
}

TEST(Wate1870_6_2, AnHqDoesNotReturnBeforeItsTurn) {
  auto st = with_returning_hq(5);
  ASSERT_TRUE(st);
  play(*st, kF, "end-administrative");
  EXPECT_FALSE(is_legal(*st, kG, "return hq=G-III hex=2504"));
  expect_refused(*st, kG, "return hq=G-III hex=2504", "8.5.1");
}

}  // namespace
}  // namespace rz::wate1870

namespace rz::wate1870 {
namespace {

using namespace testing;

// Every mobilization offered in the historical turn 1 is accepted, and a saved
// game resumes with the same hash after each one.
TEST(Wate1870_6_2, EveryOfferedOrderIsAcceptedInTheHistoricalFirstTurn) {
  auto game = WateGame::load();
  ASSERT_TRUE(game.ok());
  auto st0 = (*game)->initial_state("historical", {}, 1);
  ASSERT_TRUE(st0.ok());
  auto& st = static_cast<WateState&>(**st0);
  for (Player p : {kF, kG}) {
    for (int k = 0; k < 6; ++k) {
      const auto legal = st.legal_actions(p);
      ASSERT_FALSE(legal.empty());
      for (const auto& a : legal) EXPECT_TRUE(st.check(p, a).ok()) << a.to_string() << ": " << st.check(p, a).error().to_string();
      if (legal.size() == 1) break;  // only end-administrative
      // legal[0] is end-administrative; try one of the mobilizations after it.
      ASSERT_TRUE(st.apply(p, legal[1 + static_cast<std::size_t>(k * 7) % (legal.size() - 1)]).ok());
      auto back = WateState::from_json(shipped_data(), st.serialize());
      ASSERT_TRUE(back.ok());
      EXPECT_EQ((*back)->hash(), st.hash());
    }
    ASSERT_TRUE(st.apply(p, Action("end-administrative")).ok());
  }
  EXPECT_EQ(st.phase(), Phase::kAction);
}

// ---- 3.8 Resource Points ----

TEST(Wate1870_3_8, RpAreReceivedEachTurnSpentAtOnceOrSavedUpToNinetyNine) {
  auto st = situation(R"(name: "3.8 test"
source: "reconstructed: test"
turn: 4
phase: administrative
rp: {French: 80, German: 0, source: "reconstructed: test"}
sps:
  - {side: German, sp: 3, hex: "2504", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  EXPECT_EQ(st->rp(Side::kFrench), 90);  // 6.1: 10 for the French, 14 for the Germans
  EXPECT_EQ(st->rp(Side::kGerman), 14);
  play(*st, kF, "mobilize hex=1807 sp=1");  // spent at once
  EXPECT_EQ(st->rp(Side::kFrench), 88);
  for (int turn = 5; turn <= 6; ++turn) {
    play(*st, kF, "end-administrative");
    play(*st, kG, "end-administrative");
    roll(*st, {6, 1});  // the French win the initiative; both pass
    play(*st, kF, "pass");
    play(*st, kG, "pass");
    EXPECT_EQ(st->turn(), turn);
  }
  // Saved from turn to turn: 88 + 10 = 98, then 99 at most (6.1); 14 + 14 + 14.
  EXPECT_EQ(st->rp(Side::kFrench), 99);
  EXPECT_EQ(st->rp(Side::kGerman), 42);
}

TEST(Wate1870_3_8, AForceThatCannotTraceALocSpendsNoRp) {
  // French SP on a French-held rail hex deep in Germany (2702), next to Mainz
  // (2701, also French-held, so it projects no enemy ZOC): the railway back to
  // France is German, so the force has no LOC and may not pay to entrain.
  auto st = situation(R"(name: "3.8 test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: French, source: "reconstructed: test"}
control:
  - {hex: "2701", side: French, source: "reconstructed: test"}
  - {hex: "2702", side: French, source: "reconstructed: test"}
sps:
  - {side: French, sp: 2, hex: "2702", source: "reconstructed: test"}
  - {side: French, sp: 2, hex: "0909", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  ASSERT_FALSE(has_loc(Board{st->data(), st->position(), st->options()}, *hex::parse_hex("2702"),
                       Side::kFrench));
  play(*st, kF, "activate hex=2702");
  play(*st, kF, "march");
  EXPECT_FALSE(is_legal(*st, kF, "entrain"));
  expect_refused(*st, kF, "entrain", "3.8");
  EXPECT_EQ(st->rp(Side::kFrench), 5);
  play(*st, kF, "stop");
  // With a LOC (0909, on the railway to Paris) the same order spends 1 RP per SP (7.1.3).
  roll(*st, {6, 1});
  play(*st, kF, "activate hex=0909");
  play(*st, kF, "march");
  play(*st, kF, "entrain");
  EXPECT_EQ(st->rp(Side::kFrench), 3);
}

TEST(Wate1870_3_8, ASideWithoutALocIsNotAskedToCommitArtillery) {
  // A French corps with a LOC attacks 2 German SP without one; the Germans could
  // pay the 1 RP (8.4) but are never asked: only the French choose.
  auto st = situation(R"(name: "3.8 test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 10, German: 5, source: "reconstructed: test"}
first_activation: {side: French, source: "reconstructed: test"}
hqs:
  - {hq: F-IV, hex: "0602", source: "reconstructed: test"}
sps:
  - {side: French, sp: 4, formation: F-IV, hex: "0602", source: "reconstructed: test"}
  - {side: German, sp: 2, hex: "0702", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-IV");
  play(*st, kF, "attack target=0702 from=0602");
  ASSERT_EQ(st->to_move(),
            (ToMove{MoveKind::kPlayer, {kF}}));  // the defender chooses first (8.4): skipped
  EXPECT_TRUE(is_legal(*st, kF, "commit"));
  play(*st, kF, "decline");
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);  // the dice: the Germans were never asked
  EXPECT_EQ(st->rp(Side::kGerman), 5);
}

// The list of mobilization hexes the rules use (one LOC trace with every
// candidate fortress taken out of the sources, then one by one for the rest)
// is each hex checked alone, as an order is: at every Administrative Phase
// state and every 20th other state of games between the heuristic and the
// random bot, for both sides; and no listed hex is nearer an enemy than 6.2 allows.
TEST(Wate1870_6_2, TheMobilizationListIsEveryHexCheckedAlone) {
  int compared = 0, non_empty = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed)
    play_heuristic_against_random(seed, 4000, [&](const WateState& ws, int step) {
      if (ws.phase() != Phase::kAdministrative && step % 20 != 0) return;
      for (Side side : {Side::kFrench, Side::kGerman}) {
        const auto fast = ws.mobilization_hexes(side);
        ASSERT_EQ(fast, ws.mobilization_hexes_one_by_one(side))
            << "seed " << seed << ", step " << step << ", " << side_name(side);
        // And each listed hex keeps its distance from every non-demoralized
        // enemy unit, measured one by one (ruling P-6: HQ counters count).
        const int min_d = ws.data().tables.mobilise_min_distance(side);
        for (const hex::Hex h : fast) {
          for (const auto& g : ws.position().sps) {
            if (g.side != side && g.status != Status::kDemoralized) {
              ASSERT_GE(hex::distance(g.hex, h), min_d) << h.id() << ", step " << step;
            }
          }
          for (const auto& q : ws.position().hqs) {
            if (q.side != side && q.hex) {
              ASSERT_GE(hex::distance(*q.hex, h), min_d) << h.id();
            }
          }
        }
        ++compared;
        non_empty += !fast.empty();
      }
    });
  EXPECT_GT(compared, 200);
  EXPECT_GT(non_empty, 100);
}

// A side's list is kept through its own mobilizations when every place refused
// nothing traced a LOC (WateState::apply): random players on both sides
// mobilize much and leave places cut off, so at every Administrative Phase
// state of their games the list must still be each hex checked alone.
TEST(Wate1870_6_2, TheListKeptThroughMobilizationsIsEveryHexCheckedAlone) {
  int compared = 0;
  for (const char* scenario : {"historical", "free"})
    play_random_games(scenario, 16, [&](const WateState& ws, int g) {
      if (ws.phase() != Phase::kAdministrative) return;
      for (Side side : {Side::kFrench, Side::kGerman}) {
        ASSERT_EQ(ws.mobilization_hexes(side), ws.mobilization_hexes_one_by_one(side))
            << scenario << ", game " << g << ", " << side_name(side);
        ++compared;
      }
    });
  EXPECT_GT(compared, 1000);
}

}  // namespace
}  // namespace rz::wate1870
