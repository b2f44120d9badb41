// Loss absorption, chosen by the owner one SP at a time: 8.5 (eliminate SP
// 1:1, then degrade one SP one step per LP) and 7.1.2 (steps only). If the
// engaged force is wholly eliminated, the LP left are disregarded.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

namespace {

using Pick = WateState::LossPick;

// A step's hex (none: 0000, off the map) limits its losses to the SP that
// retreated into that hex across a river (8.6).
constexpr hex::Hex kAnyHex{};

// The kinds of engaged SP, sorted and each once (a small vector: a loss is
// listed, checked and applied for every SP it takes).
std::vector<Pick> engaged_kinds(const Position& pos, Side side, hex::Hex crossed = kAnyHex) {
  std::vector<Pick> out;
  for (const auto& g : pos.sps)
    if (g.engaged && g.side == side && g.count > 0 &&
        (crossed == kAnyHex || (g.retreated == SpGroup::kRetreatedNow && g.hex == crossed)))
      out.push_back({g.hex, g.formation, g.status});
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

void WateState::push_absorb(Side side, int eliminate, int steps, std::optional<hex::Hex> crossed) {
  const hex::Hex where = crossed.value_or(kAnyHex);
  if (eliminate + steps <= 0 || engaged_kinds(pos_, side, where).empty()) return;
  steps_.push_back({StepKind::kAbsorb, side, where, eliminate, steps});
}

WateState::Loss WateState::loss() const {
  if (move_kind() != MoveKind::kPlayer || steps_.back().kind != StepKind::kAbsorb) return {};
  const Step& step = steps_.back();
  return {step.n1 > 0, engaged_kinds(pos_, step.side, step.hex)};
}

Action WateState::Loss::order(const LossPick& p) const {
  return Action(eliminate ? "eliminate" : "degrade")
      .with("hex", p.hex.id())
      .with("formation", p.formation.empty() ? "none" : p.formation.str())
      .with("status", std::string(status_name(p.status)));
}

std::vector<Action> WateState::absorb_actions(const Step& step) const {
  const Loss l{step.n1 > 0, engaged_kinds(pos_, step.side, step.hex)};
  std::vector<Action> out;
  out.reserve(l.picks.size());
  for (const auto& p : l.picks) out.push_back(l.order(p));
  return out;
}

rz::Status WateState::check_absorb(const Step& step, const Action& a) const {
  const char* verb = step.n1 > 0 ? "eliminate" : "degrade";
  const std::string due = step.n1 > 0 ? std::to_string(step.n1) + " SP to eliminate"
                                      : steps_text(step.n2) + " to absorb";
  if (a.verb != verb)
    return make_error(Code::kIllegal,
                      "you have " + due + ": choose an engaged SP with '" + verb +
                          " hex=XXYY formation=ID status=good|disrupted|demoralized'",
                      loss_rule());
  const std::string* h = a.get("hex");
  const std::string* f = a.get("formation");
  const std::string* st = a.get("status");
  if (!h || !f || !st || a.args.size() != 3) return make_error(Code::kMalformed, std::string(verb) + " needs hex=, formation= and status=");
  auto hx = hex::parse_hex(*h);
  auto status = parse_status(*st);
  if (!hx || !status) return make_error(Code::kMalformed, "'" + *h + "' or '" + *st + "' is not a hex number or a status");
  // By the formation's text: a name a player typed is not made a Name.
  const std::string_view formation = *f == "none" ? std::string_view() : std::string_view(*f);
  const auto kinds = engaged_kinds(pos_, step.side, step.hex);
  if (std::none_of(kinds.begin(), kinds.end(), [&](const Pick& k) {
        return k.hex == *hx && k.status == *status && k.formation == formation;
      }))
    return make_error(
        Code::kIllegal,
        step.hex == kAnyHex
            ? "no engaged " + std::string(side_name(step.side)) + " SP of " + *f + " in " + *h +
                  " is " + *st + "; only SP that took part absorb the losses"
            : "no " + std::string(side_name(step.side)) + " SP of " + *f + " in " + *h + " is " +
                  *st + "; only the SP that retreated across the river into " + step.hex.id() +
                  " absorb its loss",
        loss_rule());
  return {};
}

Events WateState::apply_absorb(const Step& step, const Action& a) {
  // An order that passed check_absorb (or its list's own).
  const struct {
    hex::Hex hex;
    std::string formation;
    Status status;
  } p{*hex::parse_hex(*a.get("hex")),
      *a.get("formation") == "none" ? std::string() : *a.get("formation"),
      *parse_status(*a.get("status"))};
  // Split one SP off the chosen group, then eliminate it or degrade it a status.
  const bool eliminated = step.n1 > 0 || p.status == Status::kDemoralized;
  const Status worse = p.status == Status::kGood ? Status::kDisrupted : Status::kDemoralized;
  pos_.edit_hex(p.hex, [&](std::vector<SpGroup>& run) {
    for (auto& g : run) {
      if (!g.engaged || g.side != step.side || g.formation != p.formation || g.status != p.status ||
          g.count == 0 || (step.hex != kAnyHex && g.retreated != SpGroup::kRetreatedNow))
        continue;
      g.count -= 1;
      if (!eliminated) {
        SpGroup one = g;
        one.count = 1;
        one.status = worse;
        run.push_back(one);  // g is not used after this
      }
      break;
    }
  });
  if (eliminated) ++eliminated_[index(step.side)];
  // The loss of a Chassepot Fire (7.1.2), of a combat (8.5), or of a river
  // crossed in retreat (8.6: the combat's retreat stage, or 8.1's).
  const char* rule = loss_rule();
  const std::string becomes = eliminated ? "" : " -> " + std::string(status_name(worse));
  Events ev = told("loss", [&] {
    return std::string(side_name(step.side)) + (eliminated ? " eliminates" : " degrades") +
           " 1 SP of " + (p.formation.empty() ? "no formation" : p.formation) + " in " +
           p.hex.id() + " (" + std::string(status_name(p.status)) + becomes + ") (rule " + rule +
           ")";
  });
  const int n1 = std::max(0, step.n1 - 1);
  const int n2 = step.n1 > 0 ? step.n2 : step.n2 - 1;
  if (n1 + n2 > 0 && !engaged_kinds(pos_, step.side, step.hex).empty()) {
    steps_.push_back({StepKind::kAbsorb, step.side, step.hex, n1, n2});
  } else if (n1 + n2 > 0) {
    tell(ev, "loss", [&] {
      return "The force is wholly eliminated; " + std::to_string(n1 + n2) +
             (n1 + n2 == 1 ? " LP is" : " LP are") + " disregarded (rule " + rule + ")";
    });
  }
  return ev;
}

const char* WateState::loss_rule() const {
  // The combat's stage 7 is its losses (8.5); before it, 8.1's retreat, and
  // after it, 8.6's, may cross a river.
  return !combat_ ? "7.1.2" : combat_->stage == 7 ? "8.5" : "8.6";
}

}  // namespace rz::wate1870
