// The search bot (search.hpp): its budget from the bot name; the tree search
// itself on a toy game small enough to know the right answer (it must find a
// two-step plan its policy misses, through the opponent's move and a die);
// and in 1870: legal choices only, the same choices for the same seed, and
// under 12.2 decisions that do not depend on what the player may not see.
#include "bots/search.hpp"

#include <gtest/gtest.h>

#include <functional>

#include "../shipped_game.hpp"
#include "../wate1870/phases_fixture.hpp"
#include "bots/bot.hpp"
#include "bots/heuristic_1870.hpp"
#include "bots/search_1870.hpp"
#include "core/dice.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {
namespace {

using test_support::game;

using wate1870::Side;
using wate1870::WateState;
using wate1870::testing::kF;
using wate1870::testing::kG;

// ---- the budget ----

TEST(SearchBot, BudgetComesFromTheName) {
  EXPECT_EQ(parse_search_budget("search")->iterations, 1000);
  EXPECT_EQ(parse_search_budget("search:50")->iterations, 50);
  const auto timed = parse_search_budget("search:200ms");
  ASSERT_TRUE(timed.ok());
  EXPECT_EQ(timed->iterations, 0);
  EXPECT_DOUBLE_EQ(timed->millis, 200);
  EXPECT_EQ(timed->rollout, SearchBudget{}.rollout);
  const auto short_rollout = parse_search_budget("search:1000:r0");
  ASSERT_TRUE(short_rollout.ok());
  EXPECT_EQ(short_rollout->iterations, 1000);
  EXPECT_EQ(short_rollout->rollout, 0);
  EXPECT_EQ(parse_search_budget("search:50ms:r3")->rollout, 3);
  for (const char* bad : {"search:", "search:0", "search:-5", "search:ten", "search:12x",
                          "search:ms", "search:10:", "search:10:2", "search:10:r", "search:10:r-1",
                          "search:10:r2x", "search::r2", "search:10:r2:r3"}) {
    const auto r = parse_search_budget(bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, Code::kMalformed);
    EXPECT_NE(r.error().to_string().find("search:1000"), std::string::npos)
        << r.error().to_string();
  }
  const auto made = make_bot("search:30", 1);
  ASSERT_TRUE(made.ok());
  EXPECT_EQ((*made)->name(), "search:30");
  EXPECT_FALSE(make_bot("search:none", 1).ok());
  const auto names = bot_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "search"), names.end());
}

// ---- a toy game ----
//
// Player 0 chooses "x" or "y"; player 1 then "z" or "w" (no matter); player 0
// chooses "p" or "q"; a die decides. After x, a win on 4-6 (1/2); after y and
// p on a 6 (1/6); after y and q on anything but a 1 (5/6). The policy picks
// x, z and p: it misses y-q, which needs two steps to pay.
class Toy final : public State {
 public:
  ToMove to_move() const override {
    if (stage_ == 0 || stage_ == 2) return {MoveKind::kPlayer, {0}};
    if (stage_ == 1) return {MoveKind::kPlayer, {1}};
    if (stage_ == 3) return {MoveKind::kChance, {}};
    return {};
  }
  std::vector<Action> legal_actions(Player p) const override {
    if ((stage_ == 0 || stage_ == 2) && p == 0)
      return stage_ == 0 ? std::vector{Action("x"), Action("y")}
                         : std::vector{Action("p"), Action("q")};
    if (stage_ == 1 && p == 1) return {Action("z"), Action("w")};
    return {};
  }
  Status check(Player p, const Action& a) const override {
    const auto legal = legal_actions(p);
    if (std::find(legal.begin(), legal.end(), a) == legal.end())
      return make_error(Code::kIllegal, "no");
    return {};
  }
  Result<Events> apply(Player p, const Action& a) override {
    if (p == kChance) {
      won_ = *a.get("win") == "1";
      stage_ = 4;
      return Events{};
    }
    if (auto ok = check(p, a); !ok) return ok.error();
    if (stage_ == 0) first_ = a.verb;
    if (stage_ == 2) second_ = a.verb;
    stage_ = first_ == "x" && stage_ == 1 ? 3 : stage_ + 1;
    return Events{};
  }
  std::vector<ChanceOutcome> chance_outcomes() const override {
    const int wins = first_ == "x" ? 3 : second_ == "q" ? 5 : 1;
    return {{Action("roll").with("win", "1"), Fraction(wins, 6), {}},
            {Action("roll").with("win", "0"), Fraction(6 - wins, 6), {}}};
  }
  std::string view(Player) const override { return "{}"; }
  std::string serialize() const override { return "{}"; }
  std::unique_ptr<State> clone() const override { return std::make_unique<Toy>(*this); }
  std::uint64_t hash() const override {  // of everything that affects play
    return std::hash<std::string>()(std::to_string(stage_) + first_ + "," + second_ +
                                    (won_ ? "+" : "-"));
  }
  std::vector<double> returns() const override { return {won_ ? 1.0 : 0.0, won_ ? 0.0 : 1.0}; }

 private:
  int stage_ = 0;
  std::string first_, second_;
  bool won_ = false;
};

// Sees everything of the toy; the policy takes the first legal action. `leaves`
// names the choices (by their first action) left to the policy.
class ToyModel final : public SearchModel {
 public:
  explicit ToyModel(bool blind = false, std::string leaves = "")
      : blind_(blind), leaves_(std::move(leaves)) {}
  bool decides(const State& st, Player p) const override {
    const auto legal = st.legal_actions(p);
    return legal.empty() || leaves_.find(legal.front().verb) == std::string::npos;
  }
  bool prepare(const State& st, Player, const std::string&, Pcg32&) override {
    root_ = st.clone();
    return !blind_;
  }
  Action fallback(const State& st, Player p, const std::string&) override {
    return st.legal_actions(p).back();
  }
  std::unique_ptr<State> sample(Pcg32&) override { return sample_at(0); }
  Action policy(const State& st, Player p) override {
    ++moves;
    return st.legal_actions(p).front();
  }
  double evaluate(const State&, Player) override {
    ++evaluations;
    return 0.5;
  }
  // The replay's: one sample, drawn from no random number as sample() draws
  // none, and a policy that remembers nothing.
  std::size_t samples() const override { return 1; }
  std::size_t pick_sample(Pcg32&) override { return 0; }
  std::unique_ptr<State> sample_at(std::size_t) override {
    ++samples_played;
    return root_->clone();
  }

  int evaluations = 0;     // rollouts that stopped before the end of the game
  int samples_played = 0;  // iterations played from the sample
  int moves = 0;           // the policy's

 private:
  std::unique_ptr<State> root_;
  bool blind_ = false;  // no sample can be made
  std::string leaves_;
};

Action toy_choice(int iterations, SearchStats* stats = nullptr, const std::string& leaves = "") {
  SearchBudget budget;
  budget.iterations = iterations;
  SearchBot bot(std::make_unique<ToyModel>(false, leaves), budget, 1);
  Toy toy;
  const Action a = bot.choose(toy, 0, "{}");
  if (stats) *stats = bot.last();
  return a;
}

TEST(SearchBot, WithOneIterationItPlaysItsPolicy) {
  SearchStats stats;
  EXPECT_EQ(toy_choice(1, &stats).verb, "x");
  EXPECT_EQ(stats.iterations, 1);
  EXPECT_FALSE(stats.overruled);
  // Three iterations try both first moves once or more, too few to overrule it.
  EXPECT_EQ(toy_choice(3, &stats).verb, "x");
  EXPECT_FALSE(stats.overruled);
}

TEST(SearchBot, FindsTheTwoStepPlanItsPolicyMisses) {
  // y then q wins 5/6 of the time against 1/2 for x: the tree must look past the
  // opponent's move to its own second decision, and weigh the die.
  SearchStats stats;
  EXPECT_EQ(toy_choice(2000, &stats).verb, "y");
  EXPECT_EQ(stats.iterations, 2000);
  EXPECT_EQ(stats.max_depth, 2);
  EXPECT_GT(stats.chosen_visits, 1000);
  EXPECT_TRUE(stats.overruled);
  EXPECT_FALSE(stats.fell_back);
}

TEST(SearchBot, ADecisionLeftToThePolicyTakesNoneOfTheBudget) {
  SearchStats stats;
  // The first decision (x or y) left to the policy: x, with no iteration.
  EXPECT_EQ(toy_choice(2000, &stats, "x").verb, "x");
  EXPECT_EQ(stats.iterations, 0);
  // The second (p or q) left to the policy: the tree has no node for it, so y is
  // tried only with p after it (1/6) and the plan y-q is out of reach.
  EXPECT_EQ(toy_choice(2000, &stats, "p").verb, "x");
  EXPECT_EQ(stats.iterations, 2000);
  EXPECT_EQ(stats.max_depth, 1);
  EXPECT_FALSE(stats.overruled);
  // The opponent's move left to the policy changes nothing of the player's tree.
  EXPECT_EQ(toy_choice(2000, &stats, "z").verb, "y");
  EXPECT_EQ(stats.max_depth, 2);
}

TEST(SearchBot, ARolloutCountsOnlyTheDecisionsTheModelMakes) {
  // A rollout of length 0: one iteration expands x, the policy's choice. The
  // opponent's move (z or w) then ends the rollout, unless it is left to the
  // policy: then the game plays on to the die and needs no valuation.
  for (const std::string leaves : {"", "z"}) {
    SearchBudget budget;
    budget.iterations = 1;
    budget.rollout = 0;
    auto model = std::make_unique<ToyModel>(false, leaves);
    const ToyModel* m = model.get();
    SearchBot bot(std::move(model), budget, 1);
    Toy toy;
    EXPECT_EQ(bot.choose(toy, 0, "{}").verb, "x");
    EXPECT_EQ(m->evaluations, leaves.empty() ? 1 : 0) << "left to the policy: '" << leaves << "'";
  }
}

TEST(SearchBot, WithoutASampleItPlaysTheModelsFallback) {
  SearchBot bot(std::make_unique<ToyModel>(true), SearchBudget{}, 1);
  Toy toy;
  EXPECT_EQ(bot.choose(toy, 0, "{}").verb, "y");
  EXPECT_TRUE(bot.last().fell_back);
  EXPECT_EQ(bot.last().iterations, 0);
}

TEST(SearchBot, ATimeBudgetStopsTheSearch) {
  SearchBudget budget;
  budget.iterations = 0;
  budget.millis = 5;
  SearchBot bot(std::make_unique<ToyModel>(), budget, 1);
  Toy toy;
  const Action a = bot.choose(toy, 0, "{}");
  EXPECT_TRUE(toy.check(0, a).ok());
  EXPECT_GE(bot.last().iterations, 1);
}

// Two searches alike but for the replay (SearchBudget::replay).
struct ReplayedAndNot {
  SearchStats on, off;
  Action on_choice, off_choice;
  int on_moves = 0, off_moves = 0;  // the policy's
};

ReplayedAndNot toy_with_and_without_replay(int iterations, int rollout, const std::string& leaves) {
  ReplayedAndNot r;
  for (const bool replay : {true, false}) {
    SearchBudget budget;
    budget.iterations = iterations;
    budget.rollout = rollout;
    budget.replay = replay;
    auto model = std::make_unique<ToyModel>(false, leaves);
    const ToyModel* m = model.get();
    SearchBot bot(std::move(model), budget, 5);
    Toy toy;
    (replay ? r.on_choice : r.off_choice) = bot.choose(toy, 0, "{}");
    (replay ? r.on : r.off) = bot.last();
    (replay ? r.on_moves : r.off_moves) = m->moves;
  }
  return r;
}

void expect_same_search(const SearchStats& a, const SearchStats& b) {
  EXPECT_EQ(a.iterations, b.iterations);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.max_depth, b.max_depth);
  EXPECT_EQ(a.chosen_visits, b.chosen_visits);
  EXPECT_EQ(a.overruled, b.overruled);
  EXPECT_EQ(a.fell_back, b.fell_back);
}

TEST(SearchBot, ItsReplayChoosesAsIterationsPlayedInFull) {
  for (const std::string leaves : {"", "z", "p"})
    for (const int iterations : {1, 3, 40, 2000})
      for (const int rollout : {0, 1, 8}) {
        SCOPED_TRACE("leaves '" + leaves + "', " + std::to_string(iterations) +
                     " iterations, rollout " + std::to_string(rollout));
        const auto r = toy_with_and_without_replay(iterations, rollout, leaves);
        EXPECT_EQ(r.on_choice, r.off_choice);
        expect_same_search(r.on, r.off);
        EXPECT_EQ(r.off.walked, 0);
        EXPECT_EQ(r.off.kept, 0);
        EXPECT_LE(r.on_moves, r.off_moves);
      }
  // The toy goes few ways: at 2,000 iterations nearly all are walked, not played.
  const auto r = toy_with_and_without_replay(2000, 8, "");
  EXPECT_EQ(r.on_choice.verb, "y");
  EXPECT_GT(r.on.walked, 2000);
  EXPECT_GT(r.on.kept, 0);
  EXPECT_LT(r.on.kept, 50);
  EXPECT_LT(r.on_moves * 20, r.off_moves)
      << r.on_moves << " moves of the policy against " << r.off_moves;
}

// ---- 1870 ----

// The first `decisions` choices of the French search bot (against the
// heuristic, dice from the seed), each checked legal before it is applied.
std::vector<Action> french_search_choices(const std::string& bot_name, const GameOptions& options,
                                          int decisions) {
  auto st = std::move(game().initial_state("historical", options, 4)).value();
  auto french = std::move(make_bot(bot_name, 11)).value();
  auto german = std::move(make_bot("heuristic", 12)).value();
  SeededDice dice(4);
  std::vector<Action> out;
  while (static_cast<int>(out.size()) < decisions && !st->terminal()) {
    EXPECT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    Action a;
    if (p == kF && st->legal_actions(p).size() > 1) {
      a = french->choose(*st, p, st->view(p));
      out.push_back(a);
    } else {
      a = (p == kF ? french : german)->choose(*st, p, st->view(p));
    }
    EXPECT_TRUE(st->check(p, a).ok()) << a.to_string();
    if (!st->apply(p, a).ok()) break;
  }
  return out;
}

TEST(SearchBot1870, ChoosesLegalActionsAndTheSameForTheSameSeed) {
  const auto a = french_search_choices("search:6", {}, 25);
  ASSERT_EQ(a.size(), 25u);
  EXPECT_EQ(french_search_choices("search:6", {}, 25), a);
}

// Plays a heuristic game of seed 4 until `stop` says so of the player to move
// (who has a choice); false if it never does in 2,000 actions.
bool play_until(State& st, const std::function<bool(const State&, Player)>& stop) {
  SeededDice dice(4);
  Heuristic1870Bot heuristic(1);
  for (int step = 0; step < 2000; ++step) {
    if (!resolve_chance(st, dice).ok() || st.terminal()) return false;
    const Player p = st.to_move().players.front();
    if (st.legal_actions(p).size() > 1 && stop(st, p)) return true;
    if (!st.apply(p, heuristic.choose(st, p, "")).ok()) return false;
  }
  return false;
}

TEST(SearchBot1870, SearchesTheTreeOfItsOwnDecisions) {
  // The first decision the search makes with a few choices (2 to 6) in a
  // heuristic game: 40 iterations must go below the root.
  auto st = std::move(game().initial_state("historical", {}, 4)).value();
  const auto model = make_wate1870_search_model();
  ASSERT_TRUE(play_until(*st, [&](const State& s, Player p) {
    return model->decides(s, p) && s.legal_actions(p).size() <= 6;
  }));
  const Player p = st->to_move().players.front();
  SearchBudget budget;
  budget.iterations = 40;
  SearchBot bot(make_wate1870_search_model(), budget, 3);
  const Action a = bot.choose(*st, p, st->view(p));
  EXPECT_TRUE(st->check(p, a).ok());
  EXPECT_EQ(bot.last().iterations, 40);
  EXPECT_GT(bot.last().nodes, 1);
  EXPECT_GE(bot.last().max_depth, 2);
  EXPECT_FALSE(bot.last().fell_back);
}

TEST(SearchBot1870, LeavesMarchStepsAndLossesToItsPolicy) {
  // Which force activates and what it does are searched (7.0-7.4); a step of a
  // planned march (7.1) or where losses go (8.5) is the policy's, at no cost.
  const auto model = make_wate1870_search_model();
  for (const auto kind : {wate1870::StepKind::kMarch, wate1870::StepKind::kAbsorb}) {
    auto st = std::move(game().initial_state("historical", {}, 4)).value();
    ASSERT_TRUE(play_until(*st, [&](const State& s, Player) {
      return static_cast<const WateState&>(s).steps().back().kind == kind;
    })) << static_cast<int>(kind);
    const Player p = st->to_move().players.front();
    EXPECT_FALSE(model->decides(*st, p));
    SearchBudget budget;
    budget.iterations = 40;
    SearchBot bot(make_wate1870_search_model(), budget, 3);
    EXPECT_TRUE(st->check(p, bot.choose(*st, p, st->view(p))).ok());
    EXPECT_EQ(bot.last().iterations, 0);
  }
  auto st = std::move(game().initial_state("historical", {}, 4)).value();
  ASSERT_TRUE(play_until(*st, [](const State& s, Player) {
    return static_cast<const WateState&>(s).steps().back().kind == wate1870::StepKind::kActivate;
  }));
  EXPECT_TRUE(model->decides(*st, st->to_move().players.front()));
}

TEST(SearchBot1870, WithoutFogOfWarItsPictureIsTheGameItself) {
  // The search plays on from pictures made from the view: without 12.2 they must
  // hold all that decides what comes next (the steps due, the acting force, the
  // chain of activated HQs, the combat), or the sample goes astray. Seed 1 has an
  // HQ struck off the map at step 45 while its chain of activations goes on.
  auto st = std::move(game().initial_state("historical", {}, 1)).value();
  Heuristic1870Bot french(1), german(2);
  SeededDice dice(1);
  int compared = 0, chains = 0;
  for (int step = 0; step < 1500 && !st->terminal(); ++step) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const auto& ws = dynamic_cast<const WateState&>(*st);
    for (Player me : {kF, kG}) {
      const auto picture = Heuristic1870Bot::belief_from_view(ws, st->view(me));
      ASSERT_TRUE(picture) << "step " << step;
      ASSERT_EQ(picture->steps().size(), ws.steps().size()) << "step " << step;
      ASSERT_EQ(picture->force(), ws.force()) << "step " << step;
      ASSERT_EQ(picture->frames().size(), ws.frames().size()) << "step " << step;
      ASSERT_EQ(picture->combat().has_value(), ws.combat().has_value()) << "step " << step;
      if (ws.combat()) {
        ASSERT_EQ(picture->combat()->hqs, ws.combat()->hqs) << "step " << step;
      }
      ASSERT_EQ(picture->sps(), ws.sps()) << "step " << step;
      ++compared;
    }
    for (const auto& f : ws.frames())
      if (const auto* q = ws.position().hq(f.hq); q && !q->hex) ++chains;
    const Player p = st->to_move().players.front();
    ASSERT_TRUE(st->apply(p, (p == kF ? french : german).choose(*st, p, "")).ok());
  }
  EXPECT_GT(compared, 2000);
  EXPECT_GT(chains, 0) << "an HQ off the map in a chain of activations, as at step 45";
}

TEST(SearchBot1870, PositionsAreWorthVpSpAndStatus) {
  auto st = wate1870::testing::saar_border();
  const double french = wate1870_points(*st, kF);
  EXPECT_DOUBLE_EQ(wate1870_points(*st, kG), -french);
  // One more German SP in a hex of the position: 5 points less for the French.
  const auto more = wate1870::testing::with_more_sp(*st, Side::kGerman, {st->sps().back().hex}, 1);
  ASSERT_TRUE(more);
  ASSERT_EQ(st->sps().back().side, Side::kGerman);
  EXPECT_DOUBLE_EQ(wate1870_points(*more, kF), french - 5);
}

TEST(SearchBot1870, UnderFogOfWarItsDecisionsDoNotDependOnWhatItMayNotSee) {
  // As for the heuristic bot: the same game twice over, once with every German
  // stack the French may not inspect made bigger (the views are the same).
  // Two search bots with the same seed must choose alike at every decision.
  const GameOptions fog{{{"12.2", "on"}}};
  auto st = std::move(game().initial_state("historical", fog, 3)).value();
  auto& ws = dynamic_cast<WateState&>(*st);
  SearchBudget budget;
  budget.iterations = 6;
  SearchBot a(make_wate1870_search_model(), budget, 7), b(make_wate1870_search_model(), budget, 7);
  RandomBot german(8);
  SeededDice dice(3);
  int compared = 0, with_hidden = 0, searched = 0;
  for (int step = 0; step < 200 && compared < 30 && !st->terminal(); ++step) {
    ASSERT_TRUE(resolve_chance(*st, dice).ok());
    if (st->terminal()) break;
    const Player p = st->to_move().players.front();
    if (p == kG || st->legal_actions(p).size() == 1) {
      ASSERT_TRUE(
          st->apply(p, p == kG ? german.choose(*st, p, "") : st->legal_actions(p).front()).ok());
      continue;
    }
    auto twin = wate1870::testing::fog_twin(ws, Side::kFrench, 5);
    const auto& other = twin.state;
    ASSERT_TRUE(other);
    if (twin.grown > 0) {
      ++with_hidden;
      ASSERT_NE(other->hash(), ws.hash());
      ASSERT_EQ(other->view(kF), ws.view(kF)) << "the views must not differ";
    }
    const Action x = a.choose(ws, kF, ws.view(kF));
    const Action y = b.choose(*other, kF, other->view(kF));
    ASSERT_EQ(x, y) << "step " << step << ": " << x.to_string() << " / " << y.to_string();
    ASSERT_EQ(a.last().iterations, b.last().iterations);
    if (a.last().iterations > 0) ++searched;
    ++compared;
    ASSERT_TRUE(st->apply(kF, x).ok());
  }
  EXPECT_EQ(compared, 30);
  EXPECT_GT(with_hidden, 20);
  EXPECT_GT(searched, 5) << "decisions the search made, not its policy";
}

TEST(SearchBot1870, ItsReplayChoosesAsIterationsPlayedInFull) {
  // Two search bots alike but for the replay, at the French decisions of a
  // game, with and without fog of war (12.2: many samples), with a rollout of
  // 1 and of 8 decisions: the same choice from the same search every time.
  for (const bool fogged : {false, true})
    for (const int rollout : {1, 8}) {
      SCOPED_TRACE(std::string(fogged ? "12.2" : "no fog") + ", rollout " +
                   std::to_string(rollout));
      const GameOptions options = fogged ? GameOptions{{{"12.2", "on"}}} : GameOptions{};
      auto st = std::move(game().initial_state("historical", options, 6)).value();
      SearchBudget budget;
      budget.iterations = 100;
      budget.rollout = rollout;
      SearchBot on(make_wate1870_search_model(), budget, 9);
      budget.replay = false;
      SearchBot off(make_wate1870_search_model(), budget, 9);
      Heuristic1870Bot german(10);
      SeededDice dice(6);
      int searched = 0, walked = 0, kept = 0;
      for (int step = 0; step < 3000 && searched < 12 && !st->terminal(); ++step) {
        ASSERT_TRUE(resolve_chance(*st, dice).ok());
        if (st->terminal()) break;
        const Player p = st->to_move().players.front();
        if (p == kG || st->legal_actions(p).size() == 1) {
          ASSERT_TRUE(st->apply(p, p == kG ? german.choose(*st, p, st->view(p))
                                           : st->legal_actions(p).front())
                          .ok());
          continue;
        }
        const Action x = on.choose(*st, p, st->view(p));
        const Action y = off.choose(*st, p, st->view(p));
        ASSERT_EQ(x, y) << "step " << step;
        expect_same_search(on.last(), off.last());
        EXPECT_EQ(off.last().walked, 0);
        if (on.last().iterations > 0) ++searched;
        walked += on.last().walked;
        kept += on.last().kept;
        ASSERT_TRUE(st->apply(p, x).ok());
      }
      EXPECT_EQ(searched, 12);
      EXPECT_GT(walked, 0);
      EXPECT_GT(kept, 0);
    }
}

}  // namespace
}  // namespace rz::bots
