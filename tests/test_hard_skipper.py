"""The hard skipper, its time-to-go field and the coach (``dinghy.skippers.field``,
``hard``, ``coach``): the field's shape, whole races to the finish, legal actions only,
and the coach's three hints."""
from __future__ import annotations

import math

import numpy as np
import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers.brain import single
from dinghy.skippers.field import field_of


def make_race(course: str, skippers: list[str], seed: int) -> Race:
    names = list(PALETTE)[:len(skippers)]
    seats = tuple(Seat(n, n, s) for n, s in zip(names, skippers))
    return Race(games.load_game(RaceSetup(seats=seats, course=course, seed=seed)))


@pytest.fixture(scope="module")
def up_and_down():
    game = make_race("up_and_down", ["simple", "simple"], 1).game
    return game, field_of(game)


def test_the_field_is_zero_at_the_finish_and_falls_along_every_optimal_line(up_and_down):
    """"The first boat to cross the finish line wins": a finished boat has nothing left
    to sail, and every turn along the field's best line brings the finish nearer."""
    game, f = up_and_down
    ch = f.chart
    (ax, ay), (bx, by) = game.start_line
    B = single((ax + bx) / 2, (ay + by) / 2, 45, 1, False, ch.n_legs, 0, True)
    B.finished[:] = True
    assert f.value_of_batch(B)[0] == 0.0
    rng = np.random.default_rng(3)
    checked = 0
    for _ in range(40):
        layer = int(rng.integers(0, len(f.layers)))
        cell = int(rng.integers(0, f.ncell))
        hi = int(rng.integers(0, 24))
        node = (layer * f.ncell + cell) * 24 + hi
        v0 = f.node_value(node)
        if not math.isfinite(v0):
            continue
        path = f.path(node)
        vals = [f.node_value(n) for n in path]
        # each step is a turn (at least a delay card's worth of it, less the snap's share)
        assert all(b < a for a, b in zip(vals, vals[1:])), vals
        # the line ends with the move that crosses the finish: then nothing is left
        assert int(f.next_node[path[-1]]) == f.values.size
        assert 0.0 < vals[-1] <= 4.0
        checked += 1
    assert checked >= 20


def test_the_field_is_built_once_per_course_wind_cards_and_hazards(up_and_down):
    game, f = up_and_down
    again = make_race("up_and_down", ["simple", "simple", "simple"], 7).game
    assert field_of(again) is f


def test_a_tack_costs_its_expected_hazard_delay_in_the_field(up_and_down):
    """"After each such manoeuvre ... look up the hazard table, roll the dice": a tack's
    edge costs one turn plus the exact expected delay of the table's tack row."""
    game, f = up_and_down
    ch = f.chart
    odds = game.hazards.odds("tack", 0, 0)
    expected = float(sum(p * o.delay_cards for o, p in odds.items()))
    e_hi, e_dx, e_dy, e_h2, e_cost = f._edges
    h = (game.wind_from + 45) % 360
    sel = (e_hi == h // 15) & (np.abs(((e_h2 * 15 - game.wind_from) % 360) - (360 - 45)) <= 15) & \
        (np.hypot(e_dx, e_dy) > 0)
    assert sel.any()
    assert np.allclose(e_cost[sel], expected)
    assert ch.expect("tack") == pytest.approx(expected)
