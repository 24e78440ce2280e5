"""The browser client under the server's safety rules (docs/web-api.md, *Safety*), in Debian's
chromium: the pages break no rule of the Content-Security-Policy, nothing 404s (the favicon), a
game created with a seed says so, the replay shows the seed, and the lobby pages its list.
The server is `boardlab serve --db FILE` with a plain path."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import urllib.request

import pytest

import boardlab
from server_helpers import free_port, need_web, wait_for

need_web()

from boardlab.server.store import Store  # noqa: E402
from test_web_browser import browser, context  # noqa: E402,F401  (fixtures)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """(base URL, database file) of `boardlab serve --db FILE` on a free loopback port."""
    folder = tmp_path_factory.mktemp("websafe")
    db, port = folder / "games.sqlite", free_port()
    log = open(folder / "server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "boardlab", "serve", "--port", str(port), "--db", str(db)],
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            return urllib.request.urlopen(base + "/api/games", timeout=2).status == 200
        except OSError:
            assert proc.poll() is None, (folder / "server.log").read_text()
            return False

    try:
        wait_for(up, timeout=60, interval=0.1, what="the server to start")
        yield base, db
    finally:
        proc.terminate()
        proc.wait(timeout=15)
        log.close()


def post(base: str, body: dict) -> dict:
    req = urllib.request.Request(base + "/api/games", data=json.dumps(body).encode(),
                                 headers={"content-type": "application/json"})
    return json.loads(urllib.request.urlopen(req, timeout=10).read())


def watched(page) -> list[str]:
    """Problems the page meets: CSP violations in the console, answers of 400 and above."""
    problems: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and problems.append(m.text))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    return problems


def test_pages_keep_to_the_csp_and_say_where_the_seed_came_from(served, context):  # noqa: F811
    base, db = served
    made = post(base, {"game": "carcassonne", "players": 2, "seed": 7,
                       "seats": [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}]})
    gid, token = made["id"], made["seats"][0]["token"]
    page = context.new_page()
    problems = watched(page)
    page.goto(base + "/")
    page.wait_for_selector("#games-list li")
    page.goto(f"{base}/play/{gid}#token={token}")
    page.wait_for_selector("#board svg")
    assert "chosen seed" in page.inner_text("#seed-note")
    finished = post(base, {"game": "carcassonne", "players": 2, "seats": [{"kind": "human"}] * 2})["id"]
    store = Store(str(db))
    row = store.get(finished)
    row.pop("snapshot_at")  # read back, not a column
    seed = int(row["seed_text"])
    g = boardlab.new_game("carcassonne", 2, seed=seed)
    pick = random.Random(1).choice
    while not g.is_over:
        g.apply(pick(g.legal_action_ids()))
    saved = g.save(snapshot=True)
    store.insert(dict(row, id="finished1", log=saved["log"], snapshot=saved["snapshot"], version=len(g.log),
                      state_hash=saved["state_hash"], status="finished", to_play=None))  # not in the server's memory
    store.dispose()
    page.goto(f"{base}/replay/finished1")
    page.wait_for_selector("#replay-seed")
    assert str(seed) in page.inner_text("#replay-seed") and "drawn by the server" in page.inner_text("#replay-seed")
    page.goto(base + "/docs")
    page.wait_for_selector("table")
    assert problems == []


def test_the_lobby_pages_its_list(served, context):  # noqa: F811
    base, db = served
    post(base, {"game": "carcassonne", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})  # one of its own
    store = Store(str(db))
    template = store.summaries()[0]
    row = store.get(template["id"])
    assert row.pop("snapshot_at") == len(row["log"])  # read back, not a column; the log is the snapshot's
    for i in range(25):
        store.insert(dict(row, id=f"page{i:02d}"))
    store.dispose()
    total = int(urllib.request.urlopen(base + "/api/games?limit=1").headers["x-total-count"])
    page = context.new_page()
    problems = watched(page)
    page.goto(base + "/")
    page.wait_for_selector("#games-list li")
    assert page.locator("#games-list li").count() == 20 and not page.locator("#games-previous").count()
    page.click("#games-next")
    page.wait_for_selector("#games-previous")
    assert page.locator("#games-list li").count() == min(20, total - 20)
    assert problems == []
