// Wraps a terminal's output at its width (session 36's play test: events,
// help and the forces line ran to 100-300 columns on an 80-column terminal,
// and the terminal's own wrapping broke the 24-line screen's layout).
#pragma once

#include <ostream>
#include <streambuf>
#include <string>

namespace rz::bots {

// A stream buffer that passes whole lines on to `out`, each broken at the last
// space before `columns` visible characters (ANSI colour codes and UTF-8
// continuation bytes take none), its continuation indented under the line's
// text. A flush passes on a partial line (a prompt) as it is.
class LineWrapBuf final : public std::streambuf {
 public:
  LineWrapBuf(std::ostream& out, int columns) : out_(out), columns_(columns) {}
  ~LineWrapBuf() override { sync(); }

 protected:
  int_type overflow(int_type c) override;
  int sync() override;

 private:
  void emit_line(const std::string& line);
  std::ostream& out_;
  int columns_;
  std::string line_;
};

// `line` broken to `columns` as LineWrapBuf breaks it, without its newline.
std::string wrap_line(const std::string& line, int columns);

}  // namespace rz::bots
