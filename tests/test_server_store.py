"""The SQL store on SQLite and on a real PostgreSQL server (started by the test session)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardlab
from boardlab.core.rng import Stream
from server_helpers import need_web, postgres_server, postgres_url, wait_for  # noqa: F401

need_web()

import sqlalchemy as sa  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

import boardlab.server.store  # noqa: E402
from boardlab.server.app import create_app  # noqa: E402
from boardlab.server.store import Store, actions, games, normalize_url, now  # noqa: E402
from boardlab.server.tables import Live  # noqa: E402
from boardlab.core.game import SAVE_VERSION  # noqa: E402


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.sqlite'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def store(url):
    s = Store(url)
    s.migrate()
    yield s
    s.dispose()


def _row(game, game_id="g1", **extra) -> dict:
    saved = game.save(snapshot=True)
    t = now()
    row = {"id": game_id, "game": game.rules.name, "players": game.players, "options": game.options,
           "seed": game.seed, "seats": [{"kind": "bot", "agent": "random"}] * game.players,
           "log": saved["log"], "snapshot": saved["snapshot"], "state_hash": saved["state_hash"],
           "save_version": saved["version"], "version": len(game.log), "revision": 0, "status": "running", "to_play": game.to_play,
           "undo": {"request": None, "last": None}, "created": t, "updated": t}
    row.update(extra)
    return row


def _played(name: str, players: int, seed: int, moves: int):
    g = boardlab.new_game(name, players, seed=seed)
    s = Stream(seed)
    for _ in range(moves):
        legal = g.legal_action_ids()
        g.apply(legal[s.below(len(legal))])
    return g


def test_migrations_create_the_schema_once(store):
    assert store.revision() == "0004"
    store.migrate()  # a second start: nothing to do
    assert store.revision() == "0004"
    for table in (games, actions):
        names = {c["name"] for c in sa.inspect(store.engine).get_columns(table.name)}
        assert names == {c.name for c in table.columns}


def _append(store, game_id: str, game, first: int, revision: int) -> int:
    """Store `game`'s actions from the `first`-th on as action rows, one update each; the last revision."""
    for n, (seat, action) in enumerate(game.log[first:], first + 1):
        assert store.update(game_id, revision, append=(n, seat, action), revision=revision + 1, version=n)
        revision += 1
    return revision


@pytest.mark.parametrize("name, players, seed, moves", [("carcassonne", 2, 3, 30), ("greatwall", 3, 5, 50)])
def test_actions_after_the_snapshot_are_rows_and_come_back_exactly(store, name, players, seed, moves):
    start = _played(name, players, seed, 10)
    store.insert(_row(start))
    g = _played(name, players, seed, moves)
    _append(store, "g1", g, 10, 0)
    stored = store.get("g1")
    assert stored["snapshot_at"] == 10 and stored["log"] == [[s, a] for s, a in g.log]
    assert len(stored["snapshot"]) and stored["state_hash"] == start.state_hash()  # the snapshot was not rewritten
    back = Live.from_row(stored).game
    assert back.state_hash() == g.state_hash() and back.log == g.log


def test_a_whole_log_written_drops_the_action_rows(store):
    g = _played("carcassonne", 2, 1, 12)
    store.insert(_row(_played("carcassonne", 2, 1, 4)))
    revision = _append(store, "g1", g, 4, 0)
    saved = g.save(snapshot=True)
    assert store.update("g1", revision, log=saved["log"], snapshot=saved["snapshot"], state_hash=saved["state_hash"],
                        revision=revision + 1)
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(actions)).scalar_one() == 0
    stored = store.get("g1")
    assert stored["snapshot_at"] == 12 and Live.from_row(stored).game.state_hash() == g.state_hash()


def test_several_games_commit_together_and_a_stale_one_alone_is_refused(store):
    g = _played("carcassonne", 2, 1, 3)
    store.insert(_row(g, "a"))
    store.insert(_row(g, "b"))
    done = store.write_many([("a", 0, None, {"revision": 1}), ("b", 5, None, {"revision": 6}),
                             ("b", 0, None, {"revision": 1, "to_play": 1})])
    assert done == [True, False, True]
    assert store.get("a")["revision"] == 1 and (store.get("b")["revision"], store.get("b")["to_play"]) == (1, 1)


def test_a_tampered_action_row_is_refused(store):
    g = _played("carcassonne", 2, 1, 5)
    store.insert(_row(g))
    assert store.update("g1", 0, append=(6, g.to_play, "place:99,99,0"), revision=1, version=6)
    with pytest.raises(boardlab.SaveFileError, match="99"):
        Live.from_row(store.get("g1"))


@pytest.mark.parametrize("name, players, seed, moves", [("carcassonne", 3, 4, 40), ("greatwall", 3, 5, 60)])
def test_a_stored_game_comes_back_exactly(store, name, players, seed, moves):
    g = _played(name, players, seed, moves)
    store.insert(_row(g))
    back = Live.from_row(store.get("g1"))  # snapshot trusted, hash checked
    assert back.game.state_hash() == g.state_hash() and back.game.log == g.log
    assert back.game.view(0) == g.view(0) and back.game.options == g.options
    assert back.game.state.rng == g.state.rng  # a 64-bit integer survives the JSON column


def test_big_seeds_survive(store):
    g = boardlab.new_game("carcassonne", 2, seed=2 ** 63 - 1)
    store.insert(_row(g))
    assert Live.from_row(store.get("g1")).game.state_hash() == g.state_hash()


def test_updates_name_the_revision_they_replace(store):
    g = _played("carcassonne", 2, 1, 3)
    store.insert(_row(g))
    assert store.update("g1", 0, revision=1, version=3)
    assert not store.update("g1", 0, revision=1, version=99)  # a stale writer changes nothing
    row = store.get("g1")
    assert row["revision"] == 1 and row["version"] == 3
    assert store.get("nope") is None


def test_summaries_list_open_and_running_games_only(store):
    g = boardlab.new_game("carcassonne", 2, seed=1)
    store.insert(_row(g, "a", status="open"))
    store.insert(_row(g, "b", status="running"))
    store.insert(_row(g, "c", status="finished"))
    rows = store.summaries()
    assert [r["id"] for r in rows] == ["a", "b"] and "snapshot" not in rows[0] and "log" not in rows[0]


def test_a_tampered_snapshot_is_refused(store):
    g = _played("carcassonne", 2, 1, 5)
    store.insert(_row(g, state_hash="0" * 32))
    with pytest.raises(boardlab.SaveFileError):
        Live.from_row(store.get("g1"))


def test_postgresql_urls_use_psycopg():
    assert normalize_url("postgresql://u:p@h/db").startswith("postgresql+psycopg://u:p@h/db")
    assert normalize_url("postgresql+psycopg://h/db") == "postgresql+psycopg://h/db"
    assert normalize_url("sqlite:///x.sqlite") == "sqlite:///x.sqlite"


def test_the_api_on_this_database_survives_a_restart(url):
    """Create, act and let a bot play through the API, stop, start again on the same database."""
    with TestClient(create_app(url)) as c:
        r = c.post("/api/games", json={"game": "carcassonne", "players": 2, "seed": 5,
                                       "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]})
        gid, token = r.json()["id"], r.json()["seats"][0]["token"]
        for _ in range(4):
            v = wait_for(lambda: (x := c.get(f"/api/games/{gid}", params={"token": token}).json())["to_play"] == 0
                         and x, what="the human's turn")
            c.post(f"/api/games/{gid}/actions", json={"token": token, "action": v["legal_actions"][0]["id"]})
        v = wait_for(lambda: (x := c.get(f"/api/games/{gid}", params={"token": token}).json())["to_play"] == 0
                     and x, what="the human's turn")
        assert v["version"] >= 6
    with TestClient(create_app(url)) as c:
        again = c.get(f"/api/games/{gid}", params={"token": token}).json()
        assert again == v
        assert [g["id"] for g in c.get("/api/games").json()] == [gid]


OLD_SAVES = sorted((Path(__file__).parent / "data" / "saves-v1").glob("*-mid.json"))[:3]


@pytest.mark.parametrize("path", OLD_SAVES, ids=[p.stem for p in OLD_SAVES])
def test_rows_written_before_the_module_contract_are_restored_by_replay(url, path):
    """A database of the earlier format: migrated to revision 0002 (its rows marked format 1), each game
    restored by replaying its log, and rewritten in the current format by its next action."""
    from alembic import command
    from alembic.config import Config

    old = json.loads(path.read_text())
    s = Store(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(boardlab.server.store.__file__).with_name("migrations")))
    cfg.set_main_option("sqlalchemy.url", s.url.replace("%", "%%"))
    with s.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    t = now()
    row = {"id": "old", "game": old["game"], "players": old["players"], "options": old["options"],
           "seed": old["seed"], "seats": [{"kind": "human", "token_sha256": "0" * 64, "taken": True}] * old["players"],
           "log": old["log"], "snapshot": old["snapshot"], "state_hash": old["state_hash"], "version": len(old["log"]),
           "revision": 0, "status": "running", "to_play": None, "undo": {"request": None, "last": None},
           "created": t, "updated": t}
    with s.engine.begin() as conn:
        conn.execute(games.insert().values(**row))  # the columns of revision 0001 only
    s.migrate()
    assert s.get("old")["save_version"] == 1
    back = Live.from_row(s.get("old"))
    fresh = boardlab.new_game(old["game"], old["players"], seed=old["seed"], options=old["options"])
    for _seat, action in old["log"]:
        fresh.apply(action)
    assert back.game.state_hash() == fresh.state_hash() and back.game.view(0) == fresh.view(0)
    saved = back.game.save(snapshot=True)
    assert s.update("old", 0, revision=1, snapshot=saved["snapshot"], state_hash=saved["state_hash"],
                    save_version=saved["version"])
    again = Live.from_row(s.get("old"))
    assert again.game.state_hash() == fresh.state_hash() and s.get("old")["save_version"] == SAVE_VERSION
    s.dispose()


def test_a_seat_looked_at_or_moved_on_a_stale_copy_is_read_again_not_refused(url):
    """Two server processes on one database: what one wrote leaves the other's copy stale until it hears of it
    (or never, on SQLite). Claiming a seat by looking at it, moving and asking for an undo there are tried again
    against the game read anew instead of answering 409."""
    humans = [{"kind": "human"}, {"kind": "human"}]
    with TestClient(create_app(url)) as a, TestClient(create_app(url)) as b:
        made = a.post("/api/games", json={"game": "carcassonne", "players": 2, "seed": 5, "seats": humans}).json()
        gid, tokens = made["id"], [s["token"] for s in made["seats"]]
        assert b.get(f"/api/games/{gid}").status_code == 200  # b holds a copy too
        assert b.get(f"/api/games/{gid}", params={"token": tokens[1]}).json()["revision"] == 1  # seat 1 taken on b
        looked = a.get(f"/api/games/{gid}", params={"token": tokens[0]})  # a's copy is at revision 0
        assert looked.status_code == 200, looked.text
        assert looked.json()["revision"] == 2 and [s.get("taken") for s in looked.json()["seats"]] == [True, True]
        action = looked.json()["legal_actions"][0]["id"]
        moved = b.post(f"/api/games/{gid}/actions", json={"token": tokens[0], "action": action})  # b's copy: revision 1
        assert moved.status_code == 200, moved.text
        assert moved.json()["version"] == 1 and moved.json()["revision"] == 3
        asked = a.post(f"/api/games/{gid}/undo", json={"token": tokens[0]})  # a's copy: revision 2
        assert asked.status_code in (200, 202), asked.text
        assert asked.json()["revision"] == 4


def test_changes_heard_of_a_game_without_bots_read_it_once(tmp_path):
    """The process running the bots hears of every move another process commits. A game without bot seats is
    read once to find that out, then its changes no longer make the bots read it (seats keep their kind)."""
    import asyncio

    from boardlab.server.tables import BOT, Tables

    store = Store(f"sqlite:///{tmp_path / 'heard.sqlite'}")
    store.migrate()

    async def scenario(seats: list[dict]) -> list[str]:
        tables = Tables(store)
        gid = (await tables.create("carcassonne", 2, {}, seats, 5))["id"]
        tables.live.clear()  # made by another process: this one holds no copy
        reads, read = [], store.get
        store.get = lambda game_id: reads.append(game_id) or read(game_id)
        try:
            for revision in (1, 2, 3):
                assert store.update(gid, revision - 1, revision=revision)  # another process's change
                tables.heard(gid, revision)
                for _ in range(20):  # the refresh and the bots' look run
                    await asyncio.sleep(0.01)
        finally:
            store.get = read
            await tables.bots.stop()
        return reads

    assert len(asyncio.run(scenario([{"kind": "human"}, {"kind": "human"}]))) == 1
    with_bot = asyncio.run(scenario([{"kind": "human"}, {"kind": BOT, "agent": "random"}]))
    assert len(with_bot) == 3  # a game with a bot seat is looked at every time


def test_a_change_told_of_while_the_row_was_being_read_is_not_missed(tmp_path):
    """Another process commits and tells of revision 1 while this one is reading the row at revision 0: the copy
    kept must be revision 1, else this process would serve revision 0 until the game changes again."""
    import asyncio

    from boardlab.server.tables import Tables

    url = f"sqlite:///{tmp_path / 'race.sqlite'}"
    store = Store(url)
    store.migrate()

    async def scenario() -> int:
        tables = Tables(store)
        made = await tables.create("carcassonne", 2, {}, [{"kind": "human"}, {"kind": "human"}], 5)
        gid = made["id"]
        tables.live.clear()  # this process holds no copy
        loop, read = asyncio.get_running_loop(), store.get

        def read_while_another_process_writes(game_id):
            row = read(game_id)
            seats = [dict(s, taken=True) for s in row["seats"]]
            if row["revision"] == 0:
                assert store.update(game_id, 0, seats=seats, revision=1)
                loop.call_soon_threadsafe(tables.heard, game_id, 1)  # the relay's notice
            return row

        store.get = read_while_another_process_writes
        try:
            return (await tables.get(gid)).revision
        finally:
            store.get = read

    try:
        assert asyncio.run(scenario()) == 1
    finally:
        store.dispose()


def test_json_columns_keep_integers_beyond_64_bits_and_unicode(store):
    """The JSON columns are written by orjson, or by the standard library for what orjson refuses: read back equal."""
    g = boardlab.new_game("carcassonne", 2, seed=1)
    store.insert(_row(g, "big", options={"huge": 2 ** 70, "name": "長城", "list": [1.5, -2 ** 63]}))
    assert store.get("big")["options"] == {"huge": 2 ** 70, "name": "長城", "list": [1.5, -2 ** 63]}
    store.insert(_row(g, "small", options={"name": "長城"}))
    assert store.get("small")["options"] == {"name": "長城"}


def test_notices_go_together_in_payloads_postgresql_accepts_and_come_back_in_order():
    from boardlab.server import relay
    from boardlab.server.store import NOTICE_BYTES, _payloads

    notices = [f"{i:032x}:{i * 7}:a1b2c3d4" for i in range(600)]
    payloads = _payloads(notices)
    assert len(payloads) > 1 and all(len(p) <= NOTICE_BYTES for p in payloads)
    assert [n for p in payloads for n in relay.parse(p)] == [(f"{i:032x}", i * 7, "a1b2c3d4") for i in range(600)]
    assert relay.parse("not ours;g1:x:o;g2:3:o;:4:o;g5:6") == [("g2", 3, "o")]  # what this program did not write goes


@pytest.fixture
def listening(request):
    """(a store on a fresh PostgreSQL database, `listen()`: a connection listening to its change channel from
    then on)."""
    import psycopg

    from boardlab.server.relay import conninfo
    from boardlab.server.store import CHANNEL

    pg = request.getfixturevalue("postgres_url")
    store = Store(pg)
    store.migrate()
    listener = psycopg.connect(conninfo(pg), autocommit=True)

    def listen():
        listener.execute(f"LISTEN {CHANNEL}")
        return listener

    yield store, listen
    listener.close()
    store.dispose()


@pytest.mark.postgres
def test_a_transactions_notices_reach_a_listener_in_one_notify(listening):
    """The group commit's moves of several games: one NOTIFY names them all (a stale write names nothing)."""
    from boardlab.server.relay import parse

    store, listen = listening
    g = _played("carcassonne", 2, 1, 3)
    store.insert(_row(g, "a"))
    store.insert(_row(g, "b"))
    listener = listen()
    store.write_many([("a", 0, None, {"revision": 1}), ("b", 5, None, {"revision": 6}),
                      ("b", 0, None, {"revision": 1})])
    heard = [parse(n.payload) for n in listener.notifies(timeout=2, stop_after=1)]
    assert heard == [[("a", 1, store.origin), ("b", 1, store.origin)]]


def test_a_transactions_action_rows_go_in_one_statement_before_a_log_rewritten_after_them(store):
    """The moves of a group commit add their action rows together, after the updates; a game whose whole log is
    written later in the same transaction (an undo after a move) first gets its waiting row, which the new log then
    drops, as if each write had been alone."""
    g = _played("carcassonne", 2, 1, 6)
    store.insert(_row(_played("carcassonne", 2, 1, 4), "a"))
    store.insert(_row(_played("carcassonne", 2, 1, 4), "b"))
    (seat, action), (seat2, action2) = g.log[4], g.log[5]
    saved = _played("carcassonne", 2, 1, 5).save(snapshot=True)
    done = store.write_many([
        ("a", 0, (5, seat, action), {"revision": 1, "version": 5}),
        ("b", 0, (5, seat, action), {"revision": 1, "version": 5}),
        ("b", 1, (6, seat2, action2), {"revision": 2, "version": 6}),
        ("a", 1, None, {"revision": 2, "log": saved["log"], "snapshot": saved["snapshot"],
                        "state_hash": saved["state_hash"]})])
    assert done == [True, True, True, True]
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(actions.c.game_id, actions.c.n).order_by(actions.c.game_id, actions.c.n)).all()
    assert [tuple(r) for r in rows] == [("b", 5), ("b", 6)]
    assert store.get("a")["snapshot_at"] == 5 and len(store.get("b")["log"]) == 6


def test_distinct_games_written_together_match_each_written_alone(store):
    """A group commit of distinct games (PostgreSQL: one multi-row UPDATE per set of columns, a log rewrite alone):
    each applied only at its expected revision, its action row added, its JSON intact, as if each were alone."""
    g = _played("carcassonne", 2, 1, 6)
    (seat, action) = g.log[4]
    saved = _played("carcassonne", 2, 1, 5).save(snapshot=True)
    for name in "abcde":
        store.insert(_row(_played("carcassonne", 2, 1, 4), name))
    seats = [{"kind": "human", "token_sha256": "字" * 3, "taken": True, "n": 2 ** 70}, {"kind": "bot", "agent": "random"}]
    statements: list[str] = []
    sa.event.listen(store.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    done = store.write_many([
        ("a", 0, (5, seat, action), {"revision": 1, "version": 5, "seats": seats}),
        ("b", 7, (5, seat, action), {"revision": 8, "version": 5, "seats": seats}),  # stale: refused
        ("c", 0, (5, seat, action), {"revision": 1, "version": 5, "seats": seats}),
        ("d", 0, None, {"revision": 1, "status": "finished"}),
        ("e", 0, None, {"revision": 1, "log": saved["log"], "snapshot": saved["snapshot"],
                        "state_hash": saved["state_hash"]})])
    assert done == [True, False, True, True, True]
    for name in "ac":
        row = store.get(name)
        assert (row["revision"], row["version"], row["seats"], len(row["log"])) == (1, 5, seats, 5)
    assert (store.get("b")["revision"], len(store.get("b")["log"])) == (0, 4)
    assert (store.get("d")["revision"], store.get("d")["status"]) == (1, "finished")
    assert (store.get("e")["revision"], store.get("e")["snapshot_at"]) == (1, 5)
    heads = [s.lstrip().split(None, 1)[0].upper() for s in statements]
    if store.is_sqlite:
        assert heads.count("UPDATE") == 5
    else:  # a, b and c in one statement with their action rows and notice; d in another; e alone
        assert (heads.count("WITH"), heads.count("UPDATE"), heads.count("INSERT")) == (2, 1, 0)


@pytest.mark.postgres
def test_moves_written_in_one_statement_notify_once_and_only_what_was_written(listening):
    """On PostgreSQL, distinct games' moves writing the same columns go in one statement (in its own
    transaction): one NOTIFY names the games updated, a stale one is not named, and nothing updated notifies
    nothing."""
    from boardlab.server.relay import parse

    store, listen = listening
    g = _played("carcassonne", 2, 1, 6)
    (seat, action) = g.log[4]
    for name in "abc":
        store.insert(_row(_played("carcassonne", 2, 1, 4), name))
    listener = listen()
    move = {"revision": 1, "version": 5}
    assert store.write_many([("a", 0, (5, seat, action), move), ("b", 3, (5, seat, action), move),
                             ("c", 0, (5, seat, action), move)]) == [True, False, True]
    assert store.write_many([("a", 0, None, move), ("c", 0, None, move)]) == [False, False]  # stale: nothing
    heard = [parse(n.payload) for n in listener.notifies(timeout=2)]
    assert [sorted(h) for h in heard] == [[("a", 1, store.origin), ("c", 1, store.origin)]]
    assert [len(store.get(name)["log"]) for name in "abc"] == [5, 4, 5]
    assert store.get("a")["log"][4] == [seat, action]
