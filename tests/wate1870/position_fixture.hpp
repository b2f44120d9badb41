#pragma once
// Positions built by hand on the shipped 1870 map, for the tests of the rule
// queries (ZOC, LOC, movement).
#include <gtest/gtest.h>

#include <memory>

#include "hex_id.hpp"
#include "rules/wate1870/game_data.hpp"
#include "rules/wate1870/map.hpp"
#include "rules/wate1870/position.hpp"

namespace rz::wate1870::fixture {

inline const GameData& data() {
  static const std::shared_ptr<const GameData> d = [] {
    auto r = load_game_data(default_data_dir());
    if (!r.ok()) ADD_FAILURE() << r.error().to_string();
    return std::move(r).value();
  }();
  return *d;
}

using testing::H;

// `n` SP of side `s` in hex `h`, of one formation ("test").
inline void add(Position& p, Side s, const char* h, int n, Status st = Status::kGood) {
  p.sps.push_back(SpGroup{s, H(h), "test", st, n, false, false});
  p.normalise();
}

// Nobody controls anything: only the pieces placed by the test matter.
inline Position empty_position() {
  Position p;
  p.control.assign(data().map.hexes().size(), -1);
  return p;
}

// 3.7 at the start: each side controls its own country.
inline Position home_position() {
  Position p = empty_position();
  for (const auto& i : data().map.hexes()) {
    if (i.country == Country::kFrance) p.set_controller(data().map, i.hex, Side::kFrench);
    if (i.country == Country::kGermany) p.set_controller(data().map, i.hex, Side::kGerman);
  }
  return p;
}

}  // namespace rz::wate1870::fixture
