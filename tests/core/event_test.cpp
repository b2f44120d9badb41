// Who may see an event: the one filter (visible_events) every client uses; and
// rz::append, which gathers an order's events in order, moving them.
#include "core/event.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace rz {
namespace {

TEST(Core_Events, AnEventWithoutAudienceIsForEverybody) {
  const Event e{"phase", "Turn 1", {}};
  EXPECT_TRUE(visible_to(e, 0));
  EXPECT_TRUE(visible_to(e, 1));
  EXPECT_TRUE(visible_to(e, kUmpire));
}

TEST(Core_Events, VisibleEventsKeepsThoseOfThePlayerInOrderAndTheUmpireSeesAll) {
  const Events ev{{"move", "German force moves 0502 -> 0602", {1}},
                  {"move", "A German stack moves 0502 -> 0602", {0}},
                  {"vp", "VP 11", {}},
                  {"note", "for the umpire", {kUmpire}}};
  const Events french = visible_events(ev, 0);
  ASSERT_EQ(french.size(), 2u);
  EXPECT_EQ(french[0].text, "A German stack moves 0502 -> 0602");
  EXPECT_EQ(french[1].text, "VP 11");
  const Events german = visible_events(ev, 1);
  ASSERT_EQ(german.size(), 2u);
  EXPECT_EQ(german[0].text, "German force moves 0502 -> 0602");
  EXPECT_EQ(visible_events(ev, kUmpire), ev);
}

Events texts(std::initializer_list<const char*> ts) {
  Events out;
  for (const char* t : ts) out.push_back({"k", t, {}});
  return out;
}

TEST(Core_Events, AppendKeepsTheOrderOfBothLists) {
  Events ev;
  append(ev, texts({"a long text, past the short-string buffer: 1", "2"}));
  ASSERT_EQ(ev.size(), 2u);
  append(ev, texts({"3"}));
  append(ev, {});
  append(ev, texts({"4", "5"}));
  std::string all;
  for (const auto& e : ev) all += e.text.substr(e.text.size() - 1);
  EXPECT_EQ(all, "12345");
}

TEST(Core_Events, AppendMovesTheTextsItTakes) {
  Events more = texts({"a long text, past the short-string buffer"});
  const char* text = more.front().text.data();
  Events ev;
  append(ev, std::move(more));
  ASSERT_EQ(ev.size(), 1u);
  EXPECT_EQ(ev.front().text.data(), text);  // the same buffer: moved, not copied
  Events tail = texts({"another long text, past the short-string buffer"});
  text = tail.front().text.data();
  append(ev, std::move(tail));
  ASSERT_EQ(ev.size(), 2u);
  EXPECT_EQ(ev.back().text.data(), text);
  EXPECT_EQ(ev.back().visible_to, std::vector<int>{});
}

}  // namespace
}  // namespace rz
