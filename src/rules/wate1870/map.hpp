#pragma once
// The 1870 map (data/wate1870/map.yaml), reconstructed from historical
// geography because the published map is not available (GAP-W-02).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "hex/hex.hpp"
#include "rules/wate1870/hex_rows.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

struct HexInfo {
  hex::Hex hex;
  Terrain terrain = Terrain::kClear;
  Country country = Country::kFrance;
  std::string name;            // empty if the hex has no named place
  bool town = false;           // a town hex (3.7, 6.2, 11.0)
  int fortress_sr = 0;         // Siege Rating; 0 = no fortress
  std::optional<Side> supply;  // a map-edge source of supply of this side (4.2)
  int line = 0;                // line in the map file, for messages
};

struct River {
  std::string name;
  std::vector<hex::Hexside> hexsides;
};

class MapReader;

struct Railway {
  std::string name;
  std::vector<hex::Hex> hexes;  // consecutive hexes are adjacent
};

class Map {
 public:
  static Result<Map> load(const std::string& path);
  static Result<Map> parse(const std::string& text, const std::string& file_name);

  int index_of(hex::Hex h) const {  // row-major index into hexes(), -1 if off the map
    // Unsigned, so that one comparison a coordinate finds it off the map on either
    // side (asked for nearly every hex the rules look at). The grid is full: parse
    // requires every hex of it listed, so an index inside it is one of hexes().
    const unsigned width = static_cast<unsigned>(col_max_ - col_min_ + 1);
    const unsigned c = static_cast<unsigned>(h.col) - static_cast<unsigned>(col_min_);
    const unsigned r = static_cast<unsigned>(h.row) - static_cast<unsigned>(row_min_);
    if (c >= width || r >= static_cast<unsigned>(row_max_ - row_min_ + 1)) return -1;
    return static_cast<int>(r * width + c);
  }
  const HexInfo* find(hex::Hex h) const {  // nullptr if off the map
    const int i = index_of(h);
    return i < 0 ? nullptr : &hexes_[static_cast<std::size_t>(i)];
  }
  const HexInfo* find(std::string_view id) const;
  const HexInfo* by_name(std::string_view place) const;  // exact place name
  bool on_map(hex::Hex h) const { return find(h) != nullptr; }
  bool passable(hex::Hex h) const;               // on the map and not neutral (geography §6.3)
  bool river(hex::Hex a, hex::Hex b) const;      // a river runs along hexside a|b
  bool rail(hex::Hex h) const;                   // a railway passes through h
  bool rail_at(int i) const {  // the same by index_of
    return static_cast<std::size_t>(i) < rail_hexes_.size() && rail_hexes_[static_cast<std::size_t>(i)];
  }
  bool rail_link(hex::Hex a, hex::Hex b) const;  // a railway joins adjacent a and b
  bool border(hex::Hex a, hex::Hex b) const;     // the French/German border runs along a|b
  std::optional<hex::Hex> rail_exit() const { return rail_exit_; }  // 11.0 south-eastern exit

  // By index_of, for searches over the whole map: the index of neighbours(h)[k]
  // (-1 off the map), and the directions k in which a railway leaves the hex.
  int neighbour_index(int i, int k) const {
    return nbr_[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)];
  }
  // Where hex i sits in a HexRows set, as row * 64 + column (no division on the way).
  int grid_bit(int i) const { return grid_bit_[static_cast<std::size_t>(i)]; }
  std::uint8_t rail_dirs(int i) const {
    return rail_mask_.empty() ? 0 : rail_mask_[static_cast<std::size_t>(i)];
  }
  // The directions k in which a river runs along a hexside of the hex.
  std::uint8_t river_dirs(int i) const {
    return river_mask_.empty() ? 0 : river_mask_[static_cast<std::size_t>(i)];
  }

  const std::vector<HexInfo>& hexes() const { return hexes_; }
  // What whole-map passes (ZOC, LOC) read of each hex, packed small: a pass
  // over HexInfo (names and all) reads the memory of ten times as many hexes.
  struct Facts {
    Country country = Country::kFrance;
    std::int8_t supply = -1;  // HexInfo::supply as index(side), -1 none
    bool town = false;
    bool fortress = false;  // fortress_sr > 0
  };
  const std::vector<Facts>& facts() const { return facts_; }
  // The same as rows of bits (hex_rows.hpp): every hex of the map, the neutral
  // ones, the rail hexes, and the map-edge sources of supply of index(side) (4.2).
  const HexRows& all_rows() const { return all_rows_; }
  const HexRows& neutral_rows() const { return neutral_rows_; }
  const HexRows& rail_rows() const { return rail_rows_; }
  const HexRows& supply_rows(int side) const {
    return supply_rows_[static_cast<std::size_t>(side)];
  }
  // The hexes of the map adjacent to some hex of s, a row of bits at a time.
  HexRows adjacent(const HexRows& s) const;
  // The hexes that can be a source of supply of index(side) (4.2): its map
  // edge and every fortress, in index order.
  const std::vector<hex::Hex>& source_candidates(int side) const {
    return source_candidates_[static_cast<std::size_t>(side)];
  }
  const std::vector<int>& fortress_indices() const { return fortresses_; }  // in index order
  const std::vector<hex::Hex>& fortress_hexes() const { return fortress_hexes_; }  // the same, sorted
  // The index_of of each of fortress_hexes(), in that order.
  const std::vector<int>& fortress_sorted_indices() const { return fortress_sorted_; }
  const std::vector<River>& rivers() const { return rivers_; }
  const std::vector<Railway>& railways() const { return railways_; }
  int col_min() const { return col_min_; }
  int col_max() const { return col_max_; }
  int row_min() const { return row_min_; }
  int row_max() const { return row_max_; }
  const std::string& source() const { return source_; }

 private:
  friend class MapReader;       // the loader in map.cpp fills the private members
  std::vector<HexInfo> hexes_;  // row-major over the rectangle, every hex present
  std::vector<River> rivers_;
  std::vector<Railway> railways_;
  // Per hex (index_of), bit k set if a river / railway crosses to neighbours(h)[k]:
  // the rules ask these at every step of every search, so they are O(1).
  std::vector<std::uint8_t> river_mask_;
  std::vector<std::uint8_t> rail_mask_;
  std::vector<char> rail_hexes_;
  std::vector<std::array<int, 6>> nbr_;
  std::vector<std::uint16_t> grid_bit_;
  std::vector<Facts> facts_;
  std::vector<int> fortresses_;
  std::array<std::vector<hex::Hex>, 2> source_candidates_;
  std::vector<hex::Hex> fortress_hexes_;
  std::vector<int> fortress_sorted_;
  std::vector<int> named_;  // the hexes with a name, by name then index (by_name)
  HexRows all_rows_, neutral_rows_, rail_rows_;
  std::array<HexRows, 2> supply_rows_;
  void mark(std::vector<std::uint8_t>& mask, hex::Hex a, hex::Hex b);
  bool marked(const std::vector<std::uint8_t>& mask, hex::Hex a, hex::Hex b) const;
  std::optional<hex::Hex> rail_exit_;
  int col_min_ = 0, col_max_ = -1, row_min_ = 0, row_max_ = -1;
  std::string source_;
};

}  // namespace rz::wate1870
