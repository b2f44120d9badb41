#include "render/wate1870_counters.hpp"

#include <map>

namespace rz::render {

using wate1870::Side;
using wate1870::Status;

namespace {
// "F-III" -> "III": the side is shown by colour.
std::string short_id(const std::string& id) {
  const auto dash = id.find('-');
  return dash == std::string::npos ? id : id.substr(dash + 1);
}
}  // namespace

std::vector<Counter> wate1870_counters(const wate1870::WateState& st, Player viewer) {
  struct Stack {
    std::vector<std::string> hqs;
    int sp[3] = {0, 0, 0};
  };
  std::map<std::pair<hex::Hex, int>, Stack> stacks;
  const bool all = viewer == kUmpire;
  auto visible = [&](Side side, hex::Hex h) {
    return all || wate1870::index(side) == viewer || st.inspectable(static_cast<Side>(viewer), h);
  };
  for (const auto& g : st.sps())
    stacks[{g.hex, wate1870::index(g.side)}].sp[static_cast<int>(g.status)] += g.count;
  for (const auto& h : st.hqs())
    if (h.hex) stacks[{*h.hex, wate1870::index(h.side)}].hqs.push_back(short_id(h.id));
  std::vector<Counter> out;
  for (const auto& [key, s] : stacks) {
    const Side side = static_cast<Side>(key.second);
    Counter c;
    c.hex = key.first;
    c.side = std::string(wate1870::side_name(side));
    if (!visible(side, key.first)) {
      c.label = "?";  // 12.2: an enemy stack that may not be inspected
      c.detail = c.side + " stack (not inspected, rule 12.2)";
      out.push_back(c);
      continue;
    }
    const int total = s.sp[0] + s.sp[1] + s.sp[2];
    std::string hq;
    for (const auto& id : s.hqs) hq += (hq.empty() ? "" : "+") + id;
    c.hq = !s.hqs.empty();
    c.label = hq.empty() ? std::to_string(total) : hq + (total ? " " + std::to_string(total) : "");
    c.detail = std::to_string(total) + " SP";
    if (s.sp[1] || s.sp[2])
      c.detail += " (" + std::to_string(s.sp[0]) + " good, " + std::to_string(s.sp[1]) + " disrupted, " +
                  std::to_string(s.sp[2]) + " demoralized)";
    out.push_back(c);
  }
  return out;
}

std::vector<std::string> wate1870_legend(const wate1870::WateState& st) {
  return {"Turn " + std::to_string(st.turn()) + " of " + std::to_string(st.last_turn()) + ", " +
              std::string(wate1870::phase_name(st.phase())) + " phase",
          "VP " + std::to_string(st.vp()) + "   RP French " + std::to_string(st.rp(Side::kFrench)) + ", German " +
              std::to_string(st.rp(Side::kGerman))};
}

}  // namespace rz::render
