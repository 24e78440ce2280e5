"""The Law of Root's glossary (LR-AG-*): a scenario for each term where the engine applies it.

Positions use the Autumn map unless a test says otherwise (suits: fox 1, 6, 8, 12; rabbit 3, 4, 5, 10; mouse 2, 7, 9,
11; 1 is next to 5, 9 and 10; 8 to 4 and 7; 12 to 4, 7, 9, 10 and 11; a river joins 4 and 7; ruins in 6, 10, 11 and 12;
building slots: 1 in 1, 2 in 8 and 12), played from setup and then edited (root_helpers).
"""
from __future__ import annotations

import json

import pytest
from root_helpers import dice, empty_table, events, hand, idx, new, play, put, rules_logged, start, warriors
from vagabond_helpers import at, kit
from vagabond_helpers import items as vb_items

from boardlab.core import positions
from boardlab.games.root import board as B
from boardlab.games.root import move as MV
from boardlab.games.root.content import MAPS
from boardlab.games.root.modules import corvid as CV
from boardlab.games.root.modules import twilight as TC
from boardlab.games.root.state import RUIN

rule = pytest.mark.rule


def table(factions=("marquise", "eyrie"), seed: int = 3, **options):
    """An empty map after setup (ruins kept, the keep gone), every hand and the discard pile empty."""
    return empty_table(factions, seed, **options)


def seat(g, faction: str) -> int:
    return g.state.seat_of(faction)


def cat_actions(g):
    """The Marquise's Daylight actions (past crafting)."""
    start(g, seat(g, "marquise"), "daylight.start")
    if g.decision == "marquise_craft":
        play(g, "done")
    assert g.decision == "marquise_action", g.decision
    return g


def links(pairs) -> set[frozenset]:
    return {frozenset(p) for p in pairs}


def loops(nodes, pairs) -> list[tuple[int, ...]]:
    """Every closed loop through all of `nodes` along `pairs` (each loop once per direction)."""
    nodes = sorted(nodes)
    adj = {n: {b for a, b in pairs if a == n} | {a for a, b in pairs if b == n} for n in nodes}
    found = []

    def walk(path):
        if len(path) == len(nodes):
            if nodes[0] in adj[path[-1]]:
                found.append(tuple(path))
            return
        for n in sorted(adj[path[-1]]):
            if n not in path:
                walk(path + [n])
    walk([nodes[0]])
    return found


# ---- the map: adjacent, forest, map edge, path, river, slot, ruin, map ----------------------------------------

@rule("LR-AG-02", "LR-AG-14", "RTA-MAP-07")
def test_adjacent_clearings_by_paths_and_forests_across_one_path():
    """Clearings are adjacent along paths (a closed Mountain path links none until opened); a forest touches its
    clearings and the forests across one path (Autumn, Mountain); on the Lake the coastal forests are also adjacent
    around the lake (RTA-MAP-07), not across a path. A Vagabond slipping out of a forest goes exactly there."""
    for name in ("autumn", "winter", "lake", "mountain"):
        m, s = MAPS[name], new(seed=1, map=name).state
        open_paths = links(m.data.paths) - links(m.data.closed_paths)
        for c in range(12):
            assert {frozenset((c + 1, n + 1)) for n in B.neighbours(s, c)} == {p for p in open_paths if c + 1 in p}
    for name in ("autumn", "mountain", "lake"):
        d = MAPS[name].data
        forests = {f.id: set(f.clearings) for f in d.forests}
        across_a_path = {frozenset((a, b)) for a in forests for b in forests if a < b
                         and len(forests[a] & forests[b]) == 2 and frozenset(forests[a] & forests[b]) in links(d.paths)}
        around_the_lake = links(d.forest_adjacency) - across_a_path
        assert links(d.forest_adjacency) >= across_a_path
        assert all(set(p) <= set(d.coastal_forests) for p in around_the_lake), name
        assert bool(around_the_lake) == (name == "lake")
    g = table(("marquise", "vagabond"), map="mountain")
    kit(g, "torch")
    at(g, "f1")
    start(g, seat(g, "vagabond"))
    assert g.decision == "vagabond_slip"
    board = MAPS["mountain"]
    want = {f"slip:{c + 1}" for c in board.forests[0]} | {f"slip:f{f + 1}" for f in board.forest_adj[0]}
    assert {a for a in g.legal_action_ids() if a.startswith("slip:")} == want


@rule("LR-AG-11", "RTA-MAP-07")
def test_forests_are_areas_enclosed_by_paths_and_clearings():
    """Each forest's clearings close a loop along the links around it: paths on Autumn and the Mountain, paths and
    river segments on Winter and the Lake (the lake shore closing the coastal forests); a pawn in a forest stands
    beside exactly the clearings around it."""
    for name in ("autumn", "winter", "lake", "mountain"):
        d = MAPS[name].data
        around = links(d.paths) | (links(d.rivers) if name in ("winter", "lake") else set())
        for f in d.forests:
            inside = [p for p in around if set(p) <= set(f.clearings)]
            assert loops(f.clearings, [tuple(p) for p in inside]), (name, f.id)
        s = new(seed=1, map=name).state
        for c in range(12):
            assert {f.id - 1 for f in d.forests if c + 1 in f.clearings} == set(B.forests_of(s, c))


@rule("LR-AG-15", "LR-AM-04-01")
def test_the_map_edge_is_one_closed_loop_with_the_mountains_closed_paths():
    """The edge clearings of each map close exactly one loop along paths; on the Mountain only with its closed
    paths counted."""
    for name in ("autumn", "winter", "lake", "mountain"):
        d = MAPS[name].data
        edge = [c.id for c in d.clearings if c.edge]
        on_edge = [tuple(p) for p in d.paths if set(p) <= set(edge)]
        assert len(loops(edge, on_edge)) == 2, name  # one loop, walked both ways
        opened = [p for p in on_edge if frozenset(p) not in links(d.closed_paths)]
        assert bool(loops(edge, opened)) == (name != "mountain"), name
        assert tuple(c + 1 for c in range(12) if MAPS[name].edge[c]) == tuple(sorted(edge))


@rule("LR-AG-17", "LR-AG-26", "LR-02-03")
def test_paths_are_white_links_rivers_blue_ones_only_the_riverfolk_move_along():
    """On Autumn a river (blue) joins 4 and 7 and paths (white) join 4 to 8, 9 and 12: the Marquise moves along
    the paths only; the Riverfolk, for whom rivers are paths, along both."""
    d = MAPS["autumn"].data
    assert frozenset((4, 7)) in links(d.rivers) and frozenset((4, 7)) not in links(d.paths)
    g = table(("marquise", "riverfolk"))
    put(g, "marquise", 4, warriors=2)
    assert sorted(n + 1 for n in MV.destinations(g.state, "marquise", idx(4))) == [8, 9, 12]
    g = table(("marquise", "riverfolk"))
    put(g, "riverfolk", 4, warriors=2)
    assert sorted(n + 1 for n in MV.destinations(g.state, "riverfolk", idx(4))) == [7, 8, 9, 12]


@rule("LR-AG-30", "LR-AG-27", "LR-AG-03", "LR-AG-34")
def test_slots_hold_buildings_a_ruin_covers_its_slot_tokens_take_none():
    """Clearing 12 has two slots, one an "R" slot under a ruin; a building (square, owned) fills the other and
    the Marquise may build there no more; a token (round, owned) fills no slot and counts for no rule; exploring
    the ruin frees its slot."""
    g = table(("marquise", "alliance", "vagabond"))
    assert B.open_slots(g.state, idx(12)) == 1 and RUIN in g.state.buildings[idx(12)]
    put(g, "marquise", 12, warriors=1, buildings=["sawmill"])
    put(g, "marquise", 8, warriors=1, buildings=["workshop"])
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 8
        s.tokens[idx(12)] = (("marquise", "wood"),) * 2
        s.tokens[idx(8)] = (("marquise", "wood"),) * 2
    assert B.open_slots(g.state, idx(12)) == 0 and B.open_slots(g.state, idx(8)) == 1
    cat_actions(g)
    play(g, "build")
    sites = {a for a in g.legal_action_ids() if a.startswith("build_at:")}
    assert "build_at:8" in sites and "build_at:12" not in sites
    put(g, "alliance", 12, warriors=2)
    assert B.rule_total(g.state, "marquise", idx(12)) == 2 and B.ruler(g.state, idx(12)) is None  # wood is no rule
    with positions.edit(g) as s:
        s.ruin_items = {**s.ruin_items, idx(12): ("sack",)}
    kit(g, "torch")
    at(g, 12)
    start(g, seat(g, "vagabond"), "daylight.start")
    play(g, "explore")
    assert RUIN not in g.state.buildings[idx(12)] and B.open_slots(g.state, idx(12)) == 1


@rule("LR-AG-03", "LR-AG-30")
def test_a_hirelings_building_fills_a_slot_and_counts_for_rule():
    """Buildings are owned by a faction or a hireling: two vaults of the (uncontrolled) Vault Keepers fill clearing
    8's two slots and rule it against a Marquise warrior."""
    g = table(("marquise", "alliance"), hirelings=["vault_keepers", "popular_band", "flame_bearers"])
    put(g, "vault_keepers", 8, buildings=["vault", "vault"])
    assert B.open_slots(g.state, idx(8)) == 0
    put(g, "marquise", 8, warriors=1)
    assert B.rule_total(g.state, "vault_keepers", idx(8)) == 2 and B.ruler(g.state, idx(8)) == "vault_keepers"


# ---- pieces: piece, faction piece, item, pawn, warrior -------------------------------------------------------

@rule("LR-AG-19", "LR-AG-36", "LR-AG-18")
def test_a_favor_removes_every_kind_of_enemy_piece_but_never_the_vagabond_pawn():
    """Favor of the Foxes removes all enemy pieces in fox clearings: warriors, buildings and tokens alike; the
    Vagabond's pawn, not a warrior, is never removed (his items take the damage)."""
    g = table(("marquise", "eyrie", "alliance", "vagabond"))
    for n in (1, 6, 8):
        put(g, "marquise", n, buildings=["workshop"])
    put(g, "eyrie", 12, warriors=2, buildings=["roost"])
    put(g, "alliance", 12, warriors=1, tokens=["sympathy"])
    kit(g, "boot", "sword", "torch", "tea")
    at(g, 12)
    cat = seat(g, "marquise")
    hand(g, cat, ["fox_favor_of_the_foxes"])
    start(g, cat, "daylight.start")
    play(g, "craft:fox_favor_of_the_foxes")
    while g.decision == "vagabond_hits":
        play(g, g.legal_action_ids()[0])
    s = g.state
    assert warriors(g, "eyrie", 12) == warriors(g, "alliance", 12) == 0
    assert s.buildings[idx(12)] == (RUIN,) and s.tokens[idx(12)] == ()
    assert s.pawns["vagabond"] == idx(12) and sum("damaged" in i for i in vb_items(g)) == 3
    assert s.score[cat] == 2  # the roost and the sympathy token: one point each


@rule("LR-AG-10", "LR-AG-13", "LR-AG-36", "LR-AG-18")
def test_hits_on_the_vagabond_damage_items_which_are_no_faction_pieces_and_score_nothing(monkeypatch):
    """The Marquise battles the Vagabond: his items (owned by no faction) take the hits, the pawn stays, and she
    scores nothing (removing items is not removing faction pieces)."""
    g = table(("marquise", "vagabond"))
    kit(g, "boot", "sword", "torch")
    at(g, 12)
    put(g, "marquise", 12, warriors=3)
    dice(monkeypatch, 2, 0)
    cat_actions(g)
    play(g, "battle", "battle:12")
    while g.decision in ("ambush", "battle_effects", "vagabond_hits"):
        legal = g.legal_action_ids()
        play(g, next((a for a in ("pass", "done") if a in legal), legal[0]))
    assert g.state.pawns["vagabond"] == idx(12)
    assert sum("damaged" in i for i in vb_items(g)) == 2
    assert g.state.score[seat(g, "marquise")] == 0


@rule("LR-AG-18", "LR-AG-36", "LR-14-02-02")
def test_pawns_do_not_rule_but_the_warlord_is_a_warrior_pawn():
    """Pawns are wooden figures of a faction: the Vagabond's is no warrior and rules nothing; the Hundreds'
    warlord is a warrior and counts for rule."""
    g = table(("marquise", "hundreds", "vagabond"))
    at(g, 5)
    put(g, "marquise", 5, warriors=1)
    assert B.ruler(g.state, idx(5)) == "marquise"
    with positions.edit(g) as s:
        s.pawns["hundreds"] = idx(8)
    put(g, "marquise", 8, warriors=1)
    assert B.warriors_counted(g.state, "hundreds", idx(8)) == 1 and B.ruler(g.state, idx(8)) is None
    put(g, "hundreds", 8, warriors=1)
    assert B.ruler(g.state, idx(8)) == "hundreds"


# ---- supply and place -----------------------------------------------------------------------------------------

@rule("LR-AG-20", "LR-AG-32")
def test_place_takes_from_the_supply_and_places_nothing_from_an_empty_one():
    """Recruit places a warrior at each recruiter from her supply: with one warrior left she places one where she
    chooses; with none, recruiting is not offered; Birdsong places no wood once the wood supply is empty."""
    g = table()
    put(g, "marquise", 1, buildings=["recruiter"])
    put(g, "marquise", 8, buildings=["recruiter", "sawmill"])
    with positions.edit(g) as s:
        s.supply["marquise"] = 1
    cat_actions(g)
    play(g, "recruit")
    assert g.decision == "marquise_recruit"
    play(g, "recruit_at:8")
    assert warriors(g, "marquise", 8) == 1 and warriors(g, "marquise", 1) == 0 and g.state.supply["marquise"] == 0
    cat_actions(g)
    assert "recruit" not in g.legal_action_ids()
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 0
    start(g, seat(g, "marquise"), "birdsong.start")
    assert B.tokens_of(g.state, "marquise", idx(8)) == []


@rule("LR-AG-20", "LR-06-05-04-02", "LR-06-05-04-03")
def test_place_from_a_track_takes_its_leftmost_piece():
    """A building on a track is placed from the track's leftmost space: with one sawmill out, the next one is the
    second on its track and costs that space's wood (1) and scores the space it uncovers (1)."""
    g = table()
    cat = seat(g, "marquise")
    put(g, "marquise", 8, warriors=1, buildings=["sawmill", "workshop"])
    put(g, "marquise", 12, warriors=1)
    with positions.edit(g) as s:
        s.tokens[idx(12)] = (("marquise", "wood"),)
    cat_actions(g)
    play(g, "build", "build_at:12", "building:sawmill")
    assert B.buildings_of(g.state, "marquise", idx(12)) == ["sawmill"] and g.state.tokens[idx(12)] == ()
    assert g.state.score[cat] == 1


@rule("LR-AG-32", "LR-AG-13", "LR-04-01-02")
def test_the_item_supply_is_where_crafted_items_come_from():
    """Crafting Anvil takes a hammer from the item supply (on the map) into the Crafted Items box; with no hammer
    in the item supply it cannot be crafted."""
    g = table()
    cat = seat(g, "marquise")
    put(g, "marquise", 1, buildings=["workshop"])
    hand(g, cat, ["fox_anvil"])
    with positions.edit(g) as s:
        s.items["hammer"] = 0
    start(g, cat, "daylight.start")
    assert "craft:fox_anvil" not in g.legal_action_ids()
    with positions.edit(g) as s:
        s.items["hammer"] = 1
    start(g, cat, "daylight.start")
    play(g, "craft:fox_anvil")
    assert g.state.items["hammer"] == 0 and "hammer" in g.state.crafted[cat]


# ---- cards: matching, play area, reveal, show ---------------------------------------------------------------

@rule("LR-AG-16", "LR-02-01-01")
def test_matching_is_the_same_suit_birds_being_wild():
    """Overwork at a sawmill in fox clearing 1 spends a card matching it: a fox card or a bird card (wild), never a
    rabbit or mouse card."""
    g = table()
    cat = seat(g, "marquise")
    put(g, "marquise", 1, buildings=["sawmill"])
    hand(g, cat, ["rabbit_bake_sale", "fox_anvil", "mouse_sword", "bird_crossbow"])
    cat_actions(g)
    play(g, "overwork")
    if g.decision == "marquise_overwork":
        play(g, "overwork_at:1")
    assert sorted(g.legal_action_ids()) == ["discard:bird_crossbow", "discard:fox_anvil"]


@rule("LR-AG-21")
def test_cards_in_the_play_area_are_not_spent():
    """A crafted bird card in her play area is neither spent for Overwork nor for an extra action; only a card in
    hand is."""
    g = table()
    cat = seat(g, "marquise")
    put(g, "marquise", 1, warriors=2, buildings=["sawmill"])  # warriors: a march to offer, so she is asked
    with positions.edit(g) as s:
        s.play_area[cat] = ("bird_armorers",)
    cat_actions(g)
    legal = g.legal_action_ids()
    assert "overwork" not in legal and not any(a.startswith("extra:") for a in legal)
    hand(g, cat, ["bird_sappers"])
    cat_actions(g)
    play(g, "overwork")
    if g.decision == "marquise_overwork":
        play(g, "overwork_at:1")
    assert g.legal_action_ids() == ["discard:bird_sappers"]
    play(g, "discard:bird_sappers")
    assert g.state.play_area[cat] == ("bird_armorers",)


@rule("LR-AG-25")
def test_reveal_puts_a_card_from_hand_face_up_in_the_play_area_for_all_to_see():
    """The Duchy builds a citadel by revealing a matching card: it leaves the hand and lies face up, in every seat's
    view, while the rest of the hand stays hidden."""
    g = table(("marquise", "eyrie", "duchy"))
    duchy = seat(g, "duchy")
    put(g, "duchy", 8, warriors=1)
    hand(g, duchy, ["fox_anvil", "rabbit_cobbler", "mouse_crossbow"])
    start(g, duchy, "daylight.start")
    play(g, "assembly:build", "building:citadel")
    if g.decision == "duchy_build_card":
        play(g, "reveal:fox_anvil")
    assert g.state.mods["duchy"].revealed == ["fox_anvil"] and "fox_anvil" not in g.state.hands[duchy]
    for viewer in (seat(g, "marquise"), seat(g, "eyrie"), None):
        view = g.view(viewer)
        assert view["duchy"]["revealed"] == ["fox_anvil"]
        assert "rabbit_cobbler" not in json.dumps(view["hands"])


@rule("LR-AG-29", "LR-13-02-04")
def test_show_lets_exactly_the_prompted_player_see_the_card():
    """Exposure: the Marquise shows the Corvids a matching card; the Corvids see which card, the Eyrie does not."""
    g = table(("marquise", "eyrie", "corvid"))
    cat, corvids, eyrie = seat(g, "marquise"), seat(g, "corvid"), seat(g, "eyrie")
    with positions.edit(g) as s:
        s.mods["corvid"] = CV.CorvidState()
        s.mods["corvid"].supply.remove("raid")
        s.mods["corvid"].facedown = {idx(8): "raid"}
        s.tokens[idx(8)] = (("corvid", "plot"),)
    put(g, "marquise", 8, warriors=2)
    hand(g, cat, ["fox_anvil", "bird_ambush", "mouse_sword"])
    cat_actions(g)
    play(g, "expose:8")
    play(g, "show:fox_anvil")
    play(g, "guess:raid")  # right: the card stays in her hand
    assert "fox_anvil" in g.state.hands[cat]
    assert "fox_anvil" in json.dumps(g.view(corvids))
    assert "fox_anvil" not in json.dumps(g.view(eyrie))


# ---- effects: swap, treat, cannot, force, ability, effect -----------------------------------------------------

@rule("LR-AG-33", "LR-13-05-04")
def test_swap_ignores_move_and_place_restrictions():
    """A Corvid trick swaps two face-down plots in clearings far apart, with no Corvid warrior near (no move could do
    it), one of them the keep's clearing where no plot could be placed."""
    g = table(("marquise", "corvid"))
    with positions.edit(g) as s:
        s.mods["marquise"].keep = idx(1)
        s.mods["corvid"] = CV.CorvidState()
        for kind in ("bomb", "raid"):
            s.mods["corvid"].supply.remove(kind)
        s.mods["corvid"].facedown = {idx(1): "bomb", idx(3): "raid"}
        s.tokens[idx(3)] = (("corvid", "plot"),)
    put(g, "marquise", 1, tokens=["keep"])
    with positions.edit(g) as s:
        s.tokens[idx(1)] = s.tokens[idx(1)] + (("corvid", "plot"),)
    put(g, "corvid", 3, warriors=1)
    assert not B.may_place(g.state, "corvid", idx(1)) and idx(3) not in B.neighbours(g.state, idx(1))
    start(g, seat(g, "corvid"), "daylight.start")
    while g.decision != "corvid_daylight":
        play(g, "done")
    assert "plot_at:1" not in g.legal_action_ids()
    play(g, "trick:3", "swap:1")
    assert g.state.mods["corvid"].facedown == {idx(1): "raid", idx(3): "bomb"}


@rule("LR-AG-35", "LR-11-02-07-03", "RTA-RF-05")
def test_treated_as_her_own_for_rule_mercenaries_stay_riverfolk_pieces():
    """Mercenaries the Marquise hired count as hers for rule and, where they stand alone for her, are no enemy
    pieces to her (she may battle the Alliance there, not them), yet they are still Riverfolk warriors: on the
    Riverfolk's count, not hers, and enemies to the Alliance."""
    g = table(("marquise", "alliance", "riverfolk"))
    cat = seat(g, "marquise")
    put(g, "riverfolk", 8, warriors=2)
    put(g, "alliance", 8, warriors=1)
    put(g, "marquise", 1, warriors=2)
    assert B.ruler(g.state, idx(8)) == "riverfolk"
    with positions.edit(g) as s:
        s.mods["riverfolk"].prices = {k: 1 for k in s.mods["riverfolk"].prices}
    hand(g, cat, ["fox_anvil"])
    start(g, cat, "birdsong.start")
    play(g, "buy:mercenaries")
    while g.decision in ("riverfolk_buy", "riverfolk_pay", "marquise_craft"):
        play(g, "done" if "done" in g.legal_action_ids() else g.legal_action_ids()[0])
    assert g.state.phase == "daylight"
    from boardlab.games.root import battle as BT
    assert B.ruler(g.state, idx(8)) == "marquise"
    assert BT.targets(g.state, "marquise", idx(8)) == ["alliance"]
    assert warriors(g, "riverfolk", 8) == 2 and warriors(g, "marquise", 8) == 0
    assert "riverfolk" in BT.targets(g.state, "alliance", idx(8))


@rule("LR-AG-04", "LR-01-01-02", "LR-13-07-02")
def test_cannot_wins_over_an_effect_that_says_place():
    """Recruit places a warrior at each recruiter and Birdsong a wood at each sawmill, but a face-up snare says
    enemy pieces cannot be placed in its clearing: the buildings there get none, and Overwork is not offered
    there."""
    g = table(("marquise", "corvid"))
    cat = seat(g, "marquise")
    put(g, "marquise", 8, buildings=["recruiter", "sawmill"])
    put(g, "marquise", 1, buildings=["recruiter"])
    put(g, "marquise", 12, buildings=["sawmill"])
    put(g, "corvid", 8, tokens=["snare"])
    assert not B.may_place(g.state, "marquise", idx(8))
    supply = g.state.supply["marquise"]
    hand(g, cat, ["fox_anvil"])
    cat_actions(g)
    play(g, "recruit")
    if g.decision == "marquise_recruit":
        assert "recruit_at:8" not in g.legal_action_ids()
        play(g, "recruit_at:1")
    assert warriors(g, "marquise", 8) == 0 and warriors(g, "marquise", 1) == 1
    assert g.state.supply["marquise"] == supply - 1
    play(g, "overwork")
    assert g.legal_action_ids() == ["overwork_at:12"]
    start(g, cat, "birdsong.start")
    assert B.tokens_of(g.state, "marquise", idx(8)) == [] and B.tokens_of(g.state, "marquise", idx(12)) == ["wood"]
    with positions.edit(g) as s:
        s.buildings[idx(1)] = ()  # her only recruiter left is under the snare: no Recruit to offer
    cat_actions(g)
    assert "recruit" not in g.legal_action_ids()


@rule("LR-AG-04", "LR-06-02-03", "LR-AH-02-02")
def test_cannot_wins_over_field_hospitals(monkeypatch):
    """Field Hospitals puts her removed warriors at the keep; while the uncontrolled Furious Protector stands there
    (its enemies cannot place pieces in its clearing) she is not offered to pay a card for it."""
    def battle_at_12(protector_at_keep: bool, monkeypatch):
        g = table(("marquise", "eyrie"), hirelings=["furious_protector", "popular_band", "exile"])
        cat = seat(g, "marquise")
        with positions.edit(g) as s:
            s.mods["marquise"].keep = idx(1)
            s.pawns["furious_protector"] = idx(1) if protector_at_keep else idx(3)
        put(g, "marquise", 1, tokens=["keep"])
        put(g, "marquise", 12, warriors=3)
        put(g, "eyrie", 12, warriors=3)
        hand(g, cat, ["fox_anvil"])
        dice(monkeypatch, 2, 1)
        cat_actions(g)
        play(g, "battle", "battle:12")
        while g.decision in ("ambush", "battle_effects"):
            play(g, next(a for a in ("pass", "done") if a in g.legal_action_ids()))
        return g
    assert battle_at_12(False, monkeypatch).decision == "field_hospitals"
    g = battle_at_12(True, monkeypatch)
    assert g.decision != "field_hospitals" and warriors(g, "marquise", 1) == 0
    assert g.state.hands[seat(g, "marquise")] == ["fox_anvil"]


@rule("LR-AG-12", "LR-01-05-05", "LR-17-02-04")
def test_a_forced_player_resolves_the_effect_as_its_own_choice():
    """Entreat: the Marquise forces the Council to flip a Governing assembly; the Council, not she, then chooses
    among what the effect allows (Loyalists placed there, a warrior into its Loyalists, or nothing)."""
    g = table(("marquise", "twilight"))
    council, cat = seat(g, "twilight"), seat(g, "marquise")
    put(g, "twilight", 7, warriors=1, tokens=(TC.GOVERNING,))
    put(g, "marquise", 8, warriors=2)  # a march to offer: her Daylight goes on after the Entreat
    with positions.edit(g) as s:
        s.mods["twilight"].loyalists = 1
    cat_actions(g)
    play(g, "tc_entreat:7")
    assert (g.decision, g.to_play) == ("twilight_entreat", council)
    assert set(g.legal_action_ids()) == {"tc_entreat_place:1", "tc_entreat_loyalist", "pass"}
    play(g, "tc_entreat_place:1")
    assert warriors(g, "twilight", 7) == 2 and g.to_play == cat


@rule("LR-AG-01", "LR-07-02-02", "LR-06-02-02")
def test_abilities_are_persistent_without_any_action():
    """Two faction abilities at work with nobody acting: the Eyrie's Lords of the Forest rules a tied clearing where
    it has a piece; the Marquise's keep bars every other faction from placing in its clearing."""
    g = table()
    put(g, "eyrie", 5, warriors=1)
    put(g, "marquise", 5, warriors=1)
    assert B.ruler(g.state, idx(5)) == "eyrie"
    with positions.edit(g) as s:
        s.mods["marquise"].keep = idx(9)
    put(g, "marquise", 9, tokens=["keep"])
    assert not B.may_place(g.state, "eyrie", idx(9)) and B.may_place(g.state, "marquise", idx(9))
    assert B.may_place(g.state, "eyrie", idx(5))


@rule("LR-AG-01", "LR-AH-02-02")
def test_a_hirelings_ability_is_persistent_for_its_controller():
    """A hireling's ability (the tree icon) is a persistent effect too: the Bluebird Nobles (the Last Dynasty's
    demoted side) make their controller rule where tied, whoever holds them, with no action taken."""
    g = table(("marquise", "alliance"), hirelings=["last_dynasty", "exile", "popular_band"])
    with positions.edit(g) as s:
        s.mods["last_dynasty"].demoted = True
    put(g, "marquise", 5, warriors=1)
    put(g, "alliance", 5, warriors=1)
    assert B.ruler(g.state, idx(5)) is None
    for holder, faction in ((seat(g, "marquise"), "marquise"), (seat(g, "alliance"), "alliance")):
        with positions.edit(g) as s:
            s.hired["last_dynasty"] = holder
        assert B.ruler(g.state, idx(5)) == faction


@rule("LR-AG-07", "LR-08-02-02", "LR-06-05-01")
def test_effects_abilities_persistent_cards_and_actions_change_the_game_and_say_so(monkeypatch):
    """One battle changed by an action (the Marquise's battle), a faction ability (the Alliance's Guerrilla War: the
    defender deals the higher roll) and a persistent effect (Brutal Tactics: one more hit, a point to the defender):
    each is in the log with the rule behind it."""
    g = table(("marquise", "alliance"))
    cat, wa = seat(g, "marquise"), seat(g, "alliance")
    put(g, "marquise", 12, warriors=3)
    put(g, "alliance", 12, warriors=3)
    with positions.edit(g) as s:
        s.play_area[cat] = ("bird_brutal_tactics",)
    dice(monkeypatch, 3, 1)
    cat_actions(g)
    since = len(g.state.events)
    play(g, "battle", "battle:12")
    while g.decision in ("ambush", "battle_effects"):
        legal = g.legal_action_ids()
        play(g, "effect:brutal_tactics" if "effect:brutal_tactics" in legal else
             next(a for a in ("pass", "done") if a in legal))
    rolls = [p for _, k, p in events(g, since) if k == "ev.roll"]
    assert rolls == [{"dice": [3, 1], "attacker": 1, "defender": 3}]
    assert warriors(g, "marquise", 12) == 0 and warriors(g, "alliance", 12) == 1  # 1 + Brutal Tactics' extra hit
    assert g.state.score[wa] == 1
    assert {"LR-06-05-01", "LR-08-02-02", "card:brutal_tactics"} <= rules_logged(g, since)
