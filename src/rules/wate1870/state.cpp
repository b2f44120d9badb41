#include "rules/wate1870/state.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/hash.hpp"
#include "rules/wate1870/derived.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/movement.hpp"
#include "rules/wate1870/traced_cache.hpp"

namespace rz::wate1870 {

using nlohmann::json;

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
        ev.push_back({"rp_collected",
                      std::string(side_name(s)) + " receives " + std::to_string(data_->tables.rp_income(s)) +
                          " RP: " + std::to_string(before) + " -> " + std::to_string(rp_[index(s)]) +
                          " (rule 6.1)",
                      {}});
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
        ev.push_back({"initiative", std::string(side_name(*first_activation_)) +
                                        " takes the first activation (rule 13.3)", {}});
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
  ev.insert(ev.begin(), Event{"phase", "Turn " + std::to_string(turn_) + ", " +
                                           std::string(phase_name(phase_)) + " phase", {}});
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
  return {{"game_over", "Game over: " + who + ": " + end_reason_, {}}};
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

std::vector<Action> WateState::legal_actions(Player player) const {
  if (move_kind() != MoveKind::kPlayer || player_of(steps_.back().side) != player) return {};
  const Step& s = steps_.back();
  switch (s.kind) {
    case StepKind::kAdministrative: {
      auto more = admin_actions(s.side);  // 6.2 (administrative.cpp)
      std::vector<Action> out;
      out.reserve(more.size() + 1);
      out.emplace_back("end-administrative");
      out.insert(out.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
      return out;
    }
    case StepKind::kRecovery: return recovery_actions(s.side);  // 10.0 (recovery.cpp)
    case StepKind::kActivate: return activation_actions(s.side);
    case StepKind::kHqOrders: return hq_order_actions(s.side);
    case StepKind::kForceOrders: return force_order_actions(s.side);
    case StepKind::kMarch: return march_actions(s.side);
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
  const MoveKind kind = move_kind();
  if (kind == MoveKind::kTerminal)
    return make_error(Code::kIllegal, "the game is over: " + end_reason_, "11.0");
  if (kind == MoveKind::kChance) {
    const StepDue due = step_due(steps_.back().kind);
    if (player != kChance)
      return not_your_turn(std::string("the dice are to be rolled for ") + due.what, due.rule);
    const auto afresh = applying_ ? chance_outcomes_afresh() : std::vector<ChanceOutcome>{};
    for (const auto& o : applying_ ? afresh : *kept_chance_outcomes())
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
                         due.rule);
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
  std::optional<FogBefore> fog;  // 12.2 (fog.cpp)
  if (options_.flag("12.2")) fog = FogBefore{pos_, force_, frames_, {}};
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
      ev.push_back({"initiative", "Initiative: French 1d6 = " + std::to_string(f) + ", German 1d6 = " +
                                      std::to_string(g) + " -> " + std::string(side_name(w)) +
                                      (f == g ? " (ties to the German, rule 7.0)" : " (rule 7.0)"),
                    {}});
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
      ev.push_back({"administrative_done",
                    std::string(side_name(s.side)) + " ends the Administrative Phase (rule 6.0)", {}});
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

// ---- views, serialization, hashing ----

bool WateState::inspectable(Side viewer, hex::Hex h) const {
  if (!options_.flag("12.2")) return true;
  return inspectable_in(pos_, viewer, h);
}

Position WateState::planning_position(Side mover) const {
  Position p = pos_;
  if (!options_.flag("12.2")) return p;
  const Sight seen(data_->map, pos_, mover);
  for (auto& g : p.sps)
    if (g.side != mover && !seen(g.hex)) {
      g.status = Status::kGood;
      g.entrained = false;
      g.count = std::max(g.count, 3);
    }
  // A lone HQ shows as the same generic stack (GAP-W-40), so it counts alike.
  for (const auto& q : pos_.hqs)
    if (q.side != mover && q.hex && pos_.sp(*q.hex, q.side) == 0 && !seen(*q.hex))
      p.sps.push_back(SpGroup{.side = q.side, .hex = *q.hex, .formation = q.id, .count = 3});
  p.normalise();
  return p;
}

const Position& WateState::planned_position(Side mover) const {
  auto& slot = derived().planning[index(mover)];
  if (!slot) slot = planning_position(mover);
  return *slot;
}

namespace {
// 12.2: the French inspect adjacent German forces, the Germans up to two hexes away.
int sight_range(Side viewer) { return viewer == Side::kFrench ? 1 : 2; }
}  // namespace

bool inspectable_in(const Position& pos, Side viewer, hex::Hex h) {
  const int range = sight_range(viewer);
  for (const auto& g : pos.sps)
    if (g.side == viewer && hex::distance(g.hex, h) <= range) return true;
  for (const auto& q : pos.hqs)
    if (q.side == viewer && q.hex && hex::distance(*q.hex, h) <= range) return true;
  return false;
}

Sight::Sight(const Map& map, const Position& pos, Side viewer)
    : map_(&map), pos_(&pos), viewer_(viewer) {
  auto put = [&](hex::Hex h) {
    const int i = map.index_of(h);
    if (i < 0)
      off_map_ = true;
    else
      seen_.set_bit(map.grid_bit(i));
  };
  for (const auto& g : pos.sps)
    if (g.side == viewer) put(g.hex);
  for (const auto& q : pos.hqs)
    if (q.side == viewer && q.hex) put(*q.hex);
  // The hexes within the range: the pieces' own, and each ring around (the map is
  // a full grid, so a hex two away on it is reached through one on it).
  for (int ring = 0; ring < sight_range(viewer); ++ring) {
    const HexRows around = map.adjacent(seen_);
    for (int r = 0; r < HexRows::kMaxRows; ++r) seen_[r] |= around[r];
  }
}

bool Sight::operator()(hex::Hex h) const {
  const int i = map_->index_of(h);
  return i >= 0 && !off_map_ ? seen_.test_bit(map_->grid_bit(i))
                             : inspectable_in(*pos_, viewer_, h);
}

namespace {
// WateState::inspectable for every hex of one position: a Sight under 12.2, and
// without it everything.
class Inspectable {
 public:
  Inspectable(const GameData& data, const Position& pos, const GameOptions& options, Side viewer) {
    if (options.flag("12.2")) sight_.emplace(data.map, pos, viewer);
  }
  bool operator()(hex::Hex h) const { return !sight_ || (*sight_)(h); }

 private:
  std::optional<Sight> sight_;
};

// A saved list of HQ names (a force's, a combat's casualty checks).
std::vector<Name> names_of(const json& list) {
  std::vector<Name> out;
  for (const auto& n : list) out.emplace_back(n.get<std::string>());
  return out;
}

constexpr std::array<std::pair<std::string_view, StepKind>, 27> kStepNames{{
    {"administrative", StepKind::kAdministrative},
    {"initiative", StepKind::kInitiative},
    {"activate", StepKind::kActivate},
    {"hq-orders", StepKind::kHqOrders},
    {"force-orders", StepKind::kForceOrders},
    {"march", StepKind::kMarch},
    {"siege-roll", StepKind::kSiegeRoll},
    {"recovery", StepKind::kRecovery},
    {"absorb", StepKind::kAbsorb},
    {"combat", StepKind::kCombat},
    {"artillery", StepKind::kArtillery},
    {"combat-dice", StepKind::kCombatDice},
    {"reroll", StepKind::kReroll},
    {"reroll-die", StepKind::kRerollDie},
    {"hq-casualty", StepKind::kHqCasualtyRoll},
    {"retreat", StepKind::kRetreat},
    {"river-loss", StepKind::kRiverLoss},
    {"advance", StepKind::kAdvance},
    {"chassepot-choice", StepKind::kChassepotChoice},
    {"chassepot-roll", StepKind::kChassepotRoll},
    {"forced-march-roll", StepKind::kForcedMarchRoll},
    {"march-hq-casualty", StepKind::kMarchHqCasualty},
    {"setup", StepKind::kSetup},
    {"cavalry-roll", StepKind::kCavalryRoll},
    {"cavalry-retreat", StepKind::kCavalryRetreat},
    {"hq-displace", StepKind::kHqDisplace},
    {"hq-displace-roll", StepKind::kHqDisplaceRoll},
}};

json combat_json(const Combat& c) {
  json from = json::array(), retreats = json::array(), retreated_to = json::array();
  for (auto h : c.from) from.push_back(h.id());
  for (auto h : c.retreats) retreats.push_back(h.id());
  for (auto h : c.retreated_to) retreated_to.push_back(h.id());
  return json{{"attacker", side_name(c.attacker)},
              {"target", c.target.id()},
              {"march", c.march},
              {"from", from},
              {"stage", c.stage},
              {"drm", {c.drm[0], c.drm[1]}},
              {"raw", {c.raw[0], c.raw[1]}},
              {"may_commit", {c.may_commit[0], c.may_commit[1]}},
              {"artillery_rp", {c.artillery_rp[0], c.artillery_rp[1]}},
              {"committed", {c.committed[0], c.committed[1]}},
              {"dice", {{c.dice[0][0], c.dice[0][1]}, {c.dice[1][0], c.dice[1][1]}}},
              {"winner", side_name(c.winner)},
              {"spread", c.spread},
              {"hqs", c.hqs},
              {"retreats", retreats},
              {"retreated_to", retreated_to}};
}

json step_json(const Step& s) {
  for (const auto& [name, kind] : kStepNames)
    if (kind == s.kind) return json{{"kind", name}, {"side", side_name(s.side)}, {"hex", s.hex.id()}, {"n", {s.n1, s.n2}}};
  return json{};
}

StepKind parse_step_kind(const std::string& k) {
  for (const auto& [name, kind] : kStepNames)
    if (name == k) return kind;
  throw std::invalid_argument("unknown step " + k);
}

json setup_json(const SetupPiece& p) {  // 14.0 (setup.cpp)
  return json{side_name(p.side),     p.hq,     p.formation, p.hex.id(), p.sp,
              status_name(p.status), p.flipped};
}

json sp_json(const SpGroup& g) {
  return json{g.hex.id(), side_name(g.side), g.formation, status_name(g.status), g.count, g.activated, g.entrained,
              g.acting, g.engaged};
}

}  // namespace

std::string WateState::serialize() const { return to_json().dump(); }

nlohmann::json WateState::to_json() const {
  json j;
  j["game"] = "1870";
  j["version"] = 1;
  j["scenario"] = scenario_name_;
  j["seed"] = seed_;
  j["options"] = options_.values;
  j["turn"] = turn_;
  j["last_turn"] = last_turn_;
  j["phase"] = phase_name(phase_);
  j["vp"] = vp_;
  j["rp"] = {rp_[0], rp_[1]};
  j["first_activation"] = first_activation_ ? json(side_name(*first_activation_)) : json(nullptr);
  j["consecutive_passes"] = consecutive_passes_;
  json sps = json::array();
  for (const auto& g : pos_.sps) sps.push_back(sp_json(g));
  j["sps"] = sps;
  json hqs = json::array();
  for (const auto& h : pos_.hqs)
    hqs.push_back({h.id, h.hex ? json(h.hex->id()) : json(nullptr), h.flipped, h.activated, h.in_pool,
                   h.returns_on_turn});
  j["hqs"] = hqs;
  std::string control;
  for (auto c : pos_.control) control += c < 0 ? '-' : (c == 0 ? 'F' : 'G');
  j["control"] = control;
  json destroyed = json::array();
  for (const auto& h : pos_.destroyed) destroyed.push_back(h.id());
  j["destroyed"] = destroyed;
  json uses = json::array();  // 6.2 / 10.0 per-phase bookkeeping
  for (const auto& u : uses_) uses.push_back({side_name(u.side), u.hex.id(), u.sp, u.hq, u.recovered});
  j["uses"] = uses;
  json steps = json::array();
  for (const auto& s : steps_) steps.push_back(step_json(s));
  j["steps"] = steps;
  json frames = json::array();
  for (const auto& f : frames_) frames.push_back({f.hq, f.limit_left});
  j["frames"] = frames;
  if (force_) {
    const auto& f = *force_;
    j["force"] = {{"side", side_name(f.side)}, {"hex", f.hex.id()},     {"hqs", f.hqs},
                  {"hq_action", f.hq_action},  {"mp_left", f.mp_left}, {"cautious", f.cautious},
                  {"moved", f.moved},          {"must_stop", f.must_stop},
                  {"entrained", f.entrained},  {"forced", f.forced},
                  {"fired_to", f.fired_to ? json(f.fired_to->id()) : json(nullptr)}};  // 7.1.2, 7.1.3, 7.2
  } else {
    j["force"] = nullptr;
  }
  j["eliminated"] = {eliminated_[0], eliminated_[1]};
  j["rail"] = {rail_turn_, rail_sp_[0], rail_sp_[1]};  // 7.1.3 (march.cpp)
  j["combat"] = combat_ ? combat_json(*combat_) : json(nullptr);
  json setup = json::array();  // 14.0 (setup.cpp)
  for (const auto& p : setup_) setup.push_back(setup_json(p));
  j["setup"] = setup;
  j["exited"] = {{"sp", exited_sp_}, {"hqs", exited_hqs_}};  // GAP-W-29 (victory.cpp)
  j["over"] = over_;
  j["winner"] = winner_ ? json(side_name(*winner_)) : json(nullptr);
  j["end_reason"] = end_reason_;
  return j;
}

Result<std::unique_ptr<WateState>> WateState::from_json(std::shared_ptr<const GameData> data,
                                                        const std::string& text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object())
    return make_error(Code::kMalformed, "the saved game is not valid JSON");
  try {
    if (j.at("game") != "1870" || j.at("version") != 1)
      return make_error(Code::kMalformed, "the saved game is not a version-1 game of 1870");
    std::map<std::string, std::string> opts = j.at("options");
    auto st = std::make_unique<WateState>(std::move(data), GameOptions{opts});
    auto side = [](const json& v) -> Side {
      auto s = parse_side(v.get<std::string>());
      if (!s) throw std::invalid_argument("unknown side " + v.dump());
      return *s;
    };
    auto hex_of = [&](const json& v) -> hex::Hex {
      auto h = hex::parse_hex(v.get<std::string>());
      if (!h || !st->data_->map.on_map(*h)) throw std::invalid_argument("hex " + v.dump() + " is not on the map");
      return *h;
    };
    st->scenario_name_ = j.at("scenario");
    st->seed_ = j.at("seed");
    st->turn_ = j.at("turn");
    st->last_turn_ = j.at("last_turn");
    auto ph = parse_phase(j.at("phase").get<std::string>());
    if (!ph) throw std::invalid_argument("unknown phase");
    st->phase_ = *ph;
    st->vp_ = j.at("vp");
    st->rp_[0] = j.at("rp").at(0);
    st->rp_[1] = j.at("rp").at(1);
    if (!j.at("first_activation").is_null()) st->first_activation_ = side(j.at("first_activation"));
    st->consecutive_passes_ = j.at("consecutive_passes");
    for (const auto& g : j.at("sps")) {
      auto status = parse_status(g.at(3).get<std::string>());
      if (!status) throw std::invalid_argument("unknown status");
      if (g.at(4).get<int>() <= 0) throw std::invalid_argument("an SP group must hold at least 1 SP");
      st->pos_.sps.push_back({side(g.at(1)), hex_of(g.at(0)), g.at(2).get<std::string>(), *status, g.at(4), g.at(5), g.at(6), g.at(7), g.at(8)});
    }
    for (const auto& h : j.at("hqs")) {
      const HqDef* def = st->data_->forces.find(h.at(0).get<std::string>());
      if (!def) throw std::invalid_argument("unknown HQ " + h.at(0).dump());
      HqUnit u{def->id, def->side, std::nullopt, h.at(2), h.at(3), h.at(4), h.at(5)};
      if (!h.at(1).is_null()) u.hex = hex_of(h.at(1));
      st->pos_.hqs.push_back(u);
    }
    const std::string control = j.at("control");
    if (control.size() != st->pos_.control.size()) throw std::invalid_argument("control has the wrong length");
    for (std::size_t i = 0; i < control.size(); ++i)
      st->pos_.control[i] = control[i] == 'F' ? 0 : control[i] == 'G' ? 1 : -1;
    for (const auto& h : j.at("destroyed")) st->pos_.destroyed.push_back(hex_of(h));
    if (j.contains("uses"))  // 6.2 / 10.0 per-phase bookkeeping
      for (const auto& u : j.at("uses"))
        st->uses_.push_back({side(u.at(0)), hex_of(u.at(1)), u.at(2), u.at(3), u.at(4)});
    for (const auto& s : j.at("steps"))
    {
      // A step's hex is "0000" where the step is about no hex.
      auto h = hex::parse_hex(s.at("hex").get<std::string>());
      if (!h) throw std::invalid_argument("step hex " + s.at("hex").dump() + " is not a hex number");
      st->steps_.push_back({parse_step_kind(s.at("kind")), side(s.at("side")), *h, s.at("n").at(0), s.at("n").at(1)});
    }
    for (const auto& f : j.at("frames")) {
      if (!st->pos_.hq(f.at(0).get<std::string>())) throw std::invalid_argument("unknown HQ in the chain " + f.at(0).dump());
      st->frames_.push_back({f.at(0), f.at(1)});
    }
    if (!j.at("force").is_null()) {
      const json& f = j.at("force");
      ActiveForce af{side(f.at("side")), hex_of(f.at("hex")), names_of(f.at("hqs")), f.at("hq_action"), f.at("mp_left"),
                     f.at("cautious"), f.at("moved"), f.at("must_stop")};
      af.entrained = f.value("entrained", false);  // 7.1.2, 7.1.3, 7.2 (march.cpp)
      af.forced = f.value("forced", false);
      if (f.contains("fired_to") && !f.at("fired_to").is_null()) af.fired_to = hex_of(f.at("fired_to"));
      st->force_ = af;
    }
    if (!j.at("combat").is_null()) {
      const json& cj = j.at("combat");
      Combat c;
      c.attacker = side(cj.at("attacker"));
      c.target = hex_of(cj.at("target"));
      c.march = cj.at("march");
      for (const auto& h : cj.at("from")) c.from.push_back(hex_of(h));
      c.stage = cj.at("stage");
      for (int i = 0; i < kSides; ++i) {
        c.drm[i] = cj.at("drm").at(i);
        c.raw[i] = cj.at("raw").at(i);
        c.may_commit[i] = cj.at("may_commit").at(i);
        c.artillery_rp[i] = cj.at("artillery_rp").at(i);
        c.committed[i] = cj.at("committed").at(i);
        c.dice[i][0] = cj.at("dice").at(i).at(0);
        c.dice[i][1] = cj.at("dice").at(i).at(1);
      }
      c.winner = side(cj.at("winner"));
      c.spread = cj.at("spread");
      c.hqs = names_of(cj.at("hqs"));
      for (const auto& h : cj.at("retreats")) c.retreats.push_back(hex_of(h));
      if (cj.contains("retreated_to"))  // 8.1, 8.6, GAP-W-35
        for (const auto& h : cj.at("retreated_to")) c.retreated_to.push_back(hex_of(h));
      st->combat_ = c;
    }
    if (const std::string why = st->inconsistency(); !why.empty()) throw std::invalid_argument(why);
    st->eliminated_[0] = j.at("eliminated").at(0);
    st->eliminated_[1] = j.at("eliminated").at(1);
    if (j.contains("rail")) {  // 7.1.3 (march.cpp)
      st->rail_turn_ = j.at("rail").at(0);
      st->rail_sp_[0] = j.at("rail").at(1);
      st->rail_sp_[1] = j.at("rail").at(2);
    }
    if (j.contains("setup"))  // 14.0 (setup.cpp)
      for (const auto& p : j.at("setup")) {
        auto status = parse_status(p.at(5).get<std::string>());
        if (!status) throw std::invalid_argument("unknown status in the set-up");
        SetupPiece piece{side(p.at(0)), p.at(1), p.at(2), hex_of(p.at(3)),
                         p.at(4),       *status, p.at(6)};
        if (!piece.hq.empty() && !st->data_->forces.find(piece.hq))
          throw std::invalid_argument("unknown HQ " + piece.hq);
        if (piece.hq.empty() && piece.sp <= 0)
          throw std::invalid_argument("a set-up piece must hold at least 1 SP");
        st->setup_.push_back(std::move(piece));
      }
    if (j.contains("exited")) {  // GAP-W-29 (victory.cpp)
      st->exited_sp_ = j.at("exited").at("sp");
      st->exited_hqs_ = j.at("exited").at("hqs").get<std::vector<std::string>>();
    }
    st->over_ = j.at("over");
    if (!j.at("winner").is_null()) st->winner_ = side(j.at("winner"));
    st->end_reason_ = j.at("end_reason");
    st->pos_.sps.set_fortresses(&st->data_->map.fortress_hexes());  // SpList::zoc_version
    st->pos_.normalise();
    return st;
  } catch (const std::exception& e) {
    return make_error(Code::kMalformed, std::string("the saved game is damaged: ") + e.what());
  }
}

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
  auto str = [&](const std::string& v) {
    h.u64(v.size());
    h.bytes(v);
  };
  auto hx = [&](hex::Hex x) {
    h.i64(x.col);
    h.i64(x.row);
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
    str(g.formation);
    h.i64(index(g.side) | static_cast<int>(g.status) << 2 | g.activated << 4 | g.entrained << 5 | g.acting << 6 |
          g.engaged << 7);
    h.i64(g.count);
  }
  h.u64(pos_.hqs.size());
  for (const auto& q : pos_.hqs) {
    str(q.id);
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
  return h.digest();
}

bool WateState::hq_seen(Side me, const Name& id) const {
  const HqUnit* q = pos_.hq(id);
  return q && hq_seen(me, *q);
}

bool WateState::hq_seen(Side me, const HqUnit& q) const {
  // An HQ marching with the acting force has no hex of its own (GAP-W-10): it is
  // where the force is, and seen where the force may be inspected. One struck
  // off the map while its chain of activations goes on (8.5.1) is seen without
  // 12.2; the rest of the enemy's HQs off the map (his force pool) is not.
  if (q.side == me) return true;
  if (q.hex) return inspectable(me, *q.hex);
  if (force_ && std::find(force_->hqs.begin(), force_->hqs.end(), q.id) != force_->hqs.end())
    return inspectable(me, force_->hex);
  const bool in_chain =
      std::any_of(frames_.begin(), frames_.end(), [&](const Frame& f) { return f.hq == q.id; }) ||
      (combat_ && std::find(combat_->hqs.begin(), combat_->hqs.end(), q.id) != combat_->hqs.end());
  return in_chain && !options_.flag("12.2");
}

std::vector<hex::Hex> WateState::uninspected(Side me) const {
  std::vector<hex::Hex> out;
  const Inspectable seen(*data_, pos_, options_, me);
  auto add = [&](hex::Hex h) {
    if (!seen(h) && std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
  };
  for (const auto& g : pos_.sps)
    if (g.side != me) add(g.hex);
  for (const auto& q : pos_.hqs)
    if (q.side != me && q.hex) add(*q.hex);
  std::sort(out.begin(), out.end(), [](hex::Hex a, hex::Hex b) { return a.id() < b.id(); });
  return out;
}

std::string WateState::inconsistency() const {
  // Every step that gives orders needs what it orders about.
  for (const auto& s : steps_) {
    if (s.kind == StepKind::kHqOrders && frames_.empty()) return "HQ orders without an HQ";
    if ((s.kind == StepKind::kForceOrders || s.kind == StepKind::kMarch) && !force_)
      return "force orders without a force";
    if ((s.kind == StepKind::kCavalryRoll || s.kind == StepKind::kCavalryRetreat) && !combat_)
      return "a cavalry retreat without a combat";  // 8.1
  }
  if (force_ && force_->hq_action && frames_.empty())
    return "the force acts for an HQ but no HQ is activated";
  // A picture holds only the HQs its player sees: the force may name no other (F-10).
  if (force_)
    for (const auto& id : force_->hqs)
      if (!pos_.hq(id)) return "the acting force names HQ " + id + ", which is not in the game";
  return {};
}

std::unique_ptr<WateState> WateState::picture_for(Side me,
                                                  const std::vector<int>& hidden_sp) const {
  auto st = std::make_unique<WateState>(*this);
  st->derived_.reset();
  st->seed_ = 0;  // the seed would let a player predict the dice
  std::erase_if(st->uses_, [&](const HexUse& u) { return u.side != me; });
  std::erase_if(st->setup_, [&](const SetupPiece& p) { return p.side != me; });
  const Inspectable seen(*data_, pos_, options_, me);
  erase_if(st->pos_.sps, [&](const SpGroup& g) { return g.side != me && !seen(g.hex); });
  const auto hidden = uninspected(me);
  for (std::size_t i = 0; i < hidden.size(); ++i)
    st->pos_.sps.push_back(
        {other(me), hidden[i], "", Status::kGood, i < hidden_sp.size() ? hidden_sp[i] : 4});
  std::erase_if(st->pos_.hqs, [&](const HqUnit& q) { return !hq_seen(me, q); });
  std::erase_if(st->frames_, [&](const Frame& f) { return !hq_seen(me, f.hq); });
  if (combat_) std::erase_if(st->combat_->hqs, [&](const Name& id) { return !hq_seen(me, id); });
  if (force_ && force_->side != me) {
    if (!inspectable(me, force_->hex))
      st->force_.reset();
    else  // F-10: each of its HQs where that HQ may be inspected
      std::erase_if(st->force_->hqs, [&](const Name& id) { return !hq_seen(me, id); });
  }
  st->pos_.normalise();
  return st;
}

std::string WateState::view(Player player) const {
  json j = to_json();
  j.erase("seed");  // the seed would let a player predict the dice
  if (player == kUmpire) return j.dump();
  const Side me = static_cast<Side>(player);
  j["you"] = side_name(me);
  {  // 6.2 / 10.0 bookkeeping: only one's own (the enemy's would show where it mobilized, 12.2)
    json uses = json::array();
    for (const auto& u : uses_)
      if (u.side == me) uses.push_back({side_name(u.side), u.hex.id(), u.sp, u.hq, u.recovered});
    j["uses"] = uses;
  }
  // 12.2: an enemy stack that may not be inspected shows as a generic stack.
  json sps = json::array();
  const Inspectable seen(*data_, pos_, options_, me);
  for (const auto& g : pos_.sps)
    if (g.side == me || seen(g.hex)) sps.push_back(sp_json(g));
  j["sps"] = sps;
  {  // 14.0: one's own units still to place (the enemy's, like his force pool, are not shown)
    json setup = json::array();
    for (const auto& p : setup_)
      if (p.side == me) setup.push_back(setup_json(p));
    j["setup"] = setup;
  }
  json hqs = json::array();
  for (const auto& h : pos_.hqs)
    if (hq_seen(me, h))  // the enemy force pool and off-map HQs are not shown either
      hqs.push_back({h.id, h.hex ? json(h.hex->id()) : json(nullptr), h.flipped, h.activated,
                     h.in_pool, h.returns_on_turn});
  j["hqs"] = hqs;
  // The enemy's chain of activations and acting force, only where inspectable.
  json frames = json::array();
  for (const auto& f : frames_)
    if (hq_seen(me, f.hq)) frames.push_back({f.hq, f.limit_left});
  j["frames"] = frames;
  // A combat's list of HQs awaiting a casualty roll names enemy HQs only where inspectable.
  if (combat_) {
    json hqs = json::array();
    for (const auto& id : combat_->hqs)
      if (hq_seen(me, id)) hqs.push_back(id);
    j["combat"]["hqs"] = hqs;
  }
  if (force_ && force_->side != me) {
    if (!inspectable(me, force_->hex)) {
      j["force"] = {{"side", side_name(force_->side)}};
    } else {  // F-10: only the force's HQs he may inspect where they stand
      json hqs = json::array();
      for (const auto& id : force_->hqs)
        if (hq_seen(me, id)) hqs.push_back(id);
      j["force"]["hqs"] = hqs;
    }
  }
  json stacks = json::array();
  for (hex::Hex h : uninspected(me))
    stacks.push_back({{"hex", h.id()}, {"side", side_name(other(me))}});
  j["uninspected_enemy_stacks"] = stacks;
  json legal = json::array();
  for (const auto& a : legal_actions(player)) legal.push_back(a.to_string());
  j["legal_actions"] = legal;
  return j.dump();
}

}  // namespace rz::wate1870
