"""The Vagabond (LR-09) and his characters (the Vagabonds appendix, LR-AV-*).

Setup: a character (the option `vagabond`, else his choice), his pawn in a forest, the shared quests,
the "R" items under the ruins, his starting items, every relationship Indifferent. Birdsong: Refresh,
then Slip. Daylight: exhaust items for Move, Battle, Explore, Aid, Quest, Strike, Repair, Craft and his
special action. Evening: Rest in a forest, draw, discard to five, the item limit.

Files: `vagabond_core` (data, items, relationships), `vagabond_turn` (setup, Birdsong, Evening, moving,
taking hits), `vagabond_actions` (Daylight), `vagabond_quests`, `vagabond_characters`, `vagabond_board`
(his board on the terminal and web tables); `vagabond2` is the second Vagabond (LR-09-07) on the same rules.

Hooks other modules use: `Faction.full_removal` (an effect removing all enemy pieces from his clearing
damages three items, LR-09-02-02-01: the Alliance's Revolt calls it through `cards.remove_all`) and
`Faction.takes_hits` (each hit damages an item).
"""
from __future__ import annotations

from ....core.actions import Segment, Vocabulary
from .. import actions as A
from ..content import CHARACTERS, DECKS, ITEMS, MAPS, QUESTS, hirelings_possible
from ..program import Faction, extensions
from ..records import Battle
from ..state import RootState
from . import vagabond_actions as VA
from . import vagabond_board as VB
from . import vagabond_characters as VC
from . import vagabond_core as C
from . import vagabond_turn as VT
from .vagabond_core import HOSTILE, INDIFFERENT, MODULE, SIDES, V, VagabondState

NAME = "vagabond"


def configure(module: Faction, name: str) -> None:
    """The hooks and steps of one Vagabond."""
    module.data = lambda state: VagabondState()
    module.needs_rule_to_move = False                  # LR-09-02-03
    module.dominance = "coalition"                     # LR-09-02-08
    module.max_rolled_hits = VA.max_rolled_hits(name)  # LR-09-02-06
    module.defenceless = VA.defenceless(name)          # LR-09-02-04
    module.service_items = lambda state, seat: sorted(C.ready_counts(V(state, name)).elements())  # LR-11-02-06-03
    module.exhaust_for_service = lambda state, seat, kind: C.exhaust(state, name, kind)
    module.takes_hits = VT.takes_hits(name)            # LR-09-02-07
    module.full_removal = VT.full_removal(name)        # LR-09-02-02-01
    module.takes_item = VA.takes_item(name)            # LR-09-02-01
    module.removal_points = infamy(name)               # LR-09-02-09-03-01
    module.blocks_placing = lambda state, placer, c: c in V(state, name).scorched  # LR-AV-06-02
    module.step(f"{name}.setup")(VT.setup(name))
    module.step(f"{name}.setup_advanced")(VT.setup_advanced(name))   # the Advanced Setup's card (LR-AA-08-03)
    module.hook("advanced.markers", "after", VT.relationship_markers(name))
    module.step(f"{name}.birdsong")(VT.birdsong(name))
    module.step(f"{name}.daylight")(VA.daylight(name))
    module.step(f"{name}.evening")(VT.evening(name))
    module.view = lambda state, full: view(state, full, name)
    module.actions = actions
    module.forms = FORMS
    module.describe = describe
    module.potential = lambda state, seat: potential(state, seat, name)
    module.lines = VB.lines(name)                      # his board on the terminal table
    module.picture = VB.picture(name)                  # ... and on the web table


# ---- for bots (tuning, not rules) ------------------------------------------------------------------------------

ITEM_VALUE = 0.5   # an undamaged item: actions to come
ALLY_VALUE = 1.0   # an Allied faction: 2 points an Aid, warriors to move with


def potential(state: RootState, seat: int, name: str) -> float:
    """His term in the position value: undamaged items and allies (others' seats: nothing)."""
    if state.faction[seat] != name:
        return 0.0
    data = V(state, name)
    undamaged = sum(1 for _, _, damaged, _ in data.items if not damaged)
    allies = sum(1 for level in data.rel.values() if level == C.ALLIED)
    return ITEM_VALUE * undamaged + ALLY_VALUE * allies


# ---- relationships changed by removals (LR-09-02-09-03) ------------------------------------------------------

def infamy(name: str):
    """LR-09-02-09-03-01: one more point per piece of a Hostile faction removed in battle in his turn, but
    not the warrior that made it Hostile. In an instigated battle only the buildings and tokens count as
    his (LR-AV-04-02)."""
    def points(state: RootState, owner: str, pieces: list, in_battle: bool) -> int:
        data = V(state, name)
        assigned, data.assigned = data.assigned, False
        if not in_battle or owner not in data.rel or state.active != C.seat_of(state, name):
            return 0
        if assigned:
            return sum(n for k, n in pieces if k != "warrior") if C.hostile(state, name, owner) else 0
        n = sum(n for _, n in pieces)
        if C.hostile(state, name, owner):
            return n
        return n - 1 if any(k == "warrior" for k, _ in pieces) and not data.quiet else 0
    return points


def removed(state: RootState, by_seat, owner: str, c: int, pieces: list, in_battle: bool) -> list:
    """LR-09-02-09-03: removing a warrior of a non-Hostile faction makes it Hostile (not the Gladiator's
    Duel, LR-AV-11-02; Allied warriors lost as his hits follow LR-09-02-09-02-04)."""
    if by_seat is None or not C.is_vagabond(state.faction[by_seat]):  # the cheapest question first
        return []
    name = state.faction[by_seat]
    if not any(k == "warrior" for k, _ in pieces) or owner not in V(state, name).rel or V(state, name).quiet:
        return []
    if any(fn(state, owner, c) for fn in extensions(state, "spares_hostility")):  # mercenaries (LR-11-02-07-03-02)
        return []
    if not C.hostile(state, name, owner):
        C.set_rel(state, name, owner, HOSTILE)
        state.log(("LR-09-02-09-03",), "ev.vb.hostile", faction=name, other=owner)
    return []


def battle_ended(state: RootState, battle: Battle) -> list:
    """LR-09-02-09-02-04: more hits taken by Allied warriors than by items makes the ally Hostile."""
    for name in C.in_play(state):
        data = V(state, name)
        if data.ally and C.seat_of(state, name) == battle.attacker and data.ally_hits > data.item_hits:
            C.set_rel(state, name, data.ally, HOSTILE)
            state.log(("LR-09-02-09-02-04",), "ev.vb.hostile", faction=name, other=data.ally)
        if data.ally and C.seat_of(state, name) == battle.attacker:
            data.ally, data.ally_hits, data.item_hits = None, 0, 0
        if data.instigating == battle.clearing:
            data.instigating = None
    return []


def coalition_formed(state: RootState, seat: int, partner: int) -> list:
    """LR-09-02-09-03-04: a coalition with a Hostile faction sets it back to Indifferent."""
    name, other = state.faction[seat], state.faction[partner]
    if C.is_vagabond(name) and C.hostile(state, name, other):
        C.set_rel(state, name, other, INDIFFERENT)
        state.log(("LR-09-02-09-03-04",), "ev.vb.indifferent", faction=name, other=other)
    return []


def blocks_move(state: RootState, faction: str, origin: int, dest: int) -> bool:
    """LR-AV-06-02: nothing moves into a clearing with the Scoundrel's torch."""
    return VC.scorched(state, dest)


MODULE.answer("removed", removed)
MODULE.answer("battle_ended", battle_ended)
MODULE.answer("coalition_formed", coalition_formed)
MODULE.answer("blocks_move", blocks_move)
MODULE.answer("battle_effects", VC.battle_effects)
MODULE.answer("use_battle_effect", VC.use_battle_effect)
MODULE.answer("rolled_hits_bonus", VC.rolled_hits_bonus)
MODULE.answer("scores_removal", VC.scores_removal)


# ---- view, texts, action ids -----------------------------------------------------------------------------------

def view(state: RootState, full: dict, name: str) -> None:
    if "quests" not in full and state.quests:
        full["quests"] = {"up": list(state.quests.get("up", ())), "deck": list(state.quests.get("deck", ()))}
    data = V(state, name)
    full[name] = {
        "character": data.character,
        "items": [[k, C.side((k, ex, dmg, r)), r] for k, ex, dmg, r in data.items],
        "tracks": {k: C.on_track(data, k) for k in C.TRACKS}, "capacity": C.capacity(data),
        "relationships": dict(data.rel), "quests": list(data.quests), "scorched": [c + 1 for c in data.scorched],
        "coerced": data.coerced,
    }


def resample(state: RootState, seat: int | None, stream) -> None:
    """The quest deck is hidden from everyone: dealt again."""
    if state.quests.get("deck"):
        state.quests = {**state.quests, "deck": tuple(stream.shuffle(sorted(state.quests["deck"])))}


MODULE.resample = resample

FORMS = {
    "character": ("character",), "attack": ("faction",), "ally": ("faction",), "aid": ("seat",),
    "take": ("item",), "strike": ("faction",), "item": ("item", "word"), "steal": ("seat",),
    "day_labor": ("card",), "instigate": ("faction", "faction"), "glide": ("clearing",), "duel": ("faction",),
    "coerce": ("card",), "as": ("item",), "replace": ("item",), "quest": ("quest",), "improvise": ("quest",),
    "con": ("quest",),
}
LOCATION_HEADS = ("go", "slip", "forest")
FORMS.update({h: ("place",) for h in LOCATION_HEADS})  # a clearing's number or a forest's `fN`


def describe(state: RootState, action_id: str, lang: str) -> str | None:
    """Ids naming a clearing or a forest (`go:3`, `slip:f2`, `forest:f1`) and ids naming a quest."""
    from .. import RULESET
    from ..view import name_of
    head, arg = A.head(action_id), A.arg(action_id)
    cat = RULESET.catalogue
    if head in LOCATION_HEADS:
        loc = VT.loc_of(arg)
        where = name_of("forest", loc - VT.FOREST, lang, cat) if arg.startswith("f") else name_of(
            "clearing", loc, lang, cat, state)
        return cat.text(f"act.{head}", lang, p0=where)
    if head in ("quest", "improvise", "con"):
        return cat.text(f"act.{head}", lang, p0=name_of("quest", arg, lang, cat))
    return None


def actions(players: int, options: dict) -> list[Segment]:
    cards = [c.id for c in DECKS[options.get("deck", "standard")]]  # the deck in play (the Exiles deck too)
    factions = A.factions_of(options) + hirelings_possible(options)  # hirelings can be battled
    clearings = [A.clearing_id(c) for c in range(12)]
    forests = [f"f{f + 1}" for f in range(max(len(m.forests) for m in MAPS.values()))]
    quests = [q.key for q in QUESTS]
    ids = [f"character:{k}" for k in CHARACTERS] + [f"forest:{f}" for f in forests]
    ids += [f"{h}:{loc}" for h in ("go", "slip") for loc in clearings + forests]
    ids += ["explore", "repair", "alone", "reward:vp", "reward:cards", "hideout", "scorched_earth", "remove:warrior"]
    ids += [f"{h}:{f}" for h in ("attack", "ally", "strike", "duel") for f in factions]
    ids += [f"instigate:{a}:{d}" for a in factions for d in factions if a != d]
    ids += [f"{h}:{s}" for h in ("aid", "steal", "partner") for s in range(players)]
    ids += [f"{h}:{c}" for h in ("day_labor", "coerce") for c in cards]  # give: and exhaust: are the base's
    ids += [f"{h}:{k}" for h in ("take", "as", "replace") for k in ITEMS]
    ids += [C.item_id(k, s) for k in ITEMS for s in SIDES]
    ids += [f"{h}:{q}" for h in ("quest", "improvise", "con") for q in quests]
    ids += [f"glide:{c}" for c in clearings]
    ids += ["effect:swift_strike", "effect:protector"]
    return [Vocabulary(ids)]


configure(MODULE, NAME)
