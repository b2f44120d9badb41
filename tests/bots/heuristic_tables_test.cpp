// The heuristic bot's tables of the map (bots/heuristic_1870/map_tables.hpp):
// what they keep is what the bot would work out from the map and the tables.
#include <gtest/gtest.h>

#include "../shipped_game.hpp"
#include "bots/heuristic_1870/map_tables.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {
namespace {

using test_support::game;

// The MP of each step as Mind::move_cost counted it before the pieces: the
// terrain entered, a river crossed (not along a railway under 12.4), a
// neutral hex closed.
TEST(HeuristicTables, StepMpIsTheTerrainAndTheRiverOfEachStep) {
  auto st = std::move(game().initial_state("historical", {}, 1)).value();
  const auto& ws = dynamic_cast<const wate1870::WateState&>(*st);
  const auto& map = ws.data().map;
  const auto& tb = ws.data().tables;
  const auto t = heuristic1870::tables_for(ws.data());
  const int n = static_cast<int>(map.hexes().size());
  ASSERT_EQ(t->n, n);
  int rivers = 0, bridges = 0, closed = 0;
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(t->enter_mp[static_cast<std::size_t>(i)],
              tb.mp_cost(map.hexes()[static_cast<std::size_t>(i)].terrain));
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
      }
      rivers += river;
      bridges += river && rail;
      closed += wate1870::neutral(to.country);
    }
  }
  // The map has all three, so each case above was compared.
  EXPECT_GT(rivers, bridges);
  EXPECT_GT(bridges, 0);
  EXPECT_GT(closed, 0);
}

}  // namespace
}  // namespace rz::bots
