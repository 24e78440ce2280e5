"""The web API through FastAPI's TestClient: create, views per seat, actions, refusals,
websocket pushes, bots, undo, replay, restarts (docs/web-api.md)."""
from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.core.registry import ruleset
from boardlab.core.visibility import hidden_paths
from server_helpers import HUMAN, bot, need_web, wait_for

need_web()

from fastapi.testclient import TestClient  # noqa: E402

from boardlab.server.app import MAX_BODY, create_app  # noqa: E402
from boardlab.server.store import Store  # noqa: E402
from boardlab.server.tables import Live  # noqa: E402
from boardlab.server.tables import SERVER_VIEW_KEYS  # noqa: E402



def create(client, game="carcassonne", seats=(HUMAN, HUMAN), seed=7, options=None, lang=None):
    body = {"game": game, "players": len(seats), "options": options or {}, "seats": list(seats), "seed": seed}
    r = client.post("/api/games", json=body, params={"lang": lang} if lang else None)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], {s["seat"]: s["token"] for s in data["seats"]}


def view(client, gid, token=None, lang="en"):
    params = {"lang": lang}
    if token:
        params["token"] = token
    r = client.get(f"/api/games/{gid}", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def act(client, gid, token, action, status=200, lang="en"):
    r = client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action}, params={"lang": lang})
    assert r.status_code == status, r.text
    return r.json()


def row(client, gid) -> dict:
    return client.app.state.store.get(gid)


def assert_no_leak(v: dict) -> None:
    rules = ruleset(v["game"])
    assert hidden_paths(v, rules.zones, v["seat"]) == []


def play_first(client, gid, token) -> dict:
    v = view(client, gid, token)
    return act(client, gid, token, v["legal_actions"][0]["id"])


# ---- create and look ---------------------------------------------------------------------------
def test_create_returns_a_token_per_human_seat_and_the_game_is_listed(client):
    r = client.post("/api/games", json={"game": "carcassonne", "players": 3, "seed": 1,
                                        "seats": [HUMAN, bot("greedy"), HUMAN]})
    assert r.status_code == 201
    data = r.json()
    assert [(s["seat"], s["kind"]) for s in data["seats"]] == [(0, "human"), (1, "bot"), (2, "human")]
    tokens = [s["token"] for s in data["seats"]]
    assert tokens[1] is None and len({tokens[0], tokens[2]}) == 2 and all(len(t) >= 24 for t in tokens[::2])
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    g = listed[data["id"]]
    assert g["game"] == "carcassonne" and g["players"] == 3 and g["status"] == "open"
    assert g["seats"] == [{"seat": 0, "kind": "human", "agent": None, "taken": False},
                          {"seat": 1, "kind": "bot", "agent": "greedy", "taken": True},
                          {"seat": 2, "kind": "human", "agent": None, "taken": False}]
    assert "token" not in json.dumps(g) and tokens[0] not in json.dumps(listed)
    view(client, data["id"], tokens[0])
    view(client, data["id"], tokens[2])
    g = {g["id"]: g for g in client.get("/api/games").json()}[data["id"]]
    assert g["status"] == "running" and all(s["taken"] for s in g["seats"])
    stored = row(client, data["id"])
    assert tokens[0] not in json.dumps(stored["seats"])  # only a hash of each token is kept


def test_views_per_seat_and_spectator(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    mine = view(client, gid, tokens[0])
    other = view(client, gid, tokens[1])
    watcher = view(client, gid)
    assert (mine["seat"], other["seat"], watcher["seat"]) == (0, 1, None)
    assert mine["to_play"] == 0 and mine["legal_actions"] and all(a["text"] for a in mine["legal_actions"])
    assert other["legal_actions"] == [] and watcher["legal_actions"] == []
    assert mine["version"] == other["version"] == watcher["version"] == 0
    assert mine["deck"] == {"hidden": True, "count": mine["deck"]["count"]}
    for v in (mine, other, watcher):
        assert_no_leak(v)
        assert {"id", "version", "status", "seats", "undo_request"} <= set(v)
    zh = view(client, gid, tokens[0], lang="zh-Hant")
    assert zh["legal_actions"][0]["id"] == mine["legal_actions"][0]["id"]
    assert zh["legal_actions"][0]["text"] != mine["legal_actions"][0]["text"]


def test_the_server_keys_never_shadow_a_game_view():
    for name in boardlab.available_games():
        g = boardlab.new_game(name, ruleset(name).min_players, seed=1)
        assert not set(SERVER_VIEW_KEYS) & set(g.view(0)), name


def test_another_seats_great_wall_hand_never_appears(client):
    gid, tokens = create(client, game="greatwall", seats=(HUMAN, HUMAN, HUMAN), seed=5)
    mine = view(client, gid, tokens[0])
    hand = mine["players"][0]["advisors"]
    offer = mine["players"][0]["general_offer"]
    assert isinstance(hand, list) and hand and isinstance(offer, list) and offer
    for v in (view(client, gid, tokens[1]), view(client, gid, tokens[2]), view(client, gid)):
        assert v["players"][0]["advisors"] == {"hidden": True, "count": len(hand)}
        assert v["players"][0]["general_offer"] == {"hidden": True, "count": len(offer)}
        text = json.dumps(v, ensure_ascii=False)
        for card in hand + offer:
            assert card not in text
        assert_no_leak(v)
    # seat 0 keeps a General in secret: the others see that it chose, not what
    pick = mine["legal_actions"][0]["id"]
    act(client, gid, tokens[0], pick)
    for v in (view(client, gid, tokens[1]), view(client, gid)):
        assert pick.partition(":")[2] not in json.dumps(v, ensure_ascii=False)
        assert_no_leak(v)


# ---- acting -------------------------------------------------------------------------------------
def test_an_action_is_committed_before_it_is_acknowledged(client, db_url):
    gid, tokens = create(client)
    before = view(client, gid, tokens[0])
    action = before["legal_actions"][0]["id"]
    after = act(client, gid, tokens[0], action)
    assert after["version"] == 1 and after["seat"] == 0 and after["decision"] == "meeple"
    other = Store(db_url)  # a second connection sees the acknowledged action
    try:
        stored = other.get(gid)
    finally:
        other.dispose()
    assert stored["version"] == 1 and stored["log"] == [[0, action]] and stored["to_play"] == 0
    g = boardlab.new_game("carcassonne", 2, seed=7)
    g.apply(action)
    # the move is one action row after the snapshot of the start: restoring plays it again
    assert stored["snapshot_at"] == 0 and Live.from_row(stored).game.state_hash() == g.state_hash()


def test_a_move_appends_one_action_row_and_a_snapshot_comes_every_so_many_actions(client, monkeypatch):
    """The row's whole log and a new snapshot are written every SNAPSHOT_EVERY actions (the last move too is an
    action row); in between a move writes its action row only, and the game restored from the store is the game
    played."""
    monkeypatch.setattr("boardlab.server.tables.SNAPSHOT_EVERY", 5)
    gid, tokens = create(client)
    seen = []
    v = view(client, gid, tokens[0])
    while not v["is_over"]:
        token = tokens[v["to_play"]]
        v = act(client, gid, token, view(client, gid, token)["legal_actions"][-1]["id"])
        stored = row(client, gid)
        seen.append(stored["snapshot_at"])
        n = v["version"]
        assert stored["version"] == n == len(stored["log"])
        assert stored["snapshot_at"] == n - n % 5
    assert seen[:6] == [0, 0, 0, 0, 5, 5]
    g = boardlab.new_game("carcassonne", 2, seed=7)
    for _, action in row(client, gid)["log"]:
        g.apply(action)
    assert Live.from_row(row(client, gid)).game.state_hash() == g.state_hash() and g.is_over


def _snapshot(client, gid, tokens):
    return row(client, gid), [view(client, gid, t) for t in tokens.values()], view(client, gid)


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_refusals_change_nothing(client, lang):
    gid, tokens = create(client)
    view(client, gid, tokens[0]), view(client, gid, tokens[1])  # seats taken: no later change
    start = _snapshot(client, gid, tokens)
    legal = start[1][0]["legal_actions"][0]["id"]
    cases = [
        (403, {"action": legal}, "server.err.token"),
        (403, {"token": "not-a-token", "action": legal}, "server.err.token"),
        (409, {"token": tokens[1], "action": legal}, "server.err.not_your_turn"),
        (422, {"token": tokens[0], "action": "place:99,99,0"}, "err.illegal"),
        (422, {"token": tokens[0], "action": 5}, "server.err.invalid"),
        (422, {"token": tokens[0]}, "server.err.invalid"),
        (422, {"token": tokens[0], "action": legal, "extra": 1}, "server.err.invalid"),
    ]
    for status, body, code in cases:
        r = client.post(f"/api/games/{gid}/actions", json=body, params={"lang": lang})
        assert r.status_code == status, (body, r.text)
        err = r.json()
        assert err["code"] == code and err["detail"] and "\n" not in err["detail"]
        if lang == "zh-Hant" and code != "server.err.invalid":
            assert not err["detail"].isascii(), err
    r = client.post(f"/api/games/{gid}/actions", content=b"{" + b" " * MAX_BODY + b"}",
                    headers={"content-type": "application/json"}, params={"lang": lang})
    assert r.status_code == 413 and r.json()["code"] == "server.err.too_large"
    assert _snapshot(client, gid, tokens) == start
    r = client.post("/api/games/nope/actions", json={"token": tokens[0], "action": legal}, params={"lang": lang})
    assert r.status_code == 404


def test_simultaneous_copies_of_one_action_are_applied_once(client):
    from concurrent.futures import ThreadPoolExecutor

    gid, tokens = create(client)
    action = view(client, gid, tokens[0])["legal_actions"][0]["id"]
    with ThreadPoolExecutor(8) as pool:
        codes = list(pool.map(lambda _: client.post(f"/api/games/{gid}/actions",
                                                    json={"token": tokens[0], "action": action}).status_code,
                              range(8)))
    assert sorted(codes) == [200] + [422] * 7  # after the placement, a placement is not legal
    assert row(client, gid)["log"] == [[0, action]] and row(client, gid)["revision"] == 2  # seat taken, action


def test_illegal_action_message_comes_from_the_engine(client):
    gid, tokens = create(client)
    err = act(client, gid, tokens[0], "pass", status=422, lang="zh-Hant")
    assert err["code"] == "err.illegal" and "合法行動" in err["detail"]


def test_streamed_body_over_the_limit_is_refused(client):
    def chunks():
        for _ in range(MAX_BODY // 1000 + 2):
            yield b" " * 1000

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/games").json() == []


@pytest.mark.parametrize("body, words", [
    ({"game": "chess", "players": 2, "seats": [HUMAN, HUMAN]}, "unknown game 'chess'"),
    ({"game": "carcassonne", "players": 9, "seats": [HUMAN] * 9}, "2-5 players"),
    ({"game": "carcassonne", "players": 2, "seats": [HUMAN, HUMAN], "options": {"colour": "red"}},
     "unknown option"),
    ({"game": "carcassonne", "players": 2, "seats": [HUMAN, HUMAN], "options": {"expansions": ["chess"]}},
     "chess"),
    ({"game": "carcassonne", "players": 3, "seats": [HUMAN, HUMAN]}, "seats lists 2 seat(s) but players is 3"),
    ({"game": "carcassonne", "players": 2, "seats": [HUMAN, bot("minimax")]}, "unknown agent"),
    ({"game": "carcassonne", "players": 2, "seats": [HUMAN, {"kind": "robot"}]}, "seats.1"),
    ({"game": "carcassonne", "players": 2, "seats": [HUMAN, HUMAN], "seed": "x"}, "seed"),
    ({"game": "carcassonne", "players": 2, "seats": [HUMAN, HUMAN], "colour": 1}, "colour"),
    ({"players": 2, "seats": [HUMAN, HUMAN]}, "game"),
])
def test_bad_games_are_refused_with_the_reason(client, body, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == 422, r.text
    assert words in r.json()["detail"]
    assert client.get("/api/games").json() == []


PAIRS = {"game": "pairs", "players": 2, "seats": [HUMAN, HUMAN]}


@pytest.mark.parametrize("options, code, words", [
    ({"size": 3}, "err.unknown_option", ["size", "colours, draft, expansions, rounds"]),
    ({"rounds": "3"}, "err.option_value", ["rounds", '"3"', "1 to 5"]),  # a number as text: the wrong type
    ({"rounds": 9}, "err.option_value", ["rounds", "9", "1 to 5"]),
    ({"rounds": 2.5}, "err.option_value", ["rounds", "2.5"]),
    ({"draft": "yes"}, "err.option_value", ["draft", '"yes"']),
    ({"expansions": "bonus"}, "err.option_value", ["expansions", "a list of any of bonus"]),
    ({"colours": ["red", "pink"]}, "err.option_value", ["colours", "pink", "red, blue, green"]),
    ({"colours": ["red", "blue", "green"]}, None, ["colours", "one value per seat: 2, not 3"]),  # per seat: one per player
    ({"colours": ["red"]}, None, ["colours", "one value per seat: 2, not 1"]),
    ([1, 2], "server.err.invalid", ["options"]),  # not an object at all
])
def test_bad_options_are_refused_naming_the_option(client, options, code, words):
    r = client.post("/api/games", json={**PAIRS, "options": options})
    assert r.status_code == 422, r.text
    body = r.json()
    assert code is None or body["code"] == code, body
    for w in words:
        assert w in body["detail"], (w, body)
    assert client.get("/api/games").json() == []


def test_option_errors_are_worded_in_the_requests_language(client):
    r = client.post("/api/games", json={**PAIRS, "options": {"rounds": 0}}, params={"lang": "zh-Hant"})
    assert r.status_code == 422 and r.json()["detail"].startswith("選項 rounds：不接受 0") and "整數" in r.json()["detail"]
    r = client.post("/api/games", json={**PAIRS, "options": {"size": 1}}, params={"lang": "zh-Hans"})
    assert r.status_code == 422 and "没有选项 size" in r.json()["detail"]


def test_an_option_whose_requirement_is_not_met_is_refused(client):
    """`wonders` has x-requires {expansions: wonders}: refused without that expansion, accepted with it."""
    props = boardlab.option_schema("carcassonne")["properties"]
    assert props["wonders"]["x-requires"] == {"expansions": "wonders"}
    body = {"game": "carcassonne", "players": 2, "seats": [HUMAN, HUMAN]}
    r = client.post("/api/games", json={**body, "options": {"wonders": ["alhambra", "stonehenge"]}})
    assert r.status_code == 422 and r.json()["code"] == "err.option_requires" and "option expansions has wonders" in r.json()["detail"]
    r = client.post("/api/games", json={**body, "options": {"expansions": ["wonders"],
                                                            "wonders": ["alhambra", "stonehenge"]}})
    assert r.status_code == 201, r.text


def test_typed_and_per_seat_options_are_kept(client):
    gid, tokens = create(client, "pairs", options={"rounds": 1, "draft": True, "colours": ["blue", "red"]})
    v = view(client, gid, tokens[0])
    assert v["options"] == {"rounds": 1, "expansions": [], "draft": True, "colours": ["blue", "red"]}
    assert v["decision"] == "draft" and v["seats"][0]["kind"] == "human"


def test_unknown_language_and_game(client):
    gid, tokens = create(client)
    r = client.get(f"/api/games/{gid}", params={"lang": "fr"})
    assert r.status_code == 422 and "unknown language" in r.json()["detail"]
    r = client.get("/api/games/nope", params={"lang": "zh-Hans"})
    assert r.status_code == 404 and r.json()["detail"] == "没有游戏 'nope'"
    r = client.get(f"/api/games/{gid}", params={"token": "wrong"})
    assert r.status_code == 403


# ---- websockets ---------------------------------------------------------------------------------
LOGS: dict[int, list] = {}  # each test websocket's log, merged from the pushes as the web client does


def receive_until(ws, predicate, limit: int = 50) -> dict:
    """The next pushed view for which `predicate` holds, with its whole log (the pushes carry the new entries)."""
    for _ in range(limit):
        message = ws.receive_json()
        assert message["type"] == "view", message
        known = LOGS.get(id(ws), []) if message["log_from"] else []
        assert message["log_from"] <= len(known)
        LOGS[id(ws)] = known[:message["log_from"]] + message["log"]
        if predicate(message["view"]):
            return dict(message["view"], log=LOGS[id(ws)])
    raise AssertionError("no such view pushed")


def test_websocket_pushes_carry_the_log_entries_the_connection_has_not_had(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as ws:
        first = ws.receive_json()
        assert first["log_from"] == 0 and "log" not in first["view"]
        play_first(client, gid, tokens[0])
        claimed = ws.receive_json()  # seat 0 taken: no new entry
        assert claimed["view"]["version"] == 0 and (claimed["log_from"], claimed["log"]) == (len(first["log"]), [])
        pushed = ws.receive_json()
        assert pushed["view"]["version"] == 1
        assert pushed["log_from"] == len(first["log"]) and pushed["log"]  # the new entries only
        assert first["log"] + pushed["log"] == view(client, gid, tokens[1])["log"]
        undo(client, gid, tokens[0], 202)
        ws.receive_json()  # the request shown
        answer(client, gid, tokens[1], True)
        undone = ws.receive_json()
        assert undone["log_from"] == 0 and undone["log"] == view(client, gid, tokens[1])["log"]  # rewritten: whole


def test_websocket_pushes_each_seat_its_own_view(client):
    gid, tokens = create(client, game="greatwall", seats=(HUMAN, HUMAN, HUMAN), seed=3)
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}&lang=zh-Hant") as seat1, \
            client.websocket_connect(f"/ws/games/{gid}") as spectator:
        first = receive_until(seat1, lambda v: True)
        assert first["seat"] == 1 and first["version"] == 0
        receive_until(spectator, lambda v: v["seat"] is None)
        mine = view(client, gid, tokens[0])
        act(client, gid, tokens[0], mine["legal_actions"][0]["id"])
        pushed = receive_until(seat1, lambda v: v["version"] == 1)
        watched = receive_until(spectator, lambda v: v["version"] == 1)
        assert pushed["seat"] == 1 and watched["seat"] is None
        assert pushed["players"][0]["advisors"] == {"hidden": True, "count": len(mine["players"][0]["advisors"])}
        assert isinstance(pushed["players"][1]["advisors"], list)
        assert any(not e["text"].isascii() for e in pushed["log"])  # in the subscriber's language
        assert_no_leak(pushed)
        assert_no_leak(watched)


def test_websocket_refuses_a_wrong_token_or_game(client):
    gid, _ = create(client)
    with client.websocket_connect(f"/ws/games/{gid}?token=wrong") as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["status"] == 403 and message["code"] == "server.err.token"
    with client.websocket_connect("/ws/games/nope?lang=zh-Hant") as ws:
        message = ws.receive_json()
        assert message["status"] == 404 and message["detail"] == "沒有遊戲 'nope'"


def test_a_move_sent_on_the_seats_websocket_is_played_and_pushed_to_everyone(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as seat0, \
            client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as seat1:
        mine = receive_until(seat0, lambda v: v["to_play"] == 0)
        receive_until(seat1, lambda v: True)
        action = mine["legal_actions"][0]["id"]
        seat0.send_text(json.dumps({"type": "act", "action": action}))
        moved = receive_until(seat0, lambda v: v["version"] == 1)
        assert receive_until(seat1, lambda v: v["version"] == 1)["log"] == view(client, gid, tokens[1])["log"]
        assert moved["log"] == view(client, gid, tokens[0])["log"] and moved["seats"][0]["taken"]


@pytest.mark.parametrize("message, status, code", [
    ('{"type": "act", "action": "no-such-action"}', 422, "err.illegal"),
    ('{"type": "act"}', 422, "server.err.invalid"),
    ('{"type": "act", "action": "x", "token": "t"}', 422, "server.err.invalid"),
    ("[1, 2", 422, "server.err.invalid"),
    ('{"type": "act", "action": "' + "x" * 5000 + '"}', 413, "server.err.too_large"),
])
def test_a_bad_move_on_a_websocket_is_answered_there_and_changes_nothing(client, message, status, code):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}&lang=zh-Hans") as ws:
        before = receive_until(ws, lambda v: True)
        ws.send_text(message)
        error = next_refusal(ws)
        assert error["type"] == "refused" and error["status"] == status and error["code"].endswith(code), error
        assert not error["detail"].isascii() or code == "server.err.invalid"  # in the connection's language
        ws.send_text("ping")
        assert ws.receive_json() == {"type": "pong"}  # the connection stays open
    after = view(client, gid, tokens[0])
    assert after["version"] == before["version"] == 0
    assert [(e["key"], e["params"]) for e in after["log"]] == [(e["key"], e["params"]) for e in before["log"]]


def next_refusal(ws, limit: int = 10) -> dict:
    """The next refused move's message on the websocket (views pushed meanwhile are skipped)."""
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == "refused":
            return message
        assert message["type"] == "view", message  # never "error": that one closes the connection
    raise AssertionError("no refusal came")


def test_a_websocket_flooding_refused_moves_is_closed(client):
    from starlette.websockets import WebSocketDisconnect

    from boardlab.server.app import MAX_REFUSALS

    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        receive_until(ws, lambda v: True)
        bad = json.dumps({"type": "act", "action": "no-such-action"})
        for _ in range(MAX_REFUSALS):
            ws.send_text(bad)
            assert next_refusal(ws)["status"] == 422
        ws.send_text(bad)
        assert next_refusal(ws)["status"] == 422
        closing = ws.receive_json()
        assert closing["type"] == "error" and closing["status"] == 429 and closing["code"] == "server.err.refusals"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4429
    assert view(client, gid)["version"] == 0


def test_a_binary_frame_closes_the_websocket(client):
    from starlette.websockets import WebSocketDisconnect

    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[0]}") as ws:
        receive_until(ws, lambda v: True)
        ws.send_bytes(b'{"type": "act", "action": "x"}')
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1003  # unsupported data: the protocol is text
    assert view(client, gid)["version"] == 0


def test_only_the_seat_to_play_moves_on_a_websocket(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    action = view(client, gid, tokens[0])["legal_actions"][0]["id"]
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as other, \
            client.websocket_connect(f"/ws/games/{gid}") as spectator:
        receive_until(other, lambda v: True)
        other.send_text(json.dumps({"type": "act", "action": action}))
        assert next_refusal(other)["code"] == "server.err.not_your_turn"
        receive_until(spectator, lambda v: True)
        spectator.send_text(json.dumps({"type": "act", "action": action}))
        assert next_refusal(spectator)["code"] == "server.err.token"
    assert view(client, gid)["version"] == 0


# ---- bots ---------------------------------------------------------------------------------------
def test_bots_play_a_whole_game(client):
    gid, tokens = create(client, seats=(bot("greedy"), bot("random")), seed=11)
    assert tokens == {0: None, 1: None}
    with client.websocket_connect(f"/ws/games/{gid}") as spectator:  # pushed as the bots play
        pushed = receive_until(spectator, lambda v: v["is_over"], limit=1000)
    final = wait_for(lambda: (v := view(client, gid))["is_over"] and v, timeout=120, what="the bots to finish")
    assert pushed == final
    assert final["status"] == "finished" and final["winners"] and final["version"] > 50
    stored = row(client, gid)
    assert stored["status"] == "finished" and stored["version"] == final["version"]
    replayed = boardlab.load({"format": "boardlab-save", "version": 1, "game": "carcassonne", "players": 2,
                              "options": stored["options"], "seed": 11, "log": stored["log"],
                              "state_hash": stored["state_hash"]})
    assert replayed.is_over and replayed.scores == final["scores"]
    assert gid not in {g["id"] for g in client.get("/api/games").json()}  # finished games are not listed
    err = act(client, gid, "x", "pass", status=403)
    assert err["code"] == "server.err.token"


def test_bots_answer_a_human_and_the_game_waits_for_the_human(client):
    gid, tokens = create(client, game="greatwall", seats=(HUMAN, bot(), bot("greedy")), seed=9)
    for _ in range(6):
        v = wait_for(lambda: (x := view(client, gid, tokens[0]))["to_play"] in (0, None) and x,
                     what="the human's turn")
        if v["is_over"]:
            break
        assert v["legal_actions"]
        act(client, gid, tokens[0], v["legal_actions"][-1]["id"])
    stored = row(client, gid)
    assert {s for s, _ in stored["log"]} >= {0}
    assert len(stored["log"]) >= 6


def test_a_human_acting_after_the_end_gets_409(client):
    gid, tokens = create(client, seats=(bot(), HUMAN), seed=4)
    # the human plays whatever comes first until the end
    while True:
        v = wait_for(lambda: (x := view(client, gid, tokens[1]))["to_play"] in (1, None) and x,
                     timeout=60, what="the human's turn")
        if v["is_over"]:
            break
        act(client, gid, tokens[1], v["legal_actions"][0]["id"])
    err = act(client, gid, tokens[1], "pass", status=409)
    assert err["code"] == "err.game_over"


# ---- undo ---------------------------------------------------------------------------------------
def placed_hash(v: dict) -> str:
    g = boardlab.new_game("carcassonne", 2, seed=7)
    g.apply(next(a for a in boardlab.new_game("carcassonne", 2, seed=7).legal_action_ids()))
    return g.state_hash()


def undo(client, gid, token, status):
    r = client.post(f"/api/games/{gid}/undo", json={"token": token})
    assert r.status_code == status, r.text
    return r.json()


def answer(client, gid, token, accept, status=200):
    r = client.post(f"/api/games/{gid}/undo/answer", json={"token": token, "accept": accept})
    assert r.status_code == status, r.text
    return r.json()


def test_undo_against_a_bot_happens_at_once(client):
    gid, tokens = create(client, seats=(HUMAN, bot()))
    fresh = row(client, gid)["state_hash"]
    placed = play_first(client, gid, tokens[0])
    assert placed["decision"] == "meeple" and placed["to_play"] == 0
    back = undo(client, gid, tokens[0], 200)
    assert back["version"] == 0 and back["decision"] == "place" and back["undo_request"] is None
    assert back["undo_last"] == {"seat": 0, "result": "done", "by": None, "version": 1}
    stored = row(client, gid)
    assert stored["log"] == [] and stored["state_hash"] == fresh and stored["version"] == 0


def test_undo_needs_every_other_human(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    play_first(client, gid, tokens[0])
    with client.websocket_connect(f"/ws/games/{gid}?token={tokens[1]}") as other:
        asked = undo(client, gid, tokens[0], 202)
        told = receive_until(other, lambda v: v["undo_request"] is not None)
        assert told["seat"] == 1 and told["undo_request"]["seat"] == 0
    assert asked["undo_request"] == {"seat": 0, "version": 1, "accepted": [], "waiting_for": [1]}
    assert asked["version"] == 1
    assert view(client, gid, tokens[1])["undo_request"]["waiting_for"] == [1]
    assert undo(client, gid, tokens[0], 409)["code"] == "server.err.undo_pending"
    assert answer(client, gid, tokens[0], True)["version"] == 1  # the asker's own yes changes nothing
    done = answer(client, gid, tokens[1], True)
    assert done["version"] == 0 and done["undo_last"]["result"] == "done" and done["undo_request"] is None
    assert row(client, gid)["log"] == []
    assert answer(client, gid, tokens[1], True, status=409)["code"] == "server.err.undo_none"


def test_undo_refused_by_the_other_human_changes_nothing_in_the_game(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    placed = play_first(client, gid, tokens[0])
    undo(client, gid, tokens[0], 202)
    refused = answer(client, gid, tokens[1], False)
    assert refused["undo_last"] == {"seat": 0, "result": "refused", "by": 1, "version": 1}
    assert refused["version"] == 1 and refused["undo_request"] is None
    stored = row(client, gid)
    g = boardlab.new_game("carcassonne", 2, seed=7)
    g.apply(stored["log"][0][1])
    assert len(stored["log"]) == 1 and Live.from_row(stored).game.state_hash() == g.state_hash() == placed_hash(placed)


def test_a_move_cancels_a_pending_undo_request(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    play_first(client, gid, tokens[0])
    undo(client, gid, tokens[0], 202)
    moved = play_first(client, gid, tokens[0])
    assert moved["undo_request"] is None and moved["undo_last"]["result"] == "cancelled"


def test_undo_is_refused_once_hidden_information_was_revealed_or_another_player_acted(client):
    gid, tokens = create(client, seats=(HUMAN, HUMAN))
    assert undo(client, gid, tokens[1], 409)["code"] == "server.err.undo_nothing"
    play_first(client, gid, tokens[0])  # place
    ended = play_first(client, gid, tokens[0])  # follower or pass: seat 1 draws the next tile
    assert ended["to_play"] == 1
    err = undo(client, gid, tokens[0], 409)
    assert err["code"] == "server.err.undo_hidden" and "hidden information" in err["detail"]
    play_first(client, gid, tokens[1])
    assert undo(client, gid, tokens[0], 409)["code"] == "server.err.undo_other_player"
    assert row(client, gid)["version"] == 3


# ---- replay -------------------------------------------------------------------------------------
def test_replay_of_a_finished_game_shows_public_parts_only(client):
    gid, tokens = create(client, seats=(HUMAN, bot()), seed=2)
    r = client.get(f"/api/games/{gid}/replay")
    assert r.status_code == 409 and r.json()["code"] == "server.err.not_finished"
    while True:
        v = wait_for(lambda: (x := view(client, gid, tokens[0]))["to_play"] in (0, None) and x, timeout=60,
                     what="the human's turn")
        if v["is_over"]:
            break
        act(client, gid, tokens[0], v["legal_actions"][-1]["id"])
    rep = client.get(f"/api/games/{gid}/replay", params={"lang": "zh-Hans"}).json()
    final = view(client, gid, lang="zh-Hans")
    assert len(rep["steps"]) == final["version"] + 1 == rep["version"] + 1
    assert rep["steps"][0]["seat"] is None and [s["n"] for s in rep["steps"]] == list(range(len(rep["steps"])))
    assert [s["seat"] for s in rep["steps"][1:]] == [s for s, _ in row(client, gid)["log"]]
    events = [e for s in rep["steps"] for e in s["events"]]
    assert events == final["log"]
    for step in rep["steps"]:
        assert "log" not in step["view"] and "action" not in step and step["view"]["seat"] is None
        assert step["view"]["deck"]["hidden"] is True
        assert_no_leak(step["view"])
    assert rep["steps"][-1]["view"]["scores"] == final["scores"]


# ---- restarts -----------------------------------------------------------------------------------
def test_a_new_server_on_the_same_database_resumes_every_game(db_url):
    with TestClient(create_app(db_url)) as c1:
        gid, tokens = create(c1, game="greatwall", seats=(HUMAN, HUMAN), seed=12)
        for _ in range(5):
            v = view(c1, gid, tokens[0])
            seat = v["to_play"]
            act(c1, gid, tokens[seat], view(c1, gid, tokens[seat])["legal_actions"][0]["id"])
        before = [view(c1, gid, tokens[0]), view(c1, gid, tokens[1]), view(c1, gid)]
        c1.app.state.tables.bots.kick = lambda game_id: None  # this server's bots are gone
        bots_gid, _ = create(c1, seats=(bot(), bot("greedy")), seed=3)
    with TestClient(create_app(db_url)) as c2:
        assert [view(c2, gid, tokens[0]), view(c2, gid, tokens[1]), view(c2, gid)] == before
        done = wait_for(lambda: (v := view(c2, bots_gid))["is_over"] and v, timeout=120,
                        what="the bots to resume")
        assert done["status"] == "finished"
        seat = before[0]["to_play"]
        nxt = act(c2, gid, tokens[seat], view(c2, gid, tokens[seat])["legal_actions"][0]["id"])
        assert nxt["version"] == 6


def test_the_lobby_page_is_served(client):
    for path in ("/", "/play/abc", "/replay/abc"):
        page = client.get(path)
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert '<script type="module" src="/static/app.js">' in page.text


def test_a_tampered_row_is_refused_not_served(db_url):
    with TestClient(create_app(db_url)) as c:
        gid, tokens = create(c)
        play_first(c, gid, tokens[0])
    store = Store(db_url)
    try:
        assert store.update(gid, store.get(gid)["revision"], state_hash="0" * 32)
    finally:
        store.dispose()
    with TestClient(create_app(db_url)) as c:
        r = c.get(f"/api/games/{gid}", params={"token": tokens[0]})
        assert r.status_code == 500 and r.json()["code"] == "server.err.corrupt"
        r = c.post(f"/api/games/{gid}/actions", json={"token": tokens[0], "action": "pass"})
        assert r.status_code == 500
