"""The coach's hints as a player reads them (``dinghy.skippers.dinghy_race.coach``): before the gun
each choice's figure and timing tell the choices apart, the figure runs on across the
gun, and no two hints are drawn as one ghost."""
from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from dinghy.core.geometry import Pose
from dinghy.core.race import Race
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Move, Place
from dinghy.games.dinghy_race.state import Step
from dinghy.games.dinghy_race.table import reach_rows
from dinghy.skippers.dinghy_race import coach, hard
from dinghy.skippers.dinghy_race.brain import chart_of
from dinghy.ui.dinghy_race.coach_view import hint_ghosts, hint_words

from botkit import person_stops


def person_steps(course: str, seed: int, last_round: int):
    """A race (a person in seat 0, the hard skipper in seat 1; the person's choices
    made by the hard skipper too, seeded), stopped at each of the person's PLACE and
    MOVE steps up to ``last_round``: yields the race there."""
    return person_stops(course, seed, (Step.PLACE, Step.MOVE), last_round=last_round)


def where_on_the_water(race: Race, action) -> tuple[float, float]:
    """Where the engine puts a choice on the water: a move's end; a card laid, the middle
    of the ends of its exits that are clear (the boat's place if it has none)."""
    game, state = race.game, race.state
    boat = state.boat()
    if isinstance(action, Move):
        o = next(o for o in dr.exit_options(game, state, action.shift) if o.index == action.exit)
        pose = o.bonus if action.bonus and o.bonus is not None else o.pose
        return pose.xy
    if isinstance(action, Place) and action.card is not None:
        rows = [r for r in reach_rows(game, state.boats, boat, [game.cards.types[action.card]], 0.0,
                                      dr.lines_on_water(game, state)) if r[4] is None]
        if rows:
            return (sum(r[2].x for r in rows) / len(rows), sum(r[2].y for r in rows) / len(rows))
    return boat.pose.xy


def figure_words(hint) -> str:
    """What a player reads of a hint's figure: its words without the rank and the name."""
    return hint_words(1, hint, "x").split(" · ", 1)[1]


def test_before_the_gun_choices_far_apart_read_apart():
    """Rule text: "five pre-start rounds are followed by as many rounds as needed to
    complete the course"; "Boats may cross the start line in round 6". Before the gun
    every hint read one figure ("about 122.5 rounds": the skipper weighs places by the
    line there, and any place it can reach the line from in time weighs alike). Now two
    hints whose choices lie half a card or more apart on the water never read alike: the
    figure (the rounds to wait for the gun and the race from where the choice leaves
    the boat) or the timing at the line ("line 2.3 rounds before the gun") tells them
    apart."""
    pairs = rounds_apart = 0
    for race in person_steps("olympic_triangle", 2, 5):
        state = race.state
        if state.round + (state.step is Step.PLACE) > dr.PRESTART_ROUNDS:
            continue
        hs = coach.hints(race)
        L = race.game.cards.card_length
        for i, a in enumerate(hs):
            for b in hs[i + 1:]:
                if math.dist(where_on_the_water(race, a.action), where_on_the_water(race, b.action)) >= 0.5 * L:
                    pairs += 1
                    assert figure_words(a) != figure_words(b), (state.round, a.text, b.text)
                    rounds_apart += f"{a.expected_rounds:.1f}" != f"{b.expected_rounds:.1f}"
    assert pairs >= 3
    assert rounds_apart >= 1        # where the timing matters, the rounds themselves differ


def test_the_coach_s_figure_runs_on_across_the_gun():
    """The figure is one count of rounds from before the gun to after it: a card laid
    reads one round more than the best exit of that card reads when it is sailed next
    round (it was 118 rounds laying a card in round 4 and 99 sailing it in round 5: the
    open-water estimate before the gun, the time-to-go field from round 5 on)."""
    checked = 0
    placed: dict = {}
    for race in person_steps("olympic_triangle", 11, 8):
        state = race.state
        hs = coach.hints(race, n=6)
        if state.step is Step.PLACE:
            placed = {h.action.card: (state.round, h.expected_rounds) for h in hs if isinstance(h.action, Place)}
        elif state.turn.card in placed and placed[state.turn.card][0] == state.round - 1:
            moves = [h for h in hs if isinstance(h.action, Move)]
            if moves:
                checked += 1
                laid = placed[state.turn.card][1]
                assert abs(moves[0].expected_rounds - (laid - 1)) <= 1.0, (state.round, laid, moves[0].text)
    assert checked >= 3


def test_a_boat_late_for_the_gun_reads_its_lateness_and_one_in_time_the_wait():
    """Rule text: "Boats may cross the start line in round 6, which is the first regular
    round of the race". A boat with time to spare reads the same rounds wherever it
    waits within reach of its place on the line; one too deep to reach the line by
    round 6 reads more, by about the rounds it would be late."""
    race = next(iter(person_steps("up_and_down", 4, 1)))
    ch = chart_of(race.game)
    boat = race.state.boat()
    (ax, ay), (bx, by) = race.game.start_line
    mid = ((ax + bx) / 2, (ay + by) / 2)
    down = (-ch.upx, -ch.upy)
    L = ch.L
    heading = boat.pose.heading
    near = Pose(mid[0] + down[0] * 2 * L, mid[1] + down[1] * 2 * L, heading)
    nearer = Pose(mid[0] + down[0] * 1.5 * L, mid[1] + down[1] * 1.5 * L, heading)
    deep = Pose(mid[0] + down[0] * 8 * L, mid[1] + down[1] * 8 * L, heading)
    early = coach._from_the_line(race, ch, boat, [near, nearer, deep], [boat.tack] * 3, 1)
    late = coach._from_the_line(race, ch, boat, [near, deep], [boat.tack] * 2, 5)
    # round 1: five rounds to the gun, the sail to the line shorter from all three
    assert abs(early[0][0] - early[0][1]) < 0.1
    assert early[1][0] < early[2] and early[1][2] > early[1][0]
    # round 5: one round left; the deep boat arrives late by (sail - wait) rounds
    sail_deep, wait = late[1][1], late[2]
    assert sail_deep > wait + 1
    assert late[0][1] - late[0][0] == pytest.approx(sail_deep - late[1][0], abs=0.6)
    assert coach.line_words(sail_deep, wait).endswith("rounds after the gun")
    assert coach.line_words(wait - 1.0, wait) == "line 1.0 rounds before the gun"
    assert coach.line_words(wait, wait) == "line with the gun"


def ghost_spot(race: Race, g) -> tuple[float, float, float]:
    """Where a player sees a ghost: its outline's middle, or its hull's, and heading."""
    if g.outline is not None:
        c = g.outline.centroid
        return (c.x, c.y, g.pose.heading)
    mid = g.pose.forward(-race.game.cards.hull_length / 2)
    return (mid.x, mid.y, g.pose.heading % 360)


def test_no_two_hints_are_one_ghost():
    """Issue: "the hard skipper's top three choices for this step ... drawn as ghosts on
    the chart". Two cards whose footprints are one (the close-hauled card with and
    without the trapeze) or whose best exits end at one spot were drawn one ghost over
    the other: two labels, one ghost. A hint to lay a card is now drawn where the card
    would take the boat, and of two choices that end at one spot the coach keeps the
    better and offers the next one: the ghosts lie apart (heading or place), and the
    three are the first three of all the distinct choices."""
    game_steps = 0
    for course, seed in (("olympic_triangle", 11), ("up_and_down", 4)):
        for race in person_steps(course, seed, 9):
            hs = coach.hints(race)
            ghosts = hint_ghosts(SimpleNamespace(race=race), hs)
            assert [g.action for g in ghosts] == [h.action for h in hs]
            hull = race.game.cards.hull_length
            spots = [ghost_spot(race, g) for g in ghosts]
            for i, a in enumerate(spots):
                for b in spots[i + 1:]:
                    assert a[2] != b[2] or math.dist(a[:2], b[:2]) >= 0.2 * hull, (race.state.round, hs)
            # the three are the first of every distinct choice, best first: one dropped for
            # sharing a spot is replaced by the next
            every = coach.hints(race, n=len(race.legal_actions()))
            assert [h.action for h in hs] == [h.action for h in every[:3]]
            game_steps += len(every) > 3
    assert game_steps >= 2


def test_before_the_gun_no_figure_promises_a_finish_sooner_than_the_gun_allows():
    """Rule text: "Boats may cross the start line in round 6". Wherever a choice leaves
    a boat below the line, in whatever round before the gun, the coach's figure is at
    least the moves still to wait for round 6 plus the quickest race from the line, and
    the timing it gives is "before", "with" or "after the gun" as the sail to the line
    is shorter, equal or longer than the wait."""
    from hypothesis import given, settings, strategies as st

    race = next(iter(person_steps("up_and_down", 4, 1)))
    ch = chart_of(race.game)
    boat = race.state.boat()
    (ax, ay), (bx, by) = race.game.start_line
    _xs, _ys, after = coach._line_values(race, ch, boat)

    @settings(max_examples=60, deadline=None)
    @given(st.floats(0.0, 1.0), st.floats(0.3, 6.0), st.integers(0, 23), st.integers(1, 5))
    def check(along, depth, h, rnd):
        x = ax + (bx - ax) * along - ch.upx * depth * ch.L
        y = ay + (by - ay) * along - ch.upy * depth * ch.L
        pose = Pose(x, y, h * 15)
        tack = dr.tack_of(pose.heading, race.game.wind_from, boat.tack)
        total, sail, wait = coach._from_the_line(race, ch, boat, [pose], [tack], rnd)
        assert wait == dr.PRESTART_ROUNDS + 1 - rnd
        assert total[0] >= wait + after.min() - 1e-9
        assert total[0] >= sail[0] + after.min() - 1e-9
        words = coach.line_words(float(sail[0]), wait)
        if sail[0] < wait - 0.25:
            assert words.endswith("before the gun")
        elif sail[0] > wait + 0.25:
            assert words.endswith("after the gun")

    check()
