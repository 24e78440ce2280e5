"""The Riverfolk Company (LR-11): funds (warriors of any player in its boxes), trade posts scored as they are placed,
services other players buy at the start of their Birdsong (a card of its public hand, riverboats, mercenaries) at
the prices it sets, Swimmers, Protectionism, dividends, Export and Trade Disruption.

Setup (and its setup card, RTA-RF-03): 15 warriors, 4 of them in clearings touching a river, the 9 trade posts on
the Trade Posts tracks, 3 warriors in the Payments box, a price for each service. Birdsong: Protectionism, Score
Dividends, Gather Funds. Daylight: commit funds to move, battle, draw or craft (onto free spaces of the Trade Posts
tracks), spend funds to recruit in a river clearing or to establish a trade post with a garrison (two funds of the
clearing's ruler). Evening: hand limit, then set the prices.

The base rules reach the Company through its hooks: rivers are paths for it and its moves along them ignore rule
(extension points `adjacent`, `move_ignores_rule`), every other player may buy services at the start of its
Birdsong (`birdsong_start`), riverboats make rivers paths for the buyer (`adjacent`), mercenaries count for the
buyer's rule (`rule_bonus`) and battles (`battle_ally`, `ally_hits`, `spares_hostility`), its hand is public
(`public_hands`) and a removed trade post costs half its funds (`removed`). The Vagabond pays with items
(`Faction.service_items`).

State: `mods["riverfolk"]`: warriors by owner in the Payments, Funds and Committed boxes and on each Trade Posts
track's spaces, the trade posts removed from the game, the prices. Services bought this turn are in `state.used`
(`rf_bought`, `rf_boats`, `rf_mercs`: the turn's, so they end with it). Trade posts on the map are tokens of the
kind `trade_post` (a post's suit is its clearing's, RTA-RF-04). Everything of the Company is public, its hand too.
Choices the Law leaves open: RTA-RF-01..12 (docs/root-rulings.md, "Riverfolk Company"); the board's numbers:
data/factions/riverfolk.yaml.
"""
from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ....core import tasks as T
from ....core.actions import Segment, Vocabulary
from ....core.codec import register
from ....core.flow import RETURN
from ....core.state import Data
from ....core.tasks import record
from .. import actions as A
from .. import battle as BT
from .. import board as B
from .. import cards as K
from .. import move as MV
from .. import scoring as S
from .. import turn as TN
from ..content import CARDS, DECKS, FACTIONS, MAPS, faction_sheet
from ..program import Faction, faction
from ..state import RootState
from . import riverfolk_board

NAME = "riverfolk"
MODULE = Faction(NAME)
BOARD = faction_sheet(NAME)
SUITS = tuple(BOARD["suits"])
SERVICES = tuple(BOARD["services"])
PRICES = tuple(BOARD["prices"])
POST = "trade_post"
MERC_PHASES = ("daylight", "evening")  # LR-11-02-07-03
Rules = tuple[str, ...]


@register
class RiverfolkState(Data):
    __slots__ = ("payments", "funds", "committed", "tracks", "lost", "prices")

    def __init__(self) -> None:
        self.payments: dict[str, int] = {}      # owner -> its warriors in the Payments box (LR-11-02-06-01)
        self.funds: dict[str, int] = {}         # owner -> its warriors in the Funds box (LR-11-02-04)
        self.committed: dict[str, int] = {}     # owner -> its warriors in the Committed box (LR-11-05)
        self.tracks: dict[str, tuple[str, ...]] = {s: () for s in SUITS}  # owners of the warriors on each track's
        #                                         spaces, committed to crafting (LR-11-05-03)
        self.lost: dict[str, int] = {s: 0 for s in SUITS}   # trade posts removed from the game (LR-11-02-05-01)
        self.prices: dict[str, int] = {k: PRICES[0] for k in SERVICES}   # set at setup (LR-11-03-05)


MODULE.data = lambda state: RiverfolkState()


def R(state: RootState) -> RiverfolkState:
    return state.mods[NAME]


def seat(state: RootState) -> int:
    s = state.seat_of(NAME)
    assert s is not None
    return s


def add(box: dict[str, int], owner: str, n: int = 1) -> None:
    box[owner] = box.get(owner, 0) + n
    if not box[owner]:
        del box[owner]


def total(box: dict[str, int]) -> int:
    return sum(box.values())


# ---- rivers and trade posts -----------------------------------------------------------------------------------------

def rivers(state: RootState, c: int) -> tuple[int, ...]:
    """Clearings a river links to `c` (the Lake's lake counts, LR-AM-03-02)."""
    return MAPS[state.map].river_adj[c]


def river_clearings(state: RootState) -> list[int]:
    """Clearings a river touches."""
    return [c for c in range(len(state.suits)) if rivers(state, c)]


def posts_on_map(state: RootState, suit: str | None = None) -> list[int]:
    return [c for c in B.where(state, NAME, POST) if suit is None or state.suits[c] == suit]


def posts_left(state: RootState, suit: str) -> int:
    """Trade posts still on the suit's track (LR-11-03-03): those not on the map nor removed from the game."""
    return BOARD["trade_posts"] - len(posts_on_map(state, suit)) - R(state).lost[suit]


def uncovered(state: RootState, suit: str) -> int:
    """Spaces of the suit's track a trade post uncovered, once placed (removed or not: RTA-RF-06)."""
    return BOARD["trade_posts"] - posts_left(state, suit)


def free_spaces(state: RootState) -> Counter[str]:
    """Uncovered spaces without a warrior: what crafting may commit funds to (LR-11-02-01, LR-11-05-03)."""
    return B.tally({s: n for s in SUITS if (n := uncovered(state, s) - len(R(state).tracks[s])) > 0})


# ---- setup (LR-11-03) and its setup card (RTA-RF-03) ---------------------------------------------------------------------

@record
class RiverfolkSetup(NamedTuple):
    """Stages: warriors (`left` to place in river clearings), prices (one service after the other)."""
    seat: int
    stage: str
    left: int


@MODULE.step("riverfolk.setup")
def setup(state: RootState) -> str:
    """LR-11-03-01/03/04: the supply, the trade posts on their tracks, 3 warriors in the Payments box; the warriors
    on the map and the prices are decisions."""
    data = R(state)
    n = min(BOARD["start_payments"], state.supply[NAME])
    state.supply[NAME] -= n
    add(data.payments, NAME, n)
    state.log(("LR-11-03-01", "LR-11-03-03", "LR-11-03-04"), "ev.riverfolk.supplies", n=state.supply[NAME],
              posts=len(SUITS) * BOARD["trade_posts"], payments=n)
    return T.run_then(state, [RiverfolkSetup(seat(state), "warriors", BOARD["start_warriors"])], RETURN)


@MODULE.step("riverfolk.setup_advanced")
def setup_advanced(state: RootState) -> str:
    """Its setup card: the same as its own setup (RTA-RF-03)."""
    return setup(state)


def start_sites(state: RootState) -> list[int]:
    return [c for c in river_clearings(state) if B.may_place(state, NAME, c)] if state.supply[NAME] else []


def _setup_options(state: RootState, task: RiverfolkSetup) -> list[str]:
    if task.stage == "warriors":
        return [f"warrior_at:{A.clearing_id(c)}" for c in start_sites(state)] if task.left > 0 else []
    return [f"price:{task.stage}:{p}" for p in PRICES]


@MODULE.handler(RiverfolkSetup)
def run_setup(state: RootState, task: RiverfolkSetup) -> None:
    if task.stage == "warriors" and not _setup_options(state, task):
        T.replace(state, task._replace(stage=SERVICES[0]))
    elif task.stage == "warriors":
        T.ask(state, task.seat, "riverfolk_start")
    else:
        T.ask(state, task.seat, "riverfolk_start_price")


@MODULE.task_decision("riverfolk_start", lambda state: _setup_options(state, T.top(state)))
def apply_start(state: RootState, action_id: str) -> None:
    task = T.top(state)
    c = A.clearing_arg(action_id)
    B.place_warriors(state, NAME, c, 1)
    state.log(("LR-11-03-02",), "ev.riverfolk.start_warrior", clearing=c)
    T.replace(state, task._replace(left=task.left - 1))


@MODULE.task_decision("riverfolk_start_price", lambda state: _setup_options(state, T.top(state)))
def apply_start_price(state: RootState, action_id: str) -> None:
    task = T.top(state)
    _, service, price = action_id.split(":")
    set_price(state, service, int(price), ("LR-11-03-05",))
    later = SERVICES[SERVICES.index(service) + 1:]
    if later:
        T.replace(state, task._replace(stage=later[0]))
    else:
        T.done(state)


def set_price(state: RootState, service: str, price: int, rules: Rules) -> None:
    R(state).prices[service] = price
    state.log(rules, f"ev.riverfolk.price_{service}", price=price)


# ---- Birdsong (LR-11-04) --------------------------------------------------------------------------------------------------

@MODULE.step("riverfolk.birdsong")
def birdsong(state: RootState) -> str:
    """LR-11-04: Protectionism, Score Dividends, Gather Funds, in this order."""
    me = seat(state)
    protectionism(state)
    dividends(state, me)
    gather(state)
    return RETURN


def protectionism(state: RootState) -> None:
    """LR-11-04-01: an empty Payments box gets two warriors from the supply."""
    data = R(state)
    if total(data.payments):
        return
    n = min(BOARD["protectionism"], state.supply[NAME])
    state.supply[NAME] -= n
    add(data.payments, NAME, n)
    state.log(("LR-11-04", "LR-11-04-01"), "ev.riverfolk.protectionism", n=n)


def dividends(state: RootState, me: int) -> None:
    """LR-11-04-02: with a trade post on the map, a point per two funds (the Funds box alone)."""
    if not posts_on_map(state):
        return
    funds = total(R(state).funds)
    points = funds // BOARD["dividend_funds"]
    state.log(("LR-11-04-02",), "ev.riverfolk.dividends", n=funds, points=points)
    S.score(state, me, points, ("LR-11-04-02",))


def gather(state: RootState) -> None:
    """LR-11-04-03: every warrior on the board (Payments, Committed, the tracks' spaces) into the Funds box."""
    data = R(state)
    for box in (data.payments, data.committed):
        for owner, n in box.items():
            add(data.funds, owner, n)
        box.clear()
    for suit, owners in data.tracks.items():
        for owner in owners:
            add(data.funds, owner)
        data.tracks[suit] = ()
    state.log(("LR-11-04-03",), "ev.riverfolk.gathered", n=total(data.funds))


# ---- paying with funds (LR-11-05): commit, spend, craft onto the tracks, lose (Trade Disruption) ----------------------

@record
class RiverfolkPay(NamedTuple):
    """`left` funds to pay, one at a time: to the Committed box (`committed`), back to their owners' supplies
    (`spent`) or onto a track space (`track:SUIT`); `owner` "" lets the Company choose whose warrior; `then`: what
    the payment buys, done once it is paid."""
    seat: int
    left: int
    dest: str
    owner: str
    then: str
    rules: Rules


def payers(state: RootState, task: RiverfolkPay) -> list[str]:
    return sorted(o for o, n in R(state).funds.items() if n > 0 and task.owner in ("", o))


@MODULE.handler(RiverfolkPay)
def run_pay(state: RootState, task: RiverfolkPay) -> None:
    owners = payers(state, task) if task.left > 0 else []
    if len(owners) > 1:
        T.ask(state, task.seat, "riverfolk_fund")
    elif owners:
        pay_one(state, task, owners[0])
    else:
        T.done(state)
        bought(state, task)


@MODULE.task_decision("riverfolk_fund", lambda state: [f"fund:{o}" for o in payers(state, T.top(state))])
def apply_fund(state: RootState, action_id: str) -> None:
    pay_one(state, T.top(state), A.arg(action_id))


def pay_one(state: RootState, task: RiverfolkPay, owner: str) -> None:
    data = R(state)
    add(data.funds, owner, -1)
    if task.dest == "committed":
        add(data.committed, owner)
    elif task.dest == "spent":
        state.supply[owner] += 1  # back to its owner's supply (LR-11-05)
    else:
        suit = task.dest.split(":")[1]
        data.tracks[suit] = data.tracks[suit] + (owner,)
    state.log(task.rules, f"ev.riverfolk.{task.dest.split(':')[0]}", owner=owner)
    T.replace(state, task._replace(left=task.left - 1))


def bought(state: RootState, task: RiverfolkPay) -> None:
    """What the funds paid for, once paid."""
    head = A.head(task.then)
    me = task.seat
    if head == "move":
        T.push(state, MV.moves(me, NAME, 1, task.rules, must=True))
    elif head == "battle":
        T.push(state, BT.start(me, NAME, task.rules, must=True))
    elif head == "draw":
        K.draw(state, me, 1, task.rules)
    elif head == "recruit":
        T.push(state, RiverfolkRecruit(me))
    elif head == "establish":
        establish(state, me, A.clearing_arg(task.then))


def pay(me: int, n: int, dest: str, then: str, rules: Rules, owner: str = "") -> RiverfolkPay:
    return RiverfolkPay(me, n, dest, owner, then, rules)


# ---- Daylight (LR-11-05) ------------------------------------------------------------------------------------------------

@record
class RiverfolkDaylight(NamedTuple):
    seat: int


@MODULE.step("riverfolk.daylight")
def daylight(state: RootState) -> str:
    return T.run_then(state, [RiverfolkDaylight(seat(state))], RETURN)


def recruit_sites(state: RootState) -> list[int]:
    """LR-11-05-05: a clearing with a river it may place in, a warrior in its supply."""
    return start_sites(state)


def recruit_payer(state: RootState) -> str | None:
    """Whose fund Recruit spends: any ("") while a Company warrior is in the supply; else one of its own warriors,
    which the spending returns to its supply to be placed (RTA-RF-12); None: Recruit cannot be carried out."""
    if state.supply[NAME]:
        return "" if recruit_sites(state) else None
    placeable = any(B.may_place(state, NAME, c) for c in river_clearings(state))
    return NAME if placeable and R(state).funds.get(NAME, 0) else None


def establish_sites(state: RootState) -> list[int]:
    """LR-11-05-06-01/02: no trade post there, ruled by a player with two funds in the Funds box, a trade post of
    the clearing's suit left on its track, and the Company may place there."""
    funds, ruled = R(state).funds, B.rulers(state)
    out = []
    for c, ruler in enumerate(ruled):
        if (ruler in state.faction and funds.get(ruler, 0) >= BOARD["establish_cost"]
                and (NAME, POST) not in state.tokens[c] and posts_left(state, state.suits[c]) > 0
                and B.may_place(state, NAME, c)):
            out.append(c)
    return out


def craft_ids(state: RootState, me: int) -> list[str]:
    """LR-11-05-03: cards whose cost free track spaces pay, with a fund for each (ambush and dominance cards never,
    an item only if it is in the supply, no persistent effect twice: cards.craftable)."""
    have, funds = free_spaces(state), total(R(state).funds)
    if not have:
        return []
    return [A.craft_id(c) for c in dict.fromkeys(state.hands[me])
            if len(CARDS[c].cost) <= funds and K.craftable(state, me, c, have)]


def daylight_options(state: RootState, me: int) -> list[str]:
    funds = total(R(state).funds)
    out = []
    if funds >= BOARD["move_cost"] and MV.can_move(state, NAME):
        out.append("rf:move")
    if funds >= BOARD["battle_cost"] and BT.can_battle(state, NAME):
        out.append("rf:battle")
    if funds >= BOARD["draw_cost"] and (state.deck or state.discard):
        out.append("rf:draw")
    if funds >= BOARD["recruit_cost"] and recruit_payer(state) is not None:
        out.append("rf:recruit")
    out += [f"establish:{A.clearing_id(c)}" for c in establish_sites(state)]
    return out + craft_ids(state, me)


@MODULE.handler(RiverfolkDaylight)
def run_daylight(state: RootState, task: RiverfolkDaylight) -> None:
    T.ask_or_done(state, task.seat, "riverfolk_daylight", daylight_options(state, task.seat) + TN.phase_options(
        state, task.seat))


ACTION_RULES: dict[str, Rules] = {"move": ("LR-11-05", "LR-11-05-01"), "battle": ("LR-11-05", "LR-11-05-02"),
                                  "draw": ("LR-11-05", "LR-11-05-04"), "recruit": ("LR-11-05", "LR-11-05-05")}


@MODULE.task_decision("riverfolk_daylight", lambda state: daylight_options(state, T.top(state).seat)
                      + TN.phase_options(state, T.top(state).seat) + ["done"])
def apply_daylight(state: RootState, action_id: str) -> None:
    me = T.top(state).seat
    head = A.head(action_id)
    if action_id == "done":
        T.done(state)
    elif head == "rf":
        act = A.arg(action_id)
        dest = "spent" if act == "recruit" else "committed"
        owner = recruit_payer(state) if act == "recruit" else ""
        T.push(state, pay(me, BOARD[f"{act}_cost"], dest, act, ACTION_RULES[act], owner=owner or ""))
    elif head == "establish":
        c = A.clearing_arg(action_id)
        ruler = B.ruler(state, c)
        assert ruler is not None
        T.push(state, pay(me, BOARD["establish_cost"], "spent", action_id,
                          ("LR-11-05", "LR-11-05-06", "LR-11-05-06-01", "LR-11-05-06-02"), owner=ruler))
    elif head == "craft":
        card = A.arg(action_id)
        cost = tuple(sorted(CARDS[card].cost, key=lambda s: s == "any"))  # named suits first
        T.push(state, RiverfolkCraft(me, card, cost))
    else:
        TN.apply_phase_option(state, me, action_id)


@record
class RiverfolkRecruit(NamedTuple):
    seat: int


@MODULE.handler(RiverfolkRecruit)
def run_recruit(state: RootState, task: RiverfolkRecruit) -> None:
    sites = recruit_sites(state)
    if len(sites) == 1:
        recruit_at(state, sites[0])
    elif sites:
        T.ask(state, task.seat, "riverfolk_recruit")
    else:
        T.done(state)


@MODULE.task_decision("riverfolk_recruit", lambda state: [f"recruit_at:{A.clearing_id(c)}" for c in recruit_sites(
    state)])
def apply_recruit(state: RootState, action_id: str) -> None:
    recruit_at(state, A.clearing_arg(action_id))


def recruit_at(state: RootState, c: int) -> None:
    T.done(state)
    B.place_warriors(state, NAME, c, 1)
    state.log(("LR-11-05-05",), "ev.riverfolk.recruit", clearing=c)


def establish(state: RootState, me: int, c: int) -> None:
    """LR-11-05-06-03: the trade post of the clearing's suit and a warrior there; the points of the space it
    uncovers (RTA-RF-01)."""
    suit = state.suits[c]
    n = B.place_warriors(state, NAME, c, 1)
    k = uncovered(state, suit) + 1
    points = BOARD["post_points"][k - 1]
    state.log(("LR-11-05-06-03", "LR-11-02-05", "RTA-RF-01"), "ev.riverfolk.trade_post", clearing=c, suit=suit, n=n,
              points=points)
    B.add_token(state, NAME, POST, c)  # what placing triggers runs next
    S.score(state, me, points, ("LR-11-05-06-03", "LR-11-02-05"))


# ---- crafting (LR-11-02-01, LR-11-05-03) and Export (LR-11-05-03-01) ----------------------------------------------------

@record
class RiverfolkCraft(NamedTuple):
    """The cost's icons still to pay (named suits first), each a fund onto a free space of its suit; then the
    benefit or Export."""
    seat: int
    card: str
    left: tuple[str, ...]


def _any_suits(state: RootState) -> list[str]:
    return sorted(free_spaces(state))


@MODULE.handler(RiverfolkCraft)
def run_craft(state: RootState, task: RiverfolkCraft) -> None:
    if not task.left:
        T.ask(state, task.seat, "riverfolk_export")
    elif task.left[0] == "any" and len(_any_suits(state)) > 1:
        T.ask(state, task.seat, "riverfolk_craft_any")
    else:
        suit = _any_suits(state)[0] if task.left[0] == "any" else task.left[0]
        craft_icon(state, task, suit)


@MODULE.task_decision("riverfolk_craft_any", lambda state: [f"any:{s}" for s in _any_suits(state)])
def apply_craft_any(state: RootState, action_id: str) -> None:
    craft_icon(state, T.top(state), A.arg(action_id))


def craft_icon(state: RootState, task: RiverfolkCraft, suit: str) -> None:
    T.replace(state, task._replace(left=task.left[1:]))
    T.push(state, pay(task.seat, 1, f"track:{suit}", "", ("LR-11-02-01", "LR-11-05-03")))


@MODULE.task_decision("riverfolk_export", lambda state: ["benefit", "export"])
def apply_export(state: RootState, action_id: str) -> None:
    task = T.top(state)
    T.done(state)
    if action_id == "benefit":
        K.resolve_craft(state, task.seat, task.card)
        return
    state.hands[task.seat].remove(task.card)
    K.to_pile(state, task.card)
    data = R(state)
    n = min(BOARD["export_warriors"], state.supply[NAME])
    state.supply[NAME] -= n
    add(data.payments, NAME, n)
    state.log(("LR-11-05-03-01", "RTA-RF-07"), "ev.riverfolk.export", card=task.card, n=n)


# ---- Evening (LR-11-06) ---------------------------------------------------------------------------------------------------

@record
class RiverfolkEvening(NamedTuple):
    seat: int
    priced: tuple[str, ...]   # services whose marker it moved this Evening (each once, RTA-RF-08)


@MODULE.step("riverfolk.evening")
def evening(state: RootState) -> str:
    me = seat(state)
    limit = K.hand_limit(me, ("LR-11-06", "LR-11-06-01"), BOARD["hand_limit"])
    return T.run_then(state, [limit, RiverfolkEvening(me, ())], RETURN)  # discard first, then the prices


def price_options(state: RootState, task: RiverfolkEvening) -> list[str]:
    prices = R(state).prices
    return [f"price:{k}:{p}" for k in SERVICES if k not in task.priced for p in PRICES if p != prices[k]]


@MODULE.handler(RiverfolkEvening)
def run_evening(state: RootState, task: RiverfolkEvening) -> None:
    T.ask_or_done(state, task.seat, "riverfolk_price", price_options(state, task))


@MODULE.task_decision("riverfolk_price", lambda state: price_options(state, T.top(state)) + ["done"])
def apply_price(state: RootState, action_id: str) -> None:
    task = T.top(state)
    if action_id == "done":
        T.done(state)
        return
    _, service, price = action_id.split(":")
    set_price(state, service, int(price), ("LR-11-06", "LR-11-06-02", "RTA-RF-08"))
    T.replace(state, task._replace(priced=task.priced + (service,)))


# ---- buying services (LR-11-02-06, LR-11-02-07) -----------------------------------------------------------------------

@record
class RiverfolkBuy(NamedTuple):
    """At the start of the buyer's Birdsong: services to buy, one after the other."""
    seat: int


@record
class RiverfolkItems(NamedTuple):
    """The Vagabond pays a service by exhausting `left` items, one decision each (LR-11-02-06-03)."""
    seat: int
    left: int
    service: str


def at_birdsong(state: RootState, buyer: int) -> list:
    me = state.seat_of(NAME)
    return [] if me is None or buyer == me else [RiverfolkBuy(buyer)]


MODULE.answer("birdsong_start", at_birdsong)


def allowed(state: RootState, buyer: int) -> int:
    """LR-11-02-06-02: one service, plus one per clearing with a trade post and the buyer's pieces."""
    mine = state.faction[buyer]
    return BOARD["base_services"] + sum(1 for c in posts_on_map(state) if B.has_pieces(state, mine, c))


def can_pay(state: RootState, buyer: int, price: int) -> bool:
    """LR-11-02-06-01 / 03: warriors in its supply, or the Vagabond's ready items."""
    items = faction(state, buyer).service_items
    if items is not None:
        return len(items(state, buyer)) > 0 and sum(_ready_counts(state, buyer).values()) >= price
    return state.supply.get(state.faction[buyer], 0) >= price


def _ready_counts(state: RootState, buyer: int) -> Counter[str]:
    items = faction(state, buyer).service_items
    return Counter(items(state, buyer)) if items is not None else Counter()


def buy_options(state: RootState, buyer: int) -> list[str]:
    if state.used.get("rf_bought", 0) >= allowed(state, buyer):
        return []
    prices, out = R(state).prices, []
    if can_pay(state, buyer, prices["hand_card"]):
        out += [f"buy:hand_card:{c}" for c in dict.fromkeys(state.hands[seat(state)])]
    if not state.used.get("rf_boats") and can_pay(state, buyer, prices["riverboats"]):
        out.append("buy:riverboats")
    vagabond = faction(state, buyer).service_items is not None
    if not vagabond and not state.used.get("rf_mercs") and can_pay(state, buyer, prices["mercenaries"]):
        out.append("buy:mercenaries")  # not the Vagabond (LR-11-02-07-03-02)
    return out


@MODULE.handler(RiverfolkBuy)
def run_buy(state: RootState, task: RiverfolkBuy) -> None:
    T.ask_or_done(state, task.seat, "riverfolk_buy", buy_options(state, task.seat))


@MODULE.task_decision("riverfolk_buy", lambda state: buy_options(state, T.top(state).seat) + ["done"])
def apply_buy(state: RootState, action_id: str) -> None:
    buyer = T.top(state).seat
    if action_id == "done":
        T.done(state)
        return
    service = action_id.split(":", 1)[1]
    price = R(state).prices[service.split(":")[0]]
    state.used["rf_bought"] = state.used.get("rf_bought", 0) + 1
    if faction(state, buyer).service_items is not None:
        T.push(state, RiverfolkItems(buyer, price, service))
        return
    mine = state.faction[buyer]
    state.supply[mine] -= price
    add(R(state).payments, mine, price)
    state.log(("LR-11-02-06", "LR-11-02-06-01", "LR-11-02-06-02"), f"ev.riverfolk.paid_{service.split(':')[0]}",
              seat=buyer, n=price)
    deliver(state, buyer, service)


@MODULE.handler(RiverfolkItems)
def run_items(state: RootState, task: RiverfolkItems) -> None:
    if task.left <= 0:
        T.done(state)
        deliver(state, task.seat, task.service)
        return
    kinds = sorted(+_ready_counts(state, task.seat))
    if len(kinds) > 1:
        T.ask(state, task.seat, "riverfolk_items")
    else:
        exhaust_one(state, task, kinds[0])


@MODULE.task_decision("riverfolk_items", lambda state: [f"exhaust:{k}" for k in sorted(+_ready_counts(
    state, T.top(state).seat))])
def apply_items(state: RootState, action_id: str) -> None:
    exhaust_one(state, T.top(state), A.arg(action_id))


def exhaust_one(state: RootState, task: RiverfolkItems, kind: str) -> None:
    """An item exhausted: a Riverfolk warrior from its supply into the Payments box."""
    faction(state, task.seat).exhaust_for_service(state, task.seat, kind)
    n = min(1, state.supply[NAME])
    state.supply[NAME] -= n
    add(R(state).payments, NAME, n)
    state.log(("LR-11-02-06-03",), "ev.riverfolk.item_paid", seat=task.seat, item=kind, n=n)
    T.replace(state, task._replace(left=task.left - 1))


def deliver(state: RootState, buyer: int, service: str) -> None:
    kind = service.split(":")[0]
    if kind == "hand_card":
        card = service.split(":")[1]
        state.hands[seat(state)].remove(card)
        state.hands[buyer].append(card)
        state.reveal(card, range(state.players))  # it was face up: everyone knows where it went
        state.log(("LR-11-02-07", "LR-11-02-07-01"), "ev.riverfolk.card_bought", seat=buyer, card=card)
    elif kind == "riverboats":
        state.used["rf_boats"] = 1
        state.log(("LR-11-02-07", "LR-11-02-07-02"), "ev.riverfolk.riverboats", seat=buyer)
    else:
        state.used["rf_mercs"] = 1
        state.log(("LR-11-02-07", "LR-11-02-07-03"), "ev.riverfolk.mercenaries", seat=buyer)


# ---- Swimmers, riverboats (LR-11-02-02, LR-11-02-07-02) -------------------------------------------------------------------

def buyer_of(state: RootState, key: str) -> str | None:
    """The faction of the seat taking its turn if it bought that service this turn."""
    if not state.used or not state.used.get(key) or state.seat_of(NAME) is None:
        return None
    return state.faction[state.active]


def adjacent(state: RootState, f: str, c: int) -> tuple[int, ...]:
    """Rivers are paths for the Company (Swimmers) and, until the end of its turn, for a buyer of riverboats."""
    if f == NAME or f == buyer_of(state, "rf_boats"):
        return rivers(state, c)
    return ()


def river_move(state: RootState, f: str, origin: int, dest: int) -> bool:
    """LR-11-02-02: the Company's move along a river linking both clearings ignores rule."""
    return f == NAME and dest in rivers(state, origin)


MODULE.answer("adjacent", adjacent)
MODULE.answer("move_ignores_rule", river_move)


# ---- mercenaries (LR-11-02-07-03) -------------------------------------------------------------------------------------------

def merc_buyer(state: RootState) -> str | None:
    """The faction treating the Company's warriors as its own now: its buyer, in its Daylight and Evening."""
    if not state.used.get("rf_mercs"):  # none bought this turn (`buyer_of` says so too): asked for every clearing
        return None
    return buyer_of(state, "rf_mercs") if state.phase in MERC_PHASES else None


def rule_bonus(state: RootState, f: str, c: int) -> int:
    """The buyer counts the Company's warriors for rule, the Company does not (RTA-RF-05)."""
    if not state.used.get("rf_mercs"):  # `merc_buyer` is None: asked for every owner in every clearing
        return 0
    buyer = merc_buyer(state)
    if buyer is None or f not in (buyer, NAME):
        return 0
    n = state.warriors[NAME][c]
    return n if f == buyer else -n


def battle_ally(state: RootState, f: str) -> str | None:
    return NAME if f == merc_buyer(state) else None


def ally_hits(state: RootState, f: str, ally: str, c: int, hits: int) -> int:
    """LR-11-02-07-03-01: odd hits remove the buyer's own warriors while it has some, even hits the Company's while
    it has some; buildings and tokens only once no warrior of either is left (RTA-RF-09)."""
    if ally != NAME:
        return 0
    own, merc, taken = B.warriors(state, f, c), B.warriors(state, NAME, c), 0
    for k in range(1, hits + 1):
        if merc and (k % 2 == 0 or not own):
            merc, taken = merc - 1, taken + 1
        elif own:
            own -= 1
    return taken


def spares_hostility(state: RootState, owner: str, c: int) -> bool:
    """LR-11-02-07-03-02: mercenaries removed battling the Vagabond make him no enemy of the Company."""
    return owner == NAME and merc_buyer(state) is not None


MODULE.answer("rule_bonus", rule_bonus)
MODULE.answer("battle_ally", battle_ally)
MODULE.answer("ally_hits", ally_hits)
MODULE.answer("spares_hostility", spares_hostility)


# ---- the public hand (LR-11-02-03), Trade Disruption (LR-11-02-05-01) ------------------------------------------------------

def public_hands(state: RootState) -> tuple[int, ...]:
    me = state.seat_of(NAME)
    return () if me is None else (me,)


MODULE.answer("public_hands", public_hands)


def on_removed(state: RootState, by_seat: int | None, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    """Each trade post removed leaves the game and costs half the funds, rounded up (RTA-RF-10: the Company chooses
    whose)."""
    if owner != NAME:
        return []
    tasks = []
    for kind, n in pieces:
        if kind != POST:
            continue
        for _ in range(n):
            R(state).lost[state.suits[c]] += 1
            lose = (total(R(state).funds) + 1) // 2
            state.log(("LR-11-02-05-01", "RTA-RF-10"), "ev.riverfolk.disruption", clearing=c, n=lose)
            if lose:
                tasks.append(pay(seat(state), lose, "spent", "", ("LR-11-02-05-01",)))
    return tasks


MODULE.answer("removed", on_removed)


# ---- what everyone sees, bots, action ids ------------------------------------------------------------------------------

def view(state: RootState, full: dict) -> None:
    """All public (LR-11-02-03, RTA-RF-11): the hand, the boxes by owner, the tracks, the prices, the services of
    the turn."""
    data = state.mods.get(NAME)
    me = state.seat_of(NAME)
    if data is None or me is None or not state.suits:
        return
    tracks = {s: {"left": posts_left(state, s), "uncovered": uncovered(state, s), "lost": data.lost[s],
                  "warriors": list(data.tracks[s]),
                  "next_points": BOARD["post_points"][uncovered(state, s)] if posts_left(state, s) else None}
              for s in SUITS}
    other = state.active != me and state.phase != "setup"
    full[NAME] = {
        "hand": list(state.hands[me]), "payments": dict(data.payments), "funds": dict(data.funds),
        "committed": dict(data.committed), "tracks": tracks, "prices": dict(data.prices),
        "posts": {A.clearing_id(c): state.suits[c] for c in posts_on_map(state)},
        "turn": {"bought": state.used.get("rf_bought", 0) if other else 0,
                 "allowed": allowed(state, state.active) if other else 0,
                 "riverboats": bool(state.used.get("rf_boats")), "mercenaries": bool(state.used.get("rf_mercs"))},
    }


MODULE.view = view

FUND = 0.5          # a fund: an action, or half a point of dividends (tuning, not rules)
POST_VALUE = 0.8    # a trade post on the map: services bought, dividends on


def potential(state: RootState, s: int) -> float:
    """Its term in the position value: funds and warriors in its boxes, trade posts on the map."""
    if state.faction[s] != NAME:
        return 0.0
    data = R(state)
    board = total(data.funds) + total(data.payments) + total(data.committed)
    return FUND * board + POST_VALUE * len(posts_on_map(state))


MODULE.potential = potential


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play
    clearings = [A.clearing_id(c) for c in range(12)]
    ids = ["done", "benefit", "export", "rf:move", "rf:battle", "rf:draw", "rf:recruit"]
    ids += [f"price:{k}:{p}" for k in SERVICES for p in PRICES]
    ids += [f"buy:hand_card:{c}" for c in cards] + ["buy:riverboats", "buy:mercenaries"]
    ids += [f"fund:{f}" for f in FACTIONS]
    for h in ("warrior_at", "recruit_at", "establish"):
        ids += [f"{h}:{c}" for c in clearings]
    return [Vocabulary(ids + A.remove_ids((POST,)))]


MODULE.actions = actions
MODULE.forms = {"warrior_at": ("clearing",), "recruit_at": ("clearing",), "establish": ("clearing",),
                "fund": ("faction",), "price": ("word", "number"), "buy": ("word", "card"), "rf": ("word",)}

# the faction board on the terminal and web tables (riverfolk_board.py)
MODULE.lines = riverfolk_board.lines
MODULE.picture = riverfolk_board.picture
