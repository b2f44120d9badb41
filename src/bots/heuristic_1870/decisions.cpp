// The heuristic bot's answer to each kind of decision (heuristic_1870.hpp).
#include <bit>
#include <cassert>
#include <cmath>
#include <numeric>
#include <span>

#include "bots/heuristic_1870/mind.hpp"
#include "core/hash.hpp"
#include "rules/wate1870/command.hpp"

namespace rz::bots::heuristic1870 {

// ---- decisions ----

Action Mind::setup(Legal& legal) {
  // 14.0: the scenario's placements (the historic ones, moved into each
  // side's own country), then done.
  if (legal.ok(Action("auto-setup"))) return Action("auto-setup");
  if (legal.ok(Action("end-setup"))) return Action("end-setup");
  return legal.all().front();
}

Action Mind::administrative(const Scene& sc, const std::vector<Action>& legal) {
  const auto& tb = sc.b.tables();
  const int rp = sc.ws.rp(sc.me);
  // What the targets are worth to `sp` good-order SP without an HQ: the same
  // wherever they are placed (goals() reads only the strength and the HQs).
  std::map<int, std::vector<Goal>> goals_of;
  // HQs back from a casualty (8.5.1) return at once, to the best-placed hex.
  auto hex_value = [&](const Action& a, int sp, bool army) {
    const auto h = hex_of(a, "hex");
    const int i = h ? sc.map.index_of(*h) : -1;
    if (i < 0) return -kInf;
    ForceDesc f;
    f.hex = i;
    f.good = sp;
    f.army = army;
    auto it = goals_of.find(sp);
    if (it == goals_of.end()) it = goals_of.emplace(sp, goals(sc, f)).first;
    return dest_value(sc, it->second, f, i) - (army ? 0 : 0.01 * sc.nearest(sc.foe, i));
  };
  const Action* best = nullptr;
  double bv = -kInf;
  for (const auto& a : legal) {
    if (a.verb != "return") continue;
    const HqUnit* q = sc.ws.position().hq(*a.get("hq"));
    const double v = hex_value(a, 0, q && army_hq(sc.b, *q));
    if (v > bv) bv = v, best = &a;
  }
  if (best) return *best;
  const int reserve = sc.me == Side::kGerman ? 6 : 5;
  // HQ counters from the force pool (not armies: their casualty can end the game).
  if (rp >= tb.mobilise_hq_cost(sc.me) + reserve) {
    for (const auto& a : legal) {
      if (a.verb != "mobilize" || !a.get("hq")) continue;
      const auto* def = sc.b.forces().find(*a.get("hq"));
      if (def && (def->rank == Rank::kArmy || def->napoleon)) continue;
      const double v = hex_value(a, 4, false);
      if (v > bv) bv = v, best = &a;
    }
    if (best) return *best;
  }
  // SP with what is left above the reserve (rally, recovery, artillery).
  const int cost = tb.mobilise_sp_cost(sc.me);
  for (const auto& a : legal) {
    if (a.verb != "mobilize" || a.get("hq")) continue;
    const int n = int_of(a, "sp");
    if (n <= 0 || rp - n * cost < reserve) continue;
    const double v = hex_value(a, n, false) + 0.1 * n;
    if (v > bv) bv = v, best = &a;
  }
  if (best) return *best;
  if (const Action* a = find_verb(legal, "end-administrative")) return *a;
  return legal.front();
}

// How much an HQ has to do: the SP it can lead, an attack it can make.
double Mind::hq_priority(const Scene& sc, const HqUnit& q) const {
  const int at = sc.map.index_of(*q.hex);
  if (at < 0) return 0;
  const int limit = wate1870::hq_command_limit(sc.b, q);
  int reach = std::min(sc.avail[Scene::u(at)], limit);
  for (int dir = 0; dir < 6 && reach < limit; ++dir) {
    const int j = sc.map.neighbour_index(at, dir);
    if (j < 0 || sc.avail[Scene::u(j)] == 0) continue;
    if (!sc.idle_hq[Scene::u(j)]) reach = std::min(limit, reach + sc.avail[Scene::u(j)]);
  }
  if (army_hq(sc.b, q)) {
    const bool unsafe = sc.nearest(sc.foe, at, 3) <= 3;
    return reach > 0 || unsafe ? 1 + 0.01 * reach + (unsafe ? 5 : 0) : 0;
  }
  double v = reach;
  if (reach > 0 && sc.adjacent_strength(sc.foe, at) > 0) v += 20;  // a Planned Attack may be on
  if (reach == 0 && sc.sp_of(sc.me, at) == 0) v = 0.5;             // alone: go back to troops
  return v;
}

Action Mind::best_attack(const Scene& sc, const std::vector<Action>& legal, double* value) const {
  const auto& frame = sc.ws.frames().back();
  const HqUnit* q = sc.ws.position().hq(frame.hq);
  Action best;
  double bv = -kInf;
  if (!q || army_hq(sc.b, *q)) return best;
  for (const auto& a : legal) {
    if (a.verb != "attack") continue;
    const auto target = hex_of(a, "target");
    const std::string* from_s = a.get("from");
    if (!target || !from_s) continue;
    std::vector<const HqUnit*> hqs{q};
    int limit = frame.limit_left;
    bool bad = false;
    if (const std::string* w = a.get("with")) {
      std::size_t i = 0;
      while (i < w->size()) {
        const std::size_t j = std::min(w->find(',', i), w->size());
        const HqUnit* o = sc.ws.position().hq(w->substr(i, j - i));
        if (!o || army_hq(sc.b, *o)) bad = true;
        if (o) {
          hqs.push_back(o);
          limit += wate1870::hq_command_limit(sc.b, *o);
        }
        i = j + 1;
      }
    }
    if (bad) continue;
    std::vector<wate1870::CombatForce> attack;
    for (auto h : hex_list(*from_s)) {
      const int i = sc.map.index_of(h);
      const int n = std::min(sc.avail[Scene::u(i)], limit);
      limit -= n;
      if (n == 0) continue;
      const ForceDesc f = force_in(sc, i, n, {}, 0, false);
      wate1870::CombatForce cf;
      cf.hex = h;
      cf.good = f.good;
      cf.disrupted = f.dis;
      cf.demoralized = f.dem;
      cf.loc = sc.loc(sc.me).has_loc(h);
      cf.cavalry = wate1870::cavalry_force(sc.b, f.groups);
      attack.push_back(cf);
    }
    if (attack.empty()) continue;
    const auto o =
        odds_of(sc.b, sc.me, attack, hqs, *target, false, sc.loc(sc.foe).has_loc(*target));
    // 9.0 (ruling P-11): beating the defenders of an enemy fortress with SP
    // enough to stay 2:1 against its SR and garrison lets the force advance in
    // and besiege it; worth an even fight.
    const int ti = sc.map.index_of(*target);
    const auto& tinfo = sc.info(ti);
    int att_raw = 0;
    for (const auto& cf : attack) att_raw += cf.good + cf.disrupted + cf.demoralized;
    const bool siege =
        tinfo.fortress_sr > 0 && !sc.ws.position().fortress_destroyed(*target) &&
        sc.ws.controller(*target) == sc.foe &&
        att_raw >= 2 * (tinfo.fortress_sr + std::min(tinfo.fortress_sr, sc.sp_of(sc.foe, ti))) + 2;
    const double siege_gain = siege ? (4.0 + tinfo.fortress_sr) * o.win : 0.0;
    if (o.win < (siege ? kMinSiegeWin : kMinWin) || o.value + siege_gain < kMinGain) continue;
    const double v = o.value + siege_gain + step_gain(sc, ti) * o.win * 0.5;
    if (v > bv) bv = v, best = a;
  }
  if (value) *value = bv;
  return best;
}

Action Mind::activation(const Scene& sc, Legal& legal) {
  // HQs first: the one with the most to do.
  const WateState::Activatable* best = nullptr;
  double bv = 0;
  // The rules name the HQs in the position's order (activatable): each is
  // looked for in the Scene's position (the picture, under 12.2) from where
  // the last was found (ids are unique: the same HQ as Position::hq finds).
  const auto& hqs = sc.ws.position().hqs;
  const auto& can = legal.activatable();
  std::size_t from = 0;
  for (const auto& c : can) {
    if (!c.hq) continue;
    const HqUnit* q = nullptr;
    for (std::size_t n = 0; n < hqs.size() && !q; ++n) {
      const std::size_t j = (from + n) % hqs.size();
      if (hqs[j].id == c.hq->id) q = &hqs[j], from = j + 1;
    }
    if (!q || !q->hex) continue;
    const double v = hq_priority(sc, *q);
    if (v > bv) bv = v, best = &c;
  }
  if (best) return legal.activation(best);
  // Then lone forces (up to the inherent division's size): the best march or rally.
  const auto& inh = sc.b.forces().inherent(sc.me);
  double gain_best = 1.0;
  std::optional<Intent> chosen;
  for (const auto& c : can) {
    if (c.hq) continue;
    const int i = sc.map.index_of(c.hex);
    if (i < 0) continue;
    const int n = sc.avail[Scene::u(i)];
    if (idle.count({i, n})) continue;
    const ForceDesc f = force_in(sc, i, n, {}, inh.ratings.ma, inh.ratings.cautious);
    Intent it;
    it.hex = i;
    double g = 0;
    if (wants_rally(sc, i, f.dis + f.dem, f.raw())) {
      it.order = Order::kRally;
      g = 2.0 * (f.dis + f.dem) + 1.0;
    } else {
      Plan p = plan_march(sc, f);
      g = p.gain();
      it.order = Order::kMarch;
      it.plan = std::move(p);
    }
    if (g <= 1.0) idle.insert({i, n});
    if (g > gain_best) {
      gain_best = g;
      chosen = std::move(it);
      best = &c;
    }
  }
  if (best) intent = chosen;
  return legal.activation(best);  // the pass when none is worth it
}

Action Mind::hq_orders(const Scene& sc, Legal& legal) {
  const auto& frame = sc.ws.frames().back();
  const HqUnit* q = sc.ws.position().hq(frame.hq);
  if (!q || !q->hex) return Action("end");
  const int at = sc.map.index_of(*q->hex);
  const bool army = army_hq(sc.b, *q);
  const auto& inh = sc.b.forces().inherent(sc.me);
  const int limit = frame.limit_left;
  const int own = std::min(sc.avail[Scene::u(at)], limit);

  // 1. A Planned Attack at good odds (7.4): the HQ's own action, so first.
  if (!army && sc.adjacent_strength(sc.foe, at) > 0) {
    Action a = best_attack(sc, legal.attacks(), nullptr);
    if (!a.verb.empty()) return a;
  }

  // 2. What the HQ's own stack would do: march (armies keep a small guard), rally.
  const auto cmd = wate1870::force_command(sc.b, {q}, sc.me);
  const int guard = army ? std::min(own, 3) : own;
  std::optional<Plan> own_plan;
  double own_gain = 0;
  Order own_order = Order::kHold;
  {
    const ForceDesc f = force_in(sc, at, guard, {q}, cmd.ma, cmd.cautious);
    if (!army && guard > 0 && wants_rally(sc, at, f.dis + f.dem, f.raw()) &&
        legal.ok(Action("rally").with("sp", std::to_string(guard)))) {
      own_order = Order::kRally;
      own_gain = 2.0 * (f.dis + f.dem) + 1.0;
    } else {
      Plan p = plan_march(sc, f);
      own_gain = p.gain();
      own_order = Order::kMarch;
      own_plan = std::move(p);
    }
  }
  const bool own_acts = own_gain > 0.5;
  const int reserve = own_acts ? guard : 0;

  // 3. Detachments: stacks in reach without an HQ of their own to lead them
  // (armies also send off their own stack, beyond the guard).
  std::optional<Intent> best_it;
  std::optional<Action> best_a;
  double best_g = 1.0;
  for (int dir = -1; dir < 6; ++dir) {
    const int h = dir < 0 ? at : sc.map.neighbour_index(at, dir);
    if (h < 0) continue;
    int avail = sc.avail[Scene::u(h)];
    if (h == at) {
      if (!army) continue;
      avail -= reserve;
    } else if (sc.idle_hq[Scene::u(h)]) {
      continue;  // another HQ's to lead (this one is in `at`)
    }
    const int k = std::min({avail, inh.max_sp, limit - reserve});
    if (k <= 0) continue;
    const Action a = Action("detach").with("hex", sc.hex_at(h).id()).with("sp", std::to_string(k));
    if (!legal.ok(a)) continue;
    const ForceDesc f = force_in(sc, h, k, {}, inh.ratings.ma, inh.ratings.cautious);
    Intent it;
    it.hex = h;
    double g;
    if (wants_rally(sc, h, f.dis + f.dem, f.raw())) {
      it.order = Order::kRally;
      g = 2.0 * (f.dis + f.dem) + 1.0;
    } else {
      Plan p = plan_march(sc, f);
      g = p.gain() * (1 + 0.1 * k);
      it.order = Order::kMarch;
      it.plan = std::move(p);
    }
    if (g > best_g) {
      best_g = g;
      best_it = std::move(it);
      best_a = a;
    }
  }
  if (best_a) {
    intent = best_it;
    return *best_a;
  }

  // 4. The HQ's own action ends its activation.
  if (own_acts) {
    const Action a =
        Action(own_order == Order::kRally ? "rally" : "march").with("sp", std::to_string(guard));
    if (legal.ok(a)) {
      if (own_plan) {
        Plan p = *own_plan;
        plan = p;
        claim(sc, force_in(sc, at, guard, {q}, cmd.ma, cmd.cautious), p);
      }
      intent.reset();
      return a;
    }
  }
  return Action("end");
}

Action Mind::force_orders(const Scene& sc, Legal& legal) {
  const auto& af = *sc.ws.force();
  const int at = sc.map.index_of(af.hex);
  const ForceDesc f = acting_force(sc);
  std::optional<Intent> it;
  if (intent && intent->hex == at) it = intent;
  intent.reset();
  if (!it) {
    it.emplace();
    it->hex = at;
    if (wants_rally(sc, at, f.dis + f.dem, f.raw())) {
      it->order = Order::kRally;
    } else {
      Plan p = plan_march(sc, f);
      it->order = p.gain() > 0.5 ? Order::kMarch : Order::kHold;
      it->plan = std::move(p);
    }
  }
  if (it->order == Order::kRally && legal.ok(Action("rally"))) return Action("rally");
  if (it->order == Order::kMarch && it->plan && legal.ok(Action("march"))) {
    plan = it->plan;
    claim(sc, f, *it->plan);
    return Action("march");
  }
  if (legal.ok(Action("hold"))) return Action("hold");
  return legal.all().front();
}

// The next hex of the march being followed, if the force is on its path and
// the step is legal.
std::optional<Action> Mind::next_move(const wate1870::Map& map, hex::Hex at, Legal& legal) const {
  if (!plan) return std::nullopt;
  const int i = map.index_of(at);
  int pos = plan->start == i ? 0 : -1;
  for (std::size_t k = 0; k < plan->path.size(); ++k)
    if (plan->path[k] == i) pos = static_cast<int>(k) + 1;
  if (pos < 0 || pos >= static_cast<int>(plan->path.size())) return std::nullopt;
  const Action a =
      Action("move").with("to", map.hexes()[Scene::u(plan->path[Scene::u(pos)])].hex.id());
  if (!legal.ok(a)) return std::nullopt;
  return a;
}

Action Mind::march(const Scene& sc, Legal& legal) {
  const auto& af = *sc.ws.force();
  const int at = sc.map.index_of(af.hex);
  const ForceDesc f = acting_force(sc);
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (plan) {
      // Where the force should be now: the start or a hex on the path.
      int pos = -1;
      if (plan->start == at) pos = 0;
      for (std::size_t i = 0; i < plan->path.size(); ++i)
        if (plan->path[i] == at) pos = static_cast<int>(i) + 1;
      if (pos >= 0) {
        if (pos < static_cast<int>(plan->path.size())) {
          const Action a = Action("move").with("to", sc.hex_at(plan->path[Scene::u(pos)]).id());
          if (legal.ok(a)) return a;
        } else if (plan->attack >= 0) {
          const Action a = Action("attack").with("to", sc.hex_at(plan->attack).id());
          if (legal.ok(a)) {
            const auto o = march_odds(sc, f, at, plan->attack);
            plan.reset();
            if (o.win >= kMinWin && o.value >= kMinGain) return a;
            return stop(legal);
          }
        } else {
          plan.reset();
          return stop(legal);
        }
      }
    }
    if (attempt == 0) plan = plan_march(sc, f);
  }
  plan.reset();
  return stop(legal);
}

// Ends a march; after Opportunity Fire the step fired at must be completed first (7.1.2).
Action Mind::stop(Legal& legal) {
  if (legal.ok(Action("stop"))) return Action("stop");
  for (const auto& a : legal.all())
    if (a.verb == "move") return a;
  return legal.all().front();
}

// My SP in hex h by status, as a Scene's tables count them.
static std::array<int, 3> my_sp_in(const WateState& ws, Side me, hex::Hex h) {
  std::array<int, 3> n{};
  ws.position().sps.each_in(h, [&](const SpGroup& g) {
    if (g.side != me || g.count <= 0) return;
    n[static_cast<std::size_t>(g.status)] += g.count;  // good, disrupted, demoralized
  });
  return n;
}

Action Mind::absorb(const WateState& ws, Side me, Legal& legal) {
  // Eliminate the worst SP first; degrade so as to keep the most combat
  // strength (3.5.1) without eliminating a demoralized SP if it can be helped.
  const auto& loss = legal.loss();
  const WateState::LossPick* best = nullptr;
  double bv = -kInf;
  for (const auto& p : loss.picks) {
    if (ws.data().map.index_of(p.hex) < 0) continue;
    auto [g, d, m] = my_sp_in(ws, me, p.hex);
    const int before = wate1870::status_strength(g, d, m);
    double v = 0;
    if (loss.eliminate) {
      (p.status == Status1870::kGood ? g : p.status == Status1870::kDisrupted ? d : m) -= 1;
      v = wate1870::status_strength(g, d, m) - before;
    } else {
      if (p.status == Status1870::kGood)
        --g, ++d;
      else if (p.status == Status1870::kDisrupted)
        --d, ++m;
      else
        --m, v -= 4;  // eliminates it
      v += wate1870::status_strength(g, d, m) - before;
    }
    // Cavalry is the last to go (8.1), formation none the first.
    const auto* def = p.formation.empty() ? nullptr : ws.data().forces.find(p.formation.str());
    if (def && def->cavalry) v -= 0.2;
    if (v > bv) bv = v, best = &p;
  }
  return legal.loss_order(best ? *best : loss.picks.front());
}

Action Mind::retreat(const Scene& sc, const std::vector<Action>& legal, const char* verb) {
  const Action* best = nullptr;
  double bv = -kInf;
  for (const auto& a : legal) {
    if (a.verb != verb) continue;
    const auto path = hex_list(a.get("path") ? *a.get("path") : "");
    if (path.empty()) continue;
    const int end = sc.map.index_of(path.back());
    if (end < 0) continue;
    double v = 0;
    if (sc.sp_of(sc.foe, end) > 0 || (sc.in_ezoc(end) && sc.sp_of(sc.me, end) == 0)) v -= 100;
    for (std::size_t i = 0; i < path.size(); ++i) {
      const hex::Hex from = i == 0 ? path[0] : path[i - 1];
      if (i > 0 && sc.map.river(from, path[i])) v -= 6;
    }
    if (sc.sp_of(sc.me, end) > 0) v += 3;
    if (sc.loc(sc.me).has_loc(path.back())) v += 4;
    v -= 1.0 * sc.adjacent_strength(sc.foe, end) / 4.0;
    if (v > bv) bv = v, best = &a;
  }
  return best ? *best : legal.front();
}

Action Mind::advance(const Scene& sc, const std::vector<Action>& legal) {
  const auto& c = *sc.ws.combat();
  const int t = sc.map.index_of(c.target);
  const auto& info = sc.info(t);
  const bool worth =
      info.town || info.fortress_sr > 0 || t == sc.mt.metz || t == sc.mt.verdun || t == sc.mt.paris;
  const bool safe = sc.adjacent_strength(sc.foe, t) <= 2;
  if (!(worth || safe) || !sc.loc(sc.me).has_loc(c.target)) return Action("stay");
  const Action* best = nullptr;
  int most = -1;
  for (const auto& a : legal) {
    if (a.verb != "advance") continue;
    const auto h = hex_of(a, "from");
    const int i = h ? sc.map.index_of(*h) : -1;
    if (i < 0) continue;
    if (sc.sp_of(sc.me, i) > most) most = sc.sp_of(sc.me, i), best = &a;
  }
  return best ? *best : Action("stay");
}

Action Mind::reroll(const Scene& sc, const std::vector<Action>& legal) {
  // Both sides have rolled (8.4): re-roll the die that helps most, on average.
  const auto& c = *sc.ws.combat();
  const int me = sc.k(sc.me), them = 1 - me;
  const int fixed_them = c.dice[them][0] + c.dice[them][1] + c.drm[them];
  auto value = [&](int my_total) {
    const int x = my_total - fixed_them;
    const bool i_win = x > 0 || (x == 0 && sc.me == Side::kGerman);
    return i_win ? 10.0 + std::abs(x) : -10.0 - std::abs(x);
  };
  const int base = c.dice[me][0] + c.dice[me][1] + c.drm[me];
  double keep = value(base);
  const Action* best = find_verb(legal, "keep");
  double bv = keep;
  for (const auto& a : legal) {
    if (a.verb != "reroll") continue;
    const int die = int_of(a, "die");
    if (die < 1 || die > 2) continue;
    double v = 0;
    for (int r = 1; r <= 6; ++r) v += value(base - c.dice[me][die - 1] + r) / 6.0;
    if (v > bv + 1e-9) bv = v, best = &a;
  }
  return best ? *best : legal.front();
}

Action Mind::displace(const Scene& sc, const std::vector<Action>& legal) {
  const Action* best = nullptr;
  double bv = -kInf;
  for (const auto& a : legal) {
    const auto h = hex_of(a, "to");
    const int i = h ? sc.map.index_of(*h) : -1;
    if (i < 0) continue;
    const double v = sc.sp_of(sc.me, i) + 2.0 * std::min(sc.nearest(sc.foe, i, 4), 4);
    if (v > bv) bv = v, best = &a;
  }
  return best ? *best : legal.front();
}

Action Mind::recovery(const WateState& ws, Side me, const std::vector<Action>& legal) {
  const Action* best = nullptr;
  int most = 0;
  for (const auto& a : legal) {
    if (a.verb != "recover") continue;
    const auto h = hex_of(a, "hex");
    const int i = h ? ws.data().map.index_of(*h) : -1;
    if (i < 0) continue;
    const auto n = my_sp_in(ws, me, *h);
    const int bad = n[1] + 2 * n[2];
    if (bad > most) most = bad, best = &a;
  }
  if (best) return *best;
  if (const Action* a = find_verb(legal, "end-recovery")) return *a;
  return legal.front();
}

Action Mind::choose(const WateState& ws, Player p, Legal& legal) {
  using wate1870::StepKind;
  if (!tables || tables->n != static_cast<int>(ws.data().map.hexes().size()))
    tables = tables_for(ws.data());
  const Side me = static_cast<Side>(p);
  if (memo_turn != ws.turn() || memo_side != me) {
    memo_turn = ws.turn();
    memo_side = me;
    claims.clear();
    claims_id = 0;
    idle.clear();
  }
  if (ws.steps().empty()) return legal.all().front();
  const StepKind step = ws.steps().back().kind;
  // Decisions that need no look at the map.
  switch (step) {
    case StepKind::kSetup:
      return setup(legal);
    case StepKind::kChassepotChoice:  // 7.1.2: free, and it hurts
      return legal.ok(Action("fire")) ? Action("fire") : legal.all().front();
    case StepKind::kArtillery: {  // 8.4: a re-roll, when RP are to spare
      const auto& c = *ws.combat();
      const int need = c.artillery_rp[wate1870::index(me)];
      return ws.rp(me) - need >= 3 && c.raw[wate1870::index(me)] >= 4 ? Action("commit")
                                                                      : Action("decline");
    }
    default:
      break;
  }
  // A march going as planned takes the next hex of its path as march() would,
  // without the Scene of the map (most of a march's decisions).
  if (step == StepKind::kMarch && ws.force())
    if (auto a = next_move(ws.data().map, ws.force()->hex, legal)) return *a;
  // The LOCs and ZOCs are the position's, but through a march those it was
  // planned with (only the marching force moves; a Scene fetches an enemy ZOC
  // not yet kept).
  if (step != StepKind::kMarch || (!zocs[0] && !zocs[1])) refresh(ws, me);
  // A march at the end of its path with no attack stops, as march() would,
  // without the Scene (most of the march decisions that get this far). The
  // enemy's ZOC is fetched as the Scene would have.
  if (step == StepKind::kMarch && ws.force() && plan && plan->attack < 0) {
    const int at = ws.data().map.index_of(ws.force()->hex);
    if (plan->path.empty() ? plan->start == at : plan->path.back() == at) {
      auto& slot = zocs[static_cast<std::size_t>(wate1870::index(wate1870::other(me)))];
      if (!slot) slot = ws.zoc_map(wate1870::other(me));
      plan.reset();
      return stop(legal);
    }
  }
  // Losses and recovery read only my SP in a few hexes: no Scene for them.
  if (step == StepKind::kAbsorb) return absorb(ws, me, legal);
  if (step == StepKind::kRecovery) return recovery(ws, me, legal.all());
  if (step == StepKind::kAdministrative && admin_answers) {
    const std::uint64_t key = admin_key(ws, me);
    if (const auto it = admin_answers->find(key); it != admin_answers->end()) return it->second;
    const Scene sc(ws, me, *tables, locs, zocs, keep.v);
    Action a = administrative(sc, legal.all());
    admin_answers->emplace(key, a);
    return a;
  }
  Scene sc(ws, me, *tables, locs, zocs, keep.v);
  switch (step) {
    case StepKind::kReroll:
      return reroll(sc, legal.all());
    case StepKind::kRetreat:
      return retreat(sc, legal.all(), "retreat");
    case StepKind::kCavalryRetreat: {
      // 8.1: stand only where the cavalry would likely win.
      const auto& c = *ws.combat();
      const int t = sc.map.index_of(c.target);
      int att = 0;
      for (auto h : c.from) att += sc.strength(sc.foe, sc.map.index_of(h));
      if (sc.strength(me, t) + (sc.info(t).fortress_sr > 0 ? sc.info(t).fortress_sr : 0) >= att)
        return Action("cavalry-stand");
      return retreat(sc, legal.all(), "cavalry-retreat");
    }
    case StepKind::kAdvance:
      return advance(sc, legal.all());
    case StepKind::kHqDisplace:
      return displace(sc, legal.all());
    case StepKind::kAdministrative:
      return administrative(sc, legal.all());
    case StepKind::kActivate:
      return activation(sc, legal);
    case StepKind::kHqOrders:
      if (!ws.frames().empty()) return hq_orders(sc, legal);
      break;
    case StepKind::kForceOrders:
      if (ws.force()) return force_orders(sc, legal);
      break;
    case StepKind::kMarch:
      if (ws.force()) return march(sc, legal);
      break;
    default:
      break;
  }
  return legal.all().front();
}

// All that administrative() reads: the whole state (its fingerprint covers
// every field hash() does), the side, and the claims of the turn (goals()); the
// LOCs and ZOCs come from the state, the rest of the Mind keeps values of it.
std::uint64_t Mind::admin_key(const WateState& ws, Side me) const {
  QuickHasher h;
  h.u64(ws.fingerprint());
  h.i64(wate1870::index(me));
  h.u64(claims.size());
  for (const auto& [hex, sp] : claims) {
    h.i64(hex);
    h.u64(std::bit_cast<std::uint64_t>(sp));
  }
  return h.digest();
}

void Mind::refresh(const WateState& ws, Side me) {
  for (Side z : {Side::kFrench, Side::kGerman}) {
    const auto i = static_cast<std::size_t>(wate1870::index(z));
    locs[i].reset();  // Scene::loc asks ws.loc_map when needed
    // Not its own ZOC, which moves with every march of its own: a Scene reads
    // only the enemy's.
    zocs[i] = z != me ? ws.zoc_map(z) : nullptr;
  }
}

}  // namespace rz::bots::heuristic1870
