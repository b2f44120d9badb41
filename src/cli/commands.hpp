#pragma once
// Subcommands of the reisswitz command, one file each.
#include <string>
#include <vector>

#include "core/result.hpp"

namespace CLI {
class App;
}

namespace rz::cli {

void add_render_command(CLI::App& app);  // render_command.cpp
void add_run_command(CLI::App& app);     // run_command.cpp
void add_play_command(CLI::App& app);    // play_command.cpp
void add_replay_command(CLI::App& app);  // replay_command.cpp
void add_ladder_command(CLI::App& app);  // ladder_command.cpp
void add_simulate_command(CLI::App& app);  // simulate_command.cpp
void add_odds_command(CLI::App& app);    // odds_command.cpp
// The exit code the chosen subcommand left (0 = success).
int exit_code();
void set_exit_code(int code);
// The exit code of a command that failed with `e`: 2 when what was asked for
// does not exist or is malformed (a usage error), 1 otherwise.
int exit_code_for(const Error& e);
// The values of an option that may be given again and again (--option 12.2
// --option 12.2): each once, sorted.
void each_once(std::vector<std::string>& values);

}  // namespace rz::cli
