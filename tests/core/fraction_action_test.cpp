#include <gtest/gtest.h>

#include "core/action.hpp"
#include "core/fraction.hpp"
#include "core/hash.hpp"

namespace rz {
namespace {

TEST(Core_Fraction, NormalisesAndAddsExactly) {
  EXPECT_EQ(Fraction(2, 4), Fraction(1, 2));
  EXPECT_EQ(Fraction(3, -6), Fraction(-1, 2));
  Fraction sum;
  for (int i = 0; i < 36; ++i) sum += Fraction(1, 36);
  EXPECT_EQ(sum, Fraction(1, 1));
  EXPECT_EQ((Fraction(1, 6) * Fraction(1, 6)).to_string(), "1/36");
  EXPECT_EQ(Fraction(5, 1).to_string(), "5");
  EXPECT_TRUE(Fraction(1, 3) < Fraction(1, 2));
  EXPECT_EQ(Fraction(1, 2) - Fraction(1, 3), Fraction(1, 6));
}

TEST(Core_Action, TextFormRoundTrips) {
  Action a("march");
  a.with("hq", "F-III").with("path", "2206,2207,2107");
  EXPECT_EQ(a.to_string(), "march hq=F-III path=2206,2207,2107");
  auto b = Action::parse(a.to_string());
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(*b, a);
  EXPECT_EQ(*b->get("hq"), "F-III");
  EXPECT_EQ(b->get("nope"), nullptr);
}

TEST(Core_Action, MalformedTextIsRefusedWithAReason) {
  for (const char* bad : {"", "   ", "March", "march hq", "march =x", "march hq=", "march hq=a hq=b", "mar$ch"}) {
    auto r = Action::parse(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, Code::kMalformed) << bad;
    EXPECT_FALSE(r.error().message.empty());
  }
}

TEST(Core_Hash, Fnv1aIsTheStandardFunction) {
  // Published FNV-1a 64 test values.
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

}  // namespace
}  // namespace rz
