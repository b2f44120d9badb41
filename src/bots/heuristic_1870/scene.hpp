#pragma once
// The heuristic bot's working parts (heuristic_1870.hpp says how it plays):
// its weights, what one decision looks at (Scene), the forces and plans of
// the planner. Shared by the bot's files only.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/heuristic_1870.hpp"
#include "bots/heuristic_1870/map_tables.hpp"
#include "rules/wate1870/board.hpp"
#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/hex_rows.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::bots::heuristic1870 {

using wate1870::Board;
using wate1870::HqUnit;
using wate1870::Rank;
using wate1870::Side;
using wate1870::SpGroup;
using wate1870::WateState;
using Status1870 = wate1870::Status;

inline constexpr double kInf = std::numeric_limits<double>::infinity();

// Points: 1 VP is worth 10. An SP is worth kSp more besides the casualty VP
// of rule 11.0, a status step kStep; a march costs kPerMp per MP to a target.
inline constexpr double kVp = 10;
inline constexpr double kSp = 5;
inline constexpr double kStep = 1.5;
inline constexpr double kPerMp = 1.0;
// A combat is sought only at these odds (chance the attacker wins) and gain.
inline constexpr double kMinWin = 0.65;
inline constexpr double kMinGain = 1.0;
inline constexpr double kMinSiegeWin = 0.5;  // an attack that opens a siege (9.0)

// ---- small helpers ----

inline int int_of(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v || v->empty() || v->size() > 4) return -1;
  int n = 0;
  for (char c : *v) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

inline std::optional<hex::Hex> hex_of(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v) return std::nullopt;
  return hex::parse_hex(*v);
}

inline std::vector<hex::Hex> hex_list(const std::string& s) {
  std::vector<hex::Hex> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t j = std::min(s.find(',', i), s.size());
    if (auto h = hex::parse_hex(std::string_view(s).substr(i, j - i))) out.push_back(*h);
    i = j + 1;
  }
  return out;
}

inline const Action* find_verb(const std::vector<Action>& legal, std::string_view verb) {
  for (const auto& a : legal)
    if (a.verb == verb) return &a;
  return nullptr;
}

inline bool contains(const std::vector<Action>& legal, const Action& a) {
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// The legal actions of a decision, listed only when a decision needs them all
// (listing them is most of the rules' work for a march): otherwise one order
// is checked. Under 12.2 the list comes from the view and nothing is checked.
class Legal {
 public:
  Legal(const WateState& st, Player p) : st_(&st), p_(p) {}
  // With the list made already (a search's, of the same state): all() reads
  // it, and until then ok() and attacks() answer as they would without it.
  Legal(const WateState& st, Player p, const std::vector<Action>& listed)
      : st_(&st), p_(p), listed_(&listed) {}
  const std::vector<Action>& all() {
    if (listed_) {
      asked_ = true;
      return *listed_;
    }
    if (!list_) list_ = st_->legal_actions(p_);
    return *list_;
  }
  // The Planned Attacks of the list (7.4), without the rest when it is not
  // made yet (WateState::planned_attacks): what hq_orders weighs first.
  std::vector<Action> attacks() {
    if (!asked()) return st_->planned_attacks();
    std::vector<Action> out;
    for (const auto& a : all())
      if (a.verb == "attack") out.push_back(a);
    return out;
  }
  // The HQs and forces the list offers to activate (7.0), in its order, as the
  // rules say who may (WateState::activatable): no order is made for them.
  const std::vector<WateState::Activatable>& activatable() {
    can_.reserve(32);  // most lists at once (about 24 orders)
    st_->activatable(static_cast<Side>(p_), can_);
    return can_;
  }
  // The list's order activating `c`, one of activatable()'s, or its "pass"
  // (always offered, 7.0) when `c` is none: known to pass check().
  Action activation(const WateState::Activatable* c) {
    return vouched(!c      ? Action("pass")
                   : c->hq ? Action("activate").with("hq", c->hq->id.str())
                           : Action("activate").with("hex", c->hex.id()));
  }
  // The loss under way (8.5, 7.1.2) as the rules list it (WateState::loss),
  // and the list's order taking one SP of a kind it offers: no other is made.
  const WateState::Loss& loss() { return loss_ = st_->loss(); }
  Action loss_order(const WateState::LossPick& p) { return vouched(loss_.order(p)); }
  bool ok(const Action& a) {
    const bool yes = asked() ? contains(all(), a) : st_->check(p_, a).ok();
    if (yes) passed_ = a;
    return yes;
  }
  // Whether `a` is known to pass check() without asking it again: the last
  // order ok() said yes to or vouched() made, or one of the list made or given.
  bool vouches(const Action& a) const {
    if (passed_ && *passed_ == a) return true;
    if (list_) return contains(*list_, a);
    return listed_ && asked_ && contains(*listed_, a);
  }

 private:
  bool asked() const { return list_.has_value() || asked_; }
  // An order of the list, made without it.
  Action vouched(Action a) {
    passed_ = a;
    return a;
  }
  const WateState* st_;
  Player p_ = 0;
  const std::vector<Action>* listed_ = nullptr;
  bool asked_ = false;  // all() has given listed_
  std::optional<std::vector<Action>> list_;
  std::optional<Action> passed_;  // the last order ok() said yes to, or one made vouched()
  std::vector<WateState::Activatable> can_;
  WateState::Loss loss_;
};

// The points a change of `dvp` VP (French-positive, rule 11.0) is worth to `me`.
inline double vp_points(Side me, int dvp) { return (me == Side::kFrench ? 1 : -1) * kVp * dvp; }

// 2d6 - 2d6: the number of the 1296 rolls giving each difference -10..10.
inline const std::array<int, 21>& dice_difference() {
  static const std::array<int, 21> table = [] {
    std::array<int, 21> t{};
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b)
        for (int c = 1; c <= 6; ++c)
          for (int d = 1; d <= 6; ++d) ++t[static_cast<std::size_t>(a + b - c - d + 10)];
    return t;
  }();
  return table;
}

// An army HQ, or Napoleon III: a casualty to them can end the game (8.5.1, GAP-W-30).
bool army_hq(const Board& b, const HqUnit& q);

// ---- what one decision looks at ----

// The pieces per hex (by Map index), the zones of control, the LOCs (on demand).
struct Target {
  int idx = -1;
  double value = 0;
  double need = 1;      // SP (capture, defence) or strength (attack) that satisfies it
  bool attack = false;  // an enemy stack: reached when adjacent
};

// The targets of a position, in hex order (claim() takes the first of equals),
// and their places in that list from the most valuable down (goals()).
struct Targets {
  std::vector<Target> all;
  std::vector<std::uint32_t> by_value;
  std::uint64_t id = 0;  // new_id() when made: the same id, the same targets
};

// A number no other caller in the process gets (never 0): names a version of
// something kept, so that a copy of it still matches.
std::uint64_t new_id();

// What each target is worth to one force, less the MP it need not march
// (Mind::goals): worked out once per plan, asked for every hex it reaches.
struct Goal {
  int idx = -1;
  double value = 0;
  double bound = 0;  // the target's own value, which `value` never exceeds (goal())
  int free_mp = 0;   // an attack is reached when adjacent
  friend bool operator==(const Goal&, const Goal&) = default;
};

// Working memory of a bot's own, which copy_memory_from (once per search
// iteration) leaves as it is: it is exact whatever it was last used for.
template <class T>
struct Scratch {
  T v;
  Scratch() = default;
  Scratch(const Scratch&) {}
  Scratch& operator=(const Scratch&) { return *this; }
};

// What a Scene may keep for the next decision's (Scene::nearest).
struct SceneKeep {
  const wate1870::Map* map = nullptr;
  // nearest's distances, per side, from the hexes they were measured from: the
  // last few sets of hexes (a search comes back to the same), the least
  // recently used made afresh.
  struct Near {
    std::vector<int> d, seeds;
    std::uint64_t used = 0;
    // The breadth-first walk so far (Scene::grow): the hexes reached, the
    // last ring (those at `dist`), and whether a ring came out empty.
    wate1870::HexRows reached, ring;
    int dist = 0;
    bool done = false;
  };
  std::array<Near, 8> near[2];
  std::uint64_t near_clock = 0;
  // The Scene's tables, lent to each Scene and given back: allocated once.
  std::vector<int> sp[2], good[2], dis[2], dem[2], avail, held[2];
  std::vector<char> hq[2], idle_hq, fire;
  // What the tables read of the SP were last made from: SpList::stamp() (the
  // same stamp, the same groups) and the side (avail). 0: nothing yet.
  std::uint64_t sps_stamp = 0;
  Side sps_side = Side::kFrench;
};

struct Scene {
  Scene(const WateState& s, Side side, const MapTables& tables,
        std::shared_ptr<const wate1870::LocMap>* locs,
        std::shared_ptr<const wate1870::ZocMap>* zocs, SceneKeep& keep)
      : ws(s),
        me(side),
        foe(wate1870::other(side)),
        b{s.data(), s.position(), s.options()},
        map(s.data().map),
        mt(tables),
        n(tables.n),
        rule_12_1(s.options().flag("12.1")),
        rule_12_4(s.options().flag("12.4")),
        loc_(locs),
        keep_(keep) {
    if (keep_.map != &map) {
      keep_ = SceneKeep{};
      keep_.map = &map;
    }
    auto& slot = zocs[u(k(foe))];  // only the enemy's is read (in_ezoc)
    if (!slot) slot = s.zoc_map(foe);
    foe_zoc = slot.get();
    lend();
    for (int k = 0; k < 2; ++k) hq[k].assign(static_cast<std::size_t>(n), 0);
    idle_hq.assign(static_cast<std::size_t>(n), 0);
    for (const auto& q : s.position().hqs)
      if (q.hex)
        if (const int i = map.index_of(*q.hex); i >= 0) {
          hq[static_cast<std::size_t>(wate1870::index(q.side))][static_cast<std::size_t>(i)] = 1;
          if (q.side == me && !q.activated) idle_hq[static_cast<std::size_t>(i)] = 1;
        }
    // The tables of the SP as the last Scene left them, if made from the same
    // groups for the same side: the policy often asks again before they move.
    const std::uint64_t stamp = s.position().sps.stamp();
    if (stamp == keep_.sps_stamp && me == keep_.sps_side && avail.size() == u(n)) return;
    keep_.sps_stamp = 0;  // made below; the Scene gives the tables back (lend)
    for (int k = 0; k < 2; ++k) {
      sp[k].assign(static_cast<std::size_t>(n), 0);
      good[k].assign(static_cast<std::size_t>(n), 0);
      dis[k].assign(static_cast<std::size_t>(n), 0);
      dem[k].assign(static_cast<std::size_t>(n), 0);
      held[k].clear();
    }
    avail.assign(static_cast<std::size_t>(n), 0);
    // Only the Germans are fired on (7.1.2): the French read no `fire`, and
    // their tables are kept for French Scenes only.
    const bool fired_on = me == Side::kGerman;
    if (fired_on) fire.assign(static_cast<std::size_t>(n), 0);
    int fired_from = -1;  // the last hex whose neighbours were marked in `fire`
    for (const auto& g : s.position().sps) {
      const int i = map.index_of(g.hex);
      if (i < 0 || g.count <= 0) continue;
      const auto k = static_cast<std::size_t>(wate1870::index(g.side));
      const auto u = static_cast<std::size_t>(i);
      if (sp[k][u] == 0) held[k].push_back(i);
      sp[k][u] += g.count;
      (g.status == Status1870::kGood        ? good
       : g.status == Status1870::kDisrupted ? dis
                                            : dem)[k][u] += g.count;
      if (g.side == me && !g.activated && !g.acting) avail[u] += g.count;
      // A hex's groups are next to one another in a sorted list: its
      // neighbours are marked once (marking them again changes nothing).
      if (fired_on && g.side == Side::kFrench && !g.entrained && i != fired_from) {
        fired_from = i;
        for (int dir = 0; dir < 6; ++dir)
          if (const int j = map.neighbour_index(i, dir); j >= 0)
            fire[static_cast<std::size_t>(j)] = 1;
      }
    }
    sps_stamp_ = stamp;
  }

  ~Scene() {  // gives the tables back, saying what they were made from
    lend();
    if (sps_stamp_ != 0) keep_.sps_stamp = sps_stamp_, keep_.sps_side = me;
  }
  Scene(const Scene&) = delete;
  Scene& operator=(const Scene&) = delete;

  const WateState& ws;
  Side me, foe;
  Board b;
  const wate1870::Map& map;
  const MapTables& mt;
  int n;
  bool rule_12_1, rule_12_4;  // the optional rules the march costs depend on (looked up once)
  std::vector<int> sp[2], good[2], dis[2], dem[2];
  std::vector<int> held[2];  // the hexes with SP of each side, in the order of the groups
  std::vector<char> hq[2];
  std::vector<char> idle_hq;        // an HQ of mine not yet activated here
  std::vector<int> avail;           // my SP not yet activated, per hex
  std::vector<char> fire;           // German Scenes: a force here may be fired on (7.1.2)
  const wate1870::ZocMap* foe_zoc;  // the enemy's ZOC (3.4)

  static std::size_t u(int i) { return static_cast<std::size_t>(i); }
  int k(Side s) const { return wate1870::index(s); }
  hex::Hex hex_at(int i) const { return map.hexes()[u(i)].hex; }
  const wate1870::HexInfo& info(int i) const { return map.hexes()[u(i)]; }
  int strength(Side s, int i) const {
    // Most hexes asked about hold none (status_strength(0, 0, 0) is 0): no call for them.
    if (sp[u(k(s))][u(i)] == 0) return 0;
    return wate1870::status_strength(good[u(k(s))][u(i)], dis[u(k(s))][u(i)], dem[u(k(s))][u(i)]);
  }
  int sp_of(Side s, int i) const { return sp[u(k(s))][u(i)]; }
  // Who controls hex i (3.7), as WateState::controller, by index.
  std::optional<Side> controller(int i) const {
    const auto c = ws.position().control[u(i)];
    return c < 0 ? std::nullopt : std::optional<Side>(static_cast<Side>(c));
  }
  // A force of mine in hex i is in the enemy's ZOC (the only one a Scene has).
  bool in_ezoc(int i) const { return foe_zoc->in_zoc_index(i); }
  // The LOCs (4.1): kept by the bot for a while (see Mind::choose), they change slowly.
  const wate1870::LocMap& loc(Side s) const {
    auto& slot = loc_[u(k(s))];
    if (!slot) slot = ws.loc_map(s);  // the state's own: legal_actions() wants it too
    return *slot;
  }
  // Whether loc(s) is at hand, traced already for this decision.
  bool has_loc_map(Side s) const { return loc_[u(k(s))] != nullptr; }
  // Strength of `s` adjacent to hex i.
  int adjacent_strength(Side s, int i) const {
    int t = 0;
    for (int dir = 0; dir < 6; ++dir)
      if (const int j = map.neighbour_index(i, dir); j >= 0) t += strength(s, j);
    return t;
  }
  // Hexes from i to the nearest SP of `s` (kFar if none), if at most `cap`:
  // beyond it, kFar or the distance (the walk goes only as far as asked).
  int nearest(Side s, int i, int cap = kFar) const {
    SceneKeep::Near* e = near_[u(k(s))];
    if (!e) {
      // Kept while the hexes holding SP of s are the same: through a side's
      // turn the enemy's mostly are. (The same list, the same hexes; the same
      // hexes may come in another order, and are walked from again.)
      const auto& seeds = held[u(k(s))];
      auto& kept = keep_.near[u(k(s))];
      SceneKeep::Near* found = nullptr;
      SceneKeep::Near* oldest = &kept.front();
      for (auto& c : kept) {
        if (c.d.size() == u(n) && c.seeds == seeds) found = &c;
        if (c.used < oldest->used) oldest = &c;
      }
      e = near_[u(k(s))] = found ? found : oldest;
      e->used = ++keep_.near_clock;
      if (!found) {
        e->seeds = seeds;
        // Breadth first from every hex with SP of s, over the whole grid: ring
        // after ring, a row of bits at a time (Map::adjacent), as far as asked.
        e->d.assign(u(n), kFar);
        e->reached = {};
        for (const int j : seeds) e->reached.set_bit(map.grid_bit(j)), e->d[u(j)] = 0;
        e->ring = e->reached;
        e->dist = 0;
        e->done = false;
      }
    }
    while (e->d[u(i)] == kFar && !e->done && e->dist < cap) grow(*e);
    return e->d[u(i)];
  }
  // Made once per decision by Mind::targets (the bot's memo of them).
  mutable const Targets* targets = nullptr;

 private:
  std::shared_ptr<const wate1870::LocMap>* loc_;
  SceneKeep& keep_;
  mutable SceneKeep::Near* near_[2] = {nullptr, nullptr};  // this scene's entry of keep_.near
  // The next ring of e's walk.
  void grow(SceneKeep::Near& e) const {
    const int rows = map.row_max() - map.row_min() + 1;
    const int width = map.col_max() - map.col_min() + 1;
    e.ring = map.adjacent(e.ring);
    ++e.dist;
    bool any = false;
    for (int r = 0; r < rows; ++r) {
      e.ring[r] &= ~e.reached[r];
      e.reached[r] |= e.ring[r];
      for (std::uint64_t w = e.ring[r]; w != 0; w &= w - 1)
        e.d[u(r * width + std::countr_zero(w))] = e.dist;
      any = any || e.ring[r] != 0;
    }
    e.done = !any;
  }
  std::uint64_t sps_stamp_ = 0;  // the tables made here, from these groups
  // Swaps the tables with keep_'s: borrows them, then gives them back.
  void lend() {
    for (int k = 0; k < 2; ++k) {
      sp[k].swap(keep_.sp[k]);
      good[k].swap(keep_.good[k]);
      dis[k].swap(keep_.dis[k]);
      dem[k].swap(keep_.dem[k]);
      held[k].swap(keep_.held[k]);
      hq[k].swap(keep_.hq[k]);
    }
    idle_hq.swap(keep_.idle_hq);
    avail.swap(keep_.avail);
    fire.swap(keep_.fire);
  }
};

// The odds of one combat (see Heuristic1870Bot::Odds), from the attacker's
// side, the defender with a LOC or without one (8.2: halved without).
Heuristic1870Bot::Odds odds_of(const Board& b, Side att,
                               const std::vector<wate1870::CombatForce>& attack,
                               const std::vector<const HqUnit*>& attack_hqs, hex::Hex target,
                               bool march, bool def_loc);
// The same set up once, weighed with the defender's LOC or without: in a
// buffer of the thread's own, which the next CombatOdds on the thread sets up
// anew.
class CombatOdds {
 public:
  CombatOdds(const Board& b, Side att, const std::vector<wate1870::CombatForce>& attack,
             const std::vector<const HqUnit*>& attack_hqs, hex::Hex target, bool march);
  Heuristic1870Bot::Odds operator()(bool def_loc) const;

 private:
  const Board& b_;
  wate1870::CombatSetup& setup_;
};

// A force as the planner sees it.
struct ForceDesc {
  int hex = -1;
  int good = 0, dis = 0, dem = 0;
  std::vector<SpGroup> groups;  // for cavalry (8.1, 8.2)
  std::vector<const HqUnit*> hqs;
  int mp = 0;
  bool cautious = false;
  bool must_stop = false;
  bool leaves_others = false;  // other friendly units stay in its hex (French +1 to leave)
  bool army = false;           // an army HQ (or Napoleon III) goes with it
  int raw() const { return good + dis + dem; }
  int strength() const { return wate1870::status_strength(good, dis, dem); }
};

struct Plan {
  int start = -1;
  std::vector<int> path;  // hexes entered, in order
  int attack = -1;        // a March Combat on this hex at the end
  double value = -kInf;   // of the plan
  double stay = 0;        // of stopping where it is
  double gain() const { return value - stay; }
};

}  // namespace rz::bots::heuristic1870
