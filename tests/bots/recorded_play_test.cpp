// The bots play as recorded: a few games of each kind, with how they ended and
// how many actions they took, as the bots played them at commit b94d7ae; the
// games with a random or search bot again after rulings RA-1 and RA-2 (session
// 21: no rally of a force all in good order or on the train), which they took;
// random against random with seed 4 again after ruling MA-14 (session 28: an
// HQ that marched alone and was taken off the map by the fire leaves no force
// to march on; in that game it had marched on with 3 MP on turn 16); and with
// seed 3 again after ruling C-11 (session 33: the HQs of a Planned Attack may
// advance with its SP, an order the random bot now and then picks); and all
// of the games of seed 103 and of the random and search bots again after
// ruling C-12 (session 35: every attacking hex of a Planned Attack attacks
// with SP: the heuristic of seed 103 had attacked "from 2507,2607" with none in
// 2607); and the random and search games once more after ruling A-1 (session
// 35: an HQ's detach and march may name which SP go by status, orders these
// bots are offered; the heuristic's games stay the same); and the rows marked
// session 36 again after that session's fixes, each named in its comment (C-9:
// each set of a Planned Attack's hexes listed in the first order the command
// limit accepts; 7.1.1 cost: a March Combat pays a move's cost of entering;
// 8.6 retreat: a force retreats once, with its own HQs, and only SP that
// crossed a river absorb its loss; 8.7: a March Combat winner without a LOC
// does not enter, and every hex of a Planned Attack may advance).
//
// Most speed work (docs/performance.md) is meant to leave every game the same,
// action for action; this is the check that it does. A change meant to alter
// the play (a better heuristic, another search) updates the table, and its
// commit says so. The figures come from
//   reisswitz simulate 1870 --games 1 --seed S --bots F,G [--option 12.2] --json out.json
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "../shipped_game.hpp"
#include "bots/simulate.hpp"

namespace rz::bots {
namespace {

using test_support::game;

struct Recorded {
  const char* french;
  const char* german;
  std::uint64_t seed;
  bool fog;    // optional rule 12.2
  int winner;  // 0 French, 1 German, -1 a draw
  const char* kind;
  int turns;
  int vp;
  long actions;
};

constexpr Recorded kRecorded[] = {
    {"heuristic", "heuristic", 100, false, 0, "vp-marker", 13, 22, 3730},  // 8.7, session 36
    {"heuristic", "heuristic", 101, false, 0, "points", 20, 16, 7271},     // 8.7, session 36
    {"heuristic", "heuristic", 102, false, 0, "vp-marker", 15, 20, 4776},
    {"heuristic", "heuristic", 103, false, 0, "vp-marker", 15, 20, 4668},  // 7.1.1 cost, session 36
    {"random", "random", 3, false, 0, "vp-marker", 4, 20, 1626},        // 8.6 retreat, session 36
    {"random", "random", 4, false, 0, "vp-marker", 2, 21, 827},         // 8.6 retreat, session 36
    {"heuristic", "heuristic", 50, true, 1, "vp-marker", 9, 0, 2814},   // 8.6 retreat, session 36
    {"search:10", "heuristic", 7, false, 0, "vp-marker", 5, 20, 1955},  // C-9, session 36
    {"heuristic", "search:10", 7, false, 0, "vp-marker", 7, 20, 2423},  // 7.1.1 cost, session 36
};

TEST(RecordedPlay, TheBotsPlayTheRecordedGames) {
  for (const auto& r : kRecorded) {
    SimulationConfig cfg;
    cfg.french_bot = r.french;
    cfg.german_bot = r.german;
    cfg.games = 1;
    cfg.seed = r.seed;
    cfg.threads = 1;
    if (r.fog) cfg.options.values["12.2"] = "on";
    const auto games = simulate_1870(game(), cfg);
    ASSERT_TRUE(games.ok()) << games.error().to_string();
    ASSERT_EQ(games->size(), 1u);
    const GameOutcome& g = games->front();
    const std::string what = std::string(r.french) + " against " + r.german + ", seed " +
                             std::to_string(r.seed) + (r.fog ? " under 12.2" : "");
    EXPECT_TRUE(g.finished) << what;
    EXPECT_EQ(g.actions, r.actions) << what;
    EXPECT_EQ(g.winner, r.winner) << what;
    EXPECT_EQ(g.kind, r.kind) << what;
    EXPECT_EQ(g.turns, r.turns) << what;
    EXPECT_EQ(g.vp, r.vp) << what;
  }
}

}  // namespace
}  // namespace rz::bots
