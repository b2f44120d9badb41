// 12.2 Fog of War in what apply() tells (ruling GAP-W-40; rulings F-1 to F-9
// in docs/rulings/wate1870-fog.md): the events of an action about enemy
// forces a player may not inspect go to their owner only, the other player
// gets a redacted event; the opponent's orders are not described; the
// terminal console prints only what the human player may see.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <set>
#include <sstream>

#include "../contract/contract_suite.hpp"
#include "../shipped_game.hpp"
#include "../text_match.hpp"
#include "action_phase_fixture.hpp"
#include "bots/console.hpp"
#include "bots/wate1870_screen.hpp"
#include "combat_fixture.hpp"
#include "contract_config.hpp"
#include "mixed_play.hpp"
#include "picture_check.hpp"
#include "play_order.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/scenario.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using test_support::contains;
using test_support::game;

using testing::H;
using testing::action_phase;
using testing::kF;
using testing::kG;
using testing::play;
using testing::scenario_text;
using testing::shared_data;

GameOptions fog() {
  GameOptions o;
  o.values["12.2"] = "on";
  return o;
}

std::string texts(const Events& ev, Player viewer) {
  std::string out;
  for (const auto& e : visible_events(ev, viewer)) out += e.text + "\n";
  return out;
}

std::string hq_name(const char* id) { return shared_data()->forces.find(id)->name; }

// What each player read of the events of a run of orders and rolls.
struct Told {
  std::string french, german;
  void operator()(const Events& ev) {
    french += texts(ev, kF);
    german += texts(ev, kG);
  }
};

// Plays on until `done()`, at most 20 steps: the dice come from `dice`, and a
// player gives `order(p)`, or without it his first legal order.
void play_on(WateState& st, ScriptedDice& dice, const std::function<bool()>& done, Told& told,
             const std::function<std::string(Player)>& order = {}) {
  for (int i = 0; i < 20 && !done(); ++i) {
    if (st.to_move().kind == MoveKind::kChance) {
      auto ev = resolve_chance(st, dice);
      ASSERT_TRUE(ev.ok()) << ev.error().to_string();
      told(*ev);
      continue;
    }
    const Player p = st.to_move().players.front();
    told(play(st, p, order ? order(p) : st.legal_actions(p).front().to_string()));
  }
}

// The German III Corps HQ with 5 SP in 0502, three hexes from 2 French SP in 0505.
const char* kHiddenMarch = R"(hqs:
  - {hq: G-III, hex: "0502"}
sps:
  - {side: German, sp: 5, hex: "0502", formation: G-III}
  - {side: French, sp: 2, hex: "0505"}
)";

TEST(Wate1870_12_2, AHiddenGermanMarchShowsTheFrenchOnlyAStackMoving) {
  auto st = action_phase(kHiddenMarch, Side::kGerman, fog());
  ASSERT_TRUE(st);
  ASSERT_FALSE(st->inspectable(Side::kFrench, H("0502")));
  ASSERT_FALSE(st->inspectable(Side::kFrench, H("0602")));
  std::string french, german;
  for (const char* order : {"activate hq=G-III", "march sp=5", "move to=0602", "stop"}) {
    const Events ev = play(*st, kG, order);
    french += texts(ev, kF);
    german += texts(ev, kG);
    for (const auto& e : ev)
      EXPECT_FALSE(e.visible_to.empty() && e.kind != "phase" && e.kind != "initiative") << e.text;
  }
  // The owner reads everything.
  EXPECT_TRUE(contains(german, "activates " + hq_name("G-III") + " HQ in 0502")) << german;
  EXPECT_TRUE(contains(german, "marches with 5 SP from 0502")) << german;
  EXPECT_TRUE(contains(german, "German force moves 0502 -> 0602")) << german;
  // The French: a German force activated, something happened out of sight, a stack moved.
  EXPECT_TRUE(contains(french, "German activates a force (rule 7.0; fog of war, rule 12.2)"))
      << french;
  EXPECT_TRUE(contains(french, "German acts out of sight")) << french;
  EXPECT_TRUE(
      contains(french, "A German stack moves 0502 -> 0602 (rule 7.1; fog of war, rule 12.2)"))
      << french;
  for (const std::string& secret :
       {std::string("G-III"), hq_name("G-III"), std::string(" SP"), std::string("MP")})
    EXPECT_FALSE(contains(french, secret)) << secret << " in\n" << french;
  // Nothing the French may see tells of the move's cost or the HQ's command limit.
  EXPECT_FALSE(contains(french, "command limit")) << french;
}

// 2 French SP in `hex`, activated and marching, with one German stack
// (`german`, a scenario entry), after the French `orders`.
std::unique_ptr<WateState> french_marching(const char* hex, const char* german, GameOptions options,
                                           const std::vector<std::string>& orders) {
  auto st = action_phase(
      std::string("sps:\n  - {side: French, sp: 2, hex: \"") + hex + "\"}\n  - " + german + "\n",
      Side::kFrench, std::move(options));
  play(*st, kF, std::string("activate hex=") + hex);
  play(*st, kF, "march");
  for (const auto& o : orders) play(*st, kF, o);
  return st;
}

// Ruling F-8: a legal-move check never tells what a stack the mover may not
// inspect holds. The French plan a Forced March past a German stack in 0703,
// two hexes off: with 3 good SP it would close 0602-0803 (3.4), with 1
// disrupted SP it would not. Under 12.2 both look alike to the French, so
// their orders, and what they are told, must be the same.
TEST(Wate1870_12_2, LegalMovesNeverTellWhatAHiddenStackHolds_RulingF8) {
  const auto at_march = [](const char* german, GameOptions options) {
    return french_marching("0502", german, std::move(options), {});
  };
  const char* strong = R"({side: German, sp: 3, hex: "0703"})";
  const char* weak = R"({side: German, sp: 1, hex: "0703", status: disrupted})";
  const auto texts_of = [](const WateState& st) {
    std::vector<std::string> out;
    for (const auto& a : st.legal_actions(kF)) out.push_back(a.to_string());
    return out;
  };
  // Without 12.2 the French inspect everything, and the stack's ZOC shows.
  const auto open_strong = at_march(strong, {}), open_weak = at_march(weak, {});
  const auto forced_0902 = Action::parse("forced-march to=0902 extra=1");
  EXPECT_FALSE(open_strong->check(kF, *forced_0902));
  EXPECT_TRUE(open_weak->check(kF, *forced_0902));
  ASSERT_NE(texts_of(*open_strong), texts_of(*open_weak));
  // Under 12.2 the French may not inspect 0703 and plan round it either way.
  const auto fog_strong = at_march(strong, fog()), fog_weak = at_march(weak, fog());
  ASSERT_FALSE(fog_weak->inspectable(Side::kFrench, H("0703")));
  EXPECT_EQ(texts_of(*fog_strong), texts_of(*fog_weak));
  EXPECT_EQ(fog_strong->view(kF), fog_weak->view(kF));
  const auto refusal = fog_weak->check(kF, *forced_0902);
  ASSERT_FALSE(refusal);
  EXPECT_EQ(refusal.error().message, fog_strong->check(kF, *forced_0902).error().message);
  // The way round by 0601-0802 stays open, and the march goes that way.
  const auto round = Action::parse("forced-march to=0902 extra=2");
  EXPECT_TRUE(fog_weak->check(kF, *round));
  play(*fog_weak, kF, "forced-march to=0902 extra=2");
  EXPECT_EQ(fog_weak->controller(H("0701")), Side::kFrench);
}

// Ruling F-8 for rail movement (7.1.3): the French ride the Paris-Strasbourg
// line east from 1209; a German stack in 1508, three hexes off, would close the
// line by its ZOC with 3 good SP and not with 1 disrupted SP. Under 12.2 the
// French may not inspect it, and their rail orders must not tell.
TEST(Wate1870_12_2, RailMovesNeverTellWhatAHiddenStackHolds_RulingF8) {
  const auto entrained = [](const char* german, GameOptions options) {
    return french_marching("1209", german, std::move(options), {"entrain"});
  };
  const char* strong = R"({side: German, sp: 3, hex: "1508"})";
  const char* weak = R"({side: German, sp: 1, hex: "1508", status: disrupted})";
  const auto rails = [](const WateState& st) {
    std::vector<std::string> out;
    for (const auto& a : st.legal_actions(kF))
      if (a.verb == "rail") out.push_back(a.to_string());
    return out;
  };
  const auto open_strong = entrained(strong, {}), open_weak = entrained(weak, {});
  ASSERT_NE(rails(*open_strong), rails(*open_weak));  // the ZOC matters without fog
  const auto fog_strong = entrained(strong, fog()), fog_weak = entrained(weak, fog());
  ASSERT_FALSE(fog_weak->inspectable(Side::kFrench, H("1508")));
  EXPECT_FALSE(rails(*fog_weak).empty());
  EXPECT_EQ(rails(*fog_strong), rails(*fog_weak));
  EXPECT_EQ(fog_strong->view(kF), fog_weak->view(kF));
}

TEST(Wate1870_12_2, WithoutFogOfWarEveryEventGoesToEverybody) {
  auto st = action_phase(kHiddenMarch, Side::kGerman, {});
  ASSERT_TRUE(st);
  std::string french;
  for (const char* order : {"activate hq=G-III", "march sp=5", "move to=0602", "stop"}) {
    const Events ev = play(*st, kG, order);
    for (const auto& e : ev) EXPECT_TRUE(e.visible_to.empty()) << e.text;
    french += texts(ev, kF);
    Action a = *Action::parse("pass");
    EXPECT_EQ(st->describe_action_for(kF, a), "pass");
  }
  EXPECT_TRUE(contains(french, "activates " + hq_name("G-III") + " HQ in 0502")) << french;
  EXPECT_TRUE(contains(french, "German force moves 0502 -> 0602")) << french;
  EXPECT_FALSE(contains(french, "fog of war")) << french;
}

TEST(Wate1870_12_2, AGermanForceMovingNextToTheFrenchIsSeenInFull) {
  // The French in 0504 may inspect 0503 (adjacent), not 0502.
  auto st = action_phase(R"(hqs:
  - {hq: G-III, hex: "0502"}
sps:
  - {side: German, sp: 5, hex: "0502", formation: G-III}
  - {side: French, sp: 2, hex: "0504"}
)",
                         Side::kGerman, fog());
  ASSERT_TRUE(st);
  ASSERT_FALSE(st->inspectable(Side::kFrench, H("0502")));
  ASSERT_TRUE(st->inspectable(Side::kFrench, H("0503")));
  std::string hidden = texts(play(*st, kG, "activate hq=G-III"), kF);
  hidden += texts(play(*st, kG, "march sp=5"), kF);
  EXPECT_FALSE(contains(hidden, "G-III")) << hidden;
  // It comes into view: the French see the move in full, as the map shows the stack.
  const std::string seen = texts(play(*st, kG, "move to=0503"), kF);
  EXPECT_TRUE(contains(seen, "German force moves 0502 -> 0503")) << seen;
  EXPECT_FALSE(contains(seen, "fog of war")) << seen;
}

TEST(Wate1870_12_2, TheOpponentsOrdersAreNotDescribed) {
  auto st = action_phase(kHiddenMarch, Side::kGerman, fog());
  ASSERT_TRUE(st);
  const Action a = *Action::parse("activate hq=G-III");
  EXPECT_EQ(st->describe_action_for(kG, a), "activate hq=G-III");       // his own order
  EXPECT_EQ(st->describe_action_for(kUmpire, a), "activate hq=G-III");  // the umpire sees all
  EXPECT_EQ(st->describe_action_for(kF, a), std::nullopt);
}

TEST(Wate1870_12_2, AHiddenMobilizationTellsTheFrenchNeitherPlaceNorStrength) {
  auto init = game().initial_state("historical", fog(), 1);
  ASSERT_TRUE(init.ok());
  auto& st = static_cast<WateState&>(**init);
  ASSERT_EQ(st.phase(), Phase::kAdministrative);
  play(st, kF, "end-administrative");  // the French finish first, then the Germans (6.0)
  ASSERT_EQ(st.to_move().players, std::vector<Player>{kG});
  std::optional<Action> order;
  for (const auto& a : st.legal_actions(kG))
    if (a.verb == "mobilize" && a.get("sp") &&
        !st.inspectable(Side::kFrench, *hex::parse_hex(*a.get("hex")))) {
      order = a;
      break;
    }
  ASSERT_TRUE(order) << "no German mobilization out of French sight";
  const std::string hex = *order->get("hex");
  auto ev = st.apply(kG, *order);
  ASSERT_TRUE(ev.ok());
  const std::string french = texts(*ev, kF), german = texts(*ev, kG);
  EXPECT_TRUE(contains(german, "German mobilizes " + *order->get("sp") + " SP in ")) << german;
  EXPECT_TRUE(contains(french, "German mobilizes (rule 6.2; fog of war, rule 12.2)")) << french;
  EXPECT_FALSE(contains(french, hex)) << french;
  EXPECT_FALSE(contains(french, " SP")) << french;
}

TEST(Wate1870_12_2, TheFreeSetUpOfTheGermansIsHiddenFromTheFrench) {
  auto init = game().initial_state("free", fog(), 1);
  ASSERT_TRUE(init.ok());
  auto& st = static_cast<WateState&>(**init);
  ASSERT_EQ(st.to_move().players, std::vector<Player>{kG});  // the Germans set up first (14.0)
  auto ev = st.apply(kG, Action("auto-setup"));
  ASSERT_TRUE(ev.ok()) << ev.error().to_string();
  const std::string french = texts(*ev, kF), german = texts(*ev, kG);
  EXPECT_TRUE(contains(german, "sets up " + hq_name("G-III") + " HQ")) << german;
  EXPECT_TRUE(contains(french, "German sets up units (rule 14.0; fog of war, rule 12.2)"))
      << french;
  for (const auto& q : st.hqs())
    if (q.side == Side::kGerman) {
      EXPECT_FALSE(contains(french, hq_name(q.id.c_str()))) << q.id << "\n" << french;
    }
}

// Ruling F-2: an HQ left alone out of contact (GAP-W-35) is its owner's news,
// its automatic casualty check included. The French I and VII Corps HQs in 0603
// win a Planned Attack on the German SP in 0703 and lose their own SP to it: the
// Germans, wholly eliminated, have nothing within 2 hexes (12.2) when the HQs,
// alone, take their casualty results (found in a random game of session 21).
TEST(Wate1870_12_2, AnHqLeftAloneOutOfSightTakesItsCasualtyOutOfSight_RulingF2) {
  auto st = action_phase(R"(hqs:
  - {hq: F-I, hex: "0603"}
  - {hq: F-VII, hex: "0603"}
sps:
  - {side: French, sp: 1, formation: F-I, hex: "0603", status: disrupted}
  - {side: German, sp: 1, hex: "0703", status: demoralized}
  - {side: German, sp: 1, hex: "1003"}
)",
                         Side::kFrench, fog());
  ASSERT_TRUE(st);
  Told told;
  told(play(*st, kF, "activate hq=F-I"));
  told(play(*st, kF, "attack target=0703 from=0603"));
  told(play(*st, kF, "decline"));
  // French 6+5 +6 against German 1+2 -6: the French win by 14; the German SP is
  // eliminated, the French absorb 7 steps (8.5): their 1 SP is gone too.
  ScriptedDice dice({6, 5, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
  auto off_map = [&](const char* id) { return !st->position().hq(id)->hex; };
  play_on(*st, dice, [&] { return off_map("F-I") && off_map("F-VII"); }, told);
  ASSERT_TRUE(off_map("F-I") && off_map("F-VII"));
  const std::string &french = told.french, &german = told.german;
  ASSERT_FALSE(st->inspectable(Side::kGerman, H("0603")));
  // The owner reads both checks; the Germans only that French units withdrew.
  for (const char* id : {"F-I", "F-VII"})
    EXPECT_TRUE(contains(french, hq_name(id) + " HQ casualty check 1d6 = 1: removed")) << french;
  EXPECT_TRUE(
      contains(german, "French units left alone withdraw (ruling GAP-W-35; fog of war, rule 12.2)"))
      << german;
  EXPECT_FALSE(contains(german, "casualty check 1d6 = 1")) << german;
  EXPECT_FALSE(contains(german, hq_name("F-VII"))) << german;  // never in contact
}

// Ruling F-1: a hex shows the SP that are in it, not those that left it. The
// French IV Corps (8 SP) in 2307 attacks 2 SP of the German X Corps in 2206 from
// the march and wins; the Germans keep 1 SP, retreat across the river to 2305,
// out of the French sight, and lose it there to the river (8.6). The French
// force then enters 2206, next to 2305: the French may inspect 2305 after the
// action, but X Corps is no longer in it, so its SP eliminated there stay the
// Germans' news, whether 2305 is then empty or holds other German SP (a soak of
// session 27 found the second: every optional rule, free set-up, seed 202001, game 1).
TEST(Wate1870_12_2, SpEliminatedOutOfSightStayHiddenWhenTheHexComesIntoSight_RulingF1) {
  for (const std::string others : {"", "  - {side: German, sp: 3, hex: \"2305\"}\n"}) {
    SCOPED_TRACE(others.empty() ? "2305 empty after" : "other German SP in 2305");
    auto st = action_phase(R"(hqs:
  - {hq: F-IV, hex: "2307"}
  - {hq: G-X, hex: "3005"}
sps:
  - {side: French, sp: 8, formation: F-IV, hex: "2307"}
  - {side: German, sp: 2, formation: G-X, hex: "2206"}
  - {side: German, sp: 2, formation: G-X, hex: "3005"}
)" + others,
                           Side::kFrench, fog(), 0);
    ASSERT_TRUE(st);
    ASSERT_FALSE(st->inspectable(Side::kFrench, H("2305")));
    Told told;
    told(play(*st, kF, "activate hq=F-IV"));
    told(play(*st, kF, "march sp=8"));
    told(play(*st, kF, "attack to=2206"));
    // 4 (8 halved, 7.1.1) against 2 at 1:1: French 4+3 = 7, German 3+2 = 5. The
    // Germans lose 1 SP and a step, and retreat; the river costs them 2 LP.
    ScriptedDice dice({4, 3, 3, 2, 2});
    auto order = [&](Player p) {
      std::string o = st->legal_actions(p).front().to_string();
      for (const auto& a : st->legal_actions(p))
        if (a.to_string() == "decline" || a.to_string() == "retreat path=2305") o = a.to_string();
      return o;
    };
    play_on(*st, dice, [&] { return st->steps().back().kind == StepKind::kMarch; }, told, order);
    const std::string &french = told.french, &german = told.german;
    ASSERT_EQ(st->position().sp(H("2305"), Side::kGerman), others.empty() ? 0 : 3);
    ASSERT_GT(st->position().sp(H("2206"), Side::kFrench), 0);
    ASSERT_TRUE(st->inspectable(Side::kFrench, H("2305")));
    EXPECT_TRUE(contains(german, "German eliminates 1 SP of G-X in 2305 (demoralized)")) << german;
    EXPECT_FALSE(contains(french, "in 2305 (")) << french;
    EXPECT_TRUE(contains(french, "German absorbs losses (rule 8.5; fog of war, rule 12.2)"))
        << french;
    // The retreat itself was in contact (F-3): both read it.
    EXPECT_TRUE(contains(french, "German retreats 1 SP 2206 -> 2305")) << french;
  }
}

// Ruling F-2 with C-8: the end of an activation whose HQ was struck off the map
// is its side's news, whoever's step ends it. The German X Corps HQ in 0703 sends
// its only SP against the French I Corps in 0603; both SP are eliminated, X Corps,
// alone, is struck off the map (8.5.1, GAP-W-35), and its activation ends when the
// French have chosen where their lone HQ displaces (a soak of session 27: every
// optional rule, free set-up, seed 202002, game 0). The French were told of it,
// the Germans were not.
TEST(Wate1870_12_2, TheEndOfAnActivationOffTheMapIsItsSidesNews_RulingsF2C8) {
  auto st = action_phase(R"(hqs:
  - {hq: F-I, hex: "0603"}
  - {hq: G-X, hex: "0703"}
sps:
  - {side: French, sp: 1, formation: F-I, hex: "0603"}
  - {side: French, sp: 1, hex: "0503"}
  - {side: French, sp: 1, hex: "0504"}
  - {side: German, sp: 1, formation: G-X, hex: "0703"}
)",
                         Side::kGerman, fog(), 0);
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-X");
  play(*st, kG, "detach hex=0703 sp=1");
  play(*st, kG, "march");
  play(*st, kG, "attack to=0603");
  // German 1+2 -6 against French 6+5 +7: the German SP is eliminated and the French
  // absorb 10 steps, more than their SP has; X Corps then rolls 1 (1d3 = 1 turn).
  ScriptedDice dice({1, 2, 6, 5, 1});
  Told combat;
  play_on(*st, dice, [&] { return st->steps().back().kind == StepKind::kHqDisplace; }, combat);
  ASSERT_EQ(st->steps().back().kind, StepKind::kHqDisplace);
  ASSERT_FALSE(st->position().hq("G-X")->hex.has_value());
  const Events ev = play(*st, kF, "displace hq=F-I to=0503");
  const std::string french = texts(ev, kF), german = texts(ev, kG);
  const std::string ends = hq_name("G-X") + " HQ is off the map and gives no more orders";
  EXPECT_TRUE(contains(german, ends)) << german;
  EXPECT_FALSE(contains(french, ends)) << french;
  EXPECT_TRUE(contains(french, "German acts out of sight (fog of war, rule 12.2)")) << french;
  EXPECT_TRUE(st->frames().empty());
}

// Ruling F-9: the acting force is where its HQs are. The French III Corps HQ
// attacks 0703 from 0603 and 0604, loses, and retreats two hexes out of the
// Germans' sight while the SP from 0604 still have to retreat; the German view
// must not show the acting force in 0603 with III Corps in it (a soak of the
// random games below found this in session 22: game 151 of 200, step 599).
TEST(Wate1870_12_2, AnAttackingForceThatRetreatsOutOfSightIsNotShownWhereItWas_RulingF9) {
  auto st = action_phase(R"(hqs:
  - {hq: F-III, hex: "0603"}
sps:
  - {side: French, sp: 4, formation: F-III, hex: "0603"}
  - {side: French, sp: 1, hex: "0604"}
  - {side: German, sp: 10, hex: "0703"}
)",
                         Side::kFrench, fog());
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  play(*st, kF, "attack target=0703 from=0604,0603");
  ScriptedDice dice({2, 3, 4, 5, 2, 2, 2, 2});
  bool retreated = false, checked = false;
  for (int i = 0; i < 40 && !st->terminal() && st->force(); ++i) {
    if (st->to_move().kind == MoveKind::kChance) {
      ASSERT_TRUE(resolve_chance(*st, dice).ok());
      continue;
    }
    const Player p = st->to_move().players.front();
    auto legal = st->legal_actions(p);
    ASSERT_FALSE(legal.empty());
    Action a = legal.front();
    if (st->steps().back().kind == StepKind::kRetreat && st->steps().back().hex == H("0603")) {
      // The path that ends farthest from the Germans.
      auto away = [](const Action& r) {
        const std::string& path = *r.get("path");
        return hex::distance(H(path.substr(path.rfind(',') + 1).c_str()), H("0703"));
      };
      for (const auto& r : legal)
        if (away(r) > away(a)) a = r;
      retreated = true;
    }
    play(*st, p, a.to_string());
    if (!retreated || !st->force()) continue;
    // The force's record follows its HQ; the Germans see neither out of range.
    const HqUnit* q = st->position().hq("F-III");
    ASSERT_TRUE(q && q->hex);
    EXPECT_EQ(st->force()->hex.id(), q->hex->id());
    if (!st->inspectable(Side::kGerman, *q->hex)) {
      EXPECT_FALSE(contract::holds_secret(st->view(kG), "F-III")) << st->view(kG);
      checked = true;
    }
  }
  EXPECT_TRUE(checked) << "no step with III Corps retreated out of sight and still acting";
}

// Ruling F-10: the enemy's acting force is shown with only those of its HQs the
// player may inspect where they stand. The Bavarian I Corps attacks 0703 from
// 0603 with the Wurttemberg Division joining from 0604 (GAP-W-13), wins, and may
// advance: the French 1 SP in 0703 is gone, and the French in 0503 still see
// 0603 but not 0604. Their view must not name the division (a soak of heuristic
// games with every optional rule found this in session 23: seed 300006, game 4,
// step 1246).
TEST(Wate1870_12_2, AnAttacksHqsOutOfSightAreNotShownWithTheForce_RulingF10) {
  auto st = action_phase(R"(hqs:
  - {hq: G-IB, hex: "0603"}
  - {hq: G-Wu, hex: "0604"}
sps:
  - {side: German, sp: 6, formation: G-IB, hex: "0603"}
  - {side: German, sp: 4, formation: G-Wu, hex: "0604"}
  - {side: French, sp: 1, hex: "0703"}
  - {side: French, sp: 1, hex: "0503"}
)",
                         Side::kGerman, fog());
  ASSERT_TRUE(st);
  ASSERT_EQ(hex::distance(H("0503"), H("0603")), 1);
  ASSERT_GT(hex::distance(H("0503"), H("0604")), 1);
  play(*st, kG, "activate hq=G-IB");
  std::string attack;
  for (const auto& a : st->legal_actions(kG))
    if (a.verb == "attack" && a.to_string().find("G-Wu") != std::string::npos)
      attack = a.to_string();
  ASSERT_FALSE(attack.empty()) << "no Planned Attack with the Wurttemberg Division";
  play(*st, kG, attack);
  ScriptedDice dice({6, 5, 2, 1, 2, 3, 2, 3, 2, 3});  // no doubles: no HQ casualty check (8.5.1)
  bool checked = false;
  for (int i = 0; i < 40 && !st->terminal() && st->force() && !checked; ++i) {
    if (st->to_move().kind == MoveKind::kChance) {
      ASSERT_TRUE(resolve_chance(*st, dice).ok());
      continue;
    }
    if (st->position().sp(H("0703"), Side::kFrench) == 0 && st->force()->side == Side::kGerman) {
      ASSERT_TRUE(st->inspectable(Side::kFrench, H("0603")));
      ASSERT_FALSE(st->inspectable(Side::kFrench, H("0604")));
      const auto& hqs = st->force()->hqs;
      ASSERT_NE(std::find(hqs.begin(), hqs.end(), "G-Wu"), hqs.end())
          << attack << " / " << st->view(kG);
      EXPECT_TRUE(contract::holds_secret(st->view(kF), "G-IB")) << st->view(kF);
      EXPECT_FALSE(contract::holds_secret(st->view(kF), "G-Wu")) << st->view(kF);
      // The French picture of the game (what a bot plans on) holds no more.
      const auto picture = st->picture_for(Side::kFrench);
      EXPECT_EQ(picture->inconsistency(), "");
      ASSERT_TRUE(picture->force());
      EXPECT_EQ(picture->force()->hqs, std::vector<Name>{"G-IB"});
      checked = true;
      break;
    }
    const Player p = st->to_move().players.front();
    play(*st, p, st->legal_actions(p).front().to_string());
  }
  EXPECT_TRUE(checked) << "no step with the attack won and the force still acting";
}

// Session 35's soak (free set-up, 12.2, seed 219000): an advance after combat
// named the HQs that went with it (ruling C-11) to an enemy who could inspect
// neither the hex they left nor the one they entered. The SP's advance is told
// (in contact, F-3); the HQs only where they may be inspected. The German
// attack on 2505 comes from 2504 (I Bavarian Corps) and 2404 (the Wurttemberg
// Division); the French in 2603 see 2504 but neither 2404 nor 2505.
TEST(Wate1870_12_2, TheHqsOfAnAdvanceOutOfSightAreNotNamed_RulingC11) {
  auto st = action_phase(R"(hqs:
  - {hq: G-IB, hex: "2504"}
  - {hq: G-Wu, hex: "2404"}
sps:
  - {side: German, sp: 6, formation: G-IB, hex: "2504"}
  - {side: German, sp: 4, formation: G-Wu, hex: "2404"}
  - {side: French, sp: 1, hex: "2505"}
  - {side: French, sp: 1, hex: "2603"}
)",
                         Side::kGerman, fog());
  ASSERT_TRUE(st);
  play(*st, kG, "activate hq=G-IB");
  std::string attack;
  for (const auto& a : st->legal_actions(kG))
    if (a.verb == "attack" && a.to_string().find("G-Wu") != std::string::npos)
      attack = a.to_string();
  ASSERT_FALSE(attack.empty());
  play(*st, kG, attack);
  // No doubles (no HQ casualty check, 8.5.1); then whatever rolls follow.
  ScriptedDice dice({6, 5, 2, 1, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3, 2, 3});
  bool advanced = false;
  for (int i = 0; i < 40 && !st->terminal() && !advanced; ++i) {
    if (st->to_move().kind == MoveKind::kChance) {
      const auto rolled = resolve_chance(*st, dice);
      ASSERT_TRUE(rolled.ok()) << rolled.error().to_string();
      continue;
    }
    const Player p = st->to_move().players.front();
    const Action advance = Action("advance").with("from", "2404").with("hq", "G-Wu");
    if (p == kG && st->check(kG, advance).ok()) {
      ASSERT_FALSE(st->inspectable(Side::kFrench, H("2404")));
      const auto ev = st->apply(kG, advance);
      ASSERT_TRUE(ev.ok());
      ASSERT_FALSE(st->inspectable(Side::kFrench, H("2505")));
      std::string french, german;
      for (const auto& e : visible_events(*ev, kF)) french += e.text + "\n";
      for (const auto& e : visible_events(*ev, kG)) german += e.text + "\n";
      EXPECT_NE(french.find("advances 4 SP from 2404 into 2505 (rule 8.7)"), std::string::npos)
          << french;
      EXPECT_EQ(french.find("Wurttemberg"), std::string::npos) << french;
      EXPECT_EQ(french.find("out of sight"), std::string::npos) << french;
      EXPECT_NE(german.find("Wurttemberg Division (Obernitz) HQ advances with them into 2505"),
                std::string::npos)
          << german;
      advanced = true;
      break;
    }
    // No artillery and no re-roll; the Germans' losses fall on 2504, so that
    // the SP of 2404 are fit to advance (8.7: not demoralized).
    const auto legal = st->legal_actions(p);
    const Action* pick = &legal.front();
    for (const auto& a : legal)
      if (a.verb == "decline" || a.verb == "keep" ||
          (a.verb == "degrade" && *a.get("hex") == "2504"))
        pick = &a;
    play(*st, p, pick->to_string());
  }
  EXPECT_TRUE(advanced) << "the attack was not won, or no advance with G-Wu was open";
}

// Sight answers inspectable_in for a whole position at once. A piece in any hex
// of the map, for either viewer (the French see 1 hex, the Germans 2), and a
// hex off the map asked about; then random positions of many pieces.
TEST(Wate1870_12_2, ASightSeesWhatInspectableInSeesInEveryHex) {
  const Map& map = shared_data()->map;
  auto sp = [](Side side, hex::Hex h) {
    SpGroup g;
    g.side = side;
    g.hex = h;
    g.count = 1;
    return g;
  };
  std::vector<hex::Hex> asked;
  for (const auto& info : map.hexes()) asked.push_back(info.hex);
  asked.push_back({map.col_min() - 1, map.row_min()});
  asked.push_back({map.col_max() + 2, map.row_max()});
  int seen = 0;
  for (const auto& at : map.hexes())
    for (Side viewer : {Side::kFrench, Side::kGerman}) {
      Position pos;
      pos.sps.push_back(sp(viewer, at.hex));
      pos.sps.push_back(sp(other(viewer), at.hex));
      const Sight sight(map, pos, viewer);
      for (const hex::Hex h : asked) {
        ASSERT_EQ(sight(h), inspectable_in(pos, viewer, h)) << at.hex.id() << " " << h.id();
        seen += sight(h);
      }
    }
  EXPECT_GT(seen, 0);
  Pcg32 rng(12, 2);
  for (int round = 0; round < 50; ++round) {
    Position pos;
    for (int k = 0; k < 40; ++k)
      pos.sps.push_back(sp(rng.below(2) ? Side::kFrench : Side::kGerman,
                           asked[rng.below(static_cast<std::uint32_t>(map.hexes().size()))]));
    HqUnit q;
    q.id = "G-III";
    q.side = Side::kGerman;
    q.hex = asked[rng.below(static_cast<std::uint32_t>(map.hexes().size()))];
    pos.hqs.push_back(q);
    pos.normalise();
    for (Side viewer : {Side::kFrench, Side::kGerman}) {
      const Sight sight(map, pos, viewer);
      for (const hex::Hex h : asked) ASSERT_EQ(sight(h), inspectable_in(pos, viewer, h)) << h.id();
    }
  }
}

// What a player may not see, as it appears in event texts: ids and names of
// enemy HQs and formations none of whose units he may inspect.
std::vector<std::string> hidden_names(const State& s, Player p) {
  const auto& st = static_cast<const WateState&>(s);
  const Side me = static_cast<Side>(p);
  std::set<std::string> seen, unseen;
  for (const auto& g : st.sps())
    if (g.side != me && !g.formation.empty())
      (st.inspectable(me, g.hex) ? seen : unseen).insert(g.formation);
  for (const auto& h : st.hqs()) {
    if (h.side == me) continue;
    const bool exited =
        std::find(st.exited_hqs().begin(), st.exited_hqs().end(), h.id) != st.exited_hqs().end();
    if (exited) continue;  // counted openly for the victory (11.0, GAP-W-29)
    (h.hex && st.inspectable(me, *h.hex) ? seen : unseen).insert(h.id);
  }
  std::vector<std::string> out;
  for (const auto& id : unseen) {
    if (seen.count(id)) continue;
    out.push_back(id);
    if (const HqDef* def = st.data().forces.find(id)) out.push_back(def->name);
  }
  return out;
}

TEST(Wate1870_12_2, RandomGamesNeverTellAPlayerWhatHeMayNotInspect) {
  contract::SuiteConfig cfg;
  cfg.game = &game();
  cfg.may_be_unlisted = testing::may_be_unlisted;
  cfg.scenario = "historical";
  cfg.options = fog();
  // scripts/soak plays many more, with other seeds.
  cfg.games = contract::scaled(contract::env_int("REISSWITZ_FOG_GAMES", 2));
  cfg.deep_check_every = 50;
  cfg.seed = static_cast<std::uint64_t>(contract::env_int("REISSWITZ_FOG_SEED", 122));
  cfg.secrets_of = hidden_names;
  cfg.check_state = testing::pictures_are_views;
  const auto r = contract::run_contract_suite(cfg);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front();
  EXPECT_EQ(r.games_finished, cfg.games);
  std::cout << "[fog] historical: " << r.games_finished << " games, " << r.steps << " steps\n";
  // The probe finds names to hide at the start, or this test proves nothing.
  auto st = game().initial_state("historical", cfg.options, 1);
  ASSERT_TRUE(st.ok());
  EXPECT_FALSE(hidden_names(**st, kF).empty());
  EXPECT_FALSE(hidden_names(**st, kG).empty());
}

TEST(Wate1870_12_2, RandomFreeSetUpGamesNeverTellAPlayerWhatHeMayNotInspect) {
  contract::SuiteConfig cfg;
  cfg.game = &game();
  cfg.may_be_unlisted = testing::may_be_unlisted;
  cfg.scenario = "free";
  cfg.options = fog();
  cfg.games = contract::scaled(contract::env_int("REISSWITZ_FOG_GAMES", 1));
  cfg.deep_check_every = 50;
  cfg.seed = static_cast<std::uint64_t>(contract::env_int("REISSWITZ_FOG_SEED", 14));
  cfg.secrets_of = hidden_names;
  cfg.check_state = testing::pictures_are_views;
  const auto r = contract::run_contract_suite(cfg);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front();
  EXPECT_EQ(r.games_finished, cfg.games);
  std::cout << "[fog] free set-up: " << r.games_finished << " games, " << r.steps << " steps\n";
}

// Every optional rule at once (12.1 cautious commanders, 12.2, 12.3 the extra
// Chassepot roll, 12.4): games of the historical and the free set-up keep every
// promise of the contract and tell nobody what he may not inspect. `chooser`
// plays them (unset: random games); `label` starts each line of the report.
void play_with_every_optional_rule(std::uint64_t seed,
                                   contract::SuiteConfig::Chooser (*chooser)(std::uint64_t),
                                   const char* label) {
  for (const char* scenario : {"historical", "free"}) {
    contract::SuiteConfig cfg;
    cfg.game = &game();
    cfg.may_be_unlisted = testing::may_be_unlisted;
    cfg.scenario = scenario;
    for (const char* rule : {"12.1", "12.2", "12.3", "12.4"}) cfg.options.values[rule] = "on";
    cfg.games = contract::scaled(contract::env_int("REISSWITZ_FOG_GAMES", 1));
    cfg.deep_check_every = 25;
    cfg.seed =
        static_cast<std::uint64_t>(contract::env_int("REISSWITZ_FOG_SEED", static_cast<int>(seed)));
    cfg.secrets_of = hidden_names;
    cfg.check_state = testing::pictures_are_views;
    if (chooser) cfg.make_chooser = chooser;
    const auto r = contract::run_contract_suite(cfg);
    EXPECT_TRUE(r.violations.empty()) << scenario << ": " << r.violations.front();
    EXPECT_EQ(r.games_finished, cfg.games) << scenario;
    std::cout << label << scenario << ": " << r.games_finished << " games, " << r.steps
              << " steps\n";
  }
}

TEST(Wate1870_12_2, RandomGamesWithEveryOptionalRuleKeepEveryPromise) {
  play_with_every_optional_rule(1204, nullptr, "[fog] every optional rule, ");
}

// The same with the heuristic bot on both sides, one move in ten at random
// (tests/wate1870/mixed_play.hpp): attacks at good odds, sieges and long
// marches in the dark, where random games rarely go.
TEST(Wate1870_12_2, HeuristicGamesWithEveryOptionalRuleKeepEveryPromise) {
  play_with_every_optional_rule(1205, testing::heuristic_with_random_moves,
                                "[mixed] every optional rule, ");
}

TEST(Wate1870_12_2, TheProbeFindsTheNamesTheRedactionTakesOut) {
  // The names the suite above looks for are those the events would show
  // without the redaction: the same orders without 12.2 tell the French them.
  auto hidden = action_phase(kHiddenMarch, Side::kGerman, fog());
  auto open = action_phase(kHiddenMarch, Side::kGerman, {});
  ASSERT_TRUE(hidden && open);
  const auto secrets = hidden_names(*hidden, kF);
  ASSERT_FALSE(secrets.empty());
  std::string told;
  for (const char* order : {"activate hq=G-III", "march sp=5", "move to=0602"})
    told += texts(play(*open, kG, order), kF);
  bool found = false;
  for (const auto& s : secrets) found = found || contract::holds_secret(told, s);
  EXPECT_TRUE(found) << told;
}

// ---- the terminal console (bots::Console, `reisswitz play`) ----

// The German seat plays these orders, then passes (or takes the first choice).
class ScriptBot final : public bots::Bot {
 public:
  explicit ScriptBot(std::vector<std::string> orders) : orders_(std::move(orders)) {}
  Action choose(const State& st, Player p, const std::string&) override {
    const auto legal = st.legal_actions(p);
    if (next_ < orders_.size()) return *Action::parse(orders_[next_++]);
    for (const auto& a : legal)
      if (a.verb == "pass") return a;
    return legal.front();
  }
  std::string name() const override { return "script"; }
  bool needs_view() const override { return false; }

 private:
  std::vector<std::string> orders_;
  std::size_t next_ = 0;
};

// A French human (who quits at his first decision) against the script above.
std::string console_output(GameOptions options) {
  // A file of the test's own: ctest runs the two tests that call this at once.
  const std::string path = ::testing::TempDir() + "fog_console_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() +
                           ".yaml";
  {
    std::ofstream f(path);
    f << scenario_text(kHiddenMarch, Side::kGerman);
  }
  auto st = game().initial_state(path, options, 9);
  std::remove(path.c_str());
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  if (!st.ok()) return "";
  ScriptBot bot({"activate hq=G-III", "march sp=5", "move to=0602", "stop"});
  SeededDice dice(9);
  bots::Wate1870Screen screen(game().data());
  std::istringstream in("quit\n");
  std::ostringstream out;
  GameLog log{"1870", path, options, 9, (*st)->hash(), {{"human", "French"}}, {}};
  bots::Console console(game(), std::move(st).value(), std::move(log),
                        bots::ConsoleSeats{{nullptr, &bot}}, dice, screen, in, out, false);
  EXPECT_EQ(console.run(), 0);
  EXPECT_GE(console.log().entries.size(), 4u);
  return out.str();
}

TEST(Wate1870_12_2, TheConsoleShowsTheFrenchNeitherTheBotsOrdersNorHiddenForces) {
  const std::string out = console_output(fog());
  EXPECT_FALSE(contains(out, "German (script bot):")) << out;
  for (const std::string& secret :
       {std::string("G-III"), hq_name("G-III"), std::string("march sp=5")})
    EXPECT_FALSE(contains(out, secret)) << secret << " in\n" << out;
  EXPECT_TRUE(contains(out, "German activates a force (rule 7.0; fog of war, rule 12.2)")) << out;
  EXPECT_TRUE(contains(out, "A German stack moves 0502 -> 0602")) << out;
}

TEST(Wate1870_12_2, WithoutFogTheConsoleShowsTheBotsOrdersAndEveryEvent) {
  const std::string out = console_output({});
  EXPECT_TRUE(contains(out, "German (script bot): activate hq=G-III")) << out;
  EXPECT_TRUE(contains(out, "activates " + hq_name("G-III") + " HQ in 0502")) << out;
  EXPECT_TRUE(contains(out, "German force moves 0502 -> 0602")) << out;
}

}  // namespace
}  // namespace rz::wate1870
