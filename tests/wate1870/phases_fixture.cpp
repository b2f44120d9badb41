#include "phases_fixture.hpp"

#include <nlohmann/json.hpp>

#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870::testing {

std::unique_ptr<WateState> with_more_sp(const WateState& st, Side side,
                                        const std::vector<hex::Hex>& hexes, int more) {
  auto j = nlohmann::json::parse(st.serialize());
  for (hex::Hex h : hexes)
    for (auto& g : j["sps"])
      if (g[0] == h.id() && g[1] == std::string(side_name(side))) {
        g[4] = g[4].get<int>() + more;
        break;
      }
  auto r = WateState::from_json(shipped_data(), j.dump());
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().to_string());
  return r.ok() ? std::move(r).value() : nullptr;
}

FogTwin fog_twin(const WateState& st, Side viewer, int more) {
  const Side enemy = other(viewer);
  const Board board{st.data(), st.position(), st.options()};
  std::vector<hex::Hex> hidden;
  for (const auto& g : st.sps())
    if (g.side == enemy && !st.inspectable(viewer, g.hex) &&
        force_projects_zoc(board, g.hex, enemy) &&
        std::find(hidden.begin(), hidden.end(), g.hex) == hidden.end())
      hidden.push_back(g.hex);
  return {with_more_sp(st, enemy, hidden, more), static_cast<int>(hidden.size())};
}

}  // namespace rz::wate1870::testing
