// reisswitz ladder 1870: plays N games per pairing of bots, each bot on each
// side, with seeds 1..N (plus --seed), and prints the win rates with 95%
// Wilson confidence intervals and the time the bots took per decision and per
// side-turn (all of one side's decisions in one game turn). --threads plays
// that many games at once; the results do not depend on it. --results keeps
// each game in a file as it ends, and the same command run again resumes.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "bots/bot.hpp"
#include "bots/ladder.hpp"
#include "bots/simulate.hpp"
#include "cli/commands.hpp"
#include "cli/whole_number.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::cli {

namespace {

struct LadderArgs {
  std::string system;
  bots::LadderConfig config;
  std::string results;
  bool quiet = false;
  bool report = false;  // only the table of the games in the results file
};

std::string pct(double x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%5.1f%%", 100 * x);
  return buf;
}

std::string outcome(double score) { return score > 0.75 ? "won" : score < 0.25 ? "lost" : "drawn"; }

void print_timing(const std::string& bot, const bots::Timing& t) {
  auto line = [&](const char* what, const bots::Clock& c) {
    char buf[240];
    std::snprintf(buf, sizeof buf,
                  "    %s, %s: %.3f ms mean, %.1f ms max per decision (%ld); %.1f ms mean, "
                  "%.1f ms max per side-turn (%ld)\n",
                  bot.c_str(), what, t.decisions ? c.total_ms / t.decisions : 0.0, c.max_ms,
                  t.decisions, t.turns ? c.turn_total_ms / t.turns : 0.0, c.turn_max_ms, t.turns);
    std::cout << buf;
  };
  line("wall clock", t.wall);
  line("CPU time", t.cpu);
}

int run_ladder(const LadderArgs& a) {
  const auto& c = a.config;
  if (a.system != "1870") {
    std::cerr << "error: the only rule system with bots yet is 1870, not '" << a.system << "'\n";
    return 2;
  }
  if (c.bots.size() < 2 || c.games < 1) {
    std::cerr << "error: a ladder needs at least two bots and one game per pairing\n";
    return 2;
  }
  for (const auto& name : c.bots)
    if (auto b = bots::make_bot(name, 1); !b) {
      std::cerr << "error: " << b.error().message << "\n";
      return 2;
    }
  auto loaded = wate1870::WateGame::load();
  if (!loaded) {
    std::cerr << "error: " << loaded.error().to_string() << "\n";
    return 1;
  }
  const Game& game = **loaded;
  // The scenario and options are checked before the first game, not by each game.
  GameOptions options;
  for (const auto& o : c.options) options.values[o] = "on";
  if (auto st = game.initial_state(c.scenario, options, c.seed); !st) {
    std::cerr << "error: " << st.error().to_string() << "\n";
    return exit_code_for(st.error());
  }
  std::optional<bots::LadderFile> file;
  if (a.report && a.results.empty()) {
    std::cerr << "error: --report prints what a --results file holds; name the file\n";
    return 2;
  }
  if (a.report && !std::filesystem::exists(a.results)) {
    std::cerr << "error: --report: '" << a.results
              << "' does not exist: there are no games to report\n";
    return 1;
  }
  if (a.report && std::filesystem::is_directory(a.results)) {
    std::cerr << "error: --report: '" << a.results << "' is a folder, not a results file\n";
    return 1;
  }
  if (!a.results.empty()) {
    auto f = bots::LadderFile::open(a.results, c);
    if (!f) {
      std::cerr << "error: " << f.error().to_string() << "\n";
      return 1;
    }
    file = std::move(*f);
  }
  const std::vector<bots::LadderGame> done = file ? file->games() : std::vector<bots::LadderGame>{};
  if (a.report && done.empty()) {
    std::cerr << "error: --report: " << a.results << " holds no game of this ladder"
              << (file->ignored() ? " (" + std::to_string(file->ignored()) + " of other ladders)"
                                  : std::string())
              << ": there is nothing to report\n";
    return 1;
  }

  std::string rules;
  for (const auto& o : c.options) rules += (rules.empty() ? ", options " : ",") + o;
  std::cout << "Ladder: " << game.name() << ", scenario " << c.scenario << rules << ", " << c.games
            << (c.games == 1 ? " game" : " games") << " per pairing and side, seeds " << c.seed
            << ".." << c.seed + c.games - 1 << "\n";
  const auto total = bots::ladder_schedule(c).size();
  if (file && (!done.empty() || file->ignored()))
    std::cerr << "ladder: " << done.size() << " of " << total << " games already in " << a.results
              << (file->ignored()
                      ? " (" + std::to_string(file->ignored()) + " of other ladders ignored)"
                      : std::string())
              << "\n";

  // Each game is reported as it ends, and kept in the results file at once.
  std::vector<bots::LadderGame> so_far = done;
  std::optional<Error> write_error;
  auto on_game = [&](const bots::LadderGame& g) {
    so_far.push_back(g);
    if (file && !write_error)
      if (auto w = file->append(g); !w) {
        // Said at once (the ladder goes on, and fails at its end).
        write_error = w.error();
        std::cerr << "error: " << write_error->to_string() << "\n";
      }
    if (a.quiet) return;
    const auto t = bots::tally(so_far, g.first, g.second, -1);
    char buf[320];
    std::snprintf(buf, sizeof buf,
                  "[%zu/%zu] %s (%s) vs %s, seed %llu: %s%s, %.1f s CPU; %s vs %s so far %.1f/%d "
                  "(%s)\n",
                  so_far.size(), total, c.bots[g.first].c_str(), game.player_name(g.side).c_str(),
                  c.bots[g.second].c_str(), static_cast<unsigned long long>(g.seed),
                  outcome(g.score).c_str(), g.finished ? "" : " (unfinished)",
                  (g.timing[0].cpu.total_ms + g.timing[1].cpu.total_ms) / 1e3,
                  c.bots[g.first].c_str(), c.bots[g.second].c_str(), t.score, t.games,
                  pct(t.score / t.games).c_str());
    std::cerr << buf;
  };
  auto played = a.report ? Result<std::vector<bots::LadderGame>>(done)
                         : bots::run_ladder(game, c, done, on_game);
  if (write_error) {
    std::cerr << "error: " << write_error->to_string() << "\n";
    return 1;
  }
  if (!played) {
    std::cerr << "error: " << played.error().to_string() << "\n";
    return 1;
  }
  for (std::size_t i = 0; i < c.bots.size(); ++i)
    for (std::size_t j = i + 1; j < c.bots.size(); ++j) {
      for (Player s = 0; s < game.num_players(); ++s) {
        const auto t = bots::tally(*played, i, j, s);
        const auto ci = bots::wilson(t.score, t.games);
        std::cout << "  " << c.bots[i] << " (" << game.player_name(s) << ") vs " << c.bots[j]
                  << ": " << t.wins << " won, " << t.draws << " drawn, " << t.losses << " lost of "
                  << t.games << "; score " << pct(ci.p) << ", 95% CI [" << pct(ci.lo) << ", "
                  << pct(ci.hi) << "]"
                  << (t.unfinished ? " (" + std::to_string(t.unfinished) + " unfinished)"
                                   : std::string())
                  << "\n";
      }
      const auto t = bots::tally(*played, i, j, -1);
      const auto ci = bots::wilson(t.score, t.games);
      std::cout << "  " << c.bots[i] << " vs " << c.bots[j] << ", both sides: score " << pct(ci.p)
                << ", 95% CI [" << pct(ci.lo) << ", " << pct(ci.hi) << "] over " << t.games
                << (t.games == 1 ? " game\n" : " games\n");
      // A bot against itself: its two timings told apart by the order of the pairing.
      const bool same = c.bots[i] == c.bots[j];
      print_timing(c.bots[i] + (same ? " (first)" : ""), t.timing[0]);
      print_timing(c.bots[j] + (same ? " (second)" : ""), t.timing[1]);
    }
  return 0;
}

}  // namespace

void add_ladder_command(CLI::App& app) {
  auto args = std::make_shared<LadderArgs>();
  auto* cmd = app.add_subcommand(
      "ladder", "Play bots against each other and print win rates (95% Wilson CI)");
  cmd->add_option("system", args->system, "Rule system (1870)")->required();
  cmd->add_option("--bots", args->config.bots,
                  "Bots to pair (every pair plays, each on each side): random, heuristic, search, "
                  "search:N, search:Nms, search:N:rK (a rollout of K decisions)")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--games", args->config.games, "Games per pairing and side")
      ->check(whole_number(1))
      ->capture_default_str();
  cmd->add_option("--seed", args->config.seed, "First seed (games use seed, seed+1, ...)")
      ->check(whole_number())
      ->capture_default_str();
  cmd->add_option("--scenario", args->config.scenario, "Scenario name (historical, free) or file")
      ->capture_default_str();
  cmd->add_option("--option", args->config.options, "Optional rule to use: 12.1, 12.2, 12.3, 12.4");
  cmd->add_option("--max-steps", args->config.max_steps,
                  "Actions per game before it counts as unfinished")
      ->check(whole_number(1))
      ->capture_default_str();
  cmd->add_option("--threads", args->config.threads,
                  "Games played at once (timings grow if threads outnumber free cores)")
      ->check(whole_number(1))
      ->capture_default_str();
  cmd->add_option("--results", args->results,
                  "File that keeps each game's result as it ends (JSON lines); run the same "
                  "ladder again to resume it");
  cmd->add_flag("--quiet", args->quiet, "No line per game as it ends");
  cmd->add_flag("--report", args->report,
                "Play nothing: the table of the games already in the --results file");
  cmd->callback([args] {
    each_once(args->config.options);  // and named once in the results file
    set_exit_code(run_ladder(*args));
  });
}

}  // namespace rz::cli
