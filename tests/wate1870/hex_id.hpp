#pragma once
// A hex of the 1870 map from its four-digit id, as the rulebook names hexes.
#include "hex/hex.hpp"

namespace rz::wate1870::testing {

inline hex::Hex H(const char* id) { return *hex::parse_hex(id); }

}  // namespace rz::wate1870::testing
