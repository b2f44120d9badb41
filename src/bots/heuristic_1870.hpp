#pragma once
// A heuristic bot for "1870: The War Against the Empire" (docs/bots.md).
//
// It plays by rules of thumb computed straight from the position, without
// trying actions on copies of the state (that made it slow):
//   * Targets. Each side lists what it wants: enemy and lost towns (1 VP each,
//     rule 11.0), the German objectives Metz, Verdun and Paris, enemy fortresses
//     (taken by entering them empty, or fought for), enemy stacks it can beat,
//     its own places the enemy threatens. A force's wish to be in a hex is the
//     best target value there less 1 point per MP still to march (an all-pairs
//     table of march costs over the map, made once per game).
//   * Marches. A force plans its whole march at once: every hex it can reach
//     with its MP (the rules' costs: terrain, rivers, the French +1, cautious
//     HQs, stopping in an enemy ZOC) scored by that wish, the towns taken on the
//     way, its LOC there, and the danger of ending next to a stronger enemy;
//     it may end with a March Combat at good odds. The plan is followed hex by
//     hex and made again if anything differs.
//   * Combat. Odds come from the rules' own combat calculation (8.2-8.3) and
//     the exact distribution of 2d6 - 2d6: a Planned or March Attack is made
//     only when the attacker wins at least 65% of the time and the expected
//     points (SP lost on both sides, casualty and Major Battle VP) are positive.
//     Army HQs (and Napoleon III) never attack and keep out of reach, since a
//     casualty to them can end the game (8.5.1, GAP-W-30).
//   * Orders. HQs first, the one with the best attack or the most SP in reach;
//     an HQ attacks, or detaches neighbouring stacks that gain by marching, then
//     marches or rallies with its own stack. Disrupted forces with a LOC rally;
//     every force that can recovers; spare RP mobilize SP near the front.
//
// What it reads. Without option 12.2 (fog of war) everything in 1870 is open,
// and the bot reads the WateState accessors: the same information as the view.
// Under 12.2 it plans on WateState::picture_for(player) only: the view as a
// typed state, each enemy stack it may not inspect standing as a generic stack
// of good SP (the same state as one rebuilt from the view's JSON,
// tests/bots/picture_test.cpp); its orders are among the legal actions.
#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "bots/bot.hpp"

namespace rz::wate1870 {
class WateState;
}  // namespace rz::wate1870

namespace rz::bots {

class Heuristic1870Bot final : public Bot {
 public:
  // It plays the same for every seed: it has no use for chance.
  explicit Heuristic1870Bot(std::uint64_t seed);
  ~Heuristic1870Bot() override;
  Action choose(const State& st, Player p, const std::string& view_json) override;
  std::string name() const override { return "heuristic"; }
  bool needs_view() const override { return false; }

  // For tests: the odds of a combat as the bot sees them, from the attacker's
  // side: the chance it wins and the expected points (SP, VP) it gains.
  struct Odds {
    double win = 0;
    double value = 0;
    int attack_drm = 0, defence_drm = 0;
  };
  // A Planned Attack (march = false) or March Combat by the SP of `p` in
  // `from` (all of them, every status) on the enemy in `target`, led by the HQs
  // of `p` in those hexes.
  static Odds combat_odds(const wate1870::WateState& st, Player p,
                          const std::vector<std::string>& from, const std::string& target,
                          bool march);
  // The state a player under 12.2 pictures from its view's JSON: hidden enemy
  // stacks become generic stacks of good SP. Null if the view cannot be read or
  // cannot be played on. The reference WateState::picture_for is tested
  // against (tests/bots/picture_test.cpp). Only the
  // game's data (map, tables) comes from `like`, and is shared with it: the
  // picture must not outlive `like`'s game data.
  static std::unique_ptr<wate1870::WateState> belief_from_view(const wate1870::WateState& like,
                                                               const std::string& view_json);
  // The same from a view already parsed, each hidden stack holding the good
  // SP `hidden_sp` gives for it (4 when the list is shorter), as
  // WateState::picture_for(viewer, hidden_sp) is tested against.
  static std::unique_ptr<wate1870::WateState> belief_from_view(const wate1870::WateState& like,
                                                               const nlohmann::json& view,
                                                               const std::vector<int>& hidden_sp);
  // The move for `p` in a picture of the game the bot may read in full: its own
  // belief or a search's sample, never the true state under 12.2.
  // With `checked`, also whether the move is known to pass the picture's
  // check() (one of the lists it read, or one it checked): a search applies it
  // without a second check.
  Action choose_in_picture(const wate1870::WateState& picture, Player p, bool* checked = nullptr);
  // The same, with `legal` the picture's legal_actions(p), already made.
  Action choose_in_picture(const wate1870::WateState& picture, Player p,
                           const std::vector<Action>& legal);
  // Takes on what `other` remembers of the turn (the marches it planned, the
  // targets its forces went for): a search's policy starts each sample so.
  void copy_memory_from(const Heuristic1870Bot& other);
  // What the bot remembers of the turn (its plans, its claims, as
  // copy_memory_from takes it on), kept to be given back: a search's replay
  // goes on from the memory its policy had at a point of an iteration.
  struct Memory;
  std::shared_ptr<const Memory> memory() const;
  void recall(const Memory& m);
  // From now on, and for the copies of its memory, answers to an Administrative
  // Phase decision met before (6.0: no die in it) are given again, not worked
  // out: a search's, for one decision (forgotten at the next call).
  void keep_administrative_answers();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace rz::bots
