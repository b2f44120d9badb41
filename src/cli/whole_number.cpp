#include "cli/whole_number.hpp"

#include <charconv>
#include <string>

namespace rz::cli {

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
  const bool bounded = max != std::numeric_limits<std::uint64_t>::max();
  return CLI::Validator(
      [min, max, bounded](std::string& s) -> std::string {
        std::uint64_t v = 0;
        const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
        const auto read =
            digits ? std::from_chars(s.data(), s.data() + s.size(), v).ec : std::errc{};
        // Digits too many for an unbounded option: CLI11's own conversion says so.
        if (digits &&
            ((read != std::errc{} && !bounded) || (read == std::errc{} && v >= min && v <= max)))
          return {};
        if (bounded)
          return "'" + s + "' is not a whole number from " + std::to_string(min) + " to " +
                 std::to_string(max);
        return "'" + s + "' is not a whole number of " + std::to_string(min) + " or more";
      },
      "", "whole number");
}

}  // namespace rz::cli
