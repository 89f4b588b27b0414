"""A Dinghy Race position built by hand, checked before anything is ruled on it.

The rules rule between ``state.boats[i]`` and boat ``i``, hand the turn along ``order``
and read ``places`` as the finishing order: a position that breaks those (boats out of
index order, an ``active`` boat not in the turn order, a place that disagrees with the
boat) would be ruled on silently between the wrong boats. :func:`position` refuses it with
an :class:`~dinghy.core.position.ImpossiblePosition` that names the field.
"""
from __future__ import annotations

from dinghy.core import position as P
from dinghy.core.position import require
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race.hazards import EFFECTS
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, Turn


def position(game, state: RaceState) -> RaceState:
    """``state`` checked (see the module text); a played race's states pass unchanged."""
    require(isinstance(state, RaceState), f"not a Dinghy Race position: {type(state).__name__}")
    n = game.seats()
    require(all(isinstance(b, Boat) for b in state.boats), "boats: every entry must be a Boat")
    P.seats_in_order(state.boats, "index", n)
    require(isinstance(state.step, Step), f"step is {state.step!r}, not one of the race's steps")
    require(sorted(state.order) == list(range(n)) and len(state.order) == n,
            f"order is {list(state.order)}: the turn order lists every boat once (0 to {n - 1})")
    require(state.active in state.order, f"active is {state.active!r}, which is not in the turn order "
            f"{list(state.order)}")
    P.distinct_seats(sorted(state.done), n, "done")
    if state.step not in (Step.DRIFT, Step.OVER):
        require(state.active not in state.done, f"active boat {state.active} has already had its turn "
                "this round (it is in done)")
    P.count(state.round, "round")
    for i, b in enumerate(state.boats):
        _boat(game, b, f"boats[{i}]")
    P.finishing_order(state.places, [b.finished for b in state.boats], "places")
    racing = [b.index for b in state.boats if b.racing]
    require((state.step is Step.OVER) == (not racing),
            "step is over but boats are still racing" if racing else "every boat has finished: the step is over")
    require(state.step is Step.OVER or state.boats[state.active].racing or state.step is not Step.BEGIN,
            f"active boat {state.active} has finished and cannot begin a turn")
    require(isinstance(state.turn, Turn), "turn: must be a Turn")
    require(state.turn.card is None or state.turn.card in game.cards.types,
            f"turn.card {state.turn.card!r} is not a card of this set")
    P.count(state.turn.luck, "turn.luck")
    for k, (b, r) in enumerate(state.start_crossings):
        P.seat(b, n, f"start_crossings[{k}] boat")
        require(state.boats[b].started, f"start_crossings[{k}]: boat {b} crossed the start line "
                "but is not started")
    for k, w in enumerate(state.weather_eyes):
        if w.owner is not None:
            P.seat(w.owner, n, f"weather_eyes[{k}].owner")
        P.finite(w.x, f"weather_eyes[{k}].x")
        P.finite(w.y, f"weather_eyes[{k}].y")
    return state


def _boat(game, b: Boat, where: str) -> None:
    P.finite(b.pose.x, f"{where}.pose.x")
    P.finite(b.pose.y, f"{where}.pose.y")
    require(isinstance(b.pose.heading, int) and 0 <= b.pose.heading < 360,
            f"{where}.pose.heading is {b.pose.heading!r}, not whole degrees from 0 to 359")
    require(isinstance(b.tack, Tack), f"{where}.tack is {b.tack!r}, not port or starboard")
    if b.launched:
        # "Starboard tack: the wind comes over the starboard side" (head to wind or dead
        # downwind, a boat keeps the tack it had)
        want = tack_of(b.pose.heading, game.wind_from, b.tack)
        require(want is b.tack, f"{where}.tack is {b.tack.value}, but at heading {b.pose.heading} "
                f"with the wind from {game.wind_from} the boat is on {want.value} tack")
    require(b.planned is None or b.planned in game.cards.types,
            f"{where}.planned {b.planned!r} is not a card of this set")
    require(b.mishap is None or b.mishap in EFFECTS, f"{where}.mishap is {b.mishap!r}, not one of "
            f"{', '.join(EFFECTS)}")
    for name in ("delays", "lady_luck", "weather_eye"):
        P.count(getattr(b, name), f"{where}.{name}")
    P.count(b.legs_done, f"{where}.legs_done", 0, len(game.course.legs))
    require(b.launched or not (b.started or b.legs_done or b.finished),
            f"{where} has started, rounded or finished without being launched")
    require(b.started or not (b.legs_done or b.finished), f"{where} has rounded a mark or finished "
            "without starting")
    require(b.finished is None or b.legs_done == len(game.course.legs),
            f"{where} has finished with {b.legs_done} of {len(game.course.legs)} marks rounded")
