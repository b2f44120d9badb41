// What the reisswitz program says of a mistake on its command line: the
// option and what it wants, exit code 2, and nothing played or written.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "../text_match.hpp"
#include "cli_run.hpp"
#include "core/game_log.hpp"

namespace rz {
namespace {

using test_support::CliRun;
using test_support::contains;
using test_support::reisswitz;

// A folder of its own under the build's temporary folder, emptied first.
std::filesystem::path scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("reisswitz-cli-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// The whole text of a file.
std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A game of one order kept by `run` as a log in dir/game.json, with `more`
// options (--save ...); false if run failed.
bool run_short_game(const std::filesystem::path& dir, const std::string& more = "") {
  std::ofstream(dir / "orders.txt") << "French: end-administrative\n";
  return reisswitz("run 1870 --actions " + (dir / "orders.txt").string() + " --log " +
                   (dir / "game.json").string() + " " + more)
             .rc == 0;
}

TEST(CommandLine, ANegativeSeedOrCountIsAUsageErrorThatNamesTheOption) {
  // CLI11 alone read "-1" into a seed as 2^64 - 1 and played the games.
  const struct {
    const char* args;
    const char* says;
  } cases[] = {
      {"simulate 1870 --games 2 --seed -1 --quiet",
       "--seed: '-1' is not a whole number of 0 or more"},
      {"simulate 1870 --games 0", "--games: '0' is not a whole number of 1 or more"},
      {"simulate 1870 --games 1 --threads -3",
       "--threads: '-3' is not a whole number of 1 or more"},
      {"ladder 1870 --bots random,random --games 1 --seed -3",
       "--seed: '-3' is not a whole number of 0 or more"},
      {"run 1870 --seed -5", "--seed: '-5' is not a whole number of 0 or more"},
      {"odds 1870 --attack-sp -2 --defence-sp 3",
       "--attack-sp: '-2' is not a whole number from 0 to 999"},
      // 2^31 SP overflowed the strength; an HQ bonus of 10^8 asked for a table that large.
      {"odds 1870 --attack-sp 2147483647 --defence-sp 3",
       "--attack-sp: '2147483647' is not a whole number from 0 to 999"},
      {"odds 1870 --attack-sp 5 --defence-sp 3 --attack-hq 99999999",
       "--attack-hq: '99999999' is not a whole number from -9 to 9"},
      // CLI11 read a leading zero as octal: 012 SP were 10, 08 no number at all.
      {"odds 1870 --attack-sp 012 --defence-sp 3",
       "--attack-sp: '012' has a leading zero: write 12"},
      {"odds 1870 --attack-sp 5 --defence-sp 3 --defence-hq -01",
       "--defence-hq: '-01' has a leading zero: write -1"},
      {"simulate 1870 --games 010 --quiet", "--games: '010' has a leading zero: write 10"},
      {"simulate 1870 --games 2 --bots random,search:010 --quiet", "search:010"},
      {"simulate 1870 --games 2 --seed 18446744073709551615 --quiet",
       "seed + 1 is beyond the largest seed"},
      {"simulate 1870 --games 2 --plot vp.gif --quiet",
       "--plot vp.gif: the plot is a .png or an .svg file"},
      {"odds 1870 --attack-sp 5 --defence-sp 3 --attack-hqs 100",
       "--attack-hqs: '100' is not a whole number from 0 to 99"},
      // CLI11 said "At Most 1 required but received 2", as if a value were missing.
      {"simulate 1870 --games 2 --games 3 --quiet", "--games is given 2 times: give it once"},
      {"odds 1870 --attack-sp 5 --attack-sp 6 --attack-sp 7 --defence-sp 3",
       "--attack-sp is given 3 times: give it once"},
  };
  for (const auto& c : cases) {
    const CliRun r = reisswitz(c.args);
    EXPECT_EQ(r.rc, 2) << c.args << "\n" << r.out;
    EXPECT_TRUE(contains(r.out, c.says)) << c.args << "\n" << r.out;
    EXPECT_FALSE(contains(r.out, "games, French")) << c.args << ": played\n" << r.out;
  }
}

TEST(CommandLine, ASimulationWhoseResultsCannotBeWrittenPlaysNoGame) {
  const auto dir = scratch("unwritable");
  // 100,000 games would take an hour: the refusal must come first.
  const CliRun r = reisswitz("simulate 1870 --games 100000 --quiet --json " +
                             (dir / "no" / "such" / "folder.json").string());
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "error: --json: cannot write the file")) << r.out;
  EXPECT_TRUE(contains(r.out, "No such file or directory")) << r.out;
  EXPECT_FALSE(contains(r.out, "games, French")) << r.out;
  const CliRun folder = reisswitz("simulate 1870 --games 100000 --quiet --csv " + dir.string());
  EXPECT_EQ(folder.rc, 1) << folder.out;
  EXPECT_TRUE(contains(folder.out,
                       "error: --csv: cannot write the file " + dir.string() + ": it is a folder"))
      << folder.out;
  // The check leaves nothing behind.
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(CommandLine, ALadderThatCannotKeepItsResultsPlaysNoGame) {
  const auto dir = scratch("ladder");
  const std::string file = (dir / "no" / "such" / "ladder.jsonl").string();
  const CliRun r = reisswitz("ladder 1870 --bots random,random --games 1 --results " + file);
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_TRUE(contains(r.out, file + ": cannot make the results file: No such file or directory"))
      << r.out;
  EXPECT_FALSE(contains(r.out, "[1/2]")) << r.out;
}

// The designer's review of session 34: --report on a file that is not there
// printed a table of 0 games and exited 0.
TEST(CommandLine, ALadderReportOfAMissingFileIsAnError) {
  const auto dir = scratch("ladder-report");
  const std::string file = (dir / "none.jsonl").string();
  const CliRun r = reisswitz("ladder 1870 --bots random,random --report --results " + file);
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "'" + file + "' does not exist: there are no games to report"))
      << r.out;
  EXPECT_FALSE(std::filesystem::exists(file));
  // A folder, or a file with no game of this ladder: nothing to report either.
  const CliRun folder =
      reisswitz("ladder 1870 --bots random,random --report --results " + dir.string());
  EXPECT_EQ(folder.rc, 1) << folder.out;
  EXPECT_TRUE(contains(folder.out, "is a folder, not a results file")) << folder.out;
  std::ofstream(file).close();
  const CliRun empty = reisswitz("ladder 1870 --bots random,random --report --results " + file);
  EXPECT_EQ(empty.rc, 1) << empty.out;
  EXPECT_TRUE(contains(empty.out, "holds no game of this ladder: there is nothing to report"))
      << empty.out;
}

// A game cut off at --max-steps has no result (GAP-W-01): it was counted a draw.
// The final VP are listed in the order of the marker (they were sorted as text).
TEST(CommandLine, ASimulationCountsUnfinishedGamesApartAndListsVpInOrder) {
  const auto dir = scratch("unfinished");
  const std::string json = (dir / "s.json").string(), csv = (dir / "s.csv").string();
  const CliRun r = reisswitz(
      "simulate 1870 --games 3 --bots random,random --max-steps 40 --threads 1 --quiet --json " +
      json + " --csv " + csv);
  ASSERT_EQ(r.rc, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "unfinished (--max-steps reached)        3  100.0%")) << r.out;
  EXPECT_TRUE(contains(r.out, "by kind of victory (rule 11.0): none, no game finished")) << r.out;
  EXPECT_TRUE(contains(r.out, "  draw                                    0")) << r.out;
  const auto j = nlohmann::json::parse(read_text_file(json).value());
  EXPECT_EQ(j["unfinished"]["count"], 3);
  EXPECT_EQ(j["draws"]["count"], 0);
  EXPECT_TRUE(j["victory_kinds"].empty()) << j["victory_kinds"];
  for (const auto& g : j["per_game"]) EXPECT_EQ(g["winner"], "none");
  EXPECT_EQ(j["unfinished"]["ci95"][1], 1.0);  // all: exactly 1, not 0.9999999999999999
  int games = 0, last = -1;
  for (const auto& v : j["final_vp"]) {  // in the order of the marker
    EXPECT_GT(v["vp"].get<int>(), last);
    last = v["vp"].get<int>();
    games += v["games"].get<int>();
  }
  EXPECT_EQ(games, 3);
  EXPECT_TRUE(contains(read_text_file(csv).value(), ",none,unfinished,"))
      << read_text_file(csv).value();

  const CliRun v = reisswitz(
      "simulate 1870 --games 8 --bots random,random --max-steps 1500 --threads 1 --quiet");
  ASSERT_EQ(v.rc, 0) << v.out;
  std::vector<int> order;
  std::istringstream lines(v.out);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("    VP ", 0) == 0) order.push_back(std::stoi(line.substr(7)));
  EXPECT_GE(order.size(), 2u) << v.out;
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end())) << v.out;
}

TEST(CommandLine, ALadderChecksItsScenarioBeforeItsFirstGame) {
  const CliRun r = reisswitz("ladder 1870 --bots random,random --games 1 --scenario histroical");
  EXPECT_EQ(r.rc, 2) << r.out;
  EXPECT_TRUE(contains(r.out, "there is no scenario 'histroical'")) << r.out;
  EXPECT_FALSE(contains(r.out, "[1/2]")) << r.out;
}

TEST(CommandLine, AnOptionalRuleNamedTwiceIsUsedOnce) {
  const CliRun r = reisswitz(
      "simulate 1870 --games 1 --bots random,random --max-steps 50 --quiet --option 12.2 --option "
      "12.2");
  EXPECT_EQ(r.rc, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "1870, scenario historical, options 12.2: 1 game, French")) << r.out;
}

TEST(CommandLine, AFileThatCannotBeReadSaysWhy) {
  const CliRun r = reisswitz("odds 1870 --saved /no/such/game.json --action \"attack to=2107\"");
  EXPECT_EQ(r.rc, 1) << r.out;
  EXPECT_TRUE(contains(r.out, "cannot read the file /no/such/game.json: No such file or directory"))
      << r.out;
}

// An actions file written on Windows (CR LF line ends, a byte-order mark) is
// the same game; a folder is no file (it read as an empty one, silently).
TEST(CommandLine, AnActionsFileFromWindowsIsReadAsTheSameOrdersAndAFolderIsRefused) {
  const auto dir = scratch("actions");
  const std::string orders = "French: end-administrative\nGerman: end-administrative\npass\n";
  std::string windows = "\xEF\xBB\xBF" + orders;
  for (std::size_t at = 0; (at = windows.find('\n', at)) != std::string::npos; at += 2)
    windows.insert(at, "\r");
  std::ofstream(dir / "unix.txt", std::ios::binary) << orders;
  std::ofstream(dir / "windows.txt", std::ios::binary) << windows;
  for (const char* name : {"unix", "windows"}) {
    const CliRun r =
        reisswitz("run 1870 --seed 3 --actions " + (dir / (std::string(name) + ".txt")).string() +
                  " --log " + (dir / (std::string(name) + ".json")).string());
    ASSERT_EQ(r.rc, 0) << name << "\n" << r.out;
  }
  EXPECT_EQ(read_file(dir / "windows.json"), read_file(dir / "unix.json"));
  EXPECT_TRUE(contains(read_file(dir / "unix.json"), "\"action\":\"pass\""))
      << read_file(dir / "unix.json");

  const CliRun folder = reisswitz("run 1870 --actions " + dir.string());
  EXPECT_EQ(folder.rc, 1) << folder.out;
  EXPECT_TRUE(contains(
      folder.out, "error: --actions: cannot read the file " + dir.string() + ": it is a folder"))
      << folder.out;
}

// An output named as the file a command reads, or as another output, would
// be written over it: render --saved X --svg X replaced a saved game by a
// drawing (session 30's fuzzing). Refused before anything is written.
TEST(CommandLine, AnOutputThatIsAlsoAnInputOrAnotherOutputIsRefused) {
  const auto dir = scratch("same-file");
  const auto log = dir / "game.json";
  ASSERT_TRUE(run_short_game(dir));
  const std::string before = read_file(log);

  const CliRun render = reisswitz("render 1870 --saved " + log.string() + " --svg " +
                                  (dir / "." / "game.json").string());
  EXPECT_EQ(render.rc, 1) << render.out;
  EXPECT_TRUE(
      contains(render.out, "is also the --saved file: writing it would destroy what it holds"))
      << render.out;
  EXPECT_EQ(read_file(log), before);

  const CliRun run = reisswitz("run 1870 --log " + (dir / "x.json").string() + " --save " +
                               (dir / "x.json").string());
  EXPECT_EQ(run.rc, 1) << run.out;
  EXPECT_TRUE(contains(run.out, "error: --save: " + (dir / "x.json").string() +
                                    " is also the --log file: one would be written over the other"))
      << run.out;
}

// What --load takes from the saved game's "meta" (the side and the bot) is
// the file's fault when it is wrong, not an option the player never gave.
TEST(CommandLine, APlayerOrBotInASavedGameThatDoesNotExistIsTheFilesFault) {
  const auto dir = scratch("meta");
  const auto log = dir / "game.json";
  ASSERT_TRUE(run_short_game(dir));
  nlohmann::json j = nlohmann::json::parse(read_file(log));
  const std::pair<nlohmann::json, std::string> cases[] = {
      {{{"human", "Martian"}, {"bot", "heuristic"}},
       "the game's meta 'human': there is no player 'Martian'"},
      {{{"human", "German"}, {"bot", "nonsense"}},
       "the game's meta 'bot': there is no bot 'nonsense'"},
  };
  for (const auto& [meta, message] : cases) {
    j["meta"] = meta;
    std::ofstream(log) << j.dump();
    const CliRun r = reisswitz("play 1870 --load " + log.string() + " --no-autosave < /dev/null");
    EXPECT_EQ(r.rc, 1) << r.out;
    EXPECT_TRUE(contains(r.out, "error: " + log.string() + ": " + message)) << r.out;
  }
}

// A loaded game keeps its seed, scenario, optional rules and the player's side:
// each given otherwise is refused and the file is left as it was (a --side of
// the other player handed the player's side to the bot and wrote it in the save).
TEST(CommandLine, PlayLoadRefusesASeedScenarioOptionOrSideThatTheGameDoesNotHave) {
  const auto dir = scratch("load-conflict");
  const auto log = dir / "game.json";
  ASSERT_TRUE(run_short_game(dir, "--seed 3"));
  nlohmann::json j = nlohmann::json::parse(read_file(log));
  j["meta"] = {{"human", "French"}, {"bot", "heuristic"}};
  std::ofstream(log) << j.dump();
  const std::string before = read_file(log);
  const std::string load = "play 1870 --load " + log.string() + " ";
  const std::pair<std::string, std::string> cases[] = {
      {"--side German",
       "error: --side German: in " + log.string() +
           " you play French (its meta 'human'); leave --side out to go on as French"},
      {"--seed 5",
       "error: --seed 5: " + log.string() +
           " was started with seed 3, and a loaded game keeps its dice; leave --seed out"},
      {"--scenario free", "error: --scenario free: " + log.string() +
                              " is a game of the scenario 'historical'; leave --scenario out"},
      {"--option 12.2", "error: --option 12.2: " + log.string() + " was started without it"},
  };
  for (const auto& [given, message] : cases) {
    const CliRun r = reisswitz(load + given + " < /dev/null");
    EXPECT_EQ(r.rc, 2) << given << ": " << r.out;
    EXPECT_TRUE(contains(r.out, message)) << given << ": " << r.out;
    EXPECT_EQ(read_file(log), before) << given;
  }
  // What the game has may be said again; another bot is announced.
  const CliRun same =
      reisswitz(load + "--side French --seed 3 --scenario historical --bot random < /dev/null");
  EXPECT_FALSE(contains(same.out, "error:")) << same.out;
  EXPECT_TRUE(contains(same.out, "Your opponent is now the random bot (until now: heuristic)"))
      << same.out;
}

// A log of another game, and a saved state with a value of the wrong type,
// are named as such (they gave nlohmann's "[json.exception.out_of_range.403]
// key 'game' not found" and "[json.exception.type_error.302] ...").
TEST(CommandLine, ASavedGameOfAnotherSystemOrWithAWrongOrHugeValueSaysSo) {
  const auto dir = scratch("damaged-save");
  const auto log = dir / "game.json", state = dir / "state.json", svg = dir / "map.svg";
  ASSERT_TRUE(run_short_game(dir, "--save " + state.string()));
  nlohmann::json j = nlohmann::json::parse(read_file(log));
  j["system"] = "1866";
  std::ofstream(log) << j.dump();
  const CliRun other = reisswitz("render 1870 --saved " + log.string() + " --svg " + svg.string());
  EXPECT_EQ(other.rc, 1) << other.out;
  EXPECT_TRUE(
      contains(other.out, "error: " + log.string() + " is a game log of '1866', not of 1870"))
      << other.out;

  nlohmann::json s = nlohmann::json::parse(read_file(state));
  s["turn"] = "two";
  std::ofstream(state) << s.dump();
  const CliRun wrong =
      reisswitz("render 1870 --saved " + state.string() + " --svg " + svg.string());
  EXPECT_EQ(wrong.rc, 1) << wrong.out;
  EXPECT_TRUE(contains(wrong.out,
                       "the saved game is damaged: at /turn: type must be number, but is string"))
      << wrong.out;
  EXPECT_FALSE(contains(wrong.out, "json.exception")) << wrong.out;

  // A number no int holds was taken as another one (a turn of 1e308 drew
  // "Turn -2147483648"): it is named by its place.
  s["turn"] = 1;
  s["rp"][1] = 4294967296;
  std::ofstream(state) << s.dump();
  const CliRun huge = reisswitz("render 1870 --saved " + state.string() + " --svg " + svg.string());
  EXPECT_EQ(huge.rc, 1) << huge.out;
  EXPECT_TRUE(contains(huge.out,
                       "the saved game is damaged: 'rp[1]' is 4294967296, not a whole number from "
                       "-2147483648 to 2147483647"))
      << huge.out;

  // One counter per HQ, back on a turn of the game (3.6, 8.5.1).
  s["rp"][1] = 10;
  s["hqs"].push_back(s["hqs"][0]);
  std::ofstream(state) << s.dump();
  const CliRun twice =
      reisswitz("render 1870 --saved " + state.string() + " --svg " + svg.string());
  EXPECT_EQ(twice.rc, 1) << twice.out;
  EXPECT_TRUE(contains(twice.out, "the saved game is damaged: at /hqs/" +
                                      std::to_string(s["hqs"].size() - 1) + ": HQ " +
                                      s["hqs"][0][0].get<std::string>() + " is listed twice"))
      << twice.out;

  // A value given twice (an edit by hand): nlohmann would keep the last unseen.
  s["hqs"].erase(s["hqs"].size() - 1);
  std::string text = s.dump(1);
  const auto vp = text.find("\n \"vp\": ");
  ASSERT_NE(vp, std::string::npos);
  text.insert(vp, "\n \"vp\": 99,");
  const auto line =
      std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(vp), '\n') + 3;
  std::ofstream(state) << text;
  const CliRun dup = reisswitz("render 1870 --saved " + state.string() + " --svg " + svg.string());
  EXPECT_EQ(dup.rc, 1) << dup.out;
  EXPECT_TRUE(contains(dup.out, state.string() + ": the saved game is damaged: line " +
                                    std::to_string(line) +
                                    ": the key \"vp\" is given twice in one object"))
      << dup.out;
}

// play keeps a game log; render (as odds) draws it as well as a saved state.
TEST(CommandLine, RenderDrawsAGameLogAsWellAsASavedState) {
  const auto dir = scratch("render");
  const auto log = dir / "game.json", state = dir / "state.json", svg = dir / "map.svg";
  std::ofstream(dir / "orders.txt") << "French: end-administrative\nGerman: end-administrative\n";
  const CliRun run = reisswitz("run 1870 --actions " + (dir / "orders.txt").string() + " --log " +
                               log.string() + " --save " + state.string());
  ASSERT_EQ(run.rc, 0) << run.out;
  for (const auto& saved : {log, state}) {
    std::filesystem::remove(svg);
    const CliRun r = reisswitz("render 1870 --saved " + saved.string() + " --svg " + svg.string());
    EXPECT_EQ(r.rc, 0) << saved << "\n" << r.out;
    EXPECT_TRUE(std::filesystem::exists(svg)) << saved;
  }
  const CliRun bad =
      reisswitz("render 1870 --saved " + (dir / "orders.txt").string() + " --svg " + svg.string());
  EXPECT_EQ(bad.rc, 1) << bad.out;
  EXPECT_TRUE(contains(bad.out, "is neither a game log nor a saved state")) << bad.out;
  // A game goes on only from its log: a saved state is one position.
  for (const std::string& command :
       {"replay " + state.string(), "play 1870 --load " + state.string() + " < /dev/null"}) {
    const CliRun on = reisswitz(command);
    EXPECT_NE(on.rc, 0) << command << "\n" << on.out;
    EXPECT_TRUE(contains(on.out, "error: " + state.string() +
                                     ": this is a saved state (a position, as run --save writes "
                                     "it), not a game log: a game goes on from its log"))
        << command << "\n"
        << on.out;
  }
  const CliRun nowhere = reisswitz("render 1870 --png " + (dir / "no" / "map.png").string());
  EXPECT_EQ(nowhere.rc, 1) << nowhere.out;
  EXPECT_TRUE(contains(nowhere.out, "error: --png: cannot write the file")) << nowhere.out;
}

TEST(CommandLine, ASimulationWritesItsJsonAndCsvWhole) {
  const auto dir = scratch("results");
  const auto json = dir / "study.json", csv = dir / "study.csv";
  const CliRun r =
      reisswitz("simulate 1870 --games 2 --bots random,random --max-steps 300 --quiet --json " +
                json.string() + " --csv " + csv.string());
  ASSERT_EQ(r.rc, 0) << r.out;
  std::ifstream jf(json);
  const auto j = nlohmann::json::parse(jf);
  EXPECT_EQ(j["games"], 2);
  EXPECT_EQ(j["per_game"].size(), 2u);
  std::ifstream cf(csv);
  std::stringstream read;
  read << cf.rdbuf();
  const std::string lines = read.str();
  EXPECT_EQ(lines.rfind("game,seed,winner,kind,turns,vp,actions\n", 0), 0u) << lines;
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 3) << lines;
  // Written beside and renamed: no copy is left.
  int files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 2);
}

TEST(CommandLine, AnUnknownScenarioNamesTheScenariosBeforeAnythingIsAsked) {
  const CliRun run = reisswitz("run 1870 --scenario histroical");
  EXPECT_EQ(run.rc, 2) << run.out;
  EXPECT_TRUE(contains(
      run.out, "there is no scenario 'histroical' in 1870: the scenarios are free, historical"))
      << run.out;
  // play checks the scenario and the bot before it asks which side you play.
  const CliRun play = reisswitz("play 1870 --scenario nope --no-autosave < /dev/null");
  EXPECT_EQ(play.rc, 2) << play.out;
  EXPECT_TRUE(contains(play.out, "there is no scenario 'nope'")) << play.out;
  EXPECT_FALSE(contains(play.out, "Which side do you play?")) << play.out;
  const CliRun bot = reisswitz("play 1870 --bot foo --no-autosave < /dev/null");
  EXPECT_EQ(bot.rc, 2) << bot.out;
  EXPECT_TRUE(contains(bot.out, "there is no bot 'foo'")) << bot.out;
  EXPECT_FALSE(contains(bot.out, "Which side do you play?")) << bot.out;
  // The input ending at the side's question said nothing (session 33's play test).
  const CliRun none = reisswitz("play 1870 --seed 1 --no-autosave < /dev/null");
  EXPECT_EQ(none.rc, 2) << none.out;
  EXPECT_TRUE(contains(none.out,
                       "error: the input ended before a side was chosen; --side French or --side "
                       "German chooses one"))
      << none.out;
}

}  // namespace
}  // namespace rz
