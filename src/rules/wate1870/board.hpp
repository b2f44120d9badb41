#pragma once
// What a rule query reads: the game's data, where everything is, and the
// optional rules in force. Cheap to make; holds references only.
#include "core/game.hpp"
#include "rules/wate1870/game_data.hpp"
#include "rules/wate1870/position.hpp"

namespace rz::wate1870 {

struct Board {
  const GameData& data;
  const Position& pos;
  const GameOptions& options;

  const Map& map() const { return data.map; }
  const Tables& tables() const { return data.tables; }
  const Forces& forces() const { return data.forces; }
};

}  // namespace rz::wate1870
