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

// A detach or an HQ's march that names its statuses (ruling A-1) otherwise
// than the list writes them: the best first with disrupted=0, a zero written
// out ("sp=2 disrupted=0 demoralized=1"). The same mix in the list's own form
// is listed.
inline bool names_a_listed_mix(const WateState& ws, const Action& a) {
  if ((a.verb != "detach" && a.verb != "march") || (!a.get("disrupted") && !a.get("demoralized")) ||
      ws.frames().empty())
    return false;
  const HqUnit* q = ws.position().hq(ws.frames().back().hq);
  const auto h =
      a.verb == "detach" ? (a.get("hex") ? hex::parse_hex(*a.get("hex")) : std::nullopt) : q->hex;
  if (!h) return false;
  const auto available = ws.available_by_status(q->side, *h);
  const auto mix = WateState::sp_mix(a, available);
  if (!mix) return false;
  Action base(a.verb);
  if (a.verb == "detach") base.with("hex", h->id());
  const Action listed = WateState::sp_order(base, available, *mix);
  const auto legal = ws.legal_actions(ws.to_move().players.front());
  return std::find(legal.begin(), legal.end(), listed) != legal.end();
}

// 1870 lists every order it accepts but three kinds, all listing choices: the
// free set-up's placements (the next unit over a sample of hexes, ruling F-7),
// a listed Planned Attack's variants (its hexes in another order, some of its
// subordinate HQs only, ruling C-9), and a mix of statuses written otherwise
// (ruling A-1).
inline bool may_be_unlisted(const State& s, const Action& a) {
  const auto& ws = static_cast<const WateState&>(s);
  if (!ws.steps().empty() && ws.steps().back().kind == StepKind::kSetup) return true;
  if (names_a_listed_mix(ws, a)) return true;
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
