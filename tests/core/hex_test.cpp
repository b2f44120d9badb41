#include "hex/hex.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace rz::hex {
namespace {

Hex H(const char* s) { return *parse_hex(s); }

TEST(Hex_Grid, ParsesFourDigitNumbers) {
  EXPECT_EQ(H("2107"), (Hex{21, 7}));
  EXPECT_EQ(H("0810").id(), "0810");
  EXPECT_FALSE(parse_hex("210"));
  EXPECT_FALSE(parse_hex("21a7"));
}

// Adjacencies that the rulebook's set-up implies (geography §1.1).
TEST(Hex_Grid, EvenRowsAreShiftedEastAsTheSetupHexesRequire) {
  EXPECT_TRUE(adjacent(H("2608"), H("2607")));  // I Corps touches Woerth
  EXPECT_TRUE(adjacent(H("2608"), H("2609")));  // and Strasbourg
  EXPECT_TRUE(adjacent(H("2406"), H("2507")));  // V Corps touches Bitche
  EXPECT_TRUE(adjacent(H("2406"), H("2306")));  // and Saarbrucken
  EXPECT_TRUE(adjacent(H("2407"), H("2507")));
  EXPECT_TRUE(adjacent(H("2407"), H("2306")));
  EXPECT_TRUE(adjacent(H("2207"), H("2107")));  // VI Corps touches Metz
  EXPECT_TRUE(adjacent(H("2207"), H("2206")));  // and Forbach
  EXPECT_EQ(distance(H("2206"), H("2107")), 2);  // Forbach two hexes from Metz
  EXPECT_TRUE(adjacent(H("2507"), H("2607")));
  EXPECT_TRUE(adjacent(H("2607"), H("2707")));
}

TEST(Hex_Grid, NeighboursAreAdjacentAndDistinct) {
  for (const char* s : {"2107", "2206", "0500", "3016"}) {
    auto ns = neighbours(H(s));
    for (std::size_t i = 0; i < 6; ++i) {
      EXPECT_EQ(distance(H(s), ns[i]), 1);
      for (std::size_t j = i + 1; j < 6; ++j) EXPECT_NE(ns[i], ns[j]);
    }
  }
}

// direction() works from the offsets; neighbours() from cube coordinates.
TEST(Hex_Grid, DirectionIsTheIndexInTheNeighbours) {
  int adjacent = 0;
  for (int row = -3; row <= 20; ++row)
    for (int col = -3; col <= 40; ++col) {
      const Hex from{col, row};
      const auto n = neighbours(from);
      for (int dr = -3; dr <= 3; ++dr)
        for (int dc = -3; dc <= 3; ++dc) {
          const Hex to{col + dc, row + dr};
          const auto it = std::find(n.begin(), n.end(), to);
          const int want = it == n.end() ? -1 : static_cast<int>(it - n.begin());
          ASSERT_EQ(direction(from, to), want)
              << from.col << "," << from.row << " -> " << to.col << "," << to.row;
          adjacent += want >= 0;
        }
    }
  EXPECT_EQ(adjacent, 24 * 44 * 6);
}

TEST(Hex_Grid, SharedEdgeOfNeighboursHasTwoDistinctCorners) {
  auto e = shared_edge(H("2107"), H("2207"));
  EXPECT_GT(std::abs(e[0].y - e[1].y) + std::abs(e[0].x - e[1].x), 0.3);
  EXPECT_EQ(Hexside::of(H("2207"), H("2107")).id(), "2107/2207");
}

}  // namespace
}  // namespace rz::hex
