#include "rules/wate1870/types.hpp"

#include <array>
#include <utility>

namespace rz::wate1870 {

namespace {
template <class E, std::size_t N>
std::optional<E> lookup(const std::array<std::pair<std::string_view, E>, N>& table, std::string_view text) {
  for (const auto& [name, value] : table)
    if (name == text) return value;
  return std::nullopt;
}
}  // namespace

std::string_view side_name(Side s) { return s == Side::kFrench ? "French" : "German"; }
std::optional<Side> parse_side(std::string_view t) {
  static constexpr std::array<std::pair<std::string_view, Side>, 6> k{
      {{"French", Side::kFrench}, {"french", Side::kFrench}, {"F", Side::kFrench},
       {"German", Side::kGerman}, {"german", Side::kGerman}, {"G", Side::kGerman}}};
  return lookup(k, t);
}

std::string_view terrain_name(Terrain t) {
  switch (t) {
    case Terrain::kClear: return "clear";
    case Terrain::kForest: return "forest";
    case Terrain::kRough: return "rough";
    case Terrain::kMountain: return "mountain";
  }
  return "clear";
}
std::optional<Terrain> parse_terrain(std::string_view t) {
  static constexpr std::array<std::pair<std::string_view, Terrain>, 4> k{
      {{"clear", Terrain::kClear}, {"forest", Terrain::kForest}, {"rough", Terrain::kRough},
       {"mountain", Terrain::kMountain}}};
  return lookup(k, t);
}

std::string_view country_code(Country c) {
  switch (c) {
    case Country::kFrance: return "F";
    case Country::kGermany: return "G";
    case Country::kLuxembourg: return "L";
    case Country::kBelgium: return "B";
    case Country::kSwitzerland: return "S";
  }
  return "F";
}
std::optional<Country> parse_country(std::string_view t) {
  static constexpr std::array<std::pair<std::string_view, Country>, 5> k{
      {{"F", Country::kFrance}, {"G", Country::kGermany}, {"L", Country::kLuxembourg},
       {"B", Country::kBelgium}, {"S", Country::kSwitzerland}}};
  return lookup(k, t);
}

std::string_view status_name(Status s) {
  switch (s) {
    case Status::kGood: return "good";
    case Status::kDisrupted: return "disrupted";
    case Status::kDemoralized: return "demoralized";
  }
  return "good";
}
std::optional<Status> parse_status(std::string_view t) {
  static constexpr std::array<std::pair<std::string_view, Status>, 3> k{
      {{"good", Status::kGood}, {"disrupted", Status::kDisrupted}, {"demoralized", Status::kDemoralized}}};
  return lookup(k, t);
}

std::string_view rank_name(Rank r) {
  switch (r) {
    case Rank::kDivision: return "division";
    case Rank::kCorps: return "corps";
    case Rank::kArmy: return "army";
  }
  return "division";
}
std::optional<Rank> parse_rank(std::string_view t) {
  static constexpr std::array<std::pair<std::string_view, Rank>, 3> k{
      {{"division", Rank::kDivision}, {"corps", Rank::kCorps}, {"army", Rank::kArmy}}};
  return lookup(k, t);
}

std::string_view phase_name(Phase p) {
  switch (p) {
    case Phase::kSetup: return "setup";
    case Phase::kAdministrative: return "administrative";
    case Phase::kAction: return "action";
    case Phase::kSiege: return "siege";
    case Phase::kRecovery: return "recovery";
  }
  return "setup";
}
std::optional<Phase> parse_phase(std::string_view t) {
  static constexpr std::array<std::pair<std::string_view, Phase>, 5> k{
      {{"setup", Phase::kSetup}, {"administrative", Phase::kAdministrative}, {"action", Phase::kAction},
       {"siege", Phase::kSiege}, {"recovery", Phase::kRecovery}}};
  return lookup(k, t);
}

std::string steps_text(int n) { return std::to_string(n) + (n == 1 ? " step" : " steps"); }

}  // namespace rz::wate1870
