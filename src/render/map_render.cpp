// The map picture, painted back to front like a printed wargame map: terrain,
// country names, supply edges, boundaries, rivers, frontier, railways, hex
// numbers, places, counters; then the title and the legend beside the map.
#include "render/map_render.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "render/map_layout.hpp"
#include "render/map_style.hpp"
#include "render/svg_util.hpp"

namespace rz::render {

namespace {

using hex::Hex;
using hex::Point;
using wate1870::Country;
using wate1870::HexInfo;
using wate1870::Map;
using wate1870::Terrain;

constexpr double kRowStep = 0.86602540378443864676;  // sqrt(3)/2
constexpr double kCornerRadius = 0.57735026918962576;  // 1/sqrt(3)

std::string pt(Point p) { return num(p.x) + "," + num(p.y); }

class Painter {
 public:
  Painter(const Map& map, const std::vector<Counter>& counters, const RenderOptions& opt)
      : map_(map), counters_(counters), opt_(opt), s_(opt.hex_px / 48.0) {
    f_.hex_px = opt.hex_px;
    f_.xmin = map.col_min() - 0.5;
    f_.ymin = map.row_min() * kRowStep - kCornerRadius;
    map_w_ = (map.col_max() + 1.0 - f_.xmin) * opt.hex_px;
    map_h_ = ((map.row_max() - map.row_min()) * kRowStep + 2 * kCornerRadius) * opt.hex_px;
    margin_ = 16 * s_;
    f_.ox = margin_;
    f_.oy = margin_ + 46 * s_;
  }

  std::string paint();

 private:
  double W() const { return opt_.hex_px; }
  Point centre(Hex h) const { return f_.px(hex::centre(h)); }
  Point corner(Hex h, int k) const { return f_.px(hex::corner(h, k)); }
  Segment edge(Hex a, Hex b) const {
    const auto e = hex::shared_edge(a, b);
    return {f_.px(e[0]), f_.px(e[1])};
  }
  std::string polygon_points(Hex h) const {
    std::string out;
    for (int k = 0; k < 6; ++k) out += (k ? " " : "") + pt(corner(h, k));
    return out;
  }
  void text(Point p, std::string_view str, double size, std::string_view attrs, bool halo);
  // A five-pointed bastion trace centred on c: the fortress symbol.
  std::string bastion(Point c) const {
    const double ro = 8.5 * s_, ri = 5.2 * s_;
    std::string pts;
    for (int k = 0; k < 10; ++k) {
      const double a = (-90.0 + 36.0 * k) * 3.14159265358979323846 / 180.0;
      const double r = k % 2 ? ri : ro;
      pts += (k ? " " : "") + pt({c.x + r * std::cos(a), c.y + r * std::sin(a)});
    }
    return pts;
  }

  void defs();
  void terrain();
  void country_names();
  void supply_edges();
  void boundaries();
  void rivers();
  void railways();
  void hex_numbers();
  void places();
  void river_names();
  void rail_exit();
  void counters();
  void title_and_legend();

  const Map& map_;
  const std::vector<Counter>& counters_;
  const RenderOptions& opt_;
  double s_;  // scale of strokes and fonts relative to the 48-pixel design
  Frame f_;
  double map_w_ = 0, map_h_ = 0, margin_ = 0;
  double legend_width() const { return 236 * s_; }
  double legend_bottom_ = 0;
  std::string border_path_;  // computed with the boundaries, drawn over the rivers
  std::vector<PlaceLabel> place_labels_;
  struct CountryLabel {
    std::string text;
    Point at;
    double size = 0;
    bool big = false;  // France and Germany: large and faint; neutrals: small grey
    Box box;
  };
  std::vector<CountryLabel> country_labels_;
  void layout_country_names();
  std::string o_;
};

void Painter::text(Point p, std::string_view str, double size, std::string_view attrs, bool halo) {
  const std::string head = "<text x=\"" + num(p.x) + "\" y=\"" + num(p.y) + "\" font-size=\"" + num(size) +
                           "\" " + std::string(attrs);
  const std::string body = ">" + xml_escape(str) + "</text>\n";
  // The halo is a separate white-stroked copy underneath, which every SVG
  // renderer draws the same way (paint-order is not universal).
  if (halo)
    o_ += head + " stroke=\"" + std::string(style::kHalo) + "\" stroke-width=\"" + num(size * 0.28) +
          "\" stroke-linejoin=\"round\" stroke-opacity=\"0.85\"" + body;
  o_ += head + body;
}

void Painter::defs() {
  const double t = 10 * s_;
  o_ += "<defs>\n";
  // Forest: scattered tree crowns.
  o_ += "<pattern id=\"forest\" patternUnits=\"userSpaceOnUse\" width=\"" + num(t) + "\" height=\"" + num(t) + "\">";
  o_ += "<circle cx=\"" + num(t * 0.25) + "\" cy=\"" + num(t * 0.3) + "\" r=\"" + num(1.6 * s_) + "\" fill=\"" +
        std::string(style::kForestMark) + "\"/>";
  o_ += "<circle cx=\"" + num(t * 0.75) + "\" cy=\"" + num(t * 0.8) + "\" r=\"" + num(1.6 * s_) + "\" fill=\"" +
        std::string(style::kForestMark) + "\"/></pattern>\n";
  // Rough: short broken strokes.
  o_ += "<pattern id=\"rough\" patternUnits=\"userSpaceOnUse\" width=\"" + num(t) + "\" height=\"" + num(t) + "\">";
  o_ += "<path d=\"M" + num(t * 0.1) + " " + num(t * 0.35) + "l" + num(t * 0.3) + " " + num(-t * 0.15) + "M" +
        num(t * 0.55) + " " + num(t * 0.85) + "l" + num(t * 0.3) + " " + num(-t * 0.15) + "\" stroke=\"" +
        std::string(style::kRoughMark) + "\" stroke-width=\"" + num(1.1 * s_) + "\" stroke-linecap=\"round\"/></pattern>\n";
  // Neutral ground: light diagonal hatch.
  o_ += "<pattern id=\"neutral\" patternUnits=\"userSpaceOnUse\" width=\"" + num(t * 0.7) + "\" height=\"" +
        num(t * 0.7) + "\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"" + num(t * 0.7) +
        "\" stroke=\"" + std::string(style::kNeutralHatch) + "\" stroke-width=\"" + num(1.2 * s_) +
        "\"/></pattern>\n";
  o_ += "</defs>\n";
}

void Painter::terrain() {
  o_ += "<g id=\"terrain\" stroke=\"" + std::string(style::kHexLine) + "\" stroke-width=\"" + num(0.6 * s_) + "\">\n";
  for (const HexInfo& h : map_.hexes()) {
    const std::string pts = polygon_points(h.hex);
    std::string tip = h.hex.id();
    if (!h.name.empty()) tip += " " + h.name;
    tip += ": " + std::string(wate1870::terrain_name(h.terrain)) + ", " + style::country_name(h.country);
    if (h.fortress_sr) tip += ", fortress SR " + std::to_string(h.fortress_sr);
    else if (h.town) tip += ", town";
    o_ += "<polygon points=\"" + pts + "\" fill=\"" + std::string(style::terrain_fill(h.terrain, h.country)) +
          "\"><title>" + xml_escape(tip) + "</title></polygon>\n";
    const char* pattern = nullptr;
    if (wate1870::neutral(h.country)) pattern = "neutral";
    else if (h.terrain == Terrain::kForest) pattern = "forest";
    else if (h.terrain == Terrain::kRough) pattern = "rough";
    if (pattern) o_ += "<polygon points=\"" + pts + "\" fill=\"url(#" + pattern + ")\" stroke=\"none\"/>\n";
  }
  o_ += "</g>\n";

  // Mountains: a small range of peaks in the hex, as on printed hex maps.
  std::string d;
  for (const HexInfo& h : map_.hexes()) {
    if (h.terrain != Terrain::kMountain || wate1870::neutral(h.country)) continue;
    const Point c = centre(h.hex);
    const double u = W() / 48.0;
    const Point base{c.x - 14 * u, c.y - 6 * u};
    d += "M" + pt(base) + "l" + num(6 * u) + "," + num(-9 * u) + "l" + num(5 * u) + "," + num(7 * u) + "l" +
         num(4 * u) + "," + num(-6 * u) + "l" + num(6 * u) + "," + num(8 * u) + "l" + num(5 * u) + "," +
         num(-7 * u) + "l" + num(6 * u) + "," + num(9 * u);
  }
  if (!d.empty())
    o_ += "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + std::string(style::kMountainMark) + "\" stroke-width=\"" +
          num(1.4 * s_) + "\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n";
}

void Painter::layout_country_names() {
  const Country order[] = {Country::kFrance, Country::kGermany, Country::kBelgium, Country::kLuxembourg,
                           Country::kSwitzerland};
  for (Country c : order) {
    CountryLabel l;
    l.big = !wate1870::neutral(c);
    l.size = (l.big ? 20 : 10) * s_;
    l.text = style::country_label(c);
    // Bold capitals run wider than the plain-text estimate.
    const double width = 1.15 * text_width_em(l.text) * l.size + static_cast<double>(l.text.size()) * l.size * 0.25;
    const int half_span = static_cast<int>(std::ceil((width / W() - 1) / 2));
    const auto at = country_label_hex(map_, c, std::max(0, half_span));
    if (!at) continue;
    const Point p = centre(*at);
    l.at = {p.x, p.y + l.size * 0.35};
    l.box = {p.x - width / 2, p.y - l.size * 0.5, p.x + width / 2, p.y + l.size * 0.5};
    country_labels_.push_back(l);
  }
}

void Painter::country_names() {
  for (const CountryLabel& l : country_labels_)
    text(l.at, l.text, l.size,
         std::string("text-anchor=\"middle\" font-weight=\"bold\" letter-spacing=\"") + num(l.size * 0.25) +
             "\" fill=\"" + std::string(l.big ? style::kCountryText : style::kNeutralText) + "\"" +
             (l.big ? " fill-opacity=\"0.55\"" : ""),
         false);
}

void Painter::supply_edges() {
  // A strip just inside each map-edge side of a supply hex, in the side's colour.
  std::map<wate1870::Side, std::vector<Segment>> strips;
  std::string rings;
  for (const HexInfo& h : map_.hexes()) {
    if (!h.supply) continue;
    const Point c = centre(h.hex);
    const double t = 3.2 * s_ / (0.5 * W());
    bool any = false;
    for (Hex nb : hex::neighbours(h.hex)) {
      if (map_.on_map(nb)) continue;
      any = true;
      Segment e = edge(h.hex, nb);
      for (Point& p : e) p = {p.x + (c.x - p.x) * t, p.y + (c.y - p.y) * t};
      strips[*h.supply].push_back(e);
    }
    if (!any) {  // an inland source: ring the hex instead
      std::string pts;
      for (int k = 0; k < 6; ++k) {
        const Point p = corner(h.hex, k);
        pts += (k ? " " : "") + pt({p.x + (c.x - p.x) * t, p.y + (c.y - p.y) * t});
      }
      rings += "<polygon points=\"" + pts + "\" fill=\"none\" stroke=\"" +
               std::string(style::side_colour(*h.supply)) + "\" stroke-width=\"" + num(4 * s_) + "\"/>\n";
    }
  }
  o_ += "<g id=\"supply\">\n";
  for (const auto& [side, segs] : strips)
    o_ += "<path d=\"" + chain_path(segs) + "\" fill=\"none\" stroke=\"" + std::string(style::side_colour(side)) +
          "\" stroke-width=\"" + num(5 * s_) + "\" stroke-opacity=\"0.8\" stroke-linejoin=\"round\"/>\n";
  o_ += rings + "</g>\n";
}

void Painter::boundaries() {
  // Neutral frontiers: thin grey; the France-Germany frontier: bold dash-dot.
  std::vector<Segment> neutral, border;
  for (const HexInfo& h : map_.hexes()) {
    for (Hex nb : hex::neighbours(h.hex)) {
      if (!(h.hex < nb)) continue;  // each hexside once
      const HexInfo* other = map_.find(nb);
      if (!other) continue;
      if (map_.border(h.hex, nb)) border.push_back(edge(h.hex, nb));
      else if (h.country != other->country && (wate1870::neutral(h.country) || wate1870::neutral(other->country)))
        neutral.push_back(edge(h.hex, nb));
    }
  }
  if (!neutral.empty())
    o_ += "<path id=\"neutral-frontier\" d=\"" + chain_path(neutral) + "\" fill=\"none\" stroke=\"" +
          std::string(style::kNeutralLine) + "\" stroke-width=\"" + num(1.8 * s_) + "\" stroke-dasharray=\"" +
          num(6 * s_) + " " + num(3 * s_) + "\" stroke-linecap=\"round\"/>\n";
  border_path_ = chain_path(border);
}

void Painter::rivers() {
  o_ += "<g id=\"rivers\" fill=\"none\" stroke=\"" + std::string(style::kRiver) +
        "\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n";
  for (const wate1870::River& r : map_.rivers()) {
    std::vector<Segment> segs;
    for (const hex::Hexside& side : r.hexsides) segs.push_back(edge(side.a, side.b));
    o_ += "<path class=\"river\" d=\"" + chain_path(segs) + "\" stroke-width=\"" +
          num(style::river_width(r.name) * s_) + "\"><title>" + xml_escape(r.name) + "</title></path>\n";
  }
  o_ += "</g>\n";
  // The frontier is drawn over the rivers: along the Rhine it is the river.
  if (!border_path_.empty())
    o_ += "<path id=\"border\" d=\"" + border_path_ + "\" fill=\"none\" stroke=\"" + std::string(style::kBorder) +
          "\" stroke-width=\"" + num(3.2 * s_) + "\" stroke-dasharray=\"" + num(11 * s_) + " " + num(4 * s_) + " " +
          num(3 * s_) + " " + num(4 * s_) + "\" stroke-linecap=\"butt\" stroke-linejoin=\"round\"/>\n";
}

void Painter::railways() {
  // Each link between adjacent hexes once, even where lines share track.
  std::set<hex::Hexside> done;
  std::string line, ties;
  const double tie = 3.2 * s_;
  for (const wate1870::Railway& r : map_.railways()) {
    for (std::size_t i = 1; i < r.hexes.size(); ++i) {
      const auto side = hex::Hexside::of(r.hexes[i - 1], r.hexes[i]);
      if (!done.insert(side).second) continue;
      const Point a = centre(r.hexes[i - 1]), b = centre(r.hexes[i]);
      line += "M" + pt(a) + "L" + pt(b);
      const double dx = b.x - a.x, dy = b.y - a.y, len = std::hypot(dx, dy);
      if (len <= 0) continue;
      const double nx = -dy / len * tie, ny = dx / len * tie;
      for (double f : {0.2, 0.4, 0.6, 0.8}) {
        const Point m{a.x + dx * f, a.y + dy * f};
        ties += "M" + pt({m.x - nx, m.y - ny}) + "L" + pt({m.x + nx, m.y + ny});
      }
    }
  }
  if (line.empty()) return;
  o_ += "<g id=\"railways\" fill=\"none\" stroke-linecap=\"round\">\n";
  o_ += "<path d=\"" + line + "\" stroke=\"" + std::string(style::kHalo) + "\" stroke-opacity=\"0.7\" stroke-width=\"" +
        num(4.5 * s_) + "\"/>\n";
  o_ += "<path class=\"railway\" d=\"" + line + "\" stroke=\"" + std::string(style::kRail) + "\" stroke-width=\"" +
        num(1.8 * s_) + "\"/>\n";
  o_ += "<path d=\"" + ties + "\" stroke=\"" + std::string(style::kRail) + "\" stroke-width=\"" + num(1.1 * s_) +
        "\"/>\n</g>\n";
}

void Painter::hex_numbers() {
  if (!opt_.hex_numbers) return;
  o_ += "<g id=\"hex-numbers\" font-size=\"" + num(7 * s_) + "\" text-anchor=\"middle\" fill=\"" +
        std::string(style::kHexNumber) + "\">\n";
  for (const HexInfo& h : map_.hexes()) {
    const Point c = centre(h.hex);
    o_ += "<text x=\"" + num(c.x) + "\" y=\"" + num(c.y - 0.33 * W()) + "\">" + h.hex.id() + "</text>\n";
  }
  o_ += "</g>\n";
}

void Painter::places() {
  o_ += "<g id=\"places\">\n";
  for (const HexInfo& h : map_.hexes()) {
    if (h.name.empty() && !h.town && !h.fortress_sr) continue;
    const Point c = centre(h.hex);
    if (h.fortress_sr > 0) {
      o_ += "<polygon class=\"fortress\" points=\"" + bastion(c) + "\" fill=\"" + std::string(style::kFortress) +
            "\" stroke=\"" + std::string(style::kInk) + "\" stroke-width=\"" + num(0.8 * s_) + "\"/>\n";
      text({c.x, c.y + 2.6 * s_}, std::to_string(h.fortress_sr), 7.5 * s_,
           "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#ffffff\"", false);
    } else if (h.town) {
      o_ += "<rect class=\"town\" x=\"" + num(c.x - 3.2 * s_) + "\" y=\"" + num(c.y - 3.2 * s_) + "\" width=\"" +
            num(6.4 * s_) + "\" height=\"" + num(6.4 * s_) + "\" fill=\"" + std::string(style::kInk) +
            "\" stroke=\"#ffffff\" stroke-width=\"" + num(0.8 * s_) + "\"/>\n";
    } else {  // a named place that is neither town nor fortress
      o_ += "<circle cx=\"" + num(c.x) + "\" cy=\"" + num(c.y) + "\" r=\"" + num(2.2 * s_) + "\" fill=\"none\" stroke=\"" +
            std::string(style::kInk) + "\" stroke-width=\"" + num(0.9 * s_) + "\"/>\n";
    }
  }
  for (const PlaceLabel& l : place_labels_) {
    const Point c = centre(l.hex);
    std::string attrs = "class=\"place\" text-anchor=\"middle\" fill=\"" +
                        std::string(l.italic ? style::kNeutralText : style::kInk) + "\"";
    if (l.bold) attrs += " font-weight=\"bold\"";
    if (l.italic) attrs += " font-style=\"italic\"";
    double y = l.baseline;
    for (const std::string& line : l.lines) {
      text({c.x, y}, line, l.size, attrs, true);
      y += l.size * 1.05;
    }
  }
  o_ += "</g>\n";
}

void Painter::river_names() {
  o_ += "<g id=\"river-names\">\n";
  auto obstacles = map_obstacles(map_, f_, place_labels_);
  for (const CountryLabel& l : country_labels_) obstacles.push_back(l.box);
  for (const RiverLabel& r : layout_river_labels(map_, f_, std::move(obstacles)))
    text(r.at, r.name, r.size,
         "class=\"river-name\" font-style=\"italic\" fill=\"" + std::string(style::kRiverText) + "\"", true);
  o_ += "</g>\n";
}

void Painter::rail_exit() {
  const auto exit = map_.rail_exit();
  if (!exit || !map_.on_map(*exit)) return;
  // The arrow continues the railway that ends in the exit hex; failing that it
  // points off the nearest map edge, or east.
  Point dir{1, 0};
  bool found = false;
  for (const wate1870::Railway& r : map_.railways()) {
    const auto& hs = r.hexes;
    if (hs.size() < 2 || found) continue;
    if (hs.back() == *exit) dir = {hex::centre(hs.back()).x - hex::centre(hs[hs.size() - 2]).x,
                                   hex::centre(hs.back()).y - hex::centre(hs[hs.size() - 2]).y}, found = true;
    else if (hs.front() == *exit) dir = {hex::centre(hs[0]).x - hex::centre(hs[1]).x,
                                         hex::centre(hs[0]).y - hex::centre(hs[1]).y}, found = true;
  }
  for (Hex nb : hex::neighbours(*exit))
    if (!found && !map_.on_map(nb)) {
      dir = {hex::centre(nb).x - hex::centre(*exit).x, hex::centre(nb).y - hex::centre(*exit).y};
      found = true;
    }
  const double len = std::hypot(dir.x, dir.y);
  const double ux = dir.x / len, uy = dir.y / len;
  const Point c = centre(*exit);
  const Point a{c.x + ux * 0.16 * W(), c.y + uy * 0.16 * W()}, b{c.x + ux * 0.62 * W(), c.y + uy * 0.62 * W()};
  const double hw = 4.5 * s_;
  o_ += "<g id=\"rail-exit\"><path d=\"M" + pt(a) + "L" + pt(b) + "\" stroke=\"" + std::string(style::kExit) +
        "\" stroke-width=\"" + num(3 * s_) + "\"/>";
  o_ += "<polygon points=\"" + pt({b.x + ux * hw * 1.8, b.y + uy * hw * 1.8}) + " " + pt({b.x - uy * hw, b.y + ux * hw}) +
        " " + pt({b.x + uy * hw, b.y - ux * hw}) + "\" fill=\"" + std::string(style::kExit) + "\"/>\n";
  text({(a.x + b.x) / 2 + 2 * s_, (a.y + b.y) / 2 - 5 * s_}, "rail exit", 7.5 * s_,
       "text-anchor=\"middle\" font-weight=\"bold\" fill=\"" + std::string(style::kExit) + "\"", true);
  o_ += "</g>\n";
}

void Painter::counters() {
  std::map<Hex, std::vector<const Counter*>> by_hex;
  for (const Counter& c : counters_)
    if (map_.on_map(c.hex)) by_hex[c.hex].push_back(&c);
  if (by_hex.empty()) return;
  o_ += "<g id=\"counters\">\n";
  for (const auto& [h, stack] : by_hex) {
    // Up to three counters one above the other; beyond that a "+n" plate.
    constexpr std::size_t kShown = 3;
    const std::size_t n = stack.size() > kShown ? kShown : stack.size();
    const std::size_t plates = stack.size() > kShown ? n + 1 : n;
    // The stack stands on the upper part of the hex, so that the place name
    // under the centre stays readable.
    const double cw = 0.86 * W();
    const double ch = std::min(0.28 * W(), 0.62 * W() / static_cast<double>(plates));
    const double gap = 1.2 * s_;
    const Point c = centre(h);
    const double bottom = c.y + (plates == 1 ? 0.06 : 0.14) * W();
    double y = bottom - plates * ch - (plates - 1) * gap;
    for (std::size_t i = 0; i < plates; ++i, y += ch + gap) {
      const double x = c.x - cw / 2;
      if (i == n) {  // the overflow plate
        o_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(cw) + "\" height=\"" + num(ch) +
              "\" rx=\"" + num(1.5 * s_) + "\" fill=\"#ffffff\" stroke=\"" + std::string(style::kInk) +
              "\" stroke-width=\"" + num(0.8 * s_) + "\"/>\n";
        text({c.x, y + ch * 0.72}, "+" + std::to_string(stack.size() - n) + " more", ch * 0.58,
             "text-anchor=\"middle\" fill=\"" + std::string(style::kInk) + "\"", false);
        continue;
      }
      const Counter& k = *stack[i];
      const bool french = k.side == "French" || k.side == "french" || k.side == "F";
      o_ += "<g class=\"counter\"><title>" + xml_escape(k.label + (k.detail.empty() ? "" : " — " + k.detail)) +
            "</title>";
      o_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(cw) + "\" height=\"" + num(ch) +
            "\" rx=\"" + num(1.5 * s_) + "\" fill=\"" + std::string(french ? style::kFrenchCounter : style::kGermanCounter) +
            "\" stroke=\"" + std::string(style::kInk) + "\" stroke-width=\"" + num(0.8 * s_) + "\"/>";
      double tx = c.x;
      if (k.hq) {  // a gold pennant at the left end marks a headquarters
        const double p = ch * 0.7;
        o_ += "<polygon points=\"" + pt({x + 2 * s_, y + (ch - p) / 2}) + " " + pt({x + 2 * s_ + p * 0.9, y + ch / 2}) +
              " " + pt({x + 2 * s_, y + (ch + p) / 2}) + "\" fill=\"" + std::string(style::kHqPennant) +
              "\" stroke=\"" + std::string(style::kInk) + "\" stroke-width=\"" + num(0.5 * s_) + "\"/>";
        tx += p * 0.45;
      }
      o_ += "\n";
      const double avail = cw - (k.hq ? ch * 0.7 : 0) - 3 * s_;
      const bool two_lines = !k.detail.empty() && plates == 1 && ch * 0.3 >= 6;
      double size = ch * (two_lines ? 0.42 : 0.6);
      const double need = text_width_em(k.label) * size;
      if (need > avail) size *= avail / need;
      const std::string ink = french ? "#ffffff" : std::string(style::kInk);
      text({tx, y + (two_lines ? ch * 0.48 : ch * 0.5 + size * 0.36)}, k.label, size,
           "class=\"counter-label\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"" + ink + "\"", false);
      if (two_lines) {
        double ds = ch * 0.28;
        const double dneed = text_width_em(k.detail) * ds;
        if (dneed > avail) ds *= avail / dneed;
        text({tx, y + ch * 0.85}, k.detail, ds, "text-anchor=\"middle\" fill=\"" + ink + "\"", false);
      }
      o_ += "</g>\n";
    }
  }
  o_ += "</g>\n";
}

void Painter::title_and_legend() {
  const std::string title = opt_.title.empty() ? "1870: The War Against the Empire" : opt_.title;
  text({margin_, margin_ + 20 * s_}, title, 20 * s_, "font-weight=\"bold\" fill=\"" + std::string(style::kInk) + "\"",
       false);
  if (!opt_.title.empty())
    text({margin_, margin_ + 36 * s_}, "1870: The War Against the Empire", 10 * s_,
         "fill=\"" + std::string(style::kHexNumber) + "\"", false);

  // Frame around the map area.
  o_ += "<rect x=\"" + num(f_.ox) + "\" y=\"" + num(f_.oy) + "\" width=\"" + num(map_w_) + "\" height=\"" +
        num(map_h_) + "\" fill=\"none\" stroke=\"" + std::string(style::kInk) + "\" stroke-width=\"" + num(1.2 * s_) +
        "\"/>\n";

  const double lx = f_.ox + map_w_ + margin_, lw = legend_width();
  double y = f_.oy;
  const double row = 19 * s_, fs = 10 * s_, sw = 26 * s_, sh = 14 * s_;
  std::string body;
  auto label = [&](std::string_view str) {
    const double keep = y;
    std::swap(o_, body);
    text({lx + 12 * s_ + sw + 8 * s_, keep + sh * 0.5 + fs * 0.36}, str, fs, "fill=\"" + std::string(style::kInk) + "\"",
         false);
    std::swap(o_, body);
  };
  auto swatch = [&](const std::string& fill, std::string_view name, const std::string& extra = {}) {
    body += "<rect x=\"" + num(lx + 12 * s_) + "\" y=\"" + num(y) + "\" width=\"" + num(sw) + "\" height=\"" + num(sh) +
            "\" fill=\"" + fill + "\" stroke=\"" + std::string(style::kHexLine) + "\" stroke-width=\"" + num(0.8 * s_) +
            "\"/>" + extra + "\n";
    label(name);
    y += row;
  };
  auto stroke = [&](const std::string& attrs, std::string_view name) {
    const double my = y + sh / 2;
    body += "<path d=\"M" + num(lx + 12 * s_) + " " + num(my) + "h" + num(sw) + "\" fill=\"none\" " + attrs + "/>\n";
    label(name);
    y += row;
  };
  const double x0 = lx + 12 * s_;

  y += 10 * s_;
  std::swap(o_, body);
  text({x0, y + 12 * s_}, "Legend", 13 * s_, "font-weight=\"bold\" fill=\"" + std::string(style::kInk) + "\"", false);
  std::swap(o_, body);
  y += 24 * s_;
  auto over = [&](const char* pat) {
    return "<rect x=\"" + num(x0) + "\" y=\"" + num(y) + "\" width=\"" + num(sw) + "\" height=\"" + num(sh) +
           "\" fill=\"url(#" + pat + ")\"/>";
  };
  swatch(std::string(style::terrain_fill(Terrain::kClear, Country::kFrance)), "Clear (France)");
  swatch(std::string(style::terrain_fill(Terrain::kClear, Country::kGermany)), "Clear (German states)");
  swatch(std::string(style::terrain_fill(Terrain::kForest, Country::kFrance)), "Forest", over("forest"));
  swatch(std::string(style::terrain_fill(Terrain::kRough, Country::kFrance)), "Rough", over("rough"));
  {
    const double u = s_;
    const std::string peaks = "<path d=\"M" + num(x0 + 3 * u) + " " + num(y + 11 * u) + "l" + num(5 * u) + ",-" +
                              num(7 * u) + "l" + num(5 * u) + "," + num(6 * u) + "l" + num(4 * u) + ",-" + num(5 * u) +
                              "l" + num(5 * u) + "," + num(6 * u) + "\" fill=\"none\" stroke=\"" +
                              std::string(style::kMountainMark) + "\" stroke-width=\"" + num(1.3 * u) + "\"/>";
    swatch(std::string(style::terrain_fill(Terrain::kMountain, Country::kFrance)), "Mountain", peaks);
  }
  swatch(std::string(style::terrain_fill(Terrain::kClear, Country::kBelgium)), "Neutral, closed", over("neutral"));
  stroke("stroke=\"" + std::string(style::kBorder) + "\" stroke-width=\"" + num(3.2 * s_) + "\" stroke-dasharray=\"" +
             num(11 * s_) + " " + num(4 * s_) + " " + num(3 * s_) + " " + num(4 * s_) + "\"",
         "Frontier, July 1870");
  stroke("stroke=\"" + std::string(style::kNeutralLine) + "\" stroke-width=\"" + num(1.8 * s_) +
             "\" stroke-dasharray=\"" + num(6 * s_) + " " + num(3 * s_) + "\"",
         "Neutral frontier");
  stroke("stroke=\"" + std::string(style::kRiver) + "\" stroke-width=\"" + num(3 * s_) + "\"", "River (hexside)");
  stroke("stroke=\"" + std::string(style::kRiver) + "\" stroke-width=\"" + num(6 * s_) + "\"", "Rhine");
  {
    std::string ticks;
    for (int i = 1; i <= 4; ++i)
      ticks += "M" + num(x0 + sw * i / 5.0) + " " + num(y + sh / 2 - 3.2 * s_) + "v" + num(6.4 * s_);
    stroke("stroke=\"" + std::string(style::kRail) + "\" stroke-width=\"" + num(1.8 * s_) + "\"", "Railway");
    body += "<path d=\"" + ticks + "\" stroke=\"" + std::string(style::kRail) + "\" stroke-width=\"" + num(1.1 * s_) +
            "\"/>\n";
  }
  {
    const double cx = x0 + sw / 2, cy = y + sh / 2;
    body += "<rect x=\"" + num(cx - 3.2 * s_) + "\" y=\"" + num(cy - 3.2 * s_) + "\" width=\"" + num(6.4 * s_) +
            "\" height=\"" + num(6.4 * s_) + "\" fill=\"" + std::string(style::kInk) + "\"/>\n";
    label("Town");
    y += row;
    const double fy = y + sh / 2;
    body += "<polygon points=\"" + bastion({cx, fy}) + "\" fill=\"" + std::string(style::kFortress) + "\" stroke=\"" +
            std::string(style::kInk) + "\" stroke-width=\"" + num(0.8 * s_) + "\"/>\n";
    std::swap(o_, body);
    text({cx, fy + 2.6 * s_}, "4", 7.5 * s_, "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#ffffff\"", false);
    std::swap(o_, body);
    label("Fortress, Siege Rating");
    y += row;
  }
  stroke("stroke=\"" + std::string(style::side_colour(wate1870::Side::kFrench)) + "\" stroke-width=\"" + num(5 * s_) +
             "\"",
         "French supply edge");
  stroke("stroke=\"" + std::string(style::side_colour(wate1870::Side::kGerman)) + "\" stroke-width=\"" + num(5 * s_) +
             "\"",
         "German supply edge");
  stroke("stroke=\"" + std::string(style::kExit) + "\" stroke-width=\"" + num(3 * s_) + "\"", "Rail exit (11.0)");
  swatch(std::string(style::kFrenchCounter), "French stack");
  swatch(std::string(style::kGermanCounter), "German stack");
  {
    const double p = sh * 0.7;
    const std::string pennant = "<polygon points=\"" + pt({x0 + 2 * s_, y + (sh - p) / 2}) + " " +
                                pt({x0 + 2 * s_ + p * 0.9, y + sh / 2}) + " " + pt({x0 + 2 * s_, y + (sh + p) / 2}) +
                                "\" fill=\"" + std::string(style::kHqPennant) + "\" stroke=\"" +
                                std::string(style::kInk) + "\" stroke-width=\"" + num(0.5 * s_) + "\"/>";
    swatch(std::string(style::kFrenchCounter), "Headquarters", pennant);
  }
  y += 4 * s_;
  std::swap(o_, body);
  text({x0, y + fs}, "1 hex ≈ 15 miles (24 km); north is up", fs * 0.9,
       "fill=\"" + std::string(style::kHexNumber) + "\"", false);
  y += row;
  for (const std::string& line : opt_.legend_lines) {
    text({x0, y + fs}, line, fs, "class=\"legend-line\" fill=\"" + std::string(style::kInk) + "\"", false);
    y += row;
  }
  // The map's provenance, wrapped to the panel width.
  std::string src = "Map: " + map_.source();
  const double max_w = lw - 24 * s_;
  const double ss = 8 * s_;
  while (!src.empty()) {
    std::size_t cut = src.size();
    while (text_width_em(src.substr(0, cut)) * ss > max_w) {
      const std::size_t sp = src.rfind(' ', cut - 1);
      if (sp == std::string::npos || sp == 0) break;
      cut = sp;
    }
    text({x0, y + ss}, src.substr(0, cut), ss, "font-style=\"italic\" fill=\"" + std::string(style::kHexNumber) + "\"",
         false);
    y += ss * 1.3;
    src = cut < src.size() ? src.substr(cut + 1) : std::string();
  }
  std::swap(o_, body);
  y += 10 * s_;
  legend_bottom_ = y;
  o_ += "<g id=\"legend\"><rect x=\"" + num(lx) + "\" y=\"" + num(f_.oy) + "\" width=\"" + num(lw) + "\" height=\"" +
        num(y - f_.oy) + "\" fill=\"#ffffff\" stroke=\"" + std::string(style::kInk) + "\" stroke-width=\"" +
        num(1 * s_) + "\"/>\n" + body + "</g>\n";
}

std::string Painter::paint() {
  // The legend is drawn first into a side buffer so that its height is known
  // before the <svg> header with the picture size is written.
  std::string map_body;
  o_.clear();
  place_labels_ = layout_place_labels(map_, f_);
  layout_country_names();
  defs();
  terrain();
  country_names();
  supply_edges();
  boundaries();
  rivers();
  railways();
  hex_numbers();
  river_names();
  places();
  rail_exit();
  counters();
  title_and_legend();
  map_body.swap(o_);

  const double width = f_.ox + map_w_ + margin_ + legend_width() + margin_;
  const double height = std::max(f_.oy + map_h_, legend_bottom_) + margin_;
  const std::string w = num(std::ceil(width)), h = num(std::ceil(height));
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + w + "\" height=\"" + h +
         "\" viewBox=\"0 0 " + w + " " + h + "\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"" + std::string(style::kPaper) + "\"/>\n";
  out += map_body;
  out += "</svg>\n";
  return out;
}

}  // namespace

std::string render_svg(const Map& map, const std::vector<Counter>& counters, const RenderOptions& opt) {
  RenderOptions o = opt;
  if (!(o.hex_px >= 8 && o.hex_px <= 1000)) o.hex_px = 48;  // keeps the picture a sane size
  return Painter(map, counters, o).paint();
}

}  // namespace rz::render
