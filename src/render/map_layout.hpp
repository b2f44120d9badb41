#pragma once
// Where the words go: pixel geometry of the map, and placement of place
// names, river names and country names so that they stay legible and keep
// out of each other's way (an estimate: no font metrics without Pango).
#include <optional>
#include <string>
#include <vector>

#include "hex/hex.hpp"
#include "rules/wate1870/map.hpp"

namespace rz::render {

// Hex-plane units (hex widths, x east, y south) to pixels.
struct Frame {
  double hex_px = 48, ox = 0, oy = 0, xmin = 0, ymin = 0;
  hex::Point px(hex::Point p) const { return {ox + (p.x - xmin) * hex_px, oy + (p.y - ymin) * hex_px}; }
  hex::Point centre(hex::Hex h) const { return px(hex::centre(h)); }
  double scale() const { return hex_px / 48.0; }  // strokes and fonts are designed at 48 px
};

struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// A place name under its symbol, one or two lines.
struct PlaceLabel {
  hex::Hex hex;
  std::vector<std::string> lines;
  double size = 0;      // font size, px
  double baseline = 0;  // of the first line
  bool bold = false, italic = false;
  Box box;
};
std::vector<PlaceLabel> layout_place_labels(const wate1870::Map& map, const Frame& f);

// Splits a long name at the hyphen or space that best balances the two lines.
std::vector<std::string> name_lines(const std::string& name);

// One name per river, beside the hexside of its course where it hides least.
struct RiverLabel {
  std::string name;
  hex::Point at;
  bool centred = false;  // text-anchor middle (else start)
  double size = 0;
};
std::vector<RiverLabel> layout_river_labels(const wate1870::Map& map, const Frame& f, std::vector<Box> obstacles);

// Obstacles a label should avoid: place symbols, their names, and railways.
std::vector<Box> map_obstacles(const wate1870::Map& map, const Frame& f, const std::vector<PlaceLabel>& places);

// The hex to centre a country's name on: near the middle of its territory,
// with `half_span` hexes either side in the same country and free of names
// and railways. Empty if the country has no hex.
std::optional<hex::Hex> country_label_hex(const wate1870::Map& map, wate1870::Country c, int half_span);

}  // namespace rz::render
