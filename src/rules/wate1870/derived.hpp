#pragma once
// What WateState derives from its position and keeps for the life of the state
// (state.hpp: derived_). Only the files that fill it include this.
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

// The acting SP of the force: all, entrained, good order, and their status steps (8.5).
struct ForceSp {
  int all = 0, entrained = 0, good = 0, steps = 0;
  int by_status[3] = {0, 0, 0};
};

// 7.2: the Forced March search from the acting force's hex (march.cpp): MP to
// each hex by Map index (-1: not within MA + 3, avoiding enemy ZOCs), the hex
// each is entered from and what that step costs.
struct ForcedCosts {
  std::vector<int> dist, prev, step;
};

struct WateState::Derived {
  std::shared_ptr<const LocMap> loc[kSides];                                      // 4.1
  std::shared_ptr<const ZocMap> zoc[kSides];                                      // 3.4
  std::optional<std::uint64_t> traced;  // traced_hash of the position
  std::vector<std::pair<std::pair<hex::Hex, Side>, std::shared_ptr<const std::vector<hex::Hex>>>>
      rail;                                                                       // 7.1.3
  std::optional<std::vector<hex::Hex>> mobilization[kSides];                      // 6.2
  bool mobilization_every[kSides] = {false, false};  // every place refused nothing has a LOC
  std::shared_ptr<const ForcedCosts> forced;  // 7.2, for the French force
  // 12.2, ruling F-8. Apart, not in place: two Positions in place made the
  // block too big for malloc's per-thread cache, and most states make none.
  std::unique_ptr<const Position> planning[kSides];
  std::optional<ForceSp> acting;             // 7.1: the acting force's SP (march.cpp)
  std::shared_ptr<const std::vector<ChanceOutcome>> chance;  // the outcomes of the roll due
};

}  // namespace rz::wate1870
