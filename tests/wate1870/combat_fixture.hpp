#pragma once
// A hand-built Position on the real 1870 map, for the pure rule queries of
// command (3.6) and combat (8.0).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "hex_id.hpp"
#include "rules/wate1870/board.hpp"
#include "rules/wate1870/game_data.hpp"

namespace rz::wate1870::testing {

inline std::shared_ptr<const GameData> shared_data() {
  static const std::shared_ptr<const GameData> d = [] {
    auto r = load_game_data(default_data_dir());
    if (!r.ok()) ADD_FAILURE() << r.error().message;
    return r.ok() ? r.value() : std::make_shared<const GameData>();
  }();
  return d;
}

class BoardTest : public ::testing::Test {
 protected:
  BoardTest() : data_(shared_data()) { pos_.control.assign(data_->map.hexes().size(), -1); }

  Board board() const { return Board{*data_, pos_, options_}; }
  void add_sp(Side s, const char* hex, int n, Status st = Status::kGood,
              const std::string& formation = "") {
    pos_.sps.push_back(SpGroup{s, H(hex), formation, st, n});
    pos_.normalise();
  }
  // An HQ unit placed in the position; the pointer stays valid until the next add_hq.
  const HqUnit* add_hq(const std::string& id, Side s, const char* hex, bool flipped = false) {
    pos_.hqs.push_back(HqUnit{id, s, H(hex), flipped});
    pos_.normalise();
    return pos_.hq(id);
  }
  std::vector<const HqUnit*> hqs(std::initializer_list<const char*> ids) const {
    std::vector<const HqUnit*> out;
    for (const char* id : ids) out.push_back(pos_.hq(id));
    return out;
  }

  std::shared_ptr<const GameData> data_;
  Position pos_;
  GameOptions options_;
};

}  // namespace rz::wate1870::testing
