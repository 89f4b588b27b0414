"""The Weather Eye shift as listed by ``legal_actions``: every listed shifted move is one
the engine accepts, and a shift that clears an obstacle the unshifted card would meet is
offered.

Rule text (Weather Eye): "You place the manoeuvre card normally, but then you may move it
sideways as far as you wish, as long as the bow still points into the "+" zone on the
card ... thus shifting the entry point. The boat exits the card normally, which means
that you gain a sideways movement advantage that is particularly valuable on
close-hauled tacks, or to evade obstacles"; and "Boats and the manoeuvre cards placed in
front of them may never touch fixed obstacles like buoys".
"""
from __future__ import annotations

from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Move
from dinghy.games.dinghy_race.state import Step, WeatherEyeCard

from enginekit import OPEN_WATER, boat, far, game, open_course, race_at

CARD = "close_hauled_trapeze.starboard"


def _race_with_mark_at(x: float, y: float):
    marks = [{"id": "1", "at": [x, y]}]
    g = game(2, course=open_course(marks=marks))
    me = boat(0, 0, 600, 315, planned=CARD, trapeze=True)
    near = (WeatherEyeCard(-100, 690, True, 1),)
    return race_at(g, [me, far(1)], step=Step.MOVE, turn=dr.Turn(card=CARD), weather_eyes=near)


def _positions():
    # a ring of mark positions round the card's exits, a few mm apart
    return [(-90 + 4 * i, 600 + 4 * j) for i in range(30) for j in range(25)]


def test_every_listed_shifted_move_is_accepted_and_an_evading_shift_is_offered():
    assert OPEN_WATER["marks"]          # the kit's course has a mark to move about
    refused_before = offered_evasion = 0
    for x, y in _positions():
        r = _race_with_mark_at(x, y)
        opts = dr.exit_options(r.game, r.state)
        limit = opts[0].shift_limit
        assert limit > 0
        listed = [a for a in r.legal_actions() if isinstance(a, Move)]
        for a in listed:
            assert r.why_not(a) is None, f"mark at {(x, y)}: listed {a.text()} is refused: {r.why_not(a)}"
        for s in (-limit, limit):
            shifted = dr.exit_options(r.game, r.state, s)
            for o, so in zip(opts, shifted):
                if o.reason is None and so.reason is not None:
                    refused_before += 1
                if o.reason is not None and so.reason is None:
                    # the shift evades the mark: the engine accepts it, so it is listed
                    assert r.why_not(Move(o.index, s)) is None
                    assert Move(o.index, s) in listed, f"mark at {(x, y)}: {Move(o.index, s).text()} not offered"
                    offered_evasion += 1
    # the grid does meet both cases (else this test would prove nothing)
    assert refused_before > 0 and offered_evasion > 0
