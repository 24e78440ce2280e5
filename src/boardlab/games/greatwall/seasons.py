"""Setup, Autumn, Winter and Summer, and final scoring (the battles are in spring.py)."""
from __future__ import annotations

from ...core.flow import GAME_OVER
from . import actions as A
from . import mechanics as M
from . import tasks as T
from .content import RESOURCES
from .data_tables import (ADVISORS, ARTIFACTS, BOARD, CLAN_CARDS, CLANS, COMMANDS, GENERALS, HORDES, LOCS,
                          TACTICS, in_play, vector)
from .effects import can_matter, effect_tasks, measure
from .generals import trigger
from .records import (Activations, AdvisorOption, BottomEffect, BuildWall, DiscardCommand, HandLimit, Income,
                      Invasion, SecondaryClerk, SummerPick)
from .state import GWState, SECONDARY, SPEARMAN
from .tasks import BASE

# ---- setup (GW-SETUP-*, GW-TWOP-01..04) ------------------------------------------------------------


def new_state(players: int, seed: int, sets: tuple[str, ...] = ("base",), options: dict | None = None) -> GWState:
    s = GWState(players, seed, options)
    s.sets = sets
    n = players
    five = players == 5
    s.year, s.season = 1, "setup"
    s.res = [tuple(vector(BOARD.starting_resources_5p if five else BOARD.starting_resources))] * n
    s.honor = [BOARD.starting_honor] * n
    post = len(M.clerk_prices(players))
    s.clerks = [BOARD.clerks - post] * n
    s.post_clerks = [post] * n
    s.soldiers = [tuple(BOARD.soldiers[u] for u in ("spearman", "archer", "horseman"))] * n
    s.general, s.general_offer = [None] * n, [()] * n
    s.cmd_hand, s.cmd_deck = [()] * n, [()] * n
    s.advisors, s.tactics, s.kept = [()] * n, [()] * n, [()] * n
    s.donated, s.forts_built, s.walls_built = [0] * n, [0] * n, [0] * n
    s.tea, s.leader = list(range(n)), list(range(n))
    s.clerks_on = {loc: () for loc in LOCS if LOCS[loc].scenario is None}  # scenarios add theirs (D24)
    s.overseers = {loc: (0,) * n for loc, spec in LOCS.items() if spec.overseer}
    s.overseer_units = {loc: (None,) * n for loc in s.overseers}  # the soldier each Overseer was (GW-OVERSEER-02)
    s.wall, s.forts = [0] * BOARD.sections, [0] * BOARD.sections
    s.archers, s.behind = [()] * BOARD.sections, [()] * BOARD.sections
    s.hordes = [None] * (BOARD.sections * BOARD.horde_rows)
    s.warehouse = (0, 0, 0)
    s.secondary_honor, s.secondary_spearmen = 0, 0
    s.horde_deck = [h for h in in_play(HORDES, sets) for _ in range(HORDES[h].copies)]
    s.horde_discard, s.advisor_discard, s.tactic_discard = [], [], []
    s.advisor_deck, s.advisor_track = in_play(ADVISORS, sets), []
    s.tactic_deck = [t for t in in_play(TACTICS, sets) for _ in range(TACTICS[t].copies)]
    s.artifacts = ()
    s.secret_discards = ()  # (pile, owner, index): cards discarded unseen by the others (bots' resampling)
    s.commits, s.initiative, s.battle, s.tasks, s.flags = {}, (), {}, [], {}
    return s


@BASE.step("game.setup")
def step_setup(state: GWState) -> str:
    place_track_markers(state)                                    # GW-SETUP-20..22, GWA-TRACK-01 (first: any set)
    state.horde_deck = state.shuffle(state.horde_deck)            # GWA-AUTUMN-02
    state.tactic_deck = state.shuffle(state.tactic_deck)          # GW-SETUP-07
    state.artifacts = tuple(state.shuffle(in_play(ARTIFACTS, state.sets))[:3])  # GW-SETUP-08, RAT-04
    generals = state.shuffle(in_play(GENERALS, state.sets))                    # GW-SETUP-09, FIVE-08
    state.advisor_deck = state.shuffle(sorted(state.advisor_deck))             # GW-SETUP-11, FIVE-09, RAT-05
    for seat in range(state.players):
        state.general_offer[seat] = tuple(generals[2 * seat:2 * seat + 2])
        state.advisors[seat] = tuple(state.advisor_deck.pop() for _ in range(BOARD.advisors_dealt))
    M.refill_advisor_track(state, len(BOARD.advisor_prices))       # GW-SETUP-12, GWA-SETUP-02
    state.log(("GW-SETUP-07", "GW-SETUP-08", "GW-SETUP-09", "GW-SETUP-11", "GW-SETUP-12", "GW-SETUP-18",
               "GW-SETUP-23"), "ev.setup", artifacts=list(state.artifacts))
    for seat in range(state.players):
        state.log(("GW-SETUP-09", "GW-SETUP-11"), "ev.dealt", to=(seat,), seat=seat,
                  generals=list(state.general_offer[seat]), advisors=list(state.advisors[seat]))
    if state.players == 2:
        setup_secondary(state)
    return "setup.general"


def place_track_markers(state: GWState) -> None:
    """GW-SETUP-20..22, GWA-TRACK-01: each player's markers carry a number drawn at random (the seed does not
    say who has which); on both tracks the lower number is on top."""
    order = state.shuffle(list(range(state.players)))
    state.tea, state.leader = list(order), list(order)
    state.log(("GW-SETUP-20", "GW-SETUP-21", "GW-SETUP-22", "GWA-TRACK-01"), "ev.tracks", seats=list(order))


def setup_secondary(state: GWState) -> None:
    """GW-TWOP-02..04: Secondary Clerks on the Barracks, Temple and Lumber Mill; Honor at 0."""
    for loc in BOARD.secondary["locations"]:
        M.put_clerk(state, SECONDARY, loc)
    state.secondary_spearmen = BOARD.secondary["spearmen"]
    state.log(("GW-TWOP-01", "GW-TWOP-02", "GW-TWOP-03", "GW-TWOP-04"), "ev.secondary_setup")


@BASE.step("setup.general")
def step_choose_general(state: GWState) -> str | None:
    """GW-SETUP-10, GWA-SETUP-01: each keeps 1 of 2 in secret; revealed together."""
    for seat in range(state.players):
        if seat not in state.commits:
            T.ask(state, seat, "general")
            return None
    for seat in range(state.players):
        pick = state.commits.pop(seat)
        state.general[seat] = pick
        g = GENERALS[pick]
        state.add_res(seat, vector(g.start))
        if g.tactics:
            M.draw_tactics(state, seat, g.tactics, ("GWA-SETUP-01",))
        state.log(("GW-SETUP-10", "GWA-SETUP-01"), "ev.general", seat=seat, general=pick)
    state.general_offer = [()] * state.players
    return "year.start"


def legal_general(state: GWState) -> list[str]:
    seat = state.pending[0]
    return [A.general_id(g) for g in state.general_offer[seat]]


@BASE.decision("general", legal_general)
def apply_general(state: GWState, action_id: str) -> str:
    seat = state.pending[0]
    state.commits[seat] = A.arg(action_id)
    state.log(("GW-SETUP-10",), "ev.committed", seat=seat)
    return "setup.general"


# ---- the year ---------------------------------------------------------------------------------------------

@BASE.step("year.start")
def step_year(state: GWState) -> str:
    state.log(("GW-STRUCT-01", "GW-STRUCT-02"), "ev.year", year=state.year)
    return "autumn.income"


@BASE.step("autumn.income")
def step_income(state: GWState) -> str:
    state.season = "autumn"
    return T.run_then(state, [Income()], "autumn.invasion")


@T.handler(BASE, Income)
def run_income(state: GWState, task: Income) -> None:
    """GW-AUTUMN-01..04: General income, then Overseer production by level.

    Extension point "overseer_income" (scenarios, greatwall-conflicts.md §2.1 row #1):
    `fn(state, seat, loc, amount) -> amount` changes one Overseer's yield."""
    T.done(state)
    answers = T.extensions(state, "overseer_income")
    for seat in range(state.players):
        M.gain(state, seat, GENERALS[state.general[seat]].income, ("GW-STRUCT-03", "GW-AUTUMN-01"))
        for loc, levels in state.overseers.items():
            resource = LOCS[loc].resource
            if levels[seat] and resource:
                amount = levels[seat]
                for answer in answers:
                    amount = answer(state, seat, loc, amount)
                if amount > 0:
                    M.gain(state, seat, {resource: amount}, ("GW-AUTUMN-03", "GW-AUTUMN-04", "GWA-OVERSEER-02"))
        trigger(state, seat, "autumn")


@BASE.step("autumn.invasion")
def step_invasion(state: GWState) -> str:
    return T.run_then(state, [Invasion()], "winter.start")


@T.handler(BASE, Invasion)
def run_invasion(state: GWState, task: Invasion) -> None:
    """GW-AUTUMN-05..09: as many Horde cards as players, row 1 left to right first; a module may
    place fewer, at least 1 (extension point "invasion_size", AC-RED-15/16)."""
    T.done(state)
    tasks: list = []
    n = state.players
    for answer in T.extensions(state, "invasion_size"):
        n = answer(state, n)
    for _ in range(max(1, n)):
        card = draw_horde(state)
        if card is None:
            break
        tasks += place_horde(state, card)
    T.push(state, *tasks)


def draw_horde(state: GWState) -> str | None:
    if not state.horde_deck and state.horde_discard:
        state.horde_deck = state.shuffle(state.horde_discard)     # GWA-AUTUMN-02
        state.horde_discard = []
    return state.horde_deck.pop() if state.horde_deck else None


def slot_index(section: int, row: int) -> int:
    return section * BOARD.horde_rows + row


def place_horde(state: GWState, card: str) -> list:
    """Fill the first free slot (row by row, left to right); else overflow (GWA-AUTUMN-01). Sections a
    module closes (extension point "closed_sections": the Khan's with 2 players, GK-12, D22) take no Hordes."""
    closed = [s for answer in T.extensions(state, "closed_sections") for s in answer(state)]
    open_sections = [s for s in range(BOARD.sections) if s not in closed]
    for row in range(BOARD.horde_rows):
        for section in open_sections:
            i = slot_index(section, row)
            if state.hordes[i] is None:
                state.hordes[i] = (card, (None,) * 6, ())
                state.log(("GW-AUTUMN-05", "GW-AUTUMN-06", "GW-AUTUMN-07"), "ev.horde", card=card,
                          section=section, row=row)
                return []
    last = BOARD.horde_rows - 1
    removed = state.hordes[slot_index(open_sections[0], last)]
    for a, b in zip(open_sections, open_sections[1:]):
        state.hordes[slot_index(a, last)] = state.hordes[slot_index(b, last)]
    state.hordes[slot_index(open_sections[-1], last)] = (card, (None,) * 6, ())
    release_soldiers(state, removed, open_sections[0])
    state.horde_discard.append(removed[0])
    state.log(("GW-AUTUMN-08", "GW-AUTUMN-09", "GWA-AUTUMN-01"), "ev.overflow", removed=removed[0], card=card)
    rules = ("GW-AUTUMN-09", "GWA-BREACH-02")
    tasks = [t for seat in M.tea_order(state) for t in effect_tasks(seat, HORDES[removed[0]].destruction, rules)]
    # Extension point "raid" (D10: the overflow is a Raid): `fn(state, card, tasks) -> tasks` may add to or
    # replace the destruction effects of the removed card.
    for answer in T.extensions(state, "raid"):
        tasks = answer(state, removed[0], tasks)
    return tasks


def release_soldiers(state: GWState, horde: tuple, section: int) -> None:
    """Soldiers on a card leaving the board move behind the Wall (GW-BREACH-15)."""
    for seat, unit, _ in horde[2]:
        if seat == SECONDARY:
            M.place_behind(state, SECONDARY, SPEARMAN, section)
        else:
            M.place_behind(state, seat, unit, section)


# ---- Winter: two Command phases (GW-COMMAND-*, GW-RESOLVE-*) ------------------------------------------------

@BASE.step("winter.start")
def step_winter(state: GWState) -> str:
    """GWA-COMMAND-01: shuffle your 6 Command cards, draw 3."""
    state.season = "winter"
    for seat in range(state.players):
        deck = state.shuffle(sorted(clan_cards(state, seat)))
        state.cmd_hand[seat] = tuple(deck[:BOARD.command_hand])
        state.cmd_deck[seat] = tuple(deck[BOARD.command_hand:])
    state.flags["phase"] = 1
    state.log(("GW-STRUCT-04", "GW-COMMAND-01", "GWA-COMMAND-01"), "ev.winter")
    return "command.choose"


def clan_cards(state: GWState, seat: int) -> tuple[str, ...]:
    return CLAN_CARDS[CLANS[seat].id]


@BASE.step("command.choose")
def step_choose_command(state: GWState) -> str | None:
    """GW-COMMAND-04/05: each picks a card face down; all are revealed together."""
    for seat in range(state.players):
        if seat not in state.commits:
            T.ask(state, seat, "command")
            return None
    return "command.reveal"


def legal_command(state: GWState) -> list[str]:
    return [A.command_id(c) for c in state.cmd_hand[state.pending[0]]]


@BASE.decision("command", legal_command)
def apply_command(state: GWState, action_id: str) -> str:
    seat = state.pending[0]
    card = A.arg(action_id)
    hand = list(state.cmd_hand[seat])
    hand.remove(card)
    state.cmd_hand[seat] = tuple(hand)
    state.commits[seat] = card
    state.log(("GW-COMMAND-04",), "ev.committed", seat=seat)
    return "command.choose"


@BASE.step("command.reveal")
def step_reveal_command(state: GWState) -> str:
    """GW-COMMAND-05..07: all cards revealed together; the player higher on the Tea track resolves first."""
    order = [s for s in M.tea_order(state) if s in state.commits]
    state.initiative = tuple((s, state.commits[s]) for s in order)
    state.commits = {}
    state.flags = {k: v for k, v in state.flags.items() if not k.startswith("bonus:")}  # GWA-OVERSEER-03
    for seat, card in state.initiative:
        state.log(("GW-COMMAND-05", "GW-COMMAND-06", "GW-COMMAND-07"), "ev.reveal_command", seat=seat, card=card)
    return "command.next"


@BASE.step("command.next")
def step_next_command(state: GWState) -> str:
    """GW-COMMAND-08, GW-RESOLVE-01..04: top, bottoms in Tea order, then activations."""
    if not state.initiative:
        return "command.end"
    (seat, card), state.initiative = state.initiative[0], state.initiative[1:]
    spec = COMMANDS[card]
    tasks: list = [AdvisorOption(seat)] + effect_tasks(seat, spec.top, ("GW-RESOLVE-02",))
    tasks += [BottomEffect(other, card) for other in M.tea_order(state) if other != seat]
    if state.players == 2:
        tasks.append(SecondaryClerk(seat))
    tasks += [Activations(seat, spec.third_step), DiscardCommand(seat, card)]
    state.log(("GW-COMMAND-08", "GW-RESOLVE-01"), "ev.resolve_command", seat=seat, card=card)
    return T.run_then(state, tasks, "command.next")


@BASE.step("command.end")
def step_end_command(state: GWState) -> str:
    """GW-COMMAND-09..11: the second phase draws 1 more card first; after it, Spring."""
    if state.flags["phase"] == 1:
        state.flags["phase"] = 2
        for seat in range(state.players):
            deck = list(state.cmd_deck[seat])
            if deck:
                state.cmd_hand[seat] = state.cmd_hand[seat] + (deck.pop(0),)
                state.cmd_deck[seat] = tuple(deck)
        state.log(("GW-COMMAND-10", "GWA-COMMAND-01"), "ev.command_draw")
        return "command.choose"
    for seat in range(state.players):
        state.cmd_hand[seat], state.cmd_deck[seat] = (), ()
    state.log(("GW-COMMAND-11",), "ev.winter_end")
    return "winter.end"


@BASE.step("winter.end")
def step_winter_end(state: GWState) -> str:
    """A named point for modules: the end of Winter, after the 2nd Command phase's clean-up
    (greatwall-conflicts.md §2.1 row #5, 000's "check defeated Hordes"); hook it "before"/"after"."""
    return "spring.start"


@T.handler(BASE, DiscardCommand)
def run_discard_command(state: GWState, task: DiscardCommand) -> None:
    T.done(state)
    state.log(("GW-COMMAND-09",), "ev.command_done", seat=task.seat, card=task.card)


@T.handler(BASE, AdvisorOption)
def run_advisor_option(state: GWState, task: AdvisorOption) -> None:
    """GWA-ADVISOR-01: before resolving a Command effect, a player may play 1 Advisor."""
    if state.advisors[task.seat]:
        T.offer(state, task.seat, "advisor", legal_advisor(state))  # (listed once: the decision's own list)
    else:
        T.done(state)


def legal_advisor(state: GWState) -> list[str]:
    return [A.advisor_id(a) for a in dict.fromkeys(state.advisors[T.top(state).seat])] + ["skip"]


def useful_advisors(state: GWState, seat: int) -> list[str]:
    """GWA-ADVISOR-02: the Advisors in hand whose play could change anything now."""
    return [a for a in dict.fromkeys(state.advisors[seat]) if can_matter(state, seat, ADVISORS[a].effects)]


@T.task_decision(BASE, "advisor", legal_advisor)
def apply_advisor(state: GWState, action_id: str) -> None:
    seat = T.top(state).seat
    T.done(state)
    if action_id == "skip":
        return
    card = A.arg(action_id, "advisor")
    hand = list(state.advisors[seat])
    hand.remove(card)
    state.advisors[seat] = tuple(hand)
    state.advisor_discard.append(card)
    state.log(("GWA-ADVISOR-01", "GW-ACTIVATE-03"), "ev.play_advisor", seat=seat, card=card)
    T.push(state, *effect_tasks(seat, ADVISORS[card].effects, (f"advisor:{card}",)))


@T.handler(BASE, BottomEffect)
def run_bottom(state: GWState, task: BottomEffect) -> None:
    T.ask(state, task.seat, "bottom")


@T.task_decision(BASE, "bottom", lambda state: ["use", "skip"])
def apply_bottom(state: GWState, action_id: str) -> None:
    """GW-RESOLVE-03, GWA-COMMAND-03: each other player may use the bottom effect."""
    task = T.top(state)
    T.done(state)
    if action_id == "use":
        T.push(state, AdvisorOption(task.seat),
               *effect_tasks(task.seat, COMMANDS[task.card].bottom, ("GW-RESOLVE-03", "GWA-COMMAND-03")))


@T.handler(BASE, SecondaryClerk)
def run_secondary_clerk(state: GWState, task: SecondaryClerk) -> None:
    """GW-TWOP-06/07, GWA-TWOP-02: the current player may place 1 Secondary Clerk from its supply."""
    possible = state.flags.get("secondary_clerks") and legal_secondary_clerk(state)
    T.ask_or_done(state, task.seat, "secondary_clerk", possible)


def legal_secondary_clerk(state: GWState) -> list[str]:
    return [A.to_id(loc) for loc in M.with_room(state)]


@T.task_decision(BASE, "secondary_clerk", lambda state: legal_secondary_clerk(state) + ["skip"])
def apply_secondary_clerk(state: GWState, action_id: str) -> None:
    seat = T.top(state).seat
    T.done(state)
    if action_id != "skip":
        loc = A.arg(action_id)
        state.flags["secondary_clerks"] -= 1
        M.put_clerk(state, SECONDARY, loc)
        state.log(("GW-TWOP-06", "GW-TWOP-07", "GWA-TWOP-02"), "ev.secondary_clerk", seat=seat, target=loc)


# ---- Summer (GW-SUMMER-*, GW-TWOP-15..18) ----------------------------------------------------------------

DONATED = ("wood", "stone", "gold")


@BASE.step("summer.donate")
def step_summer(state: GWState) -> str | None:
    """GW-SUMMER-01..03: each decides in secret how much Wood, Stone and Gold to give."""
    state.season = "summer"
    for seat in range(state.players):
        given = state.commits.get(seat, ())
        if len(given) < len(DONATED):
            T.ask(state, seat, "donate")
            return None
    return "summer.reveal"


def legal_donate(state: GWState) -> list[str]:
    seat = state.pending[0]
    given = state.commits.get(seat, ())
    kind = DONATED[len(given)]
    return [A.donation_id(kind, n) for n in range(state.res[seat][RESOURCES.index(kind)] + 1)]


@BASE.decision("donate", legal_donate)
def apply_donate(state: GWState, action_id: str) -> str:
    seat = state.pending[0]
    state.commits[seat] = state.commits.get(seat, ()) + (A.arg(action_id),)
    if len(state.commits[seat]) == len(DONATED):
        state.log(("GW-SUMMER-01",), "ev.committed", seat=seat)
    return "summer.donate"


@BASE.step("summer.reveal")
def step_reveal_donations(state: GWState) -> str:
    """GW-SUMMER-03..06, GWA-SUMMER-01; the Secondary race's wealth counts 12 (GW-TWOP-05, -15..18)."""
    tea = M.tea_order(state)
    totals = {}
    for seat in range(state.players):
        amounts = state.commits.pop(seat)
        state.add_res(seat, tuple(-n for n in amounts) + (0,))
        state.warehouse = tuple(w + n for w, n in zip(state.warehouse, amounts))
        state.donated[seat] += sum(amounts)
        totals[seat] = sum(amounts)
        state.log(("GW-SUMMER-03", "GW-SUMMER-06"), "ev.donation", seat=seat, what=dict(zip(DONATED, amounts)))
    ranked = [s for s in sorted(totals, key=lambda s: (-totals[s], tea.index(s))) if totals[s] > 0]
    if state.players == 2 and secondary_donates(state):
        ranked.append(SECONDARY)
        ranked.sort(key=lambda s: (-(BOARD.secondary["donation"] if s == SECONDARY else totals[s]), s != SECONDARY))
    for rank, seat in enumerate(ranked):
        if seat != SECONDARY and rank < len(BOARD.donation_honor):
            M.gain(state, seat, {"honor": BOARD.donation_honor[rank]},
                   ("GW-SUMMER-04", "GW-SUMMER-05", "GWA-SUMMER-01") + (("GW-TWOP-15", "GW-TWOP-18") if state.players == 2 else ()))
            trigger(state, seat, "donate")
    order = [s for s in ranked if s != SECONDARY] + [s for s in tea if totals[s] == 0]  # GW-SUMMER-10
    if state.year >= M.years(state):
        state.log(("GW-SUMMER-08",), "ev.no_build")
        return T.run_then(state, [], "year.end")
    return T.run_then(state, [SummerPick(s) for s in order], "year.end")


def secondary_donates(state: GWState) -> bool:
    """GW-TWOP-05/15/16, GWA-TWOP-01: the Secondary race gives all the wealth on its marker, which counts
    as 12 in the ranking (nothing reaches the Warehouse); with no wealth it gives nothing and, like a
    player giving nothing (GW-SUMMER-04), is not ranked. Its marker goes back to 0."""
    wealth = state.secondary_honor
    state.secondary_honor = 0
    rules = ("GW-TWOP-05", "GW-TWOP-15", "GW-TWOP-16", "GWA-TWOP-01")
    state.log(rules, "ev.secondary_donation" if wealth else "ev.secondary_no_donation",
              n=wealth, counts=BOARD.secondary["donation"])
    return wealth > 0


@T.handler(BASE, SummerPick)
def run_pick(state: GWState, task: SummerPick) -> None:
    T.ask(state, task.seat, "pick")


def legal_pick(state: GWState) -> list[str]:
    seat = T.top(state).seat
    out = [A.track_id(i) for i in range(len(state.advisor_track))]
    if state.post_clerks[seat]:
        out.append("clerk")
    return out or ["skip"]


@T.task_decision(BASE, "pick", legal_pick)
def apply_pick(state: GWState, action_id: str) -> None:
    """GW-SUMMER-09/11: an Advisor from the track or one of your Clerks, free."""
    seat = T.top(state).seat
    T.replace(state, BuildWall(seat))
    if action_id == "clerk":
        state.post_clerks[seat] -= 1
        state.clerks[seat] += 1
        state.log(("GW-SUMMER-09",), "ev.gain_clerk", seat=seat, n=1)
    elif A.parse(action_id, "pick").head == "advisor":
        M.take_from_track(state, seat, A.arg(action_id, "pick"), ("GW-SUMMER-09", "GW-SUMMER-11"))
        M.refill_advisor_track(state, 1)
        T.push(state, HandLimit(seat, "advisors"))


@T.handler(BASE, BuildWall)
def run_build(state: GWState, task: BuildWall) -> None:
    T.ask_or_done(state, task.seat, "build", legal_build(state))


def legal_build(state: GWState) -> list[str]:
    stock = sum(state.warehouse)
    return [A.build_id(s) for s in range(BOARD.sections)
            if state.wall[s] < len(BOARD.wall) - 1 and 0 < BOARD.wall[state.wall[s]].build_cost <= stock]


@T.task_decision(BASE, "build", lambda state: legal_build(state) + ["skip"])
def apply_build(state: GWState, action_id: str) -> None:
    """GW-SUMMER-12..16, GWA-SUMMER-02: pay from the Warehouse, raise the section 1 level."""
    seat = T.top(state).seat
    T.done(state)
    if action_id == "skip":
        return
    section = A.arg(action_id)
    level = BOARD.wall[state.wall[section]]
    cost = level.build_cost
    stock = list(state.warehouse)
    while cost:  # the Warehouse pays from its largest pile first
        i = max(range(3), key=lambda k: (stock[k], -k))
        stock[i] -= 1
        cost -= 1
    state.warehouse = tuple(stock)
    state.wall[section] += 1
    state.walls_built[seat] += 1
    state.log(("GW-SUMMER-12", "GW-SUMMER-13", "GW-SUMMER-14", "GW-SUMMER-15", "GW-SUMMER-16", "GWA-SUMMER-03"), "ev.build",
              seat=seat, section=section, level=state.wall[section])
    M.gain(state, seat, {"honor": level.build_honor}, ("GWA-SUMMER-02",))
    trigger(state, seat, "build")


@BASE.step("year.end")
def step_year_end(state: GWState) -> str:
    if state.year >= M.years(state):
        return "game.final"
    state.year += 1
    return "year.start"


# ---- final scoring (GW-END-*, GW-BREACH-14, GWA-END-01) -------------------------------------------------

@BASE.step(T.END_NOW)
def step_end_now(state: GWState) -> str:
    """D3: a loss condition ends the game at once (mechanics.end_now): nothing scheduled runs any more."""
    state.tasks.clear()
    state.stack.clear()
    state.pending = None
    return "game.final"


@BASE.step("game.final")
def step_final(state: GWState) -> str:
    state.season = "end"
    state.log(("GW-STRUCT-07", "GW-INTRO-08"), "ev.final")
    before = list(state.honor)
    kept = [sum(HORDES[h].end_honor for h in state.kept[seat]) for seat in range(state.players)]
    for seat, honor in enumerate(kept):
        if honor:
            M.gain(state, seat, {"honor": honor}, ("GW-BREACH-14", "GWA-BREACH-01"))
    from_artifacts = score_artifacts(state)
    for seat in range(state.players):  # where each seat's Honor came from
        state.log(("GW-END-01", "GW-BREACH-14"), "ev.final_total", seat=seat, before=before[seat], kept=kept[seat],
                  artifacts=from_artifacts[seat], total=state.honor[seat])
    return "game.result"


@BASE.step("game.result")
def step_result(state: GWState) -> str:
    """GW-END-02/03: the most Honor wins, ties by the Tea track; nobody after a loss (D3). A module may
    decide the result instead (hook "instead": the cooperative mode's shared result, D4)."""
    best = max(state.honor)
    tea = M.tea_order(state)
    winners = [] if state.flags.get("lost") else [s for s in tea if state.honor[s] == best][:1]
    state.log(("GW-END-02", "GW-END-03"), "ev.winners", seats=winners)
    state.flags["winners"] = tuple(winners)
    state.over = True
    return GAME_OVER


def score_artifacts(state: GWState) -> list[dict[str, int]]:
    """GW-END-01: each Artifact scored at the end gives its Honor; per seat, Artifact -> Honor."""
    tea = M.tea_order(state)
    scored: list[dict[str, int]] = [{} for _ in range(state.players)]
    for art in state.artifacts:
        spec = ARTIFACTS[art]
        if spec.timing != "end":  # AC-12/13: Ancient Chronicles Artifacts act during the game, not here
            continue
        counts = [measure(state, s, spec.measure) for s in range(state.players)]
        for seat in artifact_winners(spec, counts, tea):
            units = min(counts[seat], spec.max) if spec.max else counts[seat]
            honor = spec.honor * units if spec.scoring == "per" else spec.honor
            if honor:
                M.gain(state, seat, {"honor": honor}, ("GW-END-01", "GWA-END-01"))
                scored[seat][art] = honor
    return scored


def artifact_winners(spec, counts: list[int], tea: list[int]) -> list[int]:
    if spec.scoring == "per":
        return [s for s, c in enumerate(counts) if c]
    if spec.scoring == "threshold":
        return [s for s, c in enumerate(counts) if c >= spec.at_least]
    best = max(counts)
    return [next(s for s in tea if counts[s] == best)] if best > 0 else []  # D16: ties by the Tea track
