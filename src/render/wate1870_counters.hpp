#pragma once
// What the map shows of a game of 1870: one marker per side and hex, as a
// player would see it (a view, so fog of war applies to pictures too).
#include <vector>

#include "core/game.hpp"
#include "render/map_render.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::render {

// Counters for everything `viewer` may see (kUmpire: everything).
std::vector<Counter> wate1870_counters(const wate1870::WateState& state, Player viewer);
// Title and legend lines: turn, phase, VP, RP.
std::vector<std::string> wate1870_legend(const wate1870::WateState& state);

}  // namespace rz::render
