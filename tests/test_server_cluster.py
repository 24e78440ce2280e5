"""Two real `boardlab serve` processes on one PostgreSQL database serve the same games: a move posted to
one reaches the websockets held by the other (LISTEN/NOTIFY, server/relay.py), and the bots run in one
process only, another taking over when it dies."""
from __future__ import annotations

import json
import signal

import pytest

from server_helpers import Server, need_web, postgres_server, postgres_url, wait_for  # noqa: F401

need_web()

pytestmark = [pytest.mark.postgres, pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")]
HUMANS = [{"kind": "human"}, {"kind": "human"}]
RUNS = "this process runs the bots"


@pytest.fixture
def two(postgres_url, tmp_path):  # noqa: F811
    logs = [open(tmp_path / f"server{i}.log", "ab") for i in (0, 1)]
    servers = []
    try:
        for log in logs:
            servers.append(Server(postgres_url, log))
        yield servers
    finally:
        for s in servers:
            s.stop()
        for log in logs:
            log.close()


def said(tmp_path, i: int) -> str:
    return (tmp_path / f"server{i}.log").read_text(errors="replace")


def socket_views(server, gid, token):
    """A websocket to `server` for the seat of `token`; yields each pushed view with its whole log."""
    from websockets.sync.client import connect

    log: list = []
    with connect(f"ws://127.0.0.1:{server.port}/ws/games/{gid}?token={token}", max_size=2 ** 24,
                 origin=f"http://127.0.0.1:{server.port}") as ws:
        while True:
            msg = json.loads(ws.recv(timeout=30))
            log = log[:msg["log_from"]] + msg["log"]
            yield dict(msg["view"], log=log)


def first_legal(server, gid, token) -> str:
    return server.view(gid, token)["legal_actions"][0]["id"]


def test_a_move_posted_to_one_process_reaches_the_websockets_held_by_the_other(two):
    a, b = two
    r = a.http.post("/api/games", json={"game": "carcassonne", "players": 2, "seed": 5, "seats": HUMANS})
    gid, tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
    views = socket_views(b, gid, tokens[1])
    assert next(views)["version"] == 0
    moved = a.act(gid, tokens[0], first_legal(a, gid, tokens[0]))
    pushed = next(v for v in views if v["version"] == moved["version"])  # pushed by b, moved on a
    assert pushed["seat"] == 1 and pushed["log"] == b.view(gid, tokens[1])["log"]
    while b.view(gid)["to_play"] == 0:  # seat 0 finishes its turn on b this time
        b.act(gid, tokens[0], first_legal(b, gid, tokens[0]))
    turn = b.act(gid, tokens[1], first_legal(b, gid, tokens[1]))  # seat 1 on b
    wait_for(lambda: a.view(gid)["version"] == turn["version"], timeout=30, interval=0.05,
             what="a to hear of b's moves")
    assert a.view(gid, tokens[1])["log"] == turn["log"]
    views.close()


def test_the_bots_run_in_one_process_and_another_takes_over_when_it_dies(two, tmp_path):
    a, b = two
    wait_for(lambda: RUNS in said(tmp_path, 0) + said(tmp_path, 1), timeout=30, what="a process to run the bots")
    leader = 0 if RUNS in said(tmp_path, 0) else 1
    assert RUNS not in said(tmp_path, 1 - leader)  # one process, not both
    other = two[1 - leader]
    bots = [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "random"}]
    gid = other.http.post("/api/games", json={"game": "carcassonne", "players": 2, "seed": 3,
                                              "seats": bots}).json()["id"]
    wait_for(lambda: other.view(gid)["is_over"], timeout=120, interval=0.2, what="the bots to finish (created on the other)")
    two[leader].kill9()
    gid2 = other.http.post("/api/games", json={"game": "carcassonne", "players": 2, "seed": 4,
                                               "seats": bots}).json()["id"]
    wait_for(lambda: other.view(gid2)["is_over"], timeout=120, interval=0.2, what="the survivor to take the bots over")
    assert RUNS in said(tmp_path, 1 - leader)
    for text in (said(tmp_path, 0), said(tmp_path, 1)):
        assert "Traceback" not in text, text[-3000:]
