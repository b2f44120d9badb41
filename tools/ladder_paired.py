#!/usr/bin/env python3
"""A ladder's games against the same seeds played by the heuristic on both sides.

    tools/ladder_paired.py LADDER.jsonl BASELINE.json BOT

LADDER.jsonl is a `reisswitz ladder --results` file; BASELINE.json is
`reisswitz simulate 1870 --bots heuristic,heuristic --json` over the same seeds
(the same scenario and options). A ladder game of BOT against the heuristic
with seed s is the baseline game of seed s with BOT in one seat: the same dice,
and the heuristic in the other seat (bots are seeded by seat). So each game is
paired with what the heuristic did in BOT's place, and the table counts the
games BOT turned from a loss into a win and back (McNemar's test on them).
"""
import json
import math
import sys


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ladder, baseline, bot = sys.argv[1:]
    winner = {}  # seed -> "French" / "German" / None, heuristic against itself
    for g in json.load(open(baseline))["per_game"]:
        winner[g["seed"]] = g["winner"] if g["winner"] in ("French", "German") else None
    sides = ("French", "German")
    rows = {s: {"n": 0, "bot": 0.0, "base": 0.0, "gained": 0, "lost": 0} for s in sides}
    for line in open(ladder):
        if not line.strip():
            continue
        g = json.loads(line)
        if g["bots"][0] != bot or g["bots"][1] != "heuristic" or g["seed"] not in winner:
            continue
        side = sides[g["side"]]
        base = 1.0 if winner[g["seed"]] == side else 0.0 if winner[g["seed"]] else 0.5
        r = rows[side]
        r["n"] += 1
        r["bot"] += g["score"]
        r["base"] += base
        r["gained"] += g["score"] > base
        r["lost"] += g["score"] < base
    print("| side | games | %s won | the heuristic won in its place | turned to a win | turned to a loss |" % bot)
    print("|---|---:|---:|---:|---:|---:|")
    total = {k: 0 for k in ("n", "bot", "base", "gained", "lost")}
    for s in sides:
        r = rows[s]
        for k in total:
            total[k] += r[k]
        print("| %s | %d | %g | %g | %d | %d |" % (s, r["n"], r["bot"], r["base"], r["gained"], r["lost"]))
    print("| both | %d | %g | %g | %d | %d |" % (total["n"], total["bot"], total["base"], total["gained"], total["lost"]))
    b, c = total["gained"], total["lost"]
    if b + c:
        # Exact two-sided McNemar (binomial) test on the discordant pairs.
        n, k = b + c, min(b, c)
        p = min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n)
        print("\nDiscordant pairs: %d gained, %d lost; exact McNemar p = %.3f" % (b, c, p))


if __name__ == "__main__":
    main()
