"""Two boats bow to bow hold each other's cards aside for good: each boat's every card
then lies on the other's hull, at every heading its hull may take. Rule text: "When the
player has completed his move and would be forced to play his manoeuvre card for the
next turn on top of another boat, he places the card beside the boat ... If he is still
not able to place the card (because the same or another boat is still in his way), he
exchanges the manoeuvre card for his delay card, places that aside and waits for his
next turn again" -- the text has no way out of a mutual lock. Our HOUSE RULE
(``placing.back_off``): the boat whose turn it is backs straight astern the least whole
number of millimetres (at most a card length and a hull length) that lets its card lie
clear of every hull, and lays it.

Recorded from ``dinghy simulate`` (six easy boats, Olympic triangle, seed 37): in round 1
Yellow sailed to 090° and ended 0.6 mm from Sky's bow (Sky at 270°); the two pivoted on
the spot for the rest of the race. The skippers now price a bow ending against another
boat's hull as a lock (``costs.LOCK``), so the easy skipper, whose taste picks among
choices up to 1.2 turns worse than the best, no longer takes that exit.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from dinghy import games
from dinghy.core.race import Race
from dinghy.games.dinghy_race.actions import Move
from dinghy.skippers.dinghy_race import easy
from dinghy.core.geometry import Pose
from dinghy.core.setup import RaceSetup, Seat
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race.actions import Roll
from dinghy.games.dinghy_race.common import card_fits, placement_blocked
from dinghy.games.dinghy_race.placing import locked_with
from dinghy.games.dinghy_race.state import Boat, RaceState, Step
from dinghy.games.dinghy_race.table import fixed_within

RECORD = Path(__file__).parent / "records" / "bow_to_bow_lock.json"


def test_the_recorded_move_ends_with_two_bows_a_hair_apart():
    race = games.load_race(RECORD)
    after = race.history[23]                        # after Yellow's move
    sky, yellow = after.boats[1], after.boats[3]
    assert race.actions[22] == Move(3)
    assert math.dist(sky.pose.xy, yellow.pose.xy) < 1.0
    assert {sky.pose.heading, yellow.pose.heading} == {90, 270}


def test_the_easy_skipper_does_not_sail_into_the_lock():
    record = games.load_race(RECORD)
    before = record.history[22]                     # Yellow to sail its revealed card
    picks = []
    for seed in range(60):
        race = Race.from_state(record.game, before)
        picks.append(easy.choose(race, random.Random(seed)))
    assert all(race.why_not(a) is None for a in picks)
    assert Move(3) not in picks, f"sailed bow to bow in {picks.count(Move(3))} of 60"
    assert len(set(picks)) > 1                       # it still errs among the sound exits


def test_yellow_backs_off_and_lays_its_card_clear_of_sky():
    """HOUSE RULE (the text: "he places the card beside the boat ... and waits" has no way
    out when each boat holds the other's card aside): Yellow, laying its delay card on
    Sky's hull while Sky holds its own card aside because of Yellow's hull, backs astern
    the least whole number of millimetres that lets the card lie clear, and lays it."""
    race = games.load_race(RECORD)
    game = race.game
    before, after = race.history[23].boats[3], race.state.boats[3]
    sky = race.state.boats[1]
    assert sky.aside and after.planned == "delay" and not after.aside
    assert after.pose.heading == before.pose.heading
    back = math.dist(before.pose.xy, after.pose.xy)
    assert back == pytest.approx(round(back)) and 1 <= back <= game.cards.card_length + game.cards.hull_length
    # straight astern
    assert after.pose.forward(back).xy == pytest.approx(before.pose.xy)
    # one millimetre less would not do
    nearer = race.state.with_boat(after.with_(pose=before.pose.forward(-(back - 1))))
    assert placement_blocked(game, nearer, nearer.boats[3], game.cards.types["delay"]) == "Sky"
    assert placement_blocked(game, race.state, after, game.cards.types["delay"]) is None
    texts = [e.text for e in race.last_events if e.kind == "aside"]
    assert texts == [f"Yellow and Sky each hold the other's card aside: Yellow backs off {round(back)} mm "
                     "astern so that its card lies clear (house rule)"]


#: Green and Vermilion bow to bow (trapeze_inner, seed 39, round 36 of the seeded race):
#: each holds its card aside because of the other's hull.
GREEN = Boat(0, Pose(987.7063283798811, 1199.7519465888583, 60), Tack.PORT, planned="delay", aside=True,
             started=True, legs_done=1, stage=0, launched=True)
VERMILION = Boat(1, Pose(987.1208222003161, 1199.7322472199473, 180), Tack.STARBOARD, planned="reach.starboard",
                 aside=True, started=True, legs_done=1, stage=0, launched=True)


@lru_cache(maxsize=None)
def _game(course: str):
    seats = (Seat("Green", "Green", None), Seat("Vermilion", "Vermilion", None))
    return games.load_game(RaceSetup(seats=seats, course=course, seed=19))


def _turn_of(game, state: RaceState, rng: random.Random) -> RaceState:
    """One whole turn of the active boat, its choices drawn at random, dice kind."""
    race = Race.from_state(game, state)
    me = state.active
    while not race.over and (race.state.active == me or race.state.step in (Step.DRIFT,)):
        acts = race.legal_actions()
        if race.state.step is Step.ROLL:
            acts = [Roll(6, 6)]
        race.push(rng.choice(acts))
        if race.state.step is Step.BEGIN and race.state.active != me:
            break
    return race.state


def test_green_and_vermilion_get_free_at_the_next_turn():
    """The lock of the seeded race (trapeze_inner, seed 19, rounds 35 to the guard): each
    boat's card lies on the other's hull at every heading its hull may take. Under the
    house rule the boat whose turn it is backs off and lays its card at the start of its
    turn ("he tries to place the card and, if this is possible now, plays his turn
    normally"), whatever either boat then chooses."""
    game = _game("trapeze_inner")
    for first in (0, 1):
        for seed in range(6):
            rng = random.Random(seed)
            state = RaceState((GREEN, VERMILION), (first, 1 - first), round=36, active=first, step=Step.BEGIN)
            assert locked_with(game, state, state.boats[first],
                               game.cards.types[state.boats[first].planned]) is not None
            state = _turn_of(game, state, rng)
            me, was = state.boats[first], (GREEN, VERMILION)[first]
            assert me.pose.xy != was.pose.xy, (first, seed)     # it backed off (and sailed on)
            assert any(not b.aside for b in state.boats), (first, seed)


#: The spacing of the points ``_open_water`` offers (each drawn with a jitter of up to
#: half of it either way).
STEP = 10.0


@lru_cache(maxsize=None)
def _open_water(course: str) -> tuple[tuple[float, float], ...]:
    """Points STEP apart, 200 mm inside the course's box, that lie at least 250 mm inside
    the water and from every mark: the two hulls hold the bow, so a bow nearer than that
    could only be given up by the test (``fixed_within``, the check it keeps). (The bow
    was drawn anywhere in the box, and two draws in three were given up.)"""
    game = _game(course)
    water = game.area.buffer(-250)
    _names, tree = game.obstacles((False, False))
    if len(tree.geometries):
        water = water.difference(shapely.union_all(tree.geometries).buffer(250))
    x0, y0, x1, y1 = game.area_box
    xs, ys = np.meshgrid(np.arange(x0 + 200, x1 - 200, STEP), np.arange(y0 + 200, y1 - 200, STEP))
    inside = shapely.contains_xy(water, xs, ys)
    return tuple(zip(xs[inside].tolist(), ys[inside].tolist()))


@lru_cache(maxsize=None)
def _bearings_apart(course: str, ha: int, ta: Tack, hb: int, tb: Tack, gap: float) -> list[int]:
    """The whole degrees of bearing from the first bow at which the second bow, ``gap``
    away, leaves the two hulls apart (all 360 weighed at once; the test still checks the
    hulls where it lays them). (The bearing was drawn from all 360, and seven draws in
    ten were given up because the hulls overlapped.)"""
    game = _game(course)
    a = game.hull(Pose(0.0, 0.0, ha), ta)
    b = np.asarray(game.hull(Pose(0.0, 0.0, hb), tb).exterior.coords)
    th = np.radians(np.arange(360))
    rings = b[None, :, :] + np.stack([gap * np.sin(th), gap * np.cos(th)], axis=1)[:, None, :]
    return np.flatnonzero(~shapely.intersects(a, shapely.polygons(rings))).tolist()


@settings(deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.data())
def test_two_bows_touching_in_open_water_never_lock_for_good(data):
    """Two boats whose bows touch (a hair apart, any headings whose hulls keep apart), each
    holding aside a card the other's hull keeps from lying: the boat whose turn it is
    backs off and lays its card (house rule) unless a delay's turn would bring its bow to
    a heading where a card lies clear; either way the lock is never for good."""
    course = data.draw(st.sampled_from(["trapeze_inner", "olympic_triangle"]), label="course")
    game = _game(course)
    x, y = data.draw(st.sampled_from(_open_water(course)), label="open water")
    x += data.draw(st.floats(-STEP / 2, STEP / 2), label="x")
    y += data.draw(st.floats(-STEP / 2, STEP / 2), label="y")
    ha, hb = (data.draw(st.integers(0, 23), label=f"heading {n}") * 15 for n in "ab")
    gap = data.draw(st.floats(0.05, 1.5), label="gap")
    ta, tb = (tack_of(h, game.wind_from, Tack.STARBOARD) for h in (ha, hb))
    apart = _bearings_apart(course, ha, ta, hb, tb, gap)
    assume(apart)
    bearing = math.radians(data.draw(st.sampled_from(apart), label="bearing"))
    a = Boat(0, Pose(x, y, ha), ta, started=True, launched=True)
    b = Boat(1, Pose(x + gap * math.sin(bearing), y + gap * math.cos(bearing), hb), tb, started=True, launched=True)
    ha_, hb_ = game.hull(a.pose, ta), game.hull(b.pose, tb)
    assume(not ha_.intersects(hb_))
    assume(not fixed_within(game, ha_.union(hb_), 250.0, (False, False)))

    def aside_card(me, other_hull):
        keys = [k for k in sorted(game.cards.types)
                if card_fits(game, me, game.cards.types[k], True, 36) is None
                and game.card_shape(me.pose, game.cards.types[k], me.tack).intersects(other_hull)]
        assume(keys)
        return data.draw(st.sampled_from(keys), label="card")

    a = a.with_(planned=aside_card(a, hb_), aside=True)
    b = b.with_(planned=aside_card(b, ha_), aside=True)
    state = RaceState((a, b), (0, 1), round=36, active=0, step=Step.BEGIN)
    rng = random.Random(data.draw(st.integers(0, 99), label="rng"))
    after = _turn_of(game, state, rng)
    if after.boats[0].pose.xy == a.pose.xy:
        # no back-off: only where a delay's turn ("one 45°-turn") brings one of the bows
        # to a heading where a card lies clear of every hull (the boats can turn apart)
        def ways(me, other_hull):
            out = []
            for turn in (0, -45, 45):
                pose = Pose(me.pose.x, me.pose.y, me.pose.heading + turn)
                turned = me.with_(pose=pose, tack=tack_of(pose.heading, game.wind_from, me.tack),
                                  planned=None, aside=False)
                if turn and game.hull(turned.pose, turned.tack).intersects(other_hull):
                    continue
                at = state.with_boat(turned)
                out += [k for k in sorted(game.cards.types)
                        if card_fits(game, turned, game.cards.types[k], True, 37) is None
                        and placement_blocked(game, at, turned, game.cards.types[k]) is None]
            return out
        assert ways(a, hb_) or ways(b, ha_), "the two boats still lie bow to bow with no way out"
