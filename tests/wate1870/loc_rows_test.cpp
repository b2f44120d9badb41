// 4.1: the LOC tracer works on rows of bits (hex_rows.hpp). Here it is checked
// against the tracer it replaced, which followed the rule hex by hex, on every
// position of whole games and for both sides.
#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "phases_fixture.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/map.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/tables.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {
namespace {

constexpr int kStrongSp = 3;  // 4.1, GAP-W-11

// The hexes of the map with a LOC for `side`, traced hex by hex (4.1, 4.2, 9.0):
// the reference the bit rows must agree with.
std::vector<char> traced_hex_by_hex(const Board& b, Side side, const ZocMap& ezoc) {
  const Map& m = b.map();
  const std::size_t n = m.hexes().size();
  std::vector<int> own(n), good(n), strong(n), enemy(n);
  for (const auto& g : b.pos.sps) {
    const auto i = static_cast<std::size_t>(m.index_of(g.hex));
    (g.side == side ? own : enemy)[i] += g.count;
    if (g.side == side && g.status == Status::kGood) {
      good[i] += g.count;
      if (!g.entrained) strong[i] += g.count;
    }
  }
  std::vector<char> open(n), friendly(n), source(n), rail(n), closed(n);
  for (std::size_t i = 0; i < n; ++i) {
    const HexInfo& h = m.hexes()[i];
    closed[i] = neutral(h.country);
    rail[i] = m.rail_dirs(static_cast<int>(i)) != 0;
    if (closed[i]) continue;
    const bool ours = b.pos.controller(m, h.hex) == side;
    const bool fort = h.fortress_sr > 0 && !b.pos.fortress_destroyed(h.hex);
    const bool held =
        fort && ((own[i] > 0 && b.tables().counts_for_loc(own[i], h.fortress_sr + enemy[i])) ||
                 (ours && !b.tables().under_siege(enemy[i], h.fortress_sr + own[i])));
    friendly[i] = ours || held;
    open[i] = (enemy[i] == 0 || held) && (!ezoc.in_zoc(h.hex) || strong[i] >= kStrongSp);
    source[i] = supply_source(b, h.hex, side);
  }
  auto rail_next = [&](std::size_t i, auto&& f) {
    for (int k = 0; k < 6; ++k)
      if ((m.rail_dirs(static_cast<int>(i)) >> k) & 1u)
        f(static_cast<std::size_t>(m.neighbour_index(static_cast<int>(i), k)));
  };
  // Rail hexes on a line to a source: open, friendly or held by 3 good-order SP.
  std::vector<char> line(n);
  std::vector<std::size_t> queue;
  for (std::size_t i = 0; i < n; ++i)
    if (source[i] && open[i] && rail[i]) line[i] = 1, queue.push_back(i);
  for (std::size_t q = 0; q < queue.size(); ++q)
    rail_next(queue[q], [&](std::size_t j) {
      if (line[j] || !open[j] || (!friendly[j] && strong[j] < kStrongSp)) return;
      line[j] = 1;
      queue.push_back(j);
    });
  // Depots join the anchors once they have a LOC; repeat until nothing changes.
  std::vector<char> loc(n), anchor(n);
  for (std::size_t i = 0; i < n; ++i) {
    bool joined = false;
    rail_next(i, [&](std::size_t j) { joined = joined || line[j]; });
    loc[i] = source[i] || (friendly[i] && rail[i] && (line[i] || joined));
    anchor[i] = open[i] && (source[i] || (line[i] && friendly[i]));
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < n; ++i)
      if (loc[i] && good[i] > 0 && open[i] && !anchor[i]) anchor[i] = 1, grew = true;
    for (std::size_t i = 0; i < n; ++i) {
      if (loc[i] || closed[i]) continue;
      // i's path enters a neighbour y, then an anchor next to y (or y is the anchor).
      for (int k = 0; k < 6 && !loc[i]; ++k) {
        const int y = m.neighbour_index(static_cast<int>(i), k);
        if (y < 0) continue;
        const auto uy = static_cast<std::size_t>(y);
        bool near = anchor[uy] != 0;
        for (int l = 0; l < 6 && !near && open[uy]; ++l) {
          const int z = m.neighbour_index(y, l);
          near = z >= 0 && anchor[static_cast<std::size_t>(z)];
        }
        if (near) loc[i] = 1, grew = true;
      }
    }
  }
  return loc;
}

TEST(Wate1870_4_1, TheBitRowTracerAgreesWithTheHexByHexTracer) {
  const auto& map = testing::shipped_data()->map;
  int positions = 0, differing = 0;
  std::size_t with_loc = 0, without_loc = 0;
  for (std::uint64_t seed = 11; seed <= 13; ++seed)
    testing::play_heuristic_against_random(seed, 3000, [&](const WateState& ws, int step) {
      if (step % 5 != 0) return;
      ++positions;
      const Board b{ws.data(), ws.position(), ws.options()};
      for (Side side : {Side::kFrench, Side::kGerman}) {
        const ZocMap ezoc(b, other(side));
        const LocMap rows(b, side, ezoc);
        const auto reference = traced_hex_by_hex(b, side, ezoc);
        for (std::size_t i = 0; i < reference.size(); ++i) {
          const bool has = rows.has_loc(map.hexes()[i].hex);
          (has ? with_loc : without_loc) += 1;
          if (has != (reference[i] != 0) && ++differing <= 5)
            ADD_FAILURE() << "seed " << seed << ", step " << step << ", " << side_name(side) << ", "
                          << map.hexes()[i].hex.id() << ": rows " << has << ", hex by hex "
                          << int{reference[i]};
        }
      }
    });
  EXPECT_EQ(differing, 0);
  EXPECT_GT(positions, 300);
  // Both answers occur often: the comparison means something.
  EXPECT_GT(with_loc, 1000u);
  EXPECT_GT(without_loc, 1000u);
}

}  // namespace
}  // namespace rz::wate1870
