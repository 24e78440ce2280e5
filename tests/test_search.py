"""ISMCTS at search speed (issue 17): what the faster paths must keep equal to the plain ones."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

import boardlab
from boardlab.agents import Model, choose, make_agent
from boardlab.agents.ismcts import ISMCTSAgent
from boardlab.core.rng import SearchStream, Stream


def _positions(name: str, players: int, count: int, seed: int = 0):
    """`count` positions of a random game and its successors (seeded), each with a decision pending."""
    out = []
    for k in range(count):
        g = boardlab.new_game(name, players, seed=seed + k)
        s = Stream(seed + k)
        for _ in range(s.below(120)):
            if g.is_over:
                break
            legal = g.legal_action_ids()
            g.apply(legal[s.below(len(legal))])
        if not g.is_over:
            out.append(g)
    return out


def test_a_search_stream_shuffle_is_a_seeded_permutation():
    items = list(range(70))
    first, again = SearchStream(5).shuffle(items), SearchStream(5).shuffle(items)
    assert first == again and sorted(first) == items and first != items
    assert SearchStream(6).shuffle(items) != first
    assert items == list(range(70))  # the input is not touched
    assert SearchStream(1).shuffle([]) == [] and SearchStream(1).shuffle(["a"]) == ["a"]


def test_a_search_stream_shuffle_draws_every_order_about_as_often():
    """6,000 shuffles of 3 items: each of the 6 orders about 1,000 times (chi-square, 5 degrees of freedom,
    far below the 0.1 % point 20.5; a Fisher-Yates that skipped a swap would give some order 0 or 2,000)."""
    stream = SearchStream(2026)
    counts = Counter(tuple(stream.shuffle("abc")) for _ in range(6000))
    assert set(counts) == set(itertools.permutations("abc"))
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 20.5


@pytest.mark.parametrize("name, players", [("carcassonne", 2), ("carcassonne", 4), ("greatwall", 2), ("greatwall", 4)])
def test_every_seats_evaluation_from_one_potential_equals_each_seats_own(name, players):
    """ISMCTS at depth 0 takes a new leaf's prior from `evaluations` (one potential for all seats)."""
    for g in _positions(name, players, 12):
        values = g.rules.evaluations(g.state)
        assert values == [g.rules.evaluate(g.state, seat) for seat in range(players)]


@pytest.mark.parametrize("name", ["carcassonne", "greatwall"])
def test_ismcts_at_depth_0_evaluates_each_iteration_once(name, monkeypatch):
    """The leaf's value serves as the prior and the reward (before: an evaluation for each)."""
    g = _positions(name, 2, 3, seed=40)[-1]
    calls = Counter()
    rules = type(g.rules)
    for method in ("evaluate", "evaluations"):
        original = getattr(rules, method)

        def counted(self, *args, _original=original, _method=method):
            calls[_method] += 1
            return _original(self, *args)
        monkeypatch.setattr(rules, method, counted)
    bot = ISMCTSAgent(seed=1, iterations=100, depth=0, width=0)
    choose(bot, g)
    assert bot.last_iterations == 100
    assert calls["evaluations"] + calls["evaluate"] <= 100


def test_a_sample_disagreeing_with_the_root_fails_on_the_first_iteration():
    """The true game's ids are checked once on a sample: one the sample does not list is refused, loudly."""
    g = _positions("carcassonne", 2, 4, seed=3)[0]
    bot = ISMCTSAgent(seed=1, iterations=20, width=0)
    with pytest.raises(boardlab.IllegalAction, match="place:99,99,0"):
        bot.act({}, g.legal_action_ids() + ["place:99,99,0"], Model(g, g.to_play))


def test_check_listed_names_the_id_and_changes_nothing():
    g = _positions("greatwall", 2, 4, seed=8)[0]
    before = g.state_hash()
    g.check_listed(g.legal_action_ids())
    with pytest.raises(boardlab.IllegalAction, match="nonsense"):
        g.check_listed([g.legal_action_ids()[0], "nonsense"])
    assert g.state_hash() == before


def _horde_progress_of(state, seat: int) -> float:
    """The Great Wall bots' Horde progress for one seat, from its definition (the oracle for the all-seats pass)."""
    from boardlab.games.greatwall.data_tables import HORDES
    from boardlab.games.greatwall.spring import soldier_slots
    worth = 0.0
    for horde in state.hordes:
        if horde is None or not soldier_slots(horde, seat):
            continue
        mine = soldier_slots(horde, seat)
        vital = [c for c, slot in zip(horde[1], HORDES[horde[0]].slots) if slot.vital]
        covered = sum(1 for c in vital if c is not None) / max(1, len(vital))
        everyone = sum(soldier_slots(horde, s) for s in range(state.players))
        worth += mine + covered * HORDES[horde[0]].victory_honor * mine / everyone
    return worth


@pytest.mark.parametrize("players", [2, 4])
def test_the_great_walls_horde_progress_for_all_seats_equals_each_seats_own(players):
    """Every 5th position of whole random games (Horde cards with soldiers come late in a game)."""
    from boardlab.games.greatwall import _horde_progress
    checked = 0
    for seed in range(4):
        g, s = boardlab.new_game("greatwall", players, seed=seed), Stream(seed)
        while not g.is_over:
            if s.below(5) == 0:
                progress = _horde_progress(g.state)
                assert progress == [_horde_progress_of(g.state, seat) for seat in range(players)]
                checked += any(progress)
            legal = g.legal_action_ids()
            g.apply(legal[s.below(len(legal))])
    assert checked >= 10  # soldiers stood on Horde cards in many of the positions


def _with_choice(name: str):
    return next(g for g in _positions(name, 2, 10, seed=60) if len(g.legal_action_ids()) > 1)


def test_ismcts_takes_the_games_search_settings_unless_given():
    """Carcassonne judges the leaf at once with 1,200 iterations; The Great Wall rolls 2 actions out with 2
    players, 3 with more, 600 iterations."""
    carcassonne, great_wall = _with_choice("carcassonne"), _with_choice("greatwall")
    assert (carcassonne.rules.search_iterations, carcassonne.rules.search_depth) == (1200, 0)
    assert (great_wall.rules.search_iterations, great_wall.rules.search_depth) == (600, 3)
    bot = ISMCTSAgent(seed=1)
    great_wall_4 = next(g for g in _positions("greatwall", 4, 10, seed=60) if len(g.legal_action_ids()) > 1)
    for g, settings in ((carcassonne, (1200, 0)), (great_wall, (600, 2)), (great_wall_4, (600, 3))):
        choose(bot, g)
        assert (bot.last_iterations, bot.rollout) == settings
    bot = ISMCTSAgent(seed=1, iterations=50, depth=2)
    choose(bot, carcassonne)
    assert (bot.last_iterations, bot.rollout) == (50, 2)


@pytest.mark.parametrize("name, players, seed, moves", [("carcassonne", 2, 3, 9), ("greatwall", 3, 5, 40)])
def test_ismcts_at_depth_0_is_deterministic_and_ignores_what_its_seat_cannot_see(name, players, seed, moves):
    """The leaf-judging search with its faster shuffle: same seed and view, same choice."""
    g = boardlab.new_game(name, players, seed=seed)
    s = Stream(seed)
    for _ in range(moves):
        legal = g.legal_action_ids()
        g.apply(legal[s.below(len(legal))])
    seat = g.to_play
    twin = g.clone()
    twin.rules.resample_hidden(twin.state, seat, Stream(999))
    assert twin.view(seat) == g.view(seat)
    choices = [choose(make_agent("ismcts:iterations=40,depth=0", seed=7), game, seat) for game in (g, g, twin)]
    assert choices[0] == choices[1] == choices[2] and choices[0] in g.legal_action_ids()


def test_a_search_stream_draws_blocks_of_numbers_and_refills_them():
    """`below` and `shuffle` read the same block of numbers in turn; a list longer than what is left (or than a
    block) draws a new one: every shuffle is still a permutation, and the same seed gives the same draws."""
    def run(stream):
        out = [stream.below(10) for _ in range(SearchStream.BLOCK - 3)]
        out += stream.shuffle(range(5)) + stream.shuffle(range(2 * SearchStream.BLOCK)) + [stream.below(7)]
        return out
    first = run(SearchStream(11))
    assert first == run(SearchStream(11)) and first != run(SearchStream(12))
    assert sorted(first[SearchStream.BLOCK - 3:SearchStream.BLOCK + 2]) == list(range(5))
    assert sorted(first[SearchStream.BLOCK + 2:-1]) == list(range(2 * SearchStream.BLOCK))
    assert all(0 <= v < 10 for v in first[:SearchStream.BLOCK - 3]) and 0 <= first[-1] < 7
    with pytest.raises(ValueError):
        SearchStream(1).below(0)


def test_a_search_streams_below_draws_every_value_about_as_often():
    """6,000 draws below 6: each value about 1,000 times (chi-square as above)."""
    stream = SearchStream(7)
    counts = Counter(stream.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert sum((n - 1000) ** 2 / 1000 for n in counts.values()) < 20.5


def _carcassonne_projection_of(state) -> list[float]:
    """Carcassonne's projected scores from their definition: every feature with followers scored by the
    rules' own `feature_value` (at its completed value once complete, a field always at its final value)
    for its majority, plus 0.5 for each of up to 4 followers in supply (the oracle for the written-out pass)."""
    from boardlab.games.carcassonne import board as B, rules as R
    from boardlab.games.carcassonne.content import FIELD
    out = [float(v) for v in state.score]
    for root in B.roots_with_followers(state):
        complete = B.is_complete(state, root)
        points, _, _ = R.feature_value(state, root, final=not complete or state.kind[root] == FIELD)
        for seat in B.majority(state, root):
            out[seat] += points
    for seat, n in enumerate(state.supply):
        out[seat] += 0.5 * min(n, 4)
    return out


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"expansions": ["wonders"]}), (5, {})])
def test_carcassonnes_projected_scores_equal_their_definition_in_every_position(players, options):
    """Every position of whole random games (ties for a majority, complete cities shared by fields,
    monasteries, wonders)."""
    from boardlab.games.carcassonne.rules import projected_scores
    ties = 0
    for seed in range(6):
        g, s = boardlab.new_game("carcassonne", players, seed=seed, options=options), Stream(seed)
        while not g.is_over:
            assert projected_scores(g.state) == _carcassonne_projection_of(g.state)
            holders = [g.state.meeples[r] for r in range(len(g.state.parent)) if g.state.parent[r] == r]
            ties += any(len({seat for seat, _ in h}) > 1 for h in holders)
            legal = g.legal_action_ids()
            g.apply(legal[s.below(len(legal))])
    assert ties  # some feature was shared by several seats on the way


_GREAT_WALL_CONFIGS = [(2, {}), (4, {}), (5, {}), (3, {"expansions": ["genghis", "rat"]}), (3, {"scenario": "ghost"})]


def _great_wall_positions(every: int = 1):
    """Every `every`-th position of 3 random games of each configuration (the Ghost Festival closes Locations)."""
    for players, options in _GREAT_WALL_CONFIGS:
        for seed in range(3):
            g, s = boardlab.new_game("greatwall", players, seed=seed, options=options), Stream(seed)
            while not g.is_over:
                if s.below(every) == 0:
                    yield g
                legal = g.legal_action_ids()
                g.apply(legal[s.below(len(legal))])


def test_the_great_walls_offered_lists_equal_the_decisions_own():
    """A Clerk's moves are offered by the handler that asks them (no second listing): the ids the game takes are
    those its decision lists, in the same order, at every decision of the games."""
    kinds = Counter()
    for g in _great_wall_positions():
        kind = g.state.pending[1]
        assert g.legal_action_ids() == g.rules.flow_of(g.state).decisions[kind].legal(g.state)
        kinds[kind] += 1
    assert kinds["clerk_from"] > 50 and kinds["clerk_to"] > 50
    # offered too: Advisors before an effect, the Archers' targets, a choice for each Clerk at a Location
    assert kinds["advisor"] > 50 and kinds["shoot"] > 5 and min(kinds[k] for k in ("workshop", "post", "recruit")) > 2
    assert kinds["dispatch"] > 20 and kinds["slot"] > 20  # and a soldier's dispatch and slots


def test_the_great_walls_counts_for_all_seats_and_locations_with_room_equal_their_definitions():
    from boardlab.games.greatwall import _counts, effects, mechanics as M
    closed = 0
    for g in _great_wall_positions(every=3):
        state = g.state
        on_wall, levels, clerks = _counts(state)
        for seat in range(state.players):
            assert on_wall[seat] == effects.measure(state, seat, "soldiers_on_wall")
            assert levels[seat] == effects.measure(state, seat, "overseer_levels")
            assert clerks[seat] == effects.measure(state, seat, "clerks_on_board")
        assert M.with_room(state) == [loc for loc in M.locations(state) if M.has_room(state, loc)]
        closed += any(M.closed(state, loc) for loc in M.locations(state))
    assert closed  # haunted Locations were seen


def test_the_great_walls_parsed_ids_are_kept_and_bad_ones_still_refused():
    from boardlab.games.greatwall import actions as A
    for action_id, decision in (("slot:1:4", "wound"), ("to:quarry", None), ("fort:1:wood+gold", None)):
        first = A.args(action_id, decision)
        assert first == A.parse(action_id, decision).values and A.args(action_id, decision) is first
    with pytest.raises(ValueError):
        A.args("to:nowhere")
    with pytest.raises(ValueError):
        A.args("to:nowhere")  # refused again: an error is not kept


@pytest.mark.parametrize("name, players, options", [("carcassonne", 2, {}), ("greatwall", 2, {}), ("greatwall", 4, {}),
                                                    ("greatwall", 3, {"scenario": "redturban", "mode": "cooperative"})])
def test_every_seats_plan_evaluation_from_one_plan_value_equals_each_seats_own(name, players, options):
    """ISMCTS's `leaf=plan` judges a leaf for all seats from one computation of the plan values (the
    cooperative team's worth through the extension point, as `plan_evaluate` gives it)."""
    checked = 0
    for seed in range(3):
        g, s = boardlab.new_game(name, players, seed=seed, options=options), Stream(seed)
        while not g.is_over:
            if s.below(4) == 0:
                values = g.rules.plan_evaluations(g.state)
                assert values == [g.rules.plan_evaluate(g.state, seat) for seat in range(players)]
                checked += 1
            legal = g.legal_action_ids()
            g.apply(legal[s.below(len(legal))])
    assert checked > 20


def test_ismcts_judges_by_the_plan_values_when_asked(monkeypatch):
    """`ismcts:leaf=plan`: every leaf judged by the plan values, none by the potential; the same choice again
    with the same seed; an unknown leaf is refused by name."""
    g = _with_choice("greatwall")
    calls = Counter()
    rules = type(g.rules)
    for method in ("evaluate", "evaluations", "plan_evaluate", "plan_evaluations"):
        original = getattr(rules, method)

        def counted(self, *args, _original=original, _method=method):
            calls[_method] += 1
            return _original(self, *args)
        monkeypatch.setattr(rules, method, counted)
    choices = [choose(make_agent("ismcts:iterations=60,depth=0,leaf=plan", seed=3), g) for _ in range(2)]
    assert choices[0] == choices[1] in g.legal_action_ids()
    assert calls["plan_evaluations"] >= 60 and not calls["evaluations"] and not calls["evaluate"]
    with pytest.raises(boardlab.ConfigError, match="leaf"):
        make_agent("ismcts:leaf=oracle")
    with pytest.raises(ValueError, match="leaf"):
        ISMCTSAgent(leaf="oracle")


def test_a_great_wall_clone_copies_every_container_and_shares_nothing_mutable():
    """The state's clone is written out field by field: every field equal, each list and dict a copy."""
    from boardlab.games.greatwall.state import GWState
    g = next(_great_wall_positions(every=40))
    state, twin = g.state, g.state.clone()
    for name in GWState.__slots__:  # (the base state's fields: tests/test_core*.py)
        value = getattr(state, name)
        assert getattr(twin, name) == value, name
        if isinstance(value, (list, dict)):
            assert getattr(twin, name) is not value, name
    twin.res[0] = (99, 99, 99, 99)
    twin.clerks_on[next(iter(twin.clerks_on))] = (0, 0, 0)
    assert state.res[0] != (99, 99, 99, 99) and (0, 0, 0) not in state.clerks_on.values()


def test_the_great_walls_resampler_redraws_as_resample_hidden_does():
    """A model makes the rules' resampler once for its determinisation (the pools gathered and sorted once) and
    redraws with it at every sample: the same states, card for card, and the same draws of the stream, for every
    seat (and a spectator), at positions of every season, the expansions (the Rat's own deck) and a scenario."""
    seen = Counter()
    for g in _great_wall_positions(every=7):
        for seat in [*range(g.players), None]:
            redraw = g.rules.resampler(g.state, seat)
            for k in range(2):  # one resampler serves many redraws
                plain, fast = g.clone(), g.clone()
                s1, s2 = SearchStream(k), SearchStream(k)
                g.rules.resample_hidden(plain.state, seat, s1)
                redraw(fast.state, s2)
                assert fast.state_hash() == plain.state_hash() and s1.below(1 << 62) == s2.below(1 << 62)
        seen[g.state.season] += 1
    assert {"setup", "winter", "spring", "summer"} <= set(seen)


def test_every_seats_lead_at_once_equals_each_seats_own_bit_for_bit():
    """`leads` finds the scale and the two best values once: the same floats as `lead` seat by seat, ties,
    negative values, ints and values past the scale's floor of 10 included."""
    from boardlab.core.ruleset import lead, leads
    cases = [[3.0, 3.0], [1.5, 7.25, 7.25, -2.0], [0, 0.0, 4], [-30.5, 12.1, 0.3], [100.0, 99.9, 100.0, 3.0, -1.0],
             [0.1 + 0.2, 0.3, 0.30000000000000004]]
    stream = Stream(7)
    cases += [[stream.below(4000) / 7 - 200 for _ in range(2 + k % 4)] for k in range(300)]
    for values in cases:
        assert leads(values) == [lead(values, seat) for seat in range(len(values))], values


def test_a_search_stream_shuffle_swaps_as_fisher_yates_with_its_numbers():
    """The shuffle walks a slice of its block (no index arithmetic a swap): position i swaps with number
    at + i mod (i + 1), for i = n - 1 down to 1, the numbers `_take(n)` reserved; the same orders as that loop."""
    fast, plain = SearchStream(11), SearchStream(11)
    for n in [*range(0, 40), 70, 600]:
        items = list(range(n))
        got = fast.shuffle(items)
        out = list(items)
        if n > 1:
            at = plain._take(n)
            for i in range(n - 1, 0, -1):
                j = plain._words[at + i] % (i + 1)
                out[i], out[j] = out[j], out[i]
        assert got == out, n


def test_a_horde_card_is_defeated_as_its_vital_slots_say():
    """GW-BREACH-01 read through each card's table of vital slots: the same answer as the slots' own flags, for
    every card of the content (every set) and many covers."""
    from boardlab.games.greatwall.data_tables import HORDES
    from boardlab.games.greatwall.spring import defeated
    stream = Stream(3)
    marks = [None, None, (0, "s"), (1, "h"), (-1, "x"), (0, "w")]
    for card, spec in HORDES.items():
        for _ in range(40):
            covers = tuple(marks[stream.below(len(marks))] for _ in spec.slots)
            expected = all(c is not None for c, slot in zip(covers, spec.slots) if slot.vital)
            assert defeated((card, covers, ())) == expected, card
        assert defeated((card, tuple((0, "s") for _ in spec.slots), ()))
