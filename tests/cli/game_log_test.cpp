// The game log file (core/game_log.hpp): round trip, damaged files refused
// with a reason, replays that name the first step that diverges.
#include "core/game_log.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "../shipped_game.hpp"
#include "bots/bot.hpp"
#include "rules/wate1870/game.hpp"

namespace rz {
namespace {

using test_support::game;

// A short real game: 40 actions of two random bots, dice included.
GameLog sample_log() {
  bots::RandomBot f(3), g(4);
  SeededDice dice(3);
  GameOptions opts;
  opts.values["12.2"] = "on";
  auto played = bots::play_game(game(), "historical", opts, 3, {&f, &g}, dice, 40);
  EXPECT_TRUE(played.ok());
  return played->log;
}

std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const auto pos = text.find(from);
  EXPECT_NE(pos, std::string::npos) << "sample lacks " << from;
  if (pos != std::string::npos) text.replace(pos, from.size(), to);
  return text;
}

TEST(CliGameLog, RoundTripsThroughJson) {
  const GameLog log = sample_log();
  const std::string text = to_json(log, game());
  auto back = parse_game_log(text, game());
  ASSERT_TRUE(back.ok()) << back.error().to_string();
  EXPECT_EQ(back->system, "1870");
  EXPECT_EQ(back->scenario, log.scenario);
  EXPECT_EQ(back->options.values, log.options.values);
  EXPECT_EQ(back->seed, log.seed);
  EXPECT_EQ(back->initial_hash, log.initial_hash);
  EXPECT_EQ(back->meta, log.meta);
  EXPECT_EQ(back->entries, log.entries);
  EXPECT_EQ(to_json(*back, game()), text);
  auto sys = log_system(text);
  ASSERT_TRUE(sys.ok());
  EXPECT_EQ(*sys, "1870");
}

TEST(CliGameLog, HashesAreSixteenHexDigits) {
  EXPECT_EQ(hash_text(0), "0000000000000000");
  EXPECT_EQ(hash_text(0xfedcba9876543210ULL), "fedcba9876543210");
}

struct Damage {
  const char* what;
  std::string from, to;
  const char* reason;  // must appear in the error message
};

TEST(CliGameLog, RefusesDamagedLogsWithAReason) {
  const std::string good = to_json(sample_log(), game());
  const std::vector<Damage> damages = {
      {"truncated JSON", good, good.substr(0, good.size() / 2),
       "not valid JSON (parse error at line "},
      {"not an object", good, "[1, 2, 3]", "not a JSON object"},
      {"missing system", "\"system\": \"1870\",", "", "'system' is missing"},
      {"another game", "\"system\": \"1870\"", "\"system\": \"bpt\"", "a game of 'bpt'"},
      {"missing scenario", "\"scenario\": \"historical\",", "", "'scenario' is missing"},
      {"options not an object", "\"options\": {\"12.2\":\"on\"}", "\"options\": [\"12.2\"]",
       "the field 'options' has the wrong type: it must be an object { }, not [\"12.2\"]"},
      {"option not a string", "{\"12.2\":\"on\"}", "{\"12.2\":true}",
       "option '12.2' must be text such as \"on\", not true"},
      {"negative seed", "\"seed\": 3", "\"seed\": -3",
       "the field 'seed' has the wrong type: it must be a whole number of 0 or more, not -3"},
      {"seed as text", "\"seed\": 3", "\"seed\": \"3\"",
       "'seed' has the wrong type: it must be a whole number of 0 or more, not \"3\""},
      {"missing entries", "\"entries\": [", "\"entrees\": [", "'entries' is missing"},
      {"unknown player", "\"player\":\"French\"", "\"player\":\"Austrian\"",
       "no player 'Austrian'"},
      {"player missing", "\"player\":\"French\",", "", "entry 1: the field 'player' is missing"},
      {"action does not parse", "\"action\":\"end-administrative\"",
       "\"action\":\"End Administrative\"", "does not parse"},
      {"action empty", "\"action\":\"end-administrative\"", "\"action\":\"\"", "does not parse"},
      {"hash not hex", "\"hash\":\"", "\"hash\":\"zz", "not 16 hex digits"},
      {"hash a number", "\"hash\":\"", "\"hash\":12,\"x\":\"",
       "entry 1: the field 'hash' has the wrong type: it must be text in quotes, not 12"},
      {"meta not an object", "\"meta\": {", "\"meta\": [1], \"x\": {",
       "the field 'meta' has the wrong type: it must be an object { }, not [1]"},
      {"meta value not text", "\"meta\": {", "\"meta\": {\"french\": 7, ",
       "meta 'french' must be text in quotes, not 7"},
      {"a long value cut short", "\"seed\": 3",
       "\"seed\": \"three, or so the umpire said at the table\"",
       "not \"three, or so the umpire said at the ..."},
      {"bad initial hash", "\"initial_hash\": \"", "\"initial_hash\": \"12", "initial_hash"},
      {"a key given twice", "\"seed\": 3,", "\"seed\": 3,\n  \"seed\": 4,",
       "the key \"seed\" is given twice in one object"},
      {"an entry's key given twice", "\"player\":\"French\"",
       "\"player\":\"French\",\"player\":\"German\"", "the key \"player\" is given twice"},
      {"entry not an object", "\"entries\": [\n    {", "\"entries\": [\n    7, {",
       "entry 1: it is not an object"},
  };
  for (const auto& d : damages) {
    const std::string text = d.from == good ? d.to : replace_once(good, d.from, d.to);
    auto r = parse_game_log(text, game());
    ASSERT_FALSE(r.ok()) << d.what;
    EXPECT_EQ(r.error().code, Code::kMalformed) << d.what;
    EXPECT_NE(r.error().message.find(d.reason), std::string::npos) << d.what << ": " << r.error().message;
    EXPECT_EQ(r.error().message.rfind("the game log is damaged: ", 0), 0u) << r.error().message;
  }
  EXPECT_FALSE(parse_game_log("", game()).ok());
  EXPECT_FALSE(log_system("{}").ok());
}

TEST(CliGameLog, ReplayVerifiesEveryHash) {
  const GameLog log = sample_log();
  std::size_t steps = 0;
  auto st = replay_log(game(), log, [&](std::size_t, const LogEntry&, const Events&) { ++steps; });
  ASSERT_TRUE(st.ok()) << st.error().to_string();
  EXPECT_EQ(steps, log.entries.size());
  EXPECT_EQ((*st)->hash(), log.entries.back().hash);
}

TEST(CliGameLog, ReplayNamesTheFirstStepWhoseHashDiffers) {
  GameLog log = sample_log();
  ASSERT_GT(log.entries.size(), 10u);
  log.entries[6].hash ^= 1;
  log.entries[8].hash ^= 1;
  auto st = replay_log(game(), log);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("step 7 ("), std::string::npos) << st.error().message;
  EXPECT_NE(st.error().message.find("diverges"), std::string::npos) << st.error().message;
}

TEST(CliGameLog, ReplayNamesTheFirstRefusedStep) {
  GameLog log = sample_log();
  log.entries[0].player = 1;  // the German cannot act for the French
  auto st = replay_log(game(), log);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("step 1 (German: "), std::string::npos) << st.error().message;
  EXPECT_NE(st.error().message.find("refused"), std::string::npos) << st.error().message;
}

TEST(CliGameLog, ReplayNoticesAChangedScenario) {
  GameLog log = sample_log();
  *log.initial_hash ^= 1;
  auto st = replay_log(game(), log);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("step 0"), std::string::npos) << st.error().message;
}

TEST(CliGameLog, UnknownFilesAreReportedNotThrown) {
  auto r = read_text_file("/nonexistent/dir/log.json");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, Code::kNotFound);
  EXPECT_FALSE(write_text_file("/nonexistent/dir/log.json", "{}").ok());
}

TEST(CliGameLog, AFileIsReplacedWholeAndNothingIsLeftBesideIt) {
  const std::string path = ::testing::TempDir() + "write_whole_test.json";
  ASSERT_TRUE(write_text_file(path, std::string(100000, 'a')).ok());
  ASSERT_TRUE(write_text_file(path, "{\"short\": 1}").ok());
  EXPECT_EQ(read_text_file(path).value(), "{\"short\": 1}");
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
  std::filesystem::remove(path);
}

TEST(CliGameLog, AWriteThatFailsSaysWhyAndLeavesTheOldFile) {
  const std::string path = ::testing::TempDir() + "write_fail_test.json";
  ASSERT_TRUE(write_text_file(path, "the old game").ok());
  // A folder where the copy would be written: the write cannot start.
  std::filesystem::create_directory(path + ".part");
  const auto r = write_text_file(path, "the new game");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("cannot write the file " + path), std::string::npos)
      << r.error().message;
  EXPECT_NE(r.error().message.find("Is a directory"), std::string::npos) << r.error().message;
  EXPECT_EQ(read_text_file(path).value(), "the old game");
  std::filesystem::remove(path + ".part");
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace rz
