// Illegal orders, phase by phase: every kind is refused with its error code and
// the exact rule it breaks, by check() and by apply(), and the state is left
// exactly as it was (hash and saved text). The table also writes
// docs/illegal-orders.md when REISSWITZ_WRITE_ILLEGAL_DOC is set:
//   REISSWITZ_WRITE_ILLEGAL_DOC=1 ./reisswitz_tests --gtest_filter='Wate1870_IllegalOrders*'
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/dice.hpp"
#include "phases_fixture.hpp"
#include "with_sources.hpp"

namespace rz::wate1870 {
namespace {

using testing::kF;
using testing::kG;
using testing::shipped_data;
using testing::with_sources;

// ---- situations: scenario text on the shipped map, then a path of orders ----

// A scenario in `phase`; `first` names the side taking the first activation
// (13.3), or "" for an initiative roll.
std::string scenario(const std::string& phase, int turn, int french_rp, int german_rp,
                     const std::string& first, const std::string& body) {
  std::string s =
      "name: \"illegal orders\"\nsource: \"reconstructed: test\"\nturn: " + std::to_string(turn) +
      "\nphase: " + phase + "\nrp: {French: " + std::to_string(french_rp) +
      ", German: " + std::to_string(german_rp) + ", source: \"reconstructed: test\"}\n";
  if (!first.empty())
    s += "first_activation: {side: " + first + ", source: \"reconstructed: test\"}\n";
  return with_sources(s + body);
}

using Make = std::function<std::unique_ptr<WateState>()>;

// Plays `path` on the state: "F: order" or "G: order" (an order of that side;
// "*" is its first legal order) or "roll: 1 6" (the dice until a player moves).
void drive(WateState& st, const std::vector<std::string>& path) {
  for (const auto& step : path) {
    const auto colon = step.find(": ");
    ASSERT_NE(colon, std::string::npos) << step;
    const std::string who = step.substr(0, colon), what = step.substr(colon + 2);
    if (who == "roll") {
      std::vector<int> pips;
      std::istringstream in(what);
      for (int d; in >> d;) pips.push_back(d);
      ScriptedDice dice(pips);
      auto ev = resolve_chance(st, dice);
      ASSERT_TRUE(ev.ok()) << step << ": " << ev.error().to_string();
      ASSERT_EQ(dice.remaining(), 0u) << step;
      continue;
    }
    const Player p = who == "F" ? kF : kG;
    std::string text = what;
    if (what == "*") {
      const auto legal = st.legal_actions(p);
      ASSERT_FALSE(legal.empty()) << step;
      text = legal.front().to_string();
    }
    auto a = Action::parse(text);
    ASSERT_TRUE(a.ok()) << text;
    auto ev = st.apply(p, *a);
    ASSERT_TRUE(ev.ok()) << step << ": " << ev.error().to_string();
  }
}

Make at(std::string yaml, std::vector<std::string> path = {}, GameOptions options = {}) {
  return [yaml = std::move(yaml), path = std::move(path), options]() -> std::unique_ptr<WateState> {
    auto st = testing::situation(yaml, options);
    if (!st) return nullptr;
    drive(*st, path);
    return st;
  };
}

// ---- the situations ----

// 6.2: the French have 10 RP (income), the Germans 14; Haguenau (2608) is German held.
const std::string kAdmin =
    scenario("administrative", 4, 0, 0, "",
             R"(force_pool: {French: [F-XII, F-XIII], German: [G-I], source: "reconstructed: test"}
control:
  - {hex: "2608", side: German}
hqs:
  - {hq: F-I, hex: "1508"}
  - {hq: G-III, hex: "2504"}
sps:
  - {side: German, sp: 3, hex: "2504"}
)");
// A German force two hexes from Verdun (1807).
const std::string kAdminNearVerdun = scenario("administrative", 4, 0, 0, "", R"(sps:
  - {side: German, sp: 3, hex: "2007"}
)");
// Strasbourg (SR 5, 3 French SP) under siege by 16 German SP: 16 : 8 is 2:1.
const std::string kStrasbourg = scenario("administrative", 4, 0, 0, "", R"(sps:
  - {side: German, sp: 16, hex: "2609"}
  - {side: French, sp: 3, hex: "2609"}
)");

// G-III off the map after a casualty, due back on `turn` (8.5.1).
Make returning_hq(int turn) {
  return [turn]() -> std::unique_ptr<WateState> {
    auto st = testing::situation(kAdmin);
    if (!st) return nullptr;
    auto j = nlohmann::json::parse(st->serialize());
    for (auto& h : j["hqs"])
      if (h[0] == "G-III") {
        h[1] = nullptr;
        h[5] = turn;
      }
    auto back = WateState::from_json(shipped_data(), j.dump());
    EXPECT_TRUE(back.ok()) << back.error().to_string();
    if (!back.ok()) return nullptr;
    drive(**back, {"F: end-administrative"});
    return std::move(back).value();
  };
}

// 7.0 and 3.6: a French army HQ far from its corps, two corps HQs side by side,
// a force of 5 SP without an HQ, a small force of 2 SP.
const std::string kCorps = scenario("action", 3, 5, 5, "French",
                                    R"(force_pool: {French: [F-XII], source: "reconstructed: test"}
hqs:
  - {hq: F-NAP, hex: "1306"}
  - {hq: F-III, hex: "1508"}
  - {hq: F-IV, hex: "1509"}
  - {hq: G-I, hex: "2504"}
sps:
  - {side: French, sp: 6, formation: F-III, hex: "1508"}
  - {side: French, sp: 6, formation: F-III, hex: "1508", status: disrupted}
  - {side: French, sp: 5, formation: F-III, hex: "1408"}
  - {side: French, sp: 2, formation: F-IV, hex: "1509"}
  - {side: French, sp: 2, hex: "1206"}
  - {side: German, sp: 3, hex: "2504"}
)");

// 7.3: a disrupted French corps in an enemy ZOC, without RP, without a LOC.
const std::string kRallyInZoc = scenario("action", 3, 5, 5, "French", R"(hqs:
  - {hq: F-III, hex: "1408"}
sps:
  - {side: French, sp: 2, formation: F-III, hex: "1408", status: disrupted}
  - {side: German, sp: 3, hex: "1508"}
)");
const std::string kRallyPoor = scenario("action", 3, 0, 5, "French", R"(hqs:
  - {hq: F-III, hex: "1508"}
sps:
  - {side: French, sp: 2, formation: F-III, hex: "1508", status: disrupted}
)");
const std::string kRallyCutOff = scenario("action", 3, 5, 5, "French", R"(hqs:
  - {hq: F-III, hex: "2903"}
sps:
  - {side: French, sp: 2, formation: F-III, hex: "2903", status: disrupted}
)");

// 7.1: the block 0502-0804 is clear French ground without rivers, towns or
// rail; 0502 is on the west edge. `body` adds the pieces.
std::string march(const std::string& first, const std::string& body, int french_rp = 5) {
  return scenario("action", 3, french_rp, 5, first, body);
}
const std::string kFrenchPair = march("French", R"(sps:
  - {side: French, sp: 2, hex: "0502"}
)");
const std::string kFrenchPairNearGermans = march("French", R"(sps:
  - {side: French, sp: 2, hex: "0502"}
  - {side: German, sp: 3, hex: "0803"}
)");
const std::string kFrenchPairNextToGermans = march("French", R"(sps:
  - {side: French, sp: 2, hex: "0502"}
  - {side: German, sp: 1, hex: "0602"}
)");
// 0702 is in the ZOC of the 3 good German SP in 0803.
const std::string kFrenchInGermanZoc = march("French", R"(sps:
  - {side: French, sp: 2, hex: "0702"}
  - {side: German, sp: 3, hex: "0803"}
)");
const std::string kFrenchPairByBelgium = march("French", R"(sps:
  - {side: French, sp: 2, hex: "1000"}
)");
const std::string kFrenchOnRail = march("French", R"(sps:
  - {side: French, sp: 2, hex: "0909"}
)");
// 3.8: French SP on a French-held rail hex deep in Germany (2702, Mainz also
// French-held): no LOC, so no RP may be spent to entrain.
const std::string kFrenchCutOffOnRail = march("French", R"(control:
  - {hex: "2701", side: French}
  - {hex: "2702", side: French}
sps:
  - {side: French, sp: 2, hex: "2702"}
)");
const std::string kFrenchFourOnRail = march("French", R"(sps:
  - {side: French, sp: 4, hex: "0909"}
)");
const std::string kFrenchPoorOnRail = march("French", R"(sps:
  - {side: French, sp: 2, hex: "0909"}
)",
                                            1);
const std::string kGermansInWissembourg = march("German", R"(control:
  - {hex: "2707", side: German}
sps:
  - {side: German, sp: 1, hex: "2707"}
)");
const std::string kFrenchDisrupted = march("French", R"(sps:
  - {side: French, sp: 1, hex: "0504", status: disrupted}
)");
const std::string kFrenchPastGermans = march("French", R"(sps:
  - {side: French, sp: 2, hex: "0502"}
  - {side: German, sp: 3, hex: "0703"}
)");
const std::string kGermanForcedMarch = march("German", R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: French, sp: 3, hex: "0804"}
)");
const std::string kGermanPickup = march("German", R"(hqs:
  - {hq: G-I, hex: "0502"}
sps:
  - {side: German, sp: 2, hex: "0502", formation: G-I}
  - {side: German, sp: 7, hex: "0602", formation: G-I, status: disrupted}
)");
const std::string kGermanWithoutHq = march("German", R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: German, sp: 1, hex: "0602"}
)");
const std::string kFrenchCorpsMarching = march("French", R"(hqs:
  - {hq: F-IV, hex: "0502"}
sps:
  - {side: French, sp: 2, hex: "0502", formation: F-IV}
)");
// 7.1.2: a German force marching past a French SP in 0702.
const std::string kChassepot = march("German", R"(sps:
  - {side: German, sp: 2, hex: "0502"}
  - {side: French, sp: 1, hex: "0702"}
)");
const std::string kChassepotBehind = march("German", R"(sps:
  - {side: German, sp: 2, hex: "0602"}
  - {side: French, sp: 1, hex: "0702"}
)");

// 7.4: rule 8.3's example (19 German SP with G-2A and G-III in 1508 against 6
// French SP in 1408), with G-IV alone in 1608; the Germans win the initiative.
const std::string kPlanned = scenario("action", 12, 4, 10, "", R"(hqs:
  - {hq: G-2A, hex: "1508"}
  - {hq: G-III, hex: "1508"}
  - {hq: G-IV, hex: "1608"}
  - {hq: F-VI, hex: "1408"}
sps:
  - {side: German, sp: 12, formation: G-2A, hex: "1508"}
  - {side: German, sp: 7, formation: G-III, hex: "1508"}
  - {side: French, sp: 6, formation: F-VI, hex: "1408"}
)");

// 8.0: a French corps (4 SP, LOC to the west edge) attacks 2 German SP without
// a LOC: 4 : 1 after 8.2, DRM +4 / -4. With `french_rp` RP for artillery (4).
std::string duel(int french_rp) {
  return scenario("action", 3, french_rp, 5, "French", R"(hqs:
  - {hq: F-IV, hex: "0602"}
sps:
  - {side: French, sp: 4, formation: F-IV, hex: "0602"}
  - {side: German, sp: 2, hex: "0702"}
)");
}
const std::vector<std::string> kAttack{"F: activate hq=F-IV", "F: attack target=0702 from=0602"};
// French commit, roll 1+2, German 6+5, the French re-roll die 1 (a 1): 7 against
// 7, the German wins the tie, spread 0: the French eliminate 1 SP and retreat.
std::vector<std::string> duel_lost(std::vector<std::string> more) {
  std::vector<std::string> p = kAttack;
  for (const char* s : {"F: commit", "roll: 1 2 6 5", "F: reroll die=1", "roll: 1"}) p.push_back(s);
  p.insert(p.end(), more.begin(), more.end());
  return p;
}
// French decline, roll 1+3 (8), German 6+5 (7): the French win by 1; the German
// eliminates 1 SP and retreats; the French may advance.
const std::vector<std::string> kDuelWon{"F: activate hq=F-IV",
                                        "F: attack target=0702 from=0602",
                                        "F: decline",
                                        "roll: 1 3 6 5",
                                        "G: *",
                                        "G: *"};

// 9.0: the siege of Strasbourg; 10.0: forces to recover.
const std::string kSiege = scenario("siege", 14, 0, 22, "", R"(hqs:
  - {hq: G-3A, hex: "2609"}
sps:
  - {side: German, sp: 16, formation: G-3A, hex: "2609"}
  - {side: French, sp: 3, formation: F-I, hex: "2609", status: disrupted}
)");
// 1408 is in the ZOC of the German SP in 1508; 2903 is deep in Germany.
const std::string kRecovery = scenario("recovery", 6, 3, 3, "", R"(sps:
  - {side: French, sp: 1, hex: "0810", status: disrupted}
  - {side: French, sp: 2, hex: "1408", status: disrupted}
  - {side: French, sp: 2, hex: "1608"}
  - {side: French, sp: 1, hex: "2903", status: disrupted}
  - {side: German, sp: 3, hex: "1508"}
  - {side: German, sp: 2, hex: "2504", status: demoralized}
)");
const std::string kRecoverTwice = scenario("recovery", 6, 3, 3, "", R"(sps:
  - {side: French, sp: 2, hex: "1508", status: demoralized}
  - {side: French, sp: 1, hex: "0810", status: disrupted}
)");
// The last turn's Recovery Phase with nothing to recover: the game is over (11.0).
const std::string kOver = scenario("recovery", 20, 3, 3, "", R"(sps:
  - {side: French, sp: 2, hex: "1508"}
)");

// ---- the table ----

struct Row {
  std::string kind;   // what makes the order illegal, in a few words
  std::string phase;  // Administrative, Action, Siege, Recovery (5.0), or Game over
  Make make;          // the situation
  Player player;      // who gives the order (kChance for the dice)
  std::string order;
  Code code;
  std::string rule;  // exactly the error's rule
};

constexpr Code kIll = Code::kIllegal;
constexpr Code kBad = Code::kMalformed;
constexpr Code kTurn = Code::kNotYourTurn;
constexpr Code kNone = Code::kNotFound;

const std::vector<Row>& rows() {
  static const std::vector<Row> table = [] {
    const Make admin = at(kAdmin);
    const Make german_admin = at(kAdmin, {"F: end-administrative"});
    const Make corps = at(kCorps);
    const Make f3 = at(kCorps, {"F: activate hq=F-III"});
    const Make f4 = at(kCorps, {"F: activate hq=F-IV"});
    const Make nap = at(kCorps, {"F: activate hq=F-NAP"});
    const Make small = at(kCorps, {"F: activate hex=1206"});
    const Make pair = at(kFrenchPair, {"F: activate hex=0502", "F: march"});
    const Make fourth_move = at(kFrenchPair, {"F: activate hex=0502", "F: march", "F: move to=0602",
                                              "F: move to=0702", "F: move to=0802"});
    const Make on_rail = at(kFrenchOnRail, {"F: activate hex=0909", "F: march"});
    const Make entrained = at(kFrenchOnRail, {"F: activate hex=0909", "F: march", "F: entrain"});
    const Make pickup =
        at(kGermanPickup, {"G: activate hq=G-I", "G: march sp=2", "G: move to=0602"});
    const Make fire_choice =
        at(kChassepot, {"G: activate hex=0502", "G: march", "G: move to=0602"});
    const Make fire_roll =
        at(kChassepot, {"G: activate hex=0502", "G: march", "G: move to=0602", "F: fire"});
    const Make fired_before =
        at(kChassepotBehind, {"G: activate hex=0602", "G: march", "G: move to=0502", "F: hold"});
    const Make german_forced =
        at(kGermanForcedMarch, {"G: activate hex=0502", "G: march", "G: move to=0602",
                                "G: forced-march extra=2", "roll: 3 3"});
    // The same Forced March rolled 1+1: the force stays in good order.
    const Make german_forced_good =
        at(kGermanForcedMarch, {"G: activate hex=0502", "G: march", "G: move to=0602",
                                "G: forced-march extra=2", "roll: 1 1"});
    const Make german_forced_on =
        at(kGermanForcedMarch, {"G: activate hex=0502", "G: march", "G: move to=0602",
                                "G: forced-march extra=2", "roll: 3 3", "G: move to=0703"});
    const Make army = at(kPlanned, {"roll: 1 6", "G: activate hq=G-2A"});
    const Make duel_artillery = at(duel(10), kAttack);
    const Make duel_dice =
        at(duel(10), {"F: activate hq=F-IV", "F: attack target=0702 from=0602", "F: commit"});
    const Make duel_reroll = at(duel(10), {"F: activate hq=F-IV", "F: attack target=0702 from=0602",
                                           "F: commit", "roll: 1 2 6 5"});
    const Make duel_reroll_die =
        at(duel(10), {"F: activate hq=F-IV", "F: attack target=0702 from=0602", "F: commit",
                      "roll: 1 2 6 5", "F: reroll die=1"});
    const Make duel_absorb = at(duel(10), duel_lost({}));
    const Make duel_retreat =
        at(duel(10), duel_lost({"F: eliminate hex=0602 formation=F-IV status=good"}));
    const Make duel_advance = at(duel(10), kDuelWon);
    const Make recovery = at(kRecovery);
    const std::string Adm = "Administrative", Act = "Action", Sie = "Siege", Rec = "Recovery";
    return std::vector<Row>{
        // 6.0 / 6.2 Administrative Phase
        {"mobilize more SP in a hex than the side may", Adm, admin, kF, "mobilize hex=1807 sp=2",
         kIll, "6.2"},
        {"mobilize SP in a hex that is not a fortress (French)", Adm, admin, kF,
         "mobilize hex=1508 sp=1", kIll, "6.2"},
        {"mobilize in the enemy's country", Adm, admin, kF, "mobilize hex=2705 sp=1", kIll, "6.2"},
        {"mobilize in a hex off the map", Adm, admin, kF, "mobilize hex=0120 sp=1", kIll, "6.2"},
        {"mobilize zero SP", Adm, admin, kF, "mobilize hex=1807 sp=0", kIll, "6.2"},
        {"mobilize within two hexes of a non-demoralized enemy (French)", Adm, at(kAdminNearVerdun),
         kF, "mobilize hex=1807 sp=1", kIll, "6.2"},
        {"mobilize in a besieged fortress", Adm, at(kStrasbourg), kF, "mobilize hex=2609 sp=1",
         kIll, "6.2"},
        {"mobilize SP without the RP", Adm,
         at(kAdmin, {"F: mobilize hq=F-XIII hex=1807", "F: mobilize hq=F-XII hex=0810"}), kF,
         "mobilize hex=0810 sp=1", kIll, "6.2"},
        {"mobilize an HQ without the RP", Adm,
         at(kAdmin, {"F: mobilize hq=F-XIII hex=1807", "F: mobilize hex=0810 sp=1"}), kF,
         "mobilize hq=F-XII hex=0810", kIll, "6.2"},
        {"mobilize a second HQ in one hex in a turn", Adm,
         at(kAdmin, {"F: mobilize hq=F-XIII hex=1807"}), kF, "mobilize hq=F-XII hex=1807", kIll,
         "6.2"},
        {"mobilize an HQ that is not in the force pool", Adm, admin, kF, "mobilize hq=F-I hex=1807",
         kIll, "6.2, GAP-W-32"},
        {"mobilize the enemy's HQ", Adm, admin, kF, "mobilize hq=G-I hex=1807", kIll, "6.2"},
        {"mobilize in a French town (German)", Adm, german_admin, kG, "mobilize hex=2608 sp=1",
         kIll, "6.2, GAP-W-24"},
        {"mobilize more than 2 SP in a town (German)", Adm, german_admin, kG,
         "mobilize hex=2504 sp=3", kIll, "6.2"},
        {"return an HQ before its turn", Adm, returning_hq(5), kG, "return hq=G-III hex=2504", kIll,
         "8.5.1"},
        {"return an HQ that is on the map", Adm, german_admin, kG, "return hq=G-III hex=2504", kIll,
         "8.5.1"},
        {"an Action Phase order in the Administrative Phase", Adm, admin, kF, "pass", kIll, "6.0"},
        {"mobilize without a hex", Adm, admin, kF, "mobilize sp=1", kBad, "6.2"},
        {"mobilize in a hex that is not a hex number", Adm, admin, kF, "mobilize hex=Verdun sp=1",
         kBad, "6.2"},
        {"mobilize SP and an HQ in one order", Adm, admin, kF, "mobilize hq=F-XII hex=1807 sp=1",
         kBad, "6.2"},
        // The legal list writes a number once (sp=1): sp=01 would be a second text
        // for the same order, which a log or a search could not match to it.
        {"a number of SP written with a leading zero", Adm, admin, kF, "mobilize hex=1807 sp=01",
         kBad, "6.2"},
        {"a number of SP that is not a whole number", Adm, admin, kF, "mobilize hex=1807 sp=two",
         kBad, "6.2"},
        {"end the other side's Administrative Phase", Adm, admin, kG, "end-administrative", kTurn,
         "6.0"},

        // 7.0 Action Phase: initiative and activation
        {"a player's order while the initiative is rolled", Act,
         at(kCorps, {"F: activate hex=1206", "F: hold"}), kF, "pass", kTurn, "7.0"},
        {"an initiative roll that no dice give", Act, at(kPlanned), kChance,
         "initiative french=7 german=1", kBad, "7.0"},
        {"activate an HQ a second time in a turn", Act,
         at(kCorps, {"F: activate hq=F-III", "F: end", "roll: 1 6", "G: pass"}), kF,
         "activate hq=F-III", kIll, "7.0"},
        {"activate the enemy's HQ", Act, corps, kF, "activate hq=G-I", kIll, "7.0"},
        {"activate an HQ that does not exist", Act, corps, kF, "activate hq=F-XX", kNone, ""},
        {"activate an HQ in the force pool", Act, corps, kF, "activate hq=F-XII", kIll, "7.0"},
        {"activate a hex without unactivated SP", Act, corps, kF, "activate hex=1608", kIll, "7.0"},
        {"activate a force with an HQ unit as a force", Act, corps, kF, "activate hex=1508", kIll,
         "3.6.1"},
        {"activate the force of an HQ that has activated", Act,
         at(kCorps, {"F: activate hq=F-III", "F: end", "roll: 1 6", "G: pass"}), kF,
         "activate hex=1508", kIll, "3.6.1"},
        {"activate more SP than an inherent division HQ commands", Act, corps, kF,
         "activate hex=1408", kIll, "3.6.1"},
        {"activate an HQ and a hex in one order", Act, corps, kF, "activate hq=F-III hex=1508",
         kBad, ""},
        {"activate a hex that is not a hex number", Act, corps, kF, "activate hex=15O8", kBad, ""},
        {"pass with arguments", Act, corps, kF, "pass turn=3", kBad, ""},
        {"march before activating anything", Act, corps, kF, "march", kIll, "7.0"},
        {"activate in the enemy's turn", Act, corps, kG, "activate hq=G-I", kTurn, "7.0"},
        // 7.0 / 3.6.2: an activated HQ's orders
        {"pass in the middle of an HQ's activation", Act, f3, kF, "pass", kIll, "7.0"},
        {"detach more SP than an inherent division HQ commands", Act, f3, kF,
         "detach hex=1408 sp=5", kIll, "3.6.1"},
        {"detach SP beyond the hexes next to the HQ", Act, f3, kF, "detach hex=1206 sp=1", kIll,
         "3.6.2"},
        {"detach SP from a hex without them", Act, f3, kF, "detach hex=1507 sp=1", kIll, "7.0"},
        // Ruling A-1: the SP of an HQ's order named by status
        {"detach demoralized SP the hex does not hold", Act, f3, kF,
         "detach hex=1508 sp=3 demoralized=1", kIll, "7.0"},
        {"name more disrupted SP than the order takes", Act, f3, kF,
         "detach hex=1508 sp=2 disrupted=3", kBad, ""},
        {"a rally naming the statuses of its SP", Act, f3, kF, "rally sp=2 disrupted=2", kBad,
         "7.3"},
        {"march with more SP than the command limit left", Act,
         at(kCorps, {"F: activate hq=F-III", "F: detach hex=1408 sp=4", "F: hold"}), kF,
         "march sp=9", kIll, "3.6.2"},
        {"march with more SP than the HQ's hex holds", Act, f4, kF, "march sp=3", kIll, "7.0"},
        {"activate an HQ of the same rank", Act, f3, kF, "activate hq=F-IV", kIll, "3.6.2"},
        {"activate a subordinate HQ beyond the next hexes", Act, nap, kF, "activate hq=F-III", kIll,
         "3.6.2"},
        {"march with a count that is not a number", Act, f3, kF, "march sp=all", kBad, ""},
        {"an order no HQ gives", Act, f3, kF, "entrain", kIll, "7.0"},
        // 7.3 Rally
        {"rally in an enemy zone of control", Act, at(kRallyInZoc, {"F: activate hq=F-III"}), kF,
         "rally sp=2", kIll, "7.3"},
        {"rally without the RP", Act, at(kRallyPoor, {"F: activate hq=F-III"}), kF, "rally sp=2",
         kIll, "7.3"},
        {"rally without a line of communication", Act, at(kRallyCutOff, {"F: activate hq=F-III"}),
         kF, "rally sp=2", kIll, "7.3"},
        // a force's action
        {"an HQ's order to a force", Act, small, kF, "detach hex=1206 sp=1", kIll, "7.0"},
        {"a force's action with arguments", Act, small, kF, "march sp=2", kBad, ""},
        // 7.1 March
        {"march into a hex that is not adjacent", Act, pair, kF, "move to=0702", kIll, "7.1"},
        {"march into a neutral country", Act,
         at(kFrenchPairByBelgium, {"F: activate hex=1000", "F: march"}), kF, "move to=1100", kIll,
         "GAP-W-02"},
        {"march off the map", Act, pair, kF, "move to=0402", kIll, "7.1"},
        {"march into an enemy hex without March Combat", Act,
         at(kFrenchPairNextToGermans, {"F: activate hex=0502", "F: march"}), kF, "move to=0602",
         kIll, "7.1.1"},
        {"march beyond the MP left", Act, fourth_move, kF, "move to=0803", kIll, "7.1"},
        {"march on after entering an enemy zone of control", Act,
         at(kFrenchPairNearGermans,
            {"F: activate hex=0502", "F: march", "F: move to=0602", "F: move to=0702"}),
         kF, "move to=0701", kIll, "3.4"},
        {"an order that is no march", Act, pair, kF, "dance", kIll, "7.1"},
        {"march without a destination", Act, pair, kF, "move", kBad, ""},
        {"march to a hex that is not a hex number", Act, pair, kF, "move to=west", kBad, ""},
        // 7.1.1 March Combat
        {"March Combat against an empty hex", Act, pair, kF, "attack to=0602", kIll, "7.1.1"},
        {"March Combat against a hex that is not adjacent", Act,
         at(kFrenchPairNearGermans, {"F: activate hex=0502", "F: march"}), kF, "attack to=0803",
         kIll, "7.1.1"},
        {"March Combat without the MP to enter", Act,
         at(march("French", R"(sps:
  - {side: French, sp: 2, hex: "0502"}
  - {side: German, sp: 1, hex: "0803"}
)"),
            {"F: activate hex=0502", "F: march", "F: move to=0602", "F: move to=0702",
             "F: move to=0802"}),
         kF, "attack to=0803", kIll, "7.1.1"},
        // 7.1.3 rail movement
        {"ride before entraining", Act, on_rail, kF, "rail to=1105", kIll, "7.1.3"},
        {"entrain more than 3 French SP in a turn", Act,
         at(kFrenchFourOnRail, {"F: activate hex=0909", "F: march"}), kF, "entrain", kIll, "7.1.3"},
        {"entrain, spending RP, without a LOC", Act,
         at(kFrenchCutOffOnRail, {"F: activate hex=2702", "F: march"}), kF, "entrain", kIll, "3.8"},
        {"entrain without the RP", Act, at(kFrenchPoorOnRail, {"F: activate hex=0909", "F: march"}),
         kF, "entrain", kIll, "7.1.3"},
        {"entrain off the railway", Act, pair, kF, "entrain", kIll, "7.1.3"},
        {"entrain outside Germany (German)", Act,
         at(kGermansInWissembourg, {"G: activate hex=2707", "G: march"}), kG, "entrain", kIll,
         "7.1.3"},
        {"march on foot while entrained", Act, entrained, kF, "move to=1009", kIll, "7.1.3"},
        {"entrain twice", Act, entrained, kF, "entrain", kIll, "7.1.3"},
        {"detrain without being entrained", Act, pair, kF, "detrain", kIll, "7.1.3"},
        {"ride to a hex the railway does not reach", Act, entrained, kF, "rail to=0502", kIll,
         "7.1.3"},
        {"ride to a hex off the map", Act, entrained, kF, "rail to=9999", kBad, ""},
        // 7.2 Forced March
        {"a French Forced March after moving", Act,
         at(kFrenchPair, {"F: activate hex=0502", "F: march", "F: move to=0602"}), kF,
         "forced-march to=0802 extra=1", kIll, "7.2"},
        {"a Forced March out of good order", Act,
         at(kFrenchDisrupted, {"F: activate hex=0504", "F: march"}), kF,
         "forced-march to=0604 extra=1", kIll, "7.2"},
        {"a Forced March to a hex beyond its MP", Act, pair, kF, "forced-march to=1002 extra=1",
         kIll, "7.2"},
        {"a French Forced March into an enemy zone of control", Act,
         at(kFrenchPastGermans, {"F: activate hex=0502", "F: march"}), kF,
         "forced-march to=0702 extra=1", kIll, "7.2"},
        {"a Forced March from an enemy zone of control", Act,
         at(kFrenchInGermanZoc, {"F: activate hex=0702", "F: march"}), kF,
         "forced-march to=0601 extra=1", kIll, "7.2"},
        {"a second Forced March", Act, german_forced_good, kG, "forced-march extra=1", kIll, "7.2"},
        {"a German Forced March again after the roll disrupted the force", Act, german_forced, kG,
         "forced-march extra=1", kIll, "7.2"},
        {"a German on a Forced March enters an enemy zone of control", Act, german_forced_on, kG,
         "move to=0704", kIll, "7.2"},
        {"a Forced March of 4 extra MP", Act, pair, kF, "forced-march to=0802 extra=4", kBad, ""},
        {"a French Forced March without a destination", Act, pair, kF, "forced-march extra=1", kBad,
         ""},
        // 7.1 German pick-up
        {"pick up more SP than the command limit left", Act, pickup, kG, "pickup sp=7", kIll,
         "3.6.2"},
        {"pick up SP in another hex", Act, pickup, kG, "pickup sp=1 hex=0502", kIll, "7.1"},
        {"pick up without an HQ", Act,
         at(kGermanWithoutHq, {"G: activate hex=0502", "G: march", "G: move to=0602"}), kG,
         "pickup sp=1", kIll, "7.1"},
        {"pick up with a French HQ", Act,
         at(kFrenchCorpsMarching, {"F: activate hq=F-IV", "F: march sp=1"}), kF, "pickup sp=1",
         kIll, "7.1"},
        // 7.1.2 Opportunity Chassepot Fire
        {"any order but fire or hold when the French may fire", Act, fire_choice, kF,
         "move to=0601", kIll, "7.1.2"},
        {"fire with arguments", Act, fire_choice, kF, "fire sp=1", kBad, ""},
        {"the German marches on before the French decide", Act, fire_choice, kG, "stop", kTurn,
         "7.1.2"},
        {"a Chassepot roll that no dice give", Act, fire_roll, kChance, "cft d66=70", kBad,
         "7.1.2"},
        {"leave a step half done after a fire", Act, fired_before, kG, "stop", kIll, "7.1.2"},
        // 7.4 Planned Attack
        {"a Planned Attack on a hex without enemies", Act, army, kG, "attack target=1409 from=1508",
         kIll, "7.4"},
        {"a Planned Attack without the HQ in an attacking hex", Act, army, kG,
         "attack target=1408 from=1407", kIll, "7.4"},
        {"a Planned Attack from a hex not adjacent to the defender", Act, army, kG,
         "attack target=1408 from=1508,1608", kIll, "7.4"},
        {"a German Planned Attack from four hexes", Act, army, kG,
         "attack target=1408 from=1508,1308,1608,1708", kIll, "7.4"},
        {"a French Planned Attack from three hexes", Act, at(duel(10), {"F: activate hq=F-IV"}), kF,
         "attack target=0702 from=0602,0601,0603", kIll, "7.4"},
        {"a Planned Attack from a hex with no SP to attack with", Act,
         at(duel(10), {"F: activate hq=F-IV"}), kF, "attack target=0702 from=0602,0701", kIll,
         "7.4"},
        {"a Planned Attack from a hex beyond the HQ's command", Act, army, kG,
         "attack target=1408 from=1508,1308", kIll, "3.6.2"},
        {"a Planned Attack bringing in an HQ of higher rank", Act,
         at(kPlanned, {"roll: 1 6", "G: activate hq=G-III"}), kG,
         "attack target=1408 from=1508 with=G-2A", kIll, "3.6.2"},
        {"a Planned Attack bringing in an HQ outside the attacking hexes", Act, army, kG,
         "attack target=1408 from=1508 with=G-IV", kIll, "7.4"},
        {"a Planned Attack bringing in the enemy's HQ", Act, army, kG,
         "attack target=1408 from=1508 with=F-VI", kNone, ""},
        {"a Planned Attack naming a hex twice", Act, army, kG, "attack target=1408 from=1508,1508",
         kBad, ""},
        {"a Planned Attack without its attacking hexes", Act, army, kG, "attack target=1408", kBad,
         ""},
        // 8.4 artillery and re-rolls
        {"re-roll before the dice, at the artillery choice", Act, duel_artillery, kF,
         "reroll die=1", kIll, "8.4"},
        {"commit artillery without a LOC (the attacker's choice is due)", Act, duel_artillery, kG,
         "commit", kTurn, "8.4"},
        {"commit artillery without the RP (the dice are due)", Act, at(duel(3), kAttack), kF,
         "commit", kTurn, "8.5"},
        {"a player's order while the combat dice roll", Act, duel_dice, kG, "keep", kTurn, "8.5"},
        {"re-roll a die that does not exist", Act, duel_reroll, kF, "reroll die=3", kIll, "8.4"},
        {"commit artillery after the dice", Act, duel_reroll, kF, "commit", kIll, "8.4"},
        {"a re-rolled die of 7", Act, duel_reroll_die, kChance, "roll d=7", kBad, "8.4"},
        // 8.5 losses
        {"re-roll a second time", Act, duel_absorb, kF, "reroll die=2", kIll, "8.5"},
        {"absorb losses with the enemy's SP", Act, duel_absorb, kF,
         "eliminate hex=0702 formation=none status=good", kIll, "8.5"},
        {"absorb losses with SP of a status the force lacks", Act, duel_absorb, kF,
         "eliminate hex=0602 formation=F-IV status=demoralized", kIll, "8.5"},
        {"degrade an SP when SP must be eliminated", Act, duel_absorb, kF,
         "degrade hex=0602 formation=F-IV status=good", kIll, "8.5"},
        {"absorb losses with a status that does not exist", Act, duel_absorb, kF,
         "eliminate hex=0602 formation=F-IV status=tired", kBad, ""},
        {"absorb losses in the enemy's turn", Act, duel_absorb, kG,
         "degrade hex=0702 formation=none status=good", kTurn, "8.5"},
        // 8.6 retreat
        {"retreat into the enemy's hex", Act, duel_retreat, kF, "retreat path=0702", kIll, "8.6"},
        {"stay put after losing", Act, duel_retreat, kF, "stay", kIll, "8.6"},
        {"retreat three hexes", Act, duel_retreat, kF, "retreat path=0601,0501,0401", kIll, "8.6"},
        {"retreat sideways, no closer to a source of supply", Act, duel_retreat, kF,
         "retreat path=0603", kIll, "8.6"},
        // 8.7 advance after combat
        {"advance from a hex that did not attack", Act, duel_advance, kF, "advance from=0603", kIll,
         "8.7"},
        {"advance without naming the hex", Act, duel_advance, kF, "advance", kIll, "8.7"},
        {"the defender advances after combat", Act, duel_advance, kG, "advance from=0702", kTurn,
         "8.7"},
        {"an HQ that did not attack advances", Act, duel_advance, kF, "advance from=0602 hq=F-I",
         kIll, "8.7"},
        // 9.0 Siege Phase: only the dice act
        {"a player's order during a Siege Assault roll", Sie, at(kSiege), kG,
         "siege-assault hex=2609 d6=6", kTurn, "9.0"},
        {"a Siege Assault roll that no die gives", Sie, at(kSiege), kChance,
         "siege-assault hex=2609 d6=7", kBad, "9.0"},
        // 10.0 Recovery Phase
        {"recover a force twice in a phase", Rec, at(kRecoverTwice, {"F: recover hex=1508"}), kF,
         "recover hex=1508", kIll, "10.0"},
        {"recover a force in an enemy zone of control", Rec, recovery, kF, "recover hex=1408", kIll,
         "10.0"},
        {"recover a force without a LOC", Rec, recovery, kF, "recover hex=2903", kIll, "10.0"},
        {"recover a hex without a force of yours", Rec, recovery, kF, "recover hex=1409", kIll,
         "10.0"},
        {"recover a force in good order", Rec, recovery, kF, "recover hex=1608", kIll, "10.0"},
        {"recover a hex off the map", Rec, recovery, kF, "recover hex=0120", kIll, "10.0"},
        {"rally in the Recovery Phase", Rec, recovery, kF, "rally hex=0810", kIll, "10.0"},
        {"recover without a hex", Rec, recovery, kF, "recover", kBad, "10.0"},
        {"recover before the French have finished", Rec, recovery, kG, "recover hex=2504", kTurn,
         "10.0"},
        // 11.0 after the game
        {"any order after the game is over", "Game over", at(kOver), kF, "pass", kIll, "11.0"},
        {"a roll after the game is over", "Game over", at(kOver), kChance,
         "initiative french=1 german=2", kIll, "11.0"},
    };
  }();
  return table;
}

// The step the order was given at ("absorb", "march", ...; "over" at the end).
std::string step_of(const WateState& st) {
  const auto j = nlohmann::json::parse(st.serialize());
  if (j.at("over").get<bool>()) return "over";
  if (j.at("steps").empty()) return "none";
  return j.at("steps").back().at("kind").get<std::string>();
}

struct Outcome {
  std::string step, message;
};
std::map<std::size_t, Outcome>& outcomes() {
  static std::map<std::size_t, Outcome> m;
  return m;
}

std::string who(Player p) { return p == kChance ? "dice" : p == kF ? "French" : "German"; }

void check_row(std::size_t i) {
  const Row& r = rows()[i];
  SCOPED_TRACE("row " + std::to_string(i) + ": " + r.kind + ": " + who(r.player) + " '" + r.order +
               "'");
  auto st = r.make();
  ASSERT_TRUE(st);
  const auto hash = st->hash();
  const std::string saved = st->serialize();
  auto a = Action::parse(r.order);
  ASSERT_TRUE(a.ok()) << r.order;
  const auto checked = st->check(r.player, *a);
  ASSERT_FALSE(checked.ok()) << "check() accepted it";
  EXPECT_EQ(code_name(checked.error().code), code_name(r.code)) << checked.error().to_string();
  EXPECT_EQ(checked.error().rule, r.rule) << checked.error().to_string();
  EXPECT_FALSE(checked.error().message.empty());
  EXPECT_EQ(st->hash(), hash);
  const auto applied = st->apply(r.player, *a);
  ASSERT_FALSE(applied.ok()) << "apply() accepted it";
  EXPECT_EQ(applied.error().code, checked.error().code);
  EXPECT_EQ(applied.error().rule, checked.error().rule);
  EXPECT_EQ(applied.error().message, checked.error().message);
  EXPECT_EQ(st->hash(), hash);
  EXPECT_EQ(st->serialize(), saved);
  // The order was not offered either.
  if (r.player != kChance) {
    for (const auto& l : st->legal_actions(r.player)) {
      EXPECT_NE(l, *a);
    }
  }
  outcomes()[i] = {step_of(*st), checked.error().message};
}

void check_phase(const std::string& phase) {
  int n = 0;
  for (std::size_t i = 0; i < rows().size(); ++i)
    if (rows()[i].phase == phase) {
      check_row(i);
      ++n;
    }
  EXPECT_GT(n, 0) << phase;
}

// An order the rules offer only bare, given with arguments: the step's own
// refusal named it among the choices ("'end-administrative' is not possible in
// the Administrative Phase ... or end-administrative"). Found by session 30's fuzzing.
TEST(Wate1870_IllegalOrders, ABareOrderGivenWithArgumentsIsToldItTakesNone) {
  auto st = testing::situation(kAdmin);
  ASSERT_TRUE(st);
  const auto before = st->hash();
  const auto r = st->apply(0, *Action::parse("end-administrative foo=bar"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Code::kMalformed);
  EXPECT_EQ(r.error().message,
            "'end-administrative' takes no arguments (given: 'end-administrative foo=bar')");
  EXPECT_EQ(st->hash(), before);
  // An order listed with arguments keeps the step's own reason.
  const auto m = st->check(0, *Action::parse("mobilize hex=9999 sp=1"));
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error().message.find("takes no arguments"), std::string::npos) << m.error().message;
}

TEST(Wate1870_IllegalOrders, AdministrativePhase) { check_phase("Administrative"); }
TEST(Wate1870_IllegalOrders, ActionPhase) { check_phase("Action"); }
TEST(Wate1870_IllegalOrders, SiegePhase) { check_phase("Siege"); }
TEST(Wate1870_IllegalOrders, RecoveryPhase) { check_phase("Recovery"); }
TEST(Wate1870_IllegalOrders, AfterTheGame) { check_phase("Game over"); }

// A malformed number is named in the message, with what is wrong with it.
TEST(Wate1870_IllegalOrders, AMalformedNumberSaysWhatIsWrongWithIt) {
  auto st = at(kAdmin)();
  ASSERT_TRUE(st);
  const std::pair<const char*, const char*> cases[] = {
      {"mobilize hex=1807 sp=01", "('sp=01' has a leading zero: write sp=1)"},
      {"mobilize hex=1807 sp=000", "('sp=000' has a leading zero: write sp=0)"},
      {"mobilize hex=1807 sp=two", "('sp=two' is not a whole number)"},
      {"mobilize hex=1807 sp=-1", "('sp=-1' is not a whole number)"},
      {"mobilize hex=1807 sp=12345", "('sp=12345' has more than 4 digits)"},
  };
  for (const auto& [order, fault] : cases) {
    const auto a = Action::parse(order);
    ASSERT_TRUE(a.ok()) << order;
    const auto checked = st->check(kF, *a);
    ASSERT_FALSE(checked.ok()) << order;
    EXPECT_EQ(checked.error().code, Code::kMalformed) << order;
    EXPECT_EQ(checked.error().message,
              std::string("mobilize needs hex=XXYY and sp=N (or hq=ID and hex=XXYY) ") + fault);
  }
  // A plain number has nothing to say about it: the rule refuses the order.
  const auto two = st->check(kF, *Action::parse("mobilize hex=1807 sp=2"));
  ASSERT_FALSE(two.ok());
  EXPECT_EQ(two.error().code, Code::kIllegal);
  EXPECT_EQ(two.error().message.find("whole number"), std::string::npos);
}

std::string cell(std::string s) {
  for (std::size_t p = 0; (p = s.find('|', p)) != std::string::npos; p += 2) s.replace(p, 1, "\\|");
  return s;
}

// At least 30 distinct kinds (the issue), in every phase and at every step
// where a player gives orders; writes docs/illegal-orders.md on request.
TEST(Wate1870_IllegalOrders, AtLeastFortyDistinctKindsInEveryPhaseAndStep) {
  std::set<std::string> kinds, phases, steps;
  for (std::size_t i = 0; i < rows().size(); ++i) {
    EXPECT_TRUE(kinds.insert(rows()[i].kind).second) << "kind listed twice: " << rows()[i].kind;
    phases.insert(rows()[i].phase);
    if (!outcomes().count(i)) check_row(i);  // when run alone
    steps.insert(outcomes()[i].step);
  }
  EXPECT_GE(kinds.size(), 40u);
  EXPECT_EQ(phases,
            (std::set<std::string>{"Administrative", "Action", "Siege", "Recovery", "Game over"}));
  // Every step kind at which a player is asked for an order, and the dice of each phase.
  for (const char* s :
       {"administrative", "activate", "hq-orders", "force-orders", "march", "chassepot-choice",
        "artillery", "reroll", "absorb", "retreat", "advance", "recovery", "initiative",
        "combat-dice", "reroll-die", "chassepot-roll", "siege-roll", "over"})
    EXPECT_TRUE(steps.count(s)) << "no illegal order tested at step " << s;

  if (!std::getenv("REISSWITZ_WRITE_ILLEGAL_DOC")) return;
  std::ostringstream doc;
  doc << "# 1870: illegal orders refused\n\n"
      << "Generated by `REISSWITZ_WRITE_ILLEGAL_DOC=1 reisswitz_tests "
         "--gtest_filter='Wate1870_IllegalOrders*'`\n"
      << "from the table of tests/wate1870/illegal_orders_test.cpp. Each order is given in its "
         "situation and\n"
      << "refused by check() and by apply() with the code and the rule shown; the state's hash and "
         "saved text\n"
      << "are unchanged afterwards. The message is the engine's own. " << kinds.size()
      << " kinds in all.\n\n"
      << "| # | kind | phase | step | by | order | code | rule | message |\n"
      << "|---|---|---|---|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < rows().size(); ++i) {
    const Row& r = rows()[i];
    doc << "| " << i + 1 << " | " << cell(r.kind) << " | " << r.phase << " | " << outcomes()[i].step
        << " | " << who(r.player) << " | `" << r.order << "` | " << code_name(r.code) << " | "
        << (r.rule.empty() ? "—" : r.rule) << " | " << cell(outcomes()[i].message) << " |\n";
  }
  std::ofstream(std::string(REISSWITZ_SOURCE_DIR) + "/docs/illegal-orders.md") << doc.str();
}

}  // namespace
}  // namespace rz::wate1870
