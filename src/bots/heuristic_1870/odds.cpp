#include <cstdlib>

#include "bots/heuristic_1870/scene.hpp"
#include "rules/wate1870/command.hpp"

namespace rz::bots::heuristic1870 {

bool army_hq(const Board& b, const HqUnit& q) {
  const auto* def = b.forces().find(q.id);
  return (def && def->napoleon) || wate1870::hq_rank(b, q) == Rank::kArmy;
}

// The odds of one combat (see Heuristic1870Bot::Odds), from the attacker's side.
Heuristic1870Bot::Odds odds_of(const Board& b, Side att,
                               const std::vector<wate1870::CombatForce>& attack,
                               const std::vector<const HqUnit*>& attack_hqs, hex::Hex target,
                               bool march, const wate1870::LocMap& def_loc) {
  const Side def = wate1870::other(att);
  wate1870::CombatSetup setup;
  setup.attacker = att;
  setup.defender_hex = target;
  setup.march_combat = march;
  setup.attack = attack;
  setup.defence.hex = target;
  std::vector<SpGroup> groups;
  for (const auto& g : b.pos.sps) {
    if (g.side != def || g.hex != target || g.count <= 0) continue;
    setup.defence.add(g.status, g.count, g.entrained);
    groups.push_back(g);
  }
  setup.defence.loc = def_loc.has_loc(target);
  setup.defence.cavalry = wate1870::cavalry_force(b, groups);
  setup.attack_hqs = attack_hqs;
  for (const auto& q : b.pos.hqs)
    if (q.side == def && q.hex == target) setup.defence_hqs.push_back(&q);
  const auto v = wate1870::evaluate_combat(b, setup, false);

  Heuristic1870Bot::Odds o;
  o.attack_drm = v.attack_drm;
  o.defence_drm = v.defence_drm;
  const int att_raw = v.attack_raw, def_raw = v.defence_raw;
  if (att_raw <= 0 || def_raw <= 0) return o;
  const auto& table = dice_difference();
  const auto& tb = b.tables();
  auto sp_value = [&](Side s,
                      int elim) {  // the points losing `elim` SP of side s costs the attacker
    const int dvp = s == Side::kGerman ? tb.vp_casualties(elim, 0) : tb.vp_casualties(0, elim);
    return -(s == att ? kSp * elim : -kSp * elim) + vp_points(att, dvp);
  };
  double win = 0, value = 0;
  for (int d = -10; d <= 10; ++d) {
    const double w = table[static_cast<std::size_t>(d + 10)] / 1296.0;
    const int x = d + v.attack_drm - v.defence_drm;
    const bool att_wins = x > 0 || (x == 0 && att == Side::kGerman);
    const int spread = std::abs(x);
    const auto lose = wate1870::loser_loss(spread), won = wate1870::winner_loss(spread);
    const Side loser = att_wins ? def : att;
    const int loser_raw = att_wins ? def_raw : att_raw, winner_raw = att_wins ? att_raw : def_raw;
    const int elim = std::min(lose.eliminate, loser_raw);
    const int steps = std::min(lose.steps, 2 * (loser_raw - elim));
    const int wsteps = std::min(won.steps, 2 * winner_raw);
    double val = sp_value(loser, elim) + (loser == att ? -1 : 1) * kStep * steps +
                 (loser == att ? 1 : -1) * kStep * wsteps;
    val += vp_points(att, tb.vp_major_battle(att_raw + def_raw, att_wins ? att : def));
    if (att_wins) val += 2.0;  // the enemy must retreat (8.6)
    win += att_wins ? w : 0;
    value += w * val;
  }
  // 8.5.1: on doubles (1 in 6) each HQ taking part risks a casualty (1 in 3).
  for (const HqUnit* q : attack_hqs) value -= army_hq(b, *q) ? 1000.0 : 3.0 / 18.0;
  o.win = win;
  o.value = value;
  return o;
}

}  // namespace rz::bots::heuristic1870
