#include "rules/wate1870/order_list.hpp"

#include <cassert>
#include <string_view>

namespace rz::wate1870 {

OrderList::Spare& OrderList::spare() {
  thread_local Spare kept;
  return kept;
}

OrderList::OrderList(Mode mode) : mode_(mode) {
  if (mode_ == Mode::kActions) return;
  Spare& s = spare();
  if (s.taken) {  // a list made while another is: it keeps its own
    drafts_ = &own_drafts_;
    return;
  }
  s.taken = true;
  s.drafts.clear();
  drafts_ = &s.drafts;
}

OrderList::~OrderList() {
  if (Spare& s = spare(); drafts_ == &s.drafts) s.taken = false;
}

void OrderList::write(Action& order, const Arg& g) {
  const std::string_view key(g.key, g.key_len);
  switch (g.kind) {
    case Order::Kind::kHex:
      order.with(key, hex::Hex{g.a, g.b}.id());
      break;
    case Order::Kind::kNumber:
      order.with(key, std::to_string(g.a));
      break;
    case Order::Kind::kText:
      order.with(key, *g.text);
      break;
  }
}

void OrderList::add(Action a) {
  if (mode_ == Mode::kActions) {
    actions_.push_back(std::move(a));
    return;
  }
  Draft& d = drafts_->emplace_back();
  d.made = static_cast<int>(made_.size());
  made_.push_back(std::move(a));
}

void OrderList::reserve(std::size_t n) {
  if (mode_ == Mode::kActions)
    actions_.reserve(n);
  else
    drafts_->reserve(n);
}

Action OrderList::make(std::size_t i) const {
  if (mode_ == Mode::kActions) return actions_[i];
  const Draft& d = (*drafts_)[i];
  if (d.made >= 0) return made_[static_cast<std::size_t>(d.made)];
  Action order(std::string(d.verb, d.verb_len));
  for (std::uint8_t k = 0; k < d.args; ++k) write(order, d.arg[k]);
  return order;
}

std::vector<Action> OrderList::take() && {
  if (mode_ == Mode::kActions) return std::move(actions_);
  std::vector<Action> out;
  out.reserve(drafts_->size());
  for (std::size_t i = 0; i < drafts_->size(); ++i) out.push_back(make(i));
  return out;
}

}  // namespace rz::wate1870
