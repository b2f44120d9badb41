#include "render/svg_util.hpp"

#include <charconv>
#include <cmath>
#include <map>
#include <utility>

namespace rz::render {

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') break;
        out += c;
    }
  }
  return out;
}

std::string num(double v) {
  double r = std::round(v * 100.0) / 100.0;
  if (r == 0.0) r = 0.0;  // turns -0 into 0
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, r, std::chars_format::fixed, 2);
  if (ec != std::errc{}) return "0";
  std::string s(buf, end);
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

namespace {
// Points are matched on a 1/1000 grid: hexside end points computed from
// different hexes differ only by rounding.
using Key = std::pair<long, long>;
Key key(hex::Point p) { return {std::lround(p.x * 1000.0), std::lround(p.y * 1000.0)}; }
}  // namespace

std::string chain_path(const std::vector<Segment>& segments) {
  const std::size_t n = segments.size();
  std::map<Key, std::vector<std::size_t>> at;  // end point -> segments touching it
  for (std::size_t i = 0; i < n; ++i)
    for (const auto& p : segments[i]) at[key(p)].push_back(i);
  std::vector<bool> used(n, false);
  std::string out;

  auto walk = [&](std::size_t first, int from_end) {
    // from_end: which end of `first` the chain starts at.
    hex::Point start = segments[first][static_cast<std::size_t>(from_end)];
    out += "M" + num(start.x) + " " + num(start.y);
    std::size_t cur = first;
    hex::Point tip = segments[first][static_cast<std::size_t>(1 - from_end)];
    used[cur] = true;
    out += "L" + num(tip.x) + " " + num(tip.y);
    for (;;) {
      std::size_t next = n;
      for (std::size_t j : at[key(tip)])
        if (!used[j]) {
          next = j;
          break;
        }
      if (next == n) break;
      used[next] = true;
      const bool forward = key(segments[next][0]) == key(tip);
      tip = segments[next][forward ? 1 : 0];
      out += "L" + num(tip.x) + " " + num(tip.y);
    }
  };

  // Open chains first, started from a dangling end, so a line is one stroke.
  for (std::size_t i = 0; i < n; ++i) {
    if (used[i]) continue;
    for (int e = 0; e < 2; ++e)
      if (!used[i] && at[key(segments[i][static_cast<std::size_t>(e)])].size() == 1) walk(i, e);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (!used[i]) walk(i, 0);  // what is left forms loops or branches
  return out;
}

double text_width_em(std::string_view utf8) {
  double w = 0;
  for (unsigned char c : utf8) {
    if ((c & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
    if (c == ' ') w += 0.32;
    else if (c == '-' || c == '.' || c == '\'' || c == 'i' || c == 'l' || c == 'I' || c == 'j') w += 0.3;
    else if (c == 'f' || c == 't' || c == 'r') w += 0.4;
    else if (c == 'm' || c == 'w' || c == 'M' || c == 'W') w += 0.9;
    else if (c >= 'A' && c <= 'Z') w += 0.7;
    else if (c >= '0' && c <= '9') w += 0.64;
    else w += 0.6;
  }
  return w;
}

}  // namespace rz::render
