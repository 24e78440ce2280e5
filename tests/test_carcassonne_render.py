"""The Carcassonne SVG renderer: parsed with ElementTree, checked against the view and content."""
from __future__ import annotations

import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import boardlab
from boardlab.games.carcassonne.content import (CITY, KIND_NAMES, LETTERS, MONASTERY, ROAD, SIDES, TILE_INDEX,
                                                TILE_PIECES, WONDER_ORDER, WONDER_PIECES, WONDERS)
from boardlab.games.carcassonne.render import PLAYER_COLOURS, U, render_board, render_tile

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
WONDERS_OPT = {"expansions": ["wonders"]}
SIDE_MIDS = {"N": (U / 2, 0), "E": (U, U / 2), "S": (U / 2, U), "W": (0, U / 2)}
INWARD = {"N": (0, 1), "E": (-1, 0), "S": (0, -1), "W": (1, 0)}


# ---- helpers ----------------------------------------------------------------------------------

def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    return root


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if f"data-{name}" in e.attrib]


def layer(root: ET.Element, name: str) -> ET.Element:
    (found,) = [e for e in root.iter() if e.get("data-layer") == name]
    return found


def points(poly: ET.Element) -> list[tuple[float, float]]:
    return [tuple(float(v) for v in p.split(",")) for p in poly.get("points").split()]


def inside(p, poly) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def translate(e: ET.Element) -> tuple[float, float]:
    m = re.search(r"translate\(([-\d.]+),([-\d.]+)\)", e.get("transform", ""))
    assert m, e.attrib
    return float(m.group(1)), float(m.group(2))


def play(seed: int, players: int, options: dict | None = None, stop=None):
    """Random legal play until `stop(game, moves)` is true or the game ends."""
    game = boardlab.new_game("carcassonne", players, seed=seed, options=options or {})
    rng = random.Random(seed)
    moves = 0
    while not game.is_over and not (stop and stop(game, moves)):
        game.apply(rng.choice(game.legal_action_ids()))
        moves += 1
    return game


def first_wonder_game(players: int = 4, at_decision: str | None = None):
    """The first seed whose random game places a wonder (or reaches `at_decision`)."""
    for seed in range(60):
        if at_decision:
            game = play(seed, players, WONDERS_OPT, stop=lambda g, _: g.decision == at_decision)
            if game.decision == at_decision:
                return game
        else:
            game = play(seed, players, WONDERS_OPT)
            if game.view(None)["wonders_placed"]:
                return game
    pytest.skip("no random game placed a wonder")


# ---- tiles ------------------------------------------------------------------------------------

def test_one_tile_element_per_placed_tile():
    game = play(3, 2, stop=lambda g, n: n >= 40)
    view = game.view(None)
    root = parse(render_board(view))
    tiles = with_attr(layer(root, "tiles"), "tile")
    assert len(tiles) == len(view["tiles"]) > 10
    got = {(e.get("data-tile"), int(e.get("data-x")), int(e.get("data-y")), int(e.get("data-rotation")))
           for e in tiles}
    assert got == {(t["tile"], t["x"], t["y"], t["rotation"]) for t in view["tiles"]}
    for e in tiles:  # x grows east, y grows north: SVG y is -y
        assert translate(e) == (int(e.get("data-x")) * U, -int(e.get("data-y")) * U)


def test_north_is_up():
    view = {"tiles": [{"tile": "D", "x": 0, "y": 0, "rotation": 0}, {"tile": "E", "x": 0, "y": 1, "rotation": 2}],
            "wonders_placed": [], "meeples": []}
    root = parse(render_board(view))
    by_y = {int(e.get("data-y")): translate(e)[1] for e in with_attr(root, "tile")}
    assert by_y[1] < by_y[0]


def test_city_on_tile_c_covers_all_four_sides():
    root = parse(render_tile("C"))
    (city,) = [e for e in with_attr(root, "feature") if e.get("data-feature").startswith("city")]
    pts = points(city)
    assert any(x == 0 for x, _ in pts) and any(x == U for x, _ in pts)
    assert any(y == 0 for _, y in pts) and any(y == U for _, y in pts)
    for s in SIDES:
        assert inside(inward(s, 3), pts)
    assert with_attr(root, "pennant")


def inward(side: str, depth: float, along: float = 0.0) -> tuple[float, float]:
    (mx, my), (dx, dy) = SIDE_MIDS[side], INWARD[side]
    return mx + dx * depth + dy * along, my + dy * depth + dx * along


@pytest.mark.parametrize("letter", LETTERS)
def test_every_tile_draws_its_features_on_the_right_sides(letter):
    for rot in range(4):
        piece = TILE_PIECES[TILE_INDEX[letter]][rot]
        root = parse(render_tile(letter, rot))
        assert root.get("data-tile") == letter and root.get("data-rotation") == str(rot)
        features = {e.get("data-feature"): e for e in with_attr(root, "feature")}
        cities = [s for s in piece.segs if s.kind == CITY]
        roads = [s for s in piece.segs if s.kind == ROAD]
        assert sum(1 for k in features if k.startswith("city:")) == len(cities)
        assert sum(1 for k in features if k.startswith("road:")) == len(roads)
        assert ("monastery" in features) == any(s.kind == MONASTERY for s in piece.segs)
        assert len(with_attr(root, "pennant")) == sum(s.pennants for s in cities)
        for seg in cities:
            city_sides = seg.label.split(":")[1].split(",")
            poly = points(features[seg.label])
            for s in SIDES:  # the city reaches its sides, and only those
                assert inside(inward(s, 3), poly) == (s in city_sides), (letter, rot, seg.label, s)
        for seg in roads:
            path = features[seg.label].find("{http://www.w3.org/2000/svg}path").get("d")
            nums = [tuple(float(v) for v in p.split(",")) for p in re.findall(r"[-\d.]+,[-\d.]+", path)]
            for s in seg.label.split(":")[1].split(","):
                assert SIDE_MIDS[s] in nums, (letter, rot, seg.label)


def test_separate_cities_on_one_tile_stay_apart():
    root = parse(render_tile("I"))
    polys = [points(e) for e in with_attr(root, "feature") if e.get("data-feature").startswith("city")]
    assert len(polys) == 2
    for a, b in ((0, 1), (1, 0)):
        assert not any(inside(p, polys[b]) for p in polys[a])


def test_render_tile_size_and_unknown_letter():
    root = parse(render_tile("A", 5, size=120))
    assert root.get("width") == "120" and root.get("data-rotation") == "1"
    with pytest.raises(ValueError):
        render_tile("Z")


# ---- meeples ----------------------------------------------------------------------------------

def test_meeples_match_the_view():
    game = play(9, 4, stop=lambda g, n: n >= 80)
    view = game.view(None)
    root = parse(render_board(view))
    meeples = with_attr(root, "meeple")
    assert len(meeples) == len(view["meeples"]) > 0
    got = sorted((int(e.get("data-seat")), e.get("fill"), int(e.get("data-x")), int(e.get("data-y")),
                  e.get("data-feature")) for e in meeples)
    assert got == sorted((m["seat"], PLAYER_COLOURS[m["seat"]], m["x"], m["y"], m["feature"]) for m in view["meeples"])
    for e in meeples:
        x, y = translate(e)
        cx, cy = int(e.get("data-x")), int(e.get("data-y"))
        assert cx * U <= x <= (cx + 1) * U and -cy * U <= y <= -cy * U + U  # inside its cell
        assert ("rotate" in e.get("transform")) == (e.get("data-kind") == "field")  # farmers lie down


def test_palette_has_five_distinct_colours():
    assert len(set(PLAYER_COLOURS)) == 5


# ---- legal placements ---------------------------------------------------------------------------

def test_legal_placements_are_clickable_elements():
    game = play(5, 3, stop=lambda g, n: n >= 20 and g.decision == "place")
    legal = game.legal_action_ids()
    root = parse(render_board(game.view(game.to_play), legal=legal + ["pass"]))
    marks = with_attr(layer(root, "legal"), "action")
    cells = {tuple(int(v) for v in a.split(":")[1].split(",")[:2]) for a in legal}
    assert len(marks) == len(cells)
    assert {(int(e.get("data-x")), int(e.get("data-y"))) for e in marks} == cells
    listed = [a for e in marks for a in e.get("data-actions").split()]
    assert sorted(listed) == sorted(legal)
    for e in marks:
        assert e.get("data-action") in legal and e.get("stroke-dasharray")
        x, y = e.get("data-x"), e.get("data-y")
        rots = sorted(int(a.rsplit(",", 1)[1]) for a in legal if a.startswith(f"place:{x},{y},"))
        assert [int(r) for r in e.get("data-rotations").split()] == rots


def test_legal_wonder_placements_are_marked():
    game = first_wonder_game(2, at_decision="wonder")
    legal = game.legal_action_ids()
    root = parse(render_board(game.view(game.to_play), legal=legal))
    marks = with_attr(layer(root, "legal"), "action")
    assert sorted(a for e in marks for a in e.get("data-actions").split()) == sorted(legal)
    assert all(e.get("data-wonder") == legal[0].split(":")[1] for e in marks)
    assert not with_attr(root, "preview")  # no tile picture for a wonder's cells


def test_the_tile_in_hand_and_its_previews_name_the_tile_asset():
    """For the web client: the root's `data-in-hand` and each placement's `data-preview` are the
    `tile` asset's URL with `{rotation}` to fill in from `data-rotations`; `data-preview-box`
    is the whole cell the tile would cover."""
    game = play(5, 3, stop=lambda g, n: n >= 20 and g.decision == "place")
    view = game.view(game.to_play)
    letter = view["tile_in_hand"]
    url = f"/api/assets/carcassonne/tile/{letter}?rotation={{rotation}}"
    root = parse(render_board(view, legal=game.legal_action_ids()))
    assert root.get("data-in-hand") == url and root.get("data-fit") == "zoom"
    marks = with_attr(layer(root, "legal"), "rotations")
    assert marks and all(e.get("data-preview") == url for e in marks)
    for e in marks:
        x, y = int(e.get("data-x")), int(e.get("data-y"))
        assert e.get("data-preview-box") == f"{x * U} {-y * U} {U} {U}"
        assert len(e.get("data-rotations").split()) == len(e.get("data-actions").split())
    game.apply(next(a for a in game.legal_action_ids() if a.startswith("place:")))
    after = parse(render_board(game.view(game.to_play), legal=game.legal_action_ids()))
    assert after.get("data-in-hand") is None and not with_attr(after, "preview")  # placed: nothing in hand


# ---- wonders ----------------------------------------------------------------------------------

def synthetic_wonders_view(owner_of=lambda i: i) -> dict:
    wonders = [{"wonder": name, "x": 8 * i, "y": 0, "rotation": i % 4, "owner": owner_of(i)}
               for i, name in enumerate(WONDER_ORDER)]
    meeples = [{"seat": i, "x": 8 * i + WONDER_PIECES[name][i % 4].offsets[seg.meeple_cell][0],
                "y": WONDER_PIECES[name][i % 4].offsets[seg.meeple_cell][1], "kind": KIND_NAMES[seg.kind],
                "feature": seg.label}
               for i, name in enumerate(WONDER_ORDER) for seg in WONDER_PIECES[name][i % 4].segs[:2]]
    return {"tiles": [], "wonders_placed": wonders, "meeples": meeples}


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_wonders_drawn_on_five_cells_with_localised_names(lang):
    view = synthetic_wonders_view()
    root = parse(render_board(view, lang))
    groups = with_attr(root, "wonder")
    assert len(groups) == len(WONDER_ORDER)
    for g, w in zip(groups, view["wonders_placed"]):
        name = g.get("data-wonder")
        assert name == w["wonder"] and int(g.get("data-owner")) == w["owner"]
        cells = {(int(e.get("data-x")), int(e.get("data-y"))) for e in with_attr(g, "wonder-cell")}
        piece = WONDER_PIECES[name][w["rotation"]]
        assert cells == {(w["x"] + dx, w["y"] + dy) for dx, dy in piece.offsets} and len(cells) == 5
        (text,) = with_attr(g, "wonder-name")
        assert text.text == WONDERS[name].names.get(lang)
        assert with_attr(g, "wonder-border")
        (marker,) = with_attr(g, "marker")
        assert marker.get("fill") == PLAYER_COLOURS[w["owner"]]
        city_cells = [s for s in piece.segs if s.kind == CITY]
        drawn = [e for e in with_attr(g, "feature") if e.get("data-feature").startswith("city:")]
        assert len(drawn) >= sum(len(s.cells) for s in city_cells)  # a city is drawn in each cell it covers
    meeples = with_attr(root, "meeple")
    assert len(meeples) == len(view["meeples"])


def test_wonder_names_are_localised_in_zh_hant_in_a_real_game():
    game = first_wonder_game()
    view = game.view(None)
    root = parse(render_board(view, "zh-Hant"))
    names = sorted(e.text for e in with_attr(root, "wonder-name"))
    assert names == sorted(WONDERS[w["wonder"]].names.zh_Hant for w in view["wonders_placed"])
    for g, w in zip(with_attr(root, "wonder"), view["wonders_placed"]):
        assert len(with_attr(g, "wonder-cell")) == 5


# ---- whole games --------------------------------------------------------------------------------

@pytest.mark.parametrize("players,options", [(2, {}), (3, WONDERS_OPT), (4, WONDERS_OPT), (5, {})])
def test_random_games_render_every_few_moves(players, options):
    for seed in range(2):
        game = boardlab.new_game("carcassonne", players, seed=seed, options=options)
        rng = random.Random(seed)
        moves = 0
        while not game.is_over:
            legal = game.legal_action_ids()
            if moves % 7 == 0:
                view = game.view(game.to_play, "zh-Hans")
                root = parse(render_board(view, "zh-Hans", legal))
                assert len(with_attr(root, "tile")) == len(view["tiles"])
                assert len(with_attr(root, "meeple")) == len(view["meeples"])
                if view["tile_in_hand"]:
                    parse(render_tile(view["tile_in_hand"]))
            game.apply(rng.choice(legal))
            moves += 1
        parse(render_board(game.view(None)))


def test_final_positions_written_to_artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
    base = play(1, 2)
    wonders = first_wonder_game()
    files = {"carcassonne-base-final.svg": render_board(base.view(None)),
             "carcassonne-wonders-final.svg": render_board(wonders.view(None), "zh-Hant")}
    for name, svg in files.items():
        parse(svg)
        (ARTIFACTS / name).write_text(svg, encoding="utf-8")
    converter = shutil.which("rsvg-convert")
    if converter:  # a picture to look at; not required
        for name in files:
            subprocess.run([converter, str(ARTIFACTS / name), "-o", str(ARTIFACTS / name.replace(".svg", ".png"))],
                           check=False, timeout=60)
