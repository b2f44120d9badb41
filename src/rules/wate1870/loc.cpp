// 4.0 Lines of Communication: 4.1 tracing, 4.2 sources of supply, 9.0 sieges.
// Rulings (path length, start hex, rail control, depots): docs/rulings/wate1870-zoc-loc-movement.md.
#include "rules/wate1870/loc.hpp"

#include <cstddef>

#include "rules/wate1870/map.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

constexpr int kStrongSp = 3;  // 4.1: 3 good-order SP negate an EZOC (GAP-W-11)

Country home(Side s) { return s == Side::kFrench ? Country::kFrance : Country::kGermany; }

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// 4.2: a friendly controlled, undestroyed, unbesieged fortress of the side's
// own country. Besieged = enemy SP at 2:1 against SR + garrison (9.0).
bool fortress_source(const Board& b, const HexInfo& i, Side side, int own_sp, int enemy_sp) {
  if (i.fortress_sr == 0 || b.pos.fortress_destroyed(i.hex) || i.country != home(side)) return false;
  if (b.pos.controller(b.map(), i.hex) != side) return false;
  return !b.tables().under_siege(enemy_sp, i.fortress_sr + own_sp);
}

// Per-hex facts for one side, from one pass over the pieces.
struct Tracer {
  const Board& b;
  const Map& m;
  Side side;
  std::vector<int> own, good, strong, enemy;            // SP per Map index
  std::vector<char> open, friendly, source, rail_conn;  // see fill()
  std::vector<char> anchor, in_b;
  std::vector<int> queue;
  std::vector<int> rail_first, rail_adj;  // rail links as adjacency lists (CSR) by Map index

  Tracer(const Board& board, Side s)
      : b(board), m(board.map()), side(s), own(size(), 0), good(size(), 0), strong(size(), 0), enemy(size(), 0),
        open(size(), 0), friendly(size(), 0), source(size(), 0), rail_conn(size(), 0), anchor(size(), 0),
        in_b(size(), 0) {}
  std::size_t size() const { return m.hexes().size(); }
  bool rail(std::size_t i) const { return rail_first[i + 1] > rail_first[i]; }

  // From Map::railways(), without a set lookup per hexside.
  void build_rail_graph() {
    rail_first.assign(size() + 1, 0);
    auto each_link = [&](auto&& f) {
      for (const auto& r : m.railways())
        for (std::size_t k = 1; k < r.hexes.size(); ++k) f(m.index_of(r.hexes[k - 1]), m.index_of(r.hexes[k]));
    };
    each_link([&](int a, int c) { ++rail_first[at(a) + 1], ++rail_first[at(c) + 1]; });
    for (std::size_t i = 0; i < size(); ++i) rail_first[i + 1] += rail_first[i];
    rail_adj.assign(at(rail_first[size()]), -1);
    std::vector<int> fill = rail_first;
    each_link([&](int a, int c) { rail_adj[at(fill[at(a)]++)] = c, rail_adj[at(fill[at(c)]++)] = a; });
  }

  void count() {
    for (const auto& g : b.pos.sps) {
      const int i = m.index_of(g.hex);
      if (i < 0) continue;
      if (g.side != side) {
        enemy[at(i)] += g.count;
        continue;
      }
      own[at(i)] += g.count;
      if (g.status == Status::kGood) good[at(i)] += g.count;
      if (g.status == Status::kGood && !g.entrained) strong[at(i)] += g.count;
    }
  }

  void fill() {
    count();
    const ZocMap ezoc(b, other(side));
    for (std::size_t i = 0; i < size(); ++i) {
      const HexInfo& info = m.hexes()[i];
      if (neutral(info.country)) continue;  // closed: never open, never a source (map ruling 4)
      const bool fort = info.fortress_sr > 0 && !b.pos.fortress_destroyed(info.hex);
      const int strength = info.fortress_sr + enemy[i];
      // 9.0: an enemy fortress held by friendly SP at 1:1 counts as friendly;
      // our own fortress stays ours while it is not besieged.
      const bool ours = i < b.pos.control.size() && b.pos.control[i] == index(side);
      const bool held = fort && ((own[i] > 0 && b.tables().counts_for_loc(own[i], strength)) ||
                                 (ours && !b.tables().under_siege(enemy[i], info.fortress_sr + own[i])));
      friendly[i] = ours || held;
      // 4.1: no enemy forces (an HQ alone does not block, GAP-W-35), and no
      // EZOC unless 3 good-order SP hold the hex.
      open[i] = (enemy[i] == 0 || held) && (!ezoc.in_zoc_index(static_cast<int>(i)) || strong[i] >= kStrongSp);
      source[i] = (info.supply == side && enemy[i] == 0) || fortress_source(b, info, side, own[i], enemy[i]);
    }
  }

  // 4.1: rail hexes that trace along contiguous rail links, any length, to a
  // source on the line. Each hex passed is open and friendly controlled (or
  // holds 3 good-order SP, which also lets it pass an enemy controlled town).
  void trace_rail() {
    build_rail_graph();
    queue.clear();
    for (std::size_t i = 0; i < size(); ++i)
      if (source[i] && open[i] && rail(i)) {
        rail_conn[i] = 1;
        queue.push_back(static_cast<int>(i));
      }
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const std::size_t i = at(queue[q]);
      for (int k = rail_first[i]; k < rail_first[i + 1]; ++k) {
        const std::size_t j = at(rail_adj[at(k)]);
        if (rail_conn[j] || !open[j] || (!friendly[j] && strong[j] < kStrongSp)) continue;
        rail_conn[j] = 1;
        queue.push_back(static_cast<int>(j));
      }
    }
  }

  // A force in `i` traces from its own hex: it is a source, or a friendly
  // controlled rail hex whose line reaches a source (the start hex is not
  // checked for EZOC: a force traces out of it).
  bool zero_step(std::size_t i) const {
    if (source[i]) return true;
    if (!friendly[i] || !rail(i)) return false;
    if (rail_conn[i]) return true;
    for (int k = rail_first[i]; k < rail_first[i + 1]; ++k)
      if (rail_conn[at(rail_adj[at(k)])]) return true;
    return false;
  }

  bool static_anchor(std::size_t i) const {
    return open[i] && (source[i] || (rail_conn[i] && friendly[i]));
  }

  // Least fixpoint over depots (4.1): `loc` grows from sources and rail hexes;
  // a hex with good-order SP becomes a depot only once it has a LOC itself.
  void solve(std::vector<bool>& loc) {
    auto set_loc = [&](std::size_t x) {
      if (loc[x] || neutral(m.hexes()[x].country)) return;
      loc[x] = true;
      if (good[x] > 0 && open[x] && !anchor[x]) {
        anchor[x] = 1;
        queue.push_back(static_cast<int>(x));
      }
    };
    // y is a hex a path may enter with an anchor at most one step further.
    auto mark_b = [&](std::size_t y) {
      if (in_b[y]) return;
      in_b[y] = 1;
      for (const hex::Hex n : hex::neighbours(m.hexes()[y].hex)) {
        const int x = m.index_of(n);
        if (x >= 0) set_loc(at(x));
      }
    };
    queue.clear();
    for (std::size_t i = 0; i < size(); ++i) {
      if (static_anchor(i) && !anchor[i]) {
        anchor[i] = 1;
        queue.push_back(static_cast<int>(i));
      }
      if (zero_step(i)) set_loc(i);
    }
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const std::size_t z = at(queue[q]);
      mark_b(z);
      for (const hex::Hex n : hex::neighbours(m.hexes()[z].hex)) {
        const int y = m.index_of(n);
        if (y >= 0 && open[at(y)]) mark_b(at(y));
      }
    }
  }
};

}  // namespace

bool supply_source(const Board& b, hex::Hex h, Side side) {
  const HexInfo* i = b.map().find(h);
  if (i == nullptr || neutral(i->country)) return false;
  const int enemy = b.pos.sp(h, other(side));
  if (i->supply == side && enemy == 0) return true;  // 4.2: the side's map edge, not enemy-occupied
  return fortress_source(b, *i, side, b.pos.sp(h, side), enemy);
}

LocMap::LocMap(const Board& b, Side side) : map_(&b.map()), side_(side), loc_(b.map().hexes().size(), false) {
  Tracer t(b, side);
  t.fill();
  t.trace_rail();
  t.solve(loc_);
}

bool LocMap::has_loc(hex::Hex h) const {
  const int i = map_->index_of(h);
  return i >= 0 && loc_[at(i)];
}

bool has_loc(const Board& b, hex::Hex h, Side side) { return LocMap(b, side).has_loc(h); }

}  // namespace rz::wate1870
