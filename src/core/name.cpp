#include "core/name.hpp"

#include <mutex>
#include <ostream>
#include <unordered_set>

namespace rz {

namespace {

// The texts of every name made so far. A node-based set: a text, once in, stays
// at its address whatever is added after, so a Name may keep a pointer to it.
struct Table {
  std::mutex lock;
  std::unordered_set<std::string> texts;
};

Table& table() {
  static Table* t = new Table;  // never destroyed: names may outlive static destructors
  return *t;
}

}  // namespace

// Apart from the table: the name made by default takes no lock.
const std::string& Name::empty_text() noexcept {
  static const std::string empty;
  return empty;
}

Name::Name(std::string_view text) {
  if (text.empty()) {
    text_ = &empty_text();
    return;
  }
  Table& t = table();
  const std::lock_guard<std::mutex> hold(t.lock);
  text_ = &*t.texts.emplace(text).first;
}

std::ostream& operator<<(std::ostream& out, const Name& n) { return out << n.str(); }

}  // namespace rz
