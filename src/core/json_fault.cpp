#include "core/json_fault.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace rz {

std::string json_syntax_fault(std::string_view text) {
  try {
    const auto parsed = nlohmann::json::parse(text);
    return "";
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based, the byte after the last one read.
    const std::size_t at = std::min(e.byte > 0 ? e.byte - 1 : 0, text.size());
    const auto before = text.substr(0, at);
    const std::size_t line =
        1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
    const std::size_t last_break = before.rfind('\n');
    const std::size_t column = at - (last_break == std::string_view::npos ? 0 : last_break + 1) + 1;
    // nlohmann's own text: "[json.exception.parse_error.101] parse error at line 1, column 5:
    // syntax error while parsing value - unexpected end of input; expected ..."; its
    // reason is after the last ": ".
    std::string what = e.what();
    if (const auto colon = what.find(": "); colon != std::string::npos)
      what = what.substr(colon + 2);
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + what;
  }
}

}  // namespace rz
