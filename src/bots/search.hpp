#pragma once
// The search bot: Monte Carlo tree search over the engine contract, with
// information-set sampling (single-observer ISMCTS, Cowling, Powley & Whitehouse
// 2012) so that it plays from what its player may see and nothing more.
//
// Each iteration takes a sample of the game as the player pictures it (the
// SearchModel builds it from the view), descends the tree of the player's own
// decisions (the opponent's moves and the dice are played out in the sample:
// the tree is "open loop", so it never branches on what the player cannot see),
// adds one decision, plays on with the model's policy for a few decisions,
// values the result and backs it up. The policy's own choice is tried first
// and keeps a bonus that fades with visits (progressive bias). The bot plays
// the policy's choice unless another action did better by more than the noise
// of the dice (SearchBudget::margin): a small budget plays like the policy,
// a larger one overrules it on evidence.
//
// Iterations go the same way again and again (the same sample, the same dice,
// the same edges, where the policy plays alike): a model that says so
// (SearchModel::samples) has them replayed, walked through the points where
// they part without playing the moves between (SearchBot::Replay), for the
// same choices as played in full.
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.hpp"

namespace rz::bots {

// What the search needs of a rule system besides the contract.
class SearchModel {
 public:
  virtual ~SearchModel() = default;
  // Called once per decision: reads `view_json` (State::view(me)) into the
  // pictures the iterations will sample from, drawing what the view hides from
  // `rng`. `st` may be asked only what a Bot may ask (legal actions, checks)
  // and for the rules' data. False if no sample can be made of the view; the
  // bot then plays fallback().
  virtual bool prepare(const State& st, Player me, const std::string& view_json, Pcg32& rng) = 0;
  // The move without a search, from what a bot may read.
  virtual Action fallback(const State& st, Player me, const std::string& view_json) = 0;
  // One sample of the game consistent with what `me` sees, to be played on;
  // the policy starts each sample afresh.
  virtual std::unique_ptr<State> sample(Pcg32& rng) = 0;
  // The policy: the move `p` makes in a sample (p may be either side).
  virtual Action policy(const State& sample, Player p) = 0;
  // The same move, given `legal`, the sample's legal_actions(p) as listed
  // (the search has made them): a policy may read them, not make them again.
  virtual Action policy_listed(const State& sample, Player p, const std::vector<Action>& legal) {
    (void)legal;
    return policy(sample, p);
  }
  // The policy's move, and whether it is known to pass the sample's check() (an
  // order of a list the policy read, or one it checked): the search then
  // applies it as listed (State::apply_listed), not checking it again.
  struct Move {
    Action action;
    bool checked = false;
  };
  virtual Move policy_move(const State& sample, Player p) { return {policy(sample, p), false}; }
  // Whether the search makes the decision `p` has in `sample`, or leaves it to the
  // policy: a decision that only carries out a plan (a march step along the
  // planned road, where losses go) is better spent on none of the budget. The
  // search makes no node for such a decision, and counts only the decisions it
  // makes (of either side) in the rollout's length.
  virtual bool decides(const State& /*sample*/, Player /*p*/) const { return true; }
  // How good a non-terminal sample is for `me`, in [0, 1] (0.5 as at the start).
  virtual double evaluate(const State& sample, Player me) = 0;
  // False if prepare() and fallback() do without the view (drivers then pass "").
  virtual bool needs_view() const { return true; }

  // For the replay of iterations (SearchBudget::replay), a model whose policy
  // (and decides() and evaluate()) gives the same for the same sample and the
  // same memory gives the search its samples by number and the policy's memory
  // to keep and give back. samples() is 0 (the default) for a model that does not.
  struct Memory {
    virtual ~Memory() = default;
  };
  virtual std::size_t samples() const { return 0; }
  // sample() in two: the number of the sample, drawn from `rng` as sample()
  // draws it, and that sample, the policy's memory started afresh as sample() does.
  virtual std::size_t pick_sample(Pcg32& rng) {
    (void)rng;
    return 0;
  }
  virtual std::unique_ptr<State> sample_at(std::size_t i) {
    (void)i;
    return nullptr;
  }
  // A key of everything in a sample that affects play (State::hash() by
  // default): the replay takes two outcomes of a die that leave equal keys to
  // lead on alike.
  virtual std::uint64_t key(const State& sample) const { return sample.hash(); }
  // nullptr: the policy remembers nothing.
  virtual std::unique_ptr<Memory> save_memory() const { return nullptr; }
  virtual void restore_memory(const Memory& m) { (void)m; }
};

struct SearchBudget {
  int iterations = 1000;     // per decision (0: only the time limit counts)
  double millis = 0;         // per decision, if > 0 (then the choices depend on the machine)
  int rollout = 8;           // decisions (SearchModel::decides) played by the policy after the tree
  double exploration = 0.5;  // UCB1 constant (values are in [0, 1])
  double policy_bias = 0.2;  // the policy's choice: + bias / (visits + 1)
  // To overrule the policy an action needs this many visits and a mean value
  // above the policy's by `margin` plus two standard errors.
  int min_visits = 4;
  double margin = 0.01;
  // Keep the points where iterations may part (a die, a decision of the tree)
  // with their states, so that an iteration that goes the same way as an
  // earlier one walks them without playing (SearchBot::Replay): the same
  // choices, for less work. Up to `replay_points` points a decision.
  bool replay = true;
  int replay_points = 100000;
};

// "search", "search:N" (N iterations a decision) or "search:Nms" (a time budget):
// the budget, or an error that says what is wrong.
Result<SearchBudget> parse_search_budget(const std::string& bot_name);

// Counters of the last decision, for tests and benchmarks.
struct SearchStats {
  int iterations = 0;
  int nodes = 0;
  int max_depth = 0;  // own decisions below the root
  int chosen_visits = 0;
  bool overruled = false;  // the choice is not the policy's
  bool fell_back = false;  // no sample could be made: SearchModel::fallback chose
  // The replay (SearchBudget::replay): the points (dice, decisions of the tree,
  // ends) walked without playing, and the states kept to play on from.
  int walked = 0;
  int kept = 0;
};

class SearchBot final : public Bot {
 public:
  SearchBot(std::unique_ptr<SearchModel> model, SearchBudget budget, std::uint64_t seed,
            std::string name = "search");
  ~SearchBot() override;
  Action choose(const State& st, Player p, const std::string& view_json) override;
  std::string name() const override { return name_; }
  bool needs_view() const override { return model_->needs_view(); }
  bool deliberates() const override { return true; }
  const SearchStats& last() const { return last_; }

 private:
  struct Tree;
  struct Replay;
  std::unique_ptr<SearchModel> model_;
  SearchBudget budget_;
  Pcg32 rng_;
  std::string name_;
  SearchStats last_;
};

}  // namespace rz::bots
