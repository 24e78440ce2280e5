"""An HTML report of a results file written by `boardlab sim` (`boardlab report`).

`build(results, out_dir)` writes `out_dir/index.html` and PNG plots made with matplotlib (the
`report` extra). Tables: win rate by seat, by agent and by every category the game's
`Ruleset.summary` gives (General, clan, wonder...), each with a 95% Wilson score interval, and
its measures (label -> numbers, pooled over the games: count, mean, median, least, greatest);
ties count as 1/k of a win for each of the k winners. Plots: score histograms per seat and per
agent, win rate by agent, game length (turns) and decisions per game. A file holding several
configurations (game, players, options) gets one section per configuration.
Headings follow `lang`; plot labels are English (the default font has no CJK glyphs).
"""
from __future__ import annotations

import html
import json
import math
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from .core.i18n import check_lang, core_catalogue
from .sim import SimError, load_results

REPORT_INSTALL = "pip install 'boardlab[report]'"
Z95 = 1.959963984540054
_FIELDS = ("index", "game", "players", "options", "agents", "scores", "winners", "decisions")


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion wins/n (wins may be fractional: shared ties)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    lo = 0.0 if wins <= 0 else max(0.0, min(p, centre - half))  # exact at the ends, never past p
    hi = 1.0 if wins >= n else min(1.0, max(p, centre + half))
    return lo, hi


def win_shares(record: dict) -> list[float]:
    """Each seat's share of the win as the game defines it (`Ruleset.rewards`: 1/k for each of k
    winners; a shared cooperative win counts whole for every seat). Older records: 1/k."""
    if "rewards" in record:
        return list(record["rewards"])
    winners = record["winners"]
    shares = [0.0] * record["players"]
    for s in winners:
        shares[s] += 1 / len(winners)
    return shares


class Tally:
    """Games, wins and summed scores per key (seat, agent, category value)."""

    def __init__(self):
        self.games: dict = defaultdict(int)
        self.wins: dict = defaultdict(float)
        self.points: dict = defaultdict(float)

    def add(self, key, share: float, score) -> None:
        self.games[key] += 1
        self.wins[key] += share
        self.points[key] += score

    def rows(self, order=None) -> list[dict]:
        keys = order if order is not None else sorted(self.games, key=lambda k: (-self.games[k], _sort_key(k)))
        out = []
        for k in keys:
            n, w = self.games[k], self.wins[k]
            lo, hi = wilson(w, n)
            out.append({"key": k, "games": n, "wins": w, "rate": w / n if n else 0.0, "lo": lo, "hi": hi,
                        "mean_score": self.points[k] / n if n else 0.0})
        return out


def _sort_key(k):
    return (k is None, str(k))


def analyse(records: list[dict]) -> list[dict]:
    """One section per configuration: its tallies and per-game numbers."""
    groups: dict[str, list[dict]] = {}
    for r in records:
        key = json.dumps([r["game"], r["players"], r["options"]], sort_keys=True)
        groups.setdefault(key, []).append(r)
    sections = []
    for records in groups.values():
        first = records[0]
        players = first["players"]
        seats, agents = Tally(), Tally()
        categories: dict[str, Tally] = {}
        measures: dict[str, dict[str, list]] = {}
        seat_scores = [[] for _ in range(players)]
        agent_scores: dict[str, list] = defaultdict(list)
        for r in records:
            shares = win_shares(r)
            for s in range(players):
                score = r["scores"][s]
                seats.add(s, shares[s], score)
                agents.add(r["agents"][s], shares[s], score)
                seat_scores[s].append(score)
                agent_scores[r["agents"][s]].append(score)
            for name, values in (r.get("summary") or {}).items():
                if is_measure(values):
                    pool = measures.setdefault(name, {})
                    for label, numbers in values.items():
                        pool.setdefault(label, []).extend(numbers)
                elif isinstance(values, list) and len(values) == players:
                    tally = categories.setdefault(name, Tally())
                    for s, v in enumerate(values):
                        tally.add(v if isinstance(v, (str, int, float, bool)) or v is None else json.dumps(v),
                                  shares[s], r["scores"][s])
        sections.append({
            "game": first["game"], "players": players, "options": first["options"], "records": records,
            "seats": seats.rows(list(range(players))), "agents": agents.rows(), "categories": {
                k: t.rows() for k, t in categories.items()},
            "measures": {k: measure_rows(pool) for k, pool in measures.items()},
            "seat_scores": seat_scores, "agent_scores": dict(agent_scores),
            "turns": [r.get("turns", r["decisions"]) for r in records], "decisions": [r["decisions"] for r in records],
        })
    return sections


def is_measure(values) -> bool:
    """A summary entry pooled over games rather than tallied by seat: label -> list of numbers."""
    return isinstance(values, dict) and all(
        isinstance(v, list) and all(isinstance(x, (int, float)) for x in v) for v in values.values())


def measure_rows(pool: dict[str, list]) -> list[dict]:
    """Per label: how many numbers, their mean, median, least and greatest."""
    rows = []
    for label in sorted(pool):
        xs = sorted(pool[label])
        n = len(xs)
        median = (xs[(n - 1) // 2] + xs[n // 2]) / 2 if n else 0.0
        rows.append({"key": label, "n": n, "mean": sum(xs) / n if n else 0.0, "median": median,
                     "min": xs[0] if n else 0, "max": xs[-1] if n else 0})
    return rows


# ---- plots -------------------------------------------------------------------------------------
def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise SimError("err.report.no_matplotlib", install=REPORT_INSTALL) from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _hist(plt, path: Path, series: dict[str, list], title: str, xlabel: str) -> None:
    fig, ax = plt.subplots(figsize=(7, 3.6), dpi=100)
    values = [v for vs in series.values() for v in vs]
    lo, hi = (min(values), max(values)) if values else (0, 1)
    bins = _bins(lo, hi)
    single = len(series) == 1
    style = {"histtype": "bar", "color": "#4c78a8", "edgecolor": "white"} if single else {"histtype": "step"}
    for label, vs in series.items():
        ax.hist(vs, bins=bins, linewidth=1.6, label=f"{label} (n={len(vs)})", **style)
    from matplotlib.ticker import MaxNLocator
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    if len(series) > 1:
        ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _bins(lo, hi) -> list[float]:
    span = hi - lo
    step = max(1, math.ceil(span / 30)) if span else 1
    edges, x = [], lo - 0.5
    while x <= hi + 0.5:
        edges.append(x)
        x += step
    if len(edges) < 2:
        edges.append(edges[-1] + step)
    return edges


def _winrate_plot(plt, path: Path, rows: list[dict], players: int) -> None:
    fig, ax = plt.subplots(figsize=(7, max(2.6, 1.2 + 0.45 * len(rows))), dpi=100)
    labels = [str(r["key"]) for r in rows][::-1]
    rates = [r["rate"] for r in rows][::-1]
    err = [[max(0.0, r["rate"] - r["lo"]) for r in rows][::-1], [max(0.0, r["hi"] - r["rate"]) for r in rows][::-1]]
    ax.barh(labels, rates, xerr=err, capsize=4, color="#4c78a8")
    ax.axvline(1 / players, color="#888", linestyle="--", linewidth=1)
    for y, rate in enumerate(rates):
        ax.annotate(f"{100 * rate:.1f}%", (rate, y), xytext=(4, 4), textcoords="offset points", fontsize="small")
    ax.set_xlim(0, 1)
    ax.set_xlabel(f"win rate, 95% Wilson interval (dashed: even share 1/{players})")
    ax.set_title("Win rate by agent")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


# ---- HTML --------------------------------------------------------------------------------------
_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; padding: 0 1em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
th { background: #f2f2f2; }
.note { color: #555; font-size: 0.9em; }
img { max-width: 100%; display: block; margin: 0.5em 0 1em; }
"""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _num(x: float) -> str:
    return f"{x:g}" if float(x).is_integer() else f"{x:.2f}"


def _table(t, rows: list[dict], first: str, kind: str, label=str) -> str:
    """`first`: the first column's heading (already worded)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in [first] + [t(k) for k in (
        "report.col.games", "report.col.wins", "report.col.rate", "report.col.ci", "report.col.score")])
    body = "".join(
        f"<tr><td>{html.escape(label(r['key']))}</td><td>{r['games']}</td><td>{_num(r['wins'])}</td>"
        f"<td>{_pct(r['rate'])}</td><td>{_pct(r['lo'])} – {_pct(r['hi'])}</td><td>{r['mean_score']:.1f}</td></tr>"
        for r in rows)
    return f'<table class="{kind}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>\n'


def _measure_table(t, rows: list[dict], first: str) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in [first] + [t(k) for k in (
        "report.col.samples", "report.col.mean", "report.col.median", "report.col.min", "report.col.max")])
    body = "".join(
        f"<tr><td>{html.escape(str(r['key']))}</td><td>{r['n']}</td><td>{r['mean']:.2f}</td><td>{_num(r['median'])}</td>"
        f"<td>{_num(r['min'])}</td><td>{_num(r['max'])}</td></tr>" for r in rows)
    return f'<table class="measure-{html.escape(first)}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>\n'


@dataclass
class Report:
    index: Path                                   # out_dir/index.html
    games: int
    plots: list[Path] = field(default_factory=list)


def build(results, out_dir, lang: str = "en", source: str | None = None) -> Report:
    """Write the report of `results` (a results file path or a list of records) to `out_dir`."""
    check_lang(lang)
    cat = core_catalogue()

    def t(key: str, **params) -> str:
        return cat.text(key, lang, **params)

    if isinstance(results, (str, Path)):
        source = source or str(results)
        try:
            records = load_results(results)
        except OSError as exc:
            raise SimError("err.report.read", path=str(results), reason=exc.strerror or str(exc)) from None
    else:
        records = list(results)
    source = source or "-"
    if not records:
        raise SimError("err.report.empty", path=source)
    for r in records:
        for name in _FIELDS:
            if name not in r:
                raise SimError("err.report.record", path=source, index=r.get("index"), field=name)
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise SimError("err.report.out_file", path=str(out))
    plt = _pyplot()
    out.mkdir(parents=True, exist_ok=True)
    sections = analyse(records)
    parts = [f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
             f"<title>{html.escape(t('report.title'))}</title><style>{_CSS}</style></head><body>\n",
             f"<h1>{html.escape(t('report.title'))}</h1>\n",
             f"<p>{html.escape(t('report.source', games=len(records), path=source))}</p>\n"]
    plots: list[Path] = []
    for n, sec in enumerate(sections):
        prefix = f"s{n}_" if len(sections) > 1 else ""
        players = sec["players"]
        title = t("report.config", game=sec["game"], players=players,
                  options=json.dumps(sec["options"], ensure_ascii=False, sort_keys=True))
        seat_label = lambda s: cat.text("seat", lang, seat=s)  # noqa: E731
        parts.append(f"<h2>{html.escape(title)}</h2>\n")
        if len(sections) > 1:
            parts.append(f"<p>{html.escape(t('report.source', games=len(sec['records']), path=source))}</p>\n")
        parts.append(f"<p class=\"note\">{html.escape(t('report.note', share=_pct(1 / players)))}</p>\n")
        parts.append(f"<h3>{html.escape(t('report.by_seat'))}</h3>\n")
        parts.append(_table(t, sec["seats"], t("report.col.seat"), "by-seat", seat_label))
        parts.append(f"<h3>{html.escape(t('report.by_agent'))}</h3>\n")
        parts.append(f"<p class=\"note\">{html.escape(t('report.agent_note'))}</p>\n")
        parts.append(_table(t, sec["agents"], t("report.col.agent"), "by-agent"))
        name = f"{prefix}winrate_agent.png"
        _winrate_plot(plt, out / name, sec["agents"], players)
        plots.append(out / name)
        parts.append(f'<img src="{name}" alt="win rate by agent">\n')
        for category, rows in sec["categories"].items():
            parts.append(f"<h3>{html.escape(t('report.by_category', category=category))}</h3>\n")
            parts.append(_table(t, rows, category, f"by-{html.escape(category)}",
                                lambda v: t("report.none") if v is None else str(v)))
        for measure, rows in sec["measures"].items():
            parts.append(f"<h3>{html.escape(t('report.measure', measure=measure))}</h3>\n")
            parts.append(_measure_table(t, rows, measure))
        parts.append(f"<h3>{html.escape(t('report.scores'))}</h3>\n")
        for name, series, label in (
                (f"{prefix}scores_seat.png", {f"seat {s}": v for s, v in enumerate(sec["seat_scores"])}, "Scores by seat"),
                (f"{prefix}scores_agent.png", sec["agent_scores"], "Scores by agent")):
            _hist(plt, out / name, series, label, "final score")
            plots.append(out / name)
            parts.append(f'<img src="{name}" alt="{html.escape(label)}">\n')
        parts.append(f"<h3>{html.escape(t('report.length'))}</h3>\n")
        turns, decisions = sec["turns"], sec["decisions"]
        parts.append("<p>" + html.escape(t(
            "report.length_text", turns=f"{sum(turns) / len(turns):.1f}", turns_min=min(turns), turns_max=max(turns),
            decisions=f"{sum(decisions) / len(decisions):.1f}", decisions_min=min(decisions),
            decisions_max=max(decisions))) + "</p>\n")
        for name, series, label, xlabel in (
                (f"{prefix}turns.png", {"turns": turns}, "Game length", "turns per game"),
                (f"{prefix}decisions.png", {"decisions": decisions}, "Decisions per game", "decisions per game")):
            _hist(plt, out / name, series, label, xlabel)
            plots.append(out / name)
            parts.append(f'<img src="{name}" alt="{html.escape(label)}">\n')
    parts.append("</body></html>\n")
    index = out / "index.html"
    index.write_text("".join(parts), encoding="utf-8")
    return Report(index, len(records), plots)
