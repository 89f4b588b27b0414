"""Right of way: who gives way when a boat's move or card meets another boat's card.

Rule text ("Right of Way"): "Use the following rules to determine which boat has the
right of way; use only the first rule that applies:

  1. When a boat is changing tack (tacking or jibing, even involuntarily), it shall keep
     clear of boats that are not changing tack.
  2. If the boats are on different tacks, the boat on the starboard tack has the right
     of way.
  3. If boats are on the same tack and approaching a buoy, the inner boat has the right
     of way. (optional)
  4. If the boats are on the same tack, the boat that is ahead has the right of way."

"Ahead" is "farthest advanced towards the next buoy or the finish line. In case of a
draw the leftmost player in the turn order is considered ahead. If the boats are on
different legs of the race course, the boat that has already rounded more buoys is
ahead."  Rule 3 only lets the inner boat demand a swap of turn-order positions; it is
offered as an option of the set-up and decided in :func:`inner_boat`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from dinghy.games.dinghy_race.state import Boat, RaceState
from dinghy.core.wind import Tack


@dataclass(frozen=True, slots=True)
class Ruling:
    """A right-of-way decision, with the rule applied and a sentence for the players."""

    rule: int
    keeps_clear: int     # boat index that must give way
    right_of_way: int    # boat index that holds its course
    text: str


def progress(game, boat: Boat) -> tuple[int, float]:
    """How far along the course a boat is: started first, then the course's own measure."""
    from dinghy.games.dinghy_race.course import progress as course_progress

    if not boat.started:
        (ax, ay), (bx, by) = game.start_line
        return (0, -math.hypot((ax + bx) / 2 - boat.pose.x, (ay + by) / 2 - boat.pose.y))
    return (1, course_progress(game.course, boat.legs_done, boat.pose.x, boat.pose.y))


def ahead(game, state: RaceState, a: int, b: int) -> int:
    """The boat (index) that is ahead of the other under the text's definition."""
    pa, pb = progress(game, state.boats[a]), progress(game, state.boats[b])
    if pa[0] != pb[0]:
        return a if pa[0] > pb[0] else b
    if not math.isclose(pa[1], pb[1], abs_tol=1e-6):
        return a if pa[1] > pb[1] else b
    return a if state.order.index(a) < state.order.index(b) else b


def decide(game, state: RaceState, mover: int, other: int, mover_changing_tack: bool) -> Ruling:
    """Right of way between the active boat ``mover`` and the boat whose card it meets."""
    name = game.name
    m, o = state.boats[mover], state.boats[other]
    if mover_changing_tack:
        return Ruling(1, mover, other,
                      f"{name(mover)} is changing tack and keeps clear of {name(other)} (rule 1)")
    if m.tack is not o.tack:
        stb, prt = (mover, other) if m.tack is Tack.STARBOARD else (other, mover)
        return Ruling(2, prt, stb,
                      f"{name(prt)} on port tack keeps clear of {name(stb)} on starboard tack (rule 2)")
    lead = ahead(game, state, mover, other)
    behind = other if lead == mover else mover
    return Ruling(4, behind, lead,
                  f"{name(behind)} is behind and keeps clear of {name(lead)}, ahead on the same tack (rule 4)")


def swap_positions(order: tuple[int, ...], a: int, b: int) -> tuple[int, ...]:
    """Exchange two boats' turn-order cards ("No player loses a turn by doing so")."""
    out = list(order)
    i, j = out.index(a), out.index(b)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def best_course(game, leg_index: int, tack: Tack) -> float:
    """The rule-3 "best course" to a mark: the bearing from the previous mark, or on an
    upwind leg "one of the 45° courses bordering the in irons sector" (the one of the
    boats' tack)."""
    from dinghy.games.dinghy_race.course import leg_origin, leg_target

    ox, oy = leg_origin(game.course, leg_index)
    mx, my = leg_target(game.course, leg_index)
    bearing = math.degrees(math.atan2(mx - ox, my - oy)) % 360
    rel = (bearing - game.wind_from + 180) % 360 - 180
    if abs(rel) < 45:
        bearing = (game.wind_from + (-45 if tack is Tack.STARBOARD else 45)) % 360
    return bearing


def inner_boat_claim(game, state: RaceState) -> int | None:
    """The boat that may demand the active boat's turn-order position under rule 3.

    "The rule takes effect if a line drawn through the buoy, perpendicular to the best
    course ..., touches the manoeuvre cards of more than one boat that are on a course to
    round that turn marker, and one of the outer boats has its turn. The innermost boat
    (only) can then demand ... to swap turn order positions with the outer boat whose
    turn it is." The boat whose turn it is must itself be on the line (an outer boat:
    the innermost of the boats whose cards touch it may not take the position of a boat
    that is not). Only boats on the active boat's tack count ("the 'on different tacks'
    rule ... takes precedence"), and only those on the same leg. The line reaches three
    card lengths either side of the buoy.
    """
    from shapely.geometry import LineString

    if not game.setup.inner_boat_rule:
        return None
    me = state.boats[state.active]
    legs = game.course.legs
    if not me.started or me.legs_done >= len(legs) or legs[me.legs_done].is_gate:
        return None
    leg = legs[me.legs_done]
    mark = game.course.mark(leg.mark_ids[0])
    reach = 3 * game.cards.card_length
    line = None

    def on_the_line(b) -> float | None:
        """How far the boat's card lies from the buoy when it touches the line, else None."""
        nonlocal line
        if not (b.launched and b.racing and b.started) or b.legs_done != me.legs_done or b.tack is not me.tack:
            return None
        key = game.cards.delay_key() if b.delays else (None if b.aside else b.planned)
        if key is None:
            return None
        ct = game.cards.types[key]
        # the line lies within ``reach`` of the buoy and the card within its far corner's
        # distance of the bow: a bow further off than both lays no card on the line
        if math.hypot(b.pose.x - mark.x, b.pose.y - mark.y) > reach + math.hypot(ct.across / 2, ct.along) + 1.0:
            return None
        card = game.card_shape(b.pose, ct, b.tack)
        if line is None:
            course = math.radians(best_course(game, me.legs_done, me.tack))
            px, py = math.cos(course) * reach, -math.sin(course) * reach      # perpendicular
            line = LineString([(mark.x - px, mark.y - py), (mark.x + px, mark.y + py)])
        return card.distance(mark.geometry) if card.intersects(line) else None

    # the boat whose turn it is must be one of the boats on the line (an outer one)
    mine = on_the_line(me)
    if mine is None:
        return None
    touching = [(mine, state.order.index(me.index), me.index)]
    for b in state.boats:
        if b.index != me.index and (d := on_the_line(b)) is not None:
            touching.append((d, state.order.index(b.index), b.index))
    inner = min(touching)[2]
    if inner == me.index or state.order.index(inner) < state.order.index(me.index):
        return None
    return inner
