// The decisions of a random 1870 game by kind (the step the game waits on):
// what listing the legal actions and applying one costs at each kind, over
// the very positions random games reach. A random game is spread over a
// dozen kinds (docs/performance.md), so one "typical decision" says little.
// Run: scripts/bench --benchmark_filter=Decision
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "core/rng.hpp"
#include "rules/wate1870/state.hpp"
#include "wate1870_game.hpp"

namespace {

using rz::wate1870::StepKind;
using rz::wate1870::WateState;

struct Decision {
  std::unique_ptr<rz::State> state;
  rz::Player player = 0;
  rz::Action chosen;  // what the random game took there
};

constexpr int kGames = 10;          // random games of the historical set-up, seeds 1-10
constexpr std::size_t kKept = 200;  // decisions kept per kind, spread over the games

// Every decision of the games, by kind; of a kind with more than kKept, every
// n-th, so that all the games (early and late turns) are in the sample.
const std::map<StepKind, std::vector<Decision>>& decisions() {
  static const auto by_kind = [] {
    std::map<StepKind, std::vector<Decision>> all;
    for (int seed = 1; seed <= kGames; ++seed) {
      auto st = std::move(rz::bench::wate1870_game().initial_state(
                              "historical", {}, static_cast<std::uint64_t>(seed)))
                    .value();
      st->set_narration(false);  // as a random game plays (core_bench.cpp)
      rz::Pcg32 choose(static_cast<std::uint64_t>(seed), 9);
      rz::SeededDice dice(static_cast<std::uint64_t>(seed));
      while (!st->terminal()) {
        (void)rz::resolve_chance(*st, dice);
        if (st->terminal()) break;
        const auto p = st->to_move().players.front();
        const auto legal = st->legal_actions(p);
        const auto& a = legal[choose.below(static_cast<std::uint32_t>(legal.size()))];
        const auto& steps = static_cast<const WateState&>(*st).steps();
        if (!steps.empty()) all[steps.back().kind].push_back({st->clone(), p, a});
        (void)st->apply(p, a);
      }
    }
    for (auto& [kind, list] : all) {
      if (list.size() <= kKept) continue;
      std::vector<Decision> kept;
      const double every = static_cast<double>(list.size()) / kKept;
      for (std::size_t i = 0; i < kKept; ++i)
        kept.push_back(std::move(list[static_cast<std::size_t>(static_cast<double>(i) * every)]));
      list = std::move(kept);
    }
    return all;
  }();
  return by_kind;
}

const std::vector<Decision>* of_kind(benchmark::State& s, StepKind kind) {
  const auto it = decisions().find(kind);
  if (it == decisions().end() || it->second.empty()) {
    s.SkipWithError("the random games reach no decision of this kind");
    return nullptr;
  }
  return &it->second;
}

// The time per decision, and how many actions a decision lists on average.
void report(benchmark::State& s, const std::vector<Decision>& list) {
  double actions = 0;
  for (const auto& d : list)
    actions += static_cast<double>(d.state->legal_actions(d.player).size());
  s.counters["decision"] = benchmark::Counter(
      static_cast<double>(list.size()),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
  s.counters["actions"] = actions / static_cast<double>(list.size());
}

// Times `work` on a clone of each decision of the kind: a new state, as in a
// game, where every order makes a new position and nothing derived is kept
// yet. The clone is in the time: BM_Wate1870Clone says what it costs.
template <class Work>
void each_decision(benchmark::State& s, StepKind kind, Work&& work) {
  const auto* list = of_kind(s, kind);
  if (!list) return;
  for (auto _ : s)
    for (const auto& d : *list) {
      auto fresh = d.state->clone();
      work(*fresh, d);
    }
  report(s, *list);
}

// Listing the legal actions.
void BM_Wate1870DecisionList(benchmark::State& s, StepKind kind) {
  each_decision(s, kind, [](rz::State& st, const Decision& d) {
    benchmark::DoNotOptimize(st.legal_actions(d.player));
  });
}

// Applying the order the random game took (with its check and its events).
void BM_Wate1870DecisionApply(benchmark::State& s, StepKind kind) {
  each_decision(s, kind, [](rz::State& st, const Decision& d) {
    benchmark::DoNotOptimize(st.apply(d.player, d.chosen));
  });
}

// The kinds of decision a player makes (the chance steps are the dice's).
const struct Registered {
  Registered() {
    const std::pair<StepKind, const char*> kinds[] = {
        {StepKind::kAdministrative, "administrative"},
        {StepKind::kActivate, "activate"},
        {StepKind::kHqOrders, "hq-orders"},
        {StepKind::kForceOrders, "force-orders"},
        {StepKind::kMarch, "march"},
        {StepKind::kChassepotChoice, "chassepot"},
        {StepKind::kArtillery, "artillery"},
        {StepKind::kReroll, "reroll"},
        {StepKind::kAbsorb, "absorb"},
        {StepKind::kRetreat, "retreat"},
        {StepKind::kRecovery, "recovery"},
    };
    for (const auto& [kind, name] : kinds) {
      benchmark::RegisterBenchmark((std::string("BM_Wate1870DecisionList/") + name).c_str(),
                                   BM_Wate1870DecisionList, kind);
      benchmark::RegisterBenchmark((std::string("BM_Wate1870DecisionApply/") + name).c_str(),
                                   BM_Wate1870DecisionApply, kind);
    }
  }
} registered;

}  // namespace
