// Speed of the bots: the search bot's iterations per second at a typical
// decision of the 1870 historical game, and the heuristic bot's decisions.
// Run: scripts/bench --benchmark_filter=Search
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "bots/heuristic_1870.hpp"
#include "bots/search.hpp"
#include "bots/search_1870.hpp"
#include "core/dice.hpp"
#include "rules/wate1870/game.hpp"
#include "wate1870_game.hpp"

namespace {

using rz::bench::wate1870_game;

// The historical game played by the heuristic on both sides (dice from seed 1)
// until `decisions` choices with more than one legal action have been made,
// then on to the next such choice (one the search makes, if `searched`): a
// position of the opening turns.
std::unique_ptr<rz::State> after(int decisions, const rz::GameOptions& options = {},
                                 bool searched = false) {
  auto st = std::move(wate1870_game().initial_state("historical", options, 1)).value();
  rz::bots::Heuristic1870Bot french(1), german(2);
  const auto model = rz::bots::make_wate1870_search_model();
  rz::SeededDice dice(1);
  for (int made = 0;;) {
    (void)rz::resolve_chance(*st, dice);
    const auto p = st->to_move().players.front();
    if (st->legal_actions(p).size() > 1 && made++ >= decisions &&
        (!searched || model->decides(*st, p)))
      return st;
    (void)st->apply(p, (p == 0 ? french : german).choose(*st, p, ""));
  }
}

// Search iterations per second (items/s): 100-iteration searches at the first
// decision the search makes from the 400th of a heuristic game (turn 2),
// rollouts of the default length.
void BM_Wate1870SearchIterations(benchmark::State& s) {
  auto st = after(400, s.range(0) ? rz::GameOptions{{{"12.2", "on"}}} : rz::GameOptions{}, true);
  const auto p = st->to_move().players.front();
  const std::string view = st->view(p);
  rz::bots::SearchBudget budget;
  budget.iterations = 100;
  rz::bots::SearchBot bot(rz::bots::make_wate1870_search_model(), budget, 1);
  long iterations = 0;
  for (auto _ : s) {
    benchmark::DoNotOptimize(bot.choose(*st, p, view));
    iterations += bot.last().iterations;
  }
  s.SetItemsProcessed(iterations);
  s.counters["choices"] = static_cast<double>(st->legal_actions(p).size());
}
BENCHMARK(BM_Wate1870SearchIterations)
    ->Arg(0)
    ->Arg(1)
    ->ArgName("fog")
    ->Unit(benchmark::kMillisecond);

// The same over many decisions of a game: 100-iteration searches at every
// 10th decision the search makes in the heuristic game above, 24 of them from
// the first turn on. A single decision can mislead: how often the policy
// meets a decision again, or how long a rollout runs, differs from one
// decision to the next (docs/performance.md, session 19). The rollout is the
// bot's 8 decisions, and 2, 1 and 0 to show what it costs (sessions 23, 32
// and 43, docs/bots.md: 1 keeps most of the strength, 0 loses it).
// The 24 decisions of the heuristic game the search is timed at (below).
std::vector<std::unique_ptr<rz::State>> searched_decisions(bool fog) {
  const rz::GameOptions options = fog ? rz::GameOptions{{{"12.2", "on"}}} : rz::GameOptions{};
  auto st = std::move(wate1870_game().initial_state("historical", options, 1)).value();
  rz::bots::Heuristic1870Bot french(1), german(2);
  const auto model = rz::bots::make_wate1870_search_model();
  rz::SeededDice dice(1);
  std::vector<std::unique_ptr<rz::State>> at;
  for (int searched = 0; at.size() < 24 && !st->terminal();) {
    (void)rz::resolve_chance(*st, dice);
    if (st->terminal()) break;
    const auto p = st->to_move().players.front();
    if (st->legal_actions(p).size() > 1 && model->decides(*st, p) && searched++ % 10 == 0)
      at.push_back(st->clone());
    (void)st->apply(p, (p == 0 ? french : german).choose(*st, p, ""));
  }
  return at;
}

// The searches of `budget` over those decisions, one bot for the run.
void search_over_a_game(benchmark::State& s, rz::bots::SearchBudget budget) {
  const auto at = searched_decisions(s.range(0) != 0);
  long iterations = 0;
  for (auto _ : s) {
    rz::bots::SearchBot bot(rz::bots::make_wate1870_search_model(), budget, 1);
    for (const auto& d : at) {
      const auto p = d->to_move().players.front();
      benchmark::DoNotOptimize(bot.choose(*d, p, d->view(p)));
      iterations += bot.last().iterations;
    }
  }
  s.SetItemsProcessed(iterations);
  s.counters["decisions"] = static_cast<double>(at.size());
}

void BM_Wate1870SearchIterationsOverAGame(benchmark::State& s) {
  rz::bots::SearchBudget budget;
  budget.iterations = 100;
  budget.rollout = static_cast<int>(s.range(1));  // `search` plays 8 (docs/bots.md)
  search_over_a_game(s, budget);
}
BENCHMARK(BM_Wate1870SearchIterationsOverAGame)
    ->ArgsProduct({{0, 1}, {8, 2, 1, 0}})
    ->ArgNames({"fog", "rollout"})
    ->MinTime(2)  // a run is 1-2 s: at least two
    ->Unit(benchmark::kMillisecond);

// The same at the budget the ladders play and issue 4 names, 1,000 iterations
// a decision (`search:1000`, `search:1000:r1`): a deeper tree, so more moves an
// iteration than at 100 (docs/performance.md, session 47); with the replay of
// iterations (SearchBudget::replay, the bots') and without it (session 49).
void BM_Wate1870SearchIterationsAtAThousand(benchmark::State& s) {
  rz::bots::SearchBudget budget;
  budget.iterations = 1000;
  budget.rollout = static_cast<int>(s.range(1));
  budget.replay = s.range(2) != 0;
  search_over_a_game(s, budget);
}
BENCHMARK(BM_Wate1870SearchIterationsAtAThousand)
    ->ArgsProduct({{0, 1}, {8, 1}, {1, 0}})
    ->ArgNames({"fog", "rollout", "replay"})
    ->Iterations(1)  // a run is 1.5-6 s
    ->Repetitions(3)
    ->Unit(benchmark::kMillisecond);

// One heuristic decision at the same position.
void BM_Wate1870HeuristicDecision(benchmark::State& s) {
  auto st = after(400);
  const auto p = st->to_move().players.front();
  rz::bots::Heuristic1870Bot bot(1);
  for (auto _ : s) benchmark::DoNotOptimize(bot.choose(*st, p, ""));
}
BENCHMARK(BM_Wate1870HeuristicDecision);

}  // namespace
