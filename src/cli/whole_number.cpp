#include "cli/whole_number.hpp"

#include <charconv>
#include <string>

namespace rz::cli {

namespace {

// "'012' has a leading zero: write 12", or "" when there is none.
std::string leading_zero(const std::string& s) {
  const std::size_t at = !s.empty() && s[0] == '-' ? 1 : 0;
  if (s.size() < at + 2 || s[at] != '0' ||
      s.find_first_not_of("0123456789", at) != std::string::npos)
    return "";
  const std::size_t digit = s.find_first_not_of('0', at);
  const std::string plain = digit == std::string::npos ? "0" : s.substr(0, at) + s.substr(digit);
  return "'" + s + "' has a leading zero: write " + plain;
}

}  // namespace

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
  const bool bounded = max != std::numeric_limits<std::uint64_t>::max();
  return CLI::Validator(
      [min, max, bounded](std::string& s) -> std::string {
        if (std::string zero = leading_zero(s); !zero.empty()) return zero;
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

CLI::Validator signed_number(int min, int max) {
  return CLI::Validator(
      [min, max](std::string& s) -> std::string {
        if (std::string zero = leading_zero(s); !zero.empty()) return zero;
        int v = 0;
        const char* end = s.data() + s.size();
        const auto [at, ec] = std::from_chars(s.data(), end, v);
        if (!s.empty() && ec == std::errc{} && at == end && v >= min && v <= max) return {};
        return "'" + s + "' is not a whole number from " + std::to_string(min) + " to " +
               std::to_string(max);
      },
      "", "whole number");
}

}  // namespace rz::cli
