// The balance-study plot (render/bar_chart.hpp, bots::vp_distribution_chart):
// bars stacked by who won, the 0-20 VP range always shown, byte-identical SVG.
#include "render/bar_chart.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "../text_match.hpp"
#include "bots/simulate.hpp"
#include "render/map_render.hpp"

namespace rz::render {
namespace {

using test_support::count;

std::vector<bots::GameOutcome> outcomes() {
  std::vector<bots::GameOutcome> g(5);
  g[0].winner = 0, g[0].vp = 20;
  g[1].winner = 0, g[1].vp = 20;
  g[2].winner = 1, g[2].vp = 0;
  g[3].winner = 1, g[3].vp = 9;
  g[4].winner = -1, g[4].vp = 11;
  for (auto& o : g) o.finished = true;
  return g;
}

TEST(BarChart, TheVpDistributionIsSplitByWhoWon) {
  const auto c = bots::vp_distribution_chart(outcomes(), "t", "s");
  ASSERT_EQ(c.categories.size(), 21u);  // 0..20 (11.0)
  EXPECT_EQ(c.categories.front(), "0");
  EXPECT_EQ(c.categories.back(), "20");
  ASSERT_EQ(c.series.size(), 3u);
  EXPECT_EQ(c.series[0].counts[20], 2);  // French victories at 20
  EXPECT_EQ(c.series[1].counts[0], 1);   // German victories at 0 and 9
  EXPECT_EQ(c.series[1].counts[9], 1);
  EXPECT_EQ(c.series[2].counts[11], 1);  // the draw
  long total = 0;
  for (const auto& s : c.series)
    for (long v : s.counts) total += v;
  EXPECT_EQ(total, 5);
  // A game cut off unfinished is no draw (GAP-W-01): a series of its own.
  auto cut = outcomes();
  cut[4].finished = false;
  const auto u = bots::vp_distribution_chart(cut, "t", "s");
  ASSERT_EQ(u.series.size(), 4u);
  EXPECT_EQ(u.series[3].name, "unfinished");
  EXPECT_EQ(u.series[3].counts[11], 1);
  EXPECT_EQ(u.series[2].counts[11], 0);
}

TEST(BarChart, DrawsOneBarSegmentPerNonEmptyCountAndALegend) {
  const std::string svg =
      bar_chart_svg(bots::vp_distribution_chart(outcomes(), "1870 & VP", "five games"));
  EXPECT_EQ(svg, bar_chart_svg(bots::vp_distribution_chart(outcomes(), "1870 & VP", "five games")));
  EXPECT_NE(svg.find("1870 &amp; VP"), std::string::npos);  // escaped
  // 4 bar segments (20 French, 0 German, 9 German, 11 draw), 3 legend swatches, the background.
  EXPECT_EQ(count(svg, "<rect"), 4 + 3 + 1);
  EXPECT_EQ(count(svg, "fill=\"#2b5cab\""), 2);  // a bar and its legend swatch
  EXPECT_NE(svg.find("French victory"), std::string::npos);
}

TEST(BarChart, RasterisesToAPng) {
  const std::string path = ::testing::TempDir() + "bar_chart_test.png";
  ASSERT_TRUE(
      write_png(bar_chart_svg(bots::vp_distribution_chart(outcomes(), "t", "s")), path).ok());
  std::ifstream f(path, std::ios::binary);
  char magic[8] = {};
  f.read(magic, 8);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace rz::render
