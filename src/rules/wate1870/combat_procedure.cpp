// The combat sequence (8.0): Planned Attack (7.4) and March Combat (7.1.1)
// set a combat up; then Cavalry Retreat Before Combat (8.1), strengths and
// DRMs (8.2-8.3), artillery (8.4), the dice and the single re-roll, results
// and losses chosen by their owner (8.5), HQ casualties (8.5.1), retreats
// (8.6), HQs left alone (GAP-W-35), advance after combat (8.7) and the VP of
// 11.0. Each decision and each roll is a step, so a combat can be saved half-way.
#include <algorithm>
#include <array>
#include <cassert>
#include <sstream>

#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/command.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

std::vector<hex::Hex> parse_hex_list(const std::string& text) {
  std::vector<hex::Hex> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    auto h = hex::parse_hex(item);
    if (!h) return {};
    out.push_back(*h);
  }
  return out;
}

std::string hex_list(const std::vector<hex::Hex>& hexes) {
  std::string s;
  for (auto h : hexes) s += (s.empty() ? "" : ",") + h.id();
  return s;
}

// Combat::stage before 8.4: 8.1 Cavalry Retreat Before Combat, then 8.2-8.3.
constexpr int kStageCavalry = -2;
constexpr int kStageStrengths = -1;

std::string dice_text(const int d[2]) {
  return std::to_string(d[0]) + "+" + std::to_string(d[1]);
}

// 8.1: the defender's retreats before combat: those of 8.6 that do not end in
// its elimination (ruling C-5).
std::vector<RetreatPath> cavalry_paths(const Board& b, const Combat& c) {
  auto paths = retreat_hexes(b, c.target, other(c.attacker),
                             c.march ? std::optional<hex::Hex>(c.from[0]) : std::nullopt);
  std::erase_if(paths, [](const RetreatPath& p) { return p.eliminated; });
  return paths;
}

// The HQs an order names, "G-2A,G-III" (attack with=, advance hq=).
std::vector<std::string> hq_ids(const std::string* list) {
  std::vector<std::string> out;
  if (list) {
    std::stringstream ss(*list);
    for (std::string id; std::getline(ss, id, ',');) out.push_back(id);
  }
  return out;
}

}  // namespace

// ---- 7.4 Planned Attack: the action of an activated HQ unit ----

std::vector<std::string> WateState::with_hqs(const Action& a) { return hq_ids(a.get("with")); }

std::vector<Action> WateState::planned_attack_actions(Side side) const {
  std::vector<Action> out;
  const HqUnit* q = pos_.hq(frames_.back().hq);
  const hex::Hex home = *q->hex;
  if (available_sp(side, home) == 0) return out;
  for (auto target : hex::neighbours(home)) {
    if (!data_->map.on_map(target) || pos_.sp(target, other(side)) == 0) continue;
    // Other attacking hexes: adjacent to the target, within the HQ's reach, with SP to commit.
    std::vector<hex::Hex> others;
    for (auto h : hex::neighbours(target))
      if (h != home && data_->map.on_map(h) && hex::distance(h, home) <= 1 && available_sp(side, h) > 0) others.push_back(h);
    auto add = [&](const std::vector<hex::Hex>& from) {
      // The same attack with every subordinate HQ of the attacking hexes (GAP-W-13):
      // their limits may let SP of a hex join that the HQ's own limit does not reach.
      std::string with;
      int with_limit = 0;
      for (const auto& o : pos_.hqs)
        if (o.side == side && o.hex && !o.activated && o.id != q->id &&
            std::find(from.begin(), from.end(), *o.hex) != from.end() &&
            static_cast<int>(hq_rank(board(), o)) < static_cast<int>(hq_rank(board(), *q))) {
          with += (with.empty() ? "" : ",") + o.id;
          with_limit += hq_command_limit(board(), o);
        }
      std::array<int, 3> avail{};
      for (std::size_t i = 0; i < from.size(); ++i) avail[i] = available_sp(side, from[i]);
      // Each set of hexes once, in the first order the command limit accepts
      // (ruling C-9, C-12): the HQ's hex first if it may, else the others' SP first.
      // The set is made as check_planned_attack asks; only its test of the limit
      // (the last) may refuse an order, and it is made here on numbers, not on
      // an order written out and read back, with its sentence when refused.
      if (frames_.back().limit_left < 1) return;
      for (const bool joined : {false, true}) {
        if (joined && with.empty()) return;
        std::array<std::size_t, 3> order{0, 1, 2};
        do {
          int limit = frames_.back().limit_left + (joined ? with_limit : 0);
          bool admitted = true;
          for (std::size_t k = 0; k < from.size() && admitted; ++k) {
            admitted = avail[order[k]] > 0 && limit > 0;
            limit -= std::min(avail[order[k]], limit);
          }
          if (!admitted) continue;
          std::vector<hex::Hex> named;
          for (std::size_t k = 0; k < from.size(); ++k) named.push_back(from[order[k]]);
          Action a = Action("attack").with("target", target.id()).with("from", hex_list(named));
          if (joined) a.with("with", with);
          assert(check_planned_attack(side, a));
          out.push_back(std::move(a));
          break;
        } while (std::next_permutation(order.begin(),
                                       order.begin() + static_cast<std::ptrdiff_t>(from.size())));
      }
    };
    add({home});
    for (std::size_t i = 0; i < others.size(); ++i) {
      add({home, others[i]});
      if (side == Side::kGerman)
        for (std::size_t j = i + 1; j < others.size(); ++j) add({home, others[i], others[j]});
    }
  }
  return out;
}

rz::Status WateState::check_planned_attack(Side side, const Action& a) const {
  const std::string* t = a.get("target");
  const std::string* f = a.get("from");
  const std::string* w = a.get("with");
  if (!t || !f || a.args.size() != (w ? 3u : 2u))
    return make_error(Code::kMalformed, "attack needs target=XXYY from=XXYY[,XXYY...] and may name with=HQ[,HQ]");
  auto target = hex::parse_hex(*t);
  auto from = parse_hex_list(*f);
  if (!target)
    return make_error(Code::kMalformed, "target '" + *t + "' is not a hex number (XXYY)");
  if (from.empty())
    return make_error(Code::kMalformed,
                      "from '" + *f + "' is not a list of hex numbers (XXYY,XXYY)");
  const HqUnit* q = pos_.hq(frames_.back().hq);
  if (pos_.sp(*target, other(side)) == 0)
    return make_error(Code::kIllegal, "there is no enemy force in " + target->id() + " to attack", "7.4");
  const std::size_t max_hexes = side == Side::kFrench ? 2 : 3;
  if (from.size() > max_hexes)
    return make_error(Code::kIllegal, std::string(side_name(side)) + " Planned Attacks come from at most " +
                                          std::to_string(max_hexes) + " hexes; you named " + std::to_string(from.size()),
                      "7.4");
  if (std::find(from.begin(), from.end(), *q->hex) == from.end())
    return make_error(Code::kIllegal, "the activated HQ must be in one of the attacking hexes (it is in " + q->hex->id() + ")",
                      "7.4");
  for (std::size_t i = 0; i < from.size(); ++i) {
    if (!hex::adjacent(from[i], *target))
      return make_error(Code::kIllegal, from[i].id() + " is not adjacent to the defender in " + target->id(), "7.4");
    if (hex::distance(from[i], *q->hex) > 1)
      return make_error(Code::kIllegal, hq_label(q->id) + " can activate SP only in or adjacent to its hex " + q->hex->id(),
                        "3.6.2");
    for (std::size_t j = 0; j < i; ++j)
      if (from[i] == from[j]) return make_error(Code::kMalformed, from[i].id() + " is named twice");
  }
  if (side == Side::kFrench && from.size() == 2 && !hex::adjacent(from[0], from[1]))
    return make_error(Code::kIllegal, "French Planned Attacks come from two hexes adjacent to each other", "7.4");
  int limit = frames_.back().limit_left;
  for (const auto& id : with_hqs(a)) {
    const HqUnit* o = pos_.hq(id);
    if (!o || o->side != side || !o->hex) return make_error(Code::kNotFound, "'" + id + "' is not one of your HQs on the map");
    if (o->activated) return make_error(Code::kIllegal, hq_label(id) + " has already activated this turn", "7.0");
    if (std::find(from.begin(), from.end(), *o->hex) == from.end())
      return make_error(Code::kIllegal, hq_label(id) + " is not in one of the attacking hexes", "7.4");
    if (static_cast<int>(hq_rank(board(), *o)) >= static_cast<int>(hq_rank(board(), *q)))
      return make_error(Code::kIllegal, hq_label(q->id) + " can bring only HQs of a lower rank into its attack", "3.6.2");
    limit += hq_command_limit(board(), *o);
  }
  if (frames_.back().limit_left < 1)
    return make_error(Code::kIllegal, hq_label(q->id) + " has no command left to activate SP", "3.6.2");
  // 7.4: a hex attacks with SP. A hex named with none of them (none there, or
  // the limit used up by the hexes named before it: apply_planned_attack takes
  // them in that order) is no attacking hex: it would take one of the French
  // two, and could undo a river shift (ruling T-2).
  for (auto h : from) {
    const int avail = available_sp(side, h);
    if (avail == 0)
      return make_error(Code::kIllegal, h.id() + " holds no unactivated SP of yours to attack with",
                        "7.4");
    if (limit == 0)
      return make_error(Code::kIllegal,
                        "the command limit is used up by the SP of the hexes named before " +
                            h.id() + ": none of its SP could join the attack",
                        "3.6.2");
    limit -= std::min(avail, limit);
  }
  return {};
}

Events WateState::apply_planned_attack(Side side, const Action& a) {
  Frame& f = frames_.back();
  HqUnit* q = pos_.hq(f.hq);
  Combat c;
  c.attacker = side;
  c.target = *hex::parse_hex(*a.get("target"));
  c.from = parse_hex_list(*a.get("from"));
  // GAP-W-13: subordinate HQs in the attacking hexes join the attack, adding their
  // command limits (3.6.2) and their bonuses (3.6, GAP-W-06); they are activated.
  std::vector<Name> hqs{q->id};
  int limit = f.limit_left;
  for (const auto& id : with_hqs(a)) {
    HqUnit* o = pos_.hq(id);
    o->activated = true;
    limit += hq_command_limit(board(), *o);
    hqs.push_back(o->id);
  }
  // SP join from the hexes in the order named, within the command limit.
  for (auto h : c.from) {
    const int n = std::min(available_sp(side, h), limit);
    limit -= n;
    take_sps(side, h, n);
  }
  f.limit_left = 0;
  force_ = new_force(side, *q->hex, hqs, true, 0, false);
  Events ev = told("attack", [&] {
    return hq_label(q->id) + " makes a Planned Attack on " + c.target.id() + " from " +
           hex_list(c.from) + " (rule 7.4)";
  });
  append(ev, start_combat(std::move(c)));
  return ev;
}

// ---- 7.1.1 March Combat: attacking from the march ----

rz::Status WateState::check_march_combat(hex::Hex to) const {
  if (!hex::adjacent(force_->hex, to)) return make_error(Code::kIllegal, to.id() + " is not adjacent to the force", "7.1.1");
  if (pos_.sp(to, other(force_->side)) == 0)
    return make_error(Code::kIllegal, "there is no enemy force in " + to.id() + " to attack", "7.1.1");
  // 7.1.1: the force enters the defender's hex, at the march's cost of entering it.
  const auto cost = march_combat_cost(to);
  if (!cost) return cost.error();
  if (*cost > force_->mp_left)
    return make_error(Code::kIllegal,
                      "entering " + to.id() + " costs " + std::to_string(*cost) +
                          " MP; the force has " + std::to_string(force_->mp_left) + " left",
                      "7.1.1");
  bool any = false;
  for (const auto& g : pos_.sps) any = any || g.acting;
  if (!any) return make_error(Code::kIllegal, "an HQ alone has no strength to attack with", "7.1.1");
  return {};
}

Events WateState::start_march_combat(hex::Hex to) {
  force_->mp_left -= *march_combat_cost(to);
  Combat c;
  c.attacker = force_->side;
  c.target = to;
  c.march = true;
  c.from = {force_->hex};
  Events ev = told("attack", [&] {
    return std::string(side_name(c.attacker)) + " force in " + force_->hex.id() + " attacks " +
           to.id() + " from the march, halved (rule 7.1.1)";
  });
  append(ev, start_combat(std::move(c)));
  return ev;
}

// ---- 8.1-8.4: strengths, DRMs, artillery ----

Events WateState::start_combat(Combat c) {
  const Side att = c.attacker, def = other(att);
  eliminated_[0] = eliminated_[1] = 0;
  for (auto& g : pos_.sps) {
    if (g.side == att && g.acting && std::find(c.from.begin(), c.from.end(), g.hex) != c.from.end()) g.engaged = true;
    if (g.side == def && g.hex == c.target) g.engaged = true;
  }
  c.stage = kStageCavalry;
  combat_ = std::move(c);
  steps_.push_back({StepKind::kCombat, att});
  return {};
}

// 8.2: the forces engaged, hex by hex, with their LOC and their HQs.
CombatSetup WateState::combat_setup() const {
  const Combat& c = *combat_;
  const Side att = c.attacker, def = other(att);
  const Board b = board();
  CombatSetup setup;
  setup.attacker = att;
  setup.defender_hex = c.target;
  setup.march_combat = c.march;
  const auto att_loc = LocMap::of(b, att), def_loc = LocMap::of(b, def);
  auto force_in = [&](hex::Hex h, Side side, const LocMap& loc) {
    CombatForce f;
    f.hex = h;
    std::vector<SpGroup> groups;
    for (const auto& g : pos_.sps) {
      if (!g.engaged || g.side != side || g.hex != h) continue;
      f.add(g.status, g.count, g.entrained);
      groups.push_back(g);
    }
    f.loc = loc.has_loc(h);
    f.cavalry = cavalry_force(b, groups);
    return f;
  };
  for (auto h : c.from) setup.attack.push_back(force_in(h, att, *att_loc));
  setup.defence = force_in(c.target, def, *def_loc);
  for (const auto& id : force_->hqs) setup.attack_hqs.push_back(pos_.hq(id));
  for (const auto& q : pos_.hqs)
    if (q.side == def && q.hex == c.target) setup.defence_hqs.push_back(&q);
  return setup;
}

// 8.2-8.3: strengths and DRMs of the forces engaged.
Events WateState::combat_strengths() {
  Combat& c = *combat_;
  const Side att = c.attacker, def = other(att);
  const Board b = board();
  const CombatSetup setup = combat_setup();
  const CombatValues v = evaluate_combat(b, setup, narrate_);  // the lines only to be told
  c.drm[index(att)] = v.attack_drm;
  c.drm[index(def)] = v.defence_drm;
  c.raw[index(att)] = v.attack_raw;
  c.raw[index(def)] = v.defence_raw;
  c.may_commit[index(att)] = v.attack_may_commit;
  c.may_commit[index(def)] = v.defence_may_commit;
  c.artillery_rp[index(att)] = v.attack_artillery_rp;
  c.artillery_rp[index(def)] = v.defence_artillery_rp;
  for (const auto& id : force_->hqs) c.hqs.push_back(id);  // candidates for 8.5.1, filtered on doubles
  Events ev;
  for (const auto& line : v.steps) tell(ev, "combat", [&] { return line; });
  const auto drm = [](int d) {
    return (d > 0 ? "+" : "") + std::to_string(d);
  };  // as the lines above
  tell(ev, "combat", [&] {
    return std::string(side_name(att)) + " " + std::to_string(v.attack_sp) + " SP against " +
           std::string(side_name(def)) + " " + std::to_string(v.defence_sp) + " SP: CRM " +
           v.crm.column + ", DRM " + std::string(side_name(att)) + " " + drm(v.attack_drm) + ", " +
           std::string(side_name(def)) + " " + drm(v.defence_drm) + " (rule 8.3)";
  });
  c.stage = 0;
  steps_.push_back({StepKind::kCombat, att});
  return ev;
}

// The odds (odds.hpp): the order is carried out on a copy, so the forces, HQs
// and LOC are those the procedure itself would use.
Result<CombatPreview> WateState::preview_attack(const Action& attack, std::optional<Side> assume_loc) const {
  const ToMove tm = to_move();
  if (attack.verb != "attack")
    return make_error(Code::kMalformed,
                      "odds are given for an attack: 'attack target=XXYY from=XXYY[,XXYY] [with=HQ]' or 'attack to=XXYY'");
  if (tm.kind == MoveKind::kTerminal)
    return make_error(Code::kIllegal, "no attack: the game is over (" + end_reason_ + ")");
  if (tm.kind != MoveKind::kPlayer) return make_error(Code::kIllegal, "nobody may order an attack now: the dice are to roll");
  WateState trial(*this);
  trial.derived_.reset();
  auto ev = trial.apply(tm.players.front(), attack);
  if (!ev) return ev.error();
  if (!trial.combat_) return make_error(Code::kInternal, "'" + attack.to_string() + "' started no combat");
  const Combat& c = *trial.combat_;
  const Board b = trial.board();
  CombatSetup setup = trial.combat_setup();
  if (assume_loc) {
    for (auto& f : setup.attack) f.loc = f.loc || c.attacker == *assume_loc;
    setup.defence.loc = setup.defence.loc || other(c.attacker) == *assume_loc;
  }
  CombatPreview p;
  p.values = evaluate_combat(b, setup);
  p.attacker = c.attacker;
  p.march = c.march;
  p.target = c.target;
  p.from = c.from;
  const Side def = other(c.attacker);
  std::vector<SpGroup> defence, attacking;
  for (const auto& g : trial.pos_.sps) {
    if (!g.engaged) continue;
    const int s = index(g.side);
    (g.status == Status::kGood ? p.good[s] : g.status == Status::kDisrupted ? p.disrupted[s] : p.demoralized[s]) +=
        g.count;
    (g.side == def ? defence : attacking).push_back(g);
  }
  for (const HqUnit* q : setup.attack_hqs)
    if (q && q->hex) p.hqs[index(c.attacker)].push_back(q->id);
  for (const HqUnit* q : setup.defence_hqs) p.hqs[index(def)].push_back(q->id);
  p.rp[0] = rp_[0];
  p.rp[1] = rp_[1];
  p.cavalry_may_retreat = cavalry_force(b, defence) && !cavalry_paths(b, c).empty();
  p.cavalry_needs_roll = p.cavalry_may_retreat && has_cavalry(b, attacking);
  return p;
}

bool WateState::may_commit_artillery(Side s) const {
  return combat_ && combat_->may_commit[index(s)] &&
         rp_[index(s)] >= combat_->artillery_rp[index(s)];
}

// The combat's next stage; each stage that waits for a decision or the dice
// pushes itself back under the step that does.
Events WateState::combat_continue() {
  Combat& c = *combat_;
  const Side att = c.attacker, def = other(att);
  Events ev;
  auto again = [&] { steps_.push_back({StepKind::kCombat, att}); };
  switch (c.stage) {
    case kStageCavalry:  // 8.1
      c.stage = kStageStrengths;
      again();
      return cavalry_check();
    case kStageStrengths: return combat_strengths();  // 8.2-8.3
    case 0:  // 8.4: the defender chooses first
    case 1: {
      const Side s = c.stage == 0 ? def : att;
      ++c.stage;
      again();
      if (may_commit_artillery(s))
        steps_.push_back({StepKind::kArtillery, s});
      else if (c.may_commit[index(s)])  // it is not asked: say why (RP are public, ruling F-6)
        tell(ev, "artillery", [&] {
          return std::string(side_name(s)) +
                 " cannot commit artillery: " + std::to_string(c.artillery_rp[index(s)]) +
                 " RP needed, " + std::to_string(rp_[index(s)]) + " held (rule 8.4)";
        });
      return ev;
    }
    case 2:
      ++c.stage;
      again();
      steps_.push_back({StepKind::kCombatDice, def});
      steps_.push_back({StepKind::kCombatDice, att});
      return ev;
    case 3:  // 8.4: each side that committed artillery may re-roll one die, the defender first
    case 4: {
      const Side s = c.stage == 3 ? def : att;
      ++c.stage;
      again();
      if (c.committed[index(s)]) steps_.push_back({StepKind::kReroll, s});
      return ev;
    }
    case 5: {  // 8.5: results
      const int fa = c.dice[index(att)][0] + c.dice[index(att)][1] + c.drm[index(att)];
      const int fd = c.dice[index(def)][0] + c.dice[index(def)][1] + c.drm[index(def)];
      c.winner = combat_winner(att, fa, fd);
      c.spread = fa > fd ? fa - fd : fd - fa;
      tell(ev, "combat", [&] {
        return std::string(side_name(att)) + " 2d6: " + dice_text(c.dice[index(att)]) + " " +
               (c.drm[index(att)] >= 0 ? "+" : "") + std::to_string(c.drm[index(att)]) + " = FCS " +
               std::to_string(fa) + "; " + std::string(side_name(def)) +
               " 2d6: " + dice_text(c.dice[index(def)]) + " " +
               (c.drm[index(def)] >= 0 ? "+" : "") + std::to_string(c.drm[index(def)]) + " = FCS " +
               std::to_string(fd) + " -> " + std::string(side_name(c.winner)) + " wins, spread " +
               std::to_string(c.spread) + (fa == fd ? " (ties to the German)" : "") + " (rule 8.5)";
      });
      // 8.5.1: doubles on the final dice call an HQ casualty check (GAP-W-20).
      std::vector<Name> check;
      for (Side s : {att, def}) {
        if (!doubles(c.dice[index(s)][0], c.dice[index(s)][1])) continue;
        for (const auto& q : pos_.hqs) {
          const bool in = q.side == s && q.hex &&
                          (s == def ? *q.hex == c.target
                                    : std::find(c.hqs.begin(), c.hqs.end(), q.id) != c.hqs.end());
          if (in) check.push_back(q.id);
        }
      }
      c.hqs = check;
      ++c.stage;
      again();
      for (std::size_t i = check.size(); i-- > 0;)
        steps_.push_back({StepKind::kHqCasualtyRoll, pos_.hq(check[i])->side, {}, static_cast<int>(i)});
      return ev;
    }
    case 6: {  // 8.5: the loser absorbs first, then the winner
      const Side loser = other(c.winner);
      const LossDue l = loser_loss(c.spread), w = winner_loss(c.spread);
      tell(ev, "combat", [&] {
        return std::string(side_name(loser)) + " loses " + std::to_string(c.spread) +
               " LP: " + std::to_string(l.eliminate) + " SP eliminated, " + steps_text(l.steps) +
               "; " + std::string(side_name(c.winner)) + " absorbs " + steps_text(w.steps) +
               (c.spread < 2 ? " (a spread under 2 still costs the loser 1 SP, ruling GAP-W-19)"
                             : "") +
               " (rule 8.5)";
      });
      ++c.stage;
      again();
      push_absorb(c.winner, 0, w.steps);
      push_absorb(loser, l.eliminate, l.steps);
      return ev;
    }
    case 7: {  // 8.6: the loser's forces retreat (a fortress keeps its garrison)
      const Side loser = other(c.winner);
      std::vector<hex::Hex> hexes = loser == att ? c.from : std::vector<hex::Hex>{c.target};
      c.retreats.clear();
      for (auto h : hexes) {
        int n = 0;
        for (const auto& g : pos_.sps) n += (g.engaged && g.side == loser && g.hex == h) ? g.count : 0;
        if (n > fortress_garrison(board(), h, loser)) c.retreats.push_back(h);
      }
      ++c.stage;
      again();
      return ev;
    }
    case 8: {
      if (!c.retreats.empty()) {
        const hex::Hex h = c.retreats.back();
        c.retreats.pop_back();
        again();
        const Side loser = other(c.winner);
        const auto paths = retreat_hexes(board(), h, loser, c.march ? std::optional<hex::Hex>(loser == att ? c.target : c.from[0]) : std::nullopt);
        if (paths.empty()) {
          // GAP-W-14: no hex to retreat to: the force is eliminated where it stands.
          int n = 0;
          for (auto& g : pos_.sps)
            if (g.engaged && g.side == loser && g.hex == h) {
              n += g.count;
              g.count = 0;
            }
          eliminated_[index(loser)] += n;
          pos_.normalise_groups();
          tell(ev, "retreat", [&] {
            return std::string(side_name(loser)) + " force in " + h.id() +
                   " has no retreat and is eliminated (" + std::to_string(n) + " SP, rule 8.6)";
          });
        } else {
          steps_.push_back({StepKind::kRetreat, loser, h});
        }
        return ev;
      }
      {  // GAP-W-35: HQs the combat left without SP of their side displace, before 8.7.
        std::vector<hex::Hex> hexes = c.from;
        hexes.push_back(c.target);
        hexes.insert(hexes.end(), c.retreated_to.begin(), c.retreated_to.end());
        std::sort(hexes.begin(), hexes.end());
        hexes.erase(std::unique(hexes.begin(), hexes.end()), hexes.end());
        const auto mark = static_cast<std::ptrdiff_t>(steps_.size());
        for (auto h : hexes)
          for (Side s : {att, def}) {
            append(ev, displace_lone_hqs(s, h));
          }
        if (over_) return ev;
        // Choices or rolls first, then this stage again.
        if (static_cast<std::ptrdiff_t>(steps_.size()) != mark) {
          steps_.insert(steps_.begin() + mark, Step{StepKind::kCombat, att});
          return ev;
        }
      }
      // 11.0: Major Battle and casualties, at the conclusion of the battle.
      const int combined = c.raw[0] + c.raw[1];
      const int dv_major = data_->tables.vp_major_battle(combined, c.winner);
      const int dv_cas = data_->tables.vp_casualties(eliminated_[index(Side::kGerman)], eliminated_[index(Side::kFrench)]);
      if (dv_major != 0 || dv_cas != 0) {
        vp_ += dv_major + dv_cas;
        tell(ev, "vp", [&] {
          return "VP " + std::string(dv_major + dv_cas >= 0 ? "+" : "") +
                 std::to_string(dv_major + dv_cas) + " (major battle " + std::to_string(dv_major) +
                 ", casualties " + std::to_string(dv_cas) + ") -> " + std::to_string(vp_) +
                 " (rule 11.0)";
        });
      }
      ++c.stage;
      again();
      // 8.7: the attacker may advance into a vacated combat hex, or into a
      // fortress whose garrison stayed behind, to besiege it (GAP-W-21, ruling P-11).
      if (c.winner == att && !c.march && enterable_after_win(c.target, def)) {
        if (std::any_of(c.from.begin(), c.from.end(),
                        [&](hex::Hex h) { return may_advance_from(c, h); }))
          steps_.push_back({StepKind::kAdvance, att});
      }
      return ev;
    }
    default: {  // the end: March Combat may go on marching (7.1.1)
      const bool won_march = c.march && c.winner == att && enterable_after_win(c.target, def);
      for (auto& g : pos_.sps) {
        g.engaged = false;
        g.retreated = 0;
      }
      pos_.normalise_groups();
      combat_.reset();
      // 8.7: "Attacking forces without a LOC may not Advance After Combat"; the
      // March Combat's entry is its advance (ruling MA-1a): the force stays, and
      // its march ends with the combat (session 36's audit).
      if (won_march && !LocMap::of(board(), att)->has_loc(force_->hex)) {
        tell(ev, "advance", [&] {
          return "The victorious force in " + force_->hex.id() + " has no LOC: it may not enter " +
                 c.target.id() + " (rule 8.7)";
        });
      } else if (won_march) {
        // 7.1.1: the force enters the hex and may go on; demoralized SP stay behind.
        int moving = 0;
        for (auto& g : pos_.sps)
          if (g.acting && g.side == att) {
            if (g.status == Status::kDemoralized) {
              g.acting = false;
            } else {
              g.hex = c.target;
              moving += g.count;
            }
          }
        for (const auto& id : force_->hqs) pos_.hq(id)->hex = c.target;
        force_->hex = c.target;
        force_->moved = true;
        pos_.normalise_groups();
        tell(ev, "advance", [&] {
          return "The victorious force enters " + c.target.id() + " with " +
                 std::to_string(moving) + " SP and " + std::to_string(force_->mp_left) +
                 " MP left (rule 7.1.1)";
        });
        append(ev, take_control(c.target, att));
        if (moving > 0) {
          // 3.4: the hex entered; beside a garrison the force stops to besiege it (GAP-W-21, ruling
          // P-11).
          force_->must_stop = in_enemy_zoc(board(), c.target, att) || pos_.sp(c.target, def) > 0;
          steps_.push_back({StepKind::kMarch, att});
          return ev;
        }
      }
      append(ev, end_force_action());
      return ev;
    }
  }
}

// ---- 8.1 Cavalry Retreat Before Combat (GAP-W-15, ruling C-5) ----

Events WateState::cavalry_check() {
  const Combat& c = *combat_;
  const Side att = c.attacker, def = other(att);
  const Board b = board();
  std::vector<SpGroup> defence, attack;
  for (const auto& g : pos_.sps) {
    if (!g.engaged) continue;
    if (g.side == def && g.hex == c.target) defence.push_back(g);
    if (g.side == att) attack.push_back(g);
  }
  if (!cavalry_force(b, defence)) return {};
  const std::string who = std::string(side_name(def)) + " cavalry in " + c.target.id();
  if (cavalry_paths(b, c).empty())
    return told("cavalry", [&] {
      return "The " + who + " has no hex to retreat to before combat and must fight (rule 8.1)";
    });
  if (has_cavalry(b, attack)) {
    steps_.push_back({StepKind::kCavalryRoll, def, c.target});
    return told("cavalry", [&] {
      return "The attacking force has cavalry: the " + who +
             " must roll 5-6 on 1d6 to retreat before combat (rule 8.1)";
    });
  }
  steps_.push_back({StepKind::kCavalryRetreat, def, c.target});
  return told("cavalry", [&] {
    return "The attacking force has no cavalry: the " + who +
           " may retreat 1-2 hexes before combat (rule 8.1)";
  });
}

std::vector<Action> WateState::cavalry_actions(const Step& step) const {
  (void)step;
  std::vector<Action> out{Action("cavalry-stand")};
  for (const auto& p : cavalry_paths(board(), *combat_))
    out.emplace_back("cavalry-retreat").with("path", hex_list(p.hexes));
  return out;
}

rz::Status WateState::check_cavalry(const Step& step, const Action& a) const {
  const auto legal = cavalry_actions(step);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return {};
  if (a.verb == "cavalry-retreat")
    return illegal(
        "the cavalry in " + step.hex.id() +
            " may retreat only 1 or 2 hexes, each closer to a source of supply, and not into an "
            "enemy-occupied hex or an enemy zone of control: choose one of the listed paths",
        "8.1");
  return illegal(
      "the cavalry in " + step.hex.id() +
          " may retreat before combat (cavalry-retreat path=XXYY[,XXYY]) or stand (cavalry-stand)",
      "8.1");
}

Events WateState::apply_cavalry(const Step& step, const Action& a) {
  Combat& c = *combat_;
  const std::string who(side_name(step.side));
  if (a.verb == "cavalry-stand")
    return told("cavalry", [&] {
      return "The " + who + " cavalry in " + step.hex.id() + " stands and fights (rule 8.1)";
    });
  const auto path = parse_hex_list(*a.get("path"));
  const auto paths = cavalry_paths(board(), c);
  const auto chosen = std::find_if(paths.begin(), paths.end(),
                                   [&](const RetreatPath& p) { return p.hexes == path; });
  const hex::Hex dest = path.back();
  int moved = 0;
  for (auto& g : pos_.sps)
    if (g.engaged && g.side == step.side && g.hex == step.hex) {
      g.hex = dest;
      g.retreated = SpGroup::kRetreatedNow;  // a river crossed is theirs to absorb (8.6)
      moved += g.count;
    }
  for (auto& q : pos_.hqs)
    if (q.side == step.side && q.hex == step.hex) q.hex = dest;
  pos_.normalise_groups();
  Events ev = told("cavalry", [&] {
    return "The " + who + " cavalry retreats " + std::to_string(moved) + " SP " + step.hex.id() +
           " -> " + hex_list(path) +
           " before combat; the combat does not take place (rule 8.1, ruling C-5)";
  });
  for (auto h : path) {
    append(ev, take_control(h, step.side));
  }
  c.retreated_to.push_back(dest);
  // Ruling C-5: no losses, HQ checks or VP; the attacker may enter (7.1.1) or
  // advance (8.7) as a winner may. On to the end of the battle (stage 8).
  c.winner = c.attacker;
  c.stage = 8;
  for (int r = 0; r < chosen->rivers; ++r)
    steps_.push_back({StepKind::kRiverLoss, step.side, dest});
  for (auto h : path) {  // GAP-W-35: enemy HQs alone on the way displace
    append(ev, displace_lone_hqs(other(step.side), h));
  }
  return ev;
}

// ---- decisions inside the combat ----

std::vector<Action> WateState::combat_actions(const Step& step) const {
  const Combat& c = *combat_;
  switch (step.kind) {
    case StepKind::kArtillery: return {Action("commit"), Action("decline")};
    case StepKind::kReroll: return {Action("reroll").with("die", "1"), Action("reroll").with("die", "2"), Action("keep")};
    case StepKind::kRetreat: {
      std::vector<Action> out;
      const auto paths = retreat_hexes(board(), step.hex, step.side,
                                       c.march ? std::optional<hex::Hex>(step.side == c.attacker ? c.target : c.from[0])
                                               : std::nullopt);
      for (const auto& p : paths) out.emplace_back("retreat").with("path", hex_list(p.hexes));
      return out;
    }
    case StepKind::kAdvance: {
      std::vector<Action> out{Action("stay")};
      for (auto h : c.from) {
        if (!may_advance_from(c, h)) continue;
        out.emplace_back("advance").with("from", h.id());
        // 8.7 "any units which supported the combat": the HQs of the attack go
        // with the SP of their hex (ruling C-11).
        if (const std::string hqs = advancing_hqs(c, h); !hqs.empty())
          out.emplace_back("advance").with("from", h.id()).with("hq", hqs);
      }
      return out;
    }
    default: return {};
  }
}

bool WateState::may_advance_from(const Combat& c, hex::Hex from) const {
  bool sp = false;
  pos_.sps.each_in(from, [&](const SpGroup& g) {
    sp = sp ||
         (g.engaged && g.side == c.attacker && g.status != Status::kDemoralized && g.count > 0);
  });
  return sp && LocMap::of(board(), c.attacker)->has_loc(from);
}

std::string WateState::advancing_hqs(const Combat& c, hex::Hex from) const {
  // The HQs go with SP that may advance; an HQ alone does not advance.
  if (!force_ || force_->side != c.attacker || !may_advance_from(c, from)) return "";
  std::string ids;
  for (const auto& id : force_->hqs)
    if (const HqUnit* q = pos_.hq(id); q && q->hex == from)
      ids += (ids.empty() ? "" : ",") + id.str();
  return ids;
}

rz::Status WateState::check_combat_action(const Step& step, const Action& a) const {
  const auto legal = combat_actions(step);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return {};
  switch (step.kind) {
    case StepKind::kArtillery:
      return make_error(Code::kIllegal, "commit artillery (" + std::to_string(combat_->artillery_rp[index(step.side)]) +
                                            " RP) or decline",
                        "8.4");
    case StepKind::kReroll: return make_error(Code::kIllegal, "re-roll one of your two dice (reroll die=1 or die=2) or keep them", "8.4");
    case StepKind::kRetreat:
      return make_error(Code::kIllegal, "the force in " + step.hex.id() +
                                            " must retreat 1 or 2 hexes, each closer to a source of supply: choose one of the listed paths",
                        "8.6");
    case StepKind::kAdvance:
      if (a.verb == "advance" && a.get("hq"))
        return make_error(
            Code::kIllegal,
            "only the HQs of the attack advance, all of those in the hex together, and only with "
            "SP of their hex that may advance (ruling C-11)",
            "8.7");
      return make_error(
          Code::kIllegal,
          "advance from an attacking hex whose SP may still advance (not demoralized, with a LOC) "
          "into the vacated hex, or stay",
          "8.7");
    default: return make_error(Code::kInternal, "no combat decision is due");
  }
}

Events WateState::apply_combat_action(const Step& step, const Action& a) {
  Combat& c = *combat_;
  const std::string who(side_name(step.side));
  switch (step.kind) {
    case StepKind::kArtillery:
      if (a.verb == "commit") {
        c.committed[index(step.side)] = true;
        rp_[index(step.side)] -= c.artillery_rp[index(step.side)];
        return told("artillery", [&] {
          return who + " commits artillery for " +
                 std::to_string(c.artillery_rp[index(step.side)]) +
                 " RP: one die may be re-rolled (rule 8.4)";
        });
      }
      return told("artillery", [&] { return who + " does not commit artillery (rule 8.4)"; });
    case StepKind::kReroll:
      if (a.verb == "keep")
        return told("artillery", [&] { return who + " keeps the dice (rule 8.4)"; });
      steps_.push_back({StepKind::kRerollDie, step.side, {}, std::stoi(*a.get("die")) - 1});
      return told("artillery",
                  [&] { return who + " re-rolls die " + *a.get("die") + " (rule 8.4)"; });
    case StepKind::kRetreat: {
      const auto path = parse_hex_list(*a.get("path"));
      const auto paths = retreat_hexes(board(), step.hex, step.side,
                                       c.march ? std::optional<hex::Hex>(step.side == c.attacker ? c.target : c.from[0])
                                               : std::nullopt);
      const RetreatPath* chosen = nullptr;
      for (const auto& p : paths)
        if (p.hexes == path) chosen = &p;
      const hex::Hex dest = path.back();
      int keep = fortress_garrison(board(), step.hex, step.side);
      int moved = 0;
      // The river crossed by this retreat is its SP's alone (8.6): those of an
      // earlier one, in the same hex perhaps, have absorbed theirs (the review).
      for (auto& g : pos_.sps)
        if (g.retreated == SpGroup::kRetreatedNow) g.retreated = SpGroup::kRetreatedBefore;
      std::vector<SpGroup> gone;  // appended after the loop: pos_.sps must not grow while iterated
      for (auto& g : pos_.sps) {
        // 8.6: a force retreats 1 or 2 hexes, once: SP that retreated into this
        // hex do not go again with its own losing force (session 36's audit).
        if (!g.engaged || g.retreated != 0 || g.side != step.side || g.hex != step.hex) continue;
        const int stay = std::min(keep, g.count);
        keep -= stay;
        if (stay == g.count) continue;
        SpGroup go = g;
        go.count = g.count - stay;
        g.count = stay;
        go.hex = dest;
        go.retreated = SpGroup::kRetreatedNow;
        moved += go.count;
        if (chosen->eliminated) {
          eliminated_[index(step.side)] += go.count;
          go.count = 0;
        }
        gone.push_back(go);
      }
      pos_.sps.insert(pos_.sps.end(), gone.begin(), gone.end());
      // HQs go with a force that survives its retreat; otherwise they are left alone (GAP-W-35).
      // Only those "involved in the combat" (8.6): the attack's own (7.4, 7.1.1)
      // or the defender's; another HQ in an attacking hex stays (session 36's audit).
      const bool hqs_go =
          fortress_garrison(board(), step.hex, step.side) == 0 && !chosen->eliminated;
      // An HQ that has retreated already does not go again (8.6: once).
      const auto goes = [&](const HqUnit& q) {
        const auto& gone = c.hqs_retreated;
        return (step.side != c.attacker ||
                std::find(force_->hqs.begin(), force_->hqs.end(), q.id) != force_->hqs.end()) &&
               std::find(gone.begin(), gone.end(), q.id) == gone.end();
      };
      bool force_hq_went = false;
      for (auto& q : pos_.hqs)
        if (q.side == step.side && q.hex == step.hex && hqs_go && goes(q)) {
          q.hex = dest;
          c.hqs_retreated.push_back(q.id);
          force_hq_went =
              force_hq_went || (force_ && std::find(force_->hqs.begin(), force_->hqs.end(), q.id) !=
                                              force_->hqs.end());
        }
      // The acting force that retreats with its HQs is where they are now: its
      // record must not keep the hex it left (12.2 shows an enemy's acting force
      // only where he may inspect it, ruling F-9).
      if (force_hq_went && force_->side == step.side && force_->hex == step.hex) force_->hex = dest;
      pos_.normalise_groups();
      Events ev = told("retreat", [&] {
        return who + " retreats " + std::to_string(moved) + " SP " + step.hex.id() + " -> " +
               hex_list(path) +
               (chosen->eliminated ? ": into an enemy zone of control or force, eliminated" : "") +
               " (rule 8.6)";
      });
      if (!chosen->eliminated) {
        c.retreated_to.push_back(dest);
        for (auto h : path) {
          append(ev, take_control(h, step.side));
        }
        for (int r = 0; r < chosen->rivers; ++r) steps_.push_back({StepKind::kRiverLoss, step.side, dest});
        for (auto h : path) {  // GAP-W-35: enemy HQs alone on the way displace
          append(ev, displace_lone_hqs(other(step.side), h));
        }
      }
      return ev;
    }
    case StepKind::kAdvance: {
      if (a.verb == "stay")
        return told("advance", [&] { return who + " does not advance (rule 8.7)"; });
      const hex::Hex from = *hex::parse_hex(*a.get("from"));
      int n = 0;  // the list offers only a hex with a LOC (may_advance_from)
      for (auto& g : pos_.sps)
        if (g.engaged && g.side == step.side && g.hex == from && g.status != Status::kDemoralized) {
          g.hex = c.target;
          n += g.count;
        }
      pos_.normalise_groups();
      std::string with;
      if (a.get("hq")) {
        for (const auto& id : hq_ids(a.get("hq"))) {
          pos_.hq(id)->hex = c.target;
          with += (with.empty() ? "" : " and ") + hq_label(id);
        }
        // The acting force is where its HQs are (ruling F-9).
        if (force_ && std::all_of(force_->hqs.begin(), force_->hqs.end(),
                                  [&](const Name& id) { return pos_.hq(id)->hex == c.target; }))
          force_->hex = c.target;
      }
      // The SP's advance is public (a combat is in contact, ruling F-3); the
      // HQs with them are told apart, where 12.2 lets the enemy inspect them
      // (an "advance_hq" is not public: fog.cpp; found by session 35's soak).
      Events ev = told("advance", [&] {
        return who + " advances " + std::to_string(n) + " SP from " + from.id() + " into " +
               c.target.id() + " (rule 8.7)";
      });
      if (!with.empty())
        tell(ev, "advance_hq", [&] {
          return with + (hq_ids(a.get("hq")).size() > 1 ? " advance" : " advances") +
                 " with them into " + c.target.id() + " (rule 8.7, ruling C-11)";
        });
      append(ev, take_control(c.target, step.side));
      // 8.7: "with any units which supported the combat": the SP of the other
      // attacking hexes may follow, hex by hex (session 36's audit).
      if (std::any_of(c.from.begin(), c.from.end(),
                      [&](hex::Hex h) { return may_advance_from(c, h); }))
        steps_.push_back({StepKind::kAdvance, step.side});
      return ev;
    }
    default: return {};
  }
}

// ---- the dice of the combat ----

std::vector<ChanceOutcome> WateState::combat_outcomes(const Step& step) const {
  std::vector<ChanceOutcome> out;
  switch (step.kind) {
    case StepKind::kCombatDice:
    case StepKind::kHqCasualtyRoll:
      // 2d6 (8.5), or the casualty 1d6 with the 1d3 turns read from a second d6 (8.5.1).
      for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b)
          out.push_back({Action("roll").with("d1", std::to_string(a)).with("d2", std::to_string(b)), Fraction(1, 36), {a, b}});
      return out;
    case StepKind::kRerollDie:
    case StepKind::kRiverLoss:
    case StepKind::kCavalryRoll:     // 8.1
    case StepKind::kHqDisplaceRoll:  // GAP-W-35: the 1d3 read from a d6
      for (int a = 1; a <= 6; ++a) out.push_back({Action("roll").with("d", std::to_string(a)), Fraction(1, 6), {a}});
      return out;
    default: return out;
  }
}

Events WateState::apply_combat_chance(const Step& step, const Action& a) {
  Combat& c = *combat_;
  const std::string who(side_name(step.side));
  switch (step.kind) {
    case StepKind::kCombatDice:
      c.dice[index(step.side)][0] = std::stoi(*a.get("d1"));
      c.dice[index(step.side)][1] = std::stoi(*a.get("d2"));
      return told("dice", [&] {
        return who + " rolls 2d6: " + dice_text(c.dice[index(step.side)]) + " (rule 8.5)";
      });
    case StepKind::kRerollDie: {
      int& die = c.dice[index(step.side)][step.n1];
      const int before = die;
      die = std::stoi(*a.get("d"));
      return told("dice", [&] {
        return who + " re-rolls " + std::to_string(before) + " -> " + std::to_string(die) +
               " (rule 8.4)";
      });
    }
    case StepKind::kHqCasualtyRoll: {
      const int d6 = std::stoi(*a.get("d1"));
      const int d3 = d3_from_d6(std::stoi(*a.get("d2")));  // 3.1
      return hq_casualty(c.hqs[static_cast<std::size_t>(step.n1)], d6, d3);
    }
    case StepKind::kCavalryRoll: {  // 8.1: 5-6 lets the cavalry retreat
      const int d = std::stoi(*a.get("d"));
      if (d < 5)
        return told("cavalry", [&] {
          return who + " cavalry in " + step.hex.id() + " rolls 1d6 = " + std::to_string(d) +
                 ": it must fight (rule 8.1)";
        });
      steps_.push_back({StepKind::kCavalryRetreat, step.side, step.hex});
      return told("cavalry", [&] {
        return who + " cavalry in " + step.hex.id() + " rolls 1d6 = " + std::to_string(d) +
               ": it may retreat before combat (rule 8.1)";
      });
    }
    case StepKind::kRiverLoss: {
      const int lp = std::stoi(*a.get("d"));
      // 8.6: the force that crossed absorbs them: the SP that retreated into
      // step.hex, not others of the combat (a garrison, a hex yet to retreat).
      push_absorb(step.side, 0, lp, step.hex);
      return told("loss", [&] {
        return who + " force crossing a river in retreat absorbs 1d6 = " + std::to_string(lp) +
               " LP (rule 8.6)";
      });
    }
    default: return {};
  }
}

Events WateState::hq_casualty(const std::string& id, int d6, int d3) {
  HqUnit* q = pos_.hq(id);
  const HqDef* def = data_->forces.find(id);
  const std::string name = hq_label(id);
  const HqCasualty r = wate1870::hq_casualty(d6);
  if (r == HqCasualty::kNone)
    return told("hq_casualty", [&] {
      return name + " casualty check 1d6 = " + std::to_string(d6) + ": unharmed (rule 8.5.1)";
    });
  Events ev;
  if (def && def->napoleon) {
    if (napoleon_second_casualty(q->flipped, r)) {
      tell(ev, "hq_casualty", [&] {
        return "Napoleon III is struck a second time (1d6 = " + std::to_string(d6) +
               ") (rule 8.5.1)";
      });
      append(ev, finish(Side::kGerman, "Napoleon III was eliminated (rules 8.5.1, 11.0)"));
      return ev;
    }
    q->flipped = true;  // wounded (GAP-W-20)
  } else if (r == HqCasualty::kFlip) {
    q->flipped = true;
  }
  q->hex.reset();
  q->returns_on_turn = turn_ + d3;
  if (force_) std::erase(force_->hqs, id);  // it no longer moves with the force
  tell(ev, "hq_casualty", [&] {
    return name + " casualty check 1d6 = " + std::to_string(d6) + ": removed" +
           (r == HqCasualty::kFlip ? " and replaced by its reverse" : "") + ", returns in " +
           std::to_string(d3) + (d3 == 1 ? " turn" : " turns") + " (rule 8.5.1)";
  });
  if (def && def->side == Side::kGerman && def->rank == Rank::kArmy && r == HqCasualty::kFlip) {
    append(ev, finish(Side::kFrench, "a German army HQ was eliminated (rule 11.0, ruling GAP-W-30)"));
  }
  return ev;
}

}  // namespace rz::wate1870
