#pragma once
// The 1870 game with the shipped data, loaded once for every test that plays it.
#include <gtest/gtest.h>

#include "rules/wate1870/game.hpp"

namespace rz::test_support {

inline const wate1870::WateGame& game() {
  static auto g = wate1870::WateGame::load();
  EXPECT_TRUE(g.ok()) << (g.ok() ? "" : g.error().to_string());
  return **g;
}

}  // namespace rz::test_support
