#pragma once
// Exact odds of the dice of 1870 (docs/odds.md, ruling C-7): combat (8.0, with
// the artillery re-roll of 8.4 played optimally), Opportunity Chassepot Fire
// (7.1.2, 12.3), Forced March (7.2) and Siege Assault (9.0). Every die is
// enumerated; the probabilities are exact fractions that sum to 1. The
// calculations are pure; attack_odds() asks a game state what an attack
// would fight, the way the combat procedure itself sets it up.
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/action.hpp"
#include "core/fraction.hpp"
#include "core/game.hpp"
#include "rules/wate1870/combat.hpp"
#include "rules/wate1870/tables.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

class WateState;
struct CombatPreview;

// One side's SP taking part, by status (3.5). The losses it can absorb are
// capped by them (8.5: LP left once the force is gone are disregarded). No SP
// at all means "not known": the losses are then not capped.
struct ForceStatus {
  int good = 0, disrupted = 0, demoralized = 0;
  int sp() const { return good + disrupted + demoralized; }
  int steps() const {
    return 3 * good + 2 * disrupted + demoralized;
  }  // steps to eliminate every SP
};

// ---- Combat (8.0) ----

struct CombatOddsInput {
  Side attacker = Side::kGerman;
  int attack_drm = 0, defence_drm = 0;  // final combat DRMs (8.3)
  bool attack_artillery = false,
       defence_artillery = false;       // committed: one die may be re-rolled (8.4)
  ForceStatus attack, defence;          // SP taking part
  int attack_hqs = 0, defence_hqs = 0;  // HQs that check for casualties on doubles (8.5.1)
};

// 8.4: what a side that committed artillery does with its dice.
enum class Reroll { kKeep, kDie1, kDie2 };
std::string_view reroll_name(Reroll r);  // "keep", "re-roll die 1", "re-roll die 2"

// The optimal re-roll (ruling C-7). The defender decides first, seeing all four
// dice; the attacker then decides seeing the defender's final dice (the order
// of combat_procedure.cpp). Each side maximises its chance of winning the
// combat, then its expected net LP (the LP the other side absorbs less its
// own, 8.5, each capped by its force: in LP, an SP eliminated or a step); on
// equal values it keeps, else re-rolls die 1 rather than die 2. The defender
// foresees the attacker's answer. A side that did not commit always keeps.
class RerollPolicy {
 public:
  explicit RerollPolicy(const CombatOddsInput& in);
  Reroll attacker(int a1, int a2, int defender_sum) const;  // dice 1-6, sum 2-12
  Reroll defender(int a1, int a2, int d1, int d2) const;

 private:
  friend struct OddsCalc;
  // Per attacker dice and defender sum: the choice, and its value scaled by 6.
  Reroll att_[6][6][11];
  int att_win_[6][6][11], att_margin_[6][6][11];  // the margin: net LP (ruling C-7)
  Reroll def_[6][6][6][6];
};

struct SideOdds {
  Fraction win;
  std::vector<Fraction> sp_eliminated;  // [n]: n SP eliminated outright, the loser's 1:1 (8.5)
  std::vector<Fraction> steps;          // [n]: n status steps absorbed (8.5)
  Fraction wiped_out;                   // every SP eliminated, whatever the owner chooses
  Fraction rerolls;                     // it re-rolls a die (8.4)
  Fraction hq_check;                    // doubles on its final dice: its HQs roll (8.5.1)
  Fraction hq_removed_any;              // at least one of its HQs is removed (1-2 on 1d6)
  Fraction hq_removed_each;             // a given HQ of it is removed
  Fraction hq_flipped_each;             // a given HQ of it is removed and flipped (a 1)
};

struct CombatOdds {
  CombatOddsInput input;
  std::vector<Fraction> attacker_spread;  // [s]: the attacker wins with spread s
  std::vector<Fraction> defender_spread;  // [s]: the defender wins with spread s
  SideOdds attack, defence;
  Fraction expected_margin;  // E[attacker FCS - defender FCS]
  // At a re-roll under way (combat_now_odds): who does what with the dice that
  // lie, in place of the artillery line (whose rates would say "0% of the time"
  // of a re-roll already made).
  std::string situation;
  const SideOdds& side(Side s) const { return s == input.attacker ? attack : defence; }
};

// Every roll of both sides' 2d6 and every re-roll, exactly.
CombatOdds combat_odds(const CombatOddsInput& in);

// 8.4 at a re-roll decision: the dice as they lie (attacker's, defender's;
// 1-6 each), and `deciding` about to keep them or roll one again. The odds of
// each of its three choices, the attacker answering a defender's choice as
// RerollPolicy does; `policy` marks the choice RerollPolicy itself takes.
struct RerollOdds {
  Reroll choice = Reroll::kKeep;
  CombatOdds odds;
  bool policy = false;
};
std::vector<RerollOdds> reroll_odds(const CombatOddsInput& in, Side deciding, const int (&att)[2],
                                    const int (&def)[2]);

// The odds of each artillery choice open to the sides, in the order of 8.4:
// nobody, then the defender alone, the attacker alone, both. `in`'s own
// artillery flags are ignored.
std::vector<CombatOdds> artillery_cases(const CombatOddsInput& in, bool attack_may_commit,
                                        bool defence_may_commit);

// A combat described by its numbers rather than a position (`reisswitz odds`).
struct CombatDescription {
  Side attacker = Side::kGerman;
  ForceStatus attack, defence;  // raw SP by status
  Terrain terrain = Terrain::kClear;
  bool town = false;
  bool river = false;                 // every attacking hex attacks across a river (GAP-W-03)
  int fortress_sr = 0;                // the defender holds an undestroyed fortress of this SR (8.2)
  int attack_hq = 0, defence_hq = 0;  // combined AB and DB (3.6)
  int attack_hq_units = 1, defence_hq_units = 1;         // HQs checking for casualties (8.5.1)
  bool attack_loc = true, defence_loc = true;            // 8.2
  bool attack_cavalry = false, defence_cavalry = false;  // not halved without a LOC (8.2)
  bool entrained = false;                                // the defender is entrained (7.1.3)
  bool march_combat = false;                             // 7.1.1
};
// 8.2-8.4 for a described combat, as evaluate_combat does for a position.
CombatValues describe_combat(const Tables& t, const CombatDescription& d);
CombatOddsInput odds_input(const CombatValues& v, const CombatDescription& d);
CombatOddsInput odds_input(const CombatPreview& p);

// ---- Opportunity Chassepot Fire (7.1.2, 12.3) ----

struct ChassepotInput {
  int french_strength = 0;    // 3.5.1 strength of the French SP firing
  int column_shift = 0;       // Tables::cft_shift of the target hex
  bool mitrailleuse = false;  // optional rule 12.3
  bool good_order = true;     // a firing SP is in good order: only such a one jams (MA-7)
  ForceStatus target;         // the German force fired at (losses capped; empty: not known)
  int hqs = 0;                // HQs marching with it (8.5.1 checks)
};

struct ChassepotOdds {
  ChassepotInput input;
  std::string column;        // CFT column used for the first roll
  std::vector<Fraction> lp;  // [n]: n LP in all, before the cap of the force
  Fraction wiped_out;        // the LP eliminate the whole force
  Fraction hq_check;         // at least one roll of 64-66 (7.1.2)
  Fraction hq_removed_each;  // a given HQ is removed (each roll of 64-66 checks again)
  Fraction extra_roll;       // 12.3: doubles other than 11 fire again
  Fraction jam;              // 12.3: a roll of 11-13 disrupts 1 French SP (at least one roll)
};
ChassepotOdds chassepot_odds(const Tables& t, const ChassepotInput& in);
class WateState;
// The odds of the fire the French may open now in `st` (its step 'chassepot-choice'
// is due), or none if it is not. Nothing in it is hidden from the French: the
// German force is next to their SP (ruling F-3).
std::optional<ChassepotOdds> fire_odds(const WateState& st);

// ---- Forced March (7.2) ----

struct ForcedMarchOdds {
  int extra = 1;       // extra MP, 1-3
  Fraction disrupted;  // 2d6 + extra > 7
};
ForcedMarchOdds forced_march_odds(int extra);

// ---- Siege Assault (9.0, 9.1) ----

struct SiegeOdds {
  int besieger_sp = 0, sr = 0, garrison_sp = 0;
  bool army_hq = false;
  std::optional<int> drm;  // none: below 2:1, no siege and no roll
  Fraction destroyed;      // 1d6 + DRM > SR
};
SiegeOdds siege_odds(const Tables& t, int besieger_sp, int sr, int garrison_sp, bool army_hq);

// ---- An attack in a game (7.4, 7.1.1) ----

struct AttackOdds {
  Action attack;
  std::vector<std::string> setup;  // how each number came about (8.2-8.4)
  CombatOddsInput input;
  bool attack_may_commit = false, defence_may_commit = false;  // a LOC and the RP (8.4)
  int attack_rp_cost = 0, defence_rp_cost = 0;
  std::vector<CombatOdds> cases;   // artillery_cases()
  std::vector<std::string> notes;  // 8.1 cavalry, 12.2 fog of war
};
// The odds of `attack`, an order the player to move may give now, as `viewer`
// sees the game (none: the umpire, who sees everything). Under 12.2 nothing
// hidden from the viewer is used (GAP-W-40, ruling C-7): the enemy's LOC is
// assumed, and an attack on a stack the viewer may not inspect is refused.
Result<AttackOdds> attack_odds(const WateState& st, const Action& attack,
                               std::optional<Side> viewer);

// ---- The combat under way, at a decision of 8.4 ----

// The odds of each choice the side to decide has now: to commit artillery or
// not (with the other side's choice, made or to come), or, the dice rolled,
// to keep them or roll one again.
struct CombatNowOdds {
  hex::Hex target;
  Side deciding = Side::kFrench;
  bool reroll = false;                     // the re-roll (the dice lie); else the artillery
  int dice[kSides][2] = {{0, 0}, {0, 0}};  // by index(Side); reroll only
  std::vector<std::string> choice;  // per case: the order of `deciding` it follows ("commit")
  std::vector<std::string> label;   // per case: what it stands for, in words
  std::vector<CombatOdds> cases;
  std::vector<std::string> notes;
};
// None when no artillery or re-roll decision is due in `st`. As `viewer` sees
// the game (none: the umpire): under 12.2 the SP and HQs of a force the viewer
// may not inspect are not used (ruling C-7).
std::optional<CombatNowOdds> combat_now_odds(const WateState& st, std::optional<Side> viewer);
// The same odds with only the cases that follow `order` (one of `choice`).
CombatNowOdds only_choice(CombatNowOdds o, const std::string& order);

// ---- Presentation: a table with fractions and percentages, or JSON ----

std::string percent(Fraction p);  // "66.82%"
std::string odds_text(const CombatOdds& o);
std::string odds_text(const AttackOdds& o);
std::string odds_text(const ChassepotOdds& o);
std::string odds_text(const ForcedMarchOdds& o);
std::string odds_text(const SiegeOdds& o);
std::string odds_text(const CombatNowOdds& o);
nlohmann::json odds_json(const CombatOdds& o);
nlohmann::json odds_json(const AttackOdds& o);
nlohmann::json odds_json(const ChassepotOdds& o);
nlohmann::json odds_json(const ForcedMarchOdds& o);
nlohmann::json odds_json(const SiegeOdds& o);
nlohmann::json odds_json(const CombatNowOdds& o);
// One line for a list of choices: "win 64.9%, 71.3% with artillery".
std::string odds_brief(const AttackOdds& o);
// The same for one choice of a combat under way (only_choice): "you win 55.1%,
// 48.0% if the German commits".
std::string odds_brief(const CombatNowOdds& o);
// A screen's worth (a small terminal): how each number came about, then one
// line per case with the chance to win and the SP each side loses on average.
std::string odds_summary(const AttackOdds& o);
std::string odds_summary(const CombatNowOdds& o);

}  // namespace rz::wate1870
