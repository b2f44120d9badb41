#include "bots/console.hpp"

#include <algorithm>
#include <cctype>
#include <istream>
#include <nlohmann/json.hpp>
#include <ostream>

namespace rz::bots {

namespace {

std::string trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return std::string(s.substr(b, e - b + 1));
}

// "map 2107" -> {"map", "2107"}
std::pair<std::string, std::string> split_word(const std::string& line) {
  const auto sp = line.find(' ');
  if (sp == std::string::npos) return {line, {}};
  return {line.substr(0, sp), trim(line.substr(sp + 1))};
}

constexpr const char* kBold = "1";
constexpr const char* kRed = "31";
constexpr const char* kYellow = "33";
constexpr const char* kCyan = "36";

}  // namespace

// ---- PlainScreen ----

std::string PlainScreen::status(const std::string& view) const {
  auto j = nlohmann::json::parse(view, nullptr, false);
  std::string s;
  for (const char* k : {"turn", "phase", "score"})
    if (j.is_object() && j.contains(k)) s += std::string(s.empty() ? "" : ", ") + k + " " + j[k].dump();
  return s.empty() ? "(no status)" : s;
}

std::string PlainScreen::map(const std::string& view, const std::string&, bool) const {
  auto j = nlohmann::json::parse(view, nullptr, false);
  return j.is_discarded() ? view : j.dump(2);
}

std::string PlainScreen::forces(const std::string&, bool) const { return "(this game has no forces list yet)"; }

Status PlainScreen::valid_place(const std::string& id) const {
  return make_error(Code::kNotFound, "this game has no map to centre on '" + id + "'");
}

std::size_t parse_choice_number(std::string_view text) {
  const std::string t = trim(text);
  if (t.empty() || t.size() > 6 || !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return 0;
  return static_cast<std::size_t>(std::stoul(t));
}

Result<std::unique_ptr<State>> resume(const Game& game, const GameLog& log, DiceSource& dice,
                                      const ConsoleSeats& seats) {
  auto st = start_state(game, log);
  if (!st) return st.error();
  State& s = **st;
  for (std::size_t i = 0; i < log.entries.size(); ++i) {
    const LogEntry& e = log.entries[i];
    // Draw what the live game drew here; the logged outcome is what counts.
    if (e.player == kChance && s.to_move().kind == MoveKind::kChance) (void)dice.pick(s.chance_outcomes());
    if (e.player >= 0 && static_cast<std::size_t>(e.player) < seats.seats.size() && seats.seats[static_cast<std::size_t>(e.player)] &&
        !s.legal_actions(e.player).empty())
      {
      Bot& bot = *seats.seats[static_cast<std::size_t>(e.player)];
      (void)bot.choose(s, e.player, bot.needs_view() ? s.view(e.player) : std::string());
    }
    auto ev = apply_entry(game, s, log, i);
    if (!ev) return ev.error();
  }
  return st;
}

// ---- Console ----

Console::Console(const Game& game, std::unique_ptr<State> state, GameLog log, ConsoleSeats seats, DiceSource& dice,
                 const Screen& screen, std::istream& in, std::ostream& out, bool color)
    : game_(game),
      state_(std::move(state)),
      log_(std::move(log)),
      seats_(std::move(seats)),
      dice_(dice),
      screen_(screen),
      in_(in),
      out_(out),
      color_(color) {
  seats_.seats.resize(static_cast<std::size_t>(game_.num_players()), nullptr);
  seats_.takebacks.resize(seats_.seats.size(), false);
  // A resumed game shows where it stopped: where the player here last acted
  // (an opponent's orders may be hidden from him, fog of war).
  for (const auto& e : log_.entries)
    if (e.player == viewer() || viewer() == kUmpire)
      if (auto place = screen_.place_in(e.action.to_string()); !place.empty()) focus_ = place;
}

std::string Console::paint(const std::string& text, const char* code) const {
  return color_ ? "\x1b[" + std::string(code) + "m" + text + "\x1b[0m" : text;
}

Player Console::viewer() const {
  for (std::size_t p = 0; p < seats_.seats.size(); ++p)
    if (!seats_.seats[p]) return static_cast<Player>(p);
  return kUmpire;  // bots only: the console watches as the umpire
}

Player Console::human_to_move() const {
  const ToMove tm = state_->to_move();
  for (Player p : tm.players)
    if (!seats_.seats[static_cast<std::size_t>(p)]) return p;
  return kChance;
}

Status Console::apply(Player p, const Action& a) {
  // What the player at this console may be told of the action (fog of war hides
  // an opponent's orders): asked before the action changes the state.
  const auto shown = p == kChance ? std::nullopt : state_->describe_action_for(viewer(), a);
  auto ev = state_->apply(p, a);
  if (!ev) return ev.error();
  log_.entries.push_back({p, a, state_->hash()});
  ++log_changes_;
  // A die rolled or another player's order fixes everything before it (3.9).
  if (!undo_.empty() && undo_.back().player != p) undo_.clear();
  if (shown) {
    const std::string who = game_.player_name(p);
    const Bot* bot = seats_.seats[static_cast<std::size_t>(p)];
    const std::string line = who + (bot ? " (" + bot->name() + " bot)" : "") + ": " + *shown;
    out_ << paint(line, bot ? kYellow : kBold) << "\n";
    if (auto place = screen_.place_in(*shown);
        !place.empty() && (!bot || screen_.follows_opponent(*shown)))
      focus_ = place;
  }
  print_events(*ev, viewer(), p != kChance && p != viewer());
  // The human's order is on the disk before the bots answer it.
  if (p != kChance && !seats_.seats[static_cast<std::size_t>(p)]) autosave();
  return {};
}

void Console::recap() {
  const Player v = viewer();
  if (v == kUmpire) return;
  std::size_t from = 0;  // the player's last order, or the start
  for (std::size_t i = 0; i < log_.entries.size(); ++i)
    if (log_.entries[i].player == v) from = i;
  auto st = start_state(game_, log_);
  if (!st) return;
  std::vector<std::string> lines;
  for (std::size_t i = 0; i < log_.entries.size(); ++i) {
    const LogEntry& e = log_.entries[i];
    const auto shown =
        i < from || e.player == kChance ? std::nullopt : (*st)->describe_action_for(v, e.action);
    auto ev = (*st)->apply(e.player, e.action);
    if (!ev) return;  // the log was replayed and verified before: not reached
    if (i < from) continue;
    if (shown) {
      const Bot* bot = seats_.seats[static_cast<std::size_t>(e.player)];
      lines.push_back(game_.player_name(e.player) + (bot ? " (" + bot->name() + " bot)" : "") +
                      ": " + *shown);
    }
    for (const auto& x : visible_events(*ev, v)) lines.push_back("  " + x.text);
  }
  constexpr std::size_t kShown = 40;
  out_ << paint("Since your last order:", kBold) << "\n";
  if (lines.size() > kShown) out_ << "  (" << (lines.size() - kShown) << " lines before these)\n";
  for (std::size_t i = lines.size() > kShown ? lines.size() - kShown : 0; i < lines.size(); ++i)
    out_ << lines[i] << "\n";
}

void Console::print_events(const Events& ev, Player v, bool opponent) {
  for (const auto& e : visible_events(ev, v)) {
    out_ << "  " << paint(e.text, kCyan) << "\n";
    if (auto place = screen_.place_in(e.text);
        !place.empty() && (!opponent || screen_.follows_opponent(e.text)))
      focus_ = place;
  }
}

bool Console::advance() {
  while (!state_->terminal()) {
    const ToMove tm = state_->to_move();
    if (tm.kind == MoveKind::kChance) {
      const auto outcomes = state_->chance_outcomes();
      auto idx = dice_.pick(outcomes);
      if (!idx) {
        out_ << paint("error: dice: " + idx.error().to_string(), kRed) << "\n";
        return false;
      }
      if (auto ok = apply(kChance, outcomes[*idx].action); !ok) {
        out_ << paint("error: " + ok.error().to_string(), kRed) << "\n";
        return false;
      }
      continue;
    }
    // Bots among those to move go first; then it is the human's turn.
    Player bot_player = kChance;
    for (Player p : tm.players)
      if (seats_.seats[static_cast<std::size_t>(p)]) {
        bot_player = p;
        break;
      }
    if (bot_player == kChance) return true;
    Bot& bot = *seats_.seats[static_cast<std::size_t>(bot_player)];
    const bool thinking = show_thinking_ && bot.deliberates();
    if (thinking)
      out_ << game_.player_name(bot_player) << " (" << bot.name() << " bot) is thinking..."
           << std::flush;
    const Action a = bot.choose(*state_, bot_player, bot.needs_view() ? state_->view(bot_player) : std::string());
    if (thinking) out_ << "\r\033[K" << std::flush;  // the line is taken back
    if (auto ok = apply(bot_player, a); !ok) {
      out_ << paint("error: the " + bot.name() + " bot chose '" + a.to_string() +
                        "', which was refused: " + ok.error().to_string(),
                    kRed)
           << "\n";
      return false;
    }
  }
  return true;
}

void Console::show_choices(Player p, const std::string& filter, std::size_t limit) {
  const auto legal = state_->legal_actions(p);
  std::size_t shown = 0, matching = 0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const std::string text = legal[i].to_string();
    if (!filter.empty() && text.find(filter) == std::string::npos) continue;
    ++matching;
    if (shown >= limit) continue;
    ++shown;
    const std::string note = screen_.choice_note(*state_, p, legal[i]);
    out_ << "  " << (i + 1 < 10 ? " " : "") << (i + 1) << ") " << text << (note.empty() ? "" : "   [" + note + "]")
         << "\n";
  }
  if (matching > shown)
    out_ << "  ... and " << (matching - shown) << " more: 'choices' lists them all, 'choices WORD' those with WORD\n";
  if (matching == 0) out_ << "  (no choice contains '" << filter << "')\n";
}

void Console::show_decision(Player p) {
  const std::string view = state_->view(p);
  out_ << "\n" << paint("== " + game_.name() + " | " + screen_.status(view) + " ==", kBold) << "\n";
  out_ << screen_.map(view, focus_, color_);
  out_ << screen_.forces(view, false);
  if (const std::string what = screen_.asked(view); !what.empty()) out_ << what << "\n";
  out_ << paint(game_.player_name(p) + " to move. Your choices:", kBold) << "\n";
  show_choices(p, "", listed_);
  out_ << "Type a number or an action; 'help' lists the commands.\n";
}

void Console::help(Player p) {
  // The example is one of the orders open now: a made-up one read as a real
  // order, and was refused when typed (session 33's play test).
  std::string example;
  for (const auto& a : state_->legal_actions(p))
    if (example.empty() || (!a.args.empty() && example.find('=') == std::string::npos))
      example = a.to_string();
  out_ << "Commands:\n"
          "  N               take choice number N\n"
          "  ACTION TEXT     take an action by its text, as the choices show it"
       << (example.empty() ? "" : ", e.g. '" + example + "'")
       << "\n"
          "  choices [WORD]  list every legal choice (those containing WORD)\n"
          "  map [PLACE]     redraw the map (centred on PLACE, e.g. map 2107)\n"
          "  forces [enemy]  list your forces in full, with their HQs' ratings (or the enemy's, as "
          "far\n"
          "                  as you may see them)\n"
          "  odds N [full]   the exact odds of choice N (an attack, the French fire, a Forced "
          "March,\n"
          "                  a combat's artillery or re-roll), or of an action by its text; a "
          "small\n"
          "                  screen shows a combat's in short, 'full' every table\n"
          "  show            redraw the whole screen\n"
          "  undo            take back your last order, while no die has been rolled and the other "
          "side\n"
          "                  has not acted since (1870 rule 3.9: the German may, the French may "
          "not)\n"
          "  save FILE       save the game (scenario, seed, options and every action with its "
          "hash)\n"
          "  help            this list\n";
  if (autosave_path_.empty())
    out_ << "  quit            leave (save first if you want to resume with --load)\n";
  else
    out_ << "  quit            leave: the game is kept saved in " << autosave_path_
         << "\n                  (resume it with --load " << autosave_path_ << ")\n";
  if (const std::string legend = screen_.legend(); !legend.empty()) out_ << "The map:\n" << legend;
}

void Console::show_odds(Player p, const std::string& asked) {
  // "odds N full": every table, where a small screen gives a summary.
  std::string which = trim(asked);
  const bool full =
      which == "full" || (which.size() > 5 && which.compare(which.size() - 5, 5, " full") == 0);
  if (full) which = trim(which.substr(0, which.size() - 4));
  Action a;
  if (const std::size_t n = parse_choice_number(which); n > 0) {
    const auto legal = state_->legal_actions(p);
    if (n > legal.size()) {
      out_ << paint("error: choose a number from 1 to " + std::to_string(legal.size()), kRed) << "\n";
      return;
    }
    a = legal[n - 1];
  } else {
    auto parsed = Action::parse(which);
    if (!parsed) {
      out_ << paint("error: say which choice: odds N, or odds ACTION TEXT", kRed) << "\n";
      return;
    }
    a = *parsed;
  }
  auto text = screen_.choice_odds(*state_, p, a, full);
  if (!text) {
    out_ << paint(text.error().to_string(), kRed) << "\n";
    return;
  }
  out_ << *text;
}

void Console::save(const std::string& path) {
  if (path.empty()) {
    out_ << paint("error: say where to save: save FILE", kRed) << "\n";
    return;
  }
  if (auto ok = write_text_file(path, to_json(log_, game_)); !ok) {
    out_ << paint("error: " + ok.error().message, kRed) << "\n";
    return;
  }
  out_ << "saved " << log_.entries.size() << " actions to " << path << " (hash " << hash_text(state_->hash())
       << ")\n";
}

void Console::autosave() {
  if (autosave_path_.empty() || saved_changes_ == log_changes_) return;
  if (auto ok = write_text_file(autosave_path_, to_json(log_, game_)); !ok) {
    out_ << paint("error: the game could not be saved: " + ok.error().message +
                      "; the next order tries again, and 'save FILE' keeps it elsewhere",
                  kRed)
         << "\n";
    return;
  }
  saved_changes_ = log_changes_;
}

bool Console::leaves_all_saved() {
  if (autosave_path_.empty() || saved_changes_ == log_changes_) return true;
  out_ << paint("error: " + autosave_path_ +
                    " does not hold the last orders: the game could not be saved there (see "
                    "above); it holds the game as it was at its last save",
                kRed)
       << "\n";
  return false;
}

Console::Outcome Console::try_action(Player p, const Action& a) {
  // check() never mutates, so a refused order changes nothing.
  if (auto ok = state_->check(p, a); !ok) {
    out_ << paint(ok.error().to_string(), kRed) << "\n";
    return Outcome::kStay;
  }
  std::unique_ptr<State> before =
      seats_.takebacks[static_cast<std::size_t>(p)] ? state_->clone() : nullptr;
  const std::size_t log_size = log_.entries.size();
  if (auto ok = apply(p, a); !ok) {
    out_ << paint(ok.error().to_string(), kRed) << "\n";
    return Outcome::kStay;
  }
  if (before) undo_.push_back({p, std::move(before), log_size});
  return Outcome::kApplied;
}

Console::Outcome Console::undo(Player p) {
  const std::string rule =
      seats_.takeback_rule.empty() ? "" : " (rule " + seats_.takeback_rule + ")";
  if (!seats_.takebacks[static_cast<std::size_t>(p)]) {
    out_ << paint("illegal: " + game_.player_name(p) + " may not take back an order" + rule +
                      " (play --takebacks says who may)",
                  kRed)
         << "\n";
    return Outcome::kStay;
  }
  if (undo_.empty() || undo_.back().player != p) {
    const std::string why =
        "a die has been rolled or the other side has acted since your last order";
    out_ << paint("illegal: nothing to take back: " + why + rule, kRed) << "\n";
    return Outcome::kStay;
  }
  Checkpoint back = std::move(undo_.back());
  undo_.pop_back();
  const Action taken = log_.entries.at(back.log_size).action;
  state_ = std::move(back.state);
  log_.entries.resize(back.log_size);
  ++log_changes_;
  out_ << paint(game_.player_name(p) + " takes back: " + taken.to_string() + rule, kBold) << "\n";
  return Outcome::kApplied;
}

Console::Outcome Console::handle(Player p, const std::string& line) {
  const auto [word, rest] = split_word(line);
  if (word == "help" || word == "?") {
    help(p);
  } else if (word == "quit" || word == "exit") {
    return Outcome::kQuit;
  } else if (word == "show") {
    show_decision(p);
  } else if (word == "map") {
    if (!rest.empty()) {
      if (auto ok = screen_.valid_place(rest); !ok) {
        out_ << paint("error: " + ok.error().message, kRed) << "\n";
        return Outcome::kStay;
      }
      focus_ = rest;
    }
    out_ << screen_.map_alone(state_->view(p), focus_, color_);
  } else if (word == "forces") {
    // 'forces enemy' (or the enemy's name): what the player may see of the other side.
    const std::string them = game_.num_players() == 2 ? lower(game_.player_name(1 - p)) : "";
    if (rest.empty() || lower(rest) == lower(game_.player_name(p)))
      out_ << screen_.forces(state_->view(p), true);
    else if (lower(rest) == "enemy" || lower(rest) == them)
      out_ << screen_.enemy_forces(state_->view(p));
    else
      out_ << paint("error: 'forces' lists your forces, 'forces enemy' the enemy's; not '" + rest +
                        "'",
                    kRed)
           << "\n";
  } else if (word == "choices") {
    show_choices(p, rest, static_cast<std::size_t>(-1));
  } else if (word == "undo") {
    return undo(p);
  } else if (word == "save") {
    save(rest);
  } else if (word == "odds") {
    show_odds(p, rest);
  } else if (const std::size_t n = parse_choice_number(line); n > 0 || trim(line) == "0") {
    const auto legal = state_->legal_actions(p);
    if (n == 0 || n > legal.size()) {
      out_ << paint("error: choose a number from 1 to " + std::to_string(legal.size()), kRed) << "\n";
      return Outcome::kStay;
    }
    return try_action(p, legal[n - 1]);
  } else {
    const auto legal = state_->legal_actions(p);
    // Typed in the wrong case ("MOBILIZE", "hq=g-i"): the one order it can only mean.
    const std::string typed = lower(trim(line));
    const Action* meant = nullptr;
    int matches = 0;
    for (const auto& l : legal)
      if (lower(l.to_string()) == typed) {
        meant = &l;
        ++matches;
      }
    if (matches == 1) return try_action(p, *meant);
    auto a = Action::parse(line);
    if (!a) {
      const bool an_order =
          std::any_of(legal.begin(), legal.end(), [&](const Action& l) { return l.verb == word; });
      if (!an_order)
        out_ << paint("error: '" + std::string(word) +
                          "' is neither a command nor an order you can give now ('help' "
                          "lists the commands, 'choices' the orders)",
                      kRed)
             << "\n";
      else
        out_ << paint(a.error().to_string() + " ('help' lists the commands)", kRed) << "\n";
      return Outcome::kStay;
    }
    return try_action(p, *a);
  }
  return Outcome::kStay;
}

int Console::run() {
  out_ << paint(game_.name() + " - you play " + (viewer() == kUmpire ? "nobody" : game_.player_name(viewer())),
                kBold)
       << " (type 'help' for the commands)\n";
  if (!log_.entries.empty()) recap();
  autosave();
  while (true) {
    const bool went_on = advance();
    autosave();  // what happened up to an engine error too, for its report
    if (!went_on) return 1;
    if (state_->terminal()) {
      // The last position, as the player sees it, and the verdict in words: the
      // game used to end on the events alone and "Result: French 0 German 1".
      const std::string view = state_->view(viewer());
      out_ << "\n"
           << paint("== " + game_.name() + " | " + screen_.status(view) + " ==", kBold) << "\n";
      out_ << screen_.map(view, focus_, color_);
      if (viewer() != kUmpire) out_ << screen_.forces(view, false);
      const auto r = state_->returns();
      std::string verdict = "a draw";
      for (std::size_t p = 0; p < r.size(); ++p)
        if (r[p] == 1.0) verdict = game_.player_name(static_cast<Player>(p)) + " wins";
      out_ << paint("The game is over: " + verdict + ".", kBold) << " Result:";
      for (std::size_t p = 0; p < r.size(); ++p) out_ << " " << game_.player_name(static_cast<Player>(p)) << " " << r[p];
      out_ << "\nfinal hash " << hash_text(state_->hash()) << " after " << log_.entries.size() << " actions\n";
      return leaves_all_saved() ? 0 : 1;
    }
    const Player p = human_to_move();
    show_decision(p);
    Outcome o = Outcome::kStay;
    while (o == Outcome::kStay) {
      out_ << "> " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) {
        out_ << "\nend of input: leaving the game\n";
        return leaves_all_saved() ? 0 : 1;
      }
      line = trim(line);
      if (line.empty()) continue;
      o = handle(p, line);
    }
    if (o == Outcome::kQuit) {
      out_ << "Leaving after " << log_.entries.size() << " actions (hash "
           << hash_text(state_->hash()) << ")"
           << (autosave_path_.empty()
                   ? ""
                   : "; the game is kept in " + autosave_path_ + " (--load it to go on)")
           << ".\n";
      return leaves_all_saved() ? 0 : 1;
    }
  }
}

}  // namespace rz::bots
