#include "cli/whole_number.hpp"

#include <charconv>
#include <string>

namespace rz::cli {

CLI::Validator whole_number(std::uint64_t min) {
  return CLI::Validator(
      [min](std::string& s) -> std::string {
        std::uint64_t v = 0;
        const bool digits = !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
        // Digits too many for the option: CLI11's own conversion says so.
        if (digits &&
            (std::from_chars(s.data(), s.data() + s.size(), v).ec != std::errc{} || v >= min))
          return {};
        return "'" + s + "' is not a whole number of " + std::to_string(min) + " or more";
      },
      "", "whole number");
}

}  // namespace rz::cli
