// reisswitz: the command-line front end.
#include <CLI/CLI.hpp>
#include <iostream>
#include <regex>
#include <string>

#include "cli/commands.hpp"

int main(int argc, char** argv) {
  CLI::App app{"reisswitz - a computer umpire for black-powder wargames"};
  app.require_subcommand(1);
  rz::cli::add_render_command(app);
  rz::cli::add_run_command(app);
  rz::cli::add_play_command(app);
  rz::cli::add_replay_command(app);
  rz::cli::add_ladder_command(app);
  rz::cli::add_simulate_command(app);
  rz::cli::add_odds_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ArgumentMismatch& e) {
    // CLI11 says of an option given twice "--side: At Most 1 required but
    // received 2", which reads as if a value were missing.
    static const std::regex twice("^(.+): At Most 1 required but received ([0-9]+)$");
    const std::string what = e.what();
    if (std::smatch m; std::regex_match(what, m, twice)) {
      std::cerr << m[1] << " is given " << m[2] << " times: give it once\n"
                << "Run with --help for more information.\n";
      return 2;
    }
    return app.exit(e) == 0 ? 0 : 2;
  } catch (const CLI::ParseError& e) {
    // --help prints and succeeds; any other mistake on the command line is a
    // usage error, exit code 2 as the commands' own (CLI11 would give 105-ish).
    return app.exit(e) == 0 ? 0 : 2;
  }
  return rz::cli::exit_code();
}
