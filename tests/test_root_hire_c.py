"""Root's hirelings of the Underworld and Homeland packs (issue 13): Sunward Expedition / Mole Artisans, Corvid
Spies / Raven Sentries, River Roamers / Frog Tinkers, Sunny Advocates / Bat Messengers, with boardlab's rulings
RTA-HC-* (docs/root-rulings.md, "Hirelings: the Underworld and Homeland packs") and the hireling tokens
(footholds, lilypads).

Clearings are named by their printed number on the Autumn map: 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit,
6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; rivers touch 4, 5, 7, 10 and 11.
"""
from __future__ import annotations

import pytest
from root_helpers import events, hand, idx, new, play, put, set_up, start

import boardlab
from boardlab.core import positions
from boardlab.core.flow import GAME_OVER
from boardlab.core.rng import Stream
from boardlab.games.root import RULESET
from boardlab.games.root import battle as BT
from boardlab.games.root import board as B
from boardlab.games.root import cards as K
from boardlab.games.root.records import Battle
from boardlab.games.root.state import RUIN

SUNWARD, SPIES, ROAMERS, ADVOCATES = "sunward_expedition", "corvid_spies", "river_roamers", "sunny_advocates"
MINE = (SUNWARD, SPIES, ROAMERS, ADVOCATES)


# ---- builders (as in test_root_hirelings.py) ---------------------------------------------------------------------

def game(factions=("marquise", "eyrie"), hirelings=(SUNWARD, SPIES), seed=1, **options):
    return set_up(new(factions, seed=seed, hirelings=list(hirelings), **options))


def blank(g):
    """Every piece off the map (hirelings' too), ruins kept, hands empty, scores 0, no keep."""
    with positions.edit(g) as s:
        for owner, on_map in s.warriors.items():
            s.supply[owner] += sum(on_map)
            s.warriors[owner] = [0] * len(on_map)
        s.buildings = [tuple(p for p in b if p == RUIN) for b in s.buildings]
        s.tokens = [()] * len(s.tokens)
        if "marquise" in s.mods:
            s.mods["marquise"].keep = None
        s.score = [0] * s.players
    for seat in range(g.state.players):
        hand(g, seat, [])
    return g


def control(g, key, seat, markers=2):
    with positions.edit(g) as s:
        s.hired[key] = seat
        data = s.mods["hirelings"]
        data.control = {**data.control, key: markers}
        data.gained = {**data.gained, key: 0}
    return g


def side(g, key, demoted):
    with positions.edit(g) as s:
        s.mods[key].demoted = demoted
    return g


def run_tasks(g, seat, *tasks, then=GAME_OVER):
    """Run these tasks in `seat`'s Daylight, then go on at the step `then` (GAME_OVER: stop there)."""
    with positions.edit(g) as s:
        s.active, s.phase, s.used = seat, "daylight", {}
        s.tasks = list(reversed(tasks))
        s.stack = [(then, 0, None)]
    return positions.run_from(g, "tasks.run")


def hits(g, attacker, defender, number, dealt_a, dealt_d, by=""):
    """A battle at its hits stage with these rolled hits (no dice): what each side deals and takes."""
    return run_tasks(g, attacker, Battle(attacker, defender, idx(number), "hits", dealt_a, dealt_d, False, False,
                                         dealt_a, dealt_d, (), ("test",), by))


def params(g, key, since=0):
    return [p for _, k, p in events(g, since) if k == key]


def rules_of(g, key, since=0):
    return [set(r) for r, k, _ in events(g, since) if k == key]


def tokens(g, owner, number):
    return B.tokens_of(g.state, owner, idx(number))


def legal(g):
    return set(g.legal_action_ids())


def until(g, decision, limit=40):
    """Answer the first legal id until `decision` is asked."""
    for _ in range(limit):
        if g.decision == decision:
            return g
        g.apply(g.legal_action_ids()[0])
    raise AssertionError(f"never reached {decision}")


# ---- hireling tokens (footholds, lilypads): rule, removal, scoring ----------------------------------------------------

@pytest.mark.rule("LR-AH-03-01", "RT-HR-31", "RTA-HC-01")
def test_hireling_tokens_never_count_for_rule():
    g = blank(game(("marquise", "alliance")))
    put(g, SUNWARD, 5, 1, tokens=["foothold"])
    put(g, "marquise", 5, 1)
    assert B.ruler(g.state, idx(5)) is None  # 1 warrior each: the foothold adds nothing to the uncontrolled hireling
    assert B.rule_total(g.state, SUNWARD, idx(5)) == 1
    control(g, SUNWARD, 0)
    assert B.ruler(g.state, idx(5)) == "marquise"  # its warrior counts for its controller
    put(g, "alliance", 5, 2)
    assert B.ruler(g.state, idx(5)) is None  # 1 + 1 against 2: the foothold would break the tie, it does not


@pytest.mark.rule("RT-HR-49", "LR-AH-03-06", "LR-03-02-01", "RTA-HC-01")
def test_a_player_removing_hireling_tokens_with_its_own_pieces_scores_them():
    g = blank(game())
    put(g, SUNWARD, 5, 0, tokens=["foothold"])
    put(g, "marquise", 5, 3)
    run_tasks(g, 0, BT.start(0, "marquise", ("test",), (idx(5),), must=True))
    play(g, "battle:5")  # a lone foothold: defenceless, so at least one hit (LR-04-03-05-02)
    assert tokens(g, SUNWARD, 5) == [] and g.state.score[0] == 1  # the Marquise scores the hireling's token
    g = blank(game())
    control(g, SUNWARD, 1)
    put(g, SUNWARD, 5, 1, tokens=["foothold"])
    put(g, "marquise", 5, 3)
    hits(g, 1, "marquise", 5, 0, 2, by=SUNWARD)  # the Expedition attacks; the Marquise deals 2 as defender
    assert B.warriors(g.state, SUNWARD, idx(5)) == 0 and tokens(g, SUNWARD, 5) == []
    assert g.state.score == [1, 0]  # even defending against the hireling (LR-AH-03-06)


@pytest.mark.rule("RT-HR-48", "LR-AH-03-06", "RTA-HC-01")
def test_nobody_scores_for_hireling_tokens_a_hireling_removes():
    g = blank(game())
    control(g, SPIES, 0)
    put(g, SUNWARD, 5, 0, tokens=["foothold"])
    put(g, SPIES, 5, 2)
    run_tasks(g, 0, BT.start(0, SPIES, ("test",), (idx(5),), must=True))
    play(g, "battle:5")
    assert tokens(g, SUNWARD, 5) == [] and g.state.score == [0, 0]  # the Spies' controller scores nothing


# ---- Sunward Expedition (promoted) --------------------------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HC-02")
def test_the_sunward_expedition_sets_up_a_foothold_and_three_warriors_anywhere():
    g = until(new(("marquise", "eyrie"), seed=3, hirelings=[SUNWARD]), "sunward_land")
    keep = g.state.mods["marquise"].keep
    assert f"foothold_at:{keep + 1}" not in legal(g) and len(legal(g)) == 11  # not at the Marquise's keep
    play(g, "foothold_at:9" if keep != idx(9) else "foothold_at:8")
    c = 9 if keep != idx(9) else 8
    assert tokens(g, SUNWARD, c) == ["foothold"] and B.warriors(g.state, SUNWARD, idx(c)) == 3
    assert g.state.supply[SUNWARD] == 5 and g.view(0)["hirelings"]["cards"][0]["footholds"] == 2


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "LR-01-05-04", "RTA-HC-02")
def test_the_expedition_lands_then_moves_and_battles_or_recruits_at_each_foothold():
    g = blank(game(("eyrie", "alliance"), (SUNWARD,)))
    control(g, SUNWARD, 0)
    put(g, SUNWARD, 1, 1, tokens=["foothold"])
    put(g, "alliance", 10, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{SUNWARD}:act")
    assert "foothold_at:1" not in legal(g) and "foothold_at:5" in legal(g)  # a clearing without a foothold
    play(g, "foothold_at:5")
    assert legal(g) == {f"sunward_warriors:{n}" for n in range(4)}  # up to 3
    play(g, "sunward_warriors:2")
    assert tokens(g, SUNWARD, 5) == ["foothold"] and B.warriors(g.state, SUNWARD, idx(5)) == 2
    assert legal(g) == {"sunward:move", "sunward:recruit"}
    play(g, "sunward:recruit")  # a warrior at each foothold
    assert B.warriors(g.state, SUNWARD, idx(1)) == 2 and B.warriors(g.state, SUNWARD, idx(5)) == 3
    assert f"hireling:{SUNWARD}:act" not in legal(g)  # once per Daylight
    g = blank(game(("eyrie", "alliance"), (SUNWARD,)))
    control(g, SUNWARD, 0)
    for c in (1, 2, 3):  # every foothold on the map: one comes off first (scoring nothing)
        put(g, SUNWARD, c, 0, tokens=["foothold"])
    put(g, SUNWARD, 5, 3)
    put(g, "alliance", 1, 1)
    start(g, 0, "daylight.start")
    play(g, f"hireling:{SUNWARD}:act", "foothold_at:5")
    assert legal(g) == {"foothold_from:1", "foothold_from:2", "foothold_from:3"}
    play(g, "foothold_from:3", "sunward_warriors:0", "sunward:move")
    assert tokens(g, SUNWARD, 3) == [] and tokens(g, SUNWARD, 5) == ["foothold"] and g.state.score == [0, 0]
    assert "skip" in legal(g)  # the move is optional
    play(g, "from:5", "to:1", "warriors:3")  # it rules 5 for its controller: it may move
    assert params(g, "ev.move")[-1] == {"seat": 0, "faction": SUNWARD, "origin": idx(5), "dest": idx(1), "n": 3}
    assert g.decision == "battle_where" and legal(g) == {"battle:1", "skip"}  # then a battle, optional too
    play(g, "battle:1")
    assert params(g, "ev.battle")[-1] == {"seat": 0, "faction": SUNWARD, "defender": "alliance", "clearing": idx(1)}


@pytest.mark.rule("RT-HR-30", "LR-01-05-04", "RTA-HC-02")
def test_with_too_few_warriors_the_controller_picks_the_footholds():
    g = blank(game(("eyrie", "alliance"), (SUNWARD,)))
    control(g, SUNWARD, 0)
    put(g, SUNWARD, 1, 6, tokens=["foothold"])
    put(g, SUNWARD, 2, 0, tokens=["foothold"])
    start(g, 0, "daylight.start")
    play(g, f"hireling:{SUNWARD}:act", "foothold_at:9", "sunward_warriors:1", "sunward:recruit")
    assert legal(g) == {"sunward_at:1", "sunward_at:2", "sunward_at:9"}  # one warrior left for three footholds
    play(g, "sunward_at:2")
    assert g.state.supply[SUNWARD] == 0 and B.warriors(g.state, SUNWARD, idx(2)) == 1



# ---- Mole Artisans (demoted) -------------------------------------------------------------------------------------------

AMBUSHES = ["fox_ambush", "rabbit_ambush", "mouse_ambush", "bird_ambush"]


def mole_game(controller=0):
    g = blank(game())
    side(g, SUNWARD, True)
    control(g, SUNWARD, controller)
    put(g, "marquise", 1, 1, buildings=["workshop"])  # a fox crafting piece
    hand(g, 0, ["bird_crossbow"] + AMBUSHES)
    start(g, 0, "daylight.start")
    return play(g, "craft:bird_crossbow")


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HC-03")
def test_mole_artisans_reveal_a_crafted_item_card_and_return_it_after_evening():
    g = mole_game()
    assert g.decision == "mole_artisans" and legal(g) == {"mole:reveal", "mole:discard"}
    assert g.state.crafted[0] == ("crossbow",) and g.state.score[0] == 1  # the item is gained and scored first
    play(g, "mole:reveal")
    assert "bird_crossbow" not in g.state.discard and "bird_crossbow" not in g.state.hands[0]
    assert g.view(1)["hirelings"]["cards"][0]["revealed"] == ["bird_crossbow"]  # face up for everyone
    since = len(g.state.events)
    start(g, 0, "evening.start")  # draws one card: five in hand at the hand limit, then the revealed card
    assert not [p for p in params(g, "ev.discard", since) if p["seat"] == 0]
    assert "bird_crossbow" in g.state.hands[0] and len(g.state.hands[0]) == 6  # six cards at the turn's end
    assert g.state.known["bird_crossbow"] == frozenset({0, 1})
    assert params(g, "ev.sunward.returned", since)[0]["cards"] == ["bird_crossbow"]


@pytest.mark.rule("LR-AH-02", "RTA-HC-03")
def test_mole_artisans_may_discard_and_serve_only_their_controller():
    g = play(mole_game(), "mole:discard")
    assert "bird_crossbow" in g.state.discard and g.view(0)["hirelings"]["cards"][0]["revealed"] == []
    g = mole_game(controller=1)
    assert g.decision != "mole_artisans" and "bird_crossbow" in g.state.discard  # not the controller's craft


# ---- Corvid Spies (promoted) / Raven Sentries (demoted) ------------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HC-04")
def test_corvid_spies_set_up_in_two_clearings_of_one_suit():
    g = until(new(("marquise", "eyrie"), seed=2, hirelings=[SPIES]), "spies_setup")
    keep = g.state.mods["marquise"].keep
    first = next(c for c in (1, 6, 8, 12) if idx(c) != keep)
    play(g, f"spy_at:{first}")
    assert legal(g) == {f"spy_at:{c}" for c in (1, 6, 8, 12) if c != first and idx(c) != keep}  # the same suit
    second = int(sorted(legal(g))[0].split(":")[1])
    play(g, f"spy_at:{second}")
    assert [c + 1 for c, n in enumerate(g.state.warriors[SPIES]) if n] == sorted((first, second))
    assert g.state.supply[SPIES] == 4


def spies_game():
    g = blank(game(("eyrie", "alliance"), (SPIES, SUNWARD)))
    control(g, SPIES, 0)
    put(g, SPIES, 5, 1)
    return g


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HC-04")
def test_corvid_spies_go_where_enemies_are_then_battle_in_every_clearing_with_spies():
    g = spies_game()
    put(g, "alliance", 2, 1)
    put(g, "alliance", 3, 0, tokens=["sympathy"])
    put(g, SUNWARD, 9, 1)  # an uncontrolled hireling is an enemy too
    start(g, 0, "daylight.start")
    play(g, f"hireling:{SPIES}:act")
    assert legal(g) == {"spy_at:2", "spy_at:3", "spy_at:9"}  # clearings with enemy pieces only
    play(g, "spy_at:2", "spy_at:2")  # the same clearing twice
    assert B.warriors(g.state, SPIES, idx(2)) == 2  # the only branch, the only clearing: that battle must be fought
    assert g.decision == "battle_where" and legal(g) == {"battle:2"}
    g = spies_game()
    put(g, "alliance", 2, 1)
    put(g, "alliance", 3, 0, tokens=["sympathy"])
    start(g, 0, "daylight.start")
    play(g, f"hireling:{SPIES}:act", "spy_at:2", "spy_at:3")
    assert g.decision == "spies_battle"  # no one holds cards to take: the battles, in every clearing with Spies
    assert legal(g) == {"spies_battle:2", "spies_battle:3"}  # that can battle, in the controller's order
    play(g, "spies_battle:3", "battle:3")  # the lone sympathy token is defenceless: removed, Outrage drawn
    assert g.decision == "battle_where" and legal(g) == {"battle:2"}  # then the other one
    play(g, "battle:2")
    assert [p["clearing"] for p in params(g, "ev.battle")] == [idx(3), idx(2)]
    assert all(p["faction"] == SPIES and p["seat"] == 0 for p in params(g, "ev.battle"))


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "LR-AG-22", "RTA-HC-04")
def test_corvid_spies_take_a_random_card_from_each_enemy_player_there():
    g = spies_game()
    put(g, "alliance", 5, 0, tokens=["sympathy"])
    put(g, SUNWARD, 5, 1)
    hand(g, 1, ["fox_ambush", "rabbit_ambush"])
    start(g, 0, "daylight.start")
    play(g, f"hireling:{SPIES}:act")  # 5 is the only clearing with enemies: both Spies go there
    assert B.warriors(g.state, SPIES, idx(5)) == 3 and legal(g) == {"spies:battle", "spies:steal"}
    play(g, "spies:steal")
    assert len(g.state.hands[0]) == 1 and len(g.state.hands[1]) == 1
    card = g.state.hands[0][0]
    assert g.state.known[card] == frozenset({0, 1})  # both players know the card
    assert params(g, "ev.spies.steal") == [{"seat": 0, "victim": 1, "clearing": idx(5)}]


def sentries_game():
    g = blank(game(("marquise", "eyrie"), (SPIES, SUNWARD)))
    side(g, SPIES, True)
    control(g, SPIES, 0)
    return g


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HC-05")
def test_raven_sentries_add_a_hit_where_the_controller_has_a_building_or_token():
    g = sentries_game()
    put(g, "marquise", 5, 2, buildings=["sawmill"])
    put(g, "eyrie", 5, 2)
    hits(g, 0, "eyrie", 5, 0, 0)  # attacking: no rolled hits, one extra hit
    assert B.warriors(g.state, "eyrie", idx(5)) == 1 and B.warriors(g.state, "marquise", idx(5)) == 2
    assert "RTA-HC-05" in rules_of(g, "ev.spies.sentries")[0]
    g = sentries_game()
    put(g, "marquise", 6, 1, tokens=["wood"])
    put(g, "eyrie", 6, 2)
    hits(g, 1, "marquise", 6, 0, 0)  # defending, with a token
    assert B.warriors(g.state, "eyrie", idx(6)) == 1


@pytest.mark.rule("LR-AH-03-03", "LR-AH-03-05", "RTA-HC-05")
def test_raven_sentries_need_the_controllers_own_pieces_and_battles():
    g = sentries_game()
    put(g, "marquise", 6, 2)
    put(g, "eyrie", 6, 2)
    put(g, SUNWARD, 6, 0, tokens=["foothold"])
    control(g, SUNWARD, 0)
    hits(g, 0, "eyrie", 6, 0, 0)  # no building or token of its faction there (a hireling's does not count)
    assert B.warriors(g.state, "eyrie", idx(6)) == 2
    g = sentries_game()
    control(g, SUNWARD, 0)
    put(g, "marquise", 5, 0, buildings=["sawmill"])
    put(g, SUNWARD, 5, 2)
    put(g, "eyrie", 5, 2)
    hits(g, 0, "eyrie", 5, 0, 0, by=SUNWARD)  # battling with its hireling: no extra hit
    assert B.warriors(g.state, "eyrie", idx(5)) == 2 and not params(g, "ev.spies.sentries")


# ---- River Roamers (promoted) / Frog Tinkers (demoted) -------------------------------------------------------------------

RIVER = (4, 5, 7, 10, 11)  # the Autumn clearings a river touches


@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HC-06")
def test_river_roamers_set_up_in_a_river_clearing():
    g = until(new(("marquise", "eyrie"), seed=4, hirelings=[ROAMERS]), "roamers_land")
    keep = g.state.mods["marquise"].keep
    assert legal(g) == {f"roamers_at:{c}" for c in RIVER if idx(c) != keep}
    c = next(c for c in RIVER if idx(c) != keep)
    play(g, f"roamers_at:{c}")
    assert B.warriors(g.state, ROAMERS, idx(c)) == 2 and tokens(g, ROAMERS, c) == ["lilypad"]


@pytest.mark.rule("RT-HR-28", "LR-AH-02-01", "RTA-HC-06")
def test_river_roamers_when_hired_with_no_lilypad_land_again():
    g = blank(game(("marquise", "eyrie"), (ROAMERS, SUNWARD)))
    control(g, ROAMERS, 1, markers=0)
    start(g, 1, "turn.end", phase="evening")  # handed to seat 0, who takes its When-Hired action at once
    assert g.decision == "roamers_land" and g.to_play == 0
    play(g, "roamers_at:11")
    assert B.warriors(g.state, ROAMERS, idx(11)) == 2 and tokens(g, ROAMERS, 11) == ["lilypad"]
    assert "RT-HR-28" in rules_of(g, "ev.roamers.landed")[-1]
    g = blank(game(("marquise", "eyrie"), (ROAMERS, SUNWARD)))
    put(g, ROAMERS, 4, 0, tokens=["lilypad"])
    control(g, ROAMERS, 1, markers=0)
    start(g, 1, "turn.end", phase="evening")
    assert g.state.hired[ROAMERS] == 0 and g.decision != "roamers_land"  # a lilypad on the map: nothing


def roamers_game():
    g = blank(game(("marquise", "eyrie"), (ROAMERS, SUNWARD)))
    control(g, ROAMERS, 0)
    put(g, ROAMERS, 4, 1, tokens=["lilypad"])
    put(g, ROAMERS, 5, 1, tokens=["lilypad"])
    put(g, "marquise", 3, 1, buildings=["workshop"])  # her own rabbit crafting piece
    return g


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "LR-04-01-01", "RTA-HC-06")
def test_river_roamers_craft_with_the_lilypads_apart_from_the_controllers_pieces():
    g = roamers_game()
    hand(g, 0, ["fox_protection_racket", "rabbit_a_visit_to_friends"])  # rabbit+rabbit, rabbit
    start(g, 0, "daylight.start")
    assert g.decision == "marquise_craft"
    play(g, f"hireling:{ROAMERS}:act")
    assert legal(g) == {"craft:fox_protection_racket", "craft:rabbit_a_visit_to_friends", "done"}
    play(g, "craft:fox_protection_racket")  # both rabbit lilypads
    assert g.state.crafted[0] == ("coin",) and g.state.score[0] == 3
    assert g.state.used.get("lilypad:rabbit") == 2 and not g.state.used.get("craft:rabbit")
    assert g.decision == "roamers_next" and legal(g) == {"roamers:land"}  # no lilypad left to craft with
    play(g, "roamers:land", "roamers_at:7")
    assert B.warriors(g.state, ROAMERS, idx(7)) == 2 and tokens(g, ROAMERS, 7) == ["lilypad"]
    assert g.decision == "marquise_craft" and "craft:rabbit_a_visit_to_friends" in legal(g)  # her workshop unused
    assert f"hireling:{ROAMERS}:act" not in legal(g)


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "RTA-HC-06")
def test_river_roamers_battle_at_each_lilypad():
    g = roamers_game()
    put(g, ROAMERS, 4, 1)
    put(g, "eyrie", 4, 1)
    put(g, "eyrie", 5, 1)
    hand(g, 1, [])
    start(g, 0, "daylight.start")
    play(g, f"hireling:{ROAMERS}:act", "roamers:battle")
    assert legal(g) == {"roamers_battle:4", "roamers_battle:5"}
    play(g, "roamers_battle:5", "battle:5")
    assert g.decision == "battle_where" and legal(g) == {"battle:4"}  # each one is fought
    play(g, "battle:4")
    assert [p["clearing"] for p in params(g, "ev.battle")] == [idx(5), idx(4)]


def tinkers_game(top, workshops=(), cards=()):
    """The Frog Tinkers' controller (the Marquise, with workshops in these clearings and these cards) starts its
    turn with `top` on the deck."""
    g = blank(game(("marquise", "eyrie"), (ROAMERS, SUNWARD)))
    side(g, ROAMERS, True)
    control(g, ROAMERS, 0, markers=3)
    for c in workshops:
        put(g, "marquise", c, 1, buildings=["workshop"])
    hand(g, 0, list(cards))
    with positions.edit(g) as s:
        for pile in (s.deck, s.discard, *s.hands):
            if top in pile:
                pile.remove(top)
        s.deck.append(top)  # the next card drawn
    start(g, 0, "birdsong.start")
    return g


@pytest.mark.rule("RT-HR-29", "LR-AH-02-03", "RTA-HC-07")
def test_frog_tinkers_reveal_the_top_card_and_craft_with_it_as_one_icon():
    g = tinkers_game("bird_birdy_bindle", (1,), ["fox_foxfolk_steel"])  # one fox piece; fox + fox to pay
    assert g.view(1)["hirelings"]["cards"][0]["revealed"] == ["bird_birdy_bindle"]  # face up for all
    assert "bird_birdy_bindle" not in g.state.deck and "bird_birdy_bindle" not in g.state.hands[0]
    assert g.decision == "marquise_craft" and "craft:fox_foxfolk_steel" in legal(g)  # the bird card pays one fox
    play(g, "craft:fox_foxfolk_steel")
    assert g.state.crafted[0] == ("sword",) and "bird_birdy_bindle" in g.state.discard
    assert g.state.used.get("craft:fox") == 1 and params(g, "ev.roamers.tinkers_spent")
    assert g.view(0)["hirelings"]["cards"][0]["revealed"] == []


@pytest.mark.rule("RT-HR-29", "LR-AH-02-03", "RTA-HC-07")
def test_frog_tinkers_card_pays_a_question_mark_if_chosen_and_is_discarded_after_evening():
    g = tinkers_game("mouse_sword", (1, 2, 3), ["bird_royal_claim"])  # three pieces and the card: four icons
    play(g, "craft:bird_royal_claim")
    assert legal(g) == {"any:fox", "any:mouse", "any:rabbit", "craft_icon"}
    play(g, "craft_icon", "any:fox", "any:mouse")
    assert "bird_royal_claim" in g.state.play_area[0] and "mouse_sword" in g.state.discard
    g = tinkers_game("mouse_sword")  # nothing to craft: the turn runs on to its end
    assert "mouse_sword" in g.state.discard and params(g, "ev.roamers.tinkers_discarded")
    assert "RTA-HC-07" in rules_of(g, "ev.roamers.tinkers_discarded")[0] and K.crafting_icons(g.state, 0) == ()


# ---- Sunny Advocates (promoted) / Bat Messengers (demoted) ---------------------------------------------------------------

@pytest.mark.rule("RT-AS-17", "RT-HR-01", "RTA-HC-08")
def test_sunny_advocates_set_up_two_in_a_fox_a_mouse_and_a_rabbit_clearing():
    g = until(new(("marquise", "eyrie"), seed=5, hirelings=[ADVOCATES]), "advocates_place")
    keep = g.state.mods["marquise"].keep
    for suit, clearings in (("fox", (1, 6, 8, 12)), ("mouse", (2, 7, 9, 11)), ("rabbit", (3, 4, 5, 10))):
        assert legal(g) == {f"advocates_at:{c}" for c in clearings if idx(c) != keep}, suit
        play(g, sorted(legal(g))[0])
    placed = [c for c, n in enumerate(g.state.warriors[ADVOCATES]) if n]
    assert sorted(g.state.suits[c] for c in placed) == ["fox", "mouse", "rabbit"]
    assert all(g.state.warriors[ADVOCATES][c] == 2 for c in placed) and g.state.supply[ADVOCATES] == 2


@pytest.mark.rule("RT-HR-28", "LR-AH-02-01", "RTA-HC-08")
def test_sunny_advocates_when_hired_with_none_on_the_map_place_one_anywhere():
    g = blank(game(("marquise", "eyrie"), (ADVOCATES, SPIES)))
    control(g, ADVOCATES, 1, markers=0)
    start(g, 1, "turn.end", phase="evening")
    assert g.decision == "advocates_place" and g.to_play == 0 and len(legal(g)) == 12
    play(g, "advocates_at:9")
    assert B.warriors(g.state, ADVOCATES, idx(9)) == 1 and "RT-HR-28" in rules_of(g, "ev.advocates.placed")[-1]


def advocates_game():
    g = blank(game(("marquise", "eyrie"), (ADVOCATES, SPIES)))
    control(g, ADVOCATES, 0)
    put(g, ADVOCATES, 3, 1)
    put(g, "eyrie", 3, 2)
    put(g, SPIES, 3, 1)  # an uncontrolled hireling's warrior is an enemy's too
    put(g, ADVOCATES, 5, 1)
    put(g, "eyrie", 5, 1)
    put(g, ADVOCATES, 1, 1)
    put(g, "eyrie", 1, 1)  # a fox clearing
    put(g, "marquise", 9, 1)  # her pieces, no Advocate
    return g


@pytest.mark.rule("RT-HR-30", "LR-AH-02-04", "LR-AG-23", "LR-AH-03-06", "RTA-HC-08")
def test_sunny_advocates_replace_enemy_warriors_in_a_named_suit_then_place_one():
    g = advocates_game()
    start(g, 0, "daylight.start")
    play(g, f"hireling:{ADVOCATES}:act")
    assert legal(g) == {"advocates_suit:fox", "advocates_suit:mouse", "advocates_suit:rabbit"}
    play(g, "advocates_suit:rabbit")
    assert g.decision == "advocates_foe" and legal(g) == {"advocates_foe:eyrie", f"advocates_foe:{SPIES}"}
    play(g, f"advocates_foe:{SPIES}")  # in 3; then in 5 the Eyrie's is the only one
    w = g.state.warriors
    assert (w[SPIES][idx(3)], w["eyrie"][idx(3)], w["marquise"][idx(3)]) == (0, 2, 1)
    assert (w["eyrie"][idx(5)], w["marquise"][idx(5)]) == (0, 1) and w["eyrie"][idx(1)] == 1  # not a rabbit clearing
    assert w[ADVOCATES][idx(9)] == 1  # then an Advocate at her pieces without one
    assert g.state.score == [0, 0]  # removed by the hireling


@pytest.mark.rule("LR-AG-23", "LR-01-05-04", "RTA-HC-08")
def test_sunny_advocates_replace_only_where_the_controller_can_place_a_warrior():
    g = advocates_game()
    with positions.edit(g) as s:
        s.supply["marquise"] = 1  # one warrior for two rabbit clearings: the controller picks
    start(g, 0, "daylight.start")
    play(g, f"hireling:{ADVOCATES}:act", "advocates_suit:rabbit")
    assert legal(g) == {"advocates_in:3", "advocates_in:5"}
    play(g, "advocates_in:5")
    assert g.state.warriors["eyrie"][idx(5)] == 0 and g.state.warriors["eyrie"][idx(3)] == 2  # no warrior left for 3
    assert g.state.supply["marquise"] == 0


def bats_game(controller):
    g = blank(game(("marquise", "eyrie"), (ADVOCATES, SPIES)))
    side(g, ADVOCATES, True)
    control(g, ADVOCATES, controller)
    put(g, "marquise", 1, 0, buildings=["sawmill"])
    put(g, "marquise", 2, 0, buildings=["sawmill"])
    with positions.edit(g) as s:
        s.mods["marquise"].wood = 8
    start(g, 0, "birdsong.start")  # a wood at each sawmill
    return g


@pytest.mark.rule("LR-AH-02", "LR-AH-02-02", "RT-HR-26", "RTA-HC-09")
def test_bat_messengers_add_a_warrior_with_each_token_or_building_placed():
    g = bats_game(0)
    assert g.decision == "bat_messengers" and legal(g) in ({"bat_at:1", "pass"}, {"bat_at:2", "pass"})
    first = next(a for a in legal(g) if a != "pass")
    play(g, first)
    assert g.decision == "bat_messengers" and first not in legal(g)  # the second wood
    play(g, "pass")
    c = int(first.split(":")[1])
    assert B.warriors(g.state, "marquise", idx(c)) == 1 and B.warriors(g.state, "marquise", idx(3 - c)) == 0
    assert tokens(g, "marquise", 1) == ["wood"] and tokens(g, "marquise", 2) == ["wood"]
    g = bats_game(1)  # the Eyrie's: the Marquise's wood brings nothing
    assert g.decision != "bat_messengers" and not params(g, "ev.advocates.bat")


# ---- the tables, texts and random play ---------------------------------------------------------------------------------

def test_the_cards_and_their_tokens_show_on_the_terminal_and_web_tables():
    from boardlab.games.root.render import render_board
    g = blank(game(("marquise", "eyrie"), (SUNWARD, ROAMERS)))
    put(g, SUNWARD, 5, 0, tokens=["foothold"])  # a token alone in its clearing
    put(g, ROAMERS, 4, 1, tokens=["lilypad"])
    view = g.view(0)
    cards = {c["key"]: c for c in view["hirelings"]["cards"]}
    assert cards[SUNWARD]["footholds"] == 2 and cards[ROAMERS]["lilypads"] == 4
    assert view["clearings"][idx(5)]["tokens"] == [[SUNWARD, "foothold"]]
    text = RULESET.render_text(view, "zh-Hant")
    assert "向陽遠征隊：據點" in text and "河流漫遊者：1 名士兵、睡蓮" in text and "供應堆中的據點" in text
    assert "Sunward Expedition: foothold" in RULESET.render_text(view, "en")
    assert "向阳远征队：据点" in RULESET.render_text(view, "zh-Hans")
    svg = render_board(view, "en", g.legal_action_ids())
    assert f'data-piece="token" data-faction="{SUNWARD}" data-kind="foothold"' in svg


RANDOM = [
    (2, {"factions": ["marquise", "eyrie"], "hirelings": [SUNWARD, SPIES, ROAMERS]}),
    (2, {"factions": ["alliance", "vagabond"], "hirelings": [ADVOCATES, ROAMERS], "below_reach": True,
         "hireling_control": "law"}),
    (3, {"factions": ["marquise", "eyrie", "alliance"], "hirelings": [SPIES, ADVOCATES, SUNWARD]}),
    (3, {"factions": ["eyrie", "vagabond", "marquise"], "hirelings": [ROAMERS, SUNWARD, ADVOCATES],
         "map": "lake"}),
    (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "hirelings": [ROAMERS, SPIES, ADVOCATES],
         "hireling_control": "law"}),
    (4, {"factions": ["marquise", "eyrie", "alliance", "vagabond"], "hirelings": [SUNWARD, SPIES, ADVOCATES],
         "deck": "exiles"}),
    (2, {"setup": "advanced", "factions": ["marquise", "eyrie"], "hirelings": [ADVOCATES, ROAMERS, SPIES]}),
    (3, {"setup": "advanced", "factions": ["alliance", "marquise", "eyrie"], "hirelings": [SUNWARD, ROAMERS],
         "hireling_control": "law"}),
    (4, {"setup": "advanced", "factions": ["vagabond", "alliance", "eyrie", "marquise"],
         "hirelings": [SPIES, SUNWARD, ADVOCATES]}),
]


@pytest.mark.parametrize("players,options", RANDOM)
def test_random_games_with_these_hirelings_end_and_cite_rules_with_texts(players, options):
    from boardlab.core.i18n import LANGS
    for seed in (1, 2):
        g = boardlab.new_game("root", players, seed=seed, options=options)
        stream = Stream(seed)
        while not g.is_over:
            ids = g.legal_action_ids()
            g.apply(ids[stream.below(len(ids))])
        assert g.winners or g.state.winners == ()
        assert set(g.state.mods["hirelings"].dealt) == set(options["hirelings"])
        for event in g.state.events:
            assert event.rules, event.key
            for lang in LANGS:
                assert event.as_dict(RULESET, lang)["text"]
        for rid in {r for e in g.state.events for r in e.rules}:
            assert RULESET.rule_text(rid, "zh-Hant"), rid


def test_the_four_cards_are_played_by_their_modules_and_keep_their_factions_out():
    from boardlab.games.root.content import HIRELINGS, PLAYABLE_HIRELINGS
    from boardlab.games.root.program import PROGRAM
    assert set(MINE) <= set(PLAYABLE_HIRELINGS)
    assert {k: HIRELINGS[k].replaces for k in MINE} == {SUNWARD: ("duchy",), SPIES: ("corvid",),
                                                        ROAMERS: ("lilypad",), ADVOCATES: ("twilight",)}
    assert all(PROGRAM.module(k).replaces == HIRELINGS[k].replaces for k in MINE)
    assert HIRELINGS[SUNWARD].pieces.tokens == {"foothold": 3} and HIRELINGS[ROAMERS].pieces.tokens == {"lilypad": 5}


@pytest.mark.rule("RTA-AS-03", "LR-AA-06-05", "RT-AS-13")
def test_random_hirelings_before_a_draft_leave_setup_cards_to_draft():
    """With these hirelings (their factions are not in the engine) a four-player draft with random hirelings is
    possible, and the deal keeps enough setup cards (a militant one among them) to draft."""
    from boardlab.games.root import advanced as ADV
    seen = set()
    for seed in range(8):
        g = boardlab.new_game("root", 4, seed=seed, options={"setup": "advanced", "hirelings": "random"})
        while g.state.draft is not None and not g.state.draft.cards:
            g.apply(g.legal_action_ids()[0])
        dealt = g.state.mods["hirelings"].dealt
        assert ADV.shortfall(4, g.options["setup_cards"], ADV.replaced_in_play(g.state)) is None
        assert "RTA-AS-03" in rules_of(g, "ev.hirelings.dealt")[0] and len(dealt) == 3
        seen.update(dealt)
        # the pool of eight (the Cult, the Company, the Conspiracy and the Duchy in it) keeps a militant card
        # whatever the deal replaces: the Marquise, the Eyrie or the Duchy is dealt first
        from boardlab.games.root.content import SETUP_CARDS
        assert SETUP_CARDS[g.state.draft.cards[0]].militant
    assert len(seen) > 3
