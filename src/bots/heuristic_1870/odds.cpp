#include <cstdlib>
#include <unordered_map>

#include "bots/heuristic_1870/scene.hpp"
#include "rules/wate1870/command.hpp"

namespace rz::bots::heuristic1870 {

bool army_hq(const Board& b, const HqUnit& q) {
  // hq_rank reads the same definition (none: a division): found once.
  const auto* def = b.forces().find(q.id);
  return def && (def->napoleon || def->rank == Rank::kArmy);
}

namespace {

// What the 21 differences of 2d6 - 2d6 give the attacker (odds_of): read only
// from these numbers and the game's tables, so worked out once per thread for
// each combination (a search asks the same few thousands of times).
struct DiceOutcome {
  double win = 0, value = 0;
};

DiceOutcome dice_outcome(const wate1870::Tables& tb, Side att, int drm, int att_raw, int def_raw) {
  const Side def = wate1870::other(att);
  const auto& table = dice_difference();
  auto sp_value = [&](Side s,
                      int elim) {  // the points losing `elim` SP of side s costs the attacker
    const int dvp = s == Side::kGerman ? tb.vp_casualties(elim, 0) : tb.vp_casualties(0, elim);
    return -(s == att ? kSp * elim : -kSp * elim) + vp_points(att, dvp);
  };
  double win = 0, value = 0;
  for (int d = -10; d <= 10; ++d) {
    const double w = table[static_cast<std::size_t>(d + 10)] / 1296.0;
    const int x = d + drm;
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
  return {win, value};
}

const DiceOutcome& dice_outcome_kept(const wate1870::Tables& tb, Side att, int drm, int att_raw,
                                     int def_raw) {
  struct Kept {
    const wate1870::Tables* tables = nullptr;
    std::unordered_map<std::uint64_t, DiceOutcome> by_key;
  };
  thread_local Kept kept;
  if (kept.tables != &tb) kept = Kept{&tb, {}};
  // Numbers outside these ranges are worked out afresh, not kept.
  if (drm < -1000 || drm > 1000 || att_raw < 0 || att_raw > 65535 || def_raw < 0 ||
      def_raw > 65535) {
    thread_local DiceOutcome once;
    once = dice_outcome(tb, att, drm, att_raw, def_raw);
    return once;
  }
  const std::uint64_t key = static_cast<std::uint64_t>(wate1870::index(att)) << 48 |
                            static_cast<std::uint64_t>(drm + 1000) << 32 |
                            static_cast<std::uint64_t>(att_raw) << 16 |
                            static_cast<std::uint64_t>(def_raw);
  auto it = kept.by_key.find(key);
  if (it == kept.by_key.end())
    it = kept.by_key.emplace(key, dice_outcome(tb, att, drm, att_raw, def_raw)).first;
  return it->second;
}

}  // namespace

namespace {

// The buffer CombatOdds sets up in, the thread's own: a combat is set up in
// every plan, and its vectors are allocated once.
wate1870::CombatSetup& thread_setup() {
  thread_local wate1870::CombatSetup setup;
  return setup;
}

}  // namespace

CombatOdds::CombatOdds(const Board& b, Side att, const std::vector<wate1870::CombatForce>& attack,
                       const std::vector<const HqUnit*>& attack_hqs, hex::Hex target, bool march)
    : b_(b), setup_(thread_setup()) {
  const Side def = wate1870::other(att);
  thread_local std::vector<SpGroup> groups;
  {
    auto at = std::move(setup_.attack);
    auto at_hqs = std::move(setup_.attack_hqs);
    auto def_hqs = std::move(setup_.defence_hqs);
    setup_ = wate1870::CombatSetup{};
    setup_.attack = std::move(at);
    setup_.attack_hqs = std::move(at_hqs);
    setup_.defence_hqs = std::move(def_hqs);
  }
  setup_.attacker = att;
  setup_.defender_hex = target;
  setup_.march_combat = march;
  setup_.attack.assign(attack.begin(), attack.end());
  setup_.defence.hex = target;
  groups.clear();
  // The target's own groups, in the list's order (each_in, as a scan finds them).
  b.pos.sps.each_in(target, [&](const SpGroup& g) {
    if (g.side != def || g.count <= 0) return;
    setup_.defence.add(g.status, g.count, g.entrained);
    groups.push_back(g);
  });
  setup_.defence.cavalry = wate1870::cavalry_force(b, groups);
  setup_.attack_hqs.assign(attack_hqs.begin(), attack_hqs.end());
  setup_.defence_hqs.clear();
  for (const auto& q : b.pos.hqs)
    if (q.side == def && q.hex == target) setup_.defence_hqs.push_back(&q);
}

Heuristic1870Bot::Odds CombatOdds::operator()(bool def_loc) const {
  setup_.defence.loc = def_loc;
  const auto v = wate1870::evaluate_combat(b_, setup_, false);
  Heuristic1870Bot::Odds o;
  o.attack_drm = v.attack_drm;
  o.defence_drm = v.defence_drm;
  const int att_raw = v.attack_raw, def_raw = v.defence_raw;
  if (att_raw <= 0 || def_raw <= 0) return o;
  const DiceOutcome& d = dice_outcome_kept(b_.tables(), setup_.attacker,
                                           v.attack_drm - v.defence_drm, att_raw, def_raw);
  double value = d.value;
  // 8.5.1: on doubles (1 in 6) each HQ taking part risks a casualty (1 in 3).
  for (const HqUnit* q : setup_.attack_hqs) value -= army_hq(b_, *q) ? 1000.0 : 3.0 / 18.0;
  o.win = d.win;
  o.value = value;
  return o;
}

Heuristic1870Bot::Odds odds_of(const Board& b, Side att,
                               const std::vector<wate1870::CombatForce>& attack,
                               const std::vector<const HqUnit*>& attack_hqs, hex::Hex target,
                               bool march, bool def_loc) {
  return CombatOdds(b, att, attack, attack_hqs, target, march)(def_loc);
}

}  // namespace rz::bots::heuristic1870
