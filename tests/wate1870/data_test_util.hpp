#pragma once
// Helpers for the data-file tests of 1870: read a shipped file, mutate one line
// and check that the loader reports "file:line: reason" as a kDataError.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "core/result.hpp"

namespace rz::wate1870::testing {

// Built by appending: GCC 12's false -Warray-bounds on a chain of `+` from a
// temporary (inside libstdc++'s memcpy) fires here under the tests'
// precompiled header.
inline std::string data_path(const std::string& rel) {
  std::string path = REISSWITZ_SOURCE_DIR;
  path += "/data/wate1870/";
  path += rel;
  return path;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// 1-based line of the first occurrence of `needle` (0 if absent).
inline int line_of(const std::string& text, const std::string& needle) {
  const auto pos = text.find(needle);
  if (pos == std::string::npos) return 0;
  int line = 1;
  for (std::size_t i = 0; i < pos; ++i) line += text[i] == '\n' ? 1 : 0;
  return line;
}

// Replaces the first `from` by `to`; fails the test if `from` is absent.
inline std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const auto pos = text.find(from);
  EXPECT_NE(pos, std::string::npos) << "test text lacks: " << from;
  if (pos != std::string::npos) text.replace(pos, from.size(), to);
  return text;
}

template <class T>
void expect_data_error(const Result<T>& r, const std::string& file, int line, const std::string& reason) {
  ASSERT_FALSE(r.ok()) << "expected a data error at " << file << ":" << line << " (" << reason << ")";
  EXPECT_EQ(r.error().code, Code::kDataError);
  const std::string& m = r.error().message;
  EXPECT_EQ(m.rfind(file + ":" + std::to_string(line) + ": ", 0), 0u) << m;
  EXPECT_NE(m.find(reason), std::string::npos) << m;
}

}  // namespace rz::wate1870::testing
