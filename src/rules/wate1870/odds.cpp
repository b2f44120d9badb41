// Exact odds by enumerating the dice (odds.hpp, docs/odds.md, ruling C-7).
// Counts are kept as integers over a common denominator and turned into
// fractions once, at the end: a combat is 2d6 a side plus at most one
// re-rolled die a side, so every outcome is a whole number of 1/6^6.
#include "rules/wate1870/odds.hpp"

#include <algorithm>
#include <cstdint>

namespace rz::wate1870 {

namespace {

constexpr std::int64_t kCombatDen = 46656;  // 6^6

// A value seen from the attacker: wins, then the sum of the net LP (ruling C-7).
struct Value {
  std::int64_t win = 0, margin = 0;
};
bool better_for_attacker(Value a, Value b) {
  return a.win != b.win ? a.win > b.win : a.margin > b.margin;
}

std::vector<Fraction> fractions(const std::vector<std::int64_t>& counts, std::int64_t den) {
  std::vector<Fraction> out;
  out.reserve(counts.size());
  for (auto c : counts) out.emplace_back(c, den);
  while (!out.empty() && out.back() == Fraction()) out.pop_back();
  return out;
}

void bump(std::vector<std::int64_t>& v, int i, std::int64_t w) {
  if (static_cast<std::size_t>(i) >= v.size()) v.resize(static_cast<std::size_t>(i) + 1, 0);
  v[static_cast<std::size_t>(i)] += w;
}

// 8.5: what a force actually absorbs of the loss due. It eliminates its worst
// SP first, which keeps the most steps; a force that is gone disregards the
// rest. `wiped`: nothing it could choose would save any SP.
struct Absorbed {
  int eliminated = 0, steps = 0;
  bool wiped = false;
};
Absorbed absorb(const ForceStatus& f, LossDue due) {
  if (f.sp() == 0) return {due.eliminate, due.steps, false};  // not known: not capped
  const int e = std::min(due.eliminate, f.sp());
  int dem = f.demoralized, dis = f.disrupted, good = f.good, k = e;
  const int from_dem = std::min(k, dem);
  dem -= from_dem;
  k -= from_dem;
  const int from_dis = std::min(k, dis);
  dis -= from_dis;
  k -= from_dis;
  good -= k;
  const int cap = 3 * good + 2 * dis + dem;
  return {e, std::min(due.steps, cap), e >= f.sp() || due.steps >= cap};
}

// 1 - (2/3)^n: at least one of n HQs rolls 1 or 2 on its 1d6 (8.5.1).
Fraction any_removed(int n) {
  n = std::clamp(n, 0, 20);  // far beyond any stack; keeps 3^n in range
  std::int64_t two = 1, three = 1;
  for (int i = 0; i < n; ++i) {
    two *= 2;
    three *= 3;
  }
  return Fraction(three - two, three);
}

}  // namespace

std::string_view reroll_name(Reroll r) {
  switch (r) {
    case Reroll::kKeep:
      return "keep";
    case Reroll::kDie1:
      return "re-roll die 1";
    case Reroll::kDie2:
      return "re-roll die 2";
  }
  return "keep";
}

// ---- the re-roll policy (8.4, ruling C-7) ----

RerollPolicy::RerollPolicy(const CombatOddsInput& in) {
  // Per final sums (2-12): does the attacker win, and the LP the defender
  // absorbs less those the attacker absorbs (8.5, each capped by its force: a
  // force gone disregards the rest). A bigger spread is not always better: a
  // winner whose enemy is wiped out anyway only absorbs more (ruling C-7).
  int win[11][11], margin[11][11];
  for (int a = 0; a < 11; ++a)
    for (int d = 0; d < 11; ++d) {
      const int fa = a + 2 + in.attack_drm, fd = d + 2 + in.defence_drm;
      const bool att_wins = combat_winner(in.attacker, fa, fd) == in.attacker;
      const int s = fa > fd ? fa - fd : fd - fa;
      const Absorbed att = absorb(in.attack, att_wins ? winner_loss(s) : loser_loss(s));
      const Absorbed def = absorb(in.defence, att_wins ? loser_loss(s) : winner_loss(s));
      win[a][d] = att_wins ? 1 : 0;
      margin[a][d] = (def.eliminated + def.steps) - (att.eliminated + att.steps);
    }
  // The attacker last: its dice against the defender's final sum, scaled by 6.
  for (int a1 = 0; a1 < 6; ++a1)
    for (int a2 = 0; a2 < 6; ++a2)
      for (int d = 0; d < 11; ++d) {
        Value best{6 * win[a1 + a2][d], 6 * margin[a1 + a2][d]};
        Reroll choice = Reroll::kKeep;
        if (in.attack_artillery) {
          Value r1, r2;
          for (int x = 0; x < 6; ++x) {
            r1.win += win[x + a2][d];
            r1.margin += margin[x + a2][d];
            r2.win += win[a1 + x][d];
            r2.margin += margin[a1 + x][d];
          }
          if (better_for_attacker(r1, best)) {
            best = r1;
            choice = Reroll::kDie1;
          }
          if (better_for_attacker(r2, best)) {
            best = r2;
            choice = Reroll::kDie2;
          }
        }
        att_[a1][a2][d] = choice;
        att_win_[a1][a2][d] = static_cast<int>(best.win);
        att_margin_[a1][a2][d] = static_cast<int>(best.margin);
      }
  // The defender first, foreseeing the attacker's answer; scaled by 36.
  for (int a1 = 0; a1 < 6; ++a1)
    for (int a2 = 0; a2 < 6; ++a2) {
      const int* w = att_win_[a1][a2];
      const int* m = att_margin_[a1][a2];
      for (int d1 = 0; d1 < 6; ++d1)
        for (int d2 = 0; d2 < 6; ++d2) {
          Reroll choice = Reroll::kKeep;
          if (in.defence_artillery) {
            Value best{6 * w[d1 + d2], 6 * m[d1 + d2]}, r1, r2;
            for (int x = 0; x < 6; ++x) {
              r1.win += w[x + d2];
              r1.margin += m[x + d2];
              r2.win += w[d1 + x];
              r2.margin += m[d1 + x];
            }
            if (better_for_attacker(best, r1)) {
              best = r1;
              choice = Reroll::kDie1;
            }
            if (better_for_attacker(best, r2)) {
              best = r2;
              choice = Reroll::kDie2;
            }
          }
          def_[a1][a2][d1][d2] = choice;
        }
    }
}

Reroll RerollPolicy::attacker(int a1, int a2, int defender_sum) const {
  return att_[a1 - 1][a2 - 1][defender_sum - 2];
}

Reroll RerollPolicy::defender(int a1, int a2, int d1, int d2) const {
  return def_[a1 - 1][a2 - 1][d1 - 1][d2 - 1];
}

// ---- combat (8.5) ----

namespace {

// Final dice: [attacker sum - 2][attacker doubles][defender sum - 2][defender doubles],
// in 1/6^6, with the re-rolls of each side counted in the same unit.
struct DiceTally {
  std::int64_t acc[11][2][11][2] = {};
  std::int64_t rerolls[2] = {0, 0};  // [0] attacker, [1] defender
};

// The attacker's dice a1, a2 against the defender's final dice `h` (weights per
// sum and doubles): the attacker's re-roll, as `choose` decides for each
// defender sum, added to `t`. Every weight of h counts 6 (one die rolled again).
template <class Choose>
void attacker_answers(int a1, int a2, const std::int64_t (&h)[11][2], Choose choose, DiceTally& t) {
  for (int d = 0; d < 11; ++d)
    for (int dd = 0; dd < 2; ++dd) {
      const std::int64_t w = h[d][dd];
      if (w == 0) continue;
      switch (choose(d + 2)) {
        case Reroll::kKeep:
          t.acc[a1 + a2 - 2][a1 == a2][d][dd] += 6 * w;
          break;
        case Reroll::kDie1:
          t.rerolls[0] += 6 * w;
          for (int x = 1; x <= 6; ++x) t.acc[x + a2 - 2][x == a2][d][dd] += w;
          break;
        case Reroll::kDie2:
          t.rerolls[0] += 6 * w;
          for (int x = 1; x <= 6; ++x) t.acc[a1 + x - 2][a1 == x][d][dd] += w;
          break;
      }
    }
}

// The defender's final dice when it takes `r` on d1, d2, in 1/6 of a roll, into h.
void defender_dice(int d1, int d2, Reroll r, std::int64_t (&h)[11][2]) {
  switch (r) {
    case Reroll::kKeep:
      h[d1 + d2 - 2][d1 == d2] += 6;
      break;
    case Reroll::kDie1:
      for (int x = 1; x <= 6; ++x) h[x + d2 - 2][x == d2] += 1;
      break;
    case Reroll::kDie2:
      for (int x = 1; x <= 6; ++x) h[d1 + x - 2][d1 == x] += 1;
      break;
  }
}

// 8.5: the results of every final roll of the tally, as odds.
CombatOdds odds_of(const CombatOddsInput& in, const DiceTally& t) {
  const Side att = in.attacker;
  std::vector<std::int64_t> spread[2], elim[2], steps[2];  // [0] attacker, [1] defender
  std::int64_t wiped[2] = {0, 0}, dbl[2] = {0, 0}, margin = 0;
  for (int a = 0; a < 11; ++a)
    for (int ad = 0; ad < 2; ++ad)
      for (int d = 0; d < 11; ++d)
        for (int dd = 0; dd < 2; ++dd) {
          const std::int64_t w = t.acc[a][ad][d][dd];
          if (w == 0) continue;
          const int fa = a + 2 + in.attack_drm, fd = d + 2 + in.defence_drm;
          const bool att_wins = combat_winner(att, fa, fd) == att;
          const int s = fa > fd ? fa - fd : fd - fa;
          bump(spread[att_wins ? 0 : 1], s, w);
          const LossDue lose = loser_loss(s), win = winner_loss(s);
          const Absorbed x[2] = {absorb(in.attack, att_wins ? win : lose),
                                 absorb(in.defence, att_wins ? lose : win)};
          for (int i = 0; i < 2; ++i) {
            bump(elim[i], x[i].eliminated, w);
            bump(steps[i], x[i].steps, w);
            if (x[i].wiped) wiped[i] += w;
          }
          if (ad) dbl[0] += w;
          if (dd) dbl[1] += w;
          margin += w * (fa - fd);
        }

  CombatOdds o;
  o.input = in;
  o.attacker_spread = fractions(spread[0], kCombatDen);
  o.defender_spread = fractions(spread[1], kCombatDen);
  o.expected_margin = Fraction(margin, kCombatDen);
  std::int64_t att_win = 0;
  for (auto c : spread[0]) att_win += c;
  const int hqs[2] = {in.attack_hqs, in.defence_hqs};
  for (int i = 0; i < 2; ++i) {
    SideOdds& so = i == 0 ? o.attack : o.defence;
    so.win = Fraction(i == 0 ? att_win : kCombatDen - att_win, kCombatDen);
    so.sp_eliminated = fractions(elim[i], kCombatDen);
    so.steps = fractions(steps[i], kCombatDen);
    so.wiped_out = Fraction(wiped[i], kCombatDen);
    so.rerolls = Fraction(t.rerolls[i], kCombatDen);
    so.hq_check = Fraction(dbl[i], kCombatDen);
    if (hqs[i] > 0) {
      so.hq_removed_any = so.hq_check * any_removed(hqs[i]);
      so.hq_removed_each = so.hq_check * Fraction(1, 3);
      so.hq_flipped_each = so.hq_check * Fraction(1, 6);
    }
  }
  return o;
}

}  // namespace

CombatOdds combat_odds(const CombatOddsInput& in) {
  const RerollPolicy policy(in);
  DiceTally t;
  for (int a1 = 1; a1 <= 6; ++a1)
    for (int a2 = 1; a2 <= 6; ++a2) {
      // The defender's final dice for these attacker dice, in 1/6 of a roll.
      std::int64_t h[11][2] = {};
      for (int d1 = 1; d1 <= 6; ++d1)
        for (int d2 = 1; d2 <= 6; ++d2) {
          const Reroll r = policy.defender(a1, a2, d1, d2);
          if (r != Reroll::kKeep) t.rerolls[1] += 36;
          defender_dice(d1, d2, r, h);
        }
      attacker_answers(
          a1, a2, h, [&](int dsum) { return policy.attacker(a1, a2, dsum); }, t);
    }
  return odds_of(in, t);
}

std::vector<RerollOdds> reroll_odds(const CombatOddsInput& in, Side deciding, const int (&att)[2],
                                    const int (&def)[2]) {
  const RerollPolicy policy(in);
  const bool defender = deciding != in.attacker;
  const Reroll best = defender ? policy.defender(att[0], att[1], def[0], def[1])
                               : policy.attacker(att[0], att[1], def[0] + def[1]);
  std::vector<RerollOdds> out;
  for (Reroll r : {Reroll::kKeep, Reroll::kDie1, Reroll::kDie2}) {
    // One roll's worth of weight is 36 here (a die of each side at most is
    // rolled again); 1296 * 36 = 6^6, the unit odds_of() reads.
    DiceTally t;
    std::int64_t h[11][2] = {};
    if (defender) {
      defender_dice(def[0], def[1], r, h);
      if (r != Reroll::kKeep) t.rerolls[1] += 36;
      attacker_answers(
          att[0], att[1], h, [&](int dsum) { return policy.attacker(att[0], att[1], dsum); }, t);
    } else {
      h[def[0] + def[1] - 2][def[0] == def[1]] = 6;
      attacker_answers(
          att[0], att[1], h, [&](int) { return r; }, t);
    }
    for (auto& a : t.acc)
      for (auto& b : a)
        for (auto& c : b)
          for (auto& w : c) w *= 1296;
    for (auto& n : t.rerolls) n *= 1296;
    out.push_back({r, odds_of(in, t), r == best});
  }
  return out;
}

std::vector<CombatOdds> artillery_cases(const CombatOddsInput& in, bool attack_may_commit,
                                        bool defence_may_commit) {
  std::vector<CombatOdds> out;
  // 8.4: the defender chooses first.
  constexpr std::pair<bool, bool> kChoices[] = {
      {false, false}, {true, false}, {false, true}, {true, true}};
  for (const auto& [def, att] : kChoices) {
    if ((att && !attack_may_commit) || (def && !defence_may_commit)) continue;
    CombatOddsInput c = in;
    c.attack_artillery = att;
    c.defence_artillery = def;
    out.push_back(combat_odds(c));
  }
  return out;
}

CombatValues describe_combat(const Tables& t, const CombatDescription& d) {
  const Side att = d.attacker, def = other(att);
  CombatForce a, f;
  a.good = d.attack.good;
  a.disrupted = d.attack.disrupted;
  a.demoralized = d.attack.demoralized;
  a.loc = d.attack_loc;
  a.cavalry = d.attack_cavalry;
  f.good = d.defence.good;
  f.disrupted = d.defence.disrupted;
  f.demoralized = d.defence.demoralized;
  f.loc = d.defence_loc;
  f.cavalry = d.defence_cavalry;
  if (d.entrained) f.entrain_all();
  CombatValues v;
  v.attack_sp = combat_strength(a, true, d.march_combat);
  v.defence_sp = combat_strength(f, false, d.march_combat) + std::max(0, d.fortress_sr);
  v.attack_raw = a.raw();
  v.defence_raw = f.raw();
  v.column_shift = t.crm_shift(d.terrain, d.town, d.fortress_sr > 0, d.river);
  v.crm = t.crm_drm(v.attack_sp, v.defence_sp, v.column_shift);
  v.attack_hq = d.attack_hq;
  v.defence_hq = d.defence_hq;
  v.attack_drm = v.crm.attacker + v.attack_hq;
  v.defence_drm = v.crm.defender + v.defence_hq;
  v.attack_may_commit = d.attack_loc;
  v.defence_may_commit = d.defence_loc;
  v.attack_artillery_rp = t.artillery_cost(att, v.attack_raw);
  v.defence_artillery_rp = t.artillery_cost(def, v.defence_raw);
  auto sgn = [](int x) { return x > 0 ? "+" + std::to_string(x) : std::to_string(x); };
  auto force = [&](Side s, const CombatForce& c, int sp, const char* extra) {
    return std::string(side_name(s)) + " " + std::to_string(c.raw()) + " SP (" +
           std::to_string(c.good) + " good, " + std::to_string(c.disrupted) + " disrupted, " +
           std::to_string(c.demoralized) + " demoralized)" + extra + " → " + std::to_string(sp) +
           " (8.2)";
  };
  std::string a_extra, d_extra;
  if (d.march_combat) a_extra += ", March Combat";
  if (!d.attack_loc) a_extra += d.attack_cavalry ? ", cavalry without LOC" : ", no LOC";
  if (d.entrained) d_extra += ", entrained";
  if (!d.defence_loc) d_extra += d.defence_cavalry ? ", cavalry without LOC" : ", no LOC";
  if (d.fortress_sr > 0) d_extra += ", fortress SR " + std::to_string(d.fortress_sr);
  v.steps.push_back(force(att, a, v.attack_sp, a_extra.c_str()));
  v.steps.push_back(force(def, f, v.defence_sp, d_extra.c_str()));
  const std::string where = shift_reasons(t, d.terrain, d.town, d.fortress_sr > 0, d.river);
  v.steps.push_back(std::to_string(v.attack_sp) + " against " + std::to_string(v.defence_sp) +
                    ", shift " + sgn(v.column_shift) + " (" + where + ") → column " + v.crm.column +
                    ": " + std::string(side_name(att)) + " " + sgn(v.crm.attacker) + ", " +
                    std::string(side_name(def)) + " " + sgn(v.crm.defender) + " (8.3)");
  v.steps.push_back(std::string(side_name(att)) + " HQ AB " + sgn(v.attack_hq) + " → DRM " +
                    sgn(v.attack_drm) + "; " + std::string(side_name(def)) + " HQ DB " +
                    sgn(v.defence_hq) + " → DRM " + sgn(v.defence_drm) + " (3.6, 8.3)");
  v.steps.push_back(
      std::string(side_name(def)) + " artillery " +
      (d.defence_loc ? std::to_string(v.defence_artillery_rp) + " RP" : "not allowed (no LOC)") +
      ", " + std::string(side_name(att)) + " artillery " +
      (d.attack_loc ? std::to_string(v.attack_artillery_rp) + " RP" : "not allowed (no LOC)") +
      " (8.4)");
  return v;
}

CombatOddsInput odds_input(const CombatValues& v, const CombatDescription& d) {
  CombatOddsInput in;
  in.attacker = d.attacker;
  in.attack_drm = v.attack_drm;
  in.defence_drm = v.defence_drm;
  in.attack = d.attack;
  in.defence = d.defence;
  in.attack_hqs = d.attack_hq_units;
  in.defence_hqs = d.defence_hq_units;
  return in;
}

// ---- Opportunity Chassepot Fire (7.1.2, 12.3) ----

ChassepotOdds chassepot_odds(const Tables& t, const ChassepotInput& in) {
  ChassepotOdds o;
  o.input = in;
  // Each roll: 36 d66 readings. With 12.3 a roll of doubles other than 11
  // fires once more (never again after that), so the denominator is 36 * 36.
  constexpr std::int64_t den = 36 * 36;
  std::vector<std::int64_t> lp;
  std::int64_t wiped = 0, checked = 0, extra = 0, jam = 0;
  std::vector<std::int64_t> checks(3, 0);  // number of HQ checks: 0, 1 or 2
  const int capacity = in.target.steps();
  auto tally = [&](int total_lp, int n_checks, std::int64_t w) {
    bump(lp, total_lp, w);
    if (capacity > 0 && total_lp >= capacity) wiped += w;
    if (n_checks > 0) checked += w;
    checks[static_cast<std::size_t>(n_checks)] += w;
  };
  for (int t1 = 1; t1 <= 6; ++t1)
    for (int u1 = 1; u1 <= 6; ++u1) {
      const int r1 = 10 * t1 + u1;
      const CftResult c1 = t.cft_lp(in.french_strength, in.column_shift, r1);
      if (o.column.empty()) o.column = c1.column;
      // As march.cpp: the 12.3 effects go by the roll alone.
      const bool again = in.mitrailleuse && t.mitrailleuse_extra_roll(r1);
      // MA-7: a jam disrupts a good-order firing SP; with none it does nothing.
      const bool jams = in.mitrailleuse && in.good_order;
      const bool jam1 = jams && t.mitrailleuse_jam(r1);
      if (jam1) jam += 36;
      if (!again) {
        tally(c1.lp, c1.hq_check ? 1 : 0, 36);
        continue;
      }
      extra += 36;
      for (int t2 = 1; t2 <= 6; ++t2)
        for (int u2 = 1; u2 <= 6; ++u2) {
          const int r2 = 10 * t2 + u2;
          const CftResult c2 = t.cft_lp(in.french_strength, in.column_shift, r2);
          if (jams && !jam1 && t.mitrailleuse_jam(r2)) jam += 1;
          tally(c1.lp + c2.lp, (c1.hq_check ? 1 : 0) + (c2.hq_check ? 1 : 0), 1);
        }
    }
  if (o.column.empty() || in.french_strength <= 0) o.column = "none";
  o.lp = fractions(lp, den);
  o.wiped_out = Fraction(wiped, den);
  o.hq_check = Fraction(checked, den);
  o.extra_roll = Fraction(extra, den);
  o.jam = Fraction(jam, den);
  if (in.hqs > 0)
    o.hq_removed_each =
        Fraction(checks[1], den) * Fraction(1, 3) + Fraction(checks[2], den) * any_removed(2);
  return o;
}

// ---- Forced March (7.2) ----

ForcedMarchOdds forced_march_odds(int extra) {
  ForcedMarchOdds o;
  o.extra = extra;
  int n = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) n += a + b + extra > 7 ? 1 : 0;
  o.disrupted = Fraction(n, 36);
  return o;
}

// ---- Siege Assault (9.0, 9.1) ----

SiegeOdds siege_odds(const Tables& t, int besieger_sp, int sr, int garrison_sp, bool army_hq) {
  SiegeOdds o;
  o.besieger_sp = besieger_sp;
  o.sr = sr;
  o.garrison_sp = garrison_sp;
  o.army_hq = army_hq;
  o.drm = t.sa_drm(besieger_sp, sr + garrison_sp, army_hq);
  if (!o.drm) return o;
  int n = 0;
  for (int d = 1; d <= 6; ++d) n += d + *o.drm > sr ? 1 : 0;
  o.destroyed = Fraction(n, 6);
  return o;
}

}  // namespace rz::wate1870
