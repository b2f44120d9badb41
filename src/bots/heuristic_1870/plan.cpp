// The heuristic bot's planner: what each side wants (targets), what a hex is
// worth to a force, and a force's whole march at once (heuristic_1870.hpp).
#include <atomic>
#include <cassert>
#include <cmath>
#include <numeric>

#include "bots/heuristic_1870/mind.hpp"
#include "rules/wate1870/command.hpp"

namespace rz::bots::heuristic1870 {

// loc_after and move_cost are asked for every hex a plan reaches and
// used only in this file: `inline`, GCC builds them into plan_march, as it did
// while the bot was one file (the search harness: 1.1% more instructions
// without, callgrind).

std::uint64_t new_id() {
  static std::atomic<std::uint64_t> next{0};
  return ++next;
}

// ---- targets ----

const Targets& Mind::targets(const Scene& sc) const {
  if (sc.targets) return *sc.targets;
  const auto& pos = sc.ws.position();
  auto& words = foe_words.v;
  words.clear();
  for (const auto& g : pos.sps)
    if (g.side == sc.foe && g.count > 0 && sc.map.index_of(g.hex) >= 0)
      words.push_back((static_cast<std::uint64_t>(g.hex.col) & 0xffff) << 48 |
                      (static_cast<std::uint64_t>(g.hex.row) & 0xffff) << 32 |
                      static_cast<std::uint64_t>(g.status) << 24 |
                      (static_cast<std::uint64_t>(g.count) & 0xffffff));
  auto& kept = targets_memo.v;
  auto& memos = kept.memos[static_cast<std::size_t>(wate1870::index(sc.me))];
  TargetsMemo* oldest = &memos.front();
  for (auto& m : memos) {
    if (m.map == &sc.map && m.foe == words && m.control == pos.control &&
        m.destroyed == pos.destroyed) {
      m.used = ++kept.clock;
      return *(sc.targets = &m.targets);
    }
    if (m.used < oldest->used) oldest = &m;
  }
  auto& memo = *oldest;
  memo.used = ++kept.clock;
  // Made in the memo itself: a Scene reads them there (one Scene at a time).
  memo.map = nullptr;
  auto& out = memo.targets.all;
  out.clear();
  const auto& tb = sc.b.tables();
  const bool german = sc.me == Side::kGerman;
  // Only places (MapTables::places) and enemy stacks can be targets: the
  // rest of the map is skipped, in index order as claim() expects.
  auto& at = candidates.v;
  at.clear();
  for (const auto& g : sc.ws.position().sps)
    if (g.side == sc.foe && g.count > 0)
      if (const int i = sc.map.index_of(g.hex); i >= 0) at.push_back(i);
  std::sort(at.begin(), at.end());
  const auto enemy_end = at.size();
  at.insert(at.end(), sc.mt.places.begin(), sc.mt.places.end());
  std::inplace_merge(at.begin(), at.begin() + static_cast<std::ptrdiff_t>(enemy_end), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  for (const int i : at) {
    const auto& info = sc.info(i);
    if (wate1870::neutral(info.country)) continue;  // not passable (geography §6.3)
    const auto ctrl = sc.controller(i);
    const bool enemy_here = sc.sp_of(sc.foe, i) > 0;
    double value = 0, need = 1;
    // Towns: 1 VP each way (11.0).
    if (info.town && ctrl != sc.me) {
      const int dvp = tb.vp_town(info.country, sc.me);
      if (vp_points(sc.me, dvp) > 0) value += vp_points(sc.me, dvp) * 1.2;
    }
    // The German objectives (11.0): Metz, Verdun, Paris; the first untaken counts most.
    if (german && (i == sc.mt.metz || i == sc.mt.verdun || i == sc.mt.paris) &&
        ctrl != Side::kGerman) {
      const bool metz_held =
          sc.mt.metz >= 0 && sc.ws.controller(sc.hex_at(sc.mt.metz)) == Side::kGerman;
      value += i == sc.mt.metz ? 40 : metz_held ? 30 : 12;
      need = 24;
    }
    // Enemy fortresses, undestroyed: entering one empty takes it (3.7, 4.2, 6.2).
    if (info.fortress_sr > 0 && !sc.ws.position().fortress_destroyed(info.hex) && ctrl == sc.foe)
      value += 4 + info.fortress_sr;
    // Own places the enemy is near: a garrison keeps them (11.0 towns, 4.2 fortresses).
    if (ctrl == sc.me && !enemy_here && (info.town || info.fortress_sr > 0) && value == 0) {
      const int d = sc.nearest(sc.foe, i, 3);
      if (d <= 3) {
        // The French keep the German objectives above all (11.0).
        const bool objective = i == sc.mt.metz || i == sc.mt.verdun || i == sc.mt.paris;
        const double stake = !german && objective ? 15 : info.town ? 8 : 5;
        value = stake * (d <= 2 ? 1.0 : 0.5);
        need = 1;
      }
    }
    if (value > 0 && !enemy_here) {
      out.push_back({i, value, need, false});
      continue;
    }
    if (enemy_here) {
      // An enemy stack: worth its SP, and the place under it.
      const int s =
          sc.strength(sc.foe, i) + (info.fortress_sr > 0 && ctrl == sc.foe ? info.fortress_sr : 0);
      out.push_back({i, value * 0.5 + 2.0 * sc.sp_of(sc.foe, i) + 4, 2.0 * std::max(1, s), true});
    }
  }
  auto& by_value = memo.targets.by_value;
  by_value.resize(out.size());
  std::iota(by_value.begin(), by_value.end(), 0u);
  std::sort(by_value.begin(), by_value.end(), [&](std::uint32_t a, std::uint32_t b) {
    return out[a].value != out[b].value ? out[a].value > out[b].value : a < b;
  });
  memo.targets.id = new_id();
  memo.map = &sc.map;
  memo.foe = words;
  memo.control = pos.control;
  memo.destroyed = pos.destroyed;
  return *(sc.targets = &memo.targets);
}

std::vector<Goal> Mind::goals(const Scene& sc, const ForceDesc& f) const {
  std::vector<Goal> out;
  goals(sc, f, out);
  return out;
}

void Mind::goals(const Scene& sc, const ForceDesc& f, std::vector<Goal>& out) const {
  out.clear();
  const int str = f.strength();
  const bool led = !f.hqs.empty();
  const Targets& ts = targets(sc);
  out.reserve(ts.all.size());
  // The claims by hex, in a table of the Mind's own (cleared after): one look
  // a target instead of a search of the map. Every claim is 1 or more.
  auto& claimed_at = claim_table.v;
  if (claimed_at.size() < Scene::u(sc.n)) claimed_at.assign(Scene::u(sc.n), 0.0);
  for (const auto& [h, sp] : claims) claimed_at[Scene::u(h)] = sp;
  for (const std::uint32_t k : ts.by_value) {  // the most valuable first (goal())
    const Target& t = ts.all[k];
    double cap = 1;
    const double claimed = claimed_at[Scene::u(t.idx)];
    if (t.attack) {
      // Planned Attacks need an HQ unit (7.4); otherwise only March Combat, halved.
      const double need = led ? t.need : 2 * t.need;
      const double have = str + claimed;
      if (have < 0.5 * need) continue;
      cap = std::min(1.0, have / need);
    } else if (claimed >= t.need) {
      cap = 0.15;
    }
    out.push_back({t.idx, t.value * cap, t.value, t.attack ? sc.mt.enter_mp[Scene::u(t.idx)] : 0});
  }
  for (const auto& [h, sp] : claims) claimed_at[Scene::u(h)] = 0;
}

double Mind::dest_value(const Scene& sc, const std::vector<Goal>& gs, const ForceDesc& f, int x,
                        GoalMemo* memo) const {
  const auto goal_here = [&] { return memo ? memo->get(x) : goal(sc.mt, gs, x); };
  const int raw = f.raw();
  double v = 0;
  if (f.army) {
    // Army HQs (and Napoleon III) stay with troops, out of the enemy's reach.
    const int d = sc.nearest(sc.foe, x, 3);
    if (d <= 2)
      v -= 60;
    else if (d <= 3)
      v -= 15;
    const int own = x == f.hex ? sc.sp_of(sc.me, x) : sc.sp_of(sc.me, x) + raw;
    if (own == 0) v -= 30;
    v += 0.3 * goal_here();
    return v;
  }
  if (raw == 0) {
    // An HQ alone goes to troops without an HQ, near the front.
    const int own = sc.sp_of(sc.me, x);
    if (own > 0)
      v += 10 + std::min(own, 12) * 0.5 -
           (sc.hq[Scene::u(sc.k(sc.me))][Scene::u(x)] && x != f.hex ? 6 : 0);
    if (sc.nearest(sc.foe, x, 1) <= 1 && own < 3) v -= 20;
    v += 0.2 * goal_here();
    return v;
  }
  v += goal_here();
  // Next to the enemy: bad if weaker than what is adjacent.
  const int adj = sc.adjacent_strength(sc.foe, x);
  if (adj > 0) {
    const auto& info = sc.info(x);
    const int mine_there =
        x == f.hex ? sc.strength(sc.me, x) : sc.strength(sc.me, x) + f.strength();
    if (mine_there < adj) v -= 1.2 * (adj - mine_there) + 0.5 * raw;
    if (info.town || info.fortress_sr > 0 || info.terrain != wate1870::Terrain::kClear)
      v += 0.3 * raw;
  }
  // Keep the LOC (4.0): no rally, recovery or full strength without one.
  if (!loc_after(sc, x)) v -= 2.5 * raw;
  return v;
}

// Whether a force of ours in x has a LOC once it is there. The LOCs are those of
// the position now, so a place we take from the enemy (a town or fortress
// under its control blocks tracing, 4.1) counts if a neighbour has one.
inline bool Mind::loc_after(const Scene& sc, int x) const {
  const auto& loc = sc.loc(sc.me);
  if (loc.has_loc(sc.hex_at(x))) return true;
  if (sc.controller(x) == sc.me) return false;
  for (int dir = 0; dir < 6; ++dir) {
    const int j = sc.map.neighbour_index(x, dir);
    if (j >= 0 && sc.sp_of(sc.foe, j) == 0 && loc.has_loc(sc.hex_at(j))) return true;
  }
  return false;
}

inline int Mind::move_cost(const Scene& sc, const ForceDesc& f, int from, int dir, int to) const {
  int mp = sc.mt.step(sc.rule_12_4, from, dir);  // the terrain and a river
  if (mp < 0) return -1;                         // closed (Map::passable)
  if (f.cautious && sc.in_ezoc(to)) mp += 1;
  if (sc.me == Side::kFrench) {
    auto occupied = [&](int i) {
      return sc.sp_of(Side::kFrench, i) > 0 || sc.hq[Scene::u(sc.k(Side::kFrench))][Scene::u(i)];
    };
    if (to != f.hex && occupied(to)) mp += 1;
    if (from == f.hex ? f.leaves_others : occupied(from)) mp += 1;
  }
  if (sc.me == Side::kGerman && sc.rule_12_1) {
    const auto& info = sc.info(to);
    if (info.country == wate1870::Country::kFrance &&
        (info.town || (info.fortress_sr > 0 && !sc.ws.position().fortress_destroyed(info.hex))))
      mp += sc.b.tables().civilian_resistance_mp();
  }
  return mp;
}

double Mind::step_gain(const Scene& sc, int to) const {
  const auto& info = sc.info(to);
  const auto ctrl = sc.controller(to);
  if (ctrl == sc.me) return 0;
  double g = 0;
  if (info.town) g += std::max(0.0, vp_points(sc.me, sc.b.tables().vp_town(info.country, sc.me)));
  if (sc.me == Side::kGerman && (to == sc.mt.metz || to == sc.mt.verdun || to == sc.mt.paris))
    g += 5;
  return g;
}

namespace {

// The one force of a March Combat from `from` (8.2), in a buffer of the
// thread's own (allocated once).
const std::vector<wate1870::CombatForce>& march_attack(const Scene& sc, const ForceDesc& f,
                                                       int from) {
  wate1870::CombatForce cf;
  cf.hex = sc.hex_at(from);
  cf.good = f.good;
  cf.disrupted = f.dis;
  cf.demoralized = f.dem;
  cf.loc = sc.loc(sc.me).has_loc(cf.hex);
  cf.cavalry = wate1870::cavalry_force(sc.b, f.groups);
  thread_local std::vector<wate1870::CombatForce> attack;
  attack.assign(1, cf);
  return attack;
}

}  // namespace

Heuristic1870Bot::Odds Mind::march_odds(const Scene& sc, const ForceDesc& f, int from,
                                        int target) const {
  const CombatOdds combat = march_combat(sc, f, from, target);
  return combat(sc.loc(sc.foe).has_loc(sc.hex_at(target)));
}

CombatOdds Mind::march_combat(const Scene& sc, const ForceDesc& f, int from, int target) const {
  return CombatOdds(sc.b, sc.me, march_attack(sc, f, from), f.hqs, sc.hex_at(target), true);
}

Plan Mind::plan_march(const Scene& sc, const ForceDesc& f) const {
  auto& gs = plan_goals.v;  // allocated once (plan_march is not reentrant)
  assert(tables.get() == &sc.mt);
  auto& kept = goals_kept.v;
  const GoalMemo::From from{targets(sc).id, claims_id, f.strength(), !f.hqs.empty()};
  // Goals made from the same as a memo's are its own: no need to make them
  // (gs is left as it was; dest_value reads the memo's).
  GoalMemo* found = nullptr;
  for (auto& m : kept.memos)
    if (m.from == from && m.mt.get() == &sc.mt) {
      found = &m;
      m.used = ++kept.clock;
      break;
    }
  if (!found) {
    goals(sc, f, gs);
    found = &kept.find(tables, gs);
    found->from = from;
  }
  auto& known = *found;
  Plan best;
  best.start = f.hex;
  const int mp0 = std::max(0, f.mp);
  const int width = mp0 + 1;
  const auto slot = [&](int h, int m) {
    return static_cast<std::size_t>(h) * static_cast<std::size_t>(width) +
           static_cast<std::size_t>(m);
  };
  auto& t = plan_tables.v;
  t.start(static_cast<std::size_t>(sc.n), static_cast<std::size_t>(width));
  // The best value of reaching (hex, MP left), and the slot it came from.
  const auto val = [&](std::size_t s) { return t.val_at[s] == t.stamp ? t.val[s] : -kInf; };
  auto& pred = t.pred;
  t.val_at[slot(f.hex, mp0)] = t.stamp;
  t.val[slot(f.hex, mp0)] = 0;
  pred[slot(f.hex, mp0)] = -1;
  auto dest = [&](int h) {  // dest_value, on demand
    const auto i = Scene::u(h);
    if (t.dest_at[i] != t.stamp)
      t.dest_at[i] = t.stamp, t.dest[i] = dest_value(sc, known.goals, f, h, &known);
    return t.dest[i];
  };
  // The odds of March Combat from h on its neighbour e across `dir`, on demand.
  // One force attacks, so they read of h only its LOC (8.2) and whether the
  // attack crosses a river (8.3, GAP-W-03): the same from every hex that shares
  // those, at every MP left.
  // The defender's LOC (8.2: halved without one) is traced only for an attack
  // worth weighing: one that falls short of kMinWin or kMinGain against the
  // defender both with a LOC and without falls short either way, and is kept as
  // no odds at all (win 0), which falls short too. (With a LOC first: most
  // defenders have one.)
  const auto weak = [](const Odds& o) { return o.win < kMinWin || o.value < kMinGain; };
  auto odds = [&](int h, int dir, int e) -> const Odds& {
    const bool loc = sc.loc(sc.me).has_loc(sc.hex_at(h));
    const bool river = (sc.map.river_dirs(h) >> dir) & 1u;
    const std::size_t i = Scene::u(e) * 4 + (loc ? 2 : 0) + (river ? 1 : 0);
    if (t.odds_at[i] != t.stamp) {
      t.odds_at[i] = t.stamp;
      if (sc.has_loc_map(sc.foe)) {
        t.odds[i] = march_odds(sc, f, h, e);
      } else {
        const CombatOdds combat = march_combat(sc, f, h, e);
        const Odds with = combat(true);
        if (!weak(with)) {
          t.odds[i] = sc.loc(sc.foe).has_loc(sc.hex_at(e)) ? with : combat(false);
        } else {
          const Odds without = combat(false);
          t.odds[i] = weak(without)                          ? Odds{}
                      : sc.loc(sc.foe).has_loc(sc.hex_at(e)) ? with
                                                             : without;
        }
      }
    }
    return t.odds[i];
  };
  // The hexes reached with m MP left, by m: every step costs 1 MP or more, so
  // each level is complete before it is walked (in hex order, as ties go).
  auto& level = t.level;
  level[static_cast<std::size_t>(mp0)].push_back(f.hex);
  best.stay = dest(f.hex);
  best.value = best.stay;
  const bool german = sc.me == Side::kGerman;
  for (int m = mp0; m >= 0; --m) {
    auto& hexes = level[static_cast<std::size_t>(m)];
    std::sort(hexes.begin(), hexes.end());
    for (const int h : hexes) {
      const double here = val(slot(h, m));
      // Stop here, or attack from here.
      const double stop = here + dest(h) - 0.01 * (mp0 - m);
      auto take = [&](double v, int attack) {
        if (v <= best.value) return;
        best.value = v;
        best.attack = attack;
        best.path.clear();
        for (int s = static_cast<int>(slot(h, m));
             s >= 0 && s != static_cast<int>(slot(f.hex, mp0)); s = pred[Scene::u(s)])
          best.path.push_back(s / width);
        std::reverse(best.path.begin(), best.path.end());
      };
      if (h != f.hex || m != mp0) take(stop, -1);
      // No attack or step costs less than the cheapest terrain (the river, the
      // HQs, 12.1 only add): with less left the march ends here.
      if (m < sc.mt.least_mp) continue;
      const bool stuck = (h != f.hex && sc.in_ezoc(h)) || (h == f.hex && f.must_stop);
      const bool attacks = !f.army && f.raw() > 0;
      if (stuck && !attacks) continue;
      if (!stuck) {
        // The hexes of the path so far: a march does not come back (so a town
        // is taken, and counted, once).
        // (The last 16 of them, marked: one look a neighbour.)
        if (++t.path == 0) std::fill(t.on_path.begin(), t.on_path.end(), 0), t.path = 1;
        int len = 0;
        for (int s = static_cast<int>(slot(h, m)); s >= 0 && len < 16; s = pred[Scene::u(s)], ++len)
          t.on_path[Scene::u(s / width)] = t.path;
      }
      // Each neighbour once: an enemy's is attacked (a step cannot enter it),
      // the others stepped into. A step writes only slots with less MP left,
      // none of which `take` reads, so the order is as good as two loops.
      for (int dir = 0; dir < 6; ++dir) {
        const int to = sc.map.neighbour_index(h, dir);
        if (to < 0) continue;
        if (sc.sp_of(sc.foe, to) > 0) {
          if (!attacks) continue;
          const int cost = sc.mt.enter_mp[Scene::u(to)] +
                           ((sc.map.river_dirs(h) >> dir) & 1u ? sc.b.tables().river_mp() : 0);
          if (cost > m) continue;
          const Odds& o = odds(h, dir, to);
          if (weak(o)) continue;
          take(here + dest(h) + o.value + step_gain(sc, to) * o.win, to);
          continue;
        }
        if (stuck || t.on_path[Scene::u(to)] == t.path) continue;
        const int cost = move_cost(sc, f, h, dir, to);
        if (cost < 0 || cost > m) continue;
        // (Nothing to gain in a hex of ours: most steps, no call for them.)
        double v = here + (sc.controller(to) == sc.me ? 0.0 : step_gain(sc, to));
        if (german && (sc.fire[Scene::u(h)] || sc.fire[Scene::u(to)]))
          v -= f.army ? 200 : (f.hqs.empty() ? 1.5 : 2.5);
        const std::size_t s = slot(to, m - cost);
        if (t.val_at[s] != t.stamp) {
          level[static_cast<std::size_t>(m - cost)].push_back(to);
          t.val_at[s] = t.stamp;
          t.val[s] = -kInf;
        }
        if (v > t.val[s]) {
          t.val[s] = v;
          pred[s] = static_cast<int>(slot(h, m));
        }
      }
    }
  }
  return best;
}

void Mind::claim(const Scene& sc, const ForceDesc& f, const Plan& p) {
  const int end = p.attack >= 0 ? p.attack : p.path.empty() ? p.start : p.path.back();
  // The target this force is closest to after its march.
  int best = -1;
  double bv = -kInf;
  for (const auto& t : targets(sc).all) {
    const double v = t.value - kPerMp * sc.mt.d(end, t.idx);
    if (v > bv) bv = v, best = t.idx;
  }
  if (best >= 0) claims[best] += std::max(1, f.strength()), claims_id = new_id();
}

// ---- forces ----

ForceDesc Mind::force_in(const Scene& sc, int hex, int sp, const std::vector<const HqUnit*>& hqs,
                         int mp, bool cautious) const {
  // The SP a force of `sp` SP would take there: best status first (take_sps).
  ForceDesc f;
  f.hex = hex;
  f.hqs = hqs;
  f.mp = mp;
  f.cautious = cautious;
  const hex::Hex h = sc.hex_at(hex);
  int left = sp;
  // The hex's groups only (SpList::each_in), in the list's order.
  for (Status1870 want : {Status1870::kGood, Status1870::kDisrupted, Status1870::kDemoralized})
    sc.ws.position().sps.each_in(h, [&](const SpGroup& g) {
      if (left == 0) return;
      if (g.side != sc.me || g.activated || g.acting || g.status != want) return;
      const int k = std::min(left, g.count);
      left -= k;
      (want == Status1870::kGood ? f.good : want == Status1870::kDisrupted ? f.dis : f.dem) += k;
      SpGroup c = g;
      c.count = k;
      f.groups.push_back(c);
    });
  int others = sc.sp_of(sc.me, hex) - (sp - left);
  bool other_hq = false;
  for (const auto& q : sc.ws.position().hqs)
    if (q.side == sc.me && q.hex == h && std::find(hqs.begin(), hqs.end(), &q) == hqs.end())
      other_hq = true;
  f.leaves_others = others > 0 || other_hq;
  for (const HqUnit* q : hqs) f.army = f.army || army_hq(sc.b, *q);
  return f;
}

ForceDesc Mind::acting_force(const Scene& sc) const {
  ForceDesc f;
  const auto& af = *sc.ws.force();
  f.hex = sc.map.index_of(af.hex);
  f.mp = af.mp_left;
  f.cautious = af.cautious;
  f.must_stop = af.must_stop;
  for (const auto& id : af.hqs)
    if (const HqUnit* q = sc.ws.position().hq(id)) {
      f.hqs.push_back(q);
      f.army = f.army || army_hq(sc.b, *q);
    }
  bool others = false;
  sc.ws.position().sps.each_in(af.hex, [&](const SpGroup& g) {  // in the list's order
    if (g.side != sc.me) return;
    if (!g.acting) {
      others = others || g.count > 0;
      return;
    }
    (g.status == Status1870::kGood        ? f.good
     : g.status == Status1870::kDisrupted ? f.dis
                                          : f.dem) += g.count;
    f.groups.push_back(g);
  });
  for (const auto& q : sc.ws.position().hqs)
    if (q.side == sc.me && q.hex == af.hex &&
        std::find(af.hqs.begin(), af.hqs.end(), q.id) == af.hqs.end())
      others = true;
  f.leaves_others = others;
  return f;
}

bool Mind::wants_rally(const Scene& sc, int hex, int bad, int all) const {
  if (bad == 0 || sc.ws.rp(sc.me) < sc.b.tables().rally_cost()) return false;
  if (sc.in_ezoc(hex)) return false;
  if (!sc.loc(sc.me).has_loc(sc.hex_at(hex))) return false;
  return 3 * bad >= all;
}

}  // namespace rz::bots::heuristic1870
