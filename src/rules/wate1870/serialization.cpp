// The saved game: a state as JSON and back (WateState::serialize, from_json).
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>

#include "core/json_fault.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

using nlohmann::json;

namespace {

// A saved list of HQ names (a force's, a combat's casualty checks).
std::vector<Name> names_of(const json& list) {
  std::vector<Name> out;
  for (const auto& n : list) out.emplace_back(n.get<std::string>());
  return out;
}

constexpr std::array<std::pair<std::string_view, StepKind>, 27> kStepNames{{
    {"administrative", StepKind::kAdministrative},
    {"initiative", StepKind::kInitiative},
    {"activate", StepKind::kActivate},
    {"hq-orders", StepKind::kHqOrders},
    {"force-orders", StepKind::kForceOrders},
    {"march", StepKind::kMarch},
    {"siege-roll", StepKind::kSiegeRoll},
    {"recovery", StepKind::kRecovery},
    {"absorb", StepKind::kAbsorb},
    {"combat", StepKind::kCombat},
    {"artillery", StepKind::kArtillery},
    {"combat-dice", StepKind::kCombatDice},
    {"reroll", StepKind::kReroll},
    {"reroll-die", StepKind::kRerollDie},
    {"hq-casualty", StepKind::kHqCasualtyRoll},
    {"retreat", StepKind::kRetreat},
    {"river-loss", StepKind::kRiverLoss},
    {"advance", StepKind::kAdvance},
    {"chassepot-choice", StepKind::kChassepotChoice},
    {"chassepot-roll", StepKind::kChassepotRoll},
    {"forced-march-roll", StepKind::kForcedMarchRoll},
    {"march-hq-casualty", StepKind::kMarchHqCasualty},
    {"setup", StepKind::kSetup},
    {"cavalry-roll", StepKind::kCavalryRoll},
    {"cavalry-retreat", StepKind::kCavalryRetreat},
    {"hq-displace", StepKind::kHqDisplace},
    {"hq-displace-roll", StepKind::kHqDisplaceRoll},
}};

json combat_json(const Combat& c) {
  json from = json::array(), retreats = json::array(), retreated_to = json::array();
  for (auto h : c.from) from.push_back(h.id());
  for (auto h : c.retreats) retreats.push_back(h.id());
  for (auto h : c.retreated_to) retreated_to.push_back(h.id());
  json j{{"attacker", side_name(c.attacker)},
         {"target", c.target.id()},
         {"march", c.march},
         {"from", from},
         {"stage", c.stage},
         {"drm", {c.drm[0], c.drm[1]}},
         {"raw", {c.raw[0], c.raw[1]}},
         {"may_commit", {c.may_commit[0], c.may_commit[1]}},
         {"artillery_rp", {c.artillery_rp[0], c.artillery_rp[1]}},
         {"committed", {c.committed[0], c.committed[1]}},
         {"dice", {{c.dice[0][0], c.dice[0][1]}, {c.dice[1][0], c.dice[1][1]}}},
         {"winner", side_name(c.winner)},
         {"spread", c.spread},
         {"hqs", c.hqs},
         {"retreats", retreats},
         {"retreated_to", retreated_to}};
  if (!c.hqs_retreated.empty()) j["hqs_retreated"] = c.hqs_retreated;  // 8.6
  return j;
}

}  // namespace

std::string_view step_kind_name(StepKind k) {
  for (const auto& [name, kind] : kStepNames)
    if (kind == k) return name;
  return "?";
}

namespace {

json step_json(const Step& s) {
  for (const auto& [name, kind] : kStepNames)
    if (kind == s.kind)
      return json{
          {"kind", name}, {"side", side_name(s.side)}, {"hex", s.hex.id()}, {"n", {s.n1, s.n2}}};
  return json{};
}

StepKind parse_step_kind(const std::string& k) {
  for (const auto& [name, kind] : kStepNames)
    if (name == k) return kind;
  throw std::invalid_argument("unknown step " + k);
}

json setup_json(const SetupPiece& p) {  // 14.0 (setup.cpp)
  return json{side_name(p.side),     p.hq,     p.formation, p.hex.id(), p.sp,
              status_name(p.status), p.flipped};
}

json sp_json(const SpGroup& g) {
  json j{g.hex.id(),  side_name(g.side), g.formation, status_name(g.status), g.count, g.activated,
         g.entrained, g.acting,          g.engaged};
  if (g.retreated != 0)
    j.push_back(g.retreated);  // only in a combat's retreat (8.6); older saves have 9
  return j;
}

// Every number of a saved state is a whole number an int holds (the seed: a
// 64-bit one). nlohmann converts 1e308 or 2^40 into an int without a word
// (a turn of -2147483648), so a damaged number is found here first.
bool number_fits(const json& v, bool seed) {
  if (seed) return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
  if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= INT32_MAX;
  return v.is_number_integer() && v.get<std::int64_t>() >= INT32_MIN &&
         v.get<std::int64_t>() <= INT32_MAX;
}

// The first number that does not fit: its place ("rp[0]") and what it holds.
// The place is built only for such a number: a load walks every value.
bool find_bad_number(const json& v, bool seed, std::string& place, std::string& value) {
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it)
      if (find_bad_number(*it, it.key() == "seed", place, value)) {
        place = it.key() + (place.empty() || place[0] == '[' ? "" : ".") + place;
        return true;
      }
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (find_bad_number(v[i], false, place, value)) {
        place = "[" + std::to_string(i) + "]" + place;
        return true;
      }
  } else if (v.is_number() && !number_fits(v, seed)) {
    value = v.dump();
    return true;
  }
  return false;
}

std::string bad_number(const json& j) {
  std::string place, value;
  if (!find_bad_number(j, false, place, value)) return "";
  return "'" + place + "' is " + value + ", not a whole number " +
         (place == "seed" ? "of 0 or more" : "from -2147483648 to 2147483647");
}

}  // namespace

std::string WateState::serialize() const { return to_json().dump(); }

nlohmann::json WateState::to_json() const {
  json j;
  j["game"] = "1870";
  j["version"] = 1;
  j["scenario"] = scenario_name_;
  j["seed"] = seed_;
  j["options"] = options_.values;
  j["turn"] = turn_;
  j["last_turn"] = last_turn_;
  j["phase"] = phase_name(phase_);
  j["vp"] = vp_;
  j["rp"] = {rp_[0], rp_[1]};
  j["first_activation"] = first_activation_ ? json(side_name(*first_activation_)) : json(nullptr);
  j["consecutive_passes"] = consecutive_passes_;
  json sps = json::array();
  for (const auto& g : pos_.sps) sps.push_back(sp_json(g));
  j["sps"] = sps;
  json hqs = json::array();
  for (const auto& h : pos_.hqs)
    hqs.push_back({h.id, h.hex ? json(h.hex->id()) : json(nullptr), h.flipped, h.activated,
                   h.in_pool, h.returns_on_turn});
  j["hqs"] = hqs;
  std::string control;
  for (auto c : pos_.control) control += c < 0 ? '-' : (c == 0 ? 'F' : 'G');
  j["control"] = control;
  json destroyed = json::array();
  for (const auto& h : pos_.destroyed) destroyed.push_back(h.id());
  j["destroyed"] = destroyed;
  json uses = json::array();  // 6.2 / 10.0 per-phase bookkeeping
  for (const auto& u : uses_)
    uses.push_back({side_name(u.side), u.hex.id(), u.sp, u.hq, u.recovered});
  j["uses"] = uses;
  json steps = json::array();
  for (const auto& s : steps_) steps.push_back(step_json(s));
  j["steps"] = steps;
  json frames = json::array();
  for (const auto& f : frames_) frames.push_back({f.hq, f.limit_left});
  j["frames"] = frames;
  if (force_) {
    const auto& f = *force_;
    j["force"] = {
        {"side", side_name(f.side)},
        {"hex", f.hex.id()},
        {"hqs", f.hqs},
        {"hq_action", f.hq_action},
        {"mp_left", f.mp_left},
        {"cautious", f.cautious},
        {"moved", f.moved},
        {"must_stop", f.must_stop},
        {"entrained", f.entrained},
        {"forced", f.forced},
        {"fired_to", f.fired_to ? json(f.fired_to->id()) : json(nullptr)}};  // 7.1.2, 7.1.3, 7.2
  } else {
    j["force"] = nullptr;
  }
  j["eliminated"] = {eliminated_[0], eliminated_[1]};
  j["rail"] = {rail_turn_, rail_sp_[0], rail_sp_[1]};  // 7.1.3 (march.cpp)
  j["combat"] = combat_ ? combat_json(*combat_) : json(nullptr);
  json setup = json::array();  // 14.0 (setup.cpp)
  for (const auto& p : setup_) setup.push_back(setup_json(p));
  j["setup"] = setup;
  j["exited"] = {{"sp", exited_sp_}, {"hqs", exited_hqs_}};  // GAP-W-29 (victory.cpp)
  j["over"] = over_;
  j["winner"] = winner_ ? json(side_name(*winner_)) : json(nullptr);
  j["end_reason"] = end_reason_;
  return j;
}

Result<std::unique_ptr<WateState>> WateState::from_json(std::shared_ptr<const GameData> data,
                                                        const std::string& text, bool saved_game) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded())
    return make_error(Code::kMalformed,
                      "the saved game is not valid JSON (" + json_syntax_fault(text) + ")");
  if (!j.is_object()) return make_error(Code::kMalformed, "the saved game is not a JSON object");
  if (const std::string twice = json_duplicate_key(text); !twice.empty())
    return make_error(Code::kMalformed, "the saved game is damaged: " + twice);
  if (const std::string why = bad_number(j); !why.empty())
    return make_error(Code::kMalformed, "the saved game is damaged: " + why);
  // Where a damaged file went wrong, as a JSON pointer ("/steps/3"): nlohmann's
  // own messages ("type must be number, but is null") name no field.
  std::string at;
  auto key = [&](const char* k) -> const json& {
    at = std::string("/") + k;
    return j.at(k);
  };
  auto item = [&](const char* k, std::size_t& n) {
    at = "/" + std::string(k) + "/" + std::to_string(n++);
  };
  try {
    if (j.at("game") != "1870" || j.at("version") != 1)
      return make_error(Code::kMalformed, "the saved game is not a version-1 game of 1870");
    std::map<std::string, std::string> opts = key("options");
    auto st = std::make_unique<WateState>(std::move(data), GameOptions{opts});
    auto side = [](const json& v) -> Side {
      auto s = parse_side(v.get<std::string>());
      if (!s) throw std::invalid_argument("unknown side " + v.dump());
      return *s;
    };
    auto hex_of = [&](const json& v) -> hex::Hex {
      auto h = hex::parse_hex(v.get<std::string>());
      if (!h || !st->data_->map.on_map(*h))
        throw std::invalid_argument("hex " + v.dump() + " is not on the map");
      return *h;
    };
    st->scenario_name_ = key("scenario");
    st->seed_ = key("seed");
    st->turn_ = key("turn");
    st->last_turn_ = key("last_turn");
    auto ph = parse_phase(key("phase").get<std::string>());
    if (!ph) throw std::invalid_argument("unknown phase");
    st->phase_ = *ph;
    st->vp_ = key("vp");
    st->rp_[0] = key("rp").at(0);
    st->rp_[1] = key("rp").at(1);
    if (!key("first_activation").is_null()) st->first_activation_ = side(key("first_activation"));
    st->consecutive_passes_ = key("consecutive_passes");
    // Checked as read: groups alike are merged (Position::normalise).
    long long side_sp[kSides] = {0, 0};
    std::size_t n_sps = 0;
    for (const auto& g : key("sps")) {
      item("sps", n_sps);
      auto status = parse_status(g.at(3).get<std::string>());
      if (!status) throw std::invalid_argument("unknown status");
      const int count = g.at(4).get<int>();
      if (count <= 0 || count > kSavedGroupSp)
        throw std::invalid_argument("an SP group in " + g.at(0).get<std::string>() + " holds " +
                                    std::to_string(count) + " SP, not from 1 to " +
                                    std::to_string(kSavedGroupSp));
      const Side s = side(g.at(1));
      if ((side_sp[index(s)] += count) > kSavedSideSp)
        throw std::invalid_argument("the " + std::string(side_name(s)) + " have more than " +
                                    std::to_string(kSavedSideSp) + " SP on the map");
      const int mark = g.size() > 9 ? g.at(9).get<int>() : 0;  // 8.6 (SpGroup::retreated)
      if (mark < 0 || mark > SpGroup::kRetreatedNow)
        throw std::invalid_argument("an SP group in " + g.at(0).get<std::string>() +
                                    " has retreat mark " + std::to_string(mark) +
                                    ", not 0, 1 or 2");
      st->pos_.sps.push_back({s, hex_of(g.at(0)), g.at(2).get<std::string>(), *status, count,
                              g.at(5), g.at(6), g.at(7), g.at(8), static_cast<std::uint8_t>(mark)});
    }
    std::size_t n_hqs = 0;
    for (const auto& h : key("hqs")) {
      item("hqs", n_hqs);
      const HqDef* def = st->data_->forces.find(h.at(0).get<std::string>());
      if (!def) throw std::invalid_argument("unknown HQ " + h.at(0).dump());
      HqUnit u{def->id, def->side, std::nullopt, h.at(2), h.at(3), h.at(4), h.at(5)};
      if (!h.at(1).is_null()) u.hex = hex_of(h.at(1));
      // One counter each (3.6); it returns on a turn of the game (8.5.1).
      if (st->pos_.hq(def->id)) throw std::invalid_argument("HQ " + def->id + " is listed twice");
      if (u.returns_on_turn < 0)
        throw std::invalid_argument("HQ " + def->id + " returns on turn " +
                                    std::to_string(u.returns_on_turn));
      st->pos_.hqs.push_back(u);
    }
    const std::string control = key("control");
    if (control.size() != st->pos_.control.size())
      throw std::invalid_argument("control has the wrong length");
    for (std::size_t i = 0; i < control.size(); ++i)
      st->pos_.control[i] = control[i] == 'F' ? 0 : control[i] == 'G' ? 1 : -1;
    for (const auto& h : key("destroyed")) st->pos_.destroyed.push_back(hex_of(h));
    if (j.contains("uses"))  // 6.2 / 10.0 per-phase bookkeeping
      for (std::size_t n_uses = 0; const auto& u : key("uses")) {
        item("uses", n_uses);
        st->uses_.push_back({side(u.at(0)), hex_of(u.at(1)), u.at(2), u.at(3), u.at(4)});
      }
    std::size_t n_steps = 0;
    for (const auto& s : key("steps")) {
      item("steps", n_steps);
      // A step's hex is "0000" where the step is about no hex.
      auto h = hex::parse_hex(s.at("hex").get<std::string>());
      if (!h)
        throw std::invalid_argument("step hex " + s.at("hex").dump() + " is not a hex number");
      st->steps_.push_back({parse_step_kind(s.at("kind")), side(s.at("side")), *h, s.at("n").at(0),
                            s.at("n").at(1)});
    }
    std::size_t n_frames = 0;
    for (const auto& f : key("frames")) {
      item("frames", n_frames);
      if (!st->pos_.hq(f.at(0).get<std::string>()))
        throw std::invalid_argument("unknown HQ in the chain " + f.at(0).dump());
      st->frames_.push_back({f.at(0), f.at(1)});
    }
    if (!key("force").is_null()) {
      const json& f = key("force");
      ActiveForce af{side(f.at("side")), hex_of(f.at("hex")), names_of(f.at("hqs")),
                     f.at("hq_action"),  f.at("mp_left"),     f.at("cautious"),
                     f.at("moved"),      f.at("must_stop")};
      af.entrained = f.value("entrained", false);  // 7.1.2, 7.1.3, 7.2 (march.cpp)
      af.forced = f.value("forced", false);
      if (f.contains("fired_to") && !f.at("fired_to").is_null())
        af.fired_to = hex_of(f.at("fired_to"));
      st->force_ = af;
    }
    if (!key("combat").is_null()) {
      const json& cj = key("combat");
      Combat c;
      c.attacker = side(cj.at("attacker"));
      c.target = hex_of(cj.at("target"));
      c.march = cj.at("march");
      for (const auto& h : cj.at("from")) c.from.push_back(hex_of(h));
      c.stage = cj.at("stage");
      for (int i = 0; i < kSides; ++i) {
        c.drm[i] = cj.at("drm").at(i);
        c.raw[i] = cj.at("raw").at(i);
        c.may_commit[i] = cj.at("may_commit").at(i);
        c.artillery_rp[i] = cj.at("artillery_rp").at(i);
        c.committed[i] = cj.at("committed").at(i);
        c.dice[i][0] = cj.at("dice").at(i).at(0);
        c.dice[i][1] = cj.at("dice").at(i).at(1);
      }
      c.winner = side(cj.at("winner"));
      c.spread = cj.at("spread");
      c.hqs = names_of(cj.at("hqs"));
      for (const auto& h : cj.at("retreats")) c.retreats.push_back(hex_of(h));
      if (cj.contains("retreated_to"))  // 8.1, 8.6, GAP-W-35
        for (const auto& h : cj.at("retreated_to")) c.retreated_to.push_back(hex_of(h));
      if (cj.contains("hqs_retreated")) c.hqs_retreated = names_of(cj.at("hqs_retreated"));
      st->combat_ = c;
    }
    st->eliminated_[0] = key("eliminated").at(0);
    st->eliminated_[1] = key("eliminated").at(1);
    if (j.contains("rail")) {  // 7.1.3 (march.cpp)
      st->rail_turn_ = key("rail").at(0);
      st->rail_sp_[0] = key("rail").at(1);
      st->rail_sp_[1] = key("rail").at(2);
    }
    if (j.contains("setup"))  // 14.0 (setup.cpp)
      for (std::size_t n_setup = 0; const auto& p : key("setup")) {
        item("setup", n_setup);
        auto status = parse_status(p.at(5).get<std::string>());
        if (!status) throw std::invalid_argument("unknown status in the set-up");
        SetupPiece piece{side(p.at(0)), p.at(1), p.at(2), hex_of(p.at(3)),
                         p.at(4),       *status, p.at(6)};
        if (!piece.hq.empty() && !st->data_->forces.find(piece.hq))
          throw std::invalid_argument("unknown HQ " + piece.hq);
        if (piece.hq.empty() && piece.sp <= 0)
          throw std::invalid_argument("a set-up piece must hold at least 1 SP");
        st->setup_.push_back(std::move(piece));
      }
    if (j.contains("exited")) {  // GAP-W-29 (victory.cpp)
      st->exited_sp_ = key("exited").at("sp");
      st->exited_hqs_ = key("exited").at("hqs").get<std::vector<std::string>>();
    }
    st->over_ = key("over");
    if (!key("winner").is_null()) st->winner_ = side(key("winner"));
    st->end_reason_ = key("end_reason");
    st->pos_.sps.set_fortresses(&st->data_->map.fortress_hexes());  // SpList::zoc_version
    st->pos_.normalise();
    at.clear();  // what follows names its own place
    if (const std::string why = st->inconsistency(); !why.empty()) throw std::invalid_argument(why);
    if (const std::string why = saved_game ? st->saved_fault() : ""; !why.empty())
      throw std::invalid_argument(why);
    return st;
  } catch (const std::exception& e) {
    return make_error(
        Code::kMalformed,
        "the saved game is damaged: " + (at.empty() ? "" : "at " + at + ": ") + json_error_text(e));
  }
}

}  // namespace rz::wate1870
