#pragma once
// The bot ladder: every pair of bots plays N games per side, game g with seed
// seed + g, and each game's result can be appended to a results file as it
// ends, so that a ladder of many hours can be stopped and resumed without
// losing a finished game (see ladder.cpp for the file's form).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/result.hpp"

namespace rz::bots {

struct LadderConfig {
  std::vector<std::string> bots{"heuristic", "random"};
  int games = 20;  // per pairing and side
  std::uint64_t seed = 1;
  std::string scenario = "historical";
  std::vector<std::string> options;  // optional rules, e.g. "12.2"
  long max_steps = 200000;
  int threads = 1;
};

// Time a bot took: per decision, and per side-turn (its decisions in one game
// turn), in ms.
struct Clock {
  double total_ms = 0, max_ms = 0;            // per decision
  double turn_total_ms = 0, turn_max_ms = 0;  // per side-turn
  void add(const Clock& o);
};

// Wall clock, and the CPU time of the thread (which a loaded machine or more
// threads than free cores do not inflate).
struct Timing {
  Clock wall, cpu;
  long decisions = 0;
  long turns = 0;
  void add(const Timing& o);
};

// One game of the ladder: bots[first] played `side` against bots[second].
struct LadderGame {
  std::size_t first = 0, second = 1;
  Player side = 0;
  std::uint64_t seed = 0;
  bool finished = false;
  double score = 0;  // of bots[first]: 1 won, 0.5 drawn, 0 lost
  Timing timing[2];  // [0] bots[first], [1] bots[second]
};

// The games of a config in the order they are played: by seed, then pairing,
// then side, so that a partial ladder has both sides of every pairing.
std::vector<LadderGame> ladder_schedule(const LadderConfig& config);

// Plays the games of the schedule not in `done` (matched by pairing, side and
// seed) on config.threads threads; `on_game` is called once per game as it
// ends (one call at a time, from any thread). Returns `done` and the new games,
// in schedule order. The results do not depend on the number of threads.
Result<std::vector<LadderGame>> run_ladder(
    const Game& game, const LadderConfig& config, const std::vector<LadderGame>& done = {},
    const std::function<void(const LadderGame&)>& on_game = {});

// A results file: one JSON object a line, one line a game, appended and
// flushed to disk as each game ends.
class LadderFile {
 public:
  // Reads `path` (a missing file is an empty ladder) and keeps the games of
  // this config. A last line cut short (the process was killed while writing
  // it) is dropped from the file; any other bad line is a kDataError with the
  // file, the line and the reason. `ignored` counts games of other ladders
  // (another scenario, options, bots or seeds), which stay in the file.
  static Result<LadderFile> open(const std::string& path, const LadderConfig& config);

  const std::vector<LadderGame>& games() const { return games_; }
  int ignored() const { return ignored_; }
  Status append(const LadderGame& g);

 private:
  std::string path_;
  LadderConfig config_;
  std::vector<LadderGame> games_;
  int ignored_ = 0;
};

// Totals for one pairing and side (side < 0: both sides).
struct LadderTally {
  int games = 0, wins = 0, draws = 0, losses = 0;  // finished games only
  int unfinished = 0;                              // cut off at --max-steps: no result
  double score = 0;
  Timing timing[2];
};
LadderTally tally(const std::vector<LadderGame>& games, std::size_t first, std::size_t second,
                  int side);

}  // namespace rz::bots
