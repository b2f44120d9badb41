#pragma once
// Scenario text written by a test: every list entry "  - {" gets its source,
// as the scenario loader requires of every value.
#include <string>

namespace rz::wate1870::testing {

inline std::string with_sources(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '{' && i >= 4 && text.compare(i - 4, 4, "  - ") == 0)
      out += "source: \"reconstructed: test\", ";
  }
  return out;
}

}  // namespace rz::wate1870::testing
