#pragma once
// A check for options that count things or seed dice. CLI11 reads "-1" into
// an unsigned option as 2^64 - 1 and takes a negative count as given: the
// check refuses them, naming the option and what it wants.
#include <CLI/CLI.hpp>
#include <cstdint>

namespace rz::cli {

// A whole number of `min` or more, written in digits alone.
CLI::Validator whole_number(std::uint64_t min = 0);

}  // namespace rz::cli
