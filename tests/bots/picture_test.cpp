// WateState::picture_for, the typed twin of view(): at every step of a game,
// for both sides, with and without 12.2, it is the very state a bot rebuilds
// from the view's JSON (Heuristic1870Bot::belief_from_view), so a bot may take
// it instead and see no more than the view shows.
#include <gtest/gtest.h>

#include "../shipped_game.hpp"
#include "../wate1870/picture_check.hpp"
#include "bots/heuristic_1870.hpp"
#include "core/dice.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {
namespace {

using test_support::game;

using wate1870::Side;
using wate1870::WateState;

// Returns how many pictures had hidden stacks.
int expect_pictures_match_views(const GameOptions& options, std::uint64_t seed, int steps) {
  auto st = std::move(game().initial_state("historical", options, seed)).value();
  Heuristic1870Bot french(1), german(2);
  SeededDice dice(seed);
  int hidden = 0;
  for (int step = 0; step < steps && !st->terminal(); ++step) {
    EXPECT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const auto checked =
        wate1870::testing::check_pictures(dynamic_cast<const WateState&>(*st), step);
    EXPECT_EQ(checked.wrong, "") << "step " << step;
    if (!checked.wrong.empty()) return hidden;
    hidden += checked.hidden;
    const Player p = st->to_move().players.front();
    EXPECT_TRUE(st->apply(p, (p == 0 ? french : german).choose(*st, p, "")).ok());
  }
  return hidden;
}

TEST(Picture1870, IsTheStateRebuiltFromTheView) {
  EXPECT_EQ(expect_pictures_match_views({}, 1, 800), 0);
}

TEST(Picture1870, UnderFogOfWarToo) {
  EXPECT_GT(expect_pictures_match_views(GameOptions{{{"12.2", "on"}}}, 2, 800), 500);
}

}  // namespace
}  // namespace rz::bots
