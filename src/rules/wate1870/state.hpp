#pragma once
// A game of "1870: The War Against the Empire" as a State of the engine
// contract (src/core/game.hpp). Procedures keep their pending steps on a
// stack in the state, so a game can be saved and resumed at any decision.
#include <array>
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "hex/hex.hpp"
#include "rules/wate1870/board.hpp"
#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/game_data.hpp"
#include "rules/wate1870/hex_rows.hpp"
#include "rules/wate1870/position.hpp"
#include "rules/wate1870/scenario.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

class LocMap;
class OrderList;
class ZocMap;

enum class StepKind {
  kAdministrative,  // a side finishes its Administrative Phase (6.0)
  kInitiative,      // chance: both roll 1d6 (7.0)
  kActivate,        // a side activates an HQ or a force, or passes (7.0)
  kHqOrders,        // the activated HQ at the top of the chain gives orders (7.0, 3.6.2)
  kForceOrders,     // a force activated by an HQ chooses its action (7.0)
  kMarch,           // a force marching hex by hex (7.1)
  kSiegeRoll,       // chance: a Siege Assault roll for the fortress in `hex` (9.0)
  kRecovery,        // a side chooses which forces recover (10.0)
  kAbsorb,          // a side absorbs losses with its engaged SP: n1 SP to eliminate, then n2 steps (8.5, 7.1.2)
  kCombat,          // automatic: the combat procedure takes its next stage (8.0)
  kArtillery,       // a side commits artillery or not (8.4)
  kCombatDice,      // chance: a side's 2d6 (8.5)
  kReroll,          // a side that committed artillery may re-roll one die (8.4)
  kRerollDie,       // chance: the re-rolled die (n1 = which die)
  kHqCasualtyRoll,  // chance: 1d6 (and 1d3 turns) for HQ n1 of the combat's list (8.5.1)
  kRetreat,         // a side chooses the retreat of its force in `hex` (8.6)
  kRiverLoss,       // chance: 1d6 LP for a retreat across a river (8.6)
  kAdvance,         // the winner of a Planned Attack may advance (8.7)
  // 7.1.2, 7.2 (march.cpp):
  kChassepotChoice,  // the French fire on the German force in `hex`, or hold (7.1.2)
  kChassepotRoll,    // chance: d66 on the Chassepot Fire Table at `hex`; n1 = 1 for a 12.3 extra roll
  kForcedMarchRoll,  // chance: 2d6 for a Forced March of n1 extra MP (7.2)
  kMarchHqCasualty,  // chance: 1d6 and 1d6 halved (1d3) for the n1-th HQ of the marching force (7.1.2, 8.5.1)
  // 14.0 (setup.cpp):
  kSetup,  // a side places its units one at a time, then ends its set-up
  // 8.1 (combat_procedure.cpp), GAP-W-35 (hq_displacement.cpp):
  kCavalryRoll,      // chance: 1d6 for the cavalry in `hex` facing cavalry; 5-6 may retreat (8.1)
  kCavalryRetreat,   // the defending cavalry in `hex` retreats before combat or stands (8.1)
  kHqDisplace,       // `side` chooses where its HQs left alone in `hex` go (GAP-W-35)
  kHqDisplaceRoll,   // chance: 1d3 (a d6 halved) off map for the first HQ alone in `hex` (GAP-W-35)
};

// The step's name in a saved game ("hq-orders").
std::string_view step_kind_name(StepKind k);

struct Step {
  Step() = default;
  Step(StepKind k, Side s, hex::Hex h = {}, int a = 0, int b = 0) : kind(k), side(s), hex(h), n1(a), n2(b) {}
  StepKind kind = StepKind::kInitiative;
  Side side = Side::kFrench;
  hex::Hex hex;  // the hex a step is about, where it has one (e.g. the fortress of a siege)
  int n1 = 0;    // counts the step needs (see StepKind)
  int n2 = 0;
  friend bool operator==(const Step&, const Step&) = default;
};

// An activated HQ in a chain of activations (7.0): it may activate SP within
// its remaining command limit (3.6.2) and subordinate HQs, until its own action.
struct Frame {
  std::string hq;
  int limit_left = 0;
  friend bool operator==(const Frame&, const Frame&) = default;
};

// A combat being resolved (8.0); its SP are the SpGroups marked engaged.
struct Combat {
  Side attacker = Side::kGerman;
  hex::Hex target;
  bool march = false;              // March Combat (7.1.1), else Planned Attack (7.4)
  std::vector<hex::Hex> from;      // attacking hexes
  int stage = 0;                   // -2: 8.1, -1: 8.2-8.3, 0 on: 8.4 on (combat_continue)
  int drm[kSides] = {0, 0};        // final combat DRM per side (8.3)
  int raw[kSides] = {0, 0};        // SP physically taking part (GAP-W-18)
  bool may_commit[kSides] = {false, false};
  int artillery_rp[kSides] = {0, 0};
  bool committed[kSides] = {false, false};
  int dice[kSides][2] = {{0, 0}, {0, 0}};
  Side winner = Side::kGerman;
  int spread = 0;
  std::vector<Name> hqs;           // HQs awaiting a casualty roll (8.5.1)
  std::vector<hex::Hex> retreats;  // hexes whose losing force must still retreat (8.6)
  std::vector<hex::Hex> retreated_to;  // where forces retreated (8.1, 8.6), for GAP-W-35
  std::vector<Name> hqs_retreated;     // HQs that retreated with them: once (8.6)
  friend bool operator==(const Combat&, const Combat&) = default;
};

// A combat an attack would start, set up as the combat procedure sets it up
// (8.2-8.4), for the odds (odds.hpp). Per side, by index(Side).
struct CombatPreview {
  CombatValues values;
  Side attacker = Side::kGerman;
  bool march = false;
  hex::Hex target;
  std::vector<hex::Hex> from;
  int good[kSides] = {0, 0}, disrupted[kSides] = {0, 0}, demoralized[kSides] = {0, 0};  // engaged SP
  std::vector<Name> hqs[kSides];         // HQs that check for casualties on doubles (8.5.1)
  int rp[kSides] = {0, 0};               // RP in hand, to pay for artillery (8.4)
  bool cavalry_may_retreat = false;      // 8.1: the defending cavalry may retreat before combat
  bool cavalry_needs_roll = false;       // 8.1: only on 5-6 (the attacking force has cavalry)
};

struct ForcedCosts;  // derived.hpp

// The force now carrying out an action; its SP are the SpGroups marked acting.
struct ActiveForce {
  Side side = Side::kFrench;
  hex::Hex hex;
  std::vector<Name> hqs;         // HQ units moving with it (GAP-W-10)
  bool hq_action = false;        // the action of the HQ at the top of the chain (ends it)
  int mp_left = 0;
  bool cautious = false;         // 3.4
  bool moved = false;            // has entered at least one hex
  bool must_stop = false;        // entered an EZOC: may only stop or attack (3.4)
  // 7.1.2, 7.1.3, 7.2 (march.cpp):
  bool entrained = false;              // on the train (7.1.3; the SP carry SpGroup::entrained too)
  bool forced = false;                 // a Forced March was declared: no EZOC may be entered (7.2)
  std::optional<hex::Hex> fired_to = std::nullopt;  // fired on before the step into this hex: the next move goes there (7.1.2)
  friend bool operator==(const ActiveForce&, const ActiveForce&) = default;
};

// A force about to act: the other fields start at their defaults.
inline ActiveForce new_force(Side side, hex::Hex h, std::vector<Name> hqs, bool hq_action, int mp,
                             bool cautious) {
  ActiveForce f;
  f.side = side;
  f.hex = h;
  f.hqs = std::move(hqs);
  f.hq_action = hq_action;
  f.mp_left = mp;
  f.cautious = cautious;
  return f;
}

// 14.0 Free Set-up: a unit not yet placed, with the scenario's default hex
// (where auto-setup puts it). An HQ counter (hq set) or SP of a formation.
struct SetupPiece {
  Side side = Side::kFrench;
  std::string hq;         // the HQ counter, or empty for SP
  std::string formation;  // the formation of the SP (empty: none)
  hex::Hex hex;           // default hex
  int sp = 0;
  Status status = Status::kGood;
  bool flipped = false;  // an HQ showing its replacement side
  friend bool operator==(const SetupPiece&, const SetupPiece&) = default;
};

// 12.2 Fog of War: whether `viewer` may inspect the enemy stack in `h` of
// `pos` (the French adjacent hexes, the Germans up to two hexes away).
bool inspectable_in(const Position& pos, Side viewer, hex::Hex h);

// inspectable_in for many hexes of one position: the hexes `viewer` may inspect,
// found once from his pieces, a row of the map at a time. A picture or a view
// asks about every enemy group, and inspectable_in reads every group each time.
class Sight {
 public:
  Sight(const Map& map, const Position& pos, Side viewer);
  bool operator()(hex::Hex h) const;  // inspectable_in(pos, viewer, h)

 private:
  const Map* map_;
  const Position* pos_;
  Side viewer_;
  HexRows seen_;
  bool off_map_ = false;  // a piece of his off the map: inspectable_in answers
};

// 11.0 / GAP-W-29: the French towns and fortresses on the German border (a French
// town or fortress hex adjacent to a German hex), sorted (victory.cpp).
std::vector<hex::Hex> border_places(const Map& map);

class WateState final : public State {
 public:
  WateState(std::shared_ptr<const GameData> data, GameOptions options);
  static Result<std::unique_ptr<WateState>> from_scenario(std::shared_ptr<const GameData> data,
                                                          const Scenario& scenario, GameOptions options,
                                                          std::uint64_t seed);
  // `saved_game` false: the text is a view made into a state (a bot's belief),
  // which may lack what a view hides, so saved_fault() does not apply.
  static Result<std::unique_ptr<WateState>> from_json(std::shared_ptr<const GameData> data,
                                                      const std::string& text,
                                                      bool saved_game = true);

  ToMove to_move() const override;
  // Asked by every list, check and roll too (the mover is steps_.back().side).
  MoveKind move_kind() const override;
  std::vector<Action> legal_actions(Player player) const override;
  std::optional<Action> pick_legal_action(Player player, IndexChooser& chooser) const override;
  rz::Status check(Player player, const Action& action) const override;
  Result<Events> apply(Player player, const Action& action) override;
  Result<Applied> apply_picked(Player player, IndexChooser& chooser) override;
  Result<Events> apply_listed(Player player, const Action& action) override;
  void set_narration(bool on) override { narrate_ = on; }
  std::vector<ChanceOutcome> chance_outcomes() const override;
  std::shared_ptr<const std::vector<ChanceOutcome>> chance_outcome_list() const override;
  // 12.2: an opponent's orders are not shown; the events say what may be seen (fog.cpp).
  std::optional<std::string> describe_action_for(Player viewer, const Action& action) const override;
  std::string view(Player player) const override;
  std::string serialize() const override;
  std::unique_ptr<State> clone() const override;
  std::uint64_t hash() const override;
  // The same fields as hash(), mixed a word at a time: a key for answers kept
  // in memory (a search's), three times quicker (bench/core_bench.cpp), and not
  // for saving (not the same on every machine, from one run to the next: a
  // piece's name counts by its interned entry; nor from one version to the next).
  std::uint64_t fingerprint() const;
  std::vector<double> returns() const override;

  // Read access for the renderer, the CLI and tests.
  int turn() const { return turn_; }
  int last_turn() const { return last_turn_; }
  Phase phase() const { return phase_; }
  int vp() const { return vp_; }
  int rp(Side s) const { return rp_[index(s)]; }
  const Position& position() const { return pos_; }
  const std::vector<SpGroup>& sps() const { return pos_.sps.vector(); }
  const std::vector<HqUnit>& hqs() const { return pos_.hqs; }
  std::optional<Side> controller(hex::Hex h) const { return pos_.controller(data_->map, h); }
  const std::optional<Side>& winner() const { return winner_; }
  const std::string& end_reason() const { return end_reason_; }
  const GameData& data() const { return *data_; }
  const GameOptions& options() const { return options_; }
  // 14.0: units still to be placed in a free set-up, in placement order.
  const std::vector<SetupPiece>& unplaced() const { return setup_; }
  // 11.0 / GAP-W-29: French units gone off the map by the rail exit.
  int exited_sp() const { return exited_sp_; }
  const std::vector<std::string>& exited_hqs() const { return exited_hqs_; }
  int exited_corps() const;  // full corps: a corps HQ and 8 SP each (victory.cpp)

  // Whether `viewer` may inspect the enemy stack in `h` (12.2 Fog of War).
  bool inspectable(Side viewer, hex::Hex h) const;
  // The rule of the losses being absorbed: a Chassepot Fire's (7.1.2), a
  // combat's (8.5), or a river crossed in retreat (8.6).
  const char* loss_rule() const;
  // 7.0 "any SP" (ruling A-1): the unactivated SP of `side` in `h` by status
  // (good, disrupted, demoralized), and the mix an order `sp=N [disrupted=D]
  // [demoralized=M]` takes: without D and M, the best first; nullopt when the
  // numbers are malformed (check_hq_order reports them).
  std::array<int, 3> available_by_status(Side side, hex::Hex h) const;
  static std::array<int, 3> best_first(const std::array<int, 3>& available, int n);
  static std::optional<std::array<int, 3>> sp_mix(const Action& a,
                                                  const std::array<int, 3>& available);
  // `base` (detach hex=XXYY, or march) taking `mix` as the list writes it: sp=N,
  // and the disrupted= and demoralized= that are not 0 unless the mix is the best first.
  static Action sp_order(Action base, const std::array<int, 3>& available,
                         const std::array<int, 3>& mix);
  // The same written onto `order` where it stands (a list makes its orders in place).
  static void with_mix(Action& order, const std::array<int, 3>& available,
                       const std::array<int, 3>& mix);
  // 7.4: the Planned Attacks among the orders of the HQ giving them now, as
  // legal_actions lists them (none at another step): a bot that weighs its
  // attacks first need not list every detachment to find them.
  std::vector<Action> planned_attacks() const;
  // 7.0: who may activate now, in the order activation_actions lists them
  // after its "pass": the side's unactivated HQs on the map, then the hexes of
  // its forces without one (3.6.1, up to the inherent division's SP). A bot
  // that weighs them need not make every order.
  struct Activatable {
    const HqUnit* hq = nullptr;  // an HQ of this state's position, or none:
    hex::Hex hex{};              // the hex of a force without one
  };
  void activatable(Side side, std::vector<Activatable>& out) const;
  // 8.5, 7.1.2: the loss under way, taken one SP at a time: eliminated (8.5's
  // first LP) or degraded a step, from one of the kinds of engaged SP (a hex, a
  // formation, a status), in the order absorb_actions lists their orders. A
  // bot that weighs them need not make every order.
  struct LossPick {
    hex::Hex hex;
    Name formation;  // empty: none
    Status status = Status::kGood;
    friend auto operator<=>(const LossPick&, const LossPick&) = default;
  };
  struct Loss {
    bool eliminate = false;
    std::vector<LossPick> picks;  // none at another step
    // The order taking one SP of `p`: "eliminate|degrade hex= formation= status=".
    Action order(const LossPick& p) const;
  };
  Loss loss() const;
  // 8.4: whether `s` may commit artillery to the combat under way: a LOC, and the RP to pay.
  bool may_commit_artillery(Side s) const;
  // 7.1: the MP the acting force's step into `to` costs, reckoned on the board
  // its side plans with (ruling F-8), as march_actions does; nullopt when no
  // force acts, `to` is not next to it, or the rules bar the step.
  std::optional<int> step_mp(hex::Hex to) const;
  // The game as `viewer` sees it, typed: what view(viewer) shows, as a state a
  // bot may plan and play on, the same as one rebuilt from the view's JSON
  // (tests/bots/picture_test.cpp) without the cost of the JSON. Each enemy stack
  // the viewer may not inspect (12.2) stands as one generic stack of good SP:
  // hidden_sp[i] for the i-th of the view's "uninspected_enemy_stacks", 4 where
  // the list is shorter. The enemy's acting force where it may not be inspected,
  // those of its HQs he may not inspect where they stand (F-10), his force pool
  // and his HQs off the map are not in it; nor is the seed.
  std::unique_ptr<WateState> picture_for(Side viewer, const std::vector<int>& hidden_sp = {}) const;
  // What makes the state one the rules cannot go on from (a step due with nothing
  // to order: a march without its force...), or "". from_json refuses such a
  // state; a picture under 12.2 can be one, where the enemy's acting force or
  // his HQs are hidden.
  std::string inconsistency() const;
  // What a loaded game holds that no game of the rules reaches and the rules
  // cannot go on from (a number beyond its range, a step without what it needs:
  // saved_state_checks.cpp), or "". from_json refuses such a file.
  std::string saved_fault() const;
  // The most SP a saved game may put in one group and on one side: far beyond
  // what a game reaches, small enough that no sum the rules make leaves an int.
  static constexpr int kSavedGroupSp = 999;
  static constexpr int kSavedSideSp = 9999;
  // 12.2: the hexes of enemy stacks `viewer` may not inspect, by hex number: the
  // view's "uninspected_enemy_stacks".
  std::vector<hex::Hex> uninspected(Side viewer) const;
  // 12.2, ruling F-8: the position `mover` plans a move on. Every enemy stack
  // it may not inspect counts as 3 or more good-order SP, so no legal-move
  // check tells what such a stack holds. Without 12.2, the position itself.
  Position planning_position(Side mover) const;

  // The combat that `attack` (a Planned Attack or a March Combat the player to
  // move may order now) would fight, read from a copy of the state that
  // carries the order out; this state is unchanged. `assume_loc`: that side's
  // forces are taken to trace a LOC whatever the map says (odds under 12.2).
  Result<CombatPreview> preview_attack(const Action& attack, std::optional<Side> assume_loc = std::nullopt) const;
  // 7.1.2 (ruling MA-3): the French fire at the German force in `target`: the
  // 3.5.1 strength of every French SP next to it not on a train, and the CFT
  // column shift of its terrain or undestroyed fortress. The roll and its odds
  // (odds.hpp) both read it.
  struct FireAt {
    int strength = 0;
    int shift = 0;
    int good = 0;  // SP firing in good order (12.3: only such a one jams, MA-7)
  };
  FireAt fire_at(hex::Hex target) const;
  // What is being resolved now, for bots and the screen (view() shows the same):
  // the pending steps, the chain of activated HQs, the acting force, the combat.
  const std::vector<Step>& steps() const { return steps_; }  // back() is the decision or roll due
  const std::vector<Frame>& frames() const { return frames_; }
  const std::optional<ActiveForce>& force() const { return force_; }
  const std::optional<Combat>& combat() const { return combat_; }

  // 6.2: hexes where `side` may place mobilized units now, whatever the limits
  // per hex (kept in derived_), and the same found by checking each hex alone,
  // as an order is checked: the reference the first is tested against.
  std::vector<hex::Hex> mobilization_hexes(Side side) const;
  std::vector<hex::Hex> mobilization_hexes_one_by_one(Side side) const;

  // 4.1: the LOC of `side` over the whole map, computed once per state and
  // kept (shared with bots that look at this state).
  std::shared_ptr<const LocMap> loc_map(Side side) const;
  // 3.4: the ZOC of `side` over the whole map, kept like loc_map.
  std::shared_ptr<const ZocMap> zoc_map(Side side) const;
  // traced_hash of the position (traced_cache.hpp): what LOC maps are found
  // by, worked out once per state.
  std::uint64_t traced_key() const;

 private:
  rz::Status check_impl(Player player, const Action& action) const;
  rz::Status check_step(Player player, const Action& action) const;  // the step's own check
  // Every field into a hasher: hash() and fingerprint() (state.cpp).
  template <class H>
  void hash_fields(H& h) const;
  bool hq_seen(Side viewer, const HqUnit& q) const;  // view(), picture_for()
  bool hq_seen(Side viewer, const Name& id) const;   // one a list names: not if not in the game
  nlohmann::json to_json() const;  // serialize() and view() start from it
  // An event of `kind` whose text text() makes, appended to `ev` or as the only
  // one, while apply() narrates (set_narration); else none, and no text made.
  // `to`: who may see it (Event::visible_to), for 12.2's fog (fog.cpp).
  template <class Text>
  void tell(Events& ev, const char* kind, Text&& text, std::vector<int> to = {}) const {
    if (narrate_) ev.push_back({kind, text(), std::move(to)});
  }
  template <class Text>
  Events told(const char* kind, Text&& text, std::vector<int> to = {}) const {
    Events ev;
    tell(ev, kind, text, std::move(to));
    return ev;
  }
  Events start_phase(Phase phase);
  Events advance_phase();
  Events finish(std::optional<Side> winner, std::string reason);
  // 12.2 Fog of War for events (fog.cpp, ruling GAP-W-40, docs/rulings/wate1870-fog.md):
  // what the state held before apply(), so that the events of an action can
  // be judged against what each side could inspect before and after it.
  struct FogBefore {
    Position pos;
    std::optional<ActiveForce> force;
    std::vector<Frame> frames;
    // Where the action changed the groups (SpList::changes), filled in after it.
    SpList::Changes changed;
  };
  // Marks the events of an action that tell of forces the other player may
  // not inspect as their owner's only, and adds what he may see instead.
  Events fog_events(Events ev, const Step& step, const Action& action, const FogBefore& before) const;
  // Whether everything the action told of `owner`'s forces could be inspected
  // by the other side, before or after it.
  bool fog_public(Side owner, const Step& step, const Action& action, const FogBefore& before) const;
  // Parts of saved_fault(): the SP's formations, and the pieces still to be set up (14.0).
  std::string formation_fault() const;
  std::string setup_fault() const;
  std::string fog_twin(const Event& hidden, Side owner, const Action& action, const FogBefore& before) const;
  Board board() const { return Board{*data_, pos_, options_}; }
  // Runs f on the board `mover` plans with (ruling F-8); no copy without 12.2,
  // one per state and side (derived()) outside apply().
  template <class F>
  auto on_planning_board(Side mover, F&& f) const {
    if (!options_.flag("12.2")) return f(board());
    if (applying_) {
      const Position p = planning_position(mover);
      return f(Board{*data_, p, options_});
    }
    return f(Board{*data_, planned_position(mover), options_});
  }
  const Position& planned_position(Side mover) const;  // planning_position, kept in derived()

  // What the rules derive from the position (LOC, rail reach) is asked many
  // times per decision; each is computed once per state and kept here. apply()
  // drops it before changing anything and computes afresh while it works (LOC
  // maps come from LocMap::of, traced once per position).
  struct Derived;
  // 7.1.3; shared, not copied: every rail order a march lists asks it again.
  std::shared_ptr<const std::vector<hex::Hex>> rail_reach(hex::Hex from, Side side) const;
  bool has_loc_at(hex::Hex h, Side side) const;
  Derived& derived() const;
  // apply() after its check: an order checked, or one of the state's own list.
  Events apply_checked(const Action& action);
  std::vector<ChanceOutcome> chance_outcomes_afresh() const;
  // The outcomes of the roll due, kept in derived_.
  const std::shared_ptr<const std::vector<ChanceOutcome>>& kept_chance_outcomes() const;
  // 7.2: MP the French force needs to reach each hex (by Map index, -1 = not
  // within MA + 3) along paths that avoid enemy zones of control, and the paths.
  std::shared_ptr<const ForcedCosts> forced_reach() const;
  mutable std::shared_ptr<Derived> derived_;
  bool applying_ = false;
  // While apply() runs: what was derived from the position before the order,
  // which the order's own check worked out (7.2's search, for apply_forced_march).
  std::shared_ptr<const Derived> before_apply_;

  // 7.0 activations (activation.cpp).
  // The lists of orders drafted (order_list.hpp): a random bot makes only the
  // one it takes. list_drafted lists the step's orders if its list is one of them.
  bool list_drafted(const Step& s, OrderList& out) const;
  void activation_actions(Side side, OrderList& out) const;
  void hq_order_actions(Side side, OrderList& out) const;
  std::vector<Action> force_order_actions(Side side) const;
  rz::Status check_activation(Side side, const Action& a) const;
  rz::Status check_hq_order(Side side, const Action& a) const;
  rz::Status check_force_order(Side side, const Action& a) const;
  Events apply_activation(Side side, const Action& a);
  Events apply_hq_order(Side side, const Action& a);
  Events apply_force_order(Side side, const Action& a);
  // The force's action is over: back to its HQ, or the activation is complete.
  Events end_force_action();
  Events end_hq_activation();
  // Ruling C-8: the activations of HQs struck off the map (8.5.1) end where
  // their orders would resume.
  Events end_orders_off_the_map();
  Events activation_complete();
  bool can_activate_anything(Side side) const;
  // Marks `n` unactivated SP of `side` in `h` (best status first, or worst
  // first) as the acting force; `off_train`: none that are entrained; `as`: the
  // status they take (a German pick-up joins the march's majority, ruling MA-11).
  void take_sps(Side side, hex::Hex h, int n, bool worst_first = false, bool off_train = false,
                std::optional<Status> as = std::nullopt);
  int available_sp(Side side, hex::Hex h) const;  // unactivated SP in h
  rz::Status check_sp_mix(const Action& a, Side side, hex::Hex h) const;
  // The orders of n SP of h, one for each mix of statuses it may take (7.0):
  // detach hex= (`detach_from`) or march, with sp=N, and with disrupted= and
  // demoralized= where the mix is not the best first.
  void add_sp_orders(OrderList& out, const hex::Hex* detach_from,
                     const std::array<int, 3>& available, int n) const;
  // Marks the SP of a mix as the acting force (take_sps, one status at a time).
  void take_mix(Side side, hex::Hex h, const std::array<int, 3>& mix);
  static std::string mix_text(const std::array<int, 3>& mix);  // " (2 good, 1 disrupted)" or ""
  std::string hq_label(const std::string& id) const;

  // 7.1 March (march.cpp).
  void march_actions(Side side, OrderList& out) const;
  rz::Status check_march(Side side, const Action& a) const;
  Events apply_march(Side side, const Action& a);
  Events enter_hex(hex::Hex to, int cost);
  Events take_control(hex::Hex h, Side side);
  // GAP-W-21 (siege.cpp): whether the winner of a combat may enter the combat
  // hex: the loser has left it, or only the garrison of its fortress stayed.
  bool enterable_after_win(hex::Hex target, Side loser) const;
  // GAP-W-21, 3.7: a fortress the garrison has left goes to the besieger in it.
  Events settle_fortress_control();
  // 7.1.2, 7.1.3, 7.2 (march.cpp).
  rz::Status check_rail(Side side, const Action& a) const;
  rz::Status check_forced_march(Side side, const Action& a) const;
  rz::Status check_pickup(Side side, const Action& a) const;
  Events apply_rail(Side side, const Action& a);
  Events apply_forced_march(Side side, const Action& a);
  Events apply_pickup(Side side, const Action& a);
  Events german_step(hex::Hex to, int cost);  // a German move step with its Opportunity Chassepot Fire
  std::vector<Action> chassepot_actions(const Step& step) const;
  rz::Status check_chassepot(const Step& step, const Action& a) const;
  Events apply_chassepot(const Step& step, const Action& a);
  std::vector<ChanceOutcome> march_outcomes(const Step& step) const;
  Events apply_march_roll(const Step& step, const Action& a);
  int rail_sp_used(Side side) const { return rail_turn_ == turn_ ? rail_sp_[index(side)] : 0; }
  // 6.0 Administrative Phase: 6.2 mobilization, returning HQs (administrative.cpp).
  void admin_actions(Side side, OrderList& out) const;
  rz::Status check_admin(Side side, const Action& a) const;
  Events apply_admin(Side side, const Action& a);
  // 9.0 Siege Phase (siege.cpp): pushes a kSiegeRoll step per fortress under
  // siege (or none), then the rolls resolve as chance nodes.
  Events start_siege_phase();
  std::vector<ChanceOutcome> siege_outcomes(const Step& step) const;
  Events apply_siege_roll(const Step& step, const Action& a);
  // 10.0 Recovery Phase (recovery.cpp).
  Events start_recovery_phase();
  std::vector<Action> recovery_actions(Side side) const;
  rz::Status check_recovery(Side side, const Action& a) const;
  Events apply_recovery(Side side, const Action& a);
  // 11.0 automatic victories, checked whenever VP or the map change (victory.cpp).
  Events check_victory();
  // 11.0 / GAP-W-29: an entrained French force leaves the map by the rail exit (victory.cpp).
  rz::Status check_rail_exit(Side side, const Action& a) const;
  Events apply_rail_exit(Side side, const Action& a);
  // 14.0 Free Set-up (setup.cpp).
  void take_setup(const Scenario& sc);  // the placements become pieces to place
  // The side to set up after `done` (none: the first), Germans then French.
  std::optional<Side> setup_side_after(std::optional<Side> done) const;
  std::vector<Action> setup_actions(Side side) const;
  rz::Status check_setup(Side side, const Action& a) const;
  Events apply_setup(Side side, const Action& a);
  // Loss absorption chosen by the owner (absorb.cpp): SP marked `engaged`.
  std::vector<Action> absorb_actions(const Step& step) const;
  rz::Status check_absorb(const Step& step, const Action& a) const;
  Events apply_absorb(const Step& step, const Action& a);
  // Pushes the absorption of `eliminate` SP then `steps` steps by `side`'s engaged SP (nothing if
  // none due). `crossed`: only the SP that retreated into that hex absorb (8.6's river).
  void push_absorb(Side side, int eliminate, int steps, std::optional<hex::Hex> crossed = {});
  // 7.4 Planned Attack, 7.1.1 March Combat and the 8.0 combat sequence (combat_procedure.cpp).
  std::vector<Action> planned_attack_actions(Side side) const;
  rz::Status check_planned_attack(Side side, const Action& a) const;
  Events apply_planned_attack(Side side, const Action& a);
  static std::vector<std::string> with_hqs(const Action& a);  // the with=HQ,HQ of an attack
  rz::Status check_march_combat(hex::Hex to) const;
  Events start_march_combat(hex::Hex to);
  // 7.1.1: the MP a March Combat costs, the march's cost of entering the
  // defender's hex (terrain, river, 12.1, 12.4, 3.4, the French +1s: march.cpp).
  Result<int> march_combat_cost(hex::Hex to) const;
  Events start_combat(Combat c);
  CombatSetup combat_setup() const;  // 8.2: the forces of combat_ (pointers into pos_)
  Events combat_strengths();  // 8.2-8.3
  Events combat_continue();
  std::vector<Action> combat_actions(const Step& step) const;
  // 8.7 (ruling C-11): the HQs of the attacking force in `from` that may
  // advance with its SP, as the order names them ("G-IV,G-2A"); "" for none.
  std::string advancing_hqs(const Combat& c, hex::Hex from) const;
  // 8.7: SP of attacking hex `from` that supported the combat and may advance
  // (not demoralized, with a LOC), and have not advanced yet.
  bool may_advance_from(const Combat& c, hex::Hex from) const;
  rz::Status check_combat_action(const Step& step, const Action& a) const;
  Events apply_combat_action(const Step& step, const Action& a);
  std::vector<ChanceOutcome> combat_outcomes(const Step& step) const;
  Events apply_combat_chance(const Step& step, const Action& a);
  Events hq_casualty(const std::string& id, int d6, int d3);
  // 8.1 Cavalry Retreat Before Combat (combat_procedure.cpp).
  Events cavalry_check();
  std::vector<Action> cavalry_actions(const Step& step) const;
  rz::Status check_cavalry(const Step& step, const Action& a) const;
  Events apply_cavalry(const Step& step, const Action& a);
  // GAP-W-35 HQs left alone (hq_displacement.cpp): those of `side` in `h` with no
  // SP of their side displace now (one destination), or a step is pushed for
  // the owner's choice or for the casualty roll (no destination).
  Events displace_lone_hqs(Side side, hex::Hex h);
  std::vector<Action> displace_actions(const Step& step) const;
  rz::Status check_displace(const Step& step, const Action& a) const;
  Events apply_displace(const Step& step, const Action& a);
  Events apply_displace_roll(const Step& step, const Action& a);
  // 7.3 Rally (rally.cpp, rulings RA-1, RA-2). The SP that would rally: all of
  // them, those disrupted or demoralized, those on the train.
  struct RallySp {
    int all = 0, disordered = 0, entrained = 0;
  };
  // The acting force's SP in `h`, or (acting false) the unactivated SP an HQ's
  // `rally sp=n` takes worst first: only those off the train (RA-2).
  RallySp rally_sp(Side side, hex::Hex h, bool acting) const;
  rz::Status check_rally(Side side, hex::Hex h, const RallySp& sp) const;
  // check_rally's answer without its message, for the lists of legal actions.
  bool rally_possible(Side side, hex::Hex h, const RallySp& sp) const;
  Events rally_force();

  // ---- helpers of 6.2 mobilization, 9.0 sieges, 10.0 recovery (administrative.cpp,
  // siege.cpp, recovery.cpp) ----
  // What a side did in a hex this phase: SP and HQs mobilized (6.2), whether its
  // force recovered (10.0). Cleared when a phase starts; serialized as "uses".
  struct HexUse {
    Side side = Side::kFrench;
    hex::Hex hex;
    int sp = 0;
    int hq = 0;
    bool recovered = false;
    friend bool operator==(const HexUse&, const HexUse&) = default;
  };
  HexUse& use_of(Side side, hex::Hex h);  // creates the entry, keeps uses_ sorted
  const HexUse* find_use(Side side, hex::Hex h) const;
  // Hexes whose force may recover now; with `first_only`, at most the first found.
  std::vector<hex::Hex> recoverable(Side side, bool first_only = false) const;
  void push_recovery_from(Side side);                  // the next side (from `side`) with something to recover
  // With `every`, whether every place 6.2 refuses nothing also traces a LOC (the
  // list is then kept through the side's mobilizations: apply).
  std::vector<hex::Hex> mobilization_hexes_afresh(Side side, bool* every = nullptr) const;
  rz::Status check_mobilization_hex(Side side, hex::Hex h) const;
  rz::Status check_mobilization_hex_afresh(Side side, hex::Hex h) const;
  rz::Status check_mobilization_place(Side side, hex::Hex h) const;  // 6.2 but the LOC
  // Which condition of check_mobilization_place fails, with the hexes of the units
  // that keep the distance asked once: the list of places needs no message.
  enum class Refusal {
    kNone,
    kOffMap,
    kNoFortressOrTown,
    kAbroad,
    kNotControlled,
    kBesieged,
    kTooClose
  };
  Refusal mobilization_refusal(Side side, hex::Hex h, const std::vector<hex::Hex>& threats) const;
  std::vector<hex::Hex> mobilization_threats(Side side) const;
  std::vector<HexUse> uses_;
  // ---- end of the helpers of 6.2, 9.0, 10.0 ----

  std::shared_ptr<const GameData> data_;
  GameOptions options_;
  std::uint64_t seed_ = 0;
  std::string scenario_name_;
  int turn_ = 1;
  int last_turn_ = 20;
  Phase phase_ = Phase::kAdministrative;
  int vp_ = 11;
  int rp_[kSides] = {0, 0};
  std::optional<Side> first_activation_;  // 13.3, consumed by the first activation
  int consecutive_passes_ = 0;
  Position pos_;
  // GAP-W-21 (siege.cpp): the last fortress walk that found nothing to do, by the
  // SP list's stamp and the fortresses' control; the same again finds nothing,
  // and so does a list changed since only in hexes without a fortress.
  struct QuietFortresses {
    std::uint64_t sps = 0;  // SpList::stamp(); 0: none, or the last walk found something
    std::uint64_t control = 0;
  } quiet_fortresses_;
  std::vector<Step> steps_;           // pending steps; back() is the current one
  std::vector<Frame> frames_;         // the chain of activated HQs (7.0); back() gives orders
  std::optional<ActiveForce> force_;  // the force carrying out an action
  int eliminated_[kSides] = {0, 0};   // SP eliminated in the current combat (11.0 casualty VP)
  // 7.1.3 (march.cpp): SP entrained in turn rail_turn_ (the French limit of 3 a turn).
  int rail_turn_ = 0;
  int rail_sp_[kSides] = {0, 0};
  std::optional<Combat> combat_;
  std::vector<SetupPiece> setup_;        // 14.0 (setup.cpp): units not yet placed
  int exited_sp_ = 0;                    // GAP-W-29 (victory.cpp): French SP off by the rail exit
  std::vector<std::string> exited_hqs_;  // and French corps HQs, in order of exit
  std::optional<Side> winner_;
  bool over_ = false;
  std::string end_reason_;
  bool narrate_ = true;  // set_narration: not part of the game (no hash, not saved)
};

}  // namespace rz::wate1870
