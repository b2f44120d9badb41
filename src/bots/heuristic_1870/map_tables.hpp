#pragma once
// What the heuristic bot works out once per map (docs/bots.md): the least MP
// of a march between any two hexes, and the hexes that can be targets.
#include <cstdint>
#include <memory>
#include <vector>

namespace rz::wate1870 {
struct GameData;
}  // namespace rz::wate1870

namespace rz::bots::heuristic1870 {

inline constexpr int kFar = 999;  // no march between two hexes

struct MapTables {
  int n = 0;
  std::vector<std::uint16_t>
      dist;  // n * n: least MP from a to b (terrain and rivers), kFar if none
  int d(int a, int b) const {
    return a < 0 || b < 0 ? kFar
                          : dist[static_cast<std::size_t>(a) * static_cast<std::size_t>(n) +
                                 static_cast<std::size_t>(b)];
  }
  // The MP of a step from hex a in direction dir (Map::neighbour_index) before
  // the pieces are looked at: the terrain entered (7.1) and a river crossed,
  // which [1] does not count along a railway (12.4); -1 into a neutral hex or
  // off the map. [0]: without 12.4. Mind::move_cost asks for every step planned.
  std::vector<std::int8_t> step_mp[2];
  int step(bool rule_12_4, int a, int dir) const {
    return step_mp[rule_12_4 ? 1 : 0]
                  [static_cast<std::size_t>(a) * 6 + static_cast<std::size_t>(dir)];
  }
  std::vector<std::int8_t> enter_mp;  // per hex: the MP of its terrain (7.1)
  int least_mp = 0;                   // the least of them: no step or attack costs less
  int metz = -1, verdun = -1, paris = -1;
  // The hexes that can be targets without an enemy in them (Mind::targets):
  // passable towns, fortresses and the German objectives, in index order.
  std::vector<int> places;
};

// Made once per process and map (the ladder plays many games on one map).
std::shared_ptr<const MapTables> tables_for(const wate1870::GameData& data);

}  // namespace rz::bots::heuristic1870
