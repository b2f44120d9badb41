#pragma once
// 1870 at a text terminal: status line, a hex map window and the forces list,
// drawn from a player's view JSON (so fog of war holds) and the map data
// (which every player may see).

#include "bots/console.hpp"
#include "rules/wate1870/game_data.hpp"

namespace rz::bots {

// 3.9 Errors of Judgement: who may take back an order with 'undo'. "rulebook"
// is the rulebook's suggestion (the German may, the French may not); also
// "German", "French", "both" and "none". Sets seats.takebacks and the rule cited.
Status set_takebacks(const Game& game, const std::string& who, ConsoleSeats& seats);

class Wate1870Screen final : public Screen {
 public:
  // The window in hexes; 11 columns of 7 characters fit an 80-column terminal.
  // `data` must outlive the screen (it is the game's, e.g. WateGame::data()).
  explicit Wate1870Screen(const wate1870::GameData& data, int cols = 11, int rows = 8)
      : data_(&data), cols_(cols), rows_(rows) {}
  // A smaller window and a one-line legend, for a terminal of few lines:
  // `rows` on a decision's screen, `alone_rows` for the map command's window.
  void compact(int rows, int alone_rows) {
    rows_ = rows;
    alone_rows_ = alone_rows;
    compact_ = true;
  }

  std::string status(const std::string& view) const override;
  std::string legend() const override;
  std::string map(const std::string& view, const std::string& centre, bool color) const override;
  std::string map_alone(const std::string& view, const std::string& centre, bool color) const override;
  std::string forces(const std::string& view, bool detailed) const override;
  std::string enemy_forces(const std::string& view) const override;
  std::string asked(const std::string& view) const override;
  std::string place_in(std::string_view text) const override;
  // Not the enemy's mobilizations and returning HQs (6.2), nor his set-up
  // (14.0): they stand in his rear, and the map followed them there (session 35).
  bool follows_opponent(std::string_view text) const override;
  Status valid_place(const std::string& id) const override;
  // A hex number, or a place named loosely: in any case, without accents or
  // hyphens, or only its beginning or a part of it when that is one place
  // ("saarbr", "Pont a Mousson"). An unknown name says what it may have meant.
  Result<hex::Hex> find_place(const std::string& text) const;
  // The odds of an attack (rules/wate1870/odds.hpp), as the player sees the game.
  std::string choice_note(const State& state, Player player, const Action& a) const override;
  // On a compact screen a combat's odds are a summary unless `full`.
  Result<std::string> choice_odds(const State& state, Player player, const Action& a,
                                  bool full) const override;

 private:
  // What a choice's hexes and HQs are: the place, the HQ's name and SP, a step's MP.
  std::string place_note(const State& state, const Action& a) const;

  // The map window of `rows` rows of hexes.
  std::string window(const std::string& view, const std::string& centre, bool color, int rows) const;

  const wate1870::GameData* data_;
  int cols_;
  int rows_;
  int alone_rows_ = rows_;
  bool compact_ = false;
};

}  // namespace rz::bots
