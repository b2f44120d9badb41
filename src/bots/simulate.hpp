#pragma once
// Balance studies: many bot-against-bot games of 1870 on every core, with the
// same results whatever the number of threads (game i always has seed + i and
// its own bots and dice).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "render/bar_chart.hpp"

namespace rz::bots {

struct SimulationConfig {
  std::string scenario = "historical";
  GameOptions options;
  std::string french_bot = "heuristic";
  std::string german_bot = "heuristic";
  int games = 100;
  std::uint64_t seed = 1;
  int threads = 0;  // 0: one per core
  long max_steps = 200000;
};

// How one game ended.
struct GameOutcome {
  int index = 0;
  std::uint64_t seed = 0;
  int winner = -1;   // 0 French, 1 German, -1 draw or unfinished
  std::string kind;  // see victory_kind()
  int turns = 0;     // the turn the game ended in
  int vp = 0;        // the VP marker at the end (11.0)
  long actions = 0;  // actions applied, dice included
  bool finished = false;
};

// 11.0: which victory ended a game of 1870, from its end reason: "points" (the
// last turn, GAP-W-01), "vp-marker", "verdun-metz-paris", "rail-exit",
// "napoleon", "army-hq"; "unfinished" if it did not end.
std::string victory_kind(const std::string& end_reason, bool finished);

// Plays config.games games; `progress(done)` is called (from any thread, one
// call at a time) after each game. Returns the outcomes in game order.
Result<std::vector<GameOutcome>> simulate_1870(const Game& game, const SimulationConfig& config,
                                               const std::function<void(int)>& progress = {});

// The final VP of the games (11.0: 0 to 20, the range always shown), each
// bar split by who won: the balance-study plot.
render::BarChart vp_distribution_chart(const std::vector<GameOutcome>& games,
                                       const std::string& title, const std::string& subtitle);

// A proportion with its 95% Wilson score interval.
struct Proportion {
  double p = 0, lo = 0, hi = 1;
};
Proportion wilson(double successes, int n);

}  // namespace rz::bots
