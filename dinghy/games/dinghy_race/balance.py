"""The figures that balance Dinghy Race, counted per boat over one race: Lady Luck cards
spent, capsizes and men overboard (the hazard tables' work), Weather Eye cards laid and
moves sailed with a Weather Eye shift; and the hazard rolls per boat and manoeuvre (the
hazard table's row) with what they did. Read from the actions and the states before
them; the rolls are resolved on the game's own hazard tables."""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from dinghy.core.balance import Balance, BalanceFigure, zeros
from dinghy.games.dinghy_race.actions import Luck, Move, Roll, WeatherEye

FIGURES = (
    BalanceFigure("lady_luck", "Lady Luck cards spent", "luck"),
    BalanceFigure("capsizes", "capsizes", "capsize"),
    BalanceFigure("man_overboard", "men overboard", "mob"),
    BalanceFigure("weather_eye_laid", "Weather Eye cards laid", "eye"),
    BalanceFigure("weather_eye_shifts", "moves sailed with a Weather Eye shift", "shift"),
)


def count(game: Any, states: Sequence[Any], actions: Sequence[Any]) -> Balance:
    seats = zeros(FIGURES, game.seats())
    rolls: Counter = Counter()
    hits: Counter = Counter()
    for before, action in zip(states, actions):
        if isinstance(action, Luck):
            seats[before.active]["lady_luck"] += action.cards
        elif isinstance(action, WeatherEye):
            seats[before.active]["weather_eye_laid"] += 1
        elif isinstance(action, Move) and action.shift:
            seats[before.active]["weather_eye_shifts"] += 1
        elif isinstance(action, Roll) and before.turn.hazards:
            row, modifier = before.turn.hazards[0]
            out = game.hazards.resolve(row, (action.d1, action.d2), luck=before.turn.luck, modifier=modifier)
            key = (before.active, row)
            rolls[key] += 1
            if out.effect:
                hits[key + (out.effect,)] += 1
            if out.effect == "capsize":
                seats[before.active]["capsizes"] += 1
            elif out.effect == "man_overboard":
                seats[before.active]["man_overboard"] += 1
    rows = [{"seat": boat, "manoeuvre": row, "rolls": n, "capsize": hits[(boat, row, "capsize")],
             "man_overboard": hits[(boat, row, "man_overboard")], "delay": hits[(boat, row, "delay")]}
            for (boat, row), n in sorted(rolls.items())]
    return seats, rows
