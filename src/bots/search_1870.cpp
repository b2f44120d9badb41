#include "bots/search_1870.hpp"

#include <cmath>

#include "bots/heuristic_1870.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {

namespace {

using wate1870::Side;
using wate1870::WateState;

constexpr int kPictures = 16;    // samples of the hidden stacks per decision (12.2)
constexpr int kMaxHiddenSp = 8;  // a hidden stack holds 1..8 SP in a sample
constexpr double kScale = 30;    // points at which a sample is worth tanh(1) of a win

class Wate1870SearchModel final : public SearchModel {
 public:
  bool prepare(const State& st, Player me, const std::string& /*view_json*/, Pcg32& rng) override {
    pictures_.clear();
    const auto* ws = dynamic_cast<const WateState*>(&st);
    if (!ws) return false;
    const Side side = static_cast<Side>(me);
    // The engine's typed view (WateState::picture_for): what the player sees and
    // no more. Under 12.2, while the enemy's hidden force acts, it cannot be played on.
    const std::size_t hidden = ws->uninspected(side).size();
    for (int i = 0; i < (hidden == 0 ? 1 : kPictures); ++i) {
      std::vector<int> sp(hidden);
      for (auto& n : sp) n = 1 + static_cast<int>(rng.below(kMaxHiddenSp));
      pictures_.push_back(ws->picture_for(side, sp));
      if (!pictures_.back()->inconsistency().empty()) return false;
    }
    root_points_ = 0;
    for (const auto& p : pictures_) root_points_ += wate1870_points(*p, me);
    root_points_ /= static_cast<double>(pictures_.size());
    // The Administrative Phase's answers of this search (its samples meet the
    // same positions in it), none of the last.
    for (auto& m : memory_) m.keep_administrative_answers();
    // The policy remembers the turn as if it had made this decision (its plans go on).
    (void)memory_[static_cast<std::size_t>(me)].choose_in_picture(*pictures_.front(), me);
    return true;
  }

  // The heuristic, which under 12.2 reads only the engine's typed picture of the view.
  Action fallback(const State& st, Player me, const std::string& view_json) override {
    return memory_[static_cast<std::size_t>(me)].choose(st, me, view_json);
  }
  bool needs_view() const override { return false; }

  std::unique_ptr<State> sample(Pcg32& rng) override {
    if (pictures_.empty()) return nullptr;
    return sample_at(pick_sample(rng));
  }
  // The heuristic plays the same move for the same picture and memory: the
  // search may replay its iterations.
  std::size_t samples() const override { return pictures_.size(); }
  std::size_t pick_sample(Pcg32& rng) override {
    return rng.below(static_cast<std::uint32_t>(pictures_.size()));
  }
  std::unique_ptr<State> sample_at(std::size_t i) override {
    for (std::size_t k = 0; k < 2; ++k) players_[k].copy_memory_from(memory_[k]);
    return pictures_[i]->clone();
  }
  std::uint64_t key(const State& sample) const override {
    return static_cast<const WateState&>(sample).fingerprint();
  }
  struct PlayersMemory final : Memory {
    std::shared_ptr<const Heuristic1870Bot::Memory> of[2];
  };
  std::unique_ptr<Memory> save_memory() const override {
    auto m = std::make_unique<PlayersMemory>();
    for (std::size_t k = 0; k < 2; ++k) m->of[k] = players_[k].memory();
    return m;
  }
  void restore_memory(const Memory& m) override {
    const auto& pm = static_cast<const PlayersMemory&>(m);  // only ever our own
    for (std::size_t k = 0; k < 2; ++k) players_[k].recall(*pm.of[k]);
  }

  Action policy(const State& sample, Player p) override {
    const auto& ws = static_cast<const WateState&>(sample);  // only ever our own samples
    return players_[static_cast<std::size_t>(p)].choose_in_picture(ws, p);
  }
  Move policy_move(const State& sample, Player p) override {
    const auto& ws = static_cast<const WateState&>(sample);
    Move m;
    m.action = players_[static_cast<std::size_t>(p)].choose_in_picture(ws, p, &m.checked);
    return m;
  }
  Action policy_listed(const State& sample, Player p, const std::vector<Action>& legal) override {
    const auto& ws = static_cast<const WateState&>(sample);
    return players_[static_cast<std::size_t>(p)].choose_in_picture(ws, p, legal);
  }

  // The choices that shape a turn: which force activates (7.0), what an
  // activated HQ or force does (march, detach, rally, attack: 7.0-7.4), the
  // artillery (8.4), a retreat (8.6) and an advance (8.7). March steps, losses
  // (8.5), recovery, mobilization and the rest follow the policy's plan.
  bool decides(const State& sample, Player /*p*/) const override {
    const auto& steps = static_cast<const WateState&>(sample).steps();
    if (steps.empty()) return true;
    switch (steps.back().kind) {
      case wate1870::StepKind::kActivate:
      case wate1870::StepKind::kHqOrders:
      case wate1870::StepKind::kForceOrders:
      case wate1870::StepKind::kArtillery:
      case wate1870::StepKind::kRetreat:
      case wate1870::StepKind::kAdvance:
        return true;
      default:
        return false;
    }
  }

  double evaluate(const State& sample, Player me) override {
    const double d = wate1870_points(static_cast<const WateState&>(sample), me) - root_points_;
    return 0.5 + 0.5 * std::tanh(d / kScale);
  }

 private:
  std::vector<std::unique_ptr<WateState>> pictures_;
  Heuristic1870Bot players_[2]{Heuristic1870Bot(0), Heuristic1870Bot(0)};
  Heuristic1870Bot memory_[2]{Heuristic1870Bot(0),
                              Heuristic1870Bot(0)};  // what the policy knows of the turn
  double root_points_ = 0;
};

}  // namespace

std::unique_ptr<SearchModel> make_wate1870_search_model() {
  return std::make_unique<Wate1870SearchModel>();
}

double wate1870_points(const WateState& st, Player me) {
  // French-positive, then turned to `me`.
  double french = 10.0 * st.vp();
  for (const auto& g : st.sps()) {
    const double steps = g.status == wate1870::Status::kGood        ? 0
                         : g.status == wate1870::Status::kDisrupted ? 1
                                                                    : 2;
    const double worth = g.count * (5.0 - 1.5 * steps);
    french += g.side == Side::kFrench ? worth : -worth;
  }
  return me == static_cast<Player>(Side::kFrench) ? french : -french;
}

}  // namespace rz::bots
