#pragma once
// A game is its scenario, its options, its seed and its list of actions
// (ARCHITECTURE.md, "Determinism and the log"). This is the file format of
// saves, `reisswitz run --log` and `reisswitz replay`:
//   {"system": "1870", "scenario": "historical", "options": {"12.2": "on"},
//    "seed": 7, "initial_hash": "…", "meta": {"French": "human"},
//    "entries": [{"player": "chance", "action": "initiative french=3 german=5",
//                 "hash": "9f0c…"}, …]}
// Hashes are 16 hex digits (a JSON number would lose bits in JavaScript).
// Chance outcomes are logged like any action, so a replay needs no dice.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"

namespace rz {

struct LogEntry {
  Player player = kChance;
  Action action;
  std::uint64_t hash = 0;  // State::hash() after the action
  friend bool operator==(const LogEntry&, const LogEntry&) = default;
};

struct GameLog {
  std::string system;  // Game::name()
  std::string scenario;
  GameOptions options;
  std::uint64_t seed = 0;
  std::optional<std::uint64_t> initial_hash;  // hash before the first entry
  std::map<std::string, std::string> meta;    // free notes: who played which side, the bot
  std::vector<LogEntry> entries;
};

std::string hash_text(std::uint64_t h);  // 16 lower-case hex digits

// JSON text of a log; player names come from `game`.
std::string to_json(const GameLog& log, const Game& game);
// The "system" field alone, so a caller can pick the Game before parsing.
Result<std::string> log_system(std::string_view text);
// Parses and validates a log for `game`. Every damage (bad JSON, a missing or
// mistyped field, an unknown player, an action that does not parse, a bad hash)
// comes back as kMalformed naming the field or the entry; never throws.
Result<GameLog> parse_game_log(std::string_view text, const Game& game);

Result<std::string> read_text_file(const std::string& path);
// Replaces the file whole or not at all, and returns once it is on the disk
// (written beside it as PATH.part, synced, renamed over it): a save survives a
// kill at any moment. The error says what failed and why.
Status write_text_file(const std::string& path, const std::string& text);
// Whether write_text_file could write `path` now (its copy beside the file can
// be made): asked before a long job whose results go there, not after it.
Status check_writable(const std::string& path);

// The state a log starts from.
Result<std::unique_ptr<State>> start_state(const Game& game, const GameLog& log);

// Applies entry `i` (0-based) to `state` and checks the hash after it; the
// error names the step (1-based) and why.
Result<Events> apply_entry(const Game& game, State& state, const GameLog& log, std::size_t i);
// Applies entries [from, log.entries.size()) to `state`, checking each hash.
// `on_step(index, entry, events)` sees every applied entry. The error names the
// first step (1-based) that is refused or whose hash differs.
using StepObserver = std::function<void(std::size_t, const LogEntry&, const Events&)>;
Status apply_log(const Game& game, State& state, const GameLog& log, std::size_t from = 0,
                 const StepObserver& on_step = {});

// Replays a whole log from its scenario: the final state, or the divergence.
Result<std::unique_ptr<State>> replay_log(const Game& game, const GameLog& log, const StepObserver& on_step = {});

// The state a file holds: a game log (play's save, run --log) replayed, or a
// saved state (run --save). The error names the file and what is wrong.
Result<std::unique_ptr<State>> load_game_or_state(const Game& game, const std::string& path);

}  // namespace rz
