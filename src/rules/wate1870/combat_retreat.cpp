// 8.6 Retreat and the fortress garrison that stays behind (GAP-W-14, GAP-W-21),
// and where a lone HQ displaces to (GAP-W-35).
#include <algorithm>

#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

// 3.4 EZOC for a retreating force, disregarding the force in `ignore` (8.6: the
// other force of a March Combat); a fortress's own ZOC still counts.
bool ezoc(const Board& b, hex::Hex h, Side side, std::optional<hex::Hex> ignore) {
  if (!ignore) return in_enemy_zoc(b, h, side);
  const Side enemy = other(side);
  if (blocks_zoc(b, h)) return false;
  for (const hex::Hex n : hex::neighbours(h)) {
    if (!b.map().on_map(n)) continue;
    if (fortress_projects_zoc(b, n, enemy)) return true;
    if (n != *ignore && !b.map().river(n, h) && force_projects_zoc(b, n, enemy)) return true;
  }
  return false;
}

// 8.6: enemy SP, or an EZOC that no friendly SP cancel (GAP-W-14: 8.6 over 3.4).
// A lone HQ is no force (GAP-W-35): it neither eliminates nor cancels.
bool eliminates(const Board& b, hex::Hex h, Side side, std::optional<hex::Hex> ignore) {
  if (b.pos.sp(h, other(side)) > 0) return true;
  return b.pos.sp(h, side) == 0 && ezoc(b, h, side, ignore);
}

}  // namespace

int fortress_garrison(const Board& b, hex::Hex h, Side side) {
  const HexInfo* i = b.map().find(h);
  if (i == nullptr || i->fortress_sr == 0 || fortress_holder(b, h) != side) return 0;
  return std::min(i->fortress_sr, b.pos.sp(h, side));  // 8.6: SP up to the SR are inside
}

std::vector<RetreatPath> retreat_hexes(const Board& b, hex::Hex from, Side side,
                                       std::optional<hex::Hex> march_other) {
  std::vector<RetreatPath> out;
  // Ruling C-3: the combat hex is no source for its own retreat, so a force
  // beaten on a map edge or in a source fortress heads for the next source.
  // The sources are found once: up to 43 hexes ask for their distance.
  // Only a supply edge of the side or a fortress can be a source (4.2), so
  // the other hexes are not asked (each question counts the SP in a hex).
  std::vector<hex::Hex> sources;
  const auto& facts = b.map().facts();
  for (std::size_t k = 0; k < facts.size(); ++k) {
    if (facts[k].supply != index(side) && !facts[k].fortress) continue;
    const hex::Hex h = b.map().hexes()[k].hex;
    if (h != from && supply_source(b, h, side)) sources.push_back(h);
  }
  if (sources.empty()) return out;
  auto distance = [&](hex::Hex h) {
    int best = hex::distance(h, sources.front());
    for (const hex::Hex s : sources) best = std::min(best, hex::distance(h, s));
    return best;
  };
  const int base = distance(from);
  auto closer = [&](hex::Hex h) {  // GAP-W-14: every retreat hex strictly closer than `from`
    return b.map().passable(h) && distance(h) < base;  // passable: on the map, not neutral
  };
  for (const hex::Hex h1 : hex::neighbours(from)) {
    if (!closer(h1)) continue;
    RetreatPath p{{h1}, eliminates(b, h1, side, march_other), b.map().river(from, h1) ? 1 : 0};
    out.push_back(p);
    if (p.eliminated) continue;  // the force is gone: no second hex
    for (const hex::Hex h2 : hex::neighbours(h1)) {
      if (h2 == from || !closer(h2)) continue;
      out.push_back({{h1, h2},
                     eliminates(b, h2, side, march_other),
                     p.rivers + (b.map().river(h1, h2) ? 1 : 0)});
    }
  }
  return out;
}

std::vector<hex::Hex> displacement_hexes(const Board& b, hex::Hex from, Side side) {
  const Side enemy = other(side);
  auto open = [&](hex::Hex h) { return b.map().passable(h) && b.pos.sp(h, enemy) == 0; };
  std::vector<hex::Hex> out;
  auto add = [&](hex::Hex h) {
    if (h != from && b.pos.sp(h, side) > 0) out.push_back(h);
  };
  for (const hex::Hex h1 : hex::neighbours(from)) {
    if (!open(h1)) continue;
    add(h1);
    for (const hex::Hex h2 : hex::neighbours(h1))
      if (open(h2)) add(h2);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace rz::wate1870
