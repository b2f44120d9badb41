#pragma once
// 64-bit FNV-1a: defined on bytes, so the same on every machine and compiler.
#include <cstdint>
#include <cstring>
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

// The same calls as Hasher, a word at a time (a multiply and a shift each, the
// bytes eight at once): for keys held in memory only. Its values depend on the
// machine's byte order and may change: never save them.
class QuickHasher {
 public:
  void bytes(std::string_view s) {
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      std::uint64_t w;
      std::memcpy(&w, s.data() + i, 8);
      u64(w);
    }
    std::uint64_t w = 0;  // the last 0-7 bytes, with their number in the top bits
    std::memcpy(&w, s.data() + i, s.size() - i);
    u64(w ^ (static_cast<std::uint64_t>(s.size() - i) << 59));
  }
  void u64(std::uint64_t v) {
    h_ = (h_ ^ v) * 0x9e3779b97f4a7c15ULL;
    h_ ^= h_ >> 29;
  }
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  std::uint64_t digest() const {  // MurmurHash3's finaliser
    std::uint64_t x = h_;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
  }

 private:
  std::uint64_t h_ = 0x243f6a8885a308d3ULL;
};

inline std::uint64_t fnv1a64(std::string_view s) {
  Hasher h;
  h.bytes(s);
  return h.digest();
}

}  // namespace rz
