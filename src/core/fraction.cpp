#include "core/fraction.hpp"

#include <cassert>
#include <numeric>

namespace rz {

Fraction::Fraction(std::int64_t num, std::int64_t den) {
  assert(den != 0);
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const std::int64_t g = std::gcd(num < 0 ? -num : num, den);
  num_ = g ? num / g : 0;
  den_ = g ? den / g : 1;
}

std::string Fraction::to_string() const {
  if (den_ == 1) return std::to_string(num_);
  return std::to_string(num_) + "/" + std::to_string(den_);
}

Fraction operator+(Fraction a, Fraction b) {
  const std::int64_t l = std::lcm(a.den_, b.den_);
  return Fraction(a.num_ * (l / a.den_) + b.num_ * (l / b.den_), l);
}

Fraction operator-(Fraction a, Fraction b) { return a + Fraction(-b.num_, b.den_); }

Fraction operator*(Fraction a, Fraction b) {
  // Cross-reduce first to keep the numbers small.
  const std::int64_t g1 = std::gcd(a.num_ < 0 ? -a.num_ : a.num_, b.den_);
  const std::int64_t g2 = std::gcd(b.num_ < 0 ? -b.num_ : b.num_, a.den_);
  const std::int64_t d1 = g1 ? g1 : 1;
  const std::int64_t d2 = g2 ? g2 : 1;
  return Fraction((a.num_ / d1) * (b.num_ / d2), (a.den_ / d2) * (b.den_ / d1));
}

bool operator<(Fraction a, Fraction b) {
  // Probabilities stay far below 2^31 in numerator and denominator, so the
  // cross products cannot overflow.
  return a.num_ * b.den_ < b.num_ * a.den_;
}

}  // namespace rz
