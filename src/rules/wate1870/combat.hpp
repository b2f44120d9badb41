#pragma once
// 8.0 Combat: strengths (3.5.1, 8.2), DRMs (8.3), artillery (8.4), losses
// (8.5), HQ casualties (8.5.1) and retreats (8.6), as pure calculations. The
// procedure that asks the players and the dice lives in the state.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "rules/wate1870/board.hpp"
#include "rules/wate1870/tables.hpp"

namespace rz::wate1870 {

// 3.5.1: good-order SP count fully; disrupted SP are halved (rounded down,
// but a single disrupted SP counts 1); all demoralized SP together count 1.
int status_strength(int good, int disrupted, int demoralized);

// 8.3: why the CRM column shifts, feature by feature with its shift:
// "forest -1, town -1: only the best counts (ruling T-2); across a river -1".
std::string shift_reasons(const Tables& t, Terrain terrain, bool town, bool fortress, bool river);

// One side's part in a combat, hex by hex.
struct CombatForce {
  hex::Hex hex;
  int good = 0, disrupted = 0, demoralized = 0;  // SP taking part
  // Can trace a LOC (8.2). Cavalry is not halved without one, but still needs
  // one to commit artillery (3.8, ruling C-2).
  bool loc = true;
  bool cavalry = false;  // every SP is cavalry (GAP-W-15)
  // Of the SP above, those on the train: halved when attacked (7.1.3, 8.2), the
  // rest of the hex not (ruling C-13).
  int entrained_good = 0, entrained_disrupted = 0, entrained_demoralized = 0;
  int raw() const { return good + disrupted + demoralized; }
  int entrained() const { return entrained_good + entrained_disrupted + entrained_demoralized; }
  void add(Status status, int count, bool on_train) {
    (status == Status::kGood        ? good
     : status == Status::kDisrupted ? disrupted
                                    : demoralized) += count;
    if (on_train)
      (status == Status::kGood        ? entrained_good
       : status == Status::kDisrupted ? entrained_disrupted
                                      : entrained_demoralized) += count;
  }
  void entrain_all() {
    entrained_good = good;
    entrained_disrupted = disrupted;
    entrained_demoralized = demoralized;
  }
};

struct CombatSetup {
  Side attacker = Side::kGerman;
  hex::Hex defender_hex;
  bool march_combat = false;        // 7.1.1: the attacker is halved
  std::vector<CombatForce> attack;  // one per attacking hex
  CombatForce defence;
  std::vector<const HqUnit*> attack_hqs;   // HQs taking part in the attack (GAP-W-06)
  std::vector<const HqUnit*> defence_hqs;  // HQs in the defending hex
};

struct CombatValues {
  int attack_sp = 0, defence_sp = 0;    // after 8.2 (fortress SR added to the defence)
  int attack_raw = 0, defence_raw = 0;  // SP physically taking part (GAP-W-18)
  int column_shift = 0;                 // terrain and river (GAP-W-03)
  CrmDrm crm;
  int attack_hq = 0, defence_hq = 0;                           // combined AB / DB (3.6)
  int attack_drm = 0, defence_drm = 0;                         // final combat DRMs (8.3)
  bool attack_may_commit = false, defence_may_commit = false;  // 8.4: needs a LOC
  int attack_artillery_rp = 0, defence_artillery_rp = 0;       // 8.4 costs
  std::vector<std::string> steps;  // how each number came about, for the screen
};

// 8.2-8.4 for a combat as set up; `steps` explains each number unless
// `explain` is false (a bot weighing many combats reads only the numbers).
CombatValues evaluate_combat(const Board& b, const CombatSetup& setup, bool explain = true);

// GAP-W-16 steps (1)-(4) for one force, the fortress SR not included: what
// evaluate_combat counts for it (the odds of a described combat use it).
int combat_strength(const CombatForce& f, bool attacker, bool march_combat);

// 8.5 (GAP-W-19): what the loser and the winner must absorb for a spread.
struct LossDue {
  int eliminate = 0;  // SP eliminated outright (loser only)
  int steps = 0;      // status steps, each degrading one SP one level
};
LossDue loser_loss(int spread);
LossDue winner_loss(int spread);

// 8.5: the side with the higher final combat score wins; a tie goes to the German.
Side combat_winner(Side attacker, int attacker_fcs, int defender_fcs);

// 3.1: 1d3 is read from a d6: 1-2 = 1, 3-4 = 2, 5-6 = 3.
inline int d3_from_d6(int d6) { return (d6 + 1) / 2; }

// 8.5.1: a roll of doubles calls for an HQ casualty check.
inline bool doubles(int d1, int d2) { return d1 == d2; }

// 8.5.1: one HQ's 1d6 casualty roll: 1 = off map and flipped to its replacement
// side, 2 = off map unchanged, 3-6 = no effect. Napoleon III (no replacement
// side) is wounded by either casualty and shows his reverse (GAP-W-20).
enum class HqCasualty { kNone, kFlip, kKeep };
HqCasualty hq_casualty(int d6);
// 8.5.1: a casualty to Napoleon III once already wounded (flipped) loses the game.
inline bool napoleon_second_casualty(bool already_flipped, HqCasualty c) {
  return already_flipped && c != HqCasualty::kNone;
}

// GAP-W-15: a force is cavalry when every SP in it belongs to a formation whose
// HQ is a cavalry division (false for no SP). France has no cavalry formations.
bool cavalry_force(const Board& b, std::span<const SpGroup> sps);
// 8.1: an attacking force "has cavalry" when any of its SP is cavalry (GAP-W-15).
bool has_cavalry(const Board& b, std::span<const SpGroup> sps);

// 8.6: how many SP of `side` in `h` stay inside the fortress and never retreat:
// up to its SR, when `h` is an undestroyed fortress held by `side` (GAP-W-21);
// 0 elsewhere. The rest of the force must retreat.
int fortress_garrison(const Board& b, hex::Hex h, Side side);

// One way a losing force can retreat (8.6, GAP-W-14).
struct RetreatPath {
  std::vector<hex::Hex> hexes;  // the 1 or 2 hexes entered, in order
  bool eliminated = false;      // the last hex is enemy-occupied or an unoccupied EZOC
  int rivers = 0;               // river hexsides crossed: 1d6 LP each
};

// 8.6 / GAP-W-14: every retreat of 1 or 2 hexes for a force of `side` leaving
// `from`. Each hex entered is on the map, not neutral, and strictly closer to
// the nearest friendly supply source than `from` (the combat hex itself not
// counting as a source: ruling C-3). A hex with enemy SP, or in an EZOC with no
// friendly SP in it, eliminates the force: such a path stops there and is
// listed with eliminated set. `march_other` (a March Combat only) is the hex of
// the opposing force of that combat (it may be `from`); its force's EZOC is
// disregarded (a fortress's ZOC is not). Empty: no retreat, the force is
// eliminated (GAP-W-14).
std::vector<RetreatPath> retreat_hexes(const Board& b, hex::Hex from, Side side,
                                       std::optional<hex::Hex> march_other = std::nullopt);

// GAP-W-35: where an HQ of `side` left without SP of its side in `from` may
// displace: hexes 1 or 2 hexes away holding SP of `side` and no enemy SP,
// reached through passable hexes without enemy SP (an enemy HQ alone does not
// block). Sorted; empty means an automatic casualty result of 1 (8.5.1).
std::vector<hex::Hex> displacement_hexes(const Board& b, hex::Hex from, Side side);

}  // namespace rz::wate1870
