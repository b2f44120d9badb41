#pragma once
// The heuristic bot's decisions and its memory of the turn (heuristic_1870.hpp
// says how it plays): plan.cpp plans marches and picks targets, decisions.cpp
// answers each kind of decision.
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>

#include "bots/heuristic_1870/scene.hpp"

namespace rz::bots::heuristic1870 {

using Odds = Heuristic1870Bot::Odds;

// What a Mind remembers: copied with it (a search's policy starts each sample
// from the bot's memory, and its replay goes on from a memory it kept); the
// rest of a Mind is scratch for the decision at hand.
struct MindMemory {
  std::shared_ptr<const MapTables> tables;
  std::shared_ptr<const wate1870::LocMap> locs[2];  // see Scene::loc
  std::shared_ptr<const wate1870::ZocMap> zocs[2];

  // Memory within a side's turn: what forces committed to, lone forces with
  // nothing to do, the march being followed and the order meant for a force.
  int memo_turn = -1;
  Side memo_side = Side::kFrench;
  std::map<int, double> claims;        // target hex -> SP (or strength) on the way
  std::uint64_t claims_id = 0;         // new_id() at each claim, 0 with none
  std::set<std::pair<int, int>> idle;  // (hex, SP) of lone forces that gain nothing
  std::optional<Plan> plan;
  enum class Order { kMarch, kRally, kHold };
  struct Intent {
    int hex = -1;
    Order order = Order::kHold;
    std::optional<Plan> plan;
  };
  std::optional<Intent> intent;
  // A search's answers to Administrative Phase decisions (6.0), by the key of
  // what they read (Mind::admin_key): the phase rolls no die, so the samples of one
  // search reach the same positions in it again and again. Shared by the
  // copies of the Mind a search starts each sample with; none outside a search.
  std::shared_ptr<std::unordered_map<std::uint64_t, Action>> admin_answers;
};

struct Mind : MindMemory {
  Scratch<SceneKeep> keep;
  // The maps of ws's position (the state keeps them) that `me`'s Scenes read:
  // the LOCs and only the enemy's ZOC (Scene::in_ezoc).
  void refresh(const WateState& ws, Side me);

  std::uint64_t admin_key(const WateState& ws, Side me) const;

  Action choose(const WateState& ws, Player p, Legal& legal);

  // plan_march's tables, kept from one plan to the next: an entry counts only
  // if its stamp is this plan's, so nothing is cleared or allocated per plan.
  struct PlanTables {
    std::uint32_t stamp = 0;
    std::vector<std::uint32_t> val_at, dest_at, odds_at;
    std::vector<double> val, dest;
    std::vector<int> pred;
    std::vector<Odds> odds;
    std::vector<std::vector<int>> level;
    // The hexes of the path to the slot being walked: those marked `path`.
    std::vector<std::uint32_t> on_path;
    std::uint32_t path = 0;
    void start(std::size_t hexes, std::size_t width) {
      if (++stamp == 0) {  // wrapped: every old stamp could match again
        for (auto* v : {&val_at, &dest_at, &odds_at}) std::fill(v->begin(), v->end(), 0);
        stamp = 1;
      }
      if (val.size() < hexes * width) {
        val.resize(hexes * width);
        val_at.resize(hexes * width, 0);
        pred.resize(hexes * width);
      }
      if (dest.size() < hexes) {
        dest.resize(hexes);
        dest_at.resize(hexes, 0);
        odds.resize(hexes * 4);  // by target, LOC and river (plan_march)
        odds_at.resize(hexes * 4, 0);
        on_path.resize(hexes, 0);
      }
      if (level.size() < width) level.resize(width);
      for (auto& l : level) l.clear();
    }
  };
  mutable Scratch<PlanTables> plan_tables;

  // ---- targets and the value of a hex for a force ----
  const Targets& targets(const Scene& sc) const;
  mutable Scratch<std::vector<int>> candidates;  // targets()' hexes to look at
  // The targets of the last positions planned on, per side: they read only the
  // enemy's groups, the control of hexes and the destroyed fortresses, which
  // stay as they were while a side marches (until it takes a place), and a
  // search comes back to the same few again and again.
  struct TargetsMemo {
    const wate1870::Map* map = nullptr;  // none yet
    std::vector<std::uint64_t> foe;      // each enemy group with SP: hex, status, SP
    std::vector<signed char> control;
    std::vector<hex::Hex> destroyed;
    Targets targets;
    std::uint64_t used = 0;  // when last found or made: the least recent goes first
  };
  struct TargetsKept {
    // Per side; 32, not 8: the search bench makes 28% fewer afresh.
    std::array<std::array<TargetsMemo, 32>, 2> memos;
    std::uint64_t clock = 0;
  };
  mutable Scratch<TargetsKept> targets_memo;
  mutable Scratch<std::vector<std::uint64_t>> foe_words;
  std::vector<Goal> goals(const Scene& sc, const ForceDesc& f) const;
  void goals(const Scene& sc, const ForceDesc& f, std::vector<Goal>& out) const;
  mutable Scratch<std::vector<double>> claim_table;  // goals(): claims by hex, else 0
  mutable Scratch<std::vector<Goal>> plan_goals;     // plan_march's goals
  // The best of the goals gs for a force in hex x, by the distances of mt.
  static double goal(const MapTables& mt, const std::vector<Goal>& gs, int x) {
    double best = 0;
    // gs is by the targets' own values, highest first (goals()): a goal is worth
    // no more than its target, so once a target cannot beat the best none after
    // it can. The same best as over them all, in fewer steps.
    for (const auto& g : gs) {
      if (g.bound <= best) break;
      if (g.value <= best) continue;
      const int d = std::max(0, mt.d(x, g.idx) - g.free_mp);
      best = std::max(best, g.value - kPerMp * d);
    }
    return best;
  }
  // goal() of one list of goals, per hex, known where `at` is `stamp`. The
  // same list comes back plan after plan (it reads only the targets, the
  // force's strength and HQs and the claims, which stay as they are through
  // much of a side's turn), and its plans reach the same few hexes.
  struct GoalMemo {
    std::shared_ptr<const MapTables> mt;  // none yet (held: no other is made where it was)
    std::vector<Goal> goals;
    std::vector<double> value;
    std::vector<std::uint32_t> at;
    std::uint32_t stamp = 0;
    std::uint64_t used = 0;  // when last found or made: the least recent goes first
    // What `goals` were last made from in plan_march (goals() reads no more,
    // with mt): a plan from the same finds them without making them.
    struct From {
      std::uint64_t targets = 0, claims = 0;  // Targets::id (0: none), Mind::claims_id
      int strength = 0;
      bool led = false;
      friend bool operator==(const From&, const From&) = default;
    } from;
    double get(int x) {
      const auto i = static_cast<std::size_t>(x);
      if (at[i] != stamp) at[i] = stamp, value[i] = goal(*mt, goals, x);
      return value[i];
    }
  };
  struct GoalsKept {
    std::array<GoalMemo, 8> memos;
    std::uint64_t clock = 0;
    GoalMemo& find(const std::shared_ptr<const MapTables>& mt, const std::vector<Goal>& gs) {
      GoalMemo* oldest = &memos.front();
      for (auto& m : memos) {
        if (m.mt == mt && m.goals == gs) {
          m.used = ++clock;
          return m;
        }
        if (m.used < oldest->used) oldest = &m;
      }
      auto& m = *oldest;
      m.used = ++clock;
      m.mt = mt;
      m.goals = gs;
      const auto n = static_cast<std::size_t>(mt->n);
      if (m.at.size() < n) m.at.resize(n, 0), m.value.resize(n);
      if (++m.stamp == 0) std::fill(m.at.begin(), m.at.end(), 0), m.stamp = 1;  // wrapped
      return m;
    }
  };
  mutable Scratch<GoalsKept> goals_kept;
  // `memo`: goal()'s values for gs, if kept (plan_march).
  double dest_value(const Scene& sc, const std::vector<Goal>& gs, const ForceDesc& f, int x,
                    GoalMemo* memo = nullptr) const;
  Plan plan_march(const Scene& sc, const ForceDesc& f) const;
  // From hex `from` to its neighbour `to` in direction `dir` (Map::neighbour_index),
  // which holds no enemy SP (plan_march attacks those).
  int move_cost(const Scene& sc, const ForceDesc& f, int from, int dir, int to) const;
  double step_gain(const Scene& sc, int to) const;
  bool loc_after(const Scene& sc, int x) const;
  Odds march_odds(const Scene& sc, const ForceDesc& f, int from, int target) const;
  // The same set up, to be weighed with the defender's LOC or without.
  CombatOdds march_combat(const Scene& sc, const ForceDesc& f, int from, int target) const;
  void claim(const Scene& sc, const ForceDesc& f, const Plan& p);

  // ---- forces ----
  ForceDesc force_in(const Scene& sc, int hex, int sp, const std::vector<const HqUnit*>& hqs,
                     int mp, bool cautious) const;
  ForceDesc acting_force(const Scene& sc) const;
  bool wants_rally(const Scene& sc, int hex, int bad, int all) const;

  // ---- the decisions ----
  Action setup(Legal& legal);
  Action administrative(const Scene& sc, const std::vector<Action>& legal);
  Action activation(const Scene& sc, Legal& legal);
  Action hq_orders(const Scene& sc, Legal& legal);
  Action force_orders(const Scene& sc, Legal& legal);
  Action march(const Scene& sc, Legal& legal);
  Action stop(Legal& legal);
  std::optional<Action> next_move(const wate1870::Map& map, hex::Hex at, Legal& legal) const;
  Action absorb(const WateState& ws, Side me, Legal& legal);
  Action retreat(const Scene& sc, const std::vector<Action>& legal, const char* verb);
  Action advance(const Scene& sc, const std::vector<Action>& legal);
  Action reroll(const Scene& sc, const std::vector<Action>& legal);
  Action displace(const Scene& sc, const std::vector<Action>& legal);
  Action recovery(const WateState& ws, Side me, const std::vector<Action>& legal);
  double hq_priority(const Scene& sc, const HqUnit& q) const;
  Action best_attack(const Scene& sc, const std::vector<Action>& legal, double* value) const;
};

}  // namespace rz::bots::heuristic1870
