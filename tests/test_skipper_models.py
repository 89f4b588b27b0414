"""Skippers that keep a fast model of the rules of their own (a light copy of the engine
walked forward thousands of times a turn) must agree with the engine's ``apply`` on every
position they predict. Over seeded races, each prediction is set beside what the engine
does with the same action."""
from __future__ import annotations

import random

import pytest

from test_positions import played


@pytest.mark.parametrize("name", ["regatta", "regatta_advanced"])
def test_the_3m_navigators_light_copy_of_the_turn_agrees_with_apply(name):
    """The navigator (skippers/regatta_3m/navigator.py) walks its turn with ``_Ctx.options``, a light
    copy of the engine's checks. For every step it offers that the engine accepts, the
    boat it predicts (where it stands, its course, spinnaker, puff cards, tack and
    luffing in the advanced game, its stage of the course, the legs used) is the boat
    ``apply`` leaves, unless the end of the turn brings a protest penalty (Option B takes
    the legs back), which the navigator prices and does not walk. The only steps it offers
    that the engine refuses are those after which "All legs and turns must be complete"
    could no longer be met, a look-ahead it leaves to its search and to ``why_not``."""
    from dinghy.games.regatta_3m.state import Phase
    from dinghy.skippers.regatta_3m import navigator as nav
    from dinghy.skippers.regatta_3m.field import field, stage_of

    game, race = played(name, seed=2)
    agree = refused = 0
    for state in race.history:
        if state.phase is not Phase.TURN:
            continue
        turn = state.turn
        boat = state.boats[turn.seat]
        others = frozenset(b.at for b in state.boats if b.afloat and b.seat != boat.seat)
        sim = nav._Sim(boat.at, stage_of(boat, game), boat.tack if game.advanced else None, boat.heading,
                       boat.luffing, boat.spinnaker, boat.puffs, turn.used, turn.puffed, turn.luffed,
                       turn.last_heading, turn.sail_changed, turn.moved)
        ctx = nav._Ctx(game, state, field(game, state.wind), others, turn.legs, random.Random(0))
        for action, nxt, _ in ctx.options(sim, set(turn.segments)):
            why = game.why_not(state, action)
            if why is not None:
                assert why.startswith("after that the turn cannot be completed"), (action, why)
                refused += 1
                continue
            after, events = game.apply(state, action)
            if any(e.kind == "penalty" for e in events):
                continue
            b = after.boats[turn.seat]
            predicted = (None if nxt.legs_in else nxt.at, nxt.spin, nxt.puffs, nxt.heading,
                         -1 if nxt.legs_in else nxt.stage)
            made = (b.at if b.finished is None else None, b.spinnaker, b.puffs, b.heading, stage_of(b, game))
            if game.advanced:
                predicted += (nxt.tack, nxt.luffing)
                made += (b.tack, b.luffing)
            if after.phase is Phase.TURN and after.turn.seat == turn.seat:
                predicted += (nxt.used,)
                made += (after.turn.used,)
            assert predicted == made, action
            agree += 1
    assert agree > 300


def test_the_dinghy_chart_moves_agree_with_apply_in_open_water():
    """The Dinghy Race skippers' chart (skippers/dinghy_race/brain.py, chart_moves.py) moves a boat by
    tables of each card's exits: where the bow ends, the heading, the tack and the
    spinnaker after it, for a boat in open water, taking the spinnaker bonus where the
    card allows it. Each move the engine lets a boat make without stopping short lands
    where the table says."""
    from dinghy.games.dinghy_race.actions import Move
    from dinghy.games.dinghy_race.state import Step
    from dinghy.skippers.dinghy_race.batch import tack_sign
    from dinghy.skippers.dinghy_race.brain import chart_of

    game, race = played("dinghy_race", seed=1, limit=700)
    chart = chart_of(game)
    agree = bonuses = 0
    for st in race.history:
        if st.step is not Step.MOVE:
            continue
        b = st.boat()
        rows = chart.template(b.pose.heading, tack_sign(b.tack), b.spi_up, st.round <= 5, 0, None)
        card = chart.index[st.turn.card]
        table = {int(e): (float(x), float(y), int(h), int(t), bool(s))
                 for k, e, x, y, h, t, s, _ in zip(*rows) if k == card}
        for m in game.legal_actions(st):
            if not isinstance(m, Move) or m.shift:
                continue
            out = game.outcome(st, m)
            bonus_open = game.legal_actions(st).count(Move(m.exit, bonus=True)) > 0
            if out.stopped_short_of is not None or (bonus_open and not m.bonus):
                continue
            dx, dy, h, t, spi = table[m.exit]
            assert out.pose.x - b.pose.x == pytest.approx(dx, abs=1e-6), m
            assert out.pose.y - b.pose.y == pytest.approx(dy, abs=1e-6), m
            assert (out.pose.heading, tack_sign(out.tack), out.spinnaker_up) == (h, t, spi), m
            agree += 1
            bonuses += m.bonus
    assert agree > 500 and bonuses > 20
