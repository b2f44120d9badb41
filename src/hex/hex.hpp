#pragma once
// Hex coordinates as printed on the 1870 map: "XXYY", XX the column (west to
// east), YY the row (north to south). Pointy-top hexes, even rows shifted half a
// hex east ("even-r"), as derived in shared/reference/1870-geography.md §1.1.
#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace rz::hex {

struct Hex {
  int col = 0;
  int row = 0;
  friend auto operator<=>(const Hex&, const Hex&) = default;
  std::string id() const;  // "2107"
};

// "2107" -> {21, 7}; exactly four digits.
std::optional<Hex> parse_hex(std::string_view text);

// The six neighbours, in the order E, NE, NW, W, SW, SE.
std::array<Hex, 6> neighbours(Hex h);
// k such that neighbours(from)[k] == to, or -1 if they are not adjacent.
int direction(Hex from, Hex to);
// Hexes between a and b, by cube coordinates. Inline: the bots and the rules
// ask it millions of times a game.
inline int distance(Hex a, Hex b) {
  const int qa = a.col - (a.row + (a.row & 1)) / 2, qb = b.col - (b.row + (b.row & 1)) / 2;
  const int dq = qa - qb, dr = a.row - b.row, ds = dq + dr;  // s = -q - r
  return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) + (ds < 0 ? -ds : ds)) / 2;
}
inline bool adjacent(Hex a, Hex b) { return distance(a, b) == 1; }

// Centre of a hex in hex-width units (x east, y south): for drawing.
struct Point {
  double x = 0;
  double y = 0;
};
Point centre(Hex h);
// Corner k (0..5) of a pointy-top hex, clockwise from the top.
Point corner(Hex h, int k);
// The two corners shared by adjacent hexes a and b (for drawing a hexside).
std::array<Point, 2> shared_edge(Hex a, Hex b);

// An unordered pair of adjacent hexes.
struct Hexside {
  Hex a;
  Hex b;  // a < b
  static Hexside of(Hex x, Hex y) { return x < y ? Hexside{x, y} : Hexside{y, x}; }
  friend auto operator<=>(const Hexside&, const Hexside&) = default;
  std::string id() const;  // "2006/2107"
};

}  // namespace rz::hex
