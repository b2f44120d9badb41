#pragma once
// Every HQ counter of the game (data/wate1870/forces.yaml): ranks, ratings,
// cautious commanders, replacement sides, cavalry divisions (3.6, GAP-W-05).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/name.hpp"
#include "core/result.hpp"
#include "rules/wate1870/types.hpp"

namespace rz::wate1870 {

struct HqRatings {
  int ab = 0;             // Attack Bonus
  int db = 0;             // Defense Bonus
  int ma = 0;             // Movement Allowance
  bool cautious = false;  // red-outlined MA (3.6)
};

struct HqDef {
  std::string id;        // stable, e.g. "F-III", "G-2A", "G-5CD"
  Side side = Side::kFrench;
  std::string name;      // "III Corps (Bazaine)"
  Rank rank = Rank::kCorps;
  HqRatings front;       // the full-strength side
  HqRatings replacement; // the reverse (replacement leader) side (8.5.1)
  bool cavalry = false;  // a cavalry division HQ: its SP are cavalry (8.1, GAP-W-15)
  bool napoleon = false; // Napoleon III: no replacement side, special casualty rule (8.5.1)
  int command_limit = 0; // SP it can activate (3.6.2)
  std::string source;
  int line = 0;
  int command_limit_line = 0;
};

// Ratings of the inherent division HQ of a force without an HQ unit (3.6.1).
struct InherentHq {
  HqRatings ratings;
  int max_sp = 0;         // largest force that has one: German 3, French 4
  int command_limit = 0;  // 3.6.2
  int line = 0;           // of command_limit in the file
};

// An HQ bought for 5 RP that is not a force-pool counter (6.2, GAP-W-05).
struct MobilisedHq {
  HqRatings ratings;
  int command_limit = 0;
  int line = 0;  // of command_limit in the file
};

class Forces {
 public:
  static Result<Forces> load(const std::string& path);
  static Result<Forces> parse(const std::string& text, const std::string& file_name);
  const HqDef* find(std::string_view id) const;
  // A piece's name (SpGroup::formation, HqUnit::id): compared as pointers.
  const HqDef* find(const Name& id) const;
  const HqDef* find(const std::string& id) const { return find(std::string_view(id)); }
  const HqDef* find(const char* id) const { return find(std::string_view(id)); }
  const std::vector<HqDef>& hqs() const { return hqs_; }
  const InherentHq& inherent(Side s) const { return inherent_[index(s)]; }
  const MobilisedHq& mobilised(Side s) const { return mobilised_[index(s)]; }
  // Ratings of the side the counter shows (8.5.1).
  static const HqRatings& ratings(const HqDef& hq, bool replacement) {
    return replacement ? hq.replacement : hq.front;
  }

 private:
  std::vector<HqDef> hqs_;
  // hqs_[i].id as names, in a table open-addressed by Name::key: found in a
  // step or two, not a scan (the bots and the rules ask for an HQ's
  // definition many times a decision).
  struct Slot {
    const void* key = nullptr;  // none
    std::uint32_t hq = 0;       // the index in hqs_
  };
  std::vector<Slot> slots_;
  int shift_ = 61;
  std::size_t slot_of(const void* key) const;
  void index_names();
  InherentHq inherent_[kSides];
  MobilisedHq mobilised_[kSides];
};

}  // namespace rz::wate1870
