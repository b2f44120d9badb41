#pragma once
// The files a command will write, checked before it does its work (a study
// may take hours): each named by its option.
#include <initializer_list>
#include <string>
#include <utility>

namespace rz::cli {

using NamedFiles = std::initializer_list<std::pair<const char*, const std::string*>>;

// True when every named file (empty: not asked for) can be written now and is
// none of the others nor one of the `inputs` the command reads (render --saved
// X --svg X would put a drawing over the game); otherwise "error: --json:
// cannot write the file ...: why" on stderr.
bool output_files_writable(NamedFiles files, NamedFiles inputs = {});

}  // namespace rz::cli
