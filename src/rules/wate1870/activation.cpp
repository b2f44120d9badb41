// 7.0 Action Phase: activating HQs and forces, chains of activations and
// command limits (3.6.1, 3.6.2; rulings GAP-W-07, GAP-W-08, GAP-W-12).
#include <algorithm>
#include <array>
#include <cassert>
#include <string>

#include "rules/wate1870/command.hpp"
#include "rules/wate1870/order_list.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/state.hpp"

namespace rz::wate1870 {

std::string WateState::hq_label(const std::string& id) const {
  const HqDef* def = data_->forces.find(id);
  return def ? def->name + " HQ" : id;
}

int WateState::available_sp(Side side, hex::Hex h) const {
  int n = 0;
  pos_.sps.each_in(h, [&](const SpGroup& g) {
    if (g.side == side && !g.activated && !g.acting) n += g.count;
  });
  return n;
}

namespace {

// Up to n unactivated SP of `side` and status `want` among the first `had`
// groups of a hex's run, split off as acting (take_sps); returns how many are
// still wanted.
int take_status(std::vector<SpGroup>& run, std::size_t had, Side side, Status want, int n,
                bool off_train, std::optional<Status> as) {
  for (std::size_t i = 0; i < had && n > 0; ++i) {
    SpGroup& g = run[i];
    if (g.side != side || g.activated || g.acting || (off_train && g.entrained) || g.status != want)
      continue;
    const int k = std::min(n, g.count);
    SpGroup taken = g;
    taken.count = k;
    taken.activated = true;
    taken.acting = true;
    if (as) taken.status = *as;
    g.count -= k;
    n -= k;
    run.push_back(taken);
  }
  return n;
}

constexpr std::array kStatuses{Status::kGood, Status::kDisrupted, Status::kDemoralized};

}  // namespace

void WateState::take_sps(Side side, hex::Hex h, int n, bool worst_first, bool off_train,
                         std::optional<Status> as) {
  // Best status first to move or fight, worst first to rally.
  const auto order =
      worst_first ? std::array{Status::kDemoralized, Status::kDisrupted, Status::kGood} : kStatuses;
  // The SP are all in h: only its groups are read and put back in order.
  pos_.edit_hex(h, [&](std::vector<SpGroup>& run) {
    const std::size_t had = run.size();  // the parts taken are added after these
    for (Status want : order) n = take_status(run, had, side, want, n, off_train, as);
  });
}

void WateState::take_mix(Side side, hex::Hex h, const std::array<int, 3>& mix) {
  pos_.edit_hex(h, [&](std::vector<SpGroup>& run) {
    const std::size_t had = run.size();
    for (std::size_t k = 0; k < 3; ++k)
      (void)take_status(run, had, side, kStatuses[k], mix[k], false, std::nullopt);
  });
}

std::array<int, 3> WateState::available_by_status(Side side, hex::Hex h) const {
  std::array<int, 3> n{};
  pos_.sps.each_in(h, [&](const SpGroup& g) {
    if (g.side == side && !g.activated && !g.acting)
      n[static_cast<std::size_t>(g.status)] += g.count;
  });
  return n;
}

std::array<int, 3> WateState::best_first(const std::array<int, 3>& available, int n) {
  std::array<int, 3> mix{};
  for (std::size_t k = 0; k < 3; ++k) {
    mix[k] = std::min(n, available[k]);
    n -= mix[k];
  }
  return mix;
}

std::optional<std::array<int, 3>> WateState::sp_mix(const Action& a,
                                                    const std::array<int, 3>& available) {
  const auto n = int_arg(a, "sp");
  if (!n) return std::nullopt;
  const std::string* d = a.get("disrupted");
  const std::string* m = a.get("demoralized");
  if (!d && !m) return best_first(available, *n);
  const auto dn = d ? int_arg(a, "disrupted") : std::optional<int>(0);
  const auto mn = m ? int_arg(a, "demoralized") : std::optional<int>(0);
  if (!dn || !mn) return std::nullopt;
  return std::array<int, 3>{*n - *dn - *mn, *dn, *mn};
}

rz::Status WateState::check_sp_mix(const Action& a, Side side, hex::Hex h) const {
  // 7.0: "An activated HQ may activate any SP in or adjacent to its own hex":
  // which of them, by status, the order may say (ruling A-1).
  const auto available = available_by_status(side, h);
  for (const char* key : {"disrupted", "demoralized"})
    if (a.get(key) && !int_arg(a, key))
      return make_error(Code::kMalformed,
                        with_number_fault(std::string(key) + "=N is a number of SP", a, key));
  const auto mix = sp_mix(a, available);
  if (!mix) return {};  // sp= itself is reported by the order's own check
  if ((*mix)[0] < 0)
    return make_error(Code::kMalformed,
                      "of sp=" + *a.get("sp") + ", more are named disrupted and demoralized (" +
                          std::to_string((*mix)[1] + (*mix)[2]) + ") than there are SP");
  for (std::size_t k = 0; k < 3; ++k)
    if ((*mix)[k] > available[k])
      return illegal(h.id() + " holds " + std::to_string(available[k]) + " unactivated " +
                         std::string(status_name(kStatuses[k])) + " SP; you named " +
                         std::to_string((*mix)[k]),
                     "7.0");
  return {};
}

Action WateState::sp_order(Action base, const std::array<int, 3>& available,
                           const std::array<int, 3>& mix) {
  with_mix(base, available, mix);
  return base;
}

namespace {

// sp=N, and the disrupted= and demoralized= that are not 0 unless the mix is
// the best first, each given to put(key, n).
template <class Put>
void put_mix(const std::array<int, 3>& available, const std::array<int, 3>& mix, Put put) {
  const int n = mix[0] + mix[1] + mix[2];
  put("sp", n);
  // A mix all in good order is always the best first: it is written so.
  if (mix != WateState::best_first(available, n)) {
    if (mix[1] > 0) put("disrupted", mix[1]);
    if (mix[2] > 0) put("demoralized", mix[2]);
  }
}

}  // namespace

void WateState::with_mix(Action& order, const std::array<int, 3>& available,
                         const std::array<int, 3>& mix) {
  put_mix(available, mix, [&](std::string_view key, int n) { order.with(key, std::to_string(n)); });
}

void WateState::add_sp_orders(OrderList& out, const hex::Hex* detach_from,
                              const std::array<int, 3>& available, int n) const {
  for (int m = 0; m <= std::min(n, available[2]); ++m)
    for (int d = 0; d <= std::min(n - m, available[1]); ++d) {
      if (n - d - m > available[0]) continue;
      auto order = detach_from ? out.add("detach").hex("hex", *detach_from) : out.add("march");
      put_mix(available, {n - d - m, d, m},
              [&]<std::size_t N>(const char(&key)[N], int k) { order.num(key, k); });
    }
}

std::string WateState::mix_text(const std::array<int, 3>& mix) {
  if (mix[1] == 0 && mix[2] == 0) return "";
  std::string s;
  for (std::size_t k = 0; k < 3; ++k)
    if (mix[k] > 0)
      s += (s.empty() ? "" : ", ") + std::to_string(mix[k]) + " " +
           std::string(status_name(kStatuses[k]));
  return " (" + s + ")";
}

bool WateState::can_activate_anything(Side side) const {
  for (const auto& q : pos_.hqs)
    if (q.side == side && q.hex && !q.activated) return true;
  const int max = data_->forces.inherent(side).max_sp;
  for (const auto& g : pos_.sps) {
    if (g.side != side || g.activated) continue;
    if (std::any_of(pos_.hqs.begin(), pos_.hqs.end(), [&](const HqUnit& q) { return q.side == side && q.hex == g.hex; }))
      continue;
    if (available_sp(side, g.hex) <= max) return true;
  }
  return false;
}

// ---- top level: activate an HQ or a force, or pass ----

void WateState::activatable(Side side, std::vector<Activatable>& out) const {
  out.clear();
  for (const auto& q : pos_.hqs)
    if (q.side == side && q.hex && !q.activated) out.push_back({&q, {}});
  const int max = data_->forces.inherent(side).max_sp;
  // The groups come sorted by hex (normalised): each hex's are one run, read once,
  // and the hexes come in the order of their first group as before.
  const auto& sps = pos_.sps;
  assert(std::is_sorted(sps.begin(), sps.end(), [](const SpGroup& a, const SpGroup& b) { return a.hex < b.hex; }));
  // The side's HQ hexes, sorted as the groups are: read in one walk beside them.
  thread_local std::vector<hex::Hex> hq_hexes;
  hq_hexes.clear();
  for (const auto& q : pos_.hqs)
    if (q.side == side && q.hex) hq_hexes.push_back(*q.hex);
  std::sort(hq_hexes.begin(), hq_hexes.end());
  auto next_hq = hq_hexes.begin();
  for (std::size_t i = 0; i < sps.size();) {
    const hex::Hex h = sps[i].hex;
    bool unactivated = false;
    int available = 0;  // available_sp(side, h)
    for (; i < sps.size() && sps[i].hex == h; ++i) {
      const SpGroup& g = sps[i];
      if (g.side != side || g.activated) continue;
      unactivated = true;
      if (!g.acting) available += g.count;
    }
    if (!unactivated) continue;
    while (next_hq != hq_hexes.end() && *next_hq < h) ++next_hq;
    const bool has_hq = next_hq != hq_hexes.end() && *next_hq == h;
    if (!has_hq && available <= max) out.push_back({nullptr, h});
  }
}

void WateState::activation_actions(Side side, OrderList& out) const {
  thread_local std::vector<Activatable> can;  // allocated once (not reentrant)
  activatable(side, can);
  // Room for the whole list at once: growing it moved every order.
  out.reserve(can.size() + 1);
  out.add("pass");
  for (const auto& c : can)
    if (c.hq)
      out.add("activate").text("hq", c.hq->id);
    else
      out.add("activate").hex("hex", c.hex);
}

rz::Status WateState::check_activation(Side side, const Action& a) const {
  if (a.verb == "pass") {
    if (a.args.empty()) return {};
    return make_error(Code::kMalformed, "'pass' takes no arguments");
  }
  if (a.verb != "activate")
    return illegal("'" + a.verb + "' is not possible now: first activate an HQ or a force (activate hq=ID or "
                   "activate hex=XXYY), or pass",
                   "7.0");
  if (const std::string* id = a.get("hq")) {
    if (a.args.size() != 1) return make_error(Code::kMalformed, "activate takes hq=ID or hex=XXYY, not both");
    const HqUnit* q = pos_.hq(*id);
    if (!q) return make_error(Code::kNotFound, "there is no HQ '" + *id + "'");
    if (q->side != side) return illegal(hq_label(*id) + " is not yours to activate", "7.0");
    if (!q->hex) return illegal(hq_label(*id) + " is not on the map", "7.0");
    if (q->activated) return illegal(hq_label(*id) + " has already activated this turn", "7.0");
    return {};
  }
  if (a.get("hex")) {
    if (a.args.size() != 1) return make_error(Code::kMalformed, "activate takes hq=ID or hex=XXYY, not both");
    auto h = hex_arg(a, "hex");
    if (!h || !data_->map.on_map(*h)) return make_error(Code::kMalformed, "'" + *a.get("hex") + "' is not a hex of the map");
    const int n = available_sp(side, *h);
    if (n == 0) return illegal("you have no unactivated SP in " + h->id(), "7.0");
    for (const auto& q : pos_.hqs)
      if (q.side == side && q.hex == *h)
        return illegal(
            "the force in " + h->id() + " has an HQ unit (" + hq_label(q.id) + ")" +
                (q.activated ? ", which has activated this turn: its SP act only on an HQ's orders"
                             : ": activate the HQ instead") +
                " (ruling GAP-W-08)",
            "3.6.1");
    const int max = data_->forces.inherent(side).max_sp;
    if (n > max)
      return illegal("a force without an HQ unit has an inherent division HQ only up to " + std::to_string(max) +
                         " SP; " + h->id() + " holds " + std::to_string(n) + " (ruling GAP-W-07)",
                     "3.6.1");
    return {};
  }
  return make_error(Code::kMalformed, "activate needs hq=ID or hex=XXYY");
}

Events WateState::apply_activation(Side side, const Action& a) {
  Events ev;
  if (a.verb == "pass") {
    ++consecutive_passes_;
    first_activation_.reset();
    tell(ev, "pass", [&] { return std::string(side_name(side)) + " passes (rule 7.0)"; });
    // 5.0 iii: two passes in succession end the Action Phase (the stack empties);
    // GAP-W-38: a single pass hands the choice to the opponent.
    if (consecutive_passes_ < 2) steps_.push_back({StepKind::kActivate, other(side)});
    return ev;
  }
  if (const std::string* id = a.get("hq")) {
    HqUnit* q = pos_.hq(*id);
    q->activated = true;
    const int limit = hq_command_limit(board(), *q);
    frames_.push_back({*id, limit});
    steps_.push_back({StepKind::kHqOrders, side});
    tell(ev, "activate", [&] {
      return std::string(side_name(side)) + " activates " + hq_label(*id) + " in " + q->hex->id() +
             " (command limit " + std::to_string(limit) + " SP, rule 3.6.2)";
    });
    return ev;
  }
  const hex::Hex h = *hex_arg(a, "hex");
  const int n = available_sp(side, h);
  take_sps(side, h, n);
  const auto& inh = data_->forces.inherent(side);
  force_ = new_force(side, h, {}, false, inh.ratings.ma, inh.ratings.cautious);
  steps_.push_back({StepKind::kForceOrders, side});
  tell(ev, "activate", [&] {
    return std::string(side_name(side)) + " activates the " + std::to_string(n) + " SP in " +
           h.id() + " under their inherent division HQ (rule 3.6.1)";
  });
  return ev;
}

// ---- an activated HQ gives orders (7.0, 3.6.2) ----

void WateState::hq_order_actions(Side side, OrderList& out) const {
  const Frame& f = frames_.back();
  const HqUnit* q = pos_.hq(f.hq);
  out.reserve(32);  // as the activation list
  out.add("end");
  const int max = data_->forces.inherent(side).max_sp;
  std::vector<hex::Hex> reach{*q->hex};
  for (auto n : hex::neighbours(*q->hex))
    if (data_->map.on_map(n)) reach.push_back(n);
  for (auto h : reach) {
    const auto by_status = available_by_status(side, h);
    const int avail = std::min({by_status[0] + by_status[1] + by_status[2], f.limit_left, max});
    for (int n = 1; n <= avail; ++n) add_sp_orders(out, &h, by_status, n);
  }
  const Rank rank = hq_rank(board(), *q);
  for (const auto& o : pos_.hqs)
    if (o.side == side && o.hex && !o.activated && o.id != q->id && hex::distance(*o.hex, *q->hex) <= 1 &&
        static_cast<int>(hq_rank(board(), o)) < static_cast<int>(rank))
      out.add("activate").text("hq", o.id);
  const auto own_by_status = available_by_status(side, *q->hex);
  const int own = std::min(own_by_status[0] + own_by_status[1] + own_by_status[2], f.limit_left);
  for (int n = 0; n <= own; ++n) add_sp_orders(out, nullptr, own_by_status, n);
  for (auto& a : planned_attack_actions(side)) out.add(std::move(a));
  // 7.3: a rally takes the worst SP first, off the train (RA-2): any number of
  // them includes a disordered one if there is one (RA-1).
  if (own > 0)
    if (const RallySp sp = rally_sp(side, *q->hex, false); rally_possible(side, *q->hex, sp))
      for (int n = 1; n <= std::min(own, sp.all); ++n) out.add("rally").num("sp", n);
}

std::vector<Action> WateState::planned_attacks() const {
  if (move_kind() != MoveKind::kPlayer || steps_.back().kind != StepKind::kHqOrders) return {};
  return planned_attack_actions(steps_.back().side);  // as hq_order_actions lists them
}

rz::Status WateState::check_hq_order(Side side, const Action& a) const {
  const Frame& f = frames_.back();
  const HqUnit* q = pos_.hq(f.hq);
  const auto who = [&] { return hq_label(f.hq); };  // for a refusal only
  if (a.verb == "end") return a.args.empty() ? rz::Status{} : make_error(Code::kMalformed, "'end' takes no arguments");
  if (a.verb == "activate") {
    const std::string* id = a.get("hq");
    if (!id || a.args.size() != 1) return make_error(Code::kMalformed, "an HQ activates another with activate hq=ID");
    const HqUnit* o = pos_.hq(*id);
    if (!o) return make_error(Code::kNotFound, "there is no HQ '" + *id + "'");
    if (o->side != side || !o->hex) return illegal(hq_label(*id) + " is not one of your HQs on the map", "7.0");
    if (o->activated) return illegal(hq_label(*id) + " has already activated this turn", "7.0");
    if (hex::distance(*o->hex, *q->hex) > 1)
      return illegal(who() + " can activate HQs only in or adjacent to its hex " + q->hex->id() +
                         "; " + hq_label(*id) + " is in " + o->hex->id(),
                     "3.6.2");
    if (static_cast<int>(hq_rank(board(), *o)) >= static_cast<int>(hq_rank(board(), *q)))
      return illegal(who() + " can activate only HQs of a lower rank", "3.6.2");
    return {};
  }
  if (a.verb == "attack") return check_planned_attack(side, a);  // 7.4
  const auto n = int_arg(a, "sp");
  // 7.0, ruling A-1: a detach or the HQ's march may name how many of its SP are
  // disrupted and demoralized (a rally may not: RA-2, refused below).
  const std::size_t mix_args = (a.get("disrupted") ? 1u : 0u) + (a.get("demoralized") ? 1u : 0u);
  if (a.verb == "detach") {
    auto h = hex_arg(a, "hex");
    if (!h || !n || a.args.size() != 2 + mix_args)
      return make_error(
          Code::kMalformed,
          with_number_fault("detach needs hex=XXYY sp=N, and may add disrupted=N demoralized=N", a,
                            "sp"));
    if (hex::distance(*h, *q->hex) > 1)
      return illegal(who() + " can activate SP only in or adjacent to its hex " + q->hex->id(),
                     "3.6.2");
    if (*n < 1) return make_error(Code::kMalformed, "detach at least 1 SP");
    if (*n > f.limit_left)
      return illegal(who() + " can activate " + std::to_string(f.limit_left) +
                         " more SP; you named " + std::to_string(*n),
                     "3.6.2");
    const int max = data_->forces.inherent(side).max_sp;
    if (*n > max)
      return illegal("a force activated on its own acts under an inherent division HQ of at most " +
                         std::to_string(max) + " SP; you named " + std::to_string(*n) + " (ruling GAP-W-08)",
                     "3.6.1");
    if (*n > available_sp(side, *h))
      return illegal(h->id() + " holds " + std::to_string(available_sp(side, *h)) + " unactivated SP; you named " +
                         std::to_string(*n),
                     "7.0");
    return check_sp_mix(a, side, *h);
  }
  if (a.verb == "rally" && (a.get("disrupted") || a.get("demoralized")))
    return make_error(
        Code::kMalformed,
        "a rally takes the worst SP first, off the train (ruling RA-2): give it sp=N only", "7.3");
  if (a.verb == "march" || a.verb == "rally") {
    if (!n || a.args.size() != 1 + mix_args)
      return make_error(
          Code::kMalformed,
          with_number_fault(a.verb + " needs sp=N (the SP of the HQ's hex that act with it)", a,
                            "sp"));
    if (*n > f.limit_left)
      return illegal(who() + " can activate " + std::to_string(f.limit_left) +
                         " more SP; you named " + std::to_string(*n),
                     "3.6.2");
    if (*n > available_sp(side, *q->hex))
      return illegal(q->hex->id() + " holds " + std::to_string(available_sp(side, *q->hex)) +
                         " unactivated SP; you named " + std::to_string(*n),
                     "7.0");
    if (a.verb == "rally") {
      if (*n < 1) return make_error(Code::kMalformed, "rally at least 1 SP");
      const RallySp sp = rally_sp(side, *q->hex, false);
      if (*n > sp.all)
        return illegal(q->hex->id() + " holds " + std::to_string(sp.all) +
                           " unactivated SP off the train; you named " + std::to_string(*n) +
                           ": SP on the train cannot rally (ruling RA-2)",
                       "7.3");
      return check_rally(side, *q->hex, sp);
    }
    return check_sp_mix(a, side, *q->hex);
  }
  return illegal("'" + a.verb + "' is not an order an HQ can give: detach, activate, march, rally, attack or end", "7.0");
}

Events WateState::apply_hq_order(Side side, const Action& a) {
  Events ev;
  Frame& f = frames_.back();
  HqUnit* q = pos_.hq(f.hq);
  const auto who = [&] { return hq_label(f.hq); };  // for the events: made when told
  if (a.verb == "end") {
    tell(ev, "activation_end", [&] { return who() + " ends its activation (rule 7.0)"; });
    append(ev, end_hq_activation());
    return ev;
  }
  if (a.verb == "activate") {
    HqUnit* o = pos_.hq(*a.get("hq"));
    o->activated = true;
    const int limit = hq_command_limit(board(), *o);
    tell(ev, "activate", [&] {
      return who() + " activates " + hq_label(o->id) + " (command limit " + std::to_string(limit) +
             " SP); it completes its activation first (rule 7.0)";
    });
    steps_.push_back({StepKind::kHqOrders, side});  // the parent resumes afterwards
    frames_.push_back({o->id, limit});
    steps_.push_back({StepKind::kHqOrders, side});
    return ev;
  }
  if (a.verb == "attack") return apply_planned_attack(side, a);  // 7.4: the HQ's own action
  const int n = *int_arg(a, "sp");
  if (a.verb == "detach") {
    const hex::Hex h = *hex_arg(a, "hex");
    f.limit_left -= n;
    const auto mix = *sp_mix(a, available_by_status(side, h));
    take_mix(side, h, mix);
    const auto& inh = data_->forces.inherent(side);
    force_ = new_force(side, h, {}, false, inh.ratings.ma, inh.ratings.cautious);
    steps_.push_back({StepKind::kForceOrders, side});
    tell(ev, "activate", [&] {
      return who() + " activates " + std::to_string(n) + " SP" + mix_text(mix) + " in " + h.id() +
             " under a temporary inherent division HQ (" + std::to_string(f.limit_left) +
             " SP of its limit left, rules 3.6.1, 3.6.2)";
    });
    return ev;
  }
  // The HQ's own action, with n SP of its hex: it ends the HQ's activation (7.0).
  f.limit_left -= n;
  const bool rally = a.verb == "rally";
  const auto mix = rally ? std::array<int, 3>{} : *sp_mix(a, available_by_status(side, *q->hex));
  if (rally)
    take_sps(side, *q->hex, n, true, true);  // a rally: worst first, off the train (RA-2)
  else
    take_mix(side, *q->hex, mix);
  const ForceCommand cmd = force_command(board(), {q}, side);
  force_ = new_force(side, *q->hex, {q->id}, true, cmd.ma, cmd.cautious);
  if (a.verb == "march") {
    steps_.push_back({StepKind::kMarch, side});
    tell(ev, "march", [&] {
      return who() + " marches with " + std::to_string(n) + " SP" + mix_text(mix) + " from " +
             q->hex->id() + ", " + std::to_string(cmd.ma) + " MP (rule 7.1)";
    });
    return ev;
  }
  append(ev, rally_force());
  return ev;
}

// ---- a force activated by an HQ, or on its own, chooses its action ----

std::vector<Action> WateState::force_order_actions(Side side) const {
  std::vector<Action> out{Action("march"), Action("hold")};
  if (rally_possible(side, force_->hex, rally_sp(side, force_->hex, true)))
    out.emplace_back("rally");
  return out;
}

rz::Status WateState::check_force_order(Side side, const Action& a) const {
  if (a.verb == "march" || a.verb == "hold" || a.verb == "rally") {
    if (!a.args.empty()) return make_error(Code::kMalformed, "'" + a.verb + "' takes no arguments");
    if (a.verb == "rally") return check_rally(side, force_->hex, rally_sp(side, force_->hex, true));
    return {};
  }
  return illegal("'" + a.verb + "' is not possible now: the activated force may march, rally or hold", "7.0");
}

Events WateState::apply_force_order(Side side, const Action& a) {
  if (a.verb == "march") {
    steps_.push_back({StepKind::kMarch, side});
    return told("march", [&] {
      return "The force in " + force_->hex.id() + " marches, " + std::to_string(force_->mp_left) +
             " MP (rule 7.1)";
    });
  }
  if (a.verb == "rally") return rally_force();
  Events ev = told("hold", [&] {
    return "The force in " + force_->hex.id() +
           " holds its ground; its activation is spent (rule 7.0)";
  });
  append(ev, end_force_action());
  return ev;
}

// ---- ending actions and activations ----

Events WateState::end_force_action() {
  pos_.clear_acting();
  const bool hq_action = force_ && force_->hq_action;
  const Side side = force_ ? force_->side : Side::kFrench;
  force_.reset();
  if (hq_action) return end_hq_activation();
  if (!frames_.empty()) {
    steps_.push_back({StepKind::kHqOrders, side});
    return {};
  }
  return activation_complete();
}

Events WateState::end_hq_activation() {
  // 7.0: SP activated but not yet acting lose their activation with it.
  frames_.pop_back();
  if (!frames_.empty()) return {};  // the parent's step is already on the stack
  return activation_complete();
}

Events WateState::end_orders_off_the_map() {
  Events ev;
  while (!over_ && !steps_.empty() && steps_.back().kind == StepKind::kHqOrders &&
         !frames_.empty()) {
    const std::string id = frames_.back().hq;
    const HqUnit* q = pos_.hq(id);
    if (q && q->hex) break;
    // 12.2 (ruling F-2): the event tells of the HQ's side, whoever's step ends it.
    const int owner = index(steps_.back().side);
    steps_.pop_back();
    tell(ev, "activation_end",
         [&] {
           return hq_label(id) +
                  " is off the map and gives no more orders: its activation ends (rules 7.0, "
                  "8.5.1; ruling C-8)";
         },
         {owner});
    append(ev, end_hq_activation());
  }
  return ev;
}

Events WateState::activation_complete() {
  first_activation_.reset();
  consecutive_passes_ = 0;
  // The Action Phase ends when no side can activate anything.
  if (!can_activate_anything(Side::kFrench) && !can_activate_anything(Side::kGerman))
    return told("phase", [] { return "Every force has activated (rule 5.0)"; });
  steps_.push_back({StepKind::kInitiative, Side::kFrench});
  return {};
}

}  // namespace rz::wate1870
