#include "bots/bot.hpp"

#include <cassert>
#include <iterator>

#include "bots/heuristic_1870.hpp"
#include "bots/search_1870.hpp"

namespace rz::bots {

namespace {
// A stream of its own, so a bot seeded like the dice does not mirror them.
constexpr std::uint64_t kBotStream = 0x6b6f747362616c6cULL;
}  // namespace

RandomBot::RandomBot(std::uint64_t seed) : draw_(Pcg32(seed, kBotStream)) {}

Action RandomBot::choose(const State& st, Player p, const std::string& /*view_json*/) {
  // Uniform over legal_actions(p): the state need make only the order drawn.
  auto order = st.pick_legal_action(p, draw_);
  assert(order && "choose() is only called when the player has a choice");
  return std::move(*order);
}

std::vector<std::string> bot_names() { return {"random", "heuristic", "search"}; }

Result<std::unique_ptr<Bot>> make_bot(const std::string& name, std::uint64_t seed) {
  if (name == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>(seed));
  if (name == "heuristic") return std::unique_ptr<Bot>(std::make_unique<Heuristic1870Bot>(seed));
  if (name == "search" || name.rfind("search:", 0) == 0) {
    auto budget = parse_search_budget(name);
    if (!budget) return budget.error();
    return std::unique_ptr<Bot>(
        std::make_unique<SearchBot>(make_wate1870_search_model(), *budget, seed, name));
  }
  std::string known;
  for (const auto& n : bot_names()) known += (known.empty() ? "" : ", ") + n;
  return make_error(Code::kNotFound, "there is no bot '" + name + "': the bots are " + known);
}

Result<PlayedGame> play_game(const Game& game, const std::string& scenario,
                             const GameOptions& options, std::uint64_t seed,
                             const std::vector<Bot*>& bots, DiceSource& dice, long max_steps,
                             bool record) {
  if (static_cast<int>(bots.size()) != game.num_players())
    return make_error(Code::kMalformed, game.name() + " needs " + std::to_string(game.num_players()) +
                                            " bots, one per player; got " + std::to_string(bots.size()));
  auto init = game.initial_state(scenario, options, seed);
  if (!init) return init.error();
  std::unique_ptr<State> st = std::move(init).value();
  st->set_narration(record);  // unrecorded, the events would only be dropped
  PlayedGame out;
  out.log = GameLog{game.name(), scenario, options, seed, st->hash(), {}, {}};
  for (std::size_t p = 0; p < bots.size(); ++p) out.log.meta[game.player_name(static_cast<Player>(p))] = bots[p]->name();

  // An order applied: counted, and logged with its events when recorded.
  auto played = [&](Player p, const Action& a, Events& ev) {
    ++out.actions;
    if (!record) return;
    out.log.entries.push_back({p, a, st->hash()});
    out.events.insert(out.events.end(), std::make_move_iterator(ev.begin()),
                      std::make_move_iterator(ev.end()));
  };
  auto play = [&](Player p, const Action& a) -> Status {
    auto ev = st->apply(p, a);
    if (!ev)
      return make_error(ev.error().code, game.player_name(p) + " '" + a.to_string() +
                                             "' was refused: " + ev.error().to_string());
    played(p, a, *ev);
    return {};
  };

  for (long step = 0; step < max_steps && !st->terminal(); ++step) {
    const ToMove tm = st->to_move();
    if (tm.kind == MoveKind::kChance) {
      // One outcome at a time (not resolve_chance) so each goes into the log.
      const auto outcomes = st->chance_outcome_list();
      auto idx = dice.pick(*outcomes);
      if (!idx) return idx.error();
      if (auto ok = play(kChance, (*outcomes)[*idx].action); !ok) return ok.error();
      continue;
    }
    // Simultaneous orders: each player to move, in player order.
    for (Player p : tm.players) {
      Bot& bot = *bots[static_cast<std::size_t>(p)];
      if (IndexChooser* by_place = bot.chooser()) {
        auto applied = st->apply_picked(p, *by_place);
        if (!applied) return applied.error();
        played(p, applied->action, applied->events);
        continue;
      }
      const Action a = bot.choose(*st, p, bot.needs_view() ? st->view(p) : std::string());
      if (auto ok = play(p, a); !ok) return ok.error();
    }
  }
  out.finished = st->terminal();
  out.returns = st->returns();
  out.final_hash = st->hash();
  st->set_narration(true);  // handed on as any state is
  out.final_state = std::move(st);
  return out;
}

}  // namespace rz::bots
