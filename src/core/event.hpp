#pragma once
// What happened when an action was applied: for the log, the UI and replays.
#include <string>
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

}  // namespace rz
