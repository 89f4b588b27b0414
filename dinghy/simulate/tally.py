"""What one finished (or cut-short) race tells: a row for the race, a row per seat, and
for Dinghy Race a row per boat and manoeuvre that rolled for hazards.

Rows are plain dicts of numbers and text, the same whichever process sailed the race,
so a CSV or JSON of them is identical for the same plan. Game-specific rows come from
``GAME_TALLIES`` (rules name -> function); a game without one still gets the race and
seat rows.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from dinghy.simulate.plan import Job


def tally(race: Any, job: Job) -> dict[str, Any]:
    """{"race": {...}, "seats": [{...}, ...], "hazards": [{...}, ...]} for one race."""
    spec = job.spec
    state0 = race.history[0]
    places = race.places()
    # the start position: the place in the first turn order where the game keeps one
    order = list(getattr(state0, "order", ()) or ())
    if sorted(order) != list(range(spec.boats)):
        order = list(range(spec.boats))
    skippers = job.skippers
    seats = []
    for seat in range(spec.boats):
        seats.append({"job": job.index, "variant": job.variant, "race": job.race, "seat": seat,
                      "skipper": skippers[seat], "start_position": order.index(seat) + 1,
                      "place": places[seat], "lady_luck": 0, "capsizes": 0, "man_overboard": 0,
                      "weather_eye_laid": 0, "weather_eye_shifts": 0})
    rows: list[dict[str, Any]] = []
    extra = GAME_TALLIES.get(spec.rules)
    if extra is not None:
        rows = extra(race, job, seats)
    winner = next((s["skipper"] for s in seats if s["place"] == 1), None)
    row = {"job": job.index, "variant": job.variant, "variant_name": spec.name, "race": job.race,
           "seed": job.seed, "rules": spec.rules, "board": spec.board, "boats": spec.boats,
           "levels": "+".join(skippers), "wind_force": spec.wind_force or "", "card_size": spec.card_size or "",
           "hazards": spec.hazards or "", "hazard_scale": spec.hazard_scale, "finished": bool(race.over),
           "rounds": getattr(race.state, "round", None), "actions": len(race.actions), "winner": winner}
    return {"race": row, "seats": seats, "hazards": rows}


def _dinghy_race(race: Any, job: Job, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Hazard rolls per boat and manoeuvre (the hazard table's row), with what they did;
    Lady Luck cards spent, Weather Eye cards laid and moves sailed with a Weather Eye
    shift per boat. Read from the actions and the states before them."""
    from dinghy.games.dinghy_race.actions import Luck, Move, Roll, WeatherEye
    game = race.game
    rolls: Counter = Counter()
    hits: Counter = Counter()
    for before, action in zip(race.history, race.actions):
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
    out = []
    for (boat, row), n in sorted(rolls.items()):
        out.append({"job": job.index, "variant": job.variant, "race": job.race, "seat": boat, "manoeuvre": row,
                    "rolls": n, "capsize": hits[(boat, row, "capsize")],
                    "man_overboard": hits[(boat, row, "man_overboard")], "delay": hits[(boat, row, "delay")]})
    return out


GAME_TALLIES: dict[str, Callable[[Any, Job, list[dict[str, Any]]], list[dict[str, Any]]]] = {
    "dinghy_race": _dinghy_race,
}
