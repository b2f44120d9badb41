#pragma once
// An action is a named verb with named arguments: "march force=F-III path=2206,2107".
// Rule systems give each verb its typed meaning; the core only guarantees that
// the text form round-trips (parse(to_string(a)) == a), so logs stay readable.
#include <cassert>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace rz {

namespace detail {
// A per-thread free list of the blocks that hold an action's arguments at the
// capacity Action::with reserves (action.cpp). A list of legal actions is made
// and dropped at every decision; glibc's own per-thread cache keeps only 7
// blocks of a size, so a list of 40 took malloc's slow path for most of them.
inline constexpr std::size_t kArgsBlock = 3;  // arguments per block
void* take_args_block() noexcept;             // nullptr when none is kept
bool keep_args_block(void* block) noexcept;   // false when the list is full
}  // namespace detail

// std::allocator, except that blocks of kArgsBlock arguments go through the
// free list above. Stateless: any two are equal, so a move steals the block.
template <class T>
struct ArgsAllocator {
  using value_type = T;
  ArgsAllocator() = default;
  template <class U>
  ArgsAllocator(const ArgsAllocator<U>&) noexcept {}
  T* allocate(std::size_t n) {
    if (n == detail::kArgsBlock)
      if (void* p = detail::take_args_block()) return static_cast<T*>(p);
    return std::allocator<T>{}.allocate(n);
  }
  void deallocate(T* p, std::size_t n) noexcept {
    if (n == detail::kArgsBlock && detail::keep_args_block(p)) return;
    std::allocator<T>{}.deallocate(p, n);
  }
  friend bool operator==(const ArgsAllocator&, const ArgsAllocator&) { return true; }
};

struct Action {
  using Arg = std::pair<std::string, std::string>;
  using Args = std::vector<Arg, ArgsAllocator<Arg>>;

  std::string verb;
  Args args;  // order is part of the action

  Action() = default;
  explicit Action(std::string v, Args a = {}) : verb(std::move(v)), args(std::move(a)) {}
  // A verb written in the code (Action("move")) is made in place, not moved in,
  // its length known where the order is made (no strlen, no call to memcpy:
  // a list makes an action for every order it offers).
  template <std::size_t N>
  explicit Action(const char (&v)[N]) : verb(v, N - 1) {
    assert(std::char_traits<char>::length(v) == N - 1);  // a literal, not a buffer
  }
  // A copy keeps room for kArgsBlock arguments, as with() does: a copy of a
  // base order that with() then extends (a march's SP mix) would otherwise
  // grow its exact-size list twice, through malloc, not the free list.
  Action(const Action& o) : verb(o.verb) { copy_args(o.args); }
  Action& operator=(const Action& o) {
    if (this != &o) {
      verb = o.verb;
      args.clear();
      copy_args(o.args);
    }
    return *this;
  }
  Action(Action&&) noexcept = default;
  Action& operator=(Action&&) noexcept = default;
  ~Action() = default;

  // The value of an argument, or nullptr.
  const std::string* get(std::string_view key) const;
  // The key is made in place in the new argument: the rules name most keys
  // with a literal, and an action is made for every order a list offers
  // (inline for the same reason: a call costs as much as the copy).
  Action& with(std::string_view key, std::string value) & {
    assert(valid_word(key) && valid_value(value));
    // Most actions have 1 to 3: one block, from the free list (detail::kArgsBlock).
    if (args.capacity() == 0) args.reserve(detail::kArgsBlock);
    args.emplace_back(std::piecewise_construct, std::forward_as_tuple(key),
                      std::forward_as_tuple(std::move(value)));
    return *this;
  }
  // On a temporary (Action("move").with("to", h)) the chain is moved, not copied.
  Action&& with(std::string_view key, std::string value) && {
    return std::move(with(key, std::move(value)));
  }
  std::string to_string() const;
  // Verbs and keys are [a-z0-9_-]+; values are non-empty and hold no space or '='.
  static Result<Action> parse(std::string_view text);
  static bool valid_word(std::string_view s);
  static bool valid_value(std::string_view s);
  friend bool operator==(const Action&, const Action&) = default;

 private:
  void copy_args(const Args& from) {
    if (from.empty()) return;
    args.reserve(from.size() > detail::kArgsBlock ? from.size() : detail::kArgsBlock);
    args.insert(args.end(), from.begin(), from.end());
  }
};

}  // namespace rz
