#pragma once
// WateState::picture_for, the typed twin of view(), must be the very state a bot
// rebuilds from the view's JSON (Heuristic1870Bot::belief_from_view): then a bot
// that plans on it sees no more than the view shows. Used at every step of a few
// games (tests/bots/picture_test.cpp) and by the contract suite's long runs.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bots/heuristic_1870.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870::testing {

struct PictureCheck {
  std::string wrong;  // what differs, or ""
  int hidden = 0;     // pictures with hidden enemy stacks to stand in for
};

// Both sides' pictures of `ws`, the hidden stacks given sizes that vary with `salt`.
inline PictureCheck check_pictures(const WateState& ws, int salt) {
  PictureCheck out;
  for (Player me : {0, 1}) {
    const std::string who = std::string(side_name(static_cast<Side>(me))) + " picture: ";
    const auto view = nlohmann::json::parse(ws.view(me));
    const std::size_t n = view["uninspected_enemy_stacks"].size();
    std::vector<int> sp;
    for (std::size_t i = 0; i < n; ++i)
      sp.push_back(1 + static_cast<int>((i * 5 + static_cast<std::size_t>(salt)) % 8));
    const auto from_json = bots::Heuristic1870Bot::belief_from_view(ws, view, sp);
    const auto typed = ws.picture_for(static_cast<Side>(me), sp);
    if (!from_json) {
      // Only under 12.2, while the enemy's hidden force acts: no picture plays on then.
      if (!ws.options().flag("12.2")) return {who + "the view cannot be played on without 12.2", 0};
      if (typed->inconsistency().empty())
        return {who + "the view cannot be played on, the picture can", 0};
      continue;
    }
    out.hidden += n > 0 ? 1 : 0;
    if (const auto why = typed->inconsistency(); !why.empty()) return {who + why, 0};
    if (typed->serialize() != from_json->serialize())
      return {who + "not the state rebuilt from the view", 0};
    if (typed->legal_actions(me) != from_json->legal_actions(me))
      return {who + "other legal actions than the state rebuilt from the view", 0};
  }
  return out;
}

// The contract suite's check of a state (SuiteConfig::check_state).
inline std::string pictures_are_views(const State& s, long step) {
  return check_pictures(static_cast<const WateState&>(s), static_cast<int>(step)).wrong;
}

}  // namespace rz::wate1870::testing
