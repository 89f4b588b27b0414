"""How a track rounds a mark or passes a gate, exactly (the primitives of
:func:`dinghy.games.dinghy_race.course.rounding_progress`).

Rounding a mark (exact, topological). Let ``d_in`` be the direction of the leg into
the mark (from the previous target: the start line's middle, the previous mark or the
previous gate's middle) and ``d_out`` the leg out of it (to the next target or the
finish line's middle). "Port" means the mark stays on the boat's left, so the boat
goes round it counter-clockwise seen from above; "starboard" clockwise. Two rays
leave the mark on the boat's side: the *entry ray*, perpendicular to ``d_in`` (where a
boat on the incoming leg has the mark abeam), and the *exit ray*, perpendicular to
``d_out`` (where a boat on the outgoing leg has it abeam). Turning round the mark in
the prescribed sense, the boat must cross both rays; each crossing in that sense counts
+1, each crossing back -1 (so turning back undoes, and a boat that went round the wrong
way must unwind first, as with the racing rules' string test). The mark is rounded
when the count reaches 2, at the point where the boat crosses the second ray.

The turn ``θ`` at the mark is measured in the prescribed sense. If the course turns
towards the mark's side (``θ >= 0``, the usual rounding) the entry ray comes first. If
it turns away from it by up to 90° (exactly 90° included, give or take float noise) the
mark is a *passing* mark: the exit ray comes first, and the boat is done once it has
the mark abeam on the incoming leg. If it turns away by more than 90° the boat is
taken to round the mark the long way (``θ + 360°``; :func:`~dinghy.games.dinghy_race.course_checks.validate` warns beyond
210°). Between the two rays lies the *rounding sector*; a boat that begins a leg
inside it already counts 1 (a gate always begins at 0).

A point exactly on a ray counts as having crossed it (half-open, as in the crossing
number test), so a track split into several moves at any points counts exactly as the
whole track.

A gate (two marks) counts when the track crosses the segment between the two marks in
the course direction (the side ``d_in`` points to); crossing back undoes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

XY = tuple[float, float]
_EPS = 1e-9
_TURN_TOLERANCE = 1e-6      # degrees: float noise must not move a turn across 90° or 180°


# --- the crossing primitive -----------------------------------------------------------

def ray_event(o: XY, u: XY, sigma: int, p: XY, q: XY,
               limit: float | None = None) -> tuple[float, int] | None:
    """Crossing of segment p->q with the ray (or segment, if ``limit``) from ``o`` along ``u``.

    The side of a point is ``sigma * cross(u, x - o)``; ``>= 0`` is "after". Returns
    ``(t, +1)`` when the segment goes from before to after, ``(t, -1)`` the other way,
    with the crossing at ``p + t (q - p)`` strictly beyond ``o`` (and short of ``limit``).
    """
    sp = sigma * (u[0] * (p[1] - o[1]) - u[1] * (p[0] - o[0]))
    sq = sigma * (u[0] * (q[1] - o[1]) - u[1] * (q[0] - o[0]))
    ap, aq = sp >= 0.0, sq >= 0.0
    if ap == aq:
        return None
    t = sp / (sp - sq)
    lp = u[0] * (p[0] - o[0]) + u[1] * (p[1] - o[1])
    lq = u[0] * (q[0] - o[0]) + u[1] * (q[1] - o[1])
    along = lp + t * (lq - lp)
    if not along > 0.0 or (limit is not None and not along < limit):
        return None
    return (t, 1 if aq else -1)


def side_flips(o: XY, u: XY, sigma: int, pts: list[XY], flips: list[bool]) -> None:
    """Mark in ``flips`` each segment of the polyline whose ends lie on different sides
    of the line through ``o`` along ``u`` (the side :func:`ray_event` computes, by the
    same arithmetic): :func:`ray_event` finds nothing on any other segment."""
    o0, o1 = o
    u0, u1 = u
    before = None
    for k, p in enumerate(pts):
        side = sigma * (u0 * (p[1] - o1) - u1 * (p[0] - o0)) >= 0.0
        if k and side is not before:
            flips[k - 1] = True
        before = side


def unit(dx: float, dy: float) -> XY:
    n = math.hypot(dx, dy)
    return (dx / n, dy / n)


def right(d: XY) -> XY:
    return (d[1], -d[0])


def left(d: XY) -> XY:
    return (-d[1], d[0])


def cross(a: XY, b: XY) -> float:
    return a[0] * b[1] - a[1] * b[0]


def dot(a: XY, b: XY) -> float:
    return a[0] * b[0] + a[1] * b[1]


@dataclass(frozen=True, slots=True)
class MarkPassage:
    """The two rays of a mark rounding, in the order the boat must cross them."""

    centre: XY
    rays: tuple[XY, XY]
    sigma: int           # +1 counter-clockwise (port), -1 clockwise (starboard)
    turn: float          # the turn in the prescribed sense, degrees, in [-90, 270]
    away: XY             # unit direction into the middle of the sector outside the rays
    goal: int = 2

    @classmethod
    def build(cls, centre: XY, side: str, d_in: XY, d_out: XY) -> "MarkPassage":
        sigma = 1 if side == "port" else -1
        boat_side = right if side == "port" else left
        c, d = cross(d_in, d_out), dot(d_in, d_out)
        if abs(c) < _EPS:
            d_out = d_in if d > 0 else (-d_in[0], -d_in[1])
            turn = 0.0 if d > 0 else 180.0
        else:
            turn = math.degrees(math.atan2(sigma * c, d))
            if turn < -90.0 - _TURN_TOLERANCE:      # exactly 90° away (headings!) is still passing
                turn += 360.0
        u_in, u_out = boat_side(d_in), boat_side(d_out)
        rays = (u_in, u_out) if turn >= 0 else (u_out, u_in)
        # Direction opposite the middle of the rounding sector (only used to find out
        # where a boat stands when a leg begins).
        half = math.radians(abs(turn) / 2.0) * sigma
        a = rays[0]
        mid = (a[0] * math.cos(half) - a[1] * math.sin(half),
               a[0] * math.sin(half) + a[1] * math.cos(half))
        return cls(centre, rays, sigma, turn, (-mid[0], -mid[1]))

    def events(self, p: XY, q: XY) -> list[tuple[float, int]]:
        found = []
        for i, u in enumerate(self.rays):
            e = ray_event(self.centre, u, self.sigma, p, q)
            if e is not None:
                # equal t only when both rays coincide: forward A then B, backward B then A
                found.append((e[0], i if e[1] > 0 else -i, e[1]))
        found.sort()
        return [(t, d) for t, _, d in found]

    def flips(self, pts: list[XY]) -> list[bool]:
        """For each segment of the polyline ``pts``: False when it surely has no event
        (see :func:`side_flips`)."""
        out = [False] * (len(pts) - 1)
        for u in self.rays:
            side_flips(self.centre, u, self.sigma, pts, out)
        return out

    def initial_stage(self, x: XY) -> int:
        """1 if ``x`` lies in the rounding sector, else 0 (same predicates as crossing)."""
        vx, vy = x[0] - self.centre[0], x[1] - self.centre[1]
        r = math.hypot(vx, vy)
        if r == 0.0:
            return 0
        if abs(cross(self.away, (vx, vy))) <= _EPS * r and dot(self.away, (vx, vy)) < 0:
            return 1 if abs(self.turn) > 0 else 0
        ref = (self.centre[0] + self.away[0] * r, self.centre[1] + self.away[1] * r)
        return sum(d for _, d in self.events(ref, x)) % 2


@dataclass(frozen=True, slots=True)
class GatePassage:
    """The segment between the two gate marks, crossed in the course direction."""

    a: XY
    u: XY
    width: float
    sigma: int
    goal: int = 1

    @classmethod
    def build(cls, a: XY, b: XY, d_in: XY) -> "GatePassage":
        u = unit(b[0] - a[0], b[1] - a[1])
        return cls(a, u, math.dist(a, b), 1 if cross(u, d_in) > 0 else -1)

    def events(self, p: XY, q: XY) -> list[tuple[float, int]]:
        e = ray_event(self.a, self.u, self.sigma, p, q, self.width)
        return [] if e is None else [e]

    def flips(self, pts: list[XY]) -> list[bool]:
        """For each segment of the polyline ``pts``: False when it surely has no event
        (see :func:`side_flips`)."""
        out = [False] * (len(pts) - 1)
        side_flips(self.a, self.u, self.sigma, pts, out)
        return out

    def initial_stage(self, x: XY) -> int:
        return 0
