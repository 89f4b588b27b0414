"""One spelling for each thing across the games: steps are enums, places follow finishes
at once."""
from __future__ import annotations

import json

from test_positions import played


def test_gigamic_steps_are_an_enum_like_the_other_games_phases():
    """Gigamic's ``state.step`` is a ``Step`` member at every state of a played race, as
    the other games' ``step``/``phase``; it still equals its text (older code and tests
    that spell "turn" keep working) and the observation gives the plain text."""
    from enum import Enum
    from dinghy.games.regatta_gigamic.state import TURN, Step
    game, race = played("regatta_gigamic")
    steps = {st.step for st in race.history}
    assert all(isinstance(s, Step) for s in steps) and {Step.TURN, Step.DEAL} <= steps
    assert isinstance(TURN, Enum) and TURN == "turn" and {"turn": 1}[TURN] == 1
    seen = game.observation(race.state, 0)["step"]
    assert type(seen) is str and json.loads(json.dumps(seen)) == race.state.step.value


def test_race_the_wind_places_a_boat_as_soon_as_it_finishes():
    """A boat's place shows from the action that finishes it (it used to show only at the
    end of the turn, a turn behind ``finished``), and a place once shown at the end of a
    turn is the one the race ends with."""
    game, race = played("race_the_wind")
    assert race.over
    final = game.places(race.state)
    for st in race.history:
        places = game.places(st)
        assert [p is not None for p in places] == [b.finished for b in st.boats]
        assert sorted(p for p in places if p is not None) == list(range(1, sum(b.finished for b in st.boats) + 1))
        for seat in st.order:
            assert places[seat] == final[seat]
    assert sorted(final) == list(range(1, len(final) + 1))


def test_every_observation_names_the_wind_as_its_state_and_headings_do():
    """``wind_from`` in an observation is spelled as the game's state and headings spell
    directions: a compass index 0-7 on the grid games (Yacht Race gave words), degrees in
    Dinghy Race (it gave no wind at all). Gigamic's cards carry no wind."""
    from dinghy import games
    for name in sorted(games.GAMES):
        game, race = played(name)
        obs = game.observation(race.history[len(race.history) // 2], 0)
        if name == "regatta_gigamic":
            assert "wind_from" not in obs
        elif name == "dinghy_race":
            assert obs["wind_from"] == game.wind_from and obs["wind_from"] in range(360)
        else:
            st = race.history[len(race.history) // 2]
            assert obs["wind_from"] == st.wind and obs["wind_from"] in range(8), name
