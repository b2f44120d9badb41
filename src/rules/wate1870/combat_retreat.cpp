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
  // Only a supply edge of the side or a fortress can be a source (4.2). The
  // hexes entered are within 2 of `from`, and one is closer than `from` only
  // if a source is nearer to it than the nearest to `from` (`base`): such a
  // source is within base + 1 of `from`. So the candidates are asked (each
  // question counts the SP in a hex) nearest first, up to that distance only.
  struct Candidate {
    int d;
    hex::Hex h;
  };
  // Buffers of the thread's own: a search asks this at every combat.
  thread_local std::vector<Candidate> candidates;
  thread_local std::vector<hex::Hex> sources;
  candidates.clear();
  sources.clear();
  for (const hex::Hex h : b.map().source_candidates(index(side)))
    if (h != from) candidates.push_back({hex::distance(from, h), h});
  std::sort(candidates.begin(), candidates.end(),
            [](const Candidate& x, const Candidate& y) { return x.d < y.d; });
  int base = -1;
  for (const Candidate& c : candidates) {
    if (base >= 0 && c.d > base + 1) break;
    if (!supply_source(b, c.h, side)) continue;
    if (base < 0) base = c.d;
    sources.push_back(c.h);
  }
  if (sources.empty()) return out;
  auto closer = [&](hex::Hex h) {  // GAP-W-14: every retreat hex strictly closer than `from`
    if (!b.map().passable(h)) return false;  // passable: on the map, not neutral
    for (const hex::Hex s : sources)
      if (hex::distance(h, s) < base) return true;
    return false;
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
