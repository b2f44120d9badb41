#pragma once
// The generic contract suite (ARCHITECTURE.md, "Habits"): random games to the
// end, checking at every step the promises every rule system makes.
// It returns what it found wrong instead of asserting, so a deliberately
// broken game can prove the suite catches it.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/rng.hpp"

namespace rz::contract {

struct SuiteConfig {
  const Game* game = nullptr;
  std::string scenario;
  GameOptions options;
  int games = 10;
  int max_steps = 100000;        // per game; a game longer than this is a violation
  std::uint64_t seed = 1;
  int deep_check_every = 1;      // serialize/clone checks every N steps (offset by the game's number)
  // Shards: this run plays games first_game, first_game + stride, ... below `games`.
  int first_game = 0;
  int game_stride = 1;
  // Game-specific secret probe: strings that must not appear in view(p).
  // They must not reach p by an event or an action text either: every event
  // apply() returns that p may see (visible_events) and what
  // describe_action_for(p, ...) tells him of another player's action must not
  // hold a secret of p both before and after the action (what he could see
  // at either moment he may be told). A secret counts where it stands as a
  // whole word: not next to a letter or a digit ("G-I" is not in "G-IX").
  std::function<std::vector<std::string>(const State&, Player)> secrets_of;
  // Who plays. Unset: a uniform choice among the legal actions (random games).
  // Set: made afresh for each game (bots remember a game), it picks the action
  // of `p` among `legal` (never empty), with `rng` for any chance it wants.
  // Bots reach what random play does not (long sieges, late turns, full
  // attacks); a few random moves among theirs take them off their own roads.
  using Chooser =
      std::function<Action(const State&, Player p, const std::vector<Action>& legal, Pcg32& rng)>;
  std::function<Chooser(std::uint64_t game_seed)> make_chooser;
  // Whether legal_actions lists every order check accepts (unset: not asked; a
  // game of continuous positions lists a sample). A game that lists them all but
  // some (a sample of placements, variants of a listed order) answers for an
  // accepted order it did not list whether it is one of those. The suite tries
  // orders close to the listed ones: another listed order's value for an
  // argument, a number one off, an argument dropped or added, the verb of
  // another order. Whatever it tries, a refusal gives a reason and changes
  // nothing, and nothing listed is refused.
  std::function<bool(const State&, const Action& unlisted)> may_be_unlisted;
  // The game's own promises about a state, checked where the copies are (every
  // deep_check_every steps): what is wrong, or "".
  std::function<std::string(const State&, long step)> check_state;
};

struct SuiteReport {
  std::vector<std::string> violations;  // empty when every promise held
  int games_finished = 0;
  long steps = 0;
};

SuiteReport run_contract_suite(const SuiteConfig& config);

// Whether `secret` stands in `text` as a whole word (see SuiteConfig::secrets_of).
bool holds_secret(const std::string& text, const std::string& secret);

// `n` scaled by $REISSWITZ_TEST_SCALE (at least 1): sanitizer builds play fewer games.
int scaled(int n);
// $name as a positive number, else `fallback` (e.g. REISSWITZ_CONTRACT_GAMES for a long soak).
int env_int(const char* name, int fallback);

}  // namespace rz::contract
