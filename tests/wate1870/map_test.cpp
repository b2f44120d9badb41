// The reconstructed 1870 map (GAP-W-02): the rulebook's hexes, rivers, railways, border,
// neutrals, supply edges and rail exit, and the loader's error messages.
#include "rules/wate1870/map.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "hex_id.hpp"

namespace rz::wate1870 {
namespace {

using hex::Hex;
using hex::Hexside;

using testing::H;

const Map& TheMap() {
  static const Map* m = [] {
    // Appended, not added: GCC 12 takes `std::string(dir) + "..."` here for an
    // out-of-bounds copy in some unity batches (-Warray-bounds, a false alarm).
    std::string path = REISSWITZ_SOURCE_DIR;
    path += "/data/wate1870/map.yaml";
    auto r = Map::load(path);
    if (!r.ok()) {
      ADD_FAILURE() << r.error().message;
      return new Map(*Map::parse("source: \"reconstructed: empty\"\n"
                                 "grid: {layout: even-r, col_min: 0, col_max: 0, row_min: 0, row_max: 0}\n"
                                 "hexes:\n  - {hex: \"0000\", terrain: clear, country: F}\n"
                                 "rivers: []\nrailways: []\n",
                                 "empty"));
    }
    return new Map(std::move(r).value());
  }();
  return *m;
}

void ExpectPlace(const char* id, const char* name, Country c, bool town, int sr_min, int sr_max) {
  const HexInfo* h = TheMap().find(id);
  ASSERT_NE(h, nullptr) << id;
  EXPECT_EQ(h->name, name) << id;
  EXPECT_EQ(h->country, c) << id;
  EXPECT_EQ(h->town, town) << id;
  EXPECT_GE(h->fortress_sr, sr_min) << id;
  EXPECT_LE(h->fortress_sr, sr_max) << id;
  const HexInfo* by = TheMap().by_name(name);
  ASSERT_NE(by, nullptr) << name;
  EXPECT_EQ(by->hex, h->hex) << name;
}

// 2.0 Map & Scale: a hex is about 15 miles (24 km) across. The map is warped to
// fit the rulebook's set-up hexes (GAP-W-02, docs/rulings/wate1870-map.md), so
// distances in hexes hold to within a quarter of the real distance / 24 km.
TEST(Wate1870_2_0, AHexIsAboutFifteenMiles) {
  const Map& m = TheMap();
  const auto check = [&](const char* a, const char* b, double km) {
    const HexInfo* x = m.by_name(a);
    const HexInfo* y = m.by_name(b);
    ASSERT_TRUE(x && y) << a << ", " << b;
    const double hexes = km / 24.0;
    const int d = hex::distance(x->hex, y->hex);
    EXPECT_GE(d, hexes * 0.8) << a << " to " << b;
    EXPECT_LE(d, hexes * 1.25) << a << " to " << b;
  };
  check("Metz", "Strasbourg", 130);  // great-circle distances
  check("Metz", "Paris", 280);
  check("Metz", "Verdun", 60);
}

TEST(Wate1870_Map, LoadsAndCoversTheWholeRectangle) {
  const Map& m = TheMap();
  EXPECT_EQ(m.col_min(), 5);
  EXPECT_EQ(m.col_max(), 30);
  EXPECT_EQ(m.row_min(), 0);
  EXPECT_EQ(m.row_max(), 16);
  EXPECT_EQ(m.hexes().size(), 26u * 17u);
  for (int r = 0; r <= 16; ++r)
    for (int c = 5; c <= 30; ++c) EXPECT_TRUE(m.on_map({c, r})) << c << "," << r;
  EXPECT_FALSE(m.on_map({4, 10}));
  EXPECT_FALSE(m.on_map({31, 10}));
  EXPECT_FALSE(m.on_map({20, 17}));
  // Off every side, however far (index_of compares unsigned), and each hex's
  // index is its place in hexes().
  for (const hex::Hex off :
       {hex::Hex{20, -1}, hex::Hex{-20, 5}, hex::Hex{20, -1000000}, hex::Hex{1000000, 5}})
    EXPECT_EQ(m.index_of(off), -1) << off.col << "," << off.row;
  for (std::size_t i = 0; i < m.hexes().size(); ++i)
    EXPECT_EQ(m.index_of(m.hexes()[i].hex), static_cast<int>(i)) << m.hexes()[i].hex.id();
  EXPECT_EQ(Map{}.index_of({5, 0}), -1);  // a map with no grid holds no hex
}

// The packed facts the ZOC and LOC passes read are the hexes' own, and the
// fortress list holds every fortress hex, in index order; the sorted list of
// fortress hexes is the same hexes in hex order, with each one's index beside it.
TEST(Wate1870_Map, PackedFactsAreTheHexes) {
  const Map& m = TheMap();
  ASSERT_EQ(m.facts().size(), m.hexes().size());
  std::vector<int> forts;
  for (std::size_t i = 0; i < m.hexes().size(); ++i) {
    const HexInfo& h = m.hexes()[i];
    const Map::Facts& f = m.facts()[i];
    EXPECT_EQ(f.country, h.country) << h.hex.id();
    EXPECT_EQ(f.supply, h.supply ? static_cast<int>(index(*h.supply)) : -1) << h.hex.id();
    EXPECT_EQ(f.town, h.town) << h.hex.id();
    EXPECT_EQ(f.fortress, h.fortress_sr > 0) << h.hex.id();
    if (h.fortress_sr > 0) forts.push_back(static_cast<int>(i));
  }
  EXPECT_GT(forts.size(), 10u);
  EXPECT_EQ(m.fortress_indices(), forts);
  std::vector<hex::Hex> sorted;
  for (const int i : forts) sorted.push_back(m.hexes()[static_cast<std::size_t>(i)].hex);
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(m.fortress_hexes(), sorted);
  ASSERT_EQ(m.fortress_sorted_indices().size(), sorted.size());
  for (std::size_t k = 0; k < sorted.size(); ++k)
    EXPECT_EQ(m.hexes()[static_cast<std::size_t>(m.fortress_sorted_indices()[k])].hex, sorted[k])
        << k;
}

// The same facts as rows of bits (hex_rows.hpp), which the LOC tracer reads.
TEST(Wate1870_Map, TheRowsOfBitsAreTheHexes) {
  const Map& m = TheMap();
  int all = 0;
  for (const auto& h : m.hexes()) {
    const int r = h.hex.row - m.row_min(), c = h.hex.col - m.col_min();
    const int i = m.index_of(h.hex);
    all += m.all_rows().test(r, c);
    EXPECT_EQ(m.neutral_rows().test(r, c), neutral(h.country)) << h.hex.id();
    EXPECT_EQ(m.rail_rows().test(r, c), m.rail_dirs(i) != 0) << h.hex.id();
    for (Side s : {Side::kFrench, Side::kGerman})
      EXPECT_EQ(m.supply_rows(static_cast<int>(index(s))).test(r, c), h.supply == s) << h.hex.id();
  }
  EXPECT_EQ(all, static_cast<int>(m.hexes().size()));
}

// 13.1 names these hexes; 13.2 names Kaiserslautern.
TEST(Wate1870_13_1, NamedSetupHexesAreWhereTheRulebookPutsThem) {
  ExpectPlace("2107", "Metz", Country::kFrance, false, 1, 6);
  ExpectPlace("2206", "Forbach", Country::kFrance, true, 0, 0);
  ExpectPlace("2306", "Saarbrucken", Country::kGermany, true, 0, 0);
  ExpectPlace("2504", "Kaiserslautern", Country::kGermany, true, 0, 0);
  ExpectPlace("2507", "Bitche", Country::kFrance, false, 1, 6);
  ExpectPlace("2607", "Woerth", Country::kFrance, true, 0, 0);
  ExpectPlace("2609", "Strasbourg", Country::kFrance, false, 1, 6);
  ExpectPlace("2707", "Wissembourg", Country::kFrance, true, 0, 0);
  ExpectPlace("2514", "Mulhouse", Country::kFrance, true, 0, 0);
}

TEST(Wate1870_13_1, SetupHexesAreWhereTheRulebookPutsThem) {
  const Map& m = TheMap();
  for (const char* id : {"2205", "2206", "2207", "2406", "2407", "2507", "2607", "2707", "2608", "2609", "2514", "2513",
                         "2314", "2107"}) {
    const HexInfo* h = m.find(id);
    ASSERT_NE(h, nullptr) << id;
    EXPECT_EQ(h->country, Country::kFrance) << id;
  }
  // 13.2: 1st Army in and adjacent to 2304, inside Germany.
  EXPECT_EQ(m.find("2304")->country, Country::kGermany);
  int german_neighbours = 0;
  for (Hex n : hex::neighbours(H("2304")))
    if (m.find(n) && m.find(n)->country == Country::kGermany) ++german_neighbours;
  EXPECT_GE(german_neighbours, 4);
  // 13.2: the 2nd Army has German hexes within 2 of Kaiserslautern; the 3rd Army around Freiburg.
  int near_kl = 0, near_freiburg = 0;
  for (const HexInfo& h : m.hexes()) {
    if (h.country != Country::kGermany) continue;
    if (hex::distance(h.hex, H("2504")) <= 2) ++near_kl;
    if (hex::distance(h.hex, H("2713")) <= 1) ++near_freiburg;
  }
  EXPECT_GE(near_kl, 12);
  EXPECT_GE(near_freiburg, 5);
}

TEST(Wate1870_13_1, NoGermanTownOrFortressInTheFrenchSetupHexes) {
  for (const char* id : {"2205", "2206", "2207", "2406", "2407", "2507", "2607", "2707", "2608", "2609", "2514", "2513",
                         "2314"}) {
    const HexInfo* h = TheMap().find(id);
    ASSERT_NE(h, nullptr);
    if (h->town || h->fortress_sr > 0) {
      EXPECT_EQ(h->country, Country::kFrance) << id;
    }
  }
}

// 11.0 names Paris, Verdun and Metz (German objectives), Saarbrucken, Landau, Rastadt and
// Freiburg (French objectives).
TEST(Wate1870_11_0, VictoryPlacesArePresentWithTheRightKind) {
  const Map& m = TheMap();
  const HexInfo* paris = m.by_name("Paris");
  ASSERT_NE(paris, nullptr);
  EXPECT_EQ(paris->country, Country::kFrance);
  EXPECT_GE(paris->fortress_sr, 5);
  EXPECT_EQ(paris->hex.col, m.col_min() + 3);  // room west of Paris for the west-edge supply
  const HexInfo* verdun = m.by_name("Verdun");
  ASSERT_NE(verdun, nullptr);
  EXPECT_EQ(verdun->country, Country::kFrance);
  EXPECT_GE(verdun->fortress_sr, 1);
  for (const char* name : {"Landau", "Rastadt"}) {
    const HexInfo* h = m.by_name(name);
    ASSERT_NE(h, nullptr) << name;
    EXPECT_EQ(h->country, Country::kGermany) << name;
    EXPECT_GE(h->fortress_sr, 1) << name;
    EXPECT_FALSE(h->town) << name;
  }
  const HexInfo* freiburg = m.by_name("Freiburg");
  ASSERT_NE(freiburg, nullptr);
  EXPECT_EQ(freiburg->country, Country::kGermany);
  EXPECT_TRUE(freiburg->town);
  EXPECT_EQ(freiburg->fortress_sr, 0);
  EXPECT_EQ(m.by_name("saarbrucken"), m.by_name("Saarbrucken"));  // capitals forgiven
  EXPECT_EQ(m.by_name("Atlantis"), nullptr);
}

TEST(Wate1870_Map, EveryPlaceHasAKindAndFortressesAreNotTowns) {
  for (const HexInfo& h : TheMap().hexes()) {
    if (h.name.empty()) {
      EXPECT_FALSE(h.town);
      EXPECT_EQ(h.fortress_sr, 0);
      continue;
    }
    EXPECT_NE(h.town, h.fortress_sr > 0) << h.name;
    EXPECT_LE(h.fortress_sr, 6) << h.name;
    EXPECT_FALSE(neutral(h.country)) << h.name;
  }
}

bool Touch(const Hexside& x, const Hexside& y) {
  std::set<Hex> u{x.a, x.b, y.a, y.b};
  if (u.size() != 3) return false;
  for (Hex p : u)
    for (Hex q : u)
      if (p < q && !hex::adjacent(p, q)) return false;
  return true;
}

TEST(Wate1870_3_4, EveryRiverIsAContinuousChainOfHexsides) {
  const Map& m = TheMap();
  EXPECT_GE(m.rivers().size(), 8u);
  for (const River& r : m.rivers()) {
    ASSERT_FALSE(r.hexsides.empty()) << r.name;
    for (std::size_t i = 0; i < r.hexsides.size(); ++i) {
      EXPECT_TRUE(hex::adjacent(r.hexsides[i].a, r.hexsides[i].b)) << r.name;
      EXPECT_TRUE(m.river(r.hexsides[i].a, r.hexsides[i].b));
      if (i > 0) {
        EXPECT_TRUE(Touch(r.hexsides[i - 1], r.hexsides[i])) << r.name << " at " << r.hexsides[i].id();
      }
    }
  }
  for (const char* name : {"Rhine", "Moselle", "Saar", "Meuse"}) {
    bool found = false;
    for (const River& r : m.rivers()) found = found || r.name == name;
    EXPECT_TRUE(found) << name;
  }
}

// 13.1: the Guard sets up "east of the Moselle in and adjacent to 2107": the Moselle runs
// along the west side of Metz, none of its other sides.
TEST(Wate1870_13_1, MetzIsOnTheEastBankOfTheMoselle) {
  const Map& m = TheMap();
  const River* moselle = nullptr;
  for (const River& r : m.rivers())
    if (r.name == "Moselle") moselle = &r;
  ASSERT_NE(moselle, nullptr);
  std::set<Hexside> sides(moselle->hexsides.begin(), moselle->hexsides.end());
  for (const char* west : {"2006", "2007", "2008"}) EXPECT_TRUE(sides.count(Hexside::of(H(west), H("2107")))) << west;
  for (const char* east : {"2207", "2106", "2108"}) EXPECT_FALSE(m.river(H(east), H("2107"))) << east;
}

TEST(Wate1870_7_1_3, EveryRailwayIsContinuousAndStaysOutOfNeutrals) {
  const Map& m = TheMap();
  EXPECT_GE(m.railways().size(), 20u);
  for (const Railway& r : m.railways()) {
    ASSERT_GE(r.hexes.size(), 2u) << r.name;
    for (std::size_t i = 0; i < r.hexes.size(); ++i) {
      EXPECT_TRUE(m.passable(r.hexes[i])) << r.name;
      EXPECT_TRUE(m.rail(r.hexes[i]));
      if (i > 0) {
        EXPECT_TRUE(hex::adjacent(r.hexes[i - 1], r.hexes[i])) << r.name << " at " << r.hexes[i].id();
        EXPECT_TRUE(m.rail_link(r.hexes[i - 1], r.hexes[i]));
      }
    }
  }
  // Paris-Strasbourg main line and the Metz-Forbach line are there.
  EXPECT_TRUE(m.rail(H("0810")));
  EXPECT_TRUE(m.rail_link(H("2107"), H("2207")));
  // The Kehl bridge was blown (geography §4.4): no rail across the Rhine at Strasbourg.
  EXPECT_FALSE(m.rail_link(H("2609"), H("2709")));
}

TEST(Wate1870_4_1, TheBorderSeparatesFranceFromGermany) {
  const Map& m = TheMap();
  int sides = 0;
  for (const HexInfo& h : m.hexes())
    for (Hex n : hex::neighbours(h.hex)) {
      const HexInfo* o = m.find(n);
      if (!o) continue;
      const bool fg = (h.country == Country::kFrance && o->country == Country::kGermany) ||
                      (h.country == Country::kGermany && o->country == Country::kFrance);
      EXPECT_EQ(m.border(h.hex, n), fg);
      if (fg) ++sides;
    }
  EXPECT_GE(sides / 2, 20);
  EXPECT_TRUE(m.border(H("2206"), H("2306")));  // Forbach | Saarbrucken
  EXPECT_TRUE(m.border(H("2609"), H("2709")));  // Strasbourg | Baden across the Rhine
  EXPECT_FALSE(m.border(H("2107"), H("2207")));
  EXPECT_FALSE(m.border(H("2206"), H("2406")));  // not adjacent
}

TEST(Wate1870_Map, NeutralsArePresentAndImpassable) {
  const Map& m = TheMap();
  std::set<Country> seen;
  for (const HexInfo& h : m.hexes()) {
    if (neutral(h.country)) {
      seen.insert(h.country);
      EXPECT_FALSE(m.passable(h.hex)) << h.hex.id();
    } else {
      EXPECT_TRUE(m.passable(h.hex)) << h.hex.id();
    }
  }
  EXPECT_TRUE(seen.count(Country::kLuxembourg));
  EXPECT_TRUE(seen.count(Country::kBelgium));
  EXPECT_TRUE(seen.count(Country::kSwitzerland));
  EXPECT_FALSE(m.passable(H("3100")));  // off the map
}

// 4.2: French supply on the west and south edges, German on the east edge.
TEST(Wate1870_4_2, SupplyEdgesAreOnTheRightSides) {
  const Map& m = TheMap();
  int f = 0, g = 0;
  for (const HexInfo& h : m.hexes()) {
    const bool west_or_south = h.hex.col == m.col_min() || h.hex.row == m.row_max();
    const bool east = h.hex.col == m.col_max();
    if (h.country == Country::kFrance && west_or_south) {
      EXPECT_EQ(h.supply, Side::kFrench) << h.hex.id();
      ++f;
    } else if (h.country == Country::kGermany && east) {
      EXPECT_EQ(h.supply, Side::kGerman) << h.hex.id();
      ++g;
    } else {
      EXPECT_FALSE(h.supply.has_value()) << h.hex.id();
    }
  }
  EXPECT_GE(f, 30);
  EXPECT_GE(g, 12);
}

// 11.0: French corps exit "off the southeastern edge of the board via the railway" (GAP-W-29).
TEST(Wate1870_11_0, TheRailExitIsOnARailwayInTheSouthEast) {
  const Map& m = TheMap();
  ASSERT_TRUE(m.rail_exit().has_value());
  const Hex e = *m.rail_exit();
  EXPECT_TRUE(m.rail(e));
  EXPECT_EQ(m.find(e)->country, Country::kGermany);
  EXPECT_GE(e.col, 27);
  EXPECT_GE(e.row, 13);
}

// ---- malformed map files: each fails with file:line: reason.

const char* kGood =
    "source: \"reconstructed: test\"\n"                                                    // 1
    "grid: {layout: even-r, col_min: 20, col_max: 21, row_min: 6, row_max: 7}\n"           // 2
    "hexes:\n"                                                                             // 3
    "  - {hex: \"2006\", terrain: clear, country: F, supply: F}\n"                         // 4
    "  - {hex: \"2106\", terrain: rough, country: G, supply: G}\n"                         // 5
    "  - {hex: \"2007\", terrain: clear, country: F, name: Metz, fortress: 6, source: \"rule 13.1\"}\n"  // 6
    "  - {hex: \"2107\", terrain: clear, country: G, name: Saarbrucken, town: true, source: \"rule 13.1\"}\n"  // 7
    "rivers:\n"                                                                            // 8
    "  - {name: Moselle, source: \"reconstructed: test data\", hexsides: [\"2006/2007\", \"2007/2107\"]}\n"  // 9
    "railways:\n"                                                                          // 10
    "  - {name: R, source: \"reconstructed: test data\", hexes: [\"2007\", \"2107\", \"2106\"]}\n"  // 11
    "rail_exit: {hex: \"2106\", source: \"reconstructed: test data\"}\n";                          // 12

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

void ExpectFails(const std::string& text, int line, const std::string& reason) {
  const auto r = Map::parse(text, "bad.yaml");
  ASSERT_FALSE(r.ok()) << "expected: " << reason;
  EXPECT_EQ(r.error().code, Code::kDataError);
  const std::string want = "bad.yaml:" + std::to_string(line) + ":";
  EXPECT_EQ(r.error().message.rfind(want, 0), 0u) << r.error().message;
  EXPECT_NE(r.error().message.find(reason), std::string::npos) << r.error().message;
}

TEST(Wate1870_Map, TheSmallGoodMapLoads) {
  const auto r = Map::parse(kGood, "good.yaml");
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_TRUE(r->river(H("2007"), H("2107")));
  EXPECT_TRUE(r->rail_link(H("2107"), H("2106")));
  EXPECT_TRUE(r->border(H("2007"), H("2107")));
  EXPECT_EQ(r->by_name("Metz")->fortress_sr, 6);
  EXPECT_EQ(*r->rail_exit(), H("2106"));
}

TEST(Wate1870_Map, MalformedMapsFailWithLineAndReason) {
  const std::string g = kGood;
  ExpectFails(Replace(g, "terrain: clear, country: F, supply", "terain: clear, country: F, supply"), 4, "unknown key 'terain'");
  ExpectFails(Replace(g, "hex: \"2106\", terrain", "hex: \"21x6\", terrain"), 5, "not a hex number");
  ExpectFails(Replace(g, "hex: \"2106\", terrain", "hex: \"2206\", terrain"), 5, "outside the grid");
  ExpectFails(Replace(g, "hex: \"2106\", terrain", "hex: \"2006\", terrain"), 5, "listed twice");
  // A missing hex is reported where it belongs: beside the hex after it, or the last one.
  ExpectFails(
      Replace(g, "  - {hex: \"2106\", terrain: rough, country: G, supply: G}\n", ""), 5,
      "hex 2106 is missing: every hex of the grid must be listed once (it comes before hex 2007)");
  ExpectFails(
      Replace(g,
              "  - {hex: \"2107\", terrain: clear, country: G, name: Saarbrucken, town: true, "
              "source: \"rule 13.1\"}\n",
              ""),
      6,
      "hex 2107 is missing: every hex of the grid must be listed once (it comes after hex 2007)");
  ExpectFails(Replace(g, "terrain: rough", "terrain: swamp"), 5, "unknown terrain 'swamp'");
  ExpectFails(Replace(g, "country: G, supply: G", "country: X, supply: G"), 5, "unknown country 'X'");
  ExpectFails(Replace(g, "fortress: 6", "fortress: 7"), 6, "from 1 to 6");
  ExpectFails(Replace(g, "fortress: 6, source: \"rule 13.1\"", "fortress: 6"), 6, "missing 'source'");
  ExpectFails(Replace(g, "fortress: 6, source: \"rule 13.1\"", "fortress: 6, source: \"made up\""), 6, "'source' must start");
  ExpectFails(Replace(g, "town: true", "town: true, fortress: 2"), 7, "not also a town");
  ExpectFails(Replace(g, "country: F, supply: F", "country: F, supply: G"), 4, "German supply");
  ExpectFails(Replace(g, "\"2006/2007\", \"2007/2107\"", "\"2007/2106\""), 9, "not adjacent");
  ExpectFails(Replace(g, "\"2006/2007\", \"2007/2107\"", "\"2006/2007\", \"2106/2107\""), 9, "continuous");
  ExpectFails(Replace(g, "\"2006/2007\", \"2007/2107\"", "\"2007/2008\""), 9, "not between two hexes");
  ExpectFails(Replace(g, "hexes: [\"2007\", \"2107\", \"2106\"]", "hexes: [\"2007\", \"2106\"]"), 11, "not adjacent");
  ExpectFails(Replace(g, "country: G, supply: G", "country: L"), 11, "neutral");
  ExpectFails(Replace(g, "rail_exit: {hex: \"2106\"", "rail_exit: {hex: \"2006\""), 12, "not a rail hex");
  ExpectFails(Replace(g, "layout: even-r", "layout: odd-q"), 2, "even-r");
  // The LOC tracer keeps a row in one 64-bit word (hex_rows.hpp).
  ExpectFails(Replace(g, "col_min: 20, col_max: 21", "col_min: 0, col_max: 64"), 2,
              "at most 64 columns wide");
  ExpectFails(Replace(g, "row_min: 6, row_max: 7", "row_min: 0, row_max: 32"), 2,
              "at most 32 rows high");
  ExpectFails(Replace(g, "hexes:\n", "hexes: [\n"), 4, "not valid YAML");
}

TEST(Wate1870_Map, MissingFileIsADataErrorNotACrash) {
  const auto r = Map::load("/nonexistent/map.yaml");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Code::kDataError);
}

}  // namespace
}  // namespace rz::wate1870
