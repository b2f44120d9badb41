#pragma once
// An action is a named verb with named arguments: "march force=F-III path=2206,2107".
// Rule systems give each verb its typed meaning; the core only guarantees that
// the text form round-trips (parse(to_string(a)) == a), so logs stay readable.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace rz {

struct Action {
  std::string verb;
  std::vector<std::pair<std::string, std::string>> args;  // order is part of the action

  Action() = default;
  explicit Action(std::string v, std::vector<std::pair<std::string, std::string>> a = {})
      : verb(std::move(v)), args(std::move(a)) {}

  // The value of an argument, or nullptr.
  const std::string* get(std::string_view key) const;
  Action& with(std::string key, std::string value) &;
  // On a temporary (Action("move").with("to", h)) the chain is moved, not copied.
  Action&& with(std::string key, std::string value) &&;
  std::string to_string() const;
  // Verbs and keys are [a-z0-9_-]+; values are non-empty and hold no space or '='.
  static Result<Action> parse(std::string_view text);
  static bool valid_word(std::string_view s);
  static bool valid_value(std::string_view s);
  friend bool operator==(const Action&, const Action&) = default;
};

}  // namespace rz
