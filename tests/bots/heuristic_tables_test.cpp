// The heuristic bot's tables of the map (bots/heuristic_1870/map_tables.hpp)
// and of its goals (Mind::GoalsKept): what they keep is what the bot would
// work out afresh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "../shipped_game.hpp"
#include "bots/heuristic_1870/map_tables.hpp"
#include "bots/heuristic_1870/mind.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {
namespace {

using test_support::game;

// The MP of each step as Mind::move_cost counted it before the pieces: the
// terrain entered, a river crossed (not along a railway under 12.4), a
// neutral hex closed; none less than the cheapest terrain.
TEST(HeuristicTables, StepMpIsTheTerrainAndTheRiverOfEachStep) {
  auto st = std::move(game().initial_state("historical", {}, 1)).value();
  const auto& ws = dynamic_cast<const wate1870::WateState&>(*st);
  const auto& map = ws.data().map;
  const auto& tb = ws.data().tables;
  const auto t = heuristic1870::tables_for(ws.data());
  const int n = static_cast<int>(map.hexes().size());
  ASSERT_EQ(t->n, n);
  int rivers = 0, bridges = 0, closed = 0, least = 1000;
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(t->enter_mp[static_cast<std::size_t>(i)],
              tb.mp_cost(map.hexes()[static_cast<std::size_t>(i)].terrain));
    least = std::min(least, tb.mp_cost(map.hexes()[static_cast<std::size_t>(i)].terrain));
    for (int dir = 0; dir < 6; ++dir) {
      const int j = map.neighbour_index(i, dir);
      if (j < 0) continue;
      const auto& to = map.hexes()[static_cast<std::size_t>(j)];
      const bool river = (map.river_dirs(i) >> dir) & 1u;
      const bool rail = (map.rail_dirs(i) >> dir) & 1u;
      for (const bool rule_12_4 : {false, true}) {
        int want = -1;
        if (!wate1870::neutral(to.country))
          want = tb.mp_cost(to.terrain) + (river && !(rule_12_4 && rail) ? tb.river_mp() : 0);
        EXPECT_EQ(t->step(rule_12_4, i, dir), want) << i << " " << dir << " " << rule_12_4;
        if (want >= 0) {
          EXPECT_GE(want, t->least_mp);  // plan_march stops below it
        }
      }
      rivers += river;
      bridges += river && rail;
      closed += wate1870::neutral(to.country);
    }
  }
  EXPECT_EQ(t->least_mp, least);
  EXPECT_GE(tb.river_mp(), 0);  // what a step adds to its terrain is never less than 0
  EXPECT_GE(tb.civilian_resistance_mp(), 0);
  // The map has all three, so each case above was compared.
  EXPECT_GT(rivers, bridges);
  EXPECT_GT(bridges, 0);
  EXPECT_GT(closed, 0);
}

// Lists of goals as Mind::goals makes them (by bound, highest first; a value
// at most its bound), more of them than are kept, some differing in one
// field only: each hex's value from the memo of a list is goal() of it.
TEST(HeuristicTables, KeptGoalValuesAreThoseOfTheirList) {
  using heuristic1870::Goal;
  using heuristic1870::Mind;
  auto st = std::move(game().initial_state("historical", {}, 1)).value();
  const auto& ws = dynamic_cast<const wate1870::WateState&>(*st);
  const auto mt = heuristic1870::tables_for(ws.data());
  const int n = mt->n;
  std::mt19937 rng(7);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  std::vector<std::vector<Goal>> lists;
  for (int l = 0; l < 12; ++l) {
    std::vector<Goal> gs;
    double bound = 60;
    for (int k = pick(0, 30); k > 0; --k) {
      bound -= pick(0, 40) / 10.0;
      Goal g;
      g.idx = pick(0, n - 1);
      g.bound = bound;
      g.value = pick(0, 2) == 0 ? bound * 0.15 : bound;
      g.free_mp = pick(0, 2);
      gs.push_back(g);
    }
    lists.push_back(gs);
    if (!gs.empty()) {  // the same but for one goal's value
      gs.back().value = gs.back().value * 0.5;
      lists.push_back(gs);
    }
  }
  Mind::GoalsKept kept;
  for (int round = 0; round < 3000; ++round) {
    if (round == 2000)  // every stamp about to wrap
      for (auto& m : kept.memos) m.stamp = std::numeric_limits<std::uint32_t>::max();
    const auto& gs = lists[static_cast<std::size_t>(pick(0, static_cast<int>(lists.size()) - 1))];
    auto& memo = kept.find(mt, gs);
    ASSERT_EQ(memo.goals, gs);
    for (int k = 0; k < 20; ++k) {
      const int x = pick(0, n - 1);
      ASSERT_EQ(memo.get(x), Mind::goal(*mt, gs, x)) << round << " " << x;
    }
  }
}

}  // namespace
}  // namespace rz::bots
