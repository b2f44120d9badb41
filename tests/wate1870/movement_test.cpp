// 7.1 March costs, 7.1.1 enemy hexes, 7.1.3 rail movement, 12.1 and 12.4 on the real 1870 map.
#include "rules/wate1870/movement.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "phases_fixture.hpp"
#include "position_fixture.hpp"

namespace rz::wate1870 {
namespace {

using fixture::data;
using fixture::empty_position;
using fixture::H;
using fixture::home_position;

using fixture::add;

GameOptions options(std::initializer_list<const char*> on) {
  GameOptions o;
  for (const char* k : on) o.values[k] = "on";
  return o;
}

MoveContext french(bool cautious = false) { return MoveContext{Side::kFrench, cautious, std::nullopt}; }
MoveContext german(bool cautious = false) { return MoveContext{Side::kGerman, cautious, std::nullopt}; }

// MP to enter, or -1 if illegal.
int cost(const Position& p, const char* from, const char* to, const MoveContext& c, const GameOptions& o = {}) {
  const auto r = enter_cost(Board{data(), p, o}, H(from), H(to), c);
  return r.ok() ? r.value() : -1;
}

Error error(const Position& p, const char* from, const char* to, const MoveContext& c) {
  const GameOptions o;
  const auto r = enter_cost(Board{data(), p, o}, H(from), H(to), c);
  EXPECT_FALSE(r.ok()) << from << "-" << to;
  return r.ok() ? Error{} : r.error();
}

std::vector<hex::Hex> rail(const Position& p, const char* from, Side s) {
  const GameOptions o;
  return rail_reachable(Board{data(), p, o}, H(from), s);
}

bool has(const std::vector<hex::Hex>& v, const char* h) { return std::binary_search(v.begin(), v.end(), H(h)); }

TEST(Wate1870_7_1, TerrainCostOfTheHexEntered) {
  const Position p = empty_position();
  EXPECT_EQ(cost(p, "1210", "1310", french()), 1);   // clear
  EXPECT_EQ(cost(p, "1706", "1707", french()), 2);   // forest (the Argonne)
  EXPECT_EQ(cost(p, "1504", "1603", german()), 2);   // rough
  EXPECT_EQ(cost(p, "2310", "2410", german()), 3);   // mountain
  EXPECT_EQ(cost(p, "2410", "2310", french()), 3);
}

TEST(Wate1870_7_1, TownsAndFortressesCostTheirTerrain) {
  const Position p = empty_position();
  EXPECT_EQ(cost(p, "1408", "1407", french()), 1);  // Reims, clear town
  EXPECT_EQ(cost(p, "2410", "2409", german()), 2);  // Sarrebourg, rough town
  EXPECT_EQ(cost(p, "2108", "2107", german()), 1);  // Metz, clear fortress
  EXPECT_EQ(cost(p, "2406", "2507", german()), 2);  // Bitche, rough fortress
}

TEST(Wate1870_7_1, RiverHexsideCostsOneMore) {
  const Position p = empty_position();
  EXPECT_EQ(cost(p, "1408", "1409", french()), 2);  // over the Marne into Epernay
  EXPECT_EQ(cost(p, "2108", "2008", german()), 2);  // over the Moselle
  EXPECT_EQ(cost(p, "1309", "1308", french()), 2);  // over the Marne by the railway, 12.4 off
}

TEST(Wate1870_12_4, RailLinkOverARiverCostsOnlyTheTerrain) {
  const Position p = empty_position();
  const GameOptions bridges = options({"12.4"});
  EXPECT_EQ(cost(p, "1309", "1308", french(), bridges), 1);  // the railway crosses the Marne
  EXPECT_EQ(cost(p, "1308", "1309", german(), bridges), 1);
  EXPECT_EQ(cost(p, "1309", "1208", french(), bridges), 2);  // no railway over this hexside
  EXPECT_EQ(cost(p, "2306", "2206", german(), bridges), 1);  // Saar bridge at Saarbrucken
}

TEST(Wate1870_7_1, CautiousCommanderPaysOneMoreIntoAnEzoc_3_4) {
  Position p = empty_position();
  add(p, Side::kGerman, "1210", 3);
  EXPECT_EQ(cost(p, "1410", "1310", french(true)), 2);
  EXPECT_EQ(cost(p, "1410", "1310", french(false)), 1);
  EXPECT_EQ(cost(p, "1410", "1409", french(true)), 1);  // Epernay is a town: no ZOC
  Position q = empty_position();
  q.set_controller(data().map, H("2107"), Side::kFrench);  // Metz's own ZOC
  EXPECT_EQ(cost(q, "2208", "2108", german(true)), 2);
  EXPECT_EQ(cost(q, "2208", "2108", german(false)), 1);
}

TEST(Wate1870_7_1, FrenchPayOneMoreToEnterAHexWithAFriendlyForce) {
  Position p = empty_position();
  add(p, Side::kFrench, "1310", 1);
  EXPECT_EQ(cost(p, "1210", "1310", french()), 2);
  Position g = empty_position();
  add(g, Side::kGerman, "1310", 1);
  EXPECT_EQ(cost(g, "1210", "1310", german()), 1);  // German forces do not pay it
  Position h = empty_position();
  h.hqs.push_back(HqUnit{"test HQ", Side::kFrench, H("1310")});
  EXPECT_EQ(cost(h, "1210", "1310", french()), 2);  // an HQ alone is a force (3.3)
}

TEST(Wate1870_7_1, FrenchPayOneMoreToLeaveAHexWithAFriendlyForce) {
  Position p = empty_position();
  add(p, Side::kFrench, "1210", 4);
  // Part of the stack stays behind: the hex left still has a friendly force.
  EXPECT_EQ(cost(p, "1210", "1310", french()), 2);
  // The whole stack leaves: its own hex of origin does not count.
  MoveContext whole = french();
  whole.leaving_own_hex = H("1210");
  EXPECT_EQ(cost(p, "1210", "1310", whole), 1);
  add(p, Side::kFrench, "1310", 1);
  EXPECT_EQ(cost(p, "1210", "1310", french()), 3);  // leave one and enter another
  EXPECT_EQ(cost(p, "1210", "1310", whole), 2);
}

TEST(Wate1870_12_1, GermansPayOneMoreIntoAFrenchTownOrFortress) {
  Position p = empty_position();
  const GameOptions resist = options({"12.1"});
  EXPECT_EQ(cost(p, "2306", "2206", german(), resist), 3);  // Forbach across the Saar
  EXPECT_EQ(cost(p, "2306", "2206", german(), options({"12.1", "12.4"})), 2);
  EXPECT_EQ(cost(p, "2108", "2107", german(), resist), 2);  // Metz
  EXPECT_EQ(cost(p, "2108", "2107", german()), 1);          // option off
  EXPECT_EQ(cost(p, "2207", "2206", french(), resist), 1);  // not for the French
  EXPECT_EQ(cost(p, "2405", "2306", german(), resist), 1);  // Saarbrucken is German
  EXPECT_EQ(cost(p, "1210", "1310", german(), resist), 1);  // a plain French hex
  p.destroyed.push_back(H("2107"));
  EXPECT_EQ(cost(p, "2108", "2107", german(), resist), 1);  // a destroyed fortress is no longer one (9.0)
}

TEST(Wate1870_7_1, CannotLeaveTheMap) {
  const Error e = error(empty_position(), "0508", "0408", french());
  EXPECT_EQ(e.code, Code::kIllegal);
  EXPECT_EQ(e.rule, "7.1");
  EXPECT_NE(e.message.find("off the map"), std::string::npos) << e.message;
}

TEST(Wate1870_7_1, CannotEnterANeutralCountry) {
  const Error e = error(empty_position(), "1603", "1602", german());
  EXPECT_EQ(e.code, Code::kIllegal);
  EXPECT_EQ(e.rule, "GAP-W-02");
  EXPECT_NE(e.message.find("Belgium"), std::string::npos) << e.message;
}

TEST(Wate1870_7_1, OnlyIntoAnAdjacentHex) {
  const Error e = error(empty_position(), "1210", "1410", french());
  EXPECT_EQ(e.code, Code::kIllegal);
  EXPECT_EQ(e.rule, "7.1");
  EXPECT_NE(e.message.find("not adjacent"), std::string::npos) << e.message;
}

TEST(Wate1870_7_1_1, EnemyOccupiedHexOnlyByMarchCombat) {
  Position p = empty_position();
  add(p, Side::kGerman, "1310", 1);
  const Error e = error(p, "1210", "1310", french());
  EXPECT_EQ(e.code, Code::kIllegal);
  EXPECT_EQ(e.rule, "7.1.1");
  EXPECT_NE(e.message.find("March Combat"), std::string::npos) << e.message;
  // An enemy HQ alone does not stop a march: it is displaced (GAP-W-35).
  Position q = empty_position();
  q.hqs.push_back(HqUnit{"test HQ", Side::kGerman, H("1310")});
  EXPECT_EQ(cost(q, "1210", "1310", french()), 1);
}

TEST(Wate1870_7_1_3, FrenchRideAnyDistanceOnFriendlyControlledRail) {
  const Position p = home_position();
  const auto r = rail(p, "1309", Side::kFrench);
  EXPECT_TRUE(has(r, "0810"));   // Paris
  EXPECT_TRUE(has(r, "2609"));   // Strasbourg
  EXPECT_TRUE(has(r, "1807"));   // Verdun
  EXPECT_FALSE(has(r, "1309"));  // the hex of origin is not listed
  EXPECT_FALSE(has(r, "2306"));  // Saarbrucken is German controlled
  EXPECT_TRUE(std::is_sorted(r.begin(), r.end()));
}

TEST(Wate1870_7_1_3, FrenchRailStopsAtEnemyControlledHexes) {
  Position p = home_position();
  p.set_controller(data().map, H("1608"), Side::kGerman);  // on the dead-end line to Verdun
  const auto r = rail(p, "1309", Side::kFrench);
  EXPECT_TRUE(has(r, "1508"));
  EXPECT_FALSE(has(r, "1608"));
  EXPECT_FALSE(has(r, "1708"));
  EXPECT_FALSE(has(r, "1807"));
}

TEST(Wate1870_7_1_3, RailNeverEntersAnEzocOrEnemyForces) {
  Position p = home_position();
  add(p, Side::kGerman, "1707", 3);  // ZOC on 1708, not on the towns or Verdun
  auto r = rail(p, "1309", Side::kFrench);
  EXPECT_TRUE(has(r, "1608"));
  EXPECT_FALSE(has(r, "1708"));
  EXPECT_FALSE(has(r, "1807"));
  EXPECT_TRUE(rail(p, "1708", Side::kFrench).empty());  // cannot entrain in an EZOC
  Position q = home_position();
  add(q, Side::kGerman, "1708", 1);
  r = rail(q, "1309", Side::kFrench);
  EXPECT_FALSE(has(r, "1708"));
  EXPECT_FALSE(has(r, "1807"));
}

TEST(Wate1870_7_1_3, MustStartOnAFriendlyControlledRailHex) {
  const Position p = home_position();
  EXPECT_TRUE(rail(p, "1210", Side::kFrench).empty());  // no railway
  EXPECT_TRUE(rail(p, "2306", Side::kFrench).empty());  // German controlled
  EXPECT_FALSE(rail(p, "2306", Side::kGerman).empty());
}

TEST(Wate1870_7_1_3, GermansRideOnlyInsideGermany_GapW25) {
  Position p = home_position();
  p.set_controller(data().map, H("2206"), Side::kGerman);  // Forbach and Saint-Avold taken
  p.set_controller(data().map, H("2207"), Side::kGerman);
  const auto r = rail(p, "2306", Side::kGerman);
  EXPECT_TRUE(has(r, "2305"));  // Saarlouis
  EXPECT_TRUE(has(r, "2704"));  // Mannheim-Ludwigshafen
  EXPECT_FALSE(has(r, "2206"));
  EXPECT_FALSE(has(r, "2207"));
  for (const hex::Hex h : r) EXPECT_EQ(data().map.find(h)->country, Country::kGermany) << h.id();
  EXPECT_TRUE(rail(p, "2206", Side::kGerman).empty());  // cannot entrain in France either
}

TEST(Wate1870_7_1_3, FrenchMayRideIntoGermanyOnRailTheyControl) {
  Position p = home_position();
  p.set_controller(data().map, H("2306"), Side::kFrench);
  const auto r = rail(p, "2206", Side::kFrench);
  EXPECT_TRUE(has(r, "2306"));
  EXPECT_FALSE(has(r, "2405"));
}

// The 7.2 search asks every hex at once with the pieces counted once per hex
// (Occupancy): each answer must be the one got by looking through the pieces.
TEST(Wate1870_7_1, CostsWithTheOccupancyTablesAreTheCostsAskedOneByOne) {
  Position p = home_position();
  // Stacks of both sides, a lone French HQ, a zero-SP group and neighbours
  // across the border, so that every clause of the cost is exercised.
  add(p, Side::kFrench, "2107", 4);
  add(p, Side::kFrench, "2108", 2);
  add(p, Side::kGerman, "2207", 3);
  add(p, Side::kGerman, "2306", 6);
  p.sps.push_back(SpGroup{Side::kGerman, H("2208"), "test", Status::kGood, 0, false, false});
  p.hqs.push_back(HqUnit{"F-I", Side::kFrench, H("2008")});
  p.hqs.push_back(HqUnit{"G-I", Side::kGerman, H("2307")});
  const auto& m = data().map;
  int asked = 0, differing = 0;
  for (const GameOptions& o : {GameOptions{}, options({"12.1", "12.4"})}) {
    const Board b{data(), p, o};
    for (Side side : {Side::kFrench, Side::kGerman}) {
      const Occupancy occupancy(b, side);
      for (bool cautious : {false, true}) {
        MoveContext plain{side, cautious, std::nullopt};
        plain.leaving_own_hex = H("2107");
        const MoveContext tabled = occupancy.on(plain);
        for (const auto& from : m.hexes())
          for (const hex::Hex to : hex::neighbours(from.hex)) {
            if (!m.on_map(to)) continue;
            const auto a = enter_cost(b, from.hex, to, plain);
            const auto c = enter_cost(b, from.hex, to, tabled);
            ++asked;
            const bool same =
                a.ok() == c.ok() &&
                (a.ok() ? a.value() == c.value() : a.error().to_string() == c.error().to_string());
            if (!same) {
              ++differing;
              ADD_FAILURE() << from.hex.id() << " -> " << to.id() << " for side "
                            << static_cast<int>(side);
            }
          }
      }
    }
  }
  EXPECT_GT(asked, 8000);
  EXPECT_EQ(differing, 0);
}

// 7.1.3: the rail reach the rules use (the network's parts, kept per thread
// by its usable hexes) is the search from the hex alone, from every rail hex
// holding SP of either side, at every 40th state of random games (which ride,
// cut lines and take rail hexes back and forth).
TEST(Wate1870_7_1_3, TheKeptRailPartsAreTheSearchFromEachHex) {
  int step = 0, compared = 0, rides = 0;
  testing::play_random_games("historical", 4, [&](const WateState& ws, int) {
    if (step++ % 40 != 0) return;
    const Board b{ws.data(), ws.position(), ws.options()};
    for (const auto& g : ws.position().sps) {
      if (!ws.data().map.rail(g.hex)) continue;
      const auto kept = rail_reachable(b, g.hex, g.side);
      ASSERT_EQ(kept, rail_reachable_afresh(b, g.hex, g.side))
          << "step " << step << ", " << g.hex.id() << ", " << side_name(g.side);
      ++compared;
      rides += !kept.empty();
    }
  });
  EXPECT_GT(compared, 500);
  EXPECT_GT(rides, 200);
}

}  // namespace
}  // namespace rz::wate1870
