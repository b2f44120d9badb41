#pragma once
// A scenario file places any forces anywhere with any status and sets RP, VP,
// turn and phase, so any situation of the rulebook or of a bug report can be
// set up in a few lines (data/wate1870/scenarios/*.yaml).
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "hex/hex.hpp"
#include "rules/wate1870/forces.hpp"
#include "rules/wate1870/map.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

// Where a set-up rule allows a unit to be placed (13.1, 13.2, 14.0).
struct SetupArea {
  std::optional<hex::Hex> centre;      // "within N hexes of"
  int within = 0;                      // 0 = the centre hex itself, 1 = in or adjacent
  std::optional<Country> country;      // must be inside this country
  std::optional<std::string> east_of;  // a river name: on its east bank (13.1 "east of the Moselle")
  std::string rule;                    // the rule that sets the area, e.g. "13.2"
};

struct SpPlacement {
  Side side = Side::kFrench;
  hex::Hex hex;
  int sp = 1;
  Status status = Status::kGood;
  std::string formation;  // id of the HQ the SP belong to, or empty
  bool entrained = false;
  std::optional<SetupArea> area;  // set-up constraint, if any (hex must satisfy it)
  int line = 0;
};

struct HqPlacement {
  std::string hq;  // an id in forces.yaml
  hex::Hex hex;
  bool replacement = false;  // showing its replacement side
  std::optional<SetupArea> area;
  int line = 0;
};

struct ControlOverride {
  hex::Hex hex;
  Side side = Side::kFrench;
  int line = 0;
};

struct Scenario {
  std::string name;
  std::string source;
  std::string file;
  int turn = 1;
  int last_turn = 20;
  Phase phase = Phase::kAdministrative;
  int vp = 11;
  int rp[kSides] = {0, 0};
  std::optional<Side> first_activation;  // 13.3: the French take the first activation
  bool free_setup = false;               // 14.0
  std::vector<HqPlacement> hqs;
  std::vector<SpPlacement> sps;
  std::vector<std::string> force_pool[kSides];  // HQ ids not on the map at the start
  std::vector<ControlOverride> control;         // hexes controlled against the default (own country)
  std::vector<hex::Hex> destroyed_fortresses;

  static Result<Scenario> load(const std::string& path, const Map& map, const Forces& forces);
  static Result<Scenario> parse(const std::string& text, const std::string& file_name, const Map& map,
                                const Forces& forces);
};

// True if `h` satisfies `area` on `map`.
bool in_area(const Map& map, const SetupArea& area, hex::Hex h);

}  // namespace rz::wate1870
