#pragma once
// Everything a game of 1870 reads from data/wate1870: loaded once, shared
// read-only by every state (clones copy a pointer, not the map).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "rules/wate1870/forces.hpp"
#include "rules/wate1870/map.hpp"
#include "rules/wate1870/tables.hpp"

namespace rz::wate1870 {

// Tells one data set from another for caches keyed by data (LocMap::of): a
// copy is a new data set, since it may then be changed.
struct DataId {
  std::uint64_t value = next();
  DataId() = default;
  DataId(const DataId&) : value(next()) {}
  DataId& operator=(const DataId&) {
    value = next();
    return *this;
  }
  static std::uint64_t next();
};

struct GameData {
  std::string dir;
  Map map;
  Forces forces;
  Tables tables;
  DataId id;
};

// The data directory: $REISSWITZ_DATA_DIR, else the source tree's data/.
std::string default_data_dir();
// Loads map.yaml, forces.yaml and tables.yaml from `dir`/wate1870.
Result<std::shared_ptr<const GameData>> load_game_data(const std::string& dir);
// A scenario given as "historical", "free" or a path to a file.
std::string scenario_path(const GameData& data, const std::string& scenario);
// The names a scenario may be given by (the files of data/wate1870/scenarios), sorted.
std::vector<std::string> scenario_names(const GameData& data);

}  // namespace rz::wate1870
