// Bots play through the generic contract: the random bot picks only legal
// actions, is deterministic with a seed, and play_game's log replays.
#include "bots/bot.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "../shipped_game.hpp"
#include "core/dice.hpp"
#include "core/game_log.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::bots {
namespace {

using test_support::game;

TEST(BotRandom, OnlyPicksLegalActions) {
  for (std::uint64_t seed : {1u, 2u}) {
    auto st = std::move(game().initial_state("historical", {}, seed)).value();
    RandomBot bot(seed);
    SeededDice dice(seed);
    for (int step = 0; step < 200 && !st->terminal(); ++step) {
      ASSERT_TRUE(resolve_chance(*st, dice).ok());
      if (st->terminal()) break;
      const Player p = st->to_move().players.front();
      const auto legal = st->legal_actions(p);
      const Action a = bot.choose(*st, p, st->view(p));
      EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end()) << a.to_string();
      ASSERT_TRUE(st->check(p, a).ok()) << a.to_string();
      ASSERT_TRUE(st->apply(p, a).ok());
    }
  }
}

Result<PlayedGame> random_game(std::uint64_t seed, long max_steps = 100000) {
  RandomBot french(seed), german(seed + 1000);
  SeededDice dice(seed);
  return play_game(game(), "historical", {}, seed, {&french, &german}, dice, max_steps);
}

TEST(BotRandom, IsDeterministicWithASeed) {
  auto a = random_game(7, 500);
  auto b = random_game(7, 500);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->log.entries, b->log.entries);
  EXPECT_EQ(a->final_hash, b->final_hash);
  // Bots with different seeds answer the same legal list differently somewhere.
  RandomBot x(1), y(2);
  auto st = std::move(game().initial_state("historical", {}, 1)).value();
  SeededDice dice(1);
  int differ = 0;
  for (int step = 0; step < 100 && !st->terminal(); ++step) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    const Action ax = x.choose(*st, p, st->view(p));
    differ += ax == y.choose(*st, p, st->view(p)) ? 0 : 1;
    ASSERT_TRUE(st->apply(p, ax).ok());
  }
  if (differ == 0) GTEST_SKIP() << "no decision with two choices yet";
}

TEST(BotPlayGame, FinishesA1870GameAndItsLogReplaysToTheSameHashes) {
  auto played = random_game(11);
  ASSERT_TRUE(played.ok()) << played.error().to_string();
  EXPECT_TRUE(played->finished);
  ASSERT_FALSE(played->log.entries.empty());
  EXPECT_EQ(played->log.entries.back().hash, played->final_hash);
  const double total = played->returns[0] + played->returns[1];
  EXPECT_DOUBLE_EQ(total, 1.0);
  // Through the file format and back, then replayed from the scenario.
  auto parsed = parse_game_log(to_json(played->log, game()), game());
  ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
  std::size_t seen = 0;
  auto st = replay_log(game(), *parsed, [&](std::size_t i, const LogEntry& e, const Events&) {
    EXPECT_EQ(i, seen++);
    EXPECT_EQ(e, played->log.entries[i]);
  });
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  EXPECT_EQ(seen, played->log.entries.size());
  EXPECT_EQ((*st)->hash(), played->final_hash);
  EXPECT_TRUE((*st)->terminal());
}

TEST(BotPlayGame, LogsTheDiceAsChanceEntries) {
  auto played = random_game(5, 300);
  ASSERT_TRUE(played.ok());
  const auto& e = played->log.entries;
  EXPECT_TRUE(
      std::any_of(e.begin(), e.end(), [](const LogEntry& x) { return x.player == kChance; }));
  EXPECT_EQ(played->log.meta.at("French"), "random");
}

TEST(BotPlayGame, StopsAtMaxSteps) {
  RandomBot f(1), g(2);
  SeededDice dice(1);
  auto played = play_game(game(), "historical", {}, 1, {&f, &g}, dice, 3);
  ASSERT_TRUE(played.ok());
  EXPECT_FALSE(played->finished);
  EXPECT_EQ(played->log.entries.size(), 3u);
}

TEST(BotPlayGame, RefusesTheWrongNumberOfBots) {
  RandomBot f(1);
  SeededDice dice(1);
  auto played = play_game(game(), "historical", {}, 1, {&f}, dice);
  ASSERT_FALSE(played.ok());
  EXPECT_NE(played.error().message.find("one per player"), std::string::npos);
}

TEST(BotMakeBot, KnowsRandomAndNamesTheBotsOtherwise) {
  auto b = make_bot("random", 3);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ((*b)->name(), "random");
  auto bad = make_bot("genius", 3);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, Code::kNotFound);
  EXPECT_NE(bad.error().message.find("random"), std::string::npos);
}

}  // namespace
}  // namespace rz::bots
