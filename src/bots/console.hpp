#pragma once
// A human seat at a text terminal: the core loop of `reisswitz play`. It reads
// commands from a std::istream and writes to a std::ostream so tests can
// drive it with scripted input. It uses only the engine contract; what a rule
// system draws (status line, map window, forces) comes from a Screen.
// It lives beside the bots because it is the other kind of seat: a bot
// chooses with choose(), a human with this loop.
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/bot.hpp"
#include "core/dice.hpp"
#include "core/game.hpp"
#include "core/game_log.hpp"
#include "core/text.hpp"

namespace rz::bots {

// What a rule system shows at a text terminal. Every method but the odds reads
// only the player's view JSON, never the state, so nothing hidden can leak.
class Screen {
 public:
  virtual ~Screen() = default;
  // Turn, phase, scores: one or two lines.
  virtual std::string status(const std::string& view) const = 0;
  // What the map's letters mean, in full ('help' shows it).
  virtual std::string legend() const { return {}; }
  // A map window centred on place `centre`, or on the viewer's forces if empty.
  virtual std::string map(const std::string& view, const std::string& centre, bool color) const = 0;
  // The window the `map` command shows by itself, which may be taller: a
  // decision's screen shares the terminal with the forces and the choices.
  virtual std::string map_alone(const std::string& view, const std::string& centre, bool color) const {
    return map(view, centre, color);
  }
  // The viewer's forces: a few lines for every screen, or one line per formation.
  virtual std::string forces(const std::string& view, bool detailed) const = 0;
  // What the decision due asks of the viewer, in a line ("" if the choices say it).
  virtual std::string asked(const std::string& view) const {
    (void)view;
    return "";
  }
  // The enemy's forces, as far as the view shows them (fog of war holds).
  virtual std::string enemy_forces(const std::string& view) const {
    (void)view;
    return "(this game cannot list the enemy's forces yet)\n";
  }
  // The last place named in `text` (an event, an action), to follow the action; "" if none.
  virtual std::string place_in(std::string_view text) const = 0;
  // Whether the map should follow an opponent's order or event of this text:
  // not one far from the front, which the player has no reason to look at.
  virtual bool follows_opponent(std::string_view text) const {
    (void)text;
    return true;
  }
  // Whether `id`, typed by the user after `map`, names a place.
  virtual Status valid_place(const std::string& id) const = 0;
  // The odds of a choice (an attack), which ask the state itself: a few words
  // for the list of choices ("" for none), and the tables for 'odds N' (`full`:
  // all of them, as 'odds N full' asks; else a screen may give a summary).
  // They must show `player` nothing it may not see (12.2).
  virtual std::string choice_note(const State&, Player, const Action&) const { return {}; }
  virtual Result<std::string> choice_odds(const State&, Player, const Action& a, bool full) const {
    (void)full;
    return make_error(Code::kNotFound, "there are no odds for '" + a.to_string() + "'");
  }
};

// For a rule system without its own screen: the view JSON, pretty-printed.
class PlainScreen final : public Screen {
 public:
  std::string status(const std::string& view) const override;
  std::string map(const std::string& view, const std::string& centre, bool color) const override;
  std::string forces(const std::string& view, bool detailed) const override;
  std::string place_in(std::string_view) const override { return {}; }
  Status valid_place(const std::string& id) const override;
};

struct ConsoleSeats {
  // seats[p]: the bot playing p, or nullptr for the human at this console.
  std::vector<Bot*> seats;
  // takebacks[p]: the human playing p may take back his own orders with `undo`,
  // as long as no die has been rolled and nobody else has acted since (the
  // courtesy of 1870 rule 3.9: the German may, the French may not).
  std::vector<bool> takebacks{};
  std::string takeback_rule{};  // the rule cited by `undo` ("3.9")
};

class Console {
 public:
  // `state` is where play goes on; `log` holds what led to it and grows.
  Console(const Game& game, std::unique_ptr<State> state, GameLog log, ConsoleSeats seats, DiceSource& dice,
          const Screen& screen, std::istream& in, std::ostream& out, bool color);
  // Plays until the game ends, `quit`, or the input ends: 0; an engine error: 1.
  int run();

  // Keeps the game saved in `path` (a log, as `save` writes it): after each of
  // the human's orders, before each prompt, and at the end, so that nothing the
  // console acknowledged is lost if the process is killed. Empty: no autosave.
  void autosave_to(std::string path) { autosave_path_ = std::move(path); }
  // While a bot that deliberates (a search) decides, a line says it is
  // thinking, taken away once it has chosen: for a terminal, where a carriage
  // return can take it back.
  void show_thinking(bool on) { show_thinking_ = on; }
  // At most this many choices at each decision ('choices' lists them all).
  void list_at_most(std::size_t n) { listed_ = n; }

  const State& state() const { return *state_; }
  const GameLog& log() const { return log_; }

 private:
  enum class Outcome { kApplied, kStay, kQuit };
  // The game before one of the human's orders, for `undo`.
  struct Checkpoint {
    Player player;
    std::unique_ptr<State> state;
    std::size_t log_size;
  };
  bool advance();              // dice and bots until a human decides or the game ends
  Player human_to_move() const;
  Status apply(Player p, const Action& a);
  // `opponent`: the events of an opponent's order, which the map follows only
  // where the screen says it should (Screen::follows_opponent).
  void print_events(const Events& ev, Player viewer, bool opponent = false);
  void show_decision(Player p);
  void show_choices(Player p, const std::string& filter, std::size_t limit);
  Outcome handle(Player p, const std::string& line);
  Outcome try_action(Player p, const Action& a);
  void show_odds(Player p, const std::string& which);  // 'odds N'
  Outcome undo(Player p);                              // 'undo': rule 3.9
  void save(const std::string& path);
  void autosave();  // when the log changed since the last autosave
  // On leaving: false, after saying so, if the autosave file lacks orders
  // taken since (its writes failed).
  bool leaves_all_saved();
  void help(Player p);
  // A resumed game: what happened from the player's last order on, as he was
  // told it then (fog of war holds), so a game stopped mid-action reads on.
  void recap();
  Player viewer() const;
  std::string paint(const std::string& text, const char* code) const;

  const Game& game_;
  std::unique_ptr<State> state_;
  GameLog log_;
  ConsoleSeats seats_;
  DiceSource& dice_;
  const Screen& screen_;
  std::istream& in_;
  std::ostream& out_;
  bool color_;
  std::string focus_;  // the place the map follows
  // The human's orders that may still be taken back, the last one at back().
  std::vector<Checkpoint> undo_;
  std::string autosave_path_;
  bool show_thinking_ = false;
  std::size_t listed_ = 30;
  // The log's changes (orders added, orders taken back), and how many of them
  // the autosave holds: none at first, so that a new game's file is made at
  // once and no other game takes its name.
  std::uint64_t log_changes_ = 1;
  std::uint64_t saved_changes_ = 0;
};

// Replays `log` from its scenario, checking every hash, and winds the dice and
// the bots on by the same decisions, so a resumed game goes on exactly as it
// would have gone without the save. The error names the first bad step.
Result<std::unique_ptr<State>> resume(const Game& game, const GameLog& log, DiceSource& dice,
                                      const ConsoleSeats& seats);

// "1", " 12 " -> the number; anything else -> 0.
std::size_t parse_choice_number(std::string_view text);

}  // namespace rz::bots
