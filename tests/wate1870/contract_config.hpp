#pragma once
// What the generic contract suite may ask of 1870 beyond the contract.
#include "rules/wate1870/state.hpp"

namespace rz::wate1870::testing {

// 1870 lists every order it accepts, but for the free set-up's placements:
// there legal_actions offers the next unit over a sample of hexes (ruling F-7).
inline bool lists_every_order(const State& s) {
  const auto& steps = static_cast<const WateState&>(s).steps();
  return steps.empty() || steps.back().kind != StepKind::kSetup;
}

}  // namespace rz::wate1870::testing
