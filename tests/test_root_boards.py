"""The Woodland Alliance's and the Vagabond's faction boards on the terminal table (text.py, through
`MODULE.lines`) and the web table (render.py, through `MODULE.picture`): the exact numbers of a known
position, what another seat may not see (the supporters' cards, the quest deck), clickable items,
quests, relationship markers and places for the legal ids naming them, three languages.

Autumn map (printed numbers): 1 fox, 2 mouse, 3-5 rabbit, 6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit,
11 mouse, 12 fox; forest f1 = clearings 1, 2, 5, 10."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import boardlab
from boardlab.core import positions
from boardlab.core.registry import ruleset
from boardlab.games.root.content import CARD_TEXTS, CARDS, CHARACTERS, FACTIONS, QUESTS
from boardlab.games.root.render import render_board
from boardlab.games.root.view import forms
from root_helpers import hand, new, play, put, set_up, start
from vagabond_helpers import at, kit, relation
from vagabond_helpers import game as vb_game
from vagabond_helpers import seat as vb_seat

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "zh-Hant", "zh-Hans")
RULES = ruleset("root")
QUEST = {q.key: q for q in QUESTS}


def text(key: str, lang: str = "en", **params) -> str:
    return RULES.catalogue.text(key, lang, **params)


def legal_of(view: dict) -> list[str]:
    return [a["id"] for a in view["legal_actions"]]


def picture(view: dict, lang: str = "en") -> ET.Element:
    root = ET.fromstring(render_board(view, lang, legal=legal_of(view)))
    assert root.tag == f"{SVG}svg"
    return root


def with_attr(root: ET.Element, name: str, value: str | None = None) -> list[ET.Element]:
    return [e for e in root.iter() if f"data-{name}" in e.attrib and (value is None or e.get(f"data-{name}") == value)]


def one(root: ET.Element, name: str, value: str | None = None) -> ET.Element:
    (found,) = with_attr(root, name, value)
    return found


def texts(node: ET.Element) -> str:
    return " ".join(t.text or "" for t in node.iter(f"{SVG}text"))


def board_lines(view: dict, seat: int, lang: str = "en") -> list[str]:
    """The lines of one seat's board in the text table (its heading to the next heading)."""
    lines = RULES.render_text(view, lang).splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith(text("seat", lang, n=seat) + " — "))
    body = []
    for line in lines[head + 1:]:
        if not line.startswith("    "):
            break
        body.append(line[4:])
    return body


def card_name(card: str, lang: str = "en") -> str:
    return CARD_TEXTS[CARDS[card].key].names.get(lang)


def ids_on(element: ET.Element) -> set[str]:
    return set((element.get("data-actions") or "").split())


# ---- the Woodland Alliance ----------------------------------------------------------------------------------------

STACK = ["fox_anvil", "rabbit_bake_sale", "bird_royal_claim"]


def alliance_table(factions=("marquise", "eyrie", "alliance")):
    """After setup, the map cleared, every hand and the discard pile empty, the keep gone."""
    g = set_up(new(factions, seed=3))
    with positions.edit(g) as s:
        for f in s.warriors:
            s.warriors[f] = [0] * len(s.warriors[f])
            s.supply[f] = FACTIONS[f].warriors
        s.buildings = [tuple(p for p in b if p[0] == "") for b in s.buildings]
        s.tokens = [()] * len(s.tokens)
        s.mods["marquise"].keep = None
        s.deck.extend(s.discard + s.mods["alliance"].supporters)
        s.discard[:] = []
        s.mods["alliance"].supporters = []
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g, g.state.seat_of("alliance")


def stack(g, cards, officers: int = 0):
    with positions.edit(g) as s:
        for c in cards:
            s.deck.remove(c)
        s.mods["alliance"].supporters = list(cards)
        s.mods["alliance"].officers = officers
        s.supply["alliance"] -= officers
    return g


def alliance_position():
    """Sympathy in 1, 5 and 9, bases in 5 (rabbit) and 9 (mouse), 4 officers, three supporters."""
    g, al = alliance_table()
    put(g, "alliance", 1, tokens=["sympathy"])
    put(g, "alliance", 5, warriors=1, buildings=["base"], tokens=["sympathy"])
    put(g, "alliance", 9, buildings=["base"], tokens=["sympathy"])
    stack(g, STACK, officers=4)
    return g, al


def test_the_alliance_board_shows_sympathy_bases_officers_and_its_own_supporters():
    g, al = alliance_position()
    view = g.view(al)
    lines = board_lines(view, al)
    assert lines == [
        "Sympathy: 3 token(s) on the map, 7 on the track · next token: 2 supporter(s) (+1 under Martial Law), 1 VP",
        "Bases on the map: 5 (rabbit), 9 (mouse) · in the Bases box: fox · Evening draws 3",
        "Officers 4: one military operation each in Evening",
        "Supporters: 3 card(s): Anvil (fox), Bake Sale (rabbit), Royal Claim (bird) · by suit: fox 1, rabbit 1, bird 1",
    ]
    root = picture(view)
    panel = one(root, "player", str(al))
    board = one(panel, "board", "alliance")
    track = one(board, "sympathy-track")
    assert (track.get("data-placed"), track.get("data-left")) == ("3", "7")
    spaces = with_attr(track, "sympathy-space")
    assert [e.get("data-filled") for e in spaces] == ["0"] * 3 + ["1"] * 7
    assert [(e.get("data-points"), e.get("data-cost")) for e in spaces][3] == ("1", "2")  # the next token
    bases = {e.get("data-base"): (e.get("data-on-map"), e.get("data-base-clearing")) for e in with_attr(board, "base")}
    assert bases == {"fox": ("0", None), "rabbit": ("1", "5"), "mouse": ("1", "9")}
    officers = one(board, "officers")
    assert officers.get("data-officers") == "4" and len(list(officers.iter(f"{SVG}circle"))) == 4
    supporters = one(board, "supporters")
    assert (supporters.get("data-supporters"), supporters.get("data-face-up")) == ("3", "1")
    assert [e.get("data-card") for e in with_attr(supporters, "zone", "supporters")] == STACK


@pytest.mark.rule("LR-08-02-03", "LR-08-02-03-01")
def test_another_seat_sees_the_supporters_as_a_count_and_the_limit_without_a_base():
    g, al = alliance_table()
    put(g, "alliance", 3, tokens=["sympathy"])
    stack(g, STACK, officers=1)
    for seat in (0, 1, None):
        view = g.view(seat)
        assert view["alliance"]["supporters"] == {str(al): {"hidden": True, "count": 3}}
        for lang in LANGS:
            svg = render_board(view, lang, legal=legal_of(view))
            full = RULES.render_text(view, lang)
            for card in STACK:
                assert card not in svg and card_name(card, lang) not in svg and card_name(card, lang) not in full
            supporters = one(ET.fromstring(svg), "supporters")
            assert (supporters.get("data-supporters"), supporters.get("data-face-up")) == ("3", "0")
            assert one(supporters, "supporters-stack").get("data-supporters-stack") == "3"
        lines = board_lines(view, al)
        assert lines[-1] == "Supporters: 3 card(s) (at most 5 while no base is on the map): face down"
        assert lines[1] == "Bases on the map: - · in the Bases box: fox, rabbit, mouse · Evening draws 1"
    # the Alliance itself inspects its stack at any time (LR-08-02-03)
    assert board_lines(g.view(al), al)[-1].startswith(
        "Supporters: 3 card(s) (at most 5 while no base is on the map): Anvil (fox)")


def test_a_supporter_the_seat_knows_is_named_the_rest_stays_hidden():
    g, al = alliance_table()
    stack(g, STACK)
    g.state.reveal("bird_royal_claim", (0,))  # as a card given by Outrage
    view = g.view(0)
    assert board_lines(view, al)[-1] == ("Supporters: 3 card(s) (at most 5 while no base is on the map): face down "
                                          "(known: Royal Claim (bird))")
    supporters = one(picture(view), "supporters")
    assert [e.get("data-card") for e in with_attr(supporters, "card")] == ["bird_royal_claim"]
    assert "rabbit_bake_sale" not in render_board(view, "en")


def test_military_operations_left_count_down_in_the_alliance_evening():
    g, al = alliance_table()
    put(g, "alliance", 5, warriors=2, buildings=["base"], tokens=["sympathy"])
    stack(g, [], officers=2)
    start(g, al, "evening.start")
    assert g.decision == "alliance_operation"
    assert board_lines(g.view(al), al)[2] == "Officers 2 · military operations left this Evening: 2"
    play(g, "recruit_at:5")
    view = g.view(1)
    assert board_lines(view, al)[2] == "Officers 2 · military operations left this Evening: 1"
    assert one(picture(view), "officers").get("data-operations-left") == "1"


def test_spending_a_supporter_is_a_click_on_that_card():
    g, al = alliance_table()
    stack(g, ["fox_anvil", "fox_foxfolk_steel", "rabbit_bake_sale"])
    start(g, al, "birdsong.start")
    assert g.decision == "alliance_spread"
    root = picture(g.view(al))
    assert "sympathy:1" in ids_on(one(root, "clearing", "1"))
    play(g, "sympathy:1")
    assert g.decision == "alliance_spend"
    view = g.view(al)
    assert sorted(legal_of(view)) == ["supporter:fox_anvil", "supporter:fox_foxfolk_steel"]
    cards = {e.get("data-card"): e for e in with_attr(one(picture(view), "supporters"), "card")}
    assert cards["fox_anvil"].get("data-action") == "supporter:fox_anvil"
    assert cards["fox_foxfolk_steel"].get("data-action") == "supporter:fox_foxfolk_steel"
    assert cards["rabbit_bake_sale"].get("data-actions") is None


# ---- the Vagabond -------------------------------------------------------------------------------------------------

FOUR = ("marquise", "eyrie", "alliance", "vagabond")
UP_QUESTS = ("rabbit_guard_duty", "mouse_guard_duty", "fox_repair_a_shed")
DONE_QUESTS = ("fox_errand", "fox_fundraising", "mouse_escort")
KIT = ("boot", "boot", "boot:down", "sword", "sword:damaged_up", "crossbow:down", "hammer:damaged_down,ruin", "torch",
       "tea", "tea", "coin", "coin:down", "sack")


def quests(g, up=UP_QUESTS, done=DONE_QUESTS, name="vagabond"):
    with positions.edit(g) as s:
        rest = tuple(q.key for q in QUESTS if q.key not in up and q.key not in done)
        s.quests = {"up": tuple(up), "deck": rest}
        s.mods[name].quests = tuple(done)
    return g


def vagabond_position():
    """The Ranger in clearing 7 with a known kit, Hostile to the Marquise, two steps toward the Eyrie,
    Allied with the Alliance, three quests done (two fox, one mouse)."""
    g = vb_game("ranger", factions=FOUR)
    kit(g, *KIT)
    at(g, 7)
    relation(g, "marquise", -1)
    relation(g, "eyrie", 2)
    relation(g, "alliance", 3)
    return quests(g)


@pytest.mark.rule("LR-09-02-05", "LR-09-02-05-01", "LR-09-02-09")
def test_the_vagabond_board_shows_items_by_box_tracks_relationships_and_quests():
    g = vagabond_position()
    vb = vb_seat(g)
    view = g.view(0)
    assert board_lines(view, vb) == [
        "Ranger · special action: Hideout · pawn: clearing 7 (mouse)",
        "Tracks: tea 2/3 (Refresh 7 items) · coins 1/3 (Evening draws 2) · bags 1/3 (item limit 8, 9 carried)",
        "Satchel — face up: boot ×2, sword, torch · exhausted: boot, crossbow, coins",
        "Damaged — face up: sword · exhausted: hammer",
        "Face up and undamaged: boot 2, crossbow 0, hammer 0, sword 1, torch 1 · undamaged swords 1 (most hits rolled)",
        "Relationships:",
        "  Marquise de Cat: Hostile",
        "  Eyrie Dynasties: 2 of 3 steps toward Allied (next space: 3 aid(s) in one turn, 2 VP)",
        "  Woodland Alliance: Allied (2 VP per Aid)",
        "Quests in play (shared; 9 in the quest deck): Guard Duty (rabbit: torch + sword), "
        "Guard Duty (mouse: torch + sword), Repair a Shed (fox: torch + hammer)",
        "Completed quests: fox 2 (Errand, Fundraising) · rabbit 0 · mouse 1 (Escort)",
    ]
    board = one(one(picture(view), "player", str(vb)), "board", "vagabond")
    assert board.get("data-character") == "ranger"
    tracks = {e.get("data-track"): e.get("data-count") for e in with_attr(board, "track")}
    assert tracks == {"tea": "2", "coin": "1", "sack": "1"}
    chips = Counter((e.get("data-box"), e.get("data-vb-item"), e.get("data-side")) for e in with_attr(board, "vb-item"))
    assert chips == Counter({("track", "tea", "up"): 2, ("track", "coin", "up"): 1, ("track", "sack", "up"): 1,
                             ("satchel", "boot", "up"): 2, ("satchel", "sword", "up"): 1, ("satchel", "torch", "up"): 1,
                             ("satchel", "boot", "down"): 1, ("satchel", "crossbow", "down"): 1,
                             ("satchel", "coin", "down"): 1, ("damaged", "sword", "damaged_up"): 1,
                             ("damaged", "hammer", "damaged_down"): 1})
    assert one(board, "damaged").get("data-damaged") == "2"
    levels = {e.get("data-relationship"): e.get("data-level") for e in with_attr(board, "relationship")}
    assert levels == {"marquise": "-1", "eyrie": "2", "alliance": "3"}
    up = one(board, "quests-up")
    assert up.get("data-quest-deck") == "9"
    assert [e.get("data-quest") for e in with_attr(up, "quest")] == list(UP_QUESTS)
    done = {e.get("data-completed-suit"): (e.get("data-count"), [q.get("data-quest") for q in with_attr(e, "quest")])
            for e in with_attr(board, "completed-suit")}
    assert done == {"fox": ("2", ["fox_errand", "fox_fundraising"]), "rabbit": ("0", []), "mouse": ("1", ["mouse_escort"])}


@pytest.mark.rule("LR-09-03-03")
def test_the_quest_deck_never_shows_only_its_count():
    g = vagabond_position()
    deck = g.state.quests["deck"]
    for seat in (0, 3, None):
        view = g.view(seat)
        assert view["quests"]["deck"] == {"hidden": True, "count": len(deck)}
        shown = {e.get("data-quest") for e in with_attr(picture(view), "quest")}
        assert shown == set(UP_QUESTS) | set(DONE_QUESTS)
        svg = render_board(view, "en", legal=legal_of(view))
        assert not [q for q in deck if q in svg]


def test_a_pawn_in_a_forest_and_no_character_yet():
    g = vagabond_position()
    at(g, "f1")
    assert board_lines(g.view(0), 3)[0] == "Ranger · special action: Hideout · pawn: forest 1"
    g2 = new(FOUR)
    while g2.decision != "vagabond_character":
        g2.apply(g2.legal_action_ids()[0])
    line = board_lines(g2.view(3), 3)[0]
    assert line.startswith("No character yet")
    root = picture(g2.view(3))
    chosen = {e.get("data-action") for e in with_attr(root, "player", "3") if e.get("data-action")}
    assert not chosen  # `character:KEY` ids are option buttons


def test_two_vagabonds_show_their_own_boards_and_the_shared_quests_once():
    g = vb_game(["thief", "tinker"], factions=("marquise", "eyrie", "vagabond", "vagabond2"))
    quests(g, done=("fox_errand",), name="vagabond2")
    view = g.view(0)
    first, second = board_lines(view, 2), board_lines(view, 3)
    assert first[0].startswith("Thief · special action: Steal") and second[0].startswith("Tinker · special action: Day Labor")
    assert any(line.startswith("Quests in play") for line in first)
    assert not any(line.startswith("Quests in play") for line in second)
    assert second[-1] == "Completed quests: fox 1 (Errand) · rabbit 0 · mouse 0"
    root = picture(view)
    assert with_attr(one(root, "board", "vagabond"), "quests-up")
    assert not with_attr(one(root, "board", "vagabond2"), "quests-up")


def test_refreshing_an_item_and_slipping_are_clicks_on_the_item_and_the_place():
    g = vb_game("ranger", factions=FOUR)
    vb = vb_seat(g)
    kit(g, "boot:down", "sword:down", "crossbow:down", "hammer:down", "torch:down", "tea:down", "boot")
    at(g, "f1")
    start(g, vb)
    assert g.decision == "vagabond_refresh"
    view = g.view(vb)
    board = one(picture(view), "board", "vagabond")
    for chip in with_attr(board, "vb-item"):
        kind, side = chip.get("data-vb-item"), chip.get("data-side")
        assert ids_on(chip) == ({f"item:{kind}:down"} if side == "down" else set()), (kind, side)
    assert {i for i in legal_of(view) if i.startswith("item:")} == {
        f"item:{k}:down" for k in ("boot", "sword", "crossbow", "hammer", "torch", "tea")}
    play(g, "item:boot:down", "item:sword:down", "item:tea:down")
    assert g.decision == "vagabond_slip"
    view = g.view(vb)
    root = picture(view)
    places = [a for a in legal_of(view) if a.startswith("slip:")]
    assert places
    for action in places:
        where = action.split(":")[1]
        holders = with_attr(root, "forest", where[1:]) if where.startswith("f") else with_attr(root, "clearing", where)
        assert [action in ids_on(e) for e in holders] == [True], action


def test_a_quest_an_aid_and_the_item_to_exhaust_are_clicked_on_the_board():
    g = vb_game("ranger", factions=FOUR)
    vb = vb_seat(g)
    kit(g, "boot", "sword", "torch")
    at(g, 7)
    quests(g, done=())
    put(g, "marquise", 7, warriors=2)
    hand(g, vb, ["mouse_investments"])
    start(g, vb, "daylight.start")
    assert g.decision == "vagabond_daylight"
    view = g.view(vb)
    legal = legal_of(view)
    assert {"quest:mouse_guard_duty", "aid:0", "attack:marquise"} <= set(legal)
    root = picture(view)
    cards = {e.get("data-quest"): e for e in with_attr(root, "quest")}
    assert cards["mouse_guard_duty"].get("data-action") == "quest:mouse_guard_duty"
    assert ids_on(cards["rabbit_guard_duty"]) == set()
    marker = one(root, "relationship", "marquise")
    assert ids_on(marker) == {"aid:0", "attack:marquise"}
    for action in (a for a in legal if a.startswith("go:")):
        assert action in ids_on(one(root, "clearing", action.split(":")[1]))
    play(g, "aid:0", "give:mouse_investments")
    assert g.decision == "vagabond_aid_item"
    view = g.view(vb)
    assert sorted(legal_of(view)) == ["exhaust:boot", "exhaust:sword", "exhaust:torch"]
    chips = {e.get("data-vb-item"): e for e in with_attr(picture(view), "vb-item")}
    assert {k: e.get("data-action") for k, e in chips.items()} == {
        "boot": "exhaust:boot", "sword": "exhaust:sword", "torch": "exhaust:torch"}
    # another seat's picture of the same board offers nothing to click
    assert not [e for e in with_attr(picture(g.view(0)), "vb-item") if e.get("data-actions")]


def test_the_jailors_coerced_card_is_an_item_to_exhaust():
    g = vb_game("jailor", factions=FOUR)
    kit(g, "boot")
    with positions.edit(g) as s:
        s.mods["vagabond"].coerced = "sword"
    lines = board_lines(g.view(0), 3)
    assert "Coerced: a card serves as a sword once" in lines
    assert "Face up and undamaged: boot 1, crossbow 0, hammer 0, sword 1, torch 0" in lines[4]
    chip = one(one(picture(g.view(0)), "board", "vagabond"), "box", "coerced")
    assert chip.get("data-vb-item") == "sword"


# ---- random games, hidden information and languages ------------------------------------------------------------------

NAMED = {"clearing", "card", "seat", "faction", "forest", "place", "quest"}
# Day Labor names any card of the discard pile, whose picture shows only the top card: clickable on it,
# option buttons for the others.
TOP_ONLY = {"day_labor"}


def expected_clickable(legal: list[str]) -> set[str]:
    """The legal ids the picture must make clickable: those naming a clearing, card, seat, faction,
    forest, place or quest, and the Vagabond's item ids (`item:KIND:SIDE`, `exhaust:KIND`)."""
    out = set()
    for action in legal:
        head, *args = action.split(":")
        kinds = set(forms().get(head, ())[:len(args)])
        if head in TOP_ONLY:
            continue
        if kinds & NAMED or (head == "item" and len(args) == 2) or (head == "exhaust" and len(args) == 1):
            out.add(action)
    return out


def check_targets(root: ET.Element, legal: list[str]) -> None:
    drawn: set[str] = set()
    for e in root.iter():
        ids = ids_on(e)
        if not ids:
            continue
        assert "legal" in e.get("class", "").split()
        assert (e.get("data-action") is not None) == (len(ids) == 1)
        drawn |= ids
        for action in ids:
            head, *args = action.split(":")
            if head == "item":
                assert (e.get("data-vb-item"), e.get("data-side")) == tuple(args), action
            elif head == "exhaust":
                assert (e.get("data-vb-item"), e.get("data-side")) == (args[0], "up"), action
            elif head in ("quest", "improvise", "con"):
                assert e.get("data-quest") == args[0], action
    assert drawn <= set(legal)
    assert {a for a in drawn if a.split(":")[0] not in TOP_ONLY} == expected_clickable(legal)


def check_hidden(g, seat: int | None, view: dict, svg: str, lang: str) -> None:
    """No supporter the seat does not know, no card of the quest deck."""
    al = g.state.seat_of("alliance")
    if al is not None and seat != al:
        known = g.state.known_to(seat)
        assert not [c for c in g.state.mods["alliance"].supporters if c not in known and f'"{c}"' in svg]
        line = board_lines(view, al, lang)[-1]
        assert text("txt.alliance.face_down", lang) in line
    up_or_done = set(g.state.quests.get("up", ())) | {q for f in ("vagabond", "vagabond2") if f in g.state.mods
                                                     for q in g.state.mods[f].quests}
    shown = set(re.findall(r'data-quest="([^"]+)"', svg))
    assert shown <= up_or_done


@pytest.mark.rule("LR-08-02-03")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_clickable_items_match_the_legal_ids_in_random_four_player_games(seed):
    g = boardlab.new_game("root", 4, seed=seed, options={"factions": list(FOUR)})
    rng = random.Random(seed)
    for step in range(360):
        if g.is_over:
            break
        seat = g.to_play
        lang = LANGS[step % 3]
        view = g.view(seat)
        svg = render_board(view, lang, legal=legal_of(view))
        check_targets(ET.fromstring(svg), legal_of(view))
        check_hidden(g, seat, view, svg, lang)
        if step % 40 == 0:
            spectator = g.view(None)
            check_hidden(g, None, spectator, render_board(spectator, lang), lang)
        g.apply(rng.choice(g.legal_action_ids()))


def test_five_players_with_two_vagabonds_render_for_every_seat():
    g = boardlab.new_game("root", 5, seed=7)
    rng = random.Random(7)
    for step in range(240):
        if g.is_over:
            break
        if step % 30 == 0:
            for seat in (*range(5), None):
                view = g.view(seat)
                svg = render_board(view, LANGS[step % 3], legal=legal_of(view))
                check_hidden(g, seat, view, svg, LANGS[step % 3])
                assert with_attr(ET.fromstring(svg), "board", "vagabond2")
        view = g.view(g.to_play)
        check_targets(picture(view), legal_of(view))
        g.apply(rng.choice(g.legal_action_ids()))


@pytest.mark.parametrize("lang", LANGS)
def test_both_boards_read_in_every_language(lang):
    g = vagabond_position()
    with positions.edit(g) as s:
        s.mods["alliance"].officers = 2
    view = g.view(3)
    full = RULES.render_text(view, lang)
    root = picture(view, lang)
    names = [CHARACTERS["ranger"].names.get(lang), CHARACTERS["ranger"].action.get(lang),
             QUEST["mouse_guard_duty"].names.get(lang), FACTIONS["alliance"].names.get(lang)]
    in_text = names + [text("txt.vb.hostile", lang), text("txt.vb.completed", lang),
                       text("txt.alliance.officers", lang, n=2), text("txt.alliance.face_down", lang)]
    for word in in_text:
        assert word in full, word
    in_svg = names + [text("txt.vb.relationships", lang), text("txt.alliance.sympathy_track", lang),
                      text("txt.alliance.officers_box", lang, n=2)]
    svg_words = texts(root) + " ".join(t.text or "" for t in root.iter(f"{SVG}title"))
    for word in in_svg:
        assert word in svg_words, word
    vb_lines = board_lines(view, 3, lang)
    al_lines = board_lines(view, 2, lang)
    assert bool(re.search(r"[\u4e00-\u9fff]", " ".join(vb_lines + al_lines))) == (lang != "en")
    assert not [line for line in vb_lines + al_lines if re.search(r"\b(sack|coin|vagabond|alliance)\b", line)]
