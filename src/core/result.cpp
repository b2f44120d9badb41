#include "core/result.hpp"

namespace rz {

std::string_view code_name(Code c) {
  switch (c) {
    case Code::kOk: return "ok";
    case Code::kMalformed: return "malformed";
    case Code::kIllegal: return "illegal";
    case Code::kNotYourTurn: return "not_your_turn";
    case Code::kNotFound: return "not_found";
    case Code::kDataError: return "data_error";
    case Code::kUnauthenticated: return "unauthenticated";
    case Code::kInternal: return "internal";
  }
  return "internal";
}

std::string Error::to_string() const {
  std::string s{code_name(code)};
  s += ": ";
  s += message;
  if (!rule.empty()) s += " (rule " + rule + ")";
  return s;
}

Error make_error(Code code, std::string message, std::string rule) {
  return Error{code, std::move(message), std::move(rule)};
}

}  // namespace rz
