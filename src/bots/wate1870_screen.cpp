#include "bots/wate1870_screen.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "rules/wate1870/odds.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::bots {

using nlohmann::json;
using wate1870::HexInfo;

namespace {

struct Stack {
  int sp[2] = {0, 0};
  bool hq[2] = {false, false};
  bool unseen[2] = {false, false};
};

int side_of(const json& v) {
  auto s = wate1870::parse_side(v.is_string() ? v.get<std::string>() : std::string());
  return s ? wate1870::index(*s) : -1;
}

std::string signed_number(int n) { return (n >= 0 ? "+" : "") + std::to_string(n); }

// An HQ counter's ratings (3.6, 3.6.2), of the side it shows (8.5.1).
std::string ratings(const wate1870::HqDef& def, bool replacement) {
  const wate1870::HqRatings& r = replacement ? def.replacement : def.front;
  return std::string(wate1870::rank_name(def.rank)) + " HQ" +
         (replacement ? " (replacement)" : "") + ": AB " + signed_number(r.ab) + ", DB " +
         signed_number(r.db) + ", MA " + std::to_string(r.ma) +
         (r.cautious ? " (cautious: +1 MP into an enemy ZOC)" : "") + ", commands " +
         std::to_string(def.command_limit) + " SP" + (def.cavalry ? ", cavalry" : "");
}

json parse_view(const std::string& view) {
  json j = json::parse(view, nullptr, false);
  return j.is_object() ? j : json::object();
}

std::string pad(std::string s, std::size_t w) {
  if (s.size() > w) s.resize(w);
  s.resize(w, ' ');
  return s;
}

char terrain_letter(const HexInfo& h, bool rail) {
  char c = 'c';
  switch (h.terrain) {
    case wate1870::Terrain::kClear: c = 'c'; break;
    case wate1870::Terrain::kForest: c = 'f'; break;
    case wate1870::Terrain::kRough: c = 'r'; break;
    case wate1870::Terrain::kMountain: c = 'm'; break;
  }
  return rail ? static_cast<char>(std::toupper(c)) : c;  // a capital: a railway runs through
}

}  // namespace

std::string Wate1870Screen::status(const std::string& view) const {
  const json j = parse_view(view);
  auto num = [&](const char* k) { return j.contains(k) && j[k].is_number() ? std::to_string(j[k].get<int>()) : "?"; };
  // Compact: within 80 columns with the console's "== 1870 | ... ==".
  std::string s = "Turn " + num("turn") + (compact_ ? "/" : " of ") + num("last_turn");
  s += " | " +
       (j.contains("phase") && j["phase"].is_string() ? j["phase"].get<std::string>() : "?") +
       (compact_ ? "" : " phase");
  s += " | VP " + num("vp");
  if (j.contains("rp") && j["rp"].is_array() && j["rp"].size() == 2)
    s += (compact_ ? " | RP Fr " : " | RP French ") + j["rp"][0].dump() +
         (compact_ ? ", Ge " : ", German ") + j["rp"][1].dump();
  if (j.contains("you") && j["you"].is_string()) s += " | you: " + j["you"].get<std::string>();
  if (j.value("over", false)) {
    const std::string w = j.contains("winner") && j["winner"].is_string() ? j["winner"].get<std::string>() + " victory"
                                                                           : "draw";
    s += " | GAME OVER: " + w;
  }
  return s;
}

std::string Wate1870Screen::place_in(std::string_view text) const {
  // The last four-digit number that is a hex of the map ("path=2206,2107" -> 2107).
  std::string found;
  for (std::size_t i = 0; i + 4 <= text.size(); ++i) {
    auto digit = [&](std::size_t k) { return k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])); };
    if ((i > 0 && digit(i - 1)) || !digit(i) || !digit(i + 1) || !digit(i + 2) || !digit(i + 3) || digit(i + 4))
      continue;
    auto h = hex::parse_hex(text.substr(i, 4));
    if (h && data_->map.on_map(*h)) found = h->id();
  }
  return found;
}

bool Wate1870Screen::follows_opponent(std::string_view text) const {
  for (const std::string_view word : {"mobilize", "return hq=", " returns ", "place ", " sets up "})
    if (text.find(word) != std::string_view::npos) return false;
  return true;
}

namespace {

// A place name as typed or printed, for comparing: lower case, the accents of
// French and German taken off, and no spaces or hyphens ("Pont-à-Mousson" and
// "pont a mousson" are "pontamousson"; "Saarbrücken" is "saarbrucken").
std::string folded(const std::string& name) {
  static const std::pair<const char*, const char*> kAccents[] = {
      {"à", "a"}, {"â", "a"},  {"ä", "a"}, {"ç", "c"}, {"é", "e"}, {"è", "e"}, {"ê", "e"},
      {"ë", "e"}, {"î", "i"},  {"ï", "i"}, {"ô", "o"}, {"ö", "o"}, {"ù", "u"}, {"û", "u"},
      {"ü", "u"}, {"ß", "ss"}, {"À", "a"}, {"Ä", "a"}, {"É", "e"}, {"Ö", "o"}, {"Ü", "u"}};
  std::string out;
  for (std::size_t i = 0; i < name.size();) {
    bool accent = false;
    for (const auto& [from, to] : kAccents) {
      const std::string_view f(from);
      if (name.compare(i, f.size(), f) == 0) {
        out += to;
        i += f.size();
        accent = true;
        break;
      }
    }
    if (accent) continue;
    const unsigned char c = static_cast<unsigned char>(name[i++]);
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
  }
  return out;
}

// Edits (insert, delete, change a letter) from a to b: a typo is one or two.
std::size_t edits(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

Result<hex::Hex> Wate1870Screen::find_place(const std::string& text) const {
  const auto& m = data_->map;
  if (auto h = hex::parse_hex(text); h && m.on_map(*h)) return *h;
  const std::string want = folded(text);
  // The whole name, then a name it begins, then one it is part of: each must be one place.
  std::vector<const wate1870::HexInfo*> begins, within, near;
  for (const auto& info : m.hexes()) {
    if (info.name.empty() || want.empty()) continue;
    const std::string name = folded(info.name);
    if (name == want) return info.hex;
    if (name.starts_with(want))
      begins.push_back(&info);
    else if (name.find(want) != std::string::npos)
      within.push_back(&info);
    else if (want.size() >= 4 && edits(want, name) <= 2)
      near.push_back(&info);
  }
  const auto& found = !begins.empty() ? begins : !within.empty() ? within : near;
  if (found.size() == 1 && (&found != &near)) return found.front()->hex;
  std::string names;
  for (std::size_t i = 0; i < found.size() && i < 6; ++i)
    names += (i ? ", " : "") + found[i]->name + " (" + found[i]->hex.id() + ")";
  if (found.size() > 6) names += ", ...";
  if (&found == &near && !found.empty())
    return make_error(Code::kNotFound,
                      "there is no place '" + text + "' on the map: did you mean " + names + "?");
  if (found.size() > 1)
    return make_error(Code::kNotFound, "'" + text + "' could be " + names + ": say which");
  return make_error(
      Code::kNotFound,
      "'" + text + "' is neither a hex of the map (e.g. 2107) nor a place on it (e.g. Metz)");
}

Status Wate1870Screen::valid_place(const std::string& id) const {
  auto h = find_place(id);
  if (!h) return h.error();
  return {};
}

namespace {

// The odds of `a` if it is an attack in a game of 1870, as `player` sees it.
std::optional<Result<wate1870::AttackOdds>> attack_odds_of(const State& state, Player player, const Action& a) {
  const auto* ws = dynamic_cast<const wate1870::WateState*>(&state);
  if (!ws || a.verb != "attack") return std::nullopt;
  std::optional<wate1870::Side> viewer;
  if (player >= 0) viewer = static_cast<wate1870::Side>(player);
  return wate1870::attack_odds(*ws, a, viewer);
}

// 8.4: the odds of `a`, a choice at the artillery or re-roll decision of the
// combat under way, as `player` sees the game; none for any other order.
std::optional<wate1870::CombatNowOdds> combat_now_odds_of(const State& state, Player player,
                                                          const Action& a) {
  const auto* ws = dynamic_cast<const wate1870::WateState*>(&state);
  if (!ws || (a.verb != "commit" && a.verb != "decline" && a.verb != "reroll" && a.verb != "keep"))
    return std::nullopt;
  auto now = wate1870::combat_now_odds(
      *ws, player >= 0 ? std::optional(static_cast<wate1870::Side>(player)) : std::nullopt);
  if (!now) return std::nullopt;
  auto only = wate1870::only_choice(std::move(*now), a.to_string());
  if (only.cases.empty()) return std::nullopt;
  return only;
}

// The place names a note may add to an HQ's name and stay, with the order and
// its number, within 80 columns (session 35's review: "4th Army / Army of the
// Meuse, 2704 Mannheim-Ludwigshafen: 12 SP" ran to 90).
constexpr std::size_t kNoteRoom = 30;

}  // namespace

std::string Wate1870Screen::place_note(const State& state, const Action& a) const {
  // Only what the player knows already: the map, and his own HQs and SP (an
  // order names none of the enemy's). The cost of a step is the one the rules
  // will charge, reckoned on the board the player plans with (ruling F-8).
  const auto* ws = dynamic_cast<const wate1870::WateState*>(&state);
  if (!ws) return "";
  auto named = [&](const std::string* id) -> std::string {
    const HexInfo* info = id ? data_->map.find(*id) : nullptr;
    return info ? info->name : std::string();
  };
  if (a.verb == "move") {
    const std::string* to = a.get("to");
    const auto h = to ? hex::parse_hex(*to) : std::nullopt;
    const auto mp = h ? ws->step_mp(*h) : std::nullopt;
    if (!mp || !ws->force()) return named(to);
    const std::string place = named(to);
    return (place.empty() ? "" : place + ": ") + std::to_string(*mp) + " MP, " +
           std::to_string(ws->force()->mp_left - *mp) + " left";
  }
  if (a.verb == "activate" || a.verb == "return" || (a.verb == "mobilize" && a.get("hq"))) {
    const std::string* id = a.get("hq");
    const wate1870::HqDef* def = id ? data_->forces.find(*id) : nullptr;
    if (!def) return named(a.get("hex"));
    // The formation without its commander, to keep the line within 80 columns:
    // "XII (Saxon) Corps (Crown Prince Albert)" is "XII (Saxon) Corps".
    std::string note = def->name.substr(0, def->name.back() == ')' ? def->name.rfind(" (") : std::string::npos);
    note = note.substr(0, note.find(" / "));  // "4th Army / Army of the Meuse"
    if (a.verb == "activate")
      for (const auto& q : ws->hqs())
        if (q.id == *id && q.hex) {
          int sp = 0;
          ws->position().sps.each_in(*q.hex, [&](const wate1870::SpGroup& g) {
            sp += g.side == q.side && !g.activated ? g.count : 0;
          });
          const HexInfo* info = data_->map.find(*q.hex);
          const std::string place = info && !info->name.empty() ? " " + info->name : "";
          // The SP it may take (3.6.2), where the hex holds more (session 36's
          // play test: "Baden Division, 2713 Freiburg: 16 SP" commands 4).
          note +=
              ", " + q.hex->id() + (note.size() + place.size() <= kNoteRoom ? place : "") + ": " +
              std::to_string(sp) + " SP" +
              (def->command_limit < sp ? ", commands " + std::to_string(def->command_limit) : "");
        }
    if (const std::string place = named(a.get("hex"));
        !place.empty() && note.size() + place.size() <= kNoteRoom)
      note += ", to " + place;
    return note;
  }
  for (const char* key : {"to", "hex", "target"})
    if (const std::string place = named(a.get(key)); !place.empty()) return place;
  return "";
}

std::string Wate1870Screen::choice_note(const State& state, Player player, const Action& a) const {
  // 8.6: a retreat into enemy SP or an unoccupied enemy ZOC eliminates the
  // force; the list offered such paths without a word. Tried on a copy: the
  // rules say so in the retreat's own event.
  // Under 12.2 the path may end beyond what the player may inspect: the note
  // would tell him of enemy SP he may not see, so none is given.
  const auto* ws = dynamic_cast<const wate1870::WateState*>(&state);
  if (a.verb == "retreat") {
    if (!ws || ws->options().flag("12.2")) return "";
    auto copy = state.clone();
    const auto ev = copy->apply(player, a);
    if (ev && std::any_of(ev->begin(), ev->end(), [](const Event& e) {
          return e.kind == "retreat" && e.text.find(", eliminated") != std::string::npos;
        }))
      return "the force is eliminated: enemy SP or zone of control (8.6)";
    return "";
  }
  if (auto now = combat_now_odds_of(state, player, a)) return wate1870::odds_brief(*now);
  auto odds = attack_odds_of(state, player, a);
  if (odds && odds->ok()) return wate1870::odds_brief(**odds);
  return place_note(state, a);
}

Result<std::string> Wate1870Screen::choice_odds(const State& state, Player player, const Action& a,
                                                bool full) const {
  // Session 35's play test: an attack's four artillery cases are some 150
  // lines, which scrolled off a terminal of 24.
  const bool summary = compact_ && !full;
  const std::string more = "('odds N full' gives every table)\n";
  const auto* ws = dynamic_cast<const wate1870::WateState*>(&state);
  // 7.1.2: the fire the French may open now (the German force is next to them: F-3).
  if (ws && (a.verb == "fire" || a.verb == "hold") &&
      player == wate1870::index(wate1870::Side::kFrench))
    if (const auto fire = wate1870::fire_odds(*ws)) return wate1870::odds_text(*fire);
  // 7.2: the Forced March roll, which depends on the extra MP alone.
  if (a.verb == "forced-march") {
    const std::string* extra = a.get("extra");
    if (!extra || (*extra != "1" && *extra != "2" && *extra != "3"))
      return make_error(Code::kMalformed, "a Forced March adds extra=1, 2 or 3 MP");
    return wate1870::odds_text(wate1870::forced_march_odds(std::stoi(*extra)));
  }
  if (auto now = combat_now_odds_of(state, player, a))
    return summary ? wate1870::odds_summary(*now) + more : wate1870::odds_text(*now);
  auto odds = attack_odds_of(state, player, a);
  if (!odds)
    return make_error(
        Code::kNotFound,
        "odds are given for attacks, Chassepot fire, Forced Marches and the artillery "
        "and re-roll of a combat; '" +
            a.to_string() + "' is none of them");
  if (!odds->ok()) return odds->error();
  return summary ? wate1870::odds_summary(**odds) + more : wate1870::odds_text(**odds);
}

std::string Wate1870Screen::map(const std::string& view, const std::string& centre, bool color) const {
  return window(view, centre, color, rows_);
}

std::string Wate1870Screen::map_alone(const std::string& view, const std::string& centre,
                                      bool color) const {
  return window(view, centre, color, alone_rows_);
}

std::string Wate1870Screen::window(const std::string& view, const std::string& centre, bool color,
                                   int rows) const {
  const json j = parse_view(view);
  const auto& m = data_->map;
  const int me = side_of(j.value("you", json()));

  // Stacks from the view only: what this player may see.
  std::map<hex::Hex, Stack> stacks;
  if (j.contains("sps") && j["sps"].is_array())
    for (const auto& g : j["sps"]) {
      auto h = hex::parse_hex(g.at(0).get<std::string>());
      const int s = side_of(g.at(1));
      if (h && s >= 0) stacks[*h].sp[s] += g.at(4).get<int>();
    }
  if (j.contains("hqs") && j["hqs"].is_array())
    for (const auto& q : j["hqs"]) {
      if (!q.at(1).is_string()) continue;
      auto h = hex::parse_hex(q.at(1).get<std::string>());
      const auto* def = data_->forces.find(q.at(0).get<std::string>());
      if (h && def) stacks[*h].hq[wate1870::index(def->side)] = true;
    }
  if (j.contains("uninspected_enemy_stacks") && j["uninspected_enemy_stacks"].is_array())
    for (const auto& u : j["uninspected_enemy_stacks"]) {
      auto h = hex::parse_hex(u.value("hex", std::string()));
      const int s = side_of(u.value("side", json()));
      if (h && s >= 0) stacks[*h].unseen[s] = true;
    }
  std::vector<std::string> destroyed;
  if (j.contains("destroyed") && j["destroyed"].is_array())
    for (const auto& d : j["destroyed"]) destroyed.push_back(d.get<std::string>());
  // 3.7: who controls each hex, one letter per hex of the map in its order
  // (public under 12.2: ruling F-6).
  const std::string control =
      j.contains("control") && j["control"].is_string() ? j["control"].get<std::string>() : "";

  // The centre: the place asked for, else the middle of the viewer's SP, else the map's middle.
  hex::Hex c{(m.col_min() + m.col_max()) / 2, (m.row_min() + m.row_max()) / 2};
  bool have_centre = false;
  if (auto h = hex::parse_hex(centre); h && m.on_map(*h)) {
    c = *h;
    have_centre = true;
  } else if (!centre.empty()) {
    if (const auto place = find_place(centre)) {
      c = *place;
      have_centre = true;
    }
  }
  if (!have_centre && me >= 0) {
    long sc = 0, sr = 0, n = 0;
    for (const auto& [h, st] : stacks)
      if (st.sp[me] > 0) {
        sc += h.col * st.sp[me];
        sr += h.row * st.sp[me];
        n += st.sp[me];
      }
    if (n > 0) c = {static_cast<int>(sc / n), static_cast<int>(sr / n)};
  }
  auto clamp_start = [](int want, int lo, int hi, int size) { return std::max(lo, std::min(want, hi - size + 1)); };
  const int c0 = clamp_start(c.col - cols_ / 2, m.col_min(), m.col_max(), cols_);
  const int r0 = clamp_start(c.row - rows / 2, m.row_min(), m.row_max(), rows);

  auto paint = [&](const std::string& s, const char* code) {
    return color ? "\x1b[" + std::string(code) + "m" + s + "\x1b[0m" : s;
  };
  const char* side_color[2] = {"34", "35"};  // French blue, German magenta

  const int c1 = std::min(m.col_max(), c0 + cols_ - 1), r1 = std::min(m.row_max(), r0 + rows - 1);
  std::string out;
  const HexInfo* ci = m.find(c);
  out += "Map around " + c.id() + (ci && !ci->name.empty() ? " " + ci->name : std::string()) +
         " (columns " + std::to_string(c0) + "-" + std::to_string(c1) + ", rows " +
         std::to_string(r0) + "-" + std::to_string(r1) + "):\n";
  // Each hex a cell of 7 characters; even-r: even rows sit half a hex further east (hex.hpp).
  constexpr std::size_t kCell = 7;
  const auto indent = [](int row) -> std::size_t { return row % 2 == 0 ? 3 : 0; };
  // The hex whose cell holds column x of the lines of `row`, if the window has one there.
  const auto cell_at = [&](int row, std::size_t x) -> std::optional<hex::Hex> {
    if (x < indent(row)) return std::nullopt;
    const int col = c0 + static_cast<int>((x - indent(row)) / kCell);
    if (col > c1) return std::nullopt;
    return hex::Hex{col, row};
  };
  const auto river = [&](const std::string& marks) {  // each run of marks painted once
    std::string s;
    for (std::size_t i = 0; i < marks.size();) {
      const std::size_t j = std::min(marks.find_first_not_of(marks[i], i), marks.size());
      s += marks[i] == '~' ? paint(marks.substr(i, j - i), "36") : marks.substr(i, j - i);
      i = j;
    }
    return s;
  };
  for (int r = r0; r <= r1; ++r) {
    std::string line1(indent(r), ' '), line2 = line1;
    for (int col = c0; col <= c1; ++col) {
      const hex::Hex h{col, r};
      const HexInfo* info = m.find(h);
      // A river along the hexside with the next hex east (3.4, 8.6, GAP-W-02/03): the blank
      // between the two cells' stacks.
      const std::string east = col < c1 && m.river(h, {col + 1, r}) ? paint("~", "36") : " ";
      if (!info) {
        line1 += "       ";
        line2 += "       ";
        continue;
      }
      if (wate1870::neutral(info->country)) {
        line1 += paint(h.id(), "2") + "   ";
        line2 +=
            paint(pad("(" + std::string(wate1870::country_code(info->country)) + ")", 6), "2") +
            east;
        continue;
      }
      char feature = ' ';
      if (info->town) feature = 'o';
      if (info->fortress_sr > 0)
        feature = std::find(destroyed.begin(), destroyed.end(), h.id()) != destroyed.end() ? 'x' : '#';
      const std::string id = h == c ? paint(h.id(), "7") : h.id();
      // A hex the other side controls (3.7): its country's enemy holds it.
      const auto at = static_cast<std::size_t>(m.index_of(h));
      const char holder = at < control.size() ? control[at] : '-';
      const char own = info->country == wate1870::Country::kFrance ? 'F' : 'G';
      const std::string held =
          holder != '-' && holder != own ? paint("*", side_color[holder == 'F' ? 0 : 1]) : " ";
      // The mark of a hex held by the enemy follows its terrain and feature; with
      // no feature, the terrain: at the cell's end, after a blank, it read as
      // the next hex's (session 36's play test: "2709C *2809m").
      line1 += id + std::string(1, terrain_letter(*info, m.rail(h))) +
               (feature == ' ' ? held + " " : std::string(1, feature) + held);

      std::string cell;
      const char* code = "2";
      if (auto it = stacks.find(h); it != stacks.end()) {
        for (int s = 0; s < 2; ++s) {
          const Stack& st = it->second;
          if (st.sp[s] == 0 && !st.hq[s] && !st.unseen[s]) continue;
          cell += s == 0 ? "F" : "G";
          if (st.sp[s] > 0) cell += std::to_string(st.sp[s]);
          if (st.hq[s]) cell += "+";
          if (st.unseen[s] && st.sp[s] == 0) cell += "?";
          code = side_color[s];
        }
      }
      if (cell.empty()) cell = info->name;  // a place name where no stack stands
      line2 += (cell.empty() ? pad(cell, 6) : paint(pad(cell, 6), code)) + east;
    }
    auto rtrim = [](std::string s) { return s.erase(s.find_last_not_of(' ') + 1); };
    out += rtrim(line1) + "\n" + rtrim(line2) + "\n";
    // The rivers along the hexsides with the row below, drawn under the part of
    // each cell that touches its neighbour there: a line only where there are some.
    if (r == r1) continue;
    std::string under;
    for (std::size_t x = 0; x < 3 + kCell * static_cast<std::size_t>(c1 - c0 + 1); ++x) {
      const auto above = cell_at(r, x), below = cell_at(r + 1, x);
      under += above && below && m.river(*above, *below) ? '~' : ' ';
    }
    if (under.find('~') != std::string::npos) out += river(rtrim(under)) + "\n";
  }
  if (compact_)  // 'help' gives the legend in full
    return out + "  cfrm terrain (CAPS rail) o town # fort x destroyed * enemy ? unseen ~ river\n";
  return out + legend();
}

std::string Wate1870Screen::legend() const {
  return "  c clear f forest r rough m mountain (CAPITAL: railway)  o town  # fortress  x "
         "destroyed\n"
         "  * controlled by the enemy of its country (3.7)  (L) (B) (S) neutral Luxembourg,\n"
         "  Belgium, Switzerland: no force may enter\n"
         "  ~ a river along the hexside between two hexes: +1 MP to cross (GAP-W-02), no ZOC\n"
         "  across it (3.4), an attack across it shifts a column left (GAP-W-03), a retreat\n"
         "  across it absorbs 1d6 (8.6)\n"
         "  F12 = 12 French SP, G8 = 8 German SP, + an HQ, G? an uninspected stack; names are "
         "places\n";
}

namespace {

// The formations of side `me` in view `j`: a few lines, or one formation a line (`detailed`).
std::string listing(const wate1870::GameData& data, const json& j, int me, bool detailed,
                    const std::string& title) {
  struct Formation {
    std::string hq_at;
    std::string flags;
    int sp = 0;
    std::string where;
  };
  std::map<std::string, Formation> forms;
  std::vector<std::string> order, pool;
  const bool unseen_hqs = me != side_of(j.value("you", json())) && j.contains("options") &&
                          j["options"].is_object() && j["options"].value("12.2", "") == "on";
  auto touch = [&](const std::string& id) -> Formation& {
    if (!forms.count(id)) order.push_back(id);
    return forms[id];
  };
  if (j.contains("hqs") && j["hqs"].is_array())
    for (const auto& q : j["hqs"]) {
      const std::string id = q.at(0).get<std::string>();
      const auto* def = data.forces.find(id);
      if (!def || wate1870::index(def->side) != me) continue;
      if (q.at(4).get<bool>()) {
        pool.push_back(id);
        continue;
      }
      Formation& f = touch(id);
      f.hq_at = q.at(1).is_string() ? q.at(1).get<std::string>() : "off map";
      if (q.at(2).get<bool>()) f.flags += " replacement";
      if (q.at(3).get<bool>()) f.flags += " activated";
      if (q.at(5).get<int>() > 0) f.flags += " returns turn " + std::to_string(q.at(5).get<int>());
    }
  if (j.contains("sps") && j["sps"].is_array())
    for (const auto& g : j["sps"]) {
      if (side_of(g.at(1)) != me) continue;
      Formation& f = touch(g.at(2).get<std::string>());
      const int n = g.at(4).get<int>();
      f.sp += n;
      const std::string status = g.at(3).get<std::string>();
      f.where += " " + g.at(0).get<std::string>() + ":" + std::to_string(n);
      if (status != "good") f.where += status.substr(0, 3);  // "dis", "dem" (3.5)
      if (g.at(5).get<bool>()) f.where += "*";                // activated this turn
      if (g.at(6).get<bool>()) f.where += "(rail)";
    }
  std::string out = title;
  if (!detailed) {
    // "G-1A@2304:12" four to a line; 'forces' gives the long form.
    std::vector<std::string> items;
    for (const auto& id : order) {
      const Formation& f = forms[id];
      // SP mobilized without an HQ (6.2) belong to no formation: where they stand.
      items.push_back(id.empty() ? "no formation:" + f.where
                                 : id + "@" + (f.hq_at.empty() ? "-" : f.hq_at) + ":" +
                                       std::to_string(f.sp) +
                                       (f.flags.find("activated") != std::string::npos ? "*" : ""));
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
      const bool row_end = i % 4 == 3 || i + 1 == items.size();
      out += (i % 4 == 0 ? "\n  " : "  ") + (row_end ? items[i] : pad(items[i], 18));
    }
    out += pool.empty() ? "\n" : "\n  force pool:";
    for (const auto& id : pool) out += " " + id;
    if (!pool.empty()) out += "\n";
    return out;
  }
  out += "\n";
  for (const auto& id : order) {
    const Formation& f = forms[id];
    const auto* def = data.forces.find(id);
    // The name in full (it was cut at 23 characters: "2nd Army (Friedrich Kar").
    const std::string name = def ? def->name : std::string(id.empty() ? "no formation (6.2)" : "");
    std::string line = "  " + pad(id.empty() ? "-" : id, 7) + name +
                       std::string(name.size() < 23 ? 24 - name.size() : 1, ' ');
    // Under 12.2 an enemy HQ out of sight is not in the view: it is unseen, not
    // absent (session 36's play test read "F-NAP ... no HQ").
    line += !f.hq_at.empty() ? pad("HQ " + f.hq_at, 10) : unseen_hqs ? "HQ unseen " : "no HQ     ";
    if (f.sp > 0) line += " " + std::to_string(f.sp) + " SP:" + f.where;
    out += line + f.flags + "\n";
    if (def)
      out += "         " + ratings(*def, f.flags.find("replacement") != std::string::npos) + "\n";
  }
  if (!pool.empty()) {
    out += "  force pool:";
    for (const auto& id : pool) out += " " + id;
    out += "\n";
  }
  return out;
}

}  // namespace

std::string Wate1870Screen::forces(const std::string& view, bool detailed) const {
  const json j = parse_view(view);
  const int me = side_of(j.value("you", json()));
  if (me < 0) return "(the umpire has no forces)\n";
  return listing(*data_, j, me, detailed, "Your forces (" + j["you"].get<std::string>() + "):");
}

std::string Wate1870Screen::asked(const std::string& view) const {
  // The play test of session 33: with two hexes to retreat, the list of paths
  // did not say whose retreat it was. The step due is the player's own.
  const json j = parse_view(view);
  if (!j.contains("steps") || !j["steps"].is_array() || j["steps"].empty()) return "";
  const json& s = j["steps"].back();
  if (s.value("side", "") != j.value("you", "")) return "";
  const std::string kind = s.value("kind", ""), hex = s.value("hex", "");
  const auto n = [&](std::size_t i) {
    return s.contains("n") && s["n"].is_array() && s["n"].size() > i ? s["n"][i].get<int>() : 0;
  };
  if (kind == "retreat")
    return "Your force in " + hex +
           " lost the combat and retreats 1 or 2 hexes, each closer to a source of supply (8.6).";
  if (kind == "absorb")
    return std::string(
               !j.contains("combat") || !j["combat"].is_object()
                   ? "Your force absorbs the Chassepot Fire's losses (7.1.2): "
               : j["combat"].value("stage", 7) == 7
                   ? "Your SP in the combat absorb its losses (8.5): "
                   : "Your force absorbs the losses of the river it crossed in retreat (8.6): ") +
           (n(0) > 0 ? std::to_string(n(0)) + " SP to eliminate"
                     : wate1870::steps_text(n(1)) + " to absorb") +
           ".";
  if (kind == "advance" && j.contains("combat") && j["combat"].is_object())
    return "You won: advance into " + j["combat"].value("target", std::string("the vacated hex")) +
           " with the SP of an attacking hex (and its HQs: ruling C-11), or stay (8.7).";
  if (kind == "chassepot-choice")
    return "The German force in " + hex +
           " is moving next to your forces: fire or hold (7.1.2; 'odds fire' gives the odds).";
  if (kind == "artillery")
    return "Commit your artillery to this combat, or decline (8.4; 'odds commit' gives the odds).";
  if (kind == "reroll")
    return "You committed artillery: re-roll one of your dice, or keep them (8.4; 'odds N' gives "
           "the odds of choice N).";
  // Session 35's play test: the list offers the next unit and a formation's
  // whole group (ruling F-4's listing choice), and did not say more is allowed.
  if (kind == "setup") {
    // What is left to place: the view holds the player's own (setup.cpp):
    // [side, HQ, formation, default hex, SP, status, flipped].
    std::vector<std::string> hqs;
    std::vector<std::pair<std::string, int>> sp;
    if (j.contains("setup") && j["setup"].is_array())
      for (const auto& p : j["setup"]) {
        if (!p.is_array() || p.size() < 5 || p[0] != j.value("you", "")) continue;
        if (!p[1].get<std::string>().empty()) {
          hqs.push_back(p[1].get<std::string>());
          continue;
        }
        const std::string f = p[2].get<std::string>().empty() ? "none" : p[2].get<std::string>();
        if (sp.empty() || sp.back().first != f) sp.emplace_back(f, 0);
        sp.back().second += p[4].get<int>();
      }
    std::string left;
    std::size_t width = 0;
    auto add = [&](const std::string& item) {
      if (width + item.size() + 1 > 78) left += "\n", width = 0;
      left += (width ? " " : "  ") + item;
      width += item.size() + (width ? 1 : 2);
    };
    for (const auto& h : hqs) add(h);
    for (const auto& [f, n] : sp) add(f + ":" + std::to_string(n) + "SP");
    return "Set up in your own country (14.0). The choices place the next unit in a town,\n"
           "fortress or rail hex; you may also type any unit still to place, any hex of\n"
           "your country and any number of a formation's SP (place formation=ID hex=XXYY\n"
           "sp=N), or auto-setup. Still to place (HQs, then SP by formation):\n" +
           left;
  }
  return "";
}

std::string Wate1870Screen::enemy_forces(const std::string& view) const {
  const json j = parse_view(view);
  const int me = side_of(j.value("you", json()));
  if (me < 0) return "(the umpire has no enemy)\n";
  const int them = 1 - me;
  const std::string name(wate1870::side_name(static_cast<wate1870::Side>(them)));
  // The view holds only what the player may see (12.2, ruling GAP-W-40): so does the list.
  const bool fog =
      j.contains("options") && j["options"].is_object() && j["options"].value("12.2", "") == "on";
  return listing(*data_, j, them, true,
                 "The enemy's forces (" + name + ")" +
                     (fog ? ", those you may inspect (fog of war, rule 12.2):" : ":"));
}

Status set_takebacks(const Game& game, const std::string& who, ConsoleSeats& seats) {
  seats.takeback_rule = "3.9";
  seats.takebacks.assign(static_cast<std::size_t>(game.num_players()), false);
  if (who == "none") return {};
  if (who == "both") {
    seats.takebacks.assign(seats.takebacks.size(), true);
    return {};
  }
  auto p = game.player_from_name(who == "rulebook" ? "German" : who);
  if (!p)
    return make_error(Code::kMalformed,
                      "'" + who + "' is not rulebook, German, French, both or none", "3.9");
  seats.takebacks[static_cast<std::size_t>(*p)] = true;
  return {};
}

}  // namespace rz::bots
