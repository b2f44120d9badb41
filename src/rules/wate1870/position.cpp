#include "rules/wate1870/position.hpp"

#include <algorithm>
#include <tuple>

#include "rules/wate1870/map.hpp"

namespace rz::wate1870 {

void Position::normalise() {
  std::erase_if(sps, [](const SpGroup& g) { return g.count <= 0; });
  auto key = [](const SpGroup& g) {
    return std::tie(g.hex, g.side, g.formation, g.status, g.activated, g.entrained, g.acting, g.engaged);
  };
  std::sort(sps.begin(), sps.end(), [&](const SpGroup& a, const SpGroup& b) { return key(a) < key(b); });
  std::vector<SpGroup> merged;
  for (const auto& g : sps) {
    if (!merged.empty() && key(merged.back()) == key(g))
      merged.back().count += g.count;
    else
      merged.push_back(g);
  }
  sps = std::move(merged);
  std::sort(hqs.begin(), hqs.end(), [](const HqUnit& a, const HqUnit& b) { return a.id < b.id; });
  std::sort(destroyed.begin(), destroyed.end());
}

std::optional<Side> Position::controller(const Map& map, hex::Hex h) const {
  const int i = map.index_of(h);
  if (i < 0 || control[static_cast<std::size_t>(i)] < 0) return std::nullopt;
  return static_cast<Side>(control[static_cast<std::size_t>(i)]);
}

void Position::set_controller(const Map& map, hex::Hex h, std::optional<Side> side) {
  const int i = map.index_of(h);
  if (i >= 0) control[static_cast<std::size_t>(i)] = side ? static_cast<signed char>(index(*side)) : -1;
}

bool Position::fortress_destroyed(hex::Hex h) const {
  return std::binary_search(destroyed.begin(), destroyed.end(), h);
}

int Position::sp(hex::Hex h, Side side) const {
  int n = 0;
  for (const auto& g : sps)
    if (g.hex == h && g.side == side) n += g.count;
  return n;
}

int Position::good_sp(hex::Hex h, Side side) const {
  int n = 0;
  for (const auto& g : sps)
    if (g.hex == h && g.side == side && g.status == Status::kGood) n += g.count;
  return n;
}

bool Position::occupied_by(hex::Hex h, Side side) const {
  for (const auto& g : sps)
    if (g.hex == h && g.side == side) return true;
  for (const auto& q : hqs)
    if (q.hex == h && q.side == side) return true;
  return false;
}

const HqUnit* Position::hq(const std::string& id) const {
  for (const auto& q : hqs)
    if (q.id == id) return &q;
  return nullptr;
}

HqUnit* Position::hq(const std::string& id) {
  for (auto& q : hqs)
    if (q.id == id) return &q;
  return nullptr;
}

}  // namespace rz::wate1870
