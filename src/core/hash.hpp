#pragma once
// 64-bit FNV-1a: defined on bytes, so the same on every machine and compiler.
#include <cstdint>
#include <string_view>

namespace rz {

class Hasher {
 public:
  void bytes(std::string_view s) {
    for (unsigned char c : s) {
      h_ ^= c;
      h_ *= 0x100000001b3ULL;
    }
  }
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h_ ^= (v >> (8 * i)) & 0xffU;
      h_ *= 0x100000001b3ULL;
    }
  }
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  std::uint64_t digest() const { return h_; }

 private:
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

inline std::uint64_t fnv1a64(std::string_view s) {
  Hasher h;
  h.bytes(s);
  return h.digest();
}

}  // namespace rz
