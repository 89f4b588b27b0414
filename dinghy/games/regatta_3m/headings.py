"""Advanced game: heeled yachts, headings and heading moves.

ATTITUDE OF YACHTS: "The tilt of the boat indicates on which side the sail is positioned"
-- kept as the boat's tack (the side the wind comes over; the sail is on the other
side). On a dead run the wind comes over neither side, so the boat keeps the side its
sail was on; a yacht positioned running starts on starboard tack.

HEADINGS: "each time a player completes a turn he will need to position his yacht so as
to indicate its heading": the heading is the direction of its last leg or heading move.

HEADING MOVES (one leg each; "Player may not make two consecutive heading moves in one
turn"):
1. Tacking and jibing: "one leg must be sacrificed every time the bow of the boat swings
   across the eye of the wind" -- every change of tack (a tack, or a jibe: the text
   names both) is a heading move; a leg on the other tack needs one first. A boat
   running may jibe (a heading move onto a run swings the sail across).
2. Luffing: "A wind change can leave a yacht in a luffing position. When this happens,
   the skipper ... must make a heading move to change course before he can make any
   distance move." "A player may luff purposely, but he must use a heading move to
   begin luffing and a second heading move to recover." (The luffing move is the turn's
   one luff, general instruction 5.)
"""
from __future__ import annotations

from dinghy.games.grid import compass
from dinghy.games.regatta_3m.speeds import LUFFING, RUNNING, point_of_sail
from dinghy.games.regatta_3m.state import Boat, Turn

OTHER = {"port": "starboard", "starboard": "port"}


def tack_after(direction: int, wind: int, current: str | None) -> str:
    """The tack of a boat sailing ``direction``; on a dead run (or head to wind) it keeps
    ``current`` (starboard if it has none)."""
    return compass.tack(direction, wind) or current or "starboard"


def leg_check(boat: Boat, direction: int, wind: int) -> str | None:
    """Why a distance move in ``direction`` needs a heading move first (None: it does not)."""
    if boat.luffing:
        return "the yacht is luffing: it must make a heading move before any distance move"
    t = compass.tack(direction, wind)
    if t is not None and boat.tack is not None and t != boat.tack:
        return (f"sailing {compass.NAMES[direction]} is on {t} tack and the yacht is on {boat.tack} "
                "tack: tacking or jibing is a heading move (one leg) first")
    return None


def heading_move_check(boat: Boat, turn: Turn, direction: int, wind: int) -> str | None:
    if turn.last_heading:
        return "two heading moves may not follow each other in one turn"
    if boat.spinnaker:
        return "a yacht flying a spinnaker cannot tack, jibe or luff: take it down first"
    off = point_of_sail(direction, wind)
    if boat.luffing:
        if off == LUFFING:
            return "the yacht is already head to wind: recover to a heading off the wind"
        return None
    if off == LUFFING:
        if turn.luffed:
            return "a player may luff for one, but only one, leg per turn"
        return None
    if off == RUNNING:
        return None                                   # a jibe onto (or on) a run
    if tack_after(direction, wind, boat.tack) == boat.tack:
        return (f"heading {compass.NAMES[direction]} keeps the yacht on {boat.tack} tack: "
                "sail there with a distance move (a heading move swings the bow across the wind)")
    return None


def heading_move(boat: Boat, direction: int, wind: int) -> tuple[Boat, str]:
    """The boat after a heading move to ``direction``, and what it did in words."""
    off = point_of_sail(direction, wind)
    if off == LUFFING:
        return boat.with_(heading=direction, luffing=True), "luffs head to wind"
    if boat.luffing:
        t = tack_after(direction, wind, boat.tack)
        return (boat.with_(heading=direction, luffing=False, tack=t),
                f"recovers from luffing onto {t} tack, heading {compass.NAMES[direction]}")
    t = compass.tack(direction, wind) or OTHER.get(boat.tack or "", "starboard")
    verb = "tacks" if _through_the_wind(boat, direction, wind) else "jibes"
    return boat.with_(heading=direction, tack=t), f"{verb} onto {t} tack, heading {compass.NAMES[direction]}"


def _through_the_wind(boat: Boat, direction: int, wind: int) -> bool:
    """A tack (the bow swings through the wind) rather than a jibe: both the old and the
    new heading lie forward of the beam."""
    old = point_of_sail(boat.heading, wind) if boat.heading is not None else 2
    return old <= 2 and point_of_sail(direction, wind) <= 2


def after_shift(boat: Boat, wind: int) -> tuple[Boat, str | None]:
    """A boat's attitude once the wind has shifted: left head to wind it is luffing; a
    luffing boat the wind moves off is on a tack again; otherwise the sail follows the
    wind over the side it now comes from."""
    if boat.heading is None or not boat.afloat:
        return boat, None
    off = point_of_sail(boat.heading, wind)
    if off == LUFFING:
        if boat.luffing:
            return boat, None
        return (boat.with_(luffing=True),
                "is left luffing by the shift: it must make a heading move before sailing on")
    t = tack_after(boat.heading, wind, boat.tack)
    if boat.luffing:
        return boat.with_(luffing=False, tack=t), f"is no longer head to wind: on {t} tack"
    if t != boat.tack:
        return boat.with_(tack=t), f"now has the wind on its {t} side ({t} tack)"
    return boat, None
