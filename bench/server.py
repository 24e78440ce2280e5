"""The web server under load: N concurrent games played by websocket clients over loopback.

    .venv/bin/python bench/server.py [--games N[,N...]] [--game carcassonne|greatwall] [--via http|ws]
                                     [--rate R] [--rounds K] [--db URL | --postgres [--servers N]] [--json]

Starts `boardlab serve` in a subprocess on a free 127.0.0.1 port with a temporary SQLite file
(or the empty database `--db` names, or a throwaway PostgreSQL cluster with `--postgres`),
creates N games (`--games`, default 8; a list such as 8,32,50 runs each in turn, each on a fresh
server and database) of 2 human seats each, and plays them all at once (`--rounds K`: each game slot plays K
games one after the other, a new one made as the last ends): each seat is a client that
listens on its websocket and, when its seat is to play, POSTs a random legal action
(`random.Random(game * 10 + seat)`) on its own keep-alive connection; with `--via ws` it sends the
action on its websocket instead (`{"type": "act", "action": ...}`, docs/web-api.md).

On PostgreSQL, `--servers N` starts N server processes on the database and serves game slot g from
process g mod N (as a load balancer keeping each game on one process would); the server CPU is theirs
together.

By default each move goes as soon as the last one is pushed (the most the server can do);
`--rate R` paces the games to R actions/s in all, to measure the latency at that load: game g's
move at version v is due (g + v * N) / R seconds after the start (a game that fell behind moves at once).

Latency is from just before the POST (or the send) to the arrival of the websocket push that shows
the new version (the action committed to the database and pushed back). Reported: actions/s over
the whole run (all games together), the p50/p99 action latency, and CPU per action of the server
and of this process's clients (pushes parsed with orjson, as a browser parses natively: the load
generator shares the machine's cores with the server). Bounded: `--max-actions` per game (default
400) and `--timeout` seconds for the whole run (default 600); only loopback addresses are used.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time (Linux /proc; NaN elsewhere): server CPU per action is a figure that
    holds on a busy machine, where latencies do not."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(folder: Path, db: str | None = None) -> tuple[subprocess.Popen, str]:
    port = free_port()
    cmd = [sys.executable, "-m", "boardlab", "serve", "--port", str(port), "--create-limit", "1000/60", "--db",
           db or f"sqlite:///{folder / 'bench.sqlite'}"]  # all games come from one address here
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=open(folder / "server.log", "w"))
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if urllib.request.urlopen(base + "/api/games", timeout=2).status == 200:
                return proc, base
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"the server did not start: {(folder / 'server.log').read_text()[-2000:]}")


async def play_seat(http: KeepAlive, base: str, gid: str, seat: int, token: str, rng: random.Random, max_actions: int,
                    latencies: list[float], via: str = "http", due=None) -> tuple[int, bool]:
    """One seat's client: act when to play (not before `due(version)` if paced), time the POST -> websocket push
    round trip."""
    import orjson
    from websockets.asyncio.client import connect

    url = base.replace("http", "ws", 1) + f"/ws/games/{gid}?token={token}"
    queue: asyncio.Queue = asyncio.Queue()
    acted = 0
    async with connect(url, max_size=2 ** 24) as ws:
        async def reader():
            async for message in ws:
                queue.put_nowait((time.perf_counter(), orjson.loads(message)))  # as a browser: native parsing

        task = asyncio.create_task(reader())
        pending = None  # (version before, time of the POST)
        try:
            while True:
                arrived, msg = await queue.get()
                if msg.get("type") == "error":
                    raise RuntimeError(f"seat {seat} of game {gid}: {msg}")
                view = msg["view"]
                if pending and view["version"] > pending[0]:
                    latencies.append(arrived - pending[1])
                    pending = None
                if view["is_over"] or view["version"] >= max_actions:
                    return acted, view["is_over"]
                if pending is None and view["to_play"] == seat and view["legal_actions"] and queue.empty():
                    action = rng.choice(view["legal_actions"])["id"]
                    if due is not None:
                        await asyncio.sleep(due(view["version"]) - time.perf_counter())
                    pending = (view["version"], time.perf_counter())
                    if via == "ws":
                        await ws.send(json.dumps({"type": "act", "action": action}))
                    else:
                        await http.post(f"/api/games/{gid}/actions", {"token": token, "action": action})
                    acted += 1
        finally:
            task.cancel()
            http.close()


class KeepAlive:
    """A minimal HTTP/1.1 keep-alive client for the timed POSTs, one connection per seat (as a browser holds one):
    httpx spent about 2.5 ms of CPU a request here, more than the server, on the cores the server shares."""

    def __init__(self, base: str):
        host, port = base.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: dict) -> bytes:
        data = json.dumps(body).encode()
        head = (f"POST {path} HTTP/1.1\r\nhost: {self.host}:{self.port}\r\ncontent-type: application/json\r\n"
                f"content-length: {len(data)}\r\n\r\n").encode()
        for attempt in (1, 2):  # a keep-alive connection the server closed while idle is opened again, once
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.writer.write(head + data)
            try:
                return await self._answer(path)
            except (asyncio.IncompleteReadError, ConnectionError):
                self.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def _answer(self, path: str) -> bytes:
        assert self.reader is not None
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        headers = dict(line.lower().split(": ", 1) for line in head[1:] if ": " in line)
        body = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection") == "close":
            self.close()
        if not 200 <= status < 300:
            raise RuntimeError(f"POST {path}: {status} {body[:300]!r}")
        return body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def pacing(start: float, index: int, games: int, rate: float | None, before: int = 0):
    """With a total `rate` (actions/s), game slot `index`'s move at `version` (after `before` moves of its earlier
    games) is due at start + (index + (before + version) * games) / rate: the games' moves interleave evenly, and a
    game that fell behind moves at once."""
    if rate is None:
        return None
    return lambda version: start + (index + (before + version) * games) / rate


def new_game_body(game: str, seed: int) -> dict:
    return {"game": game, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": seed}


async def play_slot(base: str, game: str, index: int, games: int, first: dict, rounds: int, start: float,
                    max_actions: int, latencies: list[float], via: str, rate: float | None) -> tuple[int, int]:
    """One game slot: its first game (`first`, made before the clock started), then `rounds - 1` more, each made
    when the last one ends. (actions, games finished)."""
    made, actions, finished = first, 0, 0
    for r in range(rounds):
        if r:
            maker = KeepAlive(base)
            made = json.loads(await maker.post("/api/games", new_game_body(game, index + r * games)))
            maker.close()
        due = pacing(start, index, games, rate, actions)
        done = await asyncio.gather(*(
            play_seat(KeepAlive(base), base, made["id"], s["seat"], s["token"],
                      random.Random((index + r * games) * 10 + s["seat"]), max_actions, latencies, via, due)
            for s in made["seats"]))
        actions += sum(a for a, _ in done)
        finished += all(over for _, over in done)
    return actions, finished


async def run_games(bases: list[str], game: str, games: int, max_actions: int, timeout: float, via: str = "http",
                    rate: float | None = None, rounds: int = 1) -> dict:
    """Game slot g is served by `bases[g % len(bases)]` (several processes: as a load balancer keeping each game
    on one process would)."""
    latencies: list[float] = []
    firsts = []
    for g in range(games):
        creator = KeepAlive(bases[g % len(bases)])
        firsts.append(json.loads(await creator.post("/api/games", new_game_body(game, g))))
        creator.close()
    start = time.perf_counter() + (0.5 if rate is not None else 0.0)  # paced: a moment for the sockets to connect
    cpu = time.process_time()
    done = await asyncio.wait_for(asyncio.gather(*(
        play_slot(bases[g % len(bases)], game, g, games, firsts[g], rounds, start, max_actions, latencies, via, rate)
        for g in range(games))), timeout)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    actions = sum(a for a, _ in done)
    finished = sum(f for _, f in done)
    ms = sorted(x * 1000 for x in latencies)
    pct = lambda p: ms[min(len(ms) - 1, int(p / 100 * len(ms)))] if ms else float("nan")  # noqa: E731
    return {"benchmark": "server", "game": game, "via": via, "games": games, "servers": len(bases), "rounds": rounds,
            "rate": rate,
            "finished": finished, "actions": actions, "seconds": seconds, "actions_per_s": actions / seconds,
            "latency_ms_p50": pct(50), "latency_ms_p99": pct(99),
            "latency_ms_mean": statistics.fmean(ms) if ms else float("nan"), "measured": len(ms),
            "client_cpu_ms_per_action": cpu * 1000 / max(1, actions)}


def print_table(rows: list[dict]) -> None:
    from rich.console import Console
    from rich.table import Table

    first = rows[0]
    t = Table(title=f"boardlab serve on loopback ({first['database']}): concurrent {first['game']} games, 2 websocket "
                    f"clients each, actions sent by {'websocket' if first.get('via') == 'ws' else 'POST'}"
                    + (f", paced to {first['rate']:g} actions/s" if first.get("rate") else "")
                    + (f", {first['servers']} server processes" if first.get("servers", 1) > 1 else ""))
    for col in ("games", "finished", "actions", "seconds", "actions/s", "p50 ms", "p99 ms", "mean ms",
                "server CPU ms/action", "clients' CPU ms/action"):
        t.add_column(col, justify="right")
    for r in rows:
        t.add_row(str(r["games"]), f'{r["finished"]}/{r["games"] * r["rounds"]}', str(r["actions"]), f"{r['seconds']:.1f}",
                  f"{r['actions_per_s']:.1f}", f"{r['latency_ms_p50']:.1f}", f"{r['latency_ms_p99']:.1f}",
                  f"{r['latency_ms_mean']:.1f}", f"{r['server_cpu_ms_per_action']:.2f}",
                  f"{r['client_cpu_ms_per_action']:.2f}")
    Console().print(t)


def game_counts(text: str) -> list[int]:
    """`--games`: one count or a comma list, each kept within 1..64 (run_all's --games is meant for simulations:
    keep the server sane)."""
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--games takes numbers such as 8 or 8,32,50, not {text[:40]!r}") from None
    return [max(1, min(n, 64)) for n in counts]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/server.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=game_counts, default=[8],
                        help="concurrent games, or a comma list run in turn (default 8; e.g. 8,32,50)")
    parser.add_argument("--game", choices=("carcassonne", "greatwall"), default="carcassonne")
    parser.add_argument("--via", choices=("http", "ws"), default="http",
                        help="send each action as a POST (default) or on the seat's websocket")
    parser.add_argument("--rate", type=float, help="pace the moves to this many actions/s in all (default: each "
                        "move as soon as the last one is pushed, the server's most)")
    parser.add_argument("--rounds", type=int, default=1, help="games each slot plays one after the other (default 1;"
                        " a new one is made when the last ends): a longer run at the same load")
    parser.add_argument("--servers", type=int, default=1, choices=range(1, 5), metavar="N",
                        help="server processes on the one database (PostgreSQL only; default 1), each game on one")
    parser.add_argument("--max-actions", type=int, default=400, help="stop each game after this many actions")
    parser.add_argument("--timeout", type=float, default=600, help="seconds for the whole run")
    parser.add_argument("--db", help="an empty database's URL (default: SQLite in a temporary folder)")
    parser.add_argument("--postgres", action="store_true",
                        help="a throwaway PostgreSQL cluster (Debian's postgresql, as the tests start it)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.servers > 1 and not (args.postgres or (args.db or "").startswith("postgres")):
        parser.error("--servers above 1 needs PostgreSQL (--postgres or --db postgresql://...): "
                     "a SQLite file is for one process")
    cluster = None
    if args.postgres:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        from server_helpers import PostgresServer

        cluster = PostgresServer().start()
    rows = []
    try:
        for games in args.games:
            db = cluster.url(cluster.create_database()) if cluster is not None else args.db  # an empty one each
            rows.append({**run_server(args, games, db),
                         "database": "postgresql" if (db or "").startswith("postgres") else "sqlite"})
    finally:
        if cluster is not None:
            cluster.stop()
    if args.json:
        for row in rows:
            print(json.dumps(row))
    else:
        print_table(rows)
    return 0


def run_server(args, games: int, db: str | None) -> dict:
    """`--servers` processes on one database (the server CPU is theirs together)."""
    with tempfile.TemporaryDirectory() as tmp:
        procs: list[subprocess.Popen] = []
        try:
            for i in range(args.servers):
                folder = Path(tmp) / str(i)
                folder.mkdir()
                procs.append(start_server(folder, db))
            cpu = sum(cpu_seconds(proc.pid) for proc, _ in procs)
            result = asyncio.run(run_games([base for _, base in procs], args.game, games, args.max_actions,
                                           args.timeout, args.via, args.rate, max(1, min(args.rounds, 100))))
            used = sum(cpu_seconds(proc.pid) for proc, _ in procs) - cpu
            result["server_cpu_ms_per_action"] = used * 1000 / max(1, result["actions"])
        finally:
            for proc, _ in procs:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    proc.kill()
    return result


if __name__ == "__main__":
    sys.exit(main())
