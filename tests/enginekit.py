"""Helpers for engine tests: a plain open-water course and hand-made race states."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from dinghy.games.dinghy_race import data as dr_data
from dinghy.games.dinghy_race.course import Course
from dinghy.games.dinghy_race.course_reading import read_course
from dinghy.core.geometry import Pose
from dinghy.core.race import Race
from dinghy.games.dinghy_race.game import DinghyRace
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, Turn
from dinghy.core.wind import Tack

OPEN_WATER = {
    "name": "Open water",
    "wind_from": 0,
    "wind_force": "medium",
    "card_size": "small",
    "area": [[-1500, -600], [1500, -600], [1500, 2400], [-1500, 2400]],
    "rounding": [{"mark": "1", "side": "port"}],
    "start": {"a": [-300, 0], "b": [300, 0]},
    "finish": {"a": [-300, 0], "b": [300, 0]},
    "marks": [{"id": "1", "at": [0, 1500]}],
}


def open_course(**changes) -> Course:
    return read_course({**OPEN_WATER, **changes}, source="test course")


@lru_cache(maxsize=None)
def _cards(size: str):
    return dr_data.load_cards(size)         # read once a process: a card set is never changed


@lru_cache(maxsize=None)
def _hazards(wind_force: str):
    return dr_data.load_hazard_table(wind_force)


def game(boats: int = 2, wind_force: str = "medium", course: Course | None = None, **setup) -> DinghyRace:
    names = list(PALETTE)[:boats]
    s = RaceSetup(seats=tuple(Seat(n, n, None) for n in names), course="test", **setup)
    return DinghyRace(s, course or open_course(), _cards("small"), _hazards(wind_force))


def boat(i: int, x: float, y: float, heading: int, tack: Tack | None = None, **kw) -> Boat:
    from dinghy.core.wind import tack_of
    pose = Pose(x, y, heading)
    t = tack or tack_of(heading, 0, Tack.STARBOARD)
    defaults = dict(launched=True, started=True, lady_luck=3, weather_eye=2)
    defaults.update(kw)
    return Boat(i, pose, t, **defaults)


def race_at(g: DinghyRace, boats: list[Boat], round_: int = 7, step: Step = Step.BEGIN,
            order: tuple[int, ...] | None = None, turn: Turn | None = None, active: int | None = None,
            check: bool = True, **kw) -> Race:
    """A Race whose current state is built by hand and checked by ``game.position``
    (active: the first boat in order unless given; ``check=False`` only for a test that
    says why it needs a position no race can be in)."""
    order = order or tuple(b.index for b in boats)
    active = order[0] if active is None else active
    st = RaceState(boats=tuple(boats), order=order, round=round_, active=active, step=step,
                   turn=turn or Turn(), **kw)
    return Race.from_state(g, g.position(st) if check else st)


def far(i: int) -> Boat:
    """A boat parked far away, out of everyone's way."""
    return boat(i, 1300, 2200 - 80 * i, 90, planned="reach.port")
