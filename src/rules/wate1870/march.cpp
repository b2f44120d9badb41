// 7.1 March: moving a force hex by hex, paying the Terrain Effects Chart,
// stopping in the first enemy ZOC entered (3.4), and taking control of the
// hexes moved through (3.7) with the VP that brings (11.0). Also 7.1.2
// Opportunity Chassepot Fire (with 12.3 Mitrailleuse), 7.1.3 rail movement,
// 7.2 Forced March and the German HQ pick-up of 7.1. Rulings:
// docs/rulings/wate1870-march.md.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <numeric>
#include <queue>
#include <string_view>
#include <utility>

#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/derived.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/map.hpp"
#include "rules/wate1870/movement.hpp"
#include "rules/wate1870/order_list.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

MoveContext context_of(const Position& pos, const ActiveForce& f) {
  MoveContext ctx;
  ctx.side = f.side;
  ctx.cautious = f.cautious;
  // 7.1: the French pay +1 to leave a hex that still holds a friendly force
  // once the marching force has gone; leaving an emptied hex costs nothing extra.
  bool own_sp = false;  // the hex's groups alone: found by a search when the list is sorted
  pos.sps.each_in(f.hex,
                  [&](const SpGroup& g) { own_sp = own_sp || (g.side == f.side && !g.acting); });
  const bool others = own_sp || std::any_of(pos.hqs.begin(), pos.hqs.end(), [&](const HqUnit& q) {
                        return q.hex == f.hex && q.side == f.side &&
                               std::find(f.hqs.begin(), f.hqs.end(), q.id) == f.hqs.end();
                      });
  if (!others) ctx.leaving_own_hex = f.hex;
  return ctx;
}

// The acting SP, all in the force's hex `at`: only its groups are read.
ForceSp force_sp(const Position& pos, hex::Hex at) {
  ForceSp f;
  pos.sps.each_in(at, [&](const SpGroup& g) {
    if (!g.acting) return;
    f.all += g.count;
    if (g.entrained) f.entrained += g.count;
    if (g.status == Status::kGood) f.good += g.count;
    f.by_status[static_cast<int>(g.status)] += g.count;
    f.steps += g.count * (3 - static_cast<int>(g.status));
  });
  assert(f.all == std::accumulate(pos.sps.begin(), pos.sps.end(), 0, [](int n, const SpGroup& g) {
           return n + (g.acting ? g.count : 0);
         }));
  return f;
}

// The acting force's SP, asked once per candidate order while legal actions
// are listed: kept per state, but not while an order is being applied.
ForceSp acting_sp(const Position& pos, hex::Hex at, bool applying, std::optional<ForceSp>& kept) {
  if (applying) return force_sp(pos, at);
  if (!kept) kept = force_sp(pos, at);
  return *kept;
}

// 7.1: the SP of `side` in `h` a marching German HQ may pick up: not activated,
// not in the force, not on a train.
int waiting_sp(const Position& pos, Side side, hex::Hex h) {
  int n = 0;
  pos.sps.each_in(h, [&](const SpGroup& g) {
    if (g.side == side && !g.activated && !g.acting && !g.entrained) n += g.count;
  });
  return n;
}

// 7.1.2: French SP that can fire at a German force in `h`: those adjacent to it,
// not entrained (ruling MA-3).
bool french_can_fire_at(const Position& pos, hex::Hex h) {
  bool can = false;
  for (const hex::Hex n : hex::neighbours(h))  // the six hexes' groups, not every group
    pos.sps.each_in(n, [&](const SpGroup& g) {
      can = can || (g.side == Side::kFrench && !g.entrained && g.count > 0);
    });
  return can;
}

// 7.2 (GAP-W-26): the cheapest path from `from` to `to` for the force, never
// entering an EZOC; ties broken by the lower hex at each step (deterministic).
struct Path {
  std::vector<hex::Hex> hexes;  // entered, in order
  std::vector<int> costs;
  int total = 0;
};
// Dijkstra from `from` over hexes outside the enemy's ZOC; dist -1 = unreachable.
// Paths dearer than `max_cost` are not explored: a Forced March reaches MA + 3 at most.
ForcedCosts forced_costs(const Board& b, hex::Hex from, const MoveContext& force, int max_cost) {
  const Map& m = b.map();
  const auto ezoc = ZocMap::of(b, other(force.side));
  const Occupancy occupancy(b, force.side);  // every hex around is asked about
  const std::size_t n = m.hexes().size();
  ForcedCosts c{std::vector<int>(n, -1), std::vector<int>(n, -1), std::vector<int>(n, 0)};
  MoveContext ctx = occupancy.on(force);
  ctx.enemy_zoc = ezoc.get();
  const StepPrice price(b, ctx);  // the options asked once, not at every step
  // Taken lowest (cost, hex) first, as a std::set of them would give them up: a
  // heap with the superseded entries skipped when they come out (no allocation
  // per entry).
  std::priority_queue<std::pair<int, hex::Hex>, std::vector<std::pair<int, hex::Hex>>,
                      std::greater<>>
      open;
  open.push({0, from});
  c.dist[static_cast<std::size_t>(m.index_of(from))] = 0;
  while (!open.empty()) {
    const auto [d, h] = open.top();
    open.pop();
    const int hi = m.index_of(h);
    if (d != c.dist[static_cast<std::size_t>(hi)]) continue;  // a dearer entry, since improved
    for (int k = 0; k < 6; ++k) {
      const int j = m.neighbour_index(hi, k);  // neighbours(h)[k]
      if (j < 0 || ezoc->in_zoc_index(j)) continue;
      int cost = 0;
      if (price(hi, k, j, cost) != EnterBar::kNone) continue;
      const int nd = d + cost;
      if (nd > max_cost) continue;
      auto& dj = c.dist[static_cast<std::size_t>(j)];
      if (dj >= 0 && dj <= nd) continue;
      dj = nd;
      c.prev[static_cast<std::size_t>(j)] = hi;
      c.step[static_cast<std::size_t>(j)] = cost;
      open.push({nd, m.hexes()[static_cast<std::size_t>(j)].hex});
    }
  }
  return c;
}

// The cheapest path to `to` in a search from `from`. Searches bounded at different
// costs find the same paths to the hexes within the lower bound: hexes are settled
// in the same (cost, hex) order up to it, each from the first that reached it.
std::optional<Path> cheapest_path(const Map& m, const ForcedCosts& c, hex::Hex from, hex::Hex to) {
  const int ti = m.index_of(to);
  if (ti < 0 || c.dist[static_cast<std::size_t>(ti)] < 0 || to == from) return std::nullopt;
  Path p;
  p.total = c.dist[static_cast<std::size_t>(ti)];
  for (int i = ti; i != m.index_of(from); i = c.prev[static_cast<std::size_t>(i)]) {
    p.hexes.insert(p.hexes.begin(), m.hexes()[static_cast<std::size_t>(i)].hex);
    p.costs.insert(p.costs.begin(), c.step[static_cast<std::size_t>(i)]);
  }
  return p;
}

// 7.2: whether the force may declare a Forced March now, whatever the destination.
// `fs`: the force's SP (acting_sp).
rz::Status forced_march_ready(const Board& b, const ActiveForce& f, const ForceSp& fs) {
  if (f.entrained || fs.entrained > 0) return illegal("an entrained force may not make a Forced March", "7.1.3");
  if (fs.all == 0) return illegal("a Forced March is made by SP; the force has none", "7.2");
  if (fs.good != fs.all) return illegal("a Forced March needs every SP of the force in good order", "7.2");
  if (in_enemy_zoc(b, f.hex, f.side))
    return illegal("a force in an enemy zone of control (" + f.hex.id() + ") may not make a Forced March", "7.2");
  if (f.forced) return illegal("the force already made its Forced March", "7.2");
  if (f.side == Side::kFrench && f.moved)
    return illegal("the French declare a Forced March before the force moves", "7.2");
  return {};
}

std::vector<ChanceOutcome> two_dice(const char* verb, bool d66) {
  std::vector<ChanceOutcome> out;
  out.reserve(36);
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) {
      Action act(verb);
      if (d66)
        act.with("d66", std::to_string(a * 10 + b));
      else
        act.with("d1", std::to_string(a)).with("d2", std::to_string(b));
      out.push_back({act, Fraction(1, 36), {a, b}});
    }
  return out;
}

void clear_engaged(Position& pos) {
  // Asked at every step of a march: read first, so an untouched list is not
  // marked changed (normalise would scan it again).
  const auto& list = std::as_const(pos).sps;
  if (std::none_of(list.begin(), list.end(), [](const SpGroup& g) { return g.engaged; })) return;
  for (auto& g : pos.sps) g.engaged = false;
  pos.normalise_groups();
}

}  // namespace

Result<int> WateState::march_combat_cost(hex::Hex to) const {
  // Ruling F-8: judged on the board the mover plans with, as a move's cost is.
  return on_planning_board(force_->side, [&](const Board& b) {
    MoveContext ctx = context_of(pos_, *force_);
    ctx.attacking = true;
    return enter_cost(b, force_->hex, to, ctx);
  });
}

// ---- the march's orders ----

void WateState::march_actions(Side side, OrderList& cand) const {
  // Every order listed is one check_march accepts: the candidates go through it.
  // Those it would refuse for a reason read off the force alone are not made at
  // all (a march lists a dozen candidates at each step, most of them refused).
  // A candidate this list makes only when check_march would accept it is marked
  // sure and not checked again: a stop, a step, a rail ride (the most of a
  // march's orders; the rides are dozens). A force fired on may only take the
  // step it began (7.1.2), so then every candidate is checked.
  std::vector<bool> sure;
  cand.reserve(16);  // the steps, attacks and train orders: the rail rides may add more
  sure.reserve(16);
  const bool fired = force_->fired_to.has_value();
  // Made in place in the list (a temporary moved in cost a third more).
  auto add = [&]<std::size_t N>(const char(&verb)[N], bool certain) {
    sure.push_back(certain && !fired);
    return cand.add(verb);
  };
  add("stop", true);
  const ForceSp fs = acting_sp(pos_, force_->hex, applying_, derived().acting);
  const bool on_train = force_->entrained || fs.entrained > 0;
  // 7.1: no step is taken by a force on the train (7.1.3) or one that must stop
  // in an enemy zone of control (3.4); none that enter_cost bars or the MP left
  // do not pay. The same board and context as check_march's (ruling F-8).
  const auto around = hex::neighbours(force_->hex);
  std::array<bool, 6> steps{};
  if (!on_train && !force_->must_stop) {
    const MoveContext ctx = context_of(pos_, *force_);
    on_planning_board(side, [&](const Board& b) {
      for (std::size_t k = 0; k < around.size(); ++k) {
        int mp = 0;
        steps[k] = enter_mp(b, force_->hex, around[k], ctx, mp) == EnterBar::kNone && mp <= force_->mp_left;
      }
      return 0;
    });
  }
  // 7.1.1: check_march_combat turns down an attack on a hex with no enemy SP (in the
  // position itself, not a planning picture), so only those hexes are tried.
  std::array<bool, 6> enemy_next{};
  for (std::size_t k = 0; k < around.size(); ++k)  // the six hexes' groups, found by a search
    pos_.sps.each_in(around[k], [&](const SpGroup& g) {
      enemy_next[k] = enemy_next[k] || (g.side != force_->side && g.count > 0);
    });
  for (std::size_t k = 0; k < around.size(); ++k) {
    // 7.2: a force on a Forced March enters no EZOC (check_march's last test).
    if (steps[k])
      add("move", !(force_->forced && in_enemy_zoc(board(), around[k], side))).hex("to", around[k]);
    // ---- 7.1.1 March Combat (the lead's combat_procedure.cpp) ----
    if (enemy_next[k]) add("attack", false).hex("to", around[k]);
  }
  // 7.1.3: a force all on the train does not entrain, and only a rail hex has a
  // train; only an entrained force detrains. Nor does a force without the RP
  // for it: check_rail would trace a LOC (3.8) before it refused the order.
  const int entrain_rp = (fs.all - fs.entrained) * data_->tables.rail(side).rp_per_sp;
  if (!(on_train && fs.all == fs.entrained) && data_->map.rail(force_->hex) &&
      entrain_rp <= rp_[index(side)])
    add("entrain", false);
  // Sure with the MP for it: check_rail asks no more of a force on the train.
  if (on_train)
    add("detrain", !force_->must_stop && force_->mp_left >= data_->tables.rail(side).detrain_mp);
  // 11.0 (GAP-W-29): only the French leave, and only from the rail exit (victory.cpp).
  if (const auto exit = data_->map.rail_exit(); side == Side::kFrench && exit && force_->hex == *exit)
    add("exit", false);
  // 7.1.3: only a force all on the train rides, and only with the MP for it
  // (check_rail's tests): then every hex of the reach is a ride it accepts, and
  // otherwise the reach is not worked out at all.
  if (!force_->must_stop && !force_->fired_to && on_train && fs.all == fs.entrained &&
      force_->mp_left >= data_->tables.rail(side).ride_mp) {
    const auto reach = rail_reach(force_->hex, side);
    cand.reserve(cand.size() + reach->size() + 4);  // the rides at once, and the few orders after
    sure.reserve(cand.size() + reach->size() + 4);
    for (auto to : *reach) add("rail", true).hex("to", to);
  }
  // 7.2: whether the force may declare a Forced March at all is asked once.
  // The force's own flags first: forced_march_ready refuses a second Forced
  // March too, but after a look at the enemy's ZOC.
  const bool forced_ready = (side == Side::kGerman || !force_->moved) && !force_->must_stop &&
                            !force_->fired_to && !force_->forced &&
                            forced_march_ready(board(), *force_, fs);
  // forced_ready is all check_forced_march asks of a German declaration.
  if (side == Side::kGerman && forced_ready)
    for (int e = 1; e <= 3; ++e) add("forced-march", true).num("extra", e);
  // 7.1: a pick-up costs 1 MP and takes no more SP than wait unactivated in the hex.
  if (side == Side::kGerman && !frames_.empty() && !on_train && force_->mp_left >= 1) {
    const int waiting = waiting_sp(pos_, side, force_->hex);
    for (int n = 1; n <= std::min(waiting, frames_.back().limit_left); ++n)
      add("pickup", false).num("sp", n);
  }
  // The candidates check_march refuses are taken out where they stand.
  cand.keep_if(sure, [&](const Action& a) { return static_cast<bool>(check_march(side, a)); });
  // 7.2: the French may go to every hex they reach with MP + extra avoiding EZOCs
  // (one search; check_forced_march repeats it for the order given), listed last.
  if (side == Side::kFrench && !force_->moved && forced_ready) {
    const auto reach = forced_reach();  // held: while applying it is made afresh
    const auto& dist = reach->dist;
    const auto& hexes = data_->map.hexes();
    std::vector<std::pair<int, hex::Hex>> to;  // each hex reached, with its MP
    for (std::size_t i = 0; i < hexes.size(); ++i)
      if (dist[i] > 0 && dist[i] <= force_->mp_left + 3) to.emplace_back(dist[i], hexes[i].hex);
    cand.reserve(cand.size() + 3 * to.size());
    for (int e = 1; e <= 3; ++e)
      for (const auto& [d, h] : to)
        if (d <= force_->mp_left + e) cand.add("forced-march").hex("to", h).num("extra", e);
  }
}

std::optional<int> WateState::step_mp(hex::Hex to) const {
  if (!force_ || hex::distance(force_->hex, to) != 1) return std::nullopt;
  const MoveContext ctx = context_of(pos_, *force_);
  return on_planning_board(force_->side, [&](const Board& b) -> std::optional<int> {
    int mp = 0;
    if (enter_mp(b, force_->hex, to, ctx, mp) != EnterBar::kNone) return std::nullopt;
    return mp;
  });
}

rz::Status WateState::check_march(Side side, const Action& a) const {
  // Compared as a view: each candidate order of a march's list comes through here.
  const std::string_view verb = a.verb;
  if (force_->fired_to &&
      !(verb == "move" && a.get("to") && *a.get("to") == force_->fired_to->id()))
    return illegal("the force was fired on as it left " + force_->hex.id() + " for " + force_->fired_to->id() +
                       ": it completes that step first (move to=" + force_->fired_to->id() + ")",
                   "7.1.2");
  if (verb == "stop")
    return a.args.empty() ? rz::Status{}
                          : make_error(Code::kMalformed, "'stop' takes no arguments");
  static constexpr std::array<std::string_view, 8> kVerbs{
      "move", "attack", "entrain", "rail", "detrain", "forced-march", "pickup", "exit"};
  if (std::find(kVerbs.begin(), kVerbs.end(), verb) == kVerbs.end())
    return illegal("'" + a.verb +
                       "' is not possible while marching: move to=XXYY, attack to=XXYY, entrain, "
                       "rail to=XXYY, detrain, forced-march, pickup sp=N, exit or stop",
                   "7.1");
  if (force_->must_stop && verb != "attack")
    return illegal("the force entered an enemy zone of control in " + force_->hex.id() + " and must stop there", "3.4");
  const ForceSp fs = acting_sp(pos_, force_->hex, applying_, derived().acting);
  const bool on_train = force_->entrained || fs.entrained > 0;
  if (verb == "entrain" || verb == "rail" || verb == "detrain") return check_rail(side, a);
  if (verb == "forced-march") return check_forced_march(side, a);
  if (verb == "pickup") return check_pickup(side, a);
  if (verb == "exit") return check_rail_exit(side, a);  // 11.0, GAP-W-29 (victory.cpp)
  const std::string* t = a.get("to");
  if (!t || a.args.size() != 1) return make_error(Code::kMalformed, a.verb + " needs to=XXYY");
  auto to = hex::parse_hex(*t);
  if (!to) return make_error(Code::kMalformed, "'" + *t + "' is not a hex number (XXYY)");
  if (on_train)
    return illegal("the force is entrained: it may ride (rail to=XXYY) or detrain, not " + a.verb, "7.1.3");
  if (verb == "attack") {
    // ---- 7.1.1 March Combat: the lead's combat_procedure.cpp ----
    return check_march_combat(*to);
  }
  // Ruling F-8: a cautious commander's +1 (3.4) is judged on what the mover may inspect.
  auto cost = on_planning_board(side, [&](const Board& b) {
    return enter_cost(b, force_->hex, *to, context_of(pos_, *force_));
  });
  if (!cost) return cost.error();
  if (*cost > force_->mp_left)
    return illegal("entering " + to->id() + " costs " + std::to_string(*cost) + " MP; the force has " +
                       std::to_string(force_->mp_left) + " left",
                   "7.1");
  if (force_->forced && in_enemy_zoc(board(), *to, side))
    return illegal("a force on a Forced March may not enter an enemy zone of control (" + to->id() + ")", "7.2");
  return {};
}

Events WateState::take_control(hex::Hex h, Side side) {
  const HexInfo* info = data_->map.find(h);
  const auto before = pos_.controller(data_->map, h);
  if (before == side || !info) return {};
  // 3.7, GAP-W-21: a fortress stays with its garrison while the garrison is inside.
  if (pos_.sp(h, other(side)) > 0) return {};
  pos_.set_controller(data_->map, h, side);
  Events ev;
  if (info->town || info->fortress_sr > 0) {
    // 11.0: towns change VP when they change hands (ruling GAP-W-28 on the sign).
    const int dv = info->town ? data_->tables.vp_town(info->country, side) : 0;
    if (dv != 0) {
      vp_ += dv;
      tell(ev, "vp", [&] {
        return std::string(side_name(side)) + " takes control of " + info->name + ": VP " +
               (dv > 0 ? "+" : "") + std::to_string(dv) + " -> " + std::to_string(vp_) +
               " (rule 11.0)";
      });
    }
  }
  return ev;
}

Events WateState::enter_hex(hex::Hex to, int cost) {
  const hex::Hex from = force_->hex;
  pos_.move_acting(to);
  for (const auto& id : force_->hqs) pos_.hq(id)->hex = to;
  force_->hex = to;
  force_->mp_left -= cost;
  force_->moved = true;
  Events ev = told("move", [&] {
    return std::string(side_name(force_->side)) + " force moves " + from.id() + " -> " + to.id() +
           " (" + std::to_string(cost) + " MP, " + std::to_string(force_->mp_left) +
           " left, rule 7.1)";
  });
  append(ev, take_control(to, force_->side));  // 3.7: the last force to move through
  if (in_enemy_zoc(board(), to, force_->side)) {
    force_->must_stop = true;
    tell(ev, "zoc", [&] { return "It entered an enemy zone of control and must stop (rule 3.4)"; });
  }
  pos_.normalise_groups();
  return ev;
}

Events WateState::apply_march(Side side, const Action& a) {
  clear_engaged(pos_);  // an Opportunity Fire's absorption is over
  if (a.verb == "stop") {
    Events ev = told("stop", [&] {
      return std::string(side_name(side)) + " force ends its march in " + force_->hex.id() +
             " (rule 7.1)";
    });
    append(ev, end_force_action());
    return ev;
  }
  if (a.verb == "entrain" || a.verb == "rail" || a.verb == "detrain") return apply_rail(side, a);
  if (a.verb == "forced-march") return apply_forced_march(side, a);
  if (a.verb == "pickup") return apply_pickup(side, a);
  if (a.verb == "exit") return apply_rail_exit(side, a);  // 11.0, GAP-W-29 (victory.cpp)
  const hex::Hex to = *hex::parse_hex(*a.get("to"));
  if (a.verb == "attack") {
    // ---- 7.1.1 March Combat: the lead's combat_procedure.cpp ----
    return start_march_combat(to);
  }
  const auto cost_on = [&](const Board& b) {
    return enter_cost(b, force_->hex, to, context_of(pos_, *force_));
  };
  // Ruling F-8: on the board the mover plans with. Under 12.2 the picture the
  // order's own check planned on serves (one made afresh copies the whole
  // position): clear_engaged above moved no piece and changed no count or status.
  const auto* kept = before_apply_ ? &before_apply_->planning[index(side)] : nullptr;
  const int cost = *(kept && *kept ? cost_on(Board{*data_, **kept, options_})
                                   : on_planning_board(side, cost_on));
  steps_.push_back({StepKind::kMarch, side});
  Events ev = side == Side::kGerman ? german_step(to, cost) : enter_hex(to, cost);
  if (force_->hex == to) {  // GAP-W-35: enemy HQs alone in the hex entered displace
    append(ev, displace_lone_hqs(other(side), to));
  }
  return ev;
}

// ---- 7.1.2 Opportunity Chassepot Fire (GAP-W-09) ----

Events WateState::german_step(hex::Hex to, int cost) {
  const hex::Hex from = force_->hex;
  const bool fired_already = force_->fired_to == to;  // at most one fire per step
  force_->fired_to.reset();
  const bool left = french_can_fire_at(pos_, from);
  const bool entered = french_can_fire_at(pos_, to);
  if (!fired_already && left && !entered) {
    // Only the hex left is next to the French: they fire before the step.
    force_->fired_to = to;
    steps_.push_back({StepKind::kChassepotChoice, Side::kFrench, from});
    return told("opportunity_fire", [&] {
      return "The German force is leaving " + from.id() +
             " next to French forces: the French may "
             "fire before it moves (rule 7.1.2, ruling GAP-W-09)";
    });
  }
  Events ev = enter_hex(to, cost);
  if (!fired_already && entered) {
    steps_.push_back({StepKind::kChassepotChoice, Side::kFrench, to});
    tell(ev, "opportunity_fire", [&] {
      return "The German force entered " + to.id() +
             " next to French forces: the French may fire (rule 7.1.2, ruling GAP-W-09)";
    });
  }
  return ev;
}

std::vector<Action> WateState::chassepot_actions(const Step& step) const {
  (void)step;
  return {Action("fire"), Action("hold")};
}

rz::Status WateState::check_chassepot(const Step& step, const Action& a) const {
  if (a.verb != "fire" && a.verb != "hold")
    return illegal("the German force in " + step.hex.id() + " is moving next to your forces: fire or hold", "7.1.2");
  if (!a.args.empty()) return make_error(Code::kMalformed, "'" + a.verb + "' takes no arguments");
  return {};
}

Events WateState::apply_chassepot(const Step& step, const Action& a) {
  if (a.verb == "hold")
    return told("opportunity_fire",
                [&] { return "The French hold their fire at " + step.hex.id() + " (rule 7.1.2)"; });
  steps_.push_back({StepKind::kChassepotRoll, Side::kFrench, step.hex, 0});
  return told("opportunity_fire", [&] {
    return "The French open Chassepot fire at the German force in " + step.hex.id() +
           " (rule 7.1.2)";
  });
}

std::vector<ChanceOutcome> WateState::march_outcomes(const Step& step) const {
  switch (step.kind) {
    case StepKind::kChassepotRoll: return two_dice("cft", true);
    case StepKind::kForcedMarchRoll: return two_dice("forced-march-roll", false);
    case StepKind::kMarchHqCasualty: return two_dice("roll", false);  // 1d6, and 1d6 halved for 1d3 (8.5.1)
    default: return {};
  }
}

WateState::FireAt WateState::fire_at(hex::Hex target) const {
  int good = 0, dis = 0, dem = 0;
  for (const auto& g : pos_.sps)
    if (g.side == Side::kFrench && !g.entrained && hex::adjacent(g.hex, target))
      (g.status == Status::kGood ? good : g.status == Status::kDisrupted ? dis : dem) += g.count;
  const HexInfo* info = data_->map.find(target);
  std::optional<Country> fortress;
  if (info->fortress_sr > 0 && !pos_.fortress_destroyed(target)) fortress = info->country;
  return {status_strength(good, dis, dem), data_->tables.cft_shift(info->terrain, fortress), good};
}

Events WateState::apply_march_roll(const Step& step, const Action& a) {
  clear_engaged(pos_);
  Events ev;
  if (step.kind == StepKind::kChassepotRoll) {
    const int d66 = std::stoi(*a.get("d66"));
    const hex::Hex target = step.hex;
    const auto [strength, shift, good] = fire_at(target);
    const CftResult r = data_->tables.cft_lp(strength, shift, d66);
    tell(ev, "chassepot", [&] {
      return std::string(step.n1 ? "Mitrailleuse extra roll" : "Chassepot fire") + " at " +
             target.id() + ": French strength " + std::to_string(strength) +
             " (rule 3.5.1), shift " + std::to_string(shift) + ", column " + r.column +
             ", d66 = " + std::to_string(d66) + " (band " + r.band + "): " + std::to_string(r.lp) +
             " LP (rule 7.1.2)";
    });
    const bool mit = options_.flag("12.3");
    if (mit && data_->tables.mitrailleuse_jam(d66)) {
      // 12.3 (GAP-W-31): one good-order firing SP is disrupted, the first in order.
      for (auto& g : pos_.sps) {
        if (g.side != Side::kFrench || g.entrained || g.status != Status::kGood || !hex::adjacent(g.hex, target)) continue;
        g.count -= 1;
        SpGroup one = g;
        one.count = 1;
        one.status = Status::kDisrupted;
        tell(ev, "mitrailleuse", [&] {
          return "A mitrailleuse jams: 1 French SP in " + g.hex.id() +
                 " is disrupted (rule 12.3, ruling GAP-W-31)";
        });
        pos_.sps.push_back(one);  // g is not used after this
        break;
      }
      pos_.normalise_groups();
    }
    // Resolved in this order (the stack is pushed in reverse): the losses, the
    // HQ checks, then the 12.3 extra roll.
    if (mit && step.n1 == 0 && data_->tables.mitrailleuse_extra_roll(d66)) {
      steps_.push_back({StepKind::kChassepotRoll, Side::kFrench, target, 1});
      tell(ev, "mitrailleuse", [&] { return "Doubles: the mitrailleuses fire again (rule 12.3)"; });
    }
    if (r.hq_check)
      for (std::size_t i = 0; i < force_->hqs.size(); ++i)
        steps_.push_back({StepKind::kMarchHqCasualty, Side::kGerman, target, static_cast<int>(i)});
    if (r.lp > 0) {
      const ForceSp fs = force_sp(pos_, force_->hex);
      pos_.edit_acting([](SpGroup& g) { g.engaged = true; });
      push_absorb(Side::kGerman, 0, r.lp);
      if (fs.all > 0 && r.lp >= fs.steps) {
        // Every SP is eliminated whatever the choices: its move ends (7.1.2).
        force_->mp_left = 0;
        force_->fired_to.reset();
        tell(ev, "opportunity_fire",
             [&] { return "The fire eliminates the German force; its move ends (rule 7.1.2)"; });
      }
    }
    return ev;
  }
  if (step.kind == StepKind::kMarchHqCasualty) {
    const std::string id = force_->hqs.at(static_cast<std::size_t>(step.n1));
    const int d6 = std::stoi(*a.get("d1"));
    const int d3 = d3_from_d6(std::stoi(*a.get("d2")));  // 3.1
    ev = hq_casualty(id, d6, d3);
    const HqUnit* q = pos_.hq(id);
    if (force_ && q && !q->hex) {
      std::erase(force_->hqs, id);  // it no longer marches with the force
      // Ruling MA-14: an HQ that marched alone leaves nothing of its force; the
      // move ends as an eliminated force's does (MA-5), even a step fired on.
      if (force_->hqs.empty() && force_sp(pos_, force_->hex).all == 0) {
        force_->mp_left = 0;
        force_->fired_to.reset();
        tell(ev, "opportunity_fire", [&] {
          return "Nothing is left of the German force; its move ends (rule 7.1.2, ruling MA-14)";
        });
      }
    }
    return ev;
  }
  // 7.2 Forced March roll: 2d6 + extra MP > 7 disrupts the whole force.
  const int d1 = std::stoi(*a.get("d1")), d2 = std::stoi(*a.get("d2"));
  const int total = d1 + d2 + step.n1;
  const bool disrupt = total > 7;
  tell(ev, "forced_march", [&] {
    return std::string(side_name(step.side)) + " Forced March roll 2d6 = " + std::to_string(d1) +
           "+" + std::to_string(d2) + " + " + std::to_string(step.n1) +
           " extra MP = " + std::to_string(total) +
           (disrupt ? " > 7: the force is disrupted" : ": no effect") + " (rule 7.2)";
  });
  if (disrupt) {
    pos_.edit_acting([](SpGroup& g) {
      if (g.status == Status::kGood) g.status = Status::kDisrupted;
    });
  }
  if (step.side == Side::kFrench) {
    append(ev, end_force_action());  // the French Forced March ends at its declared destination (ruling MA-8)
  } else {
    force_->mp_left += step.n1;  // GAP-W-26: gained even if disrupted
    force_->forced = true;
    tell(ev, "forced_march", [&] {
      return "The German force gains " + std::to_string(step.n1) + " MP (" +
             std::to_string(force_->mp_left) +
             " left) and may not enter an enemy zone of "
             "control (rule 7.2, ruling GAP-W-26)";
    });
  }
  return ev;
}

// ---- 7.2 Forced March ----

std::shared_ptr<const ForcedCosts> WateState::forced_reach() const {
  // Ruling F-8: planned on what the French may inspect (12.2): every stack they
  // cannot inspect is avoided as if it projects a ZOC.
  auto compute = [&] {
    return std::make_shared<const ForcedCosts>(on_planning_board(force_->side, [&](const Board& b) {
      return forced_costs(b, force_->hex, context_of(pos_, *force_), force_->mp_left + 3);
    }));
  };
  if (applying_) return compute();
  auto& v = derived().forced;
  if (!v) v = compute();
  return v;
}

rz::Status WateState::check_forced_march(Side side, const Action& a) const {
  const auto extra = int_arg(a, "extra");
  const std::size_t want = side == Side::kFrench ? 2 : 1;
  if (!extra || a.args.size() != want || (side == Side::kFrench && !a.get("to")))
    return make_error(Code::kMalformed,
                      with_number_fault(side == Side::kFrench
                                            ? "the French declare forced-march to=XXYY extra=1..3"
                                            : "the German force declares forced-march extra=1..3",
                                        a, "extra"));
  if (*extra < 1 || *extra > 3) return make_error(Code::kMalformed, "a Forced March adds 1 to 3 MP");
  if (auto ready = forced_march_ready(board(), *force_,
                                      acting_sp(pos_, force_->hex, applying_, derived().acting));
      !ready)
    return ready;
  if (side == Side::kGerman) return {};
  auto to = hex::parse_hex(*a.get("to"));
  if (!to || !data_->map.on_map(*to)) return make_error(Code::kMalformed, "'" + *a.get("to") + "' is not a hex of the map");
  // The distances within MA + 3 are those within MA + extra (Dijkstra settles
  // hexes in order of cost), so one search serves every order.
  const int d = forced_reach()->dist[static_cast<std::size_t>(data_->map.index_of(*to))];
  if (d <= 0 || d > force_->mp_left + *extra)
    return illegal("the force cannot reach " + to->id() + " with " + std::to_string(force_->mp_left + *extra) +
                       " MP along a path that avoids enemy zones of control (ruling GAP-W-26)",
                   "7.2");
  return {};
}

Events WateState::apply_forced_march(Side side, const Action& a) {
  const int extra = *int_arg(a, "extra");
  if (side == Side::kGerman) {
    steps_.push_back({StepKind::kMarch, side});
    steps_.push_back({StepKind::kForcedMarchRoll, side, force_->hex, extra});
    return told("forced_march", [&] {
      return "The German force declares a Forced March of " + std::to_string(extra) +
             " extra MP and rolls first (rule 7.2, ruling GAP-W-26)";
    });
  }
  const hex::Hex to = *hex::parse_hex(*a.get("to"));
  // The search the order's check made (check_forced_march, on the position before
  // anything changed), else the same search afresh.
  std::shared_ptr<const ForcedCosts> costs = before_apply_ ? before_apply_->forced : nullptr;
  if (!costs) costs = forced_reach();
  const Path path = *cheapest_path(data_->map, *costs, force_->hex, to);
  Events ev = told("forced_march", [&] {
    return "The French force makes a Forced March of " + std::to_string(extra) + " extra MP to " +
           to.id() + " (" + std::to_string(path.total) + " MP, rule 7.2)";
  });
  force_->mp_left += extra;
  force_->forced = true;
  for (std::size_t i = 0; i < path.hexes.size(); ++i) {
    append(ev, enter_hex(path.hexes[i], path.costs[i]));
  }
  steps_.push_back({StepKind::kForcedMarchRoll, side, to, extra});
  for (auto h : path.hexes) {  // GAP-W-35: enemy HQs alone on the way displace first
    append(ev, displace_lone_hqs(other(side), h));
  }
  return ev;
}

// ---- 7.1.3 Rail movement (GAP-W-25, GAP-W-36) ----

rz::Status WateState::check_rail(Side side, const Action& a) const {
  const RailRules& rr = data_->tables.rail(side);
  const ForceSp fs = acting_sp(pos_, force_->hex, applying_, derived().acting);
  const int free_sp = fs.all - fs.entrained;
  const bool on_train = force_->entrained || fs.entrained > 0;
  if (a.verb == "rail") {
    const std::string* t = a.get("to");
    if (!t || a.args.size() != 1) return make_error(Code::kMalformed, "rail needs to=XXYY");
    auto to = hex::parse_hex(*t);
    if (!to) return make_error(Code::kMalformed, "'" + *t + "' is not a hex number (XXYY)");
    if (!data_->map.on_map(*to))
      return make_error(Code::kMalformed, "'" + *t + "' is not a hex of the map");
    if (!on_train) return illegal("the force must entrain (1 MP) before it moves by rail", "7.1.3");
    if (free_sp > 0) return illegal("part of the force is not entrained: entrain it or detrain", "7.1.3");
    if (force_->mp_left < rr.ride_mp) return illegal("a rail move costs " + std::to_string(rr.ride_mp) + " MP", "7.1.3");
    const auto reach = rail_reach(force_->hex, side);
    if (std::find(reach->begin(), reach->end(), *to) == reach->end()) {
      const HexInfo* info = data_->map.find(*to);
      if (rr.home_only && info && info->country != Country::kGermany)
        return illegal("German rail movement stays inside Germany; " + to->id() + " is not (ruling GAP-W-25)", "7.1.3");
      return illegal(to->id() + " cannot be reached by rail from " + force_->hex.id() +
                         " along friendly controlled rail hexes outside enemy zones of control",
                     "7.1.3");
    }
    return {};
  }
  if (!a.args.empty()) return make_error(Code::kMalformed, "'" + a.verb + "' takes no arguments");
  if (a.verb == "detrain") {
    if (!on_train) return illegal("the force is not entrained", "7.1.3");
    if (force_->mp_left < rr.detrain_mp) return illegal("detraining costs " + std::to_string(rr.detrain_mp) + " MP", "7.1.3");
    return {};
  }
  // entrain
  if (on_train && free_sp == 0) return illegal("the force is already entrained", "7.1.3");
  const HexInfo* info = data_->map.find(force_->hex);
  if (!data_->map.rail(force_->hex)) return illegal(force_->hex.id() + " is not a rail hex", "7.1.3");
  if (pos_.controller(data_->map, force_->hex) != side)
    return illegal("entraining needs a friendly controlled rail hex; " + force_->hex.id() + " is not", "7.1.3");
  if (in_enemy_zoc(board(), force_->hex, side))
    return illegal("no force entrains in an enemy zone of control (" + force_->hex.id() + ")", "7.1.3");
  if (rr.home_only && info->country != Country::kGermany)
    return illegal("German rail movement stays inside Germany; " + force_->hex.id() + " is not (ruling GAP-W-25)", "7.1.3");
  if (force_->mp_left < rr.entrain_mp) return illegal("entraining costs " + std::to_string(rr.entrain_mp) + " MP", "7.1.3");
  if (rr.max_sp_per_turn && rail_sp_used(side) + free_sp > *rr.max_sp_per_turn)
    return illegal(std::string(side_name(side)) + " rail movement carries at most " + std::to_string(*rr.max_sp_per_turn) +
                       " SP a turn; " + std::to_string(rail_sp_used(side)) + " already went, this force has " +
                       std::to_string(free_sp) + " (HQs do not count)",
                   "7.1.3");
  // 3.8: a force must be able to trace a LOC to use RP (the French pay RP to entrain).
  if (free_sp * rr.rp_per_sp > 0 && !has_loc(board(), force_->hex, side))
    return illegal("the force in " + force_->hex.id() +
                       " cannot trace a line of communication, so it cannot spend RP to entrain",
                   "3.8");
  if (free_sp * rr.rp_per_sp > rp_[index(side)])
    return illegal("entraining " + std::to_string(free_sp) + " SP costs " + std::to_string(free_sp * rr.rp_per_sp) +
                       " RP; you have " + std::to_string(rp_[index(side)]),
                   "7.1.3");
  return {};
}

Events WateState::apply_rail(Side side, const Action& a) {
  const RailRules& rr = data_->tables.rail(side);
  steps_.push_back({StepKind::kMarch, side});
  const std::string who(side_name(side));
  if (a.verb == "rail") {
    const hex::Hex from = force_->hex, to = *hex::parse_hex(*a.get("to"));
    pos_.move_acting(to);
    for (const auto& id : force_->hqs) pos_.hq(id)->hex = to;
    force_->hex = to;
    force_->mp_left -= rr.ride_mp;
    force_->moved = true;
    Events ev = told("rail", [&] {
      return who + " force rides by rail " + from.id() + " -> " + to.id() + " (" +
             std::to_string(rr.ride_mp) + " MP, " + std::to_string(force_->mp_left) +
             " left, rule 7.1.3)";
    });
    append(ev, displace_lone_hqs(other(side), to));  // GAP-W-35
    return ev;
  }
  if (a.verb == "detrain") {
    pos_.edit_acting([](SpGroup& g) { g.entrained = false; });
    force_->entrained = false;
    force_->mp_left -= rr.detrain_mp;
    return told("rail", [&] {
      return who + " force detrains in " + force_->hex.id() + " (" + std::to_string(rr.detrain_mp) +
             " MP, rule 7.1.3)";
    });
  }
  int n = 0;
  pos_.edit_acting([&](SpGroup& g) {
    if (g.entrained) return;
    g.entrained = true;
    n += g.count;
  });
  force_->entrained = true;
  force_->mp_left -= rr.entrain_mp;
  if (rail_turn_ != turn_) {
    rail_turn_ = turn_;
    rail_sp_[0] = rail_sp_[1] = 0;
  }
  // Kept within what a saved game may hold (saved_state_checks.cpp): a side
  // with no limit (7.1.3, tables.yaml) never reads it, and no game reaches it.
  rail_sp_[index(side)] = std::min(rail_sp_[index(side)] + n, kSavedSideSp);
  const int rp = n * rr.rp_per_sp;
  rp_[index(side)] -= rp;
  return told("rail", [&] {
    return who + " force entrains " + std::to_string(n) + " SP in " + force_->hex.id() + " (" +
           std::to_string(rr.entrain_mp) + " MP, " + std::to_string(rp) + " RP, rule 7.1.3)";
  });
}

// ---- 7.1 German HQ pick-up (GAP-W-12) ----

rz::Status WateState::check_pickup(Side side, const Action& a) const {
  const auto n = int_arg(a, "sp");
  const std::string* h = a.get("hex");
  if (!n || a.args.size() != (h ? 2u : 1u))
    return make_error(
        Code::kMalformed,
        with_number_fault("pickup needs sp=N (and optionally hex=XXYY, the force's hex)", a, "sp"));
  if (h && *h != force_->hex.id()) return illegal("an HQ picks up SP only in its own hex " + force_->hex.id(), "7.1");
  if (side != Side::kGerman) return illegal("only German HQs pick up SP on the march", "7.1");
  if (force_->hqs.empty() || frames_.empty() || !force_->hq_action ||
      std::find(force_->hqs.begin(), force_->hqs.end(), frames_.back().hq) == force_->hqs.end())
    return illegal("only a force marching with its activated HQ picks up SP", "7.1");
  const ForceSp fs = acting_sp(pos_, force_->hex, applying_, derived().acting);
  if (force_->entrained || fs.entrained > 0) return illegal("an entrained force picks up no SP", "7.1.3");
  if (*n < 1) return make_error(Code::kMalformed, "pick up at least 1 SP");
  if (force_->mp_left < 1) return illegal("a pick-up costs 1 MP; the force has none left", "7.1");
  const int avail = waiting_sp(pos_, side, force_->hex);
  if (*n > avail)
    return illegal(force_->hex.id() + " holds " + std::to_string(avail) + " unactivated SP; you named " + std::to_string(*n),
                   "7.1");
  if (*n > frames_.back().limit_left)
    return illegal(hq_label(frames_.back().hq) + " can activate " + std::to_string(frames_.back().limit_left) +
                       " more SP (ruling GAP-W-12)",
                   "3.6.2");
  return {};
}

Events WateState::apply_pickup(Side side, const Action& a) {
  const int picked = *int_arg(a, "sp");
  const ForceSp fs = force_sp(pos_, force_->hex);
  // The majority condition of the marching SP; a tie takes the worse (ruling MA-11).
  std::optional<Status> majority;
  if (fs.all > 0) {
    int best = -1;
    for (int s = 0; s < 3; ++s)
      if (fs.by_status[s] >= best && fs.by_status[s] > 0) {
        best = fs.by_status[s];
        majority = static_cast<Status>(s);
      }
  }
  take_sps(side, force_->hex, picked, /*worst_first=*/false, /*off_train=*/true, majority);
  frames_.back().limit_left -= picked;
  force_->mp_left -= 1;
  steps_.push_back({StepKind::kMarch, side});
  return told("pickup", [&] {
    return hq_label(frames_.back().hq) + " picks up " + std::to_string(picked) + " SP in " +
           force_->hex.id() +
           (majority
                ? " (they take the force's " + std::string(status_name(*majority)) + " condition)"
                : "") +
           " (1 MP, " + std::to_string(force_->mp_left) + " left; " +
           std::to_string(frames_.back().limit_left) +
           " SP of its limit left, rule 7.1, ruling GAP-W-12)";
  });
}

}  // namespace rz::wate1870
