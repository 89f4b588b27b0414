"""Where a Weather Eye card may lie near the boat: the engine's one answer
(``DinghyRace.weather_eye_places``, ``board_placements``) that the table's dots and the
browser's targets both show.

Rule text: "He may place them anywhere on the playing surface at the end of his turn;
the only restrictions are that the cards may not touch a boat, manoeuvre card or buoy,
and that they must have a distance of at least one ruler length from Weather Eye cards
already in play. The cards must be placed with either their short or their long side
parallel to the wind".
"""
from __future__ import annotations

import math
import random

from dinghy.games.dinghy_race.actions import WeatherEye
from dinghy.games.dinghy_race.state import Step
from dinghy.games.dinghy_race.weather_eye import PLACES_REACH

from botkit import person_stops


def weather_eye_steps(course: str = "up_and_down", seed: int = 3, last_round: int = 16):
    """A person's Weather Eye steps from round 6 on (the person keeps its cards)."""
    return person_stops(course, seed, (Step.WEATHER_EYE,), rivals=("hard", "hard"), first_round=6,
                        last_round=last_round, keeps_weather_eye=True)


def test_the_places_are_the_grid_points_near_the_boat_the_engine_allows_and_no_others():
    """Each way round, a place is offered exactly where ``why_not`` lets the card lie, on
    the grid half a card length apart within two card lengths of the bow; a board
    placement is each place's action, and nothing is offered at another step."""
    checked = refused = 0
    for race in weather_eye_steps():
        game, state = race.game, race.state
        pose, L = state.boat().pose, game.cards.card_length
        for along in (True, False):
            places = game.weather_eye_places(state, along)
            for i in range(-4, 5):
                for j in range(-4, 5):
                    x, y = round(pose.x + i * L / 2, 1), round(pose.y + j * L / 2, 1)
                    if math.hypot(i * L / 2, j * L / 2) > PLACES_REACH * L + 1e-9:
                        assert (x, y) not in places
                        continue
                    ok = race.why_not(WeatherEye(x, y, along)) is None
                    assert ((x, y) in places) == ok, (x, y, along)
                    refused += not ok
            assert [(at, a) for at, a in game.board_placements(state) if a.long_side_along_wind == along] == \
                [(at, WeatherEye(at[0], at[1], along)) for at in places]
        checked += 1
        if checked >= 4:
            break
    assert checked >= 4 and refused > 0          # the boats, cards and marks near it rule some out
    moved = race.game.apply(race.state, race.game.parse_action("pass"))[0]
    assert moved.step is not Step.WEATHER_EYE and race.game.board_placements(moved) == []


def test_the_places_reveal_nothing_of_another_boats_face_down_card():
    """A face-down card's footprint depends only on how it is played (along or across),
    and that is public; the places are the same whatever card of that footprint lies
    face-down in front of another boat's bow (the game's ``hidden_variant``)."""
    checked = 0
    for course, seed in (("up_and_down", 3), ("island_race", 5)):
        for race in weather_eye_steps(course, seed):
            game, state = race.game, race.state
            places = game.board_placements(state)
            for other in range(game.seats()):
                if other == state.active or not game._face_down(state, other):
                    continue
                for k in range(4):
                    variant = game.hidden_variant(state, other, random.Random(k))
                    if variant.boats[other].planned == state.boats[other].planned:
                        continue
                    assert game.board_placements(variant) == places
                    checked += 1
            if checked >= 12:
                break
    assert checked >= 12
