#include "render/bar_chart.hpp"

#include <algorithm>
#include <cmath>

#include "render/svg_util.hpp"

namespace rz::render {

namespace {

constexpr double kWidth = 900, kHeight = 520;
constexpr double kLeft = 80, kRight = 200, kTop = 70, kBottom = 70;

// A round step for the y axis: 1, 2 or 5 times a power of ten, about 5 ticks.
long tick_step(long most) {
  const double raw = std::max(1.0, static_cast<double>(most) / 5.0);
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return std::max(1L, static_cast<long>(m * p));
  return static_cast<long>(10 * p);
}

std::string text(double x, double y, const std::string& s, const std::string& attrs = "") {
  return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" " + attrs + ">" + xml_escape(s) +
         "</text>\n";
}

}  // namespace

std::string bar_chart_svg(const BarChart& c) {
  const std::size_t n = c.categories.size();
  long most = 1;
  for (std::size_t i = 0; i < n; ++i) {
    long total = 0;
    for (const auto& s : c.series) total += i < s.counts.size() ? s.counts[i] : 0;
    most = std::max(most, total);
  }
  const long step = tick_step(most);
  const long top = (most + step - 1) / step * step;
  const double plot_w = kWidth - kLeft - kRight, plot_h = kHeight - kTop - kBottom;
  const double slot = n ? plot_w / static_cast<double>(n) : plot_w;
  auto y_of = [&](double v) { return kTop + plot_h * (1.0 - v / static_cast<double>(top)); };

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(kWidth) +
                    "\" height=\"" + num(kHeight) + "\" viewBox=\"0 0 " + num(kWidth) + " " +
                    num(kHeight) + "\" font-family=\"DejaVu Sans, sans-serif\">\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  svg += text(kLeft, 30, c.title, "font-size=\"18\" font-weight=\"bold\"");
  svg += text(kLeft, 52, c.subtitle, "font-size=\"12\" fill=\"#444444\"");
  // Grid and y axis.
  for (long v = 0; v <= top; v += step) {
    const double y = y_of(static_cast<double>(v));
    svg += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(y) + "\" x2=\"" + num(kLeft + plot_w) +
           "\" y2=\"" + num(y) + "\" stroke=\"#dddddd\"/>\n";
    svg += text(kLeft - 8, y + 4, std::to_string(v), "font-size=\"11\" text-anchor=\"end\"");
  }
  // Bars, stacked in series order from the axis up.
  for (std::size_t i = 0; i < n; ++i) {
    const double x = kLeft + slot * static_cast<double>(i) + slot * 0.1;
    double base = 0;
    for (const auto& s : c.series) {
      const long v = i < s.counts.size() ? s.counts[i] : 0;
      if (v <= 0) continue;
      const double y0 = y_of(base), y1 = y_of(base + static_cast<double>(v));
      svg += "<rect x=\"" + num(x) + "\" y=\"" + num(y1) + "\" width=\"" + num(slot * 0.8) +
             "\" height=\"" + num(y0 - y1) + "\" fill=\"" + xml_escape(s.color) + "\"/>\n";
      base += static_cast<double>(v);
    }
    svg += text(x + slot * 0.4, kTop + plot_h + 16, c.categories[i],
                "font-size=\"11\" text-anchor=\"middle\"");
  }
  svg += "<line x1=\"" + num(kLeft) + "\" y1=\"" + num(kTop + plot_h) + "\" x2=\"" +
         num(kLeft + plot_w) + "\" y2=\"" + num(kTop + plot_h) + "\" stroke=\"#000000\"/>\n";
  svg +=
      text(kLeft + plot_w / 2, kHeight - 22, c.x_label, "font-size=\"13\" text-anchor=\"middle\"");
  svg += text(20, kTop + plot_h / 2, c.y_label,
              "font-size=\"13\" text-anchor=\"middle\" transform=\"rotate(-90 20 " +
                  num(kTop + plot_h / 2) + ")\"");
  // Legend.
  double ly = kTop + 10;
  for (const auto& s : c.series) {
    svg += "<rect x=\"" + num(kWidth - kRight + 20) + "\" y=\"" + num(ly - 10) +
           "\" width=\"14\" height=\"14\" fill=\"" + xml_escape(s.color) + "\"/>\n";
    svg += text(kWidth - kRight + 40, ly + 2, s.name, "font-size=\"12\"");
    ly += 22;
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace rz::render
