#pragma once
// 7.1 March: what it costs a force to enter a hex (Terrain Effects Chart,
// river hexsides, 3.4 cautious commanders, the French friendly-hex penalty,
// 12.1 civilian resistance, 12.4 bridges), and 7.1.3 rail movement.
#include <cstdint>
#include <optional>
#include <vector>

#include "core/result.hpp"
#include "hex/hex.hpp"
#include "rules/wate1870/board.hpp"

namespace rz::wate1870 {

class ZocMap;

struct MoveContext {
  Side side = Side::kFrench;
  bool cautious = false;  // stacked with a cautious HQ (3.4, 3.6)
  // Hexes whose friendly forces do not count for the French +1 (the moving
  // force's own hex of origin is not "a hex that already has a friendly force"
  // once the whole force has left it). Filled by the march procedure.
  std::optional<hex::Hex> leaving_own_hex;
  // Per Map index, for a search that asks about every hex (7.2): enemy SP
  // there, a French force there (Position::occupied_by). Null: the pieces are
  // looked through for each question.
  const std::vector<char>* enemy_sp = nullptr;
  const std::vector<char>* french = nullptr;
  // The enemy's ZOC on the same board, for the cautious +1 (3.4): null, each
  // hex's neighbours are looked at instead.
  const ZocMap* enemy_zoc = nullptr;
  // A March Combat enters the enemy's hex (7.1.1): priced as a move, not barred.
  bool attacking = false;
};

// The tables MoveContext::enemy_sp and french point to.
struct Occupancy {
  std::vector<char> enemy_sp, french;
  Occupancy(const Board& b, Side side);
  MoveContext on(MoveContext ctx) const {
    ctx.enemy_sp = &enemy_sp;
    ctx.french = &french;
    return ctx;
  }
};

// MP to move from `from` into adjacent `to`, or an error naming the rule that
// forbids it (off map, neutral, enemy-occupied: only by March Combat).
Result<int> enter_cost(const Board& b, hex::Hex from, hex::Hex to, const MoveContext& ctx);
// What bars the way in enter_cost, with no message: a search that tries every
// neighbour (7.2) turns most of them down. The MP go in `mp` when it is kNone.
enum class EnterBar { kNone, kOffMap, kFromOffMap, kNeutral, kNotAdjacent, kEnemy };
EnterBar enter_mp(const Board& b, hex::Hex from, hex::Hex to, const MoveContext& ctx, int& mp);
// enter_mp for a step by Map index, `to` the neighbour of `from` in direction k
// (Map::neighbour_index), both on the map, with each optional rule read once
// and only when a step asks for it: for a search that prices every neighbour
// of every hex it reaches (7.2).
class StepPrice {
 public:
  StepPrice(const Board& b, const MoveContext& ctx) : b_(b), ctx_(ctx) {}
  EnterBar operator()(int from, int k, int to, int& mp) const;

 private:
  bool rule(const char* key, std::int8_t& kept) const;  // options.flag(key), kept
  const Board& b_;
  const MoveContext& ctx_;
  mutable std::int8_t bridges_ = -1, resistance_ = -1;  // 12.4, 12.1; -1: not asked yet
};

// 7.1.3: hexes reachable by rail from `from` (friendly controlled rail hexes,
// joined by rail links, never entering an EZOC; German: inside Germany only).
// The parts of the network found are kept per thread (by the usable hexes).
std::vector<hex::Hex> rail_reachable(const Board& b, hex::Hex from, Side side);
// The same by a search from `from` alone: the reference rail_reachable is tested against.
std::vector<hex::Hex> rail_reachable_afresh(const Board& b, hex::Hex from, Side side);

}  // namespace rz::wate1870
