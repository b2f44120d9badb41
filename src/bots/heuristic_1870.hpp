#pragma once
// A heuristic bot for "1870: The War Against the Empire" (docs/bots.md).
//
// It scores the legal actions one ply deep: each candidate is applied to a
// clone of the state, the bot's own follow-up decisions inside the same action
// (a march hex by hex, the force's order) are played greedily, chance nodes
// are sampled from the bot's own generator (several samples where dice decide
// a fight), and the resulting position gets a static evaluation:
//   VP (French want them high, German low), control of the objectives
//   (German: Metz 2107, Verdun, Paris; French: hold those and take
//   Saarbrucken, Landau, Rastadt, Freiburg), march distance of each SP to the
//   side's current objective, SP and status of both sides, own SP without a
//   LOC (LocMap), own SP in an enemy ZOC next to a stronger enemy, SP around an
//   enemy fortress (sieges), HQs near their troops.
//
// What it reads: without option 12.2 (fog of war) everything in 1870 is open,
// and the evaluation reads the WateState accessors (position, control, VP) —
// exactly what the player's view shows. With 12.2 that would be cheating (and
// so would the lookahead on a clone, which knows the hidden enemy stacks): the
// bot must then evaluate from the view JSON only. That is not written yet, so
// under 12.2 (and for any other rule system) it falls back to a uniform choice
// that avoids passing, like a slightly smarter random bot.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "core/rng.hpp"
#include "hex/hex.hpp"

namespace rz::wate1870 {
class WateState;
class LocMap;
class ZocMap;
}  // namespace rz::wate1870

namespace rz::bots {

class Heuristic1870Bot final : public Bot {
 public:
  explicit Heuristic1870Bot(std::uint64_t seed);
  Action choose(const State& st, Player p, const std::string& view_json) override;
  std::string name() const override { return "heuristic"; }
  bool needs_view() const override { return false; }

  // The static evaluation of `st` for `p` (higher is better): exposed for tests.
  double evaluate(const State& st, Player p);

 private:
  struct Objectives;
  void prepare(const wate1870::WateState& st);
  double eval(const wate1870::WateState& st, Player p);
  // Applies `a` to a clone of `st`, plays p's follow-up inside the action and the
  // dice; the evaluation of where that leads, averaged over `samples` dice.
  double value_of(const wate1870::WateState& st, Player p, const Action& a, int samples, bool rollout);
  void settle(State& st, Player p, bool rollout, int depth);
  Action greedy_march(const wate1870::WateState& st, Player p, const std::vector<Action>& legal, bool nested);
  std::size_t sample(const std::vector<ChanceOutcome>& outcomes);

  Pcg32 rng_;
  const void* prepared_for_ = nullptr;   // the GameData the tables below belong to
  std::vector<hex::Hex> objs_;                // Metz, Verdun, Paris, then the German places
  std::vector<std::vector<int>> dist_;        // per objective: hexes to it by passable hexes, per map index
  std::vector<int> goes_for_[2];              // indices into objs_ each side (player) attacks, in order
  std::shared_ptr<const wate1870::LocMap> loc_;  // of the position being decided on
  std::shared_ptr<const wate1870::ZocMap> zoc_;
  long evals_ = 0;                                 // evaluations in this decision
  int march_steps_ = 0;                  // decisions in the current march (a hard stop at 40)
};

}  // namespace rz::bots
