#pragma once
// Small helpers every 1870 order handler uses to read an action's arguments
// and to refuse it citing the rule.
#include <optional>
#include <string>

#include "core/action.hpp"
#include "core/result.hpp"
#include "hex/hex.hpp"

namespace rz::wate1870 {

inline Error illegal(const std::string& message, const std::string& rule) {
  return make_error(Code::kIllegal, message, rule);
}

// A small whole number as the legal list writes it: at most 4 digits, no leading zero.
inline bool plain_number(const std::string& v) {
  if (v.empty() || v.size() > 4 || (v.size() > 1 && v.front() == '0')) return false;
  for (char c : v)
    if (c < '0' || c > '9') return false;
  return true;
}

// The number of argument `key` (plain_number), or nullopt.
inline std::optional<int> int_arg(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v || !plain_number(*v)) return std::nullopt;
  return std::stoi(*v);
}

// What is wrong with the number written for `key`: "" when it is plain, or
// when the argument is missing (the order's own form says so).
inline std::string int_arg_fault(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v || plain_number(*v)) return "";
  const std::string given = "'" + std::string(key) + "=" + *v + "'";
  if (v->find_first_not_of("0123456789") != std::string::npos)
    return given + " is not a whole number";
  if (v->size() > 1 && v->front() == '0') {
    const auto digits = v->find_first_not_of('0');
    return given + " has a leading zero: write " + key + "=" +
           (digits == std::string::npos ? "0" : v->substr(digits));
  }
  return given + " has more than 4 digits";
}

// The message of a malformed order, with what is wrong with its number `key`.
inline std::string with_number_fault(std::string message, const Action& a, const char* key) {
  const std::string fault = int_arg_fault(a, key);
  return fault.empty() ? message : message + " (" + fault + ")";
}

// A hex number (XXYY) from an argument, or nullopt.
inline std::optional<hex::Hex> hex_arg(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v) return std::nullopt;
  return hex::parse_hex(*v);
}

}  // namespace rz::wate1870
