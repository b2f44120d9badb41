// WateState::fingerprint, the quick key of a state a search keeps answers by:
// it reads the fields hash() reads (one walk, hash_fields), so along a game it
// changes exactly when the hash does, a copy or a reload has the same one, and
// no two positions of a game share one.
#include <gtest/gtest.h>

#include <map>

#include "../shipped_game.hpp"
#include "bots/bot.hpp"
#include "core/dice.hpp"
#include "core/hash.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using test_support::game;

TEST(Wate1870Fingerprint, FollowsTheHashThroughAGame) {
  for (const GameOptions& options : {GameOptions{}, GameOptions{{{"12.2", "on"}}}}) {
    auto st = std::move(game().initial_state("historical", options, 2)).value();
    auto bot = std::move(bots::make_bot("random", 2)).value();
    SeededDice dice(2);
    std::map<std::uint64_t, std::uint64_t> by_hash;   // hash -> fingerprint
    std::map<std::uint64_t, std::uint64_t> by_print;  // fingerprint -> hash
    const auto& ws = static_cast<const WateState&>(*st);
    int steps = 0;
    for (; steps < 3000 && !st->terminal(); ++steps) {
      const std::uint64_t h = ws.hash(), f = ws.fingerprint();
      // The same state, the same fingerprint; different states, different ones.
      EXPECT_EQ(by_hash.emplace(h, f).first->second, f) << "step " << steps;
      EXPECT_EQ(by_print.emplace(f, h).first->second, h) << "step " << steps;
      if (steps % 97 == 0) {
        EXPECT_EQ(static_cast<const WateState&>(*st->clone()).fingerprint(), f);
        auto back = game().deserialize(st->serialize());
        ASSERT_TRUE(back.ok()) << back.error().to_string();
        EXPECT_EQ(static_cast<const WateState&>(**back).fingerprint(), f) << "step " << steps;
      }
      ASSERT_TRUE(resolve_chance(*st, dice).ok());
      if (st->terminal()) break;
      const Player p = st->to_move().players.front();
      ASSERT_TRUE(st->apply(p, bot->choose(*st, p, "")).ok());
    }
    EXPECT_GT(steps, 1000);
    EXPECT_GT(by_hash.size(), 1000u);
  }
}

TEST(Core_QuickHasher, EveryByteAndItsPlaceCount) {
  const auto of = [](std::string_view s) {
    QuickHasher h;
    h.bytes(s);
    return h.digest();
  };
  EXPECT_EQ(of("G-III"), of("G-III"));
  EXPECT_NE(of("G-III"), of("G-IV"));
  EXPECT_NE(of("a"), of(std::string_view("a\0", 2)));  // the length of the tail counts
  EXPECT_NE(of("abcdefgh"), of("abcdefgi"));           // a whole word
  EXPECT_NE(of("abcdefghX"), of("abcdefghY"));         // a word and a tail
  QuickHasher ab, ba;
  ab.u64(1), ab.u64(2);
  ba.u64(2), ba.u64(1);
  EXPECT_NE(ab.digest(), ba.digest());  // the order counts
}

}  // namespace
}  // namespace rz::wate1870
