// reisswitz ladder 1870: plays N games per pairing of bots, each bot on each
// side, with seeds 1..N (plus --seed), and prints the win rates with 95%
// Wilson confidence intervals and the time the bots took per decision.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>

#include "bots/bot.hpp"
#include "cli/commands.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::cli {

namespace {

struct LadderArgs {
  std::string system;
  std::vector<std::string> bots{"heuristic", "random"};
  int games = 20;
  std::uint64_t seed = 1;
  std::string scenario = "historical";
  std::vector<std::string> options;
  long max_steps = 200000;
};

// Times choose() of the bot it wraps.
class TimedBot final : public bots::Bot {
 public:
  explicit TimedBot(std::unique_ptr<bots::Bot> inner) : inner_(std::move(inner)) {}
  Action choose(const State& st, Player p, const std::string& view) override {
    const auto t0 = std::chrono::steady_clock::now();
    Action a = inner_->choose(st, p, view);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    total_ms += ms;
    max_ms = std::max(max_ms, ms);
    ++decisions;
    return a;
  }
  std::string name() const override { return inner_->name(); }
  bool needs_view() const override { return inner_->needs_view(); }
  double total_ms = 0, max_ms = 0;
  long decisions = 0;

 private:
  std::unique_ptr<bots::Bot> inner_;
};

struct Interval {
  double lo, hi;
};

// Wilson score interval, 95% (z = 1.96), for `score` successes in n trials.
Interval wilson(double score, int n) {
  if (n == 0) return {0, 1};
  const double z = 1.96, p = score / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::string pct(double x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%5.1f%%", 100 * x);
  return buf;
}

int run_ladder(const LadderArgs& a) {
  if (a.system != "1870") {
    std::cerr << "error: the only rule system with bots yet is 1870, not '" << a.system << "'\n";
    return 2;
  }
  if (a.bots.size() < 2 || a.games < 1) {
    std::cerr << "error: a ladder needs at least two bots and one game per pairing\n";
    return 2;
  }
  auto loaded = wate1870::WateGame::load();
  if (!loaded) {
    std::cerr << "error: " << loaded.error().to_string() << "\n";
    return 1;
  }
  const Game& game = **loaded;
  GameOptions options;
  for (const auto& o : a.options) options.values[o] = "on";
  for (const auto& name : a.bots)
    if (auto b = bots::make_bot(name, 1); !b) {
      std::cerr << "error: " << b.error().message << "\n";
      return 2;
    }

  std::cout << "Ladder: " << game.name() << ", scenario " << a.scenario << ", " << a.games
            << " games per pairing and side, seeds " << a.seed << ".." << a.seed + a.games - 1 << "\n";
  for (std::size_t i = 0; i < a.bots.size(); ++i) {
    for (std::size_t j = i + 1; j < a.bots.size(); ++j) {
      // bots[i] plays side s against bots[j] on the other side.
      double total = 0;
      int total_n = 0;
      double time_ms[2] = {0, 0}, max_ms[2] = {0, 0};
      long decisions[2] = {0, 0};
      for (Player s = 0; s < game.num_players(); ++s) {
        double score = 0;
        int wins = 0, losses = 0, draws = 0, unfinished = 0;
        for (int g = 0; g < a.games; ++g) {
          const std::uint64_t seed = a.seed + static_cast<std::uint64_t>(g);
          TimedBot x(std::move(bots::make_bot(a.bots[i], seed * 2 + 1)).value());
          TimedBot y(std::move(bots::make_bot(a.bots[j], seed * 2 + 2)).value());
          std::vector<bots::Bot*> seats(2);
          seats[static_cast<std::size_t>(s)] = &x;
          seats[static_cast<std::size_t>(1 - s)] = &y;
          SeededDice dice(seed);
          auto played = bots::play_game(game, a.scenario, options, seed, seats, dice, a.max_steps);
          if (!played) {
            std::cerr << "error: game with seed " << seed << ": " << played.error().to_string() << "\n";
            return 1;
          }
          time_ms[0] += x.total_ms, time_ms[1] += y.total_ms;
          max_ms[0] = std::max(max_ms[0], x.max_ms), max_ms[1] = std::max(max_ms[1], y.max_ms);
          decisions[0] += x.decisions, decisions[1] += y.decisions;
          if (!played->finished) ++unfinished;
          const double r = played->returns[static_cast<std::size_t>(s)];
          score += r;
          if (r > 0.75) ++wins;
          else if (r < 0.25) ++losses;
          else ++draws;
        }
        const Interval ci = wilson(score, a.games);
        std::cout << "  " << a.bots[i] << " (" << game.player_name(s) << ") vs " << a.bots[j] << ": " << wins << " won, "
                  << draws << " drawn, " << losses << " lost of " << a.games << "; score " << pct(score / a.games)
                  << ", 95% CI [" << pct(ci.lo) << ", " << pct(ci.hi) << "]"
                  << (unfinished ? " (" + std::to_string(unfinished) + " unfinished)" : std::string()) << "\n";
        total += score;
        total_n += a.games;
      }
      const Interval ci = wilson(total, total_n);
      std::cout << "  " << a.bots[i] << " vs " << a.bots[j] << ", both sides: score " << pct(total / total_n)
                << ", 95% CI [" << pct(ci.lo) << ", " << pct(ci.hi) << "] over " << total_n << " games\n";
      for (int k = 0; k < 2; ++k) {
        const std::string& n = a.bots[k == 0 ? i : j];
        char buf[160];
        std::snprintf(buf, sizeof buf, "    %s: %ld decisions, %.3f ms mean, %.1f ms max per decision\n", n.c_str(),
                      decisions[k], decisions[k] ? time_ms[k] / decisions[k] : 0.0, max_ms[k]);
        std::cout << buf;
      }
    }
  }
  return 0;
}

}  // namespace

void add_ladder_command(CLI::App& app) {
  auto args = std::make_shared<LadderArgs>();
  auto* cmd = app.add_subcommand("ladder", "Play bots against each other and print win rates (95% Wilson CI)");
  cmd->add_option("system", args->system, "Rule system (1870)")->required();
  cmd->add_option("--bots", args->bots, "Bots to pair (every pair plays, each on each side)")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--games", args->games, "Games per pairing and side")->capture_default_str();
  cmd->add_option("--seed", args->seed, "First seed (games use seed, seed+1, ...)")->capture_default_str();
  cmd->add_option("--scenario", args->scenario, "Scenario name (historical, free) or file")->capture_default_str();
  cmd->add_option("--option", args->options, "Optional rule to use: 12.1, 12.2, 12.3, 12.4");
  cmd->add_option("--max-steps", args->max_steps, "Actions per game before it counts as unfinished")
      ->capture_default_str();
  cmd->callback([args] { set_exit_code(run_ladder(*args)); });
}

}  // namespace rz::cli
