// Who may see an event: the one filter (visible_events) every client uses.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace rz
