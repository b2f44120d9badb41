#include <algorithm>

#include "cli/commands.hpp"

namespace rz::cli {
namespace {
int g_exit_code = 0;
}
int exit_code() { return g_exit_code; }
void set_exit_code(int code) { g_exit_code = code; }
int exit_code_for(const Error& e) {
  return e.code == Code::kNotFound || e.code == Code::kMalformed ? 2 : 1;
}
void each_once(std::vector<std::string>& values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
}
}  // namespace rz::cli
