"""Sailing the course: over the start line, round the buoys in order, back over the line.

Rule text: "Etre le premier joueur à franchir la ligne d'arrivée avec son bateau après
avoir contourné les bouées dans l'ordre" (be the first over the finish line after going
round the buoys in order), and the notes' course: the red buoy left to port, then the
green one, back over the line.

What counts (our reading, the figures being lost): the bow's track. The start and the
finish are the bow crossing the segment between the two white buoys in the course's
``towards`` direction. A buoy is rounded when the bow has wound round it in the
prescribed sense from the entry ray (square to the leg in) to the exit ray (square to
the leg out); winding back undoes, so a boat that goes round the wrong way must unwind
first. The winding is counted from where the boat stands when the stage begins.
"""
from __future__ import annotations

import math
from typing import Sequence

from dinghy.games.regatta_gigamic.course import Course

XY = tuple[float, float]


def wrap180(a: float) -> float:
    """An angle in (-180, 180]."""
    a = math.fmod(a, 360.0)
    if a <= -180.0:
        a += 360.0
    elif a > 180.0:
        a -= 360.0
    return a


def initial_wound(course: Course, stage: int, at: XY) -> float:
    """How far round the stage's buoy a boat standing at ``at`` already is (degrees past
    the entry ray; negative before it). 0 for the line stages."""
    if not 1 <= stage <= len(course.rounding):
        return 0.0
    p = course.passage(stage - 1)
    ang = math.degrees(math.atan2(at[1] - p.centre[1], at[0] - p.centre[0]))
    return wrap180(ang - p.entry) * p.sigma


def _swept_angle(c: XY, p: XY, q: XY) -> float:
    ax, ay = p[0] - c[0], p[1] - c[1]
    bx, by = q[0] - c[0], q[1] - c[1]
    return math.degrees(math.atan2(ax * by - ay * bx, ax * bx + ay * by))


def _crosses_line(course: Course, p: XY, q: XY) -> bool:
    """The bow goes over the line between the white buoys in the ``towards`` direction."""
    (ax, ay), (bx, by) = course.line_ends
    r = math.radians(course.towards)
    fx, fy = math.sin(r), math.cos(r)
    # the side of the line a point is on, measured along the crossing direction
    nx, ny = -(by - ay), bx - ax
    if nx * fx + ny * fy < 0:
        nx, ny = -nx, -ny
    sp = nx * (p[0] - ax) + ny * (p[1] - ay)
    sq = nx * (q[0] - ax) + ny * (q[1] - ay)
    if not (sp < 0.0 <= sq):
        return False
    t = sp / (sp - sq)
    x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
    along = ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)
    return 0.0 <= along <= 1.0


def advance(course: Course, stage: int, wound: float, track: Sequence[XY]) -> tuple[int, float, list[int]]:
    """Follow the bow along ``track``: the new (stage, wound) and the stages completed
    on the way, in order (the last stage completed is the finish)."""
    done: list[int] = []
    last = course.stages - 1
    for p, q in zip(track, track[1:]):
        if stage > last:
            break
        if stage == 0 or stage == last:
            if _crosses_line(course, p, q):
                done.append(stage)
                stage += 1
                wound = initial_wound(course, stage, q)
            continue
        pas = course.passage(stage - 1)
        wound += _swept_angle(pas.centre, p, q) * pas.sigma
        if wound >= pas.turn:
            done.append(stage)
            stage += 1
            wound = initial_wound(course, stage, q)
    return stage, wound, done
