// The terminal's lines broken at its width (session 36's play test: lines of
// 100-300 columns on an 80-column terminal).
#include "bots/line_wrap.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace rz::bots {
namespace {

TEST(LineWrap, ALongLineBreaksAtSpacesUnderItsText) {
  const std::string line =
      "  German 2d6: 1+2 +6 = FCS 9; French 2d6: 5+6 -4 = FCS 7 -> German wins, spread 2 "
      "(rule 8.5)";
  const std::string out = wrap_line(line, 40);
  EXPECT_EQ(out,
            "  German 2d6: 1+2 +6 = FCS 9; French\n"
            "    2d6: 5+6 -4 = FCS 7 -> German wins,\n"
            "    spread 2 (rule 8.5)");
  std::istringstream lines(out);
  for (std::string l; std::getline(lines, l);) EXPECT_LE(l.size(), 40u) << l;
}

TEST(LineWrap, ColourCodesAndUtf8TakeNoColumns) {
  const std::string red = "\033[31m12345 → 789\033[0m";  // 11 visible columns
  EXPECT_EQ(wrap_line(red, 11), red);
  EXPECT_EQ(wrap_line(red, 10), "\033[31m12345 →\n  789\033[0m");
}

TEST(LineWrap, AShortLineOrOneWordIsLeftWhole) {
  EXPECT_EQ(wrap_line("short", 80), "short");
  EXPECT_EQ(wrap_line("averyveryverylongword", 10), "averyveryverylongword");
  EXPECT_EQ(wrap_line("a line of text", 0), "a line of text");  // 0: no wrapping
}

TEST(LineWrap, TheBufferWrapsLinesAndPassesAPromptOnAtAFlush) {
  std::ostringstream sink;
  {
    LineWrapBuf buf(sink, 10);
    std::ostream out(&buf);
    out << "one two three four\n> " << std::flush;
    EXPECT_EQ(sink.str(), "one two\n  three\n  four\n> ");
    out << "x";
  }
  EXPECT_EQ(sink.str(), "one two\n  three\n  four\n> x");  // the rest at the end
}

}  // namespace
}  // namespace rz::bots
