"""Points of sail, sectors and the tack a boat is on.

The wind is given by the compass direction it comes FROM (``wind_from``). The angle
off the wind of a heading is 0° head to wind, 180° dead downwind. Sector borders are
those of the rules notes (in irons < 45°, close-hauled 45–90°, reaching 90–135°,
running 135–180°); a boat exactly on a border may use either sector (rule text:
"A boat that points exactly along a sector border may choose which sector to apply").
"""
from __future__ import annotations

from functools import lru_cache

from enum import Enum


class PointOfSail(str, Enum):
    IN_IRONS = "in_irons"
    CLOSE_HAULED = "close_hauled"
    REACHING = "reaching"
    RUNNING = "running"


class Tack(str, Enum):
    PORT = "port"
    STARBOARD = "starboard"

    @property
    def other(self) -> "Tack":
        return Tack.PORT if self is Tack.STARBOARD else Tack.STARBOARD

    @property
    def windward_sign(self) -> int:
        """+1 if the wind is on the boat's right (starboard tack), else -1.

        Turning towards the wind ("luffing up") is clockwise on starboard tack, so a
        turn given as degrees towards the wind becomes ``windward_sign * degrees``
        clockwise, and a windward offset becomes ``windward_sign * offset`` to the right.
        """
        return 1 if self is Tack.STARBOARD else -1


#: (sector, lowest angle off the wind, highest angle off the wind), borders inclusive.
SECTORS: tuple[tuple[PointOfSail, int, int], ...] = (
    (PointOfSail.IN_IRONS, 0, 44),
    (PointOfSail.CLOSE_HAULED, 45, 90),
    (PointOfSail.REACHING, 90, 135),
    (PointOfSail.RUNNING, 135, 180),
)


def off_wind(heading: int, wind_from: int) -> int:
    """Angle between the bow and the direction the wind comes from, 0..180."""
    d = (heading - wind_from) % 360
    return 360 - d if d > 180 else d


@lru_cache(maxsize=4096)
def points_of_sail(heading: int, wind_from: int) -> frozenset[PointOfSail]:
    """Every sector the heading belongs to (two on a border); cached (a pure function of
    two whole numbers, asked for every card of every hand)."""
    a = off_wind(heading, wind_from)
    return frozenset(p for p, lo, hi in SECTORS if lo <= a <= hi)


def in_irons(heading: int, wind_from: int) -> bool:
    return off_wind(heading, wind_from) < 45


def tack_of(heading: int, wind_from: int, previous: Tack) -> Tack:
    """The tack after taking up ``heading``; head to wind or dead downwind keep ``previous``.

    Starboard tack: the wind comes over the starboard (right) side.
    """
    rel = (wind_from - heading) % 360
    if rel == 0 or rel == 180:
        return previous
    return Tack.STARBOARD if rel < 180 else Tack.PORT


def turn_towards_wind(tack: Tack, degrees: int) -> int:
    """Clockwise turn that brings a boat on ``tack`` ``degrees`` closer to the wind."""
    return tack.windward_sign * degrees
