// Terminal play shows the odds of an attack among the choices, and in full on
// 'odds N' (bots::Console with the 1870 screen, rules/wate1870/odds.hpp).
#include <gtest/gtest.h>

#include <sstream>

#include "../shipped_game.hpp"
#include "../text_match.hpp"
#include "../wate1870/action_phase_fixture.hpp"
#include "../wate1870/phases_fixture.hpp"
#include "bots/console.hpp"
#include "bots/wate1870_screen.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/odds.hpp"

namespace rz::bots {
namespace {

using test_support::contains;
using test_support::game;

// Console output for a human `human` at state `st`, given `input`; `rows`:
// the compact screen of a small terminal (play --lines).
std::string play_at(std::unique_ptr<State> st, Player human, const std::string& input,
                    int rows = 0) {
  std::istringstream in(input);
  std::ostringstream out;
  RandomBot bot(1);
  SeededDice dice(1);
  Wate1870Screen screen(game().data());
  if (rows > 0) screen.compact(rows, rows);
  GameLog log{"1870", "test", {}, 1, st->hash(), {}, {}};
  ConsoleSeats seats{{&bot, &bot}};
  seats.seats[static_cast<std::size_t>(human)] = nullptr;
  Console console(game(), std::move(st), std::move(log), seats, dice, screen, in, out, false);
  EXPECT_EQ(console.run(), 0);
  return out.str();
}

// A German human whose VIII Corps faces the French IV Corps across the Saar.
std::string play(const std::string& input) {
  auto st = wate1870::testing::saar_border();
  EXPECT_TRUE(st);
  return st ? play_at(std::move(st), 1, input) : std::string();
}

TEST(PlayConsoleOdds, AttackChoicesShowTheAttackersChanceToWin) {
  const std::string out =
      play("activate hq=G-VIII\nodds attack target=2206 from=2306\nodds 1\nodds\nquit\n");
  // The list: the attack with the German chance, without and with artillery.
  const auto line = out.find(") attack target=2206 from=2306");
  ASSERT_NE(line, std::string::npos) << out;
  const std::string rest = out.substr(line, out.find('\n', line) - line);
  EXPECT_TRUE(contains(rest, "[win ")) << rest;
  EXPECT_TRUE(contains(rest, "with artillery]")) << rest;
  // 'odds ACTION': the full table, every artillery choice.
  EXPECT_TRUE(contains(out, "Odds of attack target=2206 from=2306")) << out;
  EXPECT_TRUE(contains(out, "Case 4 of 4")) << out;
  EXPECT_TRUE(contains(out, "ruling C-7")) << out;
  // Choice 1 is no attack; 'odds' alone says how to ask.
  EXPECT_TRUE(
      contains(out, "odds are given for attacks, Chassepot fire, Forced Marches and the artillery"))
      << out;
  EXPECT_TRUE(contains(out, "error: say which choice")) << out;
}

// Session 35's play test: on a 24-line terminal 'odds N' of an attack printed
// some 150 lines. A compact screen gives how the numbers came about and one
// line per artillery choice; 'odds N full' every table.
TEST(PlayConsoleOdds, ASmallScreenSummarisesACombatsOddsAndFullGivesThemAll) {
  auto st = wate1870::testing::saar_border();
  ASSERT_TRUE(st);
  const std::string out = play_at(std::move(st), 1,
                                  "activate hq=G-VIII\nodds attack target=2206 from=2306\n"
                                  "odds attack target=2206 from=2306 full\nquit\n",
                                  3);
  const auto first = out.find("Odds of attack target=2206 from=2306");
  const auto second = out.find("Odds of attack target=2206 from=2306", first + 1);
  ASSERT_NE(second, std::string::npos) << out;
  const std::string brief = out.substr(first, second - first);
  EXPECT_TRUE(contains(brief, "Each artillery choice (8.4")) << brief;
  // A row per choice: the chance to win, then what each side loses, steps and
  // HQs too: a win costs the winner steps (8.5; session 36's play test read
  // "SP lost German 0.00" and lost 3 steps).
  EXPECT_TRUE(contains(brief, "wins    SP    steps HQ     SP    steps HQ")) << brief;
  EXPECT_TRUE(contains(brief, "\n  no artillery              ")) << brief;
  EXPECT_TRUE(contains(brief, "\n  both commit artillery     ")) << brief;
  EXPECT_EQ(test_support::count(brief, "%"), 12u) << brief;  // 4 choices: win, HQ, HQ
  std::size_t start = 0;
  for (std::size_t end; (end = brief.find('\n', start)) != std::string::npos; start = end + 1)
    EXPECT_LE(end - start, 80u) << brief.substr(start, end - start);
  EXPECT_TRUE(contains(brief, "'odds N full' gives every table")) << brief;
  EXPECT_FALSE(contains(brief, "Case 1 of")) << brief;
  EXPECT_LT(test_support::count(brief, "\n"), 23) << brief;  // a 24-line screen
  EXPECT_TRUE(contains(out.substr(second), "Case 4 of 4")) << out.substr(second);
}

// The play test of session 33: 'odds' at a fire decision or for a Forced March
// said "odds are given for attacks", though `reisswitz odds --chassepot` and
// `--forced-march` had them. The French see the odds of the fire they may open
// (7.1.2), the same as odds.hpp gives for the fire step due; anyone those of a
// Forced March roll (7.2).
TEST(PlayConsoleOdds, TheFireAndTheForcedMarchHaveTheirOdds) {
  using wate1870::Side;
  auto st = wate1870::testing::action_phase(R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: French, sp: 1, hex: "0702"}
)",
                                            Side::kGerman);
  ASSERT_TRUE(st);
  for (const char* order : {"activate hex=0502", "march", "move to=0602"})
    ASSERT_TRUE(st->apply(1, *Action::parse(order)).ok()) << order;
  const auto fire = wate1870::fire_odds(*st);
  ASSERT_TRUE(fire);
  EXPECT_EQ(fire->input.target.good, 2);
  const std::string out = play_at(std::move(st), 0, "odds 1\nodds hold\nquit\n");
  EXPECT_EQ(test_support::count(out, wate1870::odds_text(*fire)), 2) << out;
  EXPECT_TRUE(contains(out, "Opportunity Chassepot Fire (7.1.2): French strength ")) << out;
  // The decision says what it asks.
  EXPECT_TRUE(
      contains(out,
               "The German force in 0602 is moving next to your forces: fire or hold (7.1.2; 'odds "
               "fire' gives the odds).\nFrench to move. Your choices:"))
      << out;

  auto marching = wate1870::testing::action_phase(R"(sps:
  - {side: German, sp: 2, hex: "0502"}
)",
                                                  Side::kGerman);
  ASSERT_TRUE(marching);
  for (const char* order : {"activate hex=0502", "march"})
    ASSERT_TRUE(marching->apply(1, *Action::parse(order)).ok()) << order;
  const std::string fm = play_at(std::move(marching), 1,
                                 "odds forced-march extra=2\nodds forced-march extra=9\nquit\n");
  EXPECT_TRUE(contains(fm, wate1870::odds_text(wate1870::forced_march_odds(2)))) << fm;
  EXPECT_TRUE(contains(fm, "a Forced March adds extra=1, 2 or 3 MP")) << fm;
}

// The play test of session 33 asked for the odds of the combat in progress at
// the artillery and re-roll decisions (8.4): each choice shows the player's
// chance to win, and 'odds N' the full table of that choice.
TEST(PlayConsoleOdds, AnArtilleryDecisionShowsTheOddsOfEachChoice) {
  auto st = wate1870::testing::saar_border();
  ASSERT_TRUE(st);
  for (const char* order : {"activate hq=G-VIII", "attack target=2206 from=2306"})
    ASSERT_TRUE(st->apply(1, *Action::parse(order)).ok()) << order;
  const auto now = wate1870::combat_now_odds(*st, wate1870::Side::kFrench);
  ASSERT_TRUE(now);
  const std::string out = play_at(std::move(st), 0, "odds 1\nquit\n");
  // The French defender decides first: commit, with the German's choice to come.
  EXPECT_TRUE(contains(
      out, "Commit your artillery to this combat, or decline (8.4; 'odds commit' gives the odds)."))
      << out;
  const std::string commit_brief = wate1870::odds_brief(wate1870::only_choice(*now, "commit"));
  EXPECT_TRUE(contains(out, "commit   [" + commit_brief + "]")) << out;
  EXPECT_TRUE(contains(commit_brief, "if the German commits")) << commit_brief;
  EXPECT_TRUE(contains(out, wate1870::odds_text(wate1870::only_choice(*now, "commit")))) << out;
  EXPECT_TRUE(contains(out, "Odds of the combat on 2206, French to commit artillery or not (8.4)"))
      << out;
}

}  // namespace
}  // namespace rz::bots
