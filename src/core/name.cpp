#include "core/name.hpp"

#include <mutex>
#include <ostream>
#include <string>
#include <unordered_map>

namespace rz {

namespace {

// The entries of every name made so far, by text. A node-based map: an entry,
// once in, stays at its address whatever is added after, so a Name may keep a
// pointer to it.
struct Table {
  std::mutex lock;
  std::unordered_map<std::string, Name::Entry> entries;
};

std::uint64_t head_of(std::string_view text) {
  std::uint64_t h = 0;
  for (std::size_t i = 0; i < 8; ++i)
    h = (h << 8) | (i < text.size() ? static_cast<unsigned char>(text[i]) : 0u);
  return h;
}

Table& table() {
  static Table* t = new Table;  // never destroyed: names may outlive static destructors
  return *t;
}

}  // namespace

// Apart from the table: the name made by default takes no lock.
const Name::Entry& Name::empty_entry() noexcept {
  static const Entry empty;
  return empty;
}

Name::Name(std::string_view text) {
  if (text.empty()) {
    entry_ = &empty_entry();
    return;
  }
  Table& t = table();
  const std::lock_guard<std::mutex> hold(t.lock);
  auto [it, made] = t.entries.try_emplace(std::string(text));
  if (made) it->second = Entry{it->first, head_of(text)};
  entry_ = &it->second;
}

std::ostream& operator<<(std::ostream& out, const Name& n) { return out << n.str(); }

}  // namespace rz
