// 9.0 Siege Phase and 9.1 SA DRMs (rulings GAP-W-21 and docs/rulings/wate1870-phases.md).
// A fortress is under siege when the SP of the side not holding it, in its hex,
// are at least 2:1 against its SR plus the holder's garrison SP; each such
// fortress gets one Siege Assault roll (a chance step), in hex order.
#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/state.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

// The facts of one siege, read from the position.
struct Siege {
  const HexInfo* info = nullptr;
  Side holder = Side::kFrench;
  Side besieger = Side::kGerman;
  int besieger_sp = 0;
  int garrison_sp = 0;
  bool army_hq = false;  // a German army HQ in the assaulting force (9.1)
  int strength() const { return info->fortress_sr + garrison_sp; }
};

std::optional<Siege> siege_at(const Board& b, hex::Hex h) {
  const HexInfo* info = b.map().find(h);
  if (!info || info->fortress_sr == 0 || b.pos.fortress_destroyed(h)) return std::nullopt;
  // GAP-W-21: the fortress belongs to the side whose garrison is inside, else its controller.
  const auto holder = b.pos.controller(b.map(), h);
  if (!holder) return std::nullopt;
  Siege s;
  s.info = info;
  s.holder = *holder;
  s.besieger = other(*holder);
  s.besieger_sp = b.pos.sp(h, s.besieger);  // every SP counts, whatever its status (ruling P-1)
  s.garrison_sp = b.pos.sp(h, s.holder);
  if (s.besieger_sp == 0) return std::nullopt;
  if (s.besieger == Side::kGerman)
    for (const auto& q : b.pos.hqs) {
      if (q.side != Side::kGerman || q.hex != h) continue;
      const HqDef* def = b.forces().find(q.id);
      if (def && def->rank == Rank::kArmy) s.army_hq = true;
    }
  if (!b.tables().under_siege(s.besieger_sp, s.strength())) return std::nullopt;
  return s;
}

std::string place(const HexInfo& i) { return i.name.empty() ? i.hex.id() : i.name; }

}  // namespace

bool WateState::enterable_after_win(hex::Hex target, Side loser) const {
  return pos_.sp(target, loser) == 0 || fortress_garrison(board(), target, loser) > 0;
}

Events WateState::settle_fortress_control() {
  // Runs after every action, on the normalised position (apply): the groups
  // and the fortresses both come sorted by hex, so one pass over the two finds
  // each fortress's groups, and the fortresses held come in hex order.
  const Map& m = data_->map;
  const auto& sps = std::as_const(pos_).sps;
  assert(sps.normalised());
  const auto& hexes = m.fortress_hexes();
  // The walk reads the groups and the fortresses' control alone. Most orders
  // leave both as they were (a roll, an activation, the order to march); then
  // it finds nothing again.
  const auto fortress_control = [&] { return pos_.fortress_control(m); };
  // Nor when only hexes without a fortress changed since the last walk (and that
  // found nothing, or was skipped for the same reasons).
  const auto& changes = sps.changes();
  bool fortress_changed = changes.wide;
  for (std::size_t i = 0; i < changes.n && !fortress_changed; ++i) {
    const int k = m.index_of(changes.hexes[i]);
    fortress_changed = k >= 0 && m.facts()[static_cast<std::size_t>(k)].fortress;
  }
  pos_.sps.forget_changes();  // from here on, the changes since this walk
  if (quiet_fortresses_.sps != 0 && (!fortress_changed || quiet_fortresses_.sps == sps.stamp()) &&
      fortress_control() == quiet_fortresses_.control)
    return {};
  std::vector<std::pair<hex::Hex, Side>> held;  // a fortress with one side's SP alone in it
  auto it = sps.begin();
  for (std::size_t f = 0; f < hexes.size(); ++f) {
    const hex::Hex h = hexes[f];
    while (it != sps.end() && it->hex < h) ++it;
    bool in[kSides] = {false, false};
    for (; it != sps.end() && it->hex == h; ++it)
      if (it->count > 0) in[index(it->side)] = true;
    if (in[0] == in[1]) continue;  // empty, or both sides inside: a siege keeps its holder
    const Side side = in[index(Side::kFrench)] ? Side::kFrench : Side::kGerman;
    // The control byte by the fortress's index: most fortresses hold a garrison.
    if (pos_.control[static_cast<std::size_t>(m.fortress_sorted_indices()[f])] != index(side))
      held.emplace_back(h, side);
  }
  if (held.empty()) {
    if (const auto c = fortress_control()) quiet_fortresses_ = {sps.stamp(), *c};
    return {};
  }
  quiet_fortresses_ = {};  // the walk found something: no skip until one finds nothing
  Events ev;
  for (const auto& [h, side] : held) {
    tell(ev, "siege", [&] {
      return std::string(side_name(other(side))) + " has no SP left in " + place(*m.find(h)) +
             "; " + std::string(side_name(side)) + " holds it (rule 3.7, ruling GAP-W-21)";
    });
    append(ev, take_control(h, side));
  }
  return ev;
}

Events WateState::start_siege_phase() {
  std::vector<hex::Hex> sieges;
  for (const auto& i : data_->map.hexes())
    if (i.fortress_sr > 0 && siege_at(board(), i.hex)) sieges.push_back(i.hex);
  Events ev;
  if (sieges.empty()) {
    // Session 36's play test: a corps in an empty enemy fortress wondered why.
    tell(ev, "siege", [&] {
      return "No fortress is under siege: a siege needs SP beside an enemy garrison (rule 9.0); "
             "a fortress entered empty is taken (3.7, ruling P-11)";
    });
    return ev;
  }
  std::sort(sieges.begin(), sieges.end());
  // The stack resolves back() first: push in reverse so the rolls go in hex order.
  for (auto it = sieges.rbegin(); it != sieges.rend(); ++it) {
    const auto s = siege_at(board(), *it);
    steps_.push_back({StepKind::kSiegeRoll, s->besieger, *it});
  }
  for (hex::Hex h : sieges) {
    const auto s = siege_at(board(), h);
    tell(ev, "siege", [&] {
      return place(*s->info) + " (" + h.id() + ", SR " + std::to_string(s->info->fortress_sr) +
             ") is under siege: " + std::to_string(s->besieger_sp) + " " +
             std::string(side_name(s->besieger)) + " SP against SR " +
             std::to_string(s->info->fortress_sr) + " + " + std::to_string(s->garrison_sp) +
             " garrison SP (rule 9.0)";
    });
  }
  return ev;
}

std::vector<ChanceOutcome> WateState::siege_outcomes(const Step& step) const {
  std::vector<ChanceOutcome> out;
  for (int d = 1; d <= 6; ++d)
    out.push_back({Action("siege-assault").with("hex", step.hex.id()).with("d6", std::to_string(d)), Fraction(1, 6), {d}});
  return out;
}

Events WateState::apply_siege_roll(const Step& step, const Action& a) {
  const int d6 = std::stoi(*a.get("d6"));
  const auto s = siege_at(board(), step.hex);
  Events ev;
  if (!s) {  // cannot happen: nothing changes between the phase start and the rolls
    tell(ev, "siege",
         [&] { return step.hex.id() + " is no longer under siege; no roll (rule 9.0)"; });
    return ev;
  }
  const int sr = s->info->fortress_sr;
  const int drm = *data_->tables.sa_drm(s->besieger_sp, s->strength(), s->army_hq);
  const int ratio = s->besieger_sp / s->strength();
  const int total = d6 + drm;
  const bool falls = total > sr;
  std::string why = std::to_string(ratio) + ":1";
  if (s->army_hq) why += ", German army HQ";
  tell(ev, "siege_roll", [&] {
    return "Siege of " + place(*s->info) + ": " + std::string(side_name(s->besieger)) + " 1d6 " +
           std::to_string(d6) + (drm >= 0 ? " + " : " - ") + std::to_string(std::abs(drm)) + " (" +
           why + ") = " + std::to_string(total) + " vs SR " + std::to_string(sr) + ": " +
           (falls ? "the fortress is destroyed" : "holds") + " (rule 9.1)";
  });
  if (!falls) return ev;

  pos_.destroyed.push_back(step.hex);
  std::sort(pos_.destroyed.begin(), pos_.destroyed.end());
  int lost = 0;
  for (auto& g : pos_.sps)
    if (g.side == s->holder && g.hex == step.hex) {
      lost += g.count;
      g.count = 0;
    }
  pos_.normalise_groups();
  if (lost > 0)
    tell(ev, "siege_loss", [&] {
      return std::to_string(lost) + " " + std::string(side_name(s->holder)) + " garrison SP in " +
             place(*s->info) + " are eliminated (rule 9.0)";
    });
  // HQs of the fallen garrison are left alone with the besieger (GAP-W-35, ruling P-2).
  append(ev, displace_lone_hqs(s->holder, step.hex));
  if (over_) return ev;
  const int dv = data_->tables.vp_fortress_destroyed(s->info->country, sr);
  if (dv != 0) {
    vp_ += dv;
    tell(ev, "vp", [&] {
      return "Fortress " + place(*s->info) + " destroyed: VP " + (dv > 0 ? "+" : "") +
             std::to_string(dv) + " -> " + std::to_string(vp_) + " (rule 11.0)";
    });
  }
  // 3.7: the besieger is now the only side in the hex.
  append(ev, take_control(step.hex, s->besieger));
  return ev;
}

}  // namespace rz::wate1870
