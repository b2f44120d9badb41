#include "rules/wate1870/state.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <iterator>
#include <map>
#include <string_view>
#include <type_traits>

#include "core/hash.hpp"
#include "rules/wate1870/derived.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/movement.hpp"
#include "rules/wate1870/order_list.hpp"
#include "rules/wate1870/traced_cache.hpp"

namespace rz::wate1870 {

namespace {

Player player_of(Side s) { return index(s); }

Error not_your_turn(const std::string& who_moves, const std::string& rule) {
  return make_error(Code::kNotYourTurn, "it is not your turn: " + who_moves, rule);
}

// What the step waiting for an order or a roll is, and its rule: refusals out
// of turn cite the step actually due, not always the activation (7.0).
struct StepDue {
  const char* what;  // "the French player is to <what>" / "the dice are to be rolled for <what>"
  const char* rule;
};
StepDue step_due(StepKind k) {
  switch (k) {
    case StepKind::kAdministrative:
      return {"finish the Administrative Phase", "6.0"};
    case StepKind::kSetup:
      return {"set up (free set-up)", "14.0"};
    case StepKind::kCavalryRoll:
      return {"the cavalry's chance to retreat before combat (1d6)", "8.1"};
    case StepKind::kCavalryRetreat:
      return {"retreat its cavalry before combat or stand", "8.1"};
    case StepKind::kHqDisplace:
      return {"displace its HQs left alone", "GAP-W-35"};
    case StepKind::kHqDisplaceRoll:
      return {"the turns off map of an HQ that could not displace (1d3)", "GAP-W-35"};
    case StepKind::kInitiative:
      return {"the initiative (1d6 each)", "7.0"};
    case StepKind::kActivate:
      return {"activate a force or pass", "7.0"};
    case StepKind::kHqOrders:
      return {"give the activated HQ's orders", "7.0"};
    case StepKind::kForceOrders:
      return {"give the activated force its action", "7.0"};
    case StepKind::kMarch:
      return {"move the marching force", "7.1"};
    case StepKind::kSiegeRoll:
      return {"a Siege Assault (1d6)", "9.0"};
    case StepKind::kRecovery:
      return {"choose the forces that recover", "10.0"};
    case StepKind::kAbsorb:
      return {"absorb its losses", "8.5"};
    case StepKind::kCombat:
      return {"go on with the combat", "8.0"};
    case StepKind::kArtillery:
      return {"commit artillery or decline", "8.4"};
    case StepKind::kCombatDice:
      return {"the combat (2d6)", "8.5"};
    case StepKind::kReroll:
      return {"re-roll a die or keep the dice", "8.4"};
    case StepKind::kRerollDie:
      return {"the re-rolled die (1d6)", "8.4"};
    case StepKind::kHqCasualtyRoll:
      return {"an HQ casualty check (1d6, 1d3)", "8.5.1"};
    case StepKind::kRetreat:
      return {"retreat its force", "8.6"};
    case StepKind::kRiverLoss:
      return {"the losses of a retreat across a river (1d6)", "8.6"};
    case StepKind::kAdvance:
      return {"advance after combat or stay", "8.7"};
    case StepKind::kChassepotChoice:
      return {"fire on the moving German force or hold", "7.1.2"};
    case StepKind::kChassepotRoll:
      return {"Chassepot fire (d66)", "7.1.2"};
    case StepKind::kForcedMarchRoll:
      return {"a Forced March (2d6)", "7.2"};
    case StepKind::kMarchHqCasualty:
      return {"an HQ casualty check (1d6, 1d3)", "8.5.1"};
  }
  return {"act", ""};
}

}  // namespace

WateState::WateState(std::shared_ptr<const GameData> data, GameOptions options)
    : data_(std::move(data)), options_(std::move(options)) {
  pos_.control.assign(data_->map.hexes().size(), -1);
}

Result<std::unique_ptr<WateState>> WateState::from_scenario(std::shared_ptr<const GameData> data,
                                                            const Scenario& sc, GameOptions options,
                                                            std::uint64_t seed) {
  auto st = std::make_unique<WateState>(std::move(data), std::move(options));
  st->seed_ = seed;
  st->scenario_name_ = sc.name;
  st->turn_ = sc.turn;
  st->last_turn_ = sc.last_turn;
  st->vp_ = sc.vp;
  st->rp_[0] = sc.rp[0];
  st->rp_[1] = sc.rp[1];
  st->first_activation_ = sc.first_activation;
  // 3.7: at the start each side controls its own country.
  for (const auto& h : st->data_->map.hexes()) {
    signed char c = -1;
    if (h.country == Country::kFrance) c = 0;
    if (h.country == Country::kGermany) c = 1;
    st->pos_.control[static_cast<std::size_t>(st->data_->map.index_of(h.hex))] = c;
  }
  for (const auto& o : sc.control)
    st->pos_.set_controller(st->data_->map, o.hex, o.side);
  st->pos_.destroyed = sc.destroyed_fortresses;
  if (sc.free_setup && sc.phase == Phase::kSetup) {
    st->take_setup(sc);  // 14.0: the players place these (setup.cpp)
  } else {
    for (const auto& p : sc.sps)
      st->pos_.sps.push_back(SpGroup{p.side, p.hex, p.formation, p.status, p.sp, false, p.entrained});
    for (const auto& p : sc.hqs) {
      const HqDef* def = st->data_->forces.find(p.hq);
      st->pos_.hqs.push_back(HqUnit{p.hq, def->side, p.hex, p.replacement, false, false, 0});
    }
  }
  for (int s = 0; s < kSides; ++s)
    for (const auto& id : sc.force_pool[s]) {
      const HqDef* def = st->data_->forces.find(id);
      st->pos_.hqs.push_back(HqUnit{id, def->side, std::nullopt, false, false, true, 0});
    }
  st->pos_.sps.set_fortresses(&st->data_->map.fortress_hexes());  // SpList::zoc_version
  st->pos_.normalise();
  st->phase_ = sc.phase;
  // Enter the scenario's phase as if the game had just reached it.
  (void)st->start_phase(sc.phase);
  (void)st->advance_phase();
  return st;
}

// ---- the turn sequence (5.0) ----

Events WateState::start_phase(Phase phase) {
  Events ev;
  phase_ = phase;
  steps_.clear();
  uses_.clear();  // 6.2 / 10.0 per-phase bookkeeping
  switch (phase) {
    case Phase::kSetup:
      // 14.0: the Germans set up first, then the French (setup.cpp).
      if (const auto first = setup_side_after(std::nullopt)) {
        steps_.push_back({StepKind::kSetup, *first});
        break;
      }
      [[fallthrough]];
    case Phase::kAdministrative: {
      phase_ = Phase::kAdministrative;
      // 6.1: income at the start of the phase, never above the cap.
      for (Side s : {Side::kFrench, Side::kGerman}) {
        const int before = rp_[index(s)];
        rp_[index(s)] = std::min(data_->tables.rp_cap(), before + data_->tables.rp_income(s));
        tell(ev, "rp_collected", [&] {
          return std::string(side_name(s)) + " receives " +
                 std::to_string(data_->tables.rp_income(s)) + " RP: " + std::to_string(before) +
                 " -> " + std::to_string(rp_[index(s)]) + " (rule 6.1)";
        });
      }
      for (auto& g : pos_.sps) g.activated = false;
      for (auto& h : pos_.hqs) h.activated = false;
      pos_.normalise_groups();
      // Both sides finish their Administrative Phase; the German acts last so the
      // French cannot react to German mobilization (the French set up first, 13.0).
      steps_.push_back({StepKind::kAdministrative, Side::kGerman});
      steps_.push_back({StepKind::kAdministrative, Side::kFrench});
      break;
    }
    case Phase::kAction:
      consecutive_passes_ = 0;
      if (first_activation_) {
        // 13.3: the French take the first activation; initiative is rolled after it.
        steps_.push_back({StepKind::kActivate, *first_activation_});
        tell(ev, "initiative", [&] {
          return std::string(side_name(*first_activation_)) +
                 " takes the first activation (rule 13.3)";
        });
      } else {
        steps_.push_back({StepKind::kInitiative, Side::kFrench});
      }
      break;
    case Phase::kSiege:
      append(ev, start_siege_phase());  // 9.0 (siege.cpp)
      break;
    case Phase::kRecovery:
      append(ev, start_recovery_phase());  // 10.0 (recovery.cpp)
      break;
  }
  if (narrate_)
    ev.insert(ev.begin(), Event{"phase",
                                "Turn " + std::to_string(turn_) + ", " +
                                    std::string(phase_name(phase_)) + " phase",
                                {}});
  return ev;
}

// 5.0: when a phase has nothing left to do, the next one begins.
Events WateState::advance_phase() {
  Events ev;
  while (steps_.empty() && !over_) {
    Events e;
    switch (phase_) {
      case Phase::kSetup: e = start_phase(Phase::kAdministrative); break;  // 14.0: turn 1 begins
      case Phase::kAdministrative: e = start_phase(Phase::kAction); break;
      case Phase::kAction: e = start_phase(Phase::kSiege); break;
      case Phase::kSiege: e = start_phase(Phase::kRecovery); break;
      case Phase::kRecovery:
        if (turn_ >= last_turn_) {
          // GAP-W-01: at the end, VP above the start favour France, below favour Germany.
          e = finish(data_->tables.winner_on_points(vp_), "the last turn (" + std::to_string(last_turn_) +
                                                              ") ended with " + std::to_string(vp_) +
                                                              " VP (rule 11.0, ruling GAP-W-01)");
        } else {
          ++turn_;
          e = start_phase(Phase::kAdministrative);
        }
        break;
    }
    append(ev, std::move(e));
  }
  return ev;
}

Events WateState::finish(std::optional<Side> winner, std::string reason) {
  over_ = true;
  winner_ = winner;
  end_reason_ = std::move(reason);
  steps_.clear();
  const std::string who = winner ? std::string(side_name(*winner)) + " victory" : std::string("a draw");
  return told("game_over", [&] { return "Game over: " + who + ": " + end_reason_; });
}

ToMove WateState::to_move() const {
  const MoveKind k = move_kind();
  if (k != MoveKind::kPlayer) return {k, {}};
  return {MoveKind::kPlayer, {player_of(steps_.back().side)}};
}

MoveKind WateState::move_kind() const {
  if (over_ || steps_.empty()) return MoveKind::kTerminal;
  switch (steps_.back().kind) {
    case StepKind::kInitiative:
    case StepKind::kSiegeRoll:
    case StepKind::kCombatDice:
    case StepKind::kRerollDie:
    case StepKind::kHqCasualtyRoll:
    case StepKind::kRiverLoss:
    case StepKind::kChassepotRoll:     // 7.1.2 (march.cpp)
    case StepKind::kForcedMarchRoll:   // 7.2 (march.cpp)
    case StepKind::kMarchHqCasualty:   // 7.1.2 (march.cpp)
    case StepKind::kCavalryRoll:       // 8.1
    case StepKind::kHqDisplaceRoll:
      return MoveKind::kChance;  // GAP-W-35
    default: break;
  }
  return MoveKind::kPlayer;
}

bool WateState::list_drafted(const Step& s, OrderList& out) const {
  switch (s.kind) {
    case StepKind::kAdministrative:
      out.add("end-administrative");
      admin_actions(s.side, out);  // 6.2 (administrative.cpp)
      return true;
    case StepKind::kActivate:
      activation_actions(s.side, out);
      return true;
    case StepKind::kHqOrders:
      hq_order_actions(s.side, out);
      return true;
    case StepKind::kMarch:
      march_actions(s.side, out);
      return true;
    default:
      return false;
  }
}

std::vector<Action> WateState::legal_actions(Player player) const {
  if (move_kind() != MoveKind::kPlayer || player_of(steps_.back().side) != player) return {};
  const Step& s = steps_.back();
  if (OrderList out(OrderList::Mode::kActions); list_drafted(s, out)) return std::move(out).take();
  switch (s.kind) {
    case StepKind::kRecovery:
      return recovery_actions(s.side);  // 10.0 (recovery.cpp)
    case StepKind::kForceOrders:
      return force_order_actions(s.side);
    case StepKind::kAbsorb: return absorb_actions(s);
    case StepKind::kArtillery:
    case StepKind::kReroll:
    case StepKind::kRetreat:
    case StepKind::kAdvance: return combat_actions(s);
    case StepKind::kChassepotChoice: return chassepot_actions(s);  // 7.1.2 (march.cpp)
    case StepKind::kSetup: return setup_actions(s.side);           // 14.0 (setup.cpp)
    case StepKind::kCavalryRetreat: return cavalry_actions(s);     // 8.1
    case StepKind::kHqDisplace: return displace_actions(s);        // GAP-W-35
    default: break;
  }
  return {};
}

std::optional<Action> WateState::pick_legal_action(Player player, IndexChooser& chooser) const {
  if (move_kind() != MoveKind::kPlayer || player_of(steps_.back().side) != player)
    return std::nullopt;
  OrderList out(OrderList::Mode::kDrafts);
  if (!list_drafted(steps_.back(), out)) return State::pick_legal_action(player, chooser);
  if (out.size() == 0) return std::nullopt;
  return out.make(chooser.choose(out.size()));
}

// Made afresh: the shared list below is checked against it (the contract suite).
std::vector<ChanceOutcome> WateState::chance_outcomes() const { return chance_outcomes_afresh(); }

std::shared_ptr<const std::vector<ChanceOutcome>> WateState::chance_outcome_list() const {
  if (applying_)
    return std::make_shared<const std::vector<ChanceOutcome>>(chance_outcomes_afresh());
  return kept_chance_outcomes();
}

// A search lists a roll's outcomes and then applies one, which checks it
// against the same list: the list is made once per state.
const std::shared_ptr<const std::vector<ChanceOutcome>>& WateState::kept_chance_outcomes() const {
  auto& kept = derived().chance;
  if (kept) return kept;
  // Every roll but the Siege Assault's (which names the fortress) has the same
  // outcomes in every state: those lists are made once per thread and shared.
  const bool roll = move_kind() == MoveKind::kChance;
  if (!roll || steps_.back().kind == StepKind::kSiegeRoll) {
    kept = std::make_shared<const std::vector<ChanceOutcome>>(chance_outcomes_afresh());
    return kept;
  }
  thread_local std::map<StepKind, std::shared_ptr<const std::vector<ChanceOutcome>>> lists;
  auto& list = lists[steps_.back().kind];
  if (!list) list = std::make_shared<const std::vector<ChanceOutcome>>(chance_outcomes_afresh());
  kept = list;
  return kept;
}

std::vector<ChanceOutcome> WateState::chance_outcomes_afresh() const {
  if (move_kind() != MoveKind::kChance) return {};
  if (steps_.back().kind == StepKind::kSiegeRoll) return siege_outcomes(steps_.back());  // 9.0 (siege.cpp)
  switch (steps_.back().kind) {
    case StepKind::kCombatDice:
    case StepKind::kRerollDie:
    case StepKind::kHqCasualtyRoll:
    case StepKind::kRiverLoss:
    case StepKind::kCavalryRoll:
    case StepKind::kHqDisplaceRoll: return combat_outcomes(steps_.back());  // 8.0 (combat_procedure.cpp)
    case StepKind::kChassepotRoll:
    case StepKind::kForcedMarchRoll:
    case StepKind::kMarchHqCasualty: return march_outcomes(steps_.back());  // 7.1.2, 7.2 (march.cpp)
    default: break;
  }
  // 7.0 / GAP-W-38: each side rolls 1d6.
  std::vector<ChanceOutcome> out;
  out.reserve(36);
  for (int f = 1; f <= 6; ++f)
    for (int g = 1; g <= 6; ++g)
      out.push_back({Action("initiative").with("french", std::to_string(f)).with("german", std::to_string(g)),
                     Fraction(1, 36), {f, g}});
  return out;
}

rz::Status WateState::check(Player player, const Action& action) const { return check_impl(player, action); }

rz::Status WateState::check_impl(Player player, const Action& action) const {
  auto ok = check_step(player, action);
  if (ok || action.args.empty() || ok.error().code == Code::kNotYourTurn) return ok;
  // An order that is listed only bare ("end-administrative", "pass") given
  // with arguments: the step's own refusal would name the order as one of the
  // choices. Worked out only for a refused order whose bare form is accepted
  // (a bot's refused candidates, "detach hex=.. sp=..", list nothing).
  if (!check_step(player, Action(action.verb))) return ok;
  const auto legal = legal_actions(player);
  const auto bare = std::find(legal.begin(), legal.end(), Action(action.verb));
  if (bare != legal.end() && std::none_of(legal.begin(), legal.end(), [&](const Action& a) {
        return a.verb == action.verb && !a.args.empty();
      }))
    return make_error(Code::kMalformed, "'" + action.verb + "' takes no arguments (given: '" +
                                            action.to_string() + "')");
  return ok;
}

rz::Status WateState::check_step(Player player, const Action& action) const {
  const MoveKind kind = move_kind();
  if (kind == MoveKind::kTerminal)
    return make_error(Code::kIllegal, "the game is over: " + end_reason_, "11.0");
  if (kind == MoveKind::kChance) {
    const StepDue due = step_due(steps_.back().kind);
    if (player != kChance)
      return not_your_turn(std::string("the dice are to be rolled for ") + due.what, due.rule);
    const auto afresh = applying_ ? chance_outcomes_afresh() : std::vector<ChanceOutcome>{};
    const auto& outcomes = applying_ ? afresh : *kept_chance_outcomes();
    // A roll takes its outcome from the list this state keeps (resolve_chance, a
    // game loop, a search): found by its address before any text is compared.
    for (const auto& o : outcomes)
      if (&o.action == &action) return {};
    for (const auto& o : outcomes)
      if (o.action == action) return {};
    return make_error(
        Code::kMalformed,
        "'" + action.to_string() + "' is not an outcome of the roll for " + std::string(due.what),
        due.rule);
  }
  const Step& s = steps_.back();
  if (player != player_of(s.side)) {
    const StepDue due = step_due(s.kind);
    return not_your_turn("the " + std::string(side_name(s.side)) + " player is to " + due.what,
                         s.kind == StepKind::kAbsorb ? loss_rule() : due.rule);
  }
  switch (s.kind) {
    case StepKind::kAdministrative:
      if (action == Action("end-administrative")) return {};
      return check_admin(s.side, action);  // 6.2 (administrative.cpp)
    case StepKind::kActivate: return check_activation(s.side, action);
    case StepKind::kHqOrders: return check_hq_order(s.side, action);
    case StepKind::kForceOrders: return check_force_order(s.side, action);
    case StepKind::kMarch: return check_march(s.side, action);
    case StepKind::kAbsorb: return check_absorb(s, action);
    case StepKind::kArtillery:
    case StepKind::kReroll:
    case StepKind::kRetreat:
    case StepKind::kAdvance: return check_combat_action(s, action);
    case StepKind::kRecovery: return check_recovery(s.side, action);  // 10.0 (recovery.cpp)
    case StepKind::kChassepotChoice: return check_chassepot(s, action);  // 7.1.2 (march.cpp)
    case StepKind::kSetup: return check_setup(s.side, action);           // 14.0 (setup.cpp)
    case StepKind::kCavalryRetreat: return check_cavalry(s, action);     // 8.1
    case StepKind::kHqDisplace: return check_displace(s, action);        // GAP-W-35
    case StepKind::kCavalryRoll:
    case StepKind::kHqDisplaceRoll: break;  // chance
    case StepKind::kChassepotRoll:
    case StepKind::kForcedMarchRoll:
    case StepKind::kMarchHqCasualty: break;  // chance (march.cpp)
    case StepKind::kInitiative:
    case StepKind::kCombat:
    case StepKind::kCombatDice:
    case StepKind::kRerollDie:
    case StepKind::kHqCasualtyRoll:
    case StepKind::kRiverLoss:
    case StepKind::kSiegeRoll: break;
  }
  return make_error(Code::kInternal, "no step accepts orders now");
}

Result<Events> WateState::apply(Player player, const Action& action) {
  if (auto ok = check_impl(player, action); !ok) return ok.error();
  return apply_checked(action);
}

Result<State::Applied> WateState::apply_picked(Player player, IndexChooser& chooser) {
  auto order = pick_legal_action(player, chooser);
  if (!order) {
    // Not this player's to move, or the game is over: check() says whose it is.
    if (auto refused = check_impl(player, Action("pass")); !refused) return refused.error();
    return make_error(Code::kNotYourTurn, "there is no order to give now");
  }
  Events events = apply_checked(*order);
  return Applied{std::move(*order), std::move(events)};
}

// The contract's promise (every listed order passes check()) is the contract
// suite's to hold; a debug build checks it here too.
Result<Events> WateState::apply_listed(Player player, const Action& action) {
  assert(check_impl(player, action).ok() && "apply_listed: an order not of this state's list");
  (void)player;
  return apply_checked(action);
}

Events WateState::apply_checked(const Action& action) {
  // The LOC maps (4.1) of a position that the action leaves as it was (orders
  // that move nothing, most rolls) come back from LocMap::of's cache.
  before_apply_ = std::move(derived_);
  applying_ = true;
  struct Done {
    WateState& st;
    ~Done() {
      st.applying_ = false;
      st.before_apply_.reset();
    }
  } done{*this};
  std::optional<FogBefore> fog;  // 12.2 (fog.cpp): who may see which event, if any is told
  if (narrate_ && options_.flag("12.2")) fog = FogBefore{pos_, force_, frames_, {}};
  Events ev;
  const Step s = steps_.back();
  steps_.pop_back();
  std::optional<std::vector<hex::Hex>> kept_places;  // 6.2, below
  switch (s.kind) {
    case StepKind::kInitiative: {
      const int f = std::stoi(*action.get("french"));
      const int g = std::stoi(*action.get("german"));
      // 7.0: the higher roll chooses; ties go to the German player.
      const Side w = f > g ? Side::kFrench : Side::kGerman;
      tell(ev, "initiative", [&] {
        return "Initiative: French 1d6 = " + std::to_string(f) +
               ", German 1d6 = " + std::to_string(g) + " -> " + std::string(side_name(w)) +
               (f == g ? " (ties to the German, rule 7.0)" : " (rule 7.0)");
      });
      steps_.push_back({StepKind::kActivate, w});
      break;
    }
    case StepKind::kAdministrative:
      if (!(action == Action("end-administrative"))) {
        // 6.2: a mobilization (SP or HQ) or an HQ's return puts pieces of the side
        // in a place it controls, free of enemy SP. That only widens its own LOC
        // (4.1: more own SP open hexes, make depots and lift sieges; the enemy's
        // ZOC is unchanged) and changes no other place's refusal. So when every
        // place refused nothing traced a LOC before, the list is the same after.
        // Not under 12.2, where what a player may inspect could change.
        if (before_apply_ && before_apply_->mobilization[index(s.side)] &&
            before_apply_->mobilization_every[index(s.side)] && !options_.flag("12.2"))
          kept_places = before_apply_->mobilization[index(s.side)];
        append(ev, apply_admin(s.side, action));  // 6.2 (administrative.cpp): pushes the step again
        break;
      }
      tell(ev, "administrative_done", [&] {
        return std::string(side_name(s.side)) + " ends the Administrative Phase (rule 6.0)";
      });
      break;
    case StepKind::kActivate:
      append(ev, apply_activation(s.side, action));
      break;
    case StepKind::kHqOrders:
      append(ev, apply_hq_order(s.side, action));
      break;
    case StepKind::kForceOrders:
      append(ev, apply_force_order(s.side, action));
      break;
    case StepKind::kMarch:
      append(ev, apply_march(s.side, action));
      break;
    case StepKind::kAbsorb:
      append(ev, apply_absorb(s, action));
      break;
    case StepKind::kArtillery:
    case StepKind::kReroll:
    case StepKind::kRetreat:
    case StepKind::kAdvance:
      append(ev, apply_combat_action(s, action));
      break;
    case StepKind::kCombatDice:
    case StepKind::kRerollDie:
    case StepKind::kHqCasualtyRoll:
    case StepKind::kRiverLoss:
      append(ev, apply_combat_chance(s, action));
      break;
    case StepKind::kCombat: break;
    case StepKind::kChassepotChoice:  // 7.1.2 (march.cpp)
      append(ev, apply_chassepot(s, action));
      break;
    case StepKind::kChassepotRoll:
    case StepKind::kForcedMarchRoll:
    case StepKind::kMarchHqCasualty:  // 7.1.2, 7.2 (march.cpp)
      append(ev, apply_march_roll(s, action));
      break;
    case StepKind::kSiegeRoll:
      append(ev, apply_siege_roll(s, action));  // 9.0 (siege.cpp)
      break;
    case StepKind::kRecovery:
      append(ev, apply_recovery(s.side, action));  // 10.0 (recovery.cpp)
      break;
    case StepKind::kSetup:
      append(ev, apply_setup(s.side, action));  // 14.0 (setup.cpp)
      break;
    case StepKind::kCavalryRoll:  // 8.1 (combat_procedure.cpp)
      append(ev, apply_combat_chance(s, action));
      break;
    case StepKind::kCavalryRetreat:
      append(ev, apply_cavalry(s, action));
      break;
    case StepKind::kHqDisplace:  // GAP-W-35 (hq_displacement.cpp)
      append(ev, apply_displace(s, action));
      break;
    case StepKind::kHqDisplaceRoll:
      append(ev, apply_displace_roll(s, action));
      break;
  }
  // Automatic steps run at once: the combat procedure's stages (8.0), then the
  // end of the activation of an HQ a casualty took off the map (ruling C-8).
  while (!over_ && !steps_.empty() && steps_.back().kind == StepKind::kCombat) {
    steps_.pop_back();
    append(ev, combat_continue());
  }
  append(ev, end_orders_off_the_map());
  pos_.normalise_groups();  // an order adds no HQ; the set-up's own normalise() sorts those it
                            // places
  // 12.2: where the action changed the groups, noted since the last fortress
  // walk (at the end of the last order), and by this one.
  if (fog) fog->changed = pos_.sps.changes();
  append(ev, settle_fortress_control());  // GAP-W-21 (siege.cpp)
  // 12.2 (fog.cpp): who may see what the action told; victory and the turn
  // sequence that follow are public, and are judged without them.
  if (fog) {
    fog->changed.note(pos_.sps.changes());
    ev = fog_events(std::move(ev), s, action, *fog);
  } else {
    for (auto& e : ev) e.visible_to.clear();  // without 12.2 every event is for everybody
  }
  append(ev, check_victory());  // 11.0 (victory.cpp)
  append(ev, advance_phase());
  // The queries until the next order then search a list known to be normalised
  // (SpList); nothing to do if nothing touched it since the normalise above.
  pos_.normalise_groups();
  if (kept_places && !over_ && !steps_.empty() && steps_.back().kind == StepKind::kAdministrative &&
      steps_.back().side == s.side) {
    auto& d = derived();
    d.mobilization[index(s.side)] = std::move(kept_places);
    d.mobilization_every[index(s.side)] = true;
  }
  return ev;
}

std::vector<double> WateState::returns() const {
  if (!over_) return {0.0, 0.0};
  if (!winner_) return {0.5, 0.5};
  return *winner_ == Side::kFrench ? std::vector<double>{1.0, 0.0} : std::vector<double>{0.0, 1.0};
}

// ---- copies, derived maps, hashing ----

std::unique_ptr<State> WateState::clone() const {
  auto c = std::make_unique<WateState>(*this);
  // A clone may go to another thread: it fills a Derived of its own, starting
  // from the LOC and ZOC maps made so far (immutable, so they may be shared)
  // and a copy of the 6.2 places.
  c->derived_.reset();
  if (derived_) {
    auto& d = c->derived();
    d.traced = derived_->traced;
    for (int i = 0; i < kSides; ++i) {
      d.loc[i] = derived_->loc[i];
      d.zoc[i] = derived_->zoc[i];
      d.mobilization[i] = derived_->mobilization[i];
      d.mobilization_every[i] = derived_->mobilization_every[i];
    }
  }
  return c;
}

WateState::Derived& WateState::derived() const {
  if (!derived_) derived_ = std::make_shared<Derived>();
  return *derived_;
}

std::vector<hex::Hex> WateState::mobilization_hexes(Side side) const {
  if (applying_) return mobilization_hexes_afresh(side);
  auto& v = derived().mobilization[index(side)];
  if (!v) v = mobilization_hexes_afresh(side, &derived().mobilization_every[index(side)]);
  return *v;
}

std::uint64_t WateState::traced_key() const {
  if (applying_) return traced_hash(pos_);  // the position is changing
  auto& key = derived().traced;
  if (!key) key = traced_hash(pos_);
  return *key;
}

std::shared_ptr<const LocMap> WateState::loc_map(Side side) const {
  if (applying_) return LocMap::of(board(), side);
  auto& slot = derived().loc[index(side)];
  if (!slot) slot = LocMap::of(board(), side, traced_key());
  return slot;
}

std::shared_ptr<const ZocMap> WateState::zoc_map(Side side) const {
  if (applying_) return ZocMap::of(board(), side);
  auto& slot = derived().zoc[index(side)];
  if (!slot) slot = ZocMap::of(board(), side);
  return slot;
}

bool WateState::has_loc_at(hex::Hex h, Side side) const { return loc_map(side)->has_loc(h); }

std::shared_ptr<const std::vector<hex::Hex>> WateState::rail_reach(hex::Hex from, Side side) const {
  // Ruling F-8: a rail move is planned on what the mover may inspect (12.2).
  auto compute = [&] {
    return std::make_shared<const std::vector<hex::Hex>>(
        on_planning_board(side, [&](const Board& b) { return rail_reachable(b, from, side); }));
  };
  if (applying_) return compute();
  auto& known = derived().rail;
  for (const auto& [key, reach] : known)
    if (key == std::pair{from, side}) return reach;
  known.push_back({{from, side}, compute()});
  return known.back().second;
}

// Hashes the fields directly (not the JSON text): it runs after every action.
std::uint64_t WateState::hash() const {
  Hasher h;
  hash_fields(h);
  return h.digest();
}

std::uint64_t WateState::fingerprint() const {
  QuickHasher h;
  hash_fields(h);
  return h.digest();
}

// Every field of the game, into either hasher: one walk, so a field added to
// hash() is in fingerprint() too.
template <class H>
void WateState::hash_fields(H& h) const {
  auto str = [&](const std::string& v) {
    h.u64(v.size());
    h.bytes(v);
  };
  auto hx = [&](hex::Hex x) {
    h.i64(x.col);
    h.i64(x.row);
  };
  // A piece's name: its text for hash(), which must be the same on every
  // machine; for fingerprint(), a key of this process only, its interned entry
  // (equal exactly when the names are), one word in place of the text.
  auto name = [&](const Name& n) {
    if constexpr (std::is_same_v<H, QuickHasher>)
      h.u64(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(n.key())));
    else
      str(n);
  };
  str(scenario_name_);
  h.u64(seed_);
  h.u64(options_.values.size());
  for (const auto& [k, v] : options_.values) {
    str(k);
    str(v);
  }
  for (int v : {turn_, last_turn_, static_cast<int>(phase_), vp_, rp_[0], rp_[1], consecutive_passes_,
                first_activation_ ? index(*first_activation_) : -1, over_ ? 1 : 0, winner_ ? index(*winner_) : -1})
    h.i64(v);
  str(end_reason_);
  h.i64(eliminated_[0]);
  h.i64(eliminated_[1]);
  h.i64(rail_turn_);  // 7.1.3 (march.cpp)
  h.i64(rail_sp_[0]);
  h.i64(rail_sp_[1]);
  h.i64(combat_ ? 1 : 0);
  if (combat_) {
    const Combat& c = *combat_;
    h.i64(index(c.attacker) | c.march << 1 | index(c.winner) << 2);
    hx(c.target);
    h.u64(c.from.size());
    for (auto x : c.from) hx(x);
    h.i64(c.stage);
    h.i64(c.spread);
    for (int i = 0; i < kSides; ++i)
      for (int v : {c.drm[i], c.raw[i], static_cast<int>(c.may_commit[i]), c.artillery_rp[i],
                    static_cast<int>(c.committed[i]), c.dice[i][0], c.dice[i][1]})
        h.i64(v);
    h.u64(c.hqs.size());
    for (const auto& id : c.hqs) str(id);
    h.u64(c.retreats.size());
    for (auto x : c.retreats) hx(x);
    h.u64(c.retreated_to.size());
    for (auto x : c.retreated_to) hx(x);
    if (!c.hqs_retreated.empty()) {  // the hash of a combat without them is as it was
      h.u64(c.hqs_retreated.size());
      for (const auto& id : c.hqs_retreated) str(id);
    }
  }
  h.u64(setup_.size());  // 14.0 (setup.cpp)
  for (const auto& p : setup_) {
    h.i64(index(p.side) | static_cast<int>(p.status) << 2 | p.flipped << 4);
    str(p.hq);
    str(p.formation);
    hx(p.hex);
    h.i64(p.sp);
  }
  h.i64(exited_sp_);  // GAP-W-29 (victory.cpp)
  h.u64(exited_hqs_.size());
  for (const auto& id : exited_hqs_) str(id);
  h.u64(pos_.sps.size());
  for (const auto& g : pos_.sps) {
    hx(g.hex);
    name(g.formation);
    h.i64(index(g.side) | static_cast<int>(g.status) << 2 | g.activated << 4 | g.entrained << 5 |
          g.acting << 6 | g.engaged << 7 | g.retreated << 8);
    h.i64(g.count);
  }
  h.u64(pos_.hqs.size());
  for (const auto& q : pos_.hqs) {
    name(q.id);
    h.i64(q.hex ? q.hex->col * 100 + q.hex->row : -1);
    h.i64(q.flipped | q.activated << 1 | q.in_pool << 2);
    h.i64(q.returns_on_turn);
  }
  h.bytes(std::string_view(reinterpret_cast<const char*>(pos_.control.data()), pos_.control.size()));
  h.u64(pos_.destroyed.size());
  for (auto d : pos_.destroyed) hx(d);
  h.u64(uses_.size());  // 6.2 / 10.0 per-phase bookkeeping
  for (const auto& u : uses_) {
    h.i64(index(u.side));
    hx(u.hex);
    h.i64(u.sp);
    h.i64(u.hq);
    h.i64(u.recovered ? 1 : 0);
  }
  h.u64(steps_.size());
  for (const auto& s : steps_) {
    h.i64(static_cast<int>(s.kind) * 2 + index(s.side));
    hx(s.hex);
    h.i64(s.n1);
    h.i64(s.n2);
  }
  h.u64(frames_.size());
  for (const auto& f : frames_) {
    str(f.hq);
    h.i64(f.limit_left);
  }
  h.i64(force_ ? 1 : 0);
  if (force_) {
    h.i64(index(force_->side));
    hx(force_->hex);
    h.u64(force_->hqs.size());
    for (const auto& id : force_->hqs) str(id);
    h.i64(force_->hq_action | force_->cautious << 1 | force_->moved << 2 | force_->must_stop << 3 |
          force_->entrained << 4 | force_->forced << 5);  // 7.1.2, 7.1.3, 7.2 (march.cpp)
    h.i64(force_->fired_to ? force_->fired_to->col * 1000 + force_->fired_to->row : -1);
    h.i64(force_->mp_left);
  }
}

}  // namespace rz::wate1870
