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

namespace {

// 3.6.2: the command limits are printed on the counters (forces.yaml) and in
// the table of limits by rank (tables.yaml); the rules read the table. Two
// files that disagree are a mistake in one of them, named with its line.
rz::Status command_limits_agree(const Forces& forces, const Tables& tables,
                                const std::string& forces_file, const std::string& tables_file) {
  const auto disagree = [&](int line, const std::string& what, int here, int there) {
    return make_error(Code::kDataError, forces_file + ":" + std::to_string(line) + ": " + what +
                                            " has command limit " + std::to_string(here) +
                                            ", but " + tables_file + " gives " +
                                            std::to_string(there) +
                                            " (rule 3.6.2): the two files must agree");
  };
  for (const auto& h : forces.hqs())
    if (const int t = tables.command_limit(h.side, h.rank); h.command_limit != t)
      return disagree(h.command_limit_line,
                      "HQ " + h.id + " (" + std::string(rank_name(h.rank)) + ")", h.command_limit,
                      t);
  for (Side s : {Side::kFrench, Side::kGerman}) {
    const std::string side(side_name(s));
    if (const auto& i = forces.inherent(s); i.command_limit != tables.inherent_command_limit(s))
      return disagree(i.line, "the " + side + " inherent division HQ", i.command_limit,
                      tables.inherent_command_limit(s));
    if (const auto& m = forces.mobilised(s);
        m.command_limit != tables.command_limit(s, Rank::kDivision))
      return disagree(m.line, "the " + side + " mobilised HQ (a division)", m.command_limit,
                      tables.command_limit(s, Rank::kDivision));
  }
  return {};
}

}  // namespace

Result<std::shared_ptr<const GameData>> load_game_data(const std::string& dir) {
  const std::string base = dir + "/wate1870/";
  auto map = Map::load(base + "map.yaml");
  if (!map) return map.error();
  auto forces = Forces::load(base + "forces.yaml");
  if (!forces) return forces.error();
  auto tables = Tables::load(base + "tables.yaml");
  if (!tables) return tables.error();
  if (auto agree =
          command_limits_agree(*forces, *tables, base + "forces.yaml", base + "tables.yaml");
      !agree)
    return agree.error();
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
