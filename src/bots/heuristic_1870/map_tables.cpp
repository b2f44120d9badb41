#include "bots/heuristic_1870/map_tables.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "rules/wate1870/game_data.hpp"

namespace rz::bots::heuristic1870 {

namespace {

std::unique_ptr<MapTables> make_tables(const wate1870::GameData& data) {
  const auto& map = data.map;
  auto t = std::make_unique<MapTables>();
  const int n = static_cast<int>(map.hexes().size());
  t->n = n;
  t->dist.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), kFar);
  // The MP to step from i in direction dir (terrain entered, river crossed), -1 if impassable.
  std::vector<std::array<int, 6>> step(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const hex::Hex h = map.hexes()[static_cast<std::size_t>(i)].hex;
    for (int dir = 0; dir < 6; ++dir) {
      const int j = map.neighbour_index(i, dir);
      int c = -1;
      if (j >= 0) {
        const auto& to = map.hexes()[static_cast<std::size_t>(j)];
        if (map.passable(to.hex) && map.passable(h))
          c = data.tables.mp_cost(to.terrain) + (map.river(h, to.hex) ? data.tables.river_mp() : 0);
      }
      step[static_cast<std::size_t>(i)][static_cast<std::size_t>(dir)] = c;
    }
  }
  // The same for Mind::move_cost, which counts neutral hexes closed (not
  // Map::passable) and rivers per 12.4; terrain MP are 1 to 9, a river 0 to 9.
  t->enter_mp.resize(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    t->enter_mp[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(
        data.tables.mp_cost(map.hexes()[static_cast<std::size_t>(i)].terrain));
  if (n > 0) t->least_mp = *std::min_element(t->enter_mp.begin(), t->enter_mp.end());
  for (int r = 0; r < 2; ++r) {
    auto& out = t->step_mp[r];
    out.assign(static_cast<std::size_t>(n) * 6, -1);
    for (int i = 0; i < n; ++i)
      for (int dir = 0; dir < 6; ++dir) {
        const int j = map.neighbour_index(i, dir);
        if (j < 0 || wate1870::neutral(map.hexes()[static_cast<std::size_t>(j)].country)) continue;
        const auto bit = [&](std::uint8_t dirs) { return ((dirs >> dir) & 1u) != 0; };
        int mp = t->enter_mp[static_cast<std::size_t>(j)];
        if (bit(map.river_dirs(i)) && !(r == 1 && bit(map.rail_dirs(i))))
          mp += data.tables.river_mp();
        out[static_cast<std::size_t>(i) * 6 + static_cast<std::size_t>(dir)] =
            static_cast<std::int8_t>(mp);
      }
  }
  std::vector<std::vector<int>> buckets(8);
  for (int s = 0; s < n; ++s) {
    if (!map.passable(map.hexes()[static_cast<std::size_t>(s)].hex)) continue;
    std::uint16_t* row = &t->dist[static_cast<std::size_t>(s) * static_cast<std::size_t>(n)];
    // Dijkstra with small integer costs: a queue per distance modulo 8.
    row[s] = 0;
    buckets[0].push_back(s);
    int pending = 1;
    for (int dcur = 0; pending > 0; ++dcur) {
      auto& bucket = buckets[static_cast<std::size_t>(dcur % 8)];
      for (std::size_t k = 0; k < bucket.size(); ++k) {
        const int i = bucket[k];
        --pending;
        if (row[i] != dcur) continue;
        const auto& st = step[static_cast<std::size_t>(i)];
        for (int dir = 0; dir < 6; ++dir) {
          const int c = st[static_cast<std::size_t>(dir)];
          if (c < 0) continue;
          const int j = map.neighbour_index(i, dir);
          const int nd = dcur + c;
          if (nd < row[j]) {
            row[j] = static_cast<std::uint16_t>(nd);
            buckets[static_cast<std::size_t>(nd % 8)].push_back(j);
            ++pending;
          }
        }
      }
      bucket.clear();
    }
  }
  auto idx = [&](const char* name) {
    const auto* info = map.by_name(name);
    return info ? map.index_of(info->hex) : -1;
  };
  t->metz = idx("Metz");
  t->verdun = idx("Verdun");
  t->paris = idx("Paris");
  for (int i = 0; i < n; ++i) {
    const auto& info = map.hexes()[static_cast<std::size_t>(i)];
    if (!wate1870::neutral(info.country) &&
        (info.town || info.fortress_sr > 0 || i == t->metz || i == t->verdun || i == t->paris))
      t->places.push_back(i);
  }
  return t;
}

}  // namespace

std::shared_ptr<const MapTables> tables_for(const wate1870::GameData& data) {
  static std::mutex mu;
  static std::map<std::pair<const void*, std::string>, std::shared_ptr<const MapTables>> cache;
  std::lock_guard<std::mutex> lock(mu);
  const auto key = std::make_pair(static_cast<const void*>(&data), data.map.source());
  auto& slot = cache[key];
  if (!slot || slot->n != static_cast<int>(data.map.hexes().size())) slot = make_tables(data);
  return slot;
}

}  // namespace rz::bots::heuristic1870
