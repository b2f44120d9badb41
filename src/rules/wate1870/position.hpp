#pragma once
// Where everything is: the pieces on the map, who controls each hex, which
// fortresses are destroyed. The rules' queries (ZOC, LOC, movement) read this.
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/name.hpp"
#include "hex/hex.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

class Map;

// Strength points of one side, of one formation and one status, in one hex.
// Equal groups are merged, so the list is canonical (and so is the hash).
struct SpGroup {
  Side side = Side::kFrench;
  hex::Hex hex;
  Name formation;  // the HQ the SP belong to (empty: none)
  Status status = Status::kGood;
  int count = 0;
  bool activated = false;  // 7.0: activated this turn
  bool entrained = false;  // 7.1.3
  bool acting = false;     // part of the force now carrying out an action
  bool engaged = false;    // taking part in the combat or fire being resolved
  // 8.6, in the combat being resolved: 0 not retreated, kRetreatedNow with the
  // latest retreat (its river's loss is theirs), kRetreatedBefore with another.
  std::uint8_t retreated = 0;
  static constexpr std::uint8_t kRetreatedBefore = 1, kRetreatedNow = 2;
  friend bool operator==(const SpGroup&, const SpGroup&) = default;
};

struct HqUnit {
  Name id;
  Side side = Side::kFrench;
  std::optional<hex::Hex> hex;  // none while in the force pool or off map after a casualty
  bool flipped = false;         // showing the replacement side (8.5.1)
  bool activated = false;
  bool in_pool = false;     // force pool: may be mobilized (6.2)
  int returns_on_turn = 0;  // 8.5.1: off map until this turn; 0 = not off map
  friend bool operator==(const HqUnit&, const HqUnit&) = default;
};

// The SP groups of a position: a vector that notes any access that could change
// it. normalise() clears the note, so a list known to be in its canonical order
// (sorted by hex) is searched instead of scanned. Every non-const access counts
// as a change, so the note can only err towards scanning.
class SpList {
 public:
  using value_type = SpGroup;
  SpList() = default;
  // A copy made with its state (a clone) carries the changes noted since the
  // state's last fortress walk; a list assigned over another is a change anywhere.
  SpList(const SpList&) = default;
  SpList& operator=(const SpList& o) {
    if (this == &o) return *this;
    v_ = o.v_;
    dirty_ = o.dirty_;
    stamp_ = o.stamp_;
    zoc_version_ = o.zoc_version_;
    fortresses_ = o.fortresses_;
    occupied_ = o.occupied_;
    cols_ = o.cols_;
    cols_ok_ = o.cols_ok_;
    changes_ = Changes{};
    return *this;
  }
  // A moved-from list keeps no stamp: its content is gone.
  SpList(SpList&& o) noexcept
      : v_(std::move(o.v_)),
        dirty_(o.dirty_),
        stamp_(o.stamp_),
        zoc_version_(o.zoc_version_),
        fortresses_(o.fortresses_),
        occupied_(o.occupied_),
        cols_(o.cols_),
        cols_ok_(o.cols_ok_),
        changes_(o.changes_) {
    o.forget();
  }
  SpList& operator=(SpList&& o) noexcept {
    if (this == &o) return *this;
    v_ = std::move(o.v_);
    dirty_ = o.dirty_;
    stamp_ = o.stamp_;
    zoc_version_ = o.zoc_version_;
    fortresses_ = o.fortresses_;
    occupied_ = o.occupied_;
    cols_ = o.cols_;
    cols_ok_ = o.cols_ok_;
    changes_ = Changes{};
    o.forget();
    return *this;
  }
  using iterator = std::vector<SpGroup>::iterator;
  using const_iterator = std::vector<SpGroup>::const_iterator;

  const_iterator begin() const { return v_.begin(); }
  const_iterator end() const { return v_.end(); }
  iterator begin() { return changed().begin(); }
  iterator end() { return changed().end(); }
  std::size_t size() const { return v_.size(); }
  bool empty() const { return v_.empty(); }
  const SpGroup& operator[](std::size_t i) const { return v_[i]; }
  SpGroup& operator[](std::size_t i) { return changed()[i]; }
  const SpGroup& back() const { return v_.back(); }
  SpGroup& back() { return changed().back(); }
  void push_back(SpGroup g) { changed().push_back(std::move(g)); }
  template <class It>
  void insert(const_iterator at, It first, It last) {
    changed().insert(at, first, last);
  }
  void clear() { changed().clear(); }
  template <class Pred>
  friend std::size_t erase_if(SpList& l, Pred p) {
    return std::erase_if(l.changed(), p);
  }

  const std::vector<SpGroup>& vector() const { return v_; }
  // In canonical order and unchanged since normalise().
  bool normalised() const { return !dirty_; }
  // A number for this content, never 0: a list gets a new one, unique in the
  // process, when first asked after any change; a copy keeps it. So two lists
  // with the same stamp hold the same groups, and a result worked out from one
  // stands for the other (a fortress walk that found nothing to do, siege.cpp).
  // Giving one writes the list: like WateState's derived(), not for two threads
  // reading one list at once.
  std::uint64_t stamp() const {
    if (stamp_ == 0) stamp_ = new_stamp();
    return stamp_;
  }
  // Where the groups changed since the last forget_changes(): in a few hexes
  // (the edits of Position that know them: edit_hex, move_acting), or anywhere
  // (`wide`: any other access that could change the list, and a new list).
  struct Changes {
    bool wide = true;
    std::uint8_t n = 0;
    std::array<hex::Hex, 6> hexes{};
    void note(hex::Hex h) {
      if (n < hexes.size())
        hexes[n++] = h;
      else
        wide = true;
    }
    void note(const Changes& o) {
      wide = wide || o.wide;
      for (std::size_t i = 0; i < o.n; ++i) note(o.hexes[i]);
    }
  };
  const Changes& changes() const { return changes_; }
  void forget_changes() { changes_ = {false, 0, {}}; }
  // A number for what a zone of control of `side` reads of the list (3.4): the
  // hexes where that side's SP project one (GAP-W-11, GAP-W-36), and which
  // sides are in each fortress (GAP-W-21). Like stamp(), but kept by the edits
  // of Position that leave those as they were (an activation's flags, a march
  // that leaves no fortress and moves no strength that counts), so the enemy's
  // ZOC map is found again while a side moves. Writes the list, as stamp() does.
  std::uint64_t zoc_version(int side) const {
    auto& v = zoc_version_[static_cast<std::size_t>(side)];
    if (v == 0) v = new_stamp();
    return v;
  }
  // The fortress hexes of the map, sorted (Map::fortress_hexes), for
  // zoc_version; without them every hex counts as one.
  void set_fortresses(const std::vector<hex::Hex>* sorted) { fortresses_ = sorted; }
  // Calls f(g) for each group in hex h: the hex's run if the list is
  // normalised (nothing at all for a hex that holds none), else a scan of
  // every group.
  template <class F>
  void each_in(hex::Hex h, F&& f) const {
    if (!dirty_) {
      if (!may_hold(h)) {
        assert(in_hex(h).first == in_hex(h).second);
        return;
      }
      const auto [first, last] = in_hex(h);
      for (auto it = first; it != last; ++it) f(*it);
      return;
    }
    for (const auto& g : v_)
      if (g.hex == h) f(g);
  }
  friend bool operator==(const SpList& a, const SpList& b) { return a.v_ == b.v_; }

 private:
  friend struct Position;
  // The groups in hex h, [first, last), found by a binary search: a normalised list only.
  std::pair<const_iterator, const_iterator> in_hex(hex::Hex h) const;
  std::vector<SpGroup>& changed() {
    dirty_ = true;
    cols_ok_ = false;
    stamp_ = 0;
    zoc_version_ = {};
    changes_.wide = true;
    return v_;
  }
  void changed_in(hex::Hex h) {
    stamp_ = 0;
    changes_.note(h);
  }
  void forget() noexcept {
    v_.clear();
    dirty_ = true;
    cols_ok_ = false;
    stamp_ = 0;
    zoc_version_ = {};
    changes_.wide = true;
  }
  bool fortress(hex::Hex h) const;
  // The groups of h changed what a ZOC of either side reads (zoc_version).
  void changed_zoc(hex::Hex h, bool projects_french, bool projects_german, bool presence);
  static std::uint64_t new_stamp();
  // Which hexes hold a group, while the list is normalised: bit `col` of word
  // `row`. Most hexes a move, a ZOC or a LOC asks about hold none, and this
  // answers for them without the search. 32 by 32 covers the 1870 map (columns
  // 5-30, rows 0-16) in 128 bytes, copied with every clone; a hex off this grid
  // is searched.
  static constexpr unsigned kGrid = 32;  // rows, and the bits of a row's word
  using Occupied = std::array<std::uint32_t, kGrid>;
  static bool on_grid(hex::Hex h) {
    return static_cast<unsigned>(h.col) < kGrid && static_cast<unsigned>(h.row) < kGrid;
  }
  bool may_hold(hex::Hex h) const {
    return !on_grid(h) || ((occupied_[static_cast<unsigned>(h.row)] >> h.col) & 1u) != 0;
  }
  void mark(hex::Hex h, bool held) {
    if (!on_grid(h)) return;
    const std::uint32_t bit = std::uint32_t{1} << h.col;
    auto& w = occupied_[static_cast<unsigned>(h.row)];
    w = held ? (w | bit) : (w & ~bit);
  }
  // After an edit of h's run: whether any group is left there.
  void remark(hex::Hex h) {
    const auto [first, last] = in_hex(h);
    mark(h, first != last);
  }
  // After any change: every group's hex afresh.
  void mark_every_hex() {
    occupied_ = {};
    for (const SpGroup& g : v_) mark(g.hex, true);
  }
  // Where each grid column's groups begin in v_ (cols_[c] to cols_[c + 1]),
  // found on the first search after a change: in_hex then walks a column's
  // few groups, not a binary search over all of them (the rules ask it for
  // nearly every hex they look at). Position's edits of v_ call columns_moved().
  // Finding them writes the list, as stamp() does: not for two threads at once.
  void find_columns() const;
  void columns_moved() { cols_ok_ = false; }
  // k groups went from column `from` to column `to`, nothing else moved: the
  // offsets between the two shift by k (cols_[c] counts the groups west of c),
  // and the next search need not find them all again.
  void columns_shifted(int from, int to, std::uint32_t k);
  std::vector<SpGroup> v_;
  bool dirty_ = true;
  mutable std::uint64_t stamp_ = 0;  // 0: none given since the last change
  mutable std::array<std::uint64_t, 2> zoc_version_{};  // per side; 0: none since the last change
  const std::vector<hex::Hex>* fortresses_ = nullptr;
  Occupied occupied_{};  // kept while !dirty_; rebuilt by normalise_groups
  mutable std::array<std::uint32_t, kGrid + 1> cols_{};
  mutable bool cols_ok_ = false;
  Changes changes_;
};

struct Position {
  SpList sps;
  std::vector<HqUnit> hqs;
  std::vector<signed char> control;  // per map hex (Map index): -1 nobody, 0 French, 1 German (3.7)
  std::vector<hex::Hex> destroyed;   // destroyed fortresses (9.0), sorted

  // Merges equal SP groups, drops empty ones, sorts: the canonical form.
  void normalise();
  // The same for the SP groups and the destroyed fortresses alone, for the code
  // that added no HQ: the HQ list only grows when a position is made and at the
  // set-up (14.0), and those call normalise(). Checking the HQs' order (by
  // name) cost as much as the rest at every order.
  void normalise_groups();
  // Moves the acting groups (the force carrying out an action) to `to` and
  // leaves the list normalised: the same list as setting their hex and calling
  // normalise(), without the insertion sort across every group between the two
  // hexes (a ride by rail crosses most of the list).
  void move_acting(hex::Hex to);
  // Lets f change the groups of hex h (counts, flags) and add groups in h to
  // them, then puts them back in canonical order: the same list as changing
  // them in place and calling normalise(), at the cost of that hex's run
  // instead of a pass over every group (an activation takes SP in one hex).
  // f changes only the run it is given: edits do not nest.
  template <class F>
  void edit_hex(hex::Hex h, F&& f) {
    std::vector<SpGroup>& run = open_hex(h);
    f(run);
    close_hex(h);
  }
  // Calls f(g) for each acting group (the force carrying out an action), with
  // the hexes that hold them put back in order as edit_hex does.
  template <class F>
  void edit_acting(F&& f) {
    for (const hex::Hex h : acting_hexes())
      edit_hex(h, [&](std::vector<SpGroup>& run) {
        for (auto& g : run)
          if (g.acting) f(g);
      });
  }
  // The force's action is over: no group is acting.
  void clear_acting() {
    edit_acting([](SpGroup& g) { g.acting = false; });
  }
  std::optional<Side> controller(const Map& map, hex::Hex h) const;
  void set_controller(const Map& map, hex::Hex h, std::optional<Side> side);
  bool fortress_destroyed(hex::Hex h) const;
  // The control of every fortress of the map (3.7), two bits each in the
  // order of Map::fortress_sorted_indices: what the fortress walk (GAP-W-21)
  // and the ZOC map (3.4) read of the control. None past 32 fortresses.
  std::optional<std::uint64_t> fortress_control(const Map& map) const;
  // SP of `side` in `h` (all statuses), and of good order only.
  int sp(hex::Hex h, Side side) const;
  int good_sp(hex::Hex h, Side side) const;
  bool occupied_by(hex::Hex h, Side side) const;  // SP or HQ of `side` in h
  // By name: compared as pointers. A string (a player's order) is compared as text.
  const HqUnit* hq(const Name& id) const;
  HqUnit* hq(const Name& id) { return const_cast<HqUnit*>(std::as_const(*this).hq(id)); }
  const HqUnit* hq(std::string_view id) const;
  HqUnit* hq(std::string_view id) { return const_cast<HqUnit*>(std::as_const(*this).hq(id)); }
  const HqUnit* hq(const std::string& id) const { return hq(std::string_view(id)); }
  HqUnit* hq(const std::string& id) { return hq(std::string_view(id)); }
  const HqUnit* hq(const char* id) const { return hq(std::string_view(id)); }
  HqUnit* hq(const char* id) { return hq(std::string_view(id)); }
  friend bool operator==(const Position&, const Position&) = default;

 private:
  // edit_hex's two halves: the run of h copied out (normalising first), and
  // the edited copy sorted, merged and put back in the run's place.
  std::vector<SpGroup>& open_hex(hex::Hex h);
  void close_hex(hex::Hex h);
  // move_acting's common case, a force in one hex (position.cpp); false: not that case.
  bool move_acting_from_one_hex(hex::Hex to);
  // The hexes holding acting groups, sorted (normalising first).
  const std::vector<hex::Hex>& acting_hexes();
};

}  // namespace rz::wate1870
