// TracedCache (traced_cache.hpp): the kept maps of LocMap::of, ZocMap::of and the
// rail parts. A hit must be the map that would have been made, whatever the
// index finds by its hash; the least recently used goes first.
#include "rules/wate1870/traced_cache.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <memory>

#include "core/rng.hpp"

namespace rz::wate1870 {
namespace {

// A cache of ints keyed by an int, with a hash the test chooses (so that
// different keys can share one) and a count of the maps made.
template <std::size_t N = 4>
struct Probe {
  TracedCache<int, N, int> cache;
  int made = 0;
  std::shared_ptr<const int> get(int key, std::uint64_t hash, Side side = Side::kFrench,
                                 std::uint64_t data = 1) {
    return cache.get(
        data, side, hash, [&](const int& k) { return k == key; }, [&](int& k) { k = key; },
        [&] {
          ++made;
          return std::make_shared<const int>(key * 10);
        });
  }
};

TEST(Wate1870_TracedCache, AHitIsTheMapKeptForThatKeyAndOnlyForIt) {
  Probe<> p;
  const auto a = p.get(1, 7);
  EXPECT_EQ(*a, 10);
  EXPECT_EQ(p.get(1, 7), a);  // the same map, not made again
  EXPECT_EQ(p.made, 1);
  // Another key with the same hash, side or data set is another map.
  EXPECT_EQ(*p.get(2, 7), 20);
  EXPECT_EQ(p.made, 2);
  EXPECT_EQ(p.get(1, 7), a);
  EXPECT_EQ(p.get(2, 7).get() == a.get(), false);
  p.get(1, 7, Side::kGerman);
  p.get(1, 7, Side::kFrench, 2);
  EXPECT_EQ(p.made, 4);
  EXPECT_EQ(p.get(1, 7), a);
  EXPECT_EQ(p.made, 4);
}

TEST(Wate1870_TracedCache, TheLeastRecentlyUsedGoesFirst) {
  Probe<> p;
  for (int k = 1; k <= 4; ++k) p.get(k, static_cast<std::uint64_t>(k));
  p.get(1, 1);  // 1 used again: 2 is now the oldest
  p.get(5, 5);  // takes 2's place
  EXPECT_EQ(p.made, 5);
  p.get(1, 1);
  p.get(3, 3);
  p.get(4, 4);
  p.get(5, 5);
  EXPECT_EQ(p.made, 5);  // all still kept
  p.get(2, 2);           // made again (it went), and 1 goes for it
  EXPECT_EQ(p.made, 6);
  p.get(1, 1);
  EXPECT_EQ(p.made, 7);
}

// Against a model of a least-recently-used list of N, on random requests with
// few hashes (many keys share one): every answer and every make agree.
template <std::size_t N>
void agrees_with_a_list_of_the_last_used(int keys, int hashes, std::uint64_t seed) {
  Probe<N> p;
  std::deque<int> model;  // the keys kept, newest first
  Pcg32 rng(seed, 1);
  int expected_made = 0;
  for (int round = 0; round < 5000; ++round) {
    const int key = static_cast<int>(rng.below(static_cast<std::uint32_t>(keys)));
    const auto hash = static_cast<std::uint64_t>(key % hashes);
    const auto at = std::find(model.begin(), model.end(), key);
    if (at == model.end()) {
      ++expected_made;
      if (model.size() == N) model.pop_back();
    } else {
      model.erase(at);
    }
    model.push_front(key);
    const auto m = p.get(key, hash);
    ASSERT_EQ(*m, key * 10) << "round " << round;
    ASSERT_EQ(p.made, expected_made) << "round " << round;
  }
}

TEST(Wate1870_TracedCache, RandomRequestsAgreeWithAListOfTheLastFourUsed) {
  agrees_with_a_list_of_the_last_used<4>(9, 3, 38);
}

// Sixty-four kept, with keys of many hashes, some shared: entries found, made
// and dropped among many in the index.
TEST(Wate1870_TracedCache, RandomRequestsAgreeWithAListOfTheLastSixtyFourUsed) {
  agrees_with_a_list_of_the_last_used<64>(150, 97, 47);
}

}  // namespace
}  // namespace rz::wate1870
