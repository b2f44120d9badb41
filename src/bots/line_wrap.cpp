#include "bots/line_wrap.hpp"

#include <algorithm>
#include <cstddef>

namespace rz::bots {

namespace {

// Visible width of s[from, to): an ESC [ ... letter sequence takes none, nor a
// UTF-8 continuation byte.
std::size_t visible(const std::string& s, std::size_t from, std::size_t to) {
  std::size_t n = 0;
  for (std::size_t i = from; i < to; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == 0x1b && i + 1 < to && s[i + 1] == '[') {
      i += 2;
      while (i < to && !((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) ++i;
      continue;
    }
    if ((c & 0xC0) != 0x80) ++n;
  }
  return n;
}

}  // namespace

std::string wrap_line(const std::string& line, int columns) {
  if (columns <= 0 || visible(line, 0, line.size()) <= static_cast<std::size_t>(columns))
    return line;
  std::size_t lead = line.find_first_not_of(' ');
  if (lead == std::string::npos) return line;
  // Continuations sit two columns in from the line's text, but never so far
  // that little room is left.
  const std::string indent(std::min<std::size_t>(lead + 2, static_cast<std::size_t>(columns) / 3),
                           ' ');
  std::string out;
  std::string rest = line;
  bool first = true;
  while (visible(rest, 0, rest.size()) > static_cast<std::size_t>(columns)) {
    // The last space at which the part before it still fits.
    std::size_t cut = std::string::npos;
    const std::size_t start = first ? lead : indent.size();
    for (std::size_t i = start; i < rest.size(); ++i) {
      if (rest[i] != ' ') continue;
      if (visible(rest, 0, i) > static_cast<std::size_t>(columns)) break;
      cut = i;
    }
    if (cut == std::string::npos) break;  // one word wider than the screen: leave it
    out += rest.substr(0, cut) + "\n";
    const std::size_t next = rest.find_first_not_of(' ', cut);
    rest = indent + (next == std::string::npos ? "" : rest.substr(next));
    first = false;
  }
  return out + rest;
}

LineWrapBuf::int_type LineWrapBuf::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  const char ch = traits_type::to_char_type(c);
  if (ch == '\n') {
    emit_line(line_);
    out_ << '\n';
    line_.clear();
  } else {
    line_ += ch;
  }
  return c;
}

int LineWrapBuf::sync() {
  // A prompt, or a line taken back with "\r": passed on as it is.
  if (!line_.empty()) {
    out_ << line_;
    line_.clear();
  }
  out_.flush();
  return out_ ? 0 : -1;
}

void LineWrapBuf::emit_line(const std::string& line) { out_ << wrap_line(line, columns_); }

}  // namespace rz::bots
