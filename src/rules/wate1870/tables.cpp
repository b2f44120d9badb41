// Loader and lookups of data/wate1870/tables.yaml (see tables.hpp).
#include "rules/wate1870/tables.hpp"

#include <algorithm>
#include <cassert>
#include <set>

#include "data/yaml_file.hpp"

namespace rz::wate1870 {

using data::Doc;
using data::fail;

namespace {

constexpr int kBig = 1 << 20;  // stands for "infinitely many" in ratios against 0 SP

int as_i(long v) { return static_cast<int>(v); }

// The d66 number after v (36 -> 41); 0 after 66.
int next_d66(int v) {
  if (v % 10 < 6) return v + 1;
  return v / 10 < 6 ? (v / 10 + 1) * 10 + 1 : 0;
}

YAML::Node section(const Doc& doc, const YAML::Node& map, const char* key) {
  const YAML::Node n = data::field(doc, map, key);
  data::require_map(doc, n, std::string("'") + key + "'");
  return n;
}

// "1:6" -> -6, "1:1" -> 1, "3:1" -> 3; 0 if malformed.
int parse_ratio(const std::string& s) {
  const auto colon = s.find(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 >= s.size()) return 0;
  const std::string l = s.substr(0, colon), r = s.substr(colon + 1);
  auto digits = [](const std::string& x) {
    return std::all_of(x.begin(), x.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(l) || !digits(r)) return 0;
  if (l.size() > 3 || r.size() > 3) return 0;
  const int a = std::stoi(l), b = std::stoi(r);
  if (a == 1 && b >= 1) return b == 1 ? 1 : -b;
  if (b == 1 && a >= 2) return a;
  return 0;
}

// The CRM column after `key` in a complete matrix: ... 1:3, 1:2, 1:1, 2:1, 3:1 ...
int next_ratio(int key) { return key == -2 ? 1 : key + 1; }

}  // namespace

struct TablesReader {
  const Doc& doc;
  Tables& t;

  std::string source(const YAML::Node& n, const std::string& key) {
    const std::string s = data::require_source(doc, n);
    t.sources_[key] = s;
    return s;
  }
  void opt_source(const YAML::Node& n, const std::string& key) {
    if (n["source"].IsDefined()) source(n, key);
  }
  // {French: a, German: b, source}
  void pair(const YAML::Node& sec, const char* key, long min, long max, int out[kSides], const std::string& path) {
    const YAML::Node n = section(doc, sec, key);
    data::allow_keys(doc, n, {"French", "German", "source"});
    out[0] = as_i(data::get_int(doc, n, "French", min, max));
    out[1] = as_i(data::get_int(doc, n, "German", min, max));
    source(n, path + "." + key);
  }
  // {value: v, source}
  int value(const YAML::Node& sec, const char* key, long min, long max, const std::string& path) {
    const YAML::Node n = section(doc, sec, key);
    data::allow_keys(doc, n, {"value", "source"});
    source(n, path + "." + key);
    return as_i(data::get_int(doc, n, "value", min, max));
  }

  void read() {
    const YAML::Node& root = doc.root;
    data::allow_keys(doc, root, {"source", "terrain", "features", "crm", "cft", "mitrailleuse", "siege", "economy",
                                 "rail", "command_limits", "game", "vp"});
    source(root, "tables");
    read_terrain(data::field(doc, root, "terrain"));
    read_features(section(doc, root, "features"));
    read_crm(section(doc, root, "crm"));
    read_cft(section(doc, root, "cft"));
    read_mitrailleuse(section(doc, root, "mitrailleuse"));
    read_siege(section(doc, root, "siege"));
    read_economy(section(doc, root, "economy"));
    read_rail(section(doc, root, "rail"));
    read_limits(section(doc, root, "command_limits"));
    read_game(section(doc, root, "game"));
    read_vp(section(doc, root, "vp"));
  }

  // TEC: one row per terrain, no duplicates, none missing; costs >= 1.
  void read_terrain(const YAML::Node& list) {
    data::require_seq(doc, list, "'terrain'");
    std::set<Terrain> seen;
    for (const auto& n : list) {
      data::require_map(doc, n, "a terrain row");
      data::allow_keys(doc, n, {"terrain", "mp", "crm_shift", "cft_shift", "source"});
      const YAML::Node tn = data::field(doc, n, "terrain");
      const auto terr = parse_terrain(data::as_string(doc, tn, "'terrain'"));
      if (!terr) fail(doc, tn, "unknown terrain '" + tn.Scalar() + "' (expected clear, forest, rough, mountain)");
      if (!seen.insert(*terr).second) fail(doc, tn, "terrain '" + tn.Scalar() + "' is listed twice");
      TerrainEffects e;
      e.terrain = *terr;
      e.mp = as_i(data::get_int(doc, n, "mp", 1, 9));
      e.crm_shift = as_i(data::get_int(doc, n, "crm_shift", -5, 0));
      e.cft_shift = as_i(data::get_int(doc, n, "cft_shift", -3, 3));
      source(n, "terrain." + tn.Scalar());
      t.terrain_.push_back(e);
    }
    for (Terrain x : {Terrain::kClear, Terrain::kForest, Terrain::kRough, Terrain::kMountain})
      if (!seen.count(x)) fail(doc, list, "terrain '" + std::string(terrain_name(x)) + "' has no row");
  }

  void read_features(const YAML::Node& f) {
    data::allow_keys(doc, f, {"river_hexside", "town", "fortress", "french_fortress", "german_fortress",
                              "civilian_resistance"});
    auto row = [&](const char* key, std::initializer_list<std::string_view> keys) {
      const YAML::Node n = section(doc, f, key);
      data::allow_keys(doc, n, keys);
      source(n, std::string("features.") + key);
      return n;
    };
    YAML::Node n = row("river_hexside", {"mp", "crm_shift", "source"});
    t.river_mp_ = as_i(data::get_int(doc, n, "mp", 0, 9));
    t.river_crm_ = as_i(data::get_int(doc, n, "crm_shift", -5, 0));
    t.town_crm_ = as_i(data::get_int(doc, row("town", {"crm_shift", "source"}), "crm_shift", -5, 0));
    t.fortress_crm_ = as_i(data::get_int(doc, row("fortress", {"crm_shift", "source"}), "crm_shift", -5, 0));
    t.french_fortress_cft_ =
        as_i(data::get_int(doc, row("french_fortress", {"cft_shift", "source"}), "cft_shift", -3, 3));
    t.german_fortress_cft_ =
        as_i(data::get_int(doc, row("german_fortress", {"cft_shift", "source"}), "cft_shift", -3, 3));
    t.civ_res_mp_ = as_i(data::get_int(doc, row("civilian_resistance", {"mp", "source"}), "mp", 0, 9));
  }

  // CRM columns must run without a gap from 1:K through 1:1 to M:1, DRMs rising.
  void read_crm(const YAML::Node& sec) {
    data::allow_keys(doc, sec, {"source", "columns"});
    source(sec, "crm");
    const YAML::Node list = data::field(doc, sec, "columns");
    data::require_seq(doc, list, "'crm.columns'");
    bool has_even = false;
    for (const auto& n : list) {
      data::require_map(doc, n, "a CRM column");
      data::allow_keys(doc, n, {"ratio", "drm", "source"});
      CrmColumn c;
      c.label = data::get_string(doc, n, "ratio");
      c.ratio = parse_ratio(c.label);
      if (c.ratio == 0) fail(doc, n["ratio"], "CRM ratio '" + c.label + "' must be written 1:N or N:1");
      c.drm = as_i(data::get_int(doc, n, "drm", -12, 12));
      opt_source(n, "crm." + c.label);
      if (!t.crm_.empty()) {
        const CrmColumn& prev = t.crm_.back();
        if (c.ratio != next_ratio(prev.ratio))
          fail(doc, n["ratio"], "CRM column '" + c.label + "' follows '" + prev.label +
                                    "': columns must run in order without a gap (GAP-W-03)");
        if (c.drm <= prev.drm)
          fail(doc, n["drm"], "CRM column '" + c.label + "' must have a larger DRM than '" + prev.label + "'");
      }
      has_even = has_even || c.ratio == 1;
      t.crm_.push_back(c);
    }
    if (!has_even || t.crm_.front().ratio == 1 || t.crm_.back().ratio == 1)
      fail(doc, list, "the CRM must have a 1:1 column with columns on both sides of it");
  }

  void read_cft(const YAML::Node& sec) {
    data::allow_keys(doc, sec, {"source", "bands", "hq_check", "columns"});
    source(sec, "cft");
    // Bands cover 11..66 exactly, in d66 order.
    const YAML::Node bands = data::field(doc, sec, "bands");
    data::require_seq(doc, bands, "'cft.bands'");
    int expect = 11;
    for (const auto& n : bands) {
      data::require_map(doc, n, "a CFT band");
      data::allow_keys(doc, n, {"band", "from", "to", "source"});
      CftBand b;
      b.label = data::get_string(doc, n, "band");
      b.from = as_i(data::get_int(doc, n, "from", 11, 66));
      b.to = as_i(data::get_int(doc, n, "to", 11, 66));
      if (!Tables::is_d66(b.from)) fail(doc, n["from"], std::to_string(b.from) + " is not a d66 number (two digits 1-6)");
      if (!Tables::is_d66(b.to)) fail(doc, n["to"], std::to_string(b.to) + " is not a d66 number (two digits 1-6)");
      if (expect == 0) fail(doc, n, "CFT band " + b.label + " lies beyond 66");
      if (b.from != expect)
        fail(doc, n["from"], "CFT band " + b.label + " starts at " + std::to_string(b.from) + "; the bands must cover 11-66 without gap or overlap, so it must start at " + std::to_string(expect));
      if (b.to < b.from) fail(doc, n["to"], "CFT band " + b.label + " ends before it starts");
      opt_source(n, "cft.band." + b.label);
      expect = next_d66(b.to);
      t.cft_bands_.push_back(b);
    }
    // The fault is where the last band ends (or the empty list).
    if (expect != 0)
      fail(doc, bands.size() > 0 ? bands[bands.size() - 1]["to"] : bands,
           "the CFT bands stop before 66 (next uncovered roll " + std::to_string(expect) + ")");

    const YAML::Node hq = section(doc, sec, "hq_check");
    data::allow_keys(doc, hq, {"from", "to", "source"});
    t.hq_check_from_ = as_i(data::get_int(doc, hq, "from", 11, 66));
    t.hq_check_to_ = as_i(data::get_int(doc, hq, "to", 11, 66));
    if (!Tables::is_d66(t.hq_check_from_) || !Tables::is_d66(t.hq_check_to_) || t.hq_check_to_ < t.hq_check_from_)
      fail(doc, hq, "the HQ check range must be two d66 numbers, from <= to");
    source(hq, "cft.hq_check");

    // Columns: contiguous SP ranges from 0, the last open-ended; one LP per band.
    const YAML::Node cols = data::field(doc, sec, "columns");
    data::require_seq(doc, cols, "'cft.columns'");
    int next_min = 0;
    for (const auto& n : cols) {
      data::require_map(doc, n, "a CFT column");
      data::allow_keys(doc, n, {"column", "min_sp", "max_sp", "lp", "source"});
      CftColumn c;
      c.label = data::get_string(doc, n, "column");
      if (next_min < 0) fail(doc, n, "CFT column " + c.label + " follows the open-ended last column");
      c.min_sp = as_i(data::get_int(doc, n, "min_sp", 0, 999));
      if (c.min_sp != next_min)
        fail(doc, n["min_sp"], "CFT column " + c.label + " starts at " + std::to_string(c.min_sp) + " SP; it must start at " + std::to_string(next_min) + " (columns must not gap or overlap)");
      const auto mx = data::opt_int(doc, n, "max_sp", 0, 999);
      if (mx && *mx < c.min_sp) fail(doc, n["max_sp"], "CFT column " + c.label + " has max_sp below min_sp");
      if (mx) c.max_sp = as_i(*mx);
      next_min = mx ? as_i(*mx) + 1 : -1;
      const YAML::Node lp = data::field(doc, n, "lp");
      data::require_seq(doc, lp, "'lp'");
      if (lp.size() != t.cft_bands_.size())
        fail(doc, lp, "CFT column " + c.label + " has " + std::to_string(lp.size()) + " LP values; there are " + std::to_string(t.cft_bands_.size()) + " bands");
      for (const auto& v : lp) c.lp.push_back(as_i(data::as_int(doc, v, "an LP value", 0, 20)));
      opt_source(n, "cft." + c.label);
      t.cft_cols_.push_back(c);
    }
    if (t.cft_cols_.empty() || next_min >= 0)
      fail(doc, cols.size() > 0 ? cols[cols.size() - 1]["max_sp"] : cols,
           "the last CFT column must be open-ended (no max_sp)");
  }

  void read_mitrailleuse(const YAML::Node& n) {
    data::allow_keys(doc, n, {"extra_roll_on_doubles", "no_extra_roll_on", "jam_from", "jam_to", "source"});
    t.mit_extra_ = data::get_bool(doc, n, "extra_roll_on_doubles");
    t.mit_no_extra_ = as_i(data::get_int(doc, n, "no_extra_roll_on", 11, 66));
    // 12.3: the exception is one of the doubles; the jams a range of d66 rolls.
    if (t.mit_no_extra_ % 11 != 0)
      fail(doc, n["no_extra_roll_on"],
           "'no_extra_roll_on' is " + std::to_string(t.mit_no_extra_) +
               "; it must be a double (11, 22 ... 66) (rule 12.3)");
    const auto d66 = [&](const char* key) {
      const int v = as_i(data::get_int(doc, n, key, 11, 66));
      if (!Tables::is_d66(v))
        fail(doc, n[key],
             std::string("'") + key + "' is " + std::to_string(v) +
                 ", not a d66 roll (each digit 1-6)");
      return v;
    };
    t.mit_jam_from_ = d66("jam_from");
    t.mit_jam_to_ = d66("jam_to");
    if (t.mit_jam_to_ < t.mit_jam_from_)
      fail(doc, n["jam_to"],
           "the jam range runs from " + std::to_string(t.mit_jam_from_) + " down to " +
               std::to_string(t.mit_jam_to_) + "; 'jam_to' must not be below 'jam_from'");
    source(n, "mitrailleuse");
  }

  void read_siege(const YAML::Node& sec) {
    data::allow_keys(doc, sec, {"source", "min_ratio", "loc_ratio", "drms", "german_army_hq"});
    source(sec, "siege");
    t.sa_min_ratio_ = as_i(data::get_int(doc, sec, "min_ratio", 1, 10));
    t.sa_loc_ratio_ = value(sec, "loc_ratio", 1, 10, "siege");
    const YAML::Node list = data::field(doc, sec, "drms");
    data::require_seq(doc, list, "'siege.drms'");
    int expect = t.sa_min_ratio_;
    for (const auto& n : list) {
      data::require_map(doc, n, "a siege DRM row");
      data::allow_keys(doc, n, {"ratio", "drm", "source"});
      const int r = as_i(data::get_int(doc, n, "ratio", 1, 20));
      if (r != expect)
        fail(doc, n["ratio"], "siege ratio " + std::to_string(r) + ":1 out of order; expected " + std::to_string(expect) + ":1 (rows run from min_ratio up, one apart)");
      const int d = as_i(data::get_int(doc, n, "drm", -6, 6));
      if (!t.sa_drms_.empty() && d < t.sa_drms_.back())
        fail(doc, n["drm"], "siege DRM must not fall as the ratio rises");
      opt_source(n, "siege." + std::to_string(r));
      t.sa_drms_.push_back(d);
      ++expect;
    }
    if (t.sa_drms_.empty()) fail(doc, list, "the siege table has no rows");
    const YAML::Node hq = section(doc, sec, "german_army_hq");
    data::allow_keys(doc, hq, {"drm", "source"});
    t.sa_army_hq_ = as_i(data::get_int(doc, hq, "drm", -6, 6));
    source(hq, "siege.german_army_hq");
  }

  void read_economy(const YAML::Node& e) {
    data::allow_keys(doc, e, {"income", "cap", "mobilise_sp", "mobilise_hq", "mobilise_sp_per_hex",
                              "mobilise_hq_per_hex", "mobilise_min_distance", "artillery_divisor", "rally",
                              "recovery"});
    pair(e, "income", 0, 99, t.income_, "economy");
    t.rp_cap_ = value(e, "cap", 1, 999, "economy");
    pair(e, "mobilise_sp", 0, 99, t.mob_sp_, "economy");
    pair(e, "mobilise_hq", 0, 99, t.mob_hq_, "economy");
    pair(e, "mobilise_sp_per_hex", 0, 20, t.mob_sp_hex_, "economy");
    pair(e, "mobilise_hq_per_hex", 0, 20, t.mob_hq_hex_, "economy");
    pair(e, "mobilise_min_distance", 1, 20, t.mob_dist_, "economy");
    pair(e, "artillery_divisor", 1, 10, t.art_div_, "economy");
    t.rally_ = value(e, "rally", 0, 99, "economy");
    t.recovery_ = value(e, "recovery", 0, 99, "economy");
  }

  void read_rail(const YAML::Node& sec) {
    data::allow_keys(doc, sec, {"French", "German"});
    for (Side s : {Side::kFrench, Side::kGerman}) {
      const std::string name(side_name(s));
      const YAML::Node n = section(doc, sec, name.c_str());
      data::allow_keys(doc, n, {"rp_per_sp", "max_sp_per_turn", "entrain_mp", "ride_mp", "detrain_mp", "hq_free",
                                "home_only", "source"});
      RailRules& r = t.rail_[index(s)];
      r.rp_per_sp = as_i(data::get_int(doc, n, "rp_per_sp", 0, 99));
      if (auto m = data::opt_int(doc, n, "max_sp_per_turn", 0, 999)) r.max_sp_per_turn = as_i(*m);
      r.entrain_mp = as_i(data::get_int(doc, n, "entrain_mp", 0, 9));
      r.ride_mp = as_i(data::get_int(doc, n, "ride_mp", 0, 9));
      r.detrain_mp = as_i(data::get_int(doc, n, "detrain_mp", 0, 9));
      r.hq_free = data::get_bool(doc, n, "hq_free");
      r.home_only = data::get_bool(doc, n, "home_only");
      source(n, "rail." + name);
    }
  }

  void read_limits(const YAML::Node& sec) {
    data::allow_keys(doc, sec, {"French", "German"});
    for (Side s : {Side::kFrench, Side::kGerman}) {
      const std::string name(side_name(s));
      const YAML::Node n = section(doc, sec, name.c_str());
      data::allow_keys(doc, n, {"inherent", "division", "corps", "army", "source"});
      t.inherent_limit_[index(s)] = as_i(data::get_int(doc, n, "inherent", 1, 99));
      t.limits_[index(s)][0] = as_i(data::get_int(doc, n, "division", 1, 99));
      t.limits_[index(s)][1] = as_i(data::get_int(doc, n, "corps", 1, 99));
      t.limits_[index(s)][2] = as_i(data::get_int(doc, n, "army", 1, 99));
      source(n, "command_limits." + name);
    }
  }

  void read_game(const YAML::Node& g) {
    data::allow_keys(doc, g,
                     {"last_turn", "vp_start", "french_auto_vp", "german_auto_vp", "par_vp",
                      "exit_corps", "exit_corps_sp"});
    t.last_turn_ = value(g, "last_turn", 1, 200, "game");
    t.vp_start_ = value(g, "vp_start", 0, 99, "game");
    t.french_auto_vp_ = value(g, "french_auto_vp", 0, 99, "game");
    t.german_auto_vp_ = value(g, "german_auto_vp", 0, 99, "game");
    t.par_vp_ = value(g, "par_vp", 0, 99, "game");
    t.exit_corps_ = value(g, "exit_corps", 1, 20, "game");  // 11.0, GAP-W-29
    t.exit_corps_sp_ = value(g, "exit_corps_sp", 1, 99, "game");
    if (!(t.german_auto_vp_ < t.vp_start_ && t.vp_start_ < t.french_auto_vp_))
      fail(doc, g["vp_start"], "the starting VP must lie strictly between german_auto_vp and french_auto_vp (11.0)");
    if (!(t.german_auto_vp_ < t.par_vp_ && t.par_vp_ < t.french_auto_vp_))
      fail(doc, g["par_vp"], "par_vp must lie strictly between german_auto_vp and french_auto_vp");
  }

  void read_vp(const YAML::Node& v) {
    data::allow_keys(doc, v, {"german_town", "french_town", "german_fortress_destroyed", "french_fortress_destroyed",
                              "major_battle", "casualties"});
    auto town = [&](const char* key, int& taken, int& retaken) {
      const YAML::Node n = section(doc, v, key);
      data::allow_keys(doc, n, {"taken", "retaken", "source"});
      taken = as_i(data::get_int(doc, n, "taken", -9, 9));
      retaken = as_i(data::get_int(doc, n, "retaken", -9, 9));
      source(n, std::string("vp.") + key);
    };
    town("german_town", t.g_town_taken_, t.g_town_retaken_);
    town("french_town", t.f_town_taken_, t.f_town_retaken_);
    t.g_fort_vp_ = value(v, "german_fortress_destroyed", -9, 9, "vp");
    const YAML::Node list = data::field(doc, v, "french_fortress_destroyed");
    data::require_seq(doc, list, "'french_fortress_destroyed'");
    int expect = 1;
    for (const auto& n : list) {
      data::require_map(doc, n, "an SR band");
      data::allow_keys(doc, n, {"sr_min", "sr_max", "vp", "source"});
      Tables::SrBand b{as_i(data::get_int(doc, n, "sr_min", 1, 6)), as_i(data::get_int(doc, n, "sr_max", 1, 6)),
                       as_i(data::get_int(doc, n, "vp", -9, 9))};
      if (b.sr_min != expect || b.sr_max < b.sr_min)
        fail(doc, n, "SR bands must run from SR 1 to 6 without gap or overlap; expected one starting at SR " + std::to_string(expect));
      source(n, "vp.french_fortress_destroyed." + std::to_string(b.sr_min));
      expect = b.sr_max + 1;
      t.f_fort_vp_.push_back(b);
    }
    if (expect != 7)
      fail(doc, list.size() > 0 ? list[list.size() - 1]["sr_max"] : list,
           "SR bands must cover SR 1 to 6 (fortress SR, geography §2)");
    const YAML::Node mb = section(doc, v, "major_battle");
    data::allow_keys(doc, mb, {"min_combined_sp", "vp", "source"});
    t.major_min_sp_ = as_i(data::get_int(doc, mb, "min_combined_sp", 1, 999));
    t.major_vp_ = as_i(data::get_int(doc, mb, "vp", 0, 9));
    source(mb, "vp.major_battle");
    const YAML::Node c = section(doc, v, "casualties");
    data::allow_keys(doc, c, {"german_sp_per_vp", "french_sp_per_vp", "source"});
    t.g_sp_per_vp_ = as_i(data::get_int(doc, c, "german_sp_per_vp", 1, 99));
    t.f_sp_per_vp_ = as_i(data::get_int(doc, c, "french_sp_per_vp", 1, 99));
    source(c, "vp.casualties");
  }
};

Result<Tables> Tables::parse(const std::string& text, const std::string& file_name) {
  return data::guarded(file_name, [&]() -> Tables {
    const Doc doc = data::parse_text(text, file_name);
    Tables t;
    TablesReader{doc, t}.read();
    return t;
  });
}

Result<Tables> Tables::load(const std::string& path) {
  return data::guarded(path, [&]() -> Tables {
    const Doc doc = data::parse_file(path);
    Tables t;
    TablesReader{doc, t}.read();
    return t;
  });
}

const TerrainEffects& Tables::terrain(Terrain t) const {
  for (const auto& e : terrain_)
    if (e.terrain == t) return e;
  assert(false && "load() guarantees every terrain");
  return terrain_.front();
}

int Tables::crm_shift(Terrain t, bool town, bool fortress, bool all_across_river) const {
  // Ruling T-2: town and fortress do not stack with the terrain; the best counts.
  int s = terrain(t).crm_shift;
  if (town) s = std::min(s, town_crm_);
  if (fortress) s = std::min(s, fortress_crm_);
  if (all_across_river) s += river_crm_;
  return s;
}

int Tables::cft_shift(Terrain t, std::optional<Country> fortress_country) const {
  if (fortress_country == Country::kFrance) return french_fortress_cft_;
  if (fortress_country == Country::kGermany) return german_fortress_cft_;
  return terrain(t).cft_shift;
}

int Tables::crm_column(int attacker_sp, int defender_sp) const {
  const int a = std::max(0, attacker_sp), d = std::max(0, defender_sp);
  int key = 1;  // 1:1, also for 0 against 0
  if (a == 0 && d == 0) {
    key = 1;
  } else if (a >= d) {
    key = d == 0 ? kBig : a / d;  // 8.3: remainder ignored
  } else {
    const int n = a == 0 ? kBig : d / a;
    key = n == 1 ? 1 : -n;
  }
  const int lo = crm_.front().ratio, hi = crm_.back().ratio;
  key = key < 0 ? std::max(key, lo) : std::min(key, hi);
  for (std::size_t i = 0; i < crm_.size(); ++i)
    if (crm_[i].ratio == key) return static_cast<int>(i);
  return 0;
}

CrmDrm Tables::crm_drm(int attacker_sp, int defender_sp, int column_shift) const {
  const int last = static_cast<int>(crm_.size()) - 1;
  const int i = std::clamp(crm_column(attacker_sp, defender_sp) + column_shift, 0, last);
  const CrmColumn& c = crm_[static_cast<std::size_t>(i)];
  return {c.drm, -c.drm, c.label};
}

CftResult Tables::cft_lp(int french_combat_sp, int column_shift, int d66) const {
  assert(is_d66(d66));
  CftResult r;
  if (french_combat_sp <= 0 || !is_d66(d66)) return r;
  int col = 0;
  for (std::size_t i = 0; i < cft_cols_.size(); ++i) {
    const auto& c = cft_cols_[i];
    if (french_combat_sp >= c.min_sp && (!c.max_sp || french_combat_sp <= *c.max_sp)) col = static_cast<int>(i);
  }
  col = std::clamp(col + column_shift, 0, static_cast<int>(cft_cols_.size()) - 1);
  std::size_t band = 0;
  for (std::size_t i = 0; i < cft_bands_.size(); ++i)
    if (d66 >= cft_bands_[i].from && d66 <= cft_bands_[i].to) band = i;
  const CftColumn& c = cft_cols_[static_cast<std::size_t>(col)];
  r.lp = c.lp[band];
  r.column = c.label;
  r.band = cft_bands_[band].label;
  r.hq_check = d66 >= hq_check_from_ && d66 <= hq_check_to_;  // 7.1.2: the roll, not the column
  return r;
}

bool Tables::mitrailleuse_extra_roll(int d66) const {
  return mit_extra_ && is_d66(d66) && d66 / 10 == d66 % 10 && d66 != mit_no_extra_;
}

bool Tables::mitrailleuse_jam(int d66) const { return d66 >= mit_jam_from_ && d66 <= mit_jam_to_; }

namespace {
int fortress_ratio(int friendly_sp, int fortress_strength) {
  if (friendly_sp <= 0) return 0;
  return fortress_strength <= 0 ? kBig : friendly_sp / fortress_strength;
}
}  // namespace

std::optional<int> Tables::sa_drm(int friendly_sp, int fortress_strength, bool german_army_hq) const {
  const int r = fortress_ratio(friendly_sp, fortress_strength);
  if (r < sa_min_ratio_) return std::nullopt;  // 9.0: not under siege, no SA roll
  const std::size_t row = std::min(static_cast<std::size_t>(r - sa_min_ratio_), sa_drms_.size() - 1);
  return sa_drms_[row] + (german_army_hq ? sa_army_hq_ : 0);
}

bool Tables::under_siege(int friendly_sp, int fortress_strength) const {
  return fortress_ratio(friendly_sp, fortress_strength) >= sa_min_ratio_;
}

bool Tables::counts_for_loc(int friendly_sp, int fortress_strength) const {
  return fortress_ratio(friendly_sp, fortress_strength) >= sa_loc_ratio_;
}

int Tables::artillery_cost(Side s, int participating_sp) const {
  if (participating_sp <= 0) return 0;
  const int d = art_div_[index(s)];
  return (participating_sp + d - 1) / d;  // 8.4: German half rounded up
}

int Tables::command_limit(Side s, Rank r) const {
  return limits_[index(s)][static_cast<int>(r) - static_cast<int>(Rank::kDivision)];
}

std::optional<Side> Tables::auto_winner(int vp) const {
  if (vp >= french_auto_vp_) return Side::kFrench;
  if (vp <= german_auto_vp_) return Side::kGerman;
  return std::nullopt;
}

std::optional<Side> Tables::winner_on_points(int vp) const {
  if (vp > par_vp_) return Side::kFrench;
  if (vp < par_vp_) return Side::kGerman;
  return std::nullopt;
}

int Tables::vp_town(Country town_country, Side new_controller) const {
  if (town_country == Country::kGermany) return new_controller == Side::kFrench ? g_town_taken_ : g_town_retaken_;
  if (town_country == Country::kFrance) return new_controller == Side::kGerman ? f_town_taken_ : f_town_retaken_;
  return 0;
}

int Tables::vp_fortress_destroyed(Country fortress_country, int sr) const {
  if (fortress_country == Country::kGermany) return g_fort_vp_;
  if (fortress_country != Country::kFrance) return 0;
  for (const auto& b : f_fort_vp_)
    if (sr >= b.sr_min && sr <= b.sr_max) return b.vp;
  return 0;
}

int Tables::vp_major_battle(int combined_sp, Side winner) const {
  if (combined_sp < major_min_sp_) return 0;
  return winner == Side::kFrench ? major_vp_ : -major_vp_;
}

int Tables::vp_casualties(int german_sp_eliminated, int french_sp_eliminated) const {
  return std::max(0, german_sp_eliminated) / g_sp_per_vp_ - std::max(0, french_sp_eliminated) / f_sp_per_vp_;
}

}  // namespace rz::wate1870
