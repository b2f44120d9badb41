#pragma once
// Small text helpers shared by the rule systems, the terminal and the command line.
#include <string>
#include <string_view>

namespace rz {

// ASCII lower case, for comparing what a player typed with a name ("Forest", "METZ").
std::string lower(std::string_view s);

}  // namespace rz
