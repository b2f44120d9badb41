// State::set_narration: a game nobody reads makes no events, and plays the same.
#include <gtest/gtest.h>

#include "../contract/contract_suite.hpp"
#include "../shipped_game.hpp"
#include "core/dice.hpp"
#include "core/rng.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using test_support::game;

struct Lockstep {
  long steps = 0;
  long told = 0;  // events the narrated game told
};

// A random game played twice in step, told and untold: at every step the
// untold one returns no events, and both reach the same state, list the same
// orders and roll the same outcomes.
Lockstep play_both(const GameOptions& options, std::uint64_t seed) {
  Lockstep out;
  auto told = std::move(game().initial_state("historical", options, seed)).value();
  auto quiet = told->clone();
  quiet->set_narration(false);
  SeededDice dice(seed);
  Pcg32 choose(seed, 3);
  while (!told->terminal()) {
    EXPECT_EQ(told->hash(), quiet->hash()) << "step " << out.steps;
    const ToMove tm = told->to_move();
    EXPECT_EQ(tm, quiet->to_move());
    Player p = kChance;
    Action a;
    if (tm.kind == MoveKind::kChance) {
      const auto outcomes = told->chance_outcomes();
      EXPECT_EQ(outcomes.size(), quiet->chance_outcomes().size());
      a = outcomes[*dice.pick(outcomes)].action;
    } else {
      p = tm.players.front();
      const auto legal = told->legal_actions(p);
      EXPECT_EQ(legal, quiet->legal_actions(p)) << "step " << out.steps;
      a = legal[choose.below(static_cast<std::uint32_t>(legal.size()))];
    }
    const auto ev = told->apply(p, a);
    const auto none = quiet->apply(p, a);
    if (!ev || !none) {
      ADD_FAILURE() << a.to_string() << " refused at step " << out.steps;
      break;
    }
    EXPECT_TRUE(none->empty()) << a.to_string() << " told " << none->front().text;
    out.told += static_cast<long>(ev->size());
    ++out.steps;
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_TRUE(quiet->terminal());
  EXPECT_EQ(told->hash(), quiet->hash());
  EXPECT_EQ(told->returns(), quiet->returns());
  return out;
}

TEST(Wate1870_Narration, AGameToldNothingPlaysAsOneToldEverything) {
  for (int g = 0; g < contract::scaled(3); ++g) {
    const Lockstep r = play_both({}, 40 + static_cast<std::uint64_t>(g));
    EXPECT_GT(r.steps, 100);
    EXPECT_GT(r.told, r.steps / 2);  // the narrated game did tell
  }
}

// Under 12.2 the events are also sorted by who may see them (fog.cpp): untold,
// there is nothing to sort, and the play is the same.
TEST(Wate1870_Narration, AGameToldNothingPlaysTheSameUnderFogOfWar) {
  for (int g = 0; g < contract::scaled(2); ++g) {
    const Lockstep r = play_both({{{"12.2", "on"}}}, 60 + static_cast<std::uint64_t>(g));
    EXPECT_GT(r.told, r.steps / 2);
  }
}

// A clone keeps the setting, and a state turned back on tells exactly what
// the narrated game tells.
TEST(Wate1870_Narration, ACloneKeepsItAndTurningItOnTellsAgain) {
  auto told = std::move(game().initial_state("historical", {}, 7)).value();
  auto quiet = told->clone();
  quiet->set_narration(false);
  SeededDice dice(7);
  Pcg32 choose(7, 3);
  int compared = 0;
  for (int step = 0; step < 600 && !told->terminal(); ++step) {
    const ToMove tm = told->to_move();
    Player p = kChance;
    Action a;
    if (tm.kind == MoveKind::kChance) {
      const auto outcomes = told->chance_outcomes();
      a = outcomes[*dice.pick(outcomes)].action;
    } else {
      p = tm.players.front();
      const auto legal = told->legal_actions(p);
      a = legal[choose.below(static_cast<std::uint32_t>(legal.size()))];
    }
    auto copy = quiet->clone();
    auto on = quiet->clone();
    on->set_narration(true);
    const auto ev = told->apply(p, a);
    const auto copy_ev = copy->apply(p, a);
    const auto on_ev = on->apply(p, a);
    ASSERT_TRUE(ev && copy_ev && on_ev && quiet->apply(p, a)) << a.to_string();
    EXPECT_TRUE(copy_ev->empty()) << "the clone of an untold state told " << a.to_string();
    EXPECT_EQ(*on_ev, *ev) << a.to_string();
    compared += ev->empty() ? 0 : 1;
  }
  EXPECT_GT(compared, 100);
}

}  // namespace
}  // namespace rz::wate1870
