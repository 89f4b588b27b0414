"""What one finished (or cut-short) race tells: a row for the race, a row per seat with
the figures that balance its game (as the game names them: ``balance_figures``), and,
where the game rolls on tables, a row per boat and kind of roll (Dinghy Race's hazard
rolls per manoeuvre).

Rows are plain dicts of numbers and text, the same whichever process sailed the race,
so a CSV or JSON of them is identical for the same plan. Every game answers through the
game interface (``game.balance``); nothing here knows one game from another.
"""
from __future__ import annotations

from typing import Any

from dinghy.simulate.plan import Job


def tally(race: Any, job: Job) -> dict[str, Any]:
    """{"race": {...}, "seats": [{...}, ...], "hazards": [{...}, ...], "figures": [...]} for
    one race; ``figures`` names the game's balance figures (key, label, short) in order."""
    spec = job.spec
    state0 = race.history[0]
    places = race.places()
    # the start position: the place in the first turn order where the game keeps one
    order = list(getattr(state0, "order", ()) or ())
    if sorted(order) != list(range(spec.boats)):
        order = list(range(spec.boats))
    skippers = job.skippers
    counts, rolls = race.game.balance(race.history, race.actions, race.events_by_action())
    ids = {"job": job.index, "variant": job.variant, "race": job.race}
    seats = [{**ids, "seat": seat, "skipper": skippers[seat], "start_position": order.index(seat) + 1,
              "place": places[seat], **counts[seat]} for seat in range(spec.boats)]
    winner = next((s["skipper"] for s in seats if s["place"] == 1), None)
    row = {"job": job.index, "variant": job.variant, "variant_name": spec.name, "race": job.race,
           "seed": job.seed, "rules": spec.rules, "board": spec.board, "boats": spec.boats,
           "levels": "+".join(skippers), "wind_force": spec.wind_force or "",
           "card_size": spec.card_size or "", "hazards": spec.hazards or "", "hazard_scale": spec.hazard_scale,
           "finished": bool(race.over), "rounds": getattr(race.state, "round", None),
           "actions": len(race.actions), "winner": winner}
    figures = [{"key": f.key, "label": f.label, "short": f.short} for f in race.game.balance_figures]
    return {"race": row, "seats": seats, "hazards": [{**ids, **r} for r in rolls], "figures": figures}
