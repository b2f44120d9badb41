#pragma once
// A set of map hexes kept as one 64-bit word per row (bit = column - col_min):
// the LOC tracer (4.1) grows its sets a whole row at a time. The map's loader
// holds the grid to kMaxRows rows of kMaxCols columns (map.cpp).
#include <array>
#include <cstdint>

namespace rz::wate1870 {

struct HexRows {
  static constexpr int kMaxRows = 32;
  static constexpr int kMaxCols = 64;
  std::array<std::uint64_t, kMaxRows> w{};

  void set(int r, int c) { w[static_cast<std::size_t>(r)] |= std::uint64_t{1} << c; }
  bool test(int r, int c) const { return (w[static_cast<std::size_t>(r)] >> c) & 1u; }
  // By Map::grid_bit, row * kMaxCols + column.
  void set_bit(int p) { set(p / kMaxCols, p % kMaxCols); }
  bool test_bit(int p) const { return test(p / kMaxCols, p % kMaxCols); }
  std::uint64_t& operator[](int r) { return w[static_cast<std::size_t>(r)]; }
  std::uint64_t operator[](int r) const { return w[static_cast<std::size_t>(r)]; }
  friend bool operator==(const HexRows&, const HexRows&) = default;
};

}  // namespace rz::wate1870
