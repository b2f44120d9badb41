// reisswitz run 1870: a game driven from files (scenario, actions, dice),
// printing every event and the final state as JSON. Bug reports, tests and
// play by e-mail work this way. With --as PLAYER it prints only what that
// player may see (fog of war): his view, the events visible to him and the
// orders the rules let him know of.
#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/output_files.hpp"
#include "cli/whole_number.hpp"
#include "core/dice.hpp"
#include "core/game_log.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::cli {

namespace {

struct RunArgs {
  std::string system;
  std::string scenario = "historical";
  std::string actions;
  std::string dice;
  std::string save;
  std::string log;  // write the replayable game log here (see core/game_log.hpp)
  std::string as;   // print what this player may see (empty: the umpire, everything)
  std::vector<std::string> options;
  std::uint64_t seed = 1;
};

std::vector<int> parse_dice(const std::string& text, std::string& error) {
  std::vector<int> pips;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.size() != 1 || item[0] < '1' || item[0] > '6') {
      error = "a die shows 1 to 6; '" + item + "' is not a die";
      return {};
    }
    pips.push_back(item[0] - '0');
  }
  return pips;
}

void print_events(const Game& game, const Events& events, Player viewer, nlohmann::json& out) {
  for (const auto& e : visible_events(events, viewer)) {
    std::cout << "  " << e.text << "\n";
    nlohmann::json j{{"kind", e.kind}, {"text", e.text}};
    if (!e.visible_to.empty()) {  // fog of war: whose eyes only
      nlohmann::json who = nlohmann::json::array();
      for (int p : e.visible_to) who.push_back(game.player_name(p));
      j["visible_to"] = who;
    }
    out.push_back(j);
  }
}

int run_game(const RunArgs& a) {
  if (a.system != "1870") {
    std::cerr << "error: the only rule system that can be run yet is 1870, not '" << a.system << "'\n";
    return 2;
  }
  GameOptions options;
  for (const auto& o : a.options) options.values[o] = "on";
  auto game = wate1870::WateGame::load();
  if (!game) {
    std::cerr << "error: " << game.error().to_string() << "\n";
    return 1;
  }
  auto init = (*game)->initial_state(a.scenario, options, a.seed);
  if (!init) {
    std::cerr << "error: " << init.error().to_string() << "\n";
    return exit_code_for(init.error());  // no such scenario or option: 2
  }
  std::unique_ptr<State> st = std::move(init).value();
  Player viewer = kUmpire;
  if (!a.as.empty()) {
    auto p = (*game)->player_from_name(a.as);
    if (!p) {
      std::cerr << "error: --as: " << p.error().message << "\n";
      return 2;
    }
    viewer = *p;
  }
  std::unique_ptr<DiceSource> dice;
  if (!a.dice.empty()) {
    std::string err;
    auto pips = parse_dice(a.dice, err);
    if (!err.empty()) {
      std::cerr << "error: --dice: " << err << "\n";
      return 2;
    }
    dice = std::make_unique<ScriptedDice>(pips);
  } else {
    dice = std::make_unique<SeededDice>(a.seed);
  }
  if (!output_files_writable({{"--log", &a.log}, {"--save", &a.save}}, {{"--actions", &a.actions}}))
    return 1;
  std::vector<std::string> lines;
  if (!a.actions.empty()) {
    auto text = read_text_file(a.actions);
    if (!text) {
      std::cerr << "error: --actions: " << text.error().message << "\n";
      return 1;
    }
    // A file written on Windows: its line ends (CR LF) and the byte-order mark
    // some editors put first would otherwise end up in the orders' texts.
    if (text->rfind("\xEF\xBB\xBF", 0) == 0) text->erase(0, 3);
    std::istringstream in(*text);
    for (std::string line; std::getline(in, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      lines.push_back(line);
    }
  }
  nlohmann::json log = nlohmann::json::array();
  GameLog game_log{(*game)->name(), a.scenario, options, a.seed, st->hash(), {}, {}};
  // One outcome at a time, so that each goes into the game log.
  auto roll = [&]() -> bool {
    while (st->to_move().kind == MoveKind::kChance) {
      const auto outcomes = st->chance_outcomes();
      auto idx = dice->pick(outcomes);
      auto ev = idx ? st->apply(kChance, outcomes[*idx].action) : Result<Events>(idx.error());
      if (!ev) {
        std::cerr << "error: dice: " << ev.error().to_string() << "\n";
        return false;
      }
      game_log.entries.push_back({kChance, outcomes[*idx].action, st->hash()});
      print_events(**game, *ev, viewer, log);
    }
    return true;
  };
  if (!roll()) return 1;
  for (std::size_t n = 0; n < lines.size(); ++n) {
    std::string text = lines[n];
    if (auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = a.actions + ":" + std::to_string(n + 1) + ": ";
    // "German: pass" names the player; a bare action is the player to move.
    Player player = kChance;
    if (auto colon = text.find(':'); colon != std::string::npos) {
      auto p = (*game)->player_from_name(text.substr(text.find_first_not_of(' '), colon - text.find_first_not_of(' ')));
      if (!p) {
        std::cerr << "error: " << where << p.error().to_string() << "\n";
        return 1;
      }
      player = *p;
      text = text.substr(colon + 1);
    } else {
      const ToMove tm = st->to_move();
      if (tm.kind != MoveKind::kPlayer) {
        std::cerr << "error: " << where << "no single player is to move; name the player ('German: pass')\n";
        return 1;
      }
      player = tm.players.front();
    }
    auto action = Action::parse(text);
    if (!action) {
      std::cerr << "error: " << where << action.error().to_string() << "\n";
      return 1;
    }
    const auto shown = st->describe_action_for(viewer, *action);  // before it changes the state
    auto ev = st->apply(player, *action);
    if (!ev) {
      std::cerr << "error: " << where << (*game)->player_name(player) << " '" << action->to_string()
                << "' refused: " << ev.error().to_string() << "\n";
      return 1;
    }
    game_log.entries.push_back({player, *action, st->hash()});
    if (shown) std::cout << (*game)->player_name(player) << ": " << *shown << "\n";
    print_events(**game, *ev, viewer, log);
    if (!roll()) return 1;
  }
  if (!a.save.empty()) {
    if (auto ok = write_text_file(a.save, st->serialize() + "\n"); !ok) {
      std::cerr << "error: " << ok.error().message << "\n";
      return 1;
    }
  }
  if (!a.log.empty()) {
    if (auto ok = write_text_file(a.log, to_json(game_log, **game)); !ok) {
      std::cerr << "error: " << ok.error().message << "\n";
      return 1;
    }
  }
  nlohmann::json result;
  result["events"] = log;
  result["state"] = nlohmann::json::parse(st->view(viewer));
  // A player's output holds no hash: the state's hash covers what he may not see.
  if (viewer == kUmpire) result["hash"] = st->hash();
  std::cout << result.dump(2) << "\n";
  return 0;
}

}  // namespace

void add_run_command(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  auto* cmd = app.add_subcommand("run", "Run a game from a scenario, a file of actions and a list of dice");
  cmd->add_option("system", args->system, "Rule system (1870)")->required();
  cmd->add_option("--scenario", args->scenario, "Scenario name (historical, free) or file")->capture_default_str();
  cmd->add_option("--actions", args->actions, "File of actions, one per line ('German: pass' or 'pass')");
  cmd->add_option("--dice", args->dice, "Scripted dice, e.g. 3,5,6,6 (default: seeded dice)");
  cmd->add_option("--seed", args->seed, "Seed of the dice")
      ->check(whole_number())
      ->capture_default_str();
  cmd->add_option("--option", args->options, "Optional rule to use: 12.1, 12.2, 12.3, 12.4");
  cmd->add_option("--save", args->save, "Save the final state here (JSON)");
  cmd->add_option("--log", args->log, "Write the game log here (replayable with 'reisswitz replay')");
  cmd->add_option("--as", args->as, "Print only what this player (French or German) may see: fog of war");
  cmd->callback([args] { set_exit_code(run_game(*args)); });
}

}  // namespace rz::cli
