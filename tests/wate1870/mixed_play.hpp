#pragma once
// Players for the contract suite that play like the heuristic bot with one
// move in ten at random: games that go where real play goes (sieges, late
// turns, attacks at good odds), and off its roads now and then.
#include <memory>

#include "../contract/contract_suite.hpp"
#include "bots/heuristic_1870.hpp"

namespace rz::wate1870::testing {

inline contract::SuiteConfig::Chooser heuristic_with_random_moves(std::uint64_t /*game_seed*/) {
  // One bot per side: each remembers its own turn. The bot plays the same for every seed.
  struct Sides {
    bots::Heuristic1870Bot bot[2]{bots::Heuristic1870Bot(1), bots::Heuristic1870Bot(2)};
  };
  auto sides = std::make_shared<Sides>();
  return [sides](const State& st, Player p, const std::vector<Action>& legal, Pcg32& rng) {
    if (rng.below(10) == 0) return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    // Without 12.2 the bot reads the state; under it, only the picture of p's view.
    return sides->bot[static_cast<std::size_t>(p)].choose(st, p, "");
  };
}

}  // namespace rz::wate1870::testing
