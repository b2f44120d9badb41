// 14.0 Free Set-up as a placement phase: the Germans place their units inside
// Germany, then the French inside France, one at a time, then turn 1 begins
// with an initiative roll (GAP-W-34). Rulings F-4 and F-7 of
// docs/rulings/wate1870-forces-and-setup.md.
#include <gtest/gtest.h>

#include "phases_fixture.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::wate1870 {
namespace {

using namespace testing;

std::unique_ptr<WateState> free_setup(GameOptions options = {}) {
  auto data = shipped_data();
  auto sc = Scenario::load(scenario_path(*data, "free"), data->map, data->forces);
  EXPECT_TRUE(sc.ok()) << (sc.ok() ? "" : sc.error().to_string());
  if (!sc.ok()) return nullptr;
  auto st = WateState::from_scenario(data, *sc, std::move(options), 7);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return st.ok() ? std::move(st).value() : nullptr;
}

int unplaced_sp(const WateState& st, Side side) {
  int n = 0;
  for (const auto& p : st.unplaced())
    if (p.side == side) n += p.sp;
  return n;
}

int unplaced_hqs(const WateState& st, Side side) {
  int n = 0;
  for (const auto& p : st.unplaced())
    if (p.side == side && !p.hq.empty()) ++n;
  return n;
}

int sp_on_map(const WateState& st, Side side) {
  int n = 0;
  for (const auto& g : st.sps())
    if (g.side == side) n += g.count;
  return n;
}

int sp_in(const WateState& st, Side side, const std::string& hex, const std::string& formation) {
  int n = 0;
  for (const auto& g : st.sps())
    if (g.side == side && g.hex.id() == hex && g.formation == formation) n += g.count;
  return n;
}

std::optional<std::string> hq_hex(const WateState& st, const std::string& id) {
  const HqUnit* q = st.position().hq(id);
  if (!q || !q->hex) return std::nullopt;
  return q->hex->id();
}

TEST(Wate1870_14_0, TheFreeSetupStartsWithTheGermansPlacingAndNothingOnTheMap) {
  auto st = free_setup();
  ASSERT_TRUE(st);
  EXPECT_EQ(st->phase(), Phase::kSetup);
  EXPECT_EQ(st->turn(), 1);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));  // 14.0: the Germans first
  EXPECT_TRUE(st->sps().empty());
  // Only the force pools are known counters: 3 German, 2 French, off the map.
  EXPECT_EQ(st->hqs().size(), 5u);
  EXPECT_EQ(unplaced_sp(*st, Side::kGerman), 152);
  EXPECT_EQ(unplaced_sp(*st, Side::kFrench), 110);
  EXPECT_EQ(unplaced_hqs(*st, Side::kGerman), 20);
  EXPECT_EQ(unplaced_hqs(*st, Side::kFrench), 9);
  // The first German unit in order is the 1st Army HQ, then its 12 SP (ruling F-7).
  std::vector<SetupPiece> german;
  for (const auto& p : st->unplaced())
    if (p.side == Side::kGerman) german.push_back(p);
  ASSERT_GE(german.size(), 2u);
  EXPECT_EQ(german[0].hq, "G-1A");
  EXPECT_EQ(german[0].hex.id(), "2304");
  EXPECT_EQ(german[1].formation, "G-1A");
  EXPECT_EQ(german[1].sp, 12);
  EXPECT_TRUE(st->legal_actions(kF).empty());
  expect_refused(*st, kF, "auto-setup", "14.0", Code::kNotYourTurn);
}

TEST(Wate1870_14_0, LegalActionsOfferTheNextUnitOverTownsFortressesAndRailHexes) {
  auto st = free_setup();
  ASSERT_TRUE(st);
  const auto legal = st->legal_actions(kG);
  // auto-setup, then one placement per German town, fortress or rail hex (54 on the map).
  EXPECT_EQ(legal.front().to_string(), "auto-setup");
  EXPECT_EQ(legal.size(), 55u);
  EXPECT_TRUE(is_legal(*st, kG, "place hq=G-1A hex=2504"));    // Kaiserslautern, a town
  EXPECT_TRUE(is_legal(*st, kG, "place hq=G-1A hex=2304"));    // its default hex (also rail)
  EXPECT_FALSE(is_legal(*st, kG, "place hq=G-III hex=2504"));  // not the next unit
  for (const auto& a : legal) EXPECT_TRUE(st->check(kG, a).ok()) << a.to_string();
  // check() accepts any unit in any order and any hex of Germany (ruling F-7).
  EXPECT_TRUE(st->check(kG, *Action::parse("place hq=G-III hex=2000")).ok());
  EXPECT_TRUE(st->check(kG, *Action::parse("place formation=G-XI hex=2813 sp=5")).ok());
}

TEST(Wate1870_14_0, TheGermansPlaceHqsAndSpAnywhereInGermanyInAnyOrderAndSplit) {
  auto st = free_setup();
  ASSERT_TRUE(st);
  const auto ev = play(*st, kG, "place hq=G-1A hex=2504");
  EXPECT_TRUE(has_event(ev, "German sets up 1st Army")) << all_text(ev);
  EXPECT_EQ(hq_hex(*st, "G-1A"), std::string("2504"));
  // 3.3: no stacking limit: 12 SP of the 1st Army and the 5th Cavalry's SP in one hex.
  play(*st, kG, "place formation=G-1A hex=2504 sp=7");
  play(*st, kG, "place formation=G-1A hex=2000 sp=5");  // a plain hex, not offered but legal
  play(*st, kG, "place formation=G-5CD hex=2504 sp=4");
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2504", "G-1A"), 7);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2000", "G-1A"), 5);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2504", "G-5CD"), 4);
  EXPECT_EQ(unplaced_sp(*st, Side::kGerman), 152 - 16);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  // The next unit is now the VII Corps HQ: the 1st Army is done.
  EXPECT_TRUE(is_legal(*st, kG, "place hq=G-VII hex=2304"));
}

TEST(Wate1870_14_0, IllegalPlacementsAreRefusedAndChangeNothing) {
  auto st = free_setup();
  ASSERT_TRUE(st);
  play(*st, kG, "place hq=G-1A hex=2504");
  expect_refused(*st, kG, "place hq=G-2A hex=2107", "14.0");   // Metz is in France
  expect_refused(*st, kG, "place hq=G-2A hex=2003", "14.0");   // Luxembourg is neutral
  expect_refused(*st, kG, "place hq=G-2A hex=9999", "14.0");   // off the map
  expect_refused(*st, kG, "place hq=G-1A hex=2304", "14.0");   // already set up
  expect_refused(*st, kG, "place hq=G-I hex=2304", "6.2");     // force pool: mobilized, not set up
  expect_refused(*st, kG, "place hq=F-III hex=2304", "14.0");  // not his
  expect_refused(*st, kG, "place hq=G-NONE hex=2304", "", Code::kNotFound);
  expect_refused(*st, kG, "place formation=G-VII hex=2304 sp=9", "14.0");  // VII Corps has 8 SP
  expect_refused(*st, kG, "place formation=F-III hex=2304 sp=1", "14.0");  // French SP
  expect_refused(*st, kG, "place formation=G-VII hex=2206 sp=8", "14.0");  // 2206 is in France
  expect_refused(*st, kG, "place formation=G-VII hex=2304 sp=0", "14.0", Code::kMalformed);
  expect_refused(*st, kG, "place hex=2304 sp=1", "14.0");  // no SP of no formation in this set-up
  expect_refused(*st, kG, "place hq=G-2A", "14.0", Code::kMalformed);
  expect_refused(*st, kG, "end-setup", "14.0");  // units left to place
  expect_refused(*st, kG, "mobilize hex=2504 sp=1", "14.0");
  expect_refused(*st, kG, "auto-setup now=1", "", Code::kMalformed);
}

TEST(Wate1870_14_0, AutoSetupPutsTheRestAtTheirDefaultHexesThenTheFrenchSetUp) {
  auto st = free_setup();
  ASSERT_TRUE(st);
  play(*st, kG, "place hq=G-1A hex=2504");
  play(*st, kG, "place formation=G-1A hex=2504 sp=2");
  play(*st, kG, "auto-setup");
  EXPECT_EQ(unplaced_sp(*st, Side::kGerman), 0);
  EXPECT_EQ(unplaced_hqs(*st, Side::kGerman), 0);
  EXPECT_EQ(sp_on_map(*st, Side::kGerman), 152);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2504", "G-1A"), 2);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2304", "G-1A"), 10);  // the rest at the default
  EXPECT_EQ(hq_hex(*st, "G-VII"), std::string("2305"));
  EXPECT_EQ(hq_hex(*st, "G-1A"), std::string("2504"));
  // Only end-setup is left to the German.
  ASSERT_EQ(st->legal_actions(kG).size(), 1u);
  EXPECT_EQ(st->legal_actions(kG).front().to_string(), "end-setup");
  expect_refused(*st, kG, "auto-setup", "14.0");
  play(*st, kG, "end-setup");
  // 14.0: then the French, inside France.
  EXPECT_EQ(st->phase(), Phase::kSetup);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_EQ(st->unplaced().front().hq, "F-I");
  expect_refused(*st, kF, "place hq=F-II hex=2306", "14.0");  // Saarbrucken is German
  expect_refused(*st, kF, "place hq=F-II hex=2514 extra=1", "14.0", Code::kMalformed);
  play(*st, kF, "place hq=F-II hex=2514");  // Mulhouse
  play(*st, kF, "place formation=F-II hex=2106 sp=10");
  EXPECT_EQ(sp_in(*st, Side::kFrench, "2106", "F-II"), 10);
  play(*st, kF, "auto-setup");
  EXPECT_EQ(sp_on_map(*st, Side::kFrench), 110);
  EXPECT_EQ(hq_hex(*st, "F-II"), std::string("2514"));
  EXPECT_EQ(hq_hex(*st, "F-NAP"), std::string("2107"));
  EXPECT_TRUE(st->unplaced().empty());
  play(*st, kF, "end-setup");
  // Turn 1 begins: the Administrative Phase with the 6.1 income (GAP-W-23).
  EXPECT_EQ(st->phase(), Phase::kAdministrative);
  EXPECT_EQ(st->turn(), 1);
  EXPECT_EQ(st->rp(Side::kFrench), 35);
  EXPECT_EQ(st->rp(Side::kGerman), 49);
  play(*st, kF, "end-administrative");
  play(*st, kG, "end-administrative");
  // GAP-W-34: the free set-up rolls initiative for the first activation.
  EXPECT_EQ(st->phase(), Phase::kAction);
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);
  const auto rolled = roll(*st, {2, 5});
  EXPECT_TRUE(has_event(rolled, "-> German")) << all_text(rolled);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
}

TEST(Wate1870_14_0, AHalfPlacedSetupSavesRestoresAndHashesEveryPlacement) {
  auto st = free_setup();
  ASSERT_TRUE(st);
  play(*st, kG, "place hq=G-1A hex=2504");
  play(*st, kG, "place formation=G-1A hex=2504 sp=5");
  const std::string text = st->serialize();
  auto back = WateState::from_json(shipped_data(), text);
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st->hash());
  EXPECT_EQ((*back)->serialize(), text);
  EXPECT_EQ((*back)->unplaced(), st->unplaced());
  EXPECT_EQ((*back)->phase(), Phase::kSetup);
  // Both go on the same way.
  play(*st, kG, "place formation=G-1A hex=2304 sp=7");
  play(**back, kG, "place formation=G-1A hex=2304 sp=7");
  EXPECT_EQ((*back)->hash(), st->hash());
  // A different hex, or a different split, is a different state.
  auto other = free_setup();
  play(*other, kG, "place hq=G-1A hex=2405");
  auto same = free_setup();
  play(*same, kG, "place hq=G-1A hex=2504");
  EXPECT_NE(other->hash(), same->hash());
  auto split = free_setup();
  play(*split, kG, "place hq=G-1A hex=2504");
  play(*split, kG, "place formation=G-1A hex=2504 sp=4");
  play(*same, kG, "place formation=G-1A hex=2504 sp=5");
  EXPECT_NE(split->hash(), same->hash());
  // The French see their own units to place, not the German's (like a force pool).
  const std::string fview = st->view(kF);
  EXPECT_EQ(fview.find("\"G-VII\""), std::string::npos);
  EXPECT_NE(fview.find("\"F-III\""), std::string::npos);
  EXPECT_NE(st->view(kG).find("\"G-VII\""), std::string::npos);
}

TEST(Wate1870_14_0, EveryDecisionOfARandomSetupOffersAManageableNumberOfLegalActions) {
  auto st = free_setup();
  ASSERT_TRUE(st);
  std::size_t most = 0;
  int decisions = 0;
  std::uint32_t pick = 12345;
  while (st->phase() == Phase::kSetup && decisions < 500) {
    const Player p = st->to_move().players.front();
    const auto legal = st->legal_actions(p);
    ASSERT_FALSE(legal.empty());
    most = std::max(most, legal.size());
    // Never auto-setup (the first action) unless it is the only way on.
    pick = pick * 1103515245u + 12345u;
    const std::size_t i = legal.size() == 1 ? 0 : 1 + (pick >> 8) % (legal.size() - 1);
    ASSERT_TRUE(st->apply(p, legal[i]).ok()) << legal[i].to_string();
    ++decisions;
  }
  EXPECT_EQ(st->phase(), Phase::kAdministrative);
  EXPECT_EQ(sp_on_map(*st, Side::kGerman), 152);
  EXPECT_EQ(sp_on_map(*st, Side::kFrench), 110);
  // Every unit in its own country (14.0).
  const Map& map = shipped_data()->map;
  for (const auto& g : st->sps())
    EXPECT_EQ(map.find(g.hex)->country,
              g.side == Side::kFrench ? Country::kFrance : Country::kGermany);
  for (const auto& q : st->hqs()) {
    if (q.hex) {
      EXPECT_EQ(map.find(*q.hex)->country,
                q.side == Side::kFrench ? Country::kFrance : Country::kGermany);
    }
  }
  // French: 126 towns, fortresses and rail hexes (+ auto-setup, + a default elsewhere).
  EXPECT_LE(most, 130u);
  EXPECT_GE(most, 100u);
  // Each side: one decision per HQ and per SP piece, and end-setup.
  EXPECT_EQ(decisions, 20 + 20 + 1 + 9 + 16 + 1);
}

}  // namespace
}  // namespace rz::wate1870
