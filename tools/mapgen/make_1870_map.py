#!/usr/bin/env python3
"""Generate data/wate1870/map.yaml from data/wate1870/geography.yaml (GAP-W-02).

Steps (shared/reference/1870-geography.md): project lat/lon to the hex plane (§1.2) with the
local warp (§1.4); terrain and country of each hex by area share (§5, §6.5) with the set-up
overrides (§2.6); places to hexes (§2); rivers as continuous chains of hexsides (§3); railways
as chains of adjacent hexes cut at neutral borders (§4); map-edge supply (rule 4.2); the rail
exit (rule 11.0, GAP-W-29). Output is deterministic.

Usage: tools/mapgen/make_1870_map.py [--check]   (run from anywhere; --check compares only)
Needs Python 3 and PyYAML (Debian python3-yaml).
"""
import bisect
import heapq
import math
import os
import re
import sys
import unicodedata

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GEO = os.path.join(ROOT, "data", "wate1870", "geography.yaml")
OUT = os.path.join(ROOT, "data", "wate1870", "map.yaml")
S3 = math.sqrt(3) / 2  # row step in hex widths
RADIUS = 1 / math.sqrt(3)  # centre to corner


def die(msg):
    sys.exit("make_1870_map: " + msg)


def ascii_name(s):
    s = re.sub(r"\s*\(.*?\)", "", s)
    return unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode()


# ---------------------------------------------------------------- projection (§1.2, §1.4)
class Projection:
    def __init__(self, geo):
        p = geo["projection"]
        self.p = p
        self.cps = []
        for c in geo["control_points"]:
            self.cps.append((self.km(c["lat"], c["lon"]), c["du"], c["dv"], c))

    def km(self, lat, lon):
        p = self.p
        x = p["radius_km"] * (lon - p["centre_lon"]) * math.pi / 180 * math.cos(math.radians(lat))
        y = p["radius_km"] * (lat - p["centre_lat"]) * math.pi / 180
        return x, y

    def plain(self, lat, lon):
        p = self.p
        x, y = self.km(lat, lon)
        return p["a"] * x + p["b"] * y + p["tx"], p["b"] * x - p["a"] * y + p["ty"]

    def uv(self, lat, lon):
        u, v = self.plain(lat, lon)
        x, y = self.km(lat, lon)
        sw = swu = swv = 0.0
        dmin = None
        for (cx, cy), du, dv, _ in self.cps:
            d = math.hypot(x - cx, y - cy)
            if d == 0:
                return u + du, v + dv
            w = 1 / (d * d)
            sw += w
            swu += w * du
            swv += w * dv
            dmin = d if dmin is None else min(dmin, d)
        t = math.exp(-((dmin / self.p["warp_fade_km"]) ** 2))
        return u + t * swu / sw, v + t * swv / sw


def centre(h):
    c, r = h
    return (c + (0.5 if r % 2 == 0 else 0.0), r * S3)


def nearest_hex(u, v):
    best = None
    r0 = math.floor(v / S3)
    for r in range(r0 - 1, r0 + 3):
        sh = 0.5 if r % 2 == 0 else 0.0
        c = round(u - sh)
        d = (u - (c + sh)) ** 2 + (v - r * S3) ** 2
        if best is None or d < best[0] - 1e-12:
            best = (d, (c, r))
    return best[1]


def hid(h):
    return "%02d%02d" % h


def parse_hex(s):
    if not re.fullmatch(r"\d{4}", s):
        die("bad hex id %r" % s)
    return (int(s[:2]), int(s[2:]))


def neighbours(h):
    c, r = h
    if r % 2 == 0:
        return [(c + 1, r), (c + 1, r - 1), (c, r - 1), (c - 1, r), (c, r + 1), (c + 1, r + 1)]
    return [(c + 1, r), (c, r - 1), (c - 1, r - 1), (c - 1, r), (c - 1, r + 1), (c, r + 1)]


def adjacent(a, b):
    return b in neighbours(a)


def corner(h, k):
    cx, cy = centre(h)
    a = math.radians(-90 + 60 * k)
    return (cx + RADIUS * math.cos(a), cy + RADIUS * math.sin(a))


def ckey(p):
    return (round(p[0] * 1000), round(p[1] * 1000))


def side_id(a, b):
    a, b = sorted([a, b])
    return hid(a) + "/" + hid(b)


# ---------------------------------------------------------------- geometry helpers
def seg_dist(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0 if L == 0 else max(0, min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def poly_dist(p, pts):
    if len(pts) == 1:
        return math.hypot(p[0] - pts[0][0], p[1] - pts[0][1])
    return min(seg_dist(p, pts[i], pts[i + 1]) for i in range(len(pts) - 1))


def densify(latlon, step_deg=0.02):
    out = []
    n = len(latlon)
    for i in range(n):
        a, b = latlon[i], latlon[(i + 1) % n]
        k = max(1, min(60, int(math.hypot(b[0] - a[0], b[1] - a[1]) / step_deg)))
        for j in range(k):
            out.append((a[0] + (b[0] - a[0]) * j / k, a[1] + (b[1] - a[1]) * j / k))
    return out


class Ring:
    """A polygon in the hex plane; inside test by even-odd crossings per lattice row."""

    def __init__(self, uvpts):
        self.pts = uvpts
        self.cache = {}

    def crossings(self, v):
        if v not in self.cache:
            xs = []
            n = len(self.pts)
            for i in range(n):
                (u1, v1), (u2, v2) = self.pts[i], self.pts[(i + 1) % n]
                if (v1 > v) != (v2 > v):
                    xs.append(u1 + (v - v1) * (u2 - u1) / (v2 - v1))
            xs.sort()
            self.cache[v] = xs
        return self.cache[v]

    def inside(self, u, v):
        return bisect.bisect_left(self.crossings(v), u) % 2 == 1


# ---------------------------------------------------------------- the generator
class Gen:
    def __init__(self, geo):
        self.geo = geo
        g = geo["grid"]
        self.c0, self.c1, self.r0, self.r1 = g["col_min"], g["col_max"], g["row_min"], g["row_max"]
        self.proj = Projection(geo)
        self.hexes = [(c, r) for r in range(self.r0, self.r1 + 1) for c in range(self.c0, self.c1 + 1)]
        self.onmap = set(self.hexes)
        self.notes = []

    def uv(self, lat, lon):
        return self.proj.uv(lat, lon)

    def hex_of(self, lat, lon):
        return nearest_hex(*self.uv(lat, lon))

    def note(self, s):
        self.notes.append(s)

    # -------- lattice sampling (area shares)
    def lattice(self):
        step = 0.0625
        pts = []
        v = -0.75
        while v < self.r1 * S3 + 0.75:
            u = self.c0 - 0.75
            while u < self.c1 + 1.25:
                h = nearest_hex(u, v)
                if h in self.onmap:
                    pts.append((u, v, h))
                u += step
            v += step
        return pts

    def check_control_points(self):
        for c in self.geo["control_points"]:
            h = self.hex_of(c["lat"], c["lon"])
            if hid(h) != c["hex"]:
                die("control point %s lands in %s, not %s" % (c["name"], hid(h), c["hex"]))

    def line_points(self, name):
        if name == "luxembourg_outline":
            return [(p[0], p[1], str(i)) for i, p in enumerate(self.geo["luxembourg_outline"]["points"])]
        if name.startswith("river:"):
            rv = [r for r in self.geo["rivers"] if r["name"] == name[6:]][0]
            return [(w[1], w[2], w[0]) for w in rv["waypoints"]]
        b = [b for b in self.geo["borders"] if b["name"] == name]
        if not b:
            die("no border line %r" % name)
        return [(p[1], p[2], p[0]) for p in b[0]["points"]]

    def ring(self, pieces):
        out = []
        for pc in pieces:
            if "points" in pc:
                out += [tuple(p) for p in pc["points"]]
                continue
            pts = self.line_points(pc["line"])

            def idx(x):
                if isinstance(x, int):
                    return x % len(pts)
                for i, p in enumerate(pts):
                    if p[2] == x:
                        return i
                die("no point %r on %s" % (x, pc["line"]))

            i, j = idx(pc["from"]), idx(pc["to"])
            seq = pts[i : j + 1] if i <= j else list(reversed(pts[j : i + 1]))
            out += [(p[0], p[1]) for p in seq]
        return out

    def areas(self):
        lat = self.lattice()
        # country rings
        crings = []
        for c in self.geo["countries"]:
            ll = densify(self.ring(c["ring"]))
            crings.append((c["country"], Ring([self.uv(a, b) for a, b in ll])))
        trings = []
        for t in self.geo["terrain"]:
            ll = densify([tuple(p) for p in t["polygon"]], 0.01)
            uvs = [self.uv(a, b) for a, b in ll]
            trings.append((t, Ring(uvs), ll))
        count = {h: 0 for h in self.hexes}
        ccount = {h: {} for h in self.hexes}
        tcount = {h: {} for h in self.hexes}
        for u, v, h in lat:
            count[h] += 1
            cc = "F"
            for code, rg in crings:
                if rg.inside(u, v):
                    cc = code
                    break
            ccount[h][cc] = ccount[h].get(cc, 0) + 1
            for t, rg, _ in trings:
                if rg.inside(u, v):
                    cls = t["class"]
                    if "split_lat" in t and self.lat_of(u, v, t) > t["split_lat"]:
                        cls = t["north_class"]
                    tcount[h][cls] = tcount[h].get(cls, 0) + 1
                    break
        self.country = {}
        self.terrain = {}
        for h in self.hexes:
            n = count[h]
            best = sorted(ccount[h].items(), key=lambda kv: (-kv[1], kv[0]))[0]
            self.country[h] = best[0]
            tot = sum(tcount[h].values())
            if tot * 2 >= n:
                self.terrain[h] = sorted(tcount[h].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
            else:
                self.terrain[h] = "clear"

    def lat_of(self, u, v, t):
        # Latitude of a hex-plane point for the Vosges split: inverts the plain similarity of
        # §1.2 (the warp moves points by well under a hex there, enough for a class boundary).
        p = self.proj.p
        a, b = p["a"], p["b"]
        du, dv = u - p["tx"], v - p["ty"]
        det = -a * a - b * b
        x = (-a * du - b * dv) / det
        y = (a * dv - b * du) / det
        return p["centre_lat"] + y / p["radius_km"] * 180 / math.pi

    # -------- hand corrections
    def apply_hand(self):
        hand = self.geo.get("hand", {})
        for c in hand.get("country", []):
            h = parse_hex(c["hex"])
            if self.country[h] != c["country"]:
                self.note("country %s: %s by area, set %s (%s)" % (c["hex"], self.country[h], c["country"], c["source"]))
            self.country[h] = c["country"]
        for c in hand.get("terrain", []):
            h = parse_hex(c["hex"])
            if self.terrain[h] != c["terrain"]:
                self.note("terrain %s: %s by area, set %s" % (c["hex"], self.terrain[h], c["terrain"]))
            self.terrain[h] = c["terrain"]

    # -------- places (§2)
    def places(self):
        self.place = {}
        for p in self.geo["places"]:
            if p["kind"] == "reference" or "omit" in p:
                continue
            h = parse_hex(p["hex"]) if "hex" in p else self.hex_of(p["lat"], p["lon"])
            name = p.get("map_name", p["name"])
            if h not in self.onmap:
                self.note("place %s off the map at %s: not placed" % (name, hid(h) if h[1] >= 0 else h))
                continue
            if re.fullmatch(r"\d{4}", str(p.get("ref_hex", ""))) and "hex" not in p and hid(h) != p["ref_hex"]:
                self.note("place %s: projected %s, reference says %s" % (name, hid(h), p["ref_hex"]))
            if h in self.place:
                die("places %s and %s both in %s: omit one in geography.yaml" % (self.place[h]["name"], name, hid(h)))
            cc = self.country[h]
            if cc != p["country"]:
                die("place %s (%s) lands in %s hex %s" % (name, p["country"], cc, hid(h)))
            self.place[h] = {"name": name, "kind": p["kind"], "sr": p.get("sr"), "source": p["source"]}

    # -------- corner graph for rivers
    def corner_graph(self):
        self.adj = {}  # corner key -> list of (corner key, side)
        self.cpos = {}
        for h in self.hexes:
            for k in range(6):
                p1, p2 = corner(h, k), corner(h, (k + 1) % 6)
                mx, my = (p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2
                cx, cy = centre(h)
                nb = nearest_hex(2 * mx - cx, 2 * my - cy)
                if nb not in self.onmap or nb < h:
                    continue
                k1, k2 = ckey(p1), ckey(p2)
                self.cpos[k1], self.cpos[k2] = p1, p2
                s = (h, nb)
                self.adj.setdefault(k1, []).append((k2, s))
                self.adj.setdefault(k2, []).append((k1, s))

    def side_corners(self, a, b):
        for k in range(6):
            p1, p2 = corner(a, k), corner(a, (k + 1) % 6)
            mx, my = (p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2
            cx, cy = centre(a)
            if nearest_hex(2 * mx - cx, 2 * my - cy) == b:
                return ckey(p1), ckey(p2)
        die("hexes %s and %s are not adjacent" % (hid(a), hid(b)))

    def nearest_corner(self, p):
        return min(self.adj, key=lambda k: ((self.cpos[k][0] - p[0]) ** 2 + (self.cpos[k][1] - p[1]) ** 2, k))

    def dijkstra(self, start, goals, line, used):
        dist = {start: 0.0}
        prev = {}
        pq = [(0.0, start)]
        while pq:
            d, k = heapq.heappop(pq)
            if d > dist[k]:
                continue
            if k in goals:
                path = []
                while k != start:
                    path.append(prev[k])
                    k = prev[k][0]
                return d, list(reversed(path))
            for k2, s in self.adj[k]:
                if k2 in used and k2 not in goals:
                    continue
                m = ((self.cpos[k][0] + self.cpos[k2][0]) / 2, (self.cpos[k][1] + self.cpos[k2][1]) / 2)
                dd = poly_dist(m, line) if line else 0.0
                nd = d + RADIUS * (1 + 12 * dd * dd)
                if nd < dist.get(k2, 1e18) - 1e-12:
                    dist[k2] = nd
                    prev[k2] = (k, s)
                    heapq.heappush(pq, (nd, k2))
        return None, None

    def inside_map(self, p, margin=0.0):
        u, v = p
        return self.c0 - margin <= u <= self.c1 + 0.5 + margin and -margin <= v <= self.r1 * S3 + margin

    def river(self, rv):
        wps = [(w[0], self.uv(w[1], w[2])) for w in rv["waypoints"]]
        items = []  # ("pt", label, uv) | ("side", a, b)
        skip = set()
        hands = rv.get("hand", [])
        for hd in hands:
            if "replace" in hd:
                skip |= set(hd["replace"])
        wb = [hd for hd in hands if "west_bank" in hd]
        i = 0
        while i < len(wps):
            lab, p = wps[i]
            if wb and lab.startswith(wb[0]["from"]):
                chain = [parse_hex(x) for x in wb[0]["west_bank"]]
                items.append(("pt", lab, p))
                for h in chain:
                    items.append(("side", h, (h[0] + 1, h[1])))
                while not wps[i][0].startswith(wb[0]["to"]):
                    i += 1
                items.append(("pt", wps[i][0], wps[i][1]))
                i += 1
                continue
            if lab in skip:
                for hd in hands:
                    if hd.get("replace", [None])[0] == lab:
                        for s in hd["hexsides"]:
                            a, b = s.split("/")
                            items.append(("side", parse_hex(a), parse_hex(b)))
            else:
                items.append(("pt", lab, p))
            i += 1
        # Keep the run of items inside the map; a river leaving the map ends there.
        first = next(j for j, it in enumerate(items) if it[0] == "side" or self.inside_map(it[2]))
        items = items[first:]
        last = len(items)
        for j, it in enumerate(items):
            if it[0] == "pt" and not self.inside_map(it[2]):
                last = j
                break
        items = items[:last]
        line = [p for _, p in wps]

        def corners_of(it):
            return self.side_corners(it[1], it[2])

        def exit_corner(j):
            # A forced hexside is walked so that it ends next to what follows it.
            c1, c2 = corners_of(items[j])
            if j + 1 < len(items):
                nx = items[j + 1]
                if nx[0] == "side":
                    shared = {c1, c2} & set(corners_of(nx))
                    if shared:
                        return shared.pop()
                    tgt = [self.cpos[k] for k in corners_of(nx)]
                else:
                    tgt = [nx[2]]
                dd = lambda k: min(math.hypot(self.cpos[k][0] - t[0], self.cpos[k][1] - t[1]) for t in tgt)
                return min((c1, c2), key=lambda k: (dd(k), k))
            return c2

        path = []  # sides, in flow order
        used = set()
        end = None

        def go(target, what, avoid=()):
            nonlocal end
            if target in used:
                die("river %s crosses itself at %s" % (rv["name"], what))
            _, steps = self.dijkstra(end, {target}, line, used | set(avoid))
            if steps is None:
                die("river %s: no route to %s" % (rv["name"], what))
            for k in self.walk_corners(end, steps):
                used.add(k)
            for _, sd in steps:
                path.append(tuple(sorted(sd)))
            end = target

        for j, it in enumerate(items):
            if it[0] == "pt":
                target = self.nearest_corner(it[2])
                if j + 1 < len(items) and items[j + 1][0] == "side" and target in corners_of(items[j + 1]):
                    continue  # the forced hexside that follows starts here anyway
                if end is None:
                    end = target
                    used.add(end)
                elif target != end and target not in used:
                    go(target, it[1])
            else:
                out = exit_corner(j)
                c1, c2 = corners_of(it)
                entry = c2 if out == c1 else c1
                if end is None:
                    end = entry
                    used.add(end)
                elif end != entry:
                    go(entry, side_id(it[1], it[2]), avoid=[out])
                if out in used:
                    die("river %s crosses itself at %s" % (rv["name"], side_id(it[1], it[2])))
                path.append(tuple(sorted([it[1], it[2]])))
                used.add(out)
                end = out
        return path

    def walk_corners(self, start, steps):
        # steps are (previous corner, side); the corners reached are recovered from the sides.
        out = [start]
        k = start
        for _, sd in steps:
            c1, c2 = self.side_corners(*sd)
            k = c2 if k == c1 else c1
            out.append(k)
        return out

    def rivers(self):
        self.corner_graph()
        self.river_out = []
        for rv in self.geo["rivers"]:
            if "omit" in rv:
                continue
            path = self.river(rv)
            # continuity check: consecutive sides share a corner
            for a, b in zip(path, path[1:]):
                if not set(self.side_corners(*a)) & set(self.side_corners(*b)):
                    die("river %s broken between %s and %s" % (rv["name"], side_id(*a), side_id(*b)))
            if len(set(path)) != len(path):
                die("river %s uses a hexside twice" % rv["name"])
            self.river_out.append((rv["name"], rv["source"], path))

    # -------- railways (§4)
    def station(self, name):
        st = self.geo["stations"].get(name)
        if st is None:
            die("no station %r" % name)
        return self.uv(st["lat"], st["lon"])

    def chain(self, pu, qu):
        """Hexes met along the straight track from pu to qu, each adjacent to the next. Where the
        straight line strays into a third country (e.g. across the Rhine), the shortest chain of
        adjacent hexes inside the two end countries is used instead, nearest the track."""
        a, b = nearest_hex(*pu), nearest_hex(*qu)
        out = [a]
        n = max(2, int(math.hypot(qu[0] - pu[0], qu[1] - pu[1]) * 20))
        for i in range(1, n + 1):
            t = i / n
            h = nearest_hex(pu[0] + (qu[0] - pu[0]) * t, pu[1] + (qu[1] - pu[1]) * t)
            if h == out[-1]:
                continue
            if not adjacent(out[-1], h):
                # passed through a corner: step through the common neighbour nearest the track
                common = sorted(set(neighbours(out[-1])) & set(neighbours(h)),
                                key=lambda x: (seg_dist(centre(x), pu, qu), x))
                out.append(common[0])
            out.append(h)
        ok = {self.country.get(a), self.country.get(b)}
        if all(self.country.get(h) in ok for h in out if h in self.onmap) or not (a in self.onmap and b in self.onmap):
            return out
        # Dijkstra on (steps, distance from the track), inside the end countries
        best = {a: (0, 0.0)}
        prev = {}
        pq = [(0, 0.0, a)]
        while pq:
            st, dd, h = heapq.heappop(pq)
            if h == b:
                break
            if (st, dd) > best[h]:
                continue
            for nb in neighbours(h):
                if nb not in self.onmap or self.country[nb] not in ok:
                    continue
                c = (st + 1, dd + seg_dist(centre(nb), pu, qu))
                if c < best.get(nb, (1 << 30, 0.0)):
                    best[nb] = c
                    prev[nb] = h
                    heapq.heappush(pq, (c[0], c[1], nb))
        if b not in prev:
            return out
        path = [b]
        while path[-1] != a:
            path.append(prev[path[-1]])
        return list(reversed(path))

    def railways(self):
        self.rail_out = []
        for rw in self.geo["railways"]:
            if "omit" in rw:
                continue
            if "hand_paths" in rw:
                pieces = [[parse_hex(x) for x in hp] for hp in rw["hand_paths"]]
            else:
                sts = [s for s in rw["stations"] if s not in rw.get("drop_stations", [])]
                path = [nearest_hex(*self.station(sts[0]))]
                for a, b in zip(sts, sts[1:]):
                    seg = self.chain(self.station(a), self.station(b))
                    path += [h for h in seg if h != path[-1]] if seg[0] == path[-1] else seg
                # remove immediate back-and-forth and repeats
                clean = []
                for h in path:
                    if clean and clean[-1] == h:
                        continue
                    if len(clean) >= 2 and clean[-2] == h:
                        clean.pop()
                        continue
                    clean.append(h)
                pieces = [clean]
            # cut at the map edge and at neutral borders (geography §4.4, §6.3)
            out = []
            for pc in pieces:
                cur = []
                for h in pc:
                    if h in self.onmap and self.country[h] in ("F", "G"):
                        cur.append(h)
                    else:
                        if len(cur) >= 2:
                            out.append(cur)
                        cur = []
                if len(cur) >= 2:
                    out.append(cur)
            for i, pc in enumerate(out):
                for a, b in zip(pc, pc[1:]):
                    if not adjacent(a, b):
                        die("railway %s: %s and %s not adjacent" % (rw["id"], hid(a), hid(b)))
                if len(out) == 1 or ("hand_paths" in rw and len(rw["hand_paths"]) == len(out)):
                    name = rw["name"] if i == 0 else "%s spur" % rw["name"]
                else:
                    name = "%s (%d)" % (rw["name"], i + 1)
                self.rail_out.append((name, rw["source"], pc))
            if not out:
                self.note("railway %s: nothing left on the map" % rw["id"])

    # -------- output
    def write(self):
        rail_hexes = {h for _, _, pc in self.rail_out for h in pc}
        ex = self.geo["rail_exit"]
        if parse_hex(ex["hex"]) not in rail_hexes:
            die("rail exit %s is not a rail hex" % ex["hex"])
        L = []
        W = L.append
        W("# generated by tools/mapgen/make_1870_map.py from data/wate1870/geography.yaml; edit those and regenerate")
        W("# (python3 tools/mapgen/make_1870_map.py). Rulings: docs/rulings/wate1870-map.md.")
        W("source: %s" % q(self.geo["source"]))
        W("grid: {layout: even-r, col_min: %d, col_max: %d, row_min: %d, row_max: %d}" % (self.c0, self.c1, self.r0, self.r1))
        W("hexes:")
        for h in self.hexes:
            f = ['hex: "%s"' % hid(h), "terrain: %s" % self.terrain[h], "country: %s" % self.country[h]]
            pl = self.place.get(h)
            if pl:
                f.append("name: %s" % q(pl["name"]))
                if pl["kind"] == "fortress":
                    f.append("fortress: %d" % pl["sr"])
                else:
                    f.append("town: true")
                f.append("source: %s" % q(pl["source"]))
            sup = None
            if self.country[h] == "F" and (h[0] == self.c0 or h[1] == self.r1):
                sup = "F"
            if self.country[h] == "G" and h[0] == self.c1:
                sup = "G"
            if sup:
                f.append("supply: %s" % sup)
            W("  - {" + ", ".join(f) + "}")
        W("rivers:")
        for name, src, path in self.river_out:
            W("  - {name: %s, source: %s, hexsides: [%s]}" % (q(name), q(src), ", ".join('"%s"' % side_id(*s) for s in path)))
        W("railways:")
        for name, src, pc in self.rail_out:
            W("  - {name: %s, source: %s, hexes: [%s]}" % (q(name), q(src), ", ".join('"%s"' % hid(h) for h in pc)))
        W("rail_exit: {hex: \"%s\", source: %s}" % (ex["hex"], q(ex["source"])))
        return "\n".join(L) + "\n"


def q(s):
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def main():
    with open(GEO, encoding="utf-8") as f:
        geo = yaml.safe_load(f)
    g = Gen(geo)
    g.check_control_points()
    g.areas()
    g.apply_hand()
    g.places()
    g.rivers()
    g.railways()
    text = g.write()
    if "--verbose" in sys.argv:
        for n in g.notes:
            print(n, file=sys.stderr)
    if "--check" in sys.argv:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                die("map.yaml is out of date: regenerate it")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
