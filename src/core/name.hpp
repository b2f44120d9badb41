#pragma once
// A short name kept once for the whole process (interned): the formations and
// HQs of a rule system's pieces. Copying one copies a pointer, and two names are
// equal exactly when they point at the same text, so a position's pieces are
// compared and copied without touching their characters. The order is still the
// text's (std::string::compare), so sorted lists and games stay as they were.
//
// Interning takes a lock: make names where pieces are made (set-up, loading a
// game), and compare a name typed by a player as text (operator== with a string)
// rather than interning it, so that input cannot grow the table.
#include <compare>
#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>

namespace rz {

class Name {
 public:
  Name() noexcept : text_(&empty_text()) {}
  // Implicit, so that a name is given where a string was: SpGroup{side, hex, "F-I"}.
  Name(std::string_view text);  // NOLINT(google-explicit-constructor)
  Name(const std::string& text) : Name(std::string_view(text)) {}  // NOLINT
  Name(const char* text) : Name(std::string_view(text)) {}         // NOLINT

  const std::string& str() const noexcept { return *text_; }
  operator const std::string&() const noexcept { return *text_; }  // NOLINT
  operator std::string_view() const noexcept { return *text_; }    // NOLINT
  bool empty() const noexcept { return text_->empty(); }
  std::size_t size() const noexcept { return text_->size(); }
  const char* c_str() const noexcept { return text_->c_str(); }

  friend bool operator==(const Name& a, const Name& b) noexcept { return a.text_ == b.text_; }
  friend bool operator==(const Name& a, const std::string& b) noexcept { return *a.text_ == b; }
  friend bool operator==(const Name& a, std::string_view b) noexcept { return *a.text_ == b; }
  friend bool operator==(const Name& a, const char* b) noexcept { return *a.text_ == b; }
  friend std::strong_ordering operator<=>(const Name& a, const Name& b) noexcept {
    if (a.text_ == b.text_) return std::strong_ordering::equal;
    return a.text_->compare(*b.text_) <=> 0;
  }
  friend std::strong_ordering operator<=>(const Name& a, std::string_view b) noexcept {
    return std::string_view(*a.text_).compare(b) <=> 0;
  }

  friend std::string operator+(const Name& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const std::string& a, const Name& b) { return a + b.str(); }
  friend std::string operator+(const Name& a, const char* b) { return a.str() + b; }
  friend std::string operator+(const char* a, const Name& b) { return a + b.str(); }

 private:
  static const std::string& empty_text() noexcept;
  const std::string* text_;
};

std::ostream& operator<<(std::ostream& out, const Name& n);

// For nlohmann::json (found by argument-dependent lookup): a name is its text.
template <class Json>
void to_json(Json& j, const Name& n) {
  j = n.str();
}

}  // namespace rz
