// What a saved game must hold for the rules to go on from it (WateState::saved_fault):
// numbers a game of 1870 can reach, and the steps due with what each needs. A
// file edited by hand or damaged could otherwise load and then read a combat or
// a force that is not there, index past a list, or add its numbers beyond an int.
#include <algorithm>
#include <string>

#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

namespace {

// Far beyond what a game reaches, and small enough that no sum or product the
// rules make of them leaves an int (the SP on the map are checked as read).
constexpr int kMaxSp = WateState::kSavedGroupSp;     // a set-up piece
constexpr int kMaxSideSp = WateState::kSavedSideSp;  // eliminated, exited, in a combat
constexpr int kMaxPoints = 9999;  // RP in hand, VP either way
constexpr int kMaxModifier = 99;  // a combat's DRM and spread, a force's MP, a frame's limit

std::string outside(const std::string& what, long long v, long long lo, long long hi) {
  if (v >= lo && v <= hi) return "";
  return what + " is " + std::to_string(v) + ", not from " + std::to_string(lo) + " to " +
         std::to_string(hi);
}

std::string counted(std::size_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

bool needs_combat(StepKind k) {
  switch (k) {
    case StepKind::kCombat:
    case StepKind::kArtillery:
    case StepKind::kCombatDice:
    case StepKind::kReroll:
    case StepKind::kRerollDie:
    case StepKind::kHqCasualtyRoll:
    case StepKind::kRetreat:
    case StepKind::kRiverLoss:
    case StepKind::kAdvance:
    case StepKind::kCavalryRoll:
    case StepKind::kCavalryRetreat:
      return true;
    default:
      return false;
  }
}

bool needs_force(StepKind k) {
  switch (k) {
    case StepKind::kForceOrders:
    case StepKind::kMarch:
    case StepKind::kChassepotChoice:
    case StepKind::kChassepotRoll:
    case StepKind::kForcedMarchRoll:
    case StepKind::kMarchHqCasualty:
      return true;
    default:
      return false;
  }
}

// The steps about a hex of the map (the rest are about none: "0000").
bool needs_hex(StepKind k) {
  switch (k) {
    case StepKind::kSiegeRoll:
    case StepKind::kRetreat:
    case StepKind::kRiverLoss:
    case StepKind::kChassepotChoice:
    case StepKind::kChassepotRoll:
    case StepKind::kForcedMarchRoll:
    case StepKind::kMarchHqCasualty:
    case StepKind::kCavalryRoll:
    case StepKind::kCavalryRetreat:
    case StepKind::kHqDisplace:
    case StepKind::kHqDisplaceRoll:
      return true;
    default:
      return false;
  }
}

// The phase a step at the bottom of the steps due belongs to (the turn's sequence, 5.0).
Phase phase_of(StepKind k) {
  switch (k) {
    case StepKind::kSetup:
      return Phase::kSetup;
    case StepKind::kAdministrative:
      return Phase::kAdministrative;
    case StepKind::kSiegeRoll:
      return Phase::kSiege;
    case StepKind::kRecovery:
      return Phase::kRecovery;
    default:
      return Phase::kAction;
  }
}

// An HQ left alone displaces (GAP-W-35) after a march or a combat, or when a
// besieged fortress falls (9.0, ruling P-2): its steps stand above those.
bool displacement(StepKind k) {
  return k == StepKind::kHqDisplace || k == StepKind::kHqDisplaceRoll;
}

bool of_phase(StepKind k, Phase p) {
  return displacement(k) ? p == Phase::kAction || p == Phase::kSiege : phase_of(k) == p;
}

}  // namespace

std::string WateState::inconsistency() const {
  // Every step that gives orders or rolls needs what it is about.
  // Asked of every picture a bot plans on under 12.2: the text only for a fault.
  for (const auto& s : steps_) {
    const auto step = [&] { return "the step '" + std::string(step_kind_name(s.kind)) + "'"; };
    if (s.kind == StepKind::kHqOrders && frames_.empty()) return "HQ orders without an HQ";
    if (needs_force(s.kind) && !force_) return step() + " has no acting force";
    if (needs_combat(s.kind) && !combat_) return step() + " has no combat under way";
    // The HQ a casualty roll is for (8.5.1, 7.1.2): a picture may not show it.
    const std::size_t hqs = s.kind == StepKind::kHqCasualtyRoll && combat_   ? combat_->hqs.size()
                            : s.kind == StepKind::kMarchHqCasualty && force_ ? force_->hqs.size()
                                                                             : 0;
    if ((s.kind == StepKind::kHqCasualtyRoll || s.kind == StepKind::kMarchHqCasualty) &&
        (s.n1 < 0 || static_cast<std::size_t>(s.n1) >= hqs))
      return step() + " is for HQ number " + std::to_string(s.n1) + " of a list of " +
             std::to_string(hqs) + " (counted from 0)";
  }
  if (force_ && force_->hq_action && frames_.empty() && !over_)  // see saved_fault()
    return "the force acts for an HQ but no HQ is activated (7.0)";
  // A picture holds only the HQs its player sees: the force may name no other (F-10).
  if (force_)
    for (const auto& id : force_->hqs)
      if (!pos_.hq(id)) return "the acting force names HQ " + id + ", which is not in the game";
  return {};
}

// SP belong to a formation of their own side, as a scenario must give them
// (scenario.cpp), or to none (ruling P-4).
std::string WateState::formation_fault() const {
  const auto fault = [&](Side side, const std::string& formation, const std::string& what) {
    if (formation.empty()) return std::string();
    const HqDef* def = data_->forces.find(formation);
    if (!def) return what + " belong to formation " + formation + ", which is no HQ of the game";
    if (def->side != side)
      return what + " are " + std::string(side_name(side)) + " but belong to formation " +
             formation + ", which is " + std::string(side_name(def->side));
    return std::string();
  };
  for (const auto& g : pos_.sps)
    if (auto f = fault(g.side, g.formation, "SP in " + g.hex.id()); !f.empty()) return f;
  for (const auto& p : setup_)
    if (auto f = fault(p.side, p.formation, "SP waiting to be set up"); !f.empty()) return f;
  return {};
}

// 14.0: the pieces still to be set up are each side's own, each HQ once and
// not on the map already, and only while the set-up lasts.
std::string WateState::setup_fault() const {
  if (!setup_.empty() && phase_ != Phase::kSetup)
    return "units wait to be set up (14.0) in the " + std::string(phase_name(phase_)) + " phase";
  // "The German player first sets up ..., followed by the French player" (14.0).
  for (const Step& s : steps_)
    if (s.kind == StepKind::kSetup && s.side == Side::kFrench &&
        std::any_of(setup_.begin(), setup_.end(),
                    [](const SetupPiece& p) { return p.side == Side::kGerman; }))
      return "the French set up (14.0) while German units still wait to be set up";
  for (std::size_t i = 0; i < setup_.size(); ++i) {
    const SetupPiece& p = setup_[i];
    if (p.hq.empty()) continue;
    const HqDef* def = data_->forces.find(p.hq);
    if (def && def->side != p.side)
      return "HQ " + p.hq + " waits to be set up by the " + std::string(side_name(p.side)) +
             " player but is " + std::string(side_name(def->side)) + " (14.0)";
    if (pos_.hq(p.hq)) return "HQ " + p.hq + " waits to be set up but is in the game already";
    for (std::size_t k = 0; k < i; ++k)
      if (setup_[k].hq == p.hq) return "HQ " + p.hq + " waits to be set up twice";
  }
  return {};
}

std::string WateState::saved_fault() const {
  const Map& map = data_->map;
  std::string why;
  auto check = [&](std::string fault) {
    if (why.empty()) why = std::move(fault);
  };
  // ---- the numbers ----
  check(outside("last_turn", last_turn_, 1, 200));  // as tables.yaml allows
  check(outside("turn", turn_, 1, last_turn_));
  check(outside("vp", vp_, -kMaxPoints, kMaxPoints));
  for (Side s : {Side::kFrench, Side::kGerman}) {
    const std::string side(side_name(s));
    check(outside(side + " rp", rp_[index(s)], 0, kMaxPoints));
    check(outside(side + " eliminated", eliminated_[index(s)], 0, kMaxSideSp));
    check(outside(side + " rail SP", rail_sp_[index(s)], 0, kMaxSideSp));
  }
  check(outside("consecutive_passes", consecutive_passes_, 0, 2));  // 7.0: two end the phase
  check(outside("the rail turn", rail_turn_, 0, last_turn_));
  check(outside("exited SP", exited_sp_, 0, kMaxSideSp));
  for (const auto& q : pos_.hqs)
    check(outside("the return turn of HQ " + q.id, q.returns_on_turn, 0,
                  static_cast<long long>(last_turn_) + kMaxModifier));
  for (const auto& u : uses_) {
    check(outside("the SP used in " + u.hex.id(), u.sp, 0, kMaxSideSp));
    check(outside("the HQs used in " + u.hex.id(), u.hq, 0, kMaxSideSp));
  }
  for (const auto& p : setup_) check(outside("a set-up piece's SP", p.sp, 0, kMaxSp));
  check(formation_fault());
  check(setup_fault());
  for (const auto& f : frames_)
    check(outside("the limit left to HQ " + f.hq, f.limit_left, 0, kMaxModifier));
  if (winner_ && !over_) check("a winner is named but the game is not over (11.0)");

  // ---- the steps due, and what each needs ----
  int combats = 0, force_steps = 0, hq_orders = 0, forced_rolls = 0;
  for (std::size_t i = 0; i < steps_.size(); ++i) {
    const Step& s = steps_[i];
    const std::string step = "the step '" + std::string(step_kind_name(s.kind)) + "'";
    if (needs_hex(s.kind) ? !map.on_map(s.hex) : !(s.hex == hex::Hex{}) && !map.on_map(s.hex))
      check(step + " is about hex " + s.hex.id() + ", which is not on the map");
    check(outside("the first count of " + step, s.n1, 0, kMaxSideSp));
    check(outside("the second count of " + step, s.n2, 0, kMaxSideSp));
    if (s.kind == StepKind::kCombat) ++combats;
    if (s.kind == StepKind::kForceOrders || s.kind == StepKind::kMarch) ++force_steps;
    if (s.kind == StepKind::kHqOrders) ++hq_orders;
    if (s.kind == StepKind::kForcedMarchRoll) ++forced_rolls;  // 7.2
    // A combat's own steps stand above the combat: they end with it (8.0).
    if (needs_combat(s.kind) && s.kind != StepKind::kCombat && combats == 0)
      check(step + " stands below the combat it belongs to");
    if (const HexInfo* info = map.find(s.hex);
        s.kind == StepKind::kSiegeRoll && info && info->fortress_sr == 0)
      check(step + " is about " + s.hex.id() + ", which holds no fortress (9.0)");
    if (s.kind == StepKind::kRerollDie) check(outside("the die of " + step, s.n1, 0, 1));  // 8.4
    if (s.kind == StepKind::kChassepotRoll)
      check(outside("the extra roll of " + step, s.n1, 0, 1));  // 12.3
    if (s.kind == StepKind::kForcedMarchRoll)
      check(outside("the extra MP of " + step, s.n1, 1, 3));  // 7.2
  }
  if (!steps_.empty() && !of_phase(steps_.front().kind, phase_))
    check("the step '" + std::string(step_kind_name(steps_.front().kind)) + "' is not one of the " +
          std::string(phase_name(phase_)) + " phase (5.0)");
  if (combats > 1) check("two combats are under way at once (8.0)");
  if (force_steps > 1) check("two forces are ordered at once (7.0)");
  // 7.2: one roll for the extra MP of a Forced March at a time.
  if (forced_rolls > 1) check("two steps 'forced-march-roll' are due at once (7.2)");
  // Each HQ giving orders has its frame; the one whose force acts has handed
  // its step on to the force, and takes it back when the force is done (7.0,
  // 3.6.2). A force of no HQ acts outside any chain.
  // A game that ended (11.0, 8.5.1) keeps the combat, the force and the chain
  // it ended in, with no step due (WateState::finish): what follows is about
  // a game still going on.
  if (const std::size_t need =
          static_cast<std::size_t>(hq_orders) + (force_ && !frames_.empty() ? 1 : 0);
      !over_ && frames_.size() != need)
    check("the chain holds " + counted(frames_.size(), "activated HQ") + ", but the " +
          counted(hq_orders, "step") + " of HQ orders due" +
          (force_ && !frames_.empty() ? " and the acting force" : "") + " need " +
          std::to_string(need) + " (3.6.2)");
  // What is under way has its step due: a combat its own (8.0), a force its
  // orders, its march or its combat (7.0).
  if (!over_ && combat_ && combats == 0)
    check("a combat is under way but its step is not due (8.0)");
  if (!over_ && force_ && force_steps == 0 && combats == 0 && forced_rolls == 0)
    check("a force is acting but no step of its orders, march or combat is due (7.0)");

  // The shape of the steps due, as games make them (bottom to top): a step of
  // its own phase alone (set-up, administration, initiative, activation, a
  // siege, recovery); or the HQs giving orders (3.6.2), one above the other,
  // then the one force or combat acting for them (7.0), with its rolls and
  // choices above it. A step out of that shape would surface later with
  // nothing to act on.
  const auto alone = [](StepKind k) {
    return k == StepKind::kSetup || k == StepKind::kAdministrative || k == StepKind::kInitiative ||
           k == StepKind::kActivate || k == StepKind::kSiegeRoll || k == StepKind::kRecovery;
  };
  bool march_below = false, only_hq_orders_below = true;
  for (const Step& s : steps_) {
    const std::string step = "the step '" + std::string(step_kind_name(s.kind)) + "'";
    if (displacement(s.kind)) {
      only_hq_orders_below = false;
      continue;
    }
    if (alone(s.kind) && s.kind != steps_.front().kind)
      check(step + " stands with steps of another kind");
    if (alone(s.kind) && std::count(steps_.begin(), steps_.end(), s) > 1)
      check(step + " is due twice for the same side and hex");
    if (alone(s.kind) != alone(steps_.front().kind))
      check(step + " stands with a step of another phase");
    const bool on_hq_orders = s.kind == StepKind::kHqOrders || s.kind == StepKind::kCombat ||
                              s.kind == StepKind::kForceOrders || s.kind == StepKind::kMarch;
    if (on_hq_orders && !only_hq_orders_below)
      check(step + " stands above steps other than HQ orders");
    if ((s.kind == StepKind::kChassepotChoice || s.kind == StepKind::kChassepotRoll ||
         s.kind == StepKind::kMarchHqCasualty) &&
        !march_below)
      check(step + " stands above no march (7.1.2)");
    march_below = march_below || s.kind == StepKind::kMarch;
    only_hq_orders_below = only_hq_orders_below && s.kind == StepKind::kHqOrders;
  }
  if (!over_ && combat_ && !force_)
    check("a combat is under way without its attacking force (8.0)");
  // One casualty roll for each HQ (8.5.1): a second would look for an HQ gone.
  for (std::size_t i = 0; i < steps_.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if ((steps_[i].kind == StepKind::kHqCasualtyRoll ||
           steps_[i].kind == StepKind::kMarchHqCasualty) &&
          steps_[k].kind == steps_[i].kind && steps_[k].n1 == steps_[i].n1)
        check("two steps '" + std::string(step_kind_name(steps_[i].kind)) +
              "' are for the same HQ (8.5.1)");
  const HqUnit* first = frames_.empty() ? nullptr : pos_.hq(frames_.front().hq);
  const HqUnit* last = frames_.empty() ? nullptr : pos_.hq(frames_.back().hq);
  for (std::size_t i = 0; i < frames_.size(); ++i) {
    const HqUnit* q = pos_.hq(frames_[i].hq);
    // An HQ may leave the map while its orders go on (a casualty, 8.5.1), but
    // not the one whose orders are due now.
    if (i + 1 == frames_.size() && !steps_.empty() && steps_.back().kind == StepKind::kHqOrders &&
        (!q || !q->hex))
      check("HQ " + frames_[i].hq + " is to give orders (3.6.2) but is not on the map");
    else if (q && first && q->side != first->side)
      check("HQs of both sides give orders in one chain (3.6.2)");
    for (std::size_t k = 0; k < i; ++k)
      if (frames_[k].hq == frames_[i].hq)
        check("HQ " + frames_[i].hq + " is twice in the chain (3.6.2)");
  }
  for (const Step& s : steps_)
    if (s.kind == StepKind::kHqOrders && last && last->side != s.side)
      check("the " + std::string(side_name(s.side)) +
            " give HQ orders through the chain of the other side (3.6.2)");

  // ---- the acting force and the combat ----
  // The force's SP stand in its hex with its HQs, but in a combat, which may
  // draw on several hexes (7.4).
  // A game over is not held to them: it may have ended with an HQ gone from
  // its force (8.5.1) or from the chain (see above).
  // In a combat they may stand in an attacking hex, the target (an advance) or
  // where they retreated to (8.6), but they are still the force's side's.
  const auto in_combat = [&](hex::Hex h) {
    return combat_ &&
           (h == combat_->target ||
            std::find(combat_->from.begin(), combat_->from.end(), h) != combat_->from.end() ||
            std::find(combat_->retreated_to.begin(), combat_->retreated_to.end(), h) !=
                combat_->retreated_to.end());
  };
  if (combat_)
    for (const auto& id : combat_->hqs_retreated)
      if (!pos_.hq(id))
        check("the combat names HQ " + id + " as retreated, which is not in the game");
  for (const auto& g : pos_.sps)
    if (g.retreated != 0 && (!g.engaged || !combat_))
      check("SP in " + g.hex.id() + " are marked as retreated but take part in no combat (8.6)");
  for (const auto& g : pos_.sps)
    if (!over_ && g.acting &&
        (!force_ || g.side != force_->side || (g.hex != force_->hex && !in_combat(g.hex))))
      check("SP in " + g.hex.id() + " are marked acting but are not the acting force's (7.0)");
  if (force_) check(outside("the acting force's MP", force_->mp_left, 0, kMaxModifier));
  if (force_ && !over_) {
    if (first && first->side != force_->side)
      check("the " + std::string(side_name(force_->side)) +
            " force acts for the chain of the other side (3.6.2)");
    for (const Step& s : steps_) {
      const bool own = s.kind == StepKind::kForceOrders || s.kind == StepKind::kMarch ||
                       s.kind == StepKind::kForcedMarchRoll || s.kind == StepKind::kMarchHqCasualty;
      const bool fire = s.kind == StepKind::kChassepotChoice || s.kind == StepKind::kChassepotRoll;
      const std::string step = "the step '" + std::string(step_kind_name(s.kind)) + "' is the " +
                               std::string(side_name(s.side)) + " player's";
      if (own && s.side != force_->side)
        check(step + " but the acting force is " + std::string(side_name(force_->side)));
      if (fire && s.side == force_->side) check(step + ", whose own force is marching (7.1.2)");
    }
    // 7.1.2: fired on as it left its hex for the next one, the force completes
    // that step, on foot: fire falls on a march, not on a ride (7.1.3).
    if (force_->fired_to && !hex::adjacent(*force_->fired_to, force_->hex))
      check("the acting force in " + force_->hex.id() + " was fired on stepping to " +
            force_->fired_to->id() + ", which is not next to it (7.1.2)");
    if (force_->fired_to && force_->entrained)
      check("the acting force in " + force_->hex.id() +
            " is on the train but was fired on stepping to " + force_->fired_to->id() +
            " (7.1.2, 7.1.3)");
    for (const auto& id : force_->hqs)
      if (const HqUnit* q = pos_.hq(id);
          q && (q->side != force_->side || (!combat_ && q->hex != force_->hex)))
        check("the acting force names HQ " + id + ", which is not with it in " + force_->hex.id() +
              " (3.6)");
  }
  if (combat_) {
    const Combat& c = *combat_;
    check(outside("the combat's stage", c.stage, -2, 9));
    if (c.from.empty()) check("the combat has no attacking hex (8.0)");
    for (const auto& h : c.from)
      if (h == c.target || !hex::adjacent(h, c.target))
        check("the combat's attacking hex " + h.id() + " is not next to its target " +
              c.target.id() + " (8.0)");
    for (int i = 0; i < kSides; ++i) {
      check(outside("the combat's DRM", c.drm[i], -kMaxModifier, kMaxModifier));
      check(outside("the combat's SP taking part", c.raw[i], 0, kMaxSideSp));
      // 8.4: one RP for each SP taking part (the German half) at most.
      check(outside("the combat's artillery RP", c.artillery_rp[i], 0, kMaxSideSp));
      for (int d : c.dice[i]) check(outside("a combat die", d, 0, 6));  // 0: not rolled yet
    }
    check(outside("the combat's spread", c.spread, -kMaxModifier, kMaxModifier));
    for (const Step& s : steps_) {
      const std::string step = "the step '" + std::string(step_kind_name(s.kind)) + "' of the " +
                               std::string(side_name(s.side)) + " player";
      const int i = index(s.side);
      // 8.4: artillery is offered to a side that may commit it and can pay.
      if (s.kind == StepKind::kArtillery && (!c.may_commit[i] || rp_[i] < c.artillery_rp[i]))
        check(step + " is due, but that side may not commit artillery or pay its " +
              std::to_string(c.artillery_rp[i]) + " RP (8.4)");
      // 8.5: each side absorbs its losses once, from SP that took part.
      if (s.kind != StepKind::kAbsorb) continue;
      if (s.n1 + s.n2 == 0) check(step + " has no losses to absorb (8.5)");
      // A river's loss (a hex named) falls on the SP that crossed it (8.6).
      if (std::none_of(pos_.sps.begin(), pos_.sps.end(), [&](const SpGroup& g) {
            return g.engaged && g.side == s.side && g.count > 0 &&
                   (s.hex == hex::Hex{} ||
                    (g.hex == s.hex && g.retreated == SpGroup::kRetreatedNow));
          }))
        check(step + " is due, but that side has no SP in the combat" +
              (s.hex == hex::Hex{}
                   ? std::string(" (8.5)")
                   : " that retreated across the river into " + s.hex.id() + " (8.6)"));
      if (std::count_if(steps_.begin(), steps_.end(), [&](const Step& t) {
            return t.kind == StepKind::kAbsorb && t.side == s.side;
          }) > 1)
        check(step + " is due twice (8.5)");
    }
  }
  // 7.1.2: a force fired on before its step completes that step (check_march
  // allows it nothing else), so the step must be one it may take; it was when
  // the fire came, and a fire that eliminates the force clears the mark.
  if (why.empty() && force_ && force_->fired_to && !over_) {
    const std::string fired = "the acting force in " + force_->hex.id() +
                              " was fired on stepping to " + force_->fired_to->id();
    if (force_->side != Side::kGerman)
      check(fired + ", but only a German force is fired on (7.1.2)");
    else if (combat_)
      check(fired + ", but it is in a combat: it completes that step first (7.1.2)");
    else if (auto ok =
                 check_march(Side::kGerman, Action("move").with("to", force_->fired_to->id()));
             !ok)
      check(fired + ", a step it may not take (" + ok.error().message +
            "), and it may take no other (7.1.2)");
  }
  // A game that cannot go on: the player to move has no order to give.
  if (why.empty()) {
    const ToMove tm = to_move();
    if (tm.kind == MoveKind::kPlayer || tm.kind == MoveKind::kSimultaneous)
      for (const Player p : tm.players)
        if (legal_actions(p).empty())
          check("the " + std::string(side_name(static_cast<Side>(p))) +
                " player is to move (step '" + std::string(step_kind_name(steps_.back().kind)) +
                "') but has no order the rules allow");
  }
  return why;
}

}  // namespace rz::wate1870
