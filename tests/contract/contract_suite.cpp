#include "contract_suite.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/dice.hpp"
#include "core/rng.hpp"

namespace rz::contract {

namespace {

bool same_outcomes(const std::vector<ChanceOutcome>& a, const std::vector<ChanceOutcome>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.action == y.action && x.probability == y.probability && x.dice == y.dice;
  });
}

struct Checker {
  const SuiteConfig& cfg;
  SuiteReport& report;
  int game_no = 0;
  long step_no = 0;

  void fail(const std::string& what) {
    if (report.violations.size() < 50)
      report.violations.push_back("game " + std::to_string(game_no) + " step " + std::to_string(step_no) + ": " +
                                  what);
  }

  // Whoever may act now, and whether every promise about it holds.
  void check_to_move(const State& st) {
    const ToMove tm = st.to_move();
    if (st.move_kind() != tm.kind) fail("move_kind() differs from to_move().kind");
    const int n = cfg.game->num_players();
    switch (tm.kind) {
      case MoveKind::kPlayer:
        if (tm.players.size() != 1) fail("kPlayer must name exactly one player");
        break;
      case MoveKind::kSimultaneous:
        if (tm.players.size() < 2) fail("kSimultaneous must name several players");
        break;
      case MoveKind::kChance:
      case MoveKind::kTerminal:
        if (!tm.players.empty()) fail("chance and terminal nodes name no player");
        break;
    }
    for (Player p = 0; p < n; ++p) {
      const bool moving = std::find(tm.players.begin(), tm.players.end(), p) != tm.players.end();
      const auto legal = st.legal_actions(p);
      if (moving && legal.empty()) fail("player " + std::to_string(p) + " is to move but has no legal action");
      if (!moving && !legal.empty()) fail("player " + std::to_string(p) + " is not to move but has legal actions");
      check_pick(st, p, legal);
      for (const auto& a : legal) {
        auto parsed = Action::parse(a.to_string());
        if (!parsed || !(*parsed == a)) fail("action text does not round-trip: " + a.to_string());
        if (auto ok = st.check(p, a); !ok) fail("legal action refused by check: " + a.to_string() + ": " + ok.error().to_string());
      }
    }
    if (tm.kind == MoveKind::kChance) {
      const auto outs = st.chance_outcomes();
      if (outs.empty()) fail("a chance node has no outcomes");
      if (total_probability(outs) != Fraction(1, 1))
        fail("chance probabilities sum to " + total_probability(outs).to_string() + ", not 1");
      for (const auto& o : outs) {
        if (!(Fraction(0, 1) < o.probability)) fail("a chance outcome has probability <= 0");
        if (auto ok = st.check(kChance, o.action); !ok) fail("chance outcome refused: " + o.action.to_string());
      }
      if (const auto list = st.chance_outcome_list(); !list || !same_outcomes(*list, outs))
        fail("chance_outcome_list() is not the list chance_outcomes() gives");
    } else if (!st.chance_outcomes().empty()) {
      fail("chance outcomes offered at a non-chance node");
    }
  }

  // pick_legal_action is legal_actions()[i], asked with n its length: the first,
  // the middle and the last order are picked, and none from an empty list.
  void check_pick(const State& st, Player p, const std::vector<Action>& legal) {
    struct Chooser final : IndexChooser {
      std::size_t want = 0;
      std::size_t asked_n = 0;
      int asked = 0;
      std::size_t choose(std::size_t n) override {
        ++asked;
        asked_n = n;
        return std::min(want, n - 1);
      }
    };
    const std::size_t n = legal.size();
    for (const std::size_t i : {std::size_t{0}, n / 2, n == 0 ? 0 : n - 1}) {
      Chooser c;
      c.want = i;
      const auto picked = st.pick_legal_action(p, c);
      if (n == 0) {
        if (picked || c.asked != 0) fail("pick_legal_action picks from an empty list");
        return;
      }
      if (c.asked != 1 || c.asked_n != n)
        fail("pick_legal_action asked " + std::to_string(c.asked) + " time(s) to choose of " +
             std::to_string(c.asked_n) + ", not once of the " + std::to_string(n) +
             " legal actions");
      else if (!picked || !(*picked == legal[i]))
        fail("pick_legal_action picked '" +
             (picked ? picked->to_string() : std::string("nothing")) + "', not legal action " +
             std::to_string(i) + " '" + legal[i].to_string() + "'");
    }
  }

  // apply_picked by a player not to move: refused as not_your_turn, the chooser
  // not asked, nothing changed.
  void check_apply_picked_refusals(State& st, Player mover) {
    struct Never final : IndexChooser {
      int asked = 0;
      std::size_t choose(std::size_t) override {
        ++asked;
        return 0;
      }
    } never;
    const std::uint64_t before = st.hash();
    for (Player q = 0; q < cfg.game->num_players(); ++q) {
      if (q == mover) continue;
      auto r = st.apply_picked(q, never);
      if (r || r.error().code != Code::kNotYourTurn || never.asked != 0)
        fail("apply_picked by player " + std::to_string(q) +
             ", not to move, was not refused as not_your_turn");
    }
    if (st.hash() != before) fail("a refused apply_picked changed the state");
  }

  // check() and refused apply() must change nothing, and errors carry a reason.
  void check_refusals(State& st) {
    const std::uint64_t before = st.hash();
    const Action nonsense("no-such-order");
    for (Player p = 0; p < cfg.game->num_players(); ++p) {
      auto ok = st.check(p, nonsense);
      if (ok) fail("a nonsense order was accepted by check");
      else if (ok.error().message.empty()) fail("a refusal without a reason");
      auto applied = st.apply(p, nonsense);
      if (applied) fail("a nonsense order was applied");
    }
    const ToMove tm = st.to_move();
    if (tm.kind == MoveKind::kPlayer) {
      // Someone else's legal action, offered by the wrong player.
      const Player mover = tm.players.front();
      const auto legal = st.legal_actions(mover);
      for (Player p = 0; p < cfg.game->num_players(); ++p) {
        if (p == mover || legal.empty()) continue;
        auto ok = st.check(p, legal.front());
        if (ok) fail("player " + std::to_string(p) + " may play out of turn");
        else if (ok.error().code != Code::kNotYourTurn) fail("out-of-turn order not refused as not_your_turn");
      }
      check_near_orders(st, mover, legal);
    }
    if (st.hash() != before) fail("a refused order changed the state");
  }

  // Orders close to the mover's listed ones (SuiteConfig::may_be_unlisted).
  void check_near_orders(State& st, Player mover, const std::vector<Action>& legal) {
    if (legal.empty()) return;
    const auto listed = [&](const Action& a) {
      return std::find(legal.begin(), legal.end(), a) != legal.end();
    };
    std::vector<Action> near;
    const std::size_t n = legal.size();
    for (std::size_t i : {std::size_t{0}, n / 2, n - 1}) {
      const Action& a = legal[i];
      for (std::size_t k = 0; k < a.args.size(); ++k) {
        const auto& [key, value] = a.args[k];
        // Another listed order's value for the same argument.
        for (std::size_t j = 1; j < n; ++j) {
          const Action& b = legal[(i + j) % n];
          const std::string* v = b.get(key);
          if (v && *v != value) {
            Action m = a;
            m.args[k].second = *v;
            near.push_back(std::move(m));
            break;
          }
        }
        // A number one off, in its units and (a hex number's column) its hundreds;
        // one written with leading zeros stays as wide.
        if (!value.empty() && value.size() < 9 &&
            std::all_of(value.begin(), value.end(),
                        [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
          for (long d : {-1L, 1L, -100L, 100L}) {
            const long v = std::stol(value) + d;
            if (v < 0 || (value.size() < 3 && (d == -100 || d == 100))) continue;
            std::string text = std::to_string(v);
            if (value.size() > 1 && value[0] == '0' && text.size() < value.size())  // "0503"
              text.insert(0, value.size() - text.size(), '0');
            Action m = a;
            m.args[k].second = text;
            near.push_back(std::move(m));
          }
        Action dropped = a;  // an argument left out
        dropped.args.erase(dropped.args.begin() + static_cast<std::ptrdiff_t>(k));
        near.push_back(std::move(dropped));
      }
      near.push_back(Action(a).with("extra-argument", "1"));  // one too many
      for (const auto& b : legal)  // the verb of another order, with these arguments
        if (b.verb != a.verb) {
          near.push_back(Action(b.verb, a.args));
          break;
        }
    }
    const std::uint64_t before = st.hash();
    for (const auto& m : near) {
      const auto ok = st.check(mover, m);
      if (listed(m)) {
        if (!ok)
          fail("check refuses '" + m.to_string() +
               "', which legal_actions lists: " + ok.error().to_string());
        continue;
      }
      if (ok) {
        if (cfg.may_be_unlisted && !cfg.may_be_unlisted(st, m))
          fail("check accepts '" + m.to_string() + "', which legal_actions does not list");
        continue;
      }
      if (ok.error().message.empty()) fail("a refusal without a reason: '" + m.to_string() + "'");
      if (st.apply(mover, m)) fail("'" + m.to_string() + "' was refused by check but applied");
      if (st.hash() != before) {
        fail("refusing '" + m.to_string() + "' changed the state");
        return;
      }
    }
  }

  // Returns the deserialized copy, for the caller to play on.
  std::unique_ptr<State> check_copies(const State& st) {
    const std::uint64_t h = st.hash();
    auto cl = st.clone();
    if (cl->hash() != h) fail("clone has a different hash");
    const std::string text = st.serialize();
    auto back = cfg.game->deserialize(text);
    if (!back) {
      fail("deserialize failed: " + back.error().to_string());
      return nullptr;
    }
    if ((*back)->hash() != h) fail("deserialize(serialize()) has a different hash");
    if ((*back)->serialize() != text) fail("serialize is not stable across a round trip");
    for (Player p = 0; p < cfg.game->num_players(); ++p) {
      const std::string v = st.view(p);
      if (!nlohmann::json::accept(v)) fail("view is not valid JSON");
      if (cfg.secrets_of)
        for (const auto& secret : cfg.secrets_of(st, p))
          if (holds_secret(v, secret)) fail("view of player " + std::to_string(p) + " leaks '" + secret + "'");
    }
    if (!nlohmann::json::accept(st.view(kUmpire))) fail("umpire view is not valid JSON");
    return std::move(back).value();
  }

  using Secrets = std::vector<std::vector<std::string>>;  // per player
  Secrets secrets(const State& st) const {
    Secrets out(static_cast<std::size_t>(cfg.game->num_players()));
    if (cfg.secrets_of)
      for (Player p = 0; p < cfg.game->num_players(); ++p) out[static_cast<std::size_t>(p)] = cfg.secrets_of(st, p);
    return out;
  }

  // Fog of war: what apply() and describe_action_for() tell a player holds
  // none of his secrets of both before and after the action.
  void check_told(const Events& ev, const std::vector<std::optional<std::string>>& told, Player mover,
                  const Secrets& before, const Secrets& after) {
    const int n = cfg.game->num_players();
    for (const auto& e : ev)
      for (int p : e.visible_to)
        if (p != kUmpire && (p < 0 || p >= n)) fail("event '" + e.kind + "' is visible to no such player " + std::to_string(p));
    if (!cfg.secrets_of) return;
    for (Player p = 0; p < n; ++p) {
      const auto& was = before[static_cast<std::size_t>(p)];
      const auto& is = after[static_cast<std::size_t>(p)];
      for (const auto& secret : was) {
        if (std::find(is.begin(), is.end(), secret) == is.end()) continue;  // he may see it now
        for (const auto& e : visible_events(ev, p))
          if (holds_secret(e.text, secret) || holds_secret(e.kind, secret))
            fail("event '" + e.kind + "' visible to player " + std::to_string(p) + " leaks '" + secret + "': " + e.text);
        if (p != mover && told[static_cast<std::size_t>(p)] && holds_secret(*told[static_cast<std::size_t>(p)], secret))
          fail("the action shown to player " + std::to_string(p) + " leaks '" + secret + "': " + *told[static_cast<std::size_t>(p)]);
      }
    }
  }
};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

}  // namespace

int env_int(const char* name, int fallback) {
  const char* env = std::getenv(name);
  const int v = env ? std::atoi(env) : 0;
  return v > 0 ? v : fallback;
}

bool holds_secret(const std::string& text, const std::string& secret) {
  if (secret.empty()) return false;
  for (auto at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 1)) {
    const bool starts = at == 0 || !word_char(secret.front()) || !word_char(text[at - 1]);
    const std::size_t end = at + secret.size();
    const bool ends = end == text.size() || !word_char(secret.back()) || !word_char(text[end]);
    if (starts && ends) return true;
  }
  return false;
}

int scaled(int n) {
  const char* env = std::getenv("REISSWITZ_TEST_SCALE");
  const double f = env ? std::atof(env) : 1.0;
  const int v = static_cast<int>(n * (f > 0 ? f : 1.0) + 0.5);
  return v < 1 ? 1 : v;
}

SuiteReport run_contract_suite(const SuiteConfig& cfg) {
  SuiteReport report;
  Checker c{cfg, report};
  for (int g = cfg.first_game; g < cfg.games; g += cfg.game_stride) {
    c.game_no = g;
    c.step_no = 0;
    const std::uint64_t seed = cfg.seed * 1000003ULL + static_cast<std::uint64_t>(g);
    auto init = cfg.game->initial_state(cfg.scenario, cfg.options, seed);
    if (!init) {
      c.fail("initial_state failed: " + init.error().to_string());
      return report;
    }
    std::unique_ptr<State> st = std::move(init).value();
    SeededDice dice(seed);
    Pcg32 choose(seed, 17);  // per game, so a game is the same whichever shard plays it
    const SuiteConfig::Chooser chooser = cfg.make_chooser ? cfg.make_chooser(seed) : nullptr;
    struct Logged {
      Player player;
      std::string action;
      std::uint64_t hash;
    };
    std::vector<Logged> log;
    Checker::Secrets secrets = c.secrets(*st);
    while (!st->terminal() && c.step_no < cfg.max_steps) {
      const bool deep = (c.step_no + g) % cfg.deep_check_every == 0;
      c.check_to_move(*st);
      // A clone and a saved-and-restored copy must go on exactly as the state does:
      // this catches what a hash of the serialized form cannot see.
      std::unique_ptr<State> twin, restored;
      if (deep) {
        c.check_refusals(*st);
        restored = c.check_copies(*st);
        if (cfg.check_state)
          if (const std::string why = cfg.check_state(*st, c.step_no); !why.empty()) c.fail(why);
      }
      const ToMove tm = st->to_move();
      Player p = kChance;
      Action a;
      std::size_t listed_at = 0;  // a's place in the mover's legal list
      std::shared_ptr<const std::vector<ChanceOutcome>> shared;
      std::vector<ChanceOutcome> shared_copy;
      if (tm.kind == MoveKind::kChance) {
        // The shared list: the state moving on must leave it as it was.
        shared = st->chance_outcome_list();
        shared_copy = *shared;
        auto idx = dice.pick(*shared);
        if (!idx) {
          c.fail("dice could not pick: " + idx.error().to_string());
          break;
        }
        a = (*shared)[*idx].action;
      } else {
        p = tm.players[choose.below(static_cast<std::uint32_t>(tm.players.size()))];
        const auto legal = st->legal_actions(p);
        if (legal.empty()) break;  // already reported
        if (!chooser) {
          a = legal[choose.below(static_cast<std::uint32_t>(legal.size()))];
        } else {
          a = chooser(*st, p, legal, choose);
          if (std::find(legal.begin(), legal.end(), a) == legal.end()) {
            c.fail("the player chose '" + a.to_string() +
                   "', which is not among its legal actions");
            break;
          }
        }
        listed_at =
            static_cast<std::size_t>(std::find(legal.begin(), legal.end(), a) - legal.begin());
      }
      if (deep) twin = st->clone();
      // apply_picked, on a clone: the order at a's place, applied as apply(a) applies it.
      std::unique_ptr<State> picked = deep && p != kChance ? st->clone() : nullptr;
      // apply_listed, on a clone: the listed order (or roll) unchecked, as apply(a) applies it.
      std::unique_ptr<State> listed = deep ? st->clone() : nullptr;
      if (picked && tm.kind == MoveKind::kPlayer) c.check_apply_picked_refusals(*picked, p);
      std::vector<std::optional<std::string>> told;
      if (cfg.secrets_of)
        for (Player q = 0; q < cfg.game->num_players(); ++q) told.push_back(st->describe_action_for(q, a));
      auto ev = st->apply(p, a);
      if (!ev) {
        c.fail("legal action failed to apply: " + a.to_string() + ": " + ev.error().to_string());
        break;
      }
      if (shared && !same_outcomes(*shared, shared_copy))
        c.fail("the list chance_outcome_list() gave changed when the state moved on");
      shared.reset();
      {
        auto now = c.secrets(*st);
        c.check_told(*ev, told, p, secrets, now);
        secrets = std::move(now);
      }
      if (picked) {
        struct At final : IndexChooser {
          std::size_t at = 0;
          std::size_t choose(std::size_t) override { return at; }
        } at;
        at.at = listed_at;
        auto applied = picked->apply_picked(p, at);
        if (!applied)
          c.fail("apply_picked refused legal action " + std::to_string(listed_at) + ": " +
                 applied.error().to_string());
        else if (!(applied->action == a) || picked->hash() != st->hash() || applied->events != *ev)
          c.fail("apply_picked of legal action " + std::to_string(listed_at) + " '" +
                 a.to_string() + "' did not play as apply() did");
      }
      if (listed) {
        auto applied = listed->apply_listed(p, a);
        if (!applied || listed->hash() != st->hash() || *applied != *ev)
          c.fail("apply_listed of '" + a.to_string() + "' did not play as apply() did");
      }
      for (auto* copy : {twin.get(), restored.get()}) {
        if (!copy) continue;
        auto ev2 = copy->apply(p, a);
        if (!ev2 || copy->hash() != st->hash() || *ev2 != *ev)
          c.fail(copy == twin.get() ? "a clone diverged from its original"
                                    : "a deserialized copy diverged from its original");
      }
      log.push_back({p, a.to_string(), st->hash()});
      ++c.step_no;
      ++report.steps;
    }
    if (!st->terminal()) {
      c.fail("the game did not end within " + std::to_string(cfg.max_steps) + " steps");
      continue;
    }
    c.check_to_move(*st);
    // The last state too: a game saved as it ends (autosave) must load again,
    // whatever it ended in the middle of.
    (void)c.check_copies(*st);
    const auto ret = st->returns();
    if (static_cast<int>(ret.size()) != cfg.game->num_players()) c.fail("returns() has the wrong size");
    ++report.games_finished;
    // Replay the log from the start: every hash must come out the same, with
    // nothing told (State::set_narration): what an order tells changes no play.
    auto replay = cfg.game->initial_state(cfg.scenario, cfg.options, seed);
    if (!replay) continue;
    std::unique_ptr<State> r = std::move(replay).value();
    r->set_narration(false);
    for (std::size_t i = 0; i < log.size(); ++i) {
      auto act = Action::parse(log[i].action);
      if (!act) {
        c.fail("logged action does not parse: " + log[i].action);
        break;
      }
      auto ev = r->apply(log[i].player, *act);
      if (!ev || r->hash() != log[i].hash) {
        c.fail("replay diverged at logged step " + std::to_string(i) + ": " + log[i].action);
        break;
      }
    }
  }
  return report;
}

}  // namespace rz::contract
