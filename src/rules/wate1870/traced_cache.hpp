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
#include <unordered_map>
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
// missing one. The least recently used goes first. Entries are found through
// an index by hash and kept in a list by use, so a lookup costs the same with
// a thousand kept as with eight (a search revisits many positions: session 13
// found 1,024 LOC maps halved the traces, but a walk over them all cost as much).
template <class T, std::size_t N, class Key = TracedPosition>
class TracedCache {
  static_assert(N > 0);

 public:
  // `same(key)`: the key kept describes this position; `keep(key)` makes it so.
  template <class Same, class Keep, class Make>
  std::shared_ptr<const T> get(std::uint64_t data, Side side, std::uint64_t hash, Same&& same,
                               Keep&& keep, Make&& make) {
    const std::uint64_t at = slot(data, side, hash);
    const auto [first, last] = index_.equal_range(at);
    for (auto it = first; it != last; ++it) {
      Entry& e = kept_[it->second];
      if (e.data == data && e.side == side && e.hash == hash && same(e.key)) {
        to_front(it->second);
        return e.map;
      }
    }
    const std::uint32_t i = tail_;  // the least recently used, or one never used
    Entry& e = kept_[i];
    if (e.map) unindex(i);
    e.map = make();
    e.data = data;
    e.side = side;
    e.hash = hash;
    keep(e.key);
    index_.emplace(at, i);
    to_front(i);
    return e.map;
  }
  // By traced_hash(b.pos) and the TracedPosition.
  template <class Make>
  std::shared_ptr<const T> get(const Board& b, Side side, std::uint64_t hash, Make&& make) {
    return get(
        b.data.id.value, side, hash, [&](const Key& k) { return k.holds(b.pos); },
        [&](Key& k) { k.keep(b.pos); }, make);
  }

 private:
  static constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  struct Entry {
    std::uint64_t data = 0, hash = 0;
    Side side = Side::kFrench;
    Key key;
    std::shared_ptr<const T> map;
    std::uint32_t newer = kNone, older = kNone;  // the list by use
  };
  static std::uint64_t slot(std::uint64_t data, Side side, std::uint64_t hash) {
    return mix_hash(mix_hash(hash, data), static_cast<std::uint64_t>(index(side)));
  }
  void unindex(std::uint32_t i) {
    const Entry& e = kept_[i];
    const auto [first, last] = index_.equal_range(slot(e.data, e.side, e.hash));
    for (auto it = first; it != last; ++it)
      if (it->second == i) {
        index_.erase(it);
        return;
      }
  }
  void to_front(std::uint32_t i) {
    if (i == head_) return;
    Entry& e = kept_[i];
    // Out of its place (it has a newer one: it is not the head)...
    kept_[e.newer].older = e.older;
    if (e.older != kNone)
      kept_[e.older].newer = e.newer;
    else
      tail_ = e.newer;
    // ...and in front.
    e.newer = kNone;
    e.older = head_;
    kept_[head_].newer = i;
    head_ = i;
  }
  static std::vector<Entry> linked() {
    std::vector<Entry> v(N);  // 0 the newest, N - 1 the oldest
    for (std::uint32_t i = 0; i < N; ++i) {
      v[i].newer = i == 0 ? kNone : i - 1;
      v[i].older = i + 1 == N ? kNone : i + 1;
    }
    return v;
  }
  std::vector<Entry> kept_ = linked();
  std::uint32_t head_ = 0, tail_ = static_cast<std::uint32_t>(N - 1);
  std::unordered_multimap<std::uint64_t, std::uint32_t> index_;
};

}  // namespace rz::wate1870
