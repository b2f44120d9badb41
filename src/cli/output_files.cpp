#include "cli/output_files.hpp"

#include <filesystem>
#include <iostream>

#include "core/game_log.hpp"

namespace rz::cli {

namespace {

// Whether two names are one file: the same path once made absolute and
// normal, or one file under two names (a link) when both exist.
bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec) && !ec) return true;
  const auto na = std::filesystem::weakly_canonical(a, ec);
  const auto nb = std::filesystem::weakly_canonical(b, ec);
  return !ec && na == nb;
}

}  // namespace

bool output_files_writable(NamedFiles files, NamedFiles inputs) {
  for (auto out = files.begin(); out != files.end(); ++out) {
    const auto& [flag, file] = *out;
    if (file->empty()) continue;
    for (const auto& [other, path] : inputs)
      if (!path->empty() && same_file(*file, *path)) {
        std::cerr << "error: " << flag << ": " << *file << " is also the " << other
                  << " file: writing it would destroy what it holds\n";
        return false;
      }
    for (auto before = files.begin(); before != out; ++before)
      if (!before->second->empty() && same_file(*file, *before->second)) {
        std::cerr << "error: " << flag << ": " << *file << " is also the " << before->first
                  << " file: one would be written over the other\n";
        return false;
      }
    if (auto ok = check_writable(*file); !ok) {
      std::cerr << "error: " << flag << ": " << ok.error().message << "\n";
      return false;
    }
  }
  return true;
}

}  // namespace rz::cli
