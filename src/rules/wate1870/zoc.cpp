// 3.4 Zones of Control, with rulings GAP-W-11, GAP-W-21 and GAP-W-36
// (docs/rulings/wate1870-zoc-loc-movement.md).
#include "rules/wate1870/zoc.hpp"

#include <cstdint>

#include "rules/wate1870/map.hpp"

namespace rz::wate1870 {

namespace {

// 3.4: the minimum good-order SP for a force to project a ZOC.
constexpr int kZocSp = 3;

// GAP-W-11/36: only good-order SP that are not entrained count towards a ZOC.
bool counts_for_zoc(const SpGroup& g) { return g.status == Status::kGood && !g.entrained; }

bool blocks_zoc(const Board& b, const HexInfo& i) {
  // Neutral hexes are closed (map ruling 4); a destroyed fortress is plain terrain (9.0).
  if (neutral(i.country)) return true;
  return i.town || (i.fortress_sr > 0 && !b.pos.fortress_destroyed(i.hex));
}

}  // namespace

bool blocks_zoc(const Board& b, hex::Hex h) {
  const HexInfo* i = b.map().find(h);
  return i == nullptr || blocks_zoc(b, *i);
}

int zoc_sp(const Board& b, hex::Hex h, Side side) {
  int n = 0;
  for (const auto& g : b.pos.sps)
    if (g.hex == h && g.side == side && counts_for_zoc(g)) n += g.count;
  return n;
}

bool force_projects_zoc(const Board& b, hex::Hex h, Side side) {
  return zoc_sp(b, h, side) >= kZocSp;
}

namespace {

// GAP-W-21: a garrison alone holds it; with both sides inside (a siege) the
// garrison is the side that kept control; empty, its controller.
std::optional<Side> holder(const Board& b, hex::Hex h, bool french, bool german) {
  if (french != german) return french ? Side::kFrench : Side::kGerman;
  return b.pos.controller(b.map(), h);
}

}  // namespace

std::optional<Side> fortress_holder(const Board& b, hex::Hex h) {
  const HexInfo* i = b.map().find(h);
  if (i == nullptr || i->fortress_sr == 0 || b.pos.fortress_destroyed(h)) return std::nullopt;
  return holder(b, h, b.pos.sp(h, Side::kFrench) > 0, b.pos.sp(h, Side::kGerman) > 0);
}

bool fortress_projects_zoc(const Board& b, hex::Hex h, Side side) {
  return fortress_holder(b, h) == side;
}

bool in_zoc_of(const Board& b, hex::Hex h, Side side) {
  // 3.4: no ZOC into town or fortress hexes (from forces or fortresses).
  if (blocks_zoc(b, h)) return false;
  for (const hex::Hex n : hex::neighbours(h)) {
    if (!b.map().on_map(n)) continue;
    if (fortress_projects_zoc(b, n, side)) return true;  // crosses rivers (3.4)
    if (!b.map().river(n, h) && force_projects_zoc(b, n, side)) return true;
  }
  return false;
}

ZocMap::ZocMap(const Board& b, Side side) : map_(&b.map()), zoc_(b.map().hexes().size(), false) {
  const Map& m = b.map();
  // One pass over the pieces: ZOC strength per hex, then each projecting hex
  // (a stack of `side`, a fortress) marks its neighbours.
  std::vector<int> strength(m.hexes().size(), 0);
  std::vector<std::uint8_t> present(m.hexes().size(), 0);  // bit per side with SP in the hex
  std::vector<int> stacks;                                  // hexes with ZOC strength
  for (const auto& g : b.pos.sps) {
    const int i = m.index_of(g.hex);
    if (i < 0) continue;
    present[static_cast<std::size_t>(i)] |= static_cast<std::uint8_t>(1u << index(g.side));
    if (g.side != side || !counts_for_zoc(g)) continue;
    if (strength[static_cast<std::size_t>(i)] == 0) stacks.push_back(i);
    strength[static_cast<std::size_t>(i)] += g.count;
  }
  auto project = [&](int i, bool across_rivers) {
    const std::uint8_t rivers = across_rivers ? 0 : m.river_dirs(i);
    for (int k = 0; k < 6; ++k) {
      const int j = m.neighbour_index(i, k);
      if (j < 0 || zoc_[static_cast<std::size_t>(j)] || ((rivers >> k) & 1u)) continue;
      if (blocks_zoc(b, m.hexes()[static_cast<std::size_t>(j)])) continue;
      zoc_[static_cast<std::size_t>(j)] = true;
    }
  };
  for (const int i : stacks)
    if (strength[static_cast<std::size_t>(i)] >= kZocSp) project(i, false);
  for (const int i : m.fortress_indices()) {
    const hex::Hex h = m.hexes()[static_cast<std::size_t>(i)].hex;
    const std::uint8_t in = present[static_cast<std::size_t>(i)];
    if (!b.pos.fortress_destroyed(h) &&
        holder(b, h, in & (1u << index(Side::kFrench)), in & (1u << index(Side::kGerman))) == side)
      project(i, true);
  }
}

bool ZocMap::in_zoc(hex::Hex h) const {
  const int i = map_->index_of(h);
  return i >= 0 && zoc_[static_cast<std::size_t>(i)];
}

}  // namespace rz::wate1870
