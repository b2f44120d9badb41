// The bot ladder (bots/ladder.hpp): the same games whatever the number of
// threads, and a results file that keeps every finished game so that a ladder
// stopped part way (even mid-write) resumes to the same result.
#include "bots/ladder.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../shipped_game.hpp"
#include "rules/wate1870/game.hpp"

namespace rz::bots {
namespace {

using test_support::game;

LadderConfig config(int games, int threads = 1) {
  LadderConfig c;
  c.bots = {"heuristic", "random"};
  c.games = games;
  c.seed = 21;
  c.threads = threads;
  return c;
}

// A fresh file in the test's temporary directory.
std::string temp_file(const std::string& name) {
  const auto p = std::filesystem::path(testing::TempDir()) / name;
  std::filesystem::remove(p);
  return p.string();
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// What a game's result is, without its timings (which vary run to run).
std::string results(const std::vector<LadderGame>& games) {
  std::string out;
  for (const auto& g : games)
    out += std::to_string(g.first) + std::to_string(g.second) + " side " + std::to_string(g.side) +
           " seed " + std::to_string(g.seed) + " score " + std::to_string(g.score) +
           (g.finished ? "" : " unfinished") + "\n";
  return out;
}

TEST(Ladder, ScheduleHasBothSidesOfEveryPairingForEachSeedInTurn) {
  LadderConfig c = config(2);
  c.bots = {"a", "b", "c"};
  const auto s = ladder_schedule(c);
  ASSERT_EQ(s.size(), 12u);  // 2 seeds x 3 pairings x 2 sides
  EXPECT_EQ(s[0].seed, 21u);
  EXPECT_EQ(s[0].side, 0);
  EXPECT_EQ(s[1].side, 1);
  EXPECT_EQ(s[1].first, s[0].first);
  EXPECT_EQ(s[2].second, 2u);
  EXPECT_EQ(s[6].seed, 22u);
}

TEST(Ladder, TheSameGamesOnOneThreadOrTwo) {
  auto one = run_ladder(game(), config(2, 1));
  auto two = run_ladder(game(), config(2, 2));
  ASSERT_TRUE(one.ok()) << one.error().to_string();
  ASSERT_TRUE(two.ok()) << two.error().to_string();
  ASSERT_EQ(one->size(), 4u);
  EXPECT_EQ(results(*one), results(*two));
  for (const auto& g : *one) {
    EXPECT_TRUE(g.finished);
    EXPECT_GT(g.timing[0].decisions, 0);
    EXPECT_GT(g.timing[1].decisions, 0);
  }
  const auto t = tally(*one, 0, 1, -1);
  EXPECT_EQ(t.games, 4);
  EXPECT_EQ(t.wins + t.draws + t.losses, 4);
  EXPECT_DOUBLE_EQ(t.score, t.wins + 0.5 * t.draws);
}

// Session 34's review: a game cut off at --max-steps scored 0 for the bot
// listed first and 1 for the other. It has no result (GAP-W-01): it is counted
// apart, in neither side's score.
TEST(Ladder, AnUnfinishedGameIsNoLossForEitherBot) {
  std::vector<LadderGame> games(3);
  games[0].finished = true, games[0].score = 1;  // bots[0] won
  games[1].finished = true, games[1].score = 0.5;
  games[2].finished = false, games[2].score = 0;  // cut off: returns of 0 / 1
  games[1].side = games[2].side = 1;
  const auto t = tally(games, 0, 1, -1);
  EXPECT_EQ(t.games, 2);
  EXPECT_EQ(t.unfinished, 1);
  EXPECT_EQ(t.wins, 1);
  EXPECT_EQ(t.draws, 1);
  EXPECT_EQ(t.losses, 0);
  EXPECT_DOUBLE_EQ(t.score, 1.5);
  const auto german = tally(games, 0, 1, 1);
  EXPECT_EQ(german.games, 1);
  EXPECT_EQ(german.unfinished, 1);
}

TEST(Ladder, AStoppedLadderResumesFromItsFileToTheSameResult) {
  const auto path = temp_file("ladder_resume.jsonl");
  const auto whole = run_ladder(game(), config(3));
  ASSERT_TRUE(whole.ok());

  // The first two seeds, kept in the file as they end.
  auto f = LadderFile::open(path, config(2));
  ASSERT_TRUE(f.ok()) << f.error().to_string();
  EXPECT_TRUE(f->games().empty());
  int reported = 0;
  auto first = run_ladder(game(), config(2), {}, [&](const LadderGame& g) {
    ++reported;
    ASSERT_TRUE(f->append(g).ok());
  });
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(reported, 4);

  // Then the same ladder with a third seed: only its two games are played.
  auto again = LadderFile::open(path, config(3));
  ASSERT_TRUE(again.ok()) << again.error().to_string();
  EXPECT_EQ(again->games().size(), 4u);
  EXPECT_EQ(again->ignored(), 0);
  reported = 0;
  auto rest = run_ladder(game(), config(3), again->games(), [&](const LadderGame&) { ++reported; });
  ASSERT_TRUE(rest.ok());
  EXPECT_EQ(reported, 2);
  EXPECT_EQ(results(*rest), results(*whole));
  // The timings came back from the file too.
  EXPECT_EQ((*rest)[0].timing[0].decisions, (*whole)[0].timing[0].decisions);
}

TEST(Ladder, ALineCutShortByAKillIsDroppedAndTheNextGameGoesOnALineOfItsOwn) {
  const auto path = temp_file("ladder_cut.jsonl");
  auto f = LadderFile::open(path, config(1));
  ASSERT_TRUE(f.ok());
  auto played = run_ladder(game(), config(1));
  ASSERT_TRUE(played.ok());
  ASSERT_TRUE(f->append((*played)[0]).ok());
  const auto one_line = read(path);
  {
    std::ofstream out(path, std::ios::app);
    out << R"({"scenario":"historical","options":[],"bots":["heur)";
  }
  auto g = LadderFile::open(path, config(1));
  ASSERT_TRUE(g.ok()) << g.error().to_string();
  EXPECT_EQ(g->games().size(), 1u);
  EXPECT_EQ(read(path), one_line);
  ASSERT_TRUE(g->append((*played)[1]).ok());
  auto h = LadderFile::open(path, config(1));
  ASSERT_TRUE(h.ok()) << h.error().to_string();
  EXPECT_EQ(results(h->games()), results(*played));
}

TEST(Ladder, ABadLineIsRefusedWithTheFileTheLineAndTheReason) {
  const auto path = temp_file("ladder_bad.jsonl");
  auto played = run_ladder(game(), config(1));
  ASSERT_TRUE(played.ok());
  auto f = LadderFile::open(path, config(1));
  ASSERT_TRUE(f.ok());
  ASSERT_TRUE(f->append((*played)[0]).ok());
  const auto good = read(path);
  auto refused = [&](const std::string& line, const std::string& why) {
    {
      std::ofstream out(path, std::ios::trunc);
      out << good << line << "\n";
    }
    auto r = LadderFile::open(path, config(1));
    ASSERT_FALSE(r.ok()) << line;
    EXPECT_EQ(r.error().code, Code::kDataError);
    EXPECT_NE(r.error().message.find(path + ":2: "), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
  };
  refused("not json", "not a JSON object");
  std::string score_2 = good.substr(0, good.size() - 1);
  score_2.replace(score_2.find("\"score\":"), 9, "\"score\":2");
  refused(score_2, "\"score\" must be between 0 and 1");
  std::string no_seed = good.substr(0, good.size() - 1);
  no_seed.replace(no_seed.find("\"seed\""), 6, "\"sead\"");
  refused(no_seed, "seed");
  // Nothing was dropped from a file it refused.
  EXPECT_EQ(read(path), good + no_seed + "\n");
}

TEST(Ladder, GamesOfOtherLaddersAreIgnoredAndReversedPairingsAreTheSameGames) {
  const auto path = temp_file("ladder_other.jsonl");
  auto played = run_ladder(game(), config(1));
  ASSERT_TRUE(played.ok());
  {
    LadderConfig fog = config(1);
    fog.options = {"12.2"};
    auto f = LadderFile::open(path, fog);
    ASSERT_TRUE(f.ok());
    ASSERT_TRUE(f->append((*played)[0]).ok());  // filed as a 12.2 game
  }
  {
    auto f = LadderFile::open(path, config(1));
    ASSERT_TRUE(f.ok());
    EXPECT_TRUE(f->games().empty());
    EXPECT_EQ(f->ignored(), 1);
    for (const auto& g : *played) ASSERT_TRUE(f->append(g).ok());
  }
  // The same ladder with the bots named the other way round.
  LadderConfig reversed = config(1);
  reversed.bots = {"random", "heuristic"};
  auto r = LadderFile::open(path, reversed);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->ignored(), 1);
  ASSERT_EQ(r->games().size(), 2u);
  const auto fresh = run_ladder(game(), reversed);
  ASSERT_TRUE(fresh.ok());
  auto again = run_ladder(game(), reversed, r->games());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(results(*again), results(*fresh));
  for (const auto& g : r->games()) {
    const auto& orig = (*played)[g.side == 0 ? 1 : 0];
    EXPECT_EQ(g.side, 1 - orig.side);
    EXPECT_DOUBLE_EQ(g.score, 1 - orig.score);
    EXPECT_EQ(g.timing[0].decisions, orig.timing[1].decisions);
  }
}

TEST(Ladder, ABotAgainstItselfResumesFromItsFileToo) {
  const auto path = temp_file("ladder_self.jsonl");
  LadderConfig c = config(1);
  c.bots = {"random", "random"};
  auto f = LadderFile::open(path, c);
  ASSERT_TRUE(f.ok());
  auto played =
      run_ladder(game(), c, {}, [&](const LadderGame& g) { ASSERT_TRUE(f->append(g).ok()); });
  ASSERT_TRUE(played.ok());
  auto again = LadderFile::open(path, c);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->ignored(), 0);
  EXPECT_EQ(results(again->games()), results(*played));
}

}  // namespace
}  // namespace rz::bots
