// 7.1 March costs (Terrain Effects Chart, GAP-W-02), 3.4 cautious HQs, 12.1
// and 12.4, and 7.1.3 rail movement (GAP-W-25). Rulings:
// docs/rulings/wate1870-zoc-loc-movement.md.
#include "rules/wate1870/movement.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "rules/wate1870/hex_rows.hpp"
#include "rules/wate1870/map.hpp"
#include "rules/wate1870/orders.hpp"
#include "rules/wate1870/traced_cache.hpp"
#include "rules/wate1870/zoc.hpp"

namespace rz::wate1870 {

namespace {

std::string country_name(Country c) {
  switch (c) {
    case Country::kLuxembourg:
      return "Luxembourg";
    case Country::kBelgium:
      return "Belgium";
    case Country::kSwitzerland:
      return "Switzerland";
    case Country::kFrance:
      return "France";
    case Country::kGermany:
      return "Germany";
  }
  return "a neutral country";
}

bool town_or_fortress(const Board& b, const HexInfo& i) {
  return i.town ||
         (i.fortress_sr > 0 && !b.pos.fortress_destroyed(i.hex));  // 9.0: destroyed = plain terrain
}

}  // namespace

bool StepPrice::rule(const char* key, std::int8_t& kept) const {
  if (kept < 0) kept = b_.options.flag(key) ? 1 : 0;
  return kept != 0;
}

EnterBar StepPrice::operator()(int fi, int k, int di, int& mp) const {
  const Map& m = b_.map();
  const HexInfo& dest = m.hexes()[static_cast<std::size_t>(di)];
  if (neutral(dest.country)) return EnterBar::kNeutral;
  const hex::Hex to = dest.hex;
  // An enemy HQ alone does not stop a march: it is displaced (GAP-W-35).
  if (!ctx_.attacking && (ctx_.enemy_sp ? (*ctx_.enemy_sp)[static_cast<std::size_t>(di)] != 0
                                        : b_.pos.sp(to, other(ctx_.side)) > 0))
    return EnterBar::kEnemy;

  // 7.1 / TEC: the terrain of the hex entered; a town or fortress costs its terrain.
  mp = b_.tables().mp_cost(dest.terrain);
  // 12.4 (optional): moving along a rail link over a river uses the bridge.
  if (((m.river_dirs(fi) >> k) & 1u) && !(((m.rail_dirs(fi) >> k) & 1u) && rule("12.4", bridges_)))
    mp += b_.tables().river_mp();
  // 3.4 / 3.6: a cautious commander pays +1 to enter an EZOC.
  if (ctx_.cautious &&
      (ctx_.enemy_zoc ? ctx_.enemy_zoc->in_zoc_index(di) : in_enemy_zoc(b_, to, ctx_.side)))
    mp += 1;
  if (ctx_.side == Side::kFrench) {
    // 7.1: French +1 to enter, and +1 to leave, a hex that already has a
    // friendly force. The moving force itself is not that force: the march
    // procedure names its hex in leaving_own_hex when nothing else stays there.
    const auto french = [&](int i) {
      return ctx_.french
                 ? (*ctx_.french)[static_cast<std::size_t>(i)] != 0
                 : b_.pos.occupied_by(m.hexes()[static_cast<std::size_t>(i)].hex, Side::kFrench);
    };
    if (french(di)) mp += 1;
    if (french(fi) && ctx_.leaving_own_hex != m.hexes()[static_cast<std::size_t>(fi)].hex) mp += 1;
  }
  // 12.1 (optional): German +1 into a French town or fortress hex.
  if (ctx_.side == Side::kGerman && dest.country == Country::kFrance && rule("12.1", resistance_) &&
      town_or_fortress(b_, dest))
    mp += b_.tables().civilian_resistance_mp();
  return EnterBar::kNone;
}

EnterBar enter_mp(const Board& b, hex::Hex from, hex::Hex to, const MoveContext& ctx, int& mp) {
  const Map& m = b.map();
  const int di = m.index_of(to), fi = m.index_of(from);
  if (di < 0) return EnterBar::kOffMap;
  if (fi < 0) return EnterBar::kFromOffMap;
  if (neutral(m.hexes()[static_cast<std::size_t>(di)].country)) return EnterBar::kNeutral;
  const int k = hex::direction(from, to);
  if (k < 0) return EnterBar::kNotAdjacent;
  return StepPrice(b, ctx)(fi, k, di, mp);
}

Result<int> enter_cost(const Board& b, hex::Hex from, hex::Hex to, const MoveContext& ctx) {
  int mp = 0;
  switch (enter_mp(b, from, to, ctx, mp)) {
    case EnterBar::kNone:
      return mp;
    case EnterBar::kOffMap:
      return illegal("hex " + to.id() + " is off the map", "7.1");
    case EnterBar::kFromOffMap:
      return illegal("hex " + from.id() + " is off the map", "7.1");
    case EnterBar::kNeutral:
      return illegal("hex " + to.id() + " is in neutral " +
                         country_name(b.map().find(to)->country) + ", which no force may enter",
                     "GAP-W-02");
    case EnterBar::kNotAdjacent:
      return illegal("hex " + to.id() + " is not adjacent to " + from.id() +
                         "; a march enters one adjacent hex at a time",
                     "7.1");
    case EnterBar::kEnemy:
      return illegal("hex " + to.id() + " holds " + std::string(side_name(other(ctx.side))) +
                         " forces; it can be entered only by March Combat",
                     "7.1.1");
  }
  return mp;
}

Occupancy::Occupancy(const Board& b, Side side)
    : enemy_sp(b.map().hexes().size(), 0), french(b.map().hexes().size(), 0) {
  const Map& m = b.map();
  std::vector<int> sp(m.hexes().size(), 0);
  for (const auto& g : b.pos.sps) {
    const int i = m.index_of(g.hex);
    if (i < 0) continue;
    if (g.side != side) sp[static_cast<std::size_t>(i)] += g.count;
    if (g.side == Side::kFrench) french[static_cast<std::size_t>(i)] = 1;
  }
  for (std::size_t i = 0; i < sp.size(); ++i) enemy_sp[i] = sp[i] > 0;
  for (const auto& q : b.pos.hqs)
    if (q.side == Side::kFrench && q.hex)
      if (const int i = m.index_of(*q.hex); i >= 0) french[static_cast<std::size_t>(i)] = 1;
}

namespace {

// 7.1.3: the rail hexes `side` may ride through: friendly controlled, outside
// an EZOC, free of enemy SP (the Germans: in Germany only, GAP-W-25).
HexRows usable_rail(const Board& b, Side side) {
  const Map& m = b.map();
  const bool home_only = b.tables().rail(side).home_only;
  const Country home = side == Side::kGerman ? Country::kGermany : Country::kFrance;
  const auto ezoc = ZocMap::of(b, other(side));
  HexRows enemy, usable;
  for (const auto& g : b.pos.sps)
    if (const int i = m.index_of(g.hex); i >= 0 && g.side != side && g.count > 0)
      enemy.set_bit(m.grid_bit(i));
  const int width = m.col_max() - m.col_min() + 1;
  const auto& rails = m.rail_rows();
  for (int r = 0; r <= m.row_max() - m.row_min(); ++r)
    for (std::uint64_t w = rails[r] & ~enemy[r] & ~ezoc->rows()[r]; w != 0; w &= w - 1) {
      const int c = std::countr_zero(w);
      const auto i = static_cast<std::size_t>(r * width + c);
      if (b.pos.control[i] != index(side)) continue;
      if (home_only && m.facts()[i].country != home) continue;
      usable.set(r, c);
    }
  return usable;
}

// The usable rail hexes split into the parts their links join, each part's
// hexes in hex order (column, then row).
struct RailParts {
  std::vector<std::int16_t> part;            // by Map index; -1: not usable
  std::vector<std::vector<hex::Hex>> hexes;  // by part
};

RailParts rail_parts(const Map& m, const HexRows& usable) {
  RailParts p;
  p.part.assign(m.hexes().size(), -1);
  const int width = m.col_max() - m.col_min() + 1;
  std::vector<int> queue;
  for (int r = 0; r <= m.row_max() - m.row_min(); ++r)
    for (std::uint64_t w = usable[r]; w != 0; w &= w - 1) {
      const int start = r * width + std::countr_zero(w);
      if (p.part[static_cast<std::size_t>(start)] >= 0) continue;
      const auto id = static_cast<std::int16_t>(p.hexes.size());
      p.part[static_cast<std::size_t>(start)] = id;
      queue.assign(1, start);
      for (std::size_t q = 0; q < queue.size(); ++q) {
        const std::uint8_t links = m.rail_dirs(queue[q]);
        for (int k = 0; k < 6; ++k) {
          if (!((links >> k) & 1u)) continue;
          const int j = m.neighbour_index(queue[q], k);
          if (j < 0 || p.part[static_cast<std::size_t>(j)] >= 0 || !usable.test_bit(m.grid_bit(j)))
            continue;
          p.part[static_cast<std::size_t>(j)] = id;
          queue.push_back(j);
        }
      }
      auto& hexes = p.hexes.emplace_back();
      hexes.reserve(queue.size());
      for (const int i : queue) hexes.push_back(m.hexes()[static_cast<std::size_t>(i)].hex);
      std::sort(hexes.begin(), hexes.end());
    }
  return p;
}

}  // namespace

std::vector<hex::Hex> rail_reachable(const Board& b, hex::Hex from, Side side) {
  const Map& m = b.map();
  const int start = m.index_of(from);
  if (start < 0) return {};
  const HexRows usable = usable_rail(b, side);
  if (!usable.test_bit(m.grid_bit(start))) return {};
  // The parts of the last few networks on this thread, by data set and usable
  // hexes: most orders change neither the control, the ZOCs nor the enemy's
  // rail hexes, so a march's rides find the network split as before.
  thread_local TracedCache<RailParts, 8, HexRows> kept;
  std::uint64_t hash = 0;
  for (const auto w : usable.w) hash = mix_hash(hash, w);
  const auto parts = kept.get(
      b.data.id.value, side, hash, [&](const HexRows& k) { return k == usable; },
      [&](HexRows& k) { k = usable; },
      [&] { return std::make_shared<const RailParts>(rail_parts(m, usable)); });
  const auto& part =
      parts->hexes[static_cast<std::size_t>(parts->part[static_cast<std::size_t>(start)])];
  std::vector<hex::Hex> out;
  out.reserve(part.size() - 1);
  for (const hex::Hex h : part)
    if (h != from) out.push_back(h);
  return out;
}

std::vector<hex::Hex> rail_reachable_afresh(const Board& b, hex::Hex from, Side side) {
  const Map& m = b.map();
  const bool home_only =
      b.tables().rail(side).home_only;  // German: inside Germany only (7.1.3, GAP-W-25)
  const auto ezoc = ZocMap::of(b, other(side));
  // Sets of hexes as rows of bits (no whole-map vector to allocate and clear).
  HexRows enemy, seen;
  for (const auto& g : b.pos.sps)
    if (const int i = m.index_of(g.hex); i >= 0 && g.side != side && g.count > 0)
      enemy.set_bit(m.grid_bit(i));
  // 7.1.3: a friendly controlled rail hex outside an EZOC, free of enemy SP.
  // By Map index: the search asks about each rail link of the network.
  const Country home = side == Side::kGerman ? Country::kGermany : Country::kFrance;
  auto usable = [&](int i) {
    const auto u = static_cast<std::size_t>(i);
    if (!m.rail_at(i) || b.pos.control[u] != index(side)) return false;
    if (home_only && m.facts()[u].country != home) return false;
    return !ezoc->in_zoc_index(i) && !enemy.test_bit(m.grid_bit(i));
  };
  std::vector<hex::Hex> out;
  const int start = m.index_of(from);
  if (start < 0 || !usable(start)) return out;
  std::vector<int> queue{start};
  seen.set_bit(m.grid_bit(start));
  // The hexes reached, a word of rows per column: read out column by column they
  // come in hex order (column, then row) without a sort (a network of a hundred
  // hexes or more is reached from most rail hexes).
  std::array<std::uint32_t, HexRows::kMaxCols> by_col{};
  static_assert(HexRows::kMaxRows <= 32);
  for (std::size_t q = 0; q < queue.size(); ++q) {
    const int h = queue[q];
    const std::uint8_t links = m.rail_dirs(h);  // bit k: a rail link to neighbour k
    for (int k = 0; k < 6; ++k) {
      if (!((links >> k) & 1u)) continue;
      const int j = m.neighbour_index(h, k);
      if (j < 0 || seen.test_bit(m.grid_bit(j)) || !usable(j)) continue;
      seen.set_bit(m.grid_bit(j));
      queue.push_back(j);
      const hex::Hex x = m.hexes()[static_cast<std::size_t>(j)].hex;
      by_col[static_cast<std::size_t>(x.col - m.col_min())] |= std::uint32_t{1}
                                                               << (x.row - m.row_min());
    }
  }
  out.reserve(queue.size() - 1);
  for (int c = 0; c <= m.col_max() - m.col_min(); ++c)
    for (std::uint32_t w = by_col[static_cast<std::size_t>(c)]; w != 0; w &= w - 1)
      out.push_back({m.col_min() + c, m.row_min() + std::countr_zero(w)});
  return out;
}

}  // namespace rz::wate1870
