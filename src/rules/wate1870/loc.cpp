// 4.0 Lines of Communication: 4.1 tracing, 4.2 sources of supply, 9.0 sieges.
// Rulings (path length, start hex, rail control, depots):
// docs/rulings/wate1870-zoc-loc-movement.md.
#include "rules/wate1870/loc.hpp"

#include <cstddef>
#include <cstdint>

#include "rules/wate1870/map.hpp"
#include "rules/wate1870/traced_cache.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

constexpr int kStrongSp = 3;  // 4.1: 3 good-order SP negate an EZOC (GAP-W-11)

Country home(Side s) { return s == Side::kFrench ? Country::kFrance : Country::kGermany; }

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// 4.2: a friendly controlled, undestroyed, unbesieged fortress of the side's
// own country. Besieged = enemy SP at 2:1 against SR + garrison (9.0).
bool fortress_source(const Board& b, const HexInfo& i, Side side, int own_sp, int enemy_sp) {
  if (i.fortress_sr == 0 || b.pos.fortress_destroyed(i.hex) || i.country != home(side))
    return false;
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
  std::vector<char> anchor, in_b, closed;  // closed: neutral (map ruling 4)
  std::vector<int> queue;

  Tracer(const Board& board, Side s)
      : b(board),
        m(board.map()),
        side(s),
        own(size(), 0),
        good(size(), 0),
        strong(size(), 0),
        enemy(size(), 0),
        open(size(), 0),
        friendly(size(), 0),
        source(size(), 0),
        rail_conn(size(), 0),
        anchor(size(), 0),
        in_b(size(), 0),
        closed(size(), 0) {}
  std::size_t size() const { return m.hexes().size(); }
  bool rail(std::size_t i) const { return m.rail_dirs(static_cast<int>(i)) != 0; }
  // Calls f(j) for each hex j joined to i by a rail link.
  template <class F>
  void each_rail_neighbour(std::size_t i, F&& f) const {
    const std::uint8_t dirs = m.rail_dirs(static_cast<int>(i));
    for (int k = 0; k < 6; ++k)
      if ((dirs >> k) & 1u) f(at(m.neighbour_index(static_cast<int>(i), k)));
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

  void fill(const ZocMap& ezoc) {
    count();
    const auto& facts = m.facts();  // HexInfo only for fortresses
    for (std::size_t i = 0; i < size(); ++i) {
      const Map::Facts& f = facts[i];
      closed[i] = neutral(f.country);
      if (closed[i]) continue;  // never open, never a source (map ruling 4)
      const HexInfo* fortress = f.fortress ? &m.hexes()[i] : nullptr;
      const bool fort = fortress && !b.pos.fortress_destroyed(fortress->hex);
      // 9.0: an enemy fortress held by friendly SP at 1:1 counts as friendly;
      // our own fortress stays ours while it is not besieged.
      const bool ours = i < b.pos.control.size() && b.pos.control[i] == index(side);
      const bool held =
          fort &&
          ((own[i] > 0 && b.tables().counts_for_loc(own[i], fortress->fortress_sr + enemy[i])) ||
           (ours && !b.tables().under_siege(enemy[i], fortress->fortress_sr + own[i])));
      friendly[i] = ours || held;
      // 4.1: no enemy forces (an HQ alone does not block, GAP-W-35), and no
      // EZOC unless 3 good-order SP hold the hex.
      open[i] = (enemy[i] == 0 || held) &&
                (!ezoc.in_zoc_index(static_cast<int>(i)) || strong[i] >= kStrongSp);
      source[i] = (f.supply == index(side) && enemy[i] == 0) ||
                  (fortress && fortress_source(b, *fortress, side, own[i], enemy[i]));
    }
  }

  // 4.1: rail hexes that trace along contiguous rail links, any length, to a
  // source on the line. Each hex passed is open and friendly controlled (or
  // holds 3 good-order SP, which also lets it pass an enemy controlled town).
  void trace_rail() {
    queue.clear();
    for (std::size_t i = 0; i < size(); ++i)
      if (source[i] && open[i] && rail(i)) {
        rail_conn[i] = 1;
        queue.push_back(static_cast<int>(i));
      }
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const std::size_t i = at(queue[q]);
      each_rail_neighbour(i, [&](std::size_t j) {
        if (rail_conn[j] || !open[j] || (!friendly[j] && strong[j] < kStrongSp)) return;
        rail_conn[j] = 1;
        queue.push_back(static_cast<int>(j));
      });
    }
  }

  // A force in `i` traces from its own hex: it is a source, or a friendly
  // controlled rail hex whose line reaches a source (the start hex is not
  // checked for EZOC: a force traces out of it).
  bool zero_step(std::size_t i) const {
    if (source[i]) return true;
    if (!friendly[i] || !rail(i)) return false;
    if (rail_conn[i]) return true;
    bool joined = false;
    each_rail_neighbour(i, [&](std::size_t j) { joined = joined || rail_conn[j]; });
    return joined;
  }

  bool static_anchor(std::size_t i) const {
    return open[i] && (source[i] || (rail_conn[i] && friendly[i]));
  }

  // Least fixpoint over depots (4.1): `loc` grows from sources and rail hexes;
  // a hex with good-order SP becomes a depot only once it has a LOC itself.
  void solve(std::vector<char>& loc) {
    auto set_loc = [&](std::size_t x) {
      if (loc[x] || closed[x]) return;
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
      for (int k = 0; k < 6; ++k)
        if (const int x = m.neighbour_index(static_cast<int>(y), k); x >= 0) set_loc(at(x));
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
      for (int k = 0; k < 6; ++k)
        if (const int y = m.neighbour_index(static_cast<int>(z), k); y >= 0 && open[at(y)])
          mark_b(at(y));
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

LocMap::LocMap(const Board& b, Side side) : LocMap(b, side, *ZocMap::of(b, other(side))) {}

LocMap::LocMap(const Board& b, Side side, const ZocMap& enemy_zoc)
    : map_(&b.map()), side_(side), loc_(b.map().hexes().size(), 0) {
  Tracer t(b, side);
  t.fill(enemy_zoc);
  t.trace_rail();
  t.solve(loc_);
}

std::shared_ptr<const LocMap> LocMap::of(const Board& b, Side side) {
  return of(b, side, traced_hash(b.pos));
}

std::shared_ptr<const LocMap> LocMap::of(const Board& b, Side side, std::uint64_t traced) {
  // Enough for the positions along a search's tree path and a turn's what-ifs.
  thread_local TracedCache<LocMap, 64> kept;
  return kept.get(b, side, traced, [&] {
    return std::make_shared<const LocMap>(b, side, *ZocMap::of(b, other(side), traced));
  });
}

bool LocMap::has_loc(hex::Hex h) const {
  const int i = map_->index_of(h);
  return i >= 0 && loc_[at(i)];
}

bool has_loc(const Board& b, hex::Hex h, Side side) { return LocMap::of(b, side)->has_loc(h); }

}  // namespace rz::wate1870
