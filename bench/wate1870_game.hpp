#pragma once
// The 1870 game's data, loaded once for every benchmark that plays it.
#include <stdexcept>

#include "rules/wate1870/game.hpp"

namespace rz::bench {

inline const rz::wate1870::WateGame& wate1870_game() {
  static auto g = rz::wate1870::WateGame::load();
  if (!g) throw std::runtime_error(g.error().to_string());
  return **g;
}

}  // namespace rz::bench
