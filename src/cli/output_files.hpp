#pragma once
// The files a command will write, checked before it does its work (a study
// may take hours): each named by its option.
#include <initializer_list>
#include <string>
#include <utility>

namespace rz::cli {

// True when every named file (empty: not asked for) can be written now;
// otherwise "error: --json: cannot write the file ...: why" on stderr.
bool output_files_writable(std::initializer_list<std::pair<const char*, const std::string*>> files);

}  // namespace rz::cli
