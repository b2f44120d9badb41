// The generic contract suite on 1870, with and without Fog of War (12.2).
#include <gtest/gtest.h>

#include <iostream>

#include "../contract/contract_suite.hpp"
#include "../shipped_game.hpp"
#include "contract_config.hpp"
#include "mixed_play.hpp"
#include "picture_check.hpp"
#include "rules/wate1870/game.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

using test_support::game;

// What a player may not see under 12.2: ids of enemy HQs and formations whose
// every stack is out of inspection range (quoted, as they appear in JSON).
std::vector<std::string> hidden_ids(const State& s, Player p) {
  const auto& st = static_cast<const WateState&>(s);
  const Side me = static_cast<Side>(p);
  std::set<std::string> seen, unseen;
  for (const auto& g : st.sps())
    if (g.side != me) (st.inspectable(me, g.hex) ? seen : unseen).insert("\"" + g.formation + "\"");
  // HQs off the map (force pools, casualties, exits by rail) are public record
  // (the order of battle, 8.5.1, GAP-W-29): only HQs on the map can be hidden.
  for (const auto& h : st.hqs())
    if (h.side != me && h.hex) (st.inspectable(me, *h.hex) ? seen : unseen).insert("\"" + h.id + "\"");
  std::vector<std::string> out;
  for (const auto& id : unseen)
    if (!seen.count(id) && id != "\"\"") out.push_back(id);
  return out;
}

// Random games of the historical set-up, in shards so that ctest runs them on
// every core. CI plays a few; scripts/soak plays 1,000 or more with the same
// checks (REISSWITZ_CONTRACT_GAMES, _DEEP_EVERY and _SEED).
constexpr int kShards = 8;

class Wate1870_ContractShard : public ::testing::TestWithParam<int> {};

TEST_P(Wate1870_ContractShard, RandomGamesOfTheHistoricalSetupKeepEveryPromise) {
  contract::SuiteConfig cfg;
  cfg.game = &game();
  cfg.may_be_unlisted = testing::may_be_unlisted;
  cfg.scenario = "historical";
  cfg.games = contract::scaled(contract::env_int("REISSWITZ_CONTRACT_GAMES", 8));
  cfg.deep_check_every = contract::env_int("REISSWITZ_CONTRACT_DEEP_EVERY", 4);
  cfg.seed = static_cast<std::uint64_t>(contract::env_int("REISSWITZ_CONTRACT_SEED", 1870));
  cfg.first_game = GetParam();
  cfg.game_stride = kShards;
  const int mine = cfg.games > cfg.first_game ? (cfg.games - cfg.first_game + kShards - 1) / kShards : 0;
  if (mine == 0) GTEST_SKIP() << "no game for this shard at this scale";
  const auto r = contract::run_contract_suite(cfg);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front();
  EXPECT_EQ(r.games_finished, mine);
  std::cout << "[contract] shard " << GetParam() << ": " << r.games_finished << " games, " << r.steps
            << " steps, no broken promise\n";
}

INSTANTIATE_TEST_SUITE_P(Historical, Wate1870_ContractShard, ::testing::Range(0, kShards));

TEST(Wate1870_12_2, FogOfWarViewsNeverHoldUninspectableForces) {
  contract::SuiteConfig cfg;
  cfg.game = &game();
  cfg.may_be_unlisted = testing::may_be_unlisted;
  cfg.scenario = "historical";
  cfg.options.values["12.2"] = "on";
  cfg.games = contract::scaled(3);
  cfg.deep_check_every = 5;
  cfg.seed = 12;
  cfg.secrets_of = hidden_ids;
  const auto r = contract::run_contract_suite(cfg);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front();
  // The probe must have had something to find, or this test proves nothing.
  auto st = game().initial_state("historical", cfg.options, 1);
  ASSERT_TRUE(st.ok());
  EXPECT_FALSE(hidden_ids(**st, index(Side::kFrench)).empty());
  EXPECT_FALSE(hidden_ids(**st, index(Side::kGerman)).empty());
}

TEST(Wate1870_Contract, FreeSetupScenarioAlsoKeepsEveryPromise) {
  contract::SuiteConfig cfg;
  cfg.game = &game();
  cfg.may_be_unlisted = testing::may_be_unlisted;
  cfg.scenario = "free";
  cfg.games = contract::scaled(2);
  cfg.deep_check_every = 5;
  const auto r = contract::run_contract_suite(cfg);
  EXPECT_TRUE(r.violations.empty()) << r.violations.front();
}

// Games the heuristic bot plays on both sides, one move in ten at random: they
// reach what random games do not (sieges, late turns, attacks at good odds).
// CI plays one of each set-up; scripts/soak many (REISSWITZ_MIXED_GAMES, _SEED).
TEST(Wate1870_Contract, HeuristicGamesWithRandomMovesKeepEveryPromise) {
  for (const char* scenario : {"historical", "free"}) {
    contract::SuiteConfig cfg;
    cfg.game = &game();
    cfg.may_be_unlisted = testing::may_be_unlisted;
    cfg.scenario = scenario;
    cfg.games = contract::scaled(contract::env_int("REISSWITZ_MIXED_GAMES", 1));
    cfg.deep_check_every = 4;
    cfg.seed = static_cast<std::uint64_t>(contract::env_int("REISSWITZ_MIXED_SEED", 1871));
    cfg.make_chooser = testing::heuristic_with_random_moves;
    cfg.check_state = testing::pictures_are_views;
    const auto r = contract::run_contract_suite(cfg);
    EXPECT_TRUE(r.violations.empty()) << scenario << ": " << r.violations.front();
    EXPECT_EQ(r.games_finished, cfg.games) << scenario;
    std::cout << "[mixed] " << scenario << ": " << r.games_finished << " games, " << r.steps
              << " steps, no broken promise\n";
  }
}

}  // namespace
}  // namespace rz::wate1870
