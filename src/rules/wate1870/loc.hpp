#pragma once
// 4.0 Lines of Communication: 4.1 tracing, 4.2 sources of supply, 9.0 (a
// fortress held at 1:1 counts as friendly for tracing).
#include <cstdint>
#include <memory>
#include <vector>

#include "hex/hex.hpp"
#include "rules/wate1870/board.hpp"
#include "rules/wate1870/hex_rows.hpp"

namespace rz::wate1870 {

class ZocMap;

// `h` is a friendly source of supply for `side` (4.2): a map edge of that side,
// or a friendly controlled, undestroyed, unbesieged fortress in its own country.
bool supply_source(const Board& b, hex::Hex h, Side side);

// Which hexes of the map a force of `side` could trace a LOC from (4.1), computed
// once for the whole map (a fixpoint over depots and rail lines).
class LocMap {
 public:
  LocMap(const Board& b, Side side);
  // The same, with the enemy's zone of control (3.4) already made.
  LocMap(const Board& b, Side side, const ZocMap& enemy_zoc);
  // The same, traced once per thread for each position: a search replays the
  // same moves many times, and the rules ask again after orders that move
  // nothing. Looked up by everything a LOC is traced on, compared exactly.
  static std::shared_ptr<const LocMap> of(const Board& b, Side side);
  // The same, with traced_hash(b.pos) (traced_cache.hpp) already worked out.
  static std::shared_ptr<const LocMap> of(const Board& b, Side side, std::uint64_t traced);
  bool has_loc(hex::Hex h) const;
  Side side() const { return side_; }

 private:
  const Map* map_;
  Side side_;
  HexRows loc_;
};

// Convenience for a single query.
bool has_loc(const Board& b, hex::Hex h, Side side);

}  // namespace rz::wate1870
