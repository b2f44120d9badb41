#pragma once
// Draws the 1870 map (and optionally the stacks of a game situation) as SVG,
// styled like a printed wargame map, and rasterises it to PNG with librsvg.
// The SVG is deterministic: the same map, counters and options give the same bytes.
#include <string>
#include <vector>

#include "core/result.hpp"
#include "hex/hex.hpp"
#include "rules/wate1870/map.hpp"

namespace rz::render {

// One stack marker to draw in a hex.
struct Counter {
  hex::Hex hex;
  std::string side;    // "French" (blue) or "German" (grey), rule 3.2
  std::string label;   // e.g. "III 12" (HQ short name + SP)
  std::string detail;  // tooltip, and a second line when the counter is big enough
  bool hq = false;     // draw an HQ pennant
};

struct RenderOptions {
  double hex_px = 48;       // hex width in pixels
  bool hex_numbers = true;  // XXYY in each hex, small, like a printed wargame map
  std::string title;        // e.g. "1870: historical set-up, turn 1"
  std::vector<std::string> legend_lines;  // extra lines (RP, VP, turn, phase)
};

std::string render_svg(const wate1870::Map& map, const std::vector<Counter>& counters,
                       const RenderOptions& opt);
Status write_svg(const std::string& svg, const std::string& path);
// Rasterises at the SVG's own pixel size (width/height attributes).
Status write_png(const std::string& svg, const std::string& path);

}  // namespace rz::render
