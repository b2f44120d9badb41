#include "render/map_layout.hpp"

#include <algorithm>
#include <cmath>

#include "render/map_style.hpp"
#include "render/svg_util.hpp"

namespace rz::render {

using hex::Hex;
using hex::Point;
using wate1870::HexInfo;
using wate1870::Map;

std::vector<std::string> name_lines(const std::string& name) {
  std::size_t best = std::string::npos;
  double best_w = 1e18;
  for (std::size_t i = 1; i + 1 < name.size(); ++i) {
    if (name[i] != '-' && name[i] != ' ') continue;
    const std::size_t cut = name[i] == '-' ? i + 1 : i;  // the hyphen stays on the first line
    const double w = std::max(text_width_em(name.substr(0, cut)), text_width_em(name.substr(i + 1)));
    if (w < best_w) best_w = w, best = i;
  }
  if (best == std::string::npos) return {name};
  if (name[best] == '-') return {name.substr(0, best + 1), name.substr(best + 1)};
  return {name.substr(0, best), name.substr(best + 1)};
}

namespace {
bool named(const Map& map, Hex h) {
  const HexInfo* i = map.find(h);
  return i && !i->name.empty();
}
double widest(const std::vector<std::string>& lines) {
  double w = 0;
  for (const auto& l : lines) w = std::max(w, text_width_em(l));
  return w;
}
}  // namespace

std::vector<PlaceLabel> layout_place_labels(const Map& map, const Frame& f) {
  const double s = f.scale(), W = f.hex_px;
  std::vector<PlaceLabel> out;
  for (const HexInfo& h : map.hexes()) {
    if (h.name.empty()) continue;
    PlaceLabel l;
    l.hex = h.hex;
    l.bold = h.fortress_sr >= 5;
    l.italic = wate1870::neutral(h.country);
    l.size = (l.bold ? 9.5 : 8.5) * s;
    // A name may spread over empty neighbours, but must stay within its own
    // hex where the next hex in the row has a name too.
    const bool crowded = named(map, {h.hex.col - 1, h.hex.row}) || named(map, {h.hex.col + 1, h.hex.row});
    const double allowed = (crowded ? 0.98 : 1.7) * W;
    l.lines = {h.name};
    if (text_width_em(h.name) * l.size > allowed) l.lines = name_lines(h.name);
    const double need = widest(l.lines) * l.size;
    if (need > allowed) l.size = std::max(6.0 * s, l.size * allowed / need);
    const Point c = f.centre(h.hex);
    l.baseline = c.y + (h.fortress_sr ? 16.5 : 13.5) * s;
    const double half = widest(l.lines) * l.size / 2;
    l.box = {c.x - half, l.baseline - l.size * 0.8, c.x + half,
             l.baseline + (static_cast<double>(l.lines.size()) - 1) * l.size * 1.05 + l.size * 0.25};
    out.push_back(std::move(l));
  }
  return out;
}

std::vector<Box> map_obstacles(const Map& map, const Frame& f, const std::vector<PlaceLabel>& places) {
  const double s = f.scale();
  std::vector<Box> out;
  for (const HexInfo& h : map.hexes()) {
    if (h.name.empty() && !h.town && !h.fortress_sr) continue;
    const Point c = f.centre(h.hex);
    out.push_back({c.x - 9 * s, c.y - 9 * s, c.x + 9 * s, c.y + 9 * s});
  }
  for (const PlaceLabel& l : places) out.push_back(l.box);
  for (const auto& r : map.railways())
    for (std::size_t i = 1; i < r.hexes.size(); ++i) {
      const Point a = f.centre(r.hexes[i - 1]), b = f.centre(r.hexes[i]);
      for (int k = 0; k <= 8; ++k) {
        const Point p{a.x + (b.x - a.x) * k / 8.0, a.y + (b.y - a.y) * k / 8.0};
        out.push_back({p.x - 3 * s, p.y - 3 * s, p.x + 3 * s, p.y + 3 * s});
      }
    }
  return out;
}

std::vector<RiverLabel> layout_river_labels(const Map& map, const Frame& f, std::vector<Box> obstacles) {
  const double s = f.scale(), W = f.hex_px;
  const Box frame{f.ox, f.oy, f.ox + (map.col_max() + 1.0 - f.xmin) * W,
                  f.oy + ((map.row_max() - map.row_min()) * 0.8660254 + 2 * 0.5773503) * W};
  std::vector<RiverLabel> out;
  for (const auto& r : map.rivers()) {
    if (r.hexsides.empty() || r.name.empty()) continue;
    const double size = (style::river_width(r.name) > 4 ? 11 : 9) * s;
    const double w = text_width_em(r.name) * size;
    const double n = static_cast<double>(r.hexsides.size());
    double best_score = 1e18;
    RiverLabel best{r.name, {}, false, size};
    Box best_box;
    for (std::size_t i = 0; i < r.hexsides.size(); ++i) {
      const auto e = hex::shared_edge(r.hexsides[i].a, r.hexsides[i].b);
      const Point p = f.px(e[0]), q = f.px(e[1]);
      const Point m{(p.x + q.x) / 2, (p.y + q.y) / 2};
      const bool upright = std::abs(p.x - q.x) < 1.0;
      const double off = style::river_width(r.name) * s / 2 + 3 * s;  // clear of the river's own stroke
      // Beside a vertical hexside (east, then west), or above / below a slanted one.
      const Point starts[2] = {upright ? Point{m.x + off, m.y + size * 0.35} : Point{m.x - w / 2, m.y - off},
                               upright ? Point{m.x - off - w, m.y + size * 0.35}
                                       : Point{m.x - w / 2, m.y + off + size * 0.8}};
      for (const Point& at : starts) {
        const Box box{at.x, at.y - size * 0.8, at.x + w, at.y + size * 0.25};
        if (box.x0 < frame.x0 || box.y0 < frame.y0 || box.x1 > frame.x1 || box.y1 > frame.y1) continue;
        double score = std::abs(static_cast<double>(i) - n / 2) / n;  // prefer mid-course
        const Box padded{box.x0 - 3 * s, box.y0 - 2 * s, box.x1 + 3 * s, box.y1 + 2 * s};
        for (const Box& o : obstacles)
          if (padded.overlaps(o)) score += 1;
        if (score < best_score) best_score = score, best.at = at, best_box = box;
      }
    }
    if (best_score >= 1e17) continue;
    obstacles.push_back(best_box);
    out.push_back(best);
  }
  return out;
}

std::optional<Hex> country_label_hex(const Map& map, wate1870::Country c, int half_span) {
  double sx = 0, sy = 0;
  int n = 0;
  for (const HexInfo& h : map.hexes())
    if (h.country == c) {
      const Point p = hex::centre(h.hex);
      sx += p.x, sy += p.y, ++n;
    }
  if (n == 0) return std::nullopt;
  const Point g{sx / n, sy / n};
  // Relax the conditions one by one: no railways, then no names, then the span.
  for (int pass = 0; pass < 4; ++pass) {
    std::optional<Hex> best;
    double best_d = 1e18;
    for (const HexInfo& h : map.hexes()) {
      if (h.country != c) continue;
      bool fits = true;
      for (int k = -half_span; k <= half_span && fits && pass < 3; ++k) {
        const HexInfo* i = map.find(Hex{h.hex.col + k, h.hex.row});
        if (!i || i->country != c) fits = false;
        else if (pass < 2 && !i->name.empty()) fits = false;
        else if (pass < 1 && map.rail(i->hex)) fits = false;
      }
      if (!fits) continue;
      const Point p = hex::centre(h.hex);
      const double d = (p.x - g.x) * (p.x - g.x) + (p.y - g.y) * (p.y - g.y);
      if (d < best_d - 1e-9) best_d = d, best = h.hex;
    }
    if (best) return best;
  }
  return std::nullopt;
}

}  // namespace rz::render
