#include "core/game_log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/json_fault.hpp"

namespace rz {

using nlohmann::json;

namespace {

constexpr const char* kChanceName = "chance";

std::string player_text(Player p, const Game& game) {
  return p == kChance ? std::string(kChanceName) : game.player_name(p);
}

Error damaged(const std::string& what) { return make_error(Code::kMalformed, "the game log is damaged: " + what); }

std::optional<std::uint64_t> parse_hash(const json& v) {
  if (!v.is_string()) return std::nullopt;
  const std::string s = v.get<std::string>();
  if (s.size() != 16) return std::nullopt;
  std::uint64_t h = 0;
  for (char c : s) {
    int d = -1;
    if (c >= '0' && c <= '9') d = c - '0';
    if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    if (d < 0) return std::nullopt;
    h = (h << 4) | static_cast<std::uint64_t>(d);
  }
  return h;
}

// What a field of `type` must hold, as the refusal says it.
const char* kind_of(json::value_t type) {
  switch (type) {
    case json::value_t::string:
      return "text in quotes";
    case json::value_t::number_unsigned:
      return "a whole number of 0 or more";
    case json::value_t::object:
      return "an object { }";
    case json::value_t::array:
      return "a list [ ]";
    default:
      return "another type";
  }
}

// A value as a refusal quotes it: short, on one line.
std::string quoted(const json& v) {
  std::string s = v.dump();
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

// The field `key` of object `j`, or an error naming it, what it must hold and
// what it holds.
Result<const json*> field(const json& j, const char* key, json::value_t type, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end()) return damaged(where + "the field '" + key + "' is missing");
  const bool number_ok = type == json::value_t::number_unsigned && it->is_number_unsigned();
  if (!number_ok && it->type() != type)
    return damaged(where + "the field '" + key + "' has the wrong type: it must be " +
                   kind_of(type) + ", not " + quoted(*it));
  return &*it;
}

Result<LogEntry> parse_entry(const json& e, std::size_t i, const Game& game) {
  const std::string where = "entry " + std::to_string(i + 1) + ": ";
  if (!e.is_object()) return damaged(where + "it is not an object");
  auto p = field(e, "player", json::value_t::string, where);
  if (!p) return p.error();
  auto a = field(e, "action", json::value_t::string, where);
  if (!a) return a.error();
  auto h = field(e, "hash", json::value_t::string, where);
  if (!h) return h.error();
  LogEntry entry;
  const std::string name = (*p)->get<std::string>();
  if (name == kChanceName) {
    entry.player = kChance;
  } else {
    auto player = game.player_from_name(name);
    if (!player || *player < 0 || *player >= game.num_players())
      return damaged(where + "there is no player '" + name + "' in " + game.name());
    entry.player = *player;
  }
  auto action = Action::parse((*a)->get<std::string>());
  if (!action) return damaged(where + "the action '" + (*a)->get<std::string>() + "' does not parse: " +
                              action.error().message);
  entry.action = std::move(action).value();
  auto hash = parse_hash(**h);
  if (!hash) return damaged(where + "the hash " + (*h)->dump() + " is not 16 hex digits");
  entry.hash = *hash;
  return entry;
}

}  // namespace

std::string hash_text(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string to_json(const GameLog& log, const Game& game) {
  // Fixed field order and one entry per line keep saves readable and diffable.
  std::vector<std::pair<std::string, json>> head = {{"system", log.system},
                                                    {"scenario", log.scenario},
                                                    {"options", log.options.values},
                                                    {"seed", log.seed}};
  if (log.initial_hash) head.emplace_back("initial_hash", hash_text(*log.initial_hash));
  if (!log.meta.empty()) head.emplace_back("meta", log.meta);
  std::string out = "{\n";
  for (const auto& [k, v] : head) out += "  " + json(k).dump() + ": " + v.dump() + ",\n";
  out += "  \"entries\": [";
  for (std::size_t i = 0; i < log.entries.size(); ++i) {
    const LogEntry& e = log.entries[i];
    const nlohmann::ordered_json row = {{"player", player_text(e.player, game)}, {"action", e.action.to_string()},
                      {"hash", hash_text(e.hash)}};
    out += (i ? ",\n    " : "\n    ") + row.dump();
  }
  out += log.entries.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

namespace {

// A saved state (run --save) names its game as "game": one position, without
// the orders that led to it, so no game goes on from it.
bool saved_state(const json& j) { return !j.contains("system") && j.contains("game"); }

Error not_a_log() {
  return make_error(Code::kMalformed,
                    "this is a saved state (a position, as run --save writes it), not a game "
                    "log: a game goes on from its log (play's own file, run --log); render "
                    "--saved and odds --saved read either");
}

}  // namespace

Result<std::string> log_system(std::string_view text) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return damaged("it is not valid JSON (" + json_syntax_fault(text) + ")");
  if (!j.is_object()) return damaged("it is not a JSON object");
  if (saved_state(j)) return not_a_log();
  if (const std::string twice = json_duplicate_key(text); !twice.empty()) return damaged(twice);
  auto s = field(j, "system", json::value_t::string, "");
  if (!s) return s.error();
  return (*s)->get<std::string>();
}

Result<GameLog> parse_game_log(std::string_view text, const Game& game) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return damaged("it is not valid JSON (" + json_syntax_fault(text) + ")");
  if (!j.is_object()) return damaged("it is not a JSON object");
  if (saved_state(j)) return not_a_log();
  if (const std::string twice = json_duplicate_key(text); !twice.empty()) return damaged(twice);
  GameLog log;
  auto system = field(j, "system", json::value_t::string, "");
  if (!system) return system.error();
  log.system = (*system)->get<std::string>();
  if (log.system != game.name())
    return damaged("it is a game of '" + log.system + "', not of " + game.name());
  auto scenario = field(j, "scenario", json::value_t::string, "");
  if (!scenario) return scenario.error();
  log.scenario = (*scenario)->get<std::string>();
  auto options = field(j, "options", json::value_t::object, "");
  if (!options) return options.error();
  for (const auto& [k, v] : (*options)->items()) {
    if (!v.is_string())
      return damaged("option '" + k + "' must be text such as \"on\", not " + quoted(v));
    log.options.values[k] = v.get<std::string>();
  }
  auto seed = field(j, "seed", json::value_t::number_unsigned, "");
  if (!seed) return seed.error();
  log.seed = (*seed)->get<std::uint64_t>();
  if (auto it = j.find("initial_hash"); it != j.end()) {
    auto h = parse_hash(*it);
    if (!h) return damaged("the initial_hash " + it->dump() + " is not 16 hex digits");
    log.initial_hash = *h;
  }
  if (auto it = j.find("meta"); it != j.end()) {
    auto meta = field(j, "meta", json::value_t::object, "");
    if (!meta) return meta.error();
    // Every value is text (to_json writes them so): one that is not was edited,
    // and dropping it would lose what the file says without a word.
    for (const auto& [k, v] : it->items()) {
      if (!v.is_string())
        return damaged("meta '" + k + "' must be text in quotes, not " + quoted(v));
      log.meta[k] = v.get<std::string>();
    }
  }
  auto entries = field(j, "entries", json::value_t::array, "");
  if (!entries) return entries.error();
  for (std::size_t i = 0; i < (*entries)->size(); ++i) {
    auto e = parse_entry((**entries)[i], i, game);
    if (!e) return e.error();
    log.entries.push_back(std::move(e).value());
  }
  return log;
}

Result<std::string> read_text_file(const std::string& path) {
  // A folder opens as a stream that reads nothing: an empty file, silently.
  if (std::error_code ec; std::filesystem::is_directory(path, ec))
    return make_error(Code::kNotFound, "cannot read the file " + path + ": it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return make_error(Code::kNotFound,
                      "cannot read the file " + path + ": " + std::strerror(errno));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Status write_text_file(const std::string& path, const std::string& text) {
  // A save is a player's game: the file is replaced whole or not at all, and
  // is on the disk when this returns, so a kill or a power cut leaves the old
  // game or the new one, never a part. The copy is written beside the file
  // (rename is atomic within one file system), synced, renamed over it, and
  // the folder synced so that the rename itself lasts.
  const auto fail = [&](const std::string& what) {
    return make_error(Code::kNotFound,
                      "cannot write the file " + path + ": " + what + ": " + std::strerror(errno));
  };
  const std::string part = path + ".part";
  const int fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return fail("cannot create " + part);
  // Written and synced, or removed again with the cause of the failure.
  const char* step = "writing";
  int cause = 0;
  for (std::size_t done = 0; done < text.size() && cause == 0;) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n > 0)
      done += static_cast<std::size_t>(n);
    else if (n == 0 || errno != EINTR)
      cause = n == 0 ? EIO : errno;
  }
  if (cause == 0 && ::fsync(fd) != 0) {
    step = "syncing";
    cause = errno;
  }
  if (::close(fd) != 0 && cause == 0) {
    step = "closing";
    cause = errno;
  }
  const auto give_up = [&](const std::string& what) {
    ::unlink(part.c_str());
    errno = cause;
    return fail(what + " " + part);
  };
  if (cause != 0) return give_up(step);
  if (std::rename(part.c_str(), path.c_str()) != 0) {
    cause = errno;
    return give_up("renaming");
  }
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  const int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return fail("opening its folder");
  const bool folder_synced = ::fsync(dir) == 0;
  ::close(dir);
  if (!folder_synced) return fail("syncing its folder");
  return {};
}

Status check_writable(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return make_error(Code::kNotFound, "cannot write the file " + path + ": it is a folder");
  const std::string part = path + ".part";  // what write_text_file makes first
  const int fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return make_error(Code::kNotFound, "cannot write the file " + path + ": cannot create " + part +
                                           ": " + std::strerror(errno));
  ::close(fd);
  ::unlink(part.c_str());
  return {};
}

Result<std::unique_ptr<State>> start_state(const Game& game, const GameLog& log) {
  if (log.system != game.name())
    return make_error(Code::kMalformed, "the log is a game of '" + log.system + "', not of " + game.name());
  auto st = game.initial_state(log.scenario, log.options, log.seed);
  if (!st) return st.error();
  if (log.initial_hash && (*st)->hash() != *log.initial_hash)
    return make_error(Code::kIllegal, "step 0 (the start) diverges: the scenario gives hash " +
                                          hash_text((*st)->hash()) + ", the log says " +
                                          hash_text(*log.initial_hash) +
                                          " (the scenario or the data files have changed)");
  return st;
}

Result<Events> apply_entry(const Game& game, State& state, const GameLog& log, std::size_t i) {
  const LogEntry& e = log.entries.at(i);
  const std::string step = "step " + std::to_string(i + 1) + " (" + player_text(e.player, game) + ": " +
                           e.action.to_string() + ")";
  auto ev = state.apply(e.player, e.action);
  if (!ev) return make_error(Code::kIllegal, step + " is refused: " + ev.error().to_string());
  if (state.hash() != e.hash)
    return make_error(Code::kIllegal, step + " diverges: the state hash is " + hash_text(state.hash()) +
                                          ", the log says " + hash_text(e.hash));
  return ev;
}

Status apply_log(const Game& game, State& state, const GameLog& log, std::size_t from, const StepObserver& on_step) {
  for (std::size_t i = from; i < log.entries.size(); ++i) {
    auto ev = apply_entry(game, state, log, i);
    if (!ev) return ev.error();
    if (on_step) on_step(i, log.entries[i], *ev);
  }
  return {};
}

Result<std::unique_ptr<State>> replay_log(const Game& game, const GameLog& log, const StepObserver& on_step) {
  auto st = start_state(game, log);
  if (!st) return st.error();
  if (auto ok = apply_log(game, **st, log, 0, on_step); !ok) return ok.error();
  return st;
}

Result<std::unique_ptr<State>> load_game_or_state(const Game& game, const std::string& path) {
  auto text = read_text_file(path);
  if (!text) return text.error();
  const auto system = log_system(*text);
  if (system && *system != game.name())
    return make_error(Code::kMalformed,
                      path + " is a game log of '" + *system + "', not of " + game.name());
  if (system) {
    auto log = parse_game_log(*text, game);
    if (!log) return make_error(Code::kMalformed, path + ": " + log.error().message);
    auto st = replay_log(game, *log);
    if (!st) return make_error(Code::kMalformed, path + " does not replay: " + st.error().message);
    return st;
  }
  auto st = game.deserialize(*text);
  if (!st) {
    // A saved state names its game ("game": "1870"): then only its damage is news.
    const json j = json::parse(*text, nullptr, false);
    return make_error(Code::kMalformed, path +
                                            (j.is_object() && saved_state(j)
                                                 ? ": "
                                                 : " is neither a game log nor a saved state: ") +
                                            st.error().message);
  }
  return st;
}

}  // namespace rz
