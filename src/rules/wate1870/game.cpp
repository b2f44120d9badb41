#include "rules/wate1870/game.hpp"

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "rules/wate1870/scenario.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

// Parsing a scenario file costs about 1.5 ms, a twentieth of a heuristic game,
// so each is kept with the text it was read from. The file is read again every time, and
// its text compared: a file changed on disk is parsed again, never served stale.
// Files that fail to load are not kept (the error is made again, with its line).
struct WateGame::Scenarios {
  static constexpr std::size_t kKept = 32;
  std::mutex m;  // the games of a study start on many threads
  std::map<std::string, std::pair<std::string, std::shared_ptr<const Scenario>>> by_path;

  Result<std::shared_ptr<const Scenario>> load(const std::string& path, const GameData& data) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Scenario::load(path, data.map, data.forces).error();  // its own message
    std::stringstream read;
    read << in.rdbuf();
    std::string text = std::move(read).str();
    {
      const std::lock_guard lock(m);
      if (const auto it = by_path.find(path); it != by_path.end() && it->second.first == text)
        return it->second.second;
    }
    auto sc = Scenario::parse(text, path, data.map, data.forces);
    if (!sc) return sc.error();
    auto kept = std::make_shared<const Scenario>(std::move(sc).value());
    const std::lock_guard lock(m);
    if (by_path.size() >= kKept) by_path.clear();  // a server reading many files keeps a few
    by_path[path] = {std::move(text), kept};
    return kept;
  }
};

WateGame::WateGame(std::shared_ptr<const GameData> data)
    : data_(std::move(data)), scenarios_(std::make_shared<Scenarios>()) {}

Result<std::unique_ptr<WateGame>> WateGame::load(const std::string& dir) {
  auto data = load_game_data(dir);
  if (!data) return data.error();
  return std::make_unique<WateGame>(std::move(data).value());
}

std::string WateGame::player_name(Player p) const {
  if (p == kChance) return "chance";
  if (p == kUmpire) return "umpire";
  return std::string(side_name(static_cast<Side>(p)));
}

Result<Player> WateGame::player_from_name(const std::string& name) const {
  if (auto s = parse_side(name)) return index(*s);
  return make_error(Code::kNotFound, "there is no player '" + name + "' in 1870: the players are French and German");
}

Result<std::unique_ptr<State>> WateGame::initial_state(const std::string& scenario, const GameOptions& options,
                                                       std::uint64_t seed) const {
  for (const auto& [key, value] : options.values)
    if (key != "12.1" && key != "12.2" && key != "12.3" && key != "12.4")
      return make_error(Code::kNotFound, "there is no option '" + key + "': the optional rules are 12.1 to 12.4",
                        "12.0");
  const std::string path = scenario_path(*data_, scenario);
  // A name, not a file: say which names there are rather than which file is missing.
  if (std::error_code ec; path != scenario && !std::filesystem::exists(path, ec)) {
    std::string names;
    for (const auto& n : scenario_names(*data_)) names += (names.empty() ? "" : ", ") + n;
    return make_error(Code::kNotFound,
                      "there is no scenario '" + scenario + "' in 1870: the scenarios are " +
                          names + ", or a scenario file's path",
                      "13.0");
  }
  auto sc = scenarios_->load(path, *data_);
  if (!sc) return sc.error();
  auto st = WateState::from_scenario(data_, **sc, options, seed);
  if (!st) return st.error();
  return std::unique_ptr<State>(std::move(st).value());
}

Result<std::unique_ptr<State>> WateGame::deserialize(const std::string& text) const {
  auto st = WateState::from_json(data_, text);
  if (!st) return st.error();
  return std::unique_ptr<State>(std::move(st).value());
}

}  // namespace rz::wate1870
