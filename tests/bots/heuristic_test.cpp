// The 1870 heuristic bot: legal choices only, deterministic with a seed, sound
// play in small situations (it attacks at good odds and not at bad ones, keeps
// army HQs out of combat, rallies, marches into an empty Metz), decisions under
// 12.2 that do not depend on what the player may not see, and wins against the
// random bot from both sides, in the historical and the free set-up.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "../shipped_game.hpp"
#include "../wate1870/phases_fixture.hpp"
#include "bots/bot.hpp"
#include "bots/heuristic_1870.hpp"
#include "bots/heuristic_1870/scene.hpp"
#include "core/dice.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {
namespace {

using test_support::game;

using wate1870::Side;
using wate1870::WateState;
using wate1870::testing::kF;
using wate1870::testing::kG;
using wate1870::testing::play;
using wate1870::testing::situation;

TEST(HeuristicBot, IsRegisteredByName) {
  auto b = make_bot("heuristic", 1);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ((*b)->name(), "heuristic");
  const auto names = bot_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "heuristic"), names.end());
}

// Both sides heuristic, dice from the seed: every choice is legal.
void expect_legal_choices(const std::string& scenario, const GameOptions& options, int steps) {
  auto st = std::move(game().initial_state(scenario, options, 1)).value();
  Heuristic1870Bot french(1), german(2);
  SeededDice dice(1);
  for (int step = 0; step < steps && !st->terminal(); ++step) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    const Action a = (p == kF ? french : german).choose(*st, p, "");
    ASSERT_TRUE(st->check(p, a).ok()) << scenario << " step " << step << ": " << a.to_string();
    ASSERT_TRUE(st->apply(p, a).ok());
  }
}

TEST(HeuristicBot, OnlyPicksLegalActions) {
  expect_legal_choices("historical", {}, 600);
  expect_legal_choices("free", {}, 300);
  expect_legal_choices("historical", GameOptions{{{"12.2", "on"}}}, 300);
}

// A search applies the moves the bot vouches for without checking them again
// (SearchModel::policy_move): each must pass check(), and most moves are such.
TEST(HeuristicBot, EveryMoveItVouchesForPassesCheck) {
  auto st = std::move(game().initial_state("historical", {}, 4)).value();
  const auto& ws = dynamic_cast<const WateState&>(*st);
  Heuristic1870Bot french(1), german(2);
  SeededDice dice(4);
  int moves = 0, vouched = 0, activations = 0, losses = 0;
  for (int step = 0; step < 1500 && !st->terminal(); ++step) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    bool checked = false;
    const auto kind = ws.steps().empty() ? wate1870::StepKind::kSetup : ws.steps().back().kind;
    const Action a = (p == kF ? french : german).choose_in_picture(ws, p, &checked);
    ++moves;
    // An activation (7.0) and a loss (8.5, 7.1.2) are made without the list,
    // of what the rules offer (WateState::activatable, WateState::loss):
    // always vouched for.
    if (kind == wate1870::StepKind::kActivate || kind == wate1870::StepKind::kAbsorb) {
      ++(kind == wate1870::StepKind::kActivate ? activations : losses);
      EXPECT_TRUE(checked) << "step " << step << ": " << a.to_string();
    }
    if (checked) {
      ++vouched;
      ASSERT_TRUE(st->check(p, a).ok()) << "step " << step << ": " << a.to_string();
    }
    ASSERT_TRUE(st->apply(p, a).ok());
  }
  EXPECT_GT(moves, 1000);
  EXPECT_GT(activations, 50);
  EXPECT_GT(losses, 10);
  EXPECT_GT(vouched, moves / 2) << vouched << " of " << moves;
}

// A search's bot keeps its Administrative Phase answers (6.0) by the state:
// asked again, in any order, about any of a game's phases, it answers as a bot
// that works each out afresh.
TEST(HeuristicBot, KeptAdministrativeAnswersAreTheAnswersWorkedOut) {
  auto st = std::move(game().initial_state("historical", {}, 6)).value();
  Heuristic1870Bot french(1), german(2);
  SeededDice dice(6);
  std::vector<std::pair<std::unique_ptr<State>, Player>> phases;
  for (int step = 0; step < 6000 && !st->terminal(); ++step) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    const auto& ws = dynamic_cast<const WateState&>(*st);
    if (!ws.steps().empty() && ws.steps().back().kind == wate1870::StepKind::kAdministrative)
      phases.emplace_back(st->clone(), p);
    ASSERT_TRUE(st->apply(p, (p == kF ? french : german).choose(*st, p, "")).ok());
  }
  ASSERT_GT(phases.size(), 20u);
  Heuristic1870Bot kept(0), fresh(0);
  kept.keep_administrative_answers();
  int mobilized = 0;
  for (int pass = 0; pass < 2; ++pass)  // the second pass finds every answer kept
    for (std::size_t i = 0; i < phases.size(); ++i) {
      const auto& [state, p] = phases[pass == 0 ? i : phases.size() - 1 - i];
      const auto& ws = dynamic_cast<const WateState&>(*state);
      const Action a = kept.choose_in_picture(ws, p), b = fresh.choose_in_picture(ws, p);
      ASSERT_EQ(a, b) << "pass " << pass << ", phase " << i << ": " << a.to_string();
      mobilized += a.verb == "mobilize";
    }
  EXPECT_GT(mobilized, 4);  // not only the end of the phase
}

Result<PlayedGame> match(const std::string& french, const std::string& german, std::uint64_t seed,
                         const std::string& scenario = "historical",
                         const GameOptions& options = {}, long max_steps = 200000) {
  auto f = std::move(make_bot(french, seed * 2 + 1)).value();
  auto g = std::move(make_bot(german, seed * 2 + 2)).value();
  SeededDice dice(seed);
  return play_game(game(), scenario, options, seed, {f.get(), g.get()}, dice, max_steps);
}

TEST(HeuristicBot, IsDeterministicWithASeed) {
  auto a = match("heuristic", "random", 5, "historical", {}, 600);
  auto b = match("heuristic", "random", 5, "historical", {}, 600);
  ASSERT_TRUE(a.ok() && b.ok()) << (a.ok() ? b.error().to_string() : a.error().to_string());
  EXPECT_EQ(a->log.entries, b->log.entries);
  EXPECT_EQ(a->final_hash, b->final_hash);
}

// ---- small situations on the shipped map ----

// A German corps in Saarbrucken (2306) next to a French force in 2407 (France,
// clear, no town, no river between): both have a LOC.
std::string border_fight(int german_sp, int french_sp, const std::string& german_hq = "G-III") {
  return R"(name: "a fight on the border"
source: "reconstructed: bot test"
turn: 5
phase: action
vp: 11
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: the Germans activate first"}
hqs:
  - {hq: )" +
         german_hq + R"(, hex: "2306", source: "reconstructed: test"}
sps:
  - {side: German, sp: )" +
         std::to_string(german_sp) + ", formation: " + german_hq +
         R"(, hex: "2306", source: "reconstructed: test"}
  - {side: French, sp: )" +
         std::to_string(french_sp) +
         R"(, formation: F-IV, hex: "2407", source: "reconstructed: test"}
)";
}

TEST(HeuristicBot, CombatOddsFollowTheCombatRatioMatrix) {
  auto good = situation(border_fight(6, 2));
  auto bad = situation(border_fight(4, 8));
  ASSERT_TRUE(good && bad);
  const auto g = Heuristic1870Bot::combat_odds(*good, kG, {"2306"}, "2407", false);
  const auto b = Heuristic1870Bot::combat_odds(*bad, kG, {"2306"}, "2407", false);
  // 6 against 2 is 3:1 (+3 / -3, rule 8.3); 4 against 8 is 1:2 (-2 / +2).
  EXPECT_GE(g.attack_drm - g.defence_drm, 5);
  EXPECT_GT(g.win, 0.85);
  EXPECT_GT(g.value, 0);
  EXPECT_LE(b.attack_drm - b.defence_drm, -3);
  EXPECT_LT(b.win, 0.25);
  EXPECT_LT(b.value, 0);
  // March Combat halves the attacker (7.1.1): worse odds than a Planned Attack.
  const auto m = Heuristic1870Bot::combat_odds(*good, kG, {"2306"}, "2407", true);
  EXPECT_LT(m.win, g.win);
}

// A combat set up once (heuristic1870::CombatOdds, what the planner weighs a
// March Combat with before it traces the defender's LOC) gives the odds
// odds_of gives, with the defender's LOC and without: without one the
// defender is halved (8.2), so the attacker wins more often.
TEST(HeuristicBot, ACombatSetUpOnceIsWeighedWithTheDefendersLocOrWithout) {
  auto st = situation(border_fight(4, 4));
  ASSERT_TRUE(st);
  const wate1870::Board b{st->data(), st->position(), st->options()};
  wate1870::CombatForce cf;
  cf.hex = *hex::parse_hex("2306");
  cf.good = 4;
  cf.loc = true;
  const std::vector<wate1870::CombatForce> attack{cf};
  const hex::Hex target = *hex::parse_hex("2407");
  const heuristic1870::CombatOdds combat(b, Side::kGerman, attack, {}, target, true);
  const auto with = combat(true), without = combat(false);
  const auto with_again = heuristic1870::odds_of(b, Side::kGerman, attack, {}, target, true, true);
  const auto without_again =
      heuristic1870::odds_of(b, Side::kGerman, attack, {}, target, true, false);
  EXPECT_EQ(with.win, with_again.win);
  EXPECT_EQ(with.value, with_again.value);
  EXPECT_EQ(without.win, without_again.win);
  EXPECT_EQ(without.value, without_again.value);
  EXPECT_GT(without.win, with.win);
  EXPECT_GT(with.defence_drm - with.attack_drm, without.defence_drm - without.attack_drm);
  // Weighed again after the other, the same.
  EXPECT_EQ(combat(true).win, with.win);
}

// The bot's orders for the German HQ in the situation, after it activates it.
Action orders_after_activation(WateState& st, Heuristic1870Bot& bot, const std::string& hq) {
  const Action first = bot.choose(st, kG, "");
  EXPECT_EQ(first.to_string(), "activate hq=" + hq);
  play(st, kG, first.to_string());
  return bot.choose(st, kG, "");
}

TEST(HeuristicBot, AttacksAtThreeToOneButNotAtOneToTwo) {
  {
    auto st = situation(border_fight(6, 2));
    ASSERT_TRUE(st);
    Heuristic1870Bot bot(1);
    const Action a = orders_after_activation(*st, bot, "G-III");
    EXPECT_EQ(a.verb, "attack") << a.to_string();
    EXPECT_EQ(a.get("target") ? *a.get("target") : "", "2407") << a.to_string();
  }
  {
    auto st = situation(border_fight(4, 8));
    ASSERT_TRUE(st);
    Heuristic1870Bot bot(1);
    const Action a = orders_after_activation(*st, bot, "G-III");
    EXPECT_NE(a.verb, "attack") << a.to_string();
    // Nor does it march into the French force (March Combat, halved).
    for (int step = 0; step < 20 && st->to_move().players == std::vector<Player>{kG}; ++step) {
      const Action b = step == 0 ? a : bot.choose(*st, kG, "");
      EXPECT_NE(b.verb, "attack") << b.to_string();
      if (!st->apply(kG, b).ok()) break;
    }
  }
}

TEST(HeuristicBot, ArmyHqsNeverAttack) {
  // 8.5.1 / GAP-W-30: a German army HQ flipped by a casualty loses the game.
  auto st = situation(border_fight(12, 2, "G-2A"));
  ASSERT_TRUE(st);
  Heuristic1870Bot bot(1);
  ASSERT_GT(Heuristic1870Bot::combat_odds(*st, kG, {"2306"}, "2407", false).win, 0.9);
  const Action a = orders_after_activation(*st, bot, "G-2A");
  EXPECT_NE(a.verb, "attack") << a.to_string();
}

TEST(HeuristicBot, RalliesADisruptedForceWithALoc) {
  auto yaml = [](const char* status) {
    return std::string(R"(name: "a disrupted force at home"
source: "reconstructed: bot test"
turn: 5
phase: action
vp: 11
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
sps:
  - {side: German, sp: 3, hex: "2104", status: )") +
           status + R"(, source: "reconstructed: test"}
  - {side: French, sp: 6, formation: F-VII, hex: "2514", source: "reconstructed: test"}
)";
  };
  {
    auto st = situation(yaml("disrupted"));
    ASSERT_TRUE(st);
    Heuristic1870Bot bot(1);
    const Action a = bot.choose(*st, kG, "");
    ASSERT_EQ(a.to_string(), "activate hex=2104");
    play(*st, kG, a.to_string());
    EXPECT_EQ(bot.choose(*st, kG, "").to_string(), "rally");
  }
  {
    // In good order it has no reason to rally (and cannot: 7.3).
    auto st = situation(yaml("good"));
    ASSERT_TRUE(st);
    Heuristic1870Bot bot(1);
    const Action a = bot.choose(*st, kG, "");
    if (a.verb == "activate") {
      play(*st, kG, a.to_string());
      EXPECT_NE(bot.choose(*st, kG, "").to_string(), "rally");
    }
  }
}

TEST(HeuristicBot, TheGermansMarchIntoAnEmptyMetz) {
  auto st = situation(R"(name: "Metz undefended"
source: "reconstructed: bot test"
turn: 5
phase: action
vp: 11
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "reconstructed: test"}
hqs:
  - {hq: G-III, hex: "2207", source: "reconstructed: test"}
sps:
  - {side: German, sp: 8, formation: G-III, hex: "2207", source: "reconstructed: test"}
  - {side: French, sp: 6, formation: F-VII, hex: "2514", source: "reconstructed: test"}
)");
  ASSERT_TRUE(st);
  const hex::Hex metz = *hex::parse_hex("2107");
  ASSERT_EQ(st->controller(metz), Side::kFrench);
  Heuristic1870Bot bot(1);
  for (int step = 0; step < 20 && st->to_move().players == std::vector<Player>{kG}; ++step) {
    const Action a = bot.choose(*st, kG, "");
    ASSERT_TRUE(st->apply(kG, a).ok()) << a.to_string();
    if (a.verb == "stop") break;
  }
  EXPECT_EQ(st->controller(metz), Side::kGerman);
}

TEST(HeuristicBot, SetsUpTheFreeScenario) {
  auto st = std::move(game().initial_state("free", {}, 1)).value();
  Heuristic1870Bot bot(1);
  for (Player p : {kG, kF}) {  // 14.0: the Germans set up first
    ASSERT_EQ(st->to_move().players, std::vector<Player>{p});
    EXPECT_EQ(bot.choose(*st, p, "").verb, "auto-setup");
    ASSERT_TRUE(st->apply(p, Action("auto-setup")).ok());
    EXPECT_EQ(bot.choose(*st, p, "").verb, "end-setup");
    ASSERT_TRUE(st->apply(p, Action("end-setup")).ok());
  }
  EXPECT_NE(dynamic_cast<const WateState&>(*st).phase(), wate1870::Phase::kSetup);
}

// ---- 12.2 Fog of War ----

TEST(HeuristicBot, UnderFogOfWarItsDecisionsDoNotDependOnWhatItMayNotSee) {
  // The French (who inspect only adjacent German forces, 12.2) play the same
  // game twice over: once as it is, once with every German stack they may not
  // inspect made bigger. Same views, so the same decisions, one by one.
  const GameOptions fog{{{"12.2", "on"}}};
  auto st = std::move(game().initial_state("historical", fog, 3)).value();
  auto& ws = dynamic_cast<WateState&>(*st);
  Heuristic1870Bot a(7), b(7);
  RandomBot german(8);
  SeededDice dice(3);
  int compared = 0, with_hidden = 0;
  for (int step = 0; step < 400 && !st->terminal(); ++step) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    if (p == kG) {
      ASSERT_TRUE(st->apply(p, german.choose(*st, p, "")).ok());
      continue;
    }
    // The other picture: the hidden German stacks with a ZOC grow (fog_twin).
    auto twin = wate1870::testing::fog_twin(ws, Side::kFrench, 5);
    const auto& other = twin.state;
    ASSERT_TRUE(other);
    if (twin.grown > 0) {
      ++with_hidden;
      ASSERT_NE(other->hash(), ws.hash());
      ASSERT_EQ(other->view(kF), ws.view(kF)) << "the views must not differ";
    }
    const Action x = a.choose(ws, kF, "");
    const Action y = b.choose(*other, kF, "");
    ASSERT_EQ(x, y) << "step " << step << ": " << x.to_string() << " / " << y.to_string();
    ++compared;
    ASSERT_TRUE(st->apply(kF, x).ok());
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(with_hidden, 50);
}

TEST(HeuristicBot, ABeliefFromTheViewHidesWhatTheViewHides) {
  const GameOptions fog{{{"12.2", "on"}}};
  auto st = std::move(game().initial_state("historical", fog, 1)).value();
  const auto& ws = dynamic_cast<const WateState&>(*st);
  auto belief = Heuristic1870Bot::belief_from_view(ws, ws.view(kF));
  ASSERT_TRUE(belief);
  int true_sp = 0, believed_sp = 0, hidden = 0;
  for (const auto& g : ws.sps())
    if (g.side == Side::kGerman)
      true_sp += g.count, hidden += ws.inspectable(Side::kFrench, g.hex) ? 0 : 1;
  for (const auto& g : belief->sps())
    if (g.side == Side::kGerman) {
      believed_sp += g.count;
      EXPECT_TRUE(g.formation.empty() || ws.inspectable(Side::kFrench, g.hex)) << g.hex.id();
    }
  ASSERT_GT(hidden, 0);
  EXPECT_NE(true_sp, believed_sp);
  // Its own forces are exactly as they are.
  auto french = [](const WateState& s) {
    std::vector<wate1870::SpGroup> v;
    for (const auto& g : s.sps())
      if (g.side == Side::kFrench) v.push_back(g);
    return v;
  };
  EXPECT_EQ(french(*belief), french(ws));
}

// ---- against the random bot ----

// Measured (docs/bots.md): 100% from both sides over 100 games each. One game
// per side here (well under a second each).
TEST(HeuristicBot, BeatsTheRandomBotFromBothSides) {
  for (Player side : {kF, kG}) {
    auto played =
        side == kF ? match("heuristic", "random", 100) : match("random", "heuristic", 100);
    ASSERT_TRUE(played.ok()) << played.error().to_string();
    EXPECT_TRUE(played->finished);
    EXPECT_EQ(played->returns[static_cast<std::size_t>(side)], 1.0)
        << "as " << game().player_name(side);
  }
}

TEST(HeuristicBot, BeatsTheRandomBotInTheFreeSetUpAndUnderFogOfWar) {
  auto free = match("random", "heuristic", 101, "free");
  ASSERT_TRUE(free.ok()) << free.error().to_string();
  EXPECT_EQ(free->returns[static_cast<std::size_t>(kG)], 1.0);
  auto fog = match("heuristic", "random", 102, "historical", GameOptions{{{"12.2", "on"}}});
  ASSERT_TRUE(fog.ok()) << fog.error().to_string();
  EXPECT_EQ(fog->returns[static_cast<std::size_t>(kF)], 1.0);
}

// A bot that "besieges fortresses" (issue 3): in heuristic games the bots
// attack weakly held enemy fortresses (9.0, ruling P-11) and follow a beaten
// garrison in, to take the fortress or besiege it. Seeds 1-6 of heuristic
// against heuristic, historical set-up.
TEST(HeuristicBot, GoesForEnemyFortresses) {
  const auto& data = static_cast<const wate1870::WateGame&>(game()).data();
  int attacks = 0, entered = 0, rolls = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto played = match("heuristic", "heuristic", seed);
    ASSERT_TRUE(played.ok()) << played.error().to_string();
    for (const auto& e : played->events) {
      attacks += e.text.find("fortress SR") != std::string::npos &&
                 e.text.find("added") != std::string::npos;
      rolls += e.kind == "siege_roll";
      const auto into = e.text.find(" into ");
      if (e.kind != "advance" || into == std::string::npos) continue;
      const auto h = hex::parse_hex(e.text.substr(into + 6, 4));
      const wate1870::HexInfo* info = h ? data.map.find(*h) : nullptr;
      entered += info && info->fortress_sr > 0;
    }
  }
  EXPECT_GT(attacks, 0);
  EXPECT_GT(entered + rolls, 0) << attacks << " attacks on fortresses";
}

}  // namespace
}  // namespace rz::bots
