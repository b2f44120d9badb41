#include "rules/wate1870/combat.hpp"

#include <algorithm>

#include "rules/wate1870/command.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

std::string sgn(int v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); }

// GAP-W-16 steps (1)-(4) for one force, with the line that explains them
// (none asked for: a bot weighing many combats reads only the numbers).
int force_strength(const CombatForce& f, Side side, bool attacker, bool march,
                   const std::string& where, std::string* line) {
  if (line) {
    *line = std::string(side_name(side)) + " " + std::to_string(f.raw()) + " SP" + where;
    if (f.disrupted > 0 || f.demoralized > 0)  // the statuses, as a described combat gives them
      *line += " (" + std::to_string(f.good) + " good, " + std::to_string(f.disrupted) +
               " disrupted, " + std::to_string(f.demoralized) + " demoralized)";
  }
  int s = status_strength(f.good, f.disrupted, f.demoralized);  // (1) 3.5.1
  if (line) {
    if (f.disrupted >= 2) *line += ", " + std::to_string(f.disrupted) + " disrupted halved";
    if (f.demoralized >= 2) *line += ", " + std::to_string(f.demoralized) + " demoralized count 1";
    if (f.disrupted >= 2 || f.demoralized >= 2) *line += " → " + std::to_string(s);
  }
  auto halve = [&](const char* why) {
    s /= 2;
    if (line) *line += std::string("; ") + why + " halved → " + std::to_string(s);
  };
  if (attacker && march) halve("March Combat");      // (2) 7.1.1
  if (!attacker && f.entrained() == f.raw() && f.raw() > 0) {
    halve("entrained");  // (3) 7.1.3: only when attacked
  } else if (!attacker && f.entrained() > 0) {
    // Ruling C-13: only the SP on the train are halved, the rest of the hex not.
    const int on_train =
        status_strength(f.entrained_good, f.entrained_disrupted, f.entrained_demoralized);
    s = status_strength(f.good - f.entrained_good, f.disrupted - f.entrained_disrupted,
                        f.demoralized - f.entrained_demoralized) +
        on_train / 2;
    if (line)
      *line += "; " + std::to_string(f.entrained()) + " entrained SP halved (" +
               std::to_string(on_train) + " → " + std::to_string(on_train / 2) + ") → " +
               std::to_string(s);
  }
  if (!f.loc && !f.cavalry) halve("no LOC");         // (4) cavalry is always in combat supply
  if (line && !f.loc && f.cavalry) *line += "; cavalry, no LOC needed";
  return s;
}

// 8.2: the defender's own undestroyed fortress adds its SR (GAP-W-21: held by it).
int fortress_sr(const Board& b, hex::Hex h, Side defender) {
  const HexInfo* i = b.map().find(h);
  if (i == nullptr || i->fortress_sr == 0 || fortress_holder(b, h) != defender) return 0;
  return i->fortress_sr;
}

// GAP-W-03: terrain, town or friendly fortress, and a river when every attacking
// hex attacks across one. Explains itself in `why` if asked.
int column_shift(const Board& b, const CombatSetup& s, Side defender, std::string* why) {
  const HexInfo* i = b.map().find(s.defender_hex);
  if (i == nullptr) return 0;
  const bool river =
      !s.attack.empty() && std::all_of(s.attack.begin(), s.attack.end(), [&](const CombatForce& f) {
        return b.map().river(f.hex, s.defender_hex);
      });
  const bool fortress = fortress_sr(b, s.defender_hex, defender) > 0;
  if (why) *why = shift_reasons(b.tables(), i->terrain, i->town, fortress, river);
  return b.tables().crm_shift(i->terrain, i->town, fortress, river);
}

}  // namespace

std::string shift_reasons(const Tables& t, Terrain terrain, bool town, bool fortress, bool river) {
  // Each feature with its own shift, read from the table.
  std::string why =
      std::string(terrain_name(terrain)) + " " + sgn(t.crm_shift(terrain, false, false, false));
  if (town) why += ", town " + sgn(t.crm_shift(Terrain::kClear, true, false, false));
  if (fortress) why += ", fortress " + sgn(t.crm_shift(Terrain::kClear, false, true, false));
  if (town || fortress) why += ": only the best counts (ruling T-2)";
  if (river) why += "; across a river " + sgn(t.crm_shift(Terrain::kClear, false, false, true));
  return why;
}

int status_strength(int good, int disrupted, int demoralized) {
  const int d = disrupted == 1 ? 1 : std::max(0, disrupted) / 2;  // a lone disrupted SP counts 1
  const int m = demoralized > 0 ? 1 : 0;                          // all demoralized SP count 1
  return std::max(0, good) + d + m;
}

int combat_strength(const CombatForce& f, bool attacker, bool march_combat) {
  return force_strength(f, Side::kGerman, attacker, march_combat, "", nullptr);
}

CombatValues evaluate_combat(const Board& b, const CombatSetup& setup, bool explain) {
  CombatValues v;
  const Side att = setup.attacker, def = other(att);
  const bool several = setup.attack.size() > 1;
  std::string line;
  std::string* const say = explain ? &line : nullptr;
  for (const CombatForce& f : setup.attack) {
    v.attack_sp += force_strength(f, att, true, setup.march_combat,
                                  several && explain ? " in " + f.hex.id() : "", say);
    if (explain) v.steps.push_back(line + " (8.2)");
    v.attack_raw += f.raw();
    v.attack_may_commit = v.attack_may_commit || f.loc;  // GAP-W-17: one force with a LOC suffices
  }
  if (several && explain)
    v.steps.push_back(std::string(side_name(att)) + " total " + std::to_string(v.attack_sp) +
                      " SP (8.2)");

  v.defence_sp = force_strength(setup.defence, def, false, setup.march_combat, "", say);
  v.defence_raw = setup.defence.raw();
  v.defence_may_commit = setup.defence.loc;
  if (const int sr = fortress_sr(b, setup.defender_hex, def); sr > 0) {
    v.defence_sp += sr;  // (5) once, after the halvings
    if (explain)
      line += "; fortress SR " + std::to_string(sr) + " added → " + std::to_string(v.defence_sp);
  }
  if (explain) v.steps.push_back(line + " (8.2)");

  // 8.3: ratio column, then the terrain/river shift, clamped by the table.
  std::string why;
  v.column_shift = column_shift(b, setup, def, explain ? &why : nullptr);
  v.crm = b.tables().crm_drm(v.attack_sp, v.defence_sp, v.column_shift);
  if (explain) {
    const auto& cols = b.tables().crm_columns();
    const std::string before =
        cols[static_cast<std::size_t>(b.tables().crm_column(v.attack_sp, v.defence_sp))].label;
    v.steps.push_back(std::to_string(v.attack_sp) + " against " + std::to_string(v.defence_sp) +
                      ": column " + before + ", shift " + sgn(v.column_shift) + " (" + why +
                      ") → " + v.crm.column + ": " + std::string(side_name(att)) + " " +
                      sgn(v.crm.attacker) + ", " + std::string(side_name(def)) + " " +
                      sgn(v.crm.defender) + " (8.3)");
  }

  v.attack_hq = combined_bonus(b, setup.attack_hqs, att, v.attack_raw, true);
  v.defence_hq = combined_bonus(b, setup.defence_hqs, def, v.defence_raw, false);
  v.attack_drm = v.crm.attacker + v.attack_hq;
  v.defence_drm = v.crm.defender + v.defence_hq;
  if (explain)
    v.steps.push_back(std::string(side_name(att)) + " HQ AB " + sgn(v.attack_hq) + " → DRM " +
                      sgn(v.attack_drm) + "; " + std::string(side_name(def)) + " HQ DB " +
                      sgn(v.defence_hq) + " → DRM " + sgn(v.defence_drm) + " (3.6, 8.3)");

  // 8.4 / GAP-W-18: the cost counts the raw SP taking part.
  v.attack_artillery_rp = b.tables().artillery_cost(att, v.attack_raw);
  v.defence_artillery_rp = b.tables().artillery_cost(def, v.defence_raw);
  auto art = [&](Side s, bool may, int rp, int raw) {
    if (!explain) return;
    v.steps.push_back(std::string(side_name(s)) + " artillery: " +
                      (may ? std::to_string(rp) + " RP for " + std::to_string(raw) + " SP"
                           : "no LOC, may not commit") +
                      " (8.4)");
  };
  art(def, v.defence_may_commit, v.defence_artillery_rp,
      v.defence_raw);  // the defender chooses first
  art(att, v.attack_may_commit, v.attack_artillery_rp, v.attack_raw);
  return v;
}

LossDue loser_loss(int spread) {
  const int lp = std::max(0, spread);
  const int elim = std::max(1, lp / 2);  // GAP-W-19: spread 0 or 1 still costs 1 SP
  return {elim, std::max(0, lp - elim)};
}

LossDue winner_loss(int spread) { return {0, std::max(0, spread) / 2}; }

Side combat_winner(Side attacker, int attacker_fcs, int defender_fcs) {
  if (attacker_fcs == defender_fcs) return Side::kGerman;  // 8.5: ties to the German
  return attacker_fcs > defender_fcs ? attacker : other(attacker);
}

HqCasualty hq_casualty(int d6) {
  if (d6 == 1) return HqCasualty::kFlip;
  if (d6 == 2) return HqCasualty::kKeep;
  return HqCasualty::kNone;
}

bool cavalry_force(const Board& b, std::span<const SpGroup> sps) {
  bool any = false;
  for (const SpGroup& g : sps) {
    if (g.count <= 0) continue;
    const HqDef* d = b.forces().find(g.formation);
    if (d == nullptr || !d->cavalry) return false;
    any = true;
  }
  return any;
}

bool has_cavalry(const Board& b, std::span<const SpGroup> sps) {
  return std::any_of(sps.begin(), sps.end(), [&](const SpGroup& g) {
    const HqDef* d = b.forces().find(g.formation);
    return g.count > 0 && d != nullptr && d->cavalry;
  });
}

}  // namespace rz::wate1870
