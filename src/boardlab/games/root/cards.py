"""Cards: drawing and discarding (LR-02-01), hand limits, crafting (LR-04-01) and removing pieces with
its scoring and triggers (LR-01-05-04, LR-03-02-01)."""
from __future__ import annotations

from collections import Counter

from ...core import tasks as T
from . import actions as A
from . import board as B
from . import scoring as S
from .content import CARDS, SUITS
from .program import BASE, extensions, faction, of
from .records import Craft, HandLimit, RemovePieces
from .state import RootState

HAND_LIMIT = 5  # LR-06-06, LR-07-06-02, LR-08-06-02, LR-09-06-03


# ---- the deck and the discard pile ------------------------------------------------------------------------

def draw(state: RootState, seat: int, n: int, rules: tuple[str, ...]) -> list[str]:
    """Draw `n` cards; an empty deck is reshuffled from the discard pile at once (LR-02-01)."""
    drawn = []
    for _ in range(n):
        if not state.deck:
            reshuffle(state)
        if not state.deck:
            break
        card = state.deck.pop()
        state.hands[seat].append(card)
        drawn.append(card)
    if drawn:
        state.log(rules, "ev.draw", seat=seat, n=len(drawn))
        state.log(rules, "ev.draw_cards", to=(seat,), seat=seat, cards=drawn)
    return drawn


def reshuffle(state: RootState) -> None:
    if state.discard:
        state.deck = state.shuffle(sorted(state.discard))
        state.conceal(*state.discard)
        state.discard = []
        state.log(("LR-02-01",), "ev.reshuffle", n=len(state.deck))


def to_pile(state: RootState, card: str) -> None:
    """A discarded card goes to the discard pile; a dominance card goes near the map (LR-03-03-03)."""
    state.conceal(card)
    if CARDS[card].kind == "dominance":
        state.dominance_pool.append(card)
    else:
        state.discard.append(card)


def discard(state: RootState, seat: int, card: str, rules: tuple[str, ...]) -> None:
    state.hands[seat].remove(card)
    to_pile(state, card)
    state.log(rules, "ev.discard", seat=seat, card=card)


def matches(card: str, suit: str) -> bool:
    """A card matches a suit if it is of that suit or a bird (wild when spending, LR-02-01-01)."""
    s = CARDS[card].suit
    return s == suit or s == "bird"


def matching(state: RootState, seat: int, suit: str) -> list[str]:
    return [c for c in state.hands[seat] if matches(c, suit)]


def hand_limit(seat: int, rules: tuple[str, ...], limit: int = HAND_LIMIT) -> HandLimit:
    return HandLimit(seat, limit, rules)


@BASE.handler(HandLimit)
def run_hand_limit(state: RootState, task: HandLimit) -> None:
    T.ask_or_done(state, task.seat, "discard", len(state.hands[task.seat]) > task.limit)


@BASE.task_decision("discard", lambda state: [A.discard_id(c) for c in dict.fromkeys(state.hands[T.top(state).seat])])
def apply_discard(state: RootState, action_id: str) -> None:
    task = T.top(state)
    discard(state, task.seat, A.arg(action_id), task.rules)


# ---- crafting (LR-04-01) ---------------------------------------------------------------------------------------

def available_suits(state: RootState, pieces: list[int] | tuple[int, ...]) -> Counter[str]:
    """The suits of crafting pieces not yet activated this turn (each once per turn, LR-04-01-01)."""
    have = Counter(state.suits[c] for c in pieces)
    for s in SUITS:
        have[s] -= state.used.get(f"craft:{s}", 0)
    return +have


def fits(cost: tuple[str, ...], have: Counter[str]) -> bool:
    need = Counter(s for s in cost if s != "any")
    if any(have[s] < n for s, n in need.items()):
        return False
    return sum(have.values()) - sum(need.values()) >= cost.count("any")


def craftable(state: RootState, seat: int, card: str, have: Counter[str]) -> bool:
    """Crafting pieces to pay, an item in the supply (LR-04-01-02), no identical persistent effect
    (LR-04-01-04); ambush and dominance cards cannot be crafted (LR-02-01-02/03)."""
    spec = CARDS[card]
    if spec.kind in ("ambush", "dominance") or not fits(spec.cost, have):
        return False
    if spec.kind == "item":
        return state.items.get(spec.item or "", 0) > 0
    if spec.kind == "persistent":
        return all(CARDS[c].key != spec.key for c in state.play_area[seat])
    return True


def craft_options(state: RootState, seat: int, pieces: list[int] | None = None) -> list[str]:
    have = available_suits(state, faction(state, seat).crafting_pieces(state, seat) if pieces is None else pieces)
    if not have:
        return []
    return [A.craft_id(c) for c in dict.fromkeys(state.hands[seat]) if craftable(state, seat, c, have)]


def craft(seat: int, card: str, pieces: tuple[int, ...]) -> Craft:
    return Craft(seat, card, pieces, -1)


@BASE.handler(Craft)
def run_craft(state: RootState, task: Craft) -> None:
    """Pay the named suits, then each "?" (asking which suit when there is a choice), then resolve."""
    spec = CARDS[task.card]
    if task.wild < 0:
        for s in spec.cost:
            if s != "any":
                _use(state, s)
        T.replace(state, task._replace(wild=spec.cost.count("any")))
        return
    if task.wild > 0:
        suits = sorted(available_suits(state, task.pieces))
        if len(suits) > 1:
            T.ask(state, task.seat, "craft_any")
            return
        _use(state, suits[0])
        T.replace(state, task._replace(wild=task.wild - 1))
        return
    T.done(state)
    resolve_craft(state, task.seat, task.card)


@BASE.task_decision("craft_any", lambda state: [f"any:{s}" for s in sorted(available_suits(state, T.top(state).pieces))])
def apply_craft_any(state: RootState, action_id: str) -> None:
    task = T.top(state)
    _use(state, A.arg(action_id))
    T.replace(state, task._replace(wild=task.wild - 1))


def _use(state: RootState, suit: str) -> None:
    key = f"craft:{suit}"
    state.used[key] = state.used.get(key, 0) + 1


def resolve_craft(state: RootState, seat: int, card: str) -> None:
    """The crafted card's effect (LR-04-01-02/03)."""
    spec = CARDS[card]
    state.hands[seat].remove(card)
    state.conceal(card)
    state.log(("LR-04-01", "LR-04-01-01"), "ev.craft", seat=seat, card=card)
    if spec.kind == "persistent":
        state.play_area[seat] = state.play_area[seat] + (card,)
        return
    to_pile(state, card)
    if spec.kind == "item":
        item = spec.item or ""
        state.items[item] -= 1
        f = faction(state, seat)
        if f.takes_item is not None:
            f.takes_item(state, seat, item)
        else:
            state.crafted[seat] = state.crafted[seat] + (item,)
        state.log(("LR-04-01-02",), "ev.item", seat=seat, item=item)
        S.score(state, seat, f.item_points(state, seat, spec.vp), ("LR-03-02-02",))
    elif spec.kind == "favor":
        favor(state, seat, spec.suit, f"card:{spec.key}")


def favor(state: RootState, seat: int, suit: str, rule: str) -> None:
    """Favor of the Foxes, Rabbits, Mice: remove all enemy pieces in clearings of the suit."""
    tasks = []
    for c in B.clearings_of_suit(state, suit):
        tasks += remove_all_enemies(state, seat, c, (rule,))
    T.push(state, *tasks)


def remove_all_enemies(state: RootState, seat: int, c: int, rules: tuple[str, ...]) -> list:
    """The tasks that remove all enemy pieces from a clearing (a Favor card, the Alliance's Revolt): every
    removable piece of each enemy there, then what its faction does about such a removal
    (`Faction.fully_removed`: the Vagabond damages three items)."""
    me = state.faction[seat]
    tasks: list = []
    for owner in B.enemies_at(state, me, c):
        pieces = everything_of(state, owner, c)
        if pieces:
            tasks.append(RemovePieces(seat, owner, c, pieces, False, rules))
        hook = of(owner).fully_removed
        if hook is not None:
            tasks += hook(state, seat, c, rules)
    return tasks


def everything_of(state: RootState, owner: str, c: int) -> tuple[tuple[str, int], ...]:
    """All of a faction's removable pieces in a clearing: warriors, buildings, tokens (not pawns)."""
    out: Counter[str] = Counter()
    out["warrior"] = B.warriors(state, owner, c)
    out.update(B.buildings_of(state, owner, c))
    out.update(B.tokens_of(state, owner, c))
    return tuple((k, n) for k, n in out.items() if n)


# ---- removing pieces (LR-01-05-04, LR-03-02-01) --------------------------------------------------------------------

@BASE.handler(RemovePieces)
def run_remove(state: RootState, task: RemovePieces) -> None:
    """Remove everything first, then score (1 per enemy building or token) and trigger effects."""
    T.done(state)
    removed = remove_now(state, task.owner, task.clearing, task.pieces)
    if not removed:
        return
    state.log(task.rules, "ev.removed", owner=task.owner, clearing=task.clearing, pieces=[list(p) for p in removed],
              by=task.by_seat)
    later = []
    by = task.by_seat
    if by is not None and state.faction[by] != task.owner:
        scored = sum(n for k, n in removed if k != "warrior")
        scored += faction(state, by).removal_points(state, task.owner, removed, task.in_battle)
        S.score(state, by, scored, ("LR-03-02-01",) + task.rules)
    for fn in extensions(state, "removed"):
        later += fn(state, by, task.owner, task.clearing, removed, task.in_battle) or []
    T.push(state, *later)


def remove_now(state: RootState, owner: str, c: int, pieces: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
    out = []
    for kind, n in pieces:
        if kind == "warrior":
            n = B.remove_warriors(state, owner, c, n)
        else:
            have = B.buildings_of(state, owner, c).count(kind)
            for _ in range(min(n, have)):
                B.take_building(state, owner, kind, c)
            tok = B.tokens_of(state, owner, c).count(kind)
            for _ in range(min(n - min(n, have), tok)):
                B.take_token(state, owner, kind, c)
            n = min(n, have + tok)
        if n:
            out.append((kind, n))
    return out
