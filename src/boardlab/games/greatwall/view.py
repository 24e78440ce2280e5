"""What the players see: the base game's part of the full view (redacted by the declared zones;
each active module adds its own part, `MODULE.view`), action and event texts in three languages, and
resampling what a seat cannot see (for bots; modules resample their own hidden parts)."""
from __future__ import annotations

from typing import Any, Callable

from ...core.registry import ruleset
from . import actions as A, mechanics as M
from .data_tables import BOARD, CLANS, GENERALS, LOCS, UNIT_NAMES, in_play
from .state import GWState

UNITS = UNIT_NAMES
# Every card of the content, by id, for names and texts (events, action texts, `rule_text("kind:ID")`).
CARDS = {card: spec for table in A.CARD_TABLES for card, spec in table.items()}


def full_view(state: GWState) -> dict:
    view = {
        "year": state.year,
        "season": state.season,
        "players": [_player(state, s) for s in range(state.players)],
        "tea": M.tea_order(state),
        "leader": M.leader_order(state),
        "commits": {str(s): list(v) if isinstance(v, tuple) else v for s, v in state.commits.items()},
        "locations": {loc: {"clerks": list(state.clerks_on.get(loc, ())), "slots": M.slots(state, loc),
                            "kind": LOCS[loc].kind} for loc in M.locations(state)},
        "sections": [{"wall": state.wall[s], "defence": M.defence(state, s), "fortifications": state.forts[s],
                      "archer_slots": M.archer_slots(state, s), "archers": list(state.archers[s]),
                      "behind": [[seat, UNITS[u]] for seat, u in state.behind[s]]} for s in range(BOARD.sections)],
        "hordes": [_horde(state, i) for i, h in enumerate(state.hordes) if h is not None],
        "advisor_track": [{"card": c, "price": BOARD.advisor_prices[i]} for i, c in enumerate(state.advisor_track)],
        "artifacts": list(state.artifacts),
        "warehouse": dict(zip(("wood", "stone", "gold"), state.warehouse)),
        "initiative": [[s, c] for s, c in state.initiative],
        "face_down": sorted(s for s, card in state.commits.items() if card is not None) if state.season == "spring" else [],
        "battle": {k: list(v) if isinstance(v, tuple) else v for k, v in state.battle.items()},
        "decks": {"hordes": list(state.horde_deck), "advisors": list(state.advisor_deck),
                  "tactics": list(state.tactic_deck), "horde_discard": list(state.horde_discard),
                  "advisor_discard": list(state.advisor_discard), "tactic_discard": list(state.tactic_discard)},
    }
    if state.players == 2:
        view["secondary"] = {"honor": state.secondary_honor, "spearmen": state.secondary_spearmen}
    return view


def _player(state: GWState, s: int) -> dict:
    return {
        "seat": s, "clan": CLANS[s].id, "general": state.general[s], "general_offer": list(state.general_offer[s]),
        "honor": state.honor[s], "resources": M.resources_of(state, s), "clerks": state.clerks[s],
        "post_clerks": state.post_clerks[s],
        "soldiers": dict(zip(UNITS, state.soldiers[s])),
        "overseers": {loc: levels[s] for loc, levels in state.overseers.items() if levels[s]},
        "overseer_soldiers": {loc: UNITS[units[s]] for loc, units in state.overseer_units.items()
                              if units[s] is not None and state.overseers[loc][s]},
        "commands": list(state.cmd_hand[s]), "command_deck": list(state.cmd_deck[s]),
        "advisors": list(state.advisors[s]), "tactics": list(state.tactics[s]), "kept": list(state.kept[s]),
        "donated": state.donated[s], "walls_built": state.walls_built[s],
    }


def _horde(state: GWState, i: int) -> dict:
    card, cover, units = state.hordes[i]
    return {"section": i // BOARD.horde_rows, "row": i % BOARD.horde_rows, "card": card,
            "cover": [None if c is None else list(c) for c in cover],
            "units": [[seat, UNITS[u], list(slots)] for seat, u, slots in units]}


# ---- resampling hidden information (determinisation for bots) ----------------------------------------

def resample(state: GWState, seat, stream) -> None:
    """Redeal everything `seat` cannot see, keeping every count it can see. Each kind of card is pooled
    from all its hidden places (sorted, so the result depends on the stream and on what the seat can see
    only, never on where the cards really are) and dealt back into the same places: others' hands,
    their face-down choices, the decks and the cards discarded face down by others."""
    resampler(state, seat)(state, stream)


def resampler(state: GWState, seat) -> Callable[[GWState, Any], None]:
    """`resample(·, seat, stream)` for states equal to `state` (a search bot redraws one determinisation at
    every iteration): the pools are gathered and sorted once, each redraw only shuffles and deals them."""
    others = [s for s in range(state.players) if s != seat]
    tactics = _pool(state, "tactics", "tactic_deck", "tactic_discard", others, state.season == "spring")
    advisors = _pool(state, "advisors", "advisor_deck", "advisor_discard", others, False)
    hordes = sorted(state.horde_deck)
    commands = _command_pools(state, seat, others)
    donations = ([(s, tuple(state.res[s][i] + 1 for i in range(len(state.commits[s]))))
                  for s in others if s in state.commits] if state.season == "summer" else [])
    generals = state.season == "setup" and any(state.general[s] is None for s in others)

    def redraw(state: GWState, stream) -> None:
        _deal(state, stream, tactics)
        _deal(state, stream, advisors)
        state.horde_deck = stream.shuffle(hordes)
        _deal_commands(state, stream, seat, commands)
        for s, bounds in donations:  # a donation: any amounts the seat could give
            state.commits[s] = tuple(stream.below(n) for n in bounds)
        if generals:
            _redeal_generals(state, stream, seat, others)
    return redraw


def _pool(state, hand: str, deck: str, discard: str, others, with_commits: bool) -> tuple:
    """One kind of card: others' hands, their face-down Tactics (`with_commits`: a card lies face down,
    GW-BATTLE-03, so whether one was played is seen, not which), the deck and the cards others discarded
    face down (`state.secret_discards`), pooled and sorted; with each place's size, to deal them back."""
    hands = getattr(state, hand)
    pile = getattr(state, discard)
    committed = [s for s in others if with_commits and state.commits.get(s) is not None]
    secret = [i for pile_name, owner, i in state.secret_discards if pile_name == discard and owner in others]
    pool = list(getattr(state, deck)) + [c for s in others for c in hands[s]]
    pool += [state.commits[s] for s in committed] + [pile[i] for i in secret]
    return hand, deck, discard, sorted(pool), [(s, len(hands[s])) for s in others], committed, secret


def _deal(state, stream, pooled: tuple) -> None:
    """The pool shuffled and dealt back into its places, each keeping its size."""
    hand, deck, discard, pool, sizes, committed, secret = pooled
    pool = stream.shuffle(pool)
    hands = getattr(state, hand)
    at = 0
    for s, n in sizes:
        hands[s] = tuple(pool[at:at + n])
        at += n
    pool = pool[at:]
    for s in committed:
        state.commits[s] = pool.pop()
    if secret:
        pile = getattr(state, discard)
        for i in secret:
            pile[i] = pool.pop()
    setattr(state, deck, pool)


def _command_pools(state, seat, others) -> tuple:
    """Command cards: the seat's own deck order is hidden from it too; another clan's hand, deck and
    face-down card are pooled (the cards played are public)."""
    own = None if seat is None else sorted(state.cmd_deck[seat])  # (None: a spectator, who sees no hand)
    pools = []
    for s in others:
        chosen = (state.commits[s],) if state.season == "winter" and s in state.commits else ()
        pools.append((s, sorted(state.cmd_hand[s] + state.cmd_deck[s] + chosen), bool(chosen), len(state.cmd_hand[s])))
    return own, pools


def _deal_commands(state, stream, seat, pooled: tuple) -> None:
    own, pools = pooled
    if own is not None:
        state.cmd_deck[seat] = tuple(stream.shuffle(own))
    for s, pool, chosen, n in pools:
        pool = stream.shuffle(pool)
        if chosen:
            state.commits[s], pool = pool[0], pool[1:]
        state.cmd_hand[s], state.cmd_deck[s] = tuple(pool[:n]), tuple(pool[n:])


def _redeal_generals(state, stream, seat, others) -> None:
    """While the Generals are being chosen (GW-SETUP-09/10): others' two Generals dealt from the ones the
    seat was not dealt, and the one chosen (if any) among them. Once chosen they are public."""
    own = state.general_offer[seat] if seat is not None else ()
    free = stream.shuffle(sorted(set(in_play(GENERALS, state.sets)) - set(own)))
    for s in others:
        state.general_offer[s] = (free.pop(), free.pop())
        if s in state.commits:
            state.commits[s] = stream.choice(sorted(state.general_offer[s]))


# ---- texts ------------------------------------------------------------------------------------------------

def name_of(thing, lang: str, catalogue) -> str:
    """A localised name for a card, Location, resource, unit or section number."""
    if isinstance(thing, int):
        return catalogue.text("section", lang, n=thing + 1)
    if thing in CARDS:
        return CARDS[thing].names.get(lang)
    if thing in LOCS:
        return LOCS[thing].names.get(lang)
    if catalogue.has(f"name.{thing}"):
        return catalogue.text(f"name.{thing}", lang)
    return str(thing)


def show(kind: str, value: Any, state: GWState, lang: str, cat) -> str:
    """An argument of an action id as the action's text shows it, by its kind (the kinds table in actions.py)."""
    match kind:
        case "section":
            return name_of(value, lang, cat)
        case "row" | "slot" | "column" | "horde":
            return str(A.pos(value))
        case "count":
            return str(value)
        case "track":
            if value >= len(state.advisor_track):
                return str(value)
            return cat.text("track_card", lang, card=name_of(state.advisor_track[value], lang, cat),
                            price=BOARD.advisor_prices[value])
        case "location" | "card" | "general" | "unit" | "resource" | "word":
            return name_of(value, lang, cat)
        case "soldier_at":
            unit, section = value
            return cat.text("unit_at", lang, unit=name_of(unit, lang, cat), section=name_of(section, lang, cat))
        case "payment":
            return cat.text("list.sep", lang).join(name_of(r, lang, cat) for r in value)
    raise ValueError(f"no way to show an argument of kind {kind!r}")


CARD_KINDS = ("card", "general")  # the text adds the card's own text


def describe_action(rules, state: GWState, action_id: str, lang: str, forms: A.Forms = A.FORMS) -> str:
    """An action's text from the catalogue (`act.DECISION.HEAD` or `act.HEAD`) with its arguments shown by
    their kinds (`actions.parse` with the base game's `forms`); the id itself if it has no form or text."""
    text = _describe(rules.catalogue, state, action_id, lang, forms)
    return action_id if text is None else text


def describer(forms: A.Forms) -> Callable[[GWState, str, str], str | None]:
    """`MODULE.describe` for a module whose ids are declared by `forms` (beside its builders): their texts
    as the base game's are made; None for any other id (the base game or another module describes it)."""
    def describe(state: GWState, action_id: str, lang: str) -> str | None:
        return _describe(ruleset("greatwall").catalogue, state, action_id, lang, forms)
    return describe


def _describe(cat, state: GWState, action_id: str, lang: str, forms: A.Forms) -> str | None:
    """The text (the id itself if the catalogue has none); None if the id has no form in `forms`."""
    decision = state.pending[1] if state.pending else ""
    try:
        parsed = A.parse(action_id, decision, forms)
    except ValueError:
        return None
    head = parsed.head
    key = f"act.{decision}.{head}" if cat.has(f"act.{decision}.{head}") else f"act.{head}"
    if not cat.has(key):
        return action_id
    params = {f"p{i}": show(k, value, state, lang, cat) for i, (k, value) in enumerate(parsed.args)}
    text = cat.text(key, lang, **params) + battle_note(cat, state, decision, parsed, lang)
    card = next((value for k, value in parsed.args if k in CARD_KINDS), None)
    return f"{text} — {CARDS[card].text.get(lang)}" if card else text


def battle_note(cat, state: GWState, decision: str, parsed: A.Parsed, lang: str) -> str:
    """What a shot, a wound or a dispatch hits: the Horde card, whether the slot is vital and what
    covering it pays (GW-BATTLE-07, GW-BREACH-01)."""
    args = dict(parsed.args) if len({k for k, _ in parsed.args}) == len(parsed.args) else {}
    if "section" not in state.battle or parsed.head not in ("slot", "dispatch"):
        return ""
    row = args.get("row")
    if row is None and decision == "slot":
        row = getattr(state.tasks[-1], "row", None) if state.tasks else None
    horde = None if row is None else state.hordes[state.battle["section"] * BOARD.horde_rows + row]
    if horde is None:
        return ""
    spec = CARDS[horde[0]]
    if "slot" not in args:
        return cat.text("txt.note.card", lang, card=spec.names.get(lang))
    slot = spec.slots[args["slot"]]
    pays = reward_text(cat, slot.reward, lang) or cat.text("txt.note.nothing", lang)
    return cat.text("txt.note.vital" if slot.vital else "txt.note.not_vital", lang, card=spec.names.get(lang),
                    pays=pays)


def reward_text(cat, effects: list, lang: str) -> str:
    """A slot's reward: resources and Honor gained, Tactic cards drawn."""
    parts = []
    for effect in effects:
        for op, arg in effect.items():
            if op == "gain":
                parts += [f"{n} {name_of(r, lang, cat)}" for r, n in arg.items()]
            elif op == "draw_tactics":
                parts.append(cat.text("txt.note.tactics", lang, n=arg))
    return cat.text("list.sep", lang).join(parts)


def localize_params(rules, key: str, params: dict, lang: str) -> dict:
    cat = rules.catalogue
    out = dict(params)
    for k, v in params.items():
        if k in ("location", "card", "general", "unit", "removed", "target", "source") and isinstance(v, (str, int)):
            out[k] = name_of(v, lang, cat) if not (k in ("target", "source") and isinstance(v, int)) else name_of(v, lang, cat)
        elif k == "section":
            out[k] = name_of(v, lang, cat)
        elif k == "what":
            out[k] = cat.text("list.sep", lang).join(f"{n} {name_of(r, lang, cat)}" for r, n in v.items()) or "0"
        elif k in ("seats", "sections", "generals", "advisors", "cards") or (k == "artifacts" and isinstance(v, list)):
            out[k] = cat.text("list.sep", lang).join(
                name_of(x, lang, cat) if not isinstance(x, int) or k == "sections" else str(x) for x in v) or "-"
        elif k in ("row", "slot"):
            out[k] = v + 1
        elif k == "half":
            out[k] = name_of(v, lang, cat)
        elif k == "artifacts" and isinstance(v, dict):
            out[k] = cat.text("list.sep", lang).join(
                cat.text("txt.final.artifact", lang, card=name_of(a, lang, cat), honor=n) for a, n in v.items()) or "0"
    unit = params.get("unit")
    if isinstance(unit, str) and cat.has(f"name.a.{unit}"):
        out["a_unit"] = cat.text(f"name.a.{unit}", lang)
    elif "unit" in out:
        out["a_unit"] = out["unit"]
    if key == "ev.winners":
        out["seats"] = cat.text("list.sep", lang).join(cat.text("txt.seat_name", lang, seat=x) for x in params["seats"])
    return out


