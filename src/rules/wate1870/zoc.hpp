#pragma once
// 3.4 Zones of Control (with rulings GAP-W-11, GAP-W-21, GAP-W-36).
#include "hex/hex.hpp"
#include "rules/wate1870/board.hpp"

namespace rz::wate1870 {

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

}  // namespace rz::wate1870
