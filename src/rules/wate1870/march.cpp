// 7.1 March: moving a force hex by hex, paying the Terrain Effects Chart,
// stopping in the first enemy ZOC entered (3.4), and taking control of the
// hexes moved through (3.7) with the VP that brings (11.0).
#include <algorithm>

#include "rules/wate1870/movement.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

MoveContext context_of(const Position& pos, const ActiveForce& f) {
  MoveContext ctx;
  ctx.side = f.side;
  ctx.cautious = f.cautious;
  // 7.1: the French pay +1 to leave a hex that still holds a friendly force
  // once the marching force has gone; leaving an emptied hex costs nothing extra.
  bool others = false;
  for (const auto& g : pos.sps) others = others || (g.hex == f.hex && g.side == f.side && !g.acting);
  for (const auto& q : pos.hqs)
    others = others || (q.hex == f.hex && q.side == f.side &&
                        std::find(f.hqs.begin(), f.hqs.end(), q.id) == f.hqs.end());
  if (!others) ctx.leaving_own_hex = f.hex;
  return ctx;
}

}  // namespace

std::vector<Action> WateState::march_actions(Side side) const {
  std::vector<Action> out{Action("stop")};
  if (force_->must_stop) return out;
  for (auto to : hex::neighbours(force_->hex)) {
    Action a = Action("move").with("to", to.id());
    if (check_march(side, a)) out.push_back(a);
  }
  return out;
}

rz::Status WateState::check_march(Side side, const Action& a) const {
  (void)side;
  if (a.verb == "stop") return a.args.empty() ? rz::Status{} : make_error(Code::kMalformed, "'stop' takes no arguments");
  if (a.verb != "move")
    return make_error(Code::kIllegal, "'" + a.verb + "' is not possible while marching: move to=XXYY or stop", "7.1");
  const std::string* t = a.get("to");
  if (!t || a.args.size() != 1) return make_error(Code::kMalformed, "move needs to=XXYY");
  auto to = hex::parse_hex(*t);
  if (!to) return make_error(Code::kMalformed, "'" + *t + "' is not a hex number (XXYY)");
  if (force_->must_stop)
    return make_error(Code::kIllegal, "the force entered an enemy zone of control in " + force_->hex.id() +
                                          " and must stop there",
                      "3.4");
  auto cost = enter_cost(board(), force_->hex, *to, context_of(pos_, *force_));
  if (!cost) return cost.error();
  if (*cost > force_->mp_left)
    return make_error(Code::kIllegal, "entering " + to->id() + " costs " + std::to_string(*cost) + " MP; the force has " +
                                          std::to_string(force_->mp_left) + " left",
                      "7.1");
  return {};
}

Events WateState::take_control(hex::Hex h, Side side) {
  const HexInfo* info = data_->map.find(h);
  const auto before = pos_.controller(data_->map, h);
  if (before == side || !info) return {};
  pos_.set_controller(data_->map, h, side);
  Events ev;
  if (info->town || info->fortress_sr > 0) {
    // 11.0: towns change VP when they change hands (ruling GAP-W-28 on the sign).
    const int dv = info->town ? data_->tables.vp_town(info->country, side) : 0;
    if (dv != 0) {
      vp_ += dv;
      ev.push_back({"vp", std::string(side_name(side)) + " takes control of " + info->name + ": VP " +
                              (dv > 0 ? "+" : "") + std::to_string(dv) + " -> " + std::to_string(vp_) + " (rule 11.0)",
                    {}});
    }
  }
  return ev;
}

Events WateState::enter_hex(hex::Hex to, int cost) {
  const hex::Hex from = force_->hex;
  for (auto& g : pos_.sps)
    if (g.acting) g.hex = to;
  for (const auto& id : force_->hqs) pos_.hq(id)->hex = to;
  force_->hex = to;
  force_->mp_left -= cost;
  force_->moved = true;
  Events ev{{"move", std::string(side_name(force_->side)) + " force moves " + from.id() + " -> " + to.id() + " (" +
                         std::to_string(cost) + " MP, " + std::to_string(force_->mp_left) + " left, rule 7.1)",
             {}}};
  auto c = take_control(to, force_->side);  // 3.7: the last force to move through
  ev.insert(ev.end(), c.begin(), c.end());
  if (in_enemy_zoc(board(), to, force_->side)) {
    force_->must_stop = true;
    ev.push_back({"zoc", "It entered an enemy zone of control and must stop (rule 3.4)", {}});
  }
  pos_.normalise();
  return ev;
}

Events WateState::apply_march(Side side, const Action& a) {
  if (a.verb == "stop") {
    Events ev{{"stop", std::string(side_name(side)) + " force ends its march in " + force_->hex.id() + " (rule 7.1)", {}}};
    auto e = end_force_action();
    ev.insert(ev.end(), e.begin(), e.end());
    return ev;
  }
  const hex::Hex to = *hex::parse_hex(*a.get("to"));
  const int cost = *enter_cost(board(), force_->hex, to, context_of(pos_, *force_));
  steps_.push_back({StepKind::kMarch, side});
  return enter_hex(to, cost);
}

}  // namespace rz::wate1870
