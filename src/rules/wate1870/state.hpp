#pragma once
// A game of "1870: The War Against the Empire" as a State of the engine
// contract (src/core/game.hpp). Procedures keep their pending steps on a
// stack in the state, so a game can be saved and resumed at any decision.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "hex/hex.hpp"
#include "rules/wate1870/game_data.hpp"
#include "rules/wate1870/position.hpp"
#include "rules/wate1870/scenario.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

enum class StepKind {
  kAdministrative,  // a side finishes its Administrative Phase (6.0)
  kInitiative,      // chance: both roll 1d6 (7.0)
  kActivate,        // a side activates or passes (7.0)
};

struct Step {
  StepKind kind = StepKind::kInitiative;
  Side side = Side::kFrench;
  friend bool operator==(const Step&, const Step&) = default;
};

class WateState final : public State {
 public:
  WateState(std::shared_ptr<const GameData> data, GameOptions options);
  static Result<std::unique_ptr<WateState>> from_scenario(std::shared_ptr<const GameData> data,
                                                          const Scenario& scenario, GameOptions options,
                                                          std::uint64_t seed);
  static Result<std::unique_ptr<WateState>> from_json(std::shared_ptr<const GameData> data,
                                                      const std::string& text);

  ToMove to_move() const override;
  std::vector<Action> legal_actions(Player player) const override;
  rz::Status check(Player player, const Action& action) const override;
  Result<Events> apply(Player player, const Action& action) override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  std::string view(Player player) const override;
  std::string serialize() const override;
  std::unique_ptr<State> clone() const override;
  std::uint64_t hash() const override;
  std::vector<double> returns() const override;

  // Read access for the renderer, the CLI and tests.
  int turn() const { return turn_; }
  int last_turn() const { return last_turn_; }
  Phase phase() const { return phase_; }
  int vp() const { return vp_; }
  int rp(Side s) const { return rp_[index(s)]; }
  const Position& position() const { return pos_; }
  const std::vector<SpGroup>& sps() const { return pos_.sps; }
  const std::vector<HqUnit>& hqs() const { return pos_.hqs; }
  std::optional<Side> controller(hex::Hex h) const { return pos_.controller(data_->map, h); }
  const std::optional<Side>& winner() const { return winner_; }
  const std::string& end_reason() const { return end_reason_; }
  const GameData& data() const { return *data_; }
  const GameOptions& options() const { return options_; }

  // Whether `viewer` may inspect the enemy stack in `h` (12.2 Fog of War).
  bool inspectable(Side viewer, hex::Hex h) const;

 private:
  rz::Status check_impl(Player player, const Action& action) const;
  Events start_phase(Phase phase);
  Events after_activation_choice();
  Events end_turn();
  Events finish(std::optional<Side> winner, std::string reason);

  std::shared_ptr<const GameData> data_;
  GameOptions options_;
  std::uint64_t seed_ = 0;
  std::string scenario_name_;
  int turn_ = 1;
  int last_turn_ = 20;
  Phase phase_ = Phase::kAdministrative;
  int vp_ = 11;
  int rp_[kSides] = {0, 0};
  std::optional<Side> first_activation_;  // 13.3, consumed by the first activation
  int consecutive_passes_ = 0;
  Position pos_;
  std::vector<Step> steps_;           // pending steps; back() is the current one
  std::optional<Side> winner_;
  bool over_ = false;
  std::string end_reason_;
};

}  // namespace rz::wate1870
