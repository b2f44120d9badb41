// A saved game the rules cannot go on from is refused at load, saying why
// (WateState::saved_fault, inconsistency: saved_state_checks.cpp). Each case
// is a kind of damaged save that a fuzz of session 31 found crashing, tripping
// an assert or overflowing an int once loaded and played on.
#include <gtest/gtest.h>

#include <functional>
#include <nlohmann/json.hpp>

#include "../shipped_game.hpp"
#include "bots/bot.hpp"
#include "core/dice.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using nlohmann::json;
using test_support::game;

// The first state of a seeded random game of the historical set-up that `want`
// picks, saved; null if none of the games reaches one.
json first_state(const std::function<bool(const WateState&)>& want) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto st = std::move(game().initial_state("historical", GameOptions{}, seed)).value();
    auto bot = std::move(bots::make_bot("random", seed)).value();
    SeededDice dice(seed);
    for (int i = 0; i < 20000 && !st->terminal(); ++i) {
      const auto& ws = static_cast<const WateState&>(*st);
      if (want(ws)) return json::parse(ws.serialize());
      const ToMove tm = st->to_move();
      if (tm.kind == MoveKind::kChance) {
        const auto outcomes = st->chance_outcome_list();
        EXPECT_TRUE(st->apply(kChance, (*outcomes)[*dice.pick(*outcomes)].action).ok());
        continue;
      }
      for (Player p : tm.players) EXPECT_TRUE(st->apply(p, bot->choose(*st, p, "")).ok());
    }
  }
  return nullptr;
}

bool top_is(const WateState& ws, StepKind k) {
  return !ws.steps().empty() && ws.steps().back().kind == k;
}

json& top_step(json& j) { return j["steps"].back(); }

// Loading `j` fails, and the message says `reason`.
void refused(const json& j, const std::string& reason) {
  const auto r = game().deserialize(j.dump());
  ASSERT_FALSE(r.ok()) << "accepted; expected: " << reason;
  EXPECT_EQ(r.error().code, Code::kMalformed);
  EXPECT_EQ(r.error().message, "the saved game is damaged: " + reason);
}

TEST(Wate1870_SavedStateChecks, EveryStateOfAGameLoads) {
  // The checks refuse nothing a game reaches: the contract suite loads every
  // state of its games too, this is the plain case.
  const json j = first_state([](const WateState& ws) { return top_is(ws, StepKind::kReroll); });
  ASSERT_FALSE(j.is_null());
  EXPECT_TRUE(game().deserialize(j.dump()).ok());
}

TEST(Wate1870_SavedStateChecks, AStepOfACombatNeedsTheCombat) {
  json j = first_state([](const WateState& ws) { return top_is(ws, StepKind::kReroll); });
  ASSERT_FALSE(j.is_null());
  json no_combat = j;
  no_combat["combat"] = nullptr;
  refused(no_combat, "the step 'combat' has no combat under way");
  // Under the combat's own step it would outlive the combat (8.0).
  json buried = j;
  buried["steps"].insert(buried["steps"].begin(), top_step(buried));
  refused(buried, "the step 'reroll' stands below the combat it belongs to");
  json die = j;
  top_step(die)["kind"] = "reroll-die";
  top_step(die)["n"][0] = 7;
  refused(die, "the die of the step 'reroll-die' is 7, not from 0 to 1");
  json two = j;
  two["steps"].push_back(
      json{{"kind", "combat"}, {"side", "German"}, {"hex", "0000"}, {"n", {0, 0}}});
  refused(two, "two combats are under way at once (8.0)");
  json dice = j;
  dice["combat"]["dice"][0][1] = 9;
  refused(dice, "a combat die is 9, not from 0 to 6");
  json drm = j;
  drm["combat"]["drm"][1] = -2147483647;
  refused(drm, "the combat's DRM is -2147483647, not from -99 to 99");
  json far = j;
  far["combat"]["from"] = json::array({far["combat"]["target"]});
  refused(far, "the combat's attacking hex " + far["combat"]["target"].get<std::string>() +
                   " is not next to its target " + far["combat"]["target"].get<std::string>() +
                   " (8.0)");
}

TEST(Wate1870_SavedStateChecks, ACasualtyRollNamesAnHqOfItsList) {
  json j = first_state([](const WateState& ws) {
    return top_is(ws, StepKind::kHqCasualtyRoll) && ws.steps().back().n1 == 0;
  });
  ASSERT_FALSE(j.is_null());
  const std::size_t hqs = j["combat"]["hqs"].size();
  json twice = j;
  twice["steps"].push_back(top_step(twice));
  refused(twice, "two steps 'hq-casualty' are for the same HQ (8.5.1)");
  top_step(j)["n"][0] = static_cast<int>(hqs);
  refused(j, "the step 'hq-casualty' is for HQ number " + std::to_string(hqs) + " of a list of " +
                 std::to_string(hqs) + " (counted from 0)");
}

TEST(Wate1870_SavedStateChecks, AMarchNeedsItsForceAndItsSp) {
  json j = first_state(
      [](const WateState& ws) { return top_is(ws, StepKind::kMarch) && ws.steps().size() == 1; });
  ASSERT_FALSE(j.is_null());
  json twice = j;
  twice["steps"].push_back(top_step(twice));
  refused(twice, "two forces are ordered at once (7.0)");
  json no_force = j;
  no_force["force"] = nullptr;
  refused(no_force, "the step 'march' has no acting force");
  json mp = j;
  mp["force"]["mp_left"] = 2147483647;
  refused(mp, "the acting force's MP is 2147483647, not from 0 to 99");
  // The force's SP stay in its hex (force_sp): moved off them, it has none.
  json moved = j;
  const std::string at = moved["force"]["hex"];
  std::string acting_at;
  for (auto& g : moved["sps"])
    if (g[7] == true) acting_at = g[0];
  ASSERT_EQ(acting_at, at);
  moved["force"]["hex"] = hex::neighbours(*hex::parse_hex(at))[0].id();
  refused(moved, "SP in " + at + " are marked acting but are not the acting force's (7.0)");
  // A roll of the march, about no hex of the map.
  json fire = j;
  fire["steps"].push_back(
      json{{"kind", "chassepot-choice"}, {"side", "French"}, {"hex", "0000"}, {"n", {0, 0}}});
  refused(fire, "the step 'chassepot-choice' is about hex 0000, which is not on the map");
}

TEST(Wate1870_SavedStateChecks, NumbersStayWithinWhatAGameReaches) {
  json j = first_state([](const WateState& ws) { return top_is(ws, StepKind::kActivate); });
  ASSERT_FALSE(j.is_null());
  const auto with = [&](const std::function<void(json&)>& change) {
    json k = j;
    change(k);
    return k;
  };
  refused(with([](json& k) { k["rp"][0] = -1; }), "French rp is -1, not from 0 to 9999");
  refused(with([](json& k) { k["turn"] = 0; }), "turn is 0, not from 1 to 20");
  refused(with([](json& k) { k["turn"] = 21; }), "turn is 21, not from 1 to 20");
  refused(with([](json& k) { k["eliminated"][1] = 2147483647; }),
          "German eliminated is 2147483647, not from 0 to 9999");
  refused(with([](json& k) { k["consecutive_passes"] = 3; }),
          "consecutive_passes is 3, not from 0 to 2");
  refused(with([](json& k) { k["winner"] = "German"; }),
          "a winner is named but the game is not over (11.0)");
  refused(with([](json& k) { k["phase"] = "administrative"; }),
          "the step 'activate' is not one of the administrative phase (5.0)");
  // One group of 1,000 SP is more than a game holds; so are 11 groups of 999
  // (alike, they would be merged into one, its count past an int with more).
  const std::string hex0 = j["sps"][0][0], side0 = j["sps"][0][1];
  refused(with([](json& k) { k["sps"][0][4] = 1000; }),
          "at /sps/0: an SP group in " + hex0 + " holds 1000 SP, not from 1 to 999");
  // 8.6's retreat mark (session 36): 1 or 2, and only in a combat.
  refused(with([](json& k) { k["sps"][0].push_back(3); }),
          "at /sps/0: an SP group in " + hex0 + " has retreat mark 3, not 0, 1 or 2");
  refused(with([](json& k) { k["sps"][0].push_back(2); }),
          "SP in " + hex0 + " are marked as retreated but take part in no combat (8.6)");
  // The group where the sum passes 9,999 is named (a JSON pointer).
  int side_sp = 0;
  for (const auto& g : j["sps"])
    if (g[1] == side0) side_sp += g[4].get<int>();
  const std::size_t past = j["sps"].size() + static_cast<std::size_t>((9999 - side_sp) / 999);
  refused(
      with([](json& k) {
        for (int i = 0; i < 11; ++i) {
          json g = k["sps"][0];
          g[4] = 999;
          k["sps"].push_back(g);
        }
      }),
      "at /sps/" + std::to_string(past) + ": the " + side0 + " have more than 9999 SP on the map");
}

// The steps due keep the shape games give them: a step that surfaced later
// with nothing to act on (an activation pushed above a march, a combat above a
// combat's own step) crashed the fuzzed games moves after they loaded.
TEST(Wate1870_SavedStateChecks, TheStepsDueKeepTheShapeGamesGiveThem) {
  json j = first_state(
      [](const WateState& ws) { return top_is(ws, StepKind::kMarch) && ws.steps().size() == 1; });
  ASSERT_FALSE(j.is_null());
  json activate = j;
  activate["steps"].push_back(
      json{{"kind", "activate"}, {"side", "French"}, {"hex", "0000"}, {"n", {0, 0}}});
  refused(activate, "the step 'activate' stands with steps of another kind");
  json under = j;
  under["steps"].insert(
      under["steps"].begin(),
      json{{"kind", "absorb"}, {"side", "German"}, {"hex", "0000"}, {"n", {1, 0}}});
  refused(under, "the step 'march' stands above steps other than HQ orders");
  json fire = j;
  fire["steps"][0]["kind"] = "force-orders";
  fire["steps"].push_back(json{{"kind", "chassepot-roll"},
                               {"side", "French"},
                               {"hex", fire["force"]["hex"]},
                               {"n", {0, 0}}});
  refused(fire, "the step 'chassepot-roll' stands above no march (7.1.2)");
}

// Losses to absorb with no SP engaged: the game could not go on.
TEST(Wate1870_SavedStateChecks, ThePlayerToMoveHasAnOrderToGive) {
  json j =
      first_state([](const WateState& ws) { return top_is(ws, StepKind::kAbsorb) && ws.combat(); });
  ASSERT_FALSE(j.is_null());
  // Losses to absorb with no SP in the combat: the player could not go on
  // (found first by the check of what a player to move may order, now by 8.5's).
  for (auto& g : j["sps"]) g[8] = false;
  std::string first;  // the lowest absorb step is found first
  for (const auto& s : j["steps"])
    if (s["kind"] == "absorb" && first.empty()) first = s["side"];
  refused(j, "the step 'absorb' of the " + first +
                 " player is due, but that side has no SP in the combat (8.5)");
}

json saved_start(const std::string& scenario) {
  auto st = std::move(game().initial_state(scenario, GameOptions{}, 1)).value();
  return json::parse(st->serialize());
}

TEST(Wate1870_SavedStateChecks, SpBelongToAFormationOfTheirOwnSide) {
  json j = saved_start("historical");
  j["sps"][0][2] = "X-9";
  refused(j, "SP in " + j["sps"][0][0].get<std::string>() +
                 " belong to formation X-9, which is no HQ of the game");
  json free = saved_start("free");
  ASSERT_EQ(free["setup"][1][2], "F-I");  // SP of I Corps, French
  free["setup"][1][0] = "German";
  refused(free, "SP waiting to be set up are German but belong to formation F-I, which is French");
}

TEST(Wate1870_SavedStateChecks, ThePiecesToSetUpAreEachSidesOwnAndWaitOnce) {
  const json free = saved_start("free");
  ASSERT_EQ(free["setup"][0][1], "F-I");  // the French I Corps HQ
  json wrong_side = free;
  wrong_side["setup"][0][0] = "German";
  refused(wrong_side, "HQ F-I waits to be set up by the German player but is French (14.0)");
  json twice = free;
  twice["setup"].push_back(free["setup"][0]);
  refused(twice, "HQ F-I waits to be set up twice");
  json in_game = free;
  const std::string pooled = free["hqs"][0][0];  // in the force pool (6.2)
  in_game["setup"].push_back(json{"French", pooled, "", "2608", 0, "good", false});
  refused(in_game, "HQ " + pooled + " waits to be set up but is in the game already");
  json after = saved_start("historical");
  after["setup"].push_back(free["setup"][1]);
  refused(after, "units wait to be set up (14.0) in the administrative phase");
}

// Session 32's fuzz (7,966 mutants): the checks above went from a step to what
// it needs; these go back from what is under way to its step, and from a step
// to the side it belongs to. Each mutant loaded and failed some moves later.
TEST(Wate1870_SavedStateChecks, WhatIsUnderWayHasItsStepDue) {
  const json marching = first_state([](const WateState& ws) {
    return top_is(ws, StepKind::kMarch) && ws.steps().size() == 1 && ws.frames().empty();
  });
  const json in_combat =
      first_state([](const WateState& ws) { return top_is(ws, StepKind::kReroll); });
  ASSERT_FALSE(marching.is_null());
  ASSERT_FALSE(in_combat.is_null());
  json combat = marching;
  combat["combat"] = in_combat["combat"];
  refused(combat, "a combat is under way but its step is not due (8.0)");
  json force = marching;
  top_step(force)["kind"] = "activate";
  refused(force, "a force is acting but no step of its orders, march or combat is due (7.0)");
}

TEST(Wate1870_SavedStateChecks, TheChainHasAnHqForEachStepOfOrdersAndTheForce) {
  const json j = first_state([](const WateState& ws) {
    return top_is(ws, StepKind::kMarch) && ws.force()->hq_action && ws.frames().size() == 1 &&
           ws.steps().size() == 1;
  });
  ASSERT_FALSE(j.is_null());
  json below = j;  // the HQ's step is the force's while it acts (7.0)
  json orders = top_step(below);
  orders["kind"] = "hq-orders";
  below["steps"].insert(below["steps"].begin(), orders);
  refused(below,
          "the chain holds 1 activated HQ, but the 1 step of HQ orders due and the acting force "
          "need 2 (3.6.2)");
  json other = j;
  const std::string side = j["force"]["side"];
  std::string enemy_hq;
  for (const auto& q : j["hqs"])
    if (q[0].get<std::string>().rfind(side == "French" ? "G-" : "F-", 0) == 0 && !q[1].is_null())
      enemy_hq = q[0];
  ASSERT_FALSE(enemy_hq.empty());
  other["frames"][0][0] = enemy_hq;
  refused(other, "the " + side + " force acts for the chain of the other side (3.6.2)");
}

TEST(Wate1870_SavedStateChecks, AForcesStepsAreItsSidesAndTheFireTheEnemys) {
  const json roll =
      first_state([](const WateState& ws) { return top_is(ws, StepKind::kForcedMarchRoll); });
  ASSERT_FALSE(roll.is_null());
  json own = roll;
  const std::string side = roll["force"]["side"];
  const std::string enemy = side == "French" ? "German" : "French";
  top_step(own)["side"] = enemy;
  refused(own, "the step 'forced-march-roll' is the " + enemy +
                   " player's but the acting force is " + side);
  const json fire =
      first_state([](const WateState& ws) { return top_is(ws, StepKind::kChassepotChoice); });
  ASSERT_FALSE(fire.is_null());
  json own_fire = fire;
  top_step(own_fire)["side"] = "German";
  refused(
      own_fire,
      "the step 'chassepot-choice' is the German player's, whose own force is marching (7.1.2)");
  json far = fire;
  far["force"]["fired_to"] = "1604";  // Sedan, far from any German march of the first turns
  refused(far, "the acting force in " + fire["force"]["hex"].get<std::string>() +
                   " was fired on stepping to 1604, which is not next to it (7.1.2)");
}

TEST(Wate1870_SavedStateChecks, ACombatsStepsAreForASideThatCanTakeThem) {
  const json j = first_state([](const WateState& ws) {
    return top_is(ws, StepKind::kAbsorb) &&
           std::count_if(ws.steps().begin(), ws.steps().end(),
                         [](const Step& s) { return s.kind == StepKind::kAbsorb; }) == 2;
  });
  ASSERT_FALSE(j.is_null());
  json twice = j;
  const std::string side = j["steps"].back()["side"];
  twice["steps"][twice["steps"].size() - 2]["side"] = side;
  refused(twice, "the step 'absorb' of the " + side + " player is due twice (8.5)");
  json none = j;
  top_step(none)["n"] = {0, 0};
  refused(none, "the step 'absorb' of the " + side + " player has no losses to absorb (8.5)");
  const json art =
      first_state([](const WateState& ws) { return top_is(ws, StepKind::kArtillery); });
  ASSERT_FALSE(art.is_null());
  json poor = art;
  const std::string gunner = art["steps"].back()["side"];
  poor["rp"][gunner == "French" ? 0 : 1] = 0;
  const int cost = art["combat"]["artillery_rp"][gunner == "French" ? 0 : 1];
  refused(poor, "the step 'artillery' of the " + gunner +
                    " player is due, but that side may not commit artillery or pay its " +
                    std::to_string(cost) + " RP (8.4)");
}

TEST(Wate1870_SavedStateChecks, APhasesStepIsDueOnceAndTheGermansSetUpFirst) {
  json twice = saved_start("historical");
  twice["steps"].push_back(top_step(twice));
  refused(twice, "the step 'administrative' is due twice for the same side and hex");
  json french_first = saved_start("free");
  top_step(french_first)["side"] = "French";
  refused(french_first, "the French set up (14.0) while German units still wait to be set up");
}

// A game ends at once when its VP or an HQ's casualty says so (11.0, 8.5.1),
// in the middle of a combat or a march: the finished game keeps the combat,
// the force and the chain, with no step due (WateState::finish). It loads, to
// be looked at (session 32's second fuzz: a random game of the free set-up,
// seed 1057, ended so, and its save was refused).
TEST(Wate1870_SavedStateChecks, AGameThatEndedInTheMiddleOfAnActionLoads) {
  const json combat =
      first_state([](const WateState& ws) { return top_is(ws, StepKind::kReroll); });
  const json march = first_state([](const WateState& ws) {
    return top_is(ws, StepKind::kMarch) && ws.force()->hq_action && !ws.frames().empty();
  });
  ASSERT_FALSE(combat.is_null());
  ASSERT_FALSE(march.is_null());
  for (json j : {combat, march}) {
    j["over"] = true;
    j["winner"] = "German";
    j["end_reason"] = "a French army HQ was eliminated";
    j["steps"] = json::array();
    const auto r = game().deserialize(j.dump());
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_TRUE((*r)->terminal());
    // What-if odds on it say why not (before: "the dice are to roll").
    const auto odds = static_cast<const WateState&>(**r).preview_attack(
        std::move(Action::parse("attack to=2107")).value(), std::nullopt);
    ASSERT_FALSE(odds.ok());
    EXPECT_EQ(odds.error().message,
              "no attack: the game is over (a French army HQ was eliminated)");
    j["frames"] = json::array();  // the HQ of the force taken off the map
    const auto without_chain = game().deserialize(j.dump());
    EXPECT_TRUE(without_chain.ok()) << without_chain.error().message;
  }
}

TEST(Wate1870_SavedStateChecks, AForceFiredOnIsNotOnTheTrainAndRollsOnceForAForcedMarch) {
  json fired = first_state([](const WateState& ws) { return ws.force() && ws.force()->fired_to; });
  ASSERT_FALSE(fired.is_null());
  fired["force"]["entrained"] = true;
  refused(fired, "the acting force in " + fired["force"]["hex"].get<std::string>() +
                     " is on the train but was fired on stepping to " +
                     fired["force"]["fired_to"].get<std::string>() + " (7.1.2, 7.1.3)");
  json twice =
      first_state([](const WateState& ws) { return top_is(ws, StepKind::kForcedMarchRoll); });
  ASSERT_FALSE(twice.is_null());
  twice["steps"].push_back(twice["steps"].back());
  refused(twice, "two steps 'forced-march-roll' are due at once (7.2)");
}

// Loading `j` fails, and the message holds `part` (where it names a figure of the game).
void refused_saying(const json& j, const std::string& part) {
  const auto r = game().deserialize(j.dump());
  ASSERT_FALSE(r.ok()) << "accepted; expected: " << part;
  EXPECT_NE(r.error().message.find(part), std::string::npos) << r.error().message;
}

// Fuzz round 3 (session 33): a force fired on that may not take the step it
// began had no legal order a few steps later (7.1.2 allows it no other).
TEST(Wate1870_SavedStateChecks, AForceFiredOnMayTakeTheStepItBegan) {
  const json fired =
      first_state([](const WateState& ws) { return ws.force() && ws.force()->fired_to; });
  ASSERT_FALSE(fired.is_null());
  const std::string at = "the acting force in " + fired["force"]["hex"].get<std::string>() +
                         " was fired on stepping to " +
                         fired["force"]["fired_to"].get<std::string>();
  json no_mp = fired;
  no_mp["force"]["mp_left"] = 0;
  refused_saying(no_mp, at + ", a step it may not take (entering ");
  refused_saying(no_mp, "the force has 0 left), and it may take no other (7.1.2)");
  json must_stop = fired;
  must_stop["force"]["must_stop"] = true;
  refused_saying(must_stop,
                 at + ", a step it may not take (the force entered an enemy zone of control");
  const json march_combat = first_state([](const WateState& ws) {
    return ws.combat() && ws.combat()->march && ws.force() && ws.force()->side == Side::kGerman;
  });
  ASSERT_FALSE(march_combat.is_null());
  json in_combat = march_combat;
  in_combat["force"]["fired_to"] = march_combat["combat"]["target"];
  refused(in_combat, "the acting force in " + march_combat["force"]["hex"].get<std::string>() +
                         " was fired on stepping to " +
                         march_combat["combat"]["target"].get<std::string>() +
                         ", but it is in a combat: it completes that step first (7.1.2)");
}

// Fuzz round 3: SP of the other side marked acting in a combat were accepted, and
// the march orders after it aborted on an assertion (force_sp, march.cpp).
TEST(Wate1870_SavedStateChecks, TheSpActingInACombatAreTheForcesSide) {
  const json j = first_state([](const WateState& ws) { return ws.combat() && ws.force(); });
  ASSERT_FALSE(j.is_null());
  json other = j;
  const std::string side = j["force"]["side"];
  auto g = std::find_if(other["sps"].begin(), other["sps"].end(),
                        [&](const json& x) { return x[1] != side; });
  ASSERT_NE(g, other["sps"].end());
  (*g)[7] = true;  // "acting"
  refused(other, "SP in " + (*g)[0].get<std::string>() +
                     " are marked acting but are not the acting force's (7.0)");
}

TEST(Wate1870_SavedStateChecks, EachHqGivingOrdersHasItsFrame) {
  json j = first_state([](const WateState& ws) {
    return top_is(ws, StepKind::kHqOrders) && ws.frames().size() == 1 && !ws.force();
  });
  ASSERT_FALSE(j.is_null());
  j["steps"].push_back(top_step(j));
  refused(j, "the chain holds 1 activated HQ, but the 2 steps of HQ orders due need 2 (3.6.2)");
}

}  // namespace
}  // namespace rz::wate1870
