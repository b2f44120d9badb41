#pragma once
// Subcommands of the reisswitz command, one file each.
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

}  // namespace rz::cli
