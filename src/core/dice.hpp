#pragma once
// Whoever drives a state answers its chance nodes: a seeded generator in play,
// a scripted list of dice in tests and bug reports, enumeration in the odds.
#include <cstdint>
#include <deque>
#include <vector>

#include "core/game.hpp"
#include "core/rng.hpp"

namespace rz {

class DiceSource {
 public:
  virtual ~DiceSource() = default;
  // Index into `outcomes` of the outcome that happens.
  virtual Result<std::size_t> pick(const std::vector<ChanceOutcome>& outcomes) = 0;
};

// Draws an outcome with exactly its probability: one unbiased draw in
// [0, common denominator) per chance node.
class SeededDice : public DiceSource {
 public:
  explicit SeededDice(std::uint64_t seed) : rng_(seed) {}
  Result<std::size_t> pick(const std::vector<ChanceOutcome>& outcomes) override;
  const Pcg32& rng() const { return rng_; }

 private:
  Pcg32 rng_;
};

// Answers from a given list of pips: the outcome whose `dice` are the next pips.
class ScriptedDice : public DiceSource {
 public:
  explicit ScriptedDice(std::vector<int> pips) : pips_(pips.begin(), pips.end()) {}
  Result<std::size_t> pick(const std::vector<ChanceOutcome>& outcomes) override;
  std::size_t remaining() const { return pips_.size(); }

 private:
  std::deque<int> pips_;
};

// Sum of the probabilities; 1 for a well-formed chance node.
Fraction total_probability(const std::vector<ChanceOutcome>& outcomes);

// Resolves chance nodes until a player (or the end) is to move. Returns the
// events of the dice, or the error of a dice source that could not answer.
Result<Events> resolve_chance(State& state, DiceSource& dice);

}  // namespace rz
