#include "rules/wate1870/position.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <tuple>

#include "rules/wate1870/map.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

// The order of sps: hex, side, formation, status, then the flags. The same as
// comparing std::tie of the fields, with the formation compared once (Name's
// order: equal names are one entry, most others differ in their first 8 bytes).
int order(const SpGroup& a, const SpGroup& b) {
  if (a.hex != b.hex) return a.hex < b.hex ? -1 : 1;
  if (a.side != b.side) return a.side < b.side ? -1 : 1;
  if (const auto c = a.formation <=> b.formation; c != 0) return c < 0 ? -1 : 1;
  const auto rest = [](const SpGroup& g) {
    return std::tie(g.status, g.activated, g.entrained, g.acting, g.engaged, g.retreated);
  };
  const auto ra = rest(a), rb = rest(b);
  return ra < rb ? -1 : rb < ra ? 1 : 0;
}

// Merges the equal neighbours of a sorted list into one group (their counts added).
void merge_equal(std::vector<SpGroup>& v) {
  std::size_t w = 0;
  for (std::size_t r = 0; r < v.size(); ++r) {
    if (w > 0 && order(v[w - 1], v[r]) == 0) {
      v[w - 1].count += v[r].count;
    } else {
      if (w != r) v[w] = std::move(v[r]);
      ++w;
    }
  }
  v.resize(w);
}

// What a zone of control reads of one hex's groups (SpList::zoc_version):
// whether each side's SP there project one (3.4), and whether each side is there.
struct HexZoc {
  bool projects[kSides] = {false, false};
  bool present[kSides] = {false, false};
};

template <class It>
HexZoc hex_zoc(It first, It last) {
  int counting[kSides] = {0, 0};
  HexZoc z;
  for (auto it = first; it != last; ++it) {
    const auto s = static_cast<std::size_t>(index(it->side));
    if (it->count > 0) z.present[s] = true;
    if (counts_for_zoc(*it)) counting[s] += it->count;
  }
  for (int s = 0; s < kSides; ++s) z.projects[s] = counting[s] >= kZocSp;
  return z;
}

}  // namespace

bool SpList::fortress(hex::Hex h) const {
  return fortresses_ == nullptr || std::binary_search(fortresses_->begin(), fortresses_->end(), h);
}

void SpList::changed_zoc(hex::Hex h, bool projects_french, bool projects_german, bool presence) {
  if (projects_french) zoc_version_[static_cast<std::size_t>(index(Side::kFrench))] = 0;
  if (projects_german) zoc_version_[static_cast<std::size_t>(index(Side::kGerman))] = 0;
  if (presence && fortress(h)) zoc_version_ = {};
}

void Position::normalise() {
  auto by_id = [](const HqUnit& a, const HqUnit& b) { return a.id < b.id; };
  if (!std::is_sorted(hqs.begin(), hqs.end(), by_id)) std::sort(hqs.begin(), hqs.end(), by_id);
  normalise_groups();
}

void Position::normalise_groups() {
  assert(std::is_sorted(hqs.begin(), hqs.end(),
                        [](const HqUnit& a, const HqUnit& b) { return a.id < b.id; }) ||
         !"an HQ was added since the last normalise()");
  std::vector<SpGroup>& v = sps.v_;
  // Called after every change, when the list is almost always in order already,
  // with no empty or mergeable group: one pass finds that out, and none is
  // needed if the list was not touched since the last call. Neighbours in
  // different hexes are ordered by the hex alone, without a call to order().
  // `first` is the first group out of order or empty: the groups before it are
  // in order, none empty, none equal, and stay where they are.
  std::size_t first = v.size();
  if (sps.dirty_) {
    for (std::size_t i = 0; i < v.size() && first == v.size(); ++i) {
      const bool ok = v[i].count > 0 && (i == 0 || (v[i - 1].hex != v[i].hex ? v[i - 1].hex < v[i].hex
                                                                              : order(v[i - 1], v[i]) < 0));
      if (!ok) first = i;
    }
  }
  if (first < v.size()) {
    sps.stamp_ = 0;  // a stamp given to the list out of order stood for that order
    std::erase_if(v, [](const SpGroup& g) { return g.count <= 0; });
    // An insertion sort from `first` on: linear on a nearly sorted list. It
    // notes whether it met two equal groups; only then is the merge pass needed.
    // (Where an equal group is already placed, the insertion stops on one, so
    // every equal pair is met.)
    bool equal = false;
    for (std::size_t i = std::max<std::size_t>(first, 1); i < v.size(); ++i) {
      const int c = order(v[i], v[i - 1]);
      if (c >= 0) {
        equal = equal || c == 0;
        continue;
      }
      SpGroup g = std::move(v[i]);
      std::size_t j = i;
      for (; j > 0; --j) {
        const int d = order(g, v[j - 1]);
        if (d >= 0) {
          equal = equal || d == 0;
          break;
        }
        v[j] = std::move(v[j - 1]);
      }
      v[j] = std::move(g);
    }
    if (equal) merge_equal(v);
  }
  if (sps.dirty_) sps.mark_every_hex();  // any group may have come, gone or moved
  sps.dirty_ = false;
  if (!std::is_sorted(destroyed.begin(), destroyed.end()))
    std::sort(destroyed.begin(), destroyed.end());
}

// move_acting for a force all in one hex (every march step and ride): its
// groups are taken to the end of their hex's run, the groups between the two
// hexes are rotated past them, and they are merged into the run of `to`. No
// group is merged with another: the acting flag is part of the order, so none
// of `to`'s groups equals one of them, and theirs were distinct already.
// Only the groups between the two hexes move; false when the force is in
// more hexes than one (or in none, or already in `to`).
bool Position::move_acting_from_one_hex(hex::Hex to) {
  std::vector<SpGroup>& v = sps.v_;
  const auto acting = [](const SpGroup& g) { return g.acting; };
  const auto first = std::find_if(v.begin(), v.end(), acting);
  if (first == v.end() || first->hex == to) return false;
  const hex::Hex from = first->hex;
  auto run_end = first;
  while (run_end != v.end() && run_end->hex == from) ++run_end;
  if (std::any_of(run_end, v.end(), acting)) return false;
  const auto before = [](const SpGroup& a, const SpGroup& b) { return order(a, b) < 0; };
  // The run of `from` from the first acting group on: those staying first, in
  // order (a stable partition of a few groups, without std::stable_partition's buffer).
  auto moving = first;
  for (auto r = first; r != run_end; ++r)
    if (!r->acting) std::rotate(moving++, r, r + 1);
  sps.changed_in(from);
  sps.changed_zoc(from, false, false, true);  // a side may leave a fortress
  for (auto it = moving; it != run_end; ++it) {
    // What the side's ZOC reads may change with SP that count for it (zoc_version).
    if (counts_for_zoc(*it))
      sps.changed_zoc(from, it->side == Side::kFrench, it->side == Side::kGerman, false);
    it->hex = to;
  }
  const auto k = run_end - moving;
  // [to_begin, to_end): the run of `to` (empty if none is there), the moved
  // groups put right after it, then sorted into it (a few groups each).
  std::vector<SpGroup>::iterator to_begin, to_end;
  const auto by_hex = [](const SpGroup& g, hex::Hex h) { return g.hex < h; };
  const auto not_to = [&](const SpGroup& g) { return g.hex != to; };
  if (from < to) {
    to_begin = std::lower_bound(run_end, v.end(), to, by_hex);
    to_end = std::find_if(to_begin, v.end(), not_to);
    // [moved, between, to's run] -> [between, to's run, moved]
    std::rotate(moving, run_end, to_end);
    to_begin -= k;
  } else {
    to_begin = std::lower_bound(v.begin(), first, to, by_hex);
    to_end = std::find_if(to_begin, first, not_to);
    // [between, from's run, moved] -> [moved, between, from's run]
    std::rotate(to_end, moving, run_end);
    to_end += k;
  }
  // An insertion sort: no buffer, as std::inplace_merge takes.
  for (auto i = to_end - k; i != to_end; ++i)
    for (auto j = i; j != to_begin && before(*j, *(j - 1)); --j) std::iter_swap(j, j - 1);
  assert(std::adjacent_find(to_begin, to_end, [](const SpGroup& a, const SpGroup& b) {
           return order(a, b) == 0;
         }) == to_end);
  sps.changed_in(to);
  sps.changed_zoc(to, false, false, true);  // a side may enter a fortress
  sps.columns_shifted(from.col, to.col, static_cast<std::uint32_t>(k));
  sps.dirty_ = false;
  sps.mark(to, true);
  sps.remark(from);
  return true;
}

void Position::move_acting(hex::Hex to) {
  normalise_groups();
  if (move_acting_from_one_hex(to)) return;
  std::vector<SpGroup>& v = sps.v_;
  // The acting groups are few; the others keep their order when they are taken out.
  thread_local std::vector<SpGroup> moved;
  thread_local std::vector<hex::Hex> left;  // the hexes the acting groups leave
  moved.clear();
  left.clear();
  std::size_t w = 0;
  for (std::size_t r = 0; r < v.size(); ++r) {
    if (v[r].acting) {
      if (moved.empty() || moved.back().hex != v[r].hex) {
        left.push_back(v[r].hex);
        sps.changed_in(v[r].hex);                       // where it leaves
        sps.changed_zoc(v[r].hex, false, false, true);  // a side may leave a fortress
      }
      // What the side's ZOC reads may change with SP that count for it (zoc_version).
      if (counts_for_zoc(v[r]))
        sps.changed_zoc(v[r].hex, v[r].side == Side::kFrench, v[r].side == Side::kGerman, false);
      moved.push_back(v[r]);
    } else {
      if (w != r) v[w] = v[r];
      ++w;
    }
  }
  v.resize(w);
  sps.changed_in(to);
  if (!moved.empty()) sps.changed_zoc(to, false, false, true);  // a side may enter a fortress
  // Each goes in at its place in the canonical order, merged with an equal group
  // (one that differs only in its count) if there is one.
  for (SpGroup& g : moved) {
    g.hex = to;
    const auto at = std::lower_bound(
        v.begin(), v.end(), g, [](const SpGroup& a, const SpGroup& b) { return order(a, b) < 0; });
    if (at != v.end() && order(*at, g) == 0)
      at->count += g.count;
    else
      v.insert(at, g);
  }
  sps.columns_moved();
  sps.dirty_ = false;
  if (!moved.empty()) sps.mark(to, true);
  for (const hex::Hex h : left) sps.remark(h);
}

namespace {
// The run edit_hex has open on this thread: its copy and where it came from.
struct OpenRun {
  std::vector<SpGroup> groups;
  std::size_t first = 0, last = 0;
  bool open = false;
};
thread_local OpenRun open_run;
}  // namespace

std::vector<SpGroup>& Position::open_hex(hex::Hex h) {
  assert(!open_run.open);  // edits do not nest
  normalise_groups();
  const auto [first, last] = sps.in_hex(h);
  open_run.first = static_cast<std::size_t>(first - sps.v_.cbegin());
  open_run.last = static_cast<std::size_t>(last - sps.v_.cbegin());
  open_run.groups.assign(first, last);
  open_run.open = true;
  return open_run.groups;
}

void Position::close_hex(hex::Hex h) {
  std::vector<SpGroup>& run = open_run.groups;
  open_run.open = false;
  // All in one hex, so ordering the run orders the list: a few groups sorted,
  // the equal merged, the empty dropped, as normalise() would.
  std::erase_if(run, [](const SpGroup& g) { return g.count <= 0; });
  assert(std::all_of(run.begin(), run.end(), [&](const SpGroup& g) { return g.hex == h; }));
  (void)h;
  std::sort(run.begin(), run.end(),
            [](const SpGroup& a, const SpGroup& b) { return order(a, b) < 0; });
  merge_equal(run);
  std::vector<SpGroup>& v = sps.v_;
  const auto first = v.begin() + static_cast<std::ptrdiff_t>(open_run.first);
  const auto last = v.begin() + static_cast<std::ptrdiff_t>(open_run.last);
  const auto had = static_cast<std::size_t>(last - first);
  if (!std::equal(run.begin(), run.end(), first, last)) {  // else the same content
    sps.changed_in(h);
    const HexZoc was = hex_zoc(first, last), is = hex_zoc(run.begin(), run.end());
    sps.changed_zoc(
        h, was.projects[0] != is.projects[0], was.projects[1] != is.projects[1],
        !std::equal(std::begin(was.present), std::end(was.present), std::begin(is.present)));
  }
  if (run.size() == had) {
    std::copy(run.begin(), run.end(), first);
  } else {
    const auto at = v.erase(first, last);
    v.insert(at, run.begin(), run.end());
    sps.columns_moved();
  }
  sps.dirty_ = false;
  sps.mark(h, !run.empty());
}

const std::vector<hex::Hex>& Position::acting_hexes() {
  normalise_groups();
  // The acting groups are the force's: one hex (a group from elsewhere would be
  // found too).
  thread_local std::vector<hex::Hex> hexes;
  hexes.clear();
  for (const auto& g : sps.v_)
    if (g.acting && (hexes.empty() || hexes.back() != g.hex)) hexes.push_back(g.hex);
  return hexes;
}

std::uint64_t SpList::new_stamp() {
  // Shared by every thread: a list made on one may be copied to another.
  static std::atomic<std::uint64_t> next{0};
  return next.fetch_add(1, std::memory_order_relaxed) + 1;
}

std::optional<Side> Position::controller(const Map& map, hex::Hex h) const {
  const int i = map.index_of(h);
  if (i < 0 || control[static_cast<std::size_t>(i)] < 0) return std::nullopt;
  return static_cast<Side>(control[static_cast<std::size_t>(i)]);
}

void Position::set_controller(const Map& map, hex::Hex h, std::optional<Side> side) {
  const int i = map.index_of(h);
  if (i >= 0)
    control[static_cast<std::size_t>(i)] = side ? static_cast<signed char>(index(*side)) : -1;
}

std::optional<std::uint64_t> Position::fortress_control(const Map& map) const {
  const auto& at = map.fortress_sorted_indices();
  if (at.size() > 32) return std::nullopt;
  std::uint64_t c = 0;
  for (const int i : at)
    c = c << 2 | static_cast<std::uint64_t>(control[static_cast<std::size_t>(i)] + 1);
  return c;
}

bool Position::fortress_destroyed(hex::Hex h) const {
  return std::binary_search(destroyed.begin(), destroyed.end(), h);
}

void SpList::find_columns() const {
  std::size_t i = 0;
  for (unsigned c = 0; c <= kGrid; ++c) {
    while (i < v_.size() && v_[i].hex.col < static_cast<int>(c)) ++i;
    cols_[c] = static_cast<std::uint32_t>(i);
  }
  cols_ok_ = true;
}

void SpList::columns_shifted(int from, int to, std::uint32_t k) {
  if (!cols_ok_ || from == to) return;
  // Columns (from, to] lose k groups west of them; (to, from] gain k.
  const int lo = std::max(std::min(from, to) + 1, 0);
  const int hi = std::min(std::max(from, to), static_cast<int>(kGrid));
  for (int c = lo; c <= hi; ++c) {
    auto& at = cols_[static_cast<std::size_t>(c)];
    at = from < to ? at - k : at + k;
  }
}

std::pair<SpList::const_iterator, SpList::const_iterator> SpList::in_hex(hex::Hex h) const {
  assert(!dirty_);
  if (on_grid(h)) {
    if (!cols_ok_) find_columns();
    const auto c = static_cast<unsigned>(h.col);
    auto first = v_.begin() + cols_[c];
    const auto end = v_.begin() + cols_[c + 1];
    while (first != end && first->hex.row < h.row) ++first;
    auto last = first;
    while (last != end && last->hex.row == h.row) ++last;
    return {first, last};
  }
  // A branchless lower bound on (column, row) as one number: the rules ask this
  // for every hex a move or a ZOC looks at, and the answer's branch is a coin toss.
  const auto key = [](hex::Hex x) {
    return (static_cast<std::int64_t>(x.col) << 32) + static_cast<std::int64_t>(x.row);
  };
  const std::int64_t want = key(h);
  const SpGroup* base = v_.data();
  std::size_t len = v_.size();
  while (len > 1) {
    const std::size_t half = len / 2;
    base = key(base[half - 1].hex) < want ? base + half : base;
    len -= half;
  }
  if (len == 1 && key(base->hex) < want) ++base;
  const auto first = v_.begin() + (base - v_.data());
  auto last = first;
  while (last != v_.end() && last->hex == h) ++last;
  return {first, last};
}

int Position::sp(hex::Hex h, Side side) const {
  int n = 0;
  sps.each_in(h, [&](const SpGroup& g) { n += g.side == side ? g.count : 0; });
  return n;
}

int Position::good_sp(hex::Hex h, Side side) const {
  int n = 0;
  sps.each_in(
      h, [&](const SpGroup& g) { n += g.side == side && g.status == Status::kGood ? g.count : 0; });
  return n;
}

bool Position::occupied_by(hex::Hex h, Side side) const {
  bool found = false;
  sps.each_in(h, [&](const SpGroup& g) { found = found || g.side == side; });
  if (found) return true;
  for (const auto& q : hqs)
    if (q.hex == h && q.side == side) return true;
  return false;
}

const HqUnit* Position::hq(const Name& id) const {
  for (const auto& q : hqs)
    if (q.id == id) return &q;
  return nullptr;
}

const HqUnit* Position::hq(std::string_view id) const {
  for (const auto& q : hqs)
    if (q.id == id) return &q;
  return nullptr;
}

}  // namespace rz::wate1870
