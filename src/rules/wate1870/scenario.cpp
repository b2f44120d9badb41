// Loader of data/wate1870/scenarios/*.yaml (rules 13.0-14.0), checked against
// the map and the HQ counters so that a bad placement is a data error with its
// file and line, never a broken game.
#include "rules/wate1870/scenario.hpp"

#include <deque>
#include <map>
#include <set>

#include "data/yaml_file.hpp"

namespace rz::wate1870 {

using data::Doc;
using data::fail;

bool in_area(const Map& map, const SetupArea& area, hex::Hex h) {
  const HexInfo* info = map.find(h);
  if (!info) return false;
  if (area.country && info->country != *area.country) return false;
  if (!area.centre) return !area.east_of;  // a bank needs a reference hex
  if (hex::distance(*area.centre, h) > area.within) return false;
  if (!area.east_of) return true;
  // 13.1 "east of the Moselle": reachable from the centre (itself on the east
  // bank, geography §2.1) within `within` steps without crossing that river.
  std::set<hex::Hexside> sides;
  for (const auto& r : map.rivers())
    if (r.name == *area.east_of) sides.insert(r.hexsides.begin(), r.hexsides.end());
  if (sides.empty()) return false;
  std::map<hex::Hex, int> seen{{*area.centre, 0}};
  std::deque<hex::Hex> todo{*area.centre};
  while (!todo.empty()) {
    const hex::Hex cur = todo.front();
    todo.pop_front();
    if (cur == h) return true;
    if (seen[cur] == area.within) continue;
    for (const hex::Hex n : hex::neighbours(cur)) {
      if (!map.on_map(n) || seen.count(n) || sides.count(hex::Hexside::of(cur, n))) continue;
      seen[n] = seen[cur] + 1;
      todo.push_back(n);
    }
  }
  return false;
}

namespace {

// 11.0: VP 0 and 20 end the game at once, so a scenario starts between them.
constexpr long kVpMin = 1, kVpMax = 19;
constexpr long kRpCap = 99;  // 6.1

struct Reader {
  const Doc& doc;
  const Map& map;
  const Forces& forces;
  Scenario& s;

  // A number written either bare or as {value: N, source: "..."}.
  std::optional<long> valued(const YAML::Node& root, const char* key, long min, long max) {
    const YAML::Node n = root[key];
    if (!n.IsDefined() || n.IsNull()) return std::nullopt;
    if (!n.IsMap()) return data::get_int(doc, root, key, min, max);
    data::allow_keys(doc, n, {"value", "source"});
    data::require_source(doc, n);
    return data::as_int(doc, data::field(doc, n, "value"), std::string("'") + key + "'", min, max);
  }

  Side side_of(const YAML::Node& map_node, const char* key) {
    const YAML::Node n = data::field(doc, map_node, key);
    const auto side = parse_side(data::as_string(doc, n, std::string("'") + key + "'"));
    if (!side) fail(doc, n, "unknown side '" + n.Scalar() + "' (expected French or German)");
    return *side;
  }

  hex::Hex hex_of(const YAML::Node& rec, const char* key) {
    const YAML::Node n = data::field(doc, rec, key);
    const std::string id = data::as_string(doc, n, std::string("'") + key + "'");
    const auto h = hex::parse_hex(id);
    if (!h) fail(doc, n, "'" + id + "' is not a hex number (four digits XXYY)");
    if (!map.on_map(*h)) fail(doc, n, "hex " + id + " is not on the map");
    if (!map.passable(*h)) fail(doc, n, "hex " + id + " is neutral territory and closed to both sides");
    return *h;
  }

  const HqDef& hq_of(const YAML::Node& n, const std::string& id) {
    const HqDef* hq = forces.find(id);
    if (!hq) fail(doc, n, "no HQ '" + id + "' in forces.yaml");
    return *hq;
  }

  std::optional<SetupArea> area_of(const YAML::Node& rec) {
    const YAML::Node n = rec["area"];
    if (!n.IsDefined() || n.IsNull()) return std::nullopt;
    data::require_map(doc, n, "'area'");
    data::allow_keys(doc, n, {"within", "of", "country", "east_of", "rule"});
    SetupArea a;
    a.rule = data::get_string(doc, n, "rule");
    if (auto of = data::opt_string(doc, n, "of")) {
      // A hex number, or a place name from the map ("Freiburg").
      if (auto h = hex::parse_hex(*of)) {
        if (!map.on_map(*h)) fail(doc, n["of"], "area centre " + *of + " is not on the map");
        a.centre = *h;
      } else if (const HexInfo* p = map.by_name(*of)) {
        a.centre = p->hex;
      } else {
        fail(doc, n["of"], "area centre '" + *of + "' is neither a hex number nor a place on the map");
      }
      a.within = static_cast<int>(data::opt_int(doc, n, "within", 0, 30).value_or(0));
    } else if (n["within"].IsDefined()) {
      fail(doc, n["within"], "'within' needs 'of' (the hex it counts from)");
    }
    if (auto c = data::opt_string(doc, n, "country")) {
      a.country = parse_country(*c);
      if (!a.country) fail(doc, n["country"], "unknown country '" + *c + "' (expected F, G, L, B or S)");
    }
    if (auto r = data::opt_string(doc, n, "east_of")) {
      if (!a.centre) fail(doc, n["east_of"], "'east_of' needs 'of' (a hex on that bank)");
      bool known = false;
      for (const auto& river : map.rivers()) known = known || river.name == *r;
      if (!known) fail(doc, n["east_of"], "no river '" + *r + "' on the map");
      a.east_of = *r;
    }
    return a;
  }

  void check_area(const YAML::Node& rec, const std::optional<SetupArea>& a, hex::Hex h) {
    if (a && !in_area(map, *a, h))
      fail(doc, rec["hex"], "hex " + h.id() + " is outside its set-up area (rule " + a->rule + ")");
    if (s.free_setup && !a)
      fail(doc, rec, "a free set-up placement needs an 'area' saying where it may be placed (rule 14.0)");
  }

  void read_header() {
    const YAML::Node& root = doc.root;
    data::allow_keys(doc, root, {"name", "source", "turn", "last_turn", "phase", "vp", "rp", "first_activation",
                                 "free_setup", "force_pool", "hqs", "sps", "control", "destroyed_fortresses"});
    s.name = data::get_string(doc, root, "name");
    s.source = data::require_source(doc, root);
    s.last_turn = static_cast<int>(valued(root, "last_turn", 1, 200).value_or(s.last_turn));
    s.turn = static_cast<int>(valued(root, "turn", 1, 200).value_or(1));
    if (s.turn > s.last_turn)
      fail(doc, root["turn"], "turn " + std::to_string(s.turn) + " is after the last turn " + std::to_string(s.last_turn));
    if (auto p = data::opt_string(doc, root, "phase")) {
      const auto ph = parse_phase(*p);
      if (!ph) fail(doc, root["phase"], "unknown phase '" + *p + "' (expected setup, administrative, action, siege, recovery; rule 5.0)");
      s.phase = *ph;
    }
    s.vp = static_cast<int>(valued(root, "vp", kVpMin, kVpMax).value_or(s.vp));
    if (const YAML::Node rp = root["rp"]; rp.IsDefined()) {
      data::require_map(doc, rp, "'rp'");
      data::allow_keys(doc, rp, {"French", "German", "source"});
      data::require_source(doc, rp);
      s.rp[0] = static_cast<int>(data::get_int(doc, rp, "French", 0, kRpCap));
      s.rp[1] = static_cast<int>(data::get_int(doc, rp, "German", 0, kRpCap));
    }
    if (const YAML::Node fa = root["first_activation"]; fa.IsDefined()) {
      data::require_map(doc, fa, "'first_activation'");
      data::allow_keys(doc, fa, {"side", "source"});
      data::require_source(doc, fa);
      s.first_activation = side_of(fa, "side");
    }
    if (const YAML::Node fs = root["free_setup"]; fs.IsDefined()) {
      if (fs.IsMap()) {
        data::allow_keys(doc, fs, {"value", "source"});
        data::require_source(doc, fs);
        s.free_setup = data::get_bool(doc, fs, "value");
      } else {
        s.free_setup = data::get_bool(doc, root, "free_setup");
      }
    }
  }

  void read_pool(std::set<std::string>& placed_or_pooled) {
    const YAML::Node fp = doc.root["force_pool"];
    if (!fp.IsDefined()) return;
    data::require_map(doc, fp, "'force_pool'");
    data::allow_keys(doc, fp, {"French", "German", "source"});
    data::require_source(doc, fp);
    for (Side side : {Side::kFrench, Side::kGerman}) {
      const YAML::Node list = fp[std::string(side_name(side))];
      if (!list.IsDefined() || list.IsNull()) continue;
      data::require_seq(doc, list, "a force pool");
      for (const auto& n : list) {
        const std::string id = data::as_string(doc, n, "a force-pool HQ");
        const HqDef& hq = hq_of(n, id);
        if (hq.side != side)
          fail(doc, n, "HQ " + id + " is " + std::string(side_name(hq.side)) + " but listed in the " +
                           std::string(side_name(side)) + " force pool");
        if (!placed_or_pooled.insert(id).second) fail(doc, n, "HQ " + id + " is in the force pool twice");
        s.force_pool[index(side)].push_back(id);
      }
    }
  }

  void read_hqs(std::set<std::string>& placed_or_pooled) {
    const YAML::Node list = doc.root["hqs"];
    if (!list.IsDefined() || list.IsNull()) return;
    data::require_seq(doc, list, "'hqs'");
    for (const auto& n : list) {
      data::require_map(doc, n, "an HQ placement");
      data::allow_keys(doc, n, {"hq", "side", "hex", "replacement", "area", "source"});
      HqPlacement p;
      p.line = data::line_of(n);
      p.hq = data::get_string(doc, n, "hq");
      const HqDef& hq = hq_of(n["hq"], p.hq);
      if (n["side"].IsDefined() && side_of(n, "side") != hq.side)
        fail(doc, n["side"], "HQ " + p.hq + " is " + std::string(side_name(hq.side)));
      if (!placed_or_pooled.insert(p.hq).second)
        fail(doc, n["hq"], "HQ " + p.hq + " is already placed or in a force pool; a counter can be in one place only");
      p.hex = hex_of(n, "hex");
      p.replacement = data::opt_bool(doc, n, "replacement").value_or(false);
      p.area = area_of(n);
      check_area(n, p.area, p.hex);
      data::require_source(doc, n);
      s.hqs.push_back(std::move(p));
    }
  }

  void read_sps() {
    const YAML::Node list = doc.root["sps"];
    if (!list.IsDefined() || list.IsNull()) return;
    data::require_seq(doc, list, "'sps'");
    for (const auto& n : list) {
      data::require_map(doc, n, "an SP placement");
      data::allow_keys(doc, n, {"side", "sp", "formation", "hex", "status", "entrained", "area", "source"});
      SpPlacement p;
      p.line = data::line_of(n);
      p.side = side_of(n, "side");
      p.sp = static_cast<int>(data::get_int(doc, n, "sp", 1, 99));
      p.hex = hex_of(n, "hex");
      if (auto f = data::opt_string(doc, n, "formation")) {
        const HqDef& hq = hq_of(n["formation"], *f);
        if (hq.side != p.side)
          fail(doc, n["formation"], "formation " + *f + " is " + std::string(side_name(hq.side)) + " but these SP are " +
                                        std::string(side_name(p.side)));
        p.formation = *f;
      }
      if (auto st = data::opt_string(doc, n, "status")) {
        const auto v = parse_status(*st);
        if (!v) fail(doc, n["status"], "unknown status '" + *st + "' (expected good, disrupted, demoralized; rule 3.5)");
        p.status = *v;
      }
      p.entrained = data::opt_bool(doc, n, "entrained").value_or(false);
      if (p.entrained && !map.rail(p.hex))
        fail(doc, n["entrained"], "entrained SP must be on a rail hex; " + p.hex.id() + " has no railway (rule 7.1.3)");
      if (p.entrained && p.side == Side::kGerman && map.find(p.hex)->country != Country::kGermany)
        fail(doc, n["entrained"], "German SP may use rail only inside Germany (rule 7.1.3)");
      p.area = area_of(n);
      check_area(n, p.area, p.hex);
      data::require_source(doc, n);
      s.sps.push_back(std::move(p));
    }
    // Opposing SP share a hex only in a fortress under siege (9.0, GAP-W-21).
    std::map<hex::Hex, int> sides_in;
    for (const auto& p : s.sps) sides_in[p.hex] |= 1 << index(p.side);
    for (const auto& p : s.sps)
      if (sides_in[p.hex] == 3 && map.find(p.hex)->fortress_sr == 0)
        fail_line_(p.line, "French and German SP share hex " + p.hex.id() + ", which is not a fortress (rule 9.0)");
  }

  [[noreturn]] void fail_line_(int line, const std::string& why) { data::fail_line(doc, line, why); }

  void read_control() {
    const YAML::Node list = doc.root["control"];
    if (!list.IsDefined() || list.IsNull()) return;
    data::require_seq(doc, list, "'control'");
    std::set<hex::Hex> seen;
    for (const auto& n : list) {
      data::require_map(doc, n, "a control entry");
      data::allow_keys(doc, n, {"hex", "side", "source"});
      ControlOverride c;
      c.line = data::line_of(n);
      c.hex = hex_of(n, "hex");
      c.side = side_of(n, "side");
      const Country home = c.side == Side::kFrench ? Country::kFrance : Country::kGermany;
      if (map.find(c.hex)->country == home)
        fail(doc, n["side"], "hex " + c.hex.id() + " is " + std::string(side_name(c.side)) +
                                 "-controlled already (own country); list only hexes held against the default (3.7)");
      if (!seen.insert(c.hex).second) fail(doc, n["hex"], "hex " + c.hex.id() + " is listed twice under 'control'");
      data::require_source(doc, n);
      s.control.push_back(c);
    }
  }

  void read_destroyed() {
    const YAML::Node list = doc.root["destroyed_fortresses"];
    if (!list.IsDefined() || list.IsNull()) return;
    data::require_seq(doc, list, "'destroyed_fortresses'");
    for (const auto& n : list) {
      data::require_map(doc, n, "a destroyed fortress");
      data::allow_keys(doc, n, {"hex", "source"});
      const hex::Hex h = hex_of(n, "hex");
      if (map.find(h)->fortress_sr == 0) fail(doc, n["hex"], "hex " + h.id() + " has no fortress to destroy (rule 9.0)");
      data::require_source(doc, n);
      s.destroyed_fortresses.push_back(h);
    }
  }

  void read() {
    s.file = doc.file;
    read_header();
    std::set<std::string> seen;
    read_pool(seen);
    read_hqs(seen);
    read_sps();
    read_control();
    read_destroyed();
  }
};

}  // namespace

Result<Scenario> Scenario::parse(const std::string& text, const std::string& file_name, const Map& map,
                                 const Forces& forces) {
  return data::guarded(file_name, [&]() -> Scenario {
    const Doc doc = data::parse_text(text, file_name);
    Scenario s;
    Reader{doc, map, forces, s}.read();
    return s;
  });
}

Result<Scenario> Scenario::load(const std::string& path, const Map& map, const Forces& forces) {
  return data::guarded(path, [&]() -> Scenario {
    const Doc doc = data::parse_file(path);
    Scenario s;
    Reader{doc, map, forces, s}.read();
    return s;
  });
}

}  // namespace rz::wate1870
