#pragma once
// What a test looks for in a text the program wrote (a screen, an SVG, a report).
#include <string>

namespace rz::test_support {

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// How many times `part` occurs in `text`, overlaps included.
inline int count(const std::string& text, const std::string& part) {
  int n = 0;
  for (auto i = text.find(part); i != std::string::npos; i = text.find(part, i + 1)) ++n;
  return n;
}

}  // namespace rz::test_support
