"""Carcassonne in the terminal (issue 16): the map drawn from a seat's view, the tile in hand in each
offered turn, followers by kind and colour, wonders by their shape, option numbers where the tile
fits, cropping to 80 x 24, fields named by where they lie, and why an action is not offered."""
from __future__ import annotations

import random

import pytest
from rich.console import Console

import boardlab
from boardlab.core.errors import IllegalAction
from boardlab.core.i18n import LANGS
from boardlab.games.carcassonne.content import FIELD, LETTERS, TILE_PIECES, field_direction
from boardlab.games.carcassonne.render import colour
from boardlab.games.carcassonne.text import CELL_H, CELL_W, KIND_LETTER, wonder_code
from carcassonne_helpers import new_game, turn

RULES = boardlab.core.registry.ruleset("carcassonne")


def play(seed: int, players: int = 2, options: dict | None = None, moves: int = 10_000):
    game = boardlab.new_game("carcassonne", players, seed=seed, options=options or {})
    rng = random.Random(seed)
    while not game.is_over and len(game.log) < moves:
        game.apply(rng.choice(game.legal_action_ids()))
    return game


def lines(text) -> list[str]:
    return str(text).splitlines()


def map_rows(text) -> list[str]:
    """The map part of a picture: its lines before the tile in hand, the seats and the legends."""
    out = []
    for line in lines(text):
        if line.startswith(("(", "Tile in hand", "Seat ", "Wonders", "#", "Followers")):
            break
        out.append(line)
    return out


def cell(rows: list[str], xs: list[int], ys: list[int], x: int, y: int) -> list[str]:
    """The 3 lines of 5 characters of cell (x, y) in a drawn map (x axis on the first row)."""
    top = 1 + (max(ys) - y) * CELL_H
    left = 4 + (x - min(xs)) * CELL_W
    return [rows[top + r][left:left + CELL_W].ljust(CELL_W) for r in range(CELL_H)]


def axes(rows: list[str]) -> tuple[list[int], list[int]]:
    xs = [int(v) for v in rows[0].split()]
    ys = [int(rows[1 + r * CELL_H + 1][:3]) for r in range((len(rows) - 1) // CELL_H)]
    return xs, ys


@pytest.mark.rule("CB-01", "CB-04")
def test_the_start_tile_and_the_options_placing_the_tile_in_hand():
    g = new_game(2, ["U"])
    view = g.view(0)
    rows = map_rows(RULES.render_text(view, "en"))
    xs, ys = axes(rows)
    assert cell(rows, xs, ys, 0, 0) == [".###.", "-----", "....."]  # D: city north, road west-east
    numbers = {}
    for n, a in enumerate(view["legal_actions"], 1):
        x, y, _ = (int(v) for v in a["id"][len("place:"):].split(","))
        numbers.setdefault((x, y), []).append(n)
    for (x, y), ns in numbers.items():
        shown = cell(rows, xs, ys, x, y)[1].strip()
        assert shown == (str(ns[0]) if len(ns) == 1 else f"{ns[0]}-{ns[-1]}"), (x, y, shown)


@pytest.mark.rule("CB-04")
def test_the_tile_in_hand_is_drawn_in_each_offered_turn():
    """V is a road from the west bending south: turned R quarter turns clockwise, its road leaves by
    the sides W and S turned R times."""
    g = new_game(2, ["V"])
    text = lines(RULES.render_text(g.view(0), "en"))
    turns = sorted({int(a.rsplit(",", 1)[1]) for a in g.legal_action_ids()})
    at = next(i for i, line in enumerate(text) if line.startswith("Tile in hand: V"))
    assert text[at + 1].split() == [f"{r * 90}°" for r in turns]
    side_at = {"N": (0, 2), "E": (1, 4), "S": (2, 2), "W": (1, 0)}
    for k, r in enumerate(turns):
        picture = [text[at + 2 + row][3 + k * 9:3 + k * 9 + CELL_W] for row in range(CELL_H)]
        roads = {"NESW"[("NESW".index(s) + r) % 4] for s in "WS"}
        for side, (row, col) in side_at.items():
            assert (picture[row][col] in "-|") == (side in roads), (r, side, picture)


def test_followers_are_drawn_by_kind_in_their_seats_colour():
    g = play(3, moves=60)
    view = g.view(None)
    text = RULES.render_map(view, "en")
    rows = map_rows(text)
    xs, ys = axes(rows)
    assert view["meeples"]
    for m in view["meeples"]:
        assert KIND_LETTER[m["kind"]] in "".join(cell(rows, xs, ys, m["x"], m["y"]))
    styled = {str(span.style) for span in text.spans}
    for seat in {m["seat"] for m in view["meeples"]}:
        assert any(colour(seat) in s for s in styled)
        assert f"Seat {seat}:" in str(text)


def test_a_late_game_fits_80_by_24_and_map_draws_it_whole():
    g = play(5, players=4)  # to the end: every tile placed
    view = g.view(None)
    cropped, whole = RULES.render_text(view, "en"), RULES.render_map(view, "en")
    assert len(view["tiles"]) > 60
    assert all(Console(width=80).measure(line).maximum <= 80 for line in lines(cropped))
    assert len(map_rows(cropped)) <= 24 and "`map` draws it all" in str(cropped)
    rows = map_rows(whole)
    xs, ys = axes(rows)
    assert len(xs) >= max(t["x"] for t in view["tiles"]) - min(t["x"] for t in view["tiles"]) + 1
    for t in view["tiles"]:
        assert cell(rows, xs, ys, t["x"], t["y"]) != [" " * CELL_W] * CELL_H


def test_the_crop_keeps_the_last_tile_and_shows_options():
    g = play(7, moves=90)
    while g.decision != "place":
        g.apply(g.legal_action_ids()[-1])
    view = g.view(g.to_play)
    rows = map_rows(RULES.render_text(view, "en"))
    xs, ys = axes(rows)
    last = tuple(view["last_placed"][0])
    assert min(xs) <= last[0] <= max(xs) and min(ys) <= last[1] <= max(ys)
    assert any(ch.isdigit() for row in rows[1:] for ch in row[4:])


@pytest.mark.rule("CW-08", "CW-53")
def test_wonders_are_drawn_by_their_shape_with_their_code():
    for seed in range(40):
        g = play(seed, options={"expansions": ["wonders"]})
        placed = g.view(None)["wonders_placed"]
        if placed:
            break
    else:
        pytest.skip("no random game placed a wonder")
    view = g.view(None)
    text = RULES.render_map(view, "en")
    rows = map_rows(text)
    xs, ys = axes(rows)
    from boardlab.games.carcassonne.content import WONDER_PIECES
    for w in placed:
        piece = WONDER_PIECES[w["wonder"]][w["rotation"]]
        cells = ["".join(cell(rows, xs, ys, w["x"] + dx, w["y"] + dy)) for dx, dy in piece.offsets]
        assert all("%" in c or wonder_code(w["wonder"]) in c for c in cells)
        cx, cy = piece.offsets[piece.centre]
        assert wonder_code(w["wonder"]) in cell(rows, xs, ys, w["x"] + cx, w["y"] + cy)[1]
        assert f"{wonder_code(w['wonder'])} on the map: Seat {w['owner']}" in str(text)


def test_at_a_follower_decision_the_options_stand_on_the_new_tiles_features():
    g = new_game(2, ["W"])
    g.apply("place:1,0,0")  # W: three roads meeting, three fields
    view = g.view(0)
    rows = map_rows(RULES.render_text(view, "en"))
    xs, ys = axes(rows)
    drawn = "".join(cell(rows, xs, ys, 1, 0))
    for n, a in enumerate(view["legal_actions"], 1):
        assert (str(n) in drawn) == (a["id"] != "pass")


@pytest.mark.parametrize("lang", LANGS)
def test_the_legends_are_in_every_language(lang):
    text = str(RULES.render_text(new_game(2, ["U"]).view(0), lang))
    for key in ("txt.legend", "txt.legend.followers"):
        assert RULES.catalogue.text(key, lang) in text


def test_every_field_of_every_tile_is_named_by_where_it_lies_and_the_names_differ():
    for t, pieces in enumerate(TILE_PIECES):
        for r, piece in enumerate(pieces):
            labels = [s.label for s in piece.segs if s.kind == FIELD]
            names = {lang: [RULES.feature_name(label, lang) for label in labels] for lang in LANGS}
            for lang in LANGS:
                assert len(set(names[lang])) == len(labels), (LETTERS[t], r, names[lang])
                assert not any(h in n for n in names[lang] for h in ("EN", "WS", "NW,"))
    assert field_direction(["EN", "WN"]) == "N" and field_direction(["ES", "SE"]) == "corner_SE"


def test_events_name_turns_in_degrees_as_the_options_do():
    g = new_game(2, ["V"])
    action = next(a for a in g.legal_action_ids() if a.endswith(",1"))
    option = g.describe_action(action)
    g.apply(action)
    placed = g.view(0)["log"][-1]["text"]
    assert "turned 90°" in option and "turned 90°" in placed and "quarter" not in placed


# ---- why an action is not offered ------------------------------------------------------------------------
@pytest.mark.rule("CB-04")
@pytest.mark.parametrize("action,words", [
    ("place:5,5,0", "has no tile next to it"), ("place:0,0,0", "already lies at (0, 0)"),
    ("place:0,1,0", "on its south edge where its neighbour has city"), ("place:0,1,7", "0 to 3 quarter turns"),
    ("place:9999,0,0", "beyond the edge"),
])
def test_an_illegal_placement_says_why(action, words):
    g = new_game(2, ["U"])
    with pytest.raises(IllegalAction, match="CB-04") as caught:
        g.apply(action)
    assert words in str(caught.value)
    for lang in LANGS:
        assert "CB-04" in caught.value.text(lang)
    assert g.log == []


@pytest.mark.rule("CB-06")
def test_an_occupied_feature_is_not_offered_and_why_says_so():
    """    U0  D0  U0      seat 0's thief on the road at (1,0); seat 1 extends the road west."""
    g = new_game(2, ["U", "U"])
    turn(g, "place:1,0,0", "meeple:road:E,W")
    g.apply("place:-1,0,0")
    assert "meeple:road:E,W" not in g.legal_action_ids()
    missing = g.why_missing()
    assert missing == ["the road (east, west) is not offered: Seat 0 already has a follower on it (CB-06)"]
    assert all("CB-06" in line for lang in LANGS for line in g.why_missing(lang))
    with pytest.raises(IllegalAction, match="Seat 0 already has a follower on it"):
        g.apply("meeple:road:E,W")


@pytest.mark.rule("CW-46", "CW-40")
def test_the_wonder_pick_is_put_to_the_seat_that_picks_with_each_wonder_described():
    """Seat 0's tile closes the city of seat 1's and seat 2's knights; seat 0 lets seat 2 pick."""
    g = new_game(3, ["U", "N", "K", "N"], wonders=["notre_dame", "alhambra", "stonehenge"])
    turn(g, "place:-1,0,0")
    turn(g, "place:0,1,2", "meeple:city:E,S")
    turn(g, "place:1,0,0", "meeple:city:N")
    g.state.score[1] = g.state.score[2] = 2
    turn(g, "place:1,1,3")
    g.apply("claimant:2")
    assert g.view(0)["legal_actions"] == [] and g.view(1)["legal_actions"] == []
    picks = {a["id"]: a["text"] for a in g.view(2)["legal_actions"]}
    assert picks["pick:notre_dame"] == ("Take Notre-Dame: 3 points per follower you put next to a monastery "
                                       "(CW-63)")
    assert "4 points per farmer" in picks["pick:alhambra"] and "(CW-66)" in picks["pick:stonehenge"]
    board = str(RULES.render_text(g.view(2), "en"))
    assert "Wonders: the pairs of seats 0, 1 wait at 15 points; offered:" in board  # seat 2 took its pair
    for lang in LANGS:
        assert all("CW-" in a["text"] for a in g.view(2, lang)["legal_actions"])
