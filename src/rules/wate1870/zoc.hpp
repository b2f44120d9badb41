#pragma once
// 3.4 Zones of Control (with rulings GAP-W-11, GAP-W-21, GAP-W-36).
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "hex/hex.hpp"
#include "rules/wate1870/board.hpp"
#include "rules/wate1870/hex_rows.hpp"

namespace rz::wate1870 {

// 3.4: the minimum good-order SP for a force to project a ZOC.
inline constexpr int kZocSp = 3;
// GAP-W-11/36: only good-order SP that are not entrained count towards a ZOC.
inline bool counts_for_zoc(const SpGroup& g) { return g.status == Status::kGood && !g.entrained; }

// A force of `side` in `h` projects a ZOC: at least 3 good-order SP that are not
// entrained (3.4, 3.5.1, GAP-W-11, GAP-W-36).
bool force_projects_zoc(const Board& b, hex::Hex h, Side side);
// An undestroyed fortress in `h` projects a ZOC for `side` (3.4, GAP-W-21: the
// side controlling it, or whose garrison is inside).
bool fortress_projects_zoc(const Board& b, hex::Hex h, Side side);
// `side` exerts a ZOC in `h`: from an adjacent projecting force (not into a town
// or fortress hex, not across a river hexside) or fortress (across rivers, but
// not into town or fortress hexes) (3.4).
bool in_zoc_of(const Board& b, hex::Hex h, Side side);
// `h` is in an enemy ZOC for a force of `side`.
inline bool in_enemy_zoc(const Board& b, hex::Hex h, Side side) { return in_zoc_of(b, h, other(side)); }

// Good-order, not entrained SP of `side` in `h`: the strength that counts for a
// ZOC and for the 4.1 "3 good-order SP" exception (GAP-W-11, GAP-W-36).
int zoc_sp(const Board& b, hex::Hex h, Side side);
// No ZOC enters `h`: a town, an undestroyed fortress, a neutral or off-map hex (3.4).
bool blocks_zoc(const Board& b, hex::Hex h);
// The side an undestroyed fortress in `h` belongs to (GAP-W-21): the only side
// with SP inside, else its controller; none if no fortress, destroyed or nobody's.
std::optional<Side> fortress_holder(const Board& b, hex::Hex h);

// The ZOC of `side` over the whole map, computed in one pass over the pieces
// (for LOC tracing and move generation, which ask about many hexes).
class ZocMap {
 public:
  ZocMap(const Board& b, Side side);
  // The same, made once per thread for each position, as LocMap::of: the LOC
  // tracer, the move generator and the bots ask it of the same positions. A
  // map is kept by what it reads of the position: `side`'s own SP and the
  // fortresses, so it is found again while the enemy marches.
  static std::shared_ptr<const ZocMap> of(const Board& b, Side side);
  bool in_zoc(hex::Hex h) const;
  bool in_zoc_index(int i) const {
    return zoc_[static_cast<std::size_t>(i)] != 0;
  }  // by Map::index_of
  const HexRows& rows() const { return rows_; }  // the same hexes as rows of bits (hex_rows.hpp)

 private:
  // of() without its last-map memo: the cache by what the map reads.
  static std::shared_ptr<const ZocMap> made(const Board& b, Side side);
  const Map* map_;
  std::vector<char> zoc_;  // per Map::index_of
  HexRows rows_;
};

}  // namespace rz::wate1870
