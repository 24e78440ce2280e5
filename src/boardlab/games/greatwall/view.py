"""What the players see: the base game's part of the full view (redacted by the declared zones;
each active module adds its own part, `MODULE.view`), action and event texts in three languages, and
resampling what a seat cannot see (for bots; modules resample their own hidden parts)."""
from __future__ import annotations

from . import mechanics as M
from .data_tables import (ADVISORS, ARTIFACTS, BOARD, CLANS, COMMANDS, GENERALS, HORDES, KHAN_CARDS, LOCS,
                          RAT_CARDS, SCENARIO_CARDS, TACTICS, UNIT_NAMES, in_play)
from .state import GWState

UNITS = UNIT_NAMES
# Every card of the content, by id, for names and texts (events, action texts, `rule_text("kind:ID")`).
CARDS = {**HORDES, **COMMANDS, **ADVISORS, **GENERALS, **TACTICS, **ARTIFACTS, **RAT_CARDS, **KHAN_CARDS,
         **SCENARIO_CARDS}


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


# Heads whose numbers are sections (the first number only for a recruit) or counted from 1 (rows, slots).
SECTION_HEADS = ("section", "build", "fort")
RECRUIT_HEADS = ("archer", "spearman", "horseman")
ONE_BASED_HEADS = ("slot", "dispatch", "column")


def describe_action(rules, state: GWState, action_id: str, lang: str, recruits: tuple[str, ...] = RECRUIT_HEADS,
                    one_based: tuple[str, ...] = ONE_BASED_HEADS) -> str:
    """An action's text from the catalogue (`act.KIND.HEAD` or `act.HEAD`) with its arguments named;
    a module describing its own ids passes its heads (`recruits`: the first number is a section,
    `one_based`: numbers counted from 1)."""
    cat = rules.catalogue
    kind = state.pending[1] if state.pending else ""
    head, _, rest = action_id.partition(":")
    parts = rest.split(":") if rest else []
    key = f"act.{kind}.{head}" if cat.has(f"act.{kind}.{head}") else f"act.{head}"
    if not cat.has(key):
        return action_id
    params = {f"p{i}": _part(state, kind, head, i, p, lang, cat, recruits, one_based) for i, p in enumerate(parts)}
    text = cat.text(key, lang, **params)
    card = next((p for p in parts if p in CARDS), None)
    return f"{text} — {CARDS[card].text.get(lang)}" if card else text


def _part(state, kind, head, i, part, lang, cat, recruits, one_based) -> str:
    if "@" in part:  # unit@section
        unit, section = part.split("@")
        return cat.text("unit_at", lang, unit=name_of(unit, lang, cat), section=name_of(int(section), lang, cat))
    if "+" in part:
        return cat.text("list.sep", lang).join(name_of(p, lang, cat) for p in part.split("+"))
    if part.isdigit():
        n = int(part)
        if head in SECTION_HEADS or (head in recruits and i == 0):
            return name_of(n, lang, cat)
        if head == "advisor" and kind in ("post", "pick", "take_advisor") and n < len(state.advisor_track):
            return cat.text("track_card", lang, card=name_of(state.advisor_track[n], lang, cat),
                            price=BOARD.advisor_prices[n])
        return str(n + 1) if head in one_based else part
    return name_of(part, lang, cat)


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


