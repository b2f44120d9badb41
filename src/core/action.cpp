#include "core/action.hpp"

#include <cassert>
#include <memory>
#include <new>

namespace rz {

namespace {

// The free list: trivially destructible, so an action freed after this thread's
// cleaner ran (by another thread_local or a static) finds it closed, not gone.
struct FreeBlock {
  FreeBlock* next;
};
struct ArgsPool {
  FreeBlock* head;
  std::size_t count;
  bool closed;
};
thread_local ArgsPool pool{nullptr, 0, false};
constexpr std::size_t kMaxKept = 1024;  // 192 KiB a thread at most

void free_block(void* p) {
  std::allocator<Action::Arg>{}.deallocate(static_cast<Action::Arg*>(p), detail::kArgsBlock);
}

// Gives the blocks kept back when the thread ends, and closes the list.
struct ArgsPoolCleaner {
  ~ArgsPoolCleaner() {
    pool.closed = true;
    while (pool.head) {
      FreeBlock* b = pool.head;
      pool.head = b->next;
      free_block(b);
    }
    pool.count = 0;
  }
};

}  // namespace

void* detail::take_args_block() noexcept {
  FreeBlock* b = pool.head;
  if (!b) return nullptr;
  pool.head = b->next;
  --pool.count;
  return b;
}

bool detail::keep_args_block(void* block) noexcept {
  if (pool.closed || pool.count >= kMaxKept) return false;
  thread_local ArgsPoolCleaner cleaner;  // made with the first block kept on this thread
  (void)cleaner;
  pool.head = new (block) FreeBlock{pool.head};
  ++pool.count;
  return true;
}

const std::string* Action::get(std::string_view key) const {
  for (const auto& [k, v] : args)
    if (k == key) return &v;
  return nullptr;
}

bool Action::valid_word(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  return true;
}

bool Action::valid_value(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c == '=' || static_cast<unsigned char>(c) <= ' ' || c == 0x7f) return false;
  return true;
}

std::string Action::to_string() const {
  std::string s = verb;
  for (const auto& [k, v] : args) {
    s += ' ';
    s += k;
    s += '=';
    s += v;
  }
  return s;
}

namespace {
// A word of a refused text as the error shows it: a control character (an
// escape sequence pasted or typed) as \xNN, not sent to the player's terminal.
std::string shown(std::string_view word) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char c : word) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 0xf];
    }
  }
  return out;
}
}  // namespace

Result<Action> Action::parse(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) words.push_back(text.substr(i, j - i));
    i = j;
  }
  if (words.empty()) return make_error(Code::kMalformed, "an action needs a verb; the text is empty");
  Action a;
  if (!valid_word(words[0]))
    return make_error(
        Code::kMalformed,
        "'" + shown(words[0]) + "' is not a verb: use lower-case letters, digits, '_' or '-'");
  a.verb = std::string(words[0]);
  for (std::size_t w = 1; w < words.size(); ++w) {
    const auto eq = words[w].find('=');
    if (eq == std::string_view::npos)
      return make_error(Code::kMalformed,
                        "argument '" + shown(words[w]) + "' must have the form key=value");
    const auto key = words[w].substr(0, eq);
    const auto value = words[w].substr(eq + 1);
    if (!valid_word(key))
      return make_error(Code::kMalformed, "argument name '" + shown(key) + "' is not valid");
    if (!valid_value(value))
      return make_error(Code::kMalformed,
                        "argument '" + std::string(key) + "' has an empty or invalid value");
    if (a.get(key)) return make_error(Code::kMalformed, "argument '" + std::string(key) + "' is given twice");
    a.args.emplace_back(std::string(key), std::string(value));
  }
  return a;
}

}  // namespace rz
