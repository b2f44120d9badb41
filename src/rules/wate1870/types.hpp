#pragma once
// Small value types of "1870: The War Against the Empire" shared by the data
// loaders, the rules, the renderer and the bots.
#include <optional>
#include <string>
#include <string_view>

namespace rz::wate1870 {

// Player numbers: French 0, German 1.
enum class Side { kFrench = 0, kGerman = 1 };
inline constexpr int kSides = 2;
inline int index(Side s) { return static_cast<int>(s); }
inline Side other(Side s) { return s == Side::kFrench ? Side::kGerman : Side::kFrench; }
std::string_view side_name(Side s);                       // "French", "German"
std::optional<Side> parse_side(std::string_view text);    // "French"/"F"/"german"/"G"

// Terrain of a hex (Terrain Effects Chart; towns and fortresses are features).
enum class Terrain { kClear, kForest, kRough, kMountain };
std::string_view terrain_name(Terrain t);  // "clear", "forest", "rough", "mountain"
std::optional<Terrain> parse_terrain(std::string_view text);

// 1870 sovereignty; Luxembourg, Belgium and Switzerland are neutral and closed.
enum class Country { kFrance, kGermany, kLuxembourg, kBelgium, kSwitzerland };
std::string_view country_code(Country c);  // "F", "G", "L", "B", "S"
std::optional<Country> parse_country(std::string_view code);
inline bool neutral(Country c) { return c != Country::kFrance && c != Country::kGermany; }

// 3.5: the three levels of status, best first.
enum class Status { kGood = 0, kDisrupted = 1, kDemoralized = 2 };
std::string_view status_name(Status s);  // "good", "disrupted", "demoralized"
// 8.5: "1 step", "3 steps" (a loss in status steps, as the events count it).
std::string steps_text(int n);
std::optional<Status> parse_status(std::string_view text);

// 3.6: HQ ranks, lowest first.
enum class Rank { kDivision = 2, kCorps = 3, kArmy = 4 };
std::string_view rank_name(Rank r);  // "division", "corps", "army"
std::optional<Rank> parse_rank(std::string_view text);

// 5.0: the phases of a game turn (plus the set-up before turn 1).
enum class Phase { kSetup, kAdministrative, kAction, kSiege, kRecovery };
std::string_view phase_name(Phase p);  // "setup", "administrative", "action", "siege", "recovery"
std::optional<Phase> parse_phase(std::string_view text);

}  // namespace rz::wate1870
