// 11.0 automatic victories (Major Political Victories), checked after every
// action: the VP marker at either end, the Germans holding Verdun, Metz and
// Paris, and the French rail-exit victory (GAP-W-29: the border places held and
// 2 full corps gone off the map by the south-eastern rail exit; the `exit`
// order is here too). Napoleon III's second casualty (8.5.1) and a flipped
// German army HQ (GAP-W-30) are decided where the casualty is rolled.
// Rulings: docs/rulings/wate1870-phases.md (P-9, P-10).
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "rules/wate1870/command.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

// 11.0: the German places the French must hold for the rail-exit victory.
constexpr const char* kFrenchExitPlaces[] = {"Saarbrucken", "Landau", "Rastadt", "Freiburg"};
// 11.0: the Major German Political Victory's places.
constexpr std::array<const char*, 3> kGermanGoals = {"Verdun", "Metz", "Paris"};

// Their hexes, found by name once per data set on each thread: victory is
// checked after every order. (A data set's id is never used again.)
const std::array<const HexInfo*, 3>& german_goals(const GameData& data) {
  thread_local std::uint64_t id = 0;
  thread_local std::array<const HexInfo*, 3> goals{};
  if (id != data.id.value) {
    for (std::size_t k = 0; k < goals.size(); ++k) goals[k] = data.map.by_name(kGermanGoals[k]);
    id = data.id.value;
  }
  return goals;
}

std::string place_name(const Map& map, hex::Hex h) {
  const HexInfo* i = map.find(h);
  return i && !i->name.empty() ? i->name + " (" + h.id() + ")" : h.id();
}

}  // namespace

std::vector<hex::Hex> border_places(const Map& map) {
  // GAP-W-29: a French town or fortress hex adjacent to a German hex (so on a border hexside).
  std::vector<hex::Hex> out;
  for (const auto& i : map.hexes()) {
    if (i.country != Country::kFrance || !(i.town || i.fortress_sr > 0)) continue;
    const auto ns = hex::neighbours(i.hex);
    if (std::any_of(ns.begin(), ns.end(), [&](hex::Hex n) { return map.border(i.hex, n); }))
      out.push_back(i.hex);
  }
  std::sort(out.begin(), out.end());
  return out;
}

int WateState::exited_corps() const {
  // GAP-W-29: each exited corps HQ with 8 exited SP is a full corps.
  return std::min(static_cast<int>(exited_hqs_.size()), exited_sp_ / data_->tables.exit_corps_sp());
}

Events WateState::check_victory() {
  if (over_) return {};
  if (const auto w = data_->tables.auto_winner(vp_)) {
    const int end =
        *w == Side::kFrench ? data_->tables.french_auto_vp() : data_->tables.german_auto_vp();
    return finish(w, "the VP marker reached " + std::to_string(vp_) + " (automatic victory at " +
                         std::to_string(end) + ", rule 11.0)");
  }
  bool all = true;
  std::string names;
  const auto& goals = german_goals(*data_);
  for (std::size_t k = 0; k < goals.size(); ++k) {
    const HexInfo* i = goals[k];
    if (!i || pos_.controller(data_->map, i->hex) != Side::kGerman) {
      all = false;
      break;
    }
    names += names.empty() ? kGermanGoals[k] : std::string(", ") + kGermanGoals[k];
  }
  if (all)
    return finish(Side::kGerman,
                  "the Germans control " + names + " (Major German Political Victory, rule 11.0)");
  // 11.0 / GAP-W-29: 2 full corps exited by rail, and the places held (checked only then).
  const int need = data_->tables.exit_corps();
  if (exited_corps() >= need) {
    for (const char* place : kFrenchExitPlaces) {
      const HexInfo* i = data_->map.by_name(place);
      if (!i || pos_.controller(data_->map, i->hex) != Side::kFrench) return {};
    }
    for (hex::Hex h : border_places(data_->map))
      if (pos_.controller(data_->map, h) != Side::kFrench) return {};
    return finish(Side::kFrench,
                  "the French control Saarbrucken, Landau, Rastadt, Freiburg and every French town "
                  "and fortress on the German border, and " +
                      std::to_string(exited_corps()) +
                      " full corps have left by the south-eastern railway (Major French Political "
                      "Victory, rule 11.0, ruling GAP-W-29)");
  }
  return {};
}

// ---- the rail exit (11.0, GAP-W-29) ----

rz::Status WateState::check_rail_exit(Side side, const Action& a) const {
  if (!a.args.empty()) return make_error(Code::kMalformed, "'exit' takes no arguments");
  if (side != Side::kFrench)
    return illegal(
        "only French forces leave the map, by the south-eastern rail exit (ruling GAP-W-29)",
        "11.0");
  const auto exit = data_->map.rail_exit();
  if (!exit) return illegal("this map has no rail exit", "11.0");
  if (force_->hex != *exit)
    return illegal("a force leaves the map only from the rail exit " +
                       place_name(data_->map, *exit) + "; this force is in " + force_->hex.id() +
                       " (ruling GAP-W-29)",
                   "11.0");
  int all = 0, entrained = 0;
  for (const auto& g : pos_.sps)
    if (g.acting) {
      all += g.count;
      if (g.entrained) entrained += g.count;
    }
  if (all == 0 && force_->hqs.empty())
    return illegal("the force has no SP and no HQ to take off the map", "11.0");
  if (!force_->entrained && entrained == 0)
    return illegal("the force leaves by the railway: it must be entrained (entrain, 1 MP) in " +
                       exit->id() + " (ruling GAP-W-29)",
                   "11.0");
  if (entrained < all)
    return illegal("part of the force is not entrained: entrain it or detrain", "7.1.3");
  for (const auto& id : force_->hqs) {
    const HqUnit* q = pos_.hq(id);
    if (!q || hq_rank(board(), *q) != Rank::kCorps)
      return illegal(
          hq_label(id) +
              " is not a corps HQ: only SP and corps HQs leave the map (ruling GAP-W-29)",
          "11.0");
  }
  // The railway beyond the edge is used like any rail hex (7.1.3).
  if (pos_.controller(data_->map, *exit) != side)
    return illegal(
        exit->id() + " is not French controlled: rail movement uses friendly controlled rail hexes",
        "7.1.3");
  if (in_enemy_zoc(board(), *exit, side))
    return illegal(exit->id() + " is in an enemy zone of control: rail movement may not use it",
                   "7.1.3");
  return {};
}

Events WateState::apply_rail_exit(Side side, const Action& a) {
  (void)a;
  int n = 0;
  for (auto& g : pos_.sps)
    if (g.acting) {
      n += g.count;
      g.count = 0;  // out of play
    }
  std::string hqs;
  for (const auto& id : force_->hqs) {
    HqUnit* q = pos_.hq(id);
    q->hex.reset();  // out of play: no return turn, not in the pool
    q->returns_on_turn = 0;
    exited_hqs_.push_back(id);
    hqs += (hqs.empty() ? "" : ", ") + hq_label(id);
  }
  force_->hqs.clear();
  exited_sp_ += n;
  pos_.normalise_groups();
  std::string what = std::to_string(n) + " SP";
  if (!hqs.empty()) what = hqs + (n > 0 ? " and " + what : "");
  Events ev = told("rail_exit", [&] {
    return std::string(side_name(side)) + " " + what + " leave the map by rail at " +
           place_name(data_->map, force_->hex) + ": " + std::to_string(exited_hqs_.size()) +
           " corps HQs and " + std::to_string(exited_sp_) + " SP gone so far, " +
           std::to_string(exited_corps()) + " full corps (rule 11.0, ruling GAP-W-29)";
  });
  append(ev, end_force_action());
  return ev;
}

}  // namespace rz::wate1870
