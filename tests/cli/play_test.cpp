// The core loop of `reisswitz play` (bots::Console) driven by scripted input,
// and the 1870 screen it draws.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "../shipped_game.hpp"
#include "../text_match.hpp"
#include "bots/bot.hpp"
#include "bots/console.hpp"
#include "bots/wate1870_screen.hpp"
#include "core/rng.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::bots {
namespace {

using test_support::contains;
using test_support::game;

constexpr Player kFrench = 0;
constexpr Player kGerman = 1;

// A French human against a random German, seeded dice: what play 1870 sets up.
struct Session {
  std::istringstream in;
  std::ostringstream out;
  RandomBot bot{9};
  SeededDice dice{9};
  Wate1870Screen screen{game().data()};
  std::unique_ptr<Console> console;
  int rc = -1;

  explicit Session(const std::string& input, GameOptions options = {}, Player human = kFrench,
                   const std::string& takebacks = "rulebook")
      : in(input) {
    auto st = std::move(game().initial_state("historical", options, 9)).value();
    GameLog log{
        "1870", "historical", options, 9, st->hash(), {{"human", game().player_name(human)}}, {}};
    ConsoleSeats seats{{&bot, &bot}, {}, {}};
    seats.seats[static_cast<std::size_t>(human)] = nullptr;
    EXPECT_TRUE(set_takebacks(game(), takebacks, seats).ok());
    console = std::make_unique<Console>(game(), std::move(st), std::move(log), seats, dice, screen,
                                        in, out, false);
  }
  std::string run() {
    rc = console->run();
    return out.str();
  }
};

std::string temp_path(const char* name) { return ::testing::TempDir() + name; }

TEST(PlayConsole, TakesANumberedChoice) {
  Session s("1\nquit\n");
  const std::string out = s.run();
  EXPECT_EQ(s.rc, 0);
  ASSERT_GE(s.console->log().entries.size(), 2u);
  EXPECT_EQ(s.console->log().entries[0], (LogEntry{kFrench, Action("end-administrative"),
                                                   s.console->log().entries[0].hash}));
  EXPECT_TRUE(contains(out, "   1) end-administrative")) << out;
  EXPECT_TRUE(contains(out, "French: end-administrative")) << out;
  // The bot's move and the events follow without being asked for.
  EXPECT_TRUE(contains(out, "German (random bot): end-administrative")) << out;
  EXPECT_TRUE(contains(out, "French ends the Administrative Phase (rule 6.0)")) << out;
  EXPECT_TRUE(contains(out, "Leaving after")) << out;
}

TEST(PlayConsole, TakesActionText) {
  Session s("end-administrative\npass\nquit\n");
  const std::string out = s.run();
  EXPECT_EQ(s.rc, 0);
  EXPECT_TRUE(contains(out, "French: end-administrative")) << out;
  EXPECT_TRUE(contains(out, "French: pass")) << out;
  EXPECT_TRUE(contains(out, "French passes (rule 7.0)")) << out;
}

TEST(PlayConsole, RefusesIllegalInputWithTheRuleAndChangesNothing) {
  Session s("pass\n9999\nmarch me=home\nNot An Action\nend-administrative now\nhex 2107\nquit\n");
  const std::string out = s.run();
  EXPECT_EQ(s.rc, 0);
  EXPECT_TRUE(contains(out, "illegal: 'pass' is not possible in the Administrative Phase")) << out;
  EXPECT_TRUE(contains(out, "(rule 6.0)")) << out;
  EXPECT_TRUE(contains(out, "error: choose a number from 1 to ")) << out;
  EXPECT_TRUE(contains(out, "illegal: 'march'")) << out;
  // An order open now, mistyped, says what is wrong with it; a word that is no
  // command and no order now says so (it said "argument '2107' must have the form key=value").
  EXPECT_TRUE(contains(out, "malformed: argument 'now' must have the form key=value")) << out;
  EXPECT_TRUE(
      contains(out,
               "error: 'hex' is neither a command nor an order you can give now ('help' lists the "
               "commands, 'choices' the orders)"))
      << out;
  EXPECT_TRUE(contains(out, "error: 'Not' is neither a command nor an order")) << out;
  EXPECT_TRUE(s.console->log().entries.empty());
  EXPECT_EQ(s.console->state().hash(), *s.console->log().initial_hash);
}

// An order typed in another case is the one legal order it can only mean, and
// help's example is an order open now (it was "march force=F-III path=...",
// which no 1870 position accepts).
TEST(PlayConsole, TakesAnOrderInAnyCaseAndHelpShowsARealOne) {
  Session s("help\nEND-Administrative\nquit\n");
  const std::string out = s.run();
  EXPECT_EQ(s.rc, 0);
  EXPECT_TRUE(contains(out, "take an action by its text, as the choices show it, e.g. '")) << out;
  EXPECT_FALSE(contains(out, "force=F-III")) << out;
  ASSERT_EQ(s.console->log().entries.size() >= 1, true);
  EXPECT_EQ(s.console->log().entries[0].action, Action("end-administrative"));
}

// The end of a game shows the last position and says who won (it ended on
// "Result: French 0 German 1"). A French human who only ever passes, ends his
// phases and takes the first choice, against the random German, to the end.
TEST(PlayConsole, TheEndShowsTheLastPositionAndTheWinner) {
  std::string input;
  for (int i = 0; i < 20000; ++i) input += "1\n";
  Session s(input);
  const std::string out = s.run();
  ASSERT_TRUE(s.console->state().terminal())
      << out.substr(out.size() > 2000 ? out.size() - 2000 : 0);
  const std::size_t end = out.rfind("The game is over: ");
  ASSERT_NE(end, std::string::npos);
  const auto r = s.console->state().returns();
  const std::string verdict = r[0] == 1.0 ? "French wins" : r[1] == 1.0 ? "German wins" : "a draw";
  EXPECT_TRUE(contains(out.substr(end), "The game is over: " + verdict + ". Result:"))
      << out.substr(end);
  const std::string before = out.substr(0, end);
  const std::size_t last_screen = before.rfind("== 1870 | ");
  ASSERT_NE(last_screen, std::string::npos);
  EXPECT_TRUE(contains(before.substr(last_screen), "Map around")) << before.substr(last_screen);
  EXPECT_TRUE(contains(before.substr(last_screen), "Your forces (French):"))
      << before.substr(last_screen);
  EXPECT_FALSE(contains(before.substr(last_screen), "Your choices:")) << before.substr(last_screen);
}

TEST(PlayConsole, PrintsTheDiceRolledBetweenDecisions) {
  // After the 13.3 first activation, initiative is rolled between decisions: the
  // first choice each time, until the random German bot's activation is over.
  Session s("1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\nquit\n");
  const std::string out = s.run();
  EXPECT_TRUE(contains(out, "Initiative: French 1d6 = ")) << out;
  bool logged_dice = false;
  for (const auto& e : s.console->log().entries) logged_dice |= e.player == kChance;
  EXPECT_TRUE(logged_dice);
}

TEST(PlayConsole, SavesAReplayableLog) {
  const std::string path = temp_path("play_save_test.json");
  Session s("1\npass\nsave " + path + "\nquit\n");
  const std::string out = s.run();
  EXPECT_TRUE(contains(out, "saved ")) << out;
  auto text = read_text_file(path);
  ASSERT_TRUE(text.ok());
  auto log = parse_game_log(*text, game());
  ASSERT_TRUE(log.ok()) << log.error().to_string();
  EXPECT_EQ(log->entries, s.console->log().entries);
  EXPECT_EQ(log->meta.at("human"), "French");
  auto st = replay_log(game(), *log);
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  EXPECT_EQ((*st)->hash(), s.console->state().hash());
  std::remove(path.c_str());
}

// The log an autosave holds now (none: no file or not a log).
std::optional<GameLog> saved_log(const std::string& path) {
  auto text = read_text_file(path);
  if (!text) return std::nullopt;
  auto log = parse_game_log(*text, game());
  if (!log) return std::nullopt;
  return std::move(log).value();
}

std::size_t orders_of(const std::vector<LogEntry>& entries, Player p) {
  return static_cast<std::size_t>(std::count_if(entries.begin(), entries.end(),
                                                [&](const LogEntry& e) { return e.player == p; }));
}

TEST(PlayConsole, KeepsTheGameSavedWithoutBeingAsked) {
  const std::string path = temp_path("play_autosave_test.json");
  std::remove(path.c_str());
  // Three orders, then the input ends: no 'save', no 'quit'.
  Session s("help\n1\n1\n1\n");
  s.console->autosave_to(path);
  const std::string out = s.run();
  const auto log = saved_log(path);
  ASSERT_TRUE(log);
  EXPECT_EQ(log->entries, s.console->log().entries);
  EXPECT_EQ(orders_of(log->entries, kFrench), 3u);
  auto st = replay_log(game(), *log);
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  EXPECT_EQ((*st)->hash(), s.console->state().hash());
  // 'help' says where the game is kept.
  EXPECT_TRUE(contains(out, "the game is kept saved in " + path)) << out;
  std::remove(path.c_str());
}

TEST(PlayConsole, KeepsANewGameFromItsStartSoThatNoOtherTakesItsFile) {
  const std::string path = temp_path("play_autosave_start_test.json");
  std::remove(path.c_str());
  Session s("");  // the input ends at the first prompt
  s.console->autosave_to(path);
  s.run();
  const auto log = saved_log(path);
  ASSERT_TRUE(log);
  EXPECT_EQ(log->entries, s.console->log().entries);
  EXPECT_EQ(log->seed, 9u);
  std::remove(path.c_str());
}

// A random bot that, each time it is asked, notes how many of the human's
// orders the console has acknowledged and how many the autosave holds.
struct WatchingBot final : Bot {
  RandomBot inner{9};
  std::string path;
  const Console* console = nullptr;
  Player human = kFrench;
  std::vector<std::pair<std::size_t, std::size_t>> seen;  // (acknowledged, on the disk)
  Action choose(const State& st, Player p, const std::string& view) override {
    const auto log = saved_log(path);
    seen.emplace_back(orders_of(console->log().entries, human),
                      log ? orders_of(log->entries, human) : 0);
    return inner.choose(st, p, view);
  }
  std::string name() const override { return "watching"; }
  bool needs_view() const override { return false; }
};

TEST(PlayConsole, AnOrderIsOnTheDiskBeforeTheBotAnswersIt) {
  const std::string path = temp_path("play_autosave_order_test.json");
  std::remove(path.c_str());
  std::istringstream in("1\n1\n1\n1\n");
  std::ostringstream out;
  WatchingBot bot;
  bot.path = path;
  SeededDice dice{9};
  Wate1870Screen screen{game().data()};
  auto st = std::move(game().initial_state("historical", {}, 9)).value();
  GameLog log{"1870", "historical", {}, 9, st->hash(), {{"human", "French"}}, {}};
  Console console(game(), std::move(st), std::move(log), ConsoleSeats{{nullptr, &bot}, {}, {}},
                  dice, screen, in, out, false);
  console.autosave_to(path);
  bot.console = &console;
  EXPECT_EQ(console.run(), 0);
  ASSERT_FALSE(bot.seen.empty());
  std::size_t after_an_order = 0;
  for (const auto& [acknowledged, on_disk] : bot.seen) {
    EXPECT_EQ(on_disk, acknowledged);
    after_an_order += acknowledged > 0 ? 1 : 0;
  }
  EXPECT_GT(after_an_order, 0u);  // the bot did answer the human's orders
  std::remove(path.c_str());
}

// A search may take seconds: on a terminal a line says the bot is thinking
// and is taken back once it has chosen. Other bots answer at once.
TEST(PlayConsole, SaysASearchBotIsThinkingWhileItDecides) {
  for (const bool shown : {false, true}) {
    auto search = std::move(bots::make_bot("search:5", 9)).value();
    std::istringstream in("quit\n");
    std::ostringstream out;
    SeededDice dice{9};
    Wate1870Screen screen{game().data()};
    auto st = std::move(game().initial_state("historical", {}, 9)).value();
    GameLog log{"1870", "historical", {}, 9, st->hash(), {{"human", "German"}}, {}};
    Console console(game(), std::move(st), std::move(log),
                    ConsoleSeats{{search.get(), nullptr}, {}, {}}, dice, screen, in, out, false);
    console.show_thinking(shown);
    EXPECT_EQ(console.run(), 0);
    const std::string text = out.str();
    EXPECT_TRUE(contains(text, "French (search:5 bot): mobilize")) << text;  // the bot did play
    EXPECT_EQ(contains(text, "French (search:5 bot) is thinking...\r\033[K"), shown) << text;
  }
  RandomBot random{9};
  EXPECT_FALSE(random.deliberates());
}

// Play goes on (the next order tries again), but leaving does not pretend the
// orders are kept: it says so and exits 1 (session 30's fuzzing: it exited 0).
TEST(PlayConsole, AnAutosaveThatFailsSaysSoPlayGoesOnAndLeavingSaysTheOrdersAreNotKept) {
  for (const std::string leave : {"", "quit\n"}) {
    Session s("1\n1\n" + leave);
    s.console->autosave_to("/nonexistent/dir/autosave.json");
    const std::string out = s.run();
    EXPECT_EQ(s.rc, 1) << leave;
    EXPECT_TRUE(contains(out,
                         "error: the game could not be saved: cannot write the file "
                         "/nonexistent/dir/autosave.json"))
        << out;
    EXPECT_TRUE(contains(out,
                         "error: /nonexistent/dir/autosave.json does not hold the last orders: "
                         "the game could not be saved there"))
        << out;
    EXPECT_EQ(orders_of(s.console->log().entries, kFrench), 2u);
  }
}

TEST(PlayConsole, SaveWithoutAFileOrToABadPlaceIsAnError) {
  Session s("save\nsave /nonexistent/dir/x.json\nquit\n");
  const std::string out = s.run();
  EXPECT_TRUE(contains(out, "error: say where to save")) << out;
  EXPECT_TRUE(contains(out, "error: cannot write")) << out;
}

TEST(PlayConsole, AResumedGameGoesOnAsIfItHadNeverStopped) {
  const std::string first = "1\n1\n1\n", second = "1\n1\n1\n1\n";
  Session whole(first + second + "quit\n");
  whole.run();

  const std::string path = temp_path("play_resume_test.json");
  Session part(first + "save " + path + "\nquit\n");
  const std::string told = part.run();
  auto log = parse_game_log(*read_text_file(path), game());
  ASSERT_TRUE(log.ok());
  // What play --load does: same seed for the dice and the bot, wound on by the log.
  RandomBot bot(9);
  SeededDice dice(9);
  ConsoleSeats seats{{nullptr, &bot}};
  auto st = resume(game(), *log, dice, seats);
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  std::istringstream in(second + "quit\n");
  std::ostringstream out;
  Wate1870Screen screen(game().data());
  Console rest(game(), std::move(st).value(), *log, seats, dice, screen, in, out, false);
  EXPECT_EQ(rest.run(), 0);
  EXPECT_EQ(rest.log().entries, whole.console->log().entries);
  EXPECT_EQ(rest.state().hash(), whole.console->state().hash());
  // It begins with what happened from the player's last order on, each line as
  // the live game told it (session 33's play test: a resumed game showed none).
  const std::string said = out.str();
  const std::size_t at = said.find("Since your last order:\n");
  ASSERT_NE(at, std::string::npos) << said;
  const std::string recap = said.substr(at, said.find("\n== ", at) - at);
  std::size_t last_french = 0;
  for (std::size_t i = 0; i < log->entries.size(); ++i)
    if (log->entries[i].player == kFrench) last_french = i;
  EXPECT_TRUE(contains(recap, "French: " + log->entries[last_french].action.to_string())) << recap;
  std::istringstream lines(recap.substr(recap.find('\n') + 1));
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) EXPECT_TRUE(contains(told, line)) << line;
  EXPECT_GT(n, 1);
  std::remove(path.c_str());
}

TEST(PlayConsole, ResumeRefusesATamperedLog) {
  GameLog log{"1870", "historical", {}, 9, std::nullopt, {}, {{kFrench, Action("end-administrative"), 42}}};
  RandomBot bot(9);
  SeededDice dice(9);
  auto st = resume(game(), log, dice, ConsoleSeats{{nullptr, &bot}});
  ASSERT_FALSE(st.ok());
  EXPECT_TRUE(contains(st.error().message, "step 1 (French: end-administrative) diverges")) << st.error().message;
}

// Session 35's play test: after the bot's Administrative Phase the map stood
// where it had last mobilized, deep in its rear. The enemy's mobilizations do
// not move the map; his other orders still do.
TEST(PlayConsole, TheMapDoesNotFollowTheEnemysMobilizations) {
  for (const std::uint64_t seed : {9, 10, 11}) {
    Session s("quit\n", {}, kGerman);
    s.dice = SeededDice(seed);
    s.bot = RandomBot(seed);
    const std::string out = s.run();
    std::vector<std::string> mobilized;
    for (std::size_t at = out.find("mobilize hex="); at != std::string::npos;
         at = out.find("mobilize hex=", at + 1))
      mobilized.push_back(out.substr(at + 13, 4));
    const std::size_t map = out.find("Map around ");
    ASSERT_NE(map, std::string::npos) << out;
    const std::string centre = out.substr(map + 11, 4);
    for (const auto& h : mobilized) EXPECT_NE(centre, h) << out;
    EXPECT_FALSE(mobilized.empty()) << out;
  }
  Wate1870Screen screen(game().data());
  EXPECT_FALSE(
      screen.follows_opponent("French mobilizes 1 SP in Metz (2107) for 2 RP, 21 left (rule 6.2)"));
  EXPECT_TRUE(screen.follows_opponent("French force moves 2107 -> 2108 (2 MP, 2 left, rule 7.1)"));
  // Nor his free set-up (14.0), which the map followed into his rear too.
  EXPECT_FALSE(screen.follows_opponent("place formation=G-IX hex=2614 sp=8"));
  EXPECT_FALSE(screen.follows_opponent("German sets up 8 SP of IX Corps in 2614 (rule 14.0)"));
}

TEST(PlayConsole, CommandsRedrawWithoutActing) {
  Session s("help\nmap 2107\nmap Strasbourg\nmap 9999\nforces\nchoices end\nshow\n\nquit\n");
  const std::string out = s.run();
  EXPECT_TRUE(contains(out, "save FILE")) << out;
  EXPECT_TRUE(contains(out, "Map around 2107 Metz")) << out;
  EXPECT_TRUE(contains(out, "Map around 2609 Strasbourg")) << out;
  EXPECT_TRUE(contains(out, "error: '9999' is neither a hex")) << out;
  EXPECT_TRUE(contains(out, "Your forces (French):")) << out;
  EXPECT_TRUE(s.console->log().entries.empty());
}

// Lines a careless or hostile player might type: numbers in and out of range,
// orders with made-up, missing or malformed arguments, commands with odd words.
std::string garbage_lines(std::uint64_t seed, int n) {
  static const char* const kWords[] = {
      "map",          "forces", "choices", "odds",     "undo",     "show",   "help",
      "move",         "march",  "attack",  "activate", "mobilize", "detach", "rail",
      "forced-march", "stop",   "pass",    "fire",     "hold",     "commit", "degrade"};
  static const char* const kKeys[] = {
      "to=", "hq=", "hex=", "sp=", "from=", "extra=", "x=", "=", ""};
  static const char* const kValues[] = {"2107",      "F-III", "G-I",  "0",    "-1",   "99999",
                                        "2206,2107", "",      "0000", "good", "\xff", "01"};
  Pcg32 r(seed, 5);
  std::string out;
  for (int i = 0; i < n; ++i) {
    if (r.below(10) < 4) {
      out += std::to_string(r.below(60)) + "\n";
      continue;
    }
    std::string line = kWords[r.below(std::size(kWords))];
    for (std::uint32_t a = r.below(4); a > 0; --a)
      line += std::string(" ") + kKeys[r.below(std::size(kKeys))] +
              kValues[r.below(std::size(kValues))];
    out += line + "\n";
  }
  return out;
}

TEST(PlayConsole, GarbageInputIsRefusedAndChangesNothingUnlogged) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    GameOptions options;
    if (seed % 2 == 0) options.values["12.2"] = "on";
    Session s(garbage_lines(seed, 300), options, seed <= 2 ? kFrench : kGerman, "both");
    const std::string out = s.run();
    EXPECT_EQ(s.rc, 0) << out;
    EXPECT_TRUE(contains(out, "illegal") || contains(out, "malformed")) << out;
    // Whatever was typed, the state is the one its log replays to.
    auto st = replay_log(game(), s.console->log());
    ASSERT_TRUE(st.ok()) << st.error().to_string();
    EXPECT_EQ((*st)->hash(), s.console->state().hash()) << "seed " << seed;
  }
}

TEST(PlayConsole, EndOfInputLeavesQuietly) {
  Session s("");
  EXPECT_TRUE(contains(s.run(), "end of input"));
  EXPECT_EQ(s.rc, 0);
}

// ---- 3.9 Errors of Judgement: the German may take back an order ----

// The German's first decision comes after the French bot's Administrative Phase.
std::size_t german_decides_at(const std::string& script) {
  Session s(script, {}, kGerman);
  s.run();
  return s.console->log().entries.size();
}

TEST(Wate1870_3_9, TheGermanTakesBackHisOrdersUntilTheFrenchActed) {
  const std::size_t first = german_decides_at("quit\n");
  Session s("mobilize hex=2203 sp=1\nmobilize hex=2502 sp=2\nundo\nundo\nundo\nquit\n", {},
            kGerman);
  const std::string out = s.run();
  EXPECT_EQ(s.rc, 0);
  EXPECT_TRUE(contains(out, "German takes back: mobilize hex=2502 sp=2 (rule 3.9)")) << out;
  EXPECT_TRUE(contains(out, "German takes back: mobilize hex=2203 sp=1 (rule 3.9)")) << out;
  // The third undo would take back the French bot's order: refused.
  EXPECT_TRUE(contains(
      out,
      "illegal: nothing to take back: a die has been rolled or the other side has acted since "
      "your last order (rule 3.9)"))
      << out;
  // The game and its log are as they were before the German's first order.
  ASSERT_EQ(s.console->log().entries.size(), first);
  EXPECT_EQ(s.console->state().hash(), s.console->log().entries.back().hash);
  Session fresh("quit\n", {}, kGerman);
  fresh.run();
  EXPECT_EQ(s.console->state().hash(), fresh.console->state().hash());
}

TEST(Wate1870_3_9, ATakenBackOrderIsGoneFromTheSavedGame) {
  const std::string path = temp_path("undo_save_test.json");
  Session s("mobilize hex=2203 sp=1\nundo\nmobilize hex=2502 sp=1\nsave " + path + "\nquit\n", {},
            kGerman);
  s.run();
  const auto& entries = s.console->log().entries;
  ASSERT_FALSE(entries.empty());
  EXPECT_EQ(entries.back().action.to_string(), "mobilize hex=2502 sp=1");
  for (const auto& e : entries) EXPECT_NE(e.action.to_string(), "mobilize hex=2203 sp=1");
  // The save replays to the same game, the taken-back order nowhere in it.
  auto text = read_text_file(path);
  ASSERT_TRUE(text.ok());
  auto log = parse_game_log(*text, game());
  ASSERT_TRUE(log.ok()) << log.error().to_string();
  RandomBot bot{9};
  SeededDice dice{9};
  auto resumed = resume(game(), *log, dice, ConsoleSeats{{&bot, nullptr}, {}, {}});
  ASSERT_TRUE(resumed.ok()) << resumed.error().to_string();
  EXPECT_EQ((*resumed)->hash(), s.console->state().hash());
  std::remove(path.c_str());
}

TEST(Wate1870_3_9, ATakenBackOrderIsGoneFromTheAutosave) {
  const std::string path = temp_path("undo_autosave_test.json");
  std::remove(path.c_str());
  Session s("mobilize hex=2203 sp=1\nundo\n", {}, kGerman);
  s.console->autosave_to(path);
  s.run();
  const auto log = saved_log(path);
  ASSERT_TRUE(log);
  EXPECT_EQ(log->entries, s.console->log().entries);
  for (const auto& e : log->entries) EXPECT_NE(e.action.to_string(), "mobilize hex=2203 sp=1");
  std::remove(path.c_str());
}

TEST(Wate1870_3_9, NoTakingBackAfterADieIsRolled) {
  // The German ends his Administrative Phase: the turn goes on with dice and
  // French orders before he decides again, so his order stands.
  Session s("end-administrative\nundo\nquit\n", {}, kGerman);
  const std::string out = s.run();
  EXPECT_TRUE(contains(out, "illegal: nothing to take back")) << out;
  bool ended = false;
  for (const auto& e : s.console->log().entries)
    ended |= e.player == kGerman && e.action.to_string() == "end-administrative";
  EXPECT_TRUE(ended);
}

TEST(Wate1870_3_9, TheFrenchMayNotTakeBackAnOrderUnlessTheTakebacksAllowIt) {
  Session s("mobilize hex=1807 sp=1\nundo\nquit\n");
  const std::string out = s.run();
  EXPECT_TRUE(contains(out, "illegal: French may not take back an order (rule 3.9)")) << out;
  ASSERT_FALSE(s.console->log().entries.empty());
  EXPECT_EQ(s.console->log().entries.back().action.to_string(), "mobilize hex=1807 sp=1");
  // Players may agree otherwise (3.9 is a suggestion): --takebacks both.
  Session both("mobilize hex=1807 sp=1\nundo\nquit\n", {}, kFrench, "both");
  const std::string out2 = both.run();
  EXPECT_TRUE(contains(out2, "French takes back: mobilize hex=1807 sp=1 (rule 3.9)")) << out2;
  EXPECT_TRUE(both.console->log().entries.empty());
  ConsoleSeats seats;
  EXPECT_FALSE(set_takebacks(game(), "everybody", seats).ok());
}

TEST(PlayConsole, ParsesChoiceNumbers) {
  EXPECT_EQ(parse_choice_number(" 12 "), 12u);
  EXPECT_EQ(parse_choice_number("1a"), 0u);
  EXPECT_EQ(parse_choice_number(""), 0u);
  EXPECT_EQ(parse_choice_number("99999999999"), 0u);
}

// ---- the 1870 screen ----

std::string view_of(Player p, GameOptions options = {}) {
  auto st = std::move(game().initial_state("historical", options, 1)).value();
  return st->view(p);
}

TEST(PlayScreen, StatusShowsTurnPhaseVpAndRp) {
  Wate1870Screen screen(game().data());
  EXPECT_EQ(screen.status(view_of(kFrench)),
            "Turn 1 of 20 | administrative phase | VP 11 | RP French 35, German 49 | you: French");
}

TEST(PlayScreen, MapShowsTerrainPlacesAndStacks) {
  Wate1870Screen screen(game().data());
  const std::string map = screen.map(view_of(kFrench), "2107", false);
  EXPECT_TRUE(contains(map, "Map around 2107 Metz")) << map;
  EXPECT_TRUE(contains(map, "2107C#")) << map;  // Metz: clear, railway, fortress
  EXPECT_TRUE(contains(map, "F16+")) << map;    // Napoleon's 16 SP and HQs in Metz
  EXPECT_TRUE(contains(map, "G8+")) << map;
  EXPECT_TRUE(contains(map, "(B)")) << map;     // neutral Belgium
  std::istringstream lines(map);
  int rows = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LE(line.size(), 90u) << line;
    rows += contains(line, "2107") ? 1 : 0;
  }
  EXPECT_EQ(rows, 2);  // the title and its row
}

// Rivers cost MP, stop ZOCs and shift combat (3.4, 8.6, GAP-W-02, GAP-W-03):
// the text map shows each river hexside of its window, and no other. Read back
// from the text: a hexside with the hex east is the blank after the stack line
// of the west one's cell; one with the row below is the line under the row, in
// the columns where the two hexes' cells meet (even rows are 3 characters in).
TEST(PlayScreen, MapShowsEveryRiverHexsideInItsWindow) {
  Wate1870Screen screen(game().data());
  const auto& m = game().data().map;
  const std::string map = screen.map(view_of(kFrench), "2206", false);
  ASSERT_TRUE(contains(map, "(columns 17-27, rows 2-9)")) << map;
  std::vector<std::string> lines;
  std::istringstream in(map);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const auto at = [](const std::string& s, std::size_t x) { return x < s.size() ? s[x] : ' '; };
  const auto indent = [](int row) { return row % 2 == 0 ? 3u : 0u; };
  std::size_t l = 1;  // after the title
  int marks = 0;
  for (int r = 2; r <= 9; ++r) {
    ASSERT_LT(l + 1, lines.size()) << map;
    const std::string& hexes = lines[l];
    const std::string& stacks = lines[l + 1];
    ASSERT_EQ(hexes.find(hex::Hex{17, r}.id()), indent(r)) << hexes;
    for (int col = 17; col < 27; ++col) {
      const bool river = m.river({col, r}, {col + 1, r});
      EXPECT_EQ(at(stacks, indent(r) + 7 * static_cast<std::size_t>(col - 17) + 6) == '~', river)
          << hex::Hex{col, r}.id() << "|" << hex::Hex{col + 1, r}.id() << "\n"
          << map;
      marks += river ? 1 : 0;
    }
    l += 2;
    if (r == 9) break;
    // The line under the row, if there is one: it holds nothing but river marks.
    const bool under = l < lines.size() && lines[l].find_first_not_of(" ~") == std::string::npos;
    const std::string none;
    const std::string& below = under ? lines[l] : none;
    for (std::size_t x = 0; x < 3 + 7 * 11; ++x) {
      if (x < indent(r) || x < indent(r + 1)) continue;
      const hex::Hex up{17 + static_cast<int>((x - indent(r)) / 7), r};
      const hex::Hex down{17 + static_cast<int>((x - indent(r + 1)) / 7), r + 1};
      if (up.col > 27 || down.col > 27) continue;
      EXPECT_EQ(at(below, x) == '~', m.river(up, down)) << up.id() << "|" << down.id() << "\n"
                                                        << map;
    }
    if (under) ++l;
  }
  // The Saar at Saarbrucken (2206|2306, 2306|2307): the check can fail.
  EXPECT_TRUE(m.river(*hex::parse_hex("2206"), *hex::parse_hex("2306")));
  EXPECT_TRUE(m.river(*hex::parse_hex("2306"), *hex::parse_hex("2307")));
  EXPECT_GT(marks, 5);
  EXPECT_TRUE(contains(map, "~ a river along the hexside")) << map;
}

// The play test of session 33 asked for control on the text map: a hex the
// enemy of its country controls (3.7) is marked, in the controller's colour.
TEST(PlayScreen, MapMarksAHexTheEnemyOfItsCountryControls) {
  Wate1870Screen screen(game().data());
  auto view = nlohmann::json::parse(view_of(kFrench));
  const auto& m = game().data().map;
  std::string control = view.at("control").get<std::string>();
  ASSERT_EQ(control.size(), m.hexes().size());
  const auto forbach = static_cast<std::size_t>(m.index_of(*hex::parse_hex("2206")));
  ASSERT_EQ(control[forbach], 'F');  // 3.7: each side controls its own country at the start
  // At the start the French hold Saarbrucken (2306), a German town (13.0); Forbach is their own.
  const std::string before = screen.map(view.dump(), "2206", false);
  EXPECT_TRUE(contains(before, "2206Co 2306Co*")) << before;
  control[forbach] = 'G';
  view["control"] = control;
  const std::string map = screen.map(view.dump(), "2206", false);
  EXPECT_TRUE(contains(map, "2206Co*2306Co*")) << map;
  // A hex with no town or fortress has its mark after the terrain, not at the
  // cell's end beside the next hex (session 36's play test: "2709C *2809m").
  const auto open_ground = static_cast<std::size_t>(m.index_of(*hex::parse_hex("2404")));
  control[open_ground] = 'F';
  view["control"] = control;
  const std::string marked = screen.map(view.dump(), "2206", false);
  EXPECT_TRUE(contains(marked, "2404C* 2504C")) << marked;
  EXPECT_TRUE(contains(map, "(L) (B) (S) neutral Luxembourg")) << map;
  EXPECT_TRUE(contains(map, "* controlled by the enemy of its country (3.7)")) << map;
  EXPECT_EQ(test_support::count(map, "*"), 2 + 1) << map;  // the two hexes and the legend
}

TEST(PlayScreen, MapClampsToTheEdgeOfTheMap) {
  Wate1870Screen screen(game().data());
  const std::string map = screen.map(view_of(kFrench), "0500", false);
  EXPECT_TRUE(contains(map, "columns 5-15, rows 0-7")) << map;
}

TEST(PlayScreen, FogOfWarHidesUninspectedStacks) {
  GameOptions fog;
  fog.values["12.2"] = "on";
  Wate1870Screen screen(game().data());
  const std::string open = screen.map(view_of(1), "2608", false);
  const std::string hidden = screen.map(view_of(1, fog), "2608", false);
  EXPECT_FALSE(contains(open, "F?")) << open;
  EXPECT_TRUE(contains(hidden, "F?")) << hidden;
}

TEST(PlayScreen, ForcesListTheFormations) {
  Wate1870Screen screen(game().data());
  const std::string f = screen.forces(view_of(kFrench), true);
  EXPECT_TRUE(contains(f, "F-III  III Corps (Bazaine)")) << f;
  EXPECT_TRUE(contains(f, "12 SP: 2206:12")) << f;
  EXPECT_TRUE(contains(f, "force pool: F-XII F-XIII")) << f;
  EXPECT_FALSE(contains(f, "G-1A")) << f;
  const std::string brief = screen.forces(view_of(kFrench), false);
  EXPECT_TRUE(contains(brief, "F-III@2206:12")) << brief;
  EXPECT_TRUE(contains(brief, "force pool: F-XII F-XIII")) << brief;
  EXPECT_LT(std::count(brief.begin(), brief.end(), '\n'), 6) << brief;
}

// The play test of session 33: HQ ratings were shown nowhere, names were cut at
// 23 characters, and the enemy's stacks could not be listed at all.
TEST(PlayScreen, ForcesShowTheHqsRatingsAndNamesInFull) {
  Wate1870Screen screen(game().data());
  const std::string f = screen.forces(view_of(kFrench), true);
  EXPECT_TRUE(contains(
      f, "corps HQ: AB +0, DB +1, MA 3 (cautious: +1 MP into an enemy ZOC), commands 12 SP"))
      << f;  // II Corps (Frossard), data/wate1870/forces.yaml
  EXPECT_TRUE(contains(f, "Napoleon III (Army of the Rhine) HQ 2107")) << f;
  const std::string g = screen.forces(view_of(kGerman), true);
  EXPECT_TRUE(contains(g, "2nd Army (Friedrich Karl)")) << g;
}

// 'forces enemy' lists what the view shows of the enemy: under 12.2 only the
// stacks the player may inspect (the view itself leaves the others out).
TEST(PlayScreen, TheEnemysForcesAreListedAsFarAsThePlayerMaySeeThem) {
  GameOptions fog;
  fog.values["12.2"] = "on";
  Wate1870Screen screen(game().data());
  const std::string open = screen.enemy_forces(view_of(kFrench));
  const std::string hidden = screen.enemy_forces(view_of(kFrench, fog));
  EXPECT_TRUE(contains(open, "The enemy's forces (German):")) << open;
  EXPECT_TRUE(contains(hidden, "those you may inspect (fog of war, rule 12.2)")) << hidden;
  EXPECT_TRUE(contains(open, "G-1A")) << open;       // 1st Army, far behind the border
  EXPECT_FALSE(contains(hidden, "G-1A")) << hidden;  // out of sight under 12.2
  EXPECT_TRUE(contains(hidden, "G-VII")) << hidden;  // VII Corps in 2305, next to the French
  EXPECT_FALSE(contains(open, "F-III")) << open;
  // An HQ out of sight is unseen, not absent (session 36's play test).
  EXPECT_FALSE(contains(open, "HQ unseen")) << open;
  EXPECT_FALSE(contains(hidden, "no HQ")) << hidden;
  auto without_vii = nlohmann::json::parse(view_of(kFrench, fog));  // its HQ out of sight
  auto& hqs = without_vii["hqs"];
  for (auto it = hqs.begin(); it != hqs.end();)
    it = it->at(0) == "G-VII" ? hqs.erase(it) : std::next(it);
  const std::string unseen = screen.enemy_forces(without_vii.dump());
  EXPECT_TRUE(contains(unseen, "VII Corps (Zastrow)     HQ unseen  8 SP")) << unseen;

  Session s("forces enemy\nforces German\nforces Martians\nquit\n");
  const std::string out = s.run();
  EXPECT_EQ(s.rc, 0);
  EXPECT_EQ(test_support::count(out, "The enemy's forces (German):"), 2) << out;
  EXPECT_TRUE(contains(
      out, "error: 'forces' lists your forces, 'forces enemy' the enemy's; not 'Martians'"))
      << out;
}

// The play test of session 33: retreats that destroy the force were listed
// without a word. The note marks exactly the paths after which the side has
// fewer SP on the map at once (8.6), on the retreats random games reach; under
// 12.2 none, for the path may end where the player may not look (fog of war).
TEST(PlayScreen, ARetreatThatEliminatesTheForceSaysSo) {
  Wate1870Screen screen(game().data());
  const auto sp_of = [](const State& st, Player p) {
    int n = 0;
    for (const auto& g : static_cast<const wate1870::WateState&>(st).position().sps)
      n += wate1870::index(g.side) == p ? g.count : 0;
    return n;
  };
  GameOptions fog;
  fog.values["12.2"] = "on";
  int marked = 0, unmarked = 0, fatal_unmarked_under_fog = 0;
  for (std::uint64_t seed = 1;
       seed <= 40 && (marked == 0 || unmarked == 0 || fatal_unmarked_under_fog == 0); ++seed) {
    const bool under_fog = seed % 2 == 0;  // 12.2: the path may end where the player may not look
    auto st = std::move(game().initial_state("historical", under_fog ? fog : GameOptions{}, seed))
                  .value();
    RandomBot bot(seed);
    SeededDice dice(seed);
    for (int i = 0; i < 20000 && !st->terminal(); ++i) {
      const ToMove tm = st->to_move();
      if (tm.kind == MoveKind::kChance) {
        const auto outs = st->chance_outcome_list();
        ASSERT_TRUE(st->apply(kChance, (*outs)[*dice.pick(*outs)].action).ok());
        continue;
      }
      const Player p = tm.players.front();
      const auto& ws = static_cast<const wate1870::WateState&>(*st);
      if (ws.steps().back().kind == wate1870::StepKind::kRetreat) {  // whose retreat it is
        EXPECT_TRUE(contains(
            screen.asked(st->view(p)),
            "Your force in " + ws.steps().back().hex.id() + " lost the combat and retreats"));
      }
      for (const auto& a : st->legal_actions(p)) {
        if (a.verb != "retreat") continue;
        auto copy = st->clone();
        ASSERT_TRUE(copy->apply(p, a).ok());
        const bool lost = sp_of(*copy, p) < sp_of(*st, p);
        const std::string note = screen.choice_note(*st, p, a);
        if (under_fog) {
          EXPECT_EQ(note, "") << a.to_string();
          fatal_unmarked_under_fog += lost ? 1 : 0;
          continue;
        }
        // (A river crossed costs LP too, 8.6, but in a roll after the retreat.)
        EXPECT_EQ(!note.empty(), lost) << a.to_string() << ": " << note;
        ++(note.empty() ? unmarked : marked);
      }
      ASSERT_TRUE(st->apply(p, bot.choose(*st, p, "")).ok());
    }
  }
  EXPECT_GT(marked, 0);
  EXPECT_GT(unmarked, 0);
  EXPECT_GT(fatal_unmarked_under_fog, 0);
}

// SP mobilized without an HQ (6.2) have no formation: they were listed as "@-:1".
TEST(PlayScreen, SpWithoutAFormationAreListedWhereTheyStand) {
  auto st = std::move(game().initial_state("historical", {}, 1)).value();
  ASSERT_TRUE(st->apply(kFrench, Action("mobilize").with("hex", "2609").with("sp", "1")).ok());
  Wate1870Screen screen(game().data());
  const std::string brief = screen.forces(st->view(kFrench), false);
  EXPECT_TRUE(contains(brief, "no formation: 2609:1")) << brief;
  EXPECT_FALSE(contains(brief, "@-:")) << brief;
  const std::string full = screen.forces(st->view(kFrench), true);
  EXPECT_TRUE(contains(full, "no formation (6.2)")) << full;
  EXPECT_TRUE(contains(full, "1 SP: 2609:1")) << full;
}

// Session 35's play test: a choice was its bare text ("activate hq=G-IX",
// "move to=2208"), to be looked up on the map and in the forces list. It now
// says which HQ and how many SP, which place, and what a step costs: the MP the
// step's own event then charges.
TEST(PlayScreen, AChoiceNamesItsHqItsPlaceAndWhatAStepCosts) {
  Wate1870Screen screen(game().data());
  for (const bool fog : {false, true}) {
    GameOptions options;
    if (fog) options.values["12.2"] = "on";
    auto st = std::move(game().initial_state("historical", options, 3)).value();
    ASSERT_TRUE(st->apply(kFrench, Action("end-administrative")).ok());
    ASSERT_TRUE(st->apply(kGerman, Action("end-administrative")).ok());
    // 13.3: the French activate first; II Corps (Frossard) stands in Saarbrucken.
    const Action activate = Action("activate").with("hq", "F-II");
    const std::string note = screen.choice_note(*st, kFrench, activate);
    EXPECT_TRUE(contains(note, "II Corps, 2306 Saarbrucken: ")) << note;
    EXPECT_TRUE(contains(note, " SP")) << note;
    EXPECT_EQ(screen.choice_note(*st, kFrench, Action("activate").with("hex", "2107")), "Metz");
    // Where the hex holds more SP than the HQ commands, the note says so (3.6.2):
    // the Imperial Guard (commands 12, data/wate1870/forces.yaml) in Metz, with 16.
    const std::string guard =
        screen.choice_note(*st, kFrench, Action("activate").with("hq", "F-IG"));
    EXPECT_TRUE(contains(guard, "2107 Metz: 16 SP, commands 12")) << guard;
    EXPECT_FALSE(contains(note, "commands")) << note;  // II Corps commands all 12 of its hex
    ASSERT_TRUE(st->apply(kFrench, activate).ok());
    ASSERT_TRUE(st->apply(kFrench, Action("march").with("sp", "2")).ok());
    int steps = 0;
    for (int i = 0; i < 4; ++i) {
      const auto& ws = static_cast<const wate1870::WateState&>(*st);
      const auto legal = st->legal_actions(kFrench);
      const auto move = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.verb == "move"; });
      if (move == legal.end()) break;
      const std::string said = screen.choice_note(*st, kFrench, *move);
      const int mp = *ws.step_mp(*hex::parse_hex(*move->get("to")));
      const std::string charged = "(" + std::to_string(mp) + " MP, " + std::to_string(ws.force()->mp_left - mp) + " left";
      EXPECT_TRUE(contains(said, std::to_string(mp) + " MP, " + std::to_string(ws.force()->mp_left - mp) + " left"))
          << said;
      const auto ev = st->apply(kFrench, *move);
      ASSERT_TRUE(ev.ok());
      EXPECT_TRUE(std::any_of(ev->begin(), ev->end(), [&](const Event& e) { return contains(e.text, charged); }))
          << said;
      ++steps;
    }
    EXPECT_GT(steps, 0);
  }
}

// Session 35's play test: the losses of a Chassepot Fire were asked for as a
// combat's (8.5). The prompt, and the refusal of an order out of turn, name the
// rule of the losses: the fire's (7.1.2), the combat's (8.5), or a river
// crossed in retreat (8.6).
// Session 35's review: a note ran a choice to 90 columns ("4th Army / Army of
// the Meuse, to Mannheim-Ludwigshafen"). The German choices of the first
// Administrative Phase (every HQ of the force pool to every town) and of the
// first activation, as the console writes them, fit 80 columns.
TEST(PlayScreen, ChoicesWithTheirNotesFitEightyColumns) {
  Wate1870Screen screen(game().data());
  auto st = std::move(game().initial_state("historical", {}, 3)).value();
  ASSERT_TRUE(st->apply(kFrench, Action("end-administrative")).ok());
  const auto fit = [&](Player p) {
    const auto legal = st->legal_actions(p);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const std::string note = screen.choice_note(*st, p, legal[i]);
      const std::string line = "  " + std::string(i + 1 < 10 ? " " : "") + std::to_string(i + 1) +
                               ") " + legal[i].to_string() +
                               (note.empty() ? "" : "   [" + note + "]");
      EXPECT_LE(line.size(), 80u) << line;
    }
    return legal.size();
  };
  EXPECT_GT(fit(kGerman), 40u);
  ASSERT_TRUE(st->apply(kGerman, Action("end-administrative")).ok());
  ASSERT_TRUE(st->apply(kFrench, Action("pass")).ok());  // 13.3: the French first
  EXPECT_GT(fit(kGerman), 20u);
}

TEST(PlayScreen, TheLossesAskedForNameTheirRule) {
  Wate1870Screen screen(game().data());
  std::map<std::string, int> seen;
  for (std::uint64_t seed = 1; seed <= 40 && (seen["7.1.2"] == 0 || seen["8.5"] == 0); ++seed) {
    auto st = std::move(game().initial_state("historical", {}, seed)).value();
    RandomBot bot(seed);
    SeededDice dice(seed);
    for (int i = 0; i < 20000 && !st->terminal(); ++i) {
      if (st->to_move().kind == MoveKind::kChance) {
        ASSERT_TRUE(resolve_chance(*st, dice).ok());
        continue;
      }
      const Player p = st->to_move().players.front();
      const auto& ws = static_cast<const wate1870::WateState&>(*st);
      if (ws.steps().back().kind == wate1870::StepKind::kAbsorb) {
        const std::string rule = ws.loss_rule();
        EXPECT_EQ(rule, !ws.combat() ? "7.1.2" : ws.combat()->stage == 7 ? "8.5" : "8.6");
        const std::string asked = screen.asked(st->view(p));
        EXPECT_TRUE(contains(asked, "(" + rule + "): ")) << asked;
        const auto out_of_turn = st->check(1 - p, Action("keep"));
        EXPECT_EQ(out_of_turn.error().rule, rule) << out_of_turn.error().to_string();
        const auto wrong = st->check(p, Action("pass"));  // session 35's review: it said 8.5
        EXPECT_EQ(wrong.error().rule, rule) << wrong.error().to_string();
        ++seen[rule];
      }
      ASSERT_TRUE(st->apply(p, bot.choose(*st, p, "")).ok());
    }
  }
  EXPECT_GT(seen["7.1.2"], 0);
  EXPECT_GT(seen["8.5"], 0);
}

// Session 35's play test: the free set-up listed only the next unit with its
// group's SP, and did not say that any unit, hex or number may be typed (ruling
// F-4), nor what was left to place.
TEST(PlayScreen, TheFreeSetUpSaysWhatMayBePlacedAndWhatIsLeft) {
  Wate1870Screen screen(game().data());
  auto st = std::move(game().initial_state("free", {}, 3)).value();
  // 14.0: the Germans set up first.
  ASSERT_TRUE(st->apply(kGerman, Action("auto-setup")).ok());
  ASSERT_TRUE(st->apply(kGerman, Action("end-setup")).ok());
  std::string asked = screen.asked(st->view(kFrench));
  EXPECT_TRUE(contains(asked, "any number of a formation's SP")) << asked;
  EXPECT_TRUE(contains(asked, " F-I:12SP ")) << asked;
  std::istringstream lines(asked);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 80u) << line;
  ASSERT_TRUE(st->apply(kFrench, *Action::parse("place formation=F-I hex=2608 sp=5")).ok());
  asked = screen.asked(st->view(kFrench));
  EXPECT_TRUE(contains(asked, " F-I:7SP ")) << asked;
  EXPECT_EQ(screen.asked(st->view(kGerman)), "");  // not the Germans' step
}

TEST(PlayScreen, FindsThePlaceAnEventOrActionNames) {
  Wate1870Screen screen(game().data());
  EXPECT_EQ(screen.place_in("march force=F-III path=2206,2107"), "2107");
  EXPECT_EQ(screen.place_in("Turn 3 of 1870; German 2d6: 4+5 = 9"), "");
  EXPECT_TRUE(screen.valid_place("metz").ok());
  EXPECT_FALSE(screen.valid_place("Atlantis").ok());
}

// The play test of session 33 asked for places named loosely: accents, hyphens
// and the start of a name find the one place they can mean; more than one, or
// a typo, says which were meant.
TEST(PlayScreen, FindsAPlaceNamedLoosely) {
  Wate1870Screen screen(game().data());
  const auto at = [&](const std::string& text) {
    const auto h = screen.find_place(text);
    return h ? h->id() : h.error().message;
  };
  EXPECT_EQ(at("Saarbrücken"), "2306");
  EXPECT_EQ(at("saarbr"), "2306");
  EXPECT_EQ(at("Pont à Mousson"), "2008");
  EXPECT_EQ(at("STRASBOURG"), "2609");
  EXPECT_EQ(at("2107"), "2107");
  EXPECT_EQ(at("Saar"), "'Saar' could be Saarlouis (2305), Saarbrucken (2306): say which");
  EXPECT_EQ(at("Strasburg"),
            "there is no place 'Strasburg' on the map: did you mean Strasbourg (2609)?");
  EXPECT_EQ(at("Atlantis"),
            "'Atlantis' is neither a hex of the map (e.g. 2107) nor a place on it (e.g. Metz)");
  Session s("map saarbr\nmap Sa\nquit\n");
  const std::string out = s.run();
  EXPECT_TRUE(contains(out, "Map around 2306 Saarbrucken")) << out;
  EXPECT_TRUE(contains(out, "error: 'Sa' could be ")) << out;
}

}  // namespace
}  // namespace rz::bots
