#pragma once
// Bots play through the same contract as people (ARCHITECTURE.md, "Bots").
//
// A bot sees exactly what its player sees: `view_json` is State::view(player),
// and the State reference is there ONLY to ask legal_actions(player) and
// check(player, action), and in 1870 for WateState::picture_for(player), the
// same view as a typed state. A bot must not read anything else of the state
// (serialize, hash, the umpire's view, the rest of the rule system's state):
// under fog of war (1870 option 12.2) that would be cheating. Without 12.2
// everything in 1870 is visible anyway: the 1870 heuristic bot then reads the
// WateState's accessors (the same information as the view, without the cost of
// a copy), and under 12.2 the picture only (docs/bots.md).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "core/game.hpp"
#include "core/game_log.hpp"
#include "core/rng.hpp"

namespace rz::bots {

class Bot {
 public:
  virtual ~Bot() = default;
  // One of st.legal_actions(p); called only when p is to move and has a choice.
  virtual Action choose(const State& st, Player p, const std::string& view_json) = 0;
  virtual std::string name() const = 0;
  // False if choose() ignores view_json: drivers then pass "" and skip
  // building the view, which dominates the time of a random game.
  virtual bool needs_view() const { return true; }
  // True if a decision may take long enough for a player to wait on it (a
  // search): the console then says the bot is thinking.
  virtual bool deliberates() const { return false; }
  // A bot that takes an order by its place in the legal list alone, whatever
  // the orders say, gives the chooser of that place: play_game then lets the
  // state apply the order it picks (State::apply_picked), with no list made
  // and no check made again. choose() must take the order the chooser would.
  virtual IndexChooser* chooser() { return nullptr; }
};

// Uniform over the legal actions, from its own seeded generator.
class RandomBot final : public Bot {
 public:
  explicit RandomBot(std::uint64_t seed);
  Action choose(const State& st, Player p, const std::string& view_json) override;
  std::string name() const override { return "random"; }
  bool needs_view() const override { return false; }
  IndexChooser* chooser() override { return &draw_; }

 private:
  // One draw of the generator, uniform below the list's length.
  struct Draw final : IndexChooser {
    Pcg32 rng;
    explicit Draw(Pcg32 r) : rng(r) {}
    std::size_t choose(std::size_t n) override { return rng.below(static_cast<std::uint32_t>(n)); }
  };
  Draw draw_;
};

// "random", "heuristic", "search" (search:N iterations or search:Nms a decision,
// search.hpp); kNotFound names the known bots, kMalformed a bad budget.
Result<std::unique_ptr<Bot>> make_bot(const std::string& name, std::uint64_t seed);
std::vector<std::string> bot_names();

struct PlayedGame {
  GameLog log;                  // replayable: scenario, options, seed, every action with its hash
  Events events;                // everything that happened, in order
  std::vector<double> returns;  // State::returns() at the end
  bool finished = false;        // reached a terminal state within max_steps
  std::uint64_t final_hash = 0;
  std::shared_ptr<const State> final_state;  // where the game ended (or stopped)
  long actions = 0;                          // applied, dice included
};

// Plays a game to the end (or max_steps applied actions, dice included):
// bots[p] chooses for player p, `dice` answers the chance nodes. Every
// action, dice outcomes too, goes into the log with the hash after it.
// Without `record`, for balance studies that want only the end, neither the
// log nor the events are kept (no hash after every action).
Result<PlayedGame> play_game(const Game& game, const std::string& scenario,
                             const GameOptions& options, std::uint64_t seed,
                             const std::vector<Bot*>& bots, DiceSource& dice,
                             long max_steps = 100000, bool record = true);

}  // namespace rz::bots
