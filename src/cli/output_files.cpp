#include "cli/output_files.hpp"

#include <iostream>

#include "core/game_log.hpp"

namespace rz::cli {

bool output_files_writable(
    std::initializer_list<std::pair<const char*, const std::string*>> files) {
  for (const auto& [flag, file] : files)
    if (!file->empty())
      if (auto ok = check_writable(*file); !ok) {
        std::cerr << "error: " << flag << ": " << ok.error().message << "\n";
        return false;
      }
  return true;
}

}  // namespace rz::cli
