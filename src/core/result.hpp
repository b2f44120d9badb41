#pragma once
// Errors that a user or a file can cause. Engine invariants assert instead.
#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace rz {

// Stable codes: their names are part of the wire format (logs, HTTP, WebSocket).
enum class Code {
  kOk,
  kMalformed,     // the text of an action, request or file cannot be read at all
  kIllegal,       // well-formed, but a rule forbids it now; the error names the rule
  kNotYourTurn,   // the player is not one of those to move
  kNotFound,      // a named unit, hex, file or game does not exist
  kDataError,     // a data file (map, table, scenario) is wrong: file, line, reason
  kUnauthenticated,
  kInternal,
};

std::string_view code_name(Code c);

struct Error {
  Code code = Code::kInternal;
  std::string message;  // one sentence a player understands
  std::string rule;     // e.g. "3.6.2"; empty where no rule applies (malformed input)
  // "illegal: IV Corps HQ can activate 8 SP; you named 9 (rule 3.6.2)"
  std::string to_string() const;
};

Error make_error(Code code, std::string message, std::string rule = {});

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : err_(std::move(error)), ok_(false) {}  // NOLINT
  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const {
    assert(!ok_);
    return err_;
  }

 private:
  Error err_;
  bool ok_ = true;
};

using Status = Result<void>;

}  // namespace rz
