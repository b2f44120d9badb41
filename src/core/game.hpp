#pragma once
// The contract every rule system implements (docs/decisions/0001-engine-contract.md).
// The CLI, server, bots, odds, replays and the generic contract suite use only this.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/action.hpp"
#include "core/event.hpp"
#include "core/fraction.hpp"
#include "core/result.hpp"

namespace rz {

using Player = int;                // 0 .. num_players-1
inline constexpr Player kChance = -1;  // the dice
inline constexpr Player kUmpire = -2;  // sees everything (view only)

// Whether `viewer` may see `e` (fog of war): events with an empty
// `visible_to` are for everybody; the umpire sees every event.
inline bool visible_to(const Event& e, Player viewer) {
  if (viewer == kUmpire || e.visible_to.empty()) return true;
  for (int p : e.visible_to)
    if (p == viewer) return true;
  return false;
}

// The events `viewer` may see, in order: the one filter the console, `reisswitz
// run` and a server use before anything reaches a player.
inline Events visible_events(const Events& events, Player viewer) {
  Events out;
  for (const auto& e : events)
    if (visible_to(e, viewer)) out.push_back(e);
  return out;
}

// Says which of a list of n things (n > 0) to take: its index, below n.
class IndexChooser {
 public:
  virtual std::size_t choose(std::size_t n) = 0;

 protected:
  ~IndexChooser() = default;
};

enum class MoveKind { kPlayer, kSimultaneous, kChance, kTerminal };

struct ToMove {
  MoveKind kind = MoveKind::kTerminal;
  std::vector<Player> players;  // one for kPlayer, several for kSimultaneous, none otherwise
  friend bool operator==(const ToMove&, const ToMove&) = default;
};

// One outcome of a chance node. `dice` are the pips this outcome stands for, in
// the order the rules roll them, so a scripted list of dice can pick it.
struct ChanceOutcome {
  Action action;
  Fraction probability;
  std::vector<int> dice;
};

struct GameOptions {
  std::map<std::string, std::string> values;  // e.g. {"12.2", "on"}
  // Asked at every step of a move search: a walk over the few options set, with
  // no string made for the key.
  bool flag(std::string_view key) const {
    for (const auto& [k, v] : values)
      if (k == key) return v == "on" || v == "true" || v == "1";
    return false;
  }
};

class State {
 public:
  virtual ~State() = default;

  virtual ToMove to_move() const = 0;
  // to_move().kind without its list of players, which every step of a game
  // loop asks for (terminal(), resolve_chance): a state may answer it cheaper.
  virtual MoveKind move_kind() const { return to_move().kind; }
  // The choices open to `player` now; empty if it is not theirs to move.
  virtual std::vector<Action> legal_actions(Player player) const = 0;
  // legal_actions(player)[chooser.choose(n)], n the length of that list, or
  // nullopt (the chooser not asked) when it is empty: the order a random bot
  // takes. A state may make only the order chosen, not the whole list (a
  // random game asks this at every decision, and takes one order of a dozen).
  virtual std::optional<Action> pick_legal_action(Player player, IndexChooser& chooser) const {
    auto legal = legal_actions(player);
    if (legal.empty()) return std::nullopt;
    return std::move(legal[chooser.choose(legal.size())]);
  }
  // What apply_picked applied: the order, and the events apply() returned.
  struct Applied {
    Action action;
    Events events;
  };
  // pick_legal_action(player, chooser) applied at once, and not checked again:
  // it is an order of the state's own list, and every listed order passes
  // check() (the contract suite holds a rule system to it). What a random game
  // does at every decision. kNotYourTurn, nothing applied and the chooser not
  // asked, when `player` has no order to give.
  virtual Result<Applied> apply_picked(Player player, IndexChooser& chooser) {
    auto order = pick_legal_action(player, chooser);
    if (!order)
      return make_error(Code::kNotYourTurn,
                        "player " + std::to_string(player) + " has no order to give now");
    auto events = apply(player, *order);
    if (!events) return events.error();
    return Applied{std::move(*order), std::move(events).value()};
  }
  // apply() of an order the caller took, unchanged, from legal_actions(player)
  // (or, for kChance, from chance_outcome_list()) of this very state, or one
  // that check(player, action) of this very state passed: a state may apply it
  // without checking it again, as apply_picked does. What a search does with
  // the orders of its own lists and its policy's checked moves. Anything else is
  // apply()'s to take.
  virtual Result<Events> apply_listed(Player player, const Action& action) {
    return apply(player, action);
  }
  // ok, or why not (stable code, a sentence, the rule). Never changes the state.
  virtual Status check(Player player, const Action& action) const = 0;
  // Applies a checked action; on error the state is unchanged. For chance
  // nodes player is kChance and the action one of chance_outcomes().
  virtual Result<Events> apply(Player player, const Action& action) = 0;
  // Whether apply() tells what happened (on unless turned off). A game whose
  // events nobody reads (a random game, a rollout, a balance study) turns it
  // off: apply() then plays exactly as it would, but a rule system may return
  // no events, and make no sentences nobody reads. A clone keeps the setting.
  virtual void set_narration(bool on) { (void)on; }
  // Every outcome with its exact probability; they sum to exactly 1.
  virtual std::vector<ChanceOutcome> chance_outcomes() const = 0;
  // The same list, shared: it stays valid whatever happens to the state after.
  // A state that keeps the list answers without a copy; this one makes one.
  virtual std::shared_ptr<const std::vector<ChanceOutcome>> chance_outcome_list() const {
    return std::make_shared<const std::vector<ChanceOutcome>>(chance_outcomes());
  }
  // What `viewer` may be told of `action`, which whoever is to move now is
  // about to apply: its text, or nothing when the action itself is hidden
  // information (fog of war); then the events apply() returns, filtered by
  // visible_events(), say what the viewer may see. Call it before apply().
  virtual std::optional<std::string> describe_action_for(Player viewer,
                                                         const Action& action) const {
    (void)viewer;
    return action.to_string();
  }

  // What `player` may see, as JSON text; kUmpire sees the whole state.
  virtual std::string view(Player player) const = 0;
  virtual std::string serialize() const = 0;
  virtual std::unique_ptr<State> clone() const = 0;
  // Stable 64-bit hash of everything that affects play.
  virtual std::uint64_t hash() const = 0;

  bool terminal() const { return move_kind() == MoveKind::kTerminal; }
  // Final score per player (1 win, 0 loss, 0.5 draw); meaningful when terminal.
  virtual std::vector<double> returns() const = 0;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;
  virtual int num_players() const = 0;
  virtual std::string player_name(Player p) const = 0;
  virtual Result<Player> player_from_name(const std::string& name) const = 0;
  // `scenario` is a path to a scenario file (or a name the system knows).
  virtual Result<std::unique_ptr<State>> initial_state(const std::string& scenario,
                                                       const GameOptions& options,
                                                       std::uint64_t seed) const = 0;
  virtual Result<std::unique_ptr<State>> deserialize(const std::string& text) const = 0;
};

}  // namespace rz
