// The canonical form of a position (Position::normalise): SP groups sorted by
// hex, side, formation, status and flags, equal groups merged, empty ones gone;
// HQs by id. Checked against std::tie order on random lists.
#include "rules/wate1870/position.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "core/rng.hpp"

namespace rz::wate1870 {
namespace {

auto key(const SpGroup& g) {
  return std::tie(g.hex, g.side, g.formation, g.status, g.activated, g.entrained, g.acting,
                  g.engaged);
}

// The canonical list worked out the plain way: sort by std::tie, merge, drop empties.
std::vector<SpGroup> canonical(std::vector<SpGroup> sps) {
  std::erase_if(sps, [](const SpGroup& g) { return g.count <= 0; });
  std::stable_sort(sps.begin(), sps.end(),
                   [](const SpGroup& a, const SpGroup& b) { return key(a) < key(b); });
  std::vector<SpGroup> out;
  for (const auto& g : sps)
    if (!out.empty() && key(out.back()) == key(g))
      out.back().count += g.count;
    else
      out.push_back(g);
  return out;
}

TEST(Wate1870_Position, NormaliseIsTheOrderOfTheFieldsWithEqualGroupsMerged) {
  // Names that differ in length, share prefixes (some longer than 8 bytes), and
  // bytes above 0x7f (std::string compares as unsigned char).
  const std::vector<std::string> names{"",
                                       "I",
                                       "II",
                                       "IIa",
                                       "Ib",
                                       "Guard",
                                       "G",
                                       "\xc3\xa9t",
                                       "a",
                                       "Rheinarm",
                                       "Rheinarmee",
                                       "Rheinarmee-II",
                                       "Rheinarmee-IIa",
                                       "Rheinarm\xc3\xa9" "e",
                                       "Armee-de-Chalons-1",
                                       "Armee-de-Chalons-2"};
  Pcg32 rng(21, 4);
  int merged = 0;
  for (int round = 0; round < 300; ++round) {
    Position p;
    const int n = 1 + static_cast<int>(rng.below(40));
    for (int i = 0; i < n; ++i) {
      SpGroup g;
      g.hex = {20 + static_cast<int>(rng.below(3)), 5 + static_cast<int>(rng.below(3))};
      g.side = rng.below(2) ? Side::kGerman : Side::kFrench;
      g.formation = names[rng.below(static_cast<std::uint32_t>(names.size()))];
      g.status = static_cast<Status>(rng.below(3));
      g.count = static_cast<int>(rng.below(4));  // 0: dropped
      g.activated = rng.below(4) == 0;
      g.acting = rng.below(4) == 0;
      p.sps.push_back(g);
    }
    for (const char* id : {"VII", "I", "Garde", "II", "\xc3\xa9", "IIa", "Garde-Korps",
                           "Garde-Kavallerie", "Garde-Korps-\xc3\xa9"}) {
      HqUnit q;
      q.id = id;
      p.hqs.push_back(q);
    }
    const auto want = canonical(p.sps);
    merged += static_cast<int>(p.sps.size() - want.size());
    p.normalise();
    ASSERT_EQ(p.sps, want) << "round " << round;
    ASSERT_TRUE(std::is_sorted(p.hqs.begin(), p.hqs.end(),
                               [](const HqUnit& a, const HqUnit& b) { return a.id < b.id; }));
    const auto again = p.sps;
    p.normalise();
    ASSERT_EQ(p.sps, again) << "normalise is idempotent, round " << round;
  }
  EXPECT_GT(merged, 300);  // merging and dropping happened often
}

}  // namespace
}  // namespace rz::wate1870
