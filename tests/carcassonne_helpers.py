"""Shared scripted-position builders for the Carcassonne rule tests.

Coordinates: x east, y north; the start tile D sits at 0,0 with its city to the north and
its road running west-east. A tile rotation R turns the tile-table orientation R quarter
turns clockwise, so side N goes to E for R=1 (tile letters and edges: tiles.yaml).

Only the public API of `boardlab` is used to play. Two things are read or set on the state
directly, always documented where a test does it:
- `end_after_scripted_tiles`: cut the face-down deck down to the scripted `draw_order`
  tiles, so the game ends (and final scoring runs) right after them instead of after
  71 tiles;
- `g.state.score[...]`: a starting score for the wonder tests, so that a short scripted
  scoring reaches the 10/15/20/25 spaces.
"""
from __future__ import annotations

import boardlab

WONDERS_OF_SET_I = ("notre_dame", "stonehenge", "circus_maximus", "alhambra")


# ---- starting games ------------------------------------------------------------------------

def allow_later_wonder_sets(monkeypatch, players: int = 5) -> None:
    """Ruling C-12: the first set of wonders is for at most 4 players (CW-33, refused above that),
    but the rules for 5 or more stay implemented for later sets; a test of those rules raises the
    limit as a later set would."""
    import boardlab.games.carcassonne as carcassonne
    monkeypatch.setattr(carcassonne, "WONDERS_MAX_PLAYERS", players)


def new_game(players: int = 2, order=(), *, wonders=None, seed: int = 1, end: bool = False):
    """A game whose first tiles after the start tile are `order` (in that order).

    `wonders`: None for the base game, else the list of wonders in play (expansion on).
    `end=True`: the deck holds only the scripted tiles, so the game ends after the last
    of them (see `end_after_scripted_tiles`).
    """
    options = {"draw_order": list(order)}
    if wonders is not None:
        options["expansions"] = ["wonders"]
        options["wonders"] = list(wonders)
    g = boardlab.new_game("carcassonne", players=players, seed=seed, options=options)
    if end:
        end_after_scripted_tiles(g, len(order))
    return g


def end_after_scripted_tiles(g, scripted: int) -> None:
    """Drop every unscripted tile from the face-down deck (test set-up, not play).

    The game object draws the first tile as soon as it is created, so the first scripted
    tile is already in hand and the deck's last `scripted - 1` entries (the next draw is
    `deck[-1]`) are the other scripted tiles.
    """
    assert g.state.hand is not None and g.state.deck, "call this right after creating the game"
    keep = scripted - 1
    g.state.deck = g.state.deck[len(g.state.deck) - keep:] if keep else []
    g.forget_legal()  # the cached legal list belongs to the untouched state


# ---- playing ---------------------------------------------------------------------------------

def turn(g, place: str, meeple: str | None = None) -> None:
    """Play one normal turn: place the drawn tile, then a follower (`None`: place none).

    If `meeple` is given the follower decision must be offered; with `None` a pending
    follower decision of the same seat is answered with `pass`.
    """
    assert g.decision == "place", f"expected a tile placement, got {g.decision}"
    seat = g.to_play
    g.apply(place)
    if meeple is not None and meeple != "pass":
        assert (g.to_play, g.decision) == (seat, "meeple"), f"no follower decision for {meeple}"
        g.apply(meeple)
    elif g.to_play == seat and g.decision == "meeple":
        g.apply("pass")


def place_wonder(g, action: str, *meeples: str) -> None:
    """Place the held wonder, then up to two followers on it (the rest: `pass`)."""
    assert g.decision == "wonder", f"expected a wonder placement, got {g.decision}"
    seat = g.to_play
    g.apply(action)
    for m in meeples:
        assert (g.to_play, g.decision) == (seat, "wonder_meeple"), f"no follower decision for {m}"
        g.apply(m)
    if (g.to_play, g.decision) == (seat, "wonder_meeple"):
        g.apply("pass")


def pick(g, wonder: str) -> None:
    assert g.decision == "wonder_pick", f"expected a wonder pick, got {g.decision}"
    g.apply(f"pick:{wonder}")


def claim_first_wonder(g, seat: int, wonder: str, place: str, meeple: str | None = None) -> None:
    """Give `seat` (the seat to play) a start of 10 points, play `place`, take `wonder`.

    The 10 points are set directly (test set-up): reaching the 10 space by scripted
    scoring takes many turns and is covered on its own by the claim tests.
    """
    assert g.to_play == seat and g.decision == "place"
    g.state.score[seat] = 10
    turn(g, place, meeple)
    pick(g, wonder)


# ---- reading results --------------------------------------------------------------------------

def events(g, key: str | None = None, start: int = 0) -> list:
    """Events from index `start` on, optionally only those with `key` (prefix match if it ends with '.')."""
    out = g.events[start:]
    if key is None:
        return out
    if key.endswith("."):
        return [e for e in out if e.key.startswith(key)]
    return [e for e in out if e.key == key]


def scored(g, start: int = 0) -> list[tuple[str, int, int]]:
    """(event key, seat, points) of every scoring event from `start` on, in order."""
    return [(e.key, e.params["seat"], e.params["points"]) for e in g.events[start:] if "points" in e.params]


def index_of(g, key: str) -> int:
    for i, e in enumerate(g.events):
        if e.key == key:
            return i
    raise AssertionError(f"no event {key}")


def supply(g) -> list[int]:
    return list(g.state.supply)


def occupied_cells(g) -> set[tuple[int, int]]:
    """Every map space holding a tile or a square of a wonder."""
    from boardlab.games.carcassonne.content import xy
    return {xy(p) for p in g.state.board}


def render(g) -> str:
    """A small text map for debugging a failing scenario: letter+rotation per cell."""
    from boardlab.games.carcassonne.content import xy
    cells = {}
    for idx, (name, anchor, rot, owner) in enumerate(g.state.placed):
        for p, i in g.state.board.items():
            if i == idx:
                cells[xy(p)] = (name[:2] if owner >= 0 else name) + str(rot)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    rows = []
    for y in range(max(ys), min(ys) - 1, -1):
        rows.append(f"{y:>3} " + " ".join(f"{cells.get((x, y), '.'):>3}" for x in range(min(xs), max(xs) + 1)))
    rows.append("    " + " ".join(f"{x:>3}" for x in range(min(xs), max(xs) + 1)))
    return "\n".join(rows)
