#pragma once
// The reisswitz program run as a user runs it: its exit code and everything
// it printed.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace rz::test_support {

struct CliRun {
  int rc = -1;
  std::string out;  // stdout and stderr
};

inline CliRun reisswitz(const std::string& args) {
  CliRun r;
  const std::string cmd = std::string(REISSWITZ_CLI) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.rc = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

}  // namespace rz::test_support
