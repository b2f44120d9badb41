// 12.2 Fog of War for what apply() tells (ruling GAP-W-40; the rulings F-1 to
// F-6 in docs/rulings/wate1870-fog.md). view() hides the contents of enemy
// stacks a player may not inspect; this pass keeps the events of an action
// from telling them: every event that tells of a side's forces goes to that
// side only unless everything the action touched of those forces could be
// inspected by the other side before or after it, and the other side gets a
// redacted event instead, saying only what the map shows (a stack moves).
#include <algorithm>
#include <set>
#include <string_view>

#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

namespace {

// Events that never tell what an uninspected enemy stack holds (ruling F-2):
// the turn sequence, the dice for the initiative, the VP and RP tracks, and
// whatever happens in contact with the enemy: fire and combat (F-3), sieges.
constexpr std::string_view kPublicKinds[] = {"phase",
                                             "initiative",
                                             "pass",
                                             "rp_collected",
                                             "administrative_done",
                                             "recovery_done",
                                             "game_over",
                                             "vp",
                                             "siege",
                                             "siege_roll",
                                             "siege_loss",
                                             "chassepot",
                                             "mitrailleuse",
                                             "opportunity_fire",
                                             "attack",
                                             "combat",
                                             "dice",
                                             "artillery",
                                             "cavalry",
                                             "retreat",
                                             "advance",
                                             "hq_casualty"};

bool public_kind(const std::string& kind) {
  return std::find(std::begin(kPublicKinds), std::end(kPublicKinds), kind) !=
         std::end(kPublicKinds);
}

// What an action touched of a side's forces: where it was before (none: not on
// the map) and where it is after.
struct Piece {
  std::optional<hex::Hex> before;
  std::optional<hex::Hex> after;
};

std::optional<hex::Hex> hq_hex(const Position& pos, const std::string& id) {
  const HqUnit* q = pos.hq(id);
  return q ? q->hex : std::nullopt;
}

// Whether `side`'s groups in h are the same, in order, in both lists.
bool same_groups(const SpList& a, const SpList& b, Side side, hex::Hex h) {
  thread_local std::vector<SpGroup> in_a;
  in_a.clear();
  a.each_in(h, [&](const SpGroup& g) {
    if (g.side == side) in_a.push_back(g);
  });
  std::size_t k = 0;
  bool same = true;
  b.each_in(h, [&](const SpGroup& g) {
    if (g.side != side) return;
    same = same && k < in_a.size() && in_a[k] == g;
    ++k;
  });
  return same && k == in_a.size();
}

const std::string kFogNote = "fog of war, rule 12.2";

}  // namespace

std::optional<std::string> WateState::describe_action_for(Player viewer,
                                                          const Action& action) const {
  if (!options_.flag("12.2") || viewer == kUmpire) return action.to_string();
  if (move_kind() == MoveKind::kPlayer && index(steps_.back().side) == viewer)
    return action.to_string();
  // F-5: the opponent's orders (and, under 12.2, the dice) are not shown; the
  // events apply() returns, filtered for the viewer, say what he may see.
  return std::nullopt;
}

bool WateState::fog_public(Side owner, const Step& step, const Action& action,
                           const FogBefore& before) const {
  const Side viewer = other(owner);
  std::vector<Piece> pieces;
  // The force carrying out an action: where it was and where it is (F-1).
  const ActiveForce* fb = before.force && before.force->side == owner ? &*before.force : nullptr;
  const ActiveForce* fa = force_ && force_->side == owner ? &*force_ : nullptr;
  std::vector<hex::Hex> force_hexes;
  if (fb || fa) {
    Piece p;
    if (fb) p.before = fb->hex;
    p.after = fa ? fa->hex : fb->hex;  // a force whose action ended stays where it was
    pieces.push_back(p);
    if (fb) force_hexes.push_back(fb->hex);
    if (fa) force_hexes.push_back(fa->hex);
  }
  // HQs: those giving orders, moving with the force, named by the action, or changed.
  std::set<std::string> hqs;
  auto add_hq = [&](const std::string& id) {
    const HqDef* def = data_->forces.find(id);
    if (def && def->side == owner) hqs.insert(id);
  };
  if (!before.frames.empty()) add_hq(before.frames.back().hq);
  if (!frames_.empty()) add_hq(frames_.back().hq);
  for (const ActiveForce* f : {fb, fa})
    if (f)
      for (const auto& id : f->hqs) add_hq(id);
  if (const std::string* id = action.get("hq")) add_hq(*id);
  for (const auto& id : with_hqs(action)) add_hq(id);
  // The HQ list keeps its order through an action: each HQ is where it was
  // (found by name only if the list changed).
  const auto& was_hqs = before.pos.hqs;
  for (std::size_t i = 0; i < pos_.hqs.size(); ++i) {
    const HqUnit& q = pos_.hqs[i];
    if (q.side != owner) continue;
    const HqUnit* was =
        i < was_hqs.size() && was_hqs[i].id == q.id ? &was_hqs[i] : before.pos.hq(q.id);
    if (!was || !(*was == q)) hqs.insert(q.id);
  }
  for (const auto& id : hqs) pieces.push_back({hq_hex(before.pos, id), hq_hex(pos_, id)});
  // The hex an order of the acting side names (activate, recover, mobilize, set up).
  if (step.side == owner)
    if (const std::string* h = action.get("hex"))
      if (auto x = hex::parse_hex(*h)) pieces.push_back({*x, *x});
  // Any other hex where the side's SP changed (losses, status, activation).
  // Only the hexes the list noted a change in can differ; after a change it
  // could not place (wide), every hex holding the side's SP before or after.
  // (The search under 12.2 applies thousands of orders a second: grouping both
  // lists by hex in maps after each was a quarter of its time.)
  std::vector<hex::Hex> maybe;
  const auto& c = before.changed;
  if (c.wide) {
    for (const SpList* list : {&before.pos.sps, &pos_.sps})
      for (const auto& g : *list)
        if (g.side == owner) maybe.push_back(g.hex);
  } else {
    maybe.assign(c.hexes.begin(), c.hexes.begin() + c.n);
  }
  std::sort(maybe.begin(), maybe.end());
  maybe.erase(std::unique(maybe.begin(), maybe.end()), maybe.end());
  // Such a hex shows the side's SP that are in it: inspected before, if the
  // side had SP in it; after, if every formation it had in it is still there
  // (an inspection after shows nothing of the SP eliminated in it or gone).
  auto held_before = [&](hex::Hex h) {
    bool any = false;
    before.pos.sps.each_in(
        h, [&](const SpGroup& g) { any = any || (g.side == owner && g.count > 0); });
    return any ? std::optional<hex::Hex>(h) : std::nullopt;
  };
  auto kept_after = [&](hex::Hex h) {
    bool all = true;
    before.pos.sps.each_in(h, [&](const SpGroup& g) {
      if (g.side != owner || g.count <= 0) return;
      bool kept = false;
      pos_.sps.each_in(h, [&](const SpGroup& a) {
        kept = kept || (a.side == owner && a.count > 0 && a.formation == g.formation);
      });
      all = all && kept;
    });
    return all ? std::optional<hex::Hex>(h) : std::nullopt;
  };
  for (const hex::Hex h : maybe)
    if (!same_groups(before.pos.sps, pos_.sps, owner, h) &&
        std::find(force_hexes.begin(), force_hexes.end(), h) == force_hexes.end())
      pieces.push_back({held_before(h), kept_after(h)});
  // F-1: what could be inspected before or after the action may be told.
  return std::all_of(pieces.begin(), pieces.end(), [&](const Piece& p) {
    return (p.before && inspectable_in(before.pos, viewer, *p.before)) ||
           (p.after && inspectable_in(pos_, viewer, *p.after));
  });
}

// F-4: what the other side is told instead of a hidden event; "" for nothing.
std::string WateState::fog_twin(const Event& hidden, Side owner, const Action& action,
                                const FogBefore& before) const {
  const std::string side(side_name(owner));
  const auto& k = hidden.kind;
  if (k == "activate") return side + " activates a force (rule 7.0; " + kFogNote + ")";
  if (k == "move" || (k == "rail" && action.verb == "rail")) {
    // The stacks on the map are public: the stack moving, from where to where.
    const ActiveForce* fb = before.force && before.force->side == owner ? &*before.force : nullptr;
    if (!fb || !force_ || force_->side != owner || force_->hex == fb->hex) return "";
    return "A " + side + " stack moves " + (k == "rail" ? "by rail " : "") + fb->hex.id() + " -> " +
           force_->hex.id() + (k == "rail" ? " (rule 7.1.3; " : " (rule 7.1; ") + kFogNote + ")";
  }
  if (k == "rail_exit" && before.force)
    return side + " forces leave the map by rail at " + before.force->hex.id() + " (rule 11.0; " +
           kFogNote + ")";
  if (k == "mobilize" || k == "hq_return") return side + " mobilizes (rule 6.2; " + kFogNote + ")";
  if (k == "recovery") return side + " recovers a force (rule 10.0; " + kFogNote + ")";
  if (k == "setup") return side + " sets up units (rule 14.0; " + kFogNote + ")";
  if (k == "loss") return side + " absorbs losses (rule 8.5; " + kFogNote + ")";
  if (k == "displace" || k == "hq_casualty")  // an HQ alone and its automatic casualty (F-2)
    return side + " units left alone withdraw (ruling GAP-W-35; " + kFogNote + ")";
  return "";
}

Events WateState::fog_events(Events ev, const Step& step, const Action& action,
                             const FogBefore& before) const {
  std::optional<bool> open[kSides];  // fog_public per owner, when first needed
  auto is_public = [&](Side owner) {
    auto& o = open[index(owner)];
    if (!o) o = fog_public(owner, step, action, before);
    return *o;
  };
  Events out;
  std::set<std::string> told;                 // redacted texts already given in this action
  std::optional<std::size_t> untold[kSides];  // where a hidden event had nothing to tell instead
  bool twin_for[kSides] = {false, false};     // the other side got a redacted event
  for (auto& e : ev) {
    // F-2: whose forces an event tells of: the side its site names (an HQ
    // displacing), none for public kinds, else the side whose step it was.
    std::optional<Side> owner;
    if (!e.visible_to.empty())
      owner = static_cast<Side>(e.visible_to.front());
    else if (!public_kind(e.kind))
      owner = step.side;
    if (!owner || is_public(*owner)) {
      e.visible_to.clear();
      out.push_back(std::move(e));
      continue;
    }
    const Side viewer = other(*owner);
    std::string twin = fog_twin(e, *owner, action, before);
    const std::string kind = e.kind;
    e.visible_to = {index(*owner)};
    out.push_back(std::move(e));
    // The HQs that went with an advance (C-11): the advance itself is told, so
    // the other side learns nothing more, not even that something was hidden.
    if (twin.empty() && kind == "advance_hq") continue;
    if (twin.empty()) {
      if (!untold[index(*owner)]) untold[index(*owner)] = out.size();
    } else if (told.insert(twin).second) {
      out.push_back({kind, twin, {index(viewer)}});
      twin_for[index(viewer)] = true;
    }
  }
  // F-4: an action that hid everything still shows that the other side acted,
  // where its first hidden event was (the later position first, so the earlier holds).
  std::vector<std::pair<std::size_t, Side>> acts;
  for (Side owner : {Side::kFrench, Side::kGerman})
    if (untold[index(owner)] && !twin_for[index(other(owner))])
      acts.push_back({*untold[index(owner)], owner});
  std::sort(acts.rbegin(), acts.rend());
  for (const auto& [at, owner] : acts)
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(at),
               Event{"fog",
                     std::string(side_name(owner)) + " acts out of sight (" + kFogNote + ")",
                     {index(other(owner))}});
  return out;
}

}  // namespace rz::wate1870
