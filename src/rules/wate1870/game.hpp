#pragma once
// "1870: The War Against the Empire" behind the engine's Game contract.
#include <memory>

#include "core/game.hpp"
#include "rules/wate1870/game_data.hpp"

namespace rz::wate1870 {

class WateGame final : public Game {
 public:
  explicit WateGame(std::shared_ptr<const GameData> data);
  // Loads the data from `dir` (default: default_data_dir()).
  static Result<std::unique_ptr<WateGame>> load(const std::string& dir = default_data_dir());

  std::string name() const override { return "1870"; }
  int num_players() const override { return 2; }
  std::string player_name(Player p) const override;
  Result<Player> player_from_name(const std::string& name) const override;
  Result<std::unique_ptr<State>> initial_state(const std::string& scenario, const GameOptions& options,
                                               std::uint64_t seed) const override;
  Result<std::unique_ptr<State>> deserialize(const std::string& text) const override;
  const GameData& data() const { return *data_; }

 private:
  std::shared_ptr<const GameData> data_;
  // The scenarios read so far (game.cpp): a study of thousands of games parses
  // its scenario once, not once a game.
  struct Scenarios;
  std::shared_ptr<Scenarios> scenarios_;
};

}  // namespace rz::wate1870
