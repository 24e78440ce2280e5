"""The Great Wall balance tables (docs/balance-greatwall.md) from `boardlab sim` results files, as Markdown.

    PYTHONPATH=src .venv/bin/python tools/gw_tables.py RESULTS.jsonl [...] [--by-agent]

The same numbers as `boardlab report` (win rates with 95 % Wilson intervals, ties 1/k, a shared
cooperative win whole for every seat; the Great Wall summary's categories and measures), but Honor by
source is averaged over every seat-game (a source a game never used counts 0 there; the report's pooled
measure averages only the games where it occurs), and each measure is also given as the share of games
where it happened at least once. One section per configuration (players, options).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from boardlab.report import analyse, win_shares, wilson
from boardlab.sim import load_results

# Honor a seat earns by fighting at the Wall (tally.SOURCES): local victories, kept cards, the lone
# defender's bonus, a share of a defeat, the slots' rewards
DEFENCE = ("victory", "kept_hordes", "lone_defender", "participation", "slots")


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def rate_row(name, wins: float, n: int, fair: float) -> str:
    lo, hi = wilson(wins, n)
    return f"| {name} | {n} | {pct(wins / n)} | {pct(lo)}–{pct(hi)} | {wins / n / fair:.2f} |"


def section(sec: dict, by_agent: bool) -> list[str]:
    records = sec["records"]
    players, games = sec["players"], len(records)
    options = {k: v for k, v in sec["options"].items() if v not in (None, [], "competitive")}
    fair = 1 / players
    out = [f"### {players} players, options {json.dumps(options) if options else 'none'}: {games} games", ""]
    coop = sec["options"].get("mode") == "cooperative"
    nobody = sum(1 for r in records if not r["winners"])
    if coop:
        won = games - nobody
        lo, hi = wilson(won, games)
        out += [f"Team won {won} of {games} ({pct(won / games)}, 95 % CI {pct(lo)}–{pct(hi)}).", ""]
    else:
        out += [f"Games nobody won (every player lost): {nobody} of {games}.", ""]
        out += ["| seat | games | win rate | 95 % CI | × fair share |", "|---|---|---|---|---|"]
        out += [rate_row(r["key"], r["wins"], r["games"], fair) for r in sec["seats"]]
        out.append("")
        if by_agent:
            out += ["| agent | seat-games | win rate | 95 % CI | × fair share |", "|---|---|---|---|---|"]
            out += [rate_row(f"`{r['key']}`", r["wins"], r["games"], fair) for r in sec["agents"]]
            out.append("")
        gen = sec["categories"].get("general")
        if gen:
            out += ["| General | seat-games | win rate | 95 % CI | × fair share |", "|---|---|---|---|---|"]
            out += [rate_row(r["key"], r["wins"], r["games"], fair)
                    for r in sorted(gen, key=lambda r: -r["rate"])]
            out.append("")
    # Honor by source: the mean a seat-game (by agent when asked), every seat-game counted
    groups: dict[str, list[int]] = defaultdict(list)
    for r in records:
        for s in range(players):
            groups[r["agents"][s] if by_agent else "every seat"].append(0)
    honor: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    kept: dict[str, list[int]] = defaultdict(list)
    for r in records:
        summary = r.get("summary") or {}
        for s in range(players):
            who = r["agents"][s] if by_agent else "every seat"
            for source, values in (summary.get("honor_by_source") or {}).items():
                honor[who][source] += values[s]
            kept[who].append((summary.get("hordes_kept") or [0] * players)[s])
    sources = sorted({src for h in honor.values() for src in h}, key=lambda src: -sum(h[src] for h in honor.values()))
    out += ["Honor by source, mean a seat-game:", "",
            "| seats | " + " | ".join(sources) + " | total | final score |",
            "|---|" + "---|" * (len(sources) + 2)]
    for who in honor:
        n = len(groups[who])
        scores = [r["scores"][s] for r in records for s in range(players)
                  if (r["agents"][s] if by_agent else "every seat") == who]
        out.append(f"| {who} | " + " | ".join(f"{honor[who][src] / n:.1f}" for src in sources)
                   + f" | {sum(honor[who].values()) / n:.1f} | {sum(scores) / n:.1f} |")
    out.append("")
    if not coop:
        out += ["Who wins: the share of the games won by the seat that led in each kind of Honor (ties 1/k), "
                f"fair share {pct(fair)}:", "", "| the seat with the most ... | won |", "|---|---|"]
        for name, sources_of in (("Honor from defending the Wall (" + ", ".join(DEFENCE) + ")", DEFENCE),
                                 ("donation Honor", ("donation",)), ("Horde cards kept", None)):
            won = 0.0
            for r in records:
                summary = r.get("summary") or {}
                if sources_of is None:
                    values = summary.get("hordes_kept") or [0] * players
                else:
                    values = [sum((summary.get("honor_by_source") or {}).get(src, [0] * players)[s]
                                  for src in sources_of) for s in range(players)]
                best = [s for s in range(players) if values[s] == max(values)]
                shares = win_shares(r)
                won += sum(shares[s] for s in best) / len(best)
            out.append(f"| {name} | {pct(won / games)} |")
        out.append("")
    out += ["| seats | Horde cards kept a seat-game | seat-games keeping one or more |", "|---|---|---|"]
    for who, ks in kept.items():
        out.append(f"| {who} | {sum(ks) / len(ks):.2f} | {pct(sum(1 for k in ks if k) / len(ks))} |")
    out.append("")
    # the measures a game: battles and the modules' (mean, games where > 0)
    rows = []
    for r in records:
        for name, values in (r.get("summary") or {}).items():
            if name == "honor_by_source" or not isinstance(values, dict):
                continue
            for label, xs in values.items():
                rows.append((f"{name}.{label}", sum(xs)))
    by = defaultdict(list)
    for key, v in rows:
        by[key].append(v)
    out += ["| measure, a game | mean | games where > 0 | least | greatest |", "|---|---|---|---|---|"]
    for key in sorted(by):
        xs = by[key]
        out.append(f"| {key} | {sum(xs) / games:.2f} | {sum(1 for x in xs if x > 0)} of {games} | {min(xs)} | {max(xs)} |")
    out.append("")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+")
    ap.add_argument("--by-agent", action="store_true", help="Honor and kept cards by agent, a table of agents")
    args = ap.parse_args(argv)
    records = [r for path in args.results for r in load_results(path)]
    for sec in analyse(records):
        print("\n".join(section(sec, args.by_agent)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
