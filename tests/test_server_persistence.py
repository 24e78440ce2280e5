"""A real `boardlab serve` killed with SIGKILL: every game resumes at its last acknowledged
action, and a bot that was thinking when the server died plays once it is back."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from server_helpers import Server, free_port, need_web, wait_for

need_web()

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

SLOW_BOT = "ismcts:iterations=0,seconds=1.5"  # thinks 1.5 s per decision


def test_kill_9_and_restart_resumes_every_game_and_its_bots(tmp_path):
    db = f"sqlite:///{tmp_path / 'boardlab.sqlite'}"
    logfile = open(tmp_path / "server.log", "ab")
    servers = []
    try:
        first = Server(db, logfile, ("--access-log",))
        servers.append(first)
        # game A: two humans; the last acknowledged action must survive exactly
        r = first.http.post("/api/games", json={"game": "greatwall", "players": 2, "seed": 21,
                                                "seats": [{"kind": "human"}, {"kind": "human"}]})
        assert r.status_code == 201, r.text
        a_id, a_tokens = r.json()["id"], [s["token"] for s in r.json()["seats"]]
        acked = None
        for _ in range(7):
            seat = first.view(a_id)["to_play"]
            acked = first.act(a_id, a_tokens[seat], first.view(a_id, a_tokens[seat])["legal_actions"][0]["id"])
        # game B: a human against a slow bot, killed while the bot is thinking
        r = first.http.post("/api/games", json={"game": "carcassonne", "players": 2, "seed": 8,
                                                "seats": [{"kind": "human"}, {"kind": "bot", "agent": SLOW_BOT}]})
        b_id, b_token = r.json()["id"], r.json()["seats"][0]["token"]
        v = first.view(b_id, b_token)
        first.act(b_id, b_token, v["legal_actions"][0]["id"])  # place
        ended = first.act(b_id, b_token, "pass")  # ends the turn: the bot is to play
        assert ended["to_play"] == 1 and ended["version"] == 2
        first.kill9()

        second = Server(db, logfile, ("--access-log",))
        servers.append(second)
        again = second.view(a_id, a_tokens[acked["seat"]])
        assert again == acked  # the same game, at the same action: the same view
        assert again["version"] == 7
        b_now = second.view(b_id, b_token)
        assert b_now["version"] >= 2 and b_now["log"][:len(ended["log"])] == ended["log"]
        back = wait_for(lambda: (x := second.view(b_id, b_token))["to_play"] == 0 and x, timeout=60,
                        interval=0.2, what="the bot to play after the restart")
        assert back["version"] >= 3  # the bot placed its tile (and decided on a follower)
        # the game goes on: the human plays again, and A continues where it was
        moved = second.act(b_id, b_token, back["legal_actions"][0]["id"])
        assert moved["version"] == back["version"] + 1
        seat = again["to_play"]
        nxt = second.act(a_id, a_tokens[seat], second.view(a_id, a_tokens[seat])["legal_actions"][0]["id"])
        assert nxt["version"] == 8
        second.stop()
    finally:
        for s in servers:
            s.stop()
        logfile.close()
    from boardlab.server.store import Store

    store = Store(db)
    try:
        b_log = store.get(b_id)["log"]
    finally:
        store.dispose()
    assert [s for s, _ in b_log[:back["version"]]] == [0, 0] + [1] * (back["version"] - 2)
    text = (tmp_path / "server.log").read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    assert '"GET /api/games/' in text and "token=***" in text  # the access log was on (asked for)
    for token in a_tokens + [b_token]:
        assert token not in text  # tokens in URLs are masked in the access log


def test_serve_refuses_bad_arguments_in_one_line(tmp_path):
    port = free_port()
    cases = [
        ["--port", "0"],
        ["--db", "nosuchdb://x"],
        ["--db", f"sqlite:///{tmp_path}/no/such/folder/x.sqlite"],
        ["--lang", "fr"],
        ["--create-limit", "0/60"],
        ["--create-limit", "20/inf"],
        ["--create-limit", "many"],
    ]
    for args in cases:
        done = subprocess.run([sys.executable, "-m", "boardlab", "serve", "--port", str(port), *args],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr, done.stderr
    busy = Server(f"sqlite:///{tmp_path / 'a.sqlite'}", open(os.devnull, "ab"))
    try:
        done = subprocess.run([sys.executable, "-m", "boardlab", "serve", "--port", str(busy.port), "--db",
                               f"sqlite:///{tmp_path / 'b.sqlite'}", "--lang", "zh-Hant"],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and done.stderr.startswith("錯誤：") and "Traceback" not in done.stderr
        assert busy.http.get("/api/games").json() == []  # the running server was not disturbed
    finally:
        busy.stop()


def test_websocket_compression_is_off_unless_asked_for(tmp_path):
    """permessage-deflate costs server CPU on every push (a sixth of a move's, measured): only `--ws-deflate`
    accepts a client's offer of it."""
    from websockets.sync.client import connect

    for args, agreed in (((), False), (("--ws-deflate",), True)):
        server = Server(f"sqlite:///{tmp_path / f'{agreed}.sqlite'}", open(os.devnull, "ab"), args)
        try:
            gid = server.http.post("/api/games", json={"game": "carcassonne", "players": 2,
                                                       "seats": [{"kind": "human"}] * 2}).json()["id"]
            with connect(f"ws://127.0.0.1:{server.port}/ws/games/{gid}") as ws:  # offers permessage-deflate
                extensions = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
                assert ("permessage-deflate" in extensions) == agreed, (args, extensions)
                assert '"type":"view"' in ws.recv(timeout=30)
        finally:
            server.stop()


def test_the_access_log_is_off_unless_asked_for(tmp_path):
    for args, logged in (((), False), (("--access-log",), True)):
        path = tmp_path / f"{logged}.log"
        with open(path, "ab") as logfile:
            server = Server(f"sqlite:///{tmp_path / f'{logged}.sqlite'}", logfile, args)
            try:
                server.http.get("/api/games", params={"limit": 5})
            finally:
                server.stop()
        assert ('"GET /api/games?limit=5 HTTP/1.1" 200' in path.read_text()) == logged, (args, path.read_text()[-500:])
