// 3.4 Zones of Control, with rulings GAP-W-11, GAP-W-21 and GAP-W-36
// (docs/rulings/wate1870-zoc-loc-movement.md).
#include "rules/wate1870/zoc.hpp"

#include <array>
#include <cstdint>

#include "rules/wate1870/map.hpp"
#include "rules/wate1870/traced_cache.hpp"

namespace rz::wate1870 {

namespace {

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
  b.pos.sps.each_in(h, [&](const SpGroup& g) {
    if (g.side == side && counts_for_zoc(g)) n += g.count;
  });
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

ZocMap::ZocMap(const Board& b, Side side) : map_(&b.map()), zoc_(b.map().hexes().size(), 0) {
  const Map& m = b.map();
  const auto& facts = m.facts();
  // Each projecting hex (a stack of `side`, a fortress) marks its neighbours.
  auto project = [&](int i, bool across_rivers) {
    const std::uint8_t rivers = across_rivers ? 0 : m.river_dirs(i);
    for (int k = 0; k < 6; ++k) {
      const int j = m.neighbour_index(i, k);
      if (j < 0 || ((rivers >> k) & 1u)) continue;
      const auto u = static_cast<std::size_t>(j);
      if (zoc_[u]) continue;
      // 3.4: no ZOC into a town, an undestroyed fortress or a neutral hex.
      const Map::Facts& f = facts[u];
      if (neutral(f.country) || f.town ||
          (f.fortress && !b.pos.fortress_destroyed(m.hexes()[u].hex)))
        continue;
      zoc_[u] = 1;
      rows_.set_bit(m.grid_bit(j));
    }
  };
  // ZOC strength and the sides present per hex, in tables kept per thread:
  // only the hexes with pieces are touched, and cleared after.
  thread_local std::vector<int> strength;
  thread_local std::vector<std::uint8_t> present;  // a bit per side with SP in the hex
  thread_local std::vector<int> touched;
  if (strength.size() < zoc_.size()) {
    strength.resize(zoc_.size(), 0);
    present.resize(zoc_.size(), 0);
  }
  touched.clear();
  for (const auto& g : b.pos.sps) {
    const int i = m.index_of(g.hex);
    if (i < 0) continue;
    const auto u = static_cast<std::size_t>(i);
    if (present[u] == 0) touched.push_back(i);
    present[u] |= static_cast<std::uint8_t>(1u << index(g.side));
    if (g.side == side && counts_for_zoc(g)) strength[u] += g.count;
  }
  for (const int i : touched)
    if (strength[static_cast<std::size_t>(i)] >= kZocSp) project(i, false);
  for (const int i : m.fortress_indices()) {
    const hex::Hex h = m.hexes()[static_cast<std::size_t>(i)].hex;
    const std::uint8_t in = present[static_cast<std::size_t>(i)];
    if (!b.pos.fortress_destroyed(h) &&
        holder(b, h, in & (1u << index(Side::kFrench)), in & (1u << index(Side::kGerman))) == side)
      project(i, true);  // crosses rivers (3.4)
  }
  for (const int i : touched) {
    strength[static_cast<std::size_t>(i)] = 0;
    present[static_cast<std::size_t>(i)] = 0;
  }
}

namespace {

// Everything the ZocMap of `side` reads of a position, as words: the groups of
// `side` that count for a ZOC (hex and SP), the side of every group in a
// fortress (its holder, GAP-W-21), the fortresses' control and the destroyed
// fortresses. The enemy's march outside the fortresses leaves them as they
// were, so the map is found again while the other side moves.
void zoc_inputs(const Board& b, Side side, std::vector<std::uint64_t>& out) {
  const Map& m = b.map();
  out.clear();
  out.push_back(0);  // the number of group words, set below
  // A group that counts, or that is in a fortress: its hex, its SP if it
  // counts, and its side.
  auto add = [&](const SpGroup& g, bool counts) {
    out.push_back((static_cast<std::uint64_t>(g.hex.col) & 0xffff) << 48 |
                  (static_cast<std::uint64_t>(g.hex.row) & 0xffff) << 32 |
                  static_cast<std::uint64_t>(counts ? static_cast<std::uint32_t>(g.count) : 0u) << 1 |
                  index(g.side));
  };
  if (b.pos.sps.normalised()) {
    // The groups come sorted by hex, as the fortresses do: one pass over both
    // tells a group in a fortress, with no map lookup per group.
    const auto& forts = m.fortress_hexes();
    auto f = forts.begin();
    for (const auto& g : b.pos.sps) {
      while (f != forts.end() && *f < g.hex) ++f;
      const bool counts = g.side == side && counts_for_zoc(g);
      if (counts || (f != forts.end() && *f == g.hex)) add(g, counts);
    }
  } else {
    for (const auto& g : b.pos.sps) {
      const int i = m.index_of(g.hex);
      if (i < 0) continue;
      const bool counts = g.side == side && counts_for_zoc(g);
      if (counts || m.facts()[static_cast<std::size_t>(i)].fortress) add(g, counts);
    }
  }
  out[0] = out.size();
  for (const int i : m.fortress_indices())
    out.push_back(static_cast<std::uint8_t>(b.pos.control[static_cast<std::size_t>(i)]));
  for (const auto d : b.pos.destroyed) out.push_back(hex_word(d));
}

std::uint64_t hash_words(const std::vector<std::uint64_t>& w) {
  std::uint64_t h = w.size();
  for (const auto x : w) h = mix_hash(h, x);
  return h;
}

}  // namespace

std::shared_ptr<const ZocMap> ZocMap::of(const Board& b, Side side) {
  // The last map of each side on this thread, by what the map reads of the
  // groups (SpList::zoc_version), the fortresses' control and the destroyed
  // fortresses: while one side marches, the other's ZOC is asked for again and
  // again and stays the same; the key below walks every group.
  // (Past 32 fortresses the control is not packed and the map is always looked up.)
  struct Last {
    std::uint64_t data = 0, version = 0;
    std::optional<std::uint64_t> control;
    std::vector<hex::Hex> destroyed;
    std::shared_ptr<const ZocMap> map;
  };
  thread_local std::array<Last, kSides> last;
  Last& l = last[static_cast<std::size_t>(index(side))];
  const std::uint64_t version = b.pos.sps.zoc_version(index(side));
  const auto control = b.pos.fortress_control(b.map());
  if (l.map && control && l.version == version && l.data == b.data.id.value &&
      l.control == control && l.destroyed == b.pos.destroyed)
    return l.map;
  l.map = made(b, side);
  l.data = b.data.id.value;
  l.version = version;
  l.control = control;
  l.destroyed = b.pos.destroyed;
  return l.map;
}

std::shared_ptr<const ZocMap> ZocMap::made(const Board& b, Side side) {
  using Words = std::vector<std::uint64_t>;
  thread_local TracedCache<ZocMap, 1024, Words> kept;  // as many as LocMap::of keeps
  thread_local Words words;
  zoc_inputs(b, side, words);
  return kept.get(
      b.data.id.value, side, hash_words(words), [&](const Words& k) { return k == words; },
      [&](Words& k) { k = words; }, [&] { return std::make_shared<const ZocMap>(b, side); });
}

bool ZocMap::in_zoc(hex::Hex h) const {
  const int i = map_->index_of(h);
  return i >= 0 && zoc_[static_cast<std::size_t>(i)];
}

}  // namespace rz::wate1870
