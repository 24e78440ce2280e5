"""Shared builders for Root rule tests.

A test sets up a game with real play (`new` + `set_up`), empties or edits the map where it needs a
precise position (`clear`, `put`, `hand`), then starts a phase of a seat's turn (`start`) and plays
action ids (`play`). Clearings are named by their printed number (1-12), as action ids name them;
the state stores index = number - 1 (`idx`).

State layout: src/boardlab/games/root/state.py (warriors[faction][clearing], buildings[clearing] and
tokens[clearing] as tuples of (faction, kind), pawns, hands, deck, discard, score, ...); each
faction's own data is `g.state.mods[faction]`.
"""
from __future__ import annotations

from typing import Any, Iterable

import boardlab
from boardlab.core import positions
from boardlab.games.root.content import FACTIONS
from boardlab.games.root.state import RUIN, RootState

PASSIVE = ("skip", "done", "pass")


def new(factions: Iterable[str] = ("marquise", "eyrie"), seed: int = 1, **options: Any):
    factions = list(factions)
    return boardlab.new_game("root", len(factions), seed=seed,
                             options={"factions": factions, "below_reach": True, **options})


def idx(number: int) -> int:
    return number - 1


def set_up(g, policy=None):
    """Play every setup decision (the first legal answer unless `policy` picks) until the first turn."""
    policy = policy or (lambda game: game.legal_action_ids()[0])
    for _ in range(500):
        if g.state.phase != "setup" or g.is_over:
            return g
        g.apply(policy(g))
    raise AssertionError("setup never ended")


def clear(g, keep_ruins: bool = True):
    """Take every piece off the map back to its supply (ruins stay unless told otherwise); a hireling's warriors
    too (its supply is what its pack holds beside the map)."""
    with positions.edit(g) as s:
        for f in s.warriors:
            s.supply[f] = FACTIONS[f].warriors if f in FACTIONS else s.supply[f] + sum(s.warriors[f])
            s.warriors[f] = [0] * len(s.warriors[f])
        s.buildings = [tuple(p for p in b if keep_ruins and p == RUIN) for b in s.buildings]
        s.tokens = [()] * len(s.tokens)
    return g


def empty_table(factions: Iterable[str] = ("marquise", "eyrie"), seed: int = 3, **options: Any):
    """A game after setup with an empty map (ruins kept, the keep gone), every hand and the discard pile empty (their
    cards back in the deck): the position faction tests start from."""
    g = clear(set_up(new(factions, seed=seed, **options)))
    with positions.edit(g) as s:
        if "marquise" in s.mods:
            s.mods["marquise"].keep = None
        s.deck.extend(s.discard)
        s.discard = []
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g


def put(g, faction: str, number: int, warriors: int = 0, buildings: Iterable[str] = (),
        tokens: Iterable[str] = ()):
    """Add pieces of `faction` to clearing `number` (warriors taken from its supply)."""
    c = idx(number)
    with positions.edit(g) as s:
        s.warriors[faction][c] += warriors
        s.supply[faction] -= warriors
        s.buildings[c] = s.buildings[c] + tuple((faction, k) for k in buildings)
        s.tokens[c] = s.tokens[c] + tuple((faction, k) for k in tokens)
    return g


def hand(g, seat: int, cards: Iterable[str]):
    """Give `seat` exactly these cards (taken out of the deck and discard where they are)."""
    cards = list(cards)
    with positions.edit(g) as s:
        for c in cards:
            for pile in (s.deck, s.discard, *s.hands):
                if c in pile:
                    pile.remove(c)
                    break
        s.deck.extend(s.hands[seat])
        s.hands[seat] = cards
    return g


def start(g, seat: int, step: str = "birdsong.start", phase: str | None = None):
    """Make `seat` the active player and run the flow from `step` (a turn's phase) to the next decision."""
    with positions.edit(g) as s:
        s.tasks = []
        s.stack = []
        s.active = seat
        s.phase = phase or step.partition(".")[0]
        s.used = {}
    return positions.run_from(g, step)


def play(g, *ids: str):
    """Apply action ids in order; fails with the legal list if one is not legal."""
    for a in ids:
        legal = g.legal_action_ids()
        assert a in legal, f"{a} not legal at {g.decision}: {legal}"
        g.apply(a)
    return g


def decline(g, until: str | None = None, limit: int = 200):
    """Answer `skip`/`done`/`pass` (first found) until the decision is `until` (or none can be declined)."""
    for _ in range(limit):
        if g.is_over or (until and g.decision == until):
            return g
        legal = g.legal_action_ids()
        word = next((w for w in PASSIVE if w in legal), None)
        if word is None:
            return g
        g.apply(word)
    raise AssertionError(f"never reached {until}")


def events(g, since: int = 0) -> list[tuple[tuple[str, ...], str, dict]]:
    return [(e.rules, e.key, e.params) for e in g.state.events[since:]]


def rules_logged(g, since: int = 0) -> set[str]:
    return {r for e in g.state.events[since:] for r in e.rules}


def warriors(g, faction: str, number: int) -> int:
    return g.state.warriors[faction][idx(number)]


def pieces(g, number: int) -> tuple:
    c = idx(number)
    return g.state.buildings[c] + g.state.tokens[c]


def past_crafting(g):
    """Leave a faction's crafting step if it is asked (it is skipped when nothing can be crafted)."""
    if g.decision in ("marquise_craft", "eyrie_craft"):
        g.apply("done")
    return g


def play_out(g, agent: str = "random", seed: int | None = None):
    """Play `g` to its end through `agents.choose`: one `agent` a seat seeded by its seat, or, given `seed`, one
    `agent` so seeded for every seat. Returns the game."""
    from boardlab.agents import choose, make_agent
    bots = [make_agent(agent, seed=s) for s in range(g.state.players)] if seed is None else None
    shared = make_agent(agent, seed=seed) if seed is not None else None
    while not g.is_over:
        g.apply(choose(shared if bots is None else bots[g.to_play], g))
    return g


def draft_offering(g, cards: tuple[str, ...]):
    """An Advanced Setup draft of three seats in order 0, 1, 2, about to choose among these setup cards (none locked
    or taken yet)."""
    with positions.edit(g) as s:
        s.order, s.first = (0, 1, 2), 0
        s.draft.cards, s.draft.locked, s.draft.taken = cards, None, {}
    positions.run_from(g, "advanced.choose")
    return g


def games_end(players: int, factions: list[str], options: dict, agents: Iterable[str] = ("random", "greedy")):
    """A game of this mix played by each kind of bot reaches its end (40 rounds at most, `turn_limit`)."""
    for agent in agents:
        g = boardlab.new_game("root", players, seed=4, options={"factions": factions, "below_reach": True,
                                                                "turn_limit": 40, **options})
        assert play_out(g, agent).is_over


def drafts_end(setup_cards: list[str], seeds: Iterable[int] = range(4)):
    """Random 4-player Advanced Setup drafts from these setup cards, with hirelings, reach their end (30 rounds at
    most)."""
    for seed in seeds:
        g = boardlab.new_game("root", 4, seed=seed, options={
            "setup": "advanced", "turn_limit": 30, "hirelings": "random", "setup_cards": setup_cards})
        assert play_out(g, "random", seed=seed).is_over


def render_and_click(mixes, steps: int = 250):
    """Random games of each (seed, factions, map) mix: at every decision the seat's picture makes exactly the
    legal ids naming a clearing, card, seat, faction or forest clickable; every 50 steps each seat's picture and
    text table render in the three languages."""
    import random

    from test_root_render import board as svg_of
    from test_root_render import clickables, legal_of, parse

    from boardlab.core.registry import ruleset
    from boardlab.games.root.render import render_board
    from boardlab.games.root.view import forms
    shapes = {"clearing", "card", "seat", "faction", "forest"}
    rules = ruleset("root")
    for seed, factions, map_name in mixes:
        g = boardlab.new_game("root", len(factions), seed=seed, options={"factions": factions, "below_reach": True,
                                                                          "map": map_name})
        rng = random.Random(seed)
        for step in range(steps):
            if g.is_over:
                break
            view = g.view(g.to_play)
            legal = legal_of(view)
            named = {a for a in legal if any(k in shapes for k in forms().get(a.split(":")[0], ())[:a.count(":")])}
            assert set().union(set(), *clickables(svg_of(view)).values()) == named, (seed, step, g.decision)
            if step % 50 == 0:
                for seat in [*range(len(factions)), None]:
                    for lang in ("en", "zh-Hant", "zh-Hans"):
                        parse(render_board(g.view(seat), lang))
                        assert rules.render_text(g.view(seat), lang)
            g.apply(rng.choice(g.legal_action_ids()))


def dice(monkeypatch, *rolls: int) -> None:
    """The next battle dice (the four-sided rolls) give these values, in order; later rolls are random again."""
    left = list(rolls)
    real = RootState.roll

    def roll(self, n):
        return left.pop(0) if left and n == 4 else real(self, n)
    monkeypatch.setattr(RootState, "roll", roll)
