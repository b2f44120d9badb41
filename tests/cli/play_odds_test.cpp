// Terminal play shows the odds of an attack among the choices, and in full on
// 'odds N' (bots::Console with the 1870 screen, rules/wate1870/odds.hpp).
#include <gtest/gtest.h>

#include <sstream>

#include "../shipped_game.hpp"
#include "../text_match.hpp"
#include "../wate1870/phases_fixture.hpp"
#include "bots/console.hpp"
#include "bots/wate1870_screen.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/odds.hpp"

namespace rz::bots {
namespace {

using test_support::contains;
using test_support::game;

// A German human whose VIII Corps faces the French IV Corps across the Saar.
std::string play(const std::string& input) {
  auto st = wate1870::testing::saar_border();
  EXPECT_TRUE(st);
  if (!st) return {};
  std::istringstream in(input);
  std::ostringstream out;
  RandomBot bot(1);
  SeededDice dice(1);
  Wate1870Screen screen(game().data());
  GameLog log{"1870", "test", {}, 1, st->hash(), {}, {}};
  Console console(game(), std::move(st), std::move(log), ConsoleSeats{{&bot, nullptr}}, dice,
                  screen, in, out, false);
  EXPECT_EQ(console.run(), 0);
  return out.str();
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
  EXPECT_TRUE(contains(out, "odds are given for attacks")) << out;
  EXPECT_TRUE(contains(out, "error: say which choice")) << out;
}

}  // namespace
}  // namespace rz::bots
