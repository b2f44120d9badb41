// reisswitz simulate 1870: a balance study. Plays N bot-against-bot games on
// every core and prints win rates per side and per kind of victory (11.0) with
// 95% Wilson intervals, game length and the final VP distribution; --json and
// --csv write the results for other tools.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bots/search.hpp"
#include "bots/simulate.hpp"
#include "cli/commands.hpp"
#include "cli/output_files.hpp"
#include "cli/whole_number.hpp"
#include "core/game_log.hpp"
#include "render/map_render.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::cli {

namespace {

struct SimulateArgs {
  std::string system;
  std::vector<std::string> bots{"heuristic", "heuristic"};
  bots::SimulationConfig cfg;
  std::vector<std::string> options;
  std::string json_file, csv_file, plot_file;
  bool quiet = false;
};

std::string pct(const bots::Proportion& p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%5.1f%%  [%5.1f%%, %5.1f%%]", 100 * p.p, 100 * p.lo, 100 * p.hi);
  return buf;
}

// A bar redrawn in place on a terminal; otherwise a line every 10%.
class Progress {
 public:
  Progress(int total, bool enabled)
      : total_(total), tty_(isatty(STDERR_FILENO)), enabled_(enabled) {}
  void operator()(int done) {
    if (!enabled_) return;
    if (tty_) {
      const int width = 40, filled = width * done / total_;
      std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#')
                << std::string(static_cast<std::size_t>(width - filled), '.') << "] " << done << "/"
                << total_ << (done == total_ ? "\n" : "") << std::flush;
    } else if (done * 10 / total_ != (done - 1) * 10 / total_ || done == total_) {
      std::cerr << "simulate: " << done << "/" << total_ << " games\n";
    }
  }

 private:
  int total_;
  bool tty_, enabled_;
};

nlohmann::json summary_json(const SimulateArgs& a, const std::vector<bots::GameOutcome>& games) {
  const int n = static_cast<int>(games.size());
  nlohmann::json j;
  j["system"] = "1870";
  j["scenario"] = a.cfg.scenario;
  j["options"] = a.options;
  j["bots"] = {{"French", a.cfg.french_bot}, {"German", a.cfg.german_bot}};
  j["seed"] = a.cfg.seed;
  j["games"] = n;
  auto prop = [&](int count) {
    const auto p = bots::wilson(count, n);
    return nlohmann::json{{"count", count}, {"rate", p.p}, {"ci95", {p.lo, p.hi}}};
  };
  // A game cut off at --max-steps is no draw (GAP-W-01): it has no result,
  // and no kind of victory.
  int french = 0, german = 0, draws = 0, unfinished = 0;
  std::map<std::string, int> kinds;
  std::map<int, int> vp;
  double turns = 0;
  for (const auto& g : games) {
    (!g.finished ? unfinished : g.winner == 0 ? french : g.winner == 1 ? german : draws)++;
    if (g.finished)
      kinds[g.kind + (g.winner == 0 ? " (French)" : g.winner == 1 ? " (German)" : "")]++;
    vp[g.vp]++;
    turns += g.turns;
  }
  j["french_wins"] = prop(french);
  j["german_wins"] = prop(german);
  j["draws"] = prop(draws);
  j["unfinished"] = prop(unfinished);
  nlohmann::json k = nlohmann::json::object();
  for (const auto& [kind, c] : kinds) k[kind] = prop(c);
  j["victory_kinds"] = k;
  j["mean_turns"] = n ? turns / n : 0;
  // An array in the order of the marker: an object's keys came out as text ("11" before "4").
  nlohmann::json v = nlohmann::json::array();
  for (const auto& [points, c] : vp) v.push_back({{"vp", points}, {"games", c}});
  j["final_vp"] = v;
  return j;
}

// "French", "German", "draw", or "none" for a game cut off unfinished.
std::string winner_name(const bots::GameOutcome& g) {
  return !g.finished ? "none" : g.winner < 0 ? "draw" : g.winner == 0 ? "French" : "German";
}

void print_summary(const SimulateArgs& a, const std::vector<bots::GameOutcome>& games,
                   std::ostream& out) {
  const auto j = summary_json(a, games);
  const int n = static_cast<int>(games.size());
  auto line = [&](const std::string& what, const nlohmann::json& p) {
    const bots::Proportion q{p["rate"], p["ci95"][0], p["ci95"][1]};
    char buf[64];
    std::snprintf(buf, sizeof buf, "  %-34s %6d  ", what.c_str(), p["count"].get<int>());
    out << buf << pct(q) << "\n";
  };
  out << "1870, scenario " << a.cfg.scenario << (a.options.empty() ? "" : ", options");
  for (const auto& o : a.options) out << " " << o;
  out << ": " << n << (n == 1 ? " game" : " games") << ", French " << a.cfg.french_bot
      << " vs German " << a.cfg.german_bot << ", seeds " << a.cfg.seed << ".."
      << a.cfg.seed + static_cast<std::uint64_t>(n) - 1 << "\n";
  out << "  result                             games  rate    95% CI (Wilson)\n";
  line("French victory", j["french_wins"]);
  line("German victory", j["german_wins"]);
  line("draw", j["draws"]);
  if (j["unfinished"]["count"].get<int>() > 0)
    line("unfinished (--max-steps reached)", j["unfinished"]);
  out << "  by kind of victory (rule 11.0):"
      << (j["victory_kinds"].empty() ? " none, no game finished\n" : "\n");
  for (const auto& [kind, p] : j["victory_kinds"].items()) line("  " + kind, p);
  int min_t = 1 << 30, max_t = 0;
  for (const auto& g : games) min_t = std::min(min_t, g.turns), max_t = std::max(max_t, g.turns);
  char buf[128];
  std::snprintf(buf, sizeof buf, "  game length: %.2f turns on average (%d to %d)\n",
                j["mean_turns"].get<double>(), min_t, max_t);
  out << buf << "  final VP (11 = even; the French win at 20, the Germans at 0):\n";
  // In the order of the marker, not of the JSON's keys ("11" before "4").
  std::map<int, int> vp;
  for (const auto& g : games) ++vp[g.vp];
  int most = 1;
  for (const auto& [points, c] : vp) most = std::max(most, c);
  for (const auto& [points, c] : vp) {
    std::snprintf(buf, sizeof buf, "    VP %3d %6d  ", points, c);
    out << buf << std::string(static_cast<std::size_t>(40 * c / most), '#') << "\n";
  }
}

int run_simulate(SimulateArgs& a) {
  if (a.system != "1870") {
    std::cerr << "error: the only rule system with bots yet is 1870, not '" << a.system << "'\n";
    return 2;
  }
  if (a.bots.size() != 2) {
    std::cerr << "error: --bots takes two bots, French first: e.g. --bots heuristic,random\n";
    return 2;
  }
  a.cfg.french_bot = a.bots[0];
  a.cfg.german_bot = a.bots[1];
  // A time budget searches as far as the machine allows in it: the games then
  // depend on its load and on --threads, and the same seed may not repeat them.
  for (const auto& b : a.bots)
    if (const auto budget = bots::parse_search_budget(b); budget && budget->iterations == 0)
      std::cerr << "note: " << b << " plays by the clock: its games depend on the machine's load "
                << "and --threads; a budget of iterations (e.g. search:1000) repeats them\n";
  for (const auto& o : a.options) a.cfg.options.values[o] = "on";
  auto loaded = wate1870::WateGame::load();
  if (!loaded) {
    std::cerr << "error: " << loaded.error().to_string() << "\n";
    return 1;
  }
  if (a.cfg.seed >
      std::numeric_limits<std::uint64_t>::max() - static_cast<std::uint64_t>(a.cfg.games - 1)) {
    std::cerr << "error: --seed " << a.cfg.seed << ": game i plays seed + i, and seed + "
              << a.cfg.games - 1 << " is beyond the largest seed\n";
    return 2;
  }
  if (!a.plot_file.empty() && !a.plot_file.ends_with(".png") && !a.plot_file.ends_with(".svg")) {
    std::cerr << "error: --plot " << a.plot_file << ": the plot is a .png or an .svg file\n";
    return 2;
  }
  if (!output_files_writable(
          {{"--json", &a.json_file}, {"--csv", &a.csv_file}, {"--plot", &a.plot_file}}))
    return 1;
  Progress progress(a.cfg.games, !a.quiet);
  auto games = bots::simulate_1870(**loaded, a.cfg, [&](int done) { progress(done); });
  if (!games) {
    std::cerr << "error: " << games.error().to_string() << "\n";
    return exit_code_for(games.error());
  }
  print_summary(a, *games, std::cout);
  if (!a.json_file.empty()) {
    auto j = summary_json(a, *games);
    nlohmann::json per = nlohmann::json::array();
    for (const auto& g : *games)
      per.push_back({{"game", g.index},
                     {"seed", g.seed},
                     {"winner", winner_name(g)},
                     {"kind", g.kind},
                     {"turns", g.turns},
                     {"vp", g.vp},
                     {"actions", g.actions}});
    j["per_game"] = per;
    if (auto ok = write_text_file(a.json_file, j.dump(2) + "\n"); !ok) {
      std::cerr << "error: --json: " << ok.error().message << "\n";
      return 1;
    }
  }
  if (!a.plot_file.empty()) {
    std::string subtitle = std::to_string(games->size()) + " games, French " + a.cfg.french_bot +
                           " vs German " + a.cfg.german_bot + ", scenario " + a.cfg.scenario;
    for (const auto& o : a.options) subtitle += ", option " + o;
    subtitle += ", seeds " + std::to_string(a.cfg.seed) + "..";
    subtitle += std::to_string(a.cfg.seed + games->size() - 1);
    const std::string svg = render::bar_chart_svg(
        bots::vp_distribution_chart(*games, "1870: final VP distribution", subtitle));
    const bool as_svg =
        a.plot_file.size() >= 4 && a.plot_file.compare(a.plot_file.size() - 4, 4, ".svg") == 0;
    if (auto ok =
            as_svg ? render::write_svg(svg, a.plot_file) : render::write_png(svg, a.plot_file);
        !ok) {
      std::cerr << "error: --plot: " << ok.error().message << "\n";
      return 1;
    }
  }
  if (!a.csv_file.empty()) {
    std::ostringstream f;
    f << "game,seed,winner,kind,turns,vp,actions\n";
    for (const auto& g : *games)
      f << g.index << "," << g.seed << "," << winner_name(g) << "," << g.kind << "," << g.turns
        << "," << g.vp << "," << g.actions << "\n";
    if (auto ok = write_text_file(a.csv_file, f.str()); !ok) {
      std::cerr << "error: --csv: " << ok.error().message << "\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace

void add_simulate_command(CLI::App& app) {
  auto args = std::make_shared<SimulateArgs>();
  auto* cmd = app.add_subcommand(
      "simulate", "Balance study: many bot games on every core, win rates with 95% CIs");
  cmd->add_option("system", args->system, "Rule system (1870)")->required();
  cmd->add_option("--games", args->cfg.games, "Number of games")
      ->check(whole_number(1))
      ->capture_default_str();
  cmd->add_option("--bots", args->bots, "The French bot, then the German bot")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--seed", args->cfg.seed, "Seed of game 0 (game i uses seed + i)")
      ->check(whole_number())
      ->capture_default_str();
  cmd->add_option("--threads", args->cfg.threads,
                  "Threads (default: one per core); results do not depend on it, unless a bot "
                  "plays by the clock (search:Nms)")
      ->check(whole_number(1));
  cmd->add_option("--scenario", args->cfg.scenario, "Scenario name (historical, free) or file")
      ->capture_default_str();
  cmd->add_option("--option", args->options, "Optional rule to use: 12.1, 12.2, 12.3, 12.4");
  cmd->add_option("--max-steps", args->cfg.max_steps,
                  "Actions per game before it counts as unfinished")
      ->check(whole_number(1))
      ->capture_default_str();
  cmd->add_option("--json", args->json_file, "Write the summary and every game to this JSON file");
  cmd->add_option("--csv", args->csv_file, "Write one line per game to this CSV file");
  cmd->add_option("--plot", args->plot_file,
                  "Draw the final VP distribution to this PNG (or .svg) file");
  cmd->add_flag("--quiet", args->quiet, "No progress bar");
  cmd->callback([args] {
    each_once(args->options);
    set_exit_code(run_simulate(*args));
  });
}

}  // namespace rz::cli
