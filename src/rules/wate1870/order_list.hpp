#pragma once
// A legal list in the making (WateState::legal_actions, pick_legal_action):
// every order made as an Action, or every order kept as a draft, its verb and
// arguments as numbers, and only the one a random bot picks made an Action.
// The orders not taken were about a fifth of a random game: their texts, their
// hex ids and numbers written out, their blocks of arguments (session 40).
#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/action.hpp"
#include "hex/hex.hpp"

namespace rz::wate1870 {

class OrderList {
 public:
  enum class Mode { kActions, kDrafts };
  explicit OrderList(Mode mode);
  ~OrderList();
  OrderList(const OrderList&) = delete;
  OrderList& operator=(const OrderList&) = delete;

  // The order just added, given its arguments in turn, in the order of its text.
  // Verbs and keys are literals: a draft keeps only where they are.
  class Order {
   public:
    // Made at once into the Action when the list makes Actions (as the rules
    // wrote their lists before: a search lists every order at every node).
    template <std::size_t N>
    Order& hex(const char (&key)[N], hex::Hex h) {
      if (list_.mode_ == Mode::kDrafts) return draft(key, N - 1, Kind::kHex, h.col, h.row, nullptr);
      list_.actions_.back().with(std::string_view(key, N - 1), h.id());
      return *this;
    }
    template <std::size_t N>
    Order& num(const char (&key)[N], int n) {
      if (list_.mode_ == Mode::kDrafts) return draft(key, N - 1, Kind::kNumber, n, 0, nullptr);
      list_.actions_.back().with(std::string_view(key, N - 1), std::to_string(n));
      return *this;
    }
    // `s` outlives the list (an HQ's id in the state the list is made of).
    template <std::size_t N>
    Order& text(const char (&key)[N], const std::string& s) {
      if (list_.mode_ == Mode::kDrafts) return draft(key, N - 1, Kind::kText, 0, 0, &s);
      list_.actions_.back().with(std::string_view(key, N - 1), s);
      return *this;
    }

   private:
    friend class OrderList;
    explicit Order(OrderList& list) : list_(list) {}
    enum class Kind : std::uint8_t { kHex, kNumber, kText };
    Order& draft(const char* key, std::size_t len, Kind kind, int a, int b, const std::string* s) {
      Draft& d = list_.drafts_->back();
      assert(d.made < 0 && d.args < kMaxArgs);
      d.arg[d.args++] = Arg{key, s, a, b, static_cast<std::uint8_t>(len), kind};
      return *this;
    }
    OrderList& list_;
  };

  template <std::size_t N>
  Order add(const char (&verb)[N]) {
    if (mode_ == Mode::kActions)
      actions_.emplace_back(verb);
    else
      drafts_->emplace_back(verb, static_cast<std::uint8_t>(N - 1));
    return Order(*this);
  }
  // An order made already (by a list that is not drafted).
  void add(Action a);
  std::size_t size() const { return mode_ == Mode::kActions ? actions_.size() : drafts_->size(); }
  void reserve(std::size_t n);
  // The i-th order.
  Action make(std::size_t i) const;
  // Every order, in the order added.
  std::vector<Action> take() &&;
  // Keeps the orders `sure[i]` or accepted by check(action), in their order.
  template <class Check>
  void keep_if(const std::vector<bool>& sure, Check check) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size(); ++i) {
      if (!sure[i] && !check(mode_ == Mode::kActions ? actions_[i] : make(i))) continue;
      if (kept != i) {
        if (mode_ == Mode::kActions)
          actions_[kept] = std::move(actions_[i]);
        else
          (*drafts_)[kept] = (*drafts_)[i];
      }
      ++kept;
    }
    if (mode_ == Mode::kActions)
      actions_.resize(kept);
    else
      drafts_->resize(kept);
  }

 private:
  struct Arg {
    const char* key;
    const std::string* text;
    int a;
    int b;
    std::uint8_t key_len;
    Order::Kind kind;
  };
  static constexpr std::size_t kMaxArgs = 4;  // detach hex= sp= disrupted= demoralized=
  struct Draft {
    Draft() = default;
    Draft(const char* v, std::uint8_t len) : verb(v), verb_len(len) {}
    // A copy reads only the arguments written (the others hold no value).
    Draft(const Draft& o) noexcept
        : verb(o.verb), verb_len(o.verb_len), args(o.args), made(o.made) {
      std::copy_n(o.arg, o.args, arg);
    }
    Draft& operator=(const Draft& o) noexcept {
      verb = o.verb;
      verb_len = o.verb_len;
      args = o.args;
      made = o.made;
      std::copy_n(o.arg, o.args, arg);
      return *this;
    }
    const char* verb = nullptr;
    std::uint8_t verb_len = 0;
    std::uint8_t args = 0;
    int made = -1;  // index in made_ of an order added made
    // Only the first `args` are read: the rest are left as they are (a list
    // drafts an order in a few instructions, and zeroing these was most of them).
    Arg arg[kMaxArgs];
  };

  static void write(Action& order, const Arg& g);
  struct Spare {
    std::vector<Draft> drafts;
    bool taken = false;
  };
  static Spare& spare();

  Mode mode_;
  std::vector<Action> actions_;  // kActions
  // kDrafts: the drafts, in a vector this thread keeps for the next list (a
  // list is made at every decision, and a march's may hold 150 drafts).
  std::vector<Draft>* drafts_ = nullptr;
  std::vector<Draft> own_drafts_;  // while another list holds the thread's
  std::vector<Action> made_;     // kDrafts: the orders added made
};

}  // namespace rz::wate1870
