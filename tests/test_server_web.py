"""The endpoints the browser client uses besides the game API (docs/web-api.md, "Client
endpoints"): lobby metadata, board pictures from a seat's view, replay pictures, rule texts,
tile pictures, and the pages themselves."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import boardlab

from boardlab.core.game import new_game
from boardlab.games.greatwall.view import CARDS
from server_helpers import need_web, wait_for

need_web()

from fastapi.testclient import TestClient  # noqa: E402

from boardlab.server.app import create_app  # noqa: E402

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "agent": "random"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")) as c:
        yield c


def create(client, game="carcassonne", seats=(HUMAN, BOT), seed=3, options=None):
    r = client.post("/api/games", json={"game": game, "players": len(seats), "seats": list(seats), "seed": seed,
                                        "options": options or {}})
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], {s["seat"]: s["token"] for s in data["seats"]}


def svg(response) -> ET.Element:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("image/svg+xml")
    return ET.fromstring(response.text)


def test_meta_lists_games_options_agents_and_decisions(client):
    meta = client.get("/api/meta", params={"lang": "zh-Hant"}).json()
    assert meta["langs"] == ["en", "zh-Hant", "zh-Hans"] and "random" in meta["agents"]
    games = {g["name"]: g for g in meta["games"]}
    assert games["carcassonne"]["title"] == "卡卡頌" and games["greatwall"]["max_players"] == 5
    assert games["carcassonne"]["decisions"]["place"] == "放置版圖"
    r = client.get("/api/meta", params={"lang": "fr"})
    assert r.status_code == 422 and r.json()["code"] == "err.unknown_lang"


def test_meta_gives_each_game_what_it_registered(client):
    """Title, players, seat colours, assets, whether it has a board and its option schema: all
    from the registry (the toy game `pairs` included, which the client has never heard of)."""
    from boardlab.core.registry import available_games, info

    games = {g["name"]: g for g in client.get("/api/meta").json()["games"]}
    assert set(games) == set(available_games()) and "pairs" in games
    for name, g in games.items():
        game = info(name)
        assert g["seat_colours"] == list(game.seat_colours)
        assert g["board"] == (game.renderer is not None) and g["assets"] == sorted(game.assets)
        assert g["option_schema"] == boardlab.option_schema(name)
        assert (g["min_players"], g["max_players"]) == (game.ruleset.min_players, game.ruleset.max_players)
        assert "options" not in g  # the lobby builds its form from the schema
    assert games["pairs"]["board"] is False and games["pairs"]["seat_colours"] == ["#aa0000", "#0000aa", "#00aa00"]
    assert games["carcassonne"]["assets"] == ["tile"]
    props = games["carcassonne"]["option_schema"]["properties"]
    assert props["base_sets"]["x-texts"]["title"]["zh-Hant"] == "基本版圖套數"
    assert props["wonders"]["x-requires"] == {"expansions": "wonders"}
    assert props["wonders"]["x-value-texts"]["notre_dame"]["en"] == "Notre-Dame"
    assert games["pairs"]["option_schema"]["properties"]["colours"]["x-per-seat"] is True


def test_a_game_that_fails_to_load_is_left_out_of_the_lobby(client, monkeypatch):
    from boardlab.core import registry

    monkeypatch.setattr(registry, "_EXTRA", {**registry._EXTRA, "broken": "no_such_package_anywhere"})
    monkeypatch.setattr(registry, "_PACKAGES", None)
    games = [g["name"] for g in client.get("/api/meta").json()["games"]]
    assert "broken" not in games and "pairs" in games and "carcassonne" in games


def test_a_game_without_a_renderer_has_no_board_picture(client):
    gid, tokens = create(client, "pairs", seats=(HUMAN, HUMAN))
    r = client.get(f"/api/games/{gid}/board.svg", params={"token": tokens[0], "lang": "zh-Hant"})
    assert r.status_code == 404 and r.json()["code"] == "server.err.no_board" and "pairs" in r.json()["detail"]
    assert "棋盤" in r.json()["detail"]
    assert client.get(f"/api/games/{gid}", params={"token": tokens[0]}).json()["legal_actions"]


def test_board_svg_is_drawn_from_the_seats_view(client):
    gid, tokens = create(client)
    root = svg(client.get(f"/api/games/{gid}/board.svg", params={"token": tokens[0]}))
    legal = [e for e in root.iter() if "data-action" in e.attrib]
    view = client.get(f"/api/games/{gid}", params={"token": tokens[0]}).json()
    assert {a for e in legal for a in e.get("data-actions", e.get("data-action")).split()} == \
        {a["id"] for a in view["legal_actions"]}
    spectator = svg(client.get(f"/api/games/{gid}/board.svg"))
    assert not [e for e in spectator.iter() if "data-action" in e.attrib]  # nothing to click for a spectator
    r = client.get(f"/api/games/{gid}/board.svg", params={"token": "wrong"})
    assert r.status_code == 403 and r.json()["code"] == "server.err.token"
    assert client.get("/api/games/nope/board.svg").status_code == 404


def test_a_follower_is_placed_by_clicking_a_ring_on_the_new_tile(client):
    gid, tokens = create(client)
    view = client.get(f"/api/games/{gid}", params={"token": tokens[0]}).json()
    r = client.post(f"/api/games/{gid}/actions", json={"token": tokens[0], "action": view["legal_actions"][0]["id"]})
    view = r.json()
    assert view["decision"] == "meeple"
    root = svg(client.get(f"/api/games/{gid}/board.svg", params={"token": tokens[0]}))
    rings = {e.get("data-action") for e in root.iter() if "meeple-option" in e.get("class", "")}
    assert rings == {a["id"] for a in view["legal_actions"] if a["id"].startswith("meeple:")}


def test_greatwall_board_shows_only_what_the_seat_may_see(client):
    gid, tokens = create(client, "greatwall", seats=(HUMAN, HUMAN), seed=5)
    own = client.get(f"/api/games/{gid}", params={"token": tokens[0]}).json()
    theirs = client.get(f"/api/games/{gid}", params={"token": tokens[1]}).json()
    my_cards = set(own["players"][0]["advisors"]) | set(own["players"][0]["general_offer"])
    their_cards = set(theirs["players"][1]["advisors"]) | set(theirs["players"][1]["general_offer"])
    secret = their_cards - my_cards
    assert secret
    text = client.get(f"/api/games/{gid}/board.svg", params={"token": tokens[0]}).text
    root = ET.fromstring(text)
    hand = {e.get("data-hand-card") for e in root.iter() if "data-hand-card" in e.attrib}
    assert hand == my_cards
    for card in secret:  # neither its id nor its name appears
        assert card not in text and CARDS[card].names.en not in text
    spectator = ET.fromstring(client.get(f"/api/games/{gid}/board.svg").text)
    assert not [e for e in spectator.iter() if e.get("data-layer") == "hand"]


def test_replay_boards_step_through_a_finished_game(client):
    gid, _ = create(client, seats=(BOT, BOT), seed=11)
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["is_over"], timeout=120, what="the bots to finish")
    replay = client.get(f"/api/games/{gid}/replay").json()
    last = len(replay["steps"]) - 1
    first = svg(client.get(f"/api/games/{gid}/replay/0/board.svg", params={"lang": "zh-Hans"}))
    end = svg(client.get(f"/api/games/{gid}/replay/{last}/board.svg"))
    tiles = lambda root: [e for e in root.iter() if "data-tile" in e.attrib]  # noqa: E731
    assert len(tiles(first)) == 1 and len(tiles(end)) == len(replay["steps"][last]["view"]["tiles"])
    r = client.get(f"/api/games/{gid}/replay/{last + 1}/board.svg", params={"lang": "zh-Hant"})
    assert r.status_code == 404 and r.json()["code"] == "server.err.no_step" and "重播" in r.json()["detail"]


def test_replay_board_waits_for_the_end(client):
    gid, _ = create(client, seats=(HUMAN, HUMAN))
    r = client.get(f"/api/games/{gid}/replay/0/board.svg")
    assert r.status_code == 409 and r.json()["code"] == "server.err.not_finished"


def test_rule_texts_and_tiles(client):
    r = client.get("/api/rules/carcassonne/CB-04", params={"lang": "zh-Hans"})
    assert r.status_code == 200 and r.json()["id"] == "CB-04" and r.json()["text"]
    assert client.get("/api/rules/carcassonne/NOPE").json()["code"] == "server.err.no_rule"
    assert client.get("/api/rules/chess/CB-04").status_code == 404
    root = svg(client.get("/api/assets/carcassonne/tile/D", params={"rotation": 1}))
    assert root.get("data-tile") == "D" and root.get("data-rotation") == "1"
    # `lang` words errors only; it is not passed to the asset
    root = svg(client.get("/api/assets/carcassonne/tile/D", params={"rotation": 3, "lang": "zh-Hant"}))
    assert root.get("data-rotation") == "3"


def asset_error(client, path, status, code, params=None, lang="en") -> str:
    r = client.get(path, params=[*(params or []), ("lang", lang)])
    assert r.status_code == status, (path, params, r.text)
    body = r.json()
    assert body["code"] == code, body
    assert "\n" not in body["detail"] and "Cache-Control" not in r.headers
    return body["detail"]


def test_bad_asset_requests_say_what_was_wrong(client):
    tile = "/api/assets/carcassonne/tile/D"
    text = asset_error(client, "/api/assets/chess/tile/D", 404, "server.err.no_game")
    assert "'chess'" in text and "carcassonne" in text  # the games there are
    text = asset_error(client, "/api/assets/carcassonne/nothing/D", 404, "server.err.no_asset_kind")
    assert "'nothing'" in text and "tile" in text
    assert "pairs" in asset_error(client, "/api/assets/pairs/tile/D", 404, "server.err.no_asset_kind")
    text = asset_error(client, "/api/assets/carcassonne/tile/Z", 404, "server.err.asset_refused")
    assert "tile/Z" in text and "A-X" in text  # the game's reason
    for key in ("D" * 65, "D%20E", "D;x", "%C3%A9"):
        assert "64" in asset_error(client, f"/api/assets/carcassonne/tile/{key}", 422, "server.err.asset_key")
    text = asset_error(client, tile, 404, "server.err.asset_refused", [("rotation", "4")])
    assert "tile/D?rotation=4" in text and "0-3" in text
    assert "rotation=x" in asset_error(client, tile, 404, "server.err.asset_refused", [("rotation", "x")])
    text = asset_error(client, tile, 422, "server.err.asset_params", [(f"p{i}", "1") for i in range(5)])
    assert "at most 4" in text and "got 5" in text
    text = asset_error(client, tile, 422, "server.err.asset_params", [("rotation", "1"), ("rotation", "2")])
    assert "'rotation'" in text and "more than once" in text
    text = asset_error(client, tile, 422, "server.err.asset_params", [("rotation", "1" * 65)])
    assert "'rotation'" in text and "64" in text
    text = asset_error(client, tile, 422, "server.err.asset_params", [("r" * 100, "1")])
    assert "64" in text
    text = asset_error(client, tile, 422, "server.err.asset_params", [("rotation", "1"), ("rotation", "9")],
                       lang="zh-Hant")
    assert "查詢參數" in text and "'rotation'" in text
    text = asset_error(client, tile, 404, "server.err.asset_refused", [("rotation", "9")], lang="zh-Hant")
    assert "沒有圖片" in text and "rotation=9" in text


def test_pages_and_static_files(client):
    for path in ("/", "/play/abc", "/replay/abc"):
        page = client.get(path)
        assert page.status_code == 200 and 'src="/static/app.js"' in page.text
    strings = client.get("/static/i18n.json").json()
    assert set(strings) == {"en", "zh-Hant", "zh-Hans"}
    assert all(set(strings[lang]) == set(strings["en"]) for lang in strings)  # every string in every language
    assert not [k for k in strings["en"] if k.startswith(("opt.", "val."))]  # option texts come from the schemas
    for name in ("app.js", "core.js", "lobby.js", "options.js", "table.js", "replay.js", "log.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200, name


def test_every_greatwall_decision_renders(client):
    """Random play through a few hundred decisions: every view draws, its legal ids on it are legal."""
    import random

    from boardlab.games.greatwall.render import render_board

    game = new_game("greatwall", 3, 2, {})
    rng = random.Random(4)
    for _ in range(300):
        if game.is_over:
            break
        view = game.view(game.to_play, "en")
        legal = [a["id"] for a in view["legal_actions"]]
        root = ET.fromstring(render_board(view, "en", legal=legal))
        shown = {a for e in root.iter() if "data-actions" in e.attrib for a in e.get("data-actions").split()}
        assert shown <= set(legal)
        game.apply(rng.choice(legal))


@pytest.mark.parametrize("lang, turned", [("en", "turned {deg}°"), ("zh-Hant", "旋轉 {deg}°"), ("zh-Hans", "旋转 {deg}°")])
def test_an_option_and_its_log_line_word_the_turn_alike(client, lang, turned):
    """The option button and the log line of the same placement say the tile's turn the same way (both in
    degrees: not "turned 90°" on the button and "turned 1 quarter(s)" in the log), in every language."""
    game_id, tokens = create(client, seats=(HUMAN, HUMAN))
    view = client.get(f"/api/games/{game_id}", params={"token": tokens[0], "lang": lang}).json()
    turning = [a for a in view["legal_actions"] if a["id"].startswith("place:") and not a["id"].endswith(",0")]
    action = turning[0]
    deg = int(action["id"].rsplit(",", 1)[1]) * 90
    assert turned.format(deg=deg) in action["text"]
    after = client.post(f"/api/games/{game_id}/actions", params={"lang": lang},
                        json={"token": tokens[0], "action": action["id"]}).json()
    line = next(e["text"] for e in reversed(after["log"]) if e["key"] == "ev.place")
    assert turned.format(deg=deg) in line
    wording = action["text"].split(turned.format(deg=deg))[0][-12:]  # what precedes it: the same place
    assert wording.strip()[-6:] in line


def test_greatwall_board_shows_the_numbers_of_cards_slots_and_locations(client):
    from boardlab.games.greatwall.data_tables import COMMANDS, HORDES, TACTICS
    game = new_game("greatwall", 2, 3)
    while not game.view(0)["hordes"] or not game.view(0)["players"][0]["commands"]:
        game.apply(game.legal_action_ids()[0])
    from boardlab.games.greatwall.render import render_board
    root = ET.fromstring(render_board(game.view(0, "en"), "en", game.legal_action_ids() if game.to_play == 0 else []))
    for horde in root.iter():
        card = horde.get("data-horde")
        if not card:
            continue
        spec = HORDES[card]
        assert (horde.get("data-breach"), horde.get("data-kill")) == (str(spec.breach), str(spec.kill))
        words = " ".join(t.text or "" for t in horde.iter("{http://www.w3.org/2000/svg}text"))
        assert f"Breach {spec.breach} · Kill {spec.kill}" in words
        assert f"Victory ★{spec.victory_honor} · End ★{spec.end_honor}" in words
        rewarded = [s for s in horde.iter() if s.get("data-slot") is not None and s.get("data-reward")]
        assert len(rewarded) == sum(1 for s in spec.slots if s.reward)
    hand = next(e for e in root.iter() if e.get("data-layer") == "hand")
    cards = [e for e in hand.iter() if e.get("data-hand-card")]
    shown = {e.get("data-hand-card"): [t.text for t in e.iter("{http://www.w3.org/2000/svg}text")
                                       if t.get("data-card-numbers")] for e in cards}
    commands = [c for c in shown if c in COMMANDS]
    assert commands
    for c in commands:
        top, bottom = shown[c]
        assert top.startswith("▲ ") and bottom.startswith("▼ ")
        clerks = next(e["move_clerks"] for e in COMMANDS[c].top if "move_clerks" in e)
        assert f"{clerks} Clerks" in top
    for c in (c for c in shown if c in TACTICS):
        assert f"{TACTICS[c].chi} Chi:" in shown[c][1]
    quarry = next(e for e in root.iter() if e.get("data-location") == "quarry")
    assert any(t.get("data-yield") == "stone" and t.text.startswith("+1 Stone per Clerk")
               for t in quarry.iter("{http://www.w3.org/2000/svg}text"))
