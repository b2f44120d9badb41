#include "rules/wate1870/command.hpp"

#include <algorithm>
#include <optional>

namespace rz::wate1870 {

namespace {

// An HQ unit whose id names no counter of forces.yaml is one bought for 5 RP
// (6.2): a division HQ with its side's mobilised ratings (GAP-W-05).
const HqDef* def_of(const Board& b, const HqUnit& hq) { return b.forces().find(hq.id); }

int bonus_of(const HqRatings& r, bool attack) { return attack ? r.ab : r.db; }

}  // namespace

const HqRatings& hq_ratings(const Board& b, const HqUnit& hq) {
  if (const HqDef* d = def_of(b, hq)) return Forces::ratings(*d, hq.flipped);  // 8.5.1
  return b.forces().mobilised(hq.side).ratings;
}

int hq_command_limit(const Board& b, const HqUnit& hq) {
  if (const HqDef* d = def_of(b, hq)) return b.tables().command_limit(d->side, d->rank);  // 3.6.2
  return b.forces().mobilised(hq.side).command_limit;  // GAP-W-05: unit-division limit
}

Rank hq_rank(const Board& b, const HqUnit& hq) {
  const HqDef* d = def_of(b, hq);
  return d != nullptr ? d->rank : Rank::kDivision;
}

bool has_inherent_hq(const Board& b, Side side, int sp) {
  return sp >= 1 && sp <= b.forces().inherent(side).max_sp;  // 3.6.1: up to 3 G / 4 F
}

int combined_bonus(const Board& b, const std::vector<const HqUnit*>& hqs, Side side, int force_sp,
                   bool attack) {
  std::optional<int> army, corps;  // 3.6: one of each at most, the best (GAP-W-06)
  int divisions = 0;               // every unit division HQ counts
  bool any = false;
  for (const HqUnit* hq : hqs) {
    if (hq == nullptr || hq->side != side) continue;
    any = true;
    const int v = bonus_of(hq_ratings(b, *hq), attack);
    switch (hq_rank(b, *hq)) {
      case Rank::kArmy:
        army = std::max(army.value_or(v), v);
        break;
      case Rank::kCorps:
        corps = std::max(corps.value_or(v), v);
        break;
      case Rank::kDivision:
        divisions += v;
        break;
    }
  }
  if (!any) {
    // 3.6.1 inherent HQ; a larger HQ-less force has none (GAP-W-07).
    return has_inherent_hq(b, side, force_sp) ? bonus_of(b.forces().inherent(side).ratings, attack)
                                              : 0;
  }
  return army.value_or(0) + corps.value_or(0) + divisions;
}

ForceCommand force_command(const Board& b, const std::vector<const HqUnit*>& hqs, Side side) {
  ForceCommand c;
  bool any = false;
  for (const HqUnit* hq : hqs) {
    if (hq == nullptr || hq->side != side) continue;
    const HqRatings& r = hq_ratings(b, *hq);
    c.ma = any ? std::min(c.ma, r.ma) : r.ma;  // GAP-W-10: the slowest HQ sets the pace
    c.cautious = c.cautious || r.cautious;     // 3.6: any cautious commander
    any = true;
  }
  if (!any) {
    const HqRatings& r = b.forces().inherent(side).ratings;  // 3.6.1
    c.ma = r.ma;
    c.cautious = r.cautious;
  }
  return c;
}

}  // namespace rz::wate1870
