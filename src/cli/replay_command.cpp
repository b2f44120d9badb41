// reisswitz replay FILE: re-applies a saved game's log (from `play`'s save or
// `run --log`) to its scenario, checking the state hash after every action.
// The logged dice outcomes are applied as they are, so no dice are rolled.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.hpp"
#include "core/game_log.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::cli {

namespace {

struct ReplayArgs {
  std::string file;
  bool quiet = false;
};

// Exit codes: 0 verified, 1 the log diverges, 2 the file cannot be read.
int run_replay(const ReplayArgs& a) {
  auto text = read_text_file(a.file);
  if (!text) {
    std::cerr << "error: " << text.error().message << "\n";
    return 2;
  }
  auto system = log_system(*text);
  if (!system) {
    std::cerr << "error: " << a.file << ": " << system.error().message << "\n";
    return 2;
  }
  if (*system != "1870") {
    std::cerr << "error: " << a.file << ": the only rule system that can be replayed yet is 1870, not '"
              << *system << "'\n";
    return 2;
  }
  auto game = wate1870::WateGame::load();
  if (!game) {
    std::cerr << "error: " << game.error().to_string() << "\n";
    return 2;
  }
  auto log = parse_game_log(*text, **game);
  if (!log) {
    std::cerr << "error: " << a.file << ": " << log.error().message << "\n";
    return 2;
  }
  auto print = [&](std::size_t i, const LogEntry& e, const Events& events) {
    if (a.quiet) return;
    const std::string who = e.player == kChance ? "dice" : (*game)->player_name(e.player);
    std::cout << (i + 1) << ". " << who << ": " << e.action.to_string() << "  [" << hash_text(e.hash) << "]\n";
    for (const auto& ev : events) std::cout << "    " << ev.text << "\n";
  };
  auto st = replay_log(**game, *log, print);
  if (!st) {
    std::cerr << "replay FAILED: " << st.error().message << "\n";
    return 1;
  }
  std::cout << "replay verified: " << log->entries.size() << " actions, final hash " << hash_text((*st)->hash())
            << ((*st)->terminal() ? " (the game is over)" : "") << "\n";
  return 0;
}

}  // namespace

void add_replay_command(CLI::App& app) {
  auto args = std::make_shared<ReplayArgs>();
  auto* cmd = app.add_subcommand("replay", "Replay a saved game log, verifying the hash after every action");
  cmd->add_option("file", args->file, "The game log (from play's save or run --log)")->required();
  cmd->add_flag("--quiet,-q", args->quiet, "Print only the verdict");
  cmd->callback([args] { set_exit_code(run_replay(*args)); });
}

}  // namespace rz::cli
