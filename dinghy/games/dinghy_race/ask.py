"""Dinghy Race's public face for bots and views: the questions they may ask the engine,
by public names. Everything else in the package is the engine's own business (a name
with a leading underscore is never reached from outside the package).

    exit_options(game, state, shift=0.0)   every exit of the revealed card, with its verdict
    card_options(game, state)              the cards that may be laid now, with the reason against each
    stop_short(game, state, option, shift) where the engine stops a move that runs into something
    outcome(game, state, move)             what a legal move does (also ``game.outcome``)
    position(game, state)                  a hand-built position checked (also ``game.position``)
    hand, card_fits, prestart, lines_on_water, touches_start_zone, substitutes,
    weather_eye_shape, why_not_weather_eye, tack_of        as the rules define them
"""
from __future__ import annotations

from dinghy.games.dinghy_race.outcome import MoveOutcome, outcome
from dinghy.games.dinghy_race.position import position
from dinghy.games.dinghy_race.turn import stop_short
from dinghy.games.dinghy_race.rules import (PRESTART_ROUNDS, ExitOption, Pose, Step, Tack, card_fits,
                                            card_options, exit_options, hand, lines_on_water, prestart,
                                            substitutes, tack_of, touches_start_zone, weather_eye_shape,
                                            why_not_weather_eye)

__all__ = ["PRESTART_ROUNDS", "ExitOption", "MoveOutcome", "Pose", "Step", "Tack", "card_fits",
           "card_options", "exit_options", "hand", "lines_on_water", "outcome", "position", "prestart",
           "stop_short", "substitutes", "tack_of", "touches_start_zone", "weather_eye_shape",
           "why_not_weather_eye"]

