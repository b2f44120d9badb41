#include "bots/heuristic_1870.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <set>
#include <span>

#include "rules/wate1870/board.hpp"
#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/command.hpp"
#include "rules/wate1870/hex_rows.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::bots {

using wate1870::Board;
using wate1870::HqUnit;
using wate1870::Rank;
using wate1870::Side;
using wate1870::SpGroup;
using wate1870::WateState;
using Status1870 = wate1870::Status;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kFar = 999;

// Points: 1 VP is worth 10. An SP is worth kSp more besides the casualty VP
// of rule 11.0, a status step kStep; a march costs kPerMp per MP to a target.
constexpr double kVp = 10;
constexpr double kSp = 5;
constexpr double kStep = 1.5;
constexpr double kPerMp = 1.0;
// A combat is sought only at these odds (chance the attacker wins) and gain.
constexpr double kMinWin = 0.65;
constexpr double kMinGain = 1.0;
constexpr double kMinSiegeWin = 0.5;  // an attack that opens a siege (9.0)

// ---- small helpers ----

int int_of(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v || v->empty() || v->size() > 4) return -1;
  int n = 0;
  for (char c : *v) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::optional<hex::Hex> hex_of(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v) return std::nullopt;
  return hex::parse_hex(*v);
}

std::vector<hex::Hex> hex_list(const std::string& s) {
  std::vector<hex::Hex> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t j = std::min(s.find(',', i), s.size());
    if (auto h = hex::parse_hex(std::string_view(s).substr(i, j - i))) out.push_back(*h);
    i = j + 1;
  }
  return out;
}

const Action* find_verb(const std::vector<Action>& legal, std::string_view verb) {
  for (const auto& a : legal)
    if (a.verb == verb) return &a;
  return nullptr;
}

bool contains(const std::vector<Action>& legal, const Action& a) {
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

// The legal actions of a decision, listed only when a decision needs them all
// (listing them is most of the rules' work for a march): otherwise one order
// is checked. Under 12.2 the list comes from the view and nothing is checked.
class Legal {
 public:
  Legal(const State& st, Player p) : st_(&st), p_(p) {}
  explicit Legal(std::vector<Action> list) : list_(std::move(list)) {}
  const std::vector<Action>& all() {
    if (!list_) list_ = st_->legal_actions(p_);
    return *list_;
  }
  bool ok(const Action& a) {
    if (list_ || !st_) return contains(all(), a);
    return st_->check(p_, a).ok();
  }

 private:
  const State* st_ = nullptr;
  Player p_ = 0;
  std::optional<std::vector<Action>> list_;
};

// The points a change of `dvp` VP (French-positive, rule 11.0) is worth to `me`.
double vp_points(Side me, int dvp) { return (me == Side::kFrench ? 1 : -1) * kVp * dvp; }

// 2d6 - 2d6: the number of the 1296 rolls giving each difference -10..10.
const std::array<int, 21>& dice_difference() {
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

bool army_hq(const Board& b, const HqUnit& q) {
  const auto* def = b.forces().find(q.id);
  return (def && def->napoleon) || wate1870::hq_rank(b, q) == Rank::kArmy;
}

// ---- what the map gives once per game: march costs between any two hexes ----

struct MapTables {
  int n = 0;
  std::vector<std::uint16_t>
      dist;  // n * n: least MP from a to b (terrain and rivers), kFar if none
  int d(int a, int b) const {
    return a < 0 || b < 0 ? kFar
                          : dist[static_cast<std::size_t>(a) * static_cast<std::size_t>(n) +
                                 static_cast<std::size_t>(b)];
  }
  int metz = -1, verdun = -1, paris = -1;
  // The hexes that can be targets without an enemy in them (Impl::targets):
  // passable towns, fortresses and the German objectives, in index order.
  std::vector<int> places;
};

std::unique_ptr<MapTables> make_tables(const wate1870::GameData& data) {
  const auto& map = data.map;
  auto t = std::make_unique<MapTables>();
  const int n = static_cast<int>(map.hexes().size());
  t->n = n;
  t->dist.assign(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), kFar);
  // The MP to step from i in direction dir (terrain entered, river crossed), -1 if impassable.
  std::vector<std::array<int, 6>> step(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const hex::Hex h = map.hexes()[static_cast<std::size_t>(i)].hex;
    for (int dir = 0; dir < 6; ++dir) {
      const int j = map.neighbour_index(i, dir);
      int c = -1;
      if (j >= 0) {
        const auto& to = map.hexes()[static_cast<std::size_t>(j)];
        if (map.passable(to.hex) && map.passable(h))
          c = data.tables.mp_cost(to.terrain) + (map.river(h, to.hex) ? data.tables.river_mp() : 0);
      }
      step[static_cast<std::size_t>(i)][static_cast<std::size_t>(dir)] = c;
    }
  }
  std::vector<std::vector<int>> buckets(8);
  for (int s = 0; s < n; ++s) {
    if (!map.passable(map.hexes()[static_cast<std::size_t>(s)].hex)) continue;
    std::uint16_t* row = &t->dist[static_cast<std::size_t>(s) * static_cast<std::size_t>(n)];
    // Dijkstra with small integer costs: a queue per distance modulo 8.
    row[s] = 0;
    buckets[0].push_back(s);
    int pending = 1;
    for (int dcur = 0; pending > 0; ++dcur) {
      auto& bucket = buckets[static_cast<std::size_t>(dcur % 8)];
      for (std::size_t k = 0; k < bucket.size(); ++k) {
        const int i = bucket[k];
        --pending;
        if (row[i] != dcur) continue;
        const auto& st = step[static_cast<std::size_t>(i)];
        for (int dir = 0; dir < 6; ++dir) {
          const int c = st[static_cast<std::size_t>(dir)];
          if (c < 0) continue;
          const int j = map.neighbour_index(i, dir);
          const int nd = dcur + c;
          if (nd < row[j]) {
            row[j] = static_cast<std::uint16_t>(nd);
            buckets[static_cast<std::size_t>(nd % 8)].push_back(j);
            ++pending;
          }
        }
      }
      bucket.clear();
    }
  }
  auto idx = [&](const char* name) {
    const auto* info = map.by_name(name);
    return info ? map.index_of(info->hex) : -1;
  };
  t->metz = idx("Metz");
  t->verdun = idx("Verdun");
  t->paris = idx("Paris");
  for (int i = 0; i < n; ++i) {
    const auto& info = map.hexes()[static_cast<std::size_t>(i)];
    if (!wate1870::neutral(info.country) &&
        (info.town || info.fortress_sr > 0 || i == t->metz || i == t->verdun || i == t->paris))
      t->places.push_back(i);
  }
  return t;
}

// Made once per process and map (the ladder plays many games on one map).
std::shared_ptr<const MapTables> tables_for(const wate1870::GameData& data) {
  static std::mutex mu;
  static std::map<std::pair<const void*, std::string>, std::shared_ptr<const MapTables>> cache;
  std::lock_guard<std::mutex> lock(mu);
  const auto key = std::make_pair(static_cast<const void*>(&data), data.map.source());
  auto& slot = cache[key];
  if (!slot || slot->n != static_cast<int>(data.map.hexes().size())) slot = make_tables(data);
  return slot;
}

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
};

// What each target is worth to one force, less the MP it need not march
// (Impl::goals): worked out once per plan, asked for every hex it reaches.
struct Goal {
  int idx = -1;
  double value = 0;
  double bound = 0;  // the target's own value, which `value` never exceeds (goal())
  int free_mp = 0;  // an attack is reached when adjacent
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
  std::vector<int> near[2];        // nearest's distances, per side
  std::vector<int> near_seeds[2];  // the hexes they were measured from
  std::vector<int> probe;          // scratch
  // The Scene's tables, lent to each Scene and given back: allocated once.
  std::vector<int> sp[2], good[2], dis[2], dem[2], avail;
  std::vector<char> hq[2], fire;
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
    for (Side z : {Side::kFrench, Side::kGerman}) {
      auto& slot = zocs[u(k(z))];
      if (!slot) slot = s.zoc_map(z);
    }
    zoc_fr = zocs[0].get();
    zoc_ge = zocs[1].get();
    lend();
    for (int k = 0; k < 2; ++k) {
      sp[k].assign(static_cast<std::size_t>(n), 0);
      good[k].assign(static_cast<std::size_t>(n), 0);
      dis[k].assign(static_cast<std::size_t>(n), 0);
      dem[k].assign(static_cast<std::size_t>(n), 0);
      hq[k].assign(static_cast<std::size_t>(n), 0);
    }
    avail.assign(static_cast<std::size_t>(n), 0);
    fire.assign(static_cast<std::size_t>(n), 0);
    for (const auto& g : s.position().sps) {
      const int i = map.index_of(g.hex);
      if (i < 0 || g.count <= 0) continue;
      const auto k = static_cast<std::size_t>(wate1870::index(g.side));
      const auto u = static_cast<std::size_t>(i);
      sp[k][u] += g.count;
      (g.status == Status1870::kGood        ? good
       : g.status == Status1870::kDisrupted ? dis
                                            : dem)[k][u] += g.count;
      if (g.side == me && !g.activated && !g.acting) avail[u] += g.count;
      if (g.side == Side::kFrench && !g.entrained)
        for (int dir = 0; dir < 6; ++dir)
          if (const int j = map.neighbour_index(i, dir); j >= 0)
            fire[static_cast<std::size_t>(j)] = 1;
    }
    for (const auto& q : s.position().hqs)
      if (q.hex)
        if (const int i = map.index_of(*q.hex); i >= 0)
          hq[static_cast<std::size_t>(wate1870::index(q.side))][static_cast<std::size_t>(i)] = 1;
  }

  ~Scene() { lend(); }  // gives the tables back
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
  std::vector<char> hq[2];
  std::vector<int> avail;          // my SP not yet activated, per hex
  std::vector<char> fire;          // a German force here may be fired on (7.1.2)
  const wate1870::ZocMap* zoc_fr;  // the ZOC of each side (3.4)
  const wate1870::ZocMap* zoc_ge;

  static std::size_t u(int i) { return static_cast<std::size_t>(i); }
  int k(Side s) const { return wate1870::index(s); }
  hex::Hex hex_at(int i) const { return map.hexes()[u(i)].hex; }
  const wate1870::HexInfo& info(int i) const { return map.hexes()[u(i)]; }
  int strength(Side s, int i) const {
    return wate1870::status_strength(good[u(k(s))][u(i)], dis[u(k(s))][u(i)], dem[u(k(s))][u(i)]);
  }
  int sp_of(Side s, int i) const { return sp[u(k(s))][u(i)]; }
  // Who controls hex i (3.7), as WateState::controller, by index.
  std::optional<Side> controller(int i) const {
    const auto c = ws.position().control[u(i)];
    return c < 0 ? std::nullopt : std::optional<Side>(static_cast<Side>(c));
  }
  // `s` is in the ZOC of its enemy in hex i.
  bool in_ezoc(Side s, int i) const {
    return (s == Side::kFrench ? zoc_ge : zoc_fr)->in_zoc_index(i);
  }
  // The LOCs (4.1): kept by the bot for a while (see Impl::choose), they change slowly.
  const wate1870::LocMap& loc(Side s) const {
    auto& slot = loc_[u(k(s))];
    if (!slot) slot = ws.loc_map(s);  // the state's own: legal_actions() wants it too
    return *slot;
  }
  // Strength of `s` adjacent to hex i.
  int adjacent_strength(Side s, int i) const {
    int t = 0;
    for (int dir = 0; dir < 6; ++dir)
      if (const int j = map.neighbour_index(i, dir); j >= 0) t += strength(s, j);
    return t;
  }
  // Hexes from i to the nearest SP of `s` (kFar if none).
  int nearest(Side s, int i) const {
    auto& d = keep_.near[u(k(s))];
    if (!near_ready_[u(k(s))]) {
      near_ready_[u(k(s))] = true;
      // Kept while the hexes holding SP of s are the same: through a side's
      // turn the enemy's mostly are.
      auto& seeds = keep_.probe;
      seeds.clear();
      for (int j = 0; j < n; ++j)
        if (sp_of(s, j) > 0) seeds.push_back(j);
      auto& kept = keep_.near_seeds[u(k(s))];
      if (seeds == kept && d.size() == u(n)) return d[u(i)];
      kept = seeds;
      // Breadth first from every hex with SP of s, over the whole grid: ring
      // after ring, a row of bits at a time (Map::adjacent).
      d.assign(u(n), kFar);
      wate1870::HexRows reached;
      for (const int j : seeds) reached.set_bit(map.grid_bit(j)), d[u(j)] = 0;
      const int rows = map.row_max() - map.row_min() + 1;
      const int width = map.col_max() - map.col_min() + 1;
      wate1870::HexRows ring = reached;
      for (int dist = 1;; ++dist) {
        ring = map.adjacent(ring);
        bool any = false;
        for (int r = 0; r < rows; ++r) {
          ring[r] &= ~reached[r];
          reached[r] |= ring[r];
          for (std::uint64_t w = ring[r]; w != 0; w &= w - 1)
            d[u(r * width + std::countr_zero(w))] = dist;
          any = any || ring[r] != 0;
        }
        if (!any) break;
      }
    }
    return d[u(i)];
  }
  // Made once per decision by Impl::targets (the bot's memo of them).
  mutable const Targets* targets = nullptr;

 private:
  std::shared_ptr<const wate1870::LocMap>* loc_;
  SceneKeep& keep_;
  mutable bool near_ready_[2] = {false, false};  // keep_.near is this scene's
  // Swaps the tables with keep_'s: borrows them, then gives them back.
  void lend() {
    for (int k = 0; k < 2; ++k) {
      sp[k].swap(keep_.sp[k]);
      good[k].swap(keep_.good[k]);
      dis[k].swap(keep_.dis[k]);
      dem[k].swap(keep_.dem[k]);
      hq[k].swap(keep_.hq[k]);
    }
    avail.swap(keep_.avail);
    fire.swap(keep_.fire);
  }
};

// The odds of one combat (see Heuristic1870Bot::Odds), from the attacker's side.
Heuristic1870Bot::Odds odds_of(const Board& b, Side att,
                               const std::vector<wate1870::CombatForce>& attack,
                               const std::vector<const HqUnit*>& attack_hqs, hex::Hex target,
                               bool march, const wate1870::LocMap& def_loc) {
  const Side def = wate1870::other(att);
  wate1870::CombatSetup setup;
  setup.attacker = att;
  setup.defender_hex = target;
  setup.march_combat = march;
  setup.attack = attack;
  setup.defence.hex = target;
  std::vector<SpGroup> groups;
  for (const auto& g : b.pos.sps) {
    if (g.side != def || g.hex != target || g.count <= 0) continue;
    (g.status == Status1870::kGood        ? setup.defence.good
     : g.status == Status1870::kDisrupted ? setup.defence.disrupted
                                          : setup.defence.demoralized) += g.count;
    setup.defence.entrained = setup.defence.entrained || g.entrained;
    groups.push_back(g);
  }
  setup.defence.loc = def_loc.has_loc(target);
  setup.defence.cavalry = wate1870::cavalry_force(b, groups);
  setup.attack_hqs = attack_hqs;
  for (const auto& q : b.pos.hqs)
    if (q.side == def && q.hex == target) setup.defence_hqs.push_back(&q);
  const auto v = wate1870::evaluate_combat(b, setup, false);

  Heuristic1870Bot::Odds o;
  o.attack_drm = v.attack_drm;
  o.defence_drm = v.defence_drm;
  const int att_raw = v.attack_raw, def_raw = v.defence_raw;
  if (att_raw <= 0 || def_raw <= 0) return o;
  const auto& table = dice_difference();
  const auto& tb = b.tables();
  auto sp_value = [&](Side s,
                      int elim) {  // the points losing `elim` SP of side s costs the attacker
    const int dvp = s == Side::kGerman ? tb.vp_casualties(elim, 0) : tb.vp_casualties(0, elim);
    return -(s == att ? kSp * elim : -kSp * elim) + vp_points(att, dvp);
  };
  double win = 0, value = 0;
  for (int d = -10; d <= 10; ++d) {
    const double w = table[static_cast<std::size_t>(d + 10)] / 1296.0;
    const int x = d + v.attack_drm - v.defence_drm;
    const bool att_wins = x > 0 || (x == 0 && att == Side::kGerman);
    const int spread = std::abs(x);
    const auto lose = wate1870::loser_loss(spread), won = wate1870::winner_loss(spread);
    const Side loser = att_wins ? def : att;
    const int loser_raw = att_wins ? def_raw : att_raw, winner_raw = att_wins ? att_raw : def_raw;
    const int elim = std::min(lose.eliminate, loser_raw);
    const int steps = std::min(lose.steps, 2 * (loser_raw - elim));
    const int wsteps = std::min(won.steps, 2 * winner_raw);
    double val = sp_value(loser, elim) + (loser == att ? -1 : 1) * kStep * steps +
                 (loser == att ? 1 : -1) * kStep * wsteps;
    val += vp_points(att, tb.vp_major_battle(att_raw + def_raw, att_wins ? att : def));
    if (att_wins) val += 2.0;  // the enemy must retreat (8.6)
    win += att_wins ? w : 0;
    value += w * val;
  }
  // 8.5.1: on doubles (1 in 6) each HQ taking part risks a casualty (1 in 3).
  for (const HqUnit* q : attack_hqs) value -= army_hq(b, *q) ? 1000.0 : 3.0 / 18.0;
  o.win = win;
  o.value = value;
  return o;
}

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

}  // namespace

// ---------------------------------------------------------------------------

struct Heuristic1870Bot::Impl {
  std::shared_ptr<const MapTables> tables;
  std::shared_ptr<const wate1870::LocMap> locs[2];  // see Scene::loc
  std::shared_ptr<const wate1870::ZocMap> zocs[2];
  Scratch<SceneKeep> keep;
  void refresh(const WateState& ws);  // the maps of ws's position (the state keeps them)

  // Memory within a side's turn: what forces committed to, lone forces with
  // nothing to do, the march being followed and the order meant for a force.
  int memo_turn = -1;
  Side memo_side = Side::kFrench;
  std::map<int, double> claims;        // target hex -> SP (or strength) on the way
  std::set<std::pair<int, int>> idle;  // (hex, SP) of lone forces that gain nothing
  std::optional<Plan> plan;
  enum class Order { kMarch, kRally, kHold };
  struct Intent {
    int hex = -1;
    Order order = Order::kHold;
    std::optional<Plan> plan;
  };
  std::optional<Intent> intent;

  Action choose(const WateState& ws, Player p, Legal& legal);

  // plan_march's tables, kept from one plan to the next: an entry counts only
  // if its stamp is this plan's, so nothing is cleared or allocated per plan.
  struct PlanTables {
    std::uint32_t stamp = 0;
    std::vector<std::uint32_t> val_at, dest_at, odds_at;
    std::vector<double> val, dest;
    std::vector<int> pred;
    std::vector<Odds> odds;
    std::vector<std::vector<int>> level;
    void start(std::size_t hexes, std::size_t width) {
      if (++stamp == 0) {  // wrapped: every old stamp could match again
        for (auto* v : {&val_at, &dest_at, &odds_at}) std::fill(v->begin(), v->end(), 0);
        stamp = 1;
      }
      if (val.size() < hexes * width) {
        val.resize(hexes * width);
        val_at.resize(hexes * width, 0);
        pred.resize(hexes * width);
      }
      if (dest.size() < hexes) {
        dest.resize(hexes);
        dest_at.resize(hexes, 0);
        odds.resize(hexes * 4);  // by target, LOC and river (plan_march)
        odds_at.resize(hexes * 4, 0);
      }
      if (level.size() < width) level.resize(width);
      for (auto& l : level) l.clear();
    }
  };
  mutable Scratch<PlanTables> plan_tables;

  // ---- targets and the value of a hex for a force ----
  const Targets& targets(const Scene& sc) const;
  mutable Scratch<std::vector<int>> candidates;  // targets()' hexes to look at
  // The targets of the last position planned on, per side: they read only the
  // enemy's groups, the control of hexes and the destroyed fortresses, which
  // stay as they were while a side marches (until it takes a place).
  struct TargetsMemo {
    const wate1870::Map* map = nullptr;  // none yet
    std::vector<std::uint64_t> foe;      // each enemy group with SP: hex, status, SP
    std::vector<signed char> control;
    std::vector<hex::Hex> destroyed;
    Targets targets;
  };
  mutable Scratch<std::array<TargetsMemo, 2>> targets_memo;
  mutable Scratch<std::vector<std::uint64_t>> foe_words;
  std::vector<Goal> goals(const Scene& sc, const ForceDesc& f) const;
  static double goal(const Scene& sc, const std::vector<Goal>& gs, int x);
  double dest_value(const Scene& sc, const std::vector<Goal>& gs, const ForceDesc& f, int x) const;
  Plan plan_march(const Scene& sc, const ForceDesc& f) const;
  // From hex `from` to its neighbour in direction `dir` (Map::neighbour_index).
  int move_cost(const Scene& sc, const ForceDesc& f, int from, int dir) const;
  double step_gain(const Scene& sc, int to) const;
  bool loc_after(const Scene& sc, int x) const;
  Odds march_odds(const Scene& sc, const ForceDesc& f, int from, int target) const;
  void claim(const Scene& sc, const ForceDesc& f, const Plan& p);

  // ---- forces ----
  ForceDesc force_in(const Scene& sc, int hex, int sp, const std::vector<const HqUnit*>& hqs,
                     int mp, bool cautious) const;
  ForceDesc acting_force(const Scene& sc) const;
  bool wants_rally(const Scene& sc, int hex, int bad, int all) const;

  // ---- the decisions ----
  Action setup(Legal& legal);
  Action administrative(const Scene& sc, const std::vector<Action>& legal);
  Action activation(const Scene& sc, const std::vector<Action>& legal);
  Action hq_orders(const Scene& sc, Legal& legal);
  Action force_orders(const Scene& sc, Legal& legal);
  Action march(const Scene& sc, Legal& legal);
  Action stop(Legal& legal);
  std::optional<Action> next_move(const wate1870::Map& map, hex::Hex at, Legal& legal) const;
  Action absorb(const Scene& sc, const std::vector<Action>& legal);
  Action retreat(const Scene& sc, const std::vector<Action>& legal, const char* verb);
  Action advance(const Scene& sc, const std::vector<Action>& legal);
  Action reroll(const Scene& sc, const std::vector<Action>& legal);
  Action displace(const Scene& sc, const std::vector<Action>& legal);
  Action recovery(const Scene& sc, const std::vector<Action>& legal);
  double hq_priority(const Scene& sc, const HqUnit& q) const;
  Action best_attack(const Scene& sc, const std::vector<Action>& legal, double* value) const;
};

// ---- targets ----

const Targets& Heuristic1870Bot::Impl::targets(const Scene& sc) const {
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
  auto& memo = targets_memo.v[static_cast<std::size_t>(wate1870::index(sc.me))];
  if (memo.map == &sc.map && memo.foe == words && memo.control == pos.control &&
      memo.destroyed == pos.destroyed)
    return *(sc.targets = &memo.targets);
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
      const int d = sc.nearest(sc.foe, i);
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
  memo.map = &sc.map;
  memo.foe = words;
  memo.control = pos.control;
  memo.destroyed = pos.destroyed;
  return *(sc.targets = &memo.targets);
}

std::vector<Goal> Heuristic1870Bot::Impl::goals(const Scene& sc, const ForceDesc& f) const {
  std::vector<Goal> out;
  const int str = f.strength();
  const bool led = !f.hqs.empty();
  const Targets& ts = targets(sc);
  out.reserve(ts.all.size());
  for (const std::uint32_t k : ts.by_value) {  // the most valuable first (goal())
    const Target& t = ts.all[k];
    double cap = 1;
    const auto it = claims.find(t.idx);
    const double claimed = it == claims.end() ? 0 : it->second;
    if (t.attack) {
      // Planned Attacks need an HQ unit (7.4); otherwise only March Combat, halved.
      const double need = led ? t.need : 2 * t.need;
      const double have = str + claimed;
      if (have < 0.5 * need) continue;
      cap = std::min(1.0, have / need);
    } else if (claimed >= t.need) {
      cap = 0.15;
    }
    out.push_back({t.idx, t.value * cap, t.value,
                   t.attack ? sc.b.tables().mp_cost(sc.info(t.idx).terrain) : 0});
  }
  return out;
}

double Heuristic1870Bot::Impl::goal(const Scene& sc, const std::vector<Goal>& gs, int x) {
  double best = 0;
  // gs is by the targets' own values, highest first (goals()): a goal is worth
  // no more than its target, so once a target cannot beat the best none after
  // it can. The same best as over them all, in fewer steps.
  for (const auto& g : gs) {
    if (g.bound <= best) break;
    if (g.value <= best) continue;
    const int d = std::max(0, sc.mt.d(x, g.idx) - g.free_mp);
    best = std::max(best, g.value - kPerMp * d);
  }
  return best;
}

double Heuristic1870Bot::Impl::dest_value(const Scene& sc, const std::vector<Goal>& gs,
                                          const ForceDesc& f, int x) const {
  const int raw = f.raw();
  double v = 0;
  const int mine_there = x == f.hex ? sc.strength(sc.me, x) : sc.strength(sc.me, x) + f.strength();
  if (f.army) {
    // Army HQs (and Napoleon III) stay with troops, out of the enemy's reach.
    const int d = sc.nearest(sc.foe, x);
    if (d <= 2)
      v -= 60;
    else if (d <= 3)
      v -= 15;
    const int own = x == f.hex ? sc.sp_of(sc.me, x) : sc.sp_of(sc.me, x) + raw;
    if (own == 0) v -= 30;
    v += 0.3 * goal(sc, gs, x);
    return v;
  }
  if (raw == 0) {
    // An HQ alone goes to troops without an HQ, near the front.
    const int own = sc.sp_of(sc.me, x);
    if (own > 0)
      v += 10 + std::min(own, 12) * 0.5 -
           (sc.hq[Scene::u(sc.k(sc.me))][Scene::u(x)] && x != f.hex ? 6 : 0);
    if (sc.nearest(sc.foe, x) <= 1 && own < 3) v -= 20;
    v += 0.2 * goal(sc, gs, x);
    return v;
  }
  v += goal(sc, gs, x);
  // Next to the enemy: bad if weaker than what is adjacent.
  const int adj = sc.adjacent_strength(sc.foe, x);
  if (adj > 0) {
    const auto& info = sc.info(x);
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
bool Heuristic1870Bot::Impl::loc_after(const Scene& sc, int x) const {
  const auto& loc = sc.loc(sc.me);
  if (loc.has_loc(sc.hex_at(x))) return true;
  if (sc.controller(x) == sc.me) return false;
  for (int dir = 0; dir < 6; ++dir) {
    const int j = sc.map.neighbour_index(x, dir);
    if (j >= 0 && sc.sp_of(sc.foe, j) == 0 && loc.has_loc(sc.hex_at(j))) return true;
  }
  return false;
}

int Heuristic1870Bot::Impl::move_cost(const Scene& sc, const ForceDesc& f, int from,
                                      int dir) const {
  const int to = sc.map.neighbour_index(from, dir);
  const auto& info = sc.info(to);
  if (wate1870::neutral(info.country)) return -1;  // closed (Map::passable)
  if (sc.sp_of(sc.foe, to) > 0) return -1;
  const auto& tb = sc.b.tables();
  int mp = tb.mp_cost(info.terrain);
  const auto bit = [&](std::uint8_t dirs) { return ((dirs >> dir) & 1u) != 0; };
  if (bit(sc.map.river_dirs(from)) && !(sc.rule_12_4 && bit(sc.map.rail_dirs(from))))
    mp += tb.river_mp();
  if (f.cautious && sc.in_ezoc(sc.me, to)) mp += 1;
  if (sc.me == Side::kFrench) {
    auto occupied = [&](int i) {
      return sc.sp_of(Side::kFrench, i) > 0 || sc.hq[Scene::u(sc.k(Side::kFrench))][Scene::u(i)];
    };
    if (to != f.hex && occupied(to)) mp += 1;
    if (from == f.hex ? f.leaves_others : occupied(from)) mp += 1;
  }
  if (sc.me == Side::kGerman && sc.rule_12_1 &&
      info.country == wate1870::Country::kFrance &&
      (info.town || (info.fortress_sr > 0 && !sc.ws.position().fortress_destroyed(info.hex))))
    mp += tb.civilian_resistance_mp();
  return mp;
}

double Heuristic1870Bot::Impl::step_gain(const Scene& sc, int to) const {
  const auto& info = sc.info(to);
  const auto ctrl = sc.controller(to);
  if (ctrl == sc.me) return 0;
  double g = 0;
  if (info.town) g += std::max(0.0, vp_points(sc.me, sc.b.tables().vp_town(info.country, sc.me)));
  if (sc.me == Side::kGerman && (to == sc.mt.metz || to == sc.mt.verdun || to == sc.mt.paris))
    g += 5;
  return g;
}

Heuristic1870Bot::Odds Heuristic1870Bot::Impl::march_odds(const Scene& sc, const ForceDesc& f,
                                                          int from, int target) const {
  wate1870::CombatForce cf;
  cf.hex = sc.hex_at(from);
  cf.good = f.good;
  cf.disrupted = f.dis;
  cf.demoralized = f.dem;
  cf.loc = sc.loc(sc.me).has_loc(cf.hex);
  cf.cavalry = wate1870::cavalry_force(sc.b, f.groups);
  return odds_of(sc.b, sc.me, {cf}, f.hqs, sc.hex_at(target), true, sc.loc(sc.foe));
}

Plan Heuristic1870Bot::Impl::plan_march(const Scene& sc, const ForceDesc& f) const {
  const auto gs = goals(sc, f);
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
    if (t.dest_at[i] != t.stamp) t.dest_at[i] = t.stamp, t.dest[i] = dest_value(sc, gs, f, h);
    return t.dest[i];
  };
  // The odds of March Combat from h on its neighbour e across `dir`, on demand.
  // One force attacks, so they read of h only its LOC (8.2) and whether the
  // attack crosses a river (8.3, GAP-W-03): the same from every hex that shares
  // those, at every MP left.
  auto odds = [&](int h, int dir, int e) -> const Odds& {
    const bool loc = sc.loc(sc.me).has_loc(sc.hex_at(h));
    const bool river = (sc.map.river_dirs(h) >> dir) & 1u;
    const std::size_t i = Scene::u(e) * 4 + (loc ? 2 : 0) + (river ? 1 : 0);
    if (t.odds_at[i] != t.stamp) t.odds_at[i] = t.stamp, t.odds[i] = march_odds(sc, f, h, e);
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
      const bool stuck = (h != f.hex && sc.in_ezoc(sc.me, h)) || (h == f.hex && f.must_stop);
      if (!f.army && f.raw() > 0) {
        for (int dir = 0; dir < 6; ++dir) {
          const int e = sc.map.neighbour_index(h, dir);
          if (e < 0 || sc.sp_of(sc.foe, e) == 0) continue;
          const auto& info = sc.info(e);
          const int cost = sc.b.tables().mp_cost(info.terrain) +
                           ((sc.map.river_dirs(h) >> dir) & 1u ? sc.b.tables().river_mp() : 0);
          if (cost > m) continue;
          const Odds& o = odds(h, dir, e);
          if (o.win < kMinWin || o.value < kMinGain) continue;
          take(here + dest(h) + o.value + step_gain(sc, e) * o.win, e);
        }
      }
      if (stuck) continue;
      // The hexes of the path so far: a march does not come back (so a town
      // is taken, and counted, once).
      int chain[16], len = 0;
      for (int s = static_cast<int>(slot(h, m)); s >= 0 && len < 16; s = pred[Scene::u(s)])
        chain[len++] = s / width;
      for (int dir = 0; dir < 6; ++dir) {
        const int to = sc.map.neighbour_index(h, dir);
        if (to < 0 || std::find(chain, chain + len, to) != chain + len) continue;
        const int cost = move_cost(sc, f, h, dir);
        if (cost < 0 || cost > m) continue;
        double v = here + step_gain(sc, to);
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

void Heuristic1870Bot::Impl::claim(const Scene& sc, const ForceDesc& f, const Plan& p) {
  const int end = p.attack >= 0 ? p.attack : p.path.empty() ? p.start : p.path.back();
  // The target this force is closest to after its march.
  int best = -1;
  double bv = -kInf;
  for (const auto& t : targets(sc).all) {
    const double v = t.value - kPerMp * sc.mt.d(end, t.idx);
    if (v > bv) bv = v, best = t.idx;
  }
  if (best >= 0) claims[best] += std::max(1, f.strength());
}

// ---- forces ----

ForceDesc Heuristic1870Bot::Impl::force_in(const Scene& sc, int hex, int sp,
                                           const std::vector<const HqUnit*>& hqs, int mp,
                                           bool cautious) const {
  // The SP a force of `sp` SP would take there: best status first (take_sps).
  ForceDesc f;
  f.hex = hex;
  f.hqs = hqs;
  f.mp = mp;
  f.cautious = cautious;
  const hex::Hex h = sc.hex_at(hex);
  int left = sp;
  for (Status1870 want : {Status1870::kGood, Status1870::kDisrupted, Status1870::kDemoralized})
    for (const auto& g : sc.ws.position().sps) {
      if (left == 0) break;
      if (g.side != sc.me || g.hex != h || g.activated || g.acting || g.status != want) continue;
      const int k = std::min(left, g.count);
      left -= k;
      (want == Status1870::kGood ? f.good : want == Status1870::kDisrupted ? f.dis : f.dem) += k;
      SpGroup c = g;
      c.count = k;
      f.groups.push_back(c);
    }
  int others = sc.sp_of(sc.me, hex) - (sp - left);
  bool other_hq = false;
  for (const auto& q : sc.ws.position().hqs)
    if (q.side == sc.me && q.hex == h && std::find(hqs.begin(), hqs.end(), &q) == hqs.end())
      other_hq = true;
  f.leaves_others = others > 0 || other_hq;
  for (const HqUnit* q : hqs) f.army = f.army || army_hq(sc.b, *q);
  return f;
}

ForceDesc Heuristic1870Bot::Impl::acting_force(const Scene& sc) const {
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
  for (const auto& g : sc.ws.position().sps) {
    if (g.side != sc.me || g.hex != af.hex) continue;
    if (!g.acting) {
      others = others || g.count > 0;
      continue;
    }
    (g.status == Status1870::kGood        ? f.good
     : g.status == Status1870::kDisrupted ? f.dis
                                          : f.dem) += g.count;
    f.groups.push_back(g);
  }
  for (const auto& q : sc.ws.position().hqs)
    if (q.side == sc.me && q.hex == af.hex &&
        std::find(af.hqs.begin(), af.hqs.end(), q.id) == af.hqs.end())
      others = true;
  f.leaves_others = others;
  return f;
}

bool Heuristic1870Bot::Impl::wants_rally(const Scene& sc, int hex, int bad, int all) const {
  if (bad == 0 || sc.ws.rp(sc.me) < sc.b.tables().rally_cost()) return false;
  if (sc.in_ezoc(sc.me, hex)) return false;
  if (!sc.loc(sc.me).has_loc(sc.hex_at(hex))) return false;
  return 3 * bad >= all;
}

// ---- decisions ----

Action Heuristic1870Bot::Impl::setup(Legal& legal) {
  // 14.0: the scenario's placements (the historic ones, moved into each
  // side's own country), then done.
  if (legal.ok(Action("auto-setup"))) return Action("auto-setup");
  if (legal.ok(Action("end-setup"))) return Action("end-setup");
  return legal.all().front();
}

Action Heuristic1870Bot::Impl::administrative(const Scene& sc, const std::vector<Action>& legal) {
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
double Heuristic1870Bot::Impl::hq_priority(const Scene& sc, const HqUnit& q) const {
  const int at = sc.map.index_of(*q.hex);
  if (at < 0) return 0;
  const int limit = wate1870::hq_command_limit(sc.b, q);
  int reach = std::min(sc.avail[Scene::u(at)], limit);
  for (int dir = 0; dir < 6 && reach < limit; ++dir) {
    const int j = sc.map.neighbour_index(at, dir);
    if (j < 0 || sc.avail[Scene::u(j)] == 0) continue;
    bool other_hq = false;
    for (const auto& o : sc.ws.position().hqs)
      if (o.side == sc.me && o.hex && !o.activated && sc.map.index_of(*o.hex) == j) other_hq = true;
    if (!other_hq) reach = std::min(limit, reach + sc.avail[Scene::u(j)]);
  }
  if (army_hq(sc.b, q)) {
    const bool unsafe = sc.nearest(sc.foe, at) <= 3;
    return reach > 0 || unsafe ? 1 + 0.01 * reach + (unsafe ? 5 : 0) : 0;
  }
  double v = reach;
  if (reach > 0 && sc.adjacent_strength(sc.foe, at) > 0) v += 20;  // a Planned Attack may be on
  if (reach == 0 && sc.sp_of(sc.me, at) == 0) v = 0.5;             // alone: go back to troops
  return v;
}

Action Heuristic1870Bot::Impl::best_attack(const Scene& sc, const std::vector<Action>& legal,
                                           double* value) const {
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
    const auto o = odds_of(sc.b, sc.me, attack, hqs, *target, false, sc.loc(sc.foe));
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

Action Heuristic1870Bot::Impl::activation(const Scene& sc, const std::vector<Action>& legal) {
  // HQs first: the one with the most to do.
  const Action* best = nullptr;
  double bv = 0;
  for (const auto& a : legal) {
    if (a.verb != "activate" || !a.get("hq")) continue;
    const HqUnit* q = sc.ws.position().hq(*a.get("hq"));
    if (!q || !q->hex) continue;
    const double v = hq_priority(sc, *q);
    if (v > bv) bv = v, best = &a;
  }
  if (best) return *best;
  // Then lone forces (up to the inherent division's size): the best march or rally.
  const auto& inh = sc.b.forces().inherent(sc.me);
  double gain_best = 1.0;
  std::optional<Intent> chosen;
  for (const auto& a : legal) {
    if (a.verb != "activate" || !a.get("hex")) continue;
    const auto h = hex_of(a, "hex");
    const int i = h ? sc.map.index_of(*h) : -1;
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
      best = &a;
    }
  }
  if (best) {
    intent = chosen;
    return *best;
  }
  if (const Action* a = find_verb(legal, "pass")) return *a;
  return legal.front();
}

Action Heuristic1870Bot::Impl::hq_orders(const Scene& sc, Legal& legal) {
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
    Action a = best_attack(sc, legal.all(), nullptr);
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
    } else {
      bool other_hq = false;
      for (const auto& o : sc.ws.position().hqs)
        if (o.side == sc.me && o.hex && !o.activated && o.id != q->id &&
            sc.map.index_of(*o.hex) == h)
          other_hq = true;
      if (other_hq) continue;
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

Action Heuristic1870Bot::Impl::force_orders(const Scene& sc, Legal& legal) {
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
std::optional<Action> Heuristic1870Bot::Impl::next_move(const wate1870::Map& map, hex::Hex at,
                                                        Legal& legal) const {
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

Action Heuristic1870Bot::Impl::march(const Scene& sc, Legal& legal) {
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
Action Heuristic1870Bot::Impl::stop(Legal& legal) {
  if (legal.ok(Action("stop"))) return Action("stop");
  for (const auto& a : legal.all())
    if (a.verb == "move") return a;
  return legal.all().front();
}

Action Heuristic1870Bot::Impl::absorb(const Scene& sc, const std::vector<Action>& legal) {
  // Eliminate the worst SP first; degrade so as to keep the most combat
  // strength (3.5.1) without eliminating a demoralized SP if it can be helped.
  const Action* best = nullptr;
  double bv = -kInf;
  for (const auto& a : legal) {
    const auto h = hex_of(a, "hex");
    const auto st = wate1870::parse_status(a.get("status") ? *a.get("status") : "");
    if (!h || !st) continue;
    const int i = sc.map.index_of(*h);
    if (i < 0) continue;
    int g = sc.good[Scene::u(sc.k(sc.me))][Scene::u(i)],
        d = sc.dis[Scene::u(sc.k(sc.me))][Scene::u(i)],
        m = sc.dem[Scene::u(sc.k(sc.me))][Scene::u(i)];
    const int before = wate1870::status_strength(g, d, m);
    double v = 0;
    if (a.verb == "eliminate") {
      (*st == Status1870::kGood ? g : *st == Status1870::kDisrupted ? d : m) -= 1;
      v = wate1870::status_strength(g, d, m) - before;
    } else {
      if (*st == Status1870::kGood)
        --g, ++d;
      else if (*st == Status1870::kDisrupted)
        --d, ++m;
      else
        --m, v -= 4;  // eliminates it
      v += wate1870::status_strength(g, d, m) - before;
    }
    // Cavalry is the last to go (8.1), formation none the first.
    const auto* def = sc.b.forces().find(a.get("formation") ? *a.get("formation") : "");
    if (def && def->cavalry) v -= 0.2;
    if (v > bv) bv = v, best = &a;
  }
  return best ? *best : legal.front();
}

Action Heuristic1870Bot::Impl::retreat(const Scene& sc, const std::vector<Action>& legal,
                                       const char* verb) {
  const Action* best = nullptr;
  double bv = -kInf;
  for (const auto& a : legal) {
    if (a.verb != verb) continue;
    const auto path = hex_list(a.get("path") ? *a.get("path") : "");
    if (path.empty()) continue;
    const int end = sc.map.index_of(path.back());
    if (end < 0) continue;
    double v = 0;
    if (sc.sp_of(sc.foe, end) > 0 || (sc.in_ezoc(sc.me, end) && sc.sp_of(sc.me, end) == 0))
      v -= 100;
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

Action Heuristic1870Bot::Impl::advance(const Scene& sc, const std::vector<Action>& legal) {
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

Action Heuristic1870Bot::Impl::reroll(const Scene& sc, const std::vector<Action>& legal) {
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

Action Heuristic1870Bot::Impl::displace(const Scene& sc, const std::vector<Action>& legal) {
  const Action* best = nullptr;
  double bv = -kInf;
  for (const auto& a : legal) {
    const auto h = hex_of(a, "to");
    const int i = h ? sc.map.index_of(*h) : -1;
    if (i < 0) continue;
    const double v = sc.sp_of(sc.me, i) + 2.0 * std::min(sc.nearest(sc.foe, i), 4);
    if (v > bv) bv = v, best = &a;
  }
  return best ? *best : legal.front();
}

Action Heuristic1870Bot::Impl::recovery(const Scene& sc, const std::vector<Action>& legal) {
  const Action* best = nullptr;
  int most = 0;
  for (const auto& a : legal) {
    if (a.verb != "recover") continue;
    const auto h = hex_of(a, "hex");
    const int i = h ? sc.map.index_of(*h) : -1;
    if (i < 0) continue;
    const int bad =
        sc.dis[Scene::u(sc.k(sc.me))][Scene::u(i)] + 2 * sc.dem[Scene::u(sc.k(sc.me))][Scene::u(i)];
    if (bad > most) most = bad, best = &a;
  }
  if (best) return *best;
  if (const Action* a = find_verb(legal, "end-recovery")) return *a;
  return legal.front();
}

Action Heuristic1870Bot::Impl::choose(const WateState& ws, Player p, Legal& legal) {
  using wate1870::StepKind;
  if (!tables || tables->n != static_cast<int>(ws.data().map.hexes().size()))
    tables = tables_for(ws.data());
  const Side me = static_cast<Side>(p);
  if (memo_turn != ws.turn() || memo_side != me) {
    memo_turn = ws.turn();
    memo_side = me;
    claims.clear();
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
  // The LOCs and ZOCs are the position's, but through a march those it was
  // planned with (only the marching force moves).
  if (step != StepKind::kMarch || !zocs[0]) refresh(ws);
  Scene sc(ws, me, *tables, locs, zocs, keep.v);
  switch (step) {
    case StepKind::kAbsorb:
      return absorb(sc, legal.all());
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
    case StepKind::kRecovery:
      return recovery(sc, legal.all());
    case StepKind::kAdministrative:
      return administrative(sc, legal.all());
    case StepKind::kActivate:
      return activation(sc, legal.all());
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

void Heuristic1870Bot::Impl::refresh(const WateState& ws) {
  for (Side z : {Side::kFrench, Side::kGerman}) {
    const auto i = static_cast<std::size_t>(wate1870::index(z));
    locs[i].reset();  // Scene::loc asks ws.loc_map when needed
    zocs[i] = ws.zoc_map(z);
  }
}

// ---------------------------------------------------------------------------

Heuristic1870Bot::Heuristic1870Bot(std::uint64_t /*seed*/) : impl_(std::make_unique<Impl>()) {}
Heuristic1870Bot::~Heuristic1870Bot() = default;

Heuristic1870Bot::Odds Heuristic1870Bot::combat_odds(const WateState& st, Player p,
                                                     const std::vector<std::string>& from,
                                                     const std::string& target, bool march) {
  const Side me = static_cast<Side>(p);
  const Board b{st.data(), st.position(), st.options()};
  const auto mine = wate1870::LocMap::of(b, me), theirs = wate1870::LocMap::of(b, wate1870::other(me));
  std::vector<wate1870::CombatForce> attack;
  std::vector<const HqUnit*> hqs;
  for (const auto& id : from) {
    const auto h = hex::parse_hex(id);
    if (!h) continue;
    wate1870::CombatForce cf;
    cf.hex = *h;
    std::vector<SpGroup> groups;
    for (const auto& g : st.position().sps) {
      if (g.side != me || g.hex != *h) continue;
      (g.status == Status1870::kGood        ? cf.good
       : g.status == Status1870::kDisrupted ? cf.disrupted
                                            : cf.demoralized) += g.count;
      groups.push_back(g);
    }
    cf.loc = mine->has_loc(*h);
    cf.cavalry = wate1870::cavalry_force(b, groups);
    attack.push_back(cf);
    for (const auto& q : st.position().hqs)
      if (q.side == me && q.hex == *h) hqs.push_back(&q);
  }
  const auto t = hex::parse_hex(target);
  if (!t || attack.empty()) return {};
  return odds_of(b, me, attack, hqs, *t, march, *theirs);
}

namespace {

// The view (parsed) made into a state: see Heuristic1870Bot::belief_from_view.
std::unique_ptr<WateState> belief_from_json(const WateState& like, nlohmann::json j,
                                            const std::vector<int>& hidden_sp = {}) {
  using nlohmann::json;
  if (j.is_discarded() || !j.is_object() || !j.contains("you")) return nullptr;
  const auto me = wate1870::parse_side(j["you"].get<std::string>());
  if (!me) return nullptr;
  const std::string foe(wate1870::side_name(wate1870::other(*me)));
  j["seed"] = 0;
  // 12.2: a stack that may not be inspected stands for a generic stack of good SP.
  if (j.contains("uninspected_enemy_stacks")) {
    std::size_t i = 0;
    for (const auto& s : j["uninspected_enemy_stacks"]) {
      const int sp = i < hidden_sp.size() ? hidden_sp[i] : 4;
      ++i;
      j["sps"].push_back(
          json::array({s.at("hex"), foe, "", "good", sp, false, false, false, false}));
    }
  }
  // The enemy's acting force shows only its side where it may not be inspected:
  // the belief has none (it is not the player's to move it).
  if (j.contains("force") && j["force"].is_object() && !j["force"].contains("hex"))
    j["force"] = nullptr;
  j.erase("you");
  j.erase("uninspected_enemy_stacks");
  j.erase("legal_actions");
  // Only the rules' data comes from `like` (the map, the tables): the same for both players.
  std::shared_ptr<const wate1870::GameData> data(std::shared_ptr<const wate1870::GameData>(),
                                                 &like.data());
  auto st = WateState::from_json(data, j.dump());
  if (!st) return nullptr;
  return std::move(st).value();
}

}  // namespace

std::unique_ptr<WateState> Heuristic1870Bot::belief_from_view(const WateState& like,
                                                              const std::string& view_json) {
  return belief_from_json(like, nlohmann::json::parse(view_json, nullptr, false));
}

std::unique_ptr<WateState> Heuristic1870Bot::belief_from_view(const WateState& like,
                                                              const nlohmann::json& view,
                                                              const std::vector<int>& hidden_sp) {
  return belief_from_json(like, view, hidden_sp);
}

Action Heuristic1870Bot::choose_in_picture(const WateState& picture, Player p) {
  Legal legal(picture, p);
  return impl_->choose(picture, p, legal);
}

void Heuristic1870Bot::copy_memory_from(const Heuristic1870Bot& other) { *impl_ = *other.impl_; }

Action Heuristic1870Bot::choose(const State& st, Player p, const std::string& /*view_json*/) {
  const auto* ws = dynamic_cast<const WateState*>(&st);
  if (!ws) {
    const auto legal = st.legal_actions(p);
    assert(!legal.empty() && "choose() is only called when the player has a choice");
    return legal.front();
  }
  if (!ws->options().flag("12.2")) {
    Legal legal(st, p);
    return impl_->choose(*ws, p, legal);
  }
  // 12.2 Fog of War: only what the view shows, as the engine's typed picture
  // (WateState::picture_for, the same state as one rebuilt from the view's JSON).
  // Options and the rules' data are common knowledge; legal actions and checks
  // are the player's own to ask.
  Legal legal(st, p);
  // A forced choice, or a march going as planned (the next hex), needs no picture.
  if (legal.all().empty()) return Action("pass");
  if (legal.all().size() == 1) return legal.all().front();
  if (!ws->steps().empty() && ws->steps().back().kind == wate1870::StepKind::kMarch &&
      ws->force() && ws->force()->side == static_cast<Side>(p))
    if (auto a = impl_->next_move(ws->data().map, ws->force()->hex, legal)) return *a;
  const auto picture = ws->picture_for(static_cast<Side>(p));
  if (!picture->inconsistency().empty()) {
    // The enemy's hidden force is acting (no picture to plan on): no peeking, the
    // first choice that is not a pass.
    for (const auto& a : legal.all())
      if (a.verb != "pass") return a;
    return legal.all().front();
  }
  return impl_->choose(*picture, p, legal);
}

}  // namespace rz::bots
