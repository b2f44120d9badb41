#pragma once
// The one random generator of the project, specified exactly so that the same
// seed gives the same game with any compiler or standard library:
// PCG32 (O'Neill, XSH-RR 64/32, LCG multiplier 6364136223846793005) and an
// unbiased bounded draw by rejection (never std::uniform_int_distribution).
#include <cstdint>

namespace rz {

class Pcg32 {
 public:
  explicit Pcg32(std::uint64_t seed = 0x853c49e6748fea9bULL, std::uint64_t stream = 0xda3e39cb94b95bdbULL);
  std::uint32_t next();
  // Uniform in [0, bound), bound >= 1, without modulo bias.
  std::uint32_t below(std::uint32_t bound);
  std::uint64_t below64(std::uint64_t bound);
  std::uint64_t state() const { return state_; }
  std::uint64_t inc() const { return inc_; }
  static Pcg32 from_raw(std::uint64_t state, std::uint64_t inc);

 private:
  std::uint64_t state_ = 0;
  std::uint64_t inc_ = 0;
};

}  // namespace rz
