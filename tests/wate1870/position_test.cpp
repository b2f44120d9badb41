// The canonical form of a position (Position::normalise): SP groups sorted by
// hex, side, formation, status and flags, equal groups merged, empty ones gone;
// HQs by id. Checked against std::tie order on random lists.
#include "rules/wate1870/position.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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

// A random group in the `cols` x `rows` hexes from `corner`, its flags all clear:
// hex, side, formation, status and count are drawn in that order.
SpGroup random_group(Pcg32& rng, const std::vector<std::string>& names, hex::Hex corner, int cols,
                     int rows) {
  SpGroup g;
  g.hex = {corner.col + static_cast<int>(rng.below(static_cast<std::uint32_t>(cols))),
           corner.row + static_cast<int>(rng.below(static_cast<std::uint32_t>(rows)))};
  g.side = rng.below(2) ? Side::kGerman : Side::kFrench;
  g.formation = names[rng.below(static_cast<std::uint32_t>(names.size()))];
  g.status = static_cast<Status>(rng.below(3));
  g.count = static_cast<int>(rng.below(4));  // 0: dropped
  return g;
}

// A position of fewer than `most` random groups, each given its flags by `flag`.
template <class Flags>
Position random_position(Pcg32& rng, const std::vector<std::string>& names, int most, hex::Hex corner,
                         int cols, int rows, Flags&& flag) {
  Position p;
  const int n = static_cast<int>(rng.below(static_cast<std::uint32_t>(most)));
  for (int i = 0; i < n; ++i) {
    SpGroup g = random_group(rng, names, corner, cols, rows);
    flag(g);
    p.sps.push_back(g);
  }
  return p;
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
                                       "Rheinarm\xc3\xa9"
                                       "e",
                                       "Armee-de-Chalons-1",
                                       "Armee-de-Chalons-2"};
  Pcg32 rng(21, 4);
  int merged = 0;
  for (int round = 0; round < 300; ++round) {
    Position p;
    const int n = 1 + static_cast<int>(rng.below(40));
    for (int i = 0; i < n; ++i) {
      SpGroup g = random_group(rng, names, {20, 5}, 3, 3);
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
    const auto want = canonical(p.sps.vector());
    merged += static_cast<int>(p.sps.size() - want.size());
    p.normalise();
    ASSERT_EQ(p.sps.vector(), want) << "round " << round;
    ASSERT_TRUE(std::is_sorted(p.hqs.begin(), p.hqs.end(),
                               [](const HqUnit& a, const HqUnit& b) { return a.id < b.id; }));
    const auto again = p.sps;
    p.normalise();
    ASSERT_EQ(p.sps, again) << "normalise is idempotent, round " << round;
  }
  EXPECT_GT(merged, 300);  // merging and dropping happened often
}

// The hex queries of p, which answer from the list's note of the hexes that
// hold a group, against a count over its groups: in each hex of `hexes`.
void expect_queries_match(const Position& p, const std::vector<hex::Hex>& hexes, int round) {
  for (const hex::Hex h : hexes)
    for (Side side : {Side::kFrench, Side::kGerman}) {
      int all = 0;
      for (const auto& g : p.sps.vector()) all += g.hex == h && g.side == side ? g.count : 0;
      ASSERT_EQ(p.sp(h, side), all) << "round " << round << ", hex " << h.id();
    }
}

// The hexes of a position's groups.
std::vector<hex::Hex> hexes_of(const Position& p) {
  std::vector<hex::Hex> out;
  for (const auto& g : p.sps.vector()) out.push_back(g.hex);
  return out;
}

// Moves p's acting groups to `to` and checks the list is the one setting
// their hex and normalising gives, and that every query of the hexes left and
// entered answers as a scan would. Returns the groups left after the move.
std::size_t expect_move_is_setting_hex(Position p, hex::Hex to, int round) {
  Position want = p;
  for (auto& g : want.sps)
    if (g.acting) g.hex = to;
  want.normalise();
  Position before = p;
  before.normalise();
  p.move_acting(to);
  EXPECT_EQ(p.sps.vector(), want.sps.vector()) << "round " << round;
  EXPECT_TRUE(p.sps.normalised()) << "round " << round;
  // The hexes left (some of them emptied) and the hex entered.
  auto asked = hexes_of(before);
  asked.push_back(to);
  expect_queries_match(p, asked, round);
  return p.sps.size();
}

// A force's move (Position::move_acting) gives the list that setting the acting
// groups' hex and normalising gives: on random lists (dirty or not, acting
// groups in one hex or spread, some of them equal once moved), to hexes before,
// among and after the others.
TEST(Wate1870_Position, MovingTheActingGroupsIsSettingTheirHexAndNormalising) {
  const std::vector<std::string> names{"", "I", "II", "Guard", "Rheinarmee", "Rheinarmee-II"};
  Pcg32 rng(8, 3);
  int merged = 0, far = 0;
  for (int round = 0; round < 500; ++round) {
    Position p = random_position(rng, names, 60, {10, 3}, 20, 20, [&](SpGroup& g) {
      g.acting = rng.below(6) == 0;
      g.entrained = g.acting && rng.below(2) == 0;
    });
    if (rng.below(2)) p.normalise();  // a clean list, or one still to be normalised
    const hex::Hex to{8 + static_cast<int>(rng.below(24)), 1 + static_cast<int>(rng.below(24))};
    Position before = p;
    before.normalise();
    for (const auto& g : before.sps.vector())
      if (g.acting && (to.col < 10 || to.col > 29)) ++far;
    merged += static_cast<int>(before.sps.size() - expect_move_is_setting_hex(p, to, round));
    if (HasFailure()) return;
  }
  EXPECT_GT(merged, 20);  // acting groups from different hexes became one
  EXPECT_GT(far, 20);     // and moved past every other group
}

// The same for a force in one hex, as every march step and ride moves one
// (move_acting's rotation of the groups between the two hexes): to hexes
// before and after it, into runs of groups and into empty hexes, on the small
// grid where the two hexes are often next to each other.
TEST(Wate1870_Position, MovingAForceInOneHexIsSettingItsHexAndNormalising) {
  const std::vector<std::string> names{"", "I", "II", "Guard", "Rheinarmee"};
  Pcg32 rng(12, 7);
  int forward = 0, back = 0, joined = 0;
  for (int round = 0; round < 1000; ++round) {
    Position p = random_position(rng, names, 40, {10, 3}, 5, 5, [](SpGroup&) {});
    p.normalise();
    if (p.sps.empty()) continue;
    const hex::Hex from = p.sps[rng.below(static_cast<std::uint32_t>(p.sps.size()))].hex;
    p.edit_hex(from, [&](std::vector<SpGroup>& run) {
      for (auto& g : run) g.acting = rng.below(2) == 0;
      run.front().acting = true;
    });
    const hex::Hex to{10 + static_cast<int>(rng.below(5)), 3 + static_cast<int>(rng.below(5))};
    if (to == from) continue;
    (to < from ? back : forward) += 1;
    if (p.sp(to, Side::kFrench) + p.sp(to, Side::kGerman) > 0) ++joined;
    expect_move_is_setting_hex(p, to, round);
    if (HasFailure()) return;
  }
  EXPECT_GT(forward, 200);
  EXPECT_GT(back, 200);
  EXPECT_GT(joined, 200);  // into a hex that held groups already
}

// An edit of one hex's groups (an activation taking SP, the end of a force's
// action) gives the list that changing them in place and normalising gives.
TEST(Wate1870_Position, EditingAHexIsChangingItsGroupsAndNormalising) {
  const std::vector<std::string> names{"", "I", "II", "Guard"};
  Pcg32 rng(5, 11);
  int emptied = 0, merged = 0, added = 0;
  for (int round = 0; round < 500; ++round) {
    Position p = random_position(rng, names, 50, {10, 3}, 4, 4, [&](SpGroup& g) {
      g.activated = rng.below(3) == 0;
      g.acting = rng.below(4) == 0;
    });
    if (rng.below(2)) p.normalise();  // a clean list, or one still to be normalised
    const hex::Hex h{10 + static_cast<int>(rng.below(4)), 3 + static_cast<int>(rng.below(4))};
    // Some groups of h lose SP or flags, and a part of one is added as a new group.
    const std::uint32_t pick = rng.below(1000);
    const auto change = [&](std::vector<SpGroup>& groups, bool in_run) {
      std::uint32_t k = pick;
      SpGroup extra;
      bool add = false;
      for (auto& g : groups) {
        if (!in_run && g.hex != h) continue;
        if (k % 3 == 0 && g.count > 0) {
          g.count -= 1;
          extra = g;
          extra.count = 1;
          extra.acting = !g.acting;
          add = true;
        }
        if (k % 5 == 1) g.activated = !g.activated;
        k /= 2;
      }
      if (add) groups.push_back(extra);
      return add;
    };
    Position want = p;
    want.normalise();
    std::vector<SpGroup> edited = want.sps.vector();
    if (change(edited, false)) ++added;
    want.sps.clear();
    for (const auto& g : edited) want.sps.push_back(g);
    Position before = want;
    want.normalise();
    merged += static_cast<int>(before.sps.size() - want.sps.size());
    for (const auto& g : edited) emptied += g.hex == h && g.count == 0;
    p.edit_hex(h, [&](std::vector<SpGroup>& run) { change(run, true); });
    ASSERT_EQ(p.sps.vector(), want.sps.vector()) << "round " << round;
    ASSERT_TRUE(p.sps.normalised()) << "round " << round;
    expect_queries_match(p, {h}, round);  // h may be emptied
    // The end of an action: every acting flag cleared.
    Position done = p;
    for (auto& g : done.sps) g.acting = false;
    done.normalise();
    p.clear_acting();
    ASSERT_EQ(p.sps.vector(), done.sps.vector()) << "round " << round;
    ASSERT_TRUE(p.sps.normalised()) << "round " << round;
  }
  EXPECT_GT(emptied, 20);  // groups left empty were dropped
  EXPECT_GT(merged, 20);   // and equal ones merged
  EXPECT_GT(added, 50);
}

// The list notes where it changed since forget_changes(): the hexes an edit of
// Position names, or anywhere after any other access that could change it. The
// fortress walk (GAP-W-21) skips a list changed only away from the fortresses.
TEST(Wate1870_Position, TheListNotesTheHexesItChangedIn) {
  Position p;
  EXPECT_TRUE(p.sps.changes().wide);  // a new list: anything may have changed
  p.sps.push_back(SpGroup{.side = Side::kGerman, .hex = {21, 7}, .formation = "I", .count = 2});
  p.sps.push_back(
      SpGroup{.side = Side::kGerman, .hex = {20, 7}, .formation = "I", .count = 3, .acting = true});
  p.normalise();
  p.sps.forget_changes();
  EXPECT_FALSE(p.sps.changes().wide);
  EXPECT_EQ(p.sps.changes().n, 0);
  const Position& view = p;
  for (const auto& g : view.sps) EXPECT_GT(g.count, 0);  // reading changes nothing
  p.edit_hex({21, 7}, [](std::vector<SpGroup>&) {});  // nor does an edit that leaves it as it was
  EXPECT_EQ(p.sps.changes().n, 0);
  p.edit_hex({21, 7}, [](std::vector<SpGroup>& run) { run.front().count = 1; });
  ASSERT_EQ(p.sps.changes().n, 1);
  EXPECT_EQ(p.sps.changes().hexes[0], (hex::Hex{21, 7}));
  p.move_acting({22, 8});  // the hex left and the hex entered
  ASSERT_EQ(p.sps.changes().n, 3);
  EXPECT_EQ(p.sps.changes().hexes[1], (hex::Hex{20, 7}));
  EXPECT_EQ(p.sps.changes().hexes[2], (hex::Hex{22, 8}));
  EXPECT_FALSE(p.sps.changes().wide);
  Position copy = p;  // a copy carries them
  EXPECT_EQ(copy.sps.changes().n, 3);
  for (int i = 0; i < 4; ++i) p.move_acting({22, 9 + i});  // more hexes than it keeps: anywhere
  EXPECT_TRUE(p.sps.changes().wide);
  copy.sps.forget_changes();
  copy.sps[0].count = 4;  // a non-const element: anywhere
  EXPECT_TRUE(copy.sps.changes().wide);
}

// A list searched by hex must be one in canonical order: any access that could
// change it (a non-const iterator, element or push) marks it, and only
// normalise() clears the mark.
TEST(Wate1870_Position, TheListKnowsWhetherItChangedSinceNormalise) {
  Position p;
  p.sps.push_back(SpGroup{.side = Side::kGerman, .hex = {21, 7}, .formation = "I", .count = 2});
  p.sps.push_back(SpGroup{.side = Side::kFrench, .hex = {20, 7}, .formation = "I", .count = 3});
  EXPECT_FALSE(p.sps.normalised());
  p.normalise();
  EXPECT_TRUE(p.sps.normalised());
  const Position& view = p;
  for (const auto& g : view.sps) EXPECT_GT(g.count, 0);  // reading leaves it as it was
  EXPECT_EQ(view.sp({21, 7}, Side::kGerman), 2);
  EXPECT_TRUE(p.sps.normalised());
  p.sps[0].count = 0;  // a non-const element may be written
  EXPECT_FALSE(p.sps.normalised());
  p.normalise();
  ASSERT_EQ(p.sps.size(), 1u);
  for (auto& g : p.sps) (void)g;  // so may anything a non-const loop reaches
  EXPECT_FALSE(p.sps.normalised());
  p.normalise();
  p.sps.push_back(SpGroup{.side = Side::kFrench, .hex = {19, 7}, .formation = "I", .count = 1});
  EXPECT_FALSE(p.sps.normalised());
  EXPECT_EQ(p.sp({19, 7}, Side::kFrench), 1);  // found by a scan while unsorted
}

// A stamp stands for one content of the list: kept by a copy and by reading,
// new after any access that could change it (a sort by normalise or
// move_acting included), gone from a list moved from.
TEST(Wate1870_Position, TheStampIsNewAfterEveryChangeAndKeptByACopy) {
  Position p;
  p.sps.push_back(SpGroup{.side = Side::kGerman, .hex = {21, 7}, .formation = "I", .count = 2});
  p.sps.push_back(SpGroup{.side = Side::kFrench, .hex = {20, 7}, .formation = "I", .count = 3});
  const std::uint64_t unsorted = p.sps.stamp();
  EXPECT_NE(unsorted, 0u);
  EXPECT_EQ(p.sps.stamp(), unsorted);
  p.normalise();  // sorted: another content
  const std::uint64_t sorted = p.sps.stamp();
  EXPECT_NE(sorted, unsorted);
  p.normalise();  // nothing to do: the same
  EXPECT_EQ(p.sps.stamp(), sorted);
  const Position& view = p;
  for (const auto& g : view.sps) EXPECT_GT(g.count, 0);
  EXPECT_EQ(p.sps.stamp(), sorted);

  Position copy = p;
  EXPECT_EQ(copy.sps.stamp(), sorted);
  copy.sps[0].count = 5;
  const std::uint64_t changed = copy.sps.stamp();
  EXPECT_NE(changed, sorted);
  EXPECT_EQ(p.sps.stamp(), sorted);  // the original keeps its own

  p.sps[1].acting = true;
  const std::uint64_t flagged = p.sps.stamp();
  EXPECT_NE(flagged, sorted);
  EXPECT_NE(flagged, changed);
  p.normalise();
  const std::uint64_t before_move = p.sps.stamp();
  p.move_acting({22, 8});
  EXPECT_NE(p.sps.stamp(), before_move);
  const std::uint64_t before_clear = p.sps.stamp();
  p.clear_acting();  // a flag cleared: another content
  const std::uint64_t cleared = p.sps.stamp();
  EXPECT_NE(cleared, before_clear);
  p.clear_acting();  // none left to clear: the same
  p.edit_hex({22, 8}, [](std::vector<SpGroup>&) {});
  EXPECT_EQ(p.sps.stamp(), cleared);
  p.edit_hex({22, 8}, [](std::vector<SpGroup>& run) { run.front().activated = true; });
  EXPECT_NE(p.sps.stamp(), cleared);

  const std::uint64_t held = p.sps.stamp();
  Position moved = std::move(p);
  EXPECT_EQ(moved.sps.stamp(), held);
  EXPECT_TRUE(p.sps.empty());  // what is left is empty, and does not pass for `moved`
  EXPECT_NE(p.sps.stamp(), held);
  Position assigned;
  assigned = std::move(moved);
  EXPECT_EQ(assigned.sps.stamp(), held);
  EXPECT_NE(moved.sps.stamp(), held);
  const std::size_t size = assigned.sps.size();
  Position& same = assigned;
  assigned = std::move(same);  // moved onto itself: nothing is lost
  EXPECT_EQ(assigned.sps.size(), size);
  EXPECT_EQ(assigned.sps.stamp(), held);
}

// The hex queries answer the same whether they search a normalised list by hex
// or scan a list that may have changed, and the same as a plain count.
TEST(Wate1870_Position, HexQueriesAreTheSameSearchedOrScanned) {
  Pcg32 rng(5, 8);
  for (int round = 0; round < 200; ++round) {
    Position p;
    const int n = static_cast<int>(rng.below(60));
    for (int i = 0; i < n; ++i)
      p.sps.push_back(
          SpGroup{.side = rng.below(2) ? Side::kGerman : Side::kFrench,
                  .hex = {10 + static_cast<int>(rng.below(5)), 3 + static_cast<int>(rng.below(5))},
                  .formation = rng.below(2) ? "I" : "II",
                  .status = static_cast<Status>(rng.below(3)),
                  .count = 1 + static_cast<int>(rng.below(3))});
    p.normalise();
    ASSERT_TRUE(p.sps.normalised());
    Position scanned = p;
    (void)scanned.sps.begin();
    ASSERT_FALSE(scanned.sps.normalised());
    for (int c = 9; c <= 15; ++c)
      for (int r = 2; r <= 8; ++r)
        for (Side side : {Side::kFrench, Side::kGerman}) {
          const hex::Hex h{c, r};
          int all = 0, good = 0;
          for (const auto& g : p.sps.vector())
            if (g.hex == h && g.side == side) {
              all += g.count;
              good += g.status == Status::kGood ? g.count : 0;
            }
          ASSERT_EQ(p.sp(h, side), all) << "round " << round;
          ASSERT_EQ(scanned.sp(h, side), all);
          ASSERT_EQ(p.good_sp(h, side), good);
          ASSERT_EQ(scanned.good_sp(h, side), good);
          ASSERT_EQ(p.occupied_by(h, side), all > 0);
          ASSERT_EQ(scanned.occupied_by(h, side), all > 0);
        }
  }
}

}  // namespace
}  // namespace rz::wate1870
