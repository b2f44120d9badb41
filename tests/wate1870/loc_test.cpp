// 4.0 Lines of Communication on the real 1870 map: 4.1 tracing, 4.2 sources,
// 9.0 besieged and held fortresses.
#include "rules/wate1870/loc.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "phases_fixture.hpp"
#include "position_fixture.hpp"
#include "rules/wate1870/traced_cache.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {
namespace {

using fixture::data;
using fixture::empty_position;
using fixture::H;
using fixture::home_position;

using fixture::add;

void control(Position& p, const char* h, Side s) { p.set_controller(data().map, H(h), s); }

const GameOptions kNoOptions{};

bool loc(const Position& p, const char* h, Side s) { return has_loc(Board{data(), p, kNoOptions}, H(h), s); }
bool source(const Position& p, const char* h, Side s) { return supply_source(Board{data(), p, kNoOptions}, H(h), s); }

TEST(Wate1870_4_2, MapEdgesAreSourcesOfTheirOwnSideOnly) {
  const Position p = empty_position();
  EXPECT_TRUE(source(p, "0508", Side::kFrench));   // west edge
  EXPECT_TRUE(source(p, "1016", Side::kFrench));   // south edge
  EXPECT_FALSE(source(p, "0508", Side::kGerman));
  EXPECT_TRUE(source(p, "3004", Side::kGerman));   // east edge
  EXPECT_FALSE(source(p, "3004", Side::kFrench));
  EXPECT_FALSE(source(p, "1210", Side::kFrench));  // inland
}

TEST(Wate1870_4_2, EnemyOccupiedEdgeIsNoSource) {
  Position p = empty_position();
  add(p, Side::kGerman, "0508", 1, Status::kDemoralized);
  EXPECT_FALSE(source(p, "0508", Side::kFrench));
  EXPECT_TRUE(source(p, "0509", Side::kFrench));
}

TEST(Wate1870_4_2, FriendlyControlledFortressOfOwnCountryIsASource) {
  Position p = empty_position();
  EXPECT_FALSE(source(p, "0810", Side::kFrench));  // Paris, nobody controls it
  control(p, "0810", Side::kFrench);
  EXPECT_TRUE(source(p, "0810", Side::kFrench));
  control(p, "0810", Side::kGerman);
  EXPECT_FALSE(source(p, "0810", Side::kFrench));
  EXPECT_FALSE(source(p, "0810", Side::kGerman));  // a French fortress never supplies the Germans
  control(p, "2305", Side::kGerman);                // Saarlouis
  EXPECT_TRUE(source(p, "2305", Side::kGerman));
}

TEST(Wate1870_4_2, DestroyedFortressIsNoSource) {
  Position p = empty_position();
  control(p, "0810", Side::kFrench);
  p.destroyed.push_back(H("0810"));
  EXPECT_FALSE(source(p, "0810", Side::kFrench));
}

TEST(Wate1870_4_2, BesiegedFortressIsNoSource_9_0) {
  Position p = empty_position();
  control(p, "2107", Side::kFrench);  // Metz, SR 6, no garrison
  add(p, Side::kGerman, "2107", 11);
  EXPECT_TRUE(source(p, "2107", Side::kFrench));  // 11:6 is below 2:1
  add(p, Side::kGerman, "2107", 1);
  EXPECT_FALSE(source(p, "2107", Side::kFrench));  // 12:6, under siege
  add(p, Side::kFrench, "2107", 1);
  EXPECT_TRUE(source(p, "2107", Side::kFrench));  // 12 against SR 6 + garrison 1
}

TEST(Wate1870_4_1, ForceInASourceHexHasALoc) {
  Position p = empty_position();
  add(p, Side::kGerman, "1210", 1);  // an enemy far away changes nothing
  EXPECT_TRUE(loc(p, "0508", Side::kFrench));
  EXPECT_TRUE(loc(p, "3004", Side::kGerman));
  EXPECT_FALSE(loc(p, "1602", Side::kFrench));  // neutral Belgium: never
}

TEST(Wate1870_4_1, PathOfOneOrTwoHexesEntered) {
  const Position p = empty_position();
  EXPECT_TRUE(loc(p, "0608", Side::kFrench));   // 1 hex to the edge
  EXPECT_TRUE(loc(p, "0708", Side::kFrench));   // 2 hexes
  EXPECT_FALSE(loc(p, "0808", Side::kFrench));  // 3 hexes
  EXPECT_TRUE(loc(p, "2904", Side::kGerman));
  EXPECT_FALSE(loc(p, "2904", Side::kFrench));
}

TEST(Wate1870_4_1, EnemyZocBlocksTheLoc) {
  Position p = empty_position();
  add(p, Side::kGerman, "0709", 3);  // ZOC on 0608, the only way from 0708 to the edge
  EXPECT_FALSE(loc(p, "0708", Side::kFrench));
  EXPECT_TRUE(loc(p, "0608", Side::kFrench));  // a force traces out of its own hex, even in an EZOC
}

TEST(Wate1870_4_1, EnemyWithoutZocDoesNotBlock) {
  Position p = empty_position();
  add(p, Side::kGerman, "0709", 2);
  add(p, Side::kGerman, "0709", 4, Status::kDisrupted);
  EXPECT_TRUE(loc(p, "0708", Side::kFrench));
}

TEST(Wate1870_4_1, EnemyForcesBlockTheLoc) {
  Position p = empty_position();
  add(p, Side::kGerman, "0608", 1, Status::kDemoralized);
  EXPECT_FALSE(loc(p, "0708", Side::kFrench));
}

TEST(Wate1870_4_1, ThreeGoodOrderSpNegateTheEzoc) {
  Position p = empty_position();
  add(p, Side::kGerman, "0709", 3);
  add(p, Side::kFrench, "0608", 2);
  add(p, Side::kFrench, "0608", 3, Status::kDisrupted);
  EXPECT_FALSE(loc(p, "0708", Side::kFrench));  // 2 good order are not enough (GAP-W-11)
  add(p, Side::kFrench, "0608", 1);
  EXPECT_TRUE(loc(p, "0708", Side::kFrench));
}

TEST(Wate1870_4_1, ChainOfSupplyDepots) {
  Position p = empty_position();
  add(p, Side::kFrench, "1108", 1, Status::kDemoralized);  // the force tracing needs no good order
  EXPECT_FALSE(loc(p, "1108", Side::kFrench));
  add(p, Side::kFrench, "0908", 1);
  EXPECT_FALSE(loc(p, "1108", Side::kFrench));  // the depot at 0908 has no LOC itself
  add(p, Side::kFrench, "0708", 1);
  EXPECT_TRUE(loc(p, "0708", Side::kFrench));
  EXPECT_TRUE(loc(p, "0908", Side::kFrench));
  EXPECT_TRUE(loc(p, "1108", Side::kFrench));
  EXPECT_FALSE(loc(p, "1308", Side::kFrench));  // 4 hexes from 0908; the demoralized SP at 1108 are no depot
}

TEST(Wate1870_4_1, DepotMustBeInGoodOrder) {
  Position p = empty_position();
  add(p, Side::kFrench, "0708", 1);
  add(p, Side::kFrench, "0908", 3, Status::kDisrupted);
  EXPECT_FALSE(loc(p, "1108", Side::kFrench));
}

TEST(Wate1870_4_1, DepotsCannotSupplyEachOtherInACircle) {
  Position p = empty_position();
  add(p, Side::kFrench, "1108", 4);
  add(p, Side::kFrench, "1208", 4);
  add(p, Side::kFrench, "1107", 4);
  EXPECT_FALSE(loc(p, "1108", Side::kFrench));
  EXPECT_FALSE(loc(p, "1208", Side::kFrench));
  EXPECT_FALSE(loc(p, "1107", Side::kFrench));
}

TEST(Wate1870_4_1, DepotInAnEzocCannotBeTracedInto) {
  Position p = empty_position();
  add(p, Side::kFrench, "0608", 1);
  EXPECT_TRUE(loc(p, "0807", Side::kFrench));  // 0707, then the depot at 0608
  add(p, Side::kGerman, "0709", 3);            // ZOC on 0608, not on 0707 or 0508
  EXPECT_TRUE(loc(p, "0608", Side::kFrench));  // the depot itself still traces out
  EXPECT_FALSE(loc(p, "0807", Side::kFrench));
}

// Only the Paris-Strasbourg line is French; its fortresses other than Paris are
// destroyed, so Paris (0810) is the one source a rail LOC can reach.
Position paris_strasbourg_line() {
  Position p = empty_position();
  for (const auto& r : data().map.railways())
    if (r.name.rfind("F1 ", 0) == 0)
      for (const auto& h : r.hexes) p.set_controller(data().map, h, Side::kFrench);
  for (const char* f : {"1510", "2010", "2408", "2609"}) p.destroyed.push_back(H(f));
  p.normalise();
  return p;
}

TEST(Wate1870_4_1, RailLocOfUnlimitedLength) {
  const Position p = paris_strasbourg_line();
  EXPECT_TRUE(loc(p, "2308", Side::kFrench));  // 1 hex to the line, then 25 rail hexes to Paris
  EXPECT_TRUE(loc(p, "2609", Side::kFrench));  // on the line itself
  EXPECT_FALSE(loc(p, "2308", Side::kGerman));
}

TEST(Wate1870_4_1, RailLocNeedsFriendlyControlledRailHexes) {
  Position p = paris_strasbourg_line();
  control(p, "1308", Side::kGerman);  // a plain hex of the line, German controlled
  EXPECT_FALSE(loc(p, "2308", Side::kFrench));
  p.set_controller(data().map, H("1308"), std::nullopt);  // nobody's is not friendly either
  EXPECT_FALSE(loc(p, "2308", Side::kFrench));
}

TEST(Wate1870_4_1, RailLocBlockedByEnemyControlledTownUnlessThreeGoodOrderSp) {
  Position p = paris_strasbourg_line();
  control(p, "1409", Side::kGerman);  // Epernay
  EXPECT_FALSE(loc(p, "2308", Side::kFrench));
  add(p, Side::kFrench, "1409", 2);
  EXPECT_FALSE(loc(p, "2308", Side::kFrench));
  add(p, Side::kFrench, "1409", 1);
  EXPECT_TRUE(loc(p, "2308", Side::kFrench));
}

TEST(Wate1870_4_1, RailLocBlockedByEzoc) {
  Position p = paris_strasbourg_line();
  add(p, Side::kGerman, "1310", 3);  // ZOC on 1309, a plain hex of the line
  EXPECT_FALSE(loc(p, "2308", Side::kFrench));
  add(p, Side::kFrench, "1309", 3);
  EXPECT_TRUE(loc(p, "2308", Side::kFrench));
}

TEST(Wate1870_4_1, RailLocBlockedByEnemyForces) {
  Position p = paris_strasbourg_line();
  add(p, Side::kGerman, "1810", 1);  // control is not updated: the SP alone block the line
  EXPECT_FALSE(loc(p, "2308", Side::kFrench));
}

TEST(Wate1870_4_1, DepotTracesThroughTheRailNetwork) {
  Position p = paris_strasbourg_line();
  EXPECT_FALSE(loc(p, "2206", Side::kFrench));
  add(p, Side::kFrench, "2208", 1);  // Marsal (no one's): next to 2309 on the line
  EXPECT_TRUE(loc(p, "2208", Side::kFrench));
  EXPECT_TRUE(loc(p, "2206", Side::kFrench));  // Forbach: 2207, then the depot at 2208
  EXPECT_TRUE(loc(p, "2007", Side::kFrench));  // 2108, then the depot
}

// 9.0: an enemy fortress held at 1:1 counts as friendly for tracing a LOC.
TEST(Wate1870_4_1, EnemyFortressHeldAtOneToOneCountsAsFriendly_9_0) {
  Position p = home_position();
  control(p, "2206", Side::kGerman);  // Forbach and Saint-Avold on the line Metz-Saarbrucken
  control(p, "2207", Side::kGerman);
  add(p, Side::kFrench, "2107", 2);  // Metz: SR 6 + 2 garrison
  add(p, Side::kGerman, "2107", 7);
  add(p, Side::kGerman, "2007", 1);
  EXPECT_FALSE(loc(p, "2007", Side::kGerman));  // 7:8, Metz blocks
  add(p, Side::kGerman, "2107", 1);
  EXPECT_TRUE(loc(p, "2007", Side::kGerman));  // 8:8, Metz is a friendly rail hex for the Germans
}

TEST(Wate1870_4_1, LocMapAgreesWithSingleQueries) {
  Position p = home_position();
  add(p, Side::kGerman, "2207", 6);
  add(p, Side::kGerman, "1710", 3);
  add(p, Side::kFrench, "2108", 3);
  const Board b{data(), p, kNoOptions};
  for (const Side s : {Side::kFrench, Side::kGerman}) {
    const LocMap m(b, s);
    EXPECT_EQ(m.side(), s);
    for (const char* h : {"2207", "1710", "2108", "0808", "2906", "1602"})
      EXPECT_EQ(m.has_loc(H(h)), has_loc(b, H(h), s)) << h;
  }
  EXPECT_TRUE(LocMap(b, Side::kFrench).has_loc(H("2108")));
  EXPECT_FALSE(LocMap(b, Side::kFrench).has_loc(H("1602")));
}

// ---- 4.0 what a LOC is needed for, traced when it is needed (through the contract) ----

TEST(Wate1870_4_0, TheLocIsTracedAtTheTimeItIsNeeded) {
  // A disrupted French corps in 0702 traces its LOC through 0602 to the west
  // edge (0502). A German SP marches into 0602 and cuts it before the French rally.
  auto st = testing::situation(R"(name: "4.0 test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: F-IV, hex: "0702", source: "reconstructed: test"}
sps:
  - {side: French, sp: 2, formation: F-IV, hex: "0702", status: disrupted, source: "reconstructed: test"}
  - {side: German, sp: 1, hex: "0601", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  auto french_loc = [&] {
    return has_loc(Board{st->data(), st->position(), st->options()}, H("0702"), Side::kFrench);
  };
  EXPECT_TRUE(french_loc());
  testing::play(*st, testing::kG, "activate hex=0601");
  testing::play(*st, testing::kG, "march");
  testing::play(*st, testing::kG, "move to=0602");
  testing::play(*st, testing::kF, "hold");  // 7.1.2: the French may fire; they do not
  testing::play(*st, testing::kG, "stop");
  EXPECT_FALSE(french_loc());
  testing::roll(*st, {6, 1});  // the French win the initiative
  testing::play(*st, testing::kF, "activate hq=F-IV");
  EXPECT_FALSE(testing::is_legal(*st, testing::kF, "rally sp=2"));
  testing::expect_refused(*st, testing::kF, "rally sp=2", "7.3");
  auto r = st->check(testing::kF, Action("rally").with("sp", "2"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("cannot trace a line of communication"), std::string::npos)
      << r.error().message;
}

TEST(Wate1870_4_0, AForceWithoutALocMayNeitherRallyNorRecover) {
  // A disrupted French corps cut off deep in Germany (2903), next to a supplied one in 1508.
  auto st = testing::situation(R"(name: "4.0 test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 5, German: 0, source: "reconstructed: test"}
first_activation: {side: French, source: "reconstructed: test"}
hqs:
  - {hq: F-III, hex: "2903", source: "reconstructed: test"}
sps:
  - {side: French, sp: 2, formation: F-III, hex: "2903", status: disrupted, source: "reconstructed: test"}
  - {side: French, sp: 2, hex: "1508", status: disrupted, source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  testing::play(*st, testing::kF, "activate hq=F-III");
  testing::expect_refused(*st, testing::kF, "rally sp=2", "7.3");
  testing::play(*st, testing::kF, "end");
  // The French pass the rest of the phase; in the Recovery Phase only 1508 may recover.
  while (st->phase() == Phase::kAction) {
    if (st->to_move().kind == MoveKind::kChance) {
      testing::roll(*st, {6, 1});
      continue;
    }
    testing::play(*st, st->to_move().players.front(), "pass");
  }
  ASSERT_EQ(st->phase(), Phase::kRecovery);
  EXPECT_TRUE(testing::is_legal(*st, testing::kF, "recover hex=1508"));
  EXPECT_FALSE(testing::is_legal(*st, testing::kF, "recover hex=2903"));
  testing::expect_refused(*st, testing::kF, "recover hex=2903", "10.0");
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "2903", Status::kDisrupted), 2);
}

// LocMap::of keeps the maps it traced: asked again about the same position it
// gives the same map, and a position that differs in anything a LOC is
// traced on gets a map of its own, the one traced afresh.
TEST(Wate1870_4_1, TheLocMapsKeptPerPositionAreTheMapsTracedAfresh) {
  const auto& map = data().map;
  auto same = [&](const LocMap& a, const LocMap& b) {
    for (const auto& i : map.hexes())
      if (a.has_loc(i.hex) != b.has_loc(i.hex)) return false;
    return true;
  };
  Position base = home_position();
  add(base, Side::kGerman, "2107", 3);
  add(base, Side::kFrench, "1508", 3);
  const Board b{data(), base, kNoOptions};
  const auto first = LocMap::of(b, Side::kFrench);
  EXPECT_EQ(LocMap::of(Board{data(), Position(base), kNoOptions}, Side::kFrench), first);
  EXPECT_NE(LocMap::of(b, Side::kGerman), first);

  // Each change of what a LOC is traced on: `of` traces a map of its own, the
  // fresh one, and at least one of them traces another LOC than the base's.
  std::vector<Position> changed(6, base);
  for (auto& c : changed[0].control) c = static_cast<signed char>(index(Side::kGerman));
  for (auto& g : changed[1].sps)
    if (g.side == Side::kGerman) g.status = Status::kDemoralized;
  for (auto& g : changed[2].sps)
    if (g.side == Side::kGerman) g.entrained = true;
  for (auto& g : changed[3].sps)
    if (g.side == Side::kGerman && g.hex == H("2107")) g.hex = H("1509");
  for (auto& g : changed[4].sps)
    if (g.side == Side::kGerman && g.hex == H("2107")) g.count = 1;
  changed[5].destroyed.push_back(H("0810"));
  int differ = 0;
  for (std::size_t i = 0; i < changed.size(); ++i) {
    const Board cb{data(), changed[i], kNoOptions};
    for (Side s : {Side::kFrench, Side::kGerman}) {
      const auto kept = LocMap::of(cb, s);
      EXPECT_NE(kept, LocMap::of(b, s)) << "change " << i << " went unseen";
      EXPECT_TRUE(same(*kept, LocMap(cb, s))) << "change " << i << ", " << side_name(s);
      differ += !same(*kept, *LocMap::of(b, s));
    }
  }
  EXPECT_GT(differ, 0);

  // Another data set (a copy, which may then be changed) is traced afresh.
  const GameData copy = data();
  EXPECT_NE(LocMap::of(Board{copy, base, kNoOptions}, Side::kFrench), first);
  EXPECT_EQ(LocMap::of(b, Side::kFrench), first);
}

// A state's LOC and ZOC maps through an action that changes nothing they were
// made from (WateState::apply), and a clone's: at every step of games between
// the heuristic and the random bot, and in a clone of each state, they are the
// maps made afresh (with no cache between: the LOC traced on a ZOC made anew).
// Every 50 steps the fresh ZOC is also checked hex by hex against in_zoc_of.
TEST(Wate1870_4_1, TheLocAndZocMapsAStateKeepsAreTheMapsMadeAfresh) {
  const auto& map = testing::shipped_data()->map;
  auto same_loc = [&](const LocMap& kept, const Board& b, Side side) {
    const LocMap fresh(b, side, ZocMap(b, other(side)));
    for (const auto& i : map.hexes())
      if (kept.has_loc(i.hex) != fresh.has_loc(i.hex)) return false;
    return true;
  };
  auto same_zoc = [&](const ZocMap& kept, const Board& b, Side side, bool hex_by_hex) {
    const ZocMap fresh(b, side);
    for (const auto& i : map.hexes())
      if (kept.in_zoc(i.hex) != fresh.in_zoc(i.hex) ||
          (hex_by_hex && fresh.in_zoc(i.hex) != in_zoc_of(b, i.hex, side)))
        return false;
    return true;
  };
  int steps = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    testing::play_heuristic_against_random(seed, 3000, [&](const WateState& ws, int step) {
      ++steps;
      const Board b{ws.data(), ws.position(), ws.options()};
      ASSERT_EQ(ws.traced_key(), traced_hash(ws.position()));
      for (Side side : {Side::kFrench, Side::kGerman}) {
        ASSERT_TRUE(same_loc(*ws.loc_map(side), b, side))
            << "seed " << seed << ", step " << step << ", " << side_name(side);
        ASSERT_TRUE(same_zoc(*ws.zoc_map(side), b, side, step % 50 == 0))
            << "seed " << seed << ", step " << step << ", " << side_name(side);
      }
      if (step % 50 == 0) {
        const auto copy = ws.clone();
        const auto& c = static_cast<const WateState&>(*copy);
        ASSERT_TRUE(same_loc(*c.loc_map(Side::kGerman), b, Side::kGerman)) << "clone at " << step;
        ASSERT_TRUE(same_zoc(*c.zoc_map(Side::kFrench), b, Side::kFrench, false))
            << "clone at " << step;
      }
    });
  EXPECT_GT(steps, 1000);
}

}  // namespace
}  // namespace rz::wate1870
