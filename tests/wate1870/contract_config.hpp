#pragma once
// What the generic contract suite may ask of 1870 beyond the contract.
#include <algorithm>
#include <set>
#include <sstream>
#include <string>

#include "rules/wate1870/state.hpp"

namespace rz::wate1870::testing {

inline std::set<std::string> comma_list(const std::string* text) {
  std::set<std::string> out;
  if (!text) return out;
  std::stringstream ss(*text);
  for (std::string item; std::getline(ss, item, ',');) out.insert(item);
  return out;
}

// 1870 lists every order it accepts but two kinds, both listing choices: the
// free set-up's placements (the next unit over a sample of hexes, ruling F-7)
// and a listed Planned Attack's variants (its hexes in another order, some of
// its subordinate HQs only, ruling C-9).
inline bool may_be_unlisted(const State& s, const Action& a) {
  const auto& ws = static_cast<const WateState&>(s);
  if (!ws.steps().empty() && ws.steps().back().kind == StepKind::kSetup) return true;
  if (a.verb != "attack" || !a.get("target") || !a.get("from")) return false;
  const auto from = comma_list(a.get("from"));
  const auto with = comma_list(a.get("with"));
  for (const auto& listed : s.legal_actions(s.to_move().players.front())) {
    if (listed.verb != "attack" || !listed.get("target") ||
        *listed.get("target") != *a.get("target"))
      continue;
    const auto all = comma_list(listed.get("with"));
    if (comma_list(listed.get("from")) == from &&
        std::includes(all.begin(), all.end(), with.begin(), with.end()))
      return true;
  }
  return false;
}

}  // namespace rz::wate1870::testing
