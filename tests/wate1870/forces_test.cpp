// HQ counters of 1870 (data/wate1870/forces.yaml): the rated counters of
// GAP-W-05, the inherent division HQ of 3.6.1, the limits of 3.6.2, and
// malformed files reported with file and line.
#include "rules/wate1870/forces.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "data/yaml_file.hpp"
#include "data_test_util.hpp"
#include "rules/wate1870/game_data.hpp"
#include "rules/wate1870/tables.hpp"

namespace rz::wate1870 {
namespace {

using testing::data_path;
using testing::expect_data_error;
using testing::line_of;
using testing::read_text;
using testing::replace_once;

const Forces& forces() {
  static const Forces f = [] {
    auto r = Forces::load(data_path("forces.yaml"));
    if (!r.ok()) ADD_FAILURE() << r.error().message;
    return r.ok() ? r.value() : Forces{};
  }();
  return f;
}

const HqDef& hq(const char* id) {
  static const HqDef none{};
  const HqDef* h = forces().find(id);
  if (!h) ADD_FAILURE() << "no HQ " << id;
  return h ? *h : none;
}

// 3.2 Units: SP and HQs; an HQ's reverse is its replacement leader (used after
// a casualty, 8.5.1), with ratings of its own; Napoleon III has none.
TEST(Wate1870_3_2, EveryHqHasAReplacementLeaderOnItsReverse) {
  int reverses = 0;
  for (const HqDef& h : forces().hqs()) {
    EXPECT_FALSE(h.id.empty());
    EXPECT_GT(h.front.ma, 0) << h.id;
    if (h.napoleon) continue;
    EXPECT_GT(h.replacement.ma, 0) << h.id << " has no replacement side";
    // GAP-W-05: a replacement leader attacks worse (AB -1, minimum -1).
    EXPECT_EQ(h.replacement.ab, std::max(-1, h.front.ab - 1)) << h.id;
    ++reverses;
  }
  EXPECT_EQ(reverses, static_cast<int>(forces().hqs().size()) - 1);
}

TEST(Wate1870_13_0, EveryHqCounterOfTheSetupAndForcePoolsExists) {
  for (const char* id : {"F-NAP", "F-IG", "F-I", "F-II", "F-III", "F-IV", "F-V", "F-VI", "F-VII", "F-XII", "F-XIII"}) {
    EXPECT_EQ(hq(id).side, Side::kFrench) << id;
  }
  for (const char* id : {"G-1A", "G-2A", "G-3A", "G-4A", "G-I", "G-III", "G-IV", "G-V", "G-VII", "G-VIII", "G-IX",
                         "G-X", "G-XI", "G-XII", "G-Gd", "G-IB", "G-IIB", "G-Wu", "G-Ba", "G-1CD", "G-4CD", "G-5CD",
                         "G-6CD"}) {
    EXPECT_EQ(hq(id).side, Side::kGerman) << id;
  }
  EXPECT_EQ(forces().hqs().size(), 34u);
  EXPECT_EQ(forces().find("G-II"), nullptr);  // not in the rulebook's order of battle
}

// A piece's name finds the same counter as its text: every HQ, and nothing
// for a name that is no HQ (a formation, another game's, the empty name).
TEST(Wate1870_13_0, AnHqIsFoundByItsNameAsByItsText) {
  for (const HqDef& h : forces().hqs()) EXPECT_EQ(forces().find(Name(h.id)), &h) << h.id;
  for (const char* id : {"G-II", "F-1D", "", "G-1A-x", "f-nap"}) {
    EXPECT_EQ(forces().find(Name(id)), nullptr) << id;
    EXPECT_EQ(forces().find(std::string_view(id)), nullptr) << id;
  }
}

TEST(Wate1870_3_6, RanksOfTheCounters) {
  EXPECT_EQ(hq("F-NAP").rank, Rank::kArmy);
  EXPECT_EQ(hq("F-IG").rank, Rank::kCorps);
  EXPECT_EQ(hq("F-XIII").rank, Rank::kCorps);  // "13 CR" (GAP-W-32)
  EXPECT_EQ(hq("G-4A").rank, Rank::kArmy);
  EXPECT_EQ(hq("G-IIB").rank, Rank::kCorps);
  EXPECT_EQ(hq("G-Wu").rank, Rank::kDivision);
  EXPECT_EQ(hq("G-5CD").rank, Rank::kDivision);
}

TEST(Wate1870_8_1, OnlyTheGermanCavalryDivisionsAreCavalry) {
  int cavalry = 0;
  for (const auto& h : forces().hqs()) cavalry += h.cavalry;
  EXPECT_EQ(cavalry, 4);  // GAP-W-15: 1, 4, 5, 6 CD
  EXPECT_TRUE(hq("G-1CD").cavalry);
  EXPECT_TRUE(hq("G-6CD").cavalry);
  EXPECT_FALSE(hq("G-Ba").cavalry);
}

TEST(Wate1870_8_5_1, NapoleonIsTheOnlyNapoleonAndHisReverseKeepsHisRatings) {
  int n = 0;
  for (const auto& h : forces().hqs()) n += h.napoleon;
  EXPECT_EQ(n, 1);
  const HqDef& nap = hq("F-NAP");
  EXPECT_TRUE(nap.napoleon);
  EXPECT_EQ(nap.front.ab, -1);
  EXPECT_EQ(nap.front.db, 1);
  EXPECT_EQ(nap.front.ma, 3);
  EXPECT_TRUE(nap.front.cautious);
  EXPECT_EQ(nap.replacement.ab, nap.front.ab);  // GAP-W-20: the wounded marker
  EXPECT_EQ(nap.replacement.ma, nap.front.ma);
}

TEST(Wate1870_3_6, RatingsFollowGapW05) {
  EXPECT_EQ(hq("G-1A").front.ab, 1);
  EXPECT_EQ(hq("G-1A").front.db, 1);
  EXPECT_EQ(hq("G-1A").front.ma, 5);
  EXPECT_EQ(hq("G-III").front.db, 0);
  EXPECT_EQ(hq("G-Gd").front.db, 1);
  EXPECT_EQ(hq("G-4CD").front.ma, 6);
  EXPECT_EQ(hq("G-Wu").front.ma, 4);
  EXPECT_EQ(hq("F-IG").front.ab, 1);
  EXPECT_EQ(hq("F-I").front.ma, 4);
  EXPECT_EQ(hq("F-IV").front.ma, 4);
  EXPECT_EQ(hq("F-VI").front.ma, 3);
  EXPECT_EQ(hq("F-V").front.ab, -1);
  EXPECT_EQ(hq("F-V").front.db, 0);
  for (const char* id : {"F-II", "F-III", "F-V"}) EXPECT_TRUE(hq(id).front.cautious) << id;
  for (const char* id : {"F-I", "F-IV", "F-VI", "F-VII", "F-IG", "G-1A"}) EXPECT_FALSE(hq(id).front.cautious) << id;
  EXPECT_EQ(hq("F-XII").front.db, 0);
}

TEST(Wate1870_8_5_1, ReplacementSideLosesOneAbDownToMinusOneAndFrenchTurnCautious) {
  for (const auto& h : forces().hqs()) {
    if (h.napoleon) continue;
    EXPECT_EQ(h.replacement.ab, std::max(-1, h.front.ab - 1)) << h.id;
    EXPECT_EQ(h.replacement.db, h.front.db) << h.id;
    EXPECT_EQ(h.replacement.ma, h.front.ma) << h.id;
    const bool cautious = h.side == Side::kFrench || h.front.cautious;
    EXPECT_EQ(h.replacement.cautious, cautious) << h.id;
  }
  EXPECT_EQ(&Forces::ratings(hq("G-2A"), true), &hq("G-2A").replacement);
}

TEST(Wate1870_3_6_1, InherentDivisionHqOfEachSide) {
  const InherentHq& f = forces().inherent(Side::kFrench);
  EXPECT_EQ(f.ratings.ab, 0);
  EXPECT_EQ(f.ratings.db, 1);
  EXPECT_EQ(f.ratings.ma, 3);
  EXPECT_EQ(f.max_sp, 4);
  EXPECT_EQ(f.command_limit, 4);
  const InherentHq& g = forces().inherent(Side::kGerman);
  EXPECT_EQ(g.ratings.ab, 0);
  EXPECT_EQ(g.ratings.db, 0);
  EXPECT_EQ(g.ratings.ma, 4);
  EXPECT_EQ(g.max_sp, 3);
  EXPECT_EQ(g.command_limit, 3);
  EXPECT_EQ(forces().mobilised(Side::kGerman).command_limit, 4);  // GAP-W-05
  EXPECT_EQ(forces().mobilised(Side::kFrench).ratings.db, 1);
}

TEST(Wate1870_3_6_2, EveryCommandLimitAgreesWithTheTables) {
  const auto t = Tables::load(data_path("tables.yaml"));
  ASSERT_TRUE(t.ok()) << t.error().message;
  for (const auto& h : forces().hqs()) EXPECT_EQ(h.command_limit, t->command_limit(h.side, h.rank)) << h.id;
  for (Side s : {Side::kFrench, Side::kGerman})
    EXPECT_EQ(forces().inherent(s).command_limit, t->inherent_command_limit(s));
  EXPECT_EQ(hq("F-NAP").command_limit + hq("F-IG").command_limit, 28);  // 13.1: 28 SP with them
}

TEST(Wate1870_Forces, EveryHqCarriesAValidSourceAndLine) {
  for (const auto& h : forces().hqs()) {
    EXPECT_TRUE(data::valid_source(h.source)) << h.id;
    EXPECT_GT(h.line, 0) << h.id;
    EXPECT_FALSE(h.name.empty()) << h.id;
  }
}

// ---- malformed forces files ----

const std::string kFile = "forces-bad.yaml";
std::string shipped() { return read_text(data_path("forces.yaml")); }

TEST(Wate1870_Forces_Malformed, YamlSyntaxError) {
  const std::string text = "source: \"rule 3.6\"\ninherent: {French: {ab: 0\nhqs: []\n";
  const auto r = Forces::parse(text, kFile);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Code::kDataError);
  EXPECT_EQ(r.error().message.rfind(kFile + ":", 0), 0u) << r.error().message;
  EXPECT_NE(r.error().message.find("not valid YAML"), std::string::npos) << r.error().message;
}

// 3.6.1, 3.6.2: the session 30 fuzzing found a French inherent max_sp of 9
// accepted beside its command limit of 4; games then used the 9.
TEST(Wate1870_Forces_Malformed, AnInherentMaxSpThatIsNotItsCommandLimitIsRefused) {
  const std::string text =
      replace_once(shipped(), "max_sp: 4, command_limit: 4", "max_sp: 9, command_limit: 4");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "max_sp: 9"),
                    "the inherent division HQ's max_sp (9) must be its command limit (4)");
}

// The shipped data folder with `from` replaced by `to` in forces.yaml (the text
// it was given is left in `forces_text`), loaded as a whole.
Result<std::shared_ptr<const GameData>> load_with_forces(const std::string& from,
                                                         const std::string& to,
                                                         std::string& forces_text) {
  const auto dir = std::filesystem::path(::testing::TempDir()) /
                   ("reisswitz-forces-" + std::to_string(::getpid()) + "-" +
                    ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir);
  std::filesystem::copy(std::string(REISSWITZ_SOURCE_DIR) + "/data", dir,
                        std::filesystem::copy_options::recursive);
  forces_text = replace_once(shipped(), from, to);
  std::ofstream(dir / "wate1870" / "forces.yaml", std::ios::binary) << forces_text;
  auto r = load_game_data(dir.string());
  std::filesystem::remove_all(dir);
  return r;
}

// Napoleon's counter says 4, the table of limits 16 for a French army: the
// rules read the table, so the counter's number would be silently wrong.
TEST(Wate1870_Forces_Malformed, ACommandLimitThatDisagreesWithTheTablesIsRefusedAtItsLine) {
  std::string text;
  const auto r = load_with_forces("    command_limit: 16\n", "    command_limit: 4\n", text);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Code::kDataError);
  const std::string& m = r.error().message;
  EXPECT_NE(
      m.find("/wate1870/forces.yaml:" + std::to_string(line_of(text, "    command_limit: 4\n")) +
             ": HQ F-NAP (army) has command limit 4, but "),
      std::string::npos)
      << m;
  EXPECT_NE(m.find("/wate1870/tables.yaml gives 16 (rule 3.6.2): the two files must agree"),
            std::string::npos)
      << m;
}

TEST(Wate1870_Forces_Malformed, ARankThatDisagreesWithTheCommandLimitIsRefused) {
  std::string text;
  const auto r = load_with_forces("name: \"1st Army (Steinmetz)\"\n    rank: army",
                                  "name: \"1st Army (Steinmetz)\"\n    rank: division", text);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("HQ G-1A (division) has command limit 12, but "),
            std::string::npos)
      << r.error().message;
}

TEST(Wate1870_Forces_Malformed, MisspelledKey) {
  const std::string text = replace_once(shipped(), "    command_limit: 16", "    comand_limit: 16");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "comand_limit"), "unknown key 'comand_limit'");
}

TEST(Wate1870_Forces_Malformed, RecordWithoutSource) {
  const std::string from = "    source: \"reconstructed: GAP-W-05: the Guard";
  const std::string text = replace_once(shipped(), from, "    note: \"reconstructed: GAP-W-05: the Guard");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "    note:"), "unknown key 'note'");
  const std::string text2 = replace_once(shipped(), from, "    # \"");
  expect_data_error(Forces::parse(text2, kFile), kFile, line_of(text2, "  - id: F-IG"), "missing 'source'");
}

TEST(Wate1870_Forces_Malformed, SourceThatCitesNothing) {
  const std::string text = replace_once(shipped(), "source: \"rules 3.6.1, 3.6.2\"}", "source: \"the box\"}");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "the box"), "must start with 'rule");
}

TEST(Wate1870_Forces_Malformed, DuplicateHqId) {
  const std::string text = replace_once(shipped(), "  - id: F-XIII", "  - id: F-XII");
  const int line = line_of(text, "  - id: F-XII\n    side: French\n    name: \"XIII");
  expect_data_error(Forces::parse(text, kFile), kFile, line, "defined twice");
}

TEST(Wate1870_Forces_Malformed, UnknownRank) {
  const std::string text = replace_once(shipped(), "name: \"Baden Division (Beyer)\"\n    rank: division",
                                        "name: \"Baden Division (Beyer)\"\n    rank: brigade");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "rank: brigade"), "unknown rank 'brigade'");
}

TEST(Wate1870_Forces_Malformed, IdPrefixDisagreesWithSide) {
  const std::string text = replace_once(shipped(), "  - id: G-XI\n", "  - id: F-XIb\n");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "F-XIb"), "must start with 'G-'");
}

TEST(Wate1870_Forces_Malformed, CavalryCorpsIsRejected) {
  const std::string text = replace_once(shipped(), "  - id: G-X\n    side: German\n    name: \"X Corps (Voigts-Rhetz)\"\n",
                                        "  - id: G-X\n    side: German\n    name: \"X Corps (Voigts-Rhetz)\"\n    cavalry: true\n");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "cavalry: true\n    rank: corps"), "not a division");
}

TEST(Wate1870_Forces_Malformed, MovementAllowanceOutOfRange) {
  const std::string text = replace_once(shipped(), "front: {ab: 1, db: 1, ma: 4, cautious: false}",
                                        "front: {ab: 1, db: 1, ma: 0, cautious: false}");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "ma: 0"), "'ma' is 0");
}

TEST(Wate1870_Forces_Malformed, MissingSideOfTheInherentHq) {
  const std::string text = replace_once(shipped(), "  German: {ab: 0, db: 0, ma: 4, cautious: false, max_sp: 3",
                                        "  Germany: {ab: 0, db: 0, ma: 4, cautious: false, max_sp: 3");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "  Germany:"), "unknown key 'Germany'");
}

TEST(Wate1870_Forces_Malformed, RatingNotANumber) {
  const std::string text = replace_once(shipped(), "front: {ab: -1, db: 0, ma: 3, cautious: true}",
                                        "front: {ab: minus, db: 0, ma: 3, cautious: true}");
  expect_data_error(Forces::parse(text, kFile), kFile, line_of(text, "ab: minus"), "whole number");
}

}  // namespace
}  // namespace rz::wate1870
