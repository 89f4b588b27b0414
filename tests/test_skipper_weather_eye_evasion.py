"""The skippers value a Weather Eye shift that evades a mark by where the shifted move
really ends, not as the unshifted move's stop.

Rule text (Weather Eye): "you may move it sideways as far as you wish, as long as the bow
still points into the "+" zone on the card ... The boat exits the card normally, which
means that you gain a sideways movement advantage that is particularly valuable on
close-hauled tacks, or to evade obstacles"; and "Boats and the manoeuvre cards placed in
front of them may never touch fixed obstacles like buoys ... it must stop ... short of
the obstacle ... it is "dead in the water" now".

The engine judges a shifted move on the shifted card (tests/test_weather_eye_shift_listing
.py). A skipper that priced such a move by the unshifted card's verdict saw a boat dead in
the water where the shift sails it clear, and so never used a Weather Eye card to evade.
"""
from __future__ import annotations

from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Move
from dinghy.skippers.dinghy_race import tactician
from dinghy.skippers.dinghy_race.brain import chart_of
from dinghy.skippers.dinghy_race.costs import DEAD
from dinghy.skippers.dinghy_race.obstacles import Obstacles

from test_weather_eye_shift_listing import _positions, _race_with_mark_at


def _evasions(limit_cases: int = 40):
    """(race, exit, shift) where the unshifted exit meets the mark and the shift clears it."""
    found = []
    for x, y in _positions():
        r = _race_with_mark_at(x, y)
        opts = dr.exit_options(r.game, r.state)
        lim = opts[0].shift_limit
        for s in (-lim, lim):
            for o, so in zip(opts, dr.exit_options(r.game, r.state, s)):
                if o.blocked_by is not None and so.blocked_by is None and so.reason is None:
                    found.append((r, o.index, s))
        if len(found) >= limit_cases:
            break
    return found


def test_an_evading_shift_is_valued_by_where_it_ends_not_as_the_blocked_move():
    cases = _evasions()
    assert len(cases) >= 10, "the grid of mark positions meets too few evading shifts to prove anything"
    sk = tactician._SKIPPER
    better = 0
    for r, e, s in cases:
        ch = chart_of(r.game)
        boat = r.state.boat()
        card = r.game.cards.types[r.state.turn.card]
        obs = Obstacles.of(ch, r.state, boat.index)
        sk._race, sk._lv, sk._obs = r, None, obs
        shifted, plain = sk._move_values(r, ch, boat, card, [Move(e, s), Move(e)], obs)
        # the plain move stops short of the mark, dead in the water
        assert plain >= DEAD, f"exit {e}: the blocked move valued {plain}"
        # the shifted one sails clear: it is priced where it ends (which may be cramped
        # beside the mark), never as the blocked move's stop
        assert abs(shifted - plain) > 1e-6, f"exit {e} shifted {s:+.1f}: valued as the blocked move ({plain})"
        better += shifted < plain
    # sailing on past the mark mostly beats stopping dead in the water before it
    assert better > len(cases) / 2, f"the evasion was preferred in {better} of {len(cases)} cases"
