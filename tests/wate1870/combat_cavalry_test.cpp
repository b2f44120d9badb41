// 8.1 Cavalry Retreat Before Combat (GAP-W-15, ruling C-5 in
// docs/rulings/wate1870-combat.md), through the public contract on the real
// map: a German cavalry division in 0703, on clear French ground without
// rivers, attacked from the west by the French I Corps in 0603.
#include <gtest/gtest.h>

#include <algorithm>

#include "data_test_util.hpp"
#include "hex_id.hpp"
#include "phases_fixture.hpp"
#include "rules/wate1870/scenario.hpp"

namespace rz::wate1870 {
namespace {

using namespace testing;

// A French action phase from the body of a scenario (hqs, sps); every entry gets a source.
std::unique_ptr<WateState> make(const std::string& body,
                                std::shared_ptr<const GameData> data = shipped_data(),
                                int french_rp = 5) {
  const std::string text =
      "name: cavalry test\nsource: \"reconstructed: test\"\nturn: 4\nphase: action\n"
      "rp: {French: " +
      std::to_string(french_rp) +
      ", German: 5, source: \"reconstructed: test\"}\n"
      "first_activation: {side: French, source: \"reconstructed: test\"}\n" +
      body;
  std::string with_sources;
  for (std::size_t i = 0; i < text.size(); ++i) {
    with_sources += text[i];
    if (text[i] == '{' && i >= 4 && text.compare(i - 4, 4, "  - ") == 0)
      with_sources += "source: \"reconstructed: test\", ";
  }
  auto sc = Scenario::parse(with_sources, "cavalry-test.yaml", data->map, data->forces);
  EXPECT_TRUE(sc.ok()) << (sc.ok() ? "" : sc.error().to_string());
  if (!sc.ok()) return nullptr;
  auto st = WateState::from_scenario(data, *sc, {}, 1);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return st.ok() ? std::move(st).value() : nullptr;
}

// The shipped data with the French I Corps marked as cavalry: France has no
// cavalry (GAP-W-15), but 8.1 is written for any attacking force with cavalry.
std::shared_ptr<const GameData> french_cavalry_data() {
  static const std::shared_ptr<const GameData> d = [] {
    auto copy = std::make_shared<GameData>(*shipped_data());
    // A cavalry HQ must be a division (GAP-W-15): I Corps becomes a cavalry division.
    std::string text = read_text(data_path("forces.yaml"));
    const auto at = text.find("rank: corps", text.find("  - id: F-I\n"));
    EXPECT_NE(at, std::string::npos);
    if (at != std::string::npos) text.replace(at, 11, "rank: division\n    cavalry: true");
    auto f = Forces::parse(text, "forces.yaml");
    EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.error().to_string());
    if (f.ok()) copy->forces = *f;
    return std::shared_ptr<const GameData>(copy);
  }();
  return d;
}

const char* kCavalry = R"(hqs:
  - {hq: F-I, hex: "0603"}
  - {hq: G-5CD, hex: "0703"}
sps:
  - {side: French, sp: 6, formation: F-I, hex: "0603"}
  - {side: German, sp: 4, formation: G-5CD, hex: "0703"}
)";

// I Corps attacks the cavalry in 0703 from 0603 (rule 7.4).
Events attack(WateState& st) {
  play(st, kF, "activate hq=F-I");
  return play(st, kF, "attack target=0703 from=0603");
}

std::vector<std::string> legal_texts(const WateState& st, Player p) {
  std::vector<std::string> out;
  for (const auto& a : st.legal_actions(p)) out.push_back(a.to_string());
  std::sort(out.begin(), out.end());
  return out;
}

void expect_round_trip(const WateState& st) {
  auto back = WateState::from_json(shipped_data(), st.serialize());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ((*back)->hash(), st.hash());
  EXPECT_EQ((*back)->serialize(), st.serialize());
  EXPECT_EQ((*back)->to_move(), st.to_move());
  for (Player p : {kF, kG}) EXPECT_EQ((*back)->legal_actions(p), st.legal_actions(p));
}

TEST(Wate1870_8_1, CavalryMayRetreatFreelyFromAnAttackerWithoutCavalry) {
  auto st = make(kCavalry);
  ASSERT_TRUE(st);
  const auto ev = attack(*st);
  EXPECT_TRUE(has_event(
      ev,
      "The attacking force has no cavalry: the German cavalry in 0703 may retreat 1-2 hexes "
      "before combat (rule 8.1)"))
      << all_text(ev);
  EXPECT_FALSE(has_event(ev, "(rule 8.3)")) << "strengths come after 8.1: " << all_text(ev);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
  // 8.6 retreats (GAP-W-14): 0803 and 0704 are closer to a German supply source (Saarlouis), then
  // each of their neighbours closer still. Westwards lies the French ZOC.
  EXPECT_EQ(
      legal_texts(*st, kG),
      (std::vector<std::string>{"cavalry-retreat path=0704", "cavalry-retreat path=0704,0705",
                                "cavalry-retreat path=0704,0803", "cavalry-retreat path=0704,0804",
                                "cavalry-retreat path=0704,0805", "cavalry-retreat path=0803",
                                "cavalry-retreat path=0803,0704", "cavalry-retreat path=0803,0802",
                                "cavalry-retreat path=0803,0804", "cavalry-retreat path=0803,0903",
                                "cavalry-stand"}));
  for (const auto& a : st->legal_actions(kG)) EXPECT_TRUE(st->check(kG, a).ok()) << a.to_string();
  expect_round_trip(*st);

  const auto ev2 = play(*st, kG, "cavalry-retreat path=0803,0903");
  EXPECT_TRUE(has_event(
      ev2,
      "The German cavalry retreats 4 SP 0703 -> 0803,0903 before combat; the combat does not "
      "take place (rule 8.1, ruling C-5)"))
      << all_text(ev2);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0903", Status::kGood), 4);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0703", Status::kGood), 0);
  EXPECT_EQ(st->position().hq("G-5CD")->hex, H("0903"));           // its HQ goes with it
  EXPECT_EQ(sp_of(*st, Side::kFrench, "0603", Status::kGood), 6);  // no losses on either side
  EXPECT_EQ(st->vp(), 11);                                         // and no VP (ruling C-5)
  EXPECT_EQ(st->rp(Side::kFrench), 5);
  // Ruling C-5: the vacated hex may be entered by 8.7 advance, as a winner may.
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  EXPECT_EQ(legal_texts(*st, kF),
            (std::vector<std::string>{"advance from=0603", "advance from=0603 hq=F-I", "stay"}));
  expect_round_trip(*st);  // the combat remembers where the cavalry went (GAP-W-35)
  play(*st, kF, "advance from=0603");
  EXPECT_EQ(sp_of(*st, Side::kFrench, "0703", Status::kGood), 6);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0903", Status::kGood), 4);
}

TEST(Wate1870_8_1, CavalryThatStandsFightsTheUsualCombat) {
  auto st = make(kCavalry);
  ASSERT_TRUE(st);
  attack(*st);
  const auto ev = play(*st, kG, "cavalry-stand");
  EXPECT_TRUE(has_event(ev, "The German cavalry in 0703 stands and fights (rule 8.1)"))
      << all_text(ev);
  // 8.2-8.3 follow: 6 SP (the French LOC holds) against 4 SP of cavalry, which needs no LOC.
  EXPECT_TRUE(has_event(ev, "French 6 SP against German 4 SP: CRM 1:1")) << all_text(ev);
  // 8.4: nobody may pay for artillery (6 RP for the French, the German has no LOC): the dice.
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);
  EXPECT_EQ(sp_of(*st, Side::kGerman, "0703", Status::kGood), 4);
}

TEST(Wate1870_8_1, IllegalCavalryOrdersAreRefusedWithTheirRule) {
  auto st = make(kCavalry);
  ASSERT_TRUE(st);
  attack(*st);
  expect_refused(*st, kG, "cavalry-retreat path=0702",
                 "8.1");  // no closer to a German supply source
  expect_refused(*st, kG, "cavalry-retreat path=0704,0604", "8.1");  // 0604 is no closer either
  expect_refused(*st, kG, "cavalry-retreat path=0602", "8.1");  // towards the enemy, into its ZOC
  expect_refused(*st, kG, "cavalry-retreat path=0803,0903,1003", "8.1");  // 3 hexes
  expect_refused(*st, kG, "cavalry-retreat path=0803,0703", "8.1");  // back into the combat hex
  expect_refused(*st, kG, "retreat path=0803", "8.1");               // 8.6 is not due
  expect_refused(*st, kF, "cavalry-stand", "", Code::kNotYourTurn);  // the defender decides
}

TEST(Wate1870_8_1, AForceWithNonCavalrySpIsNoCavalryForce) {
  auto st = make(R"(hqs:
  - {hq: F-I, hex: "0603"}
  - {hq: G-5CD, hex: "0703"}
sps:
  - {side: French, sp: 6, formation: F-I, hex: "0603"}
  - {side: German, sp: 4, formation: G-5CD, hex: "0703"}
  - {side: German, sp: 1, formation: G-III, hex: "0703"}
)");
  ASSERT_TRUE(st);
  const auto ev = attack(*st);
  EXPECT_FALSE(has_event(ev, "rule 8.1")) << all_text(ev);
  // Not cavalry, so also halved without a LOC (8.2): 5 -> 2.
  EXPECT_TRUE(has_event(ev, "French 6 SP against German 2 SP")) << all_text(ev);
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);  // straight to the dice
}

TEST(Wate1870_8_1, CavalryWithNoLegalRetreatMustFight) {
  // French SP in 0803 and 0704 close both hexes nearer to a German supply source.
  auto st =
      make(std::string(kCavalry) + "  - {side: French, sp: 1, formation: F-I, hex: \"0803\"}\n" +
           "  - {side: French, sp: 1, formation: F-I, hex: \"0704\"}\n");
  ASSERT_TRUE(st);
  const auto ev = attack(*st);
  EXPECT_TRUE(has_event(ev,
                        "The German cavalry in 0703 has no hex to retreat to before combat and "
                        "must fight (rule 8.1)"))
      << all_text(ev);
  EXPECT_TRUE(has_event(ev, "(rule 8.3)")) << all_text(ev);
  EXPECT_EQ(st->to_move().kind, MoveKind::kChance);
}

TEST(Wate1870_8_1, CavalryFacingCavalryRetreatsOnlyOnFiveOrSix) {
  auto make_attacked = [] {
    auto st = make(kCavalry, french_cavalry_data());
    if (st) attack(*st);
    return st;
  };
  auto st = make_attacked();
  ASSERT_TRUE(st);
  ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
  const auto outs = st->chance_outcomes();
  ASSERT_EQ(outs.size(), 6u);
  for (int d = 1; d <= 6; ++d) {
    const auto& o = outs[static_cast<std::size_t>(d - 1)];
    EXPECT_EQ(o.probability, Fraction(1, 6));
    EXPECT_EQ(o.dice, std::vector<int>{d});
    EXPECT_EQ(o.action.to_string(), "roll d=" + std::to_string(d));
  }
  EXPECT_EQ(total_probability(outs), Fraction(1, 1));
  {
    auto back = WateState::from_json(french_cavalry_data(), st->serialize());
    ASSERT_TRUE(back.ok()) << back.error().to_string();
    EXPECT_EQ((*back)->hash(), st->hash());
  }
  // 1-4: the cavalry must fight; strengths follow at once.
  for (int d = 1; d <= 4; ++d) {
    auto s = make_attacked();
    const auto ev = roll(*s, {d});
    EXPECT_TRUE(has_event(ev, "German cavalry in 0703 rolls 1d6 = " + std::to_string(d) +
                                  ": it must fight (rule 8.1)"))
        << all_text(ev);
    // A division commands 4 SP (3.6.2): 4 of the 6 attack.
    EXPECT_TRUE(has_event(ev, "French 4 SP against German 4 SP")) << all_text(ev);
    EXPECT_TRUE(s->legal_actions(kG).empty());
  }
  // 5-6: the German player may retreat or stand.
  for (int d = 5; d <= 6; ++d) {
    auto s = make_attacked();
    const auto ev = roll(*s, {d});
    EXPECT_TRUE(has_event(
        ev, "rolls 1d6 = " + std::to_string(d) + ": it may retreat before combat (rule 8.1)"))
        << all_text(ev);
    ASSERT_EQ(s->to_move(), (ToMove{MoveKind::kPlayer, {kG}}));
    EXPECT_TRUE(is_legal(*s, kG, "cavalry-retreat path=0803"));
    EXPECT_TRUE(is_legal(*s, kG, "cavalry-stand"));
  }
}

TEST(Wate1870_8_1, AMarchCombatForceEntersTheHexTheCavalryLeftAndMarchesOn) {
  auto st = make(R"(hqs:
  - {hq: G-5CD, hex: "0703"}
sps:
  - {side: French, sp: 4, hex: "0502"}
  - {side: German, sp: 4, formation: G-5CD, hex: "0703"}
)");
  ASSERT_TRUE(st);
  play(*st, kF, "activate hex=0502");
  play(*st, kF, "march");
  play(*st, kF, "move to=0602");  // 1 of 3 MP; next to the cavalry's ZOC: only stop or attack
  const auto ev = play(*st, kF, "attack to=0703");
  EXPECT_TRUE(has_event(ev, "may retreat 1-2 hexes before combat (rule 8.1)")) << all_text(ev);
  const auto ev2 = play(*st, kG, "cavalry-retreat path=0803,0903");
  // Ruling C-5: the marching force enters the vacated hex with the MP it has left (7.1.1).
  EXPECT_TRUE(has_event(ev2, "enters 0703 with 4 SP and 1 MP left (rule 7.1.1)")) << all_text(ev2);
  EXPECT_EQ(sp_of(*st, Side::kFrench, "0703", Status::kGood), 4);
  ASSERT_EQ(st->to_move(), (ToMove{MoveKind::kPlayer, {kF}}));
  // 0703 is out of the cavalry's ZOC now: the march goes on.
  EXPECT_TRUE(is_legal(*st, kF, "move to=0704"));
  play(*st, kF, "move to=0704");
  EXPECT_EQ(sp_of(*st, Side::kFrench, "0704", Status::kGood), 4);
}

}  // namespace
}  // namespace rz::wate1870
