// 4.0 Lines of Communication: 4.1 tracing, 4.2 sources of supply, 9.0 sieges.
// Rulings (path length, start hex, rail control, depots):
// docs/rulings/wate1870-zoc-loc-movement.md.
#include "rules/wate1870/loc.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "rules/wate1870/map.hpp"
#include "rules/wate1870/traced_cache.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

constexpr int kStrongSp = 3;  // 4.1: 3 good-order SP negate an EZOC (GAP-W-11)

Country home(Side s) { return s == Side::kFrench ? Country::kFrance : Country::kGermany; }

// 4.2: a friendly controlled, undestroyed, unbesieged fortress of the side's
// own country. Besieged = enemy SP at 2:1 against SR + garrison (9.0).
bool fortress_source(const Board& b, const HexInfo& i, Side side, int own_sp, int enemy_sp) {
  if (i.fortress_sr == 0 || i.country != home(side) || b.pos.fortress_destroyed(i.hex))
    return false;
  if (b.pos.controller(b.map(), i.hex) != side) return false;
  return !b.tables().under_siege(enemy_sp, i.fortress_sr + own_sp);
}

// Bit k set where byte k of the 8 at `p` is `v`: the control bytes of a row of
// the map are read 8 at a time (every trace reads them all).
std::uint64_t bytes_equal(const signed char* p, signed char v) {
  std::uint64_t x = 0;  // byte k in bits 8k..8k+7, on any machine
  if constexpr (std::endian::native == std::endian::little)
    std::memcpy(&x, p, 8);
  else
    for (int k = 0; k < 8; ++k) x |= std::uint64_t{static_cast<unsigned char>(p[k])} << (8 * k);
  constexpr std::uint64_t kLow = 0x7f7f7f7f7f7f7f7fULL;
  x ^= 0x0101010101010101ULL * static_cast<unsigned char>(v);    // a zero byte where equal
  const std::uint64_t zero = ~(((x & kLow) + kLow) | x | kLow);  // 0x80 in each zero byte
  return ((zero >> 7) * 0x0102040810204080ULL) >> 56;            // byte k's flag to bit k
}

// What a piece count adds to a hex, for the few hexes that hold pieces.
struct Counts {
  int own = 0, good = 0, strong = 0, enemy = 0;
};

// The LOC of one side over the whole map as sets of hexes (hex_rows.hpp): the
// per-hex facts from one pass over the pieces and the fortresses, rail lines
// followed link by link, and the depot fixpoint grown a row of bits at a time.
struct Tracer {
  const Board& b;
  const Map& m;
  Side side;
  int rows, width;
  HexRows enemy, good, strong, held, friendly, open, source;
  // The rail hexes on a line to a source, and those next along a line to one.
  struct Lines {
    HexRows conn, joined;
  };
  std::shared_ptr<const Lines> rail;
  std::vector<int> queue;

  Tracer(const Board& board, Side s)
      : b(board),
        m(board.map()),
        side(s),
        rows(m.row_max() - m.row_min() + 1),
        width(m.col_max() - m.col_min() + 1) {}

  bool in(const HexRows& set, int i) const { return set.test_bit(m.grid_bit(i)); }
  void put(HexRows& set, int i) const { set.set_bit(m.grid_bit(i)); }
  // Calls f(j) for each hex j joined to i by a rail link.
  template <class F>
  void each_rail_neighbour(int i, F&& f) const {
    // The set bits only: a rail hex has two links or three, not six.
    for (unsigned dirs = m.rail_dirs(i); dirs != 0; dirs &= dirs - 1)
      f(m.neighbour_index(i, std::countr_zero(dirs)));
  }
  // Calls f(i) for each hex of the set.
  template <class F>
  void each(const HexRows& set, F&& f) const {
    for (int r = 0; r < rows; ++r)
      for (std::uint64_t w = set[r]; w != 0; w &= w - 1) f(r * width + std::countr_zero(w));
  }
  // SP per hex, counted in a table kept per thread and cleared where it was
  // written: a whole-map table zeroed on every trace cost more than the trace.
  void count(std::vector<Counts>& at_hex, std::vector<int>& touched) {
    for (const auto& g : b.pos.sps) {
      const int i = m.index_of(g.hex);
      if (i < 0) continue;
      Counts& c = at_hex[static_cast<std::size_t>(i)];
      if (c.own == 0 && c.enemy == 0) touched.push_back(i);
      if (g.side != side) {
        c.enemy += g.count;
        continue;
      }
      c.own += g.count;
      if (g.status == Status::kGood) c.good += g.count;
      if (g.status == Status::kGood && !g.entrained) c.strong += g.count;
    }
    for (const int i : touched) {
      const Counts& c = at_hex[static_cast<std::size_t>(i)];
      if (c.enemy > 0) put(enemy, i);
      if (c.good > 0) put(good, i);
      if (c.strong >= kStrongSp) put(strong, i);
    }
  }

  void fill(const ZocMap& ezoc) {
    thread_local std::vector<Counts> at_hex;
    thread_local std::vector<int> touched;
    at_hex.resize(m.hexes().size());
    touched.clear();
    count(at_hex, touched);
    HexRows ours, fort_source;
    const HexRows& zoc = ezoc.rows();
    const auto& control = b.pos.control;
    const signed char us = static_cast<signed char>(index(side));
    const int n = static_cast<int>(std::min(control.size(), m.hexes().size()));
    for (int r = 0, i = 0; r < rows && i < n; ++r) {
      std::uint64_t w = 0;
      int c = 0;
      for (; c + 8 <= width && i + 8 <= n; c += 8, i += 8)
        w |= bytes_equal(control.data() + i, us) << c;
      for (; c < width && i < n; ++c, ++i)
        w |= static_cast<std::uint64_t>(control[static_cast<std::size_t>(i)] == us) << c;
      ours[r] = w;
    }
    const auto& closed = m.neutral_rows();  // never open, never a source (map ruling 4)
    for (const int i : m.fortress_indices()) {
      if (in(closed, i)) continue;
      const HexInfo& fortress = m.hexes()[static_cast<std::size_t>(i)];
      const Counts& c = at_hex[static_cast<std::size_t>(i)];
      // 9.0: an enemy fortress held by friendly SP at 1:1 counts as friendly;
      // our own fortress stays ours while it is not besieged.
      if (!b.pos.fortress_destroyed(fortress.hex) &&
          ((c.own > 0 && b.tables().counts_for_loc(c.own, fortress.fortress_sr + c.enemy)) ||
           (in(ours, i) && !b.tables().under_siege(c.enemy, fortress.fortress_sr + c.own))))
        put(held, i);
      if (fortress_source(b, fortress, side, c.own, c.enemy)) put(fort_source, i);
    }
    for (const int i : touched) at_hex[static_cast<std::size_t>(i)] = {};
    const auto& supply = m.supply_rows(index(side));
    for (int r = 0; r < rows; ++r) {
      friendly[r] = (ours[r] | held[r]) & ~closed[r];
      // 4.1: no enemy forces (an HQ alone does not block, GAP-W-35), and no
      // EZOC unless 3 good-order SP hold the hex.
      open[r] = m.all_rows()[r] & ~closed[r] & ~(enemy[r] & ~held[r]) & ~(zoc[r] & ~strong[r]);
      source[r] = ((supply[r] & ~enemy[r]) | fort_source[r]) & ~closed[r];
    }
  }

  // 4.1: rail hexes that trace along contiguous rail links, any length, to a
  // source on the line. Each hex passed is open and friendly controlled (or
  // holds 3 good-order SP, which also lets it pass an enemy controlled town).
  void trace_rail() {
    // The trace reads only the rail hexes it may start from and those it may
    // pass: most orders change neither (a march off the lines, a roll), so the
    // lines are kept by those two sets, compared exactly.
    struct Key {
      HexRows start, pass;
    };
    Key key;
    std::uint64_t hash = 0;
    for (int r = 0; r < rows; ++r) {
      key.start[r] = source[r] & open[r] & m.rail_rows()[r];
      key.pass[r] = open[r] & (friendly[r] | strong[r]) & m.rail_rows()[r];
      hash = mix_hash(mix_hash(hash, key.start[r]), key.pass[r]);
    }
    thread_local TracedCache<Lines, 64, Key> kept;
    rail = kept.get(
        b.data.id.value, side, hash,
        [&](const Key& k) { return k.start == key.start && k.pass == key.pass; },
        [&](Key& k) { k = key; },
        [&] { return std::make_shared<const Lines>(lines(key.start, key.pass)); });
  }

  // The rail hexes joined to `start` by links through `pass`, and the hexes
  // one link on from them.
  Lines lines(const HexRows& start, const HexRows& pass) {
    queue.clear();
    each(start, [&](int i) { queue.push_back(i); });
    Lines l{start, {}};
    for (std::size_t q = 0; q < queue.size(); ++q)
      each_rail_neighbour(queue[q], [&](int j) {
        if (in(l.conn, j) || !in(pass, j)) return;
        put(l.conn, j);
        queue.push_back(j);
      });
    each(l.conn, [&](int i) { each_rail_neighbour(i, [&](int j) { put(l.joined, j); }); });
    return l;
  }

  // Least fixpoint over depots (4.1). A force traces from its own hex when it is
  // a source, or a friendly controlled rail hex whose line reaches a source (the
  // start hex is not checked for EZOC: a force traces out of it). Otherwise its
  // path enters at most two hexes: an open hex next to an anchor, then the
  // anchor. Anchors are open sources, open friendly hexes on a line to a source,
  // and open hexes with good-order SP that have a LOC themselves (depots).
  HexRows solve() {
    const HexRows& rail_conn = rail->conn;
    const HexRows& joined =
        rail->joined;  // rail hexes next along the line to one on a line to a source
    const auto& closed = m.neutral_rows();
    HexRows own_hex, anchor;
    for (int r = 0; r < rows; ++r) {
      own_hex[r] =
          (source[r] | (friendly[r] & m.rail_rows()[r] & (rail_conn[r] | joined[r]))) & ~closed[r];
      anchor[r] =
          (open[r] & (source[r] | (rail_conn[r] & friendly[r]))) | (own_hex[r] & good[r] & open[r]);
    }
    for (;;) {
      HexRows entered = m.adjacent(anchor);
      for (int r = 0; r < rows; ++r) entered[r] = anchor[r] | (entered[r] & open[r]);
      HexRows loc = m.adjacent(entered);
      bool grew = false;
      for (int r = 0; r < rows; ++r) {
        loc[r] = own_hex[r] | (loc[r] & ~closed[r]);
        const std::uint64_t depots = anchor[r] | (loc[r] & good[r] & open[r]);
        grew = grew || depots != anchor[r];
        anchor[r] = depots;
      }
      if (!grew) return loc;
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

LocMap::LocMap(const Board& b, Side side, const ZocMap& enemy_zoc) : map_(&b.map()), side_(side) {
  Tracer t(b, side);
  t.fill(enemy_zoc);
  t.trace_rail();
  loc_ = t.solve();
}

std::shared_ptr<const LocMap> LocMap::of(const Board& b, Side side) {
  return of(b, side, traced_hash(b.pos));
}

std::shared_ptr<const LocMap> LocMap::of(const Board& b, Side side, std::uint64_t traced) {
  // Enough for the positions along a search's tree path and a turn's what-ifs:
  // at 1,000 iterations a decision 1,024 kept make 27% fewer traces than 256
  // (docs/performance-history.md, session 52); with ZocMap::made's 1,024 the
  // search's process holds 4.4 MB more than with 256 of each.
  thread_local TracedCache<LocMap, 1024> kept;
  return kept.get(b, side, traced, [&] {
    return std::make_shared<const LocMap>(b, side, *ZocMap::of(b, other(side)));
  });
}

bool LocMap::has_loc(hex::Hex h) const {
  return map_->index_of(h) >= 0 && loc_.test(h.row - map_->row_min(), h.col - map_->col_min());
}

bool has_loc(const Board& b, hex::Hex h, Side side) { return LocMap::of(b, side)->has_loc(h); }

}  // namespace rz::wate1870
