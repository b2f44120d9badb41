#pragma once
// The tables of 1870 (data/wate1870/tables.yaml): Terrain Effects Chart, Combat
// Ratio Matrix, Chassepot Fire Table, Siege Assault DRMs, RP costs, rail,
// command limits, game length and VP awards. The printed TEC, CRM and CFT are
// missing from the rulebook text (GAP-W-02/03/04): their values are
// reconstructed in data, argued in docs/rulings/wate1870-tables.md.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

// Column shifts: positive = right. On the CRM right favours the attacker; on
// the CFT right favours the French (more LP).

struct TerrainEffects {
  Terrain terrain = Terrain::kClear;
  int mp = 1;         // MP to enter (7.1)
  int crm_shift = 0;  // as the defender's hex (GAP-W-03), <= 0
  int cft_shift = 0;  // as the target's hex (7.1.2)
};

struct CrmColumn {
  std::string label;  // "1:3", "1:1", "3:1"
  int ratio = 1;      // N of N:1 (>= 1) or of 1:N (stored as -N); 1:1 is 1
  int drm = 0;        // attacker's DRM; the defender's is its negative
};

struct CrmDrm {
  int attacker = 0;
  int defender = 0;
  std::string column;  // label of the column used after the shift
};

struct CftColumn {
  std::string label;       // "9-12"
  int min_sp = 0;
  std::optional<int> max_sp;  // none: open-ended last column
  std::vector<int> lp;     // one per band
};

struct CftBand {
  std::string label;  // "A"
  int from = 11;      // d66, inclusive
  int to = 66;
};

struct CftResult {
  int lp = 0;
  bool hq_check = false;  // 7.1.2: 64-66, the German player checks HQ casualties
  std::string column;
  std::string band;
};

struct RailRules {
  int rp_per_sp = 0;
  std::optional<int> max_sp_per_turn;  // none: no limit
  int entrain_mp = 1, ride_mp = 1, detrain_mp = 1;
  bool hq_free = true;     // HQs pay no RP and do not count against the limit
  bool home_only = false;  // only inside own country (German, 7.1.3)
};

class Tables {
 public:
  static Result<Tables> load(const std::string& path);
  static Result<Tables> parse(const std::string& text, const std::string& file_name);

  // --- Terrain Effects Chart ---
  const TerrainEffects& terrain(Terrain t) const;
  int mp_cost(Terrain t) const { return terrain(t).mp; }
  int river_mp() const { return river_mp_; }                   // +1 per river hexside crossed
  int civilian_resistance_mp() const { return civ_res_mp_; }   // 12.1 optional
  // CRM shift (<= 0) for a defender in `t`; a town or fortress counts as the
  // larger of its shift and the terrain's; plus the river shift if every
  // attacking hex attacks across a river hexside.
  int crm_shift(Terrain t, bool town, bool fortress, bool all_across_river) const;
  // CFT shift for a German target in `t`; in an undestroyed fortress the
  // fortress's nation decides instead of the terrain (7.1.2).
  int cft_shift(Terrain t, std::optional<Country> fortress_country) const;

  // --- Combat Ratio Matrix (8.3) ---
  // Column from the attacker's and defender's final SP (remainder ignored),
  // then moved by column_shift and clamped to the ends.
  CrmDrm crm_drm(int attacker_sp, int defender_sp, int column_shift) const;
  int crm_column(int attacker_sp, int defender_sp) const;  // index before shifting
  const std::vector<CrmColumn>& crm_columns() const { return crm_; }

  // --- Chassepot Fire Table (7.1.2) ---
  // LP for a fire of `french_combat_sp` (3.5.1 strength, > 0) with a d66 roll.
  // Precondition: is_d66(d66). A strength of 0 or less fires nothing.
  CftResult cft_lp(int french_combat_sp, int column_shift, int d66) const;
  static bool is_d66(int v) { return v / 10 >= 1 && v / 10 <= 6 && v % 10 >= 1 && v % 10 <= 6; }
  const std::vector<CftColumn>& cft_columns() const { return cft_cols_; }
  const std::vector<CftBand>& cft_bands() const { return cft_bands_; }
  bool mitrailleuse_extra_roll(int d66) const;  // 12.3: doubles other than 11
  bool mitrailleuse_jam(int d66) const;         // 12.3: 11-13 disrupts 1 French SP

  // --- Siege (9.0, 9.1) ---
  // fortress_strength = SR + enemy garrison SP. None below 2:1 (no SA roll).
  std::optional<int> sa_drm(int friendly_sp, int fortress_strength, bool german_army_hq) const;
  bool under_siege(int friendly_sp, int fortress_strength) const;
  bool counts_for_loc(int friendly_sp, int fortress_strength) const;  // 9.0: 1:1

  // --- Resource Points ---
  int rp_income(Side s) const { return income_[index(s)]; }
  int rp_cap() const { return rp_cap_; }
  int mobilise_sp_cost(Side s) const { return mob_sp_[index(s)]; }
  int mobilise_hq_cost(Side s) const { return mob_hq_[index(s)]; }
  int mobilise_sp_per_hex(Side s) const { return mob_sp_hex_[index(s)]; }
  int mobilise_hq_per_hex(Side s) const { return mob_hq_hex_[index(s)]; }
  int mobilise_min_distance(Side s) const { return mob_dist_[index(s)]; }  // from non-demoralized enemy
  int artillery_cost(Side s, int participating_sp) const;  // 8.4
  int rally_cost() const { return rally_; }
  int recovery_cost() const { return recovery_; }

  // --- Rail (7.1.3) and command limits (3.6.2) ---
  const RailRules& rail(Side s) const { return rail_[index(s)]; }
  int command_limit(Side s, Rank r) const;
  int inherent_command_limit(Side s) const { return inherent_limit_[index(s)]; }

  // --- Game length and victory ---
  int last_turn() const { return last_turn_; }
  int vp_start() const { return vp_start_; }
  int french_auto_vp() const { return french_auto_vp_; }
  int german_auto_vp() const { return german_auto_vp_; }
  // 11.0: automatic victory once the VP marker reaches an end.
  std::optional<Side> auto_winner(int vp) const;
  // GAP-W-01: at the end of the last turn; none = a draw.
  std::optional<Side> winner_on_points(int vp) const;
  // 11.0 / GAP-W-29: full corps the French must exit by rail, and the SP of a full corps.
  int exit_corps() const { return exit_corps_; }
  int exit_corps_sp() const { return exit_corps_sp_; }

  // --- VP awards (11.0), French gains positive ---
  int vp_town(Country town_country, Side new_controller) const;
  int vp_fortress_destroyed(Country fortress_country, int sr) const;
  int vp_major_battle(int combined_sp, Side winner) const;
  int vp_casualties(int german_sp_eliminated, int french_sp_eliminated) const;

  // Where each section's values come from, by key ("crm", "economy.income").
  const std::map<std::string, std::string>& sources() const { return sources_; }

 private:
  friend struct TablesReader;
  std::vector<TerrainEffects> terrain_;
  int river_mp_ = 1, river_crm_ = -1, town_crm_ = -1, fortress_crm_ = -1;
  int french_fortress_cft_ = 1, german_fortress_cft_ = -1, civ_res_mp_ = 1;
  std::vector<CrmColumn> crm_;
  std::vector<CftColumn> cft_cols_;
  std::vector<CftBand> cft_bands_;
  int hq_check_from_ = 64, hq_check_to_ = 66;
  bool mit_extra_ = true;
  int mit_no_extra_ = 11, mit_jam_from_ = 11, mit_jam_to_ = 13;
  int sa_min_ratio_ = 2, sa_loc_ratio_ = 1, sa_army_hq_ = 1;
  std::vector<int> sa_drms_;  // index 0 = min_ratio; the last row is the cap
  int income_[kSides] = {0, 0};
  int rp_cap_ = 99;
  int mob_sp_[kSides] = {0, 0}, mob_hq_[kSides] = {0, 0}, mob_sp_hex_[kSides] = {0, 0};
  int mob_hq_hex_[kSides] = {0, 0}, mob_dist_[kSides] = {0, 0}, art_div_[kSides] = {1, 1};
  int rally_ = 1, recovery_ = 1;
  RailRules rail_[kSides];
  int limits_[kSides][3] = {{0, 0, 0}, {0, 0, 0}};  // division, corps, army
  int inherent_limit_[kSides] = {0, 0};
  int last_turn_ = 20, vp_start_ = 11, french_auto_vp_ = 20, german_auto_vp_ = 0, par_vp_ = 11;
  int exit_corps_ = 2, exit_corps_sp_ = 8;
  int g_town_taken_ = 1, g_town_retaken_ = -1, f_town_taken_ = -1, f_town_retaken_ = 1;
  int g_fort_vp_ = 2;
  struct SrBand {
    int sr_min, sr_max, vp;
  };
  std::vector<SrBand> f_fort_vp_;
  int major_min_sp_ = 16, major_vp_ = 1, g_sp_per_vp_ = 2, f_sp_per_vp_ = 3;
  std::map<std::string, std::string> sources_;
};

}  // namespace rz::wate1870
