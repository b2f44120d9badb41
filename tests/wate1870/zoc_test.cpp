// 3.4 Zones of Control on the real 1870 map (rulings GAP-W-11, GAP-W-21, GAP-W-36).
#include "rules/wate1870/zoc.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/dice.hpp"
#include "core/rng.hpp"
#include "position_fixture.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using fixture::data;
using fixture::empty_position;
using fixture::H;
using fixture::home_position;

void add(Position& p, Side s, const char* h, int n, Status st = Status::kGood, bool entrained = false) {
  p.sps.push_back(SpGroup{s, H(h), "test", st, n, false, entrained});
  p.normalise();
}

const GameOptions kNoOptions{};

bool zoc(const Position& p, const char* h, Side s) { return in_zoc_of(Board{data(), p, kNoOptions}, H(h), s); }

// ZocMap must agree with the single-hex query everywhere.
void expect_map_agrees(const Position& p, Side s) {
  const Board b{data(), p, kNoOptions};
  const ZocMap m(b, s);
  for (const auto& i : data().map.hexes()) EXPECT_EQ(m.in_zoc(i.hex), in_zoc_of(b, i.hex, s)) << i.hex.id();
}

TEST(Wate1870_3_4, ThreeGoodOrderSpProjectAZocIntoTheSixAdjacentHexes) {
  Position p = empty_position();
  add(p, Side::kGerman, "1210", 3);
  for (const char* n : {"1310", "1309", "1209", "1110", "1211", "1311"}) EXPECT_TRUE(zoc(p, n, Side::kGerman)) << n;
  EXPECT_FALSE(zoc(p, "1210", Side::kGerman));  // not into its own hex
  EXPECT_FALSE(zoc(p, "1410", Side::kGerman));  // two hexes away
  EXPECT_FALSE(zoc(p, "1310", Side::kFrench));
  EXPECT_TRUE(in_enemy_zoc(Board{data(), p, kNoOptions}, H("1310"), Side::kFrench));
  EXPECT_TRUE(force_projects_zoc(Board{data(), p, kNoOptions}, H("1210"), Side::kGerman));
  expect_map_agrees(p, Side::kGerman);
}

TEST(Wate1870_3_4, TwoGoodOrderSpProjectNoZoc) {
  Position p = empty_position();
  add(p, Side::kGerman, "1210", 2);
  EXPECT_FALSE(force_projects_zoc(Board{data(), p, kNoOptions}, H("1210"), Side::kGerman));
  EXPECT_FALSE(zoc(p, "1310", Side::kGerman));
  expect_map_agrees(p, Side::kGerman);
}

TEST(Wate1870_3_4, DisruptedAndDemoralizedSpDoNotCount_3_5_1_GapW11) {
  Position p = empty_position();
  add(p, Side::kFrench, "1210", 2);
  add(p, Side::kFrench, "1210", 3, Status::kDisrupted);
  add(p, Side::kFrench, "1210", 4, Status::kDemoralized);
  EXPECT_FALSE(zoc(p, "1310", Side::kFrench));  // the 3.5.1 example: 9 SP, no ZOC
  add(p, Side::kFrench, "1210", 1);
  EXPECT_TRUE(zoc(p, "1310", Side::kFrench));  // 3 good-order SP, whatever else is there
  expect_map_agrees(p, Side::kFrench);
}

TEST(Wate1870_3_4, EntrainedSpProjectNoZoc_GapW36) {
  Position p = empty_position();
  add(p, Side::kFrench, "1309", 3, Status::kGood, true);
  EXPECT_FALSE(zoc(p, "1310", Side::kFrench));
  add(p, Side::kFrench, "1309", 2);
  EXPECT_FALSE(zoc(p, "1310", Side::kFrench));  // 2 detrained + 3 entrained
  add(p, Side::kFrench, "1309", 1);
  EXPECT_TRUE(zoc(p, "1310", Side::kFrench));
}

TEST(Wate1870_3_4, ZocDoesNotExtendIntoTownOrFortressHexes) {
  Position p = empty_position();
  add(p, Side::kGerman, "1408", 5);
  EXPECT_FALSE(zoc(p, "1407", Side::kGerman));  // Reims, a town
  EXPECT_TRUE(zoc(p, "1508", Side::kGerman));
  Position q = empty_position();
  add(q, Side::kFrench, "2108", 3);
  EXPECT_FALSE(zoc(q, "2107", Side::kFrench));  // Metz, a fortress
  EXPECT_FALSE(zoc(q, "2208", Side::kFrench));  // Marsal, a fortress
  EXPECT_FALSE(zoc(q, "2109", Side::kFrench));  // Nancy, a town
  EXPECT_TRUE(zoc(q, "2209", Side::kFrench));
  expect_map_agrees(q, Side::kFrench);
}

TEST(Wate1870_3_4, ZocEntersADestroyedFortressHex_9_0) {
  Position p = empty_position();
  add(p, Side::kFrench, "2108", 3);
  p.destroyed.push_back(H("2107"));
  p.normalise();
  EXPECT_TRUE(zoc(p, "2107", Side::kFrench));  // Metz destroyed: only its clear terrain is left
  expect_map_agrees(p, Side::kFrench);
}

TEST(Wate1870_3_4, ZocDoesNotCrossRiverHexsides) {
  Position p = empty_position();
  add(p, Side::kGerman, "1309", 3);
  EXPECT_FALSE(zoc(p, "1308", Side::kGerman));  // across the Marne
  EXPECT_FALSE(zoc(p, "1208", Side::kGerman));  // across the Marne
  EXPECT_TRUE(zoc(p, "1209", Side::kGerman));
  EXPECT_TRUE(zoc(p, "1310", Side::kGerman));
  expect_map_agrees(p, Side::kGerman);
}

TEST(Wate1870_3_4, ZocDoesNotExtendIntoNeutralHexes) {
  Position p = empty_position();
  add(p, Side::kFrench, "1603", 6);
  EXPECT_FALSE(zoc(p, "1602", Side::kFrench));  // Belgium
  EXPECT_FALSE(zoc(p, "1703", Side::kFrench));
  expect_map_agrees(p, Side::kFrench);
}

TEST(Wate1870_3_4, UndestroyedFortressProjectsAZocAcrossRivers) {
  Position p = empty_position();
  p.set_controller(data().map, H("2107"), Side::kFrench);  // Metz, empty, French controlled
  const Board b{data(), p, kNoOptions};
  EXPECT_TRUE(fortress_projects_zoc(b, H("2107"), Side::kFrench));
  EXPECT_FALSE(fortress_projects_zoc(b, H("2107"), Side::kGerman));
  EXPECT_TRUE(zoc(p, "2007", Side::kFrench));  // across the Moselle
  EXPECT_TRUE(zoc(p, "2108", Side::kFrench));
  EXPECT_FALSE(zoc(p, "2007", Side::kGerman));
  expect_map_agrees(p, Side::kFrench);
}

TEST(Wate1870_3_4, FortressZocDoesNotExtendIntoOtherTownOrFortressHexes) {
  Position p = empty_position();
  p.set_controller(data().map, H("2107"), Side::kFrench);
  EXPECT_FALSE(zoc(p, "2006", Side::kFrench));  // Thionville, a fortress, across the Moselle
  EXPECT_FALSE(zoc(p, "2008", Side::kFrench));  // Pont-a-Mousson, a town
  EXPECT_FALSE(zoc(p, "2106", Side::kFrench));  // Boulay, a town
  EXPECT_FALSE(zoc(p, "2207", Side::kFrench));  // Saint-Avold, a town
}

TEST(Wate1870_3_4, DestroyedOrUncontrolledFortressProjectsNoZoc) {
  Position p = empty_position();
  EXPECT_FALSE(zoc(p, "2108", Side::kFrench));  // nobody controls Metz
  p.set_controller(data().map, H("2107"), Side::kFrench);
  p.destroyed.push_back(H("2107"));
  EXPECT_FALSE(zoc(p, "2108", Side::kFrench));
  expect_map_agrees(p, Side::kFrench);
}

TEST(Wate1870_3_4, FortressProjectsForItsGarrison_GapW21) {
  Position p = empty_position();
  p.set_controller(data().map, H("2107"), Side::kGerman);
  add(p, Side::kFrench, "2107", 1);  // a French garrison in a German-controlled Metz
  EXPECT_TRUE(zoc(p, "2108", Side::kFrench));
  EXPECT_FALSE(zoc(p, "2108", Side::kGerman));
  // Both sides inside (a siege): the controller's garrison keeps the fortress.
  Position q = empty_position();
  q.set_controller(data().map, H("2107"), Side::kFrench);
  add(q, Side::kFrench, "2107", 1);
  add(q, Side::kGerman, "2107", 2);
  EXPECT_TRUE(zoc(q, "2007", Side::kFrench));
  EXPECT_FALSE(zoc(q, "2007", Side::kGerman));  // 2 German SP: no force ZOC either
  expect_map_agrees(q, Side::kFrench);
  expect_map_agrees(q, Side::kGerman);
}

// ZocMap::of keeps the maps it made: the same position gives the same map,
// and a position that differs in what a ZOC reads gets one of its own, the
// map made afresh. A change to the enemy's SP outside a fortress is not read:
// the map kept is found again.
TEST(Wate1870_3_4, TheZocMapsKeptPerPositionAreTheMapsMadeAfresh) {
  Position base = empty_position();
  base.set_controller(data().map, H("2107"), Side::kFrench);
  add(base, Side::kGerman, "1210", 3);
  add(base, Side::kFrench, "2107", 1);
  const Board b{data(), base, kNoOptions};
  const auto first = ZocMap::of(b, Side::kGerman);
  EXPECT_EQ(ZocMap::of(Board{data(), Position(base), kNoOptions}, Side::kGerman), first);
  EXPECT_NE(ZocMap::of(b, Side::kFrench), first);
  // The German stack in 1210 changes (0-2), a German SP joins the French in
  // the fortress of 2107 (3), the fortress is destroyed (4) or changes hands (5).
  std::vector<Position> changed(6, base);
  changed[0].sps[0].status = Status::kDisrupted;
  changed[1].sps[0].entrained = true;
  changed[2].sps[0].count = 2;
  add(changed[3], Side::kGerman, "2107", 1);
  changed[4].destroyed.push_back(H("2107"));
  changed[5].set_controller(data().map, H("2107"), Side::kGerman);
  for (std::size_t i = 0; i < changed.size(); ++i) {
    changed[i].normalise();
    const Board cb{data(), changed[i], kNoOptions};
    for (Side s : {Side::kFrench, Side::kGerman}) {
      const auto kept = ZocMap::of(cb, s);
      if (i <= 2 && s == Side::kFrench)
        EXPECT_EQ(kept, ZocMap::of(b, s))
            << "change " << i << " is to the enemy's SP outside a fortress";
      else
        EXPECT_NE(kept, ZocMap::of(b, s)) << "change " << i << " went unseen";
      const ZocMap fresh(cb, s);
      for (const auto& h : data().map.hexes())
        ASSERT_EQ(kept->in_zoc(h.hex), fresh.in_zoc(h.hex)) << "change " << i << ", " << h.hex.id();
    }
  }
  EXPECT_FALSE(ZocMap::of(Board{data(), changed[0], kNoOptions}, Side::kGerman)->in_zoc(H("1310")));
  EXPECT_TRUE(first->in_zoc(H("1310")));
}

// ZocMap::of's last map of a side is found again by SpList::zoc_version while
// what the map reads stays the same: at every decision of random games of the
// historical set-up the map it gives is the map made afresh, and it is found
// again most of the time (a march moves one side, the other's ZOC is asked).
TEST(Wate1870_3_4, TheZocMapFoundAgainByItsVersionIsTheMapMadeAfresh) {
  auto game = WateGame::load();
  ASSERT_TRUE(game.ok()) << game.error().to_string();
  auto start = (*game)->initial_state("historical", {}, 1);
  ASSERT_TRUE(start.ok());
  int asked = 0, kept = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto st = (*start)->clone();
    Pcg32 choose(seed, 5);
    SeededDice dice(seed);
    for (int decision = 0; decision < 600 && !st->terminal(); ++decision) {
      ASSERT_TRUE(resolve_chance(*st, dice).ok());
      if (st->terminal()) break;
      const auto& ws = static_cast<const WateState&>(*st);
      const Board b{ws.data(), ws.position(), ws.options()};
      for (Side s : {Side::kFrench, Side::kGerman}) {
        const std::uint64_t version = ws.position().sps.zoc_version(index(s));
        const auto before = ZocMap::of(b, s);
        const auto again = ZocMap::of(b, s);
        EXPECT_EQ(again, before);  // the same position: the same map, found again
        ++asked;
        kept += version == ws.position().sps.zoc_version(index(s)) ? 1 : 0;
        const ZocMap fresh(b, s);
        for (const auto& h : data().map.hexes())
          ASSERT_EQ(before->in_zoc(h.hex), fresh.in_zoc(h.hex))
              << "seed " << seed << ", decision " << decision << ", " << h.hex.id();
      }
      const auto p = st->to_move().players.front();
      const auto legal = st->legal_actions(p);
      ASSERT_TRUE(st->apply(p, legal[choose.below(static_cast<std::uint32_t>(legal.size()))]).ok());
    }
  }
  EXPECT_EQ(kept, asked);  // asking gives the version, it does not change it
  EXPECT_GT(asked, 1000);
}

// What a ZOC reads changes with SP that count for one (3.4, GAP-W-11/36) and
// with a side's presence in a fortress (GAP-W-21); an activation's flags and a
// march of SP that do not count leave the version as it was.
TEST(Wate1870_3_4, TheZocVersionChangesWithWhatAZocReads) {
  Position p = empty_position();
  p.sps.set_fortresses(&data().map.fortress_hexes());
  const hex::Hex fortress = data().map.fortress_hexes().front();
  add(p, Side::kGerman, "1210", 3);
  add(p, Side::kFrench, "1610", 1, Status::kDisrupted);
  const auto fr = [&] { return p.sps.zoc_version(index(Side::kFrench)); };
  const auto ge = [&] { return p.sps.zoc_version(index(Side::kGerman)); };
  std::uint64_t f0 = fr(), g0 = ge();
  // Flags alone: the same.
  p.edit_hex(H("1210"), [](std::vector<SpGroup>& run) {
    run.front().activated = true;
    run.front().acting = true;
  });
  EXPECT_EQ(fr(), f0);
  EXPECT_EQ(ge(), g0);
  // 3 good-order SP become 2: the German ZOC changes, the French does not.
  p.edit_hex(H("1210"), [](std::vector<SpGroup>& run) { run.front().count = 2; });
  EXPECT_EQ(fr(), f0);
  EXPECT_NE(ge(), g0);
  g0 = ge();
  // The German SP march (good order: they count) away from any fortress.
  p.move_acting(H("1211"));
  EXPECT_EQ(fr(), f0);
  EXPECT_NE(ge(), g0);
  g0 = ge();
  // The disrupted French SP march: they count for no ZOC, and no fortress is left or entered.
  p.clear_acting();
  p.edit_hex(H("1610"), [](std::vector<SpGroup>& run) { run.front().acting = true; });
  f0 = fr();
  g0 = ge();
  p.move_acting(H("1611"));
  EXPECT_EQ(fr(), f0);
  EXPECT_EQ(ge(), g0);
  // Into a fortress: both sides' ZOCs read who is inside.
  p.move_acting(fortress);
  EXPECT_NE(fr(), f0);
  EXPECT_NE(ge(), g0);
  f0 = fr();
  g0 = ge();
  // Any other change: both anew.
  p.sps[0].count += 1;
  EXPECT_NE(fr(), f0);
  EXPECT_NE(ge(), g0);
}

}  // namespace
}  // namespace rz::wate1870
