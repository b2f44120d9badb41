#include "bots/heuristic_1870.hpp"

#include <cassert>
#include <nlohmann/json.hpp>

#include "bots/heuristic_1870/mind.hpp"
#include "rules/wate1870/command.hpp"

namespace rz::bots {

using wate1870::Board;
using wate1870::HqUnit;
using wate1870::Side;
using wate1870::SpGroup;
using wate1870::WateState;
using Status1870 = wate1870::Status;
using heuristic1870::Legal;
using heuristic1870::odds_of;

// The decisions and the memory of the turn are heuristic1870::Mind's.
struct Heuristic1870Bot::Impl : heuristic1870::Mind {};

// ---------------------------------------------------------------------------

Heuristic1870Bot::Heuristic1870Bot(std::uint64_t /*seed*/) : impl_(std::make_unique<Impl>()) {}
Heuristic1870Bot::~Heuristic1870Bot() = default;

Heuristic1870Bot::Odds Heuristic1870Bot::combat_odds(const WateState& st, Player p,
                                                     const std::vector<std::string>& from,
                                                     const std::string& target, bool march) {
  const Side me = static_cast<Side>(p);
  const Board b{st.data(), st.position(), st.options()};
  const auto mine = wate1870::LocMap::of(b, me),
             theirs = wate1870::LocMap::of(b, wate1870::other(me));
  std::vector<wate1870::CombatForce> attack;
  std::vector<const HqUnit*> hqs;
  for (const auto& id : from) {
    const auto h = hex::parse_hex(id);
    if (!h) continue;
    wate1870::CombatForce cf;
    cf.hex = *h;
    std::vector<SpGroup> groups;
    for (const auto& g : st.position().sps) {
      if (g.side != me || g.hex != *h) continue;
      (g.status == Status1870::kGood        ? cf.good
       : g.status == Status1870::kDisrupted ? cf.disrupted
                                            : cf.demoralized) += g.count;
      groups.push_back(g);
    }
    cf.loc = mine->has_loc(*h);
    cf.cavalry = wate1870::cavalry_force(b, groups);
    attack.push_back(cf);
    for (const auto& q : st.position().hqs)
      if (q.side == me && q.hex == *h) hqs.push_back(&q);
  }
  const auto t = hex::parse_hex(target);
  if (!t || attack.empty()) return {};
  return odds_of(b, me, attack, hqs, *t, march, theirs->has_loc(*t));
}

namespace {

// The view (parsed) made into a state: see Heuristic1870Bot::belief_from_view.
std::unique_ptr<WateState> belief_from_json(const WateState& like, nlohmann::json j,
                                            const std::vector<int>& hidden_sp = {}) {
  using nlohmann::json;
  if (j.is_discarded() || !j.is_object() || !j.contains("you")) return nullptr;
  const auto me = wate1870::parse_side(j["you"].get<std::string>());
  if (!me) return nullptr;
  const std::string foe(wate1870::side_name(wate1870::other(*me)));
  j["seed"] = 0;
  // 12.2: a stack that may not be inspected stands for a generic stack of good SP.
  if (j.contains("uninspected_enemy_stacks")) {
    std::size_t i = 0;
    for (const auto& s : j["uninspected_enemy_stacks"]) {
      const int sp = i < hidden_sp.size() ? hidden_sp[i] : 4;
      ++i;
      j["sps"].push_back(
          json::array({s.at("hex"), foe, "", "good", sp, false, false, false, false}));
    }
  }
  // The enemy's acting force shows only its side where it may not be inspected:
  // the belief has none (it is not the player's to move it).
  if (j.contains("force") && j["force"].is_object() && !j["force"].contains("hex"))
    j["force"] = nullptr;
  j.erase("you");
  j.erase("uninspected_enemy_stacks");
  j.erase("legal_actions");
  // Only the rules' data comes from `like` (the map, the tables): the same for both players.
  std::shared_ptr<const wate1870::GameData> data(std::shared_ptr<const wate1870::GameData>(),
                                                 &like.data());
  auto st = WateState::from_json(data, j.dump(), /*saved_game=*/false);
  if (!st) return nullptr;
  return std::move(st).value();
}

}  // namespace

std::unique_ptr<WateState> Heuristic1870Bot::belief_from_view(const WateState& like,
                                                              const std::string& view_json) {
  return belief_from_json(like, nlohmann::json::parse(view_json, nullptr, false));
}

std::unique_ptr<WateState> Heuristic1870Bot::belief_from_view(const WateState& like,
                                                              const nlohmann::json& view,
                                                              const std::vector<int>& hidden_sp) {
  return belief_from_json(like, view, hidden_sp);
}

Action Heuristic1870Bot::choose_in_picture(const WateState& picture, Player p, bool* checked) {
  Legal legal(picture, p);
  Action a = impl_->choose(picture, p, legal);
  if (checked) *checked = legal.vouches(a);
  return a;
}

Action Heuristic1870Bot::choose_in_picture(const WateState& picture, Player p,
                                           const std::vector<Action>& listed) {
  Legal legal(picture, p, listed);
  return impl_->choose(picture, p, legal);
}

void Heuristic1870Bot::copy_memory_from(const Heuristic1870Bot& other) { *impl_ = *other.impl_; }

struct Heuristic1870Bot::Memory : heuristic1870::MindMemory {};

std::shared_ptr<const Heuristic1870Bot::Memory> Heuristic1870Bot::memory() const {
  auto m = std::make_shared<Memory>();
  static_cast<heuristic1870::MindMemory&>(*m) = *impl_;
  return m;
}

void Heuristic1870Bot::recall(const Memory& m) {
  static_cast<heuristic1870::MindMemory&>(*impl_) = m;
}

void Heuristic1870Bot::keep_administrative_answers() {
  impl_->admin_answers = std::make_shared<std::unordered_map<std::uint64_t, Action>>();
}

Action Heuristic1870Bot::choose(const State& st, Player p, const std::string& /*view_json*/) {
  const auto* ws = dynamic_cast<const WateState*>(&st);
  if (!ws) {
    const auto legal = st.legal_actions(p);
    assert(!legal.empty() && "choose() is only called when the player has a choice");
    return legal.front();
  }
  if (!ws->options().flag("12.2")) {
    Legal legal(*ws, p);
    return impl_->choose(*ws, p, legal);
  }
  // 12.2 Fog of War: only what the view shows, as the engine's typed picture
  // (WateState::picture_for, the same state as one rebuilt from the view's JSON).
  // Options and the rules' data are common knowledge; legal actions and checks
  // are the player's own to ask.
  Legal legal(*ws, p);
  // A forced choice, or a march going as planned (the next hex), needs no picture.
  if (legal.all().empty()) return Action("pass");
  if (legal.all().size() == 1) return legal.all().front();
  if (!ws->steps().empty() && ws->steps().back().kind == wate1870::StepKind::kMarch &&
      ws->force() && ws->force()->side == static_cast<Side>(p))
    if (auto a = impl_->next_move(ws->data().map, ws->force()->hex, legal)) return *a;
  const auto picture = ws->picture_for(static_cast<Side>(p));
  if (!picture->inconsistency().empty()) {
    // The enemy's hidden force is acting (no picture to plan on): no peeking, the
    // first choice that is not a pass.
    for (const auto& a : legal.all())
      if (a.verb != "pass") return a;
    return legal.all().front();
  }
  return impl_->choose(*picture, p, legal);
}

}  // namespace rz::bots
