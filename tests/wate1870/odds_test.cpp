// Exact odds (rules/wate1870/odds.hpp, ruling C-7, docs/odds.md): sums of
// exactly 1, cases computed by hand, the optimal re-roll, a million combats
// simulated with the rules' own functions, and the odds of an attack in a game
// against every roll of the combat procedure itself.
#include "rules/wate1870/odds.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <map>
#include <regex>

#include "../text_match.hpp"
#include "core/rng.hpp"
#include "phases_fixture.hpp"
#include "rules/wate1870/state.hpp"

namespace rz {
// gtest prints fractions as "5/36".
void PrintTo(const Fraction& f, std::ostream* os) { *os << f.to_string(); }
}  // namespace rz

namespace rz::wate1870 {
namespace {

using testing::kF;
using testing::kG;

const Fraction kOne(1, 1);

Fraction total(const std::vector<Fraction>& v) {
  Fraction s;
  for (auto p : v) s += p;
  return s;
}

Fraction at(const std::vector<Fraction>& v, std::size_t i) {
  return i < v.size() ? v[i] : Fraction();
}

bool at_least(Fraction a, Fraction b) { return !(a < b); }

void expect_sums_to_one(const CombatOdds& o) {
  EXPECT_EQ(o.attack.win + o.defence.win, kOne);
  EXPECT_EQ(total(o.attacker_spread), o.attack.win);
  EXPECT_EQ(total(o.defender_spread), o.defence.win);
  for (const SideOdds* s : {&o.attack, &o.defence}) {
    EXPECT_EQ(total(s->sp_eliminated), kOne);
    EXPECT_EQ(total(s->steps), kOne);
  }
}

CombatOddsInput input(Side attacker, int att_drm, int def_drm, bool att_art = false,
                      bool def_art = false) {
  CombatOddsInput in;
  in.attacker = attacker;
  in.attack_drm = att_drm;
  in.defence_drm = def_drm;
  in.attack_artillery = att_art;
  in.defence_artillery = def_art;
  in.attack = {3, 1, 1};
  in.defence = {2, 0, 2};
  in.attack_hqs = 2;
  in.defence_hqs = 1;
  return in;
}

double test_scale() {
  const char* env = std::getenv("REISSWITZ_TEST_SCALE");
  const double f = env ? std::atof(env) : 1.0;
  return f > 0 ? f : 1.0;
}

// ---- sums and hand-computed cases ----

TEST(Wate1870_Odds_Combat, EveryDistributionSumsExactlyToOne) {
  for (Side att : {Side::kFrench, Side::kGerman})
    for (int a = -4; a <= 4; a += 2)
      for (int d = -3; d <= 3; d += 3)
        for (int art = 0; art < 4; ++art) {
          const CombatOdds o = combat_odds(input(att, a, d, art & 1, art & 2));
          SCOPED_TRACE(std::string(side_name(att)) + " attacks, DRM " + std::to_string(a) + "/" +
                       std::to_string(d) + ", artillery " + std::to_string(art));
          expect_sums_to_one(o);
        }
}

// 2d6 against 2d6, no DRM: the sums tie with probability sum n(s)^2 / 1296 =
// 146/1296; otherwise each side is as likely to be higher: 575/1296 each.
TEST(Wate1870_Odds_Combat, NoDrmsAndNoArtilleryAsComputedByHand) {
  CombatOddsInput in = input(Side::kGerman, 0, 0);
  in.attack = {20, 0, 0};  // large enough that no loss is capped
  in.defence = {20, 0, 0};
  const CombatOdds g = combat_odds(in);
  EXPECT_EQ(g.attack.win, Fraction(575 + 146, 1296));  // ties go to the German (8.5)
  EXPECT_EQ(at(g.attacker_spread, 0), Fraction(146, 1296));
  EXPECT_EQ(at(g.defender_spread, 0), Fraction());
  EXPECT_EQ(at(g.defender_spread, 10), Fraction(1, 1296));  // 2 against 12
  EXPECT_EQ(g.expected_margin, Fraction());
  // Pairs of sums that differ by s: 146, 140, 125, 104 for s = 0-3. Up to a
  // spread of 3 the loser eliminates 1 SP (GAP-W-19); the French lose ties.
  EXPECT_EQ(at(g.defence.sp_eliminated, 1), Fraction(146 + 140 + 125 + 104, 1296));
  EXPECT_EQ(at(g.attack.sp_eliminated, 1), Fraction(140 + 125 + 104, 1296));
  EXPECT_EQ(at(g.attack.sp_eliminated, 0), g.attack.win);
  EXPECT_EQ(at(g.defence.sp_eliminated, 0), g.defence.win);
  EXPECT_EQ(g.attack.wiped_out, Fraction());
  // 8.5.1: doubles one time in six; each HQ then rolls 1-2 on 1d6.
  EXPECT_EQ(g.attack.hq_check, Fraction(1, 6));
  EXPECT_EQ(g.defence.hq_check, Fraction(1, 6));
  EXPECT_EQ(g.attack.hq_removed_each, Fraction(1, 18));
  EXPECT_EQ(g.attack.hq_flipped_each, Fraction(1, 36));
  EXPECT_EQ(g.attack.hq_removed_any, Fraction(1, 6) * Fraction(5, 9));  // 2 HQs: 1 - (2/3)^2
  EXPECT_EQ(g.defence.hq_removed_any, Fraction(1, 18));                 // 1 HQ
  EXPECT_EQ(g.attack.rerolls, Fraction());

  in.attacker = Side::kFrench;
  const CombatOdds f = combat_odds(in);
  EXPECT_EQ(f.attack.win, Fraction(575, 1296));
  EXPECT_EQ(at(f.defender_spread, 0), Fraction(146, 1296));
  expect_sums_to_one(f);
}

// A German attack at DRM -10 wins only with 12 against 2 (1/1296). With its
// artillery it keeps 6-6, re-rolls the other die of a 6 (1 in 6 to make 12),
// and otherwise, without hope, rolls as the net LP decide (below):
// 1/36 * (1/36 + 10/36 * 1/6) = 1/486.
TEST(Wate1870_Odds_Combat, AReRollComputedByHand) {
  EXPECT_EQ(combat_odds(input(Side::kGerman, -10, 0)).attack.win, Fraction(1, 1296));
  const CombatOdds att = combat_odds(input(Side::kGerman, -10, 0, true, false));
  EXPECT_EQ(att.attack.win, Fraction(1, 486));
  expect_sums_to_one(att);
  // The defender re-rolls a 1 of its 1-1 against 6-6; it then loses only on
  // another 1: 1/1296 * 1/6.
  const CombatOdds def = combat_odds(input(Side::kGerman, -10, 0, false, true));
  EXPECT_EQ(def.attack.win, Fraction(1, 7776));
  const RerollPolicy pol(input(Side::kGerman, -10, 0, true, true));
  EXPECT_EQ(pol.attacker(6, 6, 2), Reroll::kKeep);
  EXPECT_EQ(pol.attacker(6, 3, 2), Reroll::kDie2);
  EXPECT_EQ(pol.attacker(2, 6, 2), Reroll::kDie1);
  // No hope of winning, and the 5 German SP are eliminated whatever the dice
  // (a spread of 11 or more eliminates 5 SP or more, 8.5): the net LP decide,
  // and only the steps the French winner absorbs (spread / 2, at most the 8
  // they have) can change. 2-3 against 12 is a spread of 17: 8 steps. A
  // re-roll can only lower it (spreads 13-18 give 7 2/3 on average): keep.
  EXPECT_EQ(pol.attacker(2, 3, 12), Reroll::kKeep);
  EXPECT_EQ(pol.attacker(3, 2, 12), Reroll::kKeep);
  EXPECT_EQ(pol.attacker(3, 3, 12), Reroll::kKeep);
  // 5-5 against 12 is a spread of 12, 6 steps; re-rolling a 5 gives spreads
  // 11-16, 6.5 steps on average: die 1 of equal dice (ruling C-7). The old
  // policy kept, for the margin, and so spared the winner half a step.
  EXPECT_EQ(pol.attacker(5, 5, 12), Reroll::kDie1);
  EXPECT_EQ(pol.defender(6, 6, 1, 1), Reroll::kDie1);
}

TEST(Wate1870_Odds_Combat, ACertainResult) {
  const CombatOdds o = combat_odds(input(Side::kFrench, 12, 0, true, true));
  EXPECT_EQ(o.attack.win, kOne);
  EXPECT_TRUE(o.defender_spread.empty());
  expect_sums_to_one(o);
}

// Losses are those the force can absorb: 2 SP lose by 6 or more.
TEST(Wate1870_Odds_Combat, LossesAreCappedByTheForce) {
  CombatOddsInput in = input(Side::kGerman, 6, 0);
  in.defence = {1, 0, 1};  // 1 good + 1 demoralized: 4 steps
  const CombatOdds o = combat_odds(in);
  expect_sums_to_one(o);
  EXPECT_LE(o.defence.sp_eliminated.size(), 3u);
  // Eliminating the demoralized SP first leaves 3 steps: spread 8 (4 SP, 4 steps) wipes it out.
  EXPECT_FALSE(o.defence.wiped_out == Fraction());
  EXPECT_TRUE(o.defence.wiped_out < o.attack.win);
  EXPECT_LE(o.defence.steps.size(), 4u);
}

// ---- the optimal re-roll (8.4) ----

// 8.5 absorbed one SP at a time, the owner taking its worst SP first.
struct Absorb {
  int eliminated = 0, steps = 0;
  bool wiped = false;
};
Absorb absorb_one_by_one(ForceStatus f, LossDue due) {
  Absorb r;
  std::vector<int> sp;  // steps each SP can still take: 3 good, 2 disrupted, 1 demoralized
  for (int i = 0; i < f.demoralized; ++i) sp.push_back(1);
  for (int i = 0; i < f.disrupted; ++i) sp.push_back(2);
  for (int i = 0; i < f.good; ++i) sp.push_back(3);
  for (int i = 0; i < due.eliminate && !sp.empty(); ++i) {
    sp.erase(sp.begin());
    ++r.eliminated;
  }
  for (int i = 0; i < due.steps && !sp.empty(); ++i) {
    if (--sp.back() == 0) sp.pop_back();
    ++r.steps;
  }
  r.wiped = sp.empty();
  return r;
}

// Lexicographic value of the attacker's dice against the defender's final sum, by brute force:
// wins, then the LP the defender absorbs less the attacker's own (ruling C-7), SP by SP.
std::pair<long, long> attacker_value(const CombatOddsInput& in, int a1, int a2, int dsum,
                                     Reroll r) {
  long w = 0, m = 0;
  for (int x = 1; x <= 6; ++x) {
    const int s = r == Reroll::kKeep ? a1 + a2 : r == Reroll::kDie1 ? x + a2 : a1 + x;
    const int fa = s + in.attack_drm, fd = dsum + in.defence_drm;
    const bool att_wins = combat_winner(in.attacker, fa, fd) == in.attacker;
    const int spread = std::abs(fa - fd);
    const Absorb att =
        absorb_one_by_one(in.attack, att_wins ? winner_loss(spread) : loser_loss(spread));
    const Absorb def =
        absorb_one_by_one(in.defence, att_wins ? loser_loss(spread) : winner_loss(spread));
    w += att_wins;
    m += (def.eliminated + def.steps) - (att.eliminated + att.steps);
  }
  return {w, m};
}

TEST(Wate1870_Odds_Combat, TheOptimalReRollIsNeverWorseThanKeeping) {
  for (Side att : {Side::kFrench, Side::kGerman})
    for (int a = -6; a <= 6; a += 3)
      for (int d = -3; d <= 3; d += 3) {
        SCOPED_TRACE(std::string(side_name(att)) + " DRM " + std::to_string(a) + "/" +
                     std::to_string(d));
        const CombatOdds none = combat_odds(input(att, a, d)),
                         at = combat_odds(input(att, a, d, true, false)),
                         df = combat_odds(input(att, a, d, false, true)),
                         both = combat_odds(input(att, a, d, true, true));
        EXPECT_TRUE(at_least(at.attack.win, none.attack.win));
        EXPECT_TRUE(at_least(both.attack.win, df.attack.win));
        EXPECT_TRUE(at_least(df.defence.win, none.defence.win));
        EXPECT_TRUE(at_least(both.defence.win, at.defence.win));
        // Decision by decision: the attacker's choice is worth at least keeping, and the best there
        // is.
        const CombatOddsInput in = input(att, a, d, true, true);
        const RerollPolicy pol(in);
        for (int a1 = 1; a1 <= 6; ++a1)
          for (int a2 = 1; a2 <= 6; ++a2)
            for (int s = 2; s <= 12; ++s) {
              const auto chosen = attacker_value(in, a1, a2, s, pol.attacker(a1, a2, s));
              for (Reroll r : {Reroll::kKeep, Reroll::kDie1, Reroll::kDie2})
                EXPECT_GE(chosen, attacker_value(in, a1, a2, s, r));
            }
      }
}

// ---- a million combats, simulated with the rules' functions ----

// The re-roll decisions, found again independently: every option is valued by
// enumerating what follows it, with the same objective and tie-break (ruling C-7).
struct Oracle {
  CombatOddsInput in;
  Reroll att[7][7][13];
  Reroll def[7][7][7][7];
  std::pair<long, long> att_val[7][7][13];

  explicit Oracle(const CombatOddsInput& i) : in(i) {
    const std::vector<Reroll> opts{Reroll::kKeep, Reroll::kDie1, Reroll::kDie2};
    for (int a1 = 1; a1 <= 6; ++a1)
      for (int a2 = 1; a2 <= 6; ++a2)
        for (int s = 2; s <= 12; ++s) {
          att[a1][a2][s] = Reroll::kKeep;
          att_val[a1][a2][s] = attacker_value(in, a1, a2, s, Reroll::kKeep);
          if (!in.attack_artillery) continue;
          for (Reroll r : opts) {
            const auto v = attacker_value(in, a1, a2, s, r);
            if (v > att_val[a1][a2][s]) {
              att_val[a1][a2][s] = v;
              att[a1][a2][s] = r;
            }
          }
        }
    for (int a1 = 1; a1 <= 6; ++a1)
      for (int a2 = 1; a2 <= 6; ++a2)
        for (int d1 = 1; d1 <= 6; ++d1)
          for (int d2 = 1; d2 <= 6; ++d2) {
            std::pair<long, long> best{0, 0};
            def[a1][a2][d1][d2] = Reroll::kKeep;
            for (Reroll r : opts) {
              if (r != Reroll::kKeep && !in.defence_artillery) break;
              std::pair<long, long> v{0, 0};  // the attacker's value after its best answer, over 36
              for (int x = 1; x <= 6; ++x) {
                const int s = r == Reroll::kKeep ? d1 + d2 : r == Reroll::kDie1 ? x + d2 : d1 + x;
                v.first += att_val[a1][a2][s].first;
                v.second += att_val[a1][a2][s].second;
              }
              if (r == Reroll::kKeep || v < best) {
                best = v;
                def[a1][a2][d1][d2] = r;
              }
            }
          }
  }
};

TEST(Wate1870_Odds_Combat, AMillionSimulatedCombatsFallWithinTheConfidenceIntervalOfTheExactOdds) {
  CombatOddsInput in =
      input(Side::kFrench, 2, 1, true, true);  // both re-roll; ties to the defender
  const CombatOdds exact = combat_odds(in);
  const Oracle oracle(in);
  const long n = static_cast<long>(1000000 * test_scale());
  Pcg32 rng(20240817, 3);
  auto die = [&] { return static_cast<int>(rng.below(6)) + 1; };
  std::map<std::string, long> count;
  for (long i = 0; i < n; ++i) {
    int a[2] = {die(), die()}, d[2] = {die(), die()};
    const Reroll dr = oracle.def[a[0]][a[1]][d[0]][d[1]];  // 8.4: the defender first
    if (dr != Reroll::kKeep) {
      d[dr == Reroll::kDie1 ? 0 : 1] = die();
      ++count["def rerolls"];
    }
    const Reroll ar = oracle.att[a[0]][a[1]][d[0] + d[1]];
    if (ar != Reroll::kKeep) {
      a[ar == Reroll::kDie1 ? 0 : 1] = die();
      ++count["att rerolls"];
    }
    const int fa = a[0] + a[1] + in.attack_drm, fd = d[0] + d[1] + in.defence_drm;
    const bool att_wins = combat_winner(in.attacker, fa, fd) == in.attacker;
    const int spread = std::abs(fa - fd);
    ++count[(att_wins ? "att spread " : "def spread ") + std::to_string(spread)];
    if (att_wins) ++count["att wins"];
    const Absorb ax =
        absorb_one_by_one(in.attack, att_wins ? winner_loss(spread) : loser_loss(spread));
    const Absorb dx =
        absorb_one_by_one(in.defence, att_wins ? loser_loss(spread) : winner_loss(spread));
    ++count["att elim " + std::to_string(ax.eliminated)];
    ++count["att steps " + std::to_string(ax.steps)];
    ++count["def elim " + std::to_string(dx.eliminated)];
    ++count["def steps " + std::to_string(dx.steps)];
    if (ax.wiped) ++count["att wiped"];
    if (dx.wiped) ++count["def wiped"];
    // 8.5.1: doubles, then 1d6 per HQ.
    for (int side = 0; side < 2; ++side) {
      const int* dice = side == 0 ? a : d;
      if (!doubles(dice[0], dice[1])) continue;
      ++count[side == 0 ? "att check" : "def check"];
      bool removed = false;
      for (int h = 0; h < (side == 0 ? in.attack_hqs : in.defence_hqs); ++h)
        removed = (hq_casualty(die()) != HqCasualty::kNone) || removed;
      if (removed) ++count[side == 0 ? "att hq removed" : "def hq removed"];
    }
  }
  std::map<std::string, Fraction> p;
  p["att wins"] = exact.attack.win;
  p["att rerolls"] = exact.attack.rerolls;
  p["def rerolls"] = exact.defence.rerolls;
  for (std::size_t s = 0; s < 20; ++s) {
    p["att spread " + std::to_string(s)] = at(exact.attacker_spread, s);
    p["def spread " + std::to_string(s)] = at(exact.defender_spread, s);
    p["att elim " + std::to_string(s)] = at(exact.attack.sp_eliminated, s);
    p["def elim " + std::to_string(s)] = at(exact.defence.sp_eliminated, s);
    p["att steps " + std::to_string(s)] = at(exact.attack.steps, s);
    p["def steps " + std::to_string(s)] = at(exact.defence.steps, s);
  }
  p["att wiped"] = exact.attack.wiped_out;
  p["def wiped"] = exact.defence.wiped_out;
  p["att check"] = exact.attack.hq_check;
  p["def check"] = exact.defence.hq_check;
  p["att hq removed"] = exact.attack.hq_removed_any;
  p["def hq removed"] = exact.defence.hq_removed_any;
  for (const auto& [key, c] : count)
    EXPECT_TRUE(p.count(key)) << key << " happened but has no exact odds";
  // Two-sided 99.9% for the whole family of fields (Bonferroni): at 99.9% per
  // field, some 70 fields let a correct table fail about 1 run in 14 (the
  // sanitizer's 200,000 combats did, at session 34's re-roll policy). z solves
  // erfc(z / sqrt 2) = 0.001 / fields, by bisection.
  long fields = 0;
  for (const auto& [key, exact_p] : p) fields += exact_p == Fraction() ? 0 : 1;
  double lo = 3, hi = 8;
  for (int i = 0; i < 60; ++i) {
    const double mid = (lo + hi) / 2;
    (std::erfc(mid / std::sqrt(2.0)) > 0.001 / static_cast<double>(fields) ? lo : hi) = mid;
  }
  const double z = hi;
  EXPECT_GT(z, 4.0);  // about 4.3 for 70 fields
  int checked = 0;
  for (const auto& [key, exact_p] : p) {
    const long c = count.count(key) ? count[key] : 0;
    const double q = exact_p.to_double(), seen = static_cast<double>(c) / static_cast<double>(n);
    if (exact_p == Fraction()) {
      EXPECT_EQ(c, 0) << key << " is impossible but happened";
      continue;
    }
    ++checked;
    const double half = z * std::sqrt(q * (1 - q) / static_cast<double>(n));
    EXPECT_LE(std::abs(seen - q), half) << key << ": exact " << exact_p.to_string() << " = " << q
                                        << ", seen " << seen << " in " << n;
  }
  EXPECT_GE(checked, 30);
}

// ---- Chassepot, Forced March, Siege Assault ----

TEST(Wate1870_Odds_Chassepot, BandsOfTheD66AsCountedByHand) {
  const auto data = testing::shipped_data();
  ChassepotInput in;
  in.french_strength = 7;  // column 6-8: A 0, B 1, C 2, D 2 LP
  in.hqs = 1;
  const ChassepotOdds o = chassepot_odds(data->tables, in);
  EXPECT_EQ(o.column, "6-8");
  // A 11-36: 18 rolls; B 41-53: 9; C 54-63: 6; D 64-66: 3.
  ASSERT_EQ(o.lp.size(), 3u);
  EXPECT_EQ(o.lp[0], Fraction(18, 36));
  EXPECT_EQ(o.lp[1], Fraction(9, 36));
  EXPECT_EQ(o.lp[2], Fraction(9, 36));
  EXPECT_EQ(o.hq_check, Fraction(3, 36));
  EXPECT_EQ(o.hq_removed_each, Fraction(1, 36));
  EXPECT_EQ(o.extra_roll, Fraction());
  // 12.3: 22, 33, 44, 55 and 66 fire again; 11-13 jams, on either roll.
  in.mitrailleuse = true;
  in.target = {1, 0, 0};  // one good SP: 3 LP eliminate it
  const ChassepotOdds m = chassepot_odds(data->tables, in);
  EXPECT_EQ(total(m.lp), kOne);
  EXPECT_EQ(m.extra_roll, Fraction(5, 36));
  EXPECT_EQ(m.jam, Fraction(3 * 36 + 5 * 3, 36 * 36));
  // MA-7: with no firing SP in good order a jam disrupts nobody; the rest stands.
  ChassepotInput none_good = in;
  none_good.good_order = false;
  const ChassepotOdds n = chassepot_odds(data->tables, none_good);
  EXPECT_EQ(n.jam, Fraction());
  EXPECT_EQ(n.lp, m.lp);
  EXPECT_EQ(n.extra_roll, m.extra_roll);
  EXPECT_TRUE(Fraction() < at(m.lp, 4));  // 2 + 2 LP at most on 6-8
  Fraction three_or_more;
  for (std::size_t i = 3; i < m.lp.size(); ++i) three_or_more += m.lp[i];
  EXPECT_EQ(m.wiped_out, three_or_more);
  // A left shift from the first column reaches 0*: only D scores.
  in = {};
  in.french_strength = 1;
  in.column_shift = -1;
  EXPECT_EQ(chassepot_odds(data->tables, in).lp,
            (std::vector<Fraction>{Fraction(33, 36), Fraction(3, 36)}));
}

TEST(Wate1870_Odds_ForcedMarch, TwoDiceAndTheExtraMpAgainstSeven) {
  EXPECT_EQ(forced_march_odds(1).disrupted, Fraction(21, 36));  // 2d6 >= 7
  EXPECT_EQ(forced_march_odds(2).disrupted, Fraction(26, 36));  // 2d6 >= 6
  EXPECT_EQ(forced_march_odds(3).disrupted, Fraction(30, 36));  // 2d6 >= 5
}

TEST(Wate1870_Odds_Siege, OneDieAndTheRatioDrmAgainstTheSr) {
  const auto data = testing::shipped_data();
  EXPECT_EQ(siege_odds(data->tables, 12, 4, 2, false).destroyed, Fraction(1, 3));  // 2:1, 1d6 > 4
  EXPECT_EQ(siege_odds(data->tables, 12, 4, 2, true).destroyed, Fraction(1, 2));   // +1 army HQ
  EXPECT_EQ(*siege_odds(data->tables, 30, 3, 0, false).drm, 3);                    // 10:1, capped
  EXPECT_EQ(siege_odds(data->tables, 30, 3, 0, false).destroyed, kOne);
  const SiegeOdds none = siege_odds(data->tables, 11, 4, 2, false);  // below 2:1
  EXPECT_FALSE(none.drm.has_value());
  EXPECT_EQ(none.destroyed, Fraction());
}

// ---- an attack in a game, against the combat procedure ----

// French IV Corps (F-IV, 8 good + 2 disrupted SP) in Forbach (2206) and the
// German VIII Corps (G-VIII, 8 SP) in Saarbrucken (2306), RP for artillery.
std::unique_ptr<WateState> border_battle(const std::string& options_12_2 = "") {
  GameOptions options;
  if (!options_12_2.empty()) options.values["12.2"] = "on";
  return testing::saar_border(
      R"(  - {side: French, sp: 2, formation: F-IV, hex: "2206", status: disrupted, source: "reconstructed: test"}
)",
      std::move(options));
}

const char* kAttack = "attack target=2206 from=2306";

// The procedure's distribution of results, walking every roll and re-roll.
struct Walk {
  Walk(const RerollPolicy& p, const CombatOddsInput& in)
      : policy(p), att(in.attacker), forces{in.attack, in.defence} {}
  const RerollPolicy& policy;
  Side att;
  ForceStatus forces[2];  // attacker, defender
  std::map<std::pair<std::string, int>, std::int64_t> winner_spread;
  std::map<std::string, std::int64_t> seen;  // "att doubles", "def elim 2", ...
  std::int64_t total = 0;
  int dice[2][2] = {{0, 0}, {0, 0}};  // by index(Side), as rolled so far

  void track(const Events& ev) {
    static const std::regex rolls("^(French|German) rolls 2d6: ([1-6])\\+([1-6])");
    std::smatch m;
    for (const auto& e : ev) {
      if (std::regex_search(e.text, m, rolls)) {
        const int s = index(*parse_side(m[1].str()));
        dice[s][0] = std::stoi(m[2]);
        dice[s][1] = std::stoi(m[3]);
      }
    }
  }

  void leaf(WateState& st, const Events& ev, std::int64_t w) {
    static const std::regex result(
        "(French|German) 2d6: ([1-6])\\+([1-6]) [-+][0-9]+ = FCS -?[0-9]+; (French|German) 2d6: "
        "([1-6])\\+([1-6]) "
        "[-+][0-9]+ = FCS -?[0-9]+ -> (French|German) wins, spread ([0-9]+)");
    static const std::regex loss(
        "(French|German) loses [0-9]+ LP: ([0-9]+) SP eliminated, ([0-9]+) steps?; "
        "(French|German) absorbs ([0-9]+) steps?");
    std::string text;
    for (const auto& e : ev) text += e.text + "\n";
    std::smatch m;
    ASSERT_TRUE(std::regex_search(text, m, result)) << text;
    const Side first = *parse_side(m[1].str());
    const int fd[2][2] = {{std::stoi(m[2]), std::stoi(m[3])}, {std::stoi(m[5]), std::stoi(m[6])}};
    winner_spread[{m[7].str(), std::stoi(m[8])}] += w;
    const bool first_doubles = fd[0][0] == fd[0][1], second_doubles = fd[1][0] == fd[1][1];
    const bool att_doubles = first == att ? first_doubles : second_doubles;
    const bool def_doubles = first == att ? second_doubles : first_doubles;
    if (att_doubles) seen["att doubles"] += w;
    if (def_doubles) seen["def doubles"] += w;
    // 8.5.1: the HQs roll (each unharmed here), then the losses are due.
    int hq_rolls = 0;
    Events more = ev;
    while (st.to_move().kind == MoveKind::kChance) {
      const auto outs = st.chance_outcomes();
      ASSERT_EQ(outs.size(), 36u);
      auto e = st.apply(kChance, outs.back().action);  // 6 and 6: unharmed
      ASSERT_TRUE(e.ok());
      ++hq_rolls;
      more.insert(more.end(), e->begin(), e->end());
    }
    EXPECT_EQ(hq_rolls, (att_doubles ? 1 : 0) + (def_doubles ? 1 : 0));  // one HQ a side
    text.clear();
    for (const auto& e : more) text += e.text + "\n";
    ASSERT_TRUE(std::regex_search(text, m, loss)) << text;
    // The LP due, absorbed as far as each force can (the test's own absorption).
    const bool att_lost = *parse_side(m[1].str()) == att;
    const LossDue lost{std::stoi(m[2]), std::stoi(m[3])}, won{0, std::stoi(m[5])};
    const Absorb ax = absorb_one_by_one(forces[0], att_lost ? lost : won);
    const Absorb dx = absorb_one_by_one(forces[1], att_lost ? won : lost);
    seen["att elim " + std::to_string(ax.eliminated)] += w;
    seen["att steps " + std::to_string(ax.steps)] += w;
    seen["def elim " + std::to_string(dx.eliminated)] += w;
    seen["def steps " + std::to_string(dx.steps)] += w;
    if (ax.wiped) seen["att wiped"] += w;
    if (dx.wiped) seen["def wiped"] += w;
    total += w;
  }

  void walk(WateState& st, const Events& ev, std::int64_t w) {
    track(ev);
    for (const auto& e : ev)
      if (e.text.find(" wins, spread ") != std::string::npos) return leaf(st, ev, w);  // 8.5
    if (st.to_move().kind == MoveKind::kPlayer) {
      const Player p = st.to_move().players.front();
      const auto legal = st.legal_actions(p);
      ASSERT_FALSE(legal.empty());
      ASSERT_EQ(legal.back().verb, "keep");  // 8.4: the re-roll
      const Side s = static_cast<Side>(p), def = other(att);
      const int* a = dice[index(att)];
      const int* d = dice[index(def)];
      const Reroll r = s == att ? policy.attacker(a[0], a[1], d[0] + d[1])
                                : policy.defender(a[0], a[1], d[0], d[1]);
      const Action act = r == Reroll::kKeep
                             ? Action("keep")
                             : Action("reroll").with("die", r == Reroll::kDie1 ? "1" : "2");
      auto e = st.apply(p, act);
      ASSERT_TRUE(e.ok()) << e.error().to_string();
      if (r != Reroll::kKeep) {
        // The re-rolled die: six outcomes, each a copy.
        const auto outs = st.chance_outcomes();
        ASSERT_EQ(outs.size(), 6u);
        for (const auto& o : outs) {
          WateState next(st);
          auto e2 = next.apply(kChance, o.action);
          ASSERT_TRUE(e2.ok());
          const int saved[2][2] = {{dice[0][0], dice[0][1]}, {dice[1][0], dice[1][1]}};
          dice[index(s)][r == Reroll::kDie1 ? 0 : 1] = o.dice.front();
          walk(next, *e2, w / 6);
          std::memcpy(dice, saved, sizeof dice);
        }
        return;
      }
      return walk(st, *e, w);
    }
    ASSERT_EQ(st.to_move().kind, MoveKind::kChance);
    const auto outs = st.chance_outcomes();
    ASSERT_EQ(outs.size(), 36u);  // a side's 2d6
    for (const auto& o : outs) {
      WateState next(st);
      auto e = next.apply(kChance, o.action);
      ASSERT_TRUE(e.ok());
      const int saved[2][2] = {{dice[0][0], dice[0][1]}, {dice[1][0], dice[1][1]}};
      walk(next, *e, w / 36);
      std::memcpy(dice, saved, sizeof dice);
    }
  }
};

void expect_procedure_matches(const std::string& defender_choice,
                              const std::string& attacker_choice) {
  auto st = border_battle();
  ASSERT_TRUE(st);
  testing::play(*st, kG, "activate hq=G-VIII");
  const auto odds = attack_odds(*st, *Action::parse(kAttack), std::nullopt);
  ASSERT_TRUE(odds.ok()) << odds.error().to_string();
  ASSERT_TRUE(odds->attack_may_commit);
  ASSERT_TRUE(odds->defence_may_commit);
  ASSERT_EQ(odds->cases.size(), 4u);
  const bool def_commits = defender_choice == "commit", att_commits = attacker_choice == "commit";
  const CombatOdds* exact = nullptr;
  for (const auto& c : odds->cases)
    if (c.input.attack_artillery == att_commits && c.input.defence_artillery == def_commits)
      exact = &c;
  ASSERT_NE(exact, nullptr);
  EXPECT_FALSE(exact->attack.wiped_out == Fraction());  // at 1:3 the German may lose all 8 SP

  testing::play(*st, kG, kAttack);
  testing::play(*st, kF, defender_choice);  // 8.4: the defender first
  const Events ev = testing::play(*st, kG, attacker_choice);
  const RerollPolicy policy(exact->input);
  Walk w(policy, exact->input);
  const std::int64_t den = 46656;  // 6^6: 2d6 a side and a re-rolled die a side
  w.walk(*st, ev, den);
  ASSERT_EQ(w.total, den);
  for (std::size_t s = 0; s < 25; ++s) {
    EXPECT_EQ(Fraction(w.winner_spread[{"German", static_cast<int>(s)}], den),
              at(exact->attacker_spread, s))
        << s;
    EXPECT_EQ(Fraction(w.winner_spread[{"French", static_cast<int>(s)}], den),
              at(exact->defender_spread, s))
        << s;
    EXPECT_EQ(Fraction(w.seen["att elim " + std::to_string(s)], den),
              at(exact->attack.sp_eliminated, s))
        << s;
    EXPECT_EQ(Fraction(w.seen["def elim " + std::to_string(s)], den),
              at(exact->defence.sp_eliminated, s))
        << s;
    EXPECT_EQ(Fraction(w.seen["att steps " + std::to_string(s)], den), at(exact->attack.steps, s))
        << s;
    EXPECT_EQ(Fraction(w.seen["def steps " + std::to_string(s)], den), at(exact->defence.steps, s))
        << s;
  }
  EXPECT_EQ(Fraction(w.seen["att wiped"], den), exact->attack.wiped_out);
  EXPECT_EQ(Fraction(w.seen["def wiped"], den), exact->defence.wiped_out);
  EXPECT_EQ(Fraction(w.seen["att doubles"], den), exact->attack.hq_check);
  EXPECT_EQ(Fraction(w.seen["def doubles"], den), exact->defence.hq_check);
}

TEST(Wate1870_Odds_Attack, TheOddsAreWhatTheCombatProcedureDoesWithoutArtillery) {
  expect_procedure_matches("decline", "decline");
}

TEST(Wate1870_Odds_Attack, TheOddsAreWhatTheCombatProcedureDoesWithBothArtilleries) {
  expect_procedure_matches("commit", "commit");
}

TEST(Wate1870_Odds_Attack, TheSetupIsTheProceduresAndADescriptionAgrees) {
  auto st = border_battle();
  ASSERT_TRUE(st);
  testing::play(*st, kG, "activate hq=G-VIII");
  const std::string before = st->serialize();
  const auto odds = attack_odds(*st, *Action::parse(kAttack), Side::kGerman);
  ASSERT_TRUE(odds.ok()) << odds.error().to_string();
  EXPECT_EQ(st->serialize(), before);  // the state is unchanged
  // The events of the real attack carry the same DRMs.
  auto copy = std::make_unique<WateState>(*st);
  const std::string text = testing::all_text(testing::play(*copy, kG, kAttack));
  for (const auto& line : odds->setup)
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  EXPECT_EQ(odds->input.attack.good, 8);
  EXPECT_EQ(odds->input.defence.good, 8);
  EXPECT_EQ(odds->input.defence.disrupted, 2);
  EXPECT_EQ(odds->input.attack_hqs, 1);
  EXPECT_EQ(odds->input.defence_hqs, 1);
  // A described combat with the same numbers gives the same DRMs.
  const auto data = testing::shipped_data();
  const HexInfo* forbach = data->map.find(*hex::parse_hex("2206"));
  CombatDescription d;
  d.attacker = Side::kGerman;
  d.attack = {8, 0, 0};
  d.defence = {8, 2, 0};
  d.terrain = forbach->terrain;
  d.town = forbach->town;
  d.river = data->map.river(*hex::parse_hex("2306"), *hex::parse_hex("2206"));
  d.fortress_sr = forbach->fortress_sr;
  d.attack_hq = 1;   // G-VIII corps AB +1 (GAP-W-05)
  d.defence_hq = 1;  // F-IV corps DB +1
  const CombatValues v = describe_combat(data->tables, d);
  EXPECT_EQ(v.attack_drm, odds->input.attack_drm);
  EXPECT_EQ(v.defence_drm, odds->input.defence_drm);
  EXPECT_EQ(v.attack_artillery_rp, odds->attack_rp_cost);
  EXPECT_EQ(v.defence_artillery_rp, odds->defence_rp_cost);
  // An order that is not legal now is refused with its rule, as the game refuses it.
  const auto bad = attack_odds(*st, *Action::parse("attack target=2207 from=2306"), Side::kGerman);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().rule, "7.4");
  EXPECT_FALSE(attack_odds(*st, Action("pass"), Side::kGerman).ok());
}

// 7.1.1: a March Combat halves the attacker; the odds of 'attack to=' say so.
TEST(Wate1870_Odds_Attack, AMarchCombatIsWeighedAsThePlayerToMoveWouldOrderIt) {
  auto st = border_battle();
  ASSERT_TRUE(st);
  testing::play(*st, kG, "activate hq=G-VIII");
  testing::play(*st, kG, "march sp=8");
  const auto odds = attack_odds(*st, *Action::parse("attack to=2206"), Side::kGerman);
  ASSERT_TRUE(odds.ok()) << odds.error().to_string();
  EXPECT_NE(odds->setup[0].find("March Combat halved → 4"), std::string::npos) << odds->setup[0];
  EXPECT_NE(odds->notes[0].find("March Combat (7.1.1)"), std::string::npos) << odds->notes[0];
  auto copy = std::make_unique<WateState>(*st);
  const std::string text = testing::all_text(testing::play(*copy, kG, "attack to=2206"));
  for (const auto& line : odds->setup)
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
}

// GAP-W-40: under 12.2 the odds use nothing the viewer may not see; the enemy's
// LOC is assumed and the odds say so.
TEST(Wate1870_Odds_Attack, UnderFogOfWarTheEnemyLocIsAssumedNotRead) {
  auto st = border_battle("12.2");
  ASSERT_TRUE(st);
  testing::play(*st, kG, "activate hq=G-VIII");
  const auto seen = attack_odds(*st, *Action::parse(kAttack), Side::kGerman);
  ASSERT_TRUE(seen.ok()) << seen.error().to_string();
  bool said = false;
  for (const auto& n : seen->notes) said = said || n.find("12.2") != std::string::npos;
  EXPECT_TRUE(said);
  EXPECT_TRUE(seen->defence_may_commit);
  const auto umpire = attack_odds(*st, *Action::parse(kAttack), std::nullopt);
  ASSERT_TRUE(umpire.ok());
  // Here the French do trace a LOC: both views agree on the numbers.
  EXPECT_EQ(umpire->cases.back().attack.win, seen->cases.back().attack.win);
}

// The 8.3 example: the German force deep in France has no LOC (halved, no
// artillery). The French may see the German stack next to them, not its LOC.
TEST(Wate1870_Odds_Attack, UnderFogOfWarAnEnemyWithoutLocIsNotShownSo) {
  const auto data = testing::shipped_data();
  auto sc =
      Scenario::load(std::string(REISSWITZ_SOURCE_DIR) +
                         "/data/wate1870/scenarios/examples/crm_8_3_nineteen_against_six.yaml",
                     data->map, data->forces);
  ASSERT_TRUE(sc.ok()) << sc.error().to_string();
  GameOptions fog;
  fog.values["12.2"] = "on";
  auto made = WateState::from_scenario(data, *sc, fog, 1);
  ASSERT_TRUE(made.ok());
  WateState& st = **made;
  testing::roll(st, {1, 6});  // the German initiative
  testing::play(st, kG, "activate hq=G-2A");
  const Action attack = *Action::parse("attack target=1408 from=1508 with=G-III");
  const auto umpire = attack_odds(st, attack, std::nullopt);
  const auto german = attack_odds(st, attack, Side::kGerman);
  const auto french = attack_odds(st, attack, Side::kFrench);
  ASSERT_TRUE(umpire.ok() && german.ok() && french.ok());
  EXPECT_FALSE(umpire->attack_may_commit);
  EXPECT_EQ(umpire->setup, german->setup);  // the Germans know their own LOC
  EXPECT_EQ(umpire->cases[0].attack.win, german->cases[0].attack.win);
  // The French odds assume a German LOC: 19 SP, not 9; and say so.
  EXPECT_TRUE(french->setup[0].find("no LOC") == std::string::npos) << french->setup[0];
  EXPECT_TRUE(umpire->setup[0].find("no LOC") != std::string::npos) << umpire->setup[0];
  EXPECT_TRUE(umpire->cases[0].attack.win < french->cases[0].attack.win);
  bool said = false;
  for (const auto& n : french->notes)
    said = said || n.find("German LOC is not shown") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(Wate1870_Odds_Attack, TheBriefLineGivesTheAttackersChances) {
  auto st = border_battle();
  ASSERT_TRUE(st);
  testing::play(*st, kG, "activate hq=G-VIII");
  const auto odds = attack_odds(*st, *Action::parse(kAttack), Side::kGerman);
  ASSERT_TRUE(odds.ok());
  const std::string brief = odds_brief(*odds);
  EXPECT_EQ(brief.rfind("win " + percent(odds->cases[0].attack.win).substr(0, 2), 0), 0u) << brief;
  EXPECT_NE(brief.find("with artillery"), std::string::npos) << brief;
  const std::string text = odds_text(*odds);
  EXPECT_NE(text.find("Case 4 of 4"), std::string::npos) << text;
  EXPECT_NE(text.find("ruling C-7"), std::string::npos) << text;
}

// ---- the combat under way: its artillery and re-roll decisions (8.4) ----

// Every field a player reads of a CombatOdds.
void expect_same_odds(const CombatOdds& a, const CombatOdds& b) {
  EXPECT_EQ(a.attack.win, b.attack.win);
  EXPECT_EQ(a.attacker_spread, b.attacker_spread);
  EXPECT_EQ(a.defender_spread, b.defender_spread);
  EXPECT_EQ(a.expected_margin, b.expected_margin);
  for (const auto& [x, y] : {std::pair{&a.attack, &b.attack}, std::pair{&a.defence, &b.defence}}) {
    EXPECT_EQ(x->sp_eliminated, y->sp_eliminated);
    EXPECT_EQ(x->steps, y->steps);
    EXPECT_EQ(x->wiped_out, y->wiped_out);
    EXPECT_EQ(x->rerolls, y->rerolls);
    EXPECT_EQ(x->hq_check, y->hq_check);
  }
}

// The odds of the choice the policy makes, averaged over every first roll of
// the four dice, are the combat's odds: the same enumeration, cut at the dice.
void expect_policy_averages_to_combat(const CombatOddsInput& in, Side deciding) {
  CombatOdds sum;
  sum.input = in;
  std::vector<Fraction> a_spread(25), d_spread(25), a_elim(25), d_elim(25);
  Fraction win, margin, a_rerolls, d_rerolls, a_dbl, d_dbl;
  const Fraction each(1, 1296);
  for (int a1 = 1; a1 <= 6; ++a1)
    for (int a2 = 1; a2 <= 6; ++a2)
      for (int d1 = 1; d1 <= 6; ++d1)
        for (int d2 = 1; d2 <= 6; ++d2) {
          const auto cases = reroll_odds(in, deciding, {a1, a2}, {d1, d2});
          ASSERT_EQ(cases.size(), 3u);
          ASSERT_EQ(std::count_if(cases.begin(), cases.end(),
                                  [](const RerollOdds& r) { return r.policy; }),
                    1);
          for (const auto& r : cases) {
            expect_sums_to_one(r.odds);
            if (!r.policy) continue;
            win += r.odds.attack.win * each;
            margin += r.odds.expected_margin * each;
            a_rerolls += r.odds.attack.rerolls * each;
            d_rerolls += r.odds.defence.rerolls * each;
            a_dbl += r.odds.attack.hq_check * each;
            d_dbl += r.odds.defence.hq_check * each;
            for (std::size_t i = 0; i < 25; ++i) {
              a_spread[i] += at(r.odds.attacker_spread, i) * each;
              d_spread[i] += at(r.odds.defender_spread, i) * each;
              a_elim[i] += at(r.odds.attack.sp_eliminated, i) * each;
              d_elim[i] += at(r.odds.defence.sp_eliminated, i) * each;
            }
          }
        }
  const CombatOdds whole = combat_odds(in);
  EXPECT_EQ(win, whole.attack.win);
  EXPECT_EQ(margin, whole.expected_margin);
  EXPECT_EQ(a_rerolls, whole.attack.rerolls);
  EXPECT_EQ(d_rerolls, whole.defence.rerolls);
  EXPECT_EQ(a_dbl, whole.attack.hq_check);
  EXPECT_EQ(d_dbl, whole.defence.hq_check);
  for (std::size_t i = 0; i < 25; ++i) {
    EXPECT_EQ(a_spread[i], at(whole.attacker_spread, i)) << i;
    EXPECT_EQ(d_spread[i], at(whole.defender_spread, i)) << i;
    EXPECT_EQ(a_elim[i], at(whole.attack.sp_eliminated, i)) << i;
    EXPECT_EQ(d_elim[i], at(whole.defence.sp_eliminated, i)) << i;
  }
}

TEST(Wate1870_Odds_Reroll, ThePolicysChoiceAveragedOverTheDiceIsTheCombatsOdds) {
  // The defender decides seeing all four dice, the attacker answering; an
  // attacker who decides alone sees the defender's dice as final.
  expect_policy_averages_to_combat(input(Side::kGerman, 1, 2, true, true), Side::kFrench);
  expect_policy_averages_to_combat(input(Side::kFrench, 3, -1, false, true), Side::kGerman);
  expect_policy_averages_to_combat(input(Side::kGerman, -2, 0, true, false), Side::kGerman);
}

TEST(Wate1870_Odds_Reroll, AReRollComputedByHand) {
  // The German attacks at DRM +5 with 1 and 1 against the French 6 and 6:
  // kept, 7 against 12 loses; a die rolled again wins only on a 6 (12 ties to
  // the German, 8.5). The policy re-rolls die 1 of equal dice (ruling C-7).
  const auto r =
      reroll_odds(input(Side::kGerman, 5, 0, true, false), Side::kGerman, {1, 1}, {6, 6});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].choice, Reroll::kKeep);
  EXPECT_EQ(r[0].odds.attack.win, Fraction());
  EXPECT_EQ(r[1].odds.attack.win, Fraction(1, 6));
  EXPECT_EQ(r[2].odds.attack.win, Fraction(1, 6));
  EXPECT_TRUE(r[1].policy);
  EXPECT_EQ(r[1].odds.attack.rerolls, kOne);
  // The French defender with 1 and 6 against the German 4 and 4, both with
  // artillery, at DRM 0: kept, 7 loses to 8. Re-rolling the 1 wins on a 5
  // or 6, and on a 3 or 4 (9, 10) unless the German, re-rolling a 4, rolls
  // 5-6 or 6: (2 + 4/6 + 5/6) / 6 = 7/12. Re-rolling the 6 never wins.
  const auto d = reroll_odds(input(Side::kGerman, 0, 0, true, true), Side::kFrench, {4, 4}, {1, 6});
  EXPECT_EQ(d[0].odds.defence.win, Fraction());
  EXPECT_EQ(d[1].odds.defence.win, Fraction(7, 12));
  EXPECT_EQ(d[2].odds.defence.win, Fraction());
  EXPECT_TRUE(d[1].policy);
  EXPECT_EQ(d[1].odds.attack.rerolls, Fraction(1, 3));  // the German answers a 9 or a 10
}

// The play test of session 34: a win already certain, the policy re-rolled for
// a bigger margin, which only cost the winner steps (8.5: it absorbs spread / 2)
// and risked doubles. The German at DRM +4 with 1 and 4 against the French 1 SP
// at -2 with 6 and 3 wins 9 to 7 and absorbs 1 step. Re-rolling the 1 wins
// whatever comes (spreads 2-7) but costs 2 steps on average; the 4 may lose.
// A chance rounded to a certainty is not shown as one (the play test of session 34).
TEST(Wate1870_Odds_Text, NoRoundedPercentageShowsACertaintyThatIsNot) {
  EXPECT_EQ(percent(Fraction(7775, 7776)), "99.99%");
  EXPECT_EQ(percent(Fraction(46655, 46656)), ">99.99%");
  EXPECT_EQ(percent(Fraction(1, 46656)), "<0.01%");
  EXPECT_EQ(percent(kOne), "100.00%");
  EXPECT_EQ(percent(Fraction()), "0.00%");
  CombatNowOdds o;
  o.deciding = Side::kFrench;
  o.cases.resize(1);
  o.cases[0].input.attacker = Side::kGerman;
  o.cases[0].defence.win = Fraction(7775, 7776);
  EXPECT_EQ(odds_brief(o), "you win >99.9%");
  o.cases[0].defence.win = Fraction(1, 7776);
  EXPECT_EQ(odds_brief(o), "you win <0.1%");
  o.cases[0].defence.win = kOne;
  EXPECT_EQ(odds_brief(o), "you win 100.0%");
}

TEST(Wate1870_Odds_Reroll, ACertainWinKeepsTheDiceThatCostTheWinnerLeast) {
  CombatOddsInput in = input(Side::kGerman, 4, -2, true, false);
  in.attack = {5, 0, 0};
  in.defence = {1, 0, 0};
  const auto r = reroll_odds(in, Side::kGerman, {1, 4}, {6, 3});
  ASSERT_EQ(r.size(), 3u);
  EXPECT_TRUE(r[0].policy);
  EXPECT_EQ(r[0].odds.attack.win, kOne);
  EXPECT_EQ(r[0].odds.attack.steps, (std::vector<Fraction>{Fraction(), kOne}));
  EXPECT_EQ(r[1].odds.attack.win, kOne);
  EXPECT_EQ(r[1].odds.attack.steps,
            (std::vector<Fraction>{Fraction(), Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)}));
  EXPECT_EQ(r[1].odds.defence.wiped_out,
            r[0].odds.defence.wiped_out);  // the French SP is gone either way
  EXPECT_EQ(r[2].odds.attack.win, Fraction(5, 6));
}

TEST(Wate1870_Odds_CombatNow, EachDecisionOf84HasTheOddsOfItsChoices) {
  auto st = border_battle();
  ASSERT_TRUE(st);
  testing::play(*st, kG, "activate hq=G-VIII");
  const auto before = attack_odds(*st, *Action::parse(kAttack), std::nullopt);
  ASSERT_TRUE(before.ok());
  EXPECT_FALSE(combat_now_odds(*st, Side::kGerman));  // no combat yet
  testing::play(*st, kG, kAttack);

  // The French defender chooses first: all four cases, as the attack's odds said.
  const auto first = combat_now_odds(*st, Side::kFrench);
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->reroll);
  EXPECT_EQ(first->deciding, Side::kFrench);
  ASSERT_EQ(first->cases.size(), before->cases.size());
  for (std::size_t i = 0; i < first->cases.size(); ++i)
    expect_same_odds(first->cases[i], before->cases[i]);
  EXPECT_EQ(first->choice, (std::vector<std::string>{"decline", "commit", "decline", "commit"}));
  EXPECT_EQ(only_choice(*first, "commit").cases.size(), 2u);
  EXPECT_TRUE(
      test_support::contains(odds_brief(only_choice(*first, "commit")), "if the German commits"));

  // The German then knows the French choice: two cases, both with the French artillery.
  testing::play(*st, kF, "commit");
  const auto second = combat_now_odds(*st, Side::kGerman);
  ASSERT_TRUE(second);
  ASSERT_EQ(second->cases.size(), 2u);
  for (const auto& c : second->cases) EXPECT_TRUE(c.input.defence_artillery);
  expect_same_odds(only_choice(*second, "commit").cases.at(0), before->cases.at(3));
  testing::play(*st, kG, "commit");

  // The dice: the last outcome of each side's 2d6 (6 and 6).
  for (int roll = 0; roll < 2; ++roll) {
    ASSERT_EQ(st->to_move().kind, MoveKind::kChance);
    ASSERT_TRUE(st->apply(kChance, st->chance_outcomes().back().action).ok());
  }
  const auto reroll = combat_now_odds(*st, Side::kFrench);
  ASSERT_TRUE(reroll);
  EXPECT_TRUE(reroll->reroll);
  EXPECT_EQ(reroll->deciding, Side::kFrench);
  EXPECT_EQ(reroll->choice, (std::vector<std::string>{"keep", "reroll die=1", "reroll die=2"}));
  const Combat& c = *st->combat();
  const auto direct = reroll_odds(before->cases.at(3).input, Side::kFrench,
                                  {c.dice[kG][0], c.dice[kG][1]}, {c.dice[kF][0], c.dice[kF][1]});
  for (std::size_t i = 0; i < 3; ++i) {
    expect_same_odds(reroll->cases[i], direct[i].odds);
    EXPECT_EQ(test_support::contains(reroll->label[i], "policy"), direct[i].policy)
        << reroll->label[i];
  }
  const std::string text = odds_text(*reroll);
  EXPECT_TRUE(test_support::contains(
      text, "The dice lie: German (attacker) 6 and 6, French (defender) 6 and 6"))
      << text;
  EXPECT_TRUE(test_support::contains(text, "--- reroll die=2: French re-rolls die 2 (the 6)"))
      << text;
  // The artillery line says what is done with the dice that lie, not a rate of re-rolls.
  EXPECT_TRUE(
      test_support::contains(text,
                             "Artillery (8.4): the dice lie; French re-rolls die 2 (the 6); the "
                             "German answers as the odds' policy would (ruling C-7)"))
      << text;
  EXPECT_FALSE(test_support::contains(text, "re-rolls a die")) << text;
  EXPECT_EQ(odds_json(*reroll)["cases"].size(), 3u);
  EXPECT_EQ(odds_json(*reroll)["dice"]["German"], nlohmann::json::array({6, 6}));
}

}  // namespace
}  // namespace rz::wate1870
