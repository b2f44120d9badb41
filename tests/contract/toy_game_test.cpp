// The contract suite checked against a tiny dice game (Pig, first to 20), once
// as written and once with each promise deliberately broken: the suite must
// pass the first and catch every breakage.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "contract_suite.hpp"
#include "core/hash.hpp"

namespace rz::contract {
namespace {

// kLeak shows the umpire's note in the view, kEventLeak in an event everybody
// may see, kHiddenEvent only in an event for the umpire's eyes (no flaw: the
// suite must let it pass), kBadAudience names a player who does not exist.
enum class Flaw {
  kNone,
  kProbabilities,
  kCloneShares,
  kCheckMutates,
  kLegalRefused,
  kSerializeLoses,
  kLeak,
  kEventLeak,
  kHiddenEvent,
  kBadAudience
};

class PigState final : public State {
 public:
  explicit PigState(Flaw flaw) : flaw_(flaw) {}
  ToMove to_move() const override {
    if (score_[0] >= 20 || score_[1] >= 20) return {MoveKind::kTerminal, {}};
    if (rolling_) return {MoveKind::kChance, {}};
    return {MoveKind::kPlayer, {turn_}};
  }
  std::vector<Action> legal_actions(Player p) const override {
    const ToMove tm = to_move();
    if (tm.kind != MoveKind::kPlayer || tm.players[0] != p) return {};
    return {Action("roll"), Action("hold")};
  }
  Status check(Player p, const Action& a) const override {
    if (flaw_ == Flaw::kCheckMutates) ++const_cast<PigState*>(this)->pot_;
    const ToMove tm = to_move();
    if (tm.kind == MoveKind::kTerminal) return make_error(Code::kIllegal, "the game is over");
    if (tm.kind == MoveKind::kChance) {
      if (p != kChance) return make_error(Code::kNotYourTurn, "the die is rolling");
      for (const auto& o : chance_outcomes())
        if (o.action == a) return {};
      return make_error(Code::kMalformed, "not a face of the die");
    }
    if (p != turn_) return make_error(Code::kNotYourTurn, "it is the other player's turn");
    if (flaw_ == Flaw::kLegalRefused && a.verb == "hold") return make_error(Code::kIllegal, "no");
    if (a.verb == "roll" || a.verb == "hold") return {};
    return make_error(Code::kIllegal, "say roll or hold");
  }
  Result<Events> apply(Player p, const Action& a) override {
    if (auto ok = check(p, a); !ok) return ok.error();
    if (rolling_) {
      const int face = std::stoi(*a.get("face"));
      rolling_ = false;
      if (face == 1) {
        pot_ = 0;
        turn_ = 1 - turn_;
      } else {
        pot_ += face;
      }
      return Events{{"roll", "rolled " + std::to_string(face), {}}};
    }
    if (a.verb == "roll") {
      rolling_ = true;
      return Events{};
    }
    score_[turn_] += pot_;
    pot_ = 0;
    turn_ = 1 - turn_;
    if (flaw_ == Flaw::kEventLeak) return Events{{"hold", "held; the-umpire-only-note", {}}};
    if (flaw_ == Flaw::kHiddenEvent)
      return Events{{"hold", "held", {}}, {"note", "the-umpire-only-note", {kUmpire}}};
    if (flaw_ == Flaw::kBadAudience) return Events{{"hold", "held", {2}}};
    return Events{{"hold", "held", {}}};
  }
  std::vector<ChanceOutcome> chance_outcomes() const override {
    if (!rolling_) return {};
    std::vector<ChanceOutcome> out;
    const int faces = flaw_ == Flaw::kProbabilities ? 5 : 6;
    for (int f = 1; f <= faces; ++f) out.push_back({Action("die").with("face", std::to_string(f)), Fraction(1, 6), {f}});
    return out;
  }
  std::string view(Player p) const override {
    nlohmann::json j = nlohmann::json::parse(serialize());
    if (p != kUmpire && flaw_ != Flaw::kLeak) j.erase("secret");
    return j.dump();
  }
  std::string serialize() const override {
    nlohmann::json j{{"score", {score_[0], score_[1]}}, {"pot", flaw_ == Flaw::kSerializeLoses ? 0 : pot_},
                     {"turn", turn_}, {"rolling", rolling_}, {"flaw", static_cast<int>(flaw_)},
                     {"secret", "the-umpire-only-note"}};
    return j.dump();
  }
  std::unique_ptr<State> clone() const override {
    auto c = std::make_unique<PigState>(*this);
    if (flaw_ == Flaw::kCloneShares) c->pot_ += 1;  // a clone that is not a copy
    return c;
  }
  std::uint64_t hash() const override { return fnv1a64(serialize()); }
  std::vector<double> returns() const override {
    if (!terminal()) return {0, 0};
    return score_[0] >= 20 ? std::vector<double>{1, 0} : std::vector<double>{0, 1};
  }
  static std::unique_ptr<PigState> from(const std::string& text) {
    auto j = nlohmann::json::parse(text);
    auto s = std::make_unique<PigState>(static_cast<Flaw>(j["flaw"].get<int>()));
    s->score_[0] = j["score"][0];
    s->score_[1] = j["score"][1];
    s->pot_ = j["pot"];
    s->turn_ = j["turn"];
    s->rolling_ = j["rolling"];
    return s;
  }

 private:
  Flaw flaw_;
  int score_[2] = {0, 0};
  int pot_ = 0;
  Player turn_ = 0;
  bool rolling_ = false;
};

class PigGame final : public Game {
 public:
  explicit PigGame(Flaw f) : flaw_(f) {}
  std::string name() const override { return "pig"; }
  int num_players() const override { return 2; }
  std::string player_name(Player p) const override { return p == 0 ? "first" : "second"; }
  Result<Player> player_from_name(const std::string& n) const override {
    if (n == "first") return 0;
    if (n == "second") return 1;
    return make_error(Code::kNotFound, "no such player");
  }
  Result<std::unique_ptr<State>> initial_state(const std::string&, const GameOptions&, std::uint64_t) const override {
    return std::unique_ptr<State>(std::make_unique<PigState>(flaw_));
  }
  Result<std::unique_ptr<State>> deserialize(const std::string& text) const override {
    return std::unique_ptr<State>(PigState::from(text));
  }

 private:
  Flaw flaw_;
};

SuiteReport run(Flaw flaw) {
  PigGame game(flaw);
  SuiteConfig cfg;
  cfg.game = &game;
  cfg.games = 20;
  cfg.secrets_of = [](const State&, Player) { return std::vector<std::string>{"the-umpire-only-note"}; };
  return run_contract_suite(cfg);
}

TEST(Contract_Suite, ASoundGamePassesEveryCheck) {
  const auto r = run(Flaw::kNone);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front();
  EXPECT_EQ(r.games_finished, 20);
  EXPECT_GT(r.steps, 100);
}

// A chooser plays each game (made afresh per game); one that picks what the
// rules do not offer is caught, not applied.
TEST(Contract_Suite, PlaysWithAChooserAndCatchesAnIllegalChoice) {
  PigGame game(Flaw::kNone);
  SuiteConfig cfg;
  cfg.game = &game;
  cfg.games = 5;
  int made = 0;
  long asked = 0;
  cfg.make_chooser = [&](std::uint64_t) -> SuiteConfig::Chooser {
    ++made;
    return [&](const State&, Player, const std::vector<Action>& legal, Pcg32& rng) {
      ++asked;
      return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    };
  };
  const auto played = run_contract_suite(cfg);
  EXPECT_TRUE(played.violations.empty()) << played.violations.front();
  EXPECT_EQ(played.games_finished, 5);
  EXPECT_EQ(made, 5);
  EXPECT_GT(asked, 0);
  cfg.make_chooser = [](std::uint64_t) -> SuiteConfig::Chooser {
    return [](const State&, Player, const std::vector<Action>&, Pcg32&) { return Action("cheat"); };
  };
  const auto cheated = run_contract_suite(cfg);
  ASSERT_FALSE(cheated.violations.empty());
  EXPECT_NE(cheated.violations.front().find("'cheat', which is not among its legal actions"),
            std::string::npos)
      << cheated.violations.front();
}

// The game's own check of a state runs at the deep steps, and what it finds is reported.
TEST(Contract_Suite, ReportsWhatTheGamesOwnCheckFinds) {
  PigGame game(Flaw::kNone);
  SuiteConfig cfg;
  cfg.game = &game;
  cfg.games = 3;
  cfg.deep_check_every = 2;
  long checked = 0;
  cfg.check_state = [&](const State&, long step) -> std::string {
    ++checked;
    return step == 6 ? "step six is wrong" : "";
  };
  const auto r = run_contract_suite(cfg);
  EXPECT_GT(checked, 3);
  ASSERT_FALSE(r.violations.empty());
  EXPECT_NE(r.violations.front().find("step 6: step six is wrong"), std::string::npos)
      << r.violations.front();
}

TEST(Contract_Suite, AnEventNoPlayerSeesMayHoldASecret) {
  const auto r = run(Flaw::kHiddenEvent);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front();
}

TEST(Contract_Suite, CatchesAnEventThatLeaksASecret) {
  const auto r = run(Flaw::kEventLeak);
  ASSERT_FALSE(r.violations.empty());
  EXPECT_NE(r.violations.front().find("leaks 'the-umpire-only-note'"), std::string::npos) << r.violations.front();
}

TEST(Contract_Suite, ASecretCountsOnlyAsAWholeWord) {
  EXPECT_TRUE(holds_secret("G-I activates", "G-I"));
  EXPECT_TRUE(holds_secret("[\"G-I\"]", "\"G-I\""));
  EXPECT_TRUE(holds_secret("with G-IX, G-I", "G-I"));
  EXPECT_FALSE(holds_secret("G-IX activates", "G-I"));
  EXPECT_FALSE(holds_secret("XG-I", "G-I"));
  EXPECT_FALSE(holds_secret("anything", ""));
}

// Pig's check takes "roll" and "hold" whatever arguments follow: a game that
// says it lists every order it accepts is caught accepting "roll extra-argument=1".
TEST(Contract_Suite, CatchesACheckThatAcceptsWhatTheListLeavesOut) {
  PigGame game(Flaw::kNone);
  SuiteConfig cfg;
  cfg.game = &game;
  cfg.games = 2;
  EXPECT_TRUE(run_contract_suite(cfg).violations.empty());  // a sample list is allowed
  cfg.may_be_unlisted = [](const State&, const Action&) { return false; };
  const auto r = run_contract_suite(cfg);
  ASSERT_FALSE(r.violations.empty());
  EXPECT_NE(r.violations.front().find("extra-argument=1', which legal_actions does not list"),
            std::string::npos)
      << r.violations.front();
}

TEST(Contract_Suite, CatchesEveryBrokenPromise) {
  for (Flaw f : {Flaw::kProbabilities, Flaw::kCloneShares, Flaw::kCheckMutates, Flaw::kLegalRefused,
                 Flaw::kSerializeLoses, Flaw::kLeak, Flaw::kEventLeak, Flaw::kBadAudience}) {
    const auto r = run(f);
    EXPECT_FALSE(r.violations.empty()) << "flaw " << static_cast<int>(f) << " went unnoticed";
  }
}

}  // namespace
}  // namespace rz::contract
