#include "phases_fixture.hpp"

#include <nlohmann/json.hpp>

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

}  // namespace rz::wate1870::testing
