"""What the players see: the full view (redacted by the declared zones), action and event texts in
three languages, and redrawing what a seat cannot see (for bots)."""
from __future__ import annotations

from typing import Any

from ...core.visibility import redeal
from . import actions as A
from . import advanced as ADV
from . import cards as K
from .content import (CARD_TEXTS, CARDS, CHARACTERS, FACTIONS, HIRELING_ITEM_NAMES, ITEM_NAMES, MAPS, QUESTS,
                      SETUP_CARDS, SUIT_NAMES, owner_name)
from .program import PROGRAM, extensions
from .state import FOREST, RootState

# What each argument of an id is, by head (modules add theirs with `Faction.forms`).
FORMS: dict[str, tuple[str, ...]] = {
    **{h: ("card",) for h in ("craft", "discard", "ambush", "foil", "dominance", "take_dominance", "spend", "extra")},
    **{h: ("clearing",) for h in ("from", "to", "battle", "keep", "place", "wood", "recruit_at", "build_at",
                                  "wood_from", "overwork_at")},
    "defender": ("faction",), "partner": ("seat",), "any": ("suit",), "warriors": ("number",),
    "building": ("piece",), "remove": ("piece",), "give": ("card",), "exhaust": ("item",),
    "use": ("word", "seat"), "effect": ("word",), "draft": ("setup_card",), "keep_card": ("card",),
}
NO_FACTION = "#b0a58c"  # a seat whose faction is not drafted yet


def base_view(state: RootState) -> dict:
    board = MAPS[state.map] if state.map else None
    clearings = []
    for c, s in enumerate(state.suits):
        clearings.append({
            "id": c + 1, "suit": s, "slots": board.slots[c] if board else 0,
            "warriors": {f: w[c] for f, w in state.warriors.items() if w[c]},
            "buildings": [list(p) for p in state.buildings[c]], "tokens": [list(p) for p in state.tokens[c]],
        })
    return {
        "map": state.map, "phase": state.phase, "turn": state.turn, "active": state.active, "first": state.first,
        "factions": list(state.faction), "colours": [FACTIONS[f].colour if f else NO_FACTION for f in state.faction],
        "order": list(state.order), "draft": ADV.view(state),
        "clearings": clearings,
        "pawns": {owner: pawn_place(loc) for owner, loc in state.pawns.items()},
        "ruin_items": {str(c + 1): list(items) for c, items in state.ruin_items.items()},
        "items": dict(state.items), "supply": dict(state.supply),
        "deck": list(state.deck), "discard": list(state.discard), "dominance_pool": list(state.dominance_pool),
        "hands": {str(s): list(h) for s, h in enumerate(state.hands)},
        "play_area": [list(p) for p in state.play_area], "crafted": [list(p) for p in state.crafted],
        "score": list(state.score), "dominance": list(state.dominance),
        "coalition": {str(v): p for v, p in state.coalition.items()},
        "closed_paths": [[a + 1, b + 1] for a, b in state.closed], "ferry": None if state.ferry is None else state.ferry + 1,
        "on_paths": [{"path": [a + 1, b + 1], "pieces": [list(p) for p in pieces]}
                     for (a, b), pieces in sorted(state.on_paths.items())],
        "homes": {f: [c + 1 for c in cs] for f, cs in state.homes.items()},
    }


def pawn_place(loc: int) -> dict:
    """A pawn's place as the view shows it: a clearing or a forest, numbered from 1."""
    return {"forest": loc - FOREST + 1} if loc >= FOREST else {"clearing": loc + 1}


def resample(state: RootState, seat: int | None, stream: Any) -> None:
    """Other hands and the deck dealt again from the cards the seat cannot see (cards it knows, such
    as one it was shown, stay put); the items under the ruins shuffled among the ruins but a ruin the seat is
    looking into (extension point `ruins_seen`). (The Advanced
    Setup's secret choices of cards to keep are places in the hands: they follow the new hands.)"""
    known = state.known_to(seat)
    places = hidden_hands(state, seat) + [state.deck]
    redeal(places, lambda card: card in known, stream.shuffle)
    seen = {c for fn in extensions(state, "ruins_seen") for c in fn(state, seat)} if seat is not None else set()
    if state.ruin_items:
        keys = sorted(k for k in state.ruin_items if k not in seen)
        sizes = [len(state.ruin_items[k]) for k in keys]
        pool = stream.shuffle(sorted(i for k in keys for i in state.ruin_items[k]))
        out, at = {}, 0
        for k, n in zip(keys, sizes):
            out[k], at = tuple(pool[at:at + n]), at + n
        state.ruin_items = {**state.ruin_items, **out}


def hidden_hands(state: RootState, seat: int | None) -> list[list[str]]:
    """The hands `seat` cannot see, for resampling: every other seat's but a public one (extension point
    `public_hands`: the Riverfolk's, LR-11-02-03)."""
    public = K.public_hands(state)
    return [h for s, h in enumerate(state.hands) if s != seat and s not in public]


# ---- texts ---------------------------------------------------------------------------------------------

def name_of(kind: str, value: Any, lang: str, cat: Any, state: RootState | None = None) -> str:
    """A localised name for an argument of an id or an event parameter."""
    if kind == "card" and value not in CARDS:  # a faction's own card (the Eyrie's Loyal Vizier)
        return cat.text(f"name.{value}", lang) if cat.has(f"name.{value}") else str(value)
    if kind == "card":
        card = CARDS[value]
        name = CARD_TEXTS[card.key].names.get(lang)
        return f"{name} ({SUIT_NAMES[card.suit].get(lang)})"
    if kind == "clearing":
        c = int(value)
        if cat.has(f"place.{c + 1}"):  # a place beside the map, named by its module (the Duchy's Burrow)
            return cat.text(f"place.{c + 1}", lang)
        suit = state.suits[c] if state is not None and state.suits else None
        label = cat.text("clearing", lang, n=c + 1)
        return f"{label} ({SUIT_NAMES[suit].get(lang)})" if suit else label
    if kind == "faction":  # a faction or a hireling (an owner of pieces, state.py)
        return owner_name(value, lang)
    if kind == "seat":
        return cat.text("seat", lang, n=value)
    if kind == "suit":
        return SUIT_NAMES[value].get(lang)
    if kind == "item":
        names = ITEM_NAMES.get(value) or HIRELING_ITEM_NAMES.get(value)  # the Exile's clubs too
        return names.get(lang) if names else str(value)
    if kind == "character":
        return CHARACTERS[value].names.get(lang)
    if kind == "setup_card":
        name = SETUP_CARDS[value].names.get(lang) if value in SETUP_CARDS else str(value)
        character = state.draft.characters.get(value) if state is not None and state.draft is not None else None
        return cat.text("setup_card_with", lang, card=name, character=CHARACTERS[character].names.get(lang)) if (
            character) else name
    if kind == "phase":
        return cat.text(f"phase.{value}", lang)
    if kind == "quest":
        quest = next((q for q in QUESTS if q.key == value), None)
        return f"{quest.names.get(lang)} ({SUIT_NAMES[quest.suit].get(lang)})" if quest else str(value)
    if kind == "forest":
        return cat.text("forest", lang, n=int(value) + 1)
    if kind in ("piece", "word"):
        return cat.text(f"name.{value}", lang) if cat.has(f"name.{value}") else str(value)
    return str(value)


def forms() -> dict[str, tuple[str, ...]]:
    out = dict(FORMS)
    if PROGRAM.registry is not None:
        for name in PROGRAM.registry.names():
            out.update(getattr(PROGRAM.module(name), "forms", {}))
    return out


def describe(rules: Any, state: RootState, action_id: str, lang: str) -> str:
    cat = rules.catalogue
    kind = state.pending[1] if state.pending else ""
    head, parts = A.head(action_id), A.args(action_id)
    sub = f"act.{head}.{parts[0]}" if parts else ""
    key = next((k for k in (f"act.{kind}.{head}", sub, f"act.{head}") if k and cat.has(k)), None)
    if key is None:
        return action_id
    shapes = forms().get(head, ())
    params = {}
    for i, part in enumerate(parts):
        shape = shapes[i] if i < len(shapes) else "word"
        value: Any = A.clearing_of(part) if shape == "clearing" else int(part) if shape in ("seat", "number") else part
        params[f"p{i}"] = name_of(shape, value, lang, cat, state)
    return cat.text(key, lang, **params)


# Event parameter -> the kind of thing it names.
PARAMS = {"card": "card", "cancelled": "card", "clearing": "clearing", "origin": "clearing", "dest": "clearing",
          "keep": "clearing", "faction": "faction", "defender": "faction", "owner": "faction", "item": "item",
          "kind": "piece", "seat": "seat", "victim": "seat", "target": "seat", "partner": "seat", "by": "seat",
          "first": "seat", "phase": "phase", "column": "word", "leader": "word", "quest": "quest",
          "character": "character", "ally": "faction", "attacker": "faction", "forest": "forest", "other": "faction",
          "instead": "item", "hireling": "faction", "receiver": "seat", "suit": "suit", "die": "word",
          "setup_card": "setup_card", "minister": "word", "rank": "word", "captain": "word", "action": "word"}


def localize(rules: Any, params: dict, lang: str) -> dict:
    cat = rules.catalogue
    out = dict(params)
    for k, v in params.items():
        if k in PARAMS and v is not None:
            out[k] = name_of(PARAMS[k], v, lang, cat)
        elif k in ("cards",):
            out[k] = cat.text("list.sep", lang).join(name_of("card", c, lang, cat) for c in v) or "-"
        elif k in ("clearings",) and isinstance(v, (list, tuple)):  # a count (Royal Claim) stays a number
            out[k] = cat.text("list.sep", lang).join(str(c + 1) for c in v) or "-"
        elif k == "suits":
            out[k] = cat.text("list.sep", lang).join(f"{c + 1} {SUIT_NAMES[x].get(lang)}" for c, x in enumerate(v))
        elif k == "cards_beside":  # the cards dealt beside a setup card (the Knaves' Captains)
            out[k] = cat.text("list.sep", lang).join(name_of("piece", c, lang, cat) for c in v) or "-"
        elif k in ("setup_cards", "removed_cards"):
            out[k] = cat.text("list.sep", lang).join(name_of("setup_card", c, lang, cat) for c in v) or "-"
        elif k in ("factions", "hirelings"):
            out[k] = cat.text("list.sep", lang).join(name_of("faction", f, lang, cat) for f in v) or "-"
        elif k == "spaces":
            out[k] = cat.text("list.sep", lang).join(str(x) for x in v) or "-"
        elif k == "seats":
            out[k] = cat.text("list.sep", lang).join(str(s) for s in v) or "-"
        elif k == "pieces":
            out[k] = cat.text("list.sep", lang).join(f"{n} {name_of('piece', kind, lang, cat)}" for kind, n in v)
        elif k == "dice":
            out[k] = "/".join(str(d) for d in v)
    return out
