#pragma once
// What happened when an action was applied: for the log, the UI and replays.
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace rz {

struct Event {
  std::string kind;  // stable, machine-readable: "initiative", "rp_collected", "phase"
  std::string text;  // what a player reads: "German 1d6: 5, French 1d6: 3 -> German initiative"
  // Who may see it; empty means everybody (fog of war filters events too).
  std::vector<int> visible_to;
  friend bool operator==(const Event&, const Event&) = default;
};

using Events = std::vector<Event>;

// Appends `more` to `to`, moved: an order gathers the events of each of its
// stages, and a copy would copy every text.
inline void append(Events& to, Events&& more) {
  if (more.empty()) return;  // most stages tell nothing (and untold, none do)
  if (to.empty()) {
    to = std::move(more);
    return;
  }
  to.insert(to.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

}  // namespace rz
