// The odds of an attack in a game (attack_odds), and the odds as a table with
// fractions and percentages or as JSON (odds.hpp, docs/odds.md).
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "rules/wate1870/odds.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

namespace {

using nlohmann::json;

std::string pad(std::string s, std::size_t w) {
  if (s.size() < w) s.resize(w, ' ');
  return s;
}

// Display width of UTF-8 text (the tables hold "→" and "−").
std::size_t width(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::string cell(Fraction p) {
  const std::string f = p.to_string();
  const std::string pc = percent(p);
  return f + std::string(f.size() < 13 ? 13 - f.size() : 1, ' ') + pad(pc, 8);
}

std::string row(const std::string& label, const std::vector<std::string>& cells) {
  // A label too long for its column has a line of its own: the cells stay aligned.
  std::string s =
      "  " + label +
      (width(label) < 30 ? std::string(30 - width(label), ' ') : "\n" + std::string(32, ' '));
  for (const auto& c : cells) s += pad(c, 24);
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s + "\n";
}

Fraction at(const std::vector<Fraction>& v, std::size_t i) {
  return i < v.size() ? v[i] : Fraction();
}

json prob(Fraction p) { return json{{"p", p.to_string()}, {"value", p.to_double()}}; }

json probs(const std::vector<Fraction>& v) {
  json out = json::array();
  for (auto p : v) out.push_back(prob(p));
  return out;
}

std::string sgn(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

std::string artillery_line(const CombatOdds& o) {
  if (!o.situation.empty()) return o.situation;
  const Side att = o.input.attacker, def = other(att);
  auto one = [&](Side s, bool committed, Fraction rerolls) {
    std::string t = std::string(side_name(s)) + (s == att ? " (attacker) " : " (defender) ");
    if (!committed) return t + "does not commit";
    return t + "commits and re-rolls a die " + percent(rerolls) + " of the time";
  };
  return "Artillery (8.4): " + one(def, o.input.defence_artillery, o.defence.rerolls) + "; " +
         one(att, o.input.attack_artillery, o.attack.rerolls) +
         ((o.input.attack_artillery || o.input.defence_artillery)
              ? ". Re-rolls are played optimally: each side re-rolls the die that most raises its "
                "chance to win, then the LP it inflicts less those it takes, the defender first "
                "(ruling C-7)"
              : "");
}

// "64.9%": one decimal, for a line of a list of choices. Rounding never shows
// a certainty that is not one: 7775/7776 is ">99.9%", 1/7776 "<0.1%".
std::string pc1(Fraction p) {
  const double v = 100.0 * p.to_double();
  if (p != Fraction() && v < 0.05) return "<0.1%";
  if (p != Fraction(1, 1) && v >= 99.95) return ">99.9%";
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", v);
  return buf;
}

}  // namespace

std::string percent(Fraction p) {
  const double v = 100.0 * p.to_double();
  if (p != Fraction() && v < 0.005) return "<0.01%";  // as pc1: no false certainty
  if (p != Fraction(1, 1) && v >= 99.995) return ">99.99%";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", v);
  return buf;
}

CombatOddsInput odds_input(const CombatPreview& p) {
  CombatOddsInput in;
  const Side att = p.attacker, def = other(att);
  in.attacker = att;
  in.attack_drm = p.values.attack_drm;
  in.defence_drm = p.values.defence_drm;
  in.attack = {p.good[index(att)], p.disrupted[index(att)], p.demoralized[index(att)]};
  in.defence = {p.good[index(def)], p.disrupted[index(def)], p.demoralized[index(def)]};
  in.attack_hqs = static_cast<int>(p.hqs[index(att)].size());
  in.defence_hqs = static_cast<int>(p.hqs[index(def)].size());
  return in;
}

std::optional<ChassepotOdds> fire_odds(const WateState& st) {
  if (st.steps().empty() || st.steps().back().kind != StepKind::kChassepotChoice || !st.force())
    return std::nullopt;
  const hex::Hex target = st.steps().back().hex;
  const auto [strength, shift, good] = st.fire_at(target);
  ChassepotInput in;
  in.french_strength = strength;
  in.column_shift = shift;
  in.good_order = good > 0;
  in.mitrailleuse = st.options().flag("12.3");
  for (const auto& g : st.position().sps)
    if (g.acting && g.side == Side::kGerman && g.hex == target)
      (g.status == Status::kGood        ? in.target.good
       : g.status == Status::kDisrupted ? in.target.disrupted
                                        : in.target.demoralized) += g.count;
  in.hqs = static_cast<int>(st.force()->hqs.size());
  return chassepot_odds(st.data().tables, in);
}

Result<AttackOdds> attack_odds(const WateState& st, const Action& attack,
                               std::optional<Side> viewer) {
  const bool fog = viewer && st.options().flag("12.2");
  // GAP-W-40: under 12.2 the enemy's LOC may hang on stacks the viewer cannot
  // inspect (their ZOC, or an EZOC they negate): it is assumed, never read.
  auto preview =
      st.preview_attack(attack, fog ? std::optional<Side>(other(*viewer)) : std::nullopt);
  if (!preview) return preview.error();
  const CombatPreview& p = *preview;
  if (fog) {
    std::vector<hex::Hex> hexes = p.from;
    hexes.push_back(p.target);
    for (auto h : hexes)
      if (!st.inspectable(*viewer, h))
        return make_error(
            Code::kIllegal,
            "the force in " + h.id() + " is one the " + std::string(side_name(*viewer)) +
                " may not inspect: its odds would show what 12.2 hides (ruling GAP-W-40)",
            "12.2");
  }
  AttackOdds o;
  o.attack = attack;
  o.setup = p.values.steps;
  o.input = odds_input(p);
  const Side att = p.attacker, def = other(att);
  o.attack_rp_cost = p.values.attack_artillery_rp;
  o.defence_rp_cost = p.values.defence_artillery_rp;
  // 8.4 as combat_procedure.cpp asks: a LOC, and the RP to pay.
  o.attack_may_commit = p.values.attack_may_commit && p.rp[index(att)] >= o.attack_rp_cost;
  o.defence_may_commit = p.values.defence_may_commit && p.rp[index(def)] >= o.defence_rp_cost;
  o.cases = artillery_cases(o.input, o.attack_may_commit, o.defence_may_commit);
  auto hq_list = [&](Side s) {
    std::string t;
    for (const auto& id : p.hqs[index(s)]) t += (t.empty() ? "" : ", ") + id;
    return t.empty() ? std::string("none") : t;
  };
  o.notes.push_back(std::string(p.march ? "March Combat (7.1.1)" : "Planned Attack (7.4)") +
                    " on " + p.target.id() +
                    "; HQs that check on doubles (8.5.1): " + std::string(side_name(att)) + " " +
                    hq_list(att) + ", " + std::string(side_name(def)) + " " + hq_list(def));
  auto rp_note = [&](Side s, bool may, bool loc, int cost) {
    return std::string(side_name(s)) +
           (may   ? " may commit artillery for " + std::to_string(cost) + " RP"
            : loc ? " cannot pay " + std::to_string(cost) + " RP for artillery"
                  : " may not commit artillery (no LOC)");
  };
  o.notes.push_back(
      rp_note(def, o.defence_may_commit, p.values.defence_may_commit, o.defence_rp_cost) + "; " +
      rp_note(att, o.attack_may_commit, p.values.attack_may_commit, o.attack_rp_cost) +
      " (8.4, the defender chooses first)");
  if (p.cavalry_may_retreat)
    o.notes.push_back(std::string("The defending cavalry may retreat before combat") +
                      (p.cavalry_needs_roll
                           ? " on a roll of 5-6 (1/3), the attacking force having cavalry"
                           : "") +
                      " (8.1): the odds are those of the combat if it stands");
  if (fog)
    o.notes.push_back(
        "Optional rule 12.2: the " + std::string(side_name(other(*viewer))) +
        " LOC is not shown to the " + std::string(side_name(*viewer)) +
        " and is assumed: not halved, artillery allowed if the RP suffice (ruling C-7)");
  return o;
}

std::optional<CombatNowOdds> combat_now_odds(const WateState& st, std::optional<Side> viewer) {
  if (st.steps().empty() || !st.combat()) return std::nullopt;
  const Step& step = st.steps().back();
  if (step.kind != StepKind::kArtillery && step.kind != StepKind::kReroll) return std::nullopt;
  const Combat& c = *st.combat();
  const Side att = c.attacker, def = other(att);
  CombatNowOdds o;
  o.target = c.target;
  o.deciding = step.side;
  o.reroll = step.kind == StepKind::kReroll;

  // What fights: the DRM the combat announced (8.3), the SP engaged and the
  // HQs that would check on doubles (8.5.1), as combat_continue() reads them.
  CombatOddsInput in;
  in.attacker = att;
  in.attack_drm = c.drm[index(att)];
  in.defence_drm = c.drm[index(def)];
  ForceStatus* fs[kSides] = {};
  fs[index(att)] = &in.attack;
  fs[index(def)] = &in.defence;
  for (const auto& g : st.position().sps)
    if (g.engaged)
      (g.status == Status::kGood        ? fs[index(g.side)]->good
       : g.status == Status::kDisrupted ? fs[index(g.side)]->disrupted
                                        : fs[index(g.side)]->demoralized) += g.count;
  for (const auto& q : st.position().hqs)
    if (q.hex && (q.side == def ? *q.hex == c.target
                                : std::find(c.hqs.begin(), c.hqs.end(), q.id) != c.hqs.end()))
      ++(q.side == att ? in.attack_hqs : in.defence_hqs);
  // 12.2: the enemy's SP and HQs only where the viewer may inspect them; else
  // its losses are not capped and its HQs not counted (ruling C-7).
  if (viewer && st.options().flag("12.2")) {
    const Side enemy = other(*viewer);
    std::vector<hex::Hex> hexes = enemy == att ? c.from : std::vector<hex::Hex>{c.target};
    if (!std::all_of(hexes.begin(), hexes.end(),
                     [&](hex::Hex h) { return st.inspectable(*viewer, h); })) {
      *fs[index(enemy)] = ForceStatus{};
      (enemy == att ? in.attack_hqs : in.defence_hqs) = 0;
      o.notes.push_back("Optional rule 12.2: the " + std::string(side_name(enemy)) +
                        " force is one the " + std::string(side_name(*viewer)) +
                        " may not inspect: its losses are not capped by its SP and its HQs "
                        "are not counted (ruling C-7)");
    }
  }
  const std::string who = std::string(side_name(o.deciding));

  if (o.reroll) {
    // 8.4: the defender re-rolls first, seeing all four dice; the attacker then.
    in.attack_artillery = c.committed[index(att)];
    in.defence_artillery = c.committed[index(def)];
    for (int s = 0; s < kSides; ++s)
      for (int d = 0; d < 2; ++d) o.dice[s][d] = c.dice[s][d];
    for (const auto& r : reroll_odds(in, o.deciding, c.dice[index(att)], c.dice[index(def)])) {
      const int* mine = c.dice[index(o.deciding)];
      std::string label =
          r.choice == Reroll::kKeep
              ? who + " keeps " + std::to_string(mine[0]) + " and " + std::to_string(mine[1])
              : who + " re-rolls die " +
                    (r.choice == Reroll::kDie1 ? "1 (the " + std::to_string(mine[0]) + ")"
                                               : "2 (the " + std::to_string(mine[1]) + ")");
      CombatOdds k = r.odds;
      k.situation = "Artillery (8.4): the dice lie; " + label + "; the " +
                    std::string(side_name(other(o.deciding))) +
                    (o.deciding == att         ? "'s dice are final"
                     : c.committed[index(att)] ? " answers as the odds' policy would (ruling C-7)"
                                               : " did not commit artillery and keeps its dice");
      if (r.policy) label += "; the choice the odds' policy makes (ruling C-7)";
      o.choice.push_back(r.choice == Reroll::kKeep   ? "keep"
                         : r.choice == Reroll::kDie1 ? "reroll die=1"
                                                     : "reroll die=2");
      o.label.push_back(std::move(label));
      o.cases.push_back(std::move(k));
    }
    o.notes.push_back("The dice lie: " + std::string(side_name(att)) + " (attacker) " +
                      std::to_string(c.dice[index(att)][0]) + " and " +
                      std::to_string(c.dice[index(att)][1]) + ", " + std::string(side_name(def)) +
                      " (defender) " + std::to_string(c.dice[index(def)][0]) + " and " +
                      std::to_string(c.dice[index(def)][1]) + " (8.4)");
    if (o.deciding == def && c.committed[index(att)])
      o.notes.push_back(
          "The " + std::string(side_name(att)) +
          " re-rolls after, seeing the final dice, as the odds' policy would (ruling C-7)");
    return o;
  }

  // 8.4: the defender chooses first; the attacker knows its choice.
  const bool att_may = st.may_commit_artillery(att);
  for (auto& k : artillery_cases(in, att_may, st.may_commit_artillery(def))) {
    if (o.deciding == att && k.input.defence_artillery != c.committed[index(def)]) continue;
    const bool mine = o.deciding == att ? k.input.attack_artillery : k.input.defence_artillery;
    auto says = [&](Side s, bool commits) {
      return std::string(side_name(s)) + (commits ? " commits" : " does not commit");
    };
    o.choice.push_back(mine ? "commit" : "decline");
    o.label.push_back(says(def, k.input.defence_artillery) + ", " +
                      says(att, k.input.attack_artillery) +
                      (o.deciding == def && !att_may ? " (it may not)" : ""));
    o.cases.push_back(std::move(k));
  }
  o.notes.push_back(who + " commits artillery for " +
                    std::to_string(c.artillery_rp[index(o.deciding)]) +
                    " RP or declines (8.4, the defender chooses first)");
  return o;
}

CombatNowOdds only_choice(CombatNowOdds o, const std::string& order) {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < o.cases.size(); ++i)
    if (o.choice[i] == order) {
      if (kept != i) {  // no self-move
        o.choice[kept] = std::move(o.choice[i]);
        o.label[kept] = std::move(o.label[i]);
        o.cases[kept] = std::move(o.cases[i]);
      }
      ++kept;
    }
  o.choice.resize(kept);
  o.label.resize(kept);
  o.cases.resize(kept);
  return o;
}

// ---- text ----

std::string odds_text(const CombatOdds& o) {
  const Side att = o.input.attacker, def = other(att);
  std::string s = std::string(side_name(att)) + " attacks with DRM " + sgn(o.input.attack_drm) +
                  ", " + std::string(side_name(def)) + " defends with DRM " +
                  sgn(o.input.defence_drm) + "; ties go to the German (8.5)\n";
  s += artillery_line(o) + "\n";
  const std::string an = std::string(side_name(att)) + " (attacker)",
                    dn = std::string(side_name(def)) + " (defender)";
  s += row("", {an, dn});
  s += row("wins", {cell(o.attack.win), cell(o.defence.win)});
  s += "Winner and spread (8.5):\n";
  for (std::size_t i = 0; i < o.attacker_spread.size(); ++i)
    if (o.attacker_spread[i] != Fraction())
      s += row(std::string(side_name(att)) + " wins, spread " + std::to_string(i),
               {cell(o.attacker_spread[i])});
  for (std::size_t i = 0; i < o.defender_spread.size(); ++i)
    if (o.defender_spread[i] != Fraction())
      s += row(std::string(side_name(def)) + " wins, spread " + std::to_string(i),
               {cell(o.defender_spread[i])});
  char margin[64];
  std::snprintf(margin, sizeof margin, "%.3f", o.expected_margin.to_double());
  s += "Expected margin (attacker FCS − defender FCS): " + o.expected_margin.to_string() + " = " +
       margin + "\n";
  s += "Losses (8.5; the owner eliminates its worst SP first):\n";
  s += row("", {an, dn});
  const std::size_t ne = std::max(o.attack.sp_eliminated.size(), o.defence.sp_eliminated.size());
  for (std::size_t i = 0; i < ne; ++i)
    s += row("SP eliminated " + std::to_string(i),
             {cell(at(o.attack.sp_eliminated, i)), cell(at(o.defence.sp_eliminated, i))});
  const std::size_t ns = std::max(o.attack.steps.size(), o.defence.steps.size());
  for (std::size_t i = 0; i < ns; ++i)
    s += row("steps " + std::to_string(i),
             {cell(at(o.attack.steps, i)), cell(at(o.defence.steps, i))});
  s += row("whole force eliminated", {cell(o.attack.wiped_out), cell(o.defence.wiped_out)});
  s += "HQ casualties (8.5.1):\n";
  s += row("doubles: HQ check", {cell(o.attack.hq_check), cell(o.defence.hq_check)});
  s += row("an HQ removed (of " + std::to_string(o.input.attack_hqs) + " and " +
               std::to_string(o.input.defence_hqs) + ")",
           {cell(o.attack.hq_removed_any), cell(o.defence.hq_removed_any)});
  s += row("a given HQ removed", {cell(o.attack.hq_removed_each), cell(o.defence.hq_removed_each)});
  s += row("a given HQ flipped", {cell(o.attack.hq_flipped_each), cell(o.defence.hq_flipped_each)});
  s += "Not counted: retreats (8.6) and their river losses.\n";
  return s;
}

namespace {

// The head of an attack's odds, full or summed up: how each number came about.
std::string head(const AttackOdds& o) {
  std::string s = "Odds of " + o.attack.to_string() + "\n";
  for (const auto& l : o.setup) s += "  " + l + "\n";
  for (const auto& n : o.notes) s += "  " + n + "\n";
  return s;
}

// The same of a combat under way.
std::string head(const CombatNowOdds& o) {
  std::string s =
      "Odds of the combat on " + o.target.id() + ", " + std::string(side_name(o.deciding)) +
      (o.reroll ? " to keep the dice or re-roll one" : " to commit artillery or not") + " (8.4)\n";
  for (const auto& n : o.notes) s += "  " + n + "\n";
  return s;
}

}  // namespace

std::string odds_text(const AttackOdds& o) {
  std::string s = head(o);
  for (std::size_t i = 0; i < o.cases.size(); ++i)
    s += "\n--- Case " + std::to_string(i + 1) + " of " + std::to_string(o.cases.size()) +
         " ---\n" + odds_text(o.cases[i]);
  return s;
}

namespace {

// A summary's table of the choices: the attacker's chance to win and, per
// side, the SP eliminated and steps degraded on average (8.5) and the chance
// to lose an HQ (8.5.1). A win costs steps too (session 36's play test read
// "SP lost German 0.00" and lost 3 steps). Fits 80 columns.
std::string summary_table(const std::vector<std::string>& labels,
                          const std::vector<const CombatOdds*>& cases) {
  if (cases.empty()) return "";
  const auto mean = [](const std::vector<Fraction>& v) {
    double m = 0;
    for (std::size_t n = 0; n < v.size(); ++n) m += static_cast<double>(n) * v[n].to_double();
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", m);
    return std::string(buf);
  };
  const auto col = [](const std::string& t, std::size_t w) {
    return t + std::string(width(t) < w ? w - width(t) : 1, ' ');
  };
  const Side att = cases.front()->input.attacker, def = other(att);
  std::string s = std::string(28, ' ') + col(std::string(side_name(att)), 27) +
                  std::string(side_name(def)) + "\n" + std::string(28, ' ') +
                  "wins    SP    steps HQ     SP    steps HQ\n";
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const CombatOdds& c = *cases[i];
    const auto part = [&](const SideOdds& o, int hqs) {
      return col(mean(o.sp_eliminated), 6) + col(mean(o.steps), 6) +
             col(hqs > 0 ? pc1(o.hq_removed_any) : "-", 7);
    };
    std::string line = "  " + col(labels[i], 26) + col(pc1(c.attack.win), 8) +
                       part(c.attack, c.input.attack_hqs) + part(c.defence, c.input.defence_hqs);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    s += line + "\n";
  }
  return s;
}

// A head's lines wrapped to 80 columns for a small screen.
std::string wrapped(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    while (width(line) > 80) {
      std::size_t cut = line.rfind(' ', 80);
      if (cut == std::string::npos || cut <= 4) break;
      out += line.substr(0, cut) + "\n";
      line = "      " + line.substr(cut + 1);
    }
    out += line + "\n";
    start = end + 1;
  }
  return out;
}

std::string artillery_label(const CombatOdds& c) {
  const Side att = c.input.attacker, def = other(att);
  if (c.input.attack_artillery && c.input.defence_artillery) return "both commit artillery";
  if (c.input.defence_artillery) return std::string(side_name(def)) + " commits";
  if (c.input.attack_artillery) return std::string(side_name(att)) + " commits";
  return "no artillery";
}

}  // namespace

std::string odds_summary(const AttackOdds& o) {
  std::vector<std::string> labels;
  std::vector<const CombatOdds*> cases;
  for (const auto& c : o.cases) {
    labels.push_back(artillery_label(c));
    cases.push_back(&c);
  }
  return wrapped(head(o)) +
         "Each artillery choice (8.4; re-rolls played optimally, ruling C-7): the chance\n"
         "to win, the SP eliminated and steps degraded on average (8.5), the chance to\n"
         "lose an HQ (8.5.1):\n" +
         summary_table(labels, cases);
}

std::string odds_summary(const CombatNowOdds& o) {
  std::vector<std::string> labels;
  std::vector<const CombatOdds*> cases;
  bool policy = false;
  for (std::size_t i = 0; i < o.cases.size(); ++i) {
    // The order typed, with the other side's artillery where it varies; "*"
    // marks the odds' policy's own re-roll (the labels are too long for a column).
    const CombatOdds& k = o.cases[i];
    std::string label = o.choice[i];
    if (!o.reroll) {
      const Side them = other(o.deciding);
      const bool commits =
          them == k.input.attacker ? k.input.attack_artillery : k.input.defence_artillery;
      label +=
          std::string(", ") + std::string(side_name(them)) + (commits ? " commits" : " does not");
    } else if (o.label[i].find("the odds' policy makes") != std::string::npos) {
      label += " *";
      policy = true;
    }
    labels.push_back(std::move(label));
    cases.push_back(&k);
  }
  return wrapped(head(o)) + summary_table(labels, cases) +
         (policy ? "  * the choice the odds' policy makes (ruling C-7)\n" : "");
}

std::string odds_text(const CombatNowOdds& o) {
  std::string s = head(o);
  for (std::size_t i = 0; i < o.cases.size(); ++i)
    s += "\n--- " + o.choice[i] + ": " + o.label[i] + " ---\n" + odds_text(o.cases[i]);
  return s;
}

std::string odds_text(const ChassepotOdds& o) {
  std::string s = "Opportunity Chassepot Fire (7.1.2): French strength " +
                  std::to_string(o.input.french_strength) + ", shift " + sgn(o.input.column_shift) +
                  ", column " + o.column +
                  (o.input.mitrailleuse ? ", with 12.3 Mitrailleuse Fire" : "") + "\n";
  for (std::size_t i = 0; i < o.lp.size(); ++i)
    s += row("LP " + std::to_string(i), {cell(o.lp[i])});
  if (o.input.target.sp() > 0)
    s += row("the German force eliminated (" + std::to_string(o.input.target.steps()) + " steps)",
             {cell(o.wiped_out)});
  s += row("HQ check (64-66)", {cell(o.hq_check)});
  if (o.input.hqs > 0) s += row("a given HQ removed", {cell(o.hq_removed_each)});
  if (o.input.mitrailleuse) {
    s += row("12.3 extra roll (doubles)", {cell(o.extra_roll)});
    s += row(o.input.good_order ? "12.3 a French SP disrupted"
                                : "12.3 a French SP disrupted (none in good order: MA-7)",
             {cell(o.jam)});
  }
  return s;
}

std::string odds_text(const ForcedMarchOdds& o) {
  return "Forced March (7.2) with " + std::to_string(o.extra) + " extra MP: 2d6 + " +
         std::to_string(o.extra) + " > 7 disrupts the force\n" +
         row("disrupted", {cell(o.disrupted)}) +
         row("good order", {cell(Fraction(1, 1) - o.disrupted)});
}

std::string odds_text(const SiegeOdds& o) {
  std::string s = "Siege Assault (9.0, 9.1): " + std::to_string(o.besieger_sp) + " SP against SR " +
                  std::to_string(o.sr) + " + " + std::to_string(o.garrison_sp) + " garrison SP";
  if (!o.drm) return s + ": below 2:1, no siege and no Siege Assault roll (9.0)\n";
  s += ", DRM " + sgn(*o.drm) + (o.army_hq ? " (with the German army HQ)" : "") + ": 1d6 " +
       (*o.drm < 0 ? "- " + std::to_string(-*o.drm) : "+ " + std::to_string(*o.drm)) + " > " +
       std::to_string(o.sr) + " destroys the fortress\n";
  s += row("destroyed", {cell(o.destroyed)});
  s += row("holds", {cell(Fraction(1, 1) - o.destroyed)});
  return s;
}

std::string odds_brief(const AttackOdds& o) {
  std::string s;
  for (const auto& c : o.cases) {
    if (c.input.defence_artillery) continue;  // the defender's choice is its own: 'odds N' shows it
    s += s.empty() ? "win " + pc1(c.attack.win) : ", " + pc1(c.attack.win) + " with artillery";
  }
  return s;
}

std::string odds_brief(const CombatNowOdds& o) {
  std::string s;
  for (const auto& c : o.cases) {
    const std::string win = pc1(c.side(o.deciding).win);
    if (s.empty())
      s = "you win " + win;
    else  // the defender's choice, the attacker's to come (8.4)
      s += ", " + win + " if the " + std::string(side_name(other(o.deciding))) + " commits";
  }
  return s;
}

// ---- JSON ----

json odds_json(const CombatOdds& o) {
  const Side att = o.input.attacker, def = other(att);
  json spread = json::array();
  for (std::size_t i = 0; i < o.attacker_spread.size(); ++i)
    if (o.attacker_spread[i] != Fraction())
      spread.push_back({{"winner", std::string(side_name(att))},
                        {"spread", i},
                        {"probability", prob(o.attacker_spread[i])}});
  for (std::size_t i = 0; i < o.defender_spread.size(); ++i)
    if (o.defender_spread[i] != Fraction())
      spread.push_back({{"winner", std::string(side_name(def))},
                        {"spread", i},
                        {"probability", prob(o.defender_spread[i])}});
  auto side = [&](const SideOdds& so, bool attacker) {
    return json{{"role", attacker ? "attacker" : "defender"},
                {"drm", attacker ? o.input.attack_drm : o.input.defence_drm},
                {"artillery", attacker ? o.input.attack_artillery : o.input.defence_artillery},
                {"hqs", attacker ? o.input.attack_hqs : o.input.defence_hqs},
                {"win", prob(so.win)},
                {"sp_eliminated", probs(so.sp_eliminated)},
                {"steps", probs(so.steps)},
                {"wiped_out", prob(so.wiped_out)},
                {"rerolls", prob(so.rerolls)},
                {"hq_check", prob(so.hq_check)},
                {"hq_removed_any", prob(so.hq_removed_any)},
                {"hq_removed_each", prob(so.hq_removed_each)},
                {"hq_flipped_each", prob(so.hq_flipped_each)}};
  };
  json sides;
  sides[std::string(side_name(att))] = side(o.attack, true);
  sides[std::string(side_name(def))] = side(o.defence, false);
  json j{{"kind", "combat"},
         {"attacker", std::string(side_name(att))},
         {"reroll_policy",
          "optimal: the chance to win, then the LP inflicted less those taken; the defender first "
          "(ruling C-7)"},
         {"spread", spread},
         {"expected_margin", prob(o.expected_margin)},
         {"sides", sides}};
  if (!o.situation.empty()) j["situation"] = o.situation;
  return j;
}

json odds_json(const AttackOdds& o) {
  json cases = json::array();
  for (const auto& c : o.cases) cases.push_back(odds_json(c));
  return json{{"kind", "attack"},
              {"action", o.attack.to_string()},
              {"setup", o.setup},
              {"notes", o.notes},
              {"attack_may_commit", o.attack_may_commit},
              {"defence_may_commit", o.defence_may_commit},
              {"attack_rp_cost", o.attack_rp_cost},
              {"defence_rp_cost", o.defence_rp_cost},
              {"cases", cases}};
}

json odds_json(const CombatNowOdds& o) {
  json cases = json::array();
  for (std::size_t i = 0; i < o.cases.size(); ++i) {
    json c = odds_json(o.cases[i]);
    c["choice"] = o.choice[i];
    c["label"] = o.label[i];
    cases.push_back(std::move(c));
  }
  json j{{"kind", o.reroll ? "reroll" : "artillery"},
         {"target", o.target.id()},
         {"deciding", std::string(side_name(o.deciding))},
         {"notes", o.notes},
         {"cases", cases}};
  if (o.reroll)
    for (Side s : {Side::kFrench, Side::kGerman})
      j["dice"][std::string(side_name(s))] = {o.dice[index(s)][0], o.dice[index(s)][1]};
  return j;
}

json odds_json(const ChassepotOdds& o) {
  return json{{"kind", "chassepot"},
              {"french_strength", o.input.french_strength},
              {"column_shift", o.input.column_shift},
              {"column", o.column},
              {"mitrailleuse", o.input.mitrailleuse},
              {"lp", probs(o.lp)},
              {"wiped_out", prob(o.wiped_out)},
              {"hq_check", prob(o.hq_check)},
              {"hq_removed_each", prob(o.hq_removed_each)},
              {"extra_roll", prob(o.extra_roll)},
              {"jam", prob(o.jam)}};
}

json odds_json(const ForcedMarchOdds& o) {
  return json{{"kind", "forced_march"}, {"extra", o.extra}, {"disrupted", prob(o.disrupted)}};
}

json odds_json(const SiegeOdds& o) {
  json j{{"kind", "siege"},      {"besieger_sp", o.besieger_sp},
         {"sr", o.sr},           {"garrison_sp", o.garrison_sp},
         {"army_hq", o.army_hq}, {"roll", o.drm.has_value()}};
  if (o.drm) j["drm"] = *o.drm;
  j["destroyed"] = prob(o.destroyed);
  return j;
}

}  // namespace rz::wate1870
