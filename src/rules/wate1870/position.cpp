#include "rules/wate1870/position.hpp"

#include <algorithm>
#include <tuple>

#include "rules/wate1870/map.hpp"

namespace rz::wate1870 {

void Position::normalise() {
  std::erase_if(sps, [](const SpGroup& g) { return g.count <= 0; });
  auto key = [](const SpGroup& g) {
    return std::tie(g.hex, g.side, g.formation, g.status, g.activated, g.entrained, g.acting,
                    g.engaged);
  };
  auto less = [&](const SpGroup& a, const SpGroup& b) { return key(a) < key(b); };
  // Called after every change, when the list is nearly sorted: an insertion
  // sort is linear then, and the merge works in place.
  for (std::size_t i = 1; i < sps.size(); ++i) {
    if (!less(sps[i], sps[i - 1])) continue;
    SpGroup g = std::move(sps[i]);
    std::size_t j = i;
    for (; j > 0 && less(g, sps[j - 1]); --j) sps[j] = std::move(sps[j - 1]);
    sps[j] = std::move(g);
  }
  std::size_t w = 0;
  for (std::size_t r = 0; r < sps.size(); ++r) {
    if (w > 0 && key(sps[w - 1]) == key(sps[r])) {
      sps[w - 1].count += sps[r].count;
    } else {
      if (w != r) sps[w] = std::move(sps[r]);
      ++w;
    }
  }
  sps.resize(w);
  auto by_id = [](const HqUnit& a, const HqUnit& b) { return a.id < b.id; };
  if (!std::is_sorted(hqs.begin(), hqs.end(), by_id)) std::sort(hqs.begin(), hqs.end(), by_id);
  if (!std::is_sorted(destroyed.begin(), destroyed.end()))
    std::sort(destroyed.begin(), destroyed.end());
}

std::optional<Side> Position::controller(const Map& map, hex::Hex h) const {
  const int i = map.index_of(h);
  if (i < 0 || control[static_cast<std::size_t>(i)] < 0) return std::nullopt;
  return static_cast<Side>(control[static_cast<std::size_t>(i)]);
}

void Position::set_controller(const Map& map, hex::Hex h, std::optional<Side> side) {
  const int i = map.index_of(h);
  if (i >= 0)
    control[static_cast<std::size_t>(i)] = side ? static_cast<signed char>(index(*side)) : -1;
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
