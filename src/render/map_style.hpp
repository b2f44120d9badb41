#pragma once
// Colours and line weights of the map picture, in one place so that the map
// and its legend cannot drift apart. Blue French / grey German follow rule 3.2.
#include <string>
#include <string_view>

#include "rules/wate1870/types.hpp"

namespace rz::render::style {

inline constexpr std::string_view kPaper = "#fbf8f0";
inline constexpr std::string_view kInk = "#1d1b18";
inline constexpr std::string_view kHalo = "#ffffff";
inline constexpr std::string_view kHexLine = "#a39d8c";
inline constexpr std::string_view kHexNumber = "#6f6a5e";
inline constexpr std::string_view kForestMark = "#5d8f47";
inline constexpr std::string_view kRoughMark = "#8a6c45";
inline constexpr std::string_view kMountainMark = "#4a3520";
inline constexpr std::string_view kNeutralHatch = "#b9b9b9";
inline constexpr std::string_view kNeutralLine = "#6b6b6b";
inline constexpr std::string_view kNeutralText = "#5e5e5e";
inline constexpr std::string_view kCountryText = "#8c8577";
inline constexpr std::string_view kRiver = "#3a78cf";
inline constexpr std::string_view kRiverText = "#1d5aa8";
inline constexpr std::string_view kBorder = "#8e1b2c";
inline constexpr std::string_view kRail = "#111111";
inline constexpr std::string_view kFortress = "#a3222b";
inline constexpr std::string_view kExit = "#b3430f";
inline constexpr std::string_view kFrenchCounter = "#2f5fb3";
inline constexpr std::string_view kGermanCounter = "#a4a4a4";
inline constexpr std::string_view kHqPennant = "#f0c419";

// Terrain colour, tinted warm for France and cool for the German states;
// neutral ground is grey whatever its terrain (it is closed to play).
inline std::string_view terrain_fill(wate1870::Terrain t, wate1870::Country c) {
  using wate1870::Terrain;
  if (wate1870::neutral(c)) return "#dcdcdc";
  const bool fr = c == wate1870::Country::kFrance;
  switch (t) {
    case Terrain::kClear: return fr ? "#f4ecd0" : "#e4e7d3";
    case Terrain::kForest: return fr ? "#b7d59b" : "#a9cda0";
    case Terrain::kRough: return fr ? "#dcc59c" : "#cfc4a2";
    case Terrain::kMountain: return fr ? "#c3a27a" : "#b5a07f";
  }
  return "#ffffff";
}

inline std::string_view side_colour(wate1870::Side s) {
  return s == wate1870::Side::kFrench ? "#2f5fb3" : "#4d4d4d";
}

inline std::string country_name(wate1870::Country c) {
  switch (c) {
    case wate1870::Country::kFrance: return "France";
    case wate1870::Country::kGermany: return "German states";
    case wate1870::Country::kLuxembourg: return "Luxembourg (neutral)";
    case wate1870::Country::kBelgium: return "Belgium (neutral)";
    case wate1870::Country::kSwitzerland: return "Switzerland (neutral)";
  }
  return "";
}

inline std::string country_label(wate1870::Country c) {
  switch (c) {
    case wate1870::Country::kFrance: return "FRANCE";
    case wate1870::Country::kGermany: return "GERMANY";
    case wate1870::Country::kLuxembourg: return "LUXEMBOURG";
    case wate1870::Country::kBelgium: return "BELGIUM";
    case wate1870::Country::kSwitzerland: return "SWITZERLAND";
  }
  return "";
}

// Stroke width (at 48-pixel hexes): the Rhine is the great barrier.
inline double river_width(std::string_view name) {
  if (name.find("Rhine") != std::string_view::npos || name.find("Rhein") != std::string_view::npos) return 7.5;
  if (name == "Moselle" || name == "Meuse" || name == "Marne" || name == "Seine" || name == "Main") return 3.4;
  return 2.6;
}

}  // namespace rz::render::style
