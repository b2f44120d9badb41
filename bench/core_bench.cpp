// Speed of the engine's basic operations on the 1870 historical set-up.
// Run: scripts/bench (Release build, one core).
#include <benchmark/benchmark.h>

#include <algorithm>

#include "core/dice.hpp"
#include "core/rng.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"
#include "wate1870_game.hpp"

namespace {

using rz::bench::wate1870_game;

std::unique_ptr<rz::State> historical() {
  return std::move(wate1870_game().initial_state("historical", {}, 1)).value();
}

void BM_Pcg32Die(benchmark::State& s) {
  rz::Pcg32 r(1, 2);
  for (auto _ : s) benchmark::DoNotOptimize(r.below(6));
}
BENCHMARK(BM_Pcg32Die);

void BM_Wate1870Clone(benchmark::State& s) {
  auto st = historical();
  for (auto _ : s) benchmark::DoNotOptimize(st->clone());
}
BENCHMARK(BM_Wate1870Clone);

void BM_Wate1870Serialize(benchmark::State& s) {
  auto st = historical();
  for (auto _ : s) benchmark::DoNotOptimize(st->serialize());
}
BENCHMARK(BM_Wate1870Serialize);

void BM_Wate1870Deserialize(benchmark::State& s) {
  const std::string text = historical()->serialize();
  for (auto _ : s) benchmark::DoNotOptimize(wate1870_game().deserialize(text));
}
BENCHMARK(BM_Wate1870Deserialize);

void BM_Wate1870Hash(benchmark::State& s) {
  auto st = historical();
  for (auto _ : s) benchmark::DoNotOptimize(st->hash());
}
BENCHMARK(BM_Wate1870Hash);

// The same fields, a word at a time: the key a search keeps answers by.
void BM_Wate1870Fingerprint(benchmark::State& s) {
  auto st = historical();
  const auto& w = static_cast<const rz::wate1870::WateState&>(*st);
  for (auto _ : s) benchmark::DoNotOptimize(w.fingerprint());
}
BENCHMARK(BM_Wate1870Fingerprint);

// 4.1: the LOC of every hex of the map for one side (one LocMap answers every force).
void BM_Wate1870LocMap(benchmark::State& s) {
  auto st = historical();
  const auto& w = static_cast<const rz::wate1870::WateState&>(*st);
  const rz::wate1870::Board b{w.data(), w.position(), w.options()};
  for (auto _ : s) benchmark::DoNotOptimize(rz::wate1870::LocMap(b, rz::wate1870::Side::kGerman));
}
BENCHMARK(BM_Wate1870LocMap);

void BM_Wate1870ZocMap(benchmark::State& s) {
  auto st = historical();
  const auto& w = static_cast<const rz::wate1870::WateState&>(*st);
  const rz::wate1870::Board b{w.data(), w.position(), w.options()};
  for (auto _ : s) benchmark::DoNotOptimize(rz::wate1870::ZocMap(b, rz::wate1870::Side::kGerman));
}
BENCHMARK(BM_Wate1870ZocMap);

// A typical decision: a force marching in the first Action Phase (the most
// common kind of decision in a game), reached by a fixed sequence of random choices.
std::unique_ptr<rz::State> marching_state() {
  rz::Pcg32 choose(5, 5);
  rz::SeededDice dice(5);
  for (int attempt = 0; attempt < 1000; ++attempt) {
    auto st = historical();
    for (int step = 0; step < 400 && !st->terminal(); ++step) {
      (void)rz::resolve_chance(*st, dice);
      const auto p = st->to_move().players.front();
      auto legal = st->legal_actions(p);
      if (step > 20 && std::any_of(legal.begin(), legal.end(),
                                   [](const rz::Action& a) { return a.verb == "move"; }))
        return st;
      (void)st->apply(p, legal[choose.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  throw std::runtime_error("no march decision reached");
}

void BM_Wate1870LegalActionsMarch(benchmark::State& s) {
  auto st = marching_state();
  const auto p = st->to_move().players.front();
  for (auto _ : s) {
    auto fresh = st->clone();  // legal actions of a new state: nothing derived is kept yet
    benchmark::DoNotOptimize(fresh->legal_actions(p));
  }
  // What the fixed choices reach changes with the rules (a French Forced March
  // lists every hex in reach): the size of the list, to read the time by.
  s.counters["actions"] = static_cast<double>(st->legal_actions(p).size());
}
BENCHMARK(BM_Wate1870LegalActionsMarch);

// 4.1: LOC of every force of both sides on the map, as the rules ask it.
void BM_Wate1870LocEveryForce(benchmark::State& s) {
  auto st = historical();
  const auto& w = static_cast<const rz::wate1870::WateState&>(*st);
  const rz::wate1870::Board b{w.data(), w.position(), w.options()};
  for (auto _ : s) {
    const rz::wate1870::LocMap french(b, rz::wate1870::Side::kFrench),
        german(b, rz::wate1870::Side::kGerman);
    int n = 0;
    for (const auto& g : w.sps())
      n += (g.side == rz::wate1870::Side::kFrench ? french : german).has_loc(g.hex);
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_Wate1870LocEveryForce);

// A whole game with random legal choices: complete random games per second,
// played as `reisswitz simulate` plays them (told:0, no events told: nobody
// reads them), and with every event told (told:1) as a recorded game is. As
// the random bot plays (play_game): each order taken by its place in the list
// and applied by the state (State::apply_picked), the list not made.
void BM_Wate1870RandomGame(benchmark::State& s) {
  auto start = historical();
  start->set_narration(s.range(0) != 0);
  struct Draw final : rz::IndexChooser {
    rz::Pcg32 rng{9, 9};
    long choices = 0;
    std::size_t choose(std::size_t n) override {
      choices += static_cast<long>(n);
      return rng.below(static_cast<std::uint32_t>(n));
    }
  } draw;
  rz::SeededDice dice(7);
  long decisions = 0;
  for (auto _ : s) {
    auto st = start->clone();
    while (!st->terminal()) {
      (void)rz::resolve_chance(*st, dice);
      if (st->terminal()) break;
      ++decisions;
      (void)st->apply_picked(st->to_move().players.front(), draw);
    }
  }
  const long choices = draw.choices;
  s.counters["decisions/game"] =
      benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kAvgIterations);
  s.counters["choices/decision"] =
      static_cast<double>(choices) / static_cast<double>(decisions ? decisions : 1);
}
BENCHMARK(BM_Wate1870RandomGame)->Arg(0)->Arg(1)->ArgName("told");

}  // namespace
