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

// A refused word is echoed with its control characters written out: an escape
// sequence in a typed or pasted order does not reach the player's terminal.
TEST(Core_Action, ARefusedWordShowsItsControlCharactersWrittenOut) {
  const auto verb = Action::parse("end-adm\x01in");
  ASSERT_FALSE(verb.ok());
  EXPECT_EQ(verb.error().message,
            "'end-adm\\x01in' is not a verb: use lower-case letters, digits, '_' or '-'");
  const auto arg = Action::parse("move \x1b[2J");
  ASSERT_FALSE(arg.ok());
  EXPECT_EQ(arg.error().message, "argument '\\x1b[2J' must have the form key=value");
  const auto key = Action::parse("move t\x7fo=2107");
  ASSERT_FALSE(key.ok());
  EXPECT_EQ(key.error().message, "argument name 't\\x7fo' is not valid");
  // Letters beyond ASCII are shown as they are.
  EXPECT_EQ(Action::parse("m\xc3\xa4rz").error().message,
            "'m\xc3\xa4rz' is not a verb: use lower-case letters, digits, '_' or '-'");
}

TEST(Core_Hash, Fnv1aIsTheStandardFunction) {
  // Published FNV-1a 64 test values.
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

}  // namespace
}  // namespace rz
