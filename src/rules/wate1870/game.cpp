#include "rules/wate1870/game.hpp"

#include "rules/wate1870/scenario.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

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
  auto sc = Scenario::load(scenario_path(*data_, scenario), data_->map, data_->forces);
  if (!sc) return sc.error();
  auto st = WateState::from_scenario(data_, *sc, options, seed);
  if (!st) return st.error();
  return std::unique_ptr<State>(std::move(st).value());
}

Result<std::unique_ptr<State>> WateGame::deserialize(const std::string& text) const {
  auto st = WateState::from_json(data_, text);
  if (!st) return st.error();
  return std::unique_ptr<State>(std::move(st).value());
}

}  // namespace rz::wate1870
