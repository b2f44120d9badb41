#include "core/rng.hpp"

namespace rz {

Pcg32::Pcg32(std::uint64_t seed, std::uint64_t stream) {
  // pcg32_srandom_r from the reference implementation.
  state_ = 0;
  inc_ = (stream << 1u) | 1u;
  next();
  state_ += seed;
  next();
}

Pcg32 Pcg32::from_raw(std::uint64_t state, std::uint64_t inc) {
  Pcg32 r;
  r.state_ = state;
  r.inc_ = inc;
  return r;
}

std::uint32_t Pcg32::next() {
  const std::uint64_t old = state_;
  state_ = old * 6364136223846793005ULL + inc_;
  const auto xorshifted = static_cast<std::uint32_t>(((old >> 18u) ^ old) >> 27u);
  const auto rot = static_cast<std::uint32_t>(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

std::uint32_t Pcg32::below(std::uint32_t bound) {
  // Reject the low values that would make some results more likely.
  const std::uint32_t threshold = (-bound) % bound;
  for (;;) {
    const std::uint32_t r = next();
    if (r >= threshold) return r % bound;
  }
}

std::uint64_t Pcg32::below64(std::uint64_t bound) {
  if (bound <= 0xffffffffULL) return below(static_cast<std::uint32_t>(bound));
  const std::uint64_t threshold = (-bound) % bound;
  for (;;) {
    const std::uint64_t r = (static_cast<std::uint64_t>(next()) << 32) | next();
    if (r >= threshold) return r % bound;
  }
}

}  // namespace rz
