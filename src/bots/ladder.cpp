#include "bots/ladder.hpp"

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>
#include <tuple>

#include "bots/bot.hpp"
#include "core/dice.hpp"
#include "core/json_fault.hpp"
#include "rules/wate1870/state.hpp"

// The results file: one line a game, for example
//   {"scenario":"historical","options":["12.2"],"max_steps":200000,
//    "bots":["search","heuristic"],"side":0,"seed":1000,"finished":true,
//    "score":1.0,"timing":[{...},{...}]}
// "side" is the player bots[0] played (0 French, 1 German in 1870), "score"
// its result, "timing" the two bots' clocks in the order of "bots".

namespace rz::bots {

void Clock::add(const Clock& o) {
  total_ms += o.total_ms;
  max_ms = std::max(max_ms, o.max_ms);
  turn_total_ms += o.turn_total_ms;
  turn_max_ms = std::max(turn_max_ms, o.turn_max_ms);
}

void Timing::add(const Timing& o) {
  wall.add(o.wall);
  cpu.add(o.cpu);
  decisions += o.decisions;
  turns += o.turns;
}

namespace {

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// Times choose() of the bot it wraps, per decision and per side-turn.
class TimedBot final : public Bot {
 public:
  explicit TimedBot(std::unique_ptr<Bot> inner) : inner_(std::move(inner)) {}
  Action choose(const State& st, Player p, const std::string& view) override {
    const auto* ws = dynamic_cast<const wate1870::WateState*>(&st);
    const int turn = ws ? ws->turn() : 0;
    if (turn != turn_) close_turn(), turn_ = turn;
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = thread_cpu_ms();
    Action a = inner_->choose(st, p, view);
    decision(t.cpu, cpu_turn_, thread_cpu_ms() - c0);
    decision(
        t.wall, wall_turn_,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    ++t.decisions;
    return a;
  }
  std::string name() const override { return inner_->name(); }
  bool needs_view() const override { return inner_->needs_view(); }
  // Ends the side-turn in progress (call at the end of the game too).
  void close_turn() {
    if (turn_ < 0) return;
    for (auto [c, ms] : {std::pair{&t.cpu, &cpu_turn_}, std::pair{&t.wall, &wall_turn_}}) {
      c->turn_total_ms += *ms;
      c->turn_max_ms = std::max(c->turn_max_ms, *ms);
      *ms = 0;
    }
    ++t.turns;
    turn_ = -1;
  }
  Timing t;

 private:
  static void decision(Clock& c, double& turn_ms, double ms) {
    c.total_ms += ms;
    c.max_ms = std::max(c.max_ms, ms);
    turn_ms += ms;
  }
  std::unique_ptr<Bot> inner_;
  int turn_ = -1;
  double cpu_turn_ = 0, wall_turn_ = 0;
};

using Key = std::tuple<std::size_t, std::size_t, Player, std::uint64_t>;
Key key_of(const LadderGame& g) { return {g.first, g.second, g.side, g.seed}; }

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

nlohmann::json clock_json(const Clock& c) {
  return {{"total_ms", c.total_ms},
          {"max_ms", c.max_ms},
          {"turn_total_ms", c.turn_total_ms},
          {"turn_max_ms", c.turn_max_ms}};
}

Clock clock_from(const nlohmann::json& j) {
  return {j.at("total_ms").get<double>(), j.at("max_ms").get<double>(),
          j.at("turn_total_ms").get<double>(), j.at("turn_max_ms").get<double>()};
}

}  // namespace

std::vector<LadderGame> ladder_schedule(const LadderConfig& c) {
  std::vector<LadderGame> out;
  for (int g = 0; g < c.games; ++g)
    for (std::size_t i = 0; i < c.bots.size(); ++i)
      for (std::size_t j = i + 1; j < c.bots.size(); ++j)
        for (Player s = 0; s < 2; ++s) {
          LadderGame x;
          x.first = i;
          x.second = j;
          x.side = s;
          x.seed = c.seed + static_cast<std::uint64_t>(g);
          out.push_back(x);
        }
  return out;
}

Result<std::vector<LadderGame>> run_ladder(const Game& game, const LadderConfig& c,
                                           const std::vector<LadderGame>& done,
                                           const std::function<void(const LadderGame&)>& on_game) {
  if (c.bots.size() < 2 || c.games < 1)
    return make_error(Code::kMalformed,
                      "a ladder needs at least two bots and one game per pairing");
  if (game.num_players() != 2)
    return make_error(Code::kMalformed, "a ladder pairs two players; " + game.name() + " has " +
                                            std::to_string(game.num_players()));
  for (const auto& name : c.bots)
    if (auto b = make_bot(name, 1); !b) return b.error();
  GameOptions options;
  for (const auto& o : c.options) options.values[o] = "on";

  std::map<Key, LadderGame> have;
  for (const auto& g : done) have.emplace(key_of(g), g);
  std::vector<LadderGame> todo;
  for (const auto& g : ladder_schedule(c))
    if (!have.count(key_of(g))) todo.push_back(g);

  std::atomic<std::size_t> next{0};
  std::mutex report;
  std::optional<Error> failure;
  auto worker = [&] {
    for (std::size_t k; (k = next++) < todo.size();) {
      LadderGame& out = todo[k];
      // Everything a game uses is its own, seeded from its seed and seat alone
      // (as in simulate.cpp), so that the order the bots are named in does not
      // change the game.
      const auto bot_seed = [&](Player p) {
        return out.seed * 2 + 1 + static_cast<std::uint64_t>(p);
      };
      TimedBot x(std::move(make_bot(c.bots[out.first], bot_seed(out.side))).value());
      TimedBot y(std::move(make_bot(c.bots[out.second], bot_seed(1 - out.side))).value());
      std::vector<Bot*> seats(2);
      seats[static_cast<std::size_t>(out.side)] = &x;
      seats[static_cast<std::size_t>(1 - out.side)] = &y;
      SeededDice dice(out.seed);
      auto played = play_game(game, c.scenario, options, out.seed, seats, dice, c.max_steps, false);
      std::lock_guard lock(report);
      if (!played) {
        if (!failure)
          failure = make_error(
              played.error().code,
              "game with seed " + std::to_string(out.seed) + ": " + played.error().message,
              played.error().rule);
        next = todo.size();
        return;
      }
      x.close_turn();
      y.close_turn();
      out.finished = played->finished;
      out.score = played->returns[static_cast<std::size_t>(out.side)];
      out.timing[0] = x.t;
      out.timing[1] = y.t;
      have.emplace(key_of(out), out);
      if (on_game) on_game(out);
    }
  };
  const int n = std::max(1, std::min(c.threads, static_cast<int>(todo.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) return *failure;
  std::vector<LadderGame> all;
  for (const auto& g : ladder_schedule(c)) all.push_back(have.at(key_of(g)));
  return all;
}

Result<LadderFile> LadderFile::open(const std::string& path, const LadderConfig& config) {
  LadderFile f;
  f.path_ = path;
  f.config_ = config;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    // No results yet: the file is made now, so that a ladder that could not
    // keep its games says so before it plays them.
    std::FILE* made = std::fopen(path.c_str(), "ab");
    if (!made)
      return make_error(Code::kNotFound,
                        path + ": cannot make the results file: " + std::strerror(errno));
    std::fclose(made);
    return f;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  std::string text = buf.str();
  in.close();
  // A kill while a line was written leaves it without its newline: drop it,
  // so that the next game is appended on a line of its own.
  if (const auto end = text.rfind('\n') + 1; end != text.size()) {
    text.resize(end);
    std::error_code ec;
    std::filesystem::resize_file(path, end, ec);
    if (ec)
      return make_error(Code::kDataError,
                        path + ": could not drop a line cut short: " + ec.message());
  }
  const auto options = sorted(config.options);
  std::map<Key, bool> seen;
  std::istringstream lines(text);
  std::string line;
  for (int no = 1; std::getline(lines, line); ++no) {
    if (line.empty()) continue;
    auto bad = [&](const std::string& why) {
      return make_error(Code::kDataError, path + ":" + std::to_string(no) + ": " + why);
    };
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return bad("not a JSON object");
    if (const std::string twice = json_duplicate_key(line); !twice.empty()) return bad(twice);
    LadderGame g;
    std::string a, b;
    try {
      const auto& names = j.at("bots");
      if (!names.is_array() || names.size() != 2) return bad("\"bots\" must name two bots");
      a = names[0].get<std::string>();
      b = names[1].get<std::string>();
      g.side = j.at("side").get<int>();
      if (g.side != 0 && g.side != 1) return bad("\"side\" must be 0 or 1");
      g.seed = j.at("seed").get<std::uint64_t>();
      g.finished = j.at("finished").get<bool>();
      g.score = j.at("score").get<double>();
      if (g.score < 0 || g.score > 1) return bad("\"score\" must be between 0 and 1");
      const auto& t = j.at("timing");
      if (!t.is_array() || t.size() != 2) return bad("\"timing\" must hold two bots' clocks");
      for (std::size_t k = 0; k < 2; ++k) {
        g.timing[k].decisions = t[k].at("decisions").get<long>();
        g.timing[k].turns = t[k].at("turns").get<long>();
        g.timing[k].wall = clock_from(t[k].at("wall"));
        g.timing[k].cpu = clock_from(t[k].at("cpu"));
      }
      // Another ladder's game: kept in the file, not counted here.
      if (j.at("scenario").get<std::string>() != config.scenario ||
          sorted(j.at("options").get<std::vector<std::string>>()) != options ||
          j.at("max_steps").get<long>() != config.max_steps || g.seed < config.seed ||
          g.seed >= config.seed + static_cast<std::uint64_t>(config.games)) {
        ++f.ignored_;
        continue;
      }
    } catch (const nlohmann::json::exception& e) {
      return bad(e.what());
    }
    const auto ia = std::find(config.bots.begin(), config.bots.end(), a);
    // A bot against itself (heuristic,heuristic): the second of the name.
    const auto ib = std::find(a == b && ia != config.bots.end() ? ia + 1 : config.bots.begin(),
                              config.bots.end(), b);
    if (ia == config.bots.end() || ib == config.bots.end()) {
      ++f.ignored_;
      continue;
    }
    g.first = static_cast<std::size_t>(ia - config.bots.begin());
    g.second = static_cast<std::size_t>(ib - config.bots.begin());
    if (g.first > g.second) {
      // The same game seen from the other bot of the pairing.
      std::swap(g.first, g.second);
      std::swap(g.timing[0], g.timing[1]);
      g.side = 1 - g.side;
      g.score = 1 - g.score;
    }
    if (!seen.emplace(key_of(g), true).second) {
      ++f.ignored_;  // the same game twice (games are deterministic)
      continue;
    }
    f.games_.push_back(g);
  }
  return f;
}

Status LadderFile::append(const LadderGame& g) {
  nlohmann::json timing = nlohmann::json::array();
  for (const auto& t : g.timing)
    timing.push_back({{"decisions", t.decisions},
                      {"turns", t.turns},
                      {"wall", clock_json(t.wall)},
                      {"cpu", clock_json(t.cpu)}});
  const nlohmann::json j = {{"scenario", config_.scenario},
                            {"options", sorted(config_.options)},
                            {"max_steps", config_.max_steps},
                            {"bots", {config_.bots[g.first], config_.bots[g.second]}},
                            {"side", g.side},
                            {"seed", g.seed},
                            {"finished", g.finished},
                            {"score", g.score},
                            {"timing", timing}};
  const std::string line = j.dump() + "\n";
  // Appended in one write and synced: a finished game survives a kill.
  std::FILE* out = std::fopen(path_.c_str(), "ab");
  if (!out)
    return make_error(Code::kNotFound,
                      path_ + ": cannot open the results file to append: " + std::strerror(errno));
  const bool ok = std::fwrite(line.data(), 1, line.size(), out) == line.size() &&
                  std::fflush(out) == 0 && ::fsync(fileno(out)) == 0;
  std::fclose(out);
  if (!ok) return make_error(Code::kInternal, path_ + ": could not write a game's result");
  games_.push_back(g);
  return {};
}

LadderTally tally(const std::vector<LadderGame>& games, std::size_t first, std::size_t second,
                  int side) {
  LadderTally t;
  for (const auto& g : games) {
    if (g.first != first || g.second != second || (side >= 0 && g.side != side)) continue;
    t.timing[0].add(g.timing[0]);
    t.timing[1].add(g.timing[1]);
    // A game cut off at --max-steps has no result (GAP-W-01): its returns were
    // 0 for the bot listed first and so 1 for the other, which made a short
    // --max-steps decide the ladder by the order of --bots.
    if (!g.finished) {
      ++t.unfinished;
      continue;
    }
    ++t.games;
    t.score += g.score;
    if (g.score > 0.75)
      ++t.wins;
    else if (g.score < 0.25)
      ++t.losses;
    else
      ++t.draws;
  }
  return t;
}

}  // namespace rz::bots
