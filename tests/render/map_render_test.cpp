// The map renderer: what the SVG must contain, that it is deterministic and
// well escaped, and that PNG output has the right format, size and errors.
#include "render/map_render.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>

#include "../text_match.hpp"
#include "render/svg_util.hpp"

namespace rz::render {
namespace {

using test_support::count;

namespace fs = std::filesystem;

// A 3x3 corner of Lorraine: France in columns 20-21, Germany in column 22.
constexpr const char* kMiniMap = R"(source: "reconstructed: test"
grid: {layout: even-r, col_min: 20, col_max: 22, row_min: 6, row_max: 8}
hexes:
  - {hex: "2006", terrain: clear, country: F, name: Thionville, fortress: 3, source: "reconstructed: test"}
  - {hex: "2106", terrain: forest, country: F, name: Boulay, town: true, source: "reconstructed: test"}
  - {hex: "2206", terrain: rough, country: G, name: "Saar<brücken> & Co", town: true, supply: G, source: "reconstructed: test"}
  - {hex: "2007", terrain: clear, country: F, name: Pont-à-Mousson, town: true, source: "reconstructed: test"}
  - {hex: "2107", terrain: clear, country: F, name: Metz, fortress: 6, source: "rule 13.1"}
  - {hex: "2207", terrain: mountain, country: G, source: "reconstructed: test"}
  - {hex: "2008", terrain: clear, country: F, supply: F, source: "reconstructed: test"}
  - {hex: "2108", terrain: clear, country: F, source: "reconstructed: test"}
  - {hex: "2208", terrain: clear, country: G, source: "reconstructed: test"}
rivers: [{name: Moselle, source: "reconstructed: test", hexsides: ["2006/2107", "2007/2107"]}]
railways: [{name: "F4", source: "reconstructed: test", hexes: ["2107", "2207"]}]
)";

// Aborts the whole test program with the loader's message rather than
// running tests on a map that did not load.
wate1870::Map mini_map() {
  auto m = wate1870::Map::parse(kMiniMap, "mini.yaml");
  if (!m) {
    std::fprintf(stderr, "mini map: %s\n", m.error().to_string().c_str());
    std::abort();
  }
  return std::move(m).value();
}

std::vector<Counter> some_counters() {
  return {
      {hex::Hex{21, 7}, "French", "Garde <G> & 20", "20 SP (all good)", true},
      {hex::Hex{21, 7}, "French", "III 12", "", false},
      {hex::Hex{22, 8}, "German", "I Armee 9", "9 SP (7 good, 2 disrupted)", true},
  };
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("reisswitz_render_" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::uint32_t be32(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(s[at + i]);
  return v;
}

TEST(RenderSvg, ContainsPlacesRiversRailwaysBorderAndLegend) {
  const auto map = mini_map();
  RenderOptions opt;
  opt.title = "1870: test & <check>";
  opt.legend_lines = {"Turn 1, French action phase", "VP 3 < 5"};
  const std::string svg = render_svg(map, {}, opt);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  for (const char* name : {">Thionville<", ">Boulay<", ">Pont-à-<", ">Mousson<", ">Metz<"})
    EXPECT_NE(svg.find(name), std::string::npos) << name;
  EXPECT_NE(svg.find("Saar&lt;brücken&gt; &amp; Co"), std::string::npos);
  EXPECT_EQ(svg.find("Saar<br"), std::string::npos);
  EXPECT_EQ(count(svg, "class=\"river\""), 1);
  EXPECT_GE(count(svg, ">Moselle<"), 1);
  EXPECT_EQ(count(svg, "class=\"railway\""), 1);
  EXPECT_NE(svg.find("id=\"border\""), std::string::npos);
  EXPECT_EQ(count(svg, "class=\"fortress\""), 2);
  EXPECT_EQ(count(svg, "class=\"town\""), 3);
  EXPECT_NE(svg.find("id=\"supply\""), std::string::npos);
  EXPECT_NE(svg.find(">2107<"), std::string::npos);  // hex numbers
  EXPECT_NE(svg.find("1870: test &amp; &lt;check&gt;"), std::string::npos);
  EXPECT_NE(svg.find("VP 3 &lt; 5"), std::string::npos);
  EXPECT_NE(svg.find("font-family=\"DejaVu Sans"), std::string::npos);

  opt.hex_numbers = false;
  EXPECT_EQ(render_svg(map, {}, opt).find(">2107<"), std::string::npos);
}

TEST(RenderSvg, CountersAreDrawnAndEscaped) {
  const auto map = mini_map();
  const std::string svg = render_svg(map, some_counters(), {});
  EXPECT_EQ(count(svg, "class=\"counter\""), 3);
  EXPECT_NE(svg.find("Garde &lt;G&gt; &amp; 20"), std::string::npos);
  EXPECT_EQ(svg.find("<G>"), std::string::npos);
  EXPECT_NE(svg.find(">III 12<"), std::string::npos);
  EXPECT_NE(svg.find("#2f5fb3"), std::string::npos);  // French blue
  EXPECT_NE(svg.find("#a4a4a4"), std::string::npos);  // German grey

  // A big stack is cut to three counters and a "+n more" plate.
  std::vector<Counter> many(5, Counter{hex::Hex{21, 8}, "German", "X 1", "", false});
  const std::string big = render_svg(map, many, {});
  EXPECT_EQ(count(big, "class=\"counter\""), 3);
  EXPECT_NE(big.find("+2 more"), std::string::npos);

  // Counters off the map are ignored rather than drawn outside the frame.
  const std::string off = render_svg(map, {{hex::Hex{5, 5}, "French", "lost", "", false}}, {});
  EXPECT_EQ(off.find(">lost<"), std::string::npos);
}

TEST(RenderSvg, IsDeterministic) {
  const auto a = mini_map();
  const auto b = mini_map();
  RenderOptions opt;
  opt.title = "same";
  EXPECT_EQ(render_svg(a, some_counters(), opt), render_svg(b, some_counters(), opt));
}

TEST(RenderSvg, Helpers) {
  EXPECT_EQ(xml_escape("a<b>&\"c'\x01"), "a&lt;b&gt;&amp;&quot;c&apos;");
  EXPECT_EQ(num(1.0), "1");
  EXPECT_EQ(num(-0.001), "0");
  EXPECT_EQ(num(2.345678), "2.35");
  EXPECT_EQ(num(-12.5), "-12.5");
  // Two hexsides meeting at a corner become one stroke.
  const auto e1 = hex::shared_edge({21, 7}, {20, 6});
  const auto e2 = hex::shared_edge({21, 7}, {20, 7});
  const std::string d = chain_path({{e1[0], e1[1]}, {e2[0], e2[1]}});
  EXPECT_EQ(count(d, "M"), 1);
  EXPECT_EQ(count(d, "L"), 2);
}

TEST(RenderPng, HasSignatureAndSvgPixelSize) {
  const auto map = mini_map();
  RenderOptions opt;
  opt.hex_px = 40;
  const std::string svg = render_svg(map, some_counters(), opt);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(svg, m, std::regex("<svg[^>]* width=\"([0-9]+)\" height=\"([0-9]+)\"")));
  const std::uint32_t want_w = static_cast<std::uint32_t>(std::stoul(m[1]));
  const std::uint32_t want_h = static_cast<std::uint32_t>(std::stoul(m[2]));

  TempDir dir;
  const fs::path png = dir.path / "mini.png";
  const Status st = write_png(svg, png.string());
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  const std::string bytes = slurp(png);
  ASSERT_GT(bytes.size(), 33u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(bytes.substr(12, 4), "IHDR");
  EXPECT_EQ(be32(bytes, 16), want_w);
  EXPECT_EQ(be32(bytes, 20), want_h);
  EXPECT_GT(want_w, 3u * 40u);  // the map and the legend panel

  const fs::path out = dir.path / "mini.svg";
  ASSERT_TRUE(write_svg(svg, out.string()).ok());
  EXPECT_EQ(slurp(out), svg);
}

TEST(RenderPng, ImpossiblePathsAndBadSvgFailCleanly) {
  const auto map = mini_map();
  const std::string svg = render_svg(map, {}, {});
  const Status png = write_png(svg, "/nonexistent-dir/really/not/here.png");
  ASSERT_FALSE(png.ok());
  EXPECT_FALSE(png.error().message.empty());
  const Status s = write_svg(svg, "/nonexistent-dir/really/not/here.svg");
  ASSERT_FALSE(s.ok());
  const Status bad = write_png("this is not <svg", "/tmp/never-written.png");
  EXPECT_FALSE(bad.ok());
}

// The real map, when its data file exists: every named place appears and the
// picture rasterises. Written to a temporary directory and removed.
TEST(RenderMap, WholeMapRendersWithEveryPlace) {
  const fs::path file = fs::path(REISSWITZ_SOURCE_DIR) / "data/wate1870/map.yaml";
  if (!fs::exists(file)) GTEST_SKIP() << "no " << file;
  auto map = wate1870::Map::load(file.string());
  ASSERT_TRUE(map.ok()) << map.error().to_string();
  RenderOptions opt;
  opt.title = "1870: the map";
  const std::string svg = render_svg(*map, {}, opt);
  for (const auto& h : map->hexes()) {
    if (h.name.empty()) continue;
    EXPECT_NE(svg.find(xml_escape(h.name)), std::string::npos) << h.name;
  }
  EXPECT_EQ(count(svg, "class=\"river\""), static_cast<int>(map->rivers().size()));
  TempDir dir;
  const Status st = write_png(svg, (dir.path / "map.png").string());
  EXPECT_TRUE(st.ok()) << st.error().to_string();
}

}  // namespace
}  // namespace rz::render
