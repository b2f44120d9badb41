// Scenarios of 1870 (data/wate1870/scenarios): the historic set-up of 13.1 and
// 13.2, the free set-up of 14.0, the examples, the set-up areas, and malformed
// scenario files reported with file and line.
#include "rules/wate1870/scenario.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../shipped_game.hpp"
#include "data/yaml_file.hpp"
#include "data_test_util.hpp"
#include "hex_id.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using testing::data_path;
using testing::expect_data_error;
using testing::line_of;

// A 4 x 3 map around Metz: the Moselle runs along Metz's western sides (so
// 2006, 2007, 2008 are west of it), a railway Metz - 2207 - Forbach, 2307 is
// Luxembourg (neutral).
const char* kTestMap = R"(source: "reconstructed: test"
grid: {layout: even-r, col_min: 20, col_max: 23, row_min: 6, row_max: 8}
hexes:
  - {hex: "2006", terrain: clear, country: F}
  - {hex: "2106", terrain: clear, country: F}
  - {hex: "2206", terrain: clear, country: F, name: Forbach, town: true, source: "reconstructed: test"}
  - {hex: "2306", terrain: clear, country: G, name: Saarbrucken, town: true, source: "reconstructed: test"}
  - {hex: "2007", terrain: clear, country: F}
  - {hex: "2107", terrain: clear, country: F, name: Metz, fortress: 6, source: "reconstructed: test"}
  - {hex: "2207", terrain: forest, country: F}
  - {hex: "2307", terrain: clear, country: L}
  - {hex: "2008", terrain: clear, country: F}
  - {hex: "2108", terrain: clear, country: F}
  - {hex: "2208", terrain: mountain, country: F}
  - {hex: "2308", terrain: clear, country: G}
rivers: [{name: Moselle, source: "reconstructed: test map", hexsides: ["2006/2107", "2007/2107", "2008/2107"]}]
railways: [{name: Metz-Forbach, source: "reconstructed: test map", hexes: ["2107", "2207", "2206"]}]
)";

const Map& test_map() {
  static const Map m = [] {
    auto r = Map::parse(kTestMap, "test-map.yaml");
    if (!r.ok()) ADD_FAILURE() << r.error().message;
    return r.ok() ? r.value() : Map{};
  }();
  return m;
}

const Forces& forces() {
  static const Forces f = [] {
    auto r = Forces::load(data_path("forces.yaml"));
    if (!r.ok()) ADD_FAILURE() << r.error().message;
    return r.ok() ? r.value() : Forces{};
  }();
  return f;
}

// The real map, once data/wate1870/map.yaml exists (another engineer's file).
const Map* real_map() {
  static const std::optional<Map> m = []() -> std::optional<Map> {
    if (!std::filesystem::exists(data_path("map.yaml"))) return std::nullopt;
    auto r = Map::load(data_path("map.yaml"));
    if (!r.ok()) {
      ADD_FAILURE() << r.error().message;
      return std::nullopt;
    }
    return r.value();
  }();
  return m ? &*m : nullptr;
}

using testing::H;

Result<Scenario> parse(const std::string& text) { return Scenario::parse(text, "bad.yaml", test_map(), forces()); }

// ---- the historic and free set-ups on the real map ----

TEST(Wate1870_13_1, HistoricalFrenchSetupHasOneHundredTenSp) {
  const Map* map = real_map();
  if (!map) GTEST_SKIP() << "data/wate1870/map.yaml not there yet";
  const auto s = Scenario::load(data_path("scenarios/historical.yaml"), *map, forces());
  ASSERT_TRUE(s.ok()) << s.error().message;
  std::map<std::string, int> by_formation;
  int french = 0;
  for (const auto& p : s->sps)
    if (p.side == Side::kFrench) {
      french += p.sp;
      by_formation[p.formation] += p.sp;
    }
  // I 3+3+3+3, II 10, III 12, IV 12, V 6+3+3, VI 12, VII 6+3+3, Napoleon III + IG 28.
  EXPECT_EQ(french, 110);
  EXPECT_EQ(by_formation["F-I"], 12);
  EXPECT_EQ(by_formation["F-II"], 10);
  EXPECT_EQ(by_formation["F-V"], 12);
  EXPECT_EQ(by_formation["F-VII"], 12);
  EXPECT_EQ(by_formation["F-NAP"], 28);
  EXPECT_EQ(s->rp[index(Side::kFrench)], 25);
  EXPECT_EQ(s->force_pool[index(Side::kFrench)], (std::vector<std::string>{"F-XII", "F-XIII"}));
}

TEST(Wate1870_13_2, HistoricalGermanSetupPerArmy) {
  const Map* map = real_map();
  if (!map) GTEST_SKIP() << "data/wate1870/map.yaml not there yet";
  const auto s = Scenario::load(data_path("scenarios/historical.yaml"), *map, forces());
  ASSERT_TRUE(s.ok()) << s.error().message;
  // Which army each placed German HQ belongs to, by its set-up area (13.2).
  std::map<std::string, int> army_sp;
  for (const auto& p : s->sps) {
    if (p.side != Side::kGerman) continue;
    ASSERT_TRUE(p.area.has_value());
    ASSERT_TRUE(p.area->centre.has_value());
    const std::string c = p.area->centre->id();
    const std::string army = c == "2304" ? "1st" : c == "2504" ? "2nd" : "3rd";
    army_sp[army] += p.sp;
  }
  EXPECT_EQ(army_sp["1st"], 28);  // 12 + VII 8 + VIII 8; I Corps in the pool (GAP-W-33)
  EXPECT_EQ(army_sp["2nd"], 68);  // 12 + 6 corps x 8 + 5, 6 CD x 4
  EXPECT_EQ(army_sp["3rd"], 56);  // 12 + 4 corps x 8 + Wu, Ba, 4 CD x 4
  EXPECT_EQ(s->rp[index(Side::kGerman)], 35);
  EXPECT_EQ(s->force_pool[index(Side::kGerman)], (std::vector<std::string>{"G-I", "G-1CD", "G-4A"}));
}

TEST(Wate1870_13_3, HistoricalStartFrenchFirstActivationSaarbruckenFrenchVpEleven) {
  const Map* map = real_map();
  if (!map) GTEST_SKIP() << "data/wate1870/map.yaml not there yet";
  const auto s = Scenario::load(data_path("scenarios/historical.yaml"), *map, forces());
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->first_activation, Side::kFrench);
  EXPECT_EQ(s->vp, 11);
  EXPECT_EQ(s->turn, 1);
  EXPECT_EQ(s->last_turn, 20);
  EXPECT_FALSE(s->free_setup);
  ASSERT_EQ(s->control.size(), 1u);
  EXPECT_EQ(s->control[0].hex, H("2306"));
  EXPECT_EQ(s->control[0].side, Side::kFrench);
  // Every HQ counter is either placed or in a pool, exactly once.
  std::size_t counted = s->hqs.size() + s->force_pool[0].size() + s->force_pool[1].size();
  EXPECT_EQ(counted, forces().hqs().size());
  // Napoleon III, the IG and the 28 SP are east of the Moselle by 2107.
  for (const auto& p : s->sps) {
    if (p.formation == "F-NAP") {
      EXPECT_TRUE(p.area && p.area->east_of == std::string("Moselle"));
    }
  }
}

TEST(Wate1870_14_0, FreeSetupSameForcesEachInItsOwnCountry) {
  const Map* map = real_map();
  if (!map) GTEST_SKIP() << "data/wate1870/map.yaml not there yet";
  const auto s = Scenario::load(data_path("scenarios/free.yaml"), *map, forces());
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_TRUE(s->free_setup);
  EXPECT_FALSE(s->first_activation.has_value());  // GAP-W-34: roll initiative
  int sp[2] = {0, 0};
  for (const auto& p : s->sps) {
    sp[index(p.side)] += p.sp;
    ASSERT_TRUE(p.area && p.area->country);
    EXPECT_EQ(*p.area->country, p.side == Side::kFrench ? Country::kFrance : Country::kGermany);
  }
  EXPECT_EQ(sp[0], 110);
  EXPECT_EQ(sp[1], 152);
  EXPECT_TRUE(s->control.empty());
}

TEST(Wate1870_Scenario, EveryExampleLoads) {
  const Map* map = real_map();
  if (!map) GTEST_SKIP() << "data/wate1870/map.yaml not there yet";
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(data_path("scenarios/examples"))) {
    const auto s = Scenario::load(e.path().string(), *map, forces());
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
    ++n;
  }
  EXPECT_GE(n, 2);
}

// A name that is no scenario says which names there are (13.0, 14.0), not
// which file it looked for.
TEST(Wate1870_Scenario, AnUnknownNameSaysWhichScenariosThereAre) {
  const auto st = test_support::game().initial_state("histroical", {}, 1);
  ASSERT_FALSE(st.ok());
  EXPECT_EQ(st.error().code, Code::kNotFound);
  EXPECT_EQ(st.error().message,
            "there is no scenario 'histroical' in 1870: the scenarios are free, historical, or a "
            "scenario file's path");
  EXPECT_EQ(st.error().rule, "13.0");
  // A path is read as a file: its own error, with the file.
  const auto file = test_support::game().initial_state("no/such/file.yaml", {}, 1);
  ASSERT_FALSE(file.ok());
  EXPECT_NE(file.error().message.find("no/such/file.yaml"), std::string::npos);
}

// ---- reading and areas on the small test map ----

TEST(Wate1870_Scenario, AnySituationInAFewLines) {
  const auto s = parse(R"(name: "A siege of Metz"
source: "reconstructed: test"
turn: 7
phase: siege
vp: 9
rp: {French: 3, German: 20, source: "reconstructed: test"}
hqs:
  - {hq: G-2A, side: German, hex: "2107", replacement: true, source: "reconstructed: test"}
sps:
  - {side: German, sp: 14, formation: G-2A, hex: "2107", source: "reconstructed: test"}
  - {side: French, sp: 3, hex: "2107", status: demoralized, source: "reconstructed: test"}
  - {side: French, sp: 2, hex: "2207", status: disrupted, entrained: true, source: "reconstructed: test"}
control: [{hex: "2306", side: French, source: "rule 13.3"}]
destroyed_fortresses: [{hex: "2107", source: "reconstructed: test"}]
)");
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->file, "bad.yaml");
  EXPECT_EQ(s->turn, 7);
  EXPECT_EQ(s->phase, Phase::kSiege);
  EXPECT_EQ(s->vp, 9);
  EXPECT_EQ(s->rp[1], 20);
  ASSERT_EQ(s->hqs.size(), 1u);
  EXPECT_TRUE(s->hqs[0].replacement);
  EXPECT_EQ(s->hqs[0].line, 8);
  ASSERT_EQ(s->sps.size(), 3u);
  EXPECT_EQ(s->sps[1].status, Status::kDemoralized);
  EXPECT_TRUE(s->sps[2].entrained);
  EXPECT_EQ(s->sps[2].line, 12);
  EXPECT_EQ(s->destroyed_fortresses.size(), 1u);
}

TEST(Wate1870_3_5_1, MixedStatusForceOfNineSp) {
  const auto s = parse(R"(name: "3.5.1 example"
source: "rule 3.5.1"
sps:
  - {side: French, sp: 2, hex: "2206", status: good, source: "rule 3.5.1"}
  - {side: French, sp: 3, hex: "2206", status: disrupted, source: "rule 3.5.1"}
  - {side: French, sp: 4, hex: "2206", status: demoralized, source: "rule 3.5.1"}
)");
  ASSERT_TRUE(s.ok()) << s.error().message;
  int total = 0;
  for (const auto& p : s->sps) total += p.sp;
  EXPECT_EQ(total, 9);
}

TEST(Wate1870_13_1, EastOfTheMoselleInAndAdjacentToMetz) {
  SetupArea a;
  a.centre = H("2107");
  a.within = 1;
  a.east_of = "Moselle";
  a.rule = "13.1";
  for (const char* in : {"2107", "2106", "2207", "2108"}) EXPECT_TRUE(in_area(test_map(), a, H(in))) << in;
  for (const char* out : {"2006", "2007", "2008", "2206", "2208"}) EXPECT_FALSE(in_area(test_map(), a, H(out))) << out;
  a.east_of = "Rhine";  // a river not on the map matches nothing
  EXPECT_FALSE(in_area(test_map(), a, H("2107")));
}

TEST(Wate1870_13_1, EastOfTheMoselleOnTheGeneratedMap) {
  const Map* map = real_map();
  if (!map) GTEST_SKIP() << "data/wate1870/map.yaml not there yet";
  SetupArea a;
  a.centre = H("2107");
  a.within = 1;
  a.east_of = "Moselle";
  for (const char* in : {"2107", "2106", "2108", "2207"}) EXPECT_TRUE(in_area(*map, a, H(in))) << in;
  for (const char* out : {"2006", "2007", "2008"}) EXPECT_FALSE(in_area(*map, a, H(out))) << out;
}

TEST(Wate1870_13_2, AreaByDistanceAndCountry) {
  SetupArea a;
  a.centre = H("2206");
  a.within = 1;
  a.country = Country::kGermany;
  EXPECT_TRUE(in_area(test_map(), a, H("2306")));
  EXPECT_FALSE(in_area(test_map(), a, H("2308")));  // two hexes away
  EXPECT_FALSE(in_area(test_map(), a, H("2206")));  // France
  EXPECT_FALSE(in_area(test_map(), a, H("2906")));  // off the map
  a.within = 2;
  EXPECT_TRUE(in_area(test_map(), a, H("2308")));
  a.within = 0;
  a.country.reset();
  EXPECT_TRUE(in_area(test_map(), a, H("2206")));
  EXPECT_FALSE(in_area(test_map(), a, H("2107")));
  SetupArea country_only;
  country_only.country = Country::kFrance;
  EXPECT_TRUE(in_area(test_map(), country_only, H("2008")));
  EXPECT_FALSE(in_area(test_map(), country_only, H("2308")));
}

TEST(Wate1870_13_2, AreaCentreMayBeAPlaceName) {
  const auto s = parse(R"(name: "x"
source: "reconstructed: test"
sps:
  - {side: German, sp: 4, hex: "2308", area: {within: 2, of: Saarbrucken, country: G, rule: "13.2"}, source: "rule 13.2"}
)");
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->sps[0].area->centre, H("2306"));
}

// ---- malformed scenarios: kDataError, file, line, reason ----

const std::string kHead = "name: \"bad\"\nsource: \"reconstructed: test\"\n";  // lines 1-2

TEST(Wate1870_Scenario_Malformed, HexOffTheMap) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 3, hex: \"3010\", source: \"rule 13.1\"}\n"),
                    "bad.yaml", 4, "not on the map");
}

TEST(Wate1870_Scenario_Malformed, HexInNeutralTerritory) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 3, hex: \"2307\", source: \"rule 13.1\"}\n"),
                    "bad.yaml", 4, "neutral");
}

TEST(Wate1870_Scenario_Malformed, HexThatIsNotANumber) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 3, hex: \"Metz\", source: \"rule 13.1\"}\n"),
                    "bad.yaml", 4, "not a hex number");
}

TEST(Wate1870_Scenario_Malformed, UnknownHq) {
  expect_data_error(parse(kHead + "hqs:\n  - {hq: F-XIV, hex: \"2107\", source: \"rule 13.1\"}\n"), "bad.yaml", 4,
                    "no HQ 'F-XIV'");
}

TEST(Wate1870_Scenario_Malformed, HqOfTheWrongSide) {
  expect_data_error(parse(kHead + "hqs:\n  - {hq: G-2A, side: French, hex: \"2107\", source: \"rule 13.2\"}\n"),
                    "bad.yaml", 4, "G-2A is German");
}

TEST(Wate1870_Scenario_Malformed, FormationOfTheOtherSide) {
  expect_data_error(
      parse(kHead + "sps:\n  - {side: French, sp: 3,\n     formation: G-VII, hex: \"2107\", source: \"rule 13.1\"}\n"),
      "bad.yaml", 5, "formation G-VII is German");
}

TEST(Wate1870_Scenario_Malformed, HqPlacedTwice) {
  expect_data_error(parse(kHead + "hqs:\n  - {hq: F-III, hex: \"2206\", source: \"rule 13.1\"}\n"
                                  "  - {hq: F-III, hex: \"2107\", source: \"rule 13.1\"}\n"),
                    "bad.yaml", 5, "F-III is already placed");
}

TEST(Wate1870_Scenario_Malformed, HqBothInTheForcePoolAndOnTheMap) {
  expect_data_error(parse(kHead + "force_pool: {French: [F-XII], source: \"rule 13.1\"}\n"
                                  "hqs:\n  - {hq: F-XII, hex: \"2107\", source: \"rule 13.1\"}\n"),
                    "bad.yaml", 5, "F-XII is already placed or in a force pool");
}

TEST(Wate1870_Scenario_Malformed, ForcePoolOfTheWrongSide) {
  expect_data_error(parse(kHead + "force_pool:\n  French: [F-XII,\n    G-I]\n  source: \"rule 13.1\"\n"), "bad.yaml", 5,
                    "listed in the French force pool");
}

TEST(Wate1870_Scenario_Malformed, NoStrengthPoints) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 0, hex: \"2107\", source: \"rule 13.1\"}\n"),
                    "bad.yaml", 4, "'sp' is 0");
}

TEST(Wate1870_Scenario_Malformed, TurnAfterTheLastTurn) {
  expect_data_error(parse(kHead + "last_turn: {value: 20, source: \"reconstructed: GAP-W-01\"}\nturn: 21\n"), "bad.yaml",
                    4, "after the last turn");
}

TEST(Wate1870_Scenario_Malformed, UnknownPhase) {
  expect_data_error(parse(kHead + "phase: combat\n"), "bad.yaml", 3, "unknown phase 'combat'");
}

TEST(Wate1870_Scenario_Malformed, UnknownStatus) {
  expect_data_error(
      parse(kHead + "sps:\n  - {side: French, sp: 2, hex: \"2107\", status: routed, source: \"rule 3.5\"}\n"),
      "bad.yaml", 4, "unknown status 'routed'");
}

TEST(Wate1870_Scenario_Malformed, VictoryPointsAtAnAutomaticVictory) {
  expect_data_error(parse(kHead + "vp: {value: 20, source: \"rule 11.0\"}\n"), "bad.yaml", 3, "'vp' is 20");
}

TEST(Wate1870_Scenario_Malformed, DefaultHexOutsideItsArea) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 12, hex: \"2007\",\n"
                                  "     area: {within: 1, of: \"2107\", east_of: Moselle, rule: \"13.1\"}, source: \"rule 13.1\"}\n"),
                    "bad.yaml", 4, "outside its set-up area (rule 13.1)");
}

TEST(Wate1870_Scenario_Malformed, AreaNamingAnUnknownRiver) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 12, hex: \"2107\",\n"
                                  "     area: {within: 1, of: \"2107\", east_of: Mosel, rule: \"13.1\"}, source: \"rule 13.1\"}\n"),
                    "bad.yaml", 5, "no river 'Mosel'");
}

TEST(Wate1870_Scenario_Malformed, OpposingSpInAnOpenHex) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 2, hex: \"2106\", source: \"rule 13.1\"}\n"
                                  "  - {side: German, sp: 2, hex: \"2106\", source: \"rule 13.2\"}\n"),
                    "bad.yaml", 4, "not a fortress");
}

TEST(Wate1870_Scenario_Malformed, EntrainedAwayFromTheRailway) {
  expect_data_error(
      parse(kHead + "sps:\n  - {side: French, sp: 2, hex: \"2106\", entrained: true, source: \"rule 7.1.3\"}\n"),
      "bad.yaml", 4, "no railway");
}

TEST(Wate1870_Scenario_Malformed, ControlOfOwnCountry) {
  expect_data_error(parse(kHead + "control: [{hex: \"2107\", side: French, source: \"rule 3.7\"}]\n"), "bad.yaml", 3,
                    "already");
}

TEST(Wate1870_Scenario_Malformed, DestroyingANonFortress) {
  expect_data_error(parse(kHead + "destroyed_fortresses:\n  - {hex: \"2206\", source: \"rule 9.0\"}\n"), "bad.yaml", 4,
                    "has no fortress");
}

TEST(Wate1870_Scenario_Malformed, FreeSetupPlacementWithoutArea) {
  expect_data_error(parse(kHead + "free_setup: true\nsps:\n  - {side: French, sp: 2, hex: \"2106\", source: \"rule 14.0\"}\n"),
                    "bad.yaml", 5, "needs an 'area'");
}

TEST(Wate1870_Scenario_Malformed, PlacementWithoutSource) {
  expect_data_error(parse(kHead + "sps:\n  - {side: French, sp: 2, hex: \"2106\"}\n"), "bad.yaml", 4,
                    "missing 'source'");
}

TEST(Wate1870_Scenario_Malformed, MissingFileIsADataError) {
  expect_data_error(Scenario::load("/nonexistent/s.yaml", test_map(), forces()), "/nonexistent/s.yaml", 0,
                    "cannot open");
}

// WateGame keeps each scenario it parsed (game.cpp), so a study parses its
// file once. A file changed on disk is read afresh: never a stale set-up, and a
// damaged file is reported with its line even after a good one was kept.
TEST(Wate1870_Scenario, AGameReadsAScenarioFileAgainWhenItChanges) {
  auto game = WateGame::load();
  ASSERT_TRUE(game.ok()) << game.error().message;
  std::ifstream in(data_path("scenarios/historical.yaml"));
  std::stringstream text;
  text << in.rdbuf();
  const std::string historical = text.str();
  const std::string path = ::testing::TempDir() + "reisswitz-scenario-kept.yaml";
  auto write = [&](const std::string& t) { std::ofstream(path, std::ios::trunc) << t; };
  auto vp_of = [&]() -> int {
    auto st = (*game)->initial_state(path, {}, 1);
    if (!st.ok()) {
      ADD_FAILURE() << st.error().message;
      return -1;
    }
    return static_cast<const WateState&>(**st).vp();
  };

  write(historical);
  const auto first = (*game)->initial_state(path, {}, 1);
  const auto again = (*game)->initial_state(path, {}, 1);
  ASSERT_TRUE(first.ok() && again.ok());
  EXPECT_EQ((*first)->hash(), (*again)->hash());
  EXPECT_EQ((*first)->serialize(), (*again)->serialize());
  EXPECT_EQ(vp_of(), 11);

  write(testing::replace_once(historical, "vp: {value: 11,", "vp: {value: 9,"));
  EXPECT_EQ(vp_of(), 9);

  const std::string damaged = testing::replace_once(historical, "turn: 1\n", "turn: first\n");
  write(damaged);
  expect_data_error((*game)->initial_state(path, {}, 1), path, line_of(damaged, "turn: first"),
                    "turn");

  write(historical);
  EXPECT_EQ(vp_of(), 11);
  std::filesystem::remove(path);
  EXPECT_EQ((*game)->initial_state(path, {}, 1).error().code, Code::kDataError);
}

}  // namespace
}  // namespace rz::wate1870
