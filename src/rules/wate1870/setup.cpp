// 14.0 Free Set-up: the German player places his units anywhere inside
// Germany, then the French player inside France, one decision at a time,
// before turn 1 begins (initiative is rolled for the first activation,
// GAP-W-34). Rulings: docs/rulings/wate1870-forces-and-setup.md (F-4, F-7).
#include <algorithm>
#include <string>

#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

namespace {

Country home(Side s) { return s == Side::kFrench ? Country::kFrance : Country::kGermany; }
std::string country_name(Side s) { return s == Side::kFrench ? "France" : "Germany"; }

std::string where(const HexInfo& i) {
  return i.name.empty() ? i.hex.id() : i.name + " (" + i.hex.id() + ")";
}

// 14.0: a hex where `side` may set up (3.3: no stacking limit, so only the country counts).
rz::Status setup_hex(const Map& map, Side side, hex::Hex h) {
  const HexInfo* info = map.find(h);
  if (!info) return illegal(h.id() + " is not on the map", "14.0");
  if (neutral(info->country))
    return illegal(where(*info) +
                       " is neutral territory, closed to both sides; you set up inside " +
                       country_name(side),
                   "14.0");
  if (info->country != home(side))
    return illegal("the " + std::string(side_name(side)) + " player sets up inside " +
                       country_name(side) + "; " + where(*info) + " is in " +
                       country_name(other(side)),
                   "14.0");
  return {};
}

// Ruling F-7: the hexes offered in the legal actions (check accepts every hex of
// the country): the country's towns, fortresses and rail hexes, and the default.
bool offered(const Map& map, const HexInfo& i, Side side, hex::Hex default_hex) {
  if (i.country != home(side)) return false;
  return i.hex == default_hex || i.town || i.fortress_sr > 0 || map.rail(i.hex);
}

// "SP of II Corps (Frossard)" or "SP of no formation".
std::string sp_of(const Forces& forces, const std::string& formation) {
  if (formation.empty()) return "SP of no formation";
  const HqDef* def = forces.find(formation);
  return "SP of " + (def ? def->name : formation);
}

}  // namespace

void WateState::take_setup(const Scenario& sc) {
  // Placement order (ruling F-7): each HQ, then the SP of its formation, as the
  // scenario lists them; then SP of formations without a placed HQ.
  std::vector<bool> taken(sc.sps.size(), false);
  auto sp_piece = [](const SpPlacement& p) {
    return SetupPiece{p.side, "", p.formation, p.hex, p.sp, p.status, false};
  };
  for (const auto& h : sc.hqs) {
    const HqDef* def = data_->forces.find(h.hq);
    setup_.push_back(SetupPiece{def->side, h.hq, "", h.hex, 0, Status::kGood, h.replacement});
    for (std::size_t i = 0; i < sc.sps.size(); ++i)
      if (!taken[i] && sc.sps[i].formation == h.hq) {
        taken[i] = true;
        setup_.push_back(sp_piece(sc.sps[i]));
      }
  }
  for (std::size_t i = 0; i < sc.sps.size(); ++i)
    if (!taken[i]) setup_.push_back(sp_piece(sc.sps[i]));
}

std::optional<Side> WateState::setup_side_after(std::optional<Side> done) const {
  // 14.0: "The German player first sets up ..., followed by the French player".
  for (Side s : {Side::kGerman, Side::kFrench}) {
    if (done) {
      if (s == *done) done.reset();
      continue;
    }
    if (std::any_of(setup_.begin(), setup_.end(), [&](const SetupPiece& p) { return p.side == s; }))
      return s;
  }
  return std::nullopt;
}

std::vector<Action> WateState::setup_actions(Side side) const {
  const auto next = std::find_if(setup_.begin(), setup_.end(),
                                 [&](const SetupPiece& p) { return p.side == side; });
  if (next == setup_.end()) return {Action("end-setup")};
  // The next unit in order over the offered hexes (ruling F-7), or the rest at their defaults.
  std::vector<Action> out{Action("auto-setup")};
  for (const auto& i : data_->map.hexes()) {
    if (!offered(data_->map, i, side, next->hex)) continue;
    Action a("place");
    if (!next->hq.empty()) {
      a.with("hq", next->hq).with("hex", i.hex.id());
    } else {
      if (!next->formation.empty()) a.with("formation", next->formation);
      a.with("hex", i.hex.id()).with("sp", std::to_string(next->sp));
    }
    out.push_back(std::move(a));
  }
  return out;
}

rz::Status WateState::check_setup(Side side, const Action& a) const {
  int left = 0;
  for (const auto& p : setup_)
    if (p.side == side) left += p.hq.empty() ? p.sp : 1;
  if (a.verb == "end-setup" || a.verb == "auto-setup") {
    if (!a.args.empty()) return make_error(Code::kMalformed, "'" + a.verb + "' takes no arguments");
    if (a.verb == "end-setup" && left > 0)
      return illegal(
          "you still have " + std::to_string(left) +
              " HQs and SP to set up: place them, or auto-setup to put the rest at their default "
              "hexes",
          "14.0");
    if (a.verb == "auto-setup" && left == 0)
      return illegal("every one of your units is already set up", "14.0");
    return {};
  }
  if (a.verb != "place")
    return illegal(
        "'" + a.verb +
            "' is not possible during the set-up: 'place hq=ID hex=XXYY', 'place formation=ID "
            "hex=XXYY sp=N', 'auto-setup' or 'end-setup'",
        "14.0");
  const auto h = hex_arg(a, "hex");
  if (!h) return make_error(Code::kMalformed, "place needs hex=XXYY", "14.0");
  if (const std::string* id = a.get("hq")) {
    if (a.args.size() != 2)
      return make_error(Code::kMalformed, "place hq=ID hex=XXYY takes nothing else", "14.0");
    const HqDef* def = data_->forces.find(*id);
    if (!def) return make_error(Code::kNotFound, "there is no HQ '" + *id + "'");
    if (def->side != side) return illegal(hq_label(*id) + " is not yours to set up", "14.0");
    const bool waiting =
        std::any_of(setup_.begin(), setup_.end(), [&](const SetupPiece& p) { return p.hq == *id; });
    if (!waiting) {
      const HqUnit* q = pos_.hq(*id);
      return illegal(
          hq_label(*id) + (q && q->in_pool ? " is in the force pool: it enters by mobilization"
                           : q && q->hex   ? " is already set up in " + q->hex->id()
                                           : " is not part of this set-up"),
          q && q->in_pool ? "6.2" : "14.0");
    }
    return setup_hex(data_->map, side, *h);
  }
  const auto n = int_arg(a, "sp");
  const std::string* f = a.get("formation");
  if (!n || a.args.size() != (f ? 3u : 2u))
    return make_error(
        Code::kMalformed,
        with_number_fault(
            "place SP with formation=ID hex=XXYY sp=N (formation left out: SP of no formation)", a,
            "sp"),
        "14.0");
  const std::string formation = f ? *f : "";
  if (*n < 1) return make_error(Code::kMalformed, "place at least 1 SP", "14.0");
  int waiting = 0;
  for (const auto& p : setup_)
    if (p.side == side && p.hq.empty() && p.formation == formation) waiting += p.sp;
  const std::string what = sp_of(data_->forces, formation);
  if (waiting == 0) return illegal("you have no " + what + " left to set up", "14.0");
  if (*n > waiting)
    return illegal("you have " + std::to_string(waiting) + " " + what +
                       " left to set up; you named " + std::to_string(*n),
                   "14.0");
  return setup_hex(data_->map, side, *h);
}

Events WateState::apply_setup(Side side, const Action& a) {
  const std::string who(side_name(side));
  Events ev;
  auto place_hq = [&](const SetupPiece& p, hex::Hex h) {
    pos_.hqs.push_back(HqUnit{p.hq, p.side, h, p.flipped, false, false, 0});
    tell(ev, "setup", [&] {
      return who + " sets up " + hq_label(p.hq) + " in " + where(*data_->map.find(h)) +
             " (rule 14.0)";
    });
  };
  if (a.verb == "end-setup") {
    tell(ev, "setup", [&] { return who + " has set up (rule 14.0)"; });
    if (const auto next = setup_side_after(side)) steps_.push_back({StepKind::kSetup, *next});
    return ev;  // no one left: turn 1 begins (state.cpp, advance_phase)
  }
  if (a.verb == "auto-setup") {
    for (const auto& p : setup_) {
      if (p.side != side) continue;
      if (!p.hq.empty()) {
        place_hq(p, p.hex);
      } else {
        pos_.sps.push_back(SpGroup{side, p.hex, p.formation, p.status, p.sp, false, false});
        tell(ev, "setup", [&] {
          return who + " sets up " + std::to_string(p.sp) + " " +
                 sp_of(data_->forces, p.formation) + " in " + where(*data_->map.find(p.hex)) +
                 " (rule 14.0)";
        });
      }
    }
    std::erase_if(setup_, [&](const SetupPiece& p) { return p.side == side; });
  } else if (const std::string* id = a.get("hq")) {
    const auto it = std::find_if(setup_.begin(), setup_.end(),
                                 [&](const SetupPiece& p) { return p.hq == *id; });
    place_hq(*it, *hex_arg(a, "hex"));
    setup_.erase(it);
  } else {
    // SP of a formation: taken from its pieces in order, each keeping its status.
    const hex::Hex h = *hex_arg(a, "hex");
    const std::string formation = a.get("formation") ? *a.get("formation") : "";
    int n = *int_arg(a, "sp");
    const int placed = n;
    for (auto& p : setup_) {
      if (n == 0) break;
      if (p.side != side || !p.hq.empty() || p.formation != formation) continue;
      const int k = std::min(n, p.sp);
      pos_.sps.push_back(SpGroup{side, h, formation, p.status, k, false, false});
      p.sp -= k;
      n -= k;
    }
    std::erase_if(setup_, [](const SetupPiece& p) { return p.hq.empty() && p.sp <= 0; });
    tell(ev, "setup", [&] {
      return who + " sets up " + std::to_string(placed) + " " + sp_of(data_->forces, formation) +
             " in " + where(*data_->map.find(h)) + " (rule 14.0)";
    });
  }
  pos_.normalise();
  steps_.push_back({StepKind::kSetup, side});  // the side goes on until end-setup
  return ev;
}

}  // namespace rz::wate1870
