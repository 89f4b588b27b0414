"""Time to list every legal action of a boat among 6 boats, 4 marks and 2 islands.

Prints, for one boat on open water with the fleet around it:
  * reach: every card x every exit (13 card kinds, 45 exits) with all collision checks
    (card, final hull and room ahead against marks, land, the edge and the 5 other boats;
    cards met for right of way), from a cold cache each time;
  * legal_actions at the MOVE step (one revealed card, with reasons and rulings);
  * legal_actions at the PLACE step (the hand, footprints checked).
Run: python benchmarks/bench_legal_actions.py
"""
from __future__ import annotations

import statistics
import time

from dinghy.games.dinghy_race import data as dr_data
from dinghy.games.dinghy_race.course_reading import read_course
from dinghy.core.geometry import Pose
from dinghy.core.race import Race
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race import table
from dinghy.games.dinghy_race.game import DinghyRace
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, Turn
from dinghy.core.wind import Tack, tack_of

COURSE = {
    "name": "Bench", "wind_from": 0, "wind_force": "medium", "card_size": "small",
    "area": [[-1500, -600], [1500, -600], [1500, 2400], [-1500, 2400]],
    "rounding": [{"mark": "1", "side": "port"}, {"mark": "2", "side": "port"},
                 {"mark": "3", "side": "starboard"}, {"mark": "4", "side": "port"}],
    "start": {"a": [-300, 0], "b": [300, 0]}, "finish": {"a": [-300, 0], "b": [300, 0]},
    "marks": [{"id": "1", "at": [0, 1500]}, {"id": "2", "at": [-700, 900]},
              {"id": "3", "at": [140, 820]}, {"id": "4", "at": [600, 600]}],
    "land": [{"name": "North island", "outline": [[-300, 1000], [-150, 980], [-120, 1100], [-280, 1150]]},
             {"name": "South island", "outline": [[250, 400], [420, 380], [450, 520], [300, 540]]}],
}


def timed(fn, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1e3)
    return out


def report(name: str, ms: list[float]) -> None:
    ms = sorted(ms)
    print(f"{name:38s} median {statistics.median(ms):7.3f} ms   p90 {ms[int(len(ms) * 0.9)]:7.3f} ms")


def main() -> None:
    course = read_course(COURSE, "bench")
    seats = tuple(Seat(n, n, None) for n in list(PALETTE)[:6])
    game = DinghyRace(RaceSetup(seats=seats), course, dr_data.load_cards("small"), dr_data.load_hazard_table("medium"))
    spots = [(0, 700, 45), (60, 640, 315), (-80, 760, 90), (90, 780, 0 + 45), (-40, 600, 315), (30, 880, 270)]
    boats = []
    for i, (x, y, h) in enumerate(spots):
        tack = tack_of(h, 0, Tack.STARBOARD)
        boats.append(Boat(i, Pose(x, y, h), tack, planned=f"close_hauled_trapeze.{tack.value}",
                          launched=True, started=True, trapeze=True))
    boats = tuple(boats)
    me = boats[0]
    all_cards = [c for c in game.cards.types.values() if c.exits]
    exits = sum(len(c.exits) for c in all_cards)

    def clear_shapes():
        table.others.cache_clear()
        table.card_shapes.cache_clear()
        for cache in ("_placed_shapes", "_placed_boxes", "_pose_card_boxes"):
            game.__dict__.get(cache, {}).clear()     # per-boat shapes and bounds (newer engines)
        options = getattr(dr, "hand_options", None)
        if options is not None:
            options.cache_clear()

    def cold_reach():
        clear_shapes()
        table.reach(game, boats, me, all_cards)

    for _ in range(20):
        cold_reach()
    report(f"reach: {len(all_cards)} cards x {exits} exits (cold)", timed(cold_reach, 300))
    report(f"reach: same, other boats' shapes cached", timed(
        lambda: table.reach(game, boats, me, all_cards), 300))

    state = RaceState(boats=boats, order=tuple(range(6)), round=9, active=0, step=Step.MOVE,
                      turn=Turn(card=me.planned))
    race = Race(game)

    def move_step():
        dr._exit_options.cache_clear()
        clear_shapes()
        dr.legal_actions(game, state)

    report("legal_actions at MOVE (cold)", timed(move_step, 300))

    def move_in_a_race():
        # as in a race: a new position of the fleet, but the other boats' hulls and cards
        # were drawn before (only the mover moved); engines without a per-boat shape
        # cache rebuild them all
        dr._exit_options.cache_clear()
        table.others.cache_clear()
        table.card_shapes.cache_clear()

    report("legal_actions at MOVE (fleet known)", timed(lambda: (move_in_a_race(), dr.legal_actions(game, state)), 300))
    place = RaceState(boats=boats, order=tuple(range(6)), round=9, active=0, step=Step.PLACE)

    def place_step():
        clear_shapes()
        dr.legal_actions(game, place)

    report("legal_actions at PLACE (cold)", timed(place_step, 300))
    del race


if __name__ == "__main__":
    main()
