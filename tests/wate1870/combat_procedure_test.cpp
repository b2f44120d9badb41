// The combat sequence driven through the contract (7.4, 8.0-8.7), on the
// rulebook's own example of 8.3 (19 SP attack 6 SP in clear), and ruling
// GAP-W-37: a hex may be attacked again, and an activated force defends alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "../shipped_game.hpp"
#include "../text_match.hpp"
#include "action_phase_fixture.hpp"
#include "core/dice.hpp"
#include "phases_fixture.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using test_support::contains;
using test_support::game;

using testing::kF;
using testing::kG;
using testing::play;

std::unique_ptr<WateState> example_8_3() {
  auto st = game().initial_state(std::string(REISSWITZ_SOURCE_DIR) +
                                     "/data/wate1870/scenarios/examples/crm_8_3_nineteen_against_six.yaml",
                                 {}, 1);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return std::unique_ptr<WateState>(static_cast<WateState*>(std::move(st).value().release()));
}

std::string all_text(const Events& ev) {
  std::string s;
  for (const auto& e : ev) s += e.text + "\n";
  return s;
}

// German wins the initiative and launches the 8.3 attack with both HQs.
std::unique_ptr<WateState> attack_launched(Events* out = nullptr) {
  auto st = example_8_3();
  ScriptedDice init({1, 6});
  EXPECT_TRUE(resolve_chance(*st, init).ok());
  play(*st, kG, "activate hq=G-2A");
  auto ev = play(*st, kG, "attack target=1408 from=1508 with=G-III");
  if (out) *out = ev;
  return st;
}

// The scenario of the 8.3 example, played out: the German force stands deep in
// France without a line of communication, so 8.2 halves it (19 -> 9).
TEST(Wate1870_8_2_Procedure, AnAttackerWithoutLocIsHalvedAndMayNotCommitArtillery) {
  Events ev;
  auto st = attack_launched(&ev);
  const std::string text = all_text(ev);
  EXPECT_NE(text.find("German 19 SP; no LOC halved → 9 (8.2)"), std::string::npos) << text;
  // 9:6 is 1:1 (0/0); German army and corps AB +1 each, French corps DB +1 (GAP-W-05, GAP-W-06).
  EXPECT_NE(text.find("German 9 SP against French 6 SP: CRM 1:1, DRM German +2, French +1"),
            std::string::npos)
      << text;
  // 8.4: no LOC, no artillery; the French cannot pay 6 RP with 4: nobody is asked, the dice roll.
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);
}

TEST(Wate1870_8_5_Procedure, LoserAndWinnerAbsorbTheSpreadChosenByTheirOwners) {
  auto st = attack_launched();
  ScriptedDice dice({6, 5, 1, 2});  // German 11 + 2 = 13, French 3 + 1 = 4: spread 9
  auto rolled = resolve_chance(*st, dice);
  ASSERT_TRUE(rolled.ok());
  // The last roll is applied inside resolve_chance; its events hold the result.
  const std::string text = all_text(*rolled);
  EXPECT_NE(text.find("German wins, spread 9"), std::string::npos) << text;
  EXPECT_NE(text.find("4 SP eliminated, 5 steps; German absorbs 4 steps"), std::string::npos) << text;
  std::vector<std::string> french, german;
  std::string losses;
  while (!st->terminal() && st->to_move().kind == MoveKind::kPlayer) {
    const Player p = st->to_move().players.front();
    const auto legal = st->legal_actions(p);
    if (legal.front().verb != "eliminate" && legal.front().verb != "degrade") break;
    (p == kF ? french : german).push_back(legal.front().verb);
    losses += all_text(play(*st, p, legal.front().to_string()));
  }
  // Each step names the status it leaves (it said "-> worse").
  EXPECT_NE(losses.find("(good -> disrupted) (rule 8.5)"), std::string::npos) << losses;
  EXPECT_NE(losses.find("(disrupted -> demoralized) (rule 8.5)"), std::string::npos) << losses;
  // 4 SP eliminated, then 5 steps on the last 2 SP: one eliminated (3 steps), one demoralized (2).
  EXPECT_EQ(french, (std::vector<std::string>{"eliminate", "eliminate", "eliminate", "eliminate", "degrade",
                                               "degrade", "degrade", "degrade", "degrade"}));
  EXPECT_EQ(german, (std::vector<std::string>{"degrade", "degrade", "degrade", "degrade"}));
  int french_sp = 0;
  for (const auto& g : st->sps())
    if (g.side == Side::kFrench) {
      french_sp += g.count;
      EXPECT_EQ(g.status, Status::kDemoralized);
    }
  EXPECT_EQ(french_sp, 1);
  // 8.6: the beaten French SP must retreat; every choice offered is a retreat.
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  for (const auto& a : st->legal_actions(kF)) EXPECT_EQ(a.verb, "retreat");
  auto refused = st->apply(kF, Action("stay"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "8.6");
}

TEST(Wate1870_7_4, PlannedAttacksAreRefusedWithTheirRule) {
  auto st = example_8_3();
  ScriptedDice init({1, 6});
  ASSERT_TRUE(resolve_chance(*st, init).ok());
  play(*st, kG, "activate hq=G-2A");
  const auto before = st->hash();
  for (const auto& [text, rule] : std::vector<std::pair<std::string, std::string>>{
           {"attack target=1409 from=1508", "7.4"},            // no enemy force there
           {"attack target=1408 from=1407", "7.4"},            // the HQ is not in an attacking hex
           {"attack target=1408 from=1508 with=F-VI", ""},     // not a German HQ
       }) {
    auto r = st->apply(kG, *Action::parse(text));
    ASSERT_FALSE(r.ok()) << text;
    if (!rule.empty()) {
      EXPECT_EQ(r.error().rule, rule) << text << ": " << r.error().to_string();
    }
  }
  // A malformed order says which of its hexes is wrong (session 36's play test).
  for (const auto& [text, says] : std::vector<std::pair<std::string, std::string>>{
           {"attack target=14O8 from=1508", "target '14O8' is not a hex number"},
           {"attack target=1408 from=15O8", "from '15O8' is not a list of hex numbers"},
       }) {
    auto r = st->apply(kG, *Action::parse(text));
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_TRUE(contains(r.error().message, says)) << r.error().to_string();
  }
  EXPECT_EQ(st->hash(), before);
}

// The same when the command limit is used up before a hex: the 8.3 example's
// 2nd Army (limit 12) takes 12 of the 19 SP of 1508 and none of 1509; with III
// Corps (limit 8) the 20 SP reach all of 1508 and one SP of 1509.
TEST(Wate1870_7_4, AHexTheCommandLimitDoesNotReachIsNoAttackingHex) {
  auto st = testing::situation(R"(name: "7.4 limit test"
source: "reconstructed: test"
turn: 12
phase: action
vp: {value: 8, source: "reconstructed: test"}
rp: {French: 4, German: 10, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-2A, hex: "1508", source: "reconstructed: test"}
  - {hq: G-III, hex: "1508", source: "reconstructed: test"}
  - {hq: F-VI, hex: "1408", source: "reconstructed: test"}
sps:
  - {side: German, sp: 12, formation: G-2A, hex: "1508", source: "reconstructed: test"}
  - {side: German, sp: 7, formation: G-III, hex: "1508", source: "reconstructed: test"}
  - {side: German, sp: 2, formation: G-III, hex: "1509", source: "reconstructed: test"}
  - {side: French, sp: 6, formation: F-VI, hex: "1408", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-2A");
  const auto before = st->hash();
  auto r = st->apply(kG, *Action::parse("attack target=1408 from=1508,1509"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "3.6.2");
  EXPECT_TRUE(contains(r.error().message,
                       "the command limit is used up by the SP of the hexes named before 1509"))
      << r.error().to_string();
  EXPECT_EQ(st->hash(), before);
  const auto legal = st->legal_actions(kG);
  const auto listed = [&](const std::string& text) {
    return std::any_of(legal.begin(), legal.end(),
                       [&](const Action& a) { return a.to_string() == text; });
  };
  EXPECT_FALSE(listed("attack target=1408 from=1508,1509"));
  EXPECT_TRUE(listed("attack target=1408 from=1508,1509 with=G-III"));
  // The same set in the order the limit accepts, 1509's SP first, is listed
  // (ruling C-9): the bots may choose it too.
  EXPECT_TRUE(listed("attack target=1408 from=1509,1508"));
  auto other_order = st->clone();
  const Events first = play(*other_order, kG, "attack target=1408 from=1509,1508");
  EXPECT_TRUE(has_event(first, "German 2 SP in 1509")) << all_text(first);
  const Events ev = play(*st, kG, "attack target=1408 from=1508,1509 with=G-III");
  EXPECT_TRUE(has_event(ev, "German 1 SP in 1509")) << all_text(ev);
}

// Each set of attacking hexes is listed once (ruling C-9): the HQ's hex first
// when the limit allows, whatever other orders check() would also accept.
TEST(Wate1870_7_4, EachSetOfAttackingHexesIsListedOnce) {
  auto st = testing::situation(R"(name: "7.4 list test"
source: "reconstructed: test"
turn: 12
phase: action
vp: {value: 8, source: "reconstructed: test"}
rp: {French: 4, German: 10, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-III, hex: "1508", source: "reconstructed: test"}
  - {hq: F-VI, hex: "1408", source: "reconstructed: test"}
sps:
  - {side: German, sp: 3, formation: G-III, hex: "1508", source: "reconstructed: test"}
  - {side: German, sp: 2, formation: G-III, hex: "1509", source: "reconstructed: test"}
  - {side: French, sp: 6, formation: F-VI, hex: "1408", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-III");
  // Both orders are accepted when typed; only the HQ's hex first is listed.
  EXPECT_TRUE(st->check(kG, *Action::parse("attack target=1408 from=1509,1508")));
  EXPECT_TRUE(st->check(kG, *Action::parse("attack target=1408 from=1508,1509")));
  std::vector<std::string> two_hex;
  for (const auto& a : st->legal_actions(kG))
    if (a.verb == "attack" && a.to_string().find(',') != std::string::npos)
      two_hex.push_back(a.to_string());
  EXPECT_EQ(two_hex, std::vector<std::string>{"attack target=1408 from=1508,1509"});
}

// 8.5.1, 11.0: Napoleon III, already wounded (his reverse side), struck again
// on a double loses the French the game at once (session 35's audit: only the
// predicate was tested, not that the game ends).
TEST(Wate1870_11_0, NapoleonsSecondCasualtyEndsTheGameAtOnce) {
  auto st = testing::situation(R"(name: "8.5.1 test"
source: "reconstructed: test"
turn: 12
phase: action
vp: {value: 8, source: "reconstructed: test"}
rp: {French: 4, German: 10, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-2A, hex: "1508", source: "reconstructed: test"}
  - {hq: F-NAP, hex: "1408", replacement: true, source: "reconstructed: test: wounded once"}
sps:
  - {side: German, sp: 12, formation: G-2A, hex: "1508", source: "reconstructed: test"}
  - {side: French, sp: 6, formation: F-NAP, hex: "1408", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-2A");
  play(*st, kG, "attack target=1408 from=1508");
  // German 6+5, French 1+1: the French double calls Napoleon's check; 1d6 = 1.
  ScriptedDice dice({6, 5, 1, 1, 1, 1});
  const auto ev = resolve_chance(*st, dice);
  ASSERT_TRUE(ev.ok()) << ev.error().to_string();
  EXPECT_TRUE(st->terminal());
  ASSERT_TRUE(st->winner().has_value());
  EXPECT_EQ(*st->winner(), Side::kGerman);
  EXPECT_NE(st->end_reason().find("Napoleon III was eliminated (rules 8.5.1, 11.0)"),
            std::string::npos)
      << st->end_reason();
  EXPECT_EQ(st->returns(), (std::vector<double>{0.0, 1.0}));
}

TEST(Wate1870_8_0, ACombatCanBeSavedAndResumedAtEveryDecision) {
  auto st = attack_launched();
  auto back = game().deserialize(st->serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st->hash());
  // Doubles on both sides: 8.5.1 casualty checks for the two German HQs and the French one (1d6 + 1d3 each).
  const std::vector<int> pips{6, 6, 1, 1, 3, 1, 4, 1, 1, 5};
  ScriptedDice d1(pips), d2(pips);
  auto r1 = resolve_chance(*st, d1);
  ASSERT_TRUE(r1.ok()) << r1.error().to_string();
  ASSERT_TRUE(resolve_chance(**back, d2).ok());
  EXPECT_EQ(d1.remaining(), 0u);
  const std::string text = all_text(*r1);
  EXPECT_NE(text.find("casualty check 1d6 = 3: unharmed"), std::string::npos) << text;
  // The French corps HQ rolls 1: removed, replaced by its reverse, back in 1d3 = 3 turns (5 -> 3).
  EXPECT_NE(text.find("removed and replaced by its reverse, returns in 3 turns"), std::string::npos)
      << text;
  EXPECT_EQ((*back)->hash(), st->hash());
  EXPECT_EQ((*back)->legal_actions(kG), st->legal_actions(kG));
}

// ---- 8.7 Advance After Combat ----

// A French corps in 0602 (2 good, 2 demoralized SP; LOC to the west edge) attacks
// 2 German SP without a LOC in 0702; 3 good German SP in 0803 put 0702 in their ZOC.
// Strength 2 + 1 (3.5.1) against 2 halved (8.2) = 3:1, DRM +3 / -3; the French
// have no RP for artillery. The French roll 1+3 (7), the Germans 6+3 (6): the
// French win by 1, the Germans lose 1 SP and retreat from 0702.
// The attack ordered, before the dice; `ev` gets what the order told.
// The corps activated, before its attack.
std::unique_ptr<WateState> french_corps_activated() {
  auto st = testing::situation(R"(name: "8.7 test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 0, German: 0, source: "reconstructed: test"}
first_activation: {side: French, source: "reconstructed: test"}
hqs:
  - {hq: F-IV, hex: "0602", source: "reconstructed: test"}
sps:
  - {side: French, sp: 2, formation: F-IV, hex: "0602", source: "reconstructed: test"}
  - {side: French, sp: 2, formation: F-IV, hex: "0602", status: demoralized, source: "reconstructed: test"}
  - {side: German, sp: 2, hex: "0702", source: "reconstructed: test"}
  - {side: German, sp: 3, hex: "0803", source: "reconstructed: test"}
)");
  if (!st) return nullptr;
  play(*st, kF, "activate hq=F-IV");
  return st;
}

std::unique_ptr<WateState> french_attack_ordered(Events* ev = nullptr) {
  auto st = french_corps_activated();
  if (!st) return nullptr;
  const Events told = play(*st, kF, "attack target=0702 from=0602");
  if (ev) *ev = told;
  return st;
}

std::unique_ptr<WateState> french_attack_won() {
  auto st = french_attack_ordered();
  if (!st) return nullptr;
  ScriptedDice dice({1, 3, 6, 3});
  EXPECT_TRUE(resolve_chance(*st, dice).ok());
  play(*st, kG, "eliminate hex=0702 formation=none status=good");
  // The German SP left must retreat; any of its paths.
  const auto retreats = st->legal_actions(kG);
  EXPECT_FALSE(retreats.empty());
  if (!retreats.empty()) play(*st, kG, retreats.front().to_string());
  return st;
}

// 8.5: the loss under way as the rules give it to a bot (WateState::loss):
// the German eliminates its first LP from its one kind of engaged SP, and the
// list's orders are the kinds' orders, in their order. Before the roll there
// is no loss to take.
TEST(Wate1870_8_5_Procedure, TheLossUnderWayIsWhatTheListOffers) {
  auto st = french_attack_ordered();
  ASSERT_TRUE(st);
  EXPECT_TRUE(st->loss().picks.empty());
  ScriptedDice dice({1, 3, 6, 3});
  ASSERT_TRUE(resolve_chance(*st, dice).ok());
  const auto loss = st->loss();
  EXPECT_TRUE(loss.eliminate);
  ASSERT_EQ(loss.picks.size(), 1u);
  EXPECT_EQ(loss.picks[0].hex.id(), "0702");
  EXPECT_TRUE(loss.picks[0].formation.empty());
  EXPECT_EQ(loss.picks[0].status, Status::kGood);
  std::vector<std::string> listed, made;
  for (const auto& a : st->legal_actions(kG)) listed.push_back(a.to_string());
  for (const auto& p : loss.picks) made.push_back(loss.order(p).to_string());
  EXPECT_EQ(listed, std::vector<std::string>{"eliminate hex=0702 formation=none status=good"});
  EXPECT_EQ(made, listed);
}

// Session 35's play test: a hex named in a Planned Attack with no SP to attack
// with was taken ("French 0 SP in 2306"): an attacking hex attacks with SP
// (7.4). Such a hex took one of the French two, and could undo a river shift
// (ruling T-2).
TEST(Wate1870_7_4, EveryAttackingHexAttacksWithSp) {
  auto st = french_corps_activated();
  ASSERT_TRUE(st);
  const auto before = st->hash();
  // 0701 is next to 0602 and to the defender in 0702, and empty.
  auto r = st->apply(kF, *Action::parse("attack target=0702 from=0602,0701"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "7.4");
  EXPECT_TRUE(contains(r.error().message, "0701 holds no unactivated SP of yours to attack with"))
      << r.error().to_string();
  EXPECT_EQ(st->hash(), before);
  for (const auto& a : st->legal_actions(kF))
    EXPECT_FALSE(a.verb == "attack" && contains(*a.get("from"), "0701")) << a.to_string();
  EXPECT_TRUE(st->apply(kF, *Action::parse("attack target=0702 from=0602")).ok());
}

// The play test of session 34: a side with a LOC but too few RP was never
// asked about its artillery, and nothing said why. The French hold 0 RP; the
// Germans have no LOC (8.2).
TEST(Wate1870_8_4, ASideThatCannotPayForItsArtilleryIsToldWhy) {
  Events ev;
  auto st = french_attack_ordered(&ev);
  ASSERT_TRUE(st);
  EXPECT_TRUE(has_event(ev, "French cannot commit artillery: 4 RP needed, 0 held (rule 8.4)"))
      << all_text(ev);
  EXPECT_FALSE(has_event(ev, "German cannot commit artillery"))
      << all_text(ev);  // no LOC: said in 8.2
  EXPECT_TRUE(has_event(ev, "DRM French +3, German -3 (rule 8.3)")) << all_text(ev);
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);  // straight to the dice
}

TEST(Wate1870_8_7, TheWinnerOfAPlannedAttackMayAdvanceIntoTheVacatedHexIgnoringTheEzoc) {
  auto st = french_attack_won();
  ASSERT_TRUE(st);
  EXPECT_EQ(testing::sp_of(*st, Side::kGerman, "0702", Status::kGood), 0);
  // The winner chooses: advance from the attacking hex (its HQ with it or not: ruling C-11), or
  // stay.
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_EQ(st->legal_actions(kF),
            (std::vector<Action>{Action("stay"), Action("advance").with("from", "0602"),
                                 Action("advance").with("from", "0602").with("hq", "F-IV")}));
  // The defender may never advance (8.7): it is not even its turn.
  EXPECT_EQ(st->check(kG, Action("advance").with("from", "0702")).error().code, Code::kNotYourTurn);
  const auto ev = play(*st, kF, "advance from=0602");
  EXPECT_NE(all_text(ev).find("French advances 2 SP from 0602 into 0702 (rule 8.7)"),
            std::string::npos)
      << all_text(ev);
  // Only the SP not demoralized advance, into the German ZOC, without MP.
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "0702", Status::kGood), 2);
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "0702", Status::kDemoralized), 0);
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "0602", Status::kDemoralized), 2);
  EXPECT_EQ(st->controller(*hex::parse_hex("0702")), Side::kFrench);
}

// 8.7 "any units which supported the combat": the HQ that led the attack goes
// with the SP of its hex if the player says so (ruling C-11). It was left behind
// alone, and its SP defended the next attack without its DB (session 33's play test).
TEST(Wate1870_8_7, TheHqOfTheAttackMayAdvanceWithTheSpOfItsHex_RulingC11) {
  auto st = french_attack_won();
  ASSERT_TRUE(st);
  const auto ev = play(*st, kF, "advance from=0602 hq=F-IV");
  EXPECT_TRUE(contains(all_text(ev),
                       "French advances 2 SP from 0602 into 0702 (rule 8.7)\n"
                       "IV Corps (Ladmirault) HQ advances with them into 0702 "
                       "(rule 8.7, ruling C-11)"))
      << all_text(ev);
  EXPECT_EQ(st->position().hq("F-IV")->hex, hex::parse_hex("0702"));
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "0702", Status::kGood), 2);
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "0602", Status::kDemoralized), 2);
  auto back = game().deserialize(st->serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st->hash());
}

// No HQ but the attack's, none alone, and not from another hex; a refusal changes nothing.
TEST(Wate1870_8_7, OnlyTheHqsOfTheAttackAdvanceAndOnlyWithSp_RulingC11) {
  auto st = french_attack_won();
  ASSERT_TRUE(st);
  const auto before = st->hash();
  for (const char* order : {"advance from=0602 hq=F-I", "advance from=0602 hq=F-IV,F-IV",
                            "advance from=0702 hq=F-IV"}) {
    const auto r = st->check(kF, *Action::parse(order));
    ASSERT_FALSE(r.ok()) << order;
    EXPECT_EQ(r.error().rule, "8.7") << order;
    EXPECT_FALSE(st->apply(kF, *Action::parse(order)).ok()) << order;
    EXPECT_EQ(st->hash(), before) << order;
  }
  EXPECT_TRUE(contains(st->check(kF, *Action::parse("advance from=0602 hq=F-I")).error().message,
                       "only the HQs of the attack advance"));
}

TEST(Wate1870_8_7, TheWinnerMayStay) {
  auto st = french_attack_won();
  ASSERT_TRUE(st);
  play(*st, kF, "stay");
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "0602", Status::kGood), 2);
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "0702", Status::kGood), 0);
}

// Plays the combat's decisions (first choice each) and dice until it is over;
// returns whether an advance was ever offered.
bool finish_combat(WateState& st, std::vector<int> pips) {
  ScriptedDice dice(std::move(pips));
  SeededDice more(7);
  bool advance = false;
  for (int guard = 0; guard < 200 && !nlohmann::json::parse(st.serialize()).at("combat").is_null();
       ++guard) {
    if (st.to_move().kind == MoveKind::kChance) {
      DiceSource& d = dice.remaining() > 0 ? static_cast<DiceSource&>(dice) : more;
      EXPECT_TRUE(
          st.apply(kChance, st.chance_outcomes()[*d.pick(st.chance_outcomes())].action).ok());
      continue;
    }
    const Player p = st.to_move().players.front();
    for (const auto& a : st.legal_actions(p)) advance = advance || a.verb == "advance";
    play(st, p, st.legal_actions(p).front().to_string());
  }
  return advance;
}

TEST(Wate1870_8_7, AnAttackerWithoutALocDoesNotAdvance) {
  // 8.3's example: the German attacker has no LOC. German 6+5 +2 = 13 against
  // French 1+2 +1 = 4: the French lose and leave 1408.
  auto st = attack_launched();
  EXPECT_FALSE(finish_combat(*st, {6, 5, 1, 2}));
  EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "1408", Status::kGood) +
                testing::sp_of(*st, Side::kFrench, "1408", Status::kDisrupted) +
                testing::sp_of(*st, Side::kFrench, "1408", Status::kDemoralized),
            0);
  for (Status s : {Status::kGood, Status::kDisrupted, Status::kDemoralized})
    EXPECT_EQ(testing::sp_of(*st, Side::kGerman, "1408", s), 0);
}

TEST(Wate1870_8_7, TheDefenderNeverAdvances) {
  // German 1+2 +2 = 5 against French 6+5 +1 = 12: the attacker loses and retreats from 1508.
  auto st = attack_launched();
  EXPECT_FALSE(finish_combat(*st, {1, 2, 6, 5}));
  for (Status s : {Status::kGood, Status::kDisrupted, Status::kDemoralized}) {
    EXPECT_EQ(testing::sp_of(*st, Side::kGerman, "1508", s), 0);
    EXPECT_EQ(testing::sp_of(*st, Side::kFrench, "1508", s), 0);
  }
  EXPECT_GT(testing::sp_of(*st, Side::kFrench, "1408", Status::kGood) +
                testing::sp_of(*st, Side::kFrench, "1408", Status::kDisrupted),
            0);
}

// ---- GAP-W-37: no limit on being attacked; activation does not weaken a defence ----

// French IV Corps (3 SP) in 0602 and VI Corps (3 SP) in 0701, both next to
// 0702, where the German III Corps HQ stands with 3 SP and no LOC (halved, 8.2).
std::unique_ptr<WateState> twice_attacked_hex() {
  return testing::action_phase(R"(hqs:
  - {hq: F-IV, hex: "0602"}
  - {hq: F-VI, hex: "0701"}
  - {hq: G-III, hex: "0702"}
sps:
  - {side: French, sp: 3, formation: F-IV, hex: "0602"}
  - {side: French, sp: 3, formation: F-VI, hex: "0701"}
  - {side: German, sp: 3, formation: G-III, hex: "0702"}
)",
                               Side::kFrench, {}, 0);
}

// The line of 8.3 that states the strengths, CRM and DRMs of a combat.
std::string combat_line(const Events& ev) {
  for (const auto& e : ev)
    if (e.text.find("CRM") != std::string::npos && e.text.find("(rule 8.3)") != std::string::npos)
      return e.text;
  return "";
}

TEST(Wate1870_GAP_W_37, AHexHoldingItsGroundMayBeAttackedAgainInTheSameTurn) {
  auto st = twice_attacked_hex();
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-IV");
  play(*st, kF, "attack target=0702 from=0602");
  // 3 SP against 3 halved to 1: 3:1, DRM French +3, German -3 (8.2, 8.3). French
  // 1+2 +3 = 6 against German 6+5 -3 = 8: the attack fails and 0702 stays German.
  ScriptedDice dice({1, 2, 6, 5});
  ASSERT_TRUE(resolve_chance(*st, dice).ok());
  for (int i = 0; i < 20 && st->to_move().kind == MoveKind::kPlayer &&
                  st->steps().back().kind != StepKind::kActivate;
       ++i) {
    const Player p = st->to_move().players.front();
    play(*st, p, st->legal_actions(p).front().to_string());
  }
  ASSERT_GT(testing::sp_of(*st, Side::kGerman, "0702", Status::kGood) +
                testing::sp_of(*st, Side::kGerman, "0702", Status::kDisrupted) +
                testing::sp_of(*st, Side::kGerman, "0702", Status::kDemoralized),
            0);
  // The French win the next initiative, and VI Corps attacks the same hex.
  ScriptedDice initiative({6, 1});
  ASSERT_TRUE(resolve_chance(*st, initiative).ok());
  play(*st, kF, "activate hq=F-VI");
  const auto attack = Action::parse("attack target=0702 from=0701");
  ASSERT_TRUE(attack.ok());
  const auto legal = st->legal_actions(kF);
  EXPECT_NE(std::find(legal.begin(), legal.end(), *attack), legal.end());
  const auto ev = st->apply(kF, *attack);
  ASSERT_TRUE(ev.ok()) << ev.error().to_string();
  EXPECT_NE(combat_line(*ev), "");
}

TEST(Wate1870_GAP_W_37, AnActivatedForceDefendsAsAnUnactivatedOne) {
  // At once: IV Corps attacks 0702 before the Germans act.
  auto fresh = twice_attacked_hex();
  ASSERT_TRUE(fresh);
  play(*fresh, kF, "activate hq=F-IV");
  const std::string unactivated = combat_line(play(*fresh, kF, "attack target=0702 from=0602"));
  // Later: the German III Corps HQ and its 3 SP have activated and held first.
  auto st = twice_attacked_hex();
  ASSERT_TRUE(st);
  play(*st, kF, "pass");
  play(*st, kG, "activate hq=G-III");
  play(*st, kG, "detach hex=0702 sp=3");
  play(*st, kG, "hold");
  play(*st, kG, "end");
  ScriptedDice initiative({6, 1});
  ASSERT_TRUE(resolve_chance(*st, initiative).ok());
  int activated = 0;
  for (const auto& g : st->sps())
    if (g.side == Side::kGerman && g.activated) activated += g.count;
  ASSERT_EQ(activated, 3);
  play(*st, kF, "activate hq=F-IV");
  const std::string after = combat_line(play(*st, kF, "attack target=0702 from=0602"));
  EXPECT_NE(unactivated, "");
  EXPECT_EQ(after, unactivated);
}

// ---- 7.1.1 March Combat: what entering the defender's hex costs ----

// The force "enters the defending force's hex" (7.1.1), so a March Combat costs
// what a move there would: 12.4's bridge and 12.1's civilian resistance too
// (session 36's audit: the attack paid the terrain and the river only).
std::unique_ptr<WateState> march_combat_test(const char* french_hex, const char* german_hex,
                                             GameOptions options) {
  return situation(std::string(R"(name: "7.1.1 cost test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
sps:
  - {side: French, sp: 2, hex: ")") +
                       french_hex + R"(", source: "reconstructed: test"}
  - {side: German, sp: 3, hex: ")" +
                       german_hex + R"(", source: "reconstructed: test"}
)",
                   std::move(options));
}

GameOptions with_option(const char* rule) {
  GameOptions o;
  o.values[rule] = "on";
  return o;
}

// The Saar rail bridge from 2306 into 2206 (clear, 1 MP): 2 MP over the river,
// 1 MP with 12.4. The German force reaches 2306 with 1 MP left.
std::unique_ptr<WateState> at_the_saar_with_one_mp(GameOptions options) {
  auto st = march_combat_test("2206", "2404", std::move(options));
  if (!st) return st;
  play(*st, kG, "activate hex=2404");
  play(*st, kG, "march");
  play(*st, kG, "move to=2304");
  play(*st, kG, "move to=2305");
  play(*st, kF, "hold");
  play(*st, kG, "move to=2306");
  play(*st, kF, "hold");
  return st;
}

TEST(Wate1870_12_4, AMarchCombatOverARailBridgeCostsOnlyTheTerrain) {
  auto plain = at_the_saar_with_one_mp({});
  ASSERT_TRUE(plain);
  expect_refused(*plain, kG, "attack to=2206", "7.1.1");
  const auto before = plain->hash();
  auto r = plain->apply(kG, *Action::parse("attack to=2206"));
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(contains(r.error().message, "entering 2206 costs 2 MP; the force has 1 left"))
      << r.error().to_string();
  EXPECT_EQ(plain->hash(), before);

  auto bridged = at_the_saar_with_one_mp(with_option("12.4"));
  ASSERT_TRUE(bridged);
  const Events ev = play(*bridged, kG, "attack to=2206");
  EXPECT_TRUE(has_event(ev, "attacks 2206 from the march")) << all_text(ev);
}

// Troyes (1413, a clear French town) from 1313 with 1 MP left: 1 MP, or 2 MP
// for the Germans with 12.1.
std::unique_ptr<WateState> before_troyes_with_one_mp(GameOptions options) {
  auto st = march_combat_test("1413", "1213", std::move(options));
  if (!st) return st;
  play(*st, kG, "activate hex=1213");
  play(*st, kG, "march");
  play(*st, kG, "move to=1313");
  play(*st, kF, "hold");
  play(*st, kG, "move to=1213");
  play(*st, kF, "hold");          // the fire as it leaves 1313 (ruling MA-1)
  play(*st, kG, "move to=1213");  // the step completed (ruling MA-2)
  play(*st, kG, "move to=1313");
  play(*st, kF, "hold");
  return st;
}

TEST(Wate1870_12_1, AMarchCombatIntoAFrenchTownPaysTheCivilianResistance) {
  auto plain = before_troyes_with_one_mp({});
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->check(kG, *Action::parse("attack to=1413")));
  auto resisted = before_troyes_with_one_mp(with_option("12.1"));
  ASSERT_TRUE(resisted);
  const auto before = resisted->hash();
  auto r = resisted->apply(kG, *Action::parse("attack to=1413"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "7.1.1");
  EXPECT_TRUE(contains(r.error().message, "entering 1413 costs 2 MP; the force has 1 left"))
      << r.error().to_string();
  EXPECT_EQ(resisted->hash(), before);
}

// Ruling C-13 in play: 3 French SP ride from 2107 into 2207, where 8 stand, and
// are attacked there still on the train: only those 3 are halved (8 + 1).
TEST(Wate1870_7_1_3, OnlyTheSpStillOnTheTrainAreHalved_RulingC13) {
  auto st = situation(R"(name: "7.1.3 entrained test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 5, German: 0, source: "reconstructed: test"}
first_activation: {side: French, source: "reconstructed: test"}
hqs:
  - {hq: G-VII, hex: "2307", source: "reconstructed: test"}
sps:
  - {side: French, sp: 3, hex: "2107", source: "reconstructed: test"}
  - {side: French, sp: 8, hex: "2207", source: "reconstructed: test"}
  - {side: German, sp: 8, formation: G-VII, hex: "2307", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  for (const char* order : {"activate hex=2107", "march", "entrain", "rail to=2207", "stop"})
    play(*st, kF, order);
  roll(*st, {1, 1});  // the initiative: a tie goes to the German (7.0)
  play(*st, kG, "activate hq=G-VII");
  const Events ev = play(*st, kG, "attack target=2207 from=2307");
  EXPECT_TRUE(has_event(ev, "French 11 SP; 3 entrained SP halved (3 → 1) → 9 (8.2)"))
      << all_text(ev);
}

// ---- 8.6: who retreats, once, and who absorbs the river's loss ----

// VII Corps attacks 2206 (3 French SP behind the Saar) from 2306 with its own 4
// SP and from 2307 with 4 SP of VIII Corps, whose HQ stays out of it (not in
// with=). German 1+2 +1 against French 3+4 +1: the French win by 4; the Germans
// eliminate 2 SP of 2306 and degrade its other 2 (session 36's audit).
std::unique_ptr<WateState> lost_over_the_saar() {
  auto st = situation(R"(name: "8.6 retreat test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 0, German: 0, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-VII, hex: "2306", source: "reconstructed: test"}
  - {hq: G-VIII, hex: "2307", source: "reconstructed: test"}
sps:
  - {side: French, sp: 3, hex: "2206", source: "reconstructed: test"}
  - {side: German, sp: 4, formation: G-VII, hex: "2306", source: "reconstructed: test"}
  - {side: German, sp: 4, formation: G-VIII, hex: "2307", source: "reconstructed: test"}
)");
  if (!st) return st;
  play(*st, kG, "activate hq=G-VII");
  play(*st, kG, "attack target=2206 from=2306,2307");
  roll(*st, {1, 2, 3, 4});
  for (const char* o : {"eliminate", "eliminate", "degrade", "degrade"})
    play(*st, kG, std::string(o) + " hex=2306 formation=G-VII status=good");
  play(*st, kF, "degrade hex=2206 formation=none status=good");
  play(*st, kF, "degrade hex=2206 formation=none status=good");
  return st;
}

// VIII Corps' SP retreat from 2307 into 2306 over the Saar: the 1d6 LP are theirs,
// not those of VII Corps' SP already in 2306; and VIII Corps' HQ, which took no
// part, stays in 2307 (8.6: "all forces involved in the combat").
TEST(Wate1870_8_6_Procedure, OnlyTheSpThatCrossedTheRiverAbsorbItsLoss) {
  auto st = lost_over_the_saar();
  ASSERT_TRUE(st);
  const Events ev = play(*st, kG, "retreat path=2306");
  EXPECT_TRUE(has_event(ev, "German retreats 4 SP 2307 -> 2306 (rule 8.6)")) << all_text(ev);
  EXPECT_EQ(st->position().hq("G-VIII")->hex, hex::parse_hex("2307"));
  roll(*st, {3});
  const auto legal = st->legal_actions(kG);
  ASSERT_FALSE(legal.empty());
  for (const auto& a : legal) EXPECT_EQ(*a.get("formation"), "G-VIII") << a.to_string();
  // The loss as the rules give it to a bot (WateState::loss): a step each, the
  // list's orders in its order.
  const auto loss = st->loss();
  EXPECT_FALSE(loss.eliminate);
  ASSERT_EQ(loss.picks.size(), legal.size());
  for (std::size_t i = 0; i < legal.size(); ++i) EXPECT_EQ(loss.order(loss.picks[i]), legal[i]);
  expect_refused(*st, kG, "degrade hex=2306 formation=G-VII status=disrupted", "8.6");
}

// Then the 2 SP of VII Corps retreat from 2306, with their HQ; the 4 of VIII
// Corps that retreated into 2306 do not retreat again (8.6: 1 or 2 hexes).
TEST(Wate1870_8_6_Procedure, SpThatRetreatedIntoALosingHexDoNotRetreatAgain) {
  auto st = lost_over_the_saar();
  ASSERT_TRUE(st);
  play(*st, kG, "retreat path=2306");
  roll(*st, {3});
  for (int i = 0; i < 3; ++i) {
    const auto legal = st->legal_actions(kG);
    ASSERT_FALSE(legal.empty());
    play(*st, kG, legal.front().to_string());
  }
  const Events ev = play(*st, kG, "retreat path=2305");
  EXPECT_TRUE(has_event(ev, "German retreats 2 SP 2306 -> 2305 (rule 8.6)")) << all_text(ev);
  int viii_in_2306 = 0;
  for (const auto& g : st->sps())
    if (g.hex.id() == "2306" && g.formation == "G-VIII") viii_in_2306 += g.count;
  EXPECT_EQ(viii_in_2306, 4);
  // A river crossed now would be the latest retreat's alone: VIII Corps' SP,
  // which retreated before, are no longer marked as crossing (the review).
  for (const auto& g : st->sps()) {
    if (g.side != Side::kGerman) continue;
    const int want = g.formation == "G-VIII" ? SpGroup::kRetreatedBefore : SpGroup::kRetreatedNow;
    EXPECT_EQ(g.retreated, want) << g.hex.id() << " " << g.formation.str();
  }
  EXPECT_EQ(st->position().hq("G-VII")->hex, hex::parse_hex("2305"));
  EXPECT_EQ(st->position().hq("G-VIII")->hex, hex::parse_hex("2307"));
}

// 8.7, ruling MA-1a: a March Combat's entry into the hex it won is its advance
// after combat, which a force without a LOC may not make. VII Corps (8 SP) deep
// in France, with no LOC (halved twice: 8 -> 4 -> 2), beats 1 French SP in
// 0603 (German 3+4, French 1+2) and stays in 0703 (session 36's audit).
TEST(Wate1870_8_7, AMarchCombatWinnerWithoutALocDoesNotEnter) {
  auto st = situation(R"(name: "8.7 no LOC test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-VII, hex: "0703", source: "reconstructed: test"}
sps:
  - {side: French, sp: 1, hex: "0603", source: "reconstructed: test"}
  - {side: German, sp: 8, formation: G-VII, hex: "0703", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-VII");
  play(*st, kG, "march sp=8");
  play(*st, kG, "attack to=0603");
  play(*st, kF, "decline");
  roll(*st, {3, 4, 1, 2});
  play(*st, kF, "eliminate hex=0603 formation=none status=good");
  Events ev;
  for (int i = 0; i < 4; ++i) ev = play(*st, kG, "degrade hex=0703 formation=G-VII status=good");
  EXPECT_TRUE(
      has_event(ev, "The victorious force in 0703 has no LOC: it may not enter 0603 (rule 8.7)"))
      << all_text(ev);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0703"), 8);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "0603"), 0);
  EXPECT_EQ(st->position().hq("G-VII")->hex, hex::parse_hex("0703"));
}

// 8.7: "with any units which supported the combat": after 2306's SP advance into
// Forbach (2206), 2307's may follow, or stay (session 36's audit: one hex only).
// German 1+2 +6 against French 5+6 -4: the Germans win by 2.
TEST(Wate1870_8_7, EveryAttackingHexMayAdvanceInTurn) {
  auto st = situation(R"(name: "8.7 two hexes test"
source: "reconstructed: test"
turn: 3
phase: action
rp: {French: 0, German: 0, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-VII, hex: "2306", source: "reconstructed: test"}
sps:
  - {side: French, sp: 1, hex: "2206", source: "reconstructed: test"}
  - {side: German, sp: 4, formation: G-VII, hex: "2306", source: "reconstructed: test"}
  - {side: German, sp: 4, formation: G-VIII, hex: "2307", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-VII");
  play(*st, kG, "attack target=2206 from=2306,2307");
  roll(*st, {1, 2, 5, 6});
  play(*st, kF, "eliminate hex=2206 formation=none status=good");
  play(*st, kG, "degrade hex=2307 formation=G-VIII status=good");
  const auto other_order = st->clone();
  auto& stays = static_cast<WateState&>(*other_order);
  play(*st, kG, "advance from=2306");
  // 2306's SP have gone; 2307's are offered.
  const auto legal = st->legal_actions(kG);
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), *Action::parse("advance from=2307")) !=
              legal.end());
  expect_refused(*st, kG, "advance from=2306", "8.7");
  const Events ev = play(*st, kG, "advance from=2307");
  EXPECT_TRUE(has_event(ev, "German advances 4 SP from 2307 into 2206 (rule 8.7)")) << all_text(ev);
  EXPECT_EQ(sp_in(*st, Side::kGerman, "2206"), 8);
  // Or the second hex stays.
  play(stays, kG, "advance from=2307");
  play(stays, kG, "stay");
  EXPECT_EQ(sp_in(stays, Side::kGerman, "2206"), 4);
  EXPECT_EQ(sp_in(stays, Side::kGerman, "2306"), 4);
}

}  // namespace
}  // namespace rz::wate1870
