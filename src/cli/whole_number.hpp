#pragma once
// A check for options that count things or seed dice. CLI11 reads "-1" into
// an unsigned option as 2^64 - 1 and takes a negative count as given: the
// check refuses them, naming the option and what it wants.
#include <CLI/CLI.hpp>
#include <cstdint>
#include <limits>

namespace rz::cli {

// A whole number of `min` or more (and `max` or less), written in digits alone
// and without a leading zero (CLI11 would read "012" as octal 10).
CLI::Validator whole_number(std::uint64_t min = 0,
                            std::uint64_t max = std::numeric_limits<std::uint64_t>::max());
// The same for a number that may be negative ("-1"), from `min` to `max`.
CLI::Validator signed_number(int min, int max);

}  // namespace rz::cli
