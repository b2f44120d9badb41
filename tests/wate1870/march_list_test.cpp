// 7.1-7.2: the march's list of orders is exactly the orders check() accepts.
// The list leaves out the candidates it can tell are refused without making
// them; here every order a marching force could be given is put to check() at
// each march step of whole games, and compared with the list.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "phases_fixture.hpp"
#include "rules/wate1870/map.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {
namespace {

// Every order of 7.1-7.2 a force in `at` might be given, legal or not.
std::vector<Action> every_march_order(const Map& map, hex::Hex at) {
  std::vector<Action> all{Action("stop"), Action("entrain"), Action("detrain"), Action("exit")};
  for (auto n : hex::neighbours(at)) {
    all.push_back(Action("move").with("to", n.id()));
    all.push_back(Action("attack").with("to", n.id()));
  }
  for (int n = 1; n <= 12; ++n) all.push_back(Action("pickup").with("sp", std::to_string(n)));
  for (int e = 1; e <= 3; ++e)
    all.push_back(Action("forced-march").with("extra", std::to_string(e)));
  for (const auto& h : map.hexes()) {
    if (map.rail(h.hex)) all.push_back(Action("rail").with("to", h.hex.id()));
    if (hex::distance(at, h.hex) <= 6)
      for (int e = 1; e <= 3; ++e)
        all.push_back(
            Action("forced-march").with("to", h.hex.id()).with("extra", std::to_string(e)));
  }
  return all;
}

// Under 12.2 a step is planned on what the mover may inspect (ruling F-8): the
// list must be made on the same board as check() uses.
class Wate1870_7_1_List : public ::testing::TestWithParam<bool> {};

TEST_P(Wate1870_7_1_List, TheMarchListIsEveryOrderCheckAccepts) {
  const auto& map = testing::shipped_data()->map;
  const GameOptions options = GetParam() ? GameOptions{{{"12.2", "on"}}} : GameOptions{};
  int marches = 0, accepted = 0, refused = 0, differing = 0;
  for (std::uint64_t seed = 21; seed <= 24; ++seed)
    testing::play_heuristic_against_random(
        seed, 4000,
        [&](const WateState& ws, int step) {
          if (ws.steps().empty() || ws.steps().back().kind != StepKind::kMarch || !ws.force())
            return;
          ++marches;
          const Player p = ws.to_move().players.front();
          const auto legal = ws.legal_actions(p);
          const auto all = every_march_order(map, ws.force()->hex);
          for (const auto& a : legal)
            EXPECT_NE(std::find(all.begin(), all.end(), a), all.end())
                << a.to_string() << " is not a march order";
          for (const auto& a : all) {
            const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
            const bool ok = static_cast<bool>(ws.check(p, a));
            (ok ? accepted : refused) += 1;
            if (listed != ok && ++differing <= 5)
              ADD_FAILURE() << "seed " << seed << ", step " << step << ": " << a.to_string()
                            << " is " << (listed ? "listed" : "not listed") << " but check() "
                            << (ok ? "accepts it" : "refuses it");
          }
        },
        options);
  EXPECT_EQ(differing, 0);
  EXPECT_GT(marches, 200);
  EXPECT_GT(accepted, 1000);  // both answers are common: the comparison means something
  EXPECT_GT(refused, 10000);
}

INSTANTIATE_TEST_SUITE_P(FogOfWar, Wate1870_7_1_List, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "With12_2" : "Without12_2"; });

}  // namespace
}  // namespace rz::wate1870
