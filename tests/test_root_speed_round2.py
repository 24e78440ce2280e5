"""The second round of Root speed work (issue 12) keeps every answer a full count would give.

`board.rulers` now counts again only the clearings that differ from the board it answered last; `move.can_move`,
`move.origins`, `battle.can_battle` and `battle.battle_sites` answer in one loop when no module changes paths or
targets. Each test compares them
with a count from scratch (written here, from LR-02-05 and LR-07-02-02) or with the general path they shortcut,
on boards changed in place (a warrior removed in battle, a building destroyed, a warrior added by an effect),
on random games, and on states cloned, reloaded or left and come back to: a stale answer fails them.
"""
from __future__ import annotations

import random

import pytest

import boardlab
from boardlab.core import positions
from boardlab.games.root import battle as BT
from boardlab.games.root import board as B
from boardlab.games.root import move as MV
from boardlab.games.root.modules import eyrie as EY
from boardlab.games.root.program import of
from root_helpers import clear, idx, new, put, set_up


def counted_rulers(state) -> tuple:
    """Who rules each clearing, counted from scratch: the most warriors and buildings, a tie ruled by a tied
    faction that wins ties (LR-02-05, LR-07-02-02)."""
    out = []
    for c, pieces in enumerate(state.buildings):
        counts = {f: w[c] for f, w in state.warriors.items() if w[c]}
        for owner, _ in pieces:
            if owner:
                counts[owner] = counts.get(owner, 0) + 1
        best = max(counts.values(), default=0)
        top = [f for f, n in counts.items() if n == best and best]
        lords = [f for f in top if of(f).wins_rule_ties]
        out.append(top[0] if len(top) == 1 else lords[0] if len(lords) == 1 else None)
    return tuple(out)


def general_origins(state, faction: str) -> list[int]:
    rule = MV._rule_for(state, faction, False, None)
    w = state.warriors.get(faction) or []
    return [c for c in range(len(w)) if w[c] and MV._moves_from(state, faction, c, rule, every=False)]


def general_battle_sites(state, faction: str) -> list[int]:
    return [c for c in BT._with_fighters(state, faction, None) if BT.targets(state, faction, c)]


@pytest.mark.rule("LR-02-05", "LR-04-03")
def test_rule_follows_a_warrior_removed_in_battle():
    """Two Marquise warriors against two Alliance warriors: nobody rules (LR-02-05); one Alliance warrior removed
    (as a battle's hit removes it, in place) gives the Marquise rule, and removing both hers leaves it to the
    Alliance."""
    g = clear(set_up(new(("marquise", "alliance"))))
    put(g, "marquise", 3, warriors=2)
    put(g, "alliance", 3, warriors=2)
    assert B.rulers(g.state)[idx(3)] is None
    with positions.edit(g) as s:
        B.remove_warriors(s, "alliance", idx(3), 1)
    assert B.rulers(g.state)[idx(3)] == "marquise"
    with positions.edit(g) as s:
        B.remove_warriors(s, "marquise", idx(3), 2)
    assert B.rulers(g.state)[idx(3)] == "alliance"
    assert B.rulers(g.state) == counted_rulers(g.state)


@pytest.mark.rule("LR-02-05", "LR-07-02-02")
def test_rule_follows_a_building_destroyed_and_a_warrior_added():
    """A roost and one Eyrie warrior against two Marquise warriors: a tie the Eyrie wins (Lords of the Forest,
    LR-07-02-02). The roost destroyed: the Marquise rules (LR-02-05). A warrior added by an effect (in place)
    to the Eyrie ties again, and the Eyrie rules."""
    g = clear(set_up(new()))
    put(g, "marquise", 6, warriors=2)
    put(g, "eyrie", 6, warriors=1, buildings=["roost"])
    assert B.rulers(g.state)[idx(6)] == "eyrie"
    with positions.edit(g) as s:
        B.take_building(s, "eyrie", "roost", idx(6))
    assert B.rulers(g.state)[idx(6)] == "marquise"
    with positions.edit(g) as s:
        s.warriors["eyrie"][idx(6)] += 1
    assert B.rulers(g.state)[idx(6)] == "eyrie"
    assert B.rulers(g.state) == counted_rulers(g.state)


@pytest.mark.rule("LR-02-05")
def test_rule_of_a_clone_a_reload_and_an_earlier_state():
    """Rulers asked of a clone changed apart, of the game reloaded from its save, and of the original again, in
    turn: each answer is its own board's."""
    g = clear(set_up(new()))
    put(g, "marquise", 2, warriors=3)
    put(g, "eyrie", 7, warriors=1)
    twin = g.clone()
    with positions.edit(twin) as s:
        s.warriors["eyrie"][idx(2)] += 4
        s.buildings[idx(7)] = s.buildings[idx(7)] + (("marquise", "sawmill"), ("marquise", "workshop"))
    loaded = boardlab.load(g.save(snapshot=True), trust_snapshot=True)
    for _ in range(2):
        assert B.rulers(twin.state)[idx(2)] == "eyrie" and B.rulers(twin.state)[idx(7)] == "marquise"
        assert B.rulers(g.state)[idx(2)] == "marquise" and B.rulers(g.state)[idx(7)] == "eyrie"
        assert B.rulers(loaded.state) == B.rulers(g.state) == counted_rulers(g.state)
        assert B.rulers(twin.state) == counted_rulers(twin.state)


@pytest.mark.rule("LR-02-05", "LR-04-02-01", "LR-04-03", "LR-07-04-02")
@pytest.mark.parametrize("players,seed", [(4, 3), (5, 4), (3, 5)])
def test_random_games_rulers_moves_and_battles_as_counted(players, seed):
    """At every decision of a random game, and of an earlier state revisited every few decisions (a board far
    from the one asked about last): the rulers are the counted ones, and can_move / can_battle give what the
    general path gives (and so do origins / battle_sites), for every faction (a Vagabond's coalition included with
    five players); the Eyrie may add to the Decree exactly when it has cards to add (LR-07-04-02)."""
    factions = ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"][:players]
    g = boardlab.new_game("root", players, seed=seed, options={"factions": factions})
    pick = random.Random(seed)
    earlier = []
    while not g.is_over:
        for state in [g.state] + ([earlier[pick.randrange(len(earlier))].state] if g.state.turn % 3 == 0 and earlier
                                  else []):
            assert B.rulers(state) == counted_rulers(state)
            for f in factions:
                sites, origins = general_battle_sites(state, f), general_origins(state, f)
                assert BT.battle_sites(state, f) == sites and BT.can_battle(state, f) == bool(sites), f
                assert MV.origins(state, f) == origins and MV.can_move(state, f) == bool(origins), f
        eyrie = g.state.seat_of("eyrie")
        assert EY._may_add(g.state, eyrie) == bool(EY._cards_to_add(g.state, eyrie))  # LR-07-04-02
        if pick.random() < 0.02:
            earlier.append(g.clone())
        legal = g.legal_action_ids()
        g.apply(legal[pick.randrange(len(legal))])


@pytest.mark.rule("LR-09-06-04")
def test_carried_items_as_counted():
    """The items the Vagabond carries beyond his tracks (the capacity count, LR-09-06-04), as Counters count them:
    each kind and side, less the face-up items on each track; at every decision of random games with two
    Vagabonds."""
    from collections import Counter

    from boardlab.games.root.modules import vagabond_core as VC

    def counted(data):
        out = Counter((i[0], VC.side(i)) for i in data.items)
        for kind in VC.TRACKS:
            out[(kind, "up")] -= VC.on_track(data, kind)
        return +out

    for seed in range(3):
        g = boardlab.new_game("root", 5, seed=seed, options={"factions": ["marquise", "eyrie", "alliance", "vagabond",
                                                                           "vagabond2"]})
        pick = random.Random(seed)
        while not g.is_over:
            for name in ("vagabond", "vagabond2"):
                data = VC.V(g.state, name)
                assert list(VC.carried(data).items()) == list(counted(data).items())
            legal = g.legal_action_ids()
            g.apply(legal[pick.randrange(len(legal))])


@pytest.mark.rule("LR-06-02-02")
def test_placing_follows_the_active_modules():
    """`may_place` keeps the placing hooks of the modules it asked about last: the keep stops the Eyrie placing in
    its clearing in a game with the Marquise (LR-06-02-02), not in a game without her; the two games asked in turn."""
    cats = set_up(new(("marquise", "eyrie")))
    keep = cats.state.mods["marquise"].keep
    others = set_up(new(("eyrie", "alliance")))
    for _ in range(2):
        assert not B.may_place(cats.state, "eyrie", keep) and B.may_place(cats.state, "marquise", keep)
        assert B.may_place(others.state, "eyrie", keep)


@pytest.mark.rule("LR-03-03-01", "LR-03-03-04")
@pytest.mark.parametrize("players,seed,options", [(4, 6, {}), (5, 7, {}), (3, 8, {"deck": "exiles"})])
def test_phase_options_recognised_as_listed(players, seed, options):
    """`is_phase_option` answers no at once for an id that starts like none of the base game's phase options when no
    module adds any: at every decision of random games, it says yes exactly to the ids `phase_options` lists now
    (activating or taking a dominance card, LR-03-03-01/04, crafted cards' uses; the Exiles deck's own options)."""
    from boardlab.games.root import turn as TN

    factions = ["marquise", "eyrie", "alliance", "vagabond", "vagabond2"][:players]
    g = boardlab.new_game("root", players, seed=seed, options={"factions": factions, **options})
    pick = random.Random(seed)
    listed_any = False
    while not g.is_over:
        legal = g.legal_action_ids()
        seat = g.state.active
        listed = TN.phase_options(g.state, seat)
        listed_any = listed_any or bool(listed)
        for action_id in legal + listed:
            assert TN.is_phase_option(g.state, seat, action_id) == (action_id in listed), action_id
        g.apply(legal[pick.randrange(len(legal))])
    assert listed_any
