// Tables of 1870 (data/wate1870/tables.yaml): the printed examples, every
// lookup at its edges, and malformed files reported with file and line.
#include "rules/wate1870/tables.hpp"

#include <gtest/gtest.h>

#include "data/yaml_file.hpp"
#include "data_test_util.hpp"

namespace rz::wate1870 {
namespace {

using testing::data_path;
using testing::expect_data_error;
using testing::line_of;
using testing::read_text;
using testing::replace_once;

const Tables& tables() {
  static const Tables t = [] {
    auto r = Tables::load(data_path("tables.yaml"));
    if (!r.ok()) ADD_FAILURE() << r.error().message;
    return r.ok() ? r.value() : Tables{};
  }();
  return t;
}

int clear_shift() { return tables().crm_shift(Terrain::kClear, false, false, false); }

TEST(Wate1870_8_3, CrmExampleNineteenAgainstSixInClearIsPlusThreeMinusThree) {
  const CrmDrm d = tables().crm_drm(19, 6, clear_shift());
  EXPECT_EQ(d.attacker, 3);
  EXPECT_EQ(d.defender, -3);
  EXPECT_EQ(d.column, "3:1");
}

TEST(Wate1870_8_3, CrmRemainderIsIgnoredBothWays) {
  EXPECT_EQ(tables().crm_drm(17, 6, 0).attacker, 2);   // 2:1
  EXPECT_EQ(tables().crm_drm(6, 17, 0).attacker, -2);  // 1:2
  EXPECT_EQ(tables().crm_drm(10, 11, 0).column, "1:1");
  EXPECT_EQ(tables().crm_drm(11, 10, 0).column, "1:1");
  EXPECT_EQ(tables().crm_drm(6, 19, 0).column, "1:3");
}

TEST(Wate1870_8_3, CrmEndColumnsTakeEveryLargerRatio) {
  EXPECT_EQ(tables().crm_drm(60, 1, 0).attacker, 6);
  EXPECT_EQ(tables().crm_drm(1, 60, 0).attacker, -6);
  EXPECT_EQ(tables().crm_drm(5, 0, 0).attacker, 6);   // nothing left to defend
  EXPECT_EQ(tables().crm_drm(0, 5, 0).attacker, -6);  // a march attack halved to 0
  EXPECT_EQ(tables().crm_drm(0, 0, 0).attacker, 0);
  EXPECT_EQ(tables().crm_drm(-3, 4, 0).attacker, -6);
}

TEST(Wate1870_8_3, CrmShiftsClampAtTheEnds) {
  EXPECT_EQ(tables().crm_drm(19, 6, -20).attacker, -6);
  EXPECT_EQ(tables().crm_drm(19, 6, 20).attacker, 6);
  EXPECT_EQ(tables().crm_drm(60, 1, 1).attacker, 6);
}

TEST(Wate1870_8_3, CrmTerrainShiftsFollowGapW03) {
  const Tables& t = tables();
  EXPECT_EQ(t.crm_shift(Terrain::kClear, false, false, false), 0);
  EXPECT_EQ(t.crm_shift(Terrain::kForest, false, false, false), -1);
  EXPECT_EQ(t.crm_shift(Terrain::kRough, false, false, false), -1);
  EXPECT_EQ(t.crm_shift(Terrain::kMountain, false, false, false), -2);
  EXPECT_EQ(t.crm_shift(Terrain::kClear, true, false, false), -1);    // town
  EXPECT_EQ(t.crm_shift(Terrain::kClear, false, true, false), -1);    // fortress
  EXPECT_EQ(t.crm_shift(Terrain::kForest, true, true, false), -1);    // no stacking (ruling T-2)
  EXPECT_EQ(t.crm_shift(Terrain::kMountain, true, false, false), -2);
  EXPECT_EQ(t.crm_shift(Terrain::kClear, false, false, true), -1);    // river
  EXPECT_EQ(t.crm_shift(Terrain::kMountain, false, true, true), -3);
  // 19 against 6 (3:1): forest 2:1, mountain 1:1, mountain behind a river 1:2.
  EXPECT_EQ(t.crm_drm(19, 6, t.crm_shift(Terrain::kForest, false, false, false)).attacker, 2);
  EXPECT_EQ(t.crm_drm(19, 6, t.crm_shift(Terrain::kMountain, false, false, false)).attacker, 0);
  EXPECT_EQ(t.crm_drm(19, 6, t.crm_shift(Terrain::kMountain, false, false, true)).attacker, -2);
}

TEST(Wate1870_8_3, CrmEveryRatioAndTerrainIsZeroSumAndMonotone) {
  const Tables& t = tables();
  for (Terrain terr : {Terrain::kClear, Terrain::kForest, Terrain::kRough, Terrain::kMountain})
    for (int town = 0; town < 2; ++town)
      for (int river = 0; river < 2; ++river) {
        const int shift = t.crm_shift(terr, town, false, river);
        int prev = -100;
        for (int a = 1; a <= 80; ++a) {
          const CrmDrm d = t.crm_drm(a, 12, shift);
          EXPECT_EQ(d.attacker, -d.defender);
          EXPECT_GE(d.attacker, prev) << terrain_name(terr) << " " << a << ":12";
          EXPECT_LE(d.attacker, t.crm_drm(a, 12, 0).attacker);  // terrain never helps the attacker
          prev = d.attacker;
        }
      }
  EXPECT_EQ(t.crm_columns().size(), 11u);
}

TEST(Wate1870_7_1, TerrainEffectsChartMovementCosts) {
  EXPECT_EQ(tables().mp_cost(Terrain::kClear), 1);
  EXPECT_EQ(tables().mp_cost(Terrain::kForest), 2);
  EXPECT_EQ(tables().mp_cost(Terrain::kRough), 2);
  EXPECT_EQ(tables().mp_cost(Terrain::kMountain), 3);
  EXPECT_EQ(tables().river_mp(), 1);                // 12.4
  EXPECT_EQ(tables().civilian_resistance_mp(), 1);  // 12.1
}

TEST(Wate1870_7_1_2, CftShiftsClearAndFrenchFortressRightMountainAndGermanFortressLeft) {
  const Tables& t = tables();
  EXPECT_EQ(t.cft_shift(Terrain::kClear, std::nullopt), 1);
  EXPECT_EQ(t.cft_shift(Terrain::kForest, std::nullopt), 0);
  EXPECT_EQ(t.cft_shift(Terrain::kRough, std::nullopt), 0);
  EXPECT_EQ(t.cft_shift(Terrain::kMountain, std::nullopt), -1);
  EXPECT_EQ(t.cft_shift(Terrain::kMountain, Country::kFrance), 1);  // fortress decides (T-4)
  EXPECT_EQ(t.cft_shift(Terrain::kClear, Country::kGermany), -1);
}

TEST(Wate1870_7_1_2, CftBandEdgesInTheNineToTwelveColumn) {
  const Tables& t = tables();
  const int cases[][2] = {{11, 1}, {36, 1}, {41, 1}, {53, 1}, {54, 2}, {63, 2}, {64, 3}, {66, 3}};
  for (const auto& c : cases) {
    const CftResult r = t.cft_lp(10, 0, c[0]);
    EXPECT_EQ(r.column, "9-12");
    EXPECT_EQ(r.lp, c[1]) << c[0];
    EXPECT_EQ(r.hq_check, c[0] >= 64) << c[0];
  }
  EXPECT_EQ(t.cft_lp(10, 0, 36).band, "A");
  EXPECT_EQ(t.cft_lp(10, 0, 41).band, "B");
}

TEST(Wate1870_7_1_2, CftColumnEdgesAndShifts) {
  const Tables& t = tables();
  EXPECT_EQ(t.cft_lp(1, 0, 54).column, "1-2");
  EXPECT_EQ(t.cft_lp(2, 0, 54).column, "1-2");
  EXPECT_EQ(t.cft_lp(3, 0, 54).column, "3-5");
  EXPECT_EQ(t.cft_lp(24, 0, 66).lp, 4);
  EXPECT_EQ(t.cft_lp(24, 1, 11).column, "25+");
  EXPECT_EQ(t.cft_lp(25, 0, 11).lp, 2);
  EXPECT_EQ(t.cft_lp(500, 3, 11).column, "25+");  // clamps right
  const CftResult left = t.cft_lp(1, -1, 64);     // left of the first column
  EXPECT_EQ(left.column, "0*");
  EXPECT_EQ(left.lp, 1);
  EXPECT_TRUE(left.hq_check);
  EXPECT_EQ(t.cft_lp(2, -5, 54).lp, 0);  // clamps left
  const CftResult none = t.cft_lp(0, 1, 66);
  EXPECT_EQ(none.lp, 0);
  EXPECT_FALSE(none.hq_check);
}

TEST(Wate1870_7_1_2, CftBandsCoverElevenToSixtySixExactly) {
  int covered = 0;
  for (int v = 11; v <= 66; ++v) {
    if (!Tables::is_d66(v)) continue;
    int hits = 0;
    for (const auto& b : tables().cft_bands()) hits += v >= b.from && v <= b.to;
    EXPECT_EQ(hits, 1) << v;
    ++covered;
  }
  EXPECT_EQ(covered, 36);
  EXPECT_FALSE(Tables::is_d66(10));
  EXPECT_FALSE(Tables::is_d66(17));
  EXPECT_FALSE(Tables::is_d66(70));
  EXPECT_FALSE(Tables::is_d66(0));
}

TEST(Wate1870_12_3, MitrailleuseDoublesOtherThanElevenAndJamsOnElevenToThirteen) {
  EXPECT_TRUE(tables().mitrailleuse_extra_roll(22));
  EXPECT_TRUE(tables().mitrailleuse_extra_roll(66));
  EXPECT_FALSE(tables().mitrailleuse_extra_roll(11));
  EXPECT_FALSE(tables().mitrailleuse_extra_roll(12));
  EXPECT_TRUE(tables().mitrailleuse_jam(11));
  EXPECT_TRUE(tables().mitrailleuse_jam(13));
  EXPECT_FALSE(tables().mitrailleuse_jam(14));
}

TEST(Wate1870_9_1, SiegeAssaultDrmByRatioCappedAtFiveToOne) {
  const Tables& t = tables();
  EXPECT_FALSE(t.sa_drm(15, 8, false).has_value());  // 1:1, no SA roll
  EXPECT_EQ(t.sa_drm(16, 8, false), 0);
  EXPECT_EQ(t.sa_drm(24, 8, false), 1);
  EXPECT_EQ(t.sa_drm(32, 8, false), 2);
  EXPECT_EQ(t.sa_drm(40, 8, false), 3);
  EXPECT_EQ(t.sa_drm(80, 8, false), 3);  // GAP-W-21 cap
  EXPECT_EQ(t.sa_drm(16, 8, true), 1);   // German army HQ +1
  EXPECT_EQ(t.sa_drm(80, 8, true), 4);
  EXPECT_FALSE(t.sa_drm(0, 3, true).has_value());
  EXPECT_TRUE(t.under_siege(6, 3));
  EXPECT_FALSE(t.under_siege(5, 3));
  EXPECT_TRUE(t.counts_for_loc(3, 3));  // 9.0: 1:1
  EXPECT_FALSE(t.counts_for_loc(2, 3));
}

TEST(Wate1870_8_4, ArtilleryCostExampleElevenSpFrenchElevenGermanSix) {
  EXPECT_EQ(tables().artillery_cost(Side::kFrench, 11), 11);
  EXPECT_EQ(tables().artillery_cost(Side::kGerman, 11), 6);
  EXPECT_EQ(tables().artillery_cost(Side::kGerman, 12), 6);
  EXPECT_EQ(tables().artillery_cost(Side::kGerman, 1), 1);
  EXPECT_EQ(tables().artillery_cost(Side::kFrench, 0), 0);
}

TEST(Wate1870_6_0, ResourcePointIncomeCapAndCosts) {
  const Tables& t = tables();
  EXPECT_EQ(t.rp_income(Side::kFrench), 10);  // 6.1
  EXPECT_EQ(t.rp_income(Side::kGerman), 14);
  EXPECT_EQ(t.rp_cap(), 99);
  EXPECT_EQ(t.mobilise_sp_cost(Side::kFrench), 2);  // 6.2
  EXPECT_EQ(t.mobilise_sp_cost(Side::kGerman), 1);
  EXPECT_EQ(t.mobilise_hq_cost(Side::kFrench), 5);
  EXPECT_EQ(t.mobilise_hq_cost(Side::kGerman), 5);
  EXPECT_EQ(t.mobilise_sp_per_hex(Side::kFrench), 1);
  EXPECT_EQ(t.mobilise_sp_per_hex(Side::kGerman), 2);
  EXPECT_EQ(t.mobilise_hq_per_hex(Side::kGerman), 1);
  EXPECT_EQ(t.mobilise_min_distance(Side::kFrench), 3);
  EXPECT_EQ(t.mobilise_min_distance(Side::kGerman), 2);
  EXPECT_EQ(t.rally_cost(), 1);     // 7.3
  EXPECT_EQ(t.recovery_cost(), 1);  // 10.0
}

TEST(Wate1870_7_1_3, RailFrenchPayOneRpPerSpAndMoveThreeSpGermansHomeOnly) {
  const RailRules& f = tables().rail(Side::kFrench);
  EXPECT_EQ(f.rp_per_sp, 1);
  EXPECT_EQ(f.max_sp_per_turn, 3);
  EXPECT_TRUE(f.hq_free);
  EXPECT_FALSE(f.home_only);
  EXPECT_EQ(f.entrain_mp + f.ride_mp + f.detrain_mp, 3);
  const RailRules& g = tables().rail(Side::kGerman);
  EXPECT_EQ(g.rp_per_sp, 0);  // GAP-W-25
  EXPECT_FALSE(g.max_sp_per_turn.has_value());
  EXPECT_TRUE(g.home_only);
}

TEST(Wate1870_3_6_2, CommandLimits) {
  const Tables& t = tables();
  EXPECT_EQ(t.command_limit(Side::kFrench, Rank::kDivision), 4);
  EXPECT_EQ(t.command_limit(Side::kFrench, Rank::kCorps), 12);
  EXPECT_EQ(t.command_limit(Side::kFrench, Rank::kArmy), 16);
  EXPECT_EQ(t.inherent_command_limit(Side::kFrench), 4);
  EXPECT_EQ(t.command_limit(Side::kGerman, Rank::kDivision), 4);
  EXPECT_EQ(t.command_limit(Side::kGerman, Rank::kCorps), 8);
  EXPECT_EQ(t.command_limit(Side::kGerman, Rank::kArmy), 12);
  EXPECT_EQ(t.inherent_command_limit(Side::kGerman), 3);
}

TEST(Wate1870_11_0, GameLengthAndVictoryOnPoints) {
  const Tables& t = tables();
  EXPECT_EQ(t.last_turn(), 20);  // GAP-W-01
  EXPECT_EQ(t.vp_start(), 11);   // 13.0
  EXPECT_EQ(t.auto_winner(20), Side::kFrench);
  EXPECT_EQ(t.auto_winner(0), Side::kGerman);
  EXPECT_FALSE(t.auto_winner(19).has_value());
  EXPECT_FALSE(t.auto_winner(1).has_value());
  EXPECT_EQ(t.winner_on_points(12), Side::kFrench);
  EXPECT_EQ(t.winner_on_points(10), Side::kGerman);
  EXPECT_FALSE(t.winner_on_points(11).has_value());  // a draw
}

TEST(Wate1870_11_0, VictoryPointAwardsWithFrenchTownSignFixed) {
  const Tables& t = tables();
  EXPECT_EQ(t.vp_town(Country::kGermany, Side::kFrench), 1);
  EXPECT_EQ(t.vp_town(Country::kGermany, Side::kGerman), -1);
  EXPECT_EQ(t.vp_town(Country::kFrance, Side::kGerman), -1);  // GAP-W-28
  EXPECT_EQ(t.vp_town(Country::kFrance, Side::kFrench), 1);
  EXPECT_EQ(t.vp_town(Country::kBelgium, Side::kFrench), 0);
  EXPECT_EQ(t.vp_fortress_destroyed(Country::kGermany, 3), 2);
  EXPECT_EQ(t.vp_fortress_destroyed(Country::kFrance, 2), 0);
  EXPECT_EQ(t.vp_fortress_destroyed(Country::kFrance, 3), -1);
  EXPECT_EQ(t.vp_fortress_destroyed(Country::kFrance, 4), -1);
  EXPECT_EQ(t.vp_fortress_destroyed(Country::kFrance, 5), -2);
  EXPECT_EQ(t.vp_fortress_destroyed(Country::kFrance, 6), -2);
  EXPECT_EQ(t.vp_major_battle(15, Side::kFrench), 0);
  EXPECT_EQ(t.vp_major_battle(16, Side::kFrench), 1);
  EXPECT_EQ(t.vp_major_battle(16, Side::kGerman), -1);
  EXPECT_EQ(t.vp_casualties(5, 7), 0);  // +2 -2
  EXPECT_EQ(t.vp_casualties(1, 2), 0);  // remainders ignored
  EXPECT_EQ(t.vp_casualties(4, 0), 2);
  EXPECT_EQ(t.vp_casualties(0, 3), -1);
}

TEST(Wate1870_Tables, EverySectionCarriesAValidSource) {
  ASSERT_FALSE(tables().sources().empty());
  for (const auto& [key, src] : tables().sources()) EXPECT_TRUE(data::valid_source(src)) << key << ": " << src;
  EXPECT_NE(tables().sources().at("crm.3:1").find("rule 8.3"), std::string::npos);
}

// ---- malformed tables files: each is a kDataError naming file, line and reason ----

const std::string kFile = "tables-bad.yaml";
std::string shipped() { return read_text(data_path("tables.yaml")); }

TEST(Wate1870_Tables_Malformed, CrmColumnMissingIsAGap) {
  const std::string text = replace_once(shipped(), "    - {ratio: \"1:4\", drm: -4}\n", "");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "{ratio: \"1:3\""), "without a gap");
}

TEST(Wate1870_Tables_Malformed, CrmDrmsMustRise) {
  const std::string text = replace_once(shipped(), "{ratio: \"5:1\", drm: 5}", "{ratio: \"5:1\", drm: 4}");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "{ratio: \"5:1\""), "larger DRM");
}

TEST(Wate1870_Tables_Malformed, CftBandsWithAGapAreRejected) {
  const std::string text = replace_once(shipped(), "{band: B, from: 41", "{band: B, from: 42");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "{band: B"), "must start at 41");
}

TEST(Wate1870_Tables_Malformed, CftBandEndingOnANonD66NumberIsRejected) {
  const std::string text = replace_once(shipped(), "{band: A, from: 11, to: 36}", "{band: A, from: 11, to: 37}");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "{band: A"), "37 is not a d66 number");
}

TEST(Wate1870_Tables_Malformed, CftColumnWithTooFewLossValues) {
  const std::string text = replace_once(shipped(), "lp: [0, 1, 1, 2]", "lp: [0, 1, 1]");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "lp: [0, 1, 1]"), "has 3 LP values");
}

TEST(Wate1870_Tables_Malformed, DuplicateTerrainRow) {
  const std::string dup = "  - {terrain: forest, mp: 2, crm_shift: -1, cft_shift: 0, source: \"reconstructed: a second row\"}";
  const std::string text = replace_once(shipped(), "  - {terrain: rough,", dup + "\n  - {terrain: rough,");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, dup), "listed twice");
}

TEST(Wate1870_Tables_Malformed, NegativeMobilisationCost) {
  const std::string text = replace_once(shipped(), "mobilise_sp:           {French: 2", "mobilise_sp:           {French: -2");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "mobilise_sp:"), "must be from 0");
}

TEST(Wate1870_Tables_Malformed, UnknownKeyInASection) {
  const std::string text = replace_once(shipped(), "  cap:  ", "  capp: ");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "capp:"), "unknown key 'capp'");
}

TEST(Wate1870_Tables_Malformed, MissingTerrainRow) {
  const std::string text = replace_once(shipped(), "  - {terrain: mountain,", "  # - {terrain: mountain,");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "  - {terrain: clear"), "'mountain' has no row");
}

// 12.3: the fuzzing of session 30 found these accepted, and the odds changed with them.
TEST(Wate1870_Tables_Malformed, MitrailleuseJamsRunningBackwardsAreRefused) {
  const std::string text =
      replace_once(shipped(), "jam_from: 11, jam_to: 13", "jam_from: 13, jam_to: 11");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "mitrailleuse:"),
                    "the jam range runs from 13 down to 11; 'jam_to' must not be below 'jam_from'");
}

TEST(Wate1870_Tables_Malformed, MitrailleuseJamOnANumberNoD66RollGivesIsRefused) {
  const std::string text =
      replace_once(shipped(), "jam_from: 11, jam_to: 13", "jam_from: 19, jam_to: 29");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "mitrailleuse:"),
                    "'jam_from' is 19, not a d66 roll");
}

TEST(Wate1870_Tables_Malformed, MitrailleuseExceptionThatIsNoDoubleIsRefused) {
  const std::string text = replace_once(shipped(), "no_extra_roll_on: 11", "no_extra_roll_on: 12");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "mitrailleuse:"),
                    "'no_extra_roll_on' is 12; it must be a double (11, 22 ... 66) (rule 12.3)");
}

// A range left short is reported where it ends, not at the top of its list.
TEST(Wate1870_Tables_Malformed, CftBandsStoppingShortAreReportedAtTheLastBand) {
  const std::string text =
      replace_once(shipped(), "{band: D, from: 64, to: 66}", "{band: D, from: 64, to: 65}");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "{band: D"),
                    "the CFT bands stop before 66");
}

TEST(Wate1870_Tables_Malformed, ALastCftColumnWithAnEndIsReportedAtThatColumn) {
  const std::string text = replace_once(shipped(), "{column: \"25+\",   min_sp: 25,            ",
                                        "{column: \"25+\",   min_sp: 25, max_sp: 30,");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "{column: \"25+\""),
                    "the last CFT column must be open-ended");
}

TEST(Wate1870_Tables_Malformed, SrBandsStoppingShortAreReportedAtTheLastBand) {
  const std::string text = replace_once(shipped(), "sr_max: 6", "sr_max: 5");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "sr_max: 5"),
                    "SR bands must cover SR 1 to 6");
}

// yaml-cpp keeps the first of two equal keys and drops the other without a word.
TEST(Wate1870_Tables_Malformed, AKeyGivenTwiceInAMappingIsRefusedWhereItIsRepeated) {
  const std::string text = replace_once(shipped(), "artillery_divisor:     {French: 1, German: 2,",
                                        "artillery_divisor:     {French: 1, German: 2, German: 9,");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "artillery_divisor:"),
                    "the key 'German' is given twice in the same mapping (first on line " +
                        std::to_string(line_of(text, "artillery_divisor:")) + ")");
}

TEST(Wate1870_Tables_Malformed, ASectionGivenTwiceIsRefusedAtTheSecond) {
  const std::string second = "terrain:\n  - {terrain: clear, mp: 9}\n";
  const std::string text = shipped() + second;
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, second),
                    "the key 'terrain' is given twice in the same mapping (first on line " +
                        std::to_string(line_of(text, "terrain:")) + ")");
}

TEST(Wate1870_Tables_Malformed, ASecondYamlDocumentIsRefused) {
  const std::string text = shipped() + "---\nfoo: 1\n";
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "foo: 1"),
                    "a second one starts here");
}

// A line break in a value would split the one-line message that quotes it.
TEST(Wate1870_Tables_Malformed, AControlCharacterInAValueIsRefused) {
  const std::string text = replace_once(shipped(), "{column: \"1-2\",", "{column: \"1\\n2\",");
  expect_data_error(Tables::parse(text, kFile), kFile, line_of(text, "{column: \"1\\n2"),
                    "a value must not hold a control character (a line break, a tab): '1...'");
}

TEST(Wate1870_Tables_Malformed, MissingFileIsADataErrorNotACrash) {
  const auto r = Tables::load("/nonexistent/tables.yaml");
  expect_data_error(r, "/nonexistent/tables.yaml", 0, "cannot open");
}

}  // namespace
}  // namespace rz::wate1870
