// `reisswitz play` run as a program: killed (SIGKILL) while it waits for the
// player, the game it kept saved holds every order it acknowledged; it never
// saves over another game; a new game reminds the player of the last one kept
// in saves/ if it is not over.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "../shipped_game.hpp"
#include "../text_match.hpp"
#include "bots/bot.hpp"
#include "cli_run.hpp"
#include "core/game_log.hpp"

namespace rz {
namespace {

using test_support::contains;
using test_support::game;

// `reisswitz play 1870` as a German human with seed 11, saving to `path`. It
// answers each prompt with the next line of `orders`, then is killed at the
// prompt after the last one (or, with `quit`, asked to leave). Its output.
std::string play_then_stop(const std::string& path, const std::vector<std::string>& orders,
                           bool kill) {
  int to_child[2], from_child[2];
  if (pipe(to_child) != 0 || pipe(from_child) != 0) return "pipe failed";
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(to_child[0], STDIN_FILENO);
    dup2(from_child[1], STDOUT_FILENO);
    dup2(from_child[1], STDERR_FILENO);
    close(to_child[1]);
    close(from_child[0]);
    execl(REISSWITZ_CLI, REISSWITZ_CLI, "play", "1870", "--side", "German", "--seed", "11",
          "--color", "never", "--autosave", path.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_child[0]);
  close(from_child[1]);
  std::string out;
  std::size_t prompts = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  // Reads until the console has shown `want` prompts in all ("\n> ").
  auto wait_for_prompts = [&](std::size_t want) {
    while (prompts < want && std::chrono::steady_clock::now() < deadline) {
      pollfd p{from_child[0], POLLIN, 0};
      if (poll(&p, 1, 1000) <= 0) continue;
      std::array<char, 4096> buf{};
      const ssize_t n = read(from_child[0], buf.data(), buf.size());
      if (n <= 0) return;
      out.append(buf.data(), static_cast<std::size_t>(n));
      prompts = 0;
      for (std::size_t at = out.find("\n> "); at != std::string::npos;
           at = out.find("\n> ", at + 1))
        ++prompts;
    }
  };
  for (std::size_t i = 0; i < orders.size(); ++i) {
    wait_for_prompts(i + 1);
    const std::string line = orders[i] + "\n";
    if (write(to_child[1], line.data(), line.size()) != static_cast<ssize_t>(line.size())) break;
  }
  if (kill) {
    wait_for_prompts(orders.size() + 1);
    ::kill(pid, SIGKILL);
  } else {
    const std::string quit = "quit\n";
    if (write(to_child[1], quit.data(), quit.size()) < 0) ::kill(pid, SIGKILL);
  }
  close(to_child[1]);
  int status = 0;
  waitpid(pid, &status, 0);
  close(from_child[0]);
  return out;
}

TEST(PlayProgram, EveryAcknowledgedOrderSurvivesAKill) {
  const std::string killed = ::testing::TempDir() + "play_killed_test.json";
  const std::string quit = ::testing::TempDir() + "play_quit_test.json";
  std::remove(killed.c_str());
  std::remove(quit.c_str());
  const std::vector<std::string> orders = {"1", "1", "1"};
  const std::string out = play_then_stop(killed, orders, true);
  // The same orders in a game that leaves when asked: what the killed one acknowledged.
  play_then_stop(quit, orders, false);

  auto text = read_text_file(killed);
  ASSERT_TRUE(text.ok()) << out;
  auto log = parse_game_log(*text, game());
  ASSERT_TRUE(log.ok()) << log.error().to_string();
  auto whole = parse_game_log(read_text_file(quit).value(), game());
  ASSERT_TRUE(whole.ok()) << whole.error().to_string();
  EXPECT_EQ(log->entries, whole->entries);
  std::size_t german = 0;
  for (const auto& e : log->entries) german += e.player == 1 ? 1 : 0;
  EXPECT_EQ(german, orders.size()) << out;
  // It replays, every hash verified, and nothing half-written is left beside it.
  EXPECT_TRUE(replay_log(game(), *log).ok());
  EXPECT_FALSE(read_text_file(killed + ".part").ok());
  std::remove(killed.c_str());
  std::remove(quit.c_str());
}

// The play test of session 33: on an 80 x 24 terminal the decision's screen
// scrolled its map and first choices away. With --lines (or the terminal's own
// height) it fits: a smaller map, a one-line legend, fewer choices listed.
TEST(PlayProgram, ADecisionFitsATerminalOf24Lines) {
  const CliRun r = reisswitz(
      "play 1870 --side French --seed 3 --no-autosave --color never --lines 24 < /dev/null");
  ASSERT_EQ(r.rc, 0) << r.out;
  const auto from = r.out.find("== 1870 |"), to = r.out.find("\n> ");
  ASSERT_NE(from, std::string::npos) << r.out;
  ASSERT_NE(to, std::string::npos) << r.out;
  const std::string screen = r.out.substr(from, to + 3 - from);
  std::istringstream lines(screen);
  int n = 0;
  for (std::string line; std::getline(lines, line); ++n) EXPECT_LE(line.size(), 80u) << line;
  EXPECT_LE(n, 23) << screen;  // the prompt on the last line
  EXPECT_TRUE(contains(screen, "1) end-administrative")) << screen;
  EXPECT_TRUE(contains(screen, "more: 'choices' lists them all")) << screen;
  // Without it (not a terminal): the whole screen, as before.
  const CliRun full =
      reisswitz("play 1870 --side French --seed 3 --no-autosave --color never < /dev/null");
  EXPECT_TRUE(contains(full.out, "* controlled by the enemy of its country (3.7)")) << full.out;
  EXPECT_TRUE(contains(full.out, "30) ")) << full.out;
}

// The map command on an 80 x 24 terminal: the decision's screen keeps a map of
// two rows of hexes beside the forces and the choices, but the map asked for
// by itself has the screen to itself: seven rows, each of two lines and the
// rivers under it, and it still fits above the prompt.
TEST(PlayProgram, TheMapCommandFillsATerminalOf24Lines) {
  const std::string input = ::testing::TempDir() + "play_map_command_input.txt";
  ASSERT_TRUE(write_text_file(input, "map metz\n").ok());
  const CliRun r = reisswitz("play 1870 --side French --seed 3 --no-autosave --color never --lines 24 < '" +
                             input + "'");
  std::remove(input.c_str());
  ASSERT_EQ(r.rc, 0) << r.out;
  const auto decision = r.out.find("== 1870 |");
  ASSERT_NE(decision, std::string::npos) << r.out;
  const auto first = r.out.find("Map around ", decision);
  const auto asked = r.out.find("\n> Map around ", first + 1);
  ASSERT_NE(first, std::string::npos) << r.out;
  ASSERT_NE(asked, std::string::npos) << r.out;
  const auto rows_of = [&](std::size_t at) {
    const auto from = r.out.find(", rows ", at) + 7;
    const auto dash = r.out.find('-', from), close = r.out.find(')', from);
    return std::stoi(r.out.substr(dash + 1, close - dash - 1)) -
           std::stoi(r.out.substr(from, dash - from)) + 1;
  };
  EXPECT_EQ(rows_of(first), 2) << r.out;                        // (24 - 17) / 3
  EXPECT_EQ(rows_of(asked), 7) << r.out;                        // (24 - 3) / 3
  EXPECT_TRUE(contains(r.out.substr(asked), "2107")) << r.out;  // Metz, as asked
  // Its title, the 20 lines of hexes and rivers and the legend come before the next prompt.
  const auto end = r.out.find("\n> ", asked + 3);
  ASSERT_NE(end, std::string::npos) << r.out;
  const std::string shown = r.out.substr(asked + 3, end - asked - 3);
  EXPECT_LE(static_cast<int>(std::count(shown.begin(), shown.end(), '\n')), 22) << shown;
}

// `reisswitz play 1870` started in `dir` for a new game, its input at an end at once.
std::string start_in(const std::string& dir) {
  const std::string cmd = "cd '" + dir + "' && " + REISSWITZ_CLI +
                          " play 1870 --side French --seed 3 --no-autosave --color never"
                          " < /dev/null 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  std::array<char, 4096> buf{};
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  pclose(p);
  return out;
}

// A game of two random bots, `steps` actions long at most, saved in `path`.
void save_random_game(const std::string& path, long steps) {
  bots::RandomBot f(5), g(6);
  SeededDice dice(5);
  auto played = bots::play_game(game(), "historical", {}, 5, {&f, &g}, dice, steps);
  ASSERT_TRUE(played.ok());
  ASSERT_TRUE(write_text_file(path, to_json(played->log, game())).ok());
}

TEST(PlayProgram, ANewGameRemindsOfTheLastGameKeptIfItIsNotOver) {
  namespace fs = std::filesystem;
  const std::string dir = ::testing::TempDir() + "play_reminder_test";
  fs::remove_all(dir);
  fs::create_directories(dir + "/saves");
  EXPECT_EQ(start_in(dir).find("Your last game"), std::string::npos);

  save_random_game(dir + "/saves/older.json", 100000);  // played to its end
  save_random_game(dir + "/saves/newer.json", 40);
  fs::last_write_time(dir + "/saves/older.json",
                      fs::last_write_time(dir + "/saves/newer.json") - std::chrono::hours(1));
  // A game left before its first action, newer still, is passed over.
  ASSERT_TRUE(write_text_file(dir + "/saves/empty.json",
                              to_json(GameLog{"1870", "historical", {}, 8, {}, {}, {}}, game()))
                  .ok());
  fs::last_write_time(dir + "/saves/empty.json",
                      fs::last_write_time(dir + "/saves/newer.json") + std::chrono::hours(2));
  std::string out = start_in(dir);
  EXPECT_NE(out.find("Your last game, saves/newer.json, is not over (40 actions): go on with it "
                     "with --load saves/newer.json"),
            std::string::npos)
      << out;

  // The newest game is over: nothing to remind of.
  fs::last_write_time(dir + "/saves/older.json",
                      fs::last_write_time(dir + "/saves/newer.json") + std::chrono::hours(1));
  out = start_in(dir);
  EXPECT_EQ(out.find("Your last game"), std::string::npos) << out;
  fs::remove_all(dir);
}

TEST(PlayProgram, AutosaveNeverWritesOverAnotherGame) {
  const std::string path = ::testing::TempDir() + "play_other_game_test.json";
  ASSERT_TRUE(write_text_file(path, "another game").ok());
  const std::string cmd = std::string(REISSWITZ_CLI) +
                          " play 1870 --side French --seed 3 --color never --autosave " + path +
                          " < /dev/null 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::array<char, 4096> buf{};
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  const int status = pclose(p);
  EXPECT_EQ(WEXITSTATUS(status), 2) << out;
  EXPECT_NE(
      out.find("error: --autosave: " + path + " already holds a game; go on with it with --load"),
      std::string::npos)
      << out;
  EXPECT_EQ(read_text_file(path).value(), "another game");
  std::remove(path.c_str());
}

}  // namespace
}  // namespace rz
