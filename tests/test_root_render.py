"""Root's terminal table (text.py) and web table (render.py): drawn from a seat's view only, every map,
the pieces of a known position, no hidden card, clickable targets that are exactly the legal ids naming
a clearing or a card, faction boards (known ones and any other faction's part of the view) and three
languages."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import boardlab
from boardlab.core import positions
from boardlab.core.registry import info, ruleset
from boardlab.games.root.content import CARD_TEXTS, CARDS, FACTIONS, MAPS, SUIT_NAMES
from boardlab.games.root.render import render_board
from root_helpers import clear, decline, hand, idx, new, play, put, set_up, start

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "zh-Hant", "zh-Hans")
RULES = ruleset("root")


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg" and root.get("data-game") == "root"
    return root


def texts(node: ET.Element) -> str:
    return " ".join(t.text or "" for t in node.iter(f"{SVG}text"))


def titles(node: ET.Element) -> str:
    return " ".join(t.text or "" for t in node.iter(f"{SVG}title"))


def with_attr(root: ET.Element, name: str, value: str | None = None) -> list[ET.Element]:
    return [e for e in root.iter() if f"data-{name}" in e.attrib and (value is None or e.get(f"data-{name}") == value)]


def clearing(root: ET.Element, number: int) -> ET.Element:
    (found,) = with_attr(root, "clearing", str(number))
    return found


def legal_of(view: dict) -> list[str]:
    return [a["id"] for a in view["legal_actions"]]


def board(view: dict, lang: str = "en") -> ET.Element:
    return parse(render_board(view, lang, legal=legal_of(view)))


def card_name(card: str, lang: str = "en") -> str:
    return CARD_TEXTS[CARDS[card].key].names.get(lang)


def known_position():
    """Marquise (seat 0) and Eyrie (seat 1) after setup, with the map cleared and a few pieces put back."""
    g = clear(set_up(new()))
    put(g, "marquise", 5, warriors=3, buildings=["sawmill"], tokens=["wood", "wood"])
    put(g, "eyrie", 5, warriors=2)
    put(g, "eyrie", 9, warriors=1, buildings=["roost"])
    put(g, "marquise", 10, buildings=["workshop"])  # beside the ruin of clearing 10 (Autumn)
    return g


# ---- the map -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("map_name", sorted(MAPS))
def test_every_map_draws_its_clearings_with_suits_paths_rivers_and_forests(map_name):
    g = set_up(new(map=map_name))
    view = g.view(0)
    spec = MAPS[map_name]
    for lang in LANGS:
        root = board(view, lang)
        assert len(with_attr(root, "clearing")) == 12
        for c in view["clearings"]:
            group = clearing(root, c["id"])
            assert group.get("data-suit") == c["suit"]
            assert SUIT_NAMES[c["suit"]].get(lang) in texts(group)  # the suit, named in the language
            assert len(with_attr(group, "slot")) == c["slots"]
        assert len(with_attr(root, "path")) == len(spec.paths)
        assert len(with_attr(root, "river")) == sum(len(n) for n in spec.river_adj) // 2
        assert len(with_attr(root, "forest")) == len(spec.forests)
        closed = {tuple(p) for p in view.get("mountain", {}).get("closed_paths", ())}
        assert {e.get("data-path") for e in with_attr(root, "closed", "1")} == {f"{a}-{b}" for a, b in closed}
        ferry = view.get("lake", {}).get("ferry")
        assert [e.get("data-ferry") for e in with_attr(root, "ferry")] == ([str(ferry)] if ferry else [])
        assert bool(with_attr(root, "lake")) == (map_name == "lake")
        tower = view.get("mountain", {}).get("tower")
        assert [e.get("data-tower") for e in with_attr(root, "tower")] == ([str(tower)] if tower else [])
    text = RULES.render_text(view, "en")
    if map_name == "mountain":
        assert len(closed) == 6 and tower == spec.pass_clearing + 1
        assert "Closed paths: " + ", ".join(f"{a}-{b}" for a, b in sorted(closed)) in text
        assert f"The Tower stands on the Pass: clearing {tower}" in text
    if map_name == "lake":
        assert ferry == spec.ferry_start + 1 and f"The Ferry is in clearing {ferry}" in text


@pytest.mark.parametrize("map_name", sorted(MAPS))
def test_the_text_table_has_a_line_per_clearing_with_suit_slots_free_slots_and_paths(map_name):
    g = set_up(new(map=map_name))
    view = g.view(0)
    spec = MAPS[map_name]
    text = RULES.render_text(view, "en")
    closed = {tuple(p) for p in view.get("mountain", {}).get("closed_paths", ())}
    for c in view["clearings"]:
        line = next(x for x in text.splitlines() if re.match(rf"\s+{c['id']} {c['suit']},", x))
        free = c["slots"] - len(c["buildings"])
        assert f"{c['slots']} slot(s), {free} free" in line
        near = sorted(d + 1 for d in spec.adj[c["id"] - 1] if tuple(sorted((c["id"], d + 1))) not in closed)
        assert f"paths to {' '.join(map(str, near)) or '-'}" in line
        ruins = sum(1 for owner, kind in c["buildings"] if kind == "ruin")
        assert ("ruin" in line) == bool(ruins)


def test_a_known_position_shows_each_factions_pieces_in_svg_and_text():
    g = known_position()
    view = g.view(0)
    root = board(view)

    def count(number: int, faction: str) -> int:
        return sum(int(e.get("data-count")) for e in with_attr(clearing(root, number), "piece", "warriors")
                   if e.get("data-faction") == faction)

    assert (count(5, "marquise"), count(5, "eyrie"), count(9, "eyrie"), count(9, "marquise")) == (3, 2, 1, 0)
    totals = {f: sum(int(e.get("data-count")) for e in with_attr(root, "piece", "warriors") if e.get("data-faction") == f)
              for f in ("marquise", "eyrie")}
    assert totals == {"marquise": 3, "eyrie": 3}
    five = clearing(root, 5)
    assert [(e.get("data-faction"), e.get("data-kind")) for e in with_attr(five, "piece", "building")] == [
        ("marquise", "sawmill")]
    (wood,) = with_attr(five, "piece", "token")
    assert (wood.get("data-kind"), wood.get("data-count")) == ("wood", "2")
    assert len(with_attr(five, "free", "1")) == 1  # 2 slots, a sawmill in one
    ten = clearing(root, 10)  # slot order: the ruin, then the workshop
    assert [(e.get("data-faction"), e.get("data-kind"), e.get("data-slot")) for e in with_attr(ten, "piece", "building")] == [
        ("", "ruin", "0"), ("marquise", "workshop", "1")]
    assert with_attr(ten, "free") == []
    assert len(with_attr(root, "piece", "building")) == 3 + sum(1 for c in MAPS["autumn"].ruins)

    text = RULES.render_text(view, "en").splitlines()
    line = lambda n: next(x for x in text if re.match(rf"\s+{n} ", x))  # noqa: E731
    assert line(5).endswith("| Marquise de Cat: 3 warrior(s), sawmill, wood, wood; Eyrie Dynasties: 2 warrior(s)")
    assert "2 slot(s), 1 free" in line(5)
    assert line(10).endswith("| ruin; Marquise de Cat: workshop") and "2 slot(s), 0 free" in line(10)
    assert line(9).endswith("| Eyrie Dynasties: 1 warrior(s), roost")
    assert "|" not in line(1)  # an empty clearing lists no pieces


def test_faction_boards_show_the_marquise_tracks_and_the_eyrie_decree():
    g = known_position()
    hand(g, 1, ["fox_anvil", "bird_royal_claim"])
    start(g, 1, "birdsong.start")
    play(g, "decree:move:fox_anvil")
    view = g.view(0)
    cat = view["marquise"]
    assert cat["tracks"]["sawmill"]["on_map"] == 1 and cat["tracks"]["workshop"]["on_map"] == 1
    assert cat["tracks"]["recruiter"] == {"on_map": 0, "next_cost": 0, "next_points": 0}
    assert "fox_anvil" in view["eyrie"]["decree"]["move"] and view["eyrie"]["roosts"] == 1
    text = RULES.render_text(view, "en")
    assert f"Wood in supply {cat['wood']} · the keep in clearing {cat['keep']} · Evening draws 1\n" in text
    assert "actions left" not in text  # only while the Marquise is in her Daylight
    assert "sawmill: 1 on the map, 5 on the track, next: 1 wood, 1 VP" in text
    assert "recruiter: 0 on the map, 6 on the track, next: 0 wood, 0 VP" in text
    leader = RULES.catalogue.text(f"name.{view['eyrie']['leader']}", "en")
    assert f"Leader {leader}" in text and "roosts left 6" in text
    assert "Move: Loyal Vizier (bird), Anvil (fox)" in text or "Move: Anvil (fox), Loyal Vizier (bird)" in text
    root = board(view)
    (cats,) = with_attr(root, "board", "marquise")
    assert len([e for e in with_attr(cats, "on-track") if e.get("data-on-track") == "sawmill"]) == 5
    assert len([e for e in with_attr(cats, "on-track") if e.get("data-on-track") == "recruiter"]) == 6
    (eyrie,) = with_attr(root, "board", "eyrie")
    move = next(e for e in with_attr(eyrie, "decree") if e.get("data-decree") == "move")
    assert "fox_anvil" in [e.get("data-card") for e in with_attr(move, "card")]
    assert len(with_attr(eyrie, "on-track", "roost")) == 6


def test_a_decree_card_is_clicked_in_the_column_being_resolved_and_resolved_ones_are_dimmed():
    g = set_up(new())  # the Builder: a Loyal Vizier in Recruit and one in Move
    with positions.edit(g) as s:
        s.mods["eyrie"].decree = {**s.mods["eyrie"].decree, "recruit": ("vizier", "bird_ambush")}
    start(g, 1, "daylight.start")
    assert g.decision == "eyrie_resolve"
    assert sorted(g.legal_action_ids()) == ["resolve:recruit:bird_ambush", "resolve:recruit:vizier"]

    def columns() -> dict[str, list[ET.Element]]:
        root = board(g.view(1))
        (eyrie,) = with_attr(root, "board", "eyrie")
        return {col.get("data-decree"): with_attr(col, "card") for col in with_attr(eyrie, "decree")}

    def dimmed(chip: ET.Element) -> bool:
        return next(chip.iter(f"{SVG}rect")).get("opacity") == "0.45"

    found = columns()
    assert [c.get("data-action") for c in found["recruit"]] == ["resolve:recruit:vizier", "resolve:recruit:bird_ambush"]
    (move,) = found["move"]
    assert move.get("data-card") == "vizier" and move.get("data-actions") is None  # the same card id, another column
    assert not any(dimmed(c) for c in found["recruit"] + found["move"])
    text = RULES.render_text(g.view(0), "en")
    assert "Resolving Recruit: Loyal Vizier (bird), Ambush! (bird)" in text
    play(g, "resolve:recruit:vizier")  # the ambush card recruits by itself, then the Move column's Vizier
    assert g.decision == "move_from" and g.view(1)["eyrie"]["column"] == "move"
    found = columns()
    assert all(dimmed(c) and c.get("data-actions") is None for c in found["recruit"] + found["move"])
    assert "Resolving Move: -" in RULES.render_text(g.view(0), "en")


def test_the_marquise_actions_left_show_in_her_daylight():
    g = set_up(new())
    start(g, 0, "daylight.start")
    decline(g, "marquise_action")
    play(g, "recruit")
    text = RULES.render_text(g.view(1), "en")
    assert "· actions left 2" in text
    root = board(g.view(1))
    (cats,) = with_attr(root, "board", "marquise")
    assert "actions left 2" in texts(cats)


def test_a_faction_module_may_give_its_own_lines_and_picture():
    """The hooks a new faction may use instead of the generic list (`MODULE.lines`, `MODULE.picture`)."""
    module = RULES.program.registry.get("eyrie")
    view = known_position().view(0)
    try:
        module.lines = lambda v, lang, cat: [f"own board of {len(v['clearings'])} clearings in {lang}"]
        module.picture = lambda ctx, x, y, width: (f'<g data-board="own"><rect x="{x}" y="{y}" width="{width}" '
                                                   f'height="30"/></g>', 30)
        assert "    own board of 12 clearings in zh-Hant" in RULES.render_text(view, "zh-Hant")
        root = parse(render_board(view, "en"))
        (panel,) = with_attr(root, "player", "1")
        assert with_attr(panel, "board", "own") and not with_attr(panel, "board", "eyrie")
    finally:
        module.lines = module.picture = None


def test_a_faction_the_table_does_not_know_is_listed_from_its_view_part():
    """A faction added on another branch shows without a change to the tables: its part of the view
    (whatever its fields) is written out, in the SVG and the text."""
    view = known_position().view(0)
    view["factions"] = view["factions"] + ["alliance"]
    view["score"] = view["score"] + [4]
    view["hands"]["2"] = {"hidden": True, "count": 3}
    view["alliance"] = {"officers": 2, "bases": ["fox"], "supporters": {"hidden": True, "count": 3}, "revolt": False}
    view["clearings"][0]["tokens"].append(["alliance", "sympathy"])
    text = RULES.render_text(view, "en")
    assert "seat 2 — Woodland Alliance" in text
    for line in ("officers: 2", "bases: fox", "supporters: hidden (3)", "revolt: no", "seat 2: 3 card(s) in hand"):
        assert line in text, line
    for lang in LANGS:
        root = parse(render_board(view, lang))
        (panel,) = with_attr(root, "player", "2")
        assert FACTIONS["alliance"].names.get(lang) in texts(panel)
        assert with_attr(panel, "board", "generic")
    root = parse(render_board(view, "en"))
    assert "officers: 2" in texts(root) and "bases: fox" in texts(root)
    (token,) = with_attr(clearing(root, 1), "piece", "token")
    assert token.get("data-faction") == "alliance"


def test_a_view_part_shaped_otherwise_falls_back_to_the_list():
    view = known_position().view(0)
    view["marquise"] = {"wood": 3, "something_new": [1, 2]}  # no tracks: the Marquise's layout cannot be used
    root = parse(render_board(view, "en"))
    (panel,) = with_attr(root, "player", "0")
    assert with_attr(panel, "board", "generic") and "something new: 1, 2" in texts(panel)
    text = RULES.render_text(view, "en")
    assert "    wood: 3" in text and "    something new: 1, 2" in text


# ---- hidden information --------------------------------------------------------------------------------------------

@pytest.mark.rule("LR-01-02-01", "LR-01-02-02")
def test_another_seats_hand_shows_only_as_a_count_and_the_deck_only_as_a_count():
    g = known_position()
    hand(g, 0, ["fox_anvil", "mouse_investments"])
    hand(g, 1, ["bird_royal_claim", "rabbit_a_visit_to_friends", "rabbit_bake_sale"])
    with_discard = g.state.discard[:] or []
    secret = ["bird_royal_claim", "rabbit_a_visit_to_friends", "rabbit_bake_sale"]
    for lang in LANGS:
        for seat, mine, theirs in ((0, ["fox_anvil", "mouse_investments"], secret), (1, secret, ["fox_anvil", "mouse_investments"])):
            view = g.view(seat)
            svg = render_board(view, lang, legal=legal_of(view))
            text = RULES.render_text(view, lang)
            for card in mine:
                assert card_name(card, lang) in svg and card_name(card, lang) in text
            for card in theirs:
                assert card not in svg, card
                assert card_name(card, lang) not in svg and card_name(card, lang) not in text, (lang, card)
            root = parse(svg)
            other = 1 - seat
            (panel,) = with_attr(root, "player", str(other))
            assert panel.find(f".//{SVG}text[@data-hand-count]").get("data-hand-count") == str(len(theirs))
            deck = view["deck"]
            assert deck == {"hidden": True, "count": len(g.state.deck)}
            assert with_attr(root, "deck", str(len(g.state.deck)))
            shown = {e.get("data-card") for e in with_attr(root, "card")}
            assert shown <= set(mine) | set(with_discard) | set(view["dominance_pool"]) | {
                c for cards in view["eyrie"]["decree"].values() for c in cards}
            assert not shown & set(g.state.deck)
        spectator = g.view(None)
        svg = render_board(spectator, lang)
        text = RULES.render_text(spectator, lang)
        for card in ["fox_anvil", "mouse_investments"] + secret:
            assert card_name(card, lang) not in svg and card_name(card, lang) not in text
        assert not with_attr(parse(svg), "layer", "hand")
    # the discard pile is face up: every card of it is listed (LR-01-02-02)
    g.state.discard[:] = ["fox_protection_racket", "mouse_codebreakers"]
    text = RULES.render_text(g.view(1), "en")
    assert "Discard pile: Protection Racket (fox), Codebreakers (mouse)" in text
    root = board(g.view(1))
    assert [e.get("data-card") for e in with_attr(root, "zone", "discard")] == ["mouse_codebreakers"]


@pytest.mark.rule("LR-01-02-01")
def test_a_card_the_seat_was_shown_is_named_and_the_rest_of_that_hand_stays_a_count():
    g = known_position()
    hand(g, 1, ["bird_royal_claim", "rabbit_bake_sale"])
    g.state.reveal("bird_royal_claim", (0,))  # as Codebreakers shows a hand
    view = g.view(0)
    assert view["hands"]["1"] == {"hidden": True, "count": 2, "known": ["bird_royal_claim"]}
    text = RULES.render_text(view, "en")
    assert "seat 1: 2 card(s) in hand (known: Royal Claim (bird))" in text and "Bake Sale" not in text
    svg = render_board(view, "en")
    assert "Royal Claim" in svg and "Bake Sale" not in svg and "rabbit_bake_sale" not in svg
    assert "Royal Claim" not in RULES.render_text(g.view(None), "en")  # the spectator was not shown it


# ---- clickable targets ------------------------------------------------------------------------------------------------

def clickables(root: ET.Element) -> dict[str, set[str]]:
    """Element kind (clearing, card, player, forest) -> the ids it carries."""
    out: dict[str, set[str]] = {}
    for e in root.iter():
        ids = e.get("data-actions")
        if ids is None:
            continue
        assert "legal" in e.get("class", "").split()
        assert (e.get("data-action") is not None) == (len(ids.split()) == 1)
        kind = next((k for k in ("clearing", "card", "player", "forest") if f"data-{k}" in e.attrib), "other")
        out.setdefault(kind, set()).update(ids.split())
    return out


def test_the_marquise_keep_is_chosen_by_clicking_a_corner_clearing():
    g = new()
    assert g.decision == "marquise_setup"
    view = g.view(0)
    root = board(view)
    legal = legal_of(view)
    assert sorted(legal) == ["keep:1", "keep:2", "keep:3", "keep:4"]
    for action in legal:
        group = clearing(root, int(action.split(":")[1]))
        assert group.get("data-action") == action and group.get("data-actions") == action
    assert clickables(root) == {"clearing": set(legal)}
    # the other seat's picture offers nothing to click (its view has no legal ids)
    assert clickables(board(g.view(1))) == {}


def test_cards_in_hand_carry_every_id_naming_them():
    g = known_position()
    hand(g, 1, ["fox_anvil", "bird_royal_claim"])
    start(g, 1, "birdsong.start")
    assert g.decision == "eyrie_decree_add"
    view = g.view(1)
    root = board(view)
    legal = legal_of(view)
    for card in ("fox_anvil", "bird_royal_claim"):
        (el,) = [e for e in with_attr(root, "card", card) if e.get("data-zone") == "hand"]
        assert set(el.get("data-actions").split()) == {a for a in legal if a.endswith(f":{card}")}
        assert el.get("data-action") is None  # four columns: the client shows those four choices
    assert set().union(*clickables(root).values()) == {a for a in legal if a.startswith("decree:")}


def test_clickable_targets_are_exactly_the_legal_ids_naming_clearings_cards_or_seats_in_random_games():
    shapes = {"clearing", "card", "seat", "faction", "forest"}
    from boardlab.games.root.view import forms
    for seed, map_name in ((1, "autumn"), (2, "winter"), (3, "lake"), (4, "mountain")):
        g = boardlab.new_game("root", 2, seed=seed, options={"map": map_name})
        rng = random.Random(seed)
        for step in range(160):
            if g.is_over:
                break
            view = g.view(g.to_play)
            legal = legal_of(view)
            root = board(view)
            named = {a for a in legal if any(k in shapes for k in forms().get(a.split(":")[0], ())[:a.count(":")])}
            drawn = clickables(root)
            assert set().union(set(), *drawn.values()) == named, (seed, step, g.decision)
            for action in drawn.get("clearing", ()):
                numbers = {p for p, k in zip(action.split(":")[1:], forms()[action.split(":")[0]]) if k == "clearing"}
                holders = {e.get("data-clearing") for e in with_attr(root, "clearing") if action in e.get("data-actions", "").split()}
                assert holders == numbers
            g.apply(rng.choice(g.legal_action_ids()))


def test_ids_naming_a_seat_or_a_faction_make_its_panel_clickable():
    view = known_position().view(0)
    legal = ["defender:eyrie", "use:stand_and_deliver:1", "use:stand_and_deliver:0", "skip"]
    root = parse(render_board(view, "en", legal=legal))
    panels = {e.get("data-player"): e for e in with_attr(root, "player")}
    (one,) = [e for e in panels["1"].iter() if e.get("data-actions")]
    assert one.get("data-actions").split() == ["use:stand_and_deliver:1", "defender:eyrie"]
    (zero,) = [e for e in panels["0"].iter() if e.get("data-actions")]
    assert zero.get("data-action") == "use:stand_and_deliver:0"
    assert "skip" not in render_board(view, "en", legal=legal)  # a word: an option button only


# ---- languages and the whole game ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_names_come_in_the_chosen_language(lang):
    g = known_position()
    hand(g, 0, ["fox_anvil"])
    view = g.view(0)
    text = RULES.render_text(view, lang)
    root = board(view, lang)
    names = [FACTIONS["marquise"].names.get(lang), FACTIONS["eyrie"].names.get(lang), card_name("fox_anvil", lang),
             SUIT_NAMES["rabbit"].get(lang), RULES.catalogue.text("name.sawmill", lang)]
    for name in names:
        assert name in text, name
        assert name in texts(root) + titles(root), name
    has_cjk = bool(re.search(r"[\u4e00-\u9fff]", text))
    assert has_cjk == (lang != "en")
    if lang == "zh-Hant":
        assert "貓咪貴族" in text and "飛鷹帝國" in text and "地圖" in text
    if lang == "zh-Hans":
        assert "猫咪贵族" in text and "飞鹰帝国" in text and "地图" in text


def test_the_root_renderer_is_registered_for_the_web_table():
    from boardlab.server import web  # noqa: F401  (the server's picture function, without a server)
    assert info("root").renderer == "boardlab.games.root.render"
    g = new()
    view = g.view(0)
    svg = web.board_svg(view, "zh-Hans")
    assert parse(svg).get("data-lang") == "zh-Hans" and "keep:1" in svg


def test_random_games_on_every_map_and_deck_render_for_every_seat_and_the_spectator():
    for seed, map_name, deck in ((11, "autumn", "standard"), (12, "winter", "standard"), (13, "lake", "exiles"),
                                 (14, "mountain", "standard"), (15, "autumn", "exiles")):
        g = boardlab.new_game("root", 2, seed=seed, options={"map": map_name, "deck": deck})
        rng = random.Random(seed)
        steps = 0
        while not g.is_over and steps < 600:
            if steps % 60 == 0:
                for seat in (0, 1, None):
                    view = g.view(seat)
                    parse(render_board(view, LANGS[steps % 3], legal=legal_of(view)))
                    assert RULES.render_text(view, LANGS[steps % 3])
            g.apply(rng.choice(g.legal_action_ids()))
            steps += 1
        view = g.view(0)
        parse(render_board(view, "en"))
        text = RULES.render_text(view, "en")
        assert f"seat 0 Marquise de Cat {g.state.score[0]}" in text or "dominance" in text


def test_an_activated_dominance_card_replaces_the_score_and_the_coalition_is_named():
    g = known_position()
    g.state.dominance[0] = "mouse_dominance"
    g.state.score[0] = 12
    view = g.view(1)
    text = RULES.render_text(view, "en")
    assert "seat 0 Marquise de Cat dominance: Dominance (mouse)" in text
    root = board(view)
    assert not with_attr(root, "score-seat", "0") and with_attr(root, "score-seat", "1")
    (panel,) = with_attr(root, "player", "0")
    assert "Dominance (mouse)" in texts(panel)


def test_the_item_supply_and_crafted_items_are_shown():
    g = known_position()
    g.state.items["sword"] = 1
    g.state.crafted[0] = ("sword",)
    view = g.view(1)
    text = RULES.render_text(view, "en")
    assert "Item supply: boot 2, bag 2, crossbow 1, hammer 1, sword 1, tea 2, coins 2" in text
    assert "Crafted items: sword" in text
    root = board(view)
    assert with_attr(root, "item", "sword")[0].get("data-count") == "1"
    (panel,) = with_attr(root, "player", "0")
    assert with_attr(panel, "crafted", "sword")


def test_a_pawn_in_a_forest_and_in_a_clearing_is_drawn():
    view = known_position().view(0)
    view["factions"] = view["factions"] + ["vagabond"]
    view["score"] = view["score"] + [0]
    view["pawns"] = {"vagabond": {"forest": 3}}
    root = parse(render_board(view, "en"))
    (pawn,) = with_attr(root, "in-forest", "3")
    assert with_attr(pawn, "piece", "pawn")[0].get("data-faction") == "vagabond"
    assert "Vagabond: pawn in forest 3" in RULES.render_text(view, "en")
    view["pawns"] = {"vagabond": {"clearing": idx(8) + 1}}
    root = parse(render_board(view, "en"))
    assert with_attr(clearing(root, 8), "piece", "pawn")
    assert "Vagabond: pawn" in RULES.render_text(view, "en")
