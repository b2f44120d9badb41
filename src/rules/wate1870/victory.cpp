// 11.0 automatic victories (Major Political Victories), checked after every
// action: the VP marker at either end, and the Germans holding Verdun, Metz
// and Paris. Napoleon III's second casualty (8.5.1) and a flipped German army
// HQ (GAP-W-30) are decided where the casualty is rolled; the French
// rail-exit condition (GAP-W-29) is not yet checked: it needs rail exits.
#include <string>

#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

Events WateState::check_victory() {
  if (over_) return {};
  if (const auto w = data_->tables.auto_winner(vp_)) {
    const int end = *w == Side::kFrench ? data_->tables.french_auto_vp() : data_->tables.german_auto_vp();
    return finish(w, "the VP marker reached " + std::to_string(vp_) + " (automatic victory at " + std::to_string(end) +
                         ", rule 11.0)");
  }
  bool all = true;
  std::string names;
  for (const char* place : {"Verdun", "Metz", "Paris"}) {
    const HexInfo* i = data_->map.by_name(place);
    if (!i || pos_.controller(data_->map, i->hex) != Side::kGerman) {
      all = false;
      break;
    }
    names += names.empty() ? place : std::string(", ") + place;
  }
  if (all) return finish(Side::kGerman, "the Germans control " + names + " (Major German Political Victory, rule 11.0)");
  return {};
}

}  // namespace rz::wate1870
