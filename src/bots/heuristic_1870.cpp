#include "bots/heuristic_1870.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <deque>

#include "rules/wate1870/board.hpp"
#include "rules/wate1870/command.hpp"
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::bots {

using wate1870::Side;
using wate1870::WateState;

namespace {

constexpr std::uint64_t kHeuristicStream = 0x6865757269737469ULL;
constexpr int kFar = 40;
// Evaluations per decision after which rollouts stop (keeps a decision in tens of ms).
constexpr long kEvalBudget = 200;

// The objectives of rule 11.0 the bot plays for; the first three are French.
constexpr const char* kObjectiveNames[] = {"Metz", "Verdun", "Paris", "Saarbrucken", "Landau", "Rastadt", "Freiburg"};
constexpr int kFrenchObjectives = 3;

bool has_verb(const std::vector<Action>& legal, const char* verb) {
  return std::any_of(legal.begin(), legal.end(), [&](const Action& a) { return a.verb == verb; });
}

double status_value(wate1870::Status s) {
  switch (s) {
    case wate1870::Status::kGood: return 1.0;
    case wate1870::Status::kDisrupted: return 0.6;
    case wate1870::Status::kDemoralized: return 0.3;
  }
  return 1.0;
}

// Decisions inside combat or loss absorption that the lookahead settles with
// the first legal answer, for either side, to reach a position worth judging.
bool bookkeeping(const std::vector<Action>& legal) {
  for (const auto& a : legal)
    if (a.verb != "eliminate" && a.verb != "degrade" && a.verb != "commit" && a.verb != "decline") return false;
  return !legal.empty();
}

int int_of(const Action& a, const char* key) {
  const std::string* v = a.get(key);
  if (!v) return 0;
  int n = 0;
  for (char c : *v) {
    if (c < '0' || c > '9') return 0;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

Heuristic1870Bot::Heuristic1870Bot(std::uint64_t seed) : rng_(seed, kHeuristicStream) {}

std::size_t Heuristic1870Bot::sample(const std::vector<ChanceOutcome>& outcomes) {
  double r = (rng_.next() + 0.5) / 4294967296.0;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    r -= outcomes[i].probability.to_double();
    if (r <= 0) return i;
  }
  return outcomes.size() - 1;
}

void Heuristic1870Bot::prepare(const WateState& st) {
  const auto& data = st.data();
  if (prepared_for_ == &data) return;
  prepared_for_ = &data;
  const auto& map = data.map;
  objs_.clear();
  dist_.clear();
  goes_for_[0].clear();
  goes_for_[1].clear();
  for (int k = 0; k < 7; ++k) {
    const auto* info = map.by_name(kObjectiveNames[k]);
    if (!info) continue;
    const int idx = static_cast<int>(objs_.size());
    objs_.push_back(info->hex);
    // Breadth-first over passable hexes: the number of hexes to march.
    std::vector<int> d(map.hexes().size(), kFar);
    std::deque<hex::Hex> q{info->hex};
    d[static_cast<std::size_t>(map.index_of(info->hex))] = 0;
    while (!q.empty()) {
      const hex::Hex h = q.front();
      q.pop_front();
      const int dh = d[static_cast<std::size_t>(map.index_of(h))];
      for (auto n : hex::neighbours(h)) {
        if (!map.passable(n)) continue;
        auto& dn = d[static_cast<std::size_t>(map.index_of(n))];
        if (dn > dh + 1) {
          dn = dh + 1;
          q.push_back(n);
        }
      }
    }
    dist_.push_back(std::move(d));
    // German (player 1) goes for the French objectives, French (0) for the German ones.
    goes_for_[k < kFrenchObjectives ? 1 : 0].push_back(idx);
  }
}

double Heuristic1870Bot::evaluate(const State& st, Player p) {
  const auto* ws = dynamic_cast<const WateState*>(&st);
  if (!ws) return 0;
  prepare(*ws);
  loc_.reset();
  zoc_.reset();
  return eval(*ws, p);
}

double Heuristic1870Bot::eval(const WateState& st, Player p) {
  const Side me = static_cast<Side>(p);
  const Side foe = wate1870::other(me);
  if (st.terminal()) {
    const auto r = st.returns();
    return (r[static_cast<std::size_t>(p)] - 0.5) * 1e6;
  }
  ++evals_;
  const auto& map = st.data().map;
  const auto& pos = st.position();
  const wate1870::Board b{st.data(), pos, st.options()};
  double v = 0;
  // Victory points: 11.0, the French want them high.
  v += (me == Side::kFrench ? 1 : -1) * 8.0 * st.vp();

  // Objectives: control, and which ones each side still has to take.
  std::vector<int> targets;  // objective indices my forces march towards
  for (int idx : goes_for_[p]) {
    const auto c = st.controller(objs_[static_cast<std::size_t>(idx)]);
    if (c == me) {
      v += 25;
    } else {
      targets.push_back(idx);
    }
  }
  // The German goes for Metz first, then Verdun, then Paris: only the first untaken.
  if (me == Side::kGerman && targets.size() > 1) targets.erase(targets.begin() + 1, targets.end());
  for (int idx : goes_for_[1 - p]) {
    const hex::Hex h = objs_[static_cast<std::size_t>(idx)];
    const auto c = st.controller(h);
    if (c == foe) {
      v -= 25;
    } else if (c == me) {
      v += 25;  // taken from the enemy
    }
  }
  if (me == Side::kFrench) {
    // The French also defend their own objectives where a German force is near.
    for (int idx : goes_for_[1]) {
      const hex::Hex h = objs_[static_cast<std::size_t>(idx)];
      for (const auto& g : pos.sps)
        if (g.side == foe && hex::distance(g.hex, h) <= 4) {
          targets.push_back(idx);
          break;
        }
    }
  }

  // LOC and the enemy ZOC of the position being decided on (computed once per
  // decision: the enemy does not move during the bot's own action).
  if (!loc_ || loc_->side() != me) {
    loc_ = std::make_shared<const wate1870::LocMap>(b, me);
    zoc_ = std::make_shared<const wate1870::ZocMap>(b, foe);
  }
  const wate1870::LocMap& loc = *loc_;
  const wate1870::ZocMap& enemy_zoc = *zoc_;
  double own_strength = 0, foe_strength = 0;
  for (const auto& g : pos.sps) {
    const double s = g.count * status_value(g.status);
    if (g.side == foe) {
      foe_strength += s;
      continue;
    }
    own_strength += s;
    const int mi = map.index_of(g.hex);
    if (mi < 0) continue;
    // March distance to the nearest objective this side still has to take.
    int d = targets.empty() ? 0 : kFar;
    for (int idx : targets) d = std::min(d, dist_[static_cast<std::size_t>(idx)][static_cast<std::size_t>(mi)]);
    v -= 0.6 * g.count * d;
    if (!loc.has_loc(g.hex)) v -= 2.0 * g.count;
    if (enemy_zoc.in_zoc_index(mi)) {
      // Next to the enemy: good if stronger than what is adjacent, bad if weaker.
      int mine = pos.sp(g.hex, me), theirs = 0;
      for (auto n : hex::neighbours(g.hex)) theirs = std::max(theirs, pos.sp(n, foe));
      v += mine >= 2 * theirs ? 0.3 * g.count : mine < theirs ? -0.8 * g.count : 0.0;
    }
    // Sieges: SP next to an undestroyed enemy fortress.
    for (auto n : hex::neighbours(g.hex)) {
      const auto* info = map.find(n);
      if (info && info->fortress_sr > 0 && !pos.fortress_destroyed(n) && st.controller(n) == foe) {
        v += 0.4 * g.count;
        break;
      }
    }
  }
  // Material: every SP and its status, mine against theirs (losses hurt, kills pay).
  v += 6.0 * (own_strength - foe_strength);
  // HQs stay with the troops they command.
  for (const auto& q : pos.hqs) {
    if (q.side != me || !q.hex) continue;
    int best = kFar;
    for (const auto& g : pos.sps)
      if (g.side == me) best = std::min(best, hex::distance(g.hex, *q.hex));
    v -= 0.5 * std::min(best, 10);
  }
  return v;
}

// Plays on from a candidate: the dice (sampled), bookkeeping decisions, and —
// with `rollout` — p's own decisions inside the action (march greedily).
void Heuristic1870Bot::settle(State& st, Player p, bool rollout, int depth) {
  for (int step = 0; step < 60 && !st.terminal(); ++step) {
    const ToMove tm = st.to_move();
    if (tm.kind == MoveKind::kChance) {
      const auto outcomes = st.chance_outcomes();
      if (outcomes.empty() || !st.apply(kChance, outcomes[sample(outcomes)].action).ok()) return;
      continue;
    }
    if (tm.players.size() != 1) return;
    const Player q = tm.players.front();
    const auto legal = st.legal_actions(q);
    if (legal.empty()) return;
    if (bookkeeping(legal)) {
      if (!st.apply(q, legal.front()).ok()) return;
      continue;
    }
    if (!rollout || q != p || depth > 0 || evals_ > kEvalBudget) return;
    if (has_verb(legal, "stop")) {  // marching: one greedy step at a time
      const auto* ws = dynamic_cast<const WateState*>(&st);
      if (!ws || !st.apply(p, greedy_march(*ws, p, legal, true)).ok()) return;
      continue;
    }
    if (has_verb(legal, "hold")) {  // a force's order inside the candidate: march on
      if (!st.apply(p, Action("march")).ok()) return;
      continue;
    }
    return;  // a new decision (activation, HQ orders): judge the position here
  }
}

double Heuristic1870Bot::value_of(const WateState& st, Player p, const Action& a, int samples, bool rollout) {
  double total = 0;
  int n = 0;
  for (int s = 0; s < samples; ++s) {
    auto c = st.clone();
    if (!c->apply(p, a).ok()) return -1e9;
    const bool chancy = c->to_move().kind == MoveKind::kChance;
    settle(*c, p, rollout, 0);
    total += eval(static_cast<const WateState&>(*c), p);
    ++n;
    if (!chancy && a.verb != "attack") break;  // no dice right after: one look is enough
  }
  return total / n;
}

// One step of a march: the move (or attack, or stop) that leaves the best position.
Action Heuristic1870Bot::greedy_march(const WateState& st, Player p, const std::vector<Action>& legal, bool nested) {
  Action best = legal.front();
  double best_v = -1e18;
  for (const auto& a : legal) {
    double v;
    if (nested) {
      auto c = st.clone();
      if (!c->apply(p, a).ok()) continue;
      // Inside a rollout: only the dice and bookkeeping, no deeper march.
      settle(*c, p, false, 1);
      v = eval(static_cast<const WateState&>(*c), p);
    } else {
      v = value_of(st, p, a, a.verb == "attack" ? 4 : 1, false);
    }
    if (a.verb == "stop") v += 0.05;  // stop when moving gains nothing
    if (v > best_v) {
      best_v = v;
      best = a;
    }
  }
  return best;
}

Action Heuristic1870Bot::choose(const State& st, Player p, const std::string& /*view_json*/) {
  const auto legal = st.legal_actions(p);
  assert(!legal.empty() && "choose() is only called when the player has a choice");
  if (legal.size() == 1) return legal.front();
  const auto* ws = dynamic_cast<const WateState*>(&st);
  if (!ws || ws->options().flag("12.2")) {
    // Fog of war (or another game): no peeking, so no evaluation; avoid passing.
    std::vector<Action> pool;
    for (const auto& a : legal)
      if (a.verb != "pass") pool.push_back(a);
    if (pool.empty()) pool = legal;
    return pool[rng_.below(static_cast<std::uint32_t>(pool.size()))];
  }
  prepare(*ws);
  loc_.reset();
  zoc_.reset();
  evals_ = 0;
  auto jitter = [&] { return (rng_.below(1000) / 1000.0) * 0.01; };

  // A march in progress: greedy, with a hard limit so a march always ends.
  if (has_verb(legal, "stop")) {
    if (++march_steps_ > 40) return Action("stop");
    return greedy_march(*ws, p, legal, false);
  }
  march_steps_ = 0;

  // The top of an activation: HQs first (the higher the rank, the more they
  // command), judged by the SP they can reach; then lone forces by their march.
  if (has_verb(legal, "pass") && has_verb(legal, "activate")) {
    const auto& pos = ws->position();
    const wate1870::Board b{ws->data(), pos, ws->options()};
    const Side me = static_cast<Side>(p);
    Action best = legal.front();
    double best_v = -1e18;
    for (const auto& a : legal) {
      if (const std::string* id = a.get("hq")) {
        const auto* q = pos.hq(*id);
        if (!q || !q->hex) continue;
        int sp = 0, subs = 0;
        for (const auto& g : pos.sps)
          if (g.side == me && !g.activated && hex::distance(g.hex, *q->hex) <= 1) sp += g.count;
        for (const auto& o : pos.hqs)
          if (o.side == me && o.hex && !o.activated && o.id != q->id && hex::distance(*o.hex, *q->hex) <= 1) ++subs;
        const double v = 1000 + std::min(sp, wate1870::hq_command_limit(b, *q)) + 3.0 * subs +
                         static_cast<int>(wate1870::hq_rank(b, *q)) + jitter();
        if (v > best_v) best_v = v, best = a;
      }
    }
    if (best_v > 0) return best;
    // No HQ left: the lone force whose march gains most; pass if none gains.
    const double here = eval(*ws, p);
    best = Action("pass");
    best_v = 0.5;
    for (const auto& a : legal) {
      if (a.verb != "activate") continue;
      const double v = value_of(*ws, p, a, 1, true) - here + jitter();
      if (v > best_v) best_v = v, best = a;
    }
    return best;
  }

  // An activated HQ gives orders: subordinate HQs first, then detachments
  // that gain, then its own march (or rally), or end.
  if (has_verb(legal, "end") && (has_verb(legal, "march") || has_verb(legal, "detach") || has_verb(legal, "activate"))) {
    for (const auto& a : legal)
      if (a.verb == "activate") return a;
    const double here = eval(*ws, p);
    // The largest detachment per hex, and the HQ's own action with all its SP.
    std::vector<Action> cands;
    int own_max = -1, rally_max = 0;
    for (const auto& a : legal) {
      if (a.verb == "march") own_max = std::max(own_max, int_of(a, "sp"));
      if (a.verb == "rally") rally_max = std::max(rally_max, int_of(a, "sp"));
    }
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const Action& a = legal[i];
      if (a.verb != "detach") continue;
      const bool last_of_hex = i + 1 == legal.size() || legal[i + 1].verb != "detach" ||
                               *legal[i + 1].get("hex") != *a.get("hex");
      if (last_of_hex) cands.push_back(a);
    }
    Action best("end");
    double best_v = 0.3;  // doing nothing is worth little less than a small gain
    for (const auto& a : cands) {
      const double v = value_of(*ws, p, a, 1, true) - here + jitter();
      if (v > best_v) best_v = v, best = a;
    }
    if (best.verb == "detach" && best_v > 1.0) return best;
    if (own_max >= 0) {
      const Action m = Action("march").with("sp", std::to_string(own_max));
      const double v = value_of(*ws, p, m, 1, true) - here + jitter();
      if (v > best_v) best_v = v, best = m;
    }
    if (rally_max > 0) {
      const Action r = Action("rally").with("sp", std::to_string(rally_max));
      const double v = value_of(*ws, p, r, 1, true) - here + jitter();
      if (v > best_v) best_v = v, best = r;
    }
    if (std::find(legal.begin(), legal.end(), best) == legal.end()) return Action("end");
    return best;
  }

  // Everything else (a force's order, administration, absorbing losses,
  // recovery, mobilization, artillery): one ply, the dice sampled.
  std::vector<Action> cands = legal;
  if (cands.size() > 48) cands.resize(48);
  Action best = cands.front();
  double best_v = -1e18;
  for (const auto& a : cands) {
    const bool dice = a.verb == "attack" || a.verb == "commit";
    const double v = value_of(*ws, p, a, dice ? 4 : 1, has_verb(legal, "hold")) + jitter();
    if (v > best_v) best_v = v, best = a;
  }
  return best;
}

}  // namespace rz::bots
