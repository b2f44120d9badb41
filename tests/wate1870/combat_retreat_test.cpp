// 8.6 Retreat (GAP-W-14), the fortress garrison that stays (8.6, GAP-W-21),
// and which forces are cavalry (8.1, 8.2, GAP-W-15).
#include <gtest/gtest.h>

#include <algorithm>

#include "combat_fixture.hpp"
#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/loc.hpp"

namespace rz::wate1870 {
namespace {

using testing::BoardTest;
using testing::H;

using Wate1870_8_1_Cavalry = BoardTest;
using Wate1870_8_6 = BoardTest;

// "2903" or "2903-3003", for comparing path lists.
std::vector<std::string> ids(const std::vector<RetreatPath>& ps) {
  std::vector<std::string> out;
  for (const auto& p : ps) {
    std::string s;
    for (const auto& h : p.hexes) s += (s.empty() ? "" : "-") + h.id();
    out.push_back(s);
  }
  std::sort(out.begin(), out.end());
  return out;
}

const RetreatPath& path(const std::vector<RetreatPath>& ps, const std::string& id) {
  for (const auto& p : ps) {
    std::string s;
    for (const auto& h : p.hexes) s += (s.empty() ? "" : "-") + h.id();
    if (s == id) return p;
  }
  static const RetreatPath none;
  ADD_FAILURE() << "no retreat path " << id;
  return none;
}

using V = std::vector<std::string>;

// --- retreat towards a source of supply ---

TEST_F(Wate1870_8_6, EveryHexStrictlyCloserToASupplySource) {
  // 2803 is 2 hexes from the German east edge; only 2903 is closer, then 3003,
  // 2902 or 2904 (each 0 or 1 from the edge).
  add_sp(Side::kGerman, "2803", 4);
  const auto ps = retreat_hexes(board(), H("2803"), Side::kGerman);
  EXPECT_EQ(ids(ps), (V{"2903", "2903-2902", "2903-2904", "2903-3003"}));
  for (const auto& p : ps) {
    EXPECT_FALSE(p.eliminated);
    EXPECT_EQ(p.rivers, 0);
  }
}

TEST_F(Wate1870_8_6, RiverCrossingsAreCounted) {
  // French from 1707 towards the south edge: 1608 is across the Aisne.
  add_sp(Side::kFrench, "1707", 4);
  const auto ps = retreat_hexes(board(), H("1707"), Side::kFrench);
  EXPECT_EQ(ids(ps), (V{"1608", "1608-1508", "1608-1609", "1608-1708", "1608-1709", "1708",
                        "1708-1608", "1708-1709", "1708-1808", "1708-1809"}));
  EXPECT_EQ(path(ps, "1608").rivers, 1);
  EXPECT_EQ(path(ps, "1608-1708").rivers, 2);
  EXPECT_EQ(path(ps, "1708").rivers, 0);
  EXPECT_EQ(path(ps, "1708-1709").rivers, 1);
}

TEST_F(Wate1870_8_6, NeverIntoANeutralHex) {
  // From 1201 Belgian 1100 is closer to the west edge but closed.
  add_sp(Side::kFrench, "1201", 2);
  const auto ps = retreat_hexes(board(), H("1201"), Side::kFrench);
  for (const auto& p : ps)
    for (const auto& h : p.hexes) EXPECT_NE(h, H("1100"));
  EXPECT_EQ(ids(ps), (V{"1101", "1101-1000", "1101-1001", "1101-1002", "1101-1102", "1102",
                        "1102-1002", "1102-1101",
                        "1102-1103"}));  // a second hex may go sideways: each is closer than 1201
}

TEST_F(Wate1870_8_6, ForceOnASourceHeadsForTheNextOne) {  // ruling C-3
  add_sp(Side::kGerman, "3005", 3);
  const auto ps = retreat_hexes(board(), H("3005"), Side::kGerman);
  EXPECT_EQ(ids(ps), (V{"3004", "3004-3003", "3006", "3006-3007"}));  // along the edge
}

// retreat_hexes asks only the candidates near enough to matter: on every hex
// of the map, for both sides, its paths are those of GAP-W-14 read plainly
// (every source of the map, the nearest one's distance).
TEST_F(Wate1870_8_6, ThePathsOfEveryHexAreThoseOfTheRuleReadPlainly) {
  add_sp(Side::kFrench, "3004", 2);  // German edge hexes occupied: no sources (4.2)
  add_sp(Side::kFrench, "3005", 2);
  add_sp(Side::kGerman, "1608", 3);  // and French ones
  add_sp(Side::kGerman, "1708", 3);
  add_sp(Side::kGerman, "2107", 8);  // Metz, a fortress, besieged
  const Board b = board();
  int compared = 0;
  for (const Side side : {Side::kFrench, Side::kGerman}) {
    std::vector<hex::Hex> sources;
    for (const auto& info : b.map().hexes())
      if (supply_source(b, info.hex, side)) sources.push_back(info.hex);
    for (const auto& info : b.map().hexes()) {
      const hex::Hex from = info.hex;
      auto distance = [&](hex::Hex h) {
        int d = 1 << 20;
        for (const hex::Hex s : sources)
          if (s != from) d = std::min(d, hex::distance(h, s));  // ruling C-3
        return d;
      };
      const int base = distance(from);
      auto closer = [&](hex::Hex h) { return b.map().passable(h) && distance(h) < base; };
      const auto ps = retreat_hexes(b, from, side);
      V want;
      for (const hex::Hex h1 : hex::neighbours(from)) {
        if (!closer(h1)) continue;
        want.push_back(h1.id());
        if (path(ps, h1.id()).eliminated) continue;
        for (const hex::Hex h2 : hex::neighbours(h1))
          if (h2 != from && closer(h2)) want.push_back(h1.id() + "-" + h2.id());
      }
      std::sort(want.begin(), want.end());
      ASSERT_EQ(ids(ps), want) << "from " << from.id();
      compared += want.empty() ? 0 : 1;
    }
  }
  EXPECT_GT(compared, 500);  // most hexes have somewhere to go
}

// --- elimination ---

TEST_F(Wate1870_8_6, EnemyOccupiedHexEliminates) {
  add_sp(Side::kGerman, "2803", 4);
  add_sp(Side::kFrench, "2903", 1, Status::kDemoralized);
  const auto ps = retreat_hexes(board(), H("2803"), Side::kGerman);
  EXPECT_EQ(ids(ps), (V{"2903"}));  // no second hex after elimination
  EXPECT_TRUE(ps.at(0).eliminated);
}

TEST_F(Wate1870_8_6, UnoccupiedEzocEliminates) {
  add_sp(Side::kGerman, "2803", 4);
  add_sp(Side::kFrench, "2902", 3);  // projects a ZOC into 2903 and 3003
  const auto ps = retreat_hexes(board(), H("2803"), Side::kGerman);
  EXPECT_EQ(ids(ps), (V{"2903"}));
  EXPECT_TRUE(ps.at(0).eliminated);
}

TEST_F(Wate1870_8_6, FriendlyForceCancelsTheEzoc) {  // GAP-W-14: 8.6 governs over 3.4
  add_sp(Side::kGerman, "2803", 4);
  add_sp(Side::kFrench, "2902", 3);
  add_sp(Side::kGerman, "2903", 1, Status::kDemoralized);
  const auto ps = retreat_hexes(board(), H("2803"), Side::kGerman);
  EXPECT_EQ(ids(ps), (V{"2903", "2903-2902", "2903-2904", "2903-3003"}));
  EXPECT_FALSE(path(ps, "2903").eliminated);
  EXPECT_TRUE(path(ps, "2903-2902").eliminated);  // enemy-occupied
  EXPECT_TRUE(path(ps, "2903-3003").eliminated);  // EZOC, nobody there
  EXPECT_FALSE(path(ps, "2903-2904").eliminated);
}

TEST_F(Wate1870_8_6, ALoneHqDoesNotCancelTheEzoc) {  // GAP-W-35: an HQ is no force
  add_sp(Side::kGerman, "2803", 4);
  add_sp(Side::kFrench, "2902", 3);
  add_hq("G-III", Side::kGerman, "2903");
  EXPECT_TRUE(retreat_hexes(board(), H("2803"), Side::kGerman).at(0).eliminated);
}

TEST_F(Wate1870_8_6, WeakOrDisruptedEnemyProjectsNoZoc) {  // 3.4, GAP-W-11
  add_sp(Side::kGerman, "2803", 4);
  add_sp(Side::kFrench, "2902", 2);
  add_sp(Side::kFrench, "2902", 4, Status::kDisrupted);
  const auto ps = retreat_hexes(board(), H("2803"), Side::kGerman);
  EXPECT_FALSE(path(ps, "2903").eliminated);
  EXPECT_FALSE(path(ps, "2903-3003").eliminated);
}

TEST_F(Wate1870_8_6, MarchCombatOpponentsEzocIsDisregarded) {
  add_sp(Side::kGerman, "2803", 4);
  add_sp(Side::kFrench, "2902", 3);  // the March Combat attacker
  const auto ps = retreat_hexes(board(), H("2803"), Side::kGerman, H("2902"));
  EXPECT_FALSE(path(ps, "2903").eliminated);
  EXPECT_FALSE(path(ps, "2903-3003").eliminated);
  EXPECT_TRUE(path(ps, "2903-2902").eliminated);  // its hex is still enemy-occupied
}

TEST_F(Wate1870_8_6, MarchCombatOpponentInTheCombatHexIsDisregardedToo) {
  // If the attacker stands in the combat hex itself, its ZOC over every
  // neighbour is disregarded.
  add_sp(Side::kGerman, "2803", 4);
  add_sp(Side::kFrench, "2803", 6);
  EXPECT_TRUE(retreat_hexes(board(), H("2803"), Side::kGerman).at(0).eliminated);
  EXPECT_FALSE(retreat_hexes(board(), H("2803"), Side::kGerman, H("2803")).at(0).eliminated);
}

// --- fortress garrison ---

TEST_F(Wate1870_8_6, UpToTheSrStaysInsideAFortress) {
  add_sp(Side::kFrench, "2107", 10);  // Metz, SR 6
  EXPECT_EQ(fortress_garrison(board(), H("2107"), Side::kFrench), 6);
  pos_.sps.clear();
  add_sp(Side::kFrench, "2107", 4, Status::kDisrupted);
  EXPECT_EQ(fortress_garrison(board(), H("2107"), Side::kFrench), 4);
}

TEST_F(Wate1870_8_6, NoGarrisonOutsideAnUndestroyedFortressOfYourOwn) {
  add_sp(Side::kFrench, "1709", 5);
  EXPECT_EQ(fortress_garrison(board(), H("1709"), Side::kFrench), 0);  // no fortress
  add_sp(Side::kFrench, "2107", 5);
  pos_.destroyed = {H("2107")};
  EXPECT_EQ(fortress_garrison(board(), H("2107"), Side::kFrench), 0);  // destroyed (9.0)
  pos_.destroyed.clear();
  add_sp(Side::kGerman, "2107", 8);  // besiegers sharing the hex (GAP-W-21)
  pos_.set_controller(data_->map, H("2107"), Side::kFrench);
  EXPECT_EQ(fortress_garrison(board(), H("2107"), Side::kFrench), 5);
  EXPECT_EQ(fortress_garrison(board(), H("2107"), Side::kGerman), 0);
}

TEST_F(Wate1870_8_6, ACapturedFortressSheltersTheNewHolder) {
  add_sp(Side::kGerman, "2107", 9);
  EXPECT_EQ(fortress_garrison(board(), H("2107"), Side::kGerman), 6);
}

// --- cavalry ---

TEST_F(Wate1870_8_1_Cavalry, ForceIsCavalryOnlyIfEverySpIsCavalry) {  // GAP-W-15
  const std::vector<SpGroup> cav{{Side::kGerman, H("2306"), "G-5CD", Status::kGood, 3},
                                 {Side::kGerman, H("2306"), "G-6CD", Status::kDisrupted, 1}};
  EXPECT_TRUE(cavalry_force(board(), cav));
  EXPECT_TRUE(has_cavalry(board(), cav));
  std::vector<SpGroup> mixed = cav;
  mixed.push_back({Side::kGerman, H("2306"), "G-III", Status::kGood, 2});
  EXPECT_FALSE(cavalry_force(board(), mixed));
  EXPECT_TRUE(has_cavalry(board(), mixed));
}

TEST_F(Wate1870_8_1_Cavalry, InfantryUnassignedAndNoSpAreNotCavalry) {
  const std::vector<SpGroup> inf{{Side::kFrench, H("2107"), "F-III", Status::kGood, 4},
                                 {Side::kFrench, H("2107"), "", Status::kGood, 2}};
  EXPECT_FALSE(cavalry_force(board(), inf));
  EXPECT_FALSE(has_cavalry(board(), inf));
  EXPECT_FALSE(cavalry_force(board(), std::vector<SpGroup>{}));
}

}  // namespace
}  // namespace rz::wate1870
