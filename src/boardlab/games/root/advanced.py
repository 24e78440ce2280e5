"""The Advanced Setup (option `setup: advanced`): the Law's Appendix A (`LR-AA-*`) and seed 001's 高級設置
(`RT-AS-*`), with boardlab's rulings RTA-AS-* (docs/root-rulings.md, "Advanced Setup").

It is base game procedure, so base code: it reaches the factions only through their modules' step
`<key>.setup_advanced` (every faction module defines it) and the hirelings only through the extension
point `setup_hirelings` and the modules' `replaces` attribute (program.py).

The flow, after `game.setup` laid out the map, the ruins and the item supply (LR-AA-01, LR-05-01-04/05):
- `game.setup` seats the players in a random turn order (`state.order`, LR-AA-04, RT-AS-05), then
- `advanced.cards`: five cards each (LR-AA-07, RT-AS-08; two players: no dominance cards unless the
  option `two_player_dominance` keeps them, RTA-AS-02);
- `advanced.hirelings`: the hirelings' setup through `setup_hirelings` (LR-AA-06, RT-AS-09; nothing with
  `hirelings: off`);
- `advanced.factions`: with the option `factions`, the Standard Setup's factions (LR-AA-08: `setup.faction`);
  otherwise the setup cards are dealt (LR-AA-08-02, RT-AS-19..27) and
- `advanced.choose`: in reverse turn order each seat takes a card and sets its faction up at once
  (LR-AA-08-03, RT-AS-28..33): its module is switched on and its step `<key>.setup_advanced` runs;
- `advanced.markers`: score markers at 0 (LR-AA-09; the Vagabonds hook it to add their relationship markers);
- `advanced.keep`: each seat, in turn order, secretly keeps 3 of its cards (one decision a card, hidden in
  `draft.kept`); once all have chosen, the rest go back into the deck together (LR-AA-10, RT-AS-34/35);
- `advanced.end`: the first player takes the first turn (RT-AS-07).

`state.draft` (a `Draft`) holds the setup cards on the table, the locked card, the characters dealt beside
the Vagabond cards, who took which card and the secret choices of cards to keep; it is None outside the
Advanced Setup.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterable

from ...core import tasks as T
from ...core.codec import register
from ...core.flow import call
from ...core.state import Data
from . import board as B
from . import cards as K
from .content import CARDS, CHARACTERS, DECKS, FACTIONS, SETUP_CARDS
from .program import BASE, PROGRAM, extensions
from .state import RootState

DRAFT_HAND = 5   # LR-AA-07, RT-AS-08
KEEP = 3         # LR-AA-10, RT-AS-34
IMPLEMENTED = tuple(k for k, c in SETUP_CARDS.items() if c.implemented)
NOT_IMPLEMENTED = tuple(k for k, c in SETUP_CARDS.items() if not c.implemented)


@register
class Draft(Data):
    """The Advanced Setup's table: setup cards, the locked one, characters, choices (see the module)."""
    __slots__ = ("cards", "locked", "characters", "removed", "taken", "kept", "beside")

    def __init__(self) -> None:
        self.cards: tuple[str, ...] = ()          # setup cards dealt to the table, in deal order
        self.locked: str | None = None            # the last card dealt, if insurgent (LR-AA-08-02-02)
        self.characters: dict[str, str] = {}      # Vagabond setup card -> the character dealt beside it
        self.removed: tuple[str, ...] = ()        # setup cards returned to the box (hirelings, two players)
        self.taken: dict[int, str] = {}           # seat -> the setup card it took
        self.kept: dict[int, tuple[int, ...]] = {}  # seat -> the places in its hand of the cards it keeps (secret)
        self.beside: dict[str, tuple[str, ...]] = {}  # setup card -> the cards dealt beside it (the Knaves' Captains)


def is_advanced(options: dict) -> bool:
    return options.get("setup") == "advanced"


def drafting(options: dict) -> bool:
    """The faction draft (LR-AA-08-01..03), unless factions are chosen as in the Standard Setup (LR-AA-08)."""
    return is_advanced(options) and not options.get("factions")


# ---- the draft pool, for the options' checks and the action space ------------------------------------------------

def default_pool(players: int) -> list[str]:
    """RTA-AS-03: the implemented cards the Law recommends (one Vagabond card, LR-AA-08-01), with the
    others added when that pool is too small for the player count."""
    recommended = [k for k in IMPLEMENTED if SETUP_CARDS[k].recommended]
    if shortfall(players, recommended) is None:
        return recommended
    return list(IMPLEMENTED)


def shortfall(players: int, cards: Iterable[str], removed: Iterable[str] = (),
              keep_insurgents: bool = False) -> tuple[str, dict[str, Any]] | None:
    """Why this pool cannot be drafted (R-10), as a message key and its parameters, or None. `removed`:
    factions whose cards the hirelings return to the box (LR-AA-06-05)."""
    gone = set(removed)
    left = [c for c in cards if SETUP_CARDS[c].faction not in gone]
    two = players == 2 and not keep_insurgents
    if two:  # LR-AA-08-02-01, RT-AS-22
        left = [c for c in left if SETUP_CARDS[c].militant]
    about = {"players": players, "cards": ", ".join(left) or "-", "need": players + 1, "have": len(left),
             "implemented": ", ".join(IMPLEMENTED), "missing": ", ".join(NOT_IMPLEMENTED)}
    if not any(SETUP_CARDS[c].militant for c in left):  # LR-AA-08-02: a militant card is dealt first
        return "err.root.draft_militant", about
    if len(left) < players + 1:  # LR-AA-08-02, RT-AS-21: one card more than players
        return ("err.root.draft_short_two" if two else "err.root.draft_short"), about
    return None


def hireling_replaces(module: Any) -> tuple[str, ...]:
    """The factions a hireling module replaces: its `replaces` (a faction key, a tuple of them, or None)."""
    value = getattr(module, "replaces", None)
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def hireling_sets(value: Any) -> list[tuple[str, ...]]:
    """The factions each possible deal of the option `hirelings` replaces: `off` none; hirelings named, theirs;
    `random`, those of every three hireling modules (modules with a `replaces` attribute)."""
    if value == "off":
        return [()]
    registry = PROGRAM.registry
    assert registry is not None
    if value == "random":
        names = [n for n in registry.names() if hasattr(registry.get(n), "replaces")]
        trios: list[tuple[str, ...]] = list(combinations(names, 3))
    else:
        trios = [tuple(value)]
    return [tuple(f for n in trio for f in hireling_replaces(registry.get(n))) for trio in trios] or [()]


def replaced_in_play(state: RootState) -> tuple[str, ...]:
    """LR-AA-06-05, RT-AS-13: the factions that the hirelings in play replace."""
    return tuple(dict.fromkeys(f for m in PROGRAM.active(state) for f in hireling_replaces(m)))


# ---- seats (Step 4 of the Law, step 2 of the seed) ----------------------------------------------------------------

def begin(state: RootState, clearings: int) -> str:
    """LR-AA-04, RT-AS-05 (R-5): a random seating order, which is the turn order; its first seat plays first.
    The factions are drafted later, unless given (LR-AA-08: chosen as in the Standard Setup)."""
    chosen = state.options.get("factions")
    state.order = tuple(state.shuffle(list(range(state.players))))
    state.first = state.active = state.order[0]
    state.faction = tuple(chosen) if chosen else ("",) * state.players
    for f in state.faction:
        if f:
            add_faction(state, f, clearings)
    state.draft = Draft()
    state.log(("LR-AA-01", "LR-AA-02", "LR-AA-03", "LR-AA-04", "LR-AA-05", "RT-AS-04", "RT-AS-05", "RTA-AS-01",
               "RTA-AS-11", "RTA-AS-12"), "ev.adv.seats", seats=list(state.order), first=state.first)
    return "advanced.cards"


def add_faction(state: RootState, faction: str, clearings: int) -> None:
    state.warriors = {**state.warriors, faction: [0] * clearings}
    state.supply = {**state.supply, faction: FACTIONS[faction].warriors}


# ---- five cards (Step 7 of the Law, step 3 of the seed) ----------------------------------------------------------

@BASE.step("advanced.cards")
def deal_cards(state: RootState) -> str:
    """LR-AA-07, RT-AS-08: with two players the dominance cards leave the deck (R-10, RTA-AS-02: the option
    `two_player_dominance`), the deck is shuffled and everyone draws five."""
    cards = [c.id for c in DECKS[state.options.get("deck", "standard")]]
    if state.players == 2 and state.options.get("two_player_dominance", "remove") == "remove":
        cards = [c for c in cards if CARDS[c].kind != "dominance"]
    state.deck = state.shuffle(cards)
    for seat in state.order:
        K.draw(state, seat, DRAFT_HAND, ("LR-AA-07", "RT-AS-08", "RTA-AS-02", "RTA-AS-06"))
    return "advanced.hirelings"


# ---- hirelings (Step 6 of the Law, step 4 of the seed) ------------------------------------------------------------

@BASE.step("advanced.hirelings")
def set_up_hirelings(state: RootState) -> str:
    """LR-AA-06, RT-AS-09: the hirelings' setup (the extension point `setup_hirelings`, given the option's
    value); with `hirelings: off` nothing happens."""
    value = state.options.get("hirelings", "off")
    if value == "off":
        return "advanced.factions"
    tasks = [t for fn in extensions(state, "setup_hirelings") for t in fn(state, value) or []]
    return T.run_then(state, tasks, "advanced.factions")


# ---- the setup cards (Step 8.2 of the Law, step 5 of the seed) ------------------------------------------------------

@BASE.step("advanced.factions")
def set_up_factions(state: RootState) -> str:
    if not drafting(state.options):  # LR-AA-08: factions chosen and set up as in the Standard Setup
        state.log(("LR-AA-08", "RTA-AS-10"), "ev.adv.standard_factions", factions=list(state.faction))
        state.used = {"setup": 0}
        return "setup.faction"
    deal_setup_cards(state)
    return "advanced.choose"


def deal_setup_cards(state: RootState) -> None:
    """LR-AA-08-02 (RT-AS-19..21): one militant card, then one card per player from the other militant and
    all insurgent cards; the cards of factions the hirelings replace are returned first (LR-AA-06-05,
    RT-AS-13), and with two players the insurgent ones too (LR-AA-08-02-01, RT-AS-22/23)."""
    d = state.draft
    pool = list(state.options["setup_cards"])
    replaced = replaced_in_play(state)
    keep_insurgents = bool(state.options.get("keep_insurgents"))
    problem = shortfall(state.players, pool, replaced, keep_insurgents)
    if problem is not None:  # the options' check refuses these configurations; a hireling deal must too (R-10)
        raise RuntimeError(f"R-10: the setup cards cannot be dealt ({problem[0]}: {problem[1]})")
    back = [c for c in pool if SETUP_CARDS[c].faction in replaced]
    if state.players == 2 and not keep_insurgents:
        back += [c for c in pool if c not in back and not SETUP_CARDS[c].militant]
    left = [c for c in pool if c not in back]
    militant = state.shuffle([c for c in left if SETUP_CARDS[c].militant])
    rest = state.shuffle(militant[1:] + [c for c in left if not SETUP_CARDS[c].militant])
    d.cards = (militant[0],) + tuple(rest[:state.players])
    d.removed = tuple(back)
    last = d.cards[-1]
    d.locked = None if SETUP_CARDS[last].militant else last
    state.log(("LR-AA-08-02", "RT-AS-19", "RT-AS-20", "RT-AS-21", "RTA-AS-03") + (("LR-AA-06-05", "RT-AS-13") if replaced else ())
              + (("LR-AA-08-02-01", "RT-AS-22") if state.players == 2 else ()), "ev.adv.dealt",
              setup_cards=list(d.cards), removed_cards=list(d.removed))
    if d.locked:
        state.log(("LR-AA-08-02-02", "RT-AS-24"), "ev.adv.locked", setup_card=d.locked)
    deal_characters(state)
    deal_beside(state)


def deal_beside(state: RootState) -> None:
    """LR-AA-08-02-04: the cards a setup card names dealt at random face up beside it (four Knave Captains)."""
    d = state.draft
    for card in d.cards:
        spec = SETUP_CARDS[card]
        if spec.beside_dealt:
            d.beside = {**d.beside, card: tuple(state.shuffle(sorted(spec.beside))[:spec.beside_dealt])}
            state.log(("LR-AA-08-02-04",), "ev.adv.beside", setup_card=card, cards_beside=list(d.beside[card]))


def deal_characters(state: RootState) -> None:
    """LR-AA-08-02-03, RT-AS-26: a random character face up beside each Vagabond card dealt."""
    d = state.draft
    vagabonds = [c for c in d.cards if SETUP_CARDS[c].character]
    if not vagabonds:
        return
    deck = state.shuffle(sorted(CHARACTERS))
    d.characters = dict(zip(vagabonds, deck))
    for card, character in d.characters.items():
        state.log(("LR-AA-08-02-03", "RT-AS-26"), "ev.adv.character", setup_card=card, character=character)


# ---- choosing factions (Step 8.3 of the Law, step 6 of the seed) ---------------------------------------------------

def choosers(state: RootState) -> tuple[int, ...]:
    """LR-AA-08-03, RT-AS-06, RT-AS-28 (R-5): from the last player in turn order, in reverse turn order."""
    return tuple(reversed(state.order))


def chooser(state: RootState) -> int | None:
    taken = state.draft.taken
    return next((s for s in choosers(state) if s not in taken), None)


def choosable(state: RootState) -> list[str]:
    """The cards left on the table; the locked card only once a militant card was taken (LR-AA-08-02-02,
    RT-AS-25)."""
    d = state.draft
    taken = set(d.taken.values())
    militant_taken = any(SETUP_CARDS[c].militant for c in taken)
    return [c for c in d.cards if c not in taken and (c != d.locked or militant_taken)]


@BASE.step("advanced.choose")
def choose(state: RootState) -> str | None:
    seat = chooser(state)
    if seat is None:
        return "advanced.markers"
    state.active = seat
    state.pending = (seat, "setup_card")
    return None


@BASE.decision("setup_card", lambda state: [f"draft:{c}" for c in choosable(state)])
def take_card(state: RootState, action_id: str) -> str:
    """The seat takes the card and sets its faction up at once, before the next seat chooses (LR-AA-08-03,
    RT-AS-29): the faction's module is switched on and runs its step `<key>.setup_advanced`."""
    seat, card = state.pending[0], action_id.partition(":")[2]
    spec = SETUP_CARDS[card]
    module = next(m for m in (spec.modules or (spec.faction,)) if m not in state.faction)
    state.draft.taken = {**state.draft.taken, seat: card}
    state.faction = tuple(module if s == seat else f for s, f in enumerate(state.faction))
    add_faction(state, module, len(state.suits))
    PROGRAM.switch_on(state, module)
    state.log(("LR-AA-08-03", "RT-AS-28", "RT-AS-29") + (("RTA-AS-04",) if spec.character else ()), "ev.adv.take",
              seat=seat, setup_card=card, faction=module)
    character = state.draft.characters.get(card)
    if character:
        state.log(("LR-AA-08-02-03", "RT-AS-27"), "ev.adv.take_character", seat=seat, character=character)
    return call(state, f"{module}.setup_advanced", "advanced.choose")


def dealt_character(state: RootState, seat: int) -> str | None:
    """The character dealt beside the Vagabond card the seat took: the only one it may play (LR-AA-08-02-03,
    RT-AS-27); None outside the draft."""
    d = state.draft
    if d is None or seat not in d.taken:
        return None
    return d.characters.get(d.taken[seat])


# ---- homelands (Step 8.3 of the Law, the seed's 6.1) ----------------------------------------------------------------

def enemy_homelands(state: RootState, faction: str) -> set[int]:
    """Homelands other factions chose (every other faction is an enemy at setup)."""
    return {c for f, cs in state.homes.items() if f != faction for c in cs}


def may_be_homeland(state: RootState, faction: str, c: int) -> bool:
    """LR-AA-08-03-01, RT-AS-31/33: never an enemy's homeland, nor where the faction may not place pieces."""
    return c not in enemy_homelands(state, faction) and B.may_place(state, faction, c)


def paths_from(state: RootState, sources: set[int]) -> list[int | None]:
    """Each clearing's distance in paths from the nearest of `sources` (None: unreachable, or no source)."""
    dist: list[int | None] = [None] * len(state.suits)
    frontier = sorted(sources)
    for c in frontier:
        dist[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for d in B.neighbours(state, c):
                if dist[d] is None:
                    dist[d] = dist[c] + 1  # type: ignore[operator]
                    nxt.append(d)
        frontier = nxt
    return dist


def farthest(state: RootState, faction: str, candidates: Iterable[int], apart: int) -> list[int]:
    """LR-AA-08-03-02, RT-AS-32/33: the candidates at least `apart` paths from every enemy homeland (2: not
    adjacent; 3: two clearings between); if there are none, one path fewer, and so on, but never an enemy
    homeland itself."""
    ok = [c for c in candidates if may_be_homeland(state, faction, c)]
    dist = paths_from(state, enemy_homelands(state, faction))
    for need in range(apart, 0, -1):
        far = [c for c in ok if dist[c] is None or dist[c] >= need]  # type: ignore[operator]
        if far:
            return far
    return []


def connected_groups(state: RootState, clearings: Iterable[int], size: int) -> list[tuple[int, ...]]:
    """Groups of `size` clearings each adjacent to another of the group, linked as one (the Marquise's
    three homelands)."""
    return [g for g in combinations(sorted(clearings), size) if _linked(state, g)]


def _linked(state: RootState, group: tuple[int, ...]) -> bool:
    seen, todo = {group[0]}, [group[0]]
    while todo:
        c = todo.pop()
        for d in B.neighbours(state, c):
            if d in group and d not in seen:
                seen.add(d)
                todo.append(d)
    return len(seen) == len(group)


def no_room(state: RootState, faction: str) -> None:
    """RTA-AS-05: no clearing meets the faction's homeland conditions; it places nothing there."""
    state.log(("LR-AA-08-03-01", "RTA-AS-05"), "ev.adv.no_room", faction=faction)


# ---- score markers (Step 9 of the Law) ------------------------------------------------------------------------------

@BASE.step("advanced.markers")
def place_markers(state: RootState) -> str:
    """LR-AA-09: every score marker on 0 (modules add their own markers after this step: the Vagabonds'
    relationship markers for the factions drafted after them)."""
    state.score = [0] * state.players
    state.log(("LR-AA-09",), "ev.adv.markers")
    return "advanced.keep"


# ---- starting hands (Step 10 of the Law, step 7 of the seed) ---------------------------------------------------------

def to_keep(state: RootState, seat: int) -> int:
    return min(KEEP, len(state.hands[seat]))


def keeper(state: RootState) -> int | None:
    """The next seat in turn order still choosing its cards."""
    kept = state.draft.kept
    return next((s for s in state.order if len(kept.get(s, ())) < to_keep(state, s)), None)


@BASE.step("advanced.keep")
def keep_cards(state: RootState) -> str | None:
    """LR-AA-10, RT-AS-34: each seat in turn order chooses, one card at a time, the cards it keeps; its choice
    stays hidden from the others (`draft.kept`, a zone of its own) until everyone has chosen."""
    seat = keeper(state)
    if seat is None:
        return_cards(state)
        return "advanced.end"
    state.active = seat
    state.pending = (seat, "keep_cards")
    return None


def kept_cards(state: RootState, seat: int) -> list[str]:
    """The cards the seat chose to keep so far. A choice is kept as places in the hand, so that redrawing the
    hands a seat cannot see (bots) keeps every choice within its hand."""
    hand = state.hands[seat]
    return [hand[i] for i in state.draft.kept.get(seat, ())]


def keepable(state: RootState) -> list[str]:
    seat = state.pending[0]
    kept = state.draft.kept.get(seat, ())
    return [f"keep_card:{c}" for i, c in enumerate(state.hands[seat]) if i not in kept]


@BASE.decision("keep_cards", keepable)
def keep_card(state: RootState, action_id: str) -> str:
    seat, card = state.pending[0], action_id.partition(":")[2]
    place = state.hands[seat].index(card)
    state.draft.kept = {**state.draft.kept, seat: state.draft.kept.get(seat, ()) + (place,)}
    state.log(("LR-AA-10", "RT-AS-34", "RTA-AS-09"), "ev.adv.keep", to=(seat,), seat=seat, card=card)
    return "advanced.keep"


def return_cards(state: RootState) -> None:
    """LR-AA-10, RT-AS-35: the cards not kept go face down onto the deck, everyone's at once, and the deck is
    shuffled (R-10, RTA-AS-02: the option `returned_cards: top` leaves them on top, in turn order, each known
    to its former holder)."""
    shuffle = state.options.get("returned_cards", "shuffle") == "shuffle"
    back: list[str] = []
    for seat in state.order:
        kept = kept_cards(state, seat)
        mine = [c for c in state.hands[seat] if c not in kept]
        state.hands[seat] = [c for c in state.hands[seat] if c in kept]
        back += mine
        if not shuffle:
            for c in mine:
                state.reveal(c, (seat,))
    if shuffle:
        state.deck = state.shuffle(state.deck + back)
        state.conceal(*back)
    else:
        state.deck = state.deck + back
    state.draft.kept = {}
    state.log(("LR-AA-10", "RT-AS-34", "RT-AS-35", "RTA-AS-02", "RTA-AS-09"), "ev.adv.returned",
              n=len(back), shuffled=shuffle)


@BASE.step("advanced.end")
def end(state: RootState) -> str:
    """RT-AS-07: the first player, who set up last, takes the first turn."""
    state.draft = None
    state.used = {}
    state.active = state.first
    state.log(("RT-AS-06", "RT-AS-07", "LR-AA-08-03"), "ev.adv.first", seat=state.first)
    return "turn.start"


# ---- what the seats see -------------------------------------------------------------------------------------------

def view(state: RootState) -> dict | None:
    """The setup cards on the table, the locked card, the characters beside the Vagabond cards, the cards
    returned to the box, who took which card, whose choice it is, and the secret choices of cards to keep
    (`draft.kept.*`: each seat sees only its own)."""
    d = state.draft
    if d is None:
        return None
    choosing = state.pending[0] if state.pending and state.pending[1] == "setup_card" else None
    return {
        "setup_cards": list(d.cards), "locked": d.locked, "characters": dict(d.characters),
        "removed": list(d.removed), "taken": {str(s): c for s, c in d.taken.items()},
        "chooser": choosing, "choosers": list(choosers(state)) if d.cards else [],
        "kept": {str(s): kept_cards(state, s) for s in d.kept},
        **({"beside": {c: list(ks) for c, ks in d.beside.items()}} if d.beside else {}),
    }

