#include "core/json_fault.hpp"

#include <nlohmann/json.hpp>

namespace rz {

std::string json_error_text(const std::exception& e) {
  std::string what = e.what();
  if (what.rfind("[json.exception.", 0) == 0)
    if (const auto end = what.find("] "); end != std::string::npos) what.erase(0, end + 2);
  return what;
}

std::string json_syntax_fault(std::string_view text) {
  try {
    const auto parsed = nlohmann::json::parse(text);
    return "";
  } catch (const nlohmann::json::parse_error& e) {
    return json_error_text(e);  // nlohmann's own text says the line and the column
  }
}

}  // namespace rz
