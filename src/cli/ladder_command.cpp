// reisswitz ladder 1870: plays N games per pairing of bots, each bot on each
// side, with seeds 1..N (plus --seed), and prints the win rates with 95%
// Wilson confidence intervals and the time the bots took per decision and per
// side-turn (all of one side's decisions in one game turn). --threads plays
// that many games at once; the results do not depend on it.
#include <time.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <thread>

#include "bots/bot.hpp"
#include "cli/commands.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

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
  int threads = 1;
};

// Time a bot took: per decision, and per side-turn (its decisions in one game
// turn). Wall clock, and the CPU time of the thread (which a loaded machine or
// more threads than free cores do not inflate).
struct Clock {
  double total_ms = 0, max_ms = 0;            // per decision
  double turn_total_ms = 0, turn_max_ms = 0;  // per side-turn
  double turn_ms = 0;                         // the side-turn in progress
  void decision(double ms) {
    total_ms += ms;
    max_ms = std::max(max_ms, ms);
    turn_ms += ms;
  }
  void close_turn() {
    turn_total_ms += turn_ms;
    turn_max_ms = std::max(turn_max_ms, turn_ms);
    turn_ms = 0;
  }
  void add(const Clock& o) {
    total_ms += o.total_ms;
    max_ms = std::max(max_ms, o.max_ms);
    turn_total_ms += o.turn_total_ms;
    turn_max_ms = std::max(turn_max_ms, o.turn_max_ms);
  }
};

struct Timing {
  Clock wall, cpu;
  long decisions = 0;
  long turns = 0;
  void add(const Timing& o) {
    wall.add(o.wall);
    cpu.add(o.cpu);
    decisions += o.decisions;
    turns += o.turns;
  }
};

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Times choose() of the bot it wraps.
class TimedBot final : public bots::Bot {
 public:
  explicit TimedBot(std::unique_ptr<bots::Bot> inner) : inner_(std::move(inner)) {}
  Action choose(const State& st, Player p, const std::string& view) override {
    const auto* ws = dynamic_cast<const wate1870::WateState*>(&st);
    const int turn = ws ? ws->turn() : 0;
    if (turn != turn_) close_turn(), turn_ = turn;
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = thread_cpu_ms();
    Action a = inner_->choose(st, p, view);
    t.cpu.decision(thread_cpu_ms() - c0);
    t.wall.decision(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    ++t.decisions;
    return a;
  }
  std::string name() const override { return inner_->name(); }
  bool needs_view() const override { return inner_->needs_view(); }
  // Ends the side-turn in progress (call at the end of the game too).
  void close_turn() {
    if (turn_ < 0) return;
    t.wall.close_turn();
    t.cpu.close_turn();
    ++t.turns;
    turn_ = -1;
  }
  Timing t;

 private:
  std::unique_ptr<bots::Bot> inner_;
  int turn_ = -1;
};

struct GameResult {
  bool ok = false;
  std::string error;
  bool finished = false;
  double score = 0;  // of the bot on the side being measured
  Timing timing[2];  // [0] the first bot of the pairing, [1] the second
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

  std::string rules;
  for (const auto& o : a.options) rules += (rules.empty() ? ", options " : ",") + o;
  std::cout << "Ladder: " << game.name() << ", scenario " << a.scenario << rules << ", " << a.games
            << " games per pairing and side, seeds " << a.seed << ".." << a.seed + a.games - 1
            << "\n";
  for (std::size_t i = 0; i < a.bots.size(); ++i) {
    for (std::size_t j = i + 1; j < a.bots.size(); ++j) {
      // bots[i] plays side s against bots[j] on the other side.
      double total = 0;
      int total_n = 0;
      Timing timing[2];
      for (Player s = 0; s < game.num_players(); ++s) {
        // Every game is independent (own bots, dice and state): play them on
        // --threads threads, then count them in seed order.
        std::vector<GameResult> results(static_cast<std::size_t>(a.games));
        std::atomic<int> next{0};
        auto worker = [&] {
          for (int g; (g = next++) < a.games;) {
            GameResult& out = results[static_cast<std::size_t>(g)];
            const std::uint64_t seed = a.seed + static_cast<std::uint64_t>(g);
            TimedBot x(std::move(bots::make_bot(a.bots[i], seed * 2 + 1)).value());
            TimedBot y(std::move(bots::make_bot(a.bots[j], seed * 2 + 2)).value());
            std::vector<bots::Bot*> seats(2);
            seats[static_cast<std::size_t>(s)] = &x;
            seats[static_cast<std::size_t>(1 - s)] = &y;
            SeededDice dice(seed);
            auto played =
                bots::play_game(game, a.scenario, options, seed, seats, dice, a.max_steps);
            if (!played) {
              out.error =
                  "game with seed " + std::to_string(seed) + ": " + played.error().to_string();
              continue;
            }
            x.close_turn();
            y.close_turn();
            out.ok = true;
            out.finished = played->finished;
            out.score = played->returns[static_cast<std::size_t>(s)];
            out.timing[0] = x.t;
            out.timing[1] = y.t;
          }
        };
        std::vector<std::thread> pool;
        for (int k = 1; k < std::max(1, a.threads); ++k) pool.emplace_back(worker);
        worker();
        for (auto& th : pool) th.join();
        double score = 0;
        int wins = 0, losses = 0, draws = 0, unfinished = 0;
        for (const auto& r : results) {
          if (!r.ok) {
            std::cerr << "error: " << r.error << "\n";
            return 1;
          }
          timing[0].add(r.timing[0]);
          timing[1].add(r.timing[1]);
          if (!r.finished) ++unfinished;
          score += r.score;
          if (r.score > 0.75)
            ++wins;
          else if (r.score < 0.25)
            ++losses;
          else
            ++draws;
        }
        const Interval ci = wilson(score, a.games);
        std::cout << "  " << a.bots[i] << " (" << game.player_name(s) << ") vs " << a.bots[j]
                  << ": " << wins << " won, " << draws << " drawn, " << losses << " lost of "
                  << a.games << "; score " << pct(score / a.games) << ", 95% CI [" << pct(ci.lo)
                  << ", " << pct(ci.hi) << "]"
                  << (unfinished ? " (" + std::to_string(unfinished) + " unfinished)"
                                 : std::string())
                  << "\n";
        total += score;
        total_n += a.games;
      }
      const Interval ci = wilson(total, total_n);
      std::cout << "  " << a.bots[i] << " vs " << a.bots[j] << ", both sides: score "
                << pct(total / total_n) << ", 95% CI [" << pct(ci.lo) << ", " << pct(ci.hi)
                << "] over " << total_n << " games\n";
      for (int k = 0; k < 2; ++k) {
        const std::string& n = a.bots[k == 0 ? i : j];
        const Timing& t = timing[k];
        auto line = [&](const char* what, const Clock& c) {
          char buf[240];
          std::snprintf(buf, sizeof buf,
                        "    %s, %s: %.3f ms mean, %.1f ms max per decision (%ld); %.1f ms mean, "
                        "%.1f ms max per side-turn (%ld)\n",
                        n.c_str(), what, t.decisions ? c.total_ms / t.decisions : 0.0, c.max_ms,
                        t.decisions, t.turns ? c.turn_total_ms / t.turns : 0.0, c.turn_max_ms,
                        t.turns);
          std::cout << buf;
        };
        line("wall clock", t.wall);
        line("CPU time", t.cpu);
      }
    }
  }
  return 0;
}

}  // namespace

void add_ladder_command(CLI::App& app) {
  auto args = std::make_shared<LadderArgs>();
  auto* cmd = app.add_subcommand(
      "ladder", "Play bots against each other and print win rates (95% Wilson CI)");
  cmd->add_option("system", args->system, "Rule system (1870)")->required();
  cmd->add_option("--bots", args->bots,
                  "Bots to pair (every pair plays, each on each side): random, heuristic, search, "
                  "search:N, search:Nms")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--games", args->games, "Games per pairing and side")->capture_default_str();
  cmd->add_option("--seed", args->seed, "First seed (games use seed, seed+1, ...)")
      ->capture_default_str();
  cmd->add_option("--scenario", args->scenario, "Scenario name (historical, free) or file")
      ->capture_default_str();
  cmd->add_option("--option", args->options, "Optional rule to use: 12.1, 12.2, 12.3, 12.4");
  cmd->add_option("--max-steps", args->max_steps, "Actions per game before it counts as unfinished")
      ->capture_default_str();
  cmd->add_option("--threads", args->threads,
                  "Games played at once (timings grow if threads outnumber free cores)")
      ->capture_default_str();
  cmd->callback([args] { set_exit_code(run_ladder(*args)); });
}

}  // namespace rz::cli
