// `reisswitz odds` (src/cli/odds_command.cpp) run as a program: described
// combats, Forced March, Siege Assault, JSON, and an attack in a saved game.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../text_match.hpp"
#include "../wate1870/phases_fixture.hpp"
#include "bots/bot.hpp"
#include "cli_run.hpp"
#include "core/game_log.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/odds.hpp"

namespace rz {
namespace {

using test_support::CliRun;
using test_support::contains;
using test_support::reisswitz;

TEST(CliOdds, ADescribedCombatWithoutDrmsIsTheHandComputedOne) {
  // 6 against 6 in clear: 1:1, no HQ bonus; ties go to the German attacker.
  const CliRun r = reisswitz("odds 1870 --attack-sp 6 --defence-sp 6 --artillery none");
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "721/1296")) << r.out;
  EXPECT_TRUE(contains(r.out, "55.63%")) << r.out;
  EXPECT_TRUE(contains(r.out, "German wins, spread 0")) << r.out;
}

TEST(CliOdds, JsonListsEveryArtilleryChoiceWithProbabilitiesSummingToOne) {
  const CliRun r = reisswitz(
      "odds 1870 --attack-sp 12 --defence-sp 8 --terrain forest --river --attack-hq 1 --defence-hq "
      "1 --json");
  ASSERT_EQ(r.rc, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["cases"].size(), 4u);
  for (const auto& c : j["cases"]) {
    Fraction sum;
    for (const auto& s : c["spread"]) {
      const std::string p = s["probability"]["p"];
      const auto slash = p.find('/');
      sum += slash == std::string::npos
                 ? Fraction(std::stoll(p), 1)
                 : Fraction(std::stoll(p.substr(0, slash)), std::stoll(p.substr(slash + 1)));
    }
    EXPECT_EQ(sum, Fraction(1, 1));
  }
  EXPECT_TRUE(j["cases"][3]["sides"]["German"]["artillery"].get<bool>());
  EXPECT_TRUE(j["cases"][3]["sides"]["French"]["artillery"].get<bool>());
}

TEST(CliOdds, ForcedMarchAndSiegeAssault) {
  CliRun r = reisswitz("odds 1870 --forced-march 1");
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "7/12")) << r.out;
  r = reisswitz("odds 1870 --siege --besieger-sp 12 --fortress-sr 4 --garrison 2");
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "1/3")) << r.out;
  r = reisswitz("odds 1870 --chassepot --french-sp 7 --terrain forest --json");
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["lp"][0]["p"], "1/2");
}

TEST(CliOdds, AnAttackInASavedGame) {
  auto st = wate1870::testing::saar_border();
  ASSERT_TRUE(st);
  const std::string path = ::testing::TempDir() + "odds_cli_saved.json";
  ASSERT_TRUE(write_text_file(path, st->serialize()).ok());
  // The HQ is activated first, on a copy; then the attack is weighed.
  const CliRun r =
      reisswitz("odds 1870 --saved " + path +
                " --action 'activate hq=G-VIII' --action 'attack target=2206 from=2306' --json");
  ASSERT_EQ(r.rc, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  wate1870::testing::play(*st, wate1870::testing::kG, "activate hq=G-VIII");
  const auto odds = wate1870::attack_odds(*st, *Action::parse("attack target=2206 from=2306"),
                                          wate1870::Side::kGerman);
  ASSERT_TRUE(odds.ok());
  EXPECT_EQ(j, wate1870::odds_json(*odds));
  // The same as a table; a refused order says why.
  const CliRun t =
      reisswitz("odds 1870 --saved " + path +
                " --action 'activate hq=G-VIII' --action 'attack target=2206 from=2306'");
  EXPECT_EQ(t.rc, 0) << t.out;
  EXPECT_TRUE(contains(t.out, "Case 4 of 4")) << t.out;
  const CliRun bad =
      reisswitz("odds 1870 --saved " + path + " --action 'attack target=2206 from=2306'");
  EXPECT_EQ(bad.rc, 1) << bad.out;
  EXPECT_TRUE(contains(bad.out, "illegal")) << bad.out;
  std::remove(path.c_str());
}

// A game saved at a combat's artillery decision needs no --action: the odds of
// each choice (8.4). Anywhere else --action is still needed, and it says so.
TEST(CliOdds, AGameSavedAtTheArtilleryDecisionGivesItsOdds) {
  auto st = wate1870::testing::saar_border();
  ASSERT_TRUE(st);
  const std::string path = ::testing::TempDir() + "odds_cli_artillery.json";
  ASSERT_TRUE(write_text_file(path, st->serialize()).ok());
  const CliRun none = reisswitz("odds 1870 --saved " + path);
  EXPECT_EQ(none.rc, 2) << none.out;
  EXPECT_TRUE(contains(none.out, "unless the game waits on a combat's artillery or re-roll (8.4)"))
      << none.out;
  wate1870::testing::play(*st, wate1870::testing::kG, "activate hq=G-VIII");
  wate1870::testing::play(*st, wate1870::testing::kG, "attack target=2206 from=2306");
  ASSERT_TRUE(write_text_file(path, st->serialize()).ok());
  const CliRun r = reisswitz("odds 1870 --saved " + path + " --json");
  ASSERT_EQ(r.rc, 0) << r.out;
  const auto now = wate1870::combat_now_odds(*st, wate1870::Side::kFrench);
  ASSERT_TRUE(now);
  EXPECT_EQ(nlohmann::json::parse(r.out), wate1870::odds_json(*now));
  EXPECT_EQ(nlohmann::json::parse(r.out)["cases"].size(), 4u);
  std::remove(path.c_str());
}

// A game log (play's save) is replayed, every hash checked, before the attack is weighed.
TEST(CliOdds, AGameLogIsReplayedFirst) {
  static auto loaded = wate1870::WateGame::load();
  ASSERT_TRUE(loaded.ok());
  const Game& game = **loaded;
  bots::RandomBot f(3), g(4);
  SeededDice dice(3);
  auto played = bots::play_game(game, "historical", {}, 3, {&f, &g}, dice, 10);
  ASSERT_TRUE(played.ok());
  const std::string path = ::testing::TempDir() + "odds_cli_log.json";
  ASSERT_TRUE(write_text_file(path, to_json(played->log, game)).ok());
  const CliRun r = reisswitz("odds 1870 --saved " + path + " --action 'attack to=2107'");
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "error: ")) << r.out;
  EXPECT_FALSE(contains(r.out, "does not replay")) << r.out;
  const CliRun broken = reisswitz("odds 1870 --saved /nonexistent.json --action 'attack to=2107'");
  EXPECT_EQ(broken.rc, 1) << broken.out;
  std::remove(path.c_str());
}

// The designer's review of session 34. A flag the question does not read was
// ignored: "--fortress german" on a combat looked like a fortress and changed
// nothing. HQ bonuses may be negative (3.6: Napoleon III has AB -1). A siege
// garrison is at most the SR (9.0).
TEST(CliOdds, EachQuestionTakesItsOwnFlagsAndNoOther) {
  const struct {
    const char* args;
    const char* says;
  } refused[] = {
      {"--attack-sp 5 --defence-sp 5 --fortress german",
       "--fortress has no part in a described combat (it belongs to: Opportunity Chassepot Fire"},
      {"--forced-march 2 --terrain mountain", "--terrain has no part in a Forced March"},
      {"--siege --besieger-sp 10 --fortress-sr 3 --attacker French --army-hq",
       "--attacker has no part in a Siege Assault"},
      {"--chassepot --french-sp 5 --town", "--town has no part in a Chassepot Fire"},
      {"--saved x.json --artillery none", "--artillery has no part in an attack in a saved game"},
      {"--siege --besieger-sp 10 --fortress-sr 3 --garrison 8",
       "a fortress holds a garrison of at most its SR: --garrison 8 is more than --fortress-sr 3 "
       "(9.0)"},
      {"--siege --besieger-sp 0 --fortress-sr 3", "--besieger-sp of 1 or more"},
      {"--attack-sp 5 --defence-sp 5 --fortress-sr 7", "'7' is not a whole number from 0 to 6"},
      {"--attack-sp 5 --defence-sp 5 --terrain swamp", "--terrain 'swamp' must be clear"},
  };
  for (const auto& c : refused) {
    const CliRun r = reisswitz(std::string("odds 1870 ") + c.args);
    EXPECT_EQ(r.rc, 2) << c.args << "\n" << r.out;
    EXPECT_TRUE(contains(r.out, c.says)) << c.args << "\n" << r.out;
  }
  // A negative AB lowers the attacker's DRM by as much; the terrain may be capitalised.
  auto drm = [](const std::string& hq) {
    const CliRun r = reisswitz(
        "odds 1870 --attacker French --attack-sp 8 --defence-sp 4 "
        "--terrain Forest --artillery none --json --attack-hq " +
        hq);
    EXPECT_EQ(r.rc, 0) << r.out;
    return nlohmann::json::parse(r.out)["cases"][0]["sides"]["French"]["drm"].get<int>();
  };
  EXPECT_EQ(drm("-1"), drm("0") - 1);
}

TEST(CliOdds, AskingForNothingOrTwoThingsIsAUsageError) {
  EXPECT_EQ(reisswitz("odds 1870").rc, 2);
  EXPECT_EQ(reisswitz("odds 1870 --forced-march 2 --siege --besieger-sp 9 --fortress-sr 3").rc, 2);
  EXPECT_EQ(reisswitz("odds 1870 --forced-march 4").rc, 2);
  const CliRun r =
      reisswitz("odds 1870 --attack-sp 4 --defence-sp 4 --no-loc-attacker --artillery attacker");
  EXPECT_EQ(r.rc, 2);
  EXPECT_TRUE(contains(r.out, "LOC")) << r.out;
}

}  // namespace
}  // namespace rz
