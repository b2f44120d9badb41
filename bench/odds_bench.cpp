// Exact odds (src/rules/wate1870/odds.hpp): the target is under 100 µs for any
// combat. The dearest is one with artillery on both sides: every roll, the
// defender's re-roll and the attacker's answer.
// Run: scripts/bench --benchmark_filter=Odds (Release, one core).
#include <benchmark/benchmark.h>

#include "rules/wate1870/odds.hpp"

namespace {

using namespace rz::wate1870;

CombatOddsInput both_commit() {
  CombatOddsInput in;
  in.attacker = Side::kGerman;
  in.attack_drm = 2;
  in.defence_drm = 1;
  in.attack_artillery = true;
  in.defence_artillery = true;
  in.attack = {8, 2, 1};
  in.defence = {6, 2, 0};
  in.attack_hqs = 2;
  in.defence_hqs = 1;
  return in;
}

void BM_OddsCombatBothArtillery(benchmark::State& s) {
  const CombatOddsInput in = both_commit();
  for (auto _ : s) benchmark::DoNotOptimize(combat_odds(in));
}
BENCHMARK(BM_OddsCombatBothArtillery)->Unit(benchmark::kMicrosecond);

void BM_OddsCombatNoArtillery(benchmark::State& s) {
  CombatOddsInput in = both_commit();
  in.attack_artillery = in.defence_artillery = false;
  for (auto _ : s) benchmark::DoNotOptimize(combat_odds(in));
}
BENCHMARK(BM_OddsCombatNoArtillery)->Unit(benchmark::kMicrosecond);

// All four artillery choices, as `reisswitz odds` and the play screen ask.
void BM_OddsCombatEveryArtilleryChoice(benchmark::State& s) {
  const CombatOddsInput in = both_commit();
  for (auto _ : s) benchmark::DoNotOptimize(artillery_cases(in, true, true));
}
BENCHMARK(BM_OddsCombatEveryArtilleryChoice)->Unit(benchmark::kMicrosecond);

}  // namespace
