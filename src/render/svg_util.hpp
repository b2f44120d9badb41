#pragma once
// Small helpers for writing SVG text by hand: escaping, locale-independent
// numbers, and joining line segments into polylines (so dashes and joins of
// rivers and borders run on smoothly instead of restarting at every hexside).
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "hex/hex.hpp"

namespace rz::render {

// Escapes &, <, >, " and ' and drops control characters XML 1.0 forbids.
std::string xml_escape(std::string_view text);

// Fixed-point with at most two decimals, no trailing zeros, never "-0";
// independent of the C locale so output is byte-identical everywhere.
std::string num(double v);

using Segment = std::array<hex::Point, 2>;

// Joins segments that share end points into chains; each chain is returned as
// an SVG path "M x y L x y ..." (one string for all chains). Points are in the
// caller's coordinates. Deterministic for a given input order.
std::string chain_path(const std::vector<Segment>& segments);

// Rough advance width of a text run in DejaVu Sans, as a fraction of the font
// size, for fitting labels (no font metrics are available without Pango).
double text_width_em(std::string_view utf8);

}  // namespace rz::render
