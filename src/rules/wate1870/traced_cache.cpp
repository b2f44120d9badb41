#include "rules/wate1870/traced_cache.hpp"

#include <cstring>

namespace rz::wate1870 {

std::uint64_t traced_hash(const Position& pos) {
  std::uint64_t h = pos.sps.size();
  // One word per group: a collision costs only the exact comparison.
  for (const auto& g : pos.sps)
    h = mix_hash(h, static_cast<std::uint64_t>(static_cast<std::uint32_t>(g.count)) << 32 |
                        (static_cast<std::uint64_t>(g.hex.col) & 0xfff) << 20 |
                        (static_cast<std::uint64_t>(g.hex.row) & 0xfff) << 8 |
                        static_cast<std::uint64_t>(g.status) << 2 |
                        static_cast<std::uint64_t>(index(g.side)) << 1 | (g.entrained ? 1u : 0u));
  const auto& c = pos.control;
  std::size_t i = 0;
  for (; i + 8 <= c.size(); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, c.data() + i, 8);
    h = mix_hash(h, w);
  }
  for (; i < c.size(); ++i) h = mix_hash(h, static_cast<std::uint8_t>(c[i]));
  for (const auto d : pos.destroyed) h = mix_hash(h, hex_word(d));
  return h;
}

bool TracedPosition::holds(const Position& pos) const {
  if (groups_.size() != pos.sps.size() || control_ != pos.control || destroyed_ != pos.destroyed)
    return false;
  for (std::size_t i = 0; i < groups_.size(); ++i)
    if (!(groups_[i] == Group(pos.sps[i]))) return false;
  return true;
}

void TracedPosition::keep(const Position& pos) {
  groups_.clear();
  for (const auto& g : pos.sps) groups_.emplace_back(g);
  control_ = pos.control;
  destroyed_ = pos.destroyed;
}

}  // namespace rz::wate1870
