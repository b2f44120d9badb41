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
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

namespace rz {

class Name {
 public:
  Name() noexcept : entry_(&empty_entry()) {}
  // Implicit, so that a name is given where a string was: SpGroup{side, hex, "F-I"}.
  Name(std::string_view text);  // NOLINT(google-explicit-constructor)
  Name(const std::string& text) : Name(std::string_view(text)) {}  // NOLINT
  Name(const char* text) : Name(std::string_view(text)) {}         // NOLINT

  const std::string& str() const noexcept { return entry_->text; }
  operator const std::string&() const noexcept { return entry_->text; }  // NOLINT
  operator std::string_view() const noexcept { return entry_->text; }    // NOLINT
  bool empty() const noexcept { return entry_->text.empty(); }
  std::size_t size() const noexcept { return entry_->text.size(); }
  const char* c_str() const noexcept { return entry_->text.c_str(); }
  // The same for equal names and different for different ones, for a table
  // searched by name or a key of this process (WateState::fingerprint); its
  // order is not the text's, nor the same from run to run.
  const void* key() const noexcept { return entry_; }

  friend bool operator==(const Name& a, const Name& b) noexcept { return a.entry_ == b.entry_; }
  friend bool operator==(const Name& a, const std::string& b) noexcept { return a.str() == b; }
  friend bool operator==(const Name& a, std::string_view b) noexcept { return a.str() == b; }
  friend bool operator==(const Name& a, const char* b) noexcept { return a.str() == b; }
  // The text's order (std::string::compare): most names differ in their first
  // 8 bytes, which each entry keeps as one number.
  friend std::strong_ordering operator<=>(const Name& a, const Name& b) noexcept {
    if (a.entry_ == b.entry_) return std::strong_ordering::equal;
    if (a.entry_->head != b.entry_->head) return a.entry_->head <=> b.entry_->head;
    return a.str().compare(b.str()) <=> 0;
  }
  friend std::strong_ordering operator<=>(const Name& a, std::string_view b) noexcept {
    return std::string_view(a.str()).compare(b) <=> 0;
  }

  friend std::string operator+(const Name& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const std::string& a, const Name& b) { return a + b.str(); }
  friend std::string operator+(const Name& a, const char* b) { return a.str() + b; }
  friend std::string operator+(const char* a, const Name& b) { return a + b.str(); }

  struct Entry {
    std::string text;
    // The first 8 bytes, the first in the highest byte, zeros past the end:
    // where two heads differ they order as the texts do.
    std::uint64_t head = 0;
  };

 private:
  static const Entry& empty_entry() noexcept;
  const Entry* entry_;
};

std::ostream& operator<<(std::ostream& out, const Name& n);

// For nlohmann::json (found by argument-dependent lookup): a name is its text.
template <class Json>
void to_json(Json& j, const Name& n) {
  j = n.str();
}

}  // namespace rz
