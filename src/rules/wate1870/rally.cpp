// 7.3 Rallying (with ruling GAP-W-27: every SP of the force improves one level).
#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

rz::Status WateState::check_rally(Side side, hex::Hex h) const {
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

bool WateState::rally_possible(Side side, hex::Hex h) const {
  // The RP first: it costs nothing to read, and a LOC may cost a trace of the map.
  return rp_[index(side)] >= data_->tables.rally_cost() && check_rally(side, h);
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
  Events ev{{"rally", std::string(side_name(force_->side)) + " force in " + force_->hex.id() + " rallies: " +
                          std::to_string(improved) + " SP improve one level, " + std::to_string(cost) +
                          " RP spent (rule 7.3)",
             {}}};
  append(ev, end_force_action());
  return ev;
}

}  // namespace rz::wate1870
