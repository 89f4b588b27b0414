"""Actions have a text form, and parsing it gives the action back."""
import pytest
from hypothesis import given, strategies as st

from dinghy.games.dinghy_race.actions import (Begin, Drift, Launch, Luck, Move, Overlap, Pass, Pivot, Place, Protest, Roll,
                            Substitute,
                            WeatherEye, parse)
from dinghy.core.errors import IllegalAction

finite = st.floats(-1e5, 1e5, allow_nan=False).map(lambda v: round(v, 3))
actions = st.one_of(
    st.builds(Launch, finite, finite, st.integers(0, 23).map(lambda k: k * 15), st.sampled_from(["reach.port", "tack"])),
    st.builds(Begin, st.booleans()),
    st.builds(Pivot, st.sampled_from([-90, -45, 0, 45, 90])),
    st.builds(Move, st.integers(0, 9), finite, st.booleans()),
    st.builds(Substitute, st.sampled_from(["delay", "reach.port"])),
    st.builds(Luck, st.integers(0, 9)),
    st.builds(Overlap, st.integers(0, 6)),
    st.builds(Protest, st.booleans()),
    st.builds(Roll, st.integers(1, 6), st.integers(1, 6)),
    st.builds(Place, st.sampled_from([None, "delay", "reach.starboard"])),
    st.builds(WeatherEye, finite, finite, st.booleans()),
    st.just(Pass()),
    st.builds(Drift, st.sampled_from([1, 2])),
)


@given(actions)
def test_text_round_trip(action):
    assert parse(action.text()) == action


@pytest.mark.parametrize("bad", ["", "fly away", "move", "move x", "roll 3", "launch 1 2 3",
                                 "place", "begin now", "move 1 bonus extra"])
def test_unreadable_actions_are_refused(bad):
    with pytest.raises(IllegalAction):
        parse(bad)
