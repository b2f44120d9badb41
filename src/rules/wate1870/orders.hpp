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

// A small whole number from an argument (at most 4 digits, written as the legal
// list writes it: no leading zero), or nullopt.
inline std::optional<int> int_arg(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v || v->empty() || v->size() > 4 || (v->size() > 1 && v->front() == '0'))
    return std::nullopt;
  for (char c : *v)
    if (c < '0' || c > '9') return std::nullopt;
  return std::stoi(*v);
}

// A hex number (XXYY) from an argument, or nullopt.
inline std::optional<hex::Hex> hex_arg(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v) return std::nullopt;
  return hex::parse_hex(*v);
}

}  // namespace rz::wate1870
