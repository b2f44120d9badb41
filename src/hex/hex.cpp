#include "hex/hex.hpp"

#include <cmath>
#include <cstdlib>

namespace rz::hex {

namespace {
struct Cube {
  int q, r, s;
};
Cube to_cube(Hex h) {
  const int q = h.col - (h.row + (h.row & 1)) / 2;
  return {q, h.row, -q - h.row};
}
Hex from_cube(Cube c) { return {c.q + (c.r + (c.r & 1)) / 2, c.r}; }
constexpr std::array<Cube, 6> kDirs{
    {{1, 0, -1}, {1, -1, 0}, {0, -1, 1}, {-1, 0, 1}, {-1, 1, 0}, {0, 1, -1}}};
constexpr double kRowStep = 0.86602540378443864676;  // sqrt(3)/2
}  // namespace

std::string Hex::id() const {
  // Asked for every action text and every saved hex: no printf.
  if (col < 0 || col > 99 || row < 0 || row > 99) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%02d%02d", col, row);
    return buf;
  }
  return std::string{static_cast<char>('0' + col / 10), static_cast<char>('0' + col % 10),
                     static_cast<char>('0' + row / 10), static_cast<char>('0' + row % 10)};
}

std::optional<Hex> parse_hex(std::string_view t) {
  if (t.size() != 4) return std::nullopt;
  for (char c : t)
    if (c < '0' || c > '9') return std::nullopt;
  return Hex{(t[0] - '0') * 10 + (t[1] - '0'), (t[2] - '0') * 10 + (t[3] - '0')};
}

std::array<Hex, 6> neighbours(Hex h) {
  const Cube c = to_cube(h);
  std::array<Hex, 6> out{};
  for (std::size_t i = 0; i < 6; ++i)
    out[i] = from_cube({c.q + kDirs[i].q, c.r + kDirs[i].r, c.s + kDirs[i].s});
  return out;
}

int direction(Hex from, Hex to) {
  // Asked for every river and rail hexside a march crosses: worked out from the
  // offsets, not by listing the neighbours.
  const int dr = to.row - from.row, dc = to.col - from.col;
  if (dr == 0) return dc == 1 ? 0 : dc == -1 ? 3 : -1;
  if (dr != 1 && dr != -1) return -1;
  // Even rows sit half a hex east: an even row's neighbours above and below are
  // columns c and c+1, an odd row's c-1 and c.
  const int east = dc + (from.row & 1);  // 1: the eastern of the two, 0: the western
  if (east != 0 && east != 1) return -1;
  return dr < 0 ? (east == 1 ? 1 : 2) : (east == 1 ? 5 : 4);
}

Point centre(Hex h) { return {h.col + ((h.row % 2 == 0) ? 0.5 : 0.0), h.row * kRowStep}; }

Point corner(Hex h, int k) {
  const Point c = centre(h);
  const double radius = 1.0 / std::sqrt(3.0);  // centre to corner, hex width 1
  const double angle = (-90.0 + 60.0 * k) * 3.14159265358979323846 / 180.0;
  return {c.x + radius * std::cos(angle), c.y + radius * std::sin(angle)};
}

std::array<Point, 2> shared_edge(Hex a, Hex b) {
  std::array<Point, 2> out{};
  int found = 0;
  for (int i = 0; i < 6 && found < 2; ++i) {
    const Point p = corner(a, i);
    for (int j = 0; j < 6; ++j) {
      const Point q = corner(b, j);
      if (std::abs(p.x - q.x) < 1e-6 && std::abs(p.y - q.y) < 1e-6) {
        out[static_cast<std::size_t>(found++)] = p;
        break;
      }
    }
  }
  return out;
}

std::string Hexside::id() const { return a.id() + "/" + b.id(); }

}  // namespace rz::hex
