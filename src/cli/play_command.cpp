// reisswitz play 1870: a person at the terminal against a bot. The loop itself
// is bots::Console (src/bots/console.hpp), which tests drive with scripted
// input; this file only turns the command line into a seated game.
#include <sys/ioctl.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <random>

#include "bots/console.hpp"
#include "bots/line_wrap.hpp"
#include "bots/wate1870_screen.hpp"
#include "cli/commands.hpp"
#include "cli/whole_number.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::cli {

namespace {

struct PlayArgs {
  std::string system;
  std::string side;
  std::string bot;  // empty: the saved game's bot, else heuristic
  std::string scenario = "historical";
  std::string load;
  std::string color = "auto";
  int lines = 0;  // the terminal's height; 0: its own, or none when not a terminal
  std::vector<std::string> options;
  std::string takebacks = "rulebook";  // who may 'undo' (3.9)
  std::optional<std::uint64_t> seed;  // none: a new seed each game, printed so it can be replayed
  std::string autosave;               // empty: the loaded file, or a new one in saves/
  bool no_autosave = false;
  bool scenario_given = false;  // --scenario on the command line, not its default
};

// What a loaded game keeps as it was started: a --seed, --scenario or --option
// given with --load would be ignored, so it is refused. "" if none was given.
std::string load_conflict(const PlayArgs& a, const GameLog& log) {
  if (a.seed && *a.seed != log.seed)
    return "--seed " + std::to_string(*a.seed) + ": " + a.load + " was started with seed " +
           std::to_string(log.seed) + ", and a loaded game keeps its dice; leave --seed out";
  if (a.scenario_given && a.scenario != log.scenario)
    return "--scenario " + a.scenario + ": " + a.load + " is a game of the scenario '" +
           log.scenario + "'; leave --scenario out";
  for (const auto& o : a.options)
    if (!log.options.flag(o))
      return "--option " + o + ": " + a.load +
             " was started without it, and a loaded game keeps its " +
             "optional rules; leave --option out";
  return "";
}

// Where a new game is kept: saves/1870-seed7.json, or -2, -3... after it when
// that file holds another game.
std::string new_save_path(const std::string& system, std::uint64_t seed) {
  const std::string stem = "saves/" + system + "-seed" + std::to_string(seed);
  std::string path = stem + ".json";
  for (int n = 2; std::filesystem::exists(path); ++n)
    path = stem + "-" + std::to_string(n) + ".json";
  return path;
}

// The newest game kept in saves/ with an action in it, if it is not over: a
// new game reminds the player of it. Only that game is replayed (a few
// milliseconds); games left before their first action are passed over.
std::optional<std::string> unfinished_game(const Game& game) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<std::pair<fs::file_time_type, fs::path>> saves;
  for (const auto& entry : fs::directory_iterator("saves", ec)) {
    if (entry.path().extension() != ".json") continue;
    const auto t = entry.last_write_time(ec);
    if (!ec) saves.emplace_back(t, entry.path());
  }
  std::sort(saves.begin(), saves.end(), std::greater<>());
  for (const auto& [when, path] : saves) {
    auto text = read_text_file(path.string());
    if (!text) continue;
    auto log = parse_game_log(*text, game);
    if (!log || log->entries.empty()) continue;
    auto st = replay_log(game, *log);
    if (!st || (*st)->terminal()) return std::nullopt;
    return "Your last game, " + path.string() + ", is not over (" +
           std::to_string(log->entries.size()) + " actions): go on with it with --load " +
           path.string() + "\n";
  }
  return std::nullopt;
}

// Asks until the answer names a player; nullopt when the input ends.
std::optional<Player> ask_side(const Game& game) {
  while (true) {
    std::cout << "Which side do you play? [" << game.player_name(0) << "/" << game.player_name(1) << "]: "
              << std::flush;
    std::string answer;
    if (!std::getline(std::cin, answer)) return std::nullopt;
    auto p = game.player_from_name(answer);
    if (p) return *p;
    std::cout << p.error().message << "\n";
  }
}

int run_play(const PlayArgs& a) {
  if (a.system != "1870") {
    std::cerr << "error: the only rule system that can be played yet is 1870, not '" << a.system << "'\n";
    return 2;
  }
  auto loaded = wate1870::WateGame::load();
  if (!loaded) {
    std::cerr << "error: " << loaded.error().to_string() << "\n";
    return 1;
  }
  const wate1870::WateGame& game = **loaded;

  GameLog log;
  if (!a.load.empty()) {
    auto text = read_text_file(a.load);
    if (!text) {
      std::cerr << "error: " << text.error().message << "\n";
      return 1;
    }
    auto parsed = parse_game_log(*text, game);
    if (!parsed) {
      std::cerr << "error: " << a.load << ": " << parsed.error().message << "\n";
      return 1;
    }
    log = std::move(parsed).value();
    if (const std::string conflict = load_conflict(a, log); !conflict.empty()) {
      std::cerr << "error: " << conflict << "\n";
      return 2;
    }
  } else {
    if (auto reminder = unfinished_game(game)) std::cout << *reminder;
    log.system = game.name();
    log.scenario = a.scenario;
    log.seed = a.seed ? *a.seed : std::random_device{}() % 1000000;
    if (!a.seed) std::cout << "Seed " << log.seed << " (play this game again with --seed " << log.seed << ")\n";
    for (const auto& o : a.options) log.options.values[o] = "on";
  }
  // A new game's scenario, options and bot are checked before the player is
  // asked which side he plays.
  std::unique_ptr<State> state;
  if (a.load.empty()) {
    auto st = game.initial_state(log.scenario, log.options, log.seed);
    if (!st) {
      std::cerr << "error: " << st.error().to_string() << "\n";
      return exit_code_for(st.error());
    }
    state = std::move(st).value();
    log.initial_hash = state->hash();
  }
  const std::string bot_name = !a.bot.empty()          ? a.bot
                               : log.meta.count("bot") ? log.meta["bot"]
                                                       : "heuristic";
  // What is not given on the command line comes from the loaded game's "meta":
  // a fault there is the file's, not an option's.
  const auto origin = [&](const std::string& given, const char* option, const char* key) {
    return !given.empty() ? std::string(option) : a.load + ": the game's meta '" + key + "'";
  };
  auto bot = bots::make_bot(bot_name, log.seed);
  if (!bot) {
    std::cerr << "error: " << origin(a.bot, "--bot", "bot") << ": " << bot.error().message << "\n";
    return a.bot.empty() ? 1 : 2;
  }

  // A loaded game is resumed from the same seat: a --side that names the other
  // would hand the player's side to the bot at once, and the save with it.
  if (!a.side.empty() && log.meta.count("human") && a.side != log.meta["human"]) {
    std::cerr << "error: --side " << a.side << ": in " << a.load << " you play "
              << log.meta["human"] << " (its meta 'human'); leave --side out to go on as "
              << log.meta["human"] << "\n";
    return 2;
  }
  std::string side = a.side.empty() && log.meta.count("human") ? log.meta["human"] : a.side;
  Player human = kChance;
  if (side.empty()) {
    auto p = ask_side(game);
    if (!p) {
      std::cerr << "\nerror: the input ended before a side was chosen; --side "
                << game.player_name(0) << " or --side " << game.player_name(1) << " chooses one\n";
      return 2;
    }
    human = *p;
  } else {
    auto p = game.player_from_name(side);
    if (!p) {
      std::cerr << "error: " << origin(a.side, "--side", "human") << ": " << p.error().message
                << "\n";
      return a.side.empty() ? 1 : 2;
    }
    human = *p;
  }
  bots::ConsoleSeats seats;
  seats.seats.assign(static_cast<std::size_t>(game.num_players()), bot->get());
  seats.seats[static_cast<std::size_t>(human)] = nullptr;
  // 3.9 Errors of Judgement: by the rulebook's suggestion the German may take
  // back an order and the French may not; --takebacks overrides it.
  if (auto ok = bots::set_takebacks(game, a.takebacks, seats); !ok) {
    std::cerr << "error: --takebacks: " << ok.error().message << "\n";
    return 2;
  }

  // The same seed gives the same dice, and a resumed game the dice it would have had.
  SeededDice dice(log.seed);
  if (!a.load.empty()) {
    auto st = bots::resume(game, log, dice, seats);
    if (!st) {
      std::cerr << "error: " << a.load << " does not replay: " << st.error().message << "\n";
      return 1;
    }
    state = std::move(st).value();
    std::cout << "Resumed " << a.load << ": " << log.entries.size()
              << " actions replayed, every hash verified.\n";
    if (log.meta.count("bot") && log.meta["bot"] != (*bot)->name())
      std::cout << "Your opponent is now the " << (*bot)->name()
                << " bot (until now: " << log.meta["bot"] << ").\n";
  }
  log.meta["human"] = game.player_name(human);
  log.meta["bot"] = (*bot)->name();

  std::string autosave;
  if (!a.no_autosave) {
    autosave = !a.autosave.empty() ? a.autosave
               : !a.load.empty()   ? a.load
                                   : new_save_path(log.system, log.seed);
    std::error_code ec;
    // A game is never written over another: only the loaded game's own file goes on.
    if (autosave != a.load && std::filesystem::exists(autosave, ec)) {
      std::cerr << "error: --autosave: " << autosave
                << " already holds a game; go on with it with --load " << autosave
                << ", or name another file\n";
      return 2;
    }
    if (const auto folder = std::filesystem::path(autosave).parent_path(); !folder.empty())
      std::filesystem::create_directories(folder, ec);
    if (ec) {
      std::cerr << "error: --autosave: cannot make the folder of " << autosave << ": "
                << ec.message() << "\n";
      return 1;
    }
    std::cout << "The game is saved in " << autosave
              << " after each of your orders;\nresume it with --load " << autosave << ".\n";
  }

  const bool color = a.color == "always" ||
                     (a.color == "auto" && isatty(STDOUT_FILENO) && !std::getenv("NO_COLOR"));
  // A decision's screen is about 45 lines; on a terminal of fewer, the map
  // window, its legend and the list of choices shrink so that the choices
  // and the prompt stay in sight (the play test of session 33: 80 x 24).
  int lines = a.lines;
  winsize size{};
  const bool sized = isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0;
  if (lines == 0 && sized) lines = size.ws_row;
  // Lines are broken at the terminal's width, or at 80 columns for --lines
  // (session 36's play test); output to a file or a pipe is left whole.
  const int columns = sized && size.ws_col > 0 ? size.ws_col : a.lines > 0 ? 80 : 0;
  bots::LineWrapBuf wrap(std::cout, columns);
  std::ostream wrapped(&wrap);
  bots::Wate1870Screen screen(game.data());
  bots::Console console(game, std::move(state), std::move(log), seats, dice, screen, std::cin,
                        columns > 0 ? wrapped : std::cout, color);
  if (lines > 0 && lines < 48) {
    // Three lines a row of hexes: its two and the rivers along the hexsides with
    // the next, all but under the last.
    const int rows = std::clamp((lines - 17) / 3, 2, 8);
    // The map command's window alone: its title, legend and the prompt besides.
    screen.compact(rows, std::clamp((lines - 3) / 3, rows, 8));
    console.list_at_most(static_cast<std::size_t>(std::max(3, lines - (3 * rows - 1) - 16)));
  }
  console.show_thinking(isatty(STDOUT_FILENO));
  console.autosave_to(autosave);
  return console.run();
}

}  // namespace

void add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "Play a game at the terminal against a bot");
  cmd->add_option("system", args->system, "Rule system (1870)")->required();
  cmd->add_option("--side", args->side, "Your side (French or German); asked if not given");
  cmd->add_option("--bot", args->bot,
                  "The opponent: heuristic (default), random, or search (search:N iterations or "
                  "search:Nms a decision, :rK for a rollout of K decisions; docs/bots.md)");
  cmd->add_option("--seed", args->seed,
                  "Seed of the dice and the bot (default: a new one, printed)")
      ->check(whole_number());
  auto* scenario =
      cmd->add_option("--scenario", args->scenario, "Scenario name (historical, free) or file")
          ->capture_default_str();
  cmd->add_option("--option", args->options, "Optional rule to use: 12.1, 12.2, 12.3, 12.4");
  cmd->add_option("--takebacks", args->takebacks,
                  "Who may take back an order with 'undo': rulebook (3.9: the German), German, "
                  "French, both, none")
      ->check(CLI::IsMember({"rulebook", "German", "French", "both", "none"}))
      ->capture_default_str();
  cmd->add_option("--load", args->load,
                  "Resume a saved game: its scenario, options, seed and side are kept (--bot may "
                  "change the bot)");
  auto* keep =
      cmd->add_option("--autosave", args->autosave,
                      "Keep the game saved in this file after each of your orders (default: "
                      "the --load file, or a new file in saves/)");
  cmd->add_flag("--no-autosave", args->no_autosave, "Do not keep the game saved")->excludes(keep);
  cmd->add_option("--lines", args->lines,
                  "The terminal's height: below 48 lines the map and the list of choices shrink to "
                  "fit (default: the terminal's own, when stdout is one)")
      ->check(whole_number(1, 1000));
  cmd->add_option("--color", args->color, "ANSI colours: auto (when stdout is a terminal), always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}))
      ->capture_default_str();
  cmd->callback([args, scenario] {
    args->scenario_given = scenario->count() > 0;
    set_exit_code(run_play(*args));
  });
}

}  // namespace rz::cli
