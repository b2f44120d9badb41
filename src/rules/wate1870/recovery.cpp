// 10.0 Recovery Phase (ruling GAP-W-27: every SP of the force improves one
// level). The French recover first, then the Germans (ruling P-3); a force is
// all of a side's SP in one hex, and recovers at most once per phase.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

WateState::HexUse& WateState::use_of(Side side, hex::Hex h) {
  for (auto& u : uses_)
    if (u.side == side && u.hex == h) return u;
  uses_.push_back({side, h});
  std::sort(uses_.begin(), uses_.end(), [](const HexUse& a, const HexUse& b) {
    return std::pair(index(a.side), a.hex) < std::pair(index(b.side), b.hex);
  });
  for (auto& u : uses_)
    if (u.side == side && u.hex == h) return u;
  return uses_.back();  // unreachable
}

const WateState::HexUse* WateState::find_use(Side side, hex::Hex h) const {
  for (const auto& u : uses_)
    if (u.side == side && u.hex == h) return &u;
  return nullptr;
}

std::vector<hex::Hex> WateState::recoverable(Side side, bool first_only) const {
  std::vector<hex::Hex> out;
  if (rp_[index(side)] < data_->tables.recovery_cost()) return out;
  std::shared_ptr<const LocMap> loc;  // asked once, when a hex first needs it
  for (const auto& g : pos_.sps) {
    if (g.side != side || g.status == Status::kGood) continue;
    if (!out.empty() && out.back() == g.hex) continue;  // groups are sorted by hex
    if (const HexUse* u = find_use(side, g.hex); u && u->recovered) continue;
    if (in_enemy_zoc(board(), g.hex, side)) continue;
    if (!loc) loc = loc_map(side);
    if (!loc->has_loc(g.hex)) continue;
    if (std::find(out.begin(), out.end(), g.hex) == out.end()) out.push_back(g.hex);
    if (first_only) return out;
  }
  std::sort(out.begin(), out.end());
  return out;
}

void WateState::push_recovery_from(Side side) {
  for (Side s : {Side::kFrench, Side::kGerman}) {
    if (side == Side::kGerman && s == Side::kFrench) continue;
    if (!recoverable(s, true).empty()) {
      steps_.push_back({StepKind::kRecovery, s});
      return;
    }
  }
}

Events WateState::start_recovery_phase() {
  uses_.clear();
  push_recovery_from(Side::kFrench);
  if (steps_.empty()) return told("recovery", [&] { return "No force can recover (rule 10.0)"; });
  return {};
}

std::vector<Action> WateState::recovery_actions(Side side) const {
  std::vector<Action> out;
  for (hex::Hex h : recoverable(side)) out.emplace_back("recover").with("hex", h.id());
  out.emplace_back("end-recovery");
  return out;
}

rz::Status WateState::check_recovery(Side side, const Action& a) const {
  if (a == Action("end-recovery")) return {};
  if (a.verb != "recover")
    return make_error(Code::kIllegal,
                      "'" + a.verb + "' is not possible in the Recovery Phase: say 'recover hex=XXYY' for a force "
                                     "that recovers, or end-recovery",
                      "10.0");
  const auto h = hex_arg(a, "hex");
  if (!h || a.args.size() != 1) return make_error(Code::kMalformed, "recover needs hex=XXYY and nothing else", "10.0");
  if (!data_->map.on_map(*h)) return make_error(Code::kIllegal, h->id() + " is not on the map", "10.0");
  bool worse = false, any = false;
  for (const auto& g : pos_.sps)
    if (g.side == side && g.hex == *h) {
      any = true;
      worse = worse || g.status != Status::kGood;
    }
  const std::string who = std::string(side_name(side));
  if (!any) return make_error(Code::kIllegal, "there is no " + who + " force in " + h->id(), "10.0");
  if (!worse)
    return make_error(Code::kIllegal, "the " + who + " force in " + h->id() + " is all in good order: nothing to recover",
                      "10.0");
  if (const HexUse* u = find_use(side, *h); u && u->recovered)
    return make_error(Code::kIllegal, "the force in " + h->id() + " has already recovered a level this phase", "10.0");
  if (in_enemy_zoc(board(), *h, side))
    return make_error(Code::kIllegal, "the force in " + h->id() + " is in an enemy zone of control, so it cannot recover",
                      "10.0");
  if (!has_loc_at(*h, side))
    return make_error(Code::kIllegal,
                      "the force in " + h->id() + " cannot trace a line of communication, so it cannot recover", "10.0");
  const int cost = data_->tables.recovery_cost();
  if (rp_[index(side)] < cost)
    return make_error(Code::kIllegal, "recovering a force costs " + std::to_string(cost) + " RP; you have " +
                                          std::to_string(rp_[index(side)]),
                      "10.0");
  return {};
}

Events WateState::apply_recovery(Side side, const Action& a) {
  Events ev;
  if (a == Action("end-recovery")) {
    tell(ev, "recovery_done",
         [&] { return std::string(side_name(side)) + " ends the Recovery Phase (rule 10.0)"; });
    if (side == Side::kFrench) push_recovery_from(Side::kGerman);
    return ev;
  }
  const hex::Hex h = *hex_arg(a, "hex");
  const int cost = data_->tables.recovery_cost();
  rp_[index(side)] -= cost;
  int improved = 0;
  for (auto& g : pos_.sps) {
    if (g.side != side || g.hex != h || g.status == Status::kGood) continue;
    g.status = g.status == Status::kDemoralized ? Status::kDisrupted : Status::kGood;
    improved += g.count;
  }
  pos_.normalise_groups();
  use_of(side, h).recovered = true;
  tell(ev, "recovery", [&] {
    return std::string(side_name(side)) + " force in " + h.id() +
           " recovers: " + std::to_string(improved) +
           (improved == 1 ? " SP improves" : " SP improve") + " one level, " +
           std::to_string(cost) + " RP spent, " + std::to_string(rp_[index(side)]) +
           " left (rules 10.0, GAP-W-27)";
  });
  // The same side goes on while it has something to recover, then the next side.
  push_recovery_from(side);
  return ev;
}

}  // namespace rz::wate1870
