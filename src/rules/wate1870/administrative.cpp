// 6.2 Mobilization in the Administrative Phase, and HQs returning from a
// casualty (8.5.1, ruling GAP-W-20). Rulings: GAP-W-24 (German towns inside
// Germany only), GAP-W-32 (force-pool HQs), docs/rulings/wate1870-phases.md
// (P-4 to P-8: new SP belong to no formation, no generic HQs, which enemy
// units keep the distance, returning HQs).
#include <algorithm>
#include <climits>
#include <optional>
#include <string>

#include "rules/wate1870/loc.hpp"
#include "rules/wate1870/order_list.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

namespace {

Country home(Side s) { return s == Side::kFrench ? Country::kFrance : Country::kGermany; }

// The hexes of the units that keep mobilization away from `side` (6.2):
// non-demoralized enemy SP, and HQ counters on the map (an HQ has no status;
// ruling P-6). Sorted, each once: a turn asks it for every home town.
std::vector<hex::Hex> threats_in(const Position& pos, Side side) {
  std::vector<hex::Hex> out;
  for (const auto& g : pos.sps)
    if (g.side != side && g.status != Status::kDemoralized) out.push_back(g.hex);
  for (const auto& q : pos.hqs)
    if (q.side != side && q.hex) out.push_back(*q.hex);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Some hex of `sorted` (by column, then row) is within `d` hexes of h. A hex
// within d hexes is within d columns, so only that band of the list is measured.
bool any_within(const std::vector<hex::Hex>& sorted, hex::Hex h, int d) {
  if (d < 0) return false;
  auto it = std::lower_bound(sorted.begin(), sorted.end(), hex::Hex{h.col - d, INT_MIN});
  for (; it != sorted.end() && it->col <= h.col + d; ++it)
    if (hex::distance(*it, h) <= d) return true;
  return false;
}

std::string place(const HexInfo& i) { return i.name.empty() ? i.hex.id() : i.name + " (" + i.hex.id() + ")"; }

}  // namespace

// Every condition of 6.2 on a hex but the per-hex limits.
rz::Status WateState::check_mobilization_hex(Side side, hex::Hex h) const {
  // The common case, a hex that qualifies, from the list made once per state.
  const auto ok = mobilization_hexes(side);
  if (std::binary_search(ok.begin(), ok.end(), h)) return {};
  return check_mobilization_hex_afresh(side, h);
}

std::vector<hex::Hex> WateState::mobilization_threats(Side side) const {
  // Ruling F-8: an enemy stack the player may not inspect counts as not demoralized (12.2).
  if (!options_.flag("12.2")) return threats_in(pos_, side);
  return threats_in(applying_ ? planning_position(side) : planned_position(side), side);
}

WateState::Refusal WateState::mobilization_refusal(Side side, hex::Hex h,
                                                   const std::vector<hex::Hex>& threats) const {
  const HexInfo* info = data_->map.find(h);
  if (!info) return Refusal::kOffMap;
  const bool fortress = info->fortress_sr > 0 && !pos_.fortress_destroyed(h);
  const bool town = side == Side::kGerman && info->town;
  if (!fortress && !town) return Refusal::kNoFortressOrTown;
  if (info->country != home(side)) return Refusal::kAbroad;
  if (pos_.controller(data_->map, h) != side) return Refusal::kNotControlled;
  if (fortress && data_->tables.under_siege(pos_.sp(h, other(side)), info->fortress_sr + pos_.sp(h, side)))
    return Refusal::kBesieged;
  if (any_within(threats, h, data_->tables.mobilise_min_distance(side) - 1))
    return Refusal::kTooClose;
  return Refusal::kNone;
}

rz::Status WateState::check_mobilization_place(Side side, hex::Hex h) const {
  const Refusal refusal = mobilization_refusal(side, h, mobilization_threats(side));
  if (refusal == Refusal::kNone) return {};
  // The message names the place only once the hex is known to be turned down.
  const bool french = side == Side::kFrench;
  const HexInfo* info = data_->map.find(h);
  const std::string where = info ? place(*info) : h.id();
  switch (refusal) {
    case Refusal::kNone:
      return {};
    case Refusal::kOffMap:
      return illegal(h.id() + " is not on the map", "6.2");
    case Refusal::kNoFortressOrTown:
      return illegal(
          french ? where + " is not an undestroyed fortress; the French mobilize only in fortresses"
                 : where + " is neither an undestroyed fortress nor a town",
          "6.2");
    case Refusal::kAbroad:
      return illegal(where + " is not in " + (french ? "France" : "Germany") +
                         "; units are mobilized only in their own country",
                     french ? "6.2" : "6.2, GAP-W-24");
    case Refusal::kNotControlled:
      return illegal(where + " is not controlled by you", "6.2");
    case Refusal::kBesieged:
      return illegal(where + " is under siege", "6.2");
    case Refusal::kTooClose: {
      const int min_d = data_->tables.mobilise_min_distance(side);
      return illegal(
          french ? where + " is within " + std::to_string(min_d - 1) +
                       " hexes of a non-demoralized enemy unit; the French mobilize at least " +
                       std::to_string(min_d) + " hexes away"
                 : where + " is adjacent to a non-demoralized enemy unit",
          "6.2");
    }
  }
  return {};
}

// Position `p` with the fortresses `hexes` taken out of the sources of supply
// (marked destroyed).
static Position without_fortresses(const Position& pos, const std::vector<hex::Hex>& hexes) {
  Position p = pos;
  p.destroyed.insert(p.destroyed.end(), hexes.begin(), hexes.end());
  std::sort(p.destroyed.begin(), p.destroyed.end());
  return p;
}

rz::Status WateState::check_mobilization_hex_afresh(Side side, hex::Hex h) const {
  if (auto st = check_mobilization_place(side, h); !st) return st;
  // The hex must trace a LOC without counting itself as a source: the same
  // position with this fortress taken out of the sources (marked destroyed).
  const HexInfo& info = *data_->map.find(h);
  const bool fortress = info.fortress_sr > 0 && !pos_.fortress_destroyed(h);
  const bool loc = fortress ? has_loc(Board{*data_, without_fortresses(pos_, {h}), options_}, h, side)
                            : has_loc_at(h, side);
  if (!loc)
    return illegal(place(info) + " cannot trace a line of communication to another source of supply", "6.2, 4.1");
  return {};
}

std::vector<hex::Hex> WateState::mobilization_hexes_afresh(Side side, bool* every) const {
  std::vector<hex::Hex> places, forts;
  const auto threats = mobilization_threats(side);
  for (const auto& i : data_->map.hexes()) {
    if (i.country != home(side)) continue;
    if (!(i.fortress_sr > 0 || (side == Side::kGerman && i.town))) continue;
    if (mobilization_refusal(side, i.hex, threats) != Refusal::kNone) continue;
    places.push_back(i.hex);
    if (i.fortress_sr > 0 && !pos_.fortress_destroyed(i.hex)) forts.push_back(i.hex);
  }
  // A fortress traces its LOC without itself as a source. One trace with every
  // such fortress taken out answers most of them: taking out more sources (and
  // the fortress hexes that close enemy ZOC) only shrinks the LOC (4.1), so a
  // hex with a LOC there has one without itself alone. The others are traced
  // one by one, as check_mobilization_hex_afresh does.
  std::sort(forts.begin(), forts.end());
  std::shared_ptr<const LocMap> without_all;
  if (!forts.empty()) without_all = LocMap::of(Board{*data_, without_fortresses(pos_, forts), options_}, side);
  std::vector<hex::Hex> out;
  // The side's own LOC map, asked for once: while an order is applied each ask traces afresh.
  std::shared_ptr<const LocMap> own;
  for (hex::Hex h : places) {
    const bool fortress = std::binary_search(forts.begin(), forts.end(), h);
    if (!fortress && !own) own = loc_map(side);
    const bool loc = !fortress ? own->has_loc(h)
                               : without_all->has_loc(h) ||
                                     has_loc(Board{*data_, without_fortresses(pos_, {h}), options_}, h, side);
    if (loc) out.push_back(h);
  }
  if (every) *every = out.size() == places.size();
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<hex::Hex> WateState::mobilization_hexes_one_by_one(Side side) const {
  std::vector<hex::Hex> out;
  for (const auto& i : data_->map.hexes()) {
    if (i.country != home(side)) continue;
    if (!(i.fortress_sr > 0 || (side == Side::kGerman && i.town))) continue;
    if (check_mobilization_hex_afresh(side, i.hex)) out.push_back(i.hex);
  }
  std::sort(out.begin(), out.end());
  return out;
}

void WateState::admin_actions(Side side, OrderList& out) const {
  const auto& t = data_->tables;
  const int rp = rp_[index(side)];
  // 8.5.1: an HQ off the map after a casualty, due back this turn.
  const auto due_back = [&](const HqUnit& q) {
    return !q.in_pool && !q.hex && q.returns_on_turn > 0 && q.returns_on_turn <= turn_;
  };
  // 6.2: the places are worked out only if something could be put there: SP or
  // an HQ the side can pay for, or an HQ due back.
  const bool returning = std::any_of(pos_.hqs.begin(), pos_.hqs.end(),
                                     [&](const HqUnit& q) { return q.side == side && due_back(q); });
  if (!returning && rp < t.mobilise_sp_cost(side) && rp < t.mobilise_hq_cost(side)) return;
  const auto hexes = mobilization_hexes(side);
  for (hex::Hex h : hexes) {
    const HexUse* u = find_use(side, h);
    const int room = t.mobilise_sp_per_hex(side) - (u ? u->sp : 0);
    for (int n = 1; n <= room && n * t.mobilise_sp_cost(side) <= rp; ++n)
      out.add("mobilize").hex("hex", h).num("sp", n);
  }
  for (const auto& q : pos_.hqs) {
    if (q.side != side) continue;
    if (q.in_pool && rp >= t.mobilise_hq_cost(side)) {
      for (hex::Hex h : hexes) {
        const HexUse* u = find_use(side, h);
        if ((u ? u->hq : 0) < t.mobilise_hq_per_hex(side))
          out.add("mobilize").text("hq", q.id).hex("hex", h);
      }
    } else if (due_back(q)) {
      for (hex::Hex h : hexes) out.add("return").text("hq", q.id).hex("hex", h);
    }
  }
}

rz::Status WateState::check_admin(Side side, const Action& a) const {
  const auto& t = data_->tables;
  const int rp = rp_[index(side)];
  if (a.verb != "mobilize" && a.verb != "return")
    return illegal("'" + a.verb + "' is not possible in the Administrative Phase, where a side collects RP and "
                                  "mobilizes: 'mobilize hex=XXYY sp=N', 'mobilize hq=ID hex=XXYY', 'return hq=ID "
                                  "hex=XXYY' or end-administrative",
                   "6.0");
  const auto h = hex_arg(a, "hex");
  if (!h) return make_error(Code::kMalformed, a.verb + " needs hex=XXYY", "6.2");
  const std::string* hq_id = a.get("hq");
  if (a.verb == "return" || hq_id) {
    if (!hq_id || a.args.size() != 2)
      return make_error(Code::kMalformed, a.verb + " of an HQ needs hq=ID and hex=XXYY and nothing else", "6.2");
    const HqUnit* q = pos_.hq(*hq_id);
    if (!q || q->side != side) return illegal("you have no HQ " + *hq_id, "6.2");
    if (a.verb == "mobilize") {
      if (!q->in_pool) return illegal(hq_label(q->id) + " is not in your force pool", "6.2, GAP-W-32");
      if (rp < t.mobilise_hq_cost(side))
        return illegal("an HQ costs " + std::to_string(t.mobilise_hq_cost(side)) + " RP; you have " + std::to_string(rp),
                       "6.2");
      const HexUse* u = find_use(side, *h);
      if ((u ? u->hq : 0) >= t.mobilise_hq_per_hex(side))
        return illegal("an HQ has already been mobilized in " + h->id() + " this turn (1 HQ per hex)", "6.2");
    } else {
      if (q->in_pool || q->hex || q->returns_on_turn == 0)
        return illegal(hq_label(q->id) + " is not off the map after a casualty", "8.5.1");
      if (q->returns_on_turn > turn_)
        return illegal(hq_label(q->id) + " returns on turn " + std::to_string(q->returns_on_turn) + ", not before",
                       "8.5.1");
    }
    auto ok = check_mobilization_hex(side, *h);
    if (!ok) return ok;
    return {};
  }
  const auto n = int_arg(a, "sp");
  if (!n || a.args.size() != 2)
    return make_error(
        Code::kMalformed,
        with_number_fault("mobilize needs hex=XXYY and sp=N (or hq=ID and hex=XXYY)", a, "sp"),
        "6.2");
  if (*n < 1) return illegal("mobilize at least 1 SP", "6.2");
  const HexUse* u = find_use(side, *h);
  const int used = u ? u->sp : 0;
  const int limit = t.mobilise_sp_per_hex(side);
  if (used + *n > limit)
    return illegal(std::string(side == Side::kFrench ? "the French" : "the Germans") + " may mobilize " +
                       std::to_string(limit) + " SP per hex per turn; " + std::to_string(used) + " already in " +
                       h->id(),
                   "6.2");
  const int cost = *n * t.mobilise_sp_cost(side);
  if (rp < cost) return illegal(std::to_string(*n) + " SP cost " + std::to_string(cost) + " RP; you have " + std::to_string(rp), "6.2");
  return check_mobilization_hex(side, *h);
}

Events WateState::apply_admin(Side side, const Action& a) {
  const auto& t = data_->tables;
  const hex::Hex h = *hex_arg(a, "hex");
  const HexInfo* info = data_->map.find(h);
  Events ev;
  if (const std::string* id = a.get("hq")) {
    HqUnit* q = pos_.hq(*id);
    q->hex = h;
    q->activated = false;
    if (a.verb == "return") {
      q->returns_on_turn = 0;
      tell(ev, "hq_return", [&] {
        return hq_label(q->id) + " returns to the map in " + place(*info) +
               " at no RP cost (rules 8.5.1, GAP-W-20)";
      });
    } else {
      q->in_pool = false;
      rp_[index(side)] -= t.mobilise_hq_cost(side);
      use_of(side, h).hq += 1;
      tell(ev, "mobilize", [&] {
        return std::string(side_name(side)) + " mobilizes " + hq_label(q->id) + " in " +
               place(*info) + " for " + std::to_string(t.mobilise_hq_cost(side)) + " RP, " +
               std::to_string(rp_[index(side)]) + " left (rule 6.2)";
      });
    }
  } else {
    const int n = *int_arg(a, "sp");
    const int cost = n * t.mobilise_sp_cost(side);
    rp_[index(side)] -= cost;
    // New SP belong to no formation (ruling P-4), in good order, not activated.
    pos_.edit_hex(h, [&](std::vector<SpGroup>& run) {
      run.push_back(SpGroup{side, h, "", Status::kGood, n, false, false});
    });
    use_of(side, h).sp += n;
    tell(ev, "mobilize", [&] {
      return std::string(side_name(side)) + " mobilizes " + std::to_string(n) + " SP in " +
             place(*info) + " for " + std::to_string(cost) + " RP, " +
             std::to_string(rp_[index(side)]) + " left (rule 6.2)";
    });
  }
  steps_.push_back({StepKind::kAdministrative, side});  // the side goes on until end-administrative
  return ev;
}

}  // namespace rz::wate1870
