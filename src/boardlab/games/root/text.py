"""Root in the terminal: a seat's view as a text map and the faction boards.

Drawn from a view only (`Game.view(seat)`, redacted): the headline (map, turn, phase, who acts),
the score track, one line per clearing (suit, slots and free slots, paths and rivers, the pieces of
each faction, ruins, tokens, pawns), the forests where pawns stand, the map's own pieces (the Ferry,
closed paths, the Pass), each faction's board, the hands (the viewer's cards face up, the others'
as counts, LR-01-02-01), the deck as a count and the discard pile face up (LR-01-02-02), the
dominance cards in play and the item supply.

A faction's board comes from its part of the view (`view[faction]`): the Marquise's and the Eyrie's
have their own layout (`BOARD_LINES`); a faction module may give its own with
`MODULE.lines(view, lang, catalogue) -> [lines]`; any other faction's part is listed key by key, so a
new faction shows without a change here. render.py draws the same things as a picture and shares the
naming helpers below.
"""
from __future__ import annotations

from typing import Any, Callable


from .content import (CARD_TEXTS, CARDS, CHARACTERS, FACTIONS, faction_sheet, HIRELING_ITEM_NAMES, ITEM_NAMES, MAPS, SETUP_CARDS,
                      SUIT_NAMES, owner_name)
from .program import PROGRAM


class Words:
    """Localised names for one language, from the game's catalogue and content."""

    def __init__(self, catalogue: Any, lang: str):
        self.cat, self.lang = catalogue, lang

    def __call__(self, key: str, **params: Any) -> str:
        return self.cat.text(key, self.lang, **params)

    def has(self, key: str) -> bool:
        return self.cat.has(key)

    @property
    def sep(self) -> str:
        return self("list.sep")

    def join(self, parts) -> str:
        return self.sep.join(str(p) for p in parts) or "-"

    def label(self, label: str, value: str) -> str:
        """`label: value`, with the language's colon."""
        return label + self("txt.colon") + value

    def faction(self, key: str) -> str:
        """A faction's name, or a hireling's (an owner of pieces, state.py); a seat still to draft its faction
        (the Advanced Setup) has none yet."""
        if not key:
            return self("txt.no_faction")
        return owner_name(key, self.lang)

    def setup_card(self, key: str) -> str:
        return SETUP_CARDS[key].names.get(self.lang) if key in SETUP_CARDS else str(key)

    def suit(self, suit: str) -> str:
        return SUIT_NAMES[suit].get(self.lang) if suit in SUIT_NAMES else str(suit)

    def item(self, item: str) -> str:
        names = ITEM_NAMES.get(item) or HIRELING_ITEM_NAMES.get(item)
        return names.get(self.lang) if names else str(item)

    def piece(self, kind: str) -> str:
        return self(f"name.{kind}") if self.has(f"name.{kind}") else str(kind).replace("_", " ")

    def card(self, card: str) -> str:
        """A card's name (a faction's own card, such as the Loyal Vizier, by its module's name)."""
        if card in CARDS:
            return CARD_TEXTS[CARDS[card].key].names.get(self.lang)
        return self.piece(card)

    def card_with_suit(self, card: str) -> str:
        """A deck card's name and suit (a faction's own card names its suit itself)."""
        if card not in CARDS:
            return self.card(card)
        return self("txt.card_suit", card=self.card(card), suit=self.suit(CARDS[card].suit))

    def card_text(self, card: str) -> str:
        spec = CARD_TEXTS[CARDS[card].key] if card in CARDS else None
        return spec.text.get(self.lang) if spec is not None and spec.text is not None else ""

    def map(self, name: str) -> str:
        key = f"option.map.{name}"
        return self(key) if self.has(key) else str(name)

    def phase(self, phase: str) -> str:
        key = f"phase.{phase}"
        return self(key) if self.has(key) else str(phase)

    def seat(self, seat: int) -> str:
        return self("seat", n=seat)

    def key(self, key: str) -> str:
        """A field of a faction's view part ("txt.key.wood"), else the field's own name."""
        return self(f"txt.key.{key}") if self.has(f"txt.key.{key}") else str(key).replace("_", " ")

    def value(self, value: Any) -> str:
        """A view value made readable: lists and dicts spelt out, names where the value is a known thing."""
        if value is None:
            return "-"
        if isinstance(value, bool):
            return self("txt.yes") if value else self("txt.no")
        if isinstance(value, dict):
            if value.get("hidden") is True:
                return self("txt.hidden", n=value.get("count", "?"))
            return self.join(self.label(self.key(k), self.value(v)) for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return self.join(self.value(v) for v in value)
        if isinstance(value, str):
            if value in CARDS:
                return self.card(value)
            if value in FACTIONS:
                return self.faction(value)
            if value in ITEM_NAMES:
                return self.item(value)
            if value in SUIT_NAMES:
                return self.suit(value)
            return self.piece(value)
        return str(value)


def card_suit(card: str) -> str | None:
    if card in CARDS:
        return CARDS[card].suit
    return "bird" if card == "vizier" else None


def hand_of(view: dict, seat: int) -> list[str] | None:
    """A seat's hand as the view shows it: its cards if the view shows them, else None."""
    hand = view.get("hands", {}).get(str(seat))
    return hand if isinstance(hand, list) else None


def hand_size(view: dict, seat: int) -> int:
    hand = view.get("hands", {}).get(str(seat))
    if isinstance(hand, dict):
        return int(hand.get("count", 0))
    return len(hand or ())


def known_in_hand(view: dict, seat: int) -> list[str]:
    """Cards of another seat's hidden hand that the viewer knows (shown to it, LR-01-02-01)."""
    hand = view.get("hands", {}).get(str(seat))
    return list(hand.get("known", ())) if isinstance(hand, dict) else []


def per_seat(view: dict, key: str, seat: int, default: Any = None) -> Any:
    """A seat's entry of a per-seat list of the view (`score`, `dominance`, `play_area`, ...)."""
    values = view.get(key) or ()
    return values[seat] if 0 <= seat < len(values) else default


def viewer(view: dict) -> int | None:
    seat = view.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def open_paths(view: dict) -> list[tuple[int, int]]:
    """The map's paths (clearing numbers) less those closed now."""
    board = MAPS[view["map"]]
    closed = set(closed_paths(view))
    return [(a + 1, b + 1) for a, b in board.paths if (a + 1, b + 1) not in closed]


def map_part(view: dict, module: str, key: str, default: Any = None) -> Any:
    """A map module's field (`view["lake"]["ferry"]`), else the base view's field of that name."""
    part = view.get(module)
    if isinstance(part, dict) and key in part:
        return part[key]
    return view.get(key, default)


def ferry(view: dict) -> int | None:
    return map_part(view, "lake", "ferry")


def closed_paths(view: dict) -> list[tuple[int, int]]:
    return [tuple(sorted(p)) for p in map_part(view, "mountain", "closed_paths", ()) or ()]


def tower(view: dict) -> int | None:
    """The Tower's clearing (the Pass): the view's, else where the map prints it."""
    part = view.get("mountain")
    if isinstance(part, dict) and part.get("tower"):
        return part["tower"]
    board = MAPS[view["map"]]
    return None if board.pass_clearing is None else board.pass_clearing + 1


def faction_part(view: dict, faction: str) -> dict | None:
    part = view.get(faction)
    return part if isinstance(part, dict) else None


def table_modules(view: dict, hook: str = "lines") -> list[str]:
    """Modules other than the factions that show a part of the table through their own `lines` (or
    `picture`) hook: those whose view part is under their own name (the hirelings)."""
    registry = PROGRAM.registry
    if registry is None:
        return []
    return [name for name in registry.names() if name not in view.get("factions", ()) and isinstance(
        view.get(name), dict) and module_hook(name, hook) is not None]


def module_hook(faction: str, name: str) -> Callable[..., Any] | None:
    """A faction module's own `lines` or `picture`, if it gives one."""
    registry = PROGRAM.registry
    if registry is None or faction not in registry.names():
        return None
    return getattr(registry.get(faction), name, None)


# ---- the text table -------------------------------------------------------------------------------------------------

def render_text(rules: Any, view: dict, lang: str) -> str:
    w = Words(rules.catalogue, lang)
    if not view.get("map"):
        return w("txt.no_map")
    lines = [headline(view, w), scores_line(view, w), w("txt.clearings")]
    lines += [clearing_line(view, c, w) for c in view["clearings"]]
    lines += map_piece_lines(view, w)
    for seat, faction in enumerate(view["factions"]):
        if faction:
            lines += board_lines(rules, view, seat, faction, w)
    for name in table_modules(view):
        lines += module_hook(name, "lines")(view, lang, rules.catalogue)  # type: ignore[misc]
    lines += draft_lines(view, w)
    lines += hand_lines(view, w)
    lines += table_lines(view, w)
    return "\n".join(lines)


def headline(view: dict, w: Words) -> str:
    active = view.get("active", 0)
    factions = view.get("factions", [])
    who = w.faction(factions[active]) if 0 <= active < len(factions) else "-"
    return w("txt.headline", map=w.map(view["map"]), turn=view.get("turn", 0), phase=w.phase(view.get("phase", "")),
             seat=w.seat(active), faction=who)


def scores_line(view: dict, w: Words) -> str:
    parts = []
    for seat, faction in enumerate(view["factions"]):
        dominance = per_seat(view, "dominance", seat)
        score = w("txt.dominance_on", card=w.card_with_suit(dominance)) if dominance else str(per_seat(view, "score", seat, 0))
        partner = view.get("coalition", {}).get(str(seat))
        coalition = " " + w("txt.coalition", seat=w.seat(partner)) if partner is not None else ""
        parts.append(f"{w.seat(seat)} {w.faction(faction)} {score}{coalition}")
    line = w.label(w("txt.scores"), w.join(parts))
    markers = view.get("score_markers") or ()
    if markers:  # pieces a module keeps on the score track (hireling markers)
        line += " · " + w.label(w("txt.on_track"), w.join(f"{w.piece(m['kind'])} {m['space']}" for m in markers))
    return line


def pieces_in(view: dict, clearing: dict, w: Words) -> list[str]:
    """The pieces in a clearing, faction by faction: warriors, buildings, tokens, pawns."""
    out = []
    ruins = sum(1 for owner, kind in clearing["buildings"] if kind == "ruin" and not owner)
    if ruins:
        out.append(w.piece("ruin") + (f" ×{ruins}" if ruins > 1 else ""))
    others = list(clearing["warriors"]) + [o for o, _ in clearing["buildings"] + clearing["tokens"] if o]
    owners = [f for f in view["factions"] if f] + [f for f in dict.fromkeys(others) if f not in view["factions"]]
    for faction in owners:  # the factions, then hirelings with pieces there (warriors, buildings or tokens alone)
        things = []
        n = clearing["warriors"].get(faction, 0)
        if n:
            things.append(w("txt.warriors", n=n))
        things += [w.piece(kind) for owner, kind in clearing["buildings"] if owner == faction]
        things += [w.piece(kind) for owner, kind in clearing["tokens"] if owner == faction]
        things += [w("txt.pawn") for owner, at in view.get("pawns", {}).items()
                   if owner == faction and at.get("clearing") == clearing["id"]]
        if things:
            out.append(w.label(w.faction(faction), w.join(things)))
    return out


def clearing_line(view: dict, clearing: dict, w: Words) -> str:
    number = clearing["id"]
    board = MAPS[view["map"]]
    near = sorted(b if a == number else a for a, b in open_paths(view) if number in (a, b))
    river = sorted(d + 1 for d in board.river_adj[number - 1])
    free = clearing["slots"] - len(clearing["buildings"])
    where = w("txt.clearing_line", n=f"{number:>2}", suit=w.suit(clearing["suit"]), slots=clearing["slots"], free=free,
              paths=" ".join(map(str, near)) or "-")
    if river:
        where += " " + w("txt.rivers", clearings=" ".join(map(str, river)))
    pieces = pieces_in(view, clearing, w)
    return "  " + where + (" | " + w("txt.groups").join(pieces) if pieces else "")


def map_piece_lines(view: dict, w: Words) -> list[str]:
    """Pawns in forests, pieces on paths, then the map's own pieces: the Ferry, closed paths, the Tower on the Pass."""
    board = MAPS[view["map"]]
    out = []
    for owner, at in view.get("pawns", {}).items():
        if "forest" in at:
            f = at["forest"]
            around = " ".join(str(c + 1) for c in board.forests[f - 1])
            out.append("  " + w("txt.pawn_forest", faction=w.faction(owner), forest=f, clearings=around))
    for entry in view.get("on_paths", ()):
        a, b = entry["path"]
        out += ["  " + w("txt.on_path", faction=w.faction(owner), piece=w.piece(kind), a=a, b=b)
                for owner, kind in entry["pieces"]]
    if ferry(view):
        used = map_part(view, "lake", "ferry_used", False)
        out.append("  " + w("txt.ferry", n=ferry(view)) + (" " + w("txt.ferry_used") if used else ""))
    if closed_paths(view):
        out.append("  " + w("txt.closed_paths", paths=w.join(f"{a}-{b}" for a, b in closed_paths(view))))
    if tower(view):
        out.append("  " + w("txt.pass", n=tower(view)))
    return out


# ---- faction boards -------------------------------------------------------------------------------------------------

def board_lines(rules: Any, view: dict, seat: int, faction: str, w: Words) -> list[str]:
    head = w("txt.board", seat=w.seat(seat), faction=w.faction(faction), supply=view.get("supply", {}).get(faction, 0))
    extra = []
    play_area = per_seat(view, "play_area", seat, [])
    if play_area:
        extra.append(w.label(w("txt.play_area"), w.join(w.card(c) for c in play_area)))
    crafted = per_seat(view, "crafted", seat, [])
    if crafted:
        extra.append(w.label(w("txt.crafted"), w.join(w.item(i) for i in crafted)))
    hook = module_hook(faction, "lines")
    part = faction_part(view, faction)
    if hook is not None:
        body = hook(view, w.lang, rules.catalogue)
    elif part is not None:
        body = known_or_generic(faction, part, w, acting_in_daylight(view, faction))
    else:
        body = []
    return [head] + ["    " + line for line in extra + body]


def known_or_generic(faction: str, part: dict, w: Words, acting: bool = False) -> list[str]:
    layout = BOARD_LINES.get(faction)
    if layout is not None:
        try:
            return layout(part, w, acting)
        except (KeyError, TypeError, ValueError, IndexError):
            pass  # a view part shaped otherwise than this layout expects: list it instead
    return generic_lines(part, w)


SHAPE_ERRORS = (KeyError, TypeError, ValueError, IndexError, AttributeError)  # a view part of another shape


def faction_lines(view: dict, lang: str, catalogue: Any, name: str,
                  make: Callable[[dict, dict, "Words"], list[str]]) -> list[str]:
    """A faction module's lines on the terminal table: `make(view, part, words)` from the faction's part of the view,
    the generic lines when that part has another shape (an older save), none when the faction is not in the view."""
    w = Words(catalogue, lang)
    part = faction_part(view, name)
    if part is None:
        return []
    try:
        return make(view, part, w)
    except SHAPE_ERRORS:
        return generic_lines(part, w)


def generic_lines(part: dict, w: Words) -> list[str]:
    """Any faction's view part, a field a line."""
    return [w.label(w.key(k), w.value(v)) for k, v in part.items()]


def cat_headline(part: dict, w: Words, acting: bool = False) -> str:
    keep = w("txt.cat_keep", n=part["keep"]) if part.get("keep") else w("txt.cat_no_keep")
    line = w("txt.cat_board", wood=part["wood"], keep=keep, draws=cat_draws(part))
    return line + (" · " + w("txt.actions_left", n=part["actions"]) if acting and "actions" in part else "")


def cat_draws(part: dict) -> int:
    """Cards the Evening draws: one, plus the bonuses the recruiters on the map uncovered."""
    bonus = faction_sheet("marquise").get("draw_bonus", {})
    return 1 + sum(1 for kind, at in bonus.items() for k in at if part["tracks"][kind]["on_map"] >= k)


def track_left(faction: str, on_map: int, key: str = "buildings") -> int:
    """Pieces still on a track: the printed number less those on the map."""
    return max(0, int(faction_sheet(faction).get(key, on_map)) - on_map)


def acting_in_daylight(view: dict, faction: str) -> bool:
    """Whether `faction` is in its Daylight now (its actions left then mean something)."""
    factions = view.get("factions", ())
    active = view.get("active")
    return view.get("phase") == "daylight" and isinstance(active, int) and 0 <= active < len(factions) and (
        factions[active] == faction)


def marquise_lines(part: dict, w: Words, acting: bool = False) -> list[str]:
    out = [cat_headline(part, w, acting)]
    for kind, track in part["tracks"].items():
        left = track_left("marquise", track["on_map"])
        nxt = (w("txt.next_building", cost=track["next_cost"], points=track["next_points"])
               if left and track["next_cost"] is not None else w("txt.track_empty"))
        out.append(w("txt.track", kind=w.piece(kind), on_map=track["on_map"], left=left, next=nxt))
    return out


def resolving(part: dict, acting: bool) -> tuple[str | None, list[str]]:
    """The Decree column being resolved and its cards left (none outside the Eyrie's Daylight)."""
    return (part.get("column"), list(part.get("todo") or ())) if acting else (None, [])


def eyrie_lines(part: dict, w: Words, acting: bool = False) -> list[str]:
    out = [w("txt.eyrie_board", leader=w.piece(part["leader"]) if part.get("leader") else "-",
             leaders=w.join(w.piece(x) for x in part["face_up"]), roosts=track_left("eyrie", part["roosts"], "roosts"),
             points=part["roost_points"], draws=1 + part.get("draw_bonuses", 0))]
    decree = part["decree"]
    out.append(w.label(w("txt.decree"), " | ".join(
        w.label(w.piece(col), w.join(w.card_with_suit(c) for c in cards)) for col, cards in decree.items())))
    column, left = resolving(part, acting)
    if column:
        out.append(w("txt.resolving", column=w.piece(column), cards=w.join(w.card_with_suit(c) for c in left)))
    return out


# The factions whose view part has a layout of its own; any other is listed by `generic_lines`.
BOARD_LINES: dict[str, Callable[[dict, Words, bool], list[str]]] = {"marquise": marquise_lines, "eyrie": eyrie_lines}


# ---- cards and the rest of the table --------------------------------------------------------------------------------

def hand_lines(view: dict, w: Words) -> list[str]:
    me = viewer(view)
    out = []
    for seat in range(len(view["factions"])):
        cards = hand_of(view, seat)
        if seat == me and cards is not None:
            out.append(w.label(w("txt.your_hand", n=len(cards)), w.join(w.card_with_suit(c) for c in cards)))
            continue
        line = w("txt.hand_count", seat=w.seat(seat), n=hand_size(view, seat))  # only the count (LR-01-02-01)
        known = known_in_hand(view, seat)
        if known:
            line += " " + w("txt.known", cards=w.join(w.card_with_suit(c) for c in known))
        out.append(line)
    return out


def draft_lines(view: dict, w: Words) -> list[str]:
    """The Advanced Setup: the turn order, the setup cards on the table (militant, locked, the character beside
    a Vagabond card, who took it), whose choice it is, and the cards chosen to keep (the viewer's own; the
    others' as counts)."""
    draft = view.get("draft")
    if not draft:
        return []
    out = [w("txt.order", seats=w.join(w.seat(s) for s in view.get("order", ())))]
    taken = {card: int(seat) for seat, card in draft.get("taken", {}).items()}
    if draft.get("setup_cards"):
        out.append(w("txt.draft") + w("txt.colon"))
        for card in draft["setup_cards"]:
            out.append("  " + draft_card(draft, card, taken, w))
    if draft.get("chooser") is not None:
        out.append(w("txt.draft_chooser", seat=w.seat(draft["chooser"]),
                     seats=w.join(w.seat(s) for s in draft.get("choosers", ()))))
    if draft.get("removed"):
        out.append(w("txt.draft_removed", cards=w.join(w.setup_card(c) for c in draft["removed"])))
    for seat, kept in draft.get("kept", {}).items():
        if isinstance(kept, list):
            out.append(w("txt.draft_kept", cards=w.join(w.card_with_suit(c) for c in kept)))
        else:
            out.append(w("txt.draft_keeping", seat=w.seat(int(seat)), n=kept.get("count", 0)))
    return out


def draft_card(draft: dict, card: str, taken: dict[str, int], w: Words) -> str:
    name = w.setup_card(card)
    character = draft.get("characters", {}).get(card)
    if character in CHARACTERS:
        name = w("setup_card_with", card=name, character=CHARACTERS[character].names.get(w.lang))
    beside = draft.get("beside", {}).get(card)
    if beside:
        name = w("setup_card_beside", card=name, cards=w.join(w.piece(k) for k in beside))
    spec = SETUP_CARDS.get(card)
    return w("txt.draft_card", card=name, militant=w("txt.draft_militant") if spec and spec.militant else "",
             locked=w("txt.draft_locked") if draft.get("locked") == card and card not in taken else "",
             taken=w("txt.draft_taken", seat=w.seat(taken[card])) if card in taken else "")


def table_lines(view: dict, w: Words) -> list[str]:
    deck = view.get("deck")
    deck_n = deck.get("count", 0) if isinstance(deck, dict) else len(deck or ())
    discard = view.get("discard", [])
    top = w.card_with_suit(discard[-1]) if discard else "-"
    out = [w("txt.deck", n=deck_n) + " · " + w("txt.discard", n=len(discard), top=top)]
    if discard:
        out.append("  " + w.label(w("txt.discard_pile"), w.join(w.card_with_suit(c) for c in discard)))
    pool = view.get("dominance_pool", [])
    out.append(w.label(w("txt.dominance_pool"), w.join(w.card_with_suit(c) for c in pool)))
    items = view.get("items", {})
    out.append(w.label(w("txt.items"), w.join(f"{w.item(i)} {n}" for i, n in items.items() if n)))
    return out
