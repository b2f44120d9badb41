// Loader of data/wate1870/forces.yaml (rules 3.6, 3.6.1, 3.6.2; GAP-W-05).
#include "rules/wate1870/forces.hpp"

#include <cstdint>
#include <set>

#include "data/yaml_file.hpp"

namespace rz::wate1870 {

namespace {

using data::Doc;
using data::fail;

// AB/DB are small signed DRMs; MA is MP per activation (3.6).
HqRatings read_ratings(const Doc& doc, const YAML::Node& n, std::string_view what,
                       std::initializer_list<std::string_view> extra_keys) {
  data::require_map(doc, n, what);
  for (const auto& kv : n) {
    const std::string k = kv.first.Scalar();
    bool known = k == "ab" || k == "db" || k == "ma" || k == "cautious";
    for (auto e : extra_keys) known = known || k == e;
    if (!known) fail(doc, kv.first, "unknown key '" + k + "' in " + std::string(what) + " (expected ab, db, ma, cautious)");
  }
  HqRatings r;
  r.ab = static_cast<int>(data::get_int(doc, n, "ab", -3, 3));
  r.db = static_cast<int>(data::get_int(doc, n, "db", -3, 3));
  r.ma = static_cast<int>(data::get_int(doc, n, "ma", 1, 12));
  r.cautious = data::get_bool(doc, n, "cautious");
  return r;
}

Side read_side(const Doc& doc, const YAML::Node& map, const char* key) {
  const YAML::Node n = data::field(doc, map, key);
  const auto s = parse_side(data::as_string(doc, n, key));
  if (!s) fail(doc, n, "unknown side '" + n.Scalar() + "' (expected French or German)");
  return *s;
}

// "inherent: {French: {...}, German: {...}}": both sides, nothing else.
template <class F>
void per_side(const Doc& doc, const YAML::Node& root, const char* key, F&& read) {
  const YAML::Node sec = data::field(doc, root, key);
  data::require_map(doc, sec, key);
  data::allow_keys(doc, sec, {"French", "German"});
  for (Side s : {Side::kFrench, Side::kGerman}) {
    const char* name = s == Side::kFrench ? "French" : "German";
    if (!sec[name].IsDefined()) fail(doc, sec, std::string("'") + key + "' has no entry for the " + name);
    read(s, sec[name]);
  }
}

HqDef read_hq(const Doc& doc, const YAML::Node& n) {
  data::require_map(doc, n, "an HQ");
  data::allow_keys(doc, n, {"id", "side", "name", "rank", "front", "replacement", "cavalry", "napoleon",
                            "command_limit", "source"});
  HqDef hq;
  hq.line = data::line_of(n);
  hq.id = data::get_string(doc, n, "id");
  hq.side = read_side(doc, n, "side");
  // The id prefix is how every other file names the side: they must agree.
  const std::string prefix = hq.side == Side::kFrench ? "F-" : "G-";
  if (hq.id.rfind(prefix, 0) != 0 || hq.id.size() <= 2)
    fail(doc, n["id"], "HQ id '" + hq.id + "' of a " + std::string(side_name(hq.side)) + " HQ must start with '" +
                           prefix + "'");
  hq.name = data::get_string(doc, n, "name");
  const YAML::Node rank = data::field(doc, n, "rank");
  const auto r = parse_rank(data::as_string(doc, rank, "'rank'"));
  if (!r) fail(doc, rank, "unknown rank '" + rank.Scalar() + "' (expected division, corps or army; rule 3.6)");
  hq.rank = *r;
  hq.front = read_ratings(doc, data::field(doc, n, "front"), "'front'", {});
  hq.replacement = read_ratings(doc, data::field(doc, n, "replacement"), "'replacement'", {});
  hq.cavalry = data::opt_bool(doc, n, "cavalry").value_or(false);
  hq.napoleon = data::opt_bool(doc, n, "napoleon").value_or(false);
  hq.command_limit = static_cast<int>(data::get_int(doc, n, "command_limit", 1, 16));
  hq.command_limit_line = data::line_of(n["command_limit"]);
  hq.source = data::require_source(doc, n);
  // 8.1 / GAP-W-15: only division HQs lead cavalry divisions.
  if (hq.cavalry && hq.rank != Rank::kDivision)
    fail(doc, n["cavalry"], "HQ " + hq.id + " is a cavalry HQ but not a division (GAP-W-15)");
  // 8.5.1: Napoleon III is the French army HQ.
  if (hq.napoleon && (hq.side != Side::kFrench || hq.rank != Rank::kArmy))
    fail(doc, n["napoleon"], "HQ " + hq.id + " is marked napoleon but is not a French army HQ (rule 8.5.1)");
  return hq;
}

void read_forces(const Doc& doc, std::vector<HqDef>& hqs, InherentHq* inherent, MobilisedHq* mob) {
  const YAML::Node& root = doc.root;
  data::allow_keys(doc, root, {"source", "inherent", "mobilised", "hqs"});
  data::require_source(doc, root);
  per_side(doc, root, "inherent", [&](Side s, const YAML::Node& n) {
    InherentHq& h = inherent[index(s)];
    h.ratings = read_ratings(doc, n, "'inherent'", {"max_sp", "command_limit", "source"});
    h.max_sp = static_cast<int>(data::get_int(doc, n, "max_sp", 1, 16));
    h.command_limit = static_cast<int>(data::get_int(doc, n, "command_limit", 1, 16));
    h.line = data::line_of(n["command_limit"]);
    // 3.6.1, 3.6.2: the largest force without an HQ unit is what its inherent HQ leads.
    if (h.max_sp != h.command_limit)
      fail(doc, n["max_sp"],
           "the inherent division HQ's max_sp (" + std::to_string(h.max_sp) +
               ") must be its command limit (" + std::to_string(h.command_limit) +
               "): it leads the force it stands for (rules 3.6.1, 3.6.2)");
    data::require_source(doc, n);
  });
  per_side(doc, root, "mobilised", [&](Side s, const YAML::Node& n) {
    MobilisedHq& m = mob[index(s)];
    m.ratings = read_ratings(doc, n, "'mobilised'", {"command_limit", "source"});
    m.command_limit = static_cast<int>(data::get_int(doc, n, "command_limit", 1, 16));
    m.line = data::line_of(n["command_limit"]);
    data::require_source(doc, n);
  });
  const YAML::Node list = data::field(doc, root, "hqs");
  data::require_seq(doc, list, "'hqs'");
  std::set<std::string> ids;
  int napoleons = 0;
  for (const auto& n : list) {
    HqDef hq = read_hq(doc, n);
    if (!ids.insert(hq.id).second) fail(doc, n["id"], "HQ id '" + hq.id + "' is defined twice");
    napoleons += hq.napoleon ? 1 : 0;
    hqs.push_back(std::move(hq));
  }
  if (napoleons > 1) fail(doc, list, "more than one HQ is marked napoleon (rule 8.5.1)");
}

}  // namespace

Result<Forces> Forces::parse(const std::string& text, const std::string& file_name) {
  return data::guarded(file_name, [&]() -> Forces {
    const Doc doc = data::parse_text(text, file_name);
    Forces f;
    read_forces(doc, f.hqs_, f.inherent_, f.mobilised_);
    f.index_names();
    return f;
  });
}

Result<Forces> Forces::load(const std::string& path) {
  return data::guarded(path, [&]() -> Forces {
    const Doc doc = data::parse_file(path);
    Forces f;
    read_forces(doc, f.hqs_, f.inherent_, f.mobilised_);
    f.index_names();
    return f;
  });
}

const HqDef* Forces::find(std::string_view id) const {
  for (const auto& h : hqs_)
    if (h.id == id) return &h;
  return nullptr;
}

std::size_t Forces::slot_of(const void* key) const {
  // Fibonacci hashing of the entry's address: which slot only, never which HQ.
  const auto k = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key));
  return static_cast<std::size_t>((k * 0x9e3779b97f4a7c15ULL) >> shift_);
}

void Forces::index_names() {
  int bits = 3;  // at least 4 slots an HQ, so that most are found at once
  while ((std::size_t{1} << bits) < 4 * hqs_.size()) ++bits;
  slots_.assign(std::size_t{1} << bits, Slot{});
  shift_ = 64 - bits;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = 0; i < hqs_.size(); ++i) {
    const void* key = Name(hqs_[i].id).key();
    std::size_t at = slot_of(key);
    while (slots_[at].key != nullptr && slots_[at].key != key) at = (at + 1) & mask;
    if (slots_[at].key == nullptr) slots_[at] = {key, static_cast<std::uint32_t>(i)};  // the first of an id
  }
}

const HqDef* Forces::find(const Name& id) const {
  if (slots_.empty()) return nullptr;
  const void* key = id.key();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = slot_of(key);; at = (at + 1) & mask) {
    if (slots_[at].key == key) return &hqs_[slots_[at].hq];
    if (slots_[at].key == nullptr) return nullptr;
  }
}

}  // namespace rz::wate1870
