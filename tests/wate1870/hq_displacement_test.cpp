// GAP-W-35: an HQ alone in a hex displaces up to 2 hexes to friendly SP when
// an enemy force enters its hex or combat leaves it without its SP; with
// nowhere to go it suffers a casualty result of 1 (8.5.1). Ruling C-6 in
// docs/rulings/wate1870-combat.md. On clear French ground (0501-0905).
#include <gtest/gtest.h>

#include "combat_fixture.hpp"
#include "phases_fixture.hpp"
#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/scenario.hpp"

namespace rz::wate1870 {
namespace {

using testing::all_text;
using testing::BoardTest;
using testing::expect_refused;
using testing::H;
using testing::has_event;
using testing::is_legal;
using testing::kF;
using testing::kG;
using testing::play;
using testing::roll;
using testing::shipped_data;
using testing::sp_of;

// An action phase from the body of a scenario; every entry gets a source.
std::unique_ptr<WateState> make(const std::string& body, Side first = Side::kFrench,
                                const char* phase = "action") {
  const std::string text =
      std::string("name: displacement test\nsource: \"reconstructed: test\"\nturn: 4\nphase: ") +
      phase +
      "\nrp: {French: 5, German: 5, source: \"reconstructed: test\"}\n"
      "first_activation: {side: " +
      std::string(side_name(first)) + ", source: \"reconstructed: test\"}\n" + body;
  std::string with_sources;
  for (std::size_t i = 0; i < text.size(); ++i) {
    with_sources += text[i];
    if (text[i] == '{' && i >= 4 && text.compare(i - 4, 4, "  - ") == 0)
      with_sources += "source: \"reconstructed: test\", ";
  }
  auto data = shipped_data();
  auto sc = Scenario::parse(with_sources, "displacement-test.yaml", data->map, data->forces);
  EXPECT_TRUE(sc.ok()) << (sc.ok() ? "" : sc.error().to_string());
  if (!sc.ok()) return nullptr;
  auto st = WateState::from_scenario(data, *sc, {}, 1);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return st.ok() ? std::move(st).value() : nullptr;
}

std::optional<hex::Hex> hq_hex(const WateState& st, const char* id) {
  return st.position().hq(id)->hex;
}

void expect_round_trip(const WateState& st) {
  auto back = WateState::from_json(shipped_data(), st.serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st.hash());
  EXPECT_EQ((*back)->serialize(), st.serialize());
  EXPECT_EQ((*back)->to_move(), st.to_move());
  EXPECT_EQ((*back)->chance_outcomes().size(), st.chance_outcomes().size());
  for (Player p : {kF, kG}) EXPECT_EQ((*back)->legal_actions(p), st.legal_actions(p));
}

// ---- the destinations, as a query ----

class Wate1870_GAP_W_35_Query : public BoardTest {};

TEST_F(Wate1870_GAP_W_35_Query, DestinationsAreFriendlySpHexesWithinTwoHexesNotThroughTheEnemy) {
  add_sp(Side::kGerman, "0903", 2);  // 2 hexes away, through 0803
  add_sp(Side::kGerman, "0801", 1);  // 2 hexes away, through 0702
  add_sp(Side::kGerman, "1003", 3);  // 3 hexes away: too far
  add_sp(Side::kGerman, "0604", 1);  // 1 hex away, but French SP share it
  add_sp(Side::kFrench, "0604", 2);
  add_hq("G-5CD", Side::kGerman, "0703");
  EXPECT_EQ(displacement_hexes(board(), H("0703"), Side::kGerman),
            (std::vector<hex::Hex>{H("0801"), H("0903")}));
  // French SP in 0803 close the only way to 0903; a French HQ alone in 0702 does not close the way
  // to 0801.
  add_sp(Side::kFrench, "0803", 1);
  add_hq("F-I", Side::kFrench, "0702");
  EXPECT_EQ(displacement_hexes(board(), H("0703"), Side::kGerman),
            (std::vector<hex::Hex>{H("0801")}));
  add_sp(Side::kFrench, "0702", 1);
  EXPECT_TRUE(displacement_hexes(board(), H("0703"), Side::kGerman).empty());
}

// ---- an enemy force enters the HQ's hex (7.1) ----

TEST(Wate1870_GAP_W_35, AnHqEnteredByTheEnemyGoesToItsOnlyFriendlyHex) {
  auto st = make(R"(hqs:
  - {hq: G-5CD, hex: "0703"}
sps:
  - {side: French, sp: 2, hex: "0602"}
  - {side: German, sp: 2, formation: G-5CD, hex: "0903"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hex=0602");
  play(*st, kF, "march");
  const auto ev = play(*st, kF, "move to=0703");  // the HQ does not stop the march (ruling L-3)
  EXPECT_TRUE(has_event(
      ev,
      "5th Cavalry Division (Rheinbaben) HQ, alone in 0703, displaces to 0903 (ruling GAP-W-35)"))
      << all_text(ev);
  EXPECT_EQ(hq_hex(*st, "G-5CD"), H("0903"));
  EXPECT_EQ(sp_of(*st, Side::kFrench, "0703", Status::kGood), 2);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));  // the march goes on
  EXPECT_TRUE(is_legal(*st, kF, "stop"));
}

TEST(Wate1870_GAP_W_35, TheOwnerChoosesAmongSeveralHexesAndBadChoicesAreRefused) {
  auto st = make(R"(hqs:
  - {hq: G-5CD, hex: "0703"}
  - {hq: G-6CD, hex: "0703"}
sps:
  - {side: French, sp: 2, hex: "0602"}
  - {side: German, sp: 2, formation: G-5CD, hex: "0903"}
  - {side: German, sp: 1, formation: G-6CD, hex: "0801"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hex=0602");
  play(*st, kF, "march");
  const auto ev = play(*st, kF, "move to=0703");
  EXPECT_TRUE(has_event(ev, "German HQs alone in 0703 must displace up to 2 hexes to friendly SP"))
      << all_text(ev);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  std::vector<std::string> legal;
  for (const auto& a : st->legal_actions(kG)) {
    legal.push_back(a.to_string());
    EXPECT_TRUE(st->check(kG, a).ok()) << a.to_string();
  }
  EXPECT_EQ(legal,
            (std::vector<std::string>{"displace hq=G-5CD to=0801", "displace hq=G-5CD to=0903",
                                      "displace hq=G-6CD to=0801", "displace hq=G-6CD to=0903"}));
  expect_round_trip(*st);
  expect_refused(*st, kG, "displace hq=G-5CD to=0803", "GAP-W-35");  // no German SP there
  expect_refused(*st, kG, "displace hq=G-5CD to=1003",
                 "GAP-W-35");  // no German SP, and 3 hexes away
  expect_refused(*st, kG, "displace hq=G-2A to=0903", "GAP-W-35");  // not an HQ of that hex
  expect_refused(*st, kG, "stop", "GAP-W-35");
  expect_refused(*st, kG, "displace hq=G-5CD", "", Code::kMalformed);
  expect_refused(*st, kF, "stop", "", Code::kNotYourTurn);  // the owner chooses first
  play(*st, kG, "displace hq=G-6CD to=0801");
  // The other HQ still has to go: the same choice again.
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  EXPECT_EQ(st->legal_actions(kG).size(), 2u);
  play(*st, kG, "displace hq=G-5CD to=0903");
  EXPECT_EQ(hq_hex(*st, "G-6CD"), H("0801"));
  EXPECT_EQ(hq_hex(*st, "G-5CD"), H("0903"));
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));  // back to the French march
}

TEST(Wate1870_GAP_W_35, WithNowhereToGoTheHqSuffersACasualtyResultOfOne) {
  auto st = make(R"(hqs:
  - {hq: G-5CD, hex: "0703"}
sps:
  - {side: French, sp: 2, hex: "0602"}
  - {side: German, sp: 2, formation: G-5CD, hex: "1003"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hex=0602");
  play(*st, kF, "march");
  const auto ev = play(*st, kF, "move to=0703");
  EXPECT_TRUE(has_event(
      ev, "is alone in 0703 with no friendly SP within 2 hexes: an automatic casualty result of 1"))
      << all_text(ev);
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);  // the 1d3 turns off map, read from a d6
  const auto outs = st->chance_outcomes();
  ASSERT_EQ(outs.size(), 6u);
  for (const auto& o : outs) EXPECT_EQ(o.probability, Fraction(1, 6));
  expect_round_trip(*st);
  const auto ev2 = roll(*st, {4});  // 1d3 = 2
  EXPECT_TRUE(
      has_event(ev2, "removed and replaced by its reverse, returns in 2 turns (rule 8.5.1)"))
      << all_text(ev2);
  const HqUnit* q = st->position().hq("G-5CD");
  EXPECT_FALSE(q->hex.has_value());
  EXPECT_TRUE(q->flipped);  // a result of 1 flips it
  EXPECT_EQ(q->returns_on_turn, 6);
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
}

// Ruling C-8: an HQ struck off the map (8.5.1) gives no more orders. The French
// I Corps HQ detaches its only SP, which attacks 8 German SP and is eliminated;
// the HQ, alone with no friendly SP within 2 hexes, takes its automatic casualty.
// Its activation then ends, where it would have given its next order (found by a
// soak in session 22: the order read the hex of an HQ off the map).
TEST(Wate1870_8_5_1, AnHqStruckOffTheMapGivesNoMoreOrders_RulingC8) {
  auto st = make(R"(hqs:
  - {hq: F-I, hex: "0603"}
sps:
  - {side: French, sp: 1, formation: F-I, hex: "0603"}
  - {side: German, sp: 8, hex: "0703"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-I");
  play(*st, kF, "detach hex=0603 sp=1");
  play(*st, kF, "march");
  play(*st, kF, "attack to=0703");
  // French 1+2, German 6+5: the French SP is eliminated; then 1d3 = 1 turn off the map.
  ScriptedDice dice({1, 2, 6, 5, 1});
  Events ev;
  for (int i = 0; i < 20 && hq_hex(*st, "F-I") && !st->terminal(); ++i) {
    if (st->to_move().kind == MoveKind::kChance) {
      auto e = resolve_chance(*st, dice);
      ASSERT_TRUE(e.ok()) << e.error().to_string();
      ev.insert(ev.end(), e->begin(), e->end());
      continue;
    }
    const Player p = st->to_move().players.front();
    const std::string order =
        is_legal(*st, p, "decline") ? "decline" : st->legal_actions(p).front().to_string();
    auto e = play(*st, p, order);
    ev.insert(ev.end(), e.begin(), e.end());
  }
  ASSERT_TRUE(has_event(ev, "automatic casualty result of 1")) << all_text(ev);
  const Events& off = ev;
  EXPECT_FALSE(hq_hex(*st, "F-I").has_value());
  EXPECT_TRUE(has_event(off,
                        "I Corps (MacMahon) HQ is off the map and gives no more orders: its "
                        "activation ends (rules 7.0, 8.5.1; ruling C-8)"))
      << all_text(off);
  EXPECT_TRUE(st->frames().empty());
  for (const auto& s : st->steps()) EXPECT_NE(s.kind, StepKind::kHqOrders);
  // What follows does not depend on where the HQ stood before it left the map.
  auto back = WateState::from_json(shipped_data(), st->serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st->hash());
  EXPECT_EQ((*back)->legal_actions(kF), st->legal_actions(kF));
}

TEST(Wate1870_GAP_W_35, AGermanArmyHqWithNowhereToGoLosesTheGame) {
  // GAP-W-30: a casualty result of 1 to a German army HQ is a French automatic victory.
  auto st = make(R"(hqs:
  - {hq: G-2A, hex: "0703"}
sps:
  - {side: French, sp: 2, hex: "0602"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hex=0602");
  play(*st, kF, "march");
  play(*st, kF, "move to=0703");
  roll(*st, {1});
  EXPECT_TRUE(st->terminal());
  EXPECT_EQ(st->winner(), Side::kFrench);
}

TEST(Wate1870_GAP_W_35, AnHqIsDisplacedOnlyWhenItsHexIsEntered) {
  // Only entering its hex displaces it; a French force next to it leaves it be.
  auto st = make(R"(hqs:
  - {hq: G-5CD, hex: "0703"}
sps:
  - {side: French, sp: 2, hex: "0601"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hex=0601");
  play(*st, kF, "march");
  play(*st, kF, "move to=0602");  // adjacent to 0703
  EXPECT_EQ(hq_hex(*st, "G-5CD"), H("0703"));
  EXPECT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
}

// ---- combat leaves the HQ without its SP (8.5, 8.6) ----

// I Corps (6 SP) attacks 1 German SP with the III Corps HQ in 0703; German SP wait in 0903.
std::unique_ptr<WateState> lone_after_combat() {
  auto st = make(R"(hqs:
  - {hq: F-I, hex: "0603"}
  - {hq: G-III, hex: "0703"}
sps:
  - {side: French, sp: 6, formation: F-I, hex: "0603"}
  - {side: German, sp: 1, formation: G-III, hex: "0703"}
  - {side: German, sp: 3, formation: G-III, hex: "0903"}
)");
  if (!st) return st;
  play(*st, kF, "activate hq=F-I");
  play(*st, kF, "attack target=0703 from=0603");
  return st;
}

TEST(Wate1870_GAP_W_35, AnHqWhoseSpAreAllEliminatedDisplacesBeforeTheAdvance) {
  auto st = lone_after_combat();
  ASSERT_TRUE(st);
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
  // French 6+5 (+2 CRM), German 1+2: the German loses, spread > 2: its one SP is eliminated.
  roll(*st, {6, 5, 1, 2});
  Events ev;
  while (st->to_move().kind == MoveKind::kPlayer) {
    const Player p = st->to_move().players.front();
    const auto legal = st->legal_actions(p);
    ASSERT_FALSE(legal.empty());
    if (legal.front().verb != "eliminate" && legal.front().verb != "degrade") break;
    auto e = play(*st, p, legal.front().to_string());
    ev.insert(ev.end(), e.begin(), e.end());
  }
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0703", Status::kGood), 0);
  EXPECT_TRUE(has_event(ev, "alone in 0703, displaces to 0903 (ruling GAP-W-35)")) << all_text(ev);
  EXPECT_EQ(hq_hex(*st, "G-III"), H("0903"));
  // Then 8.7: the French may advance into the empty hex, where no German HQ remains.
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_TRUE(is_legal(*st, kF, "advance from=0603"));
  play(*st, kF, "advance from=0603");
  for (const auto& q : st->hqs()) EXPECT_NE(q.hex, H("0703")) << q.id;
}

// ---- a fortress falls (9.0, ruling P-2) ----

// Strasbourg (2609, SR 5) besieged by 16 German SP, its garrison F-I with 3 SP,
// and 1 French SP in 2509 for the HQ to go to; `more` adds SP lines.
std::string strasbourg_siege(const std::string& more = "") {
  return R"(name: "siege displacement test"
source: "reconstructed: test"
turn: 14
phase: siege
rp: {French: 0, German: 22, source: "reconstructed: test"}
hqs:
  - {hq: G-3A, hex: "2609", source: "reconstructed: test"}
  - {hq: F-I, hex: "2609", source: "reconstructed: test"}
sps:
  - {side: German, sp: 16, formation: G-3A, hex: "2609", source: "reconstructed: test"}
  - {side: French, sp: 3, formation: F-I, hex: "2609", status: disrupted, source: "reconstructed: test"}
  - {side: French, sp: 1, formation: F-I, hex: "2509", source: "reconstructed: test"}
)" + more;
}

TEST(Wate1870_GAP_W_35, AnHqInAFallenFortressDisplacesToFriendlySp) {
  auto st = testing::situation(strasbourg_siege());
  ASSERT_TRUE(st);
  const auto ev = roll(*st, {6});  // 6 + 1 > SR 5: Strasbourg falls
  EXPECT_TRUE(st->position().fortress_destroyed(H("2609")));
  EXPECT_TRUE(has_event(ev, "alone in 2609, displaces to 2509 (ruling GAP-W-35)")) << all_text(ev);
  EXPECT_EQ(hq_hex(*st, "F-I"), H("2509"));
  EXPECT_FALSE(st->position().hq("F-I")->flipped);
}

// The owner's choice of where to go is a step of the siege phase: a game saved
// there loads (session 32's soak: such a save was refused as "not one of the
// siege phase"), with or without another siege's roll still below it.
TEST(Wate1870_GAP_W_35, AGameSavedWhileAnHqDisplacesAfterASiegeLoads) {
  for (const bool second_siege : {false, true}) {
    // A second French SP in 2510: two places to go, so the owner chooses.
    std::string more =
        R"(  - {side: French, sp: 1, formation: F-I, hex: "2510", source: "reconstructed: test"}
)";
    if (second_siege)  // Selestat (2611) besieged too: its roll comes after Strasbourg's
      more += R"(  - {side: German, sp: 16, hex: "2611", source: "reconstructed: test"}
  - {side: French, sp: 1, hex: "2611", source: "reconstructed: test"}
)";
    auto st = testing::situation(strasbourg_siege(more));
    ASSERT_TRUE(st);
    (void)roll(*st, {6});  // Strasbourg falls; F-I may go to 2509 or 2510
    ASSERT_FALSE(st->steps().empty());
    ASSERT_EQ(st->steps().back().kind, StepKind::kHqDisplace);
    EXPECT_EQ(st->steps().size(), second_siege ? 2u : 1u);
    const auto loaded = WateState::from_json(shipped_data(), st->serialize());
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ((*loaded)->hash(), st->hash());
  }
}

}  // namespace
}  // namespace rz::wate1870
