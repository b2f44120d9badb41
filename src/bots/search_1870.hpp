#pragma once
// The search bot's model of "1870: The War Against the Empire" (docs/bots.md):
// its samples, its policy and how it values a position.
#include <memory>

#include "bots/search.hpp"

namespace rz::wate1870 {
class WateState;
}  // namespace rz::wate1870

namespace rz::bots {

// Samples are made from the player's view only, as the engine types it
// (WateState::picture_for): without 12.2 that is the whole position; under
// 12.2 each enemy stack the player may not inspect holds 1 to 8 good-order SP,
// drawn afresh for each of 16 pictures a decision. The policy is the heuristic
// bot, one for each side.
std::unique_ptr<SearchModel> make_wate1870_search_model();

// What a position is worth to `me`, in the heuristic's points: 10 a VP on the
// marker (11.0), 5 an SP on the map, 1.5 a status step (disrupted 1,
// demoralized 2); the other side's count against it.
double wate1870_points(const wate1870::WateState& st, Player me);

}  // namespace rz::bots
