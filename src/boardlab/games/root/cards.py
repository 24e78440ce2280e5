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
from .records import Craft, DrawChoice, HandLimit, RemovePieces, WarriorsReturned
from .state import RootState

HAND_LIMIT = 5  # LR-06-06, LR-07-06-02, LR-08-06-02, LR-09-06-03


# ---- the deck and the discard pile ------------------------------------------------------------------------

def draw(state: RootState, seat: int, n: int, rules: tuple[str, ...]) -> list[str]:
    """Draw `n` cards; an empty deck is reshuffled from the discard pile at once (LR-02-01). When a
    module offers the seat something instead (extension point `draw_options`: Informants), the
    draw becomes a decision (`DrawChoice`, pushed on the task stack) and nothing is drawn yet: a step
    that draws must run the task stack afterwards (`T.run_then`), as the factions' Evenings do.
    Nothing is drawn once the game is won (LR-03-01: it ends at once, even in the middle of a step)."""
    if state.over:
        return []
    options = extensions(state, "draw_options")
    if n > 0 and options and any(fn(state, seat, n) for fn in options):
        T.push(state, DrawChoice(seat, n, rules))
        return []
    return draw_now(state, seat, n, rules)


def draw_now(state: RootState, seat: int, n: int, rules: tuple[str, ...]) -> list[str]:
    """Draw `n` cards from the deck, with no module's choice."""
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
    """The discard pile, with what modules' piles give up (extension point `reshuffle_cards`: the Pond,
    LR-16-02-03-02), shuffled into the new deck."""
    more = [c for fn in extensions(state, "reshuffle_cards") for c in fn(state) or ()]
    if state.discard or more:
        cards = state.discard + more
        state.deck = state.shuffle(sorted(cards))
        state.conceal(*cards)
        state.discard = []
        state.log(("LR-02-01",), "ev.reshuffle", n=len(state.deck))


def to_pile(state: RootState, card: str) -> None:
    """A discarded or spent card goes to the discard pile; a dominance card goes near the map (LR-03-03-03);
    a module may take it instead (extension point `takes_discard`: the Lizard Cult's Lost Souls)."""
    for fn in extensions(state, "takes_discard"):
        if fn(state, card):
            return
    to_discard_pile(state, card)


def to_discard_pile(state: RootState, card: str) -> None:
    """The card onto the discard pile itself, or near the map if it is a dominance card (LR-03-03-03)."""
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
    below = state.tasks[-2] if len(state.tasks) > 1 else None
    if isinstance(below, DrawChoice) and below.seat == task.seat:  # the draw before it comes first
        state.tasks[-2], state.tasks[-1] = task, below
        return
    T.ask_or_done(state, task.seat, "discard", len(state.hands[task.seat]) > task.limit)


def _draw_options(state: RootState, seat: int, n: int) -> list[str]:
    return [i for fn in extensions(state, "draw_options") for i in fn(state, seat, n) or []]


@BASE.handler(DrawChoice)
def run_draw_choice(state: RootState, task: DrawChoice) -> None:
    if _draw_options(state, task.seat, task.n):
        T.ask(state, task.seat, "draw_choice")
    else:
        T.done(state)
        draw_now(state, task.seat, task.n, task.rules)


@BASE.task_decision("draw_choice", lambda state: ["draw"] + _draw_options(state, T.top(state).seat, T.top(state).n))
def apply_draw_choice(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "draw":
        draw_now(state, task.seat, task.n, task.rules)
    elif not any(fn(state, task.seat, action_id) for fn in extensions(state, "use_draw_option")):
        raise ValueError(f"unknown draw option {action_id!r}")


@BASE.task_decision("discard", lambda state: [A.discard_id(c) for c in dict.fromkeys(state.hands[T.top(state).seat])])
def apply_discard(state: RootState, action_id: str) -> None:
    task = T.top(state)
    discard(state, task.seat, A.arg(action_id), task.rules)


# ---- crafting (LR-04-01) ---------------------------------------------------------------------------------------

def available_suits(state: RootState, pieces: list[int] | tuple[int, ...], pool: str = "craft",
                    seat: int | None = None) -> Counter[str]:
    """The suits of crafting pieces not yet activated this turn (each once per turn, LR-04-01-01). `pool`: the
    pieces' own count of activations, for pieces that are not the seat's crafting pieces (the River Roamers'
    lilypads). `seat`: the crafter, for pieces it may not activate (extension point `blocks_crafting`)."""
    if seat is not None and extensions(state, "blocks_crafting"):
        pieces = [c for c in pieces if not crafting_blocked(state, seat, c)]
    counts: dict[str, int] = {}
    suits = state.suits
    if extensions(state, "clearing_suits"):  # a piece pays its clearing's first suit now (LR-16-02-01-01)
        suits = tuple(B.suits_at(state, c)[0] for c in range(len(suits)))
    for c in pieces:
        s = suits[c]
        counts[s] = counts.get(s, 0) + 1
    used = state.used
    spent = False
    if used and counts:
        for s, key in _used_keys(pool):
            n = used.get(key)
            if n and s in counts:
                counts[s] -= n
                spent = True
    return B.tally({s: n for s, n in counts.items() if n > 0} if spent else counts)


def crafting_blocked(state: RootState, seat: int, c: int) -> bool:
    """Whether the seat may not activate a crafting piece in `c` now (extension point `blocks_crafting`)."""
    return any(fn(state, seat, c) for fn in extensions(state, "blocks_crafting"))


def handling_blocked(state: RootState, seat: int, c: int) -> bool:
    """Whether the seat may not take or flip pieces in `c` now (extension point `blocks_handling`)."""
    return any(fn(state, seat, c) for fn in extensions(state, "blocks_handling"))


_USED_KEYS: dict[str, tuple[tuple[str, str], ...]] = {}  # pool -> (suit, its key in state.used), built once


def _used_keys(pool: str) -> tuple[tuple[str, str], ...]:
    keys = _USED_KEYS.get(pool)
    if keys is None:
        # frog: a clearing's suit under a Militant enclave (extension point `clearing_suits`, LR-16-02-01-01)
        keys = _USED_KEYS[pool] = tuple((s, f"{pool}:{s}") for s in SUITS + ("frog",))
    return keys


def fits(cost: tuple[str, ...], have: Counter[str], icons: tuple[str, ...] = ()) -> bool:
    """Whether the pieces `have` pay the cost, with at most one more icon per suit in `icons` each (modules'
    crafting icons: "bird" pays any suit)."""
    need, named, wild = _needs(cost)
    for s, n in need:
        if have[s] < n:
            break
    else:
        if sum(have.values()) - named >= wild:
            return True
    if not icons:
        return False
    icon, rest = icons[0], icons[1:]
    for s in set(cost):
        if s == "any" or icon in (s, "bird"):
            left = list(cost)
            left.remove(s)
            if fits(tuple(left), have, rest):
                return True
    return fits(cost, have, rest)


_NEEDS: dict[tuple[str, ...], tuple[tuple[tuple[str, int], ...], int, int]] = {}  # cost -> its counts, built once


def _needs(cost: tuple[str, ...]) -> tuple[tuple[tuple[str, int], ...], int, int]:
    """A cost's named suits with their counts, how many named, and how many "?" (any suit)."""
    found = _NEEDS.get(cost)
    if found is None:
        need = Counter(s for s in cost if s != "any")
        found = _NEEDS[cost] = (tuple(need.items()), sum(need.values()), cost.count("any"))
    return found


def crafting_icons(state: RootState, seat: int) -> tuple[str, ...]:
    """Icons the seat may pay with beyond its crafting pieces (extension point `crafting_icons`)."""
    answers = extensions(state, "crafting_icons")  # asked first: seldom any (no generator to make)
    return tuple(s for fn in answers for s in fn(state, seat) or ()) if answers else ()


def craftable(state: RootState, seat: int, card: str, have: Counter[str], icons: tuple[str, ...] = ()) -> bool:
    """Crafting pieces to pay, an item in the supply (LR-04-01-02), no identical persistent effect
    (LR-04-01-04); ambush and dominance cards cannot be crafted (LR-02-01-02/03)."""
    spec = CARDS[card]
    if spec.kind in ("ambush", "dominance", "plain") or not fits(spec.cost, have, icons):
        return False
    if spec.kind == "item":
        return state.items.get(spec.item or "", 0) > 0
    if spec.kind == "persistent":
        return all(CARDS[c].key != spec.key for c in state.play_area[seat])
    return True


def craft_options(state: RootState, seat: int, pieces: list[int] | None = None, pool: str = "craft") -> list[str]:
    pieces = faction(state, seat).crafting_pieces(state, seat) if pieces is None else pieces
    have, icons = available_suits(state, pieces, pool, seat), crafting_icons(state, seat)
    if not have and not icons:
        return []
    return [A.craft_id(c) for c in dict.fromkeys(state.hands[seat]) if craftable(state, seat, c, have, icons)]


def craft(seat: int, card: str, pieces: tuple[int, ...], pool: str = "craft") -> Craft:
    return Craft(seat, card, pieces, -1, pool)


@BASE.handler(Craft)
def run_craft(state: RootState, task: Craft) -> None:
    """Pay the named suits, then each "?" (asking which suit when there is a choice), then resolve. A named
    suit the pieces cannot pay is paid with a module's crafting icon (`use_crafting_icon`); a "?" may be."""
    spec = CARDS[task.card]
    if task.wild < 0:
        have = available_suits(state, task.pieces, task.pool, task.seat)
        for s in spec.cost:
            if s != "any" and have[s] > 0:
                have[s] -= 1
                _use(state, s, task.pool)
            elif s != "any":
                _use_icon(state, task.seat, s)
        T.replace(state, task._replace(wild=spec.cost.count("any")))
        return
    if task.wild > 0:
        choices = _any_options(state)
        if len(choices) > 1:
            T.ask(state, task.seat, "craft_any")
        else:
            apply_craft_any(state, choices[0])
        return
    T.done(state)
    resolve_craft(state, task.seat, task.card)


def _any_options(state: RootState) -> list[str]:
    """A "?" is paid with a crafting piece of any suit, or with a module's icon (`craft_icon`)."""
    task = T.top(state)
    out = [f"any:{s}" for s in sorted(available_suits(state, task.pieces, task.pool, task.seat))]
    return out + (["craft_icon"] if crafting_icons(state, task.seat) else [])


@BASE.task_decision("craft_any", _any_options)
def apply_craft_any(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "craft_icon":
        _use_icon(state, task.seat, "any")
    else:
        _use(state, A.arg(action_id), task.pool)
    T.replace(state, task._replace(wild=task.wild - 1))


def _use(state: RootState, suit: str, pool: str = "craft") -> None:
    key = f"{pool}:{suit}"
    state.used[key] = state.used.get(key, 0) + 1


def _use_icon(state: RootState, seat: int, suit: str) -> None:
    if not any(fn(state, seat, suit) for fn in extensions(state, "use_crafting_icon")):
        raise ValueError(f"no crafting icon pays {suit!r}")


def resolve_craft(state: RootState, seat: int, card: str) -> None:
    """The crafted card's effect (LR-04-01-02/03)."""
    spec = CARDS[card]
    state.hands[seat].remove(card)
    state.conceal(card)
    state.log(("LR-04-01", "LR-04-01-01"), "ev.craft", seat=seat, card=card)
    if spec.kind == "persistent":
        state.play_area[seat] = state.play_area[seat] + (card,)
        return
    if not (spec.kind == "item" and any(fn(state, seat, card) for fn in extensions(state, "keeps_crafted"))):
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
        T.push(state, *[t for fn in extensions(state, "item_crafted") for t in fn(state, seat, item) or []])
    elif spec.kind == "favor":
        favor(state, seat, spec.suit, f"card:{spec.key}")


def gain_item(state: RootState, seat: int, item: str, rules: tuple[str, ...]) -> None:
    """An item the seat gains into its Crafted Items box other than by crafting (the Brigand's Explore): the box, or
    the faction's own way (`Faction.gains_item`: the Hundreds' Hoard), whose tasks run next."""
    hook = faction(state, seat).gains_item
    if hook is None:
        state.crafted[seat] = state.crafted[seat] + (item,)
    else:
        T.push(state, *hook(state, seat, item, rules))


def public_hands(state: RootState) -> set[int]:
    """Seats whose hands every player sees (extension point `public_hands`: the Riverfolk's, LR-11-02-03)."""
    return {s for fn in extensions(state, "public_hands") for s in fn(state)}


def favor(state: RootState, seat: int, suit: str, rule: str) -> None:
    """Favor of the Foxes, Rabbits, Mice: remove all enemy pieces in clearings of the suit."""
    me = state.faction[seat]
    tasks = []
    for c in B.clearings_of_suit(state, suit):
        tasks += remove_all(state, seat, me, c, (rule,))
    T.push(state, *tasks)


def remove_all(state: RootState, seat: int, me: str, c: int, rules: tuple[str, ...], via: str = "") -> list:
    """The tasks of an effect removing all enemy pieces from a clearing: each enemy's removable pieces,
    and its `Faction.full_removal` answer (the Vagabond damages three items, LR-09-02-02-01). `me`: whose
    enemies (a faction, or a hireling acting: `via`, whose controller scores nothing, LR-AH-03-06)."""
    tasks: list = []
    own = B.warriors_as_own(state, me)  # hired mercenaries are no enemy pieces (the Glossary's "enemy piece")
    for owner in B.enemies_at(state, me, c):
        pieces = everything_of(state, owner, c, with_warriors=owner != own)
        if pieces:
            tasks.append(RemovePieces(seat, owner, c, pieces, False, rules, via))
        tasks += of(owner).full_removal(state, seat, c)
    return tasks


def everything_of(state: RootState, owner: str, c: int, with_warriors: bool = True) -> tuple[tuple[str, int], ...]:
    """All of a faction's removable pieces in a clearing: warriors, buildings, tokens (not pawns)."""
    out = {"warrior": B.warriors(state, owner, c) if with_warriors else 0}
    for pieces in (state.buildings[c], state.tokens[c]):
        for o, kind in pieces:
            if o == owner:
                out[kind] = out.get(kind, 0) + 1
    return tuple((k, n) for k, n in out.items() if n)


# ---- removing pieces (LR-01-05-04, LR-03-02-01) --------------------------------------------------------------------

@BASE.handler(RemovePieces)
def run_remove(state: RootState, task: RemovePieces) -> None:
    """Remove everything first, then score (1 per enemy building or token, a hireling's too, RT-HR-49; nothing
    when a hireling removed them, LR-AH-03-06 / RT-HR-48, nor for pieces an effect says score nothing, extension
    point `unscored_removal`) and trigger effects."""
    T.done(state)
    if kept(state, task.by_seat, task.via, task.owner, task.clearing):
        return
    pieces = task.pieces
    if task.in_battle and extensions(state, "captures"):  # prisoners are not removed (LR-18-02-06)
        pieces = captured(state, task)
    removed = remove_now(state, task.owner, task.clearing, pieces)
    if not removed:
        return
    state.log(task.rules, "ev.removed", owner=task.owner, clearing=task.clearing, pieces=[list(p) for p in removed],
              by=task.by_seat)
    returned = state.supply.get(task.owner, 0)  # before the hooks: a Captain leaving the supply is placed elsewhere
    later = []
    by = scorer = task.by_seat
    for fn in extensions(state, "scores_removal"):
        instead = fn(state, by, task.owner, task.clearing, tuple(removed), task.in_battle)
        scorer = scorer if instead is None else instead
    if scorer is not None and state.faction[scorer] != task.owner and not task.via:
        counted = scoring_pieces(state, task.owner, removed)
        scored = sum(n for k, n in counted if k != "warrior")
        scored += faction(state, scorer).removal_points(state, task.owner, counted, task.in_battle)
        for fn in extensions(state, "removal_bonus"):
            scored += fn(state, scorer, task.owner, counted, task.in_battle)
        S.score(state, scorer, scored, ("LR-03-02-01",) + task.rules)
    for fn in extensions(state, "removed"):
        later += fn(state, by, task.owner, task.clearing, removed, task.in_battle) or []
    warriors = sum(n for k, n in removed if k == "warrior")
    if warriors and extensions(state, "warriors_returned"):
        later.append(WarriorsReturned(task.owner, task.clearing, warriors, returned))
    T.push(state, *later)


def captured(state: RootState, task: RemovePieces) -> tuple[tuple[str, int], ...]:
    """The pieces of the removal left once modules took warriors as prisoners (extension point `captures`)."""
    warriors = sum(n for k, n in task.pieces if k == "warrior")
    taken = 0
    for fn in extensions(state, "captures"):
        if warriors > taken:
            taken += fn(state, task._replace(pieces=(("warrior", warriors - taken),)))
    if not taken:
        return task.pieces
    left = [(k, n - taken if k == "warrior" else n) for k, n in task.pieces]
    return tuple((k, n) for k, n in left if n)


def scoring_pieces(state: RootState, owner: str, removed: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The removed pieces that score as usual: all but the buildings and tokens an effect says score nothing
    (extension point `unscored_removal`: the Farmers' farms)."""
    answers = extensions(state, "unscored_removal")
    if not answers:
        return removed
    unscored = Counter(dict(p for fn in answers for p in fn(state, owner, tuple(removed))))
    if not unscored:
        return removed
    left = [(k, n - min(n, unscored[k])) for k, n in removed]
    return [(k, n) for k, n in left if n]


@BASE.handler(WarriorsReturned)
def run_warriors_returned(state: RootState, task: WarriorsReturned) -> None:
    """The removed warriors still in the supply: those not placed elsewhere since by the removal's own
    effects (Field Hospitals places them at the keep instead of the supply, LR-06-02-03)."""
    T.done(state)
    placed_since = max(0, task.supply - state.supply.get(task.owner, 0))
    still = min(task.n, max(0, task.n - placed_since))
    if still:
        T.push(state, *[t for fn in extensions(state, "warriors_returned")
                        for t in fn(state, task.owner, task.clearing, still) or []])


def kept(state: RootState, by_seat: int | None, via: str, owner: str, c: int) -> bool:
    """Whether a module keeps `owner`'s pieces in `c` from that remover (extension point `keeps_pieces`)."""
    answers = extensions(state, "keeps_pieces")  # asked first: seldom any (no generator to make)
    return bool(answers) and any(fn(state, by_seat, via, owner, c) for fn in answers)


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
