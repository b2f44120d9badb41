#pragma once
// A stacked bar chart as SVG, for balance studies (the final VP of many games,
// split by who won). Plain SVG text, so write_png() can rasterise it.
#include <string>
#include <vector>

namespace rz::render {

struct BarSeries {
  std::string name;          // legend entry, e.g. "French victory"
  std::string color;         // SVG colour
  std::vector<long> counts;  // one per category, stacked in series order
};

struct BarChart {
  std::string title;
  std::string subtitle;
  std::string x_label, y_label;
  std::vector<std::string> categories;  // x axis, left to right
  std::vector<BarSeries> series;
};

// The chart as a 900 x 520 SVG document. Byte-identical for the same input.
std::string bar_chart_svg(const BarChart& chart);

}  // namespace rz::render
