"""Bots see only what their seat may know (issue 19): a bot gets its seat's view, the legal ids and a
`Model` whose samples are redrawn from that view alone. Checked on The Great Wall, whose secret choices
(Generals, Command cards, Tactics, donations), hands, decks and face-down discards are all hidden:

- redrawing every hidden item for a seat leaves that seat's view (log included) and legal actions as
  they were;
- two games that look the same to a seat give it the same samples, sample for sample: what differs
  between them (where the hidden cards really are) cannot reach a sample;
- a sample carries neither the true seed nor the action or event log, and the model keeps no true game.
"""
from __future__ import annotations

import pytest

import boardlab
from boardlab.agents import Model, choose, make_agent
from boardlab.core.rng import Stream
from greatwall_helpers import advance, empty_battlefield, put_horde, restart_spring, season_is
from greatwall_helpers import new as new_gw

CONFIGS = [(3, {}), (2, {}), (5, {"expansions": ["rat"]}), (3, {"expansions": ["genghis", "rat"]}),
           (4, {}), (3, {"scenario": "famine"})]
DECISIONS = ("general", "rat_place", "command", "tactic", "dispatch", "donate", "discard_tactics", "pick")


def positions(players: int, options: dict, seed: int = 3):
    """Random play, stopping once at the first decision of each kind listed (and every 40 decisions)."""
    g = boardlab.new_game("greatwall", players, seed=seed, options=options)
    stream, seen, n = Stream(seed), set(), 0
    while not g.is_over:
        if (g.decision in DECISIONS and g.decision not in seen) or n % 40 == 39:
            seen.add(g.decision)
            yield g
        legal = g.legal_action_ids()
        g.apply(legal[stream.below(len(legal))])
        n += 1


def view_without_log(g, seat):
    view = g.view(seat)
    view.pop("log")
    return view


@pytest.mark.parametrize("players, options", CONFIGS)
def test_redrawing_every_hidden_item_keeps_each_seats_view_and_legal_actions(players, options):
    checked = 0
    for g in positions(players, options):
        for seat in range(players):
            for k in range(3):
                twin = g.redrawn(seat, Stream(100 * seat + k))
                assert twin.view(seat) == g.view(seat), (g.decision, seat)
                sample = g.determinise(seat, Stream(k))
                assert view_without_log(sample, seat) == view_without_log(g, seat), (g.decision, seat)
                if seat == g.to_play:
                    assert sample.legal_action_ids() == g.legal_action_ids()
                checked += 1
    assert checked > 30


@pytest.mark.parametrize("players, options", CONFIGS)
def test_games_that_look_the_same_to_a_seat_give_it_the_same_samples(players, options):
    """`twin` has every card hidden from `seat` somewhere else; a sample may depend only on what the seat
    sees, so each sample of the twin equals the same sample of the true game."""
    differing = 0
    for g in positions(players, options):
        for seat in range(players):
            twin = g.redrawn(seat, Stream(7 + seat))
            differing += twin.state_hash() != g.state_hash()
            for k in range(3):
                assert g.determinise(seat, Stream(k)).state_hash() == twin.determinise(seat, Stream(k)).state_hash()
            if seat == g.to_play:
                assert Model(g, seat).sample(Stream(5)).state_hash() == Model(twin, seat).sample(Stream(5)).state_hash()
    assert differing > 10   # the twins really differ in what is hidden


def tactic_position(committed: str | None):
    """Spring battle at section 0; seats 0 and 1 have a soldier there and Tactic cards: seat 1 has
    committed `committed` face down (None: no card), seat 0 is to choose."""
    g = new_gw(3, seed=1)
    advance(g, season_is("spring"))
    g.state.clerks_on = {loc: () for loc in g.state.clerks_on}
    empty_battlefield(g, leader=[1, 0, 2])
    put_horde(g, 0, 0, "keshig_guard")
    s = g.state
    s.behind[0] = ((0, 0), (1, 0))
    s.tactics[0] = ("volley",)
    s.tactics[1] = ("shield_wall", "volley")
    restart_spring(g)
    assert (g.to_play, g.decision) == (1, "tactic")
    g.apply("none" if committed is None else f"tactic:{committed}")
    assert (g.to_play, g.decision) == (0, "tactic")
    return g


@pytest.mark.rule("GW-BATTLE-03", "GW-BATTLE-04")
def test_a_face_down_tactic_shows_that_a_card_was_played_but_samples_redraw_which():
    """GW-BATTLE-03: the Tactic lies face down in front of its player, so whether a card was played is
    seen by all (`face_down`) and samples keep it; which card it is comes from the pool of cards seat 0
    cannot see, whatever the true card."""
    shield, volley, nothing = tactic_position("shield_wall"), tactic_position("volley"), tactic_position(None)
    assert shield.view(0)["face_down"] == volley.view(0)["face_down"] == [1] and nothing.view(0)["face_down"] == []
    assert shield.view(0)["commits"] == {"1": {"hidden": True}}
    assert view_without_log(shield, 0) == view_without_log(volley, 0)
    cards = set()
    for k in range(40):
        a, b = shield.determinise(0, Stream(k)), volley.determinise(0, Stream(k))
        assert a.state_hash() == b.state_hash()               # the true card does not matter
        assert a.state.commits[1] is not None                 # a card lies face down in every sample
        assert nothing.determinise(0, Stream(k)).state.commits[1] is None
        cards.add(a.state.commits[1])
    assert {"shield_wall", "volley"} <= cards                 # and it is redrawn


@pytest.mark.rule("RAT-08", "GW-SETUP-10")
def test_samples_at_the_rat_setup_deal_no_general_offers_after_the_choice():
    g = boardlab.new_game("greatwall", 3, seed=4, options={"expansions": ["rat"]})
    bots = [make_agent("random", seed=s) for s in range(3)]
    while g.decision != "rat_place":
        g.apply(choose(bots[g.to_play], g))
    seat = g.to_play
    assert all(g.state.general_offer[s] == () for s in range(3))
    for k in range(5):
        sample = g.determinise(seat, Stream(k))
        assert sample.state.general_offer == [(), (), ()]
        assert sample.state.general == g.state.general


def test_a_sample_carries_no_true_seed_or_log_and_the_model_no_true_game():
    g = new_gw(3, seed=11)
    advance(g, "command")
    seat = g.to_play
    model = Model(g, seat)
    assert not any(value is g or value is g.state for value in (getattr(model, n) for n in Model.__slots__))
    assert _reaches(model._make, (g, g.state))  # (the check below sees through a closure)
    for k in range(5):
        sample = model.sample(Stream(k))
        assert sample.seed != g.seed and sample.log == [] and sample.state.events == []
        assert sample.state.rng != g.state.rng
        assert view_without_log(sample, seat) == view_without_log(g, seat)
    held = [getattr(model, n) for n in Model.__slots__]  # the closure reaching the game is gone once used
    assert model._make is None and not any(_reaches(value, (g, g.state)) for value in held)
    assert callable(model._redraw)  # (the resampler made from the determinisation reaches no true game)


def _reaches(value, targets, seen=None) -> bool:
    """Whether `value` is one of `targets` or holds one (in containers, a function's closure or defaults, a
    bound method's object)."""
    seen = set() if seen is None else seen
    if any(value is t for t in targets):
        return True
    if id(value) in seen:
        return False
    seen.add(id(value))
    if isinstance(value, (list, tuple, set, frozenset)):
        inner = list(value)
    elif isinstance(value, dict):
        inner = list(value.keys()) + list(value.values())
    elif hasattr(value, "__closure__"):
        inner = [c.cell_contents for c in value.__closure__ or ()] + list(value.__defaults__ or ())
    elif hasattr(value, "__self__"):
        inner = [value.__self__]
    else:
        return False
    return any(_reaches(v, targets, seen) for v in inner)


def test_a_bot_that_never_samples_costs_no_copy_of_the_game(monkeypatch):
    """The harness's model determinises on the first sample only: random bots copy nothing (issue 17)."""
    g = new_gw(3, seed=11)
    advance(g, "command")
    copies = []
    real = boardlab.core.game.Game.determinise
    monkeypatch.setattr(boardlab.core.game.Game, "determinise", lambda self, *a: copies.append(1) or real(self, *a))
    choose(make_agent("random", seed=1), g)
    assert copies == []
    choose(make_agent("greedy", seed=1), g)
    assert len(copies) >= 2  # the model's base, then the greedy bot's sample of it


def test_the_seats_own_command_deck_order_is_hidden_from_it_too():
    """`players.*.command_deck` is hidden from everyone, its owner included: samples reshuffle it."""
    g = new_gw(3, seed=2)
    advance(g, "command")
    seat = g.to_play
    orders = {g.determinise(seat, Stream(k)).state.cmd_deck[seat] for k in range(30)}
    assert len(orders) > 1 and all(sorted(o) == sorted(g.state.cmd_deck[seat]) for o in orders)


def test_cards_discarded_face_down_by_others_are_redrawn_for_a_seat():
    """A card another seat discarded to its hand limit is hidden (the log names no card): samples deal it
    from the pool; the seat's own discards stay, being known to it."""
    g = new_gw(3, seed=2)
    advance(g, "command")
    s = g.state
    s.tactic_discard = ["volley", "shield_wall"]
    s.secret_discards = (("tactic_discard", 1, 0), ("tactic_discard", 0, 1))
    seen = {g.determinise(0, Stream(k)).state.tactic_discard[0] for k in range(40)}
    assert len(seen) > 1
    assert {g.determinise(0, Stream(k)).state.tactic_discard[1] for k in range(10)} == {"shield_wall"}
    assert {g.determinise(1, Stream(k)).state.tactic_discard[0] for k in range(10)} == {"volley"}


def test_each_events_text_is_built_once_and_shown_only_to_the_seats_it_names(monkeypatch):
    """The readable log (issue 17): the seats' views share each event's text, built when first read;
    each seat's log still lists exactly the events it may see, in order, as they read on their own."""
    g = new_gw(3, seed=11)
    advance(g, "command")
    built = []
    real = boardlab.core.events.Event.as_dict
    monkeypatch.setattr(boardlab.core.events.Event, "as_dict", lambda e, *a: built.append(e) or real(e, *a))
    logs = {seat: g.view(seat)["log"] for seat in (0, 1, 2, None)}
    assert len(built) == len(g.state.events) and len(set(map(id, built))) == len(built)
    assert any(e.to is not None for e in g.state.events)  # private events exist: the filter is exercised
    for seat, log in logs.items():
        assert log == [real(e, g.rules, "en") for e in g.state.events if e.visible_to(seat)]
    twin = g.clone()
    twin.apply(twin.legal_action_ids()[0])
    built.clear()
    assert twin.view(1)["log"][:len(logs[1])] == logs[1] and twin.view(2)["log"][:len(logs[2])] == logs[2]
    assert len(built) == len(twin.state.events) - len(g.state.events)  # only the new events, once
