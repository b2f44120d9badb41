// What a player may see under 12.2 Fog of War (the rulings of
// docs/rulings/wate1870-fog.md): the hexes he may inspect, the position he
// plans his moves on, his picture of the game and his view. fog.cpp keeps the
// events of an action from telling him more.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

#include "rules/wate1870/derived.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

using nlohmann::json;

bool WateState::inspectable(Side viewer, hex::Hex h) const {
  if (!options_.flag("12.2")) return true;
  return inspectable_in(pos_, viewer, h);
}

Position WateState::planning_position(Side mover) const {
  Position p = pos_;
  if (!options_.flag("12.2")) return p;
  const Sight seen(data_->map, pos_, mover);
  for (auto& g : p.sps)
    if (g.side != mover && !seen(g.hex)) {
      g.status = Status::kGood;
      g.entrained = false;
      g.count = std::max(g.count, 3);
    }
  // A lone HQ shows as the same generic stack (GAP-W-40), so it counts alike.
  for (const auto& q : pos_.hqs)
    if (q.side != mover && q.hex && pos_.sp(*q.hex, q.side) == 0 && !seen(*q.hex))
      p.sps.push_back(SpGroup{.side = q.side, .hex = *q.hex, .formation = q.id, .count = 3});
  p.normalise();
  return p;
}

const Position& WateState::planned_position(Side mover) const {
  auto& slot = derived().planning[index(mover)];
  if (!slot) slot = std::make_unique<const Position>(planning_position(mover));
  return *slot;
}

namespace {
// 12.2: the French inspect adjacent German forces, the Germans up to two hexes away.
int sight_range(Side viewer) { return viewer == Side::kFrench ? 1 : 2; }
}  // namespace

bool inspectable_in(const Position& pos, Side viewer, hex::Hex h) {
  const int range = sight_range(viewer);
  for (const auto& g : pos.sps)
    if (g.side == viewer && hex::distance(g.hex, h) <= range) return true;
  for (const auto& q : pos.hqs)
    if (q.side == viewer && q.hex && hex::distance(*q.hex, h) <= range) return true;
  return false;
}

Sight::Sight(const Map& map, const Position& pos, Side viewer)
    : map_(&map), pos_(&pos), viewer_(viewer) {
  auto put = [&](hex::Hex h) {
    const int i = map.index_of(h);
    if (i < 0)
      off_map_ = true;
    else
      seen_.set_bit(map.grid_bit(i));
  };
  for (const auto& g : pos.sps)
    if (g.side == viewer) put(g.hex);
  for (const auto& q : pos.hqs)
    if (q.side == viewer && q.hex) put(*q.hex);
  // The hexes within the range: the pieces' own, and each ring around (the map is
  // a full grid, so a hex two away on it is reached through one on it).
  for (int ring = 0; ring < sight_range(viewer); ++ring) {
    const HexRows around = map.adjacent(seen_);
    for (int r = 0; r < HexRows::kMaxRows; ++r) seen_[r] |= around[r];
  }
}

bool Sight::operator()(hex::Hex h) const {
  const int i = map_->index_of(h);
  return i >= 0 && !off_map_ ? seen_.test_bit(map_->grid_bit(i))
                             : inspectable_in(*pos_, viewer_, h);
}

namespace {

// WateState::inspectable for every hex of one position: a Sight under 12.2, and
// without it everything.
class Inspectable {
 public:
  Inspectable(const GameData& data, const Position& pos, const GameOptions& options, Side viewer) {
    if (options.flag("12.2")) sight_.emplace(data.map, pos, viewer);
  }
  bool operator()(hex::Hex h) const { return !sight_ || (*sight_)(h); }

 private:
  std::optional<Sight> sight_;
};

// Keeps the entries of a list of the saved game (to_json) whose piece `keep`
// accepts: such a list holds one entry per piece, in the state's order.
template <class Pieces, class Keep>
void keep_where(json& list, const Pieces& pieces, Keep keep) {
  json kept = json::array();
  std::size_t i = 0;
  for (const auto& piece : pieces) {
    if (keep(piece)) kept.push_back(std::move(list.at(i)));
    ++i;
  }
  list = std::move(kept);
}

}  // namespace

bool WateState::hq_seen(Side me, const Name& id) const {
  const HqUnit* q = pos_.hq(id);
  return q && hq_seen(me, *q);
}

bool WateState::hq_seen(Side me, const HqUnit& q) const {
  // An HQ marching with the acting force has no hex of its own (GAP-W-10): it is
  // where the force is, and seen where the force may be inspected. One struck
  // off the map while its chain of activations goes on (8.5.1) is seen without
  // 12.2; the rest of the enemy's HQs off the map (his force pool) is not.
  if (q.side == me) return true;
  if (q.hex) return inspectable(me, *q.hex);
  if (force_ && std::find(force_->hqs.begin(), force_->hqs.end(), q.id) != force_->hqs.end())
    return inspectable(me, force_->hex);
  const bool in_chain =
      std::any_of(frames_.begin(), frames_.end(), [&](const Frame& f) { return f.hq == q.id; }) ||
      (combat_ && std::find(combat_->hqs.begin(), combat_->hqs.end(), q.id) != combat_->hqs.end());
  return in_chain && !options_.flag("12.2");
}

std::vector<hex::Hex> WateState::uninspected(Side me) const {
  std::vector<hex::Hex> out;
  const Inspectable seen(*data_, pos_, options_, me);
  auto add = [&](hex::Hex h) {
    if (!seen(h) && std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
  };
  for (const auto& g : pos_.sps)
    if (g.side != me) add(g.hex);
  for (const auto& q : pos_.hqs)
    if (q.side != me && q.hex) add(*q.hex);
  std::sort(out.begin(), out.end(), [](hex::Hex a, hex::Hex b) { return a.id() < b.id(); });
  return out;
}

std::unique_ptr<WateState> WateState::picture_for(Side me,
                                                  const std::vector<int>& hidden_sp) const {
  auto st = std::make_unique<WateState>(*this);
  st->derived_.reset();
  st->seed_ = 0;  // the seed would let a player predict the dice
  std::erase_if(st->uses_, [&](const HexUse& u) { return u.side != me; });
  std::erase_if(st->setup_, [&](const SetupPiece& p) { return p.side != me; });
  const Inspectable seen(*data_, pos_, options_, me);
  erase_if(st->pos_.sps, [&](const SpGroup& g) { return g.side != me && !seen(g.hex); });
  const auto hidden = uninspected(me);
  for (std::size_t i = 0; i < hidden.size(); ++i)
    st->pos_.sps.push_back(
        {other(me), hidden[i], "", Status::kGood, i < hidden_sp.size() ? hidden_sp[i] : 4});
  std::erase_if(st->pos_.hqs, [&](const HqUnit& q) { return !hq_seen(me, q); });
  std::erase_if(st->frames_, [&](const Frame& f) { return !hq_seen(me, f.hq); });
  if (combat_) {
    std::erase_if(st->combat_->hqs, [&](const Name& id) { return !hq_seen(me, id); });
    std::erase_if(st->combat_->hqs_retreated, [&](const Name& id) { return !hq_seen(me, id); });
  }
  if (force_ && force_->side != me) {
    if (!inspectable(me, force_->hex))
      st->force_.reset();
    else  // F-10: each of its HQs where that HQ may be inspected
      std::erase_if(st->force_->hqs, [&](const Name& id) { return !hq_seen(me, id); });
  }
  st->pos_.normalise();
  return st;
}

std::string WateState::view(Player player) const {
  json j = to_json();
  j.erase("seed");  // the seed would let a player predict the dice
  if (player == kUmpire) return j.dump();
  const Side me = static_cast<Side>(player);
  j["you"] = side_name(me);
  // 6.2 / 10.0 bookkeeping: only one's own (the enemy's would show where it mobilized, 12.2)
  keep_where(j["uses"], uses_, [&](const HexUse& u) { return u.side == me; });
  // 12.2: an enemy stack that may not be inspected shows as a generic stack.
  const Inspectable seen(*data_, pos_, options_, me);
  keep_where(j["sps"], pos_.sps, [&](const SpGroup& g) { return g.side == me || seen(g.hex); });
  // 14.0: one's own units still to place (the enemy's, like his force pool, are not shown)
  keep_where(j["setup"], setup_, [&](const SetupPiece& p) { return p.side == me; });
  // The enemy force pool and off-map HQs are not shown either.
  keep_where(j["hqs"], pos_.hqs, [&](const HqUnit& q) { return hq_seen(me, q); });
  // The enemy's chain of activations and acting force, only where inspectable.
  keep_where(j["frames"], frames_, [&](const Frame& f) { return hq_seen(me, f.hq); });
  const auto seen_hq = [&](const Name& id) { return hq_seen(me, id); };
  // A combat's list of HQs awaiting a casualty roll names enemy HQs only where inspectable.
  // So does its list of HQs that retreated (8.6).
  if (combat_) {
    keep_where(j["combat"]["hqs"], combat_->hqs, seen_hq);
    if (!combat_->hqs_retreated.empty()) {
      keep_where(j["combat"]["hqs_retreated"], combat_->hqs_retreated, seen_hq);
      if (j["combat"]["hqs_retreated"].empty()) j["combat"].erase("hqs_retreated");
    }
  }
  if (force_ && force_->side != me) {
    if (!inspectable(me, force_->hex))
      j["force"] = {{"side", side_name(force_->side)}};
    else  // F-10: only the force's HQs he may inspect where they stand
      keep_where(j["force"]["hqs"], force_->hqs, seen_hq);
  }
  json stacks = json::array();
  for (hex::Hex h : uninspected(me))
    stacks.push_back({{"hex", h.id()}, {"side", side_name(other(me))}});
  j["uninspected_enemy_stacks"] = stacks;
  json legal = json::array();
  for (const auto& a : legal_actions(player)) legal.push_back(a.to_string());
  j["legal_actions"] = legal;
  return j.dump();
}

}  // namespace rz::wate1870
