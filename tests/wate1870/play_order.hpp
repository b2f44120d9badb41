#pragma once
// An order given through the public contract in its text form, as a player
// types it: the test fails if the text does not parse or the order is refused.
#include <gtest/gtest.h>

#include <string>

#include "core/action.hpp"
#include "core/game.hpp"

namespace rz::wate1870::testing {

constexpr Player kF = 0;  // the French
constexpr Player kG = 1;  // the Germans

inline Events play(State& st, Player p, const std::string& text) {
  auto a = Action::parse(text);
  EXPECT_TRUE(a.ok()) << text;
  if (!a.ok()) return {};
  auto ev = st.apply(p, *a);
  EXPECT_TRUE(ev.ok()) << text << ": " << (ev.ok() ? "" : ev.error().to_string());
  return ev.ok() ? *ev : Events{};
}

}  // namespace rz::wate1870::testing
