#pragma once
// Small Action Phase situations for the march and fog-of-war tests: turn 3 on
// the shipped map, the pieces written as scenario YAML. The block 0501-0804 is
// clear French ground without rivers, towns or rail.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "combat_fixture.hpp"
#include "rules/wate1870/scenario.hpp"
#include "rules/wate1870/state.hpp"
#include "with_sources.hpp"

namespace rz::wate1870::testing {

// The scenario's text, every entry with its source, as the scenario loader wants.
inline std::string scenario_text(const std::string& body, Side first, int french_rp = 5) {
  return with_sources(
      std::string(
          "name: action phase test\nsource: \"reconstructed: test\"\nturn: 3\nphase: action\n") +
      "rp: {French: " + std::to_string(french_rp) +
      ", German: 5, source: \"reconstructed: test\"}\n" + "first_activation: {side: " +
      std::string(side_name(first)) + ", source: \"reconstructed: test\"}\n" + body);
}

// The state of that scenario; `first` activates first.
inline std::unique_ptr<WateState> action_phase(const std::string& body, Side first,
                                               GameOptions options = {}, int french_rp = 5) {
  auto data = shared_data();
  auto sc = Scenario::parse(scenario_text(body, first, french_rp), "action-phase-test.yaml",
                            data->map, data->forces);
  if (!sc.ok()) {
    ADD_FAILURE() << sc.error().to_string();
    return nullptr;
  }
  auto st = WateState::from_scenario(data, *sc, std::move(options), 1);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().to_string());
  return std::move(st).value();
}

}  // namespace rz::wate1870::testing
