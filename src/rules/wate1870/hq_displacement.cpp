// GAP-W-35: an HQ alone in a hex (no SP of its side) when an enemy force
// enters it, or when combat leaves it without its SP, displaces up to 2 hexes
// to a hex holding friendly SP; with none in reach it suffers an automatic
// casualty result of 1 (8.5.1). Ruling C-6 in docs/rulings/wate1870-combat.md.
#include <algorithm>

#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

namespace {

// HQs of `side` in `h` when `h` holds no SP of `side`, by id.
std::vector<std::string> lone_hqs(const Position& pos, Side side, hex::Hex h) {
  std::vector<std::string> out;
  if (pos.sp(h, side) > 0) return out;
  for (const auto& q : pos.hqs)
    if (q.side == side && q.hex == h) out.push_back(q.id);
  return out;
}

}  // namespace

// The events name the owner (visible_to) for 12.2: they tell of his HQs,
// whoever acts (fog.cpp decides whether the other side may see them).
Events WateState::displace_lone_hqs(Side side, hex::Hex h) {
  const auto ids = lone_hqs(pos_, side, h);
  if (ids.empty() || over_) return {};  // most march steps: no list of owners made
  const std::vector<int> owner{index(side)};
  const auto dest = displacement_hexes(board(), h, side);
  if (dest.empty()) {
    steps_.push_back({StepKind::kHqDisplaceRoll, side, h});
    return told(
        "displace",
        [&] {
          return hq_label(ids.front()) + " is alone in " + h.id() +
                 " with no friendly SP within 2 hexes: an automatic casualty result of 1 "
                 "(rule 8.5.1, ruling GAP-W-35)";
        },
        owner);
  }
  if (dest.size() > 1) {
    steps_.push_back({StepKind::kHqDisplace, side, h});
    return told(
        "displace",
        [&] {
          return std::string(side_name(side)) + " HQs alone in " + h.id() +
                 " must displace up to 2 hexes to friendly SP: the owner chooses where (ruling "
                 "GAP-W-35)";
        },
        owner);
  }
  Events ev;
  for (const auto& id : ids) {
    pos_.hq(id)->hex = dest.front();
    if (force_) std::erase(force_->hqs, id);  // it no longer moves with the force
    tell(
        ev, "displace",
        [&] {
          return hq_label(id) + ", alone in " + h.id() + ", displaces to " + dest.front().id() +
                 " (ruling GAP-W-35)";
        },
        owner);
  }
  return ev;
}

std::vector<Action> WateState::displace_actions(const Step& step) const {
  std::vector<Action> out;
  const auto dest = displacement_hexes(board(), step.hex, step.side);
  for (const auto& id : lone_hqs(pos_, step.side, step.hex))
    for (auto to : dest) out.emplace_back("displace").with("hq", id).with("to", to.id());
  return out;
}

rz::Status WateState::check_displace(const Step& step, const Action& a) const {
  if (a.verb != "displace")
    return illegal(
        "your HQs alone in " + step.hex.id() +
            " must displace first: displace hq=ID to=XXYY, a hex with friendly SP within 2 hexes",
        "GAP-W-35");
  const std::string* id = a.get("hq");
  const auto to = hex_arg(a, "to");
  if (!id || !to || a.args.size() != 2)
    return make_error(Code::kMalformed, "displace needs hq=ID and to=XXYY");
  const auto ids = lone_hqs(pos_, step.side, step.hex);
  if (std::find(ids.begin(), ids.end(), *id) == ids.end())
    return illegal("'" + *id + "' is not one of your HQs alone in " + step.hex.id(), "GAP-W-35");
  const auto dest = displacement_hexes(board(), step.hex, step.side);
  if (std::find(dest.begin(), dest.end(), *to) == dest.end())
    return illegal(to->id() +
                       " is not a hex with friendly SP (and no enemy SP) within 2 hexes of " +
                       step.hex.id() + " reached without passing enemy-occupied hexes",
                   "GAP-W-35");
  return {};
}

Events WateState::apply_displace(const Step& step, const Action& a) {
  const std::string id = *a.get("hq");
  const hex::Hex to = *hex_arg(a, "to");
  pos_.hq(id)->hex = to;
  if (force_) std::erase(force_->hqs, id);
  Events ev = told("displace",
                   [&] {
                     return hq_label(id) + ", alone in " + step.hex.id() + ", displaces to " +
                            to.id() + " (ruling GAP-W-35)";
                   },
                   {index(step.side)});
  append(ev, displace_lone_hqs(step.side, step.hex));  // the next HQ of that hex, if any
  return ev;
}

Events WateState::apply_displace_roll(const Step& step, const Action& a) {
  const auto ids = lone_hqs(pos_, step.side, step.hex);
  if (ids.empty()) return {};
  const int d3 = d3_from_d6(std::stoi(*a.get("d")));  // 3.1
  Events ev = hq_casualty(ids.front(), 1, d3);
  // 12.2, ruling F-2: the check tells of the HQ displacing, so it is its owner's
  // event (a combat's casualty checks are public, F-3; this one is out of contact).
  for (auto& e : ev)
    if (e.kind == "hq_casualty") e.visible_to = {index(step.side)};
  if (over_) return ev;
  append(ev, displace_lone_hqs(step.side, step.hex));
  return ev;
}

}  // namespace rz::wate1870
