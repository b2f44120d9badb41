#include "rules/wate1870/game_data.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>

namespace rz::wate1870 {

std::uint64_t DataId::next() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

std::string default_data_dir() {
  if (const char* env = std::getenv("REISSWITZ_DATA_DIR"); env && *env) return env;
  return std::string(REISSWITZ_SOURCE_DIR) + "/data";
}

Result<std::shared_ptr<const GameData>> load_game_data(const std::string& dir) {
  const std::string base = dir + "/wate1870/";
  auto map = Map::load(base + "map.yaml");
  if (!map) return map.error();
  auto forces = Forces::load(base + "forces.yaml");
  if (!forces) return forces.error();
  auto tables = Tables::load(base + "tables.yaml");
  if (!tables) return tables.error();
  auto data = std::make_shared<GameData>(
      GameData{dir, std::move(map).value(), std::move(forces).value(), std::move(tables).value(), {}});
  return std::shared_ptr<const GameData>(std::move(data));
}

std::string scenario_path(const GameData& data, const std::string& scenario) {
  if (scenario.find('/') == std::string::npos && scenario.find('.') == std::string::npos)
    return data.dir + "/wate1870/scenarios/" + scenario + ".yaml";
  return scenario;
}

std::vector<std::string> scenario_names(const GameData& data) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(data.dir + "/wate1870/scenarios", ec))
    if (e.path().extension() == ".yaml") out.push_back(e.path().stem().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace rz::wate1870
