// 7.3 Rallying (with ruling GAP-W-27: every SP of the force improves one level;
// rulings RA-1 and RA-2 in docs/rulings/wate1870-rally.md).
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

WateState::RallySp WateState::rally_sp(Side side, hex::Hex h, bool acting) const {
  RallySp sp;
  pos_.sps.each_in(h, [&](const SpGroup& g) {
    if (g.side != side || (acting ? !g.acting : g.activated || g.acting || g.entrained)) return;
    sp.all += g.count;
    if (g.status != Status::kGood) sp.disordered += g.count;
    if (g.entrained) sp.entrained += g.count;
  });
  return sp;
}

rz::Status WateState::check_rally(Side side, hex::Hex h, const RallySp& sp) const {
  // RA-1: a rally improves a force "from disrupted or demoralized"; one all in
  // good order has nothing to rally from (as 10.0 recovers only such forces).
  if (sp.disordered == 0)
    return make_error(Code::kIllegal,
                      "every SP that would rally in " + h.id() +
                          " is in good order: a rally improves a force from disrupted or "
                          "demoralized (ruling RA-1)",
                      "7.3");
  if (sp.entrained > 0)
    return make_error(Code::kIllegal,
                      "the force in " + h.id() +
                          " is on the train: an entrained force cannot rally (ruling GAP-W-36)",
                      "7.3");
  if (in_enemy_zoc(board(), h, side))
    return make_error(Code::kIllegal, "a force in an enemy zone of control cannot rally (" + h.id() + ")", "7.3");
  if (!has_loc_at(h, side))
    return make_error(Code::kIllegal, "the force in " + h.id() + " cannot trace a line of communication, so it cannot rally",
                      "7.3");
  const int cost = data_->tables.rally_cost();
  if (rp_[index(side)] < cost)
    return make_error(Code::kIllegal, "rallying costs " + std::to_string(cost) + " RP; you have " +
                                          std::to_string(rp_[index(side)]),
                      "7.3");
  return {};
}

bool WateState::rally_possible(Side side, hex::Hex h, const RallySp& sp) const {
  // The SP and the RP first: they cost nothing to read, and a LOC may cost a trace of the map.
  return sp.disordered > 0 && sp.entrained == 0 && rp_[index(side)] >= data_->tables.rally_cost() &&
         check_rally(side, h, sp);
}

Events WateState::rally_force() {
  const int cost = data_->tables.rally_cost();
  rp_[index(force_->side)] -= cost;
  int improved = 0;
  for (auto& g : pos_.sps) {
    if (!g.acting || g.status == Status::kGood) continue;
    g.status = g.status == Status::kDemoralized ? Status::kDisrupted : Status::kGood;
    improved += g.count;
  }
  Events ev = told("rally", [&] {
    return std::string(side_name(force_->side)) + " force in " + force_->hex.id() +
           " rallies: " + std::to_string(improved) +
           (improved == 1 ? " SP improves" : " SP improve") + " one level, " +
           std::to_string(cost) + " RP spent (rule 7.3)";
  });
  append(ev, end_force_action());
  return ev;
}

}  // namespace rz::wate1870
