#include "core/json_fault.hpp"

#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

namespace rz {

namespace {

// The text's characters, counting the lines passed: when the parser hands a key
// to the handler it has just read the key's closing quote, so the count is the
// key's line.
struct LineCountingIterator {
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  const char* at = nullptr;
  int* line = nullptr;
  reference operator*() const { return *at; }
  LineCountingIterator& operator++() {
    if (*at == '\n') ++*line;
    ++at;
    return *this;
  }
  LineCountingIterator operator++(int) {
    LineCountingIterator was = *this;
    ++*this;
    return was;
  }
  bool operator==(const LineCountingIterator& o) const { return at == o.at; }
};

// Reads the keys of each object open, and nothing else.
class DuplicateKeys final : public nlohmann::json_sax<nlohmann::json> {
 public:
  DuplicateKeys(const int* line, bool many_lines) : line_(line), many_lines_(many_lines) {}
  std::string fault;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override {
    open_.emplace_back();
    return true;
  }
  bool key(string_t& k) override {
    if (open_.back().insert(k).second) return true;
    fault = "the key " + nlohmann::json(k).dump() + " is given twice in one object";
    if (many_lines_) fault = "line " + std::to_string(*line_) + ": " + fault;
    return false;
  }
  bool end_object() override {
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    return false;  // json_syntax_fault says what is wrong with the syntax
  }

 private:
  const int* line_;
  bool many_lines_;
  std::vector<std::set<std::string>> open_;
};

}  // namespace

std::string json_duplicate_key(std::string_view text) {
  // Read as a block first (nlohmann's fast path); the lines are counted only
  // to place a key found twice.
  DuplicateKeys any(nullptr, false);
  nlohmann::json::sax_parse(text, &any);
  if (any.fault.empty()) return "";
  int line = 1;
  DuplicateKeys keys(&line, text.find('\n') < text.find_last_not_of(" \t\r\n"));
  nlohmann::json::sax_parse(LineCountingIterator{text.data(), &line},
                            LineCountingIterator{text.data() + text.size(), &line}, &keys);
  return keys.fault;
}

std::string json_error_text(const std::exception& e) {
  std::string what = e.what();
  if (what.rfind("[json.exception.", 0) == 0)
    if (const auto end = what.find("] "); end != std::string::npos) what.erase(0, end + 2);
  return what;
}

std::string json_syntax_fault(std::string_view text) {
  try {
    const auto parsed = nlohmann::json::parse(text);
    return "";
  } catch (const nlohmann::json::parse_error& e) {
    return json_error_text(e);  // nlohmann's own text says the line and the column
  }
}

}  // namespace rz
