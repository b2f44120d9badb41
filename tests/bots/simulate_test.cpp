// Balance studies (bots/simulate.hpp): the same seed gives the same results
// whatever the number of threads, and every finished game has a known kind of
// victory (11.0).
#include "bots/simulate.hpp"

#include <gtest/gtest.h>

#include "../shipped_game.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::bots {
namespace {

using test_support::game;

SimulationConfig random_games(int threads) {
  SimulationConfig cfg;
  cfg.french_bot = "random";
  cfg.german_bot = "random";
  cfg.games = 6;
  cfg.seed = 4;
  cfg.threads = threads;
  return cfg;
}

TEST(Simulate, TheSameSeedGivesTheSameGamesOnOneThreadOrThree) {
  auto one = simulate_1870(game(), random_games(1));
  auto three = simulate_1870(game(), random_games(3));
  ASSERT_TRUE(one.ok()) << one.error().to_string();
  ASSERT_TRUE(three.ok()) << three.error().to_string();
  ASSERT_EQ(one->size(), 6u);
  for (std::size_t i = 0; i < one->size(); ++i) {
    const auto &a = (*one)[i], &b = (*three)[i];
    EXPECT_EQ(a.index, static_cast<int>(i));
    EXPECT_EQ(a.seed, 4u + i);
    EXPECT_EQ(std::tie(a.winner, a.kind, a.turns, a.vp, a.actions, a.finished),
              std::tie(b.winner, b.kind, b.turns, b.vp, b.actions, b.finished))
        << "game " << i;
  }
}

TEST(Simulate, EveryFinishedGameHasAKnownKindOfVictory) {
  auto games = simulate_1870(game(), random_games(2));
  ASSERT_TRUE(games.ok());
  int finished = 0;
  for (const auto& g : *games) {
    if (!g.finished) continue;
    ++finished;
    EXPECT_NE(g.kind, "other") << "game " << g.index
                               << " ended for a reason victory_kind() does not know";
    // A win on points or by the VP marker agrees with the marker (11.0, GAP-W-01).
    if (g.kind == "vp-marker") {
      EXPECT_TRUE(g.vp >= 20 || g.vp <= 0) << g.vp;
    }
    if (g.kind == "points") {
      EXPECT_EQ(g.winner, g.vp > 11 ? 0 : g.vp < 11 ? 1 : -1);
    }
  }
  EXPECT_GT(finished, 0);
}

TEST(Simulate, KindsOfVictoryAreReadFromTheEndReason) {
  EXPECT_EQ(victory_kind("the VP marker reached 20 (automatic victory at 20, rule 11.0)", true),
            "vp-marker");
  EXPECT_EQ(victory_kind("Napoleon III was eliminated (rules 8.5.1, 11.0)", true), "napoleon");
  EXPECT_EQ(victory_kind("anything", false), "unfinished");
  EXPECT_EQ(victory_kind("something new", true), "other");
}

TEST(Simulate, UnknownBotsAndNoGamesAreRefused) {
  SimulationConfig cfg = random_games(1);
  cfg.german_bot = "oracle";
  auto r = simulate_1870(game(), cfg);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Code::kNotFound);
  cfg.german_bot = "random";
  cfg.games = 0;
  EXPECT_FALSE(simulate_1870(game(), cfg).ok());
}

TEST(Simulate, WilsonIntervalsContainTheRate) {
  const Proportion p = wilson(95, 100);
  EXPECT_DOUBLE_EQ(p.p, 0.95);
  EXPECT_NEAR(p.lo, 0.888, 0.001);  // the Wilson score interval for 95/100
  EXPECT_NEAR(p.hi, 0.978, 0.001);
  EXPECT_EQ(wilson(0, 0).hi, 1.0);
}

}  // namespace
}  // namespace rz::bots
