#pragma once
// 3.6 Headquarters: ratings, combined bonuses, inherent division HQs, command
// limits (3.6.1, 3.6.2; rulings GAP-W-05, GAP-W-06, GAP-W-07, GAP-W-10).
#include <string>
#include <vector>

#include "rules/wate1870/board.hpp"
#include "rules/wate1870/forces.hpp"

namespace rz::wate1870 {

// The ratings an HQ unit has now: its replacement side once flipped (8.5.1).
// An id that names no counter of forces.yaml is an HQ mobilised for 5 RP (6.2):
// a division HQ with Forces::mobilised ratings and limit (GAP-W-05).
const HqRatings& hq_ratings(const Board& b, const HqUnit& hq);
// 3.6.2: how many SP this HQ can activate.
int hq_command_limit(const Board& b, const HqUnit& hq);
Rank hq_rank(const Board& b, const HqUnit& hq);
// 3.6.1: a force of `sp` SP without an HQ unit has an inherent division HQ
// (1..3 German, 1..4 French SP).
bool has_inherent_hq(const Board& b, Side side, int sp);

// 3.6 / GAP-W-06: the bonus of a group of HQs: one army HQ and one corps HQ
// at most (the best of each), plus every unit division HQ. attack = AB, else DB.
// With no HQ unit, a force of inherent size uses its inherent HQ (3.6.1);
// a larger HQ-less force has 0 (GAP-W-07).
int combined_bonus(const Board& b, const std::vector<const HqUnit*>& hqs, Side side, int force_sp,
                   bool attack);

// GAP-W-10: the MA of a force moving with these HQs is the lowest of theirs;
// with none, the inherent HQ's MA (whether the force may move at all is
// GAP-W-07's business, not this one's). Cautious if any is cautious (3.4).
struct ForceCommand {
  int ma = 0;
  bool cautious = false;
};
ForceCommand force_command(const Board& b, const std::vector<const HqUnit*>& hqs, Side side);

}  // namespace rz::wate1870
