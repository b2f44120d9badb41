#include "core/dice.hpp"

#include <iterator>
#include <numeric>
#include <string>

namespace rz {

Fraction total_probability(const std::vector<ChanceOutcome>& outcomes) {
  Fraction sum;
  for (const auto& o : outcomes) sum += o.probability;
  return sum;
}

Result<std::size_t> SeededDice::pick(const std::vector<ChanceOutcome>& outcomes) {
  if (outcomes.empty()) return make_error(Code::kInternal, "a chance node has no outcomes");
  std::int64_t den = 1;
  // Most rolls share one denominator (1/36 each): no lcm for those.
  for (const auto& o : outcomes)
    if (den % o.probability.den() != 0) den = std::lcm(den, o.probability.den());
  const auto draw = static_cast<std::int64_t>(rng_.below64(static_cast<std::uint64_t>(den)));
  std::int64_t acc = 0;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    acc += outcomes[i].probability.num() * (den / outcomes[i].probability.den());
    if (draw < acc) return i;
  }
  return make_error(Code::kInternal, "chance probabilities sum to less than 1");
}

Result<std::size_t> ScriptedDice::pick(const std::vector<ChanceOutcome>& outcomes) {
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const auto& d = outcomes[i].dice;
    if (d.empty() || d.size() > pips_.size()) continue;
    if (std::equal(d.begin(), d.end(), pips_.begin())) {
      pips_.erase(pips_.begin(), pips_.begin() + static_cast<std::ptrdiff_t>(d.size()));
      return i;
    }
  }
  if (pips_.empty())
    return make_error(Code::kNotFound, "the list of dice ran out before the game needed no more");
  std::string want = outcomes.empty() ? "nothing" : std::to_string(outcomes.front().dice.size()) + " dice";
  return make_error(Code::kMalformed, "the next scripted dice (starting " + std::to_string(pips_.front()) +
                                          ") match no outcome of this roll, which needs " + want);
}

Result<Events> resolve_chance(State& state, DiceSource& dice) {
  Events all;
  while (state.move_kind() == MoveKind::kChance) {
    const auto outcomes = state.chance_outcome_list();
    auto idx = dice.pick(*outcomes);
    if (!idx) return idx.error();
    auto ev = state.apply(kChance, (*outcomes)[*idx].action);
    if (!ev) return ev.error();
    all.insert(all.end(), std::make_move_iterator(ev->begin()), std::make_move_iterator(ev->end()));
  }
  return all;
}

}  // namespace rz
