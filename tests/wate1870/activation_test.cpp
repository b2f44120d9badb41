// 7.0 activations, 3.6.2 command limits, 7.3 rallying and 3.7 control, driven
// through the contract from small scenarios on the shipped map.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "phases_fixture.hpp"

namespace rz::wate1870 {
namespace {

using testing::expect_refused;
using testing::is_legal;
using testing::kF;
using testing::kG;
using testing::play;
using testing::roll;
using testing::situation;
using testing::sp_of;

const char* kFrenchCorps = R"yaml(
name: "A French corps in Champagne, half of it disrupted"
source: "reconstructed: test situation for rules 3.6.2 and 7.3"
turn: 3
phase: action
vp: 11
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: French, source: "rule 13.3 (used here to skip the initiative roll)"}
hqs:
  - {hq: F-III, hex: "1508", source: "reconstructed: test"}
sps:
  - {side: French, sp: 6, formation: F-III, hex: "1508", status: good, source: "reconstructed: test"}
  - {side: French, sp: 6, formation: F-III, hex: "1508", status: disrupted, source: "reconstructed: test"}
  - {side: French, sp: 5, formation: F-III, hex: "1408", status: good, source: "reconstructed: test"}
)yaml";

TEST(Wate1870_7_3, ARallyImprovesEverySpOneLevelForOneRp) {
  auto st = situation(kFrenchCorps);
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  play(*st, kF, "rally sp=12");
  int good = 0, disrupted = 0;
  for (const auto& g : st->sps())
    if (g.hex == *hex::parse_hex("1508")) (g.status == Status::kGood ? good : disrupted) += g.count;
  EXPECT_EQ(good, 12);
  EXPECT_EQ(disrupted, 0);
  // 1 RP for the force (7.3). Nothing else can activate, so the turn ends and the
  // next Administrative Phase adds the French income of 10 (5.0, 6.1).
  EXPECT_EQ(st->rp(Side::kFrench), 5 - 1 + 10);
  EXPECT_EQ(st->turn(), 4);
}

// 7.3: "A demoralized force will Rally to disrupted" (session 35's audit: only
// disrupted SP were rallied in play). 6 good and 3 demoralized SP: a rally of
// 3 takes the worst first (RA-2), and each improves one level only.
TEST(Wate1870_7_3, ADemoralizedForceRalliesToDisrupted) {
  std::string yaml = kFrenchCorps;
  yaml.replace(yaml.find("sp: 6, formation: F-III, hex: \"1508\", status: disrupted"),
               std::string("sp: 6, formation: F-III, hex: \"1508\", status: disrupted").size(),
               "sp: 3, formation: F-III, hex: \"1508\", status: demoralized");
  auto st = situation(yaml);
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  play(*st, kF, "rally sp=3");
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kDemoralized), 0);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kDisrupted), 3);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kGood), 6);
}

// The head of a test situation: turn 3's Action Phase, 5 RP each, the French to act.
std::string french_to_act(const std::string& name, const std::string& rules) {
  return "name: \"" + name + "\"\nsource: \"reconstructed: test situation for " + rules +
         "\"\nturn: 3\nphase: action\nrp: {French: 5, German: 5, source: \"reconstructed: test\"}\n"
         "first_activation: {side: French, source: \"rule 13.3 (used here to skip the initiative "
         "roll)\"}\n";
}

// The French order is refused with rule 7.3 (nothing changes) and says `why`.
void expect_refused_saying(WateState& st, const std::string& order, const std::string& why) {
  expect_refused(st, kF, order, "7.3");
  auto r = st.check(kF, *Action::parse(order));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
}

// Ruling RA-1 (docs/rulings/wate1870-rally.md): a rally improves a force "from
// disrupted or demoralized" (7.3); a force all in good order has none to rally.
TEST(Wate1870_7_3, AForceAllInGoodOrderDoesNotRally_RA1) {
  std::string yaml = kFrenchCorps;
  yaml.replace(yaml.find("status: disrupted"), 17, "status: good");
  auto st = situation(yaml);
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  for (const auto& a : st->legal_actions(kF)) EXPECT_NE(a.verb, "rally") << a.to_string();
  expect_refused(*st, kF, "rally sp=12", "7.3");
  expect_refused_saying(*st, "rally sp=1", "in good order");
  // A force activated on its own (1408, 5 SP in good order) may march or hold.
  play(*st, kF, "detach hex=1408 sp=4");
  EXPECT_TRUE(is_legal(*st, kF, "march"));
  EXPECT_FALSE(is_legal(*st, kF, "rally"));
  expect_refused(*st, kF, "rally", "7.3");
}

// Ruling RA-2 with GAP-W-36: SP on the train do not rally. An HQ's `rally sp=N`
// takes its SP worst first from those off the train; the entrained stay.
TEST(Wate1870_7_3, SpOnTheTrainDoNotRally_RA2) {
  auto st = situation(french_to_act("A French corps at Saint-Hilaire, part of it on the train",
                                    "rule 7.3 and ruling GAP-W-36") +
                      R"yaml(hqs:
  - {hq: F-III, hex: "1508", source: "reconstructed: test"}
sps:
  - {side: French, sp: 2, formation: F-III, hex: "1508", status: good, source: "reconstructed: test"}
  - {side: French, sp: 1, formation: F-III, hex: "1508", status: disrupted, source: "reconstructed: test"}
  - {side: French, sp: 3, formation: F-III, hex: "1508", status: demoralized, entrained: true, source: "reconstructed: test"}
  - {side: French, sp: 2, hex: "1408", status: disrupted, entrained: true, source: "reconstructed: test"}
)yaml");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  // 6 SP may march with the HQ, 3 off the train may rally.
  EXPECT_TRUE(is_legal(*st, kF, "march sp=6"));
  EXPECT_TRUE(is_legal(*st, kF, "rally sp=3"));
  EXPECT_FALSE(is_legal(*st, kF, "rally sp=4"));
  expect_refused_saying(*st, "rally sp=4", "on the train");
  // The entrained stack of 1408, detached, may not rally either.
  play(*st, kF, "detach hex=1408 sp=2");
  EXPECT_FALSE(is_legal(*st, kF, "rally"));
  expect_refused(*st, kF, "rally", "7.3");
  play(*st, kF, "hold");
  // 1 SP, the worst off the train: the disrupted one improves, the train is untouched.
  play(*st, kF, "rally sp=1");
  int good = 0, demoralized_on_train = 0, activated = 0;
  for (const auto& g : st->sps()) {
    if (g.hex != *hex::parse_hex("1508")) continue;
    if (g.status == Status::kGood) good += g.count;
    if (g.status == Status::kDemoralized && g.entrained) demoralized_on_train += g.count;
    if (g.activated) activated += g.count;
  }
  EXPECT_EQ(good, 3);
  EXPECT_EQ(demoralized_on_train, 3);
  EXPECT_EQ(activated, 1);
  EXPECT_EQ(st->rp(Side::kFrench), 4);
}

TEST(Wate1870_3_6_2, AnHqActivatesNoMoreThanItsCommandLimit) {
  auto st = situation(kFrenchCorps);
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  // A French corps HQ commands 12 SP (3.6.2); a detached force is at most 4 SP (3.6.1).
  expect_refused(*st, kF, "detach hex=1408 sp=5", "3.6.1");
  play(*st, kF, "detach hex=1408 sp=4");
  play(*st, kF, "hold");
  auto r = st->apply(kF, *Action::parse("march sp=9"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "3.6.2");
  EXPECT_NE(r.error().message.find("can activate 8 more SP; you named 9"), std::string::npos) << r.error().message;
  play(*st, kF, "march sp=8");
}

// 7.0: who may activate, in the order the list offers them after its "pass":
// the unactivated HQs on the map, then the forces without one of at most the
// inherent division's SP (3.6.1, ruling GAP-W-07): 5 SP alone in 1408 may not,
// nor the SP with F-III in 1508 on their own (ruling GAP-W-08).
TEST(Wate1870_7_0, WhoMayActivateIsWhatTheListOffers) {
  std::string yaml = kFrenchCorps;
  yaml +=
      "  - {side: French, sp: 3, formation: F-III, hex: \"1710\", status: good, source: "
      "\"reconstructed: test\"}\n";
  auto st = situation(yaml);
  ASSERT_TRUE(st);
  std::vector<std::string> listed;
  for (const auto& a : st->legal_actions(kF)) listed.push_back(a.to_string());
  EXPECT_EQ(listed, (std::vector<std::string>{"pass", "activate hq=F-III", "activate hex=1710"}));
  std::vector<WateState::Activatable> can;
  st->activatable(Side::kFrench, can);
  ASSERT_EQ(can.size(), 2u);
  ASSERT_NE(can[0].hq, nullptr);
  EXPECT_EQ(can[0].hq->id, "F-III");
  EXPECT_EQ(can[1].hq, nullptr);
  EXPECT_EQ(can[1].hex.id(), "1710");
  st->activatable(Side::kGerman, can);  // no German pieces
  EXPECT_TRUE(can.empty());
  // Activated, F-III is not offered again (7.0); the lone force still is.
  play(*st, kF, "activate hq=F-III");
  st->activatable(Side::kFrench, can);
  ASSERT_EQ(can.size(), 1u);
  EXPECT_EQ(can[0].hq, nullptr);
  EXPECT_EQ(can[0].hex.id(), "1710");
}

TEST(Wate1870_7_0, AnHqOrForceActivatesOnlyOnceATurn) {
  // 4 SP in 1408 can still activate on their own, so the Action Phase goes on.
  std::string yaml = kFrenchCorps;
  yaml.replace(yaml.find("sp: 5,"), 6, "sp: 4,");
  auto st = situation(yaml);
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  play(*st, kF, "end");
  // The German passes after the initiative; the French may not activate F-III again.
  ScriptedDice dice({1, 6});
  ASSERT_TRUE(resolve_chance(*st, dice).ok());
  play(*st, kG, "pass");
  expect_refused(*st, kF, "activate hq=F-III", "7.0");
}

// 7.0's printed example: an army HQ stacked with 10 SP, a corps HQ with 7 SP
// next to it, and 4 SP next to the corps. The army detaches 3 SP of its hex
// and activates the corps, which detaches 3 of the 4 SP, then 2 of its own
// hex, and marches with 3 more (8 SP, its limit); the army then detaches the
// 2 SP left in the corps' hex and marches with its own 7. All is activated
// but the 1 SP, which may activate later.
TEST(Wate1870_7_0, PrintedExampleAnArmyHqActivatesItsCorpsInAChain) {
  auto st = situation(R"yaml(
name: "7.0 example"
source: "rule 7.0 example"
turn: 3
phase: action
vp: 11
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "rule 13.3 (used here to skip the initiative roll)"}
hqs:
  - {hq: G-1A, hex: "2100", source: "rule 7.0 example: a German army HQ"}
  - {hq: G-VII, hex: "2200", source: "rule 7.0 example: an adjacent corps HQ"}
  - {hq: F-III, hex: "0808", source: "reconstructed: test (a French HQ far away)"}
sps:
  - {side: German, sp: 10, formation: G-1A, hex: "2100", source: "rule 7.0 example"}
  - {side: German, sp: 7, formation: G-VII, hex: "2200", source: "rule 7.0 example"}
  - {side: German, sp: 4, formation: G-VII, hex: "2300", source: "rule 7.0 example"}
  - {side: French, sp: 4, formation: F-III, hex: "0808", source: "reconstructed: test"}
)yaml");
  ASSERT_TRUE(st);
  const auto away = [&](const std::string& to) {
    play(*st, kG, "move to=" + to);
    play(*st, kG, "stop");
  };
  const auto said = [](const Events& ev, const std::string& text) {
    return std::any_of(ev.begin(), ev.end(),
                       [&](const Event& e) { return e.text.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(said(play(*st, kG, "activate hq=G-1A"), "command limit 12 SP"));
  EXPECT_TRUE(said(play(*st, kG, "detach hex=2100 sp=3"), "9 SP of its limit left"));
  play(*st, kG, "march");
  away("2000");
  // The army pauses while the corps completes its activation.
  EXPECT_TRUE(said(play(*st, kG, "activate hq=G-VII"), "command limit 8 SP"));
  expect_refused(*st, kG, "detach hex=2300 sp=4", "3.6.1");  // a German inherent division: 3 SP
  EXPECT_TRUE(said(play(*st, kG, "detach hex=2300 sp=3"), "5 SP of its limit left"));
  play(*st, kG, "march");
  away("2400");
  EXPECT_TRUE(said(play(*st, kG, "detach hex=2200 sp=2"), "3 SP of its limit left"));
  play(*st, kG, "march");
  away("2201");
  expect_refused(*st, kG, "march sp=4", "3.6.2");  // 8 SP in all
  play(*st, kG, "march sp=3");
  away("2301");
  EXPECT_EQ(sp_of(*st, Side::kGerman, "2200", Status::kGood), 2);
  // The army goes on.
  EXPECT_TRUE(said(play(*st, kG, "detach hex=2200 sp=2"), "7 SP of its limit left"));
  play(*st, kG, "march");
  away("2201");
  play(*st, kG, "march sp=7");
  away("2101");
  EXPECT_EQ(sp_of(*st, Side::kGerman, "2100", Status::kGood), 0);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "2200", Status::kGood), 0);
  int unactivated = 0;
  for (const auto& g : st->sps())
    if (g.side == Side::kGerman && !g.activated) {
      EXPECT_EQ(g.hex.id(), "2300");
      unactivated += g.count;
    }
  EXPECT_EQ(unactivated, 1);
  // The activation is over: the next one goes by the initiative (5.0), here the German's.
  roll(*st, {1, 1});
  expect_refused(*st, kG, "activate hq=G-1A", "7.0");
  expect_refused(*st, kG, "activate hq=G-VII", "7.0");
  EXPECT_TRUE(is_legal(*st, kG, "activate hex=2300"));
}

// Ruling A-1 (session 35's rules audit): 7.0 lets an HQ activate "any SP", so
// its detach and its march may say how many are disrupted or demoralized. F-III
// holds 6 good and 6 disrupted SP in 1508.
TEST(Wate1870_7_0, AnHqActivatesAnySpItChoosesByStatus_RulingA1) {
  auto st = situation(kFrenchCorps);
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  // Every mix is offered; the best first without the arguments.
  EXPECT_TRUE(is_legal(*st, kF, "detach hex=1508 sp=3"));
  EXPECT_TRUE(is_legal(*st, kF, "detach hex=1508 sp=3 disrupted=2"));
  EXPECT_TRUE(is_legal(*st, kF, "detach hex=1508 sp=3 disrupted=3"));
  EXPECT_FALSE(is_legal(*st, kF, "detach hex=1508 sp=3 disrupted=0"));
  EXPECT_TRUE(is_legal(*st, kF, "march sp=8 disrupted=6"));
  // The disrupted SP go to the rear: the good ones stay in line.
  const Events ev = play(*st, kF, "detach hex=1508 sp=3 disrupted=3");
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const Event& e) {
    return e.text.find("activates 3 SP (3 disrupted) in 1508") != std::string::npos;
  }));
  play(*st, kF, "march");
  play(*st, kF, "move to=1608");
  play(*st, kF, "stop");
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1608", Status::kDisrupted), 3);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kGood), 6);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kDisrupted), 3);
  // The HQ marches with its 3 disrupted SP and 2 good ones; 4 good SP stay.
  play(*st, kF, "march sp=5 disrupted=3");
  int acting_disrupted = 0, acting_good = 0;
  for (const auto& g : st->sps())
    if (g.acting) (g.status == Status::kGood ? acting_good : acting_disrupted) += g.count;
  EXPECT_EQ(acting_good, 2);
  EXPECT_EQ(acting_disrupted, 3);
}

TEST(Wate1870_7_0, ANamedMixTheHexDoesNotHoldIsRefused_RulingA1) {
  auto st = situation(kFrenchCorps);
  ASSERT_TRUE(st);
  play(*st, kF, "activate hq=F-III");
  expect_refused(*st, kF, "detach hex=1508 sp=3 demoralized=1", "7.0");  // none demoralized there
  expect_refused(*st, kF, "detach hex=1408 sp=2 disrupted=1", "7.0");    // 1408 is all good
  expect_refused(*st, kF, "march sp=8 disrupted=7", "7.0");
  expect_refused(*st, kF, "detach hex=1508 sp=2 disrupted=3", "", Code::kMalformed);
  expect_refused(*st, kF, "detach hex=1508 sp=2 disrupted=x", "", Code::kMalformed);
  expect_refused(*st, kF, "rally sp=2 disrupted=2", "7.3",
                 Code::kMalformed);  // a rally takes the worst (RA-2)
  const auto r = st->check(kF, *Action::parse("detach hex=1508 sp=3 demoralized=1"));
  EXPECT_NE(r.error().message.find("1508 holds 0 unactivated demoralized SP; you named 1"),
            std::string::npos)
      << r.error().to_string();
  // Written otherwise, a mix the list offers is taken.
  EXPECT_TRUE(st->check(kF, *Action::parse("detach hex=1508 sp=3 disrupted=0 demoralized=0")).ok());
}

const char* kGermanRaid = R"yaml(
name: "A German division near Chalons"
source: "reconstructed: test situation for rules 3.7 and 11.0"
turn: 3
phase: action
vp: 11
rp: {French: 5, German: 5, source: "reconstructed: test"}
first_activation: {side: German, source: "rule 13.3 (used here to skip the initiative roll)"}
sps:
  - {side: German, sp: 3, formation: G-III, hex: "1508", status: good, source: "reconstructed: test"}
)yaml";

TEST(Wate1870_3_7, TheLastForceToMoveThroughAHexControlsIt) {
  auto st = situation(kGermanRaid);
  ASSERT_TRUE(st);
  const hex::Hex chalons = *hex::parse_hex("1509");  // across the Marne
  EXPECT_EQ(st->controller(chalons), Side::kFrench);
  play(*st, kG, "activate hex=1508");
  play(*st, kG, "march");
  play(*st, kG, "move to=1509");
  EXPECT_EQ(st->controller(chalons), Side::kGerman);
  // 11.0 with ruling GAP-W-28: a French town taken by the Germans is -1 VP.
  EXPECT_EQ(st->vp(), 10);
}

TEST(Wate1870_3_3, NoStackingLimitButAnHqActivatesOnlyUpToItsCommandLimit) {
  // 40 French SP in one hex with a corps HQ (command limit 12), 2 SP next door.
  auto st = situation(french_to_act("A French army stacked in Champagne", "rule 3.3") + R"yaml(hqs:
  - {hq: F-III, hex: "1508", source: "reconstructed: test"}
sps:
  - {side: French, sp: 40, formation: F-III, hex: "1508", source: "reconstructed: test"}
  - {side: French, sp: 2, hex: "1408", source: "reconstructed: test"}
)yaml");
  ASSERT_TRUE(st);
  // A force may join the stack: no limit (3.3), only the French +1 MP to enter (7.1).
  play(*st, kF, "activate hex=1408");
  play(*st, kF, "march");
  play(*st, kF, "move to=1508");
  play(*st, kF, "stop");
  EXPECT_EQ(sp_of(*st, Side::kFrench, "1508", Status::kGood), 42);
  // The stack acts only as far as its HQ's command limit reaches (3.6.2).
  roll(*st, {6, 1});
  play(*st, kF, "activate hq=F-III");
  EXPECT_TRUE(is_legal(*st, kF, "march sp=12"));
  EXPECT_FALSE(is_legal(*st, kF, "march sp=13"));
  expect_refused(*st, kF, "march sp=13", "3.6.2");
}

}  // namespace
}  // namespace rz::wate1870
