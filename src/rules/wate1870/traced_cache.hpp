#pragma once
// Per-thread caches of what is computed from where the pieces stand (LocMap::of,
// ZocMap::of): a search replays the same moves many times, and the rules ask
// again after orders that move nothing. An entry is found by a hash of what
// the map reads of a position and then compared exactly, so a hit is always
// the map that would have been made. For the LOC that is a TracedPosition (each
// group's hex, SP, status, side and whether it is entrained; hex control;
// destroyed fortresses); the ZOC keeps a narrower key of its own (zoc.cpp).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "rules/wate1870/board.hpp"

namespace rz::wate1870 {

// One word more into a hash of a cache key (inline: a key is a word per group,
// and the call cost more than the mix).
inline std::uint64_t mix_hash(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}
// A hex as one word of a cache key (column, then row).
inline std::uint64_t hex_word(hex::Hex h) {
  return static_cast<std::uint64_t>(static_cast<std::uint32_t>(h.col)) << 32 |
         static_cast<std::uint32_t>(h.row);
}
// A hash of what LocMap reads of `pos`.
std::uint64_t traced_hash(const Position& pos);

// What LocMap reads of a position, kept to compare exactly.
class TracedPosition {
 public:
  bool holds(const Position& pos) const;
  void keep(const Position& pos);

 private:
  struct Group {
    hex::Hex hex;
    int count = 0;
    Status status = Status::kGood;
    Side side = Side::kFrench;
    bool entrained = false;
    explicit Group(const SpGroup& g)
        : hex(g.hex), count(g.count), status(g.status), side(g.side), entrained(g.entrained) {}
    friend bool operator==(const Group&, const Group&) = default;
  };
  std::vector<Group> groups_;
  std::vector<signed char> control_;
  std::vector<hex::Hex> destroyed_;
};

// The last `N` maps of type T made on this thread, by data set, side and what
// the map reads of the position (a `Key`, found by its hash); `make()` makes a
// missing one. The least recently used goes first.
template <class T, std::size_t N, class Key = TracedPosition>
class TracedCache {
 public:
  // `same(key)`: the key kept describes this position; `keep(key)` makes it so.
  template <class Same, class Keep, class Make>
  std::shared_ptr<const T> get(std::uint64_t data, Side side, std::uint64_t hash, Same&& same,
                               Keep&& keep, Make&& make) {
    Entry* oldest = &kept_.front();
    for (auto& e : kept_) {
      if (e.map && e.data == data && e.side == side && e.hash == hash && same(e.key)) {
        e.used = ++clock_;
        return e.map;
      }
      if (e.used < oldest->used) oldest = &e;
    }
    oldest->map = make();
    oldest->data = data;
    oldest->side = side;
    oldest->hash = hash;
    oldest->used = ++clock_;
    keep(oldest->key);
    return oldest->map;
  }
  // By traced_hash(b.pos) and the TracedPosition.
  template <class Make>
  std::shared_ptr<const T> get(const Board& b, Side side, std::uint64_t hash, Make&& make) {
    return get(
        b.data.id.value, side, hash, [&](const Key& k) { return k.holds(b.pos); },
        [&](Key& k) { k.keep(b.pos); }, make);
  }

 private:
  struct Entry {
    std::uint64_t data = 0, hash = 0, used = 0;
    Side side = Side::kFrench;
    Key key;
    std::shared_ptr<const T> map;
  };
  std::vector<Entry> kept_ = std::vector<Entry>(N);
  std::uint64_t clock_ = 0;
};

}  // namespace rz::wate1870
