"""The Weather Eye reach test, fast and plain: the same verdicts.

Rule text: a Weather Eye card's influence "extends to any boat that can, at the start of
its turn, place the Weather Eye Ruler in a way that it touches both the card and the
boat or its manoeuvre card"; "A boat can only get one Weather Eye advantage".

``weather_eye_shift`` leaves out, by their bounding boxes, the cards that surely lie
farther than the ruler reaches (``beyond_ruler``) and keeps each card's shape per table;
the hard skipper's forecast (``weather_eye_value``) keeps each reach verdict per race
state. Both must say exactly what the plain test says: every card's shape built afresh
and its distance to the boat and its card measured by shapely.
"""
from __future__ import annotations

import math
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st
from shapely.geometry import Polygon

from dinghy.core.geometry import Pose
from dinghy.core.wind import tack_of
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.common import EPS
from dinghy.games.dinghy_race.state import RaceState, Step, Turn, WeatherEyeCard
from dinghy.games.dinghy_race.weather_eye import beyond_ruler, drifted, weather_eye_shift
from dinghy.skippers.dinghy_race import weather_eye_value as wev
from dinghy.skippers.dinghy_race.brain import chart_of

from enginekit import boat, game

GAME = game(4)
SHIFTING = sorted(k for k, c in GAME.cards.types.items() if c.plus_zone and c.exits)


def plain_eye_shape(g, we: WeatherEyeCard) -> Polygon:
    """The card on the water, built from its corners here (no cache)."""
    L, W = g.cards.card_length, g.cards.card_width
    along, across = (L, W) if we.long_side_along_wind else (W, L)
    r = math.radians(g.wind_from)
    s, c = math.sin(r), math.cos(r)
    pts = [(-across / 2, -along / 2), (across / 2, -along / 2), (across / 2, along / 2), (-across / 2, along / 2)]
    return Polygon([(we.x + lx * c + ly * s, we.y - lx * s + ly * c) for lx, ly in pts])


def plain_shift(g, state, b, card) -> float:
    """``weather_eye_shift`` as the rule reads: any card within one ruler of the boat or
    the card before its bow gives the card's whole shift."""
    limit = g.cards.shift_limit(card)
    if not limit or not state.weather_eyes:
        return 0.0
    target = g.hull(b.pose, b.tack).union(g.card_shape(b.pose, card, b.tack))
    for we in state.weather_eyes:
        if plain_eye_shape(g, we).distance(target) <= g.cards.card_length + EPS:
            return limit
    return 0.0


def _state(boats, eyes=()) -> RaceState:
    return RaceState(boats=tuple(boats), order=tuple(b.index for b in boats), round=8, active=boats[0].index,
                     step=Step.BEGIN, turn=Turn(), weather_eyes=tuple(eyes))


@st.composite
def boat_and_eyes(draw):
    """A boat with a shifting card before its bow, and Weather Eye cards round it: some
    anywhere near, some moved to lie just about one ruler from it (where a box filter
    could err)."""
    h = draw(st.one_of(st.sampled_from([0, 90, 180, 270]), st.integers(0, 23).map(lambda i: 15 * i)))
    x, y = draw(st.floats(-900, 900)), draw(st.floats(-300, 1800))
    key = draw(st.sampled_from(SHIFTING))
    me = boat(0, x, y, h, tack=tack_of(h, GAME.wind_from, draw(st.sampled_from(list(dr.Tack)))), planned=key)
    card = GAME.cards.types[key]
    target = GAME.hull(me.pose, me.tack).union(GAME.card_shape(me.pose, card, me.tack))
    reach = GAME.cards.card_length
    eyes = []
    # (square to the boat and its card, the nearest sides face each other: there the boxes
    # are as near as the shapes, and a filter that cut its margin fine would err)
    ox, oy = target.centroid.x, target.centroid.y
    for _ in range(draw(st.integers(1, 4))):
        a = math.radians(draw(st.one_of(st.sampled_from([0, 90, 180, 270]), st.integers(0, 359))))
        d = draw(st.floats(0, 4 * reach))
        we = WeatherEyeCard(ox + d * math.sin(a), oy + d * math.cos(a), draw(st.booleans()), 1)
        if draw(st.booleans()):
            # along the same bearing, to within a hair of the ruler's reach
            gap = plain_eye_shape(GAME, we).distance(target)
            step = reach - gap + draw(st.sampled_from([-1e-3, -1e-6, -1e-9, 0.0, 1e-9, 1e-6, 1e-3]))
            we = WeatherEyeCard(we.x + step * math.sin(a), we.y + step * math.cos(a), we.long_side_along_wind, 1)
        eyes.append(we)
    return me, card, eyes


@settings(deadline=None)
@given(boat_and_eyes())
def test_the_box_filter_never_leaves_out_a_card_in_reach(case):
    me, card, eyes = case
    state = _state([me], eyes)
    assert weather_eye_shift(GAME, state, me, card) == plain_shift(GAME, state, me, card)
    target = GAME.hull(me.pose, me.tack).union(GAME.card_shape(me.pose, card, me.tack))
    for we in eyes:
        if beyond_ruler(GAME, we, me, card):
            assert plain_eye_shape(GAME, we).distance(target) > GAME.cards.card_length + EPS


def test_the_box_filter_leaves_out_far_cards_and_keeps_near_ones():
    """The filter does work (else the test above would prove nothing about it): a card
    four rulers off is left out by its box, one beside the bow is not."""
    me = boat(0, 0, 600, 0, planned=SHIFTING[0])
    card = GAME.cards.types[SHIFTING[0]]
    L = GAME.cards.card_length
    assert beyond_ruler(GAME, WeatherEyeCard(5 * L, 600, True, 1), me, card)
    assert not beyond_ruler(GAME, WeatherEyeCard(L, 600, True, 1), me, card)
    assert weather_eye_shift(GAME, _state([me], [WeatherEyeCard(L, 600, True, 1)]), me, card) > 0


def plain_reach(g, state, b, track, eyes, flips) -> list[float]:
    """The forecast's shifts turn by turn, as the engine's test of the turn's state."""
    out = []
    for k, pose in enumerate(track, 1):
        card = wev._card_of(g, b, k)
        if card is None:
            out.append(0.0)
            continue
        moved = [drifted(g, we, flips + k - 1) if we.owner is not None else we for we in eyes]
        s = state.with_(weather_eyes=tuple(m for m in moved if m is not None))
        at = b.with_(pose=pose, tack=dr.tack_of(pose.heading, g.wind_from, b.tack))
        out.append(plain_shift(g, s, at, card))
    return out


@st.composite
def fleets(draw):
    n = draw(st.integers(1, 3))
    boats = []
    for i in range(n):
        h = draw(st.integers(0, 23)) * 15
        key = draw(st.sampled_from([None] + SHIFTING))
        boats.append(boat(i, draw(st.floats(-800, 800)), draw(st.floats(-200, 1700)), h,
                          tack=tack_of(h, GAME.wind_from, dr.Tack.STARBOARD), planned=key))
    eyes = [WeatherEyeCard(draw(st.floats(-1000, 1000)), draw(st.floats(-300, 2300)), draw(st.booleans()),
                           draw(st.sampled_from([None, 0, 1])))
            for _ in range(draw(st.integers(1, 4)))]
    return boats, eyes, draw(st.sampled_from([1, 2]))


@settings(deadline=None)
@given(fleets())
def test_the_forecast_s_kept_verdicts_are_the_engine_s_turn_by_turn(case):
    """Every boat's shifts over the forecast's rounds, asked twice of the same state (the
    second answer from what the first kept) and with the cards in another order."""
    boats, eyes, flips = case
    state = _state(boats)
    race = SimpleNamespace(game=GAME, state=state)
    ch = chart_of(GAME)
    tracks = wev._tracks(race, ch)
    sky = wev._sky(GAME, state)
    for b in boats:
        want = plain_reach(GAME, state, b, tracks[b.index], eyes, flips)
        assert sky.reach(b, tracks[b.index], eyes, flips) == want
        assert sky.reach(b, tracks[b.index], eyes, flips) == want
        assert sky.reach(b, tracks[b.index], eyes[::-1], flips) == want


def test_the_forecast_finds_a_card_in_reach_and_one_drifted_away():
    """The comparison above meets cards in reach too: one beside the bow, a card length
    upwind, gives the shift next turn; drifted two lengths down the next, it is not in
    reach of the boat that has sailed on upwind by then."""
    me = boat(0, 0, 600, 0, planned=SHIFTING[0])
    L = GAME.cards.card_length
    eye = WeatherEyeCard(L, 600 + L, True, 1)
    state = _state([me])
    race = SimpleNamespace(game=GAME, state=state)
    track = wev._tracks(race, chart_of(GAME))[0]
    got = wev._sky(GAME, state).reach(me, track, [eye], 2)
    assert got == plain_reach(GAME, state, me, track, [eye], 2)
    assert got[0] > 0 and 0.0 in got
