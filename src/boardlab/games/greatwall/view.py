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
    """Redeal everything `seat` cannot see, keeping every count it can see. Pools are sorted
    before shuffling, so the result depends on the stream and the visible state only."""
    others = [s for s in range(state.players) if s != seat]
    _redeal(state, stream, "tactics", "tactic_deck", others)
    _redeal(state, stream, "advisors", "advisor_deck", others)
    state.horde_deck = stream.shuffle(sorted(state.horde_deck))
    for s in others:
        pool = stream.shuffle(sorted(state.cmd_hand[s] + state.cmd_deck[s]))
        n = len(state.cmd_hand[s])
        state.cmd_hand[s], state.cmd_deck[s] = tuple(pool[:n]), tuple(pool[n:])
    _resample_commits(state, others, stream)


def _redeal(state, stream, hand: str, deck: str, others) -> None:
    hands = getattr(state, hand)
    pool = stream.shuffle(sorted(list(getattr(state, deck)) + [c for s in others for c in hands[s]]))
    for s in others:
        n = len(hands[s])
        hands[s], pool = tuple(pool[:n]), pool[n:]
    setattr(state, deck, pool)


def _resample_commits(state, others, stream) -> None:
    for s in others:
        if s not in state.commits:
            continue
        value = state.commits[s]
        if state.season == "setup":
            state.commits[s] = stream.choice(sorted(state.general_offer[s]))
        elif state.season == "winter":
            pool = sorted(state.cmd_hand[s] + (value,))
            pick = stream.choice(pool)
            pool.remove(pick)
            state.commits[s], state.cmd_hand[s] = pick, tuple(pool)
        elif state.season == "summer":
            have = state.res[s]
            state.commits[s] = tuple(stream.below(have[i] + 1) for i in range(len(value)))
        elif state.season == "spring" and value is not None:
            pool = sorted(state.tactics[s] + (value,))
            pick = stream.choice(pool)
            pool.remove(pick)
            state.commits[s], state.tactics[s] = pick, tuple(pool)
    if state.season == "setup":
        taken = {g for s in range(state.players) if s not in others for g in state.general_offer[s]}
        free = stream.shuffle(sorted(set(in_play(GENERALS, state.sets)) - taken))
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
        case "row" | "slot" | "column" | "section_number":
            return str(value + 1)
        case "count" | "horde" | "section_index":
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
    text = cat.text(key, lang, **params)
    card = next((value for k, value in parsed.args if k in CARD_KINDS), None)
    return f"{text} — {CARDS[card].text.get(lang)}" if card else text


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
        elif k in ("seats", "sections", "artifacts", "generals", "advisors", "cards"):
            out[k] = cat.text("list.sep", lang).join(
                name_of(x, lang, cat) if not isinstance(x, int) or k == "sections" else str(x) for x in v) or "-"
        elif k in ("row", "slot"):
            out[k] = v + 1
    return out


