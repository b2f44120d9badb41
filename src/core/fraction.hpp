#pragma once
// Exact probabilities: chance outcomes carry fractions, never floats, so that
// "sums to 1" is an equality and odds are exact.
#include <cstdint>
#include <string>

namespace rz {

class Fraction {
 public:
  constexpr Fraction() = default;
  Fraction(std::int64_t num, std::int64_t den);  // den > 0 after normalising
  std::int64_t num() const { return num_; }
  std::int64_t den() const { return den_; }
  double to_double() const { return static_cast<double>(num_) / static_cast<double>(den_); }
  std::string to_string() const;  // "5/36", "1", "0"

  friend Fraction operator+(Fraction a, Fraction b);
  friend Fraction operator-(Fraction a, Fraction b);
  friend Fraction operator*(Fraction a, Fraction b);
  Fraction& operator+=(Fraction o) { return *this = *this + o; }
  Fraction& operator*=(Fraction o) { return *this = *this * o; }
  friend bool operator==(Fraction a, Fraction b) = default;
  friend bool operator<(Fraction a, Fraction b);

 private:
  std::int64_t num_ = 0;
  std::int64_t den_ = 1;
};

}  // namespace rz
