"""Rounds and turn order: the first state, the end of a turn (the next boat in the turn
order), and the end of a round (turn order rearranged after the start)."""
from __future__ import annotations

from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.wind import Tack
from dinghy.games.dinghy_race.common import PRESTART_ROUNDS, say
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, Turn, WeatherEyeCard
from dinghy.games.dinghy_race.table import Table


def initial_state(game: Table, order: tuple[int, ...]) -> RaceState:
    wind = game.wind_from
    boats = tuple(
        Boat(i, Pose(0, 0, (wind + 90) % 360), Tack.STARBOARD,
             lady_luck=game.setup.lady_luck, weather_eye=game.setup.weather_eye)
        for i in range(len(game.setup.seats)))
    fixed = tuple(WeatherEyeCard(w.x, w.y, w.long_side_along_wind, None) for w in game.course.weather_eyes)
    return RaceState(boats=boats, order=order, active=order[0], step=Step.LAUNCH, weather_eyes=fixed)



#: the empty turn (immutable, so one serves every state)
_NO_TURN = Turn()


def end_turn(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    done = state.done | {state.active}
    racing = [i for i in state.order if state.boats[i].racing]
    waiting = [i for i in racing if i not in done]
    if waiting:      # (one copy where two would make the same state)
        return state.with_(done=done, turn=_NO_TURN, active=waiting[0], step=Step.BEGIN)
    state = state.with_(done=done, turn=_NO_TURN)
    if not racing:
        say(ev, "over", None, "All boats have finished")
        return state.with_(step=Step.OVER)
    if any(we.owner is not None for we in state.weather_eyes):
        # "The last player in the round moves all Weather Eye cards downwind": a boat
        # that has just finished is out of the game, so the last boat still racing does.
        drifter = state.active if state.boats[state.active].racing else racing[-1]
        return state.with_(step=Step.DRIFT, active=drifter)
    return new_round(game, state, ev)



def new_round(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    order = state.order
    if any(r == state.round for _, r in state.start_crossings):
        # "The first boat ... to cross the start line becomes #1 in the subsequent turn,
        # the next #2 etc.": boats that have started lead, in the order they crossed.
        crossed = [i for i, _ in state.start_crossings]
        order = tuple(crossed + [i for i in order if i not in crossed])
    rnd = state.round + 1
    racing = [i for i in order if state.boats[i].racing]
    if rnd <= PRESTART_ROUNDS:
        say(ev, "round", None, f"Round {rnd} of {PRESTART_ROUNDS} before the start")
    elif rnd == PRESTART_ROUNDS + 1:
        say(ev, "round", None, f"Round {rnd}: the start! Boats may cross the line")
    else:
        say(ev, "round", None, f"Round {rnd}")
    return state.with_(round=rnd, order=order, done=frozenset(), active=racing[0],
                       step=Step.BEGIN, turn=Turn())
