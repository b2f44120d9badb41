#include "bots/simulate.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>
#include <thread>

#include "bots/bot.hpp"
#include "core/dice.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {

std::string victory_kind(const std::string& end_reason, bool finished) {
  if (!finished) return "unfinished";
  // The reasons are written by WateState::finish's callers (state.cpp,
  // victory.cpp, combat_procedure.cpp); tests/bots/simulate_test.cpp pins them.
  const std::pair<const char*, const char*> kinds[] = {
      {"the last turn", "points"},
      {"the VP marker reached", "vp-marker"},
      {"the Germans control", "verdun-metz-paris"},
      {"south-eastern railway", "rail-exit"},
      {"Napoleon III was eliminated", "napoleon"},
      {"German army HQ was eliminated", "army-hq"}};
  for (const auto& [text, kind] : kinds)
    if (end_reason.find(text) != std::string::npos) return kind;
  return "other";
}

Proportion wilson(double successes, int n) {
  if (n == 0) return {0, 0, 1};
  const double z = 1.96, p = successes / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  // All or none: the bound is exactly 1 or 0, not 0.9999999999999999.
  return {p, successes <= 0 ? 0.0 : std::max(0.0, centre - half),
          successes >= n ? 1.0 : std::min(1.0, centre + half)};
}

Result<std::vector<GameOutcome>> simulate_1870(const Game& game, const SimulationConfig& cfg,
                                               const std::function<void(int)>& progress) {
  for (const auto& name : {cfg.french_bot, cfg.german_bot})
    if (auto b = make_bot(name, 1); !b) return b.error();
  if (cfg.games < 1) return make_error(Code::kMalformed, "a simulation needs at least one game");
  std::vector<GameOutcome> out(static_cast<std::size_t>(cfg.games));
  std::atomic<int> next{0};
  std::mutex report;
  int done = 0;
  std::optional<Error> failure;

  auto worker = [&] {
    for (int i = next++; i < cfg.games; i = next++) {
      const std::uint64_t seed = cfg.seed + static_cast<std::uint64_t>(i);
      // Everything a game uses is its own, seeded from its number alone.
      auto french = make_bot(cfg.french_bot, seed * 2 + 1);
      auto german = make_bot(cfg.german_bot, seed * 2 + 2);
      std::vector<Bot*> seats{french->get(), german->get()};
      SeededDice dice(seed);
      auto played =
          play_game(game, cfg.scenario, cfg.options, seed, seats, dice, cfg.max_steps, false);
      std::lock_guard lock(report);
      if (!played) {
        if (!failure) failure = played.error();
        next = cfg.games;
        return;
      }
      GameOutcome& o = out[static_cast<std::size_t>(i)];
      o.index = i;
      o.seed = seed;
      o.finished = played->finished;
      o.actions = played->actions;
      const auto& st = static_cast<const wate1870::WateState&>(*played->final_state);
      o.turns = st.turn();
      o.vp = st.vp();
      o.kind = victory_kind(st.end_reason(), played->finished);
      if (played->finished && st.winner()) o.winner = wate1870::index(*st.winner());
      ++done;
      if (progress) progress(done);
    }
  };
  const int n =
      std::max(1, std::min(cfg.games, cfg.threads > 0
                                          ? cfg.threads
                                          : static_cast<int>(std::thread::hardware_concurrency())));
  std::vector<std::thread> pool;
  for (int t = 0; t < n; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (failure) return *failure;
  return out;
}

render::BarChart vp_distribution_chart(const std::vector<GameOutcome>& games,
                                       const std::string& title, const std::string& subtitle) {
  int lo = 0, hi = 20;  // the automatic victories of 11.0
  for (const auto& g : games) lo = std::min(lo, g.vp), hi = std::max(hi, g.vp);
  render::BarChart c;
  c.title = title;
  c.subtitle = subtitle;
  c.x_label = "VP marker at the end of the game (rule 11.0)";
  c.y_label = "games";
  for (int v = lo; v <= hi; ++v) c.categories.push_back(std::to_string(v));
  const std::size_t n = c.categories.size();
  c.series = {{"French victory", "#2b5cab", std::vector<long>(n)},
              {"German victory", "#4a4a4a", std::vector<long>(n)},
              {"draw", "#c9a227", std::vector<long>(n)}};
  // A game cut off unfinished has no result (GAP-W-01): a series of its own, if any.
  if (std::any_of(games.begin(), games.end(), [](const GameOutcome& g) { return !g.finished; }))
    c.series.push_back({"unfinished", "#b0b0b0", std::vector<long>(n)});
  for (const auto& g : games) {
    const std::size_t k = !g.finished ? 3 : g.winner == 0 ? 0 : g.winner == 1 ? 1 : 2;
    ++c.series[k].counts[static_cast<std::size_t>(g.vp - lo)];
  }
  return c;
}

}  // namespace rz::bots
