"""The briefing sketch of a course, as SVG ("make a sketch of the course to be sure that
all players have properly understood how to sail the course").

Pure: a :class:`~dinghy.games.dinghy_race.course.Course` in, a string out; no files, no pyglet. The
geometry helpers (:func:`course_chain`, :func:`rounding_arrows`, :func:`mark_labels`)
are shared with the designer window, so the window and the paper sketch agree.

The picture: the playing area, land with names, the start and finish lines with their
buoys, the course line in order (start, marks, finish) with the leg numbers, every mark
as an orange dot labelled in the rule text's notation ("1P": round mark 1 to port) with
an arrow round it on its side, gates, fixed Weather Eye markers, a wind arrow, a scale
bar in card lengths, the course's name and its course line in words.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence
from xml.sax.saxutils import escape, quoteattr

from dinghy.games.dinghy_race.course import XY, Course

WATER = "#1f5a86"
TABLE = "#2b6e9e"
LAND = "#cebe92"
LAND_EDGE = "#96825a"
MARK = "#f37828"
LINE_BUOY = "#fad246"
COURSE = "#f3b23e"
INK = "#16263a"
PAPER = "#faf6ec"
FOAM = "#e8f1f7"
FINISH = "#ffeb96"
WEATHER_EYE = "#c8ecff"

_COMPASS8 = {0: "N", 45: "NE", 90: "E", 135: "SE", 180: "S", 225: "SW", 270: "W", 315: "NW"}


# --- geometry shared with the designer window ------------------------------------------

def course_chain(course: Course) -> list[XY]:
    """The course line: start line's middle, every leg's target in order, finish's middle."""
    pts = [course.start.midpoint]
    for leg in course.legs:
        ms = [course.mark(i) for i in leg.mark_ids]
        pts.append((sum(m.x for m in ms) / len(ms), sum(m.y for m in ms) / len(ms)))
    pts.append(course.finish.midpoint)
    return pts


@dataclass(frozen=True)
class Arrow:
    """A rounding arrow in world mm: a polyline whose last segment points the way to go."""

    points: tuple[XY, ...]
    legs: tuple[int, ...]          # 1-based leg numbers this arrow stands for
    gate: bool = False

    @property
    def tip(self) -> XY:
        return self.points[-1]

    @property
    def direction(self) -> float:
        """Direction of the tip, radians, math convention (0 = east, counter-clockwise)."""
        (x0, y0), (x1, y1) = self.points[-2], self.points[-1]
        return math.atan2(y1 - y0, x1 - x0)


def rounding_arrows(course: Course) -> list[Arrow]:
    """An arc round each mark on the boat's side, in the sense the boat turns (port:
    counter-clockwise seen from above), from abeam on the leg in to abeam on the leg
    out; a short arrow through each gate. Repeated identical roundings (laps) share one
    arrow."""
    chain = course_chain(course)
    L = course.card_length
    found: dict[tuple, list[int]] = {}
    arrows: dict[tuple, tuple[tuple[XY, ...], bool]] = {}
    for k, leg in enumerate(course.legs):
        prev, here, nxt = chain[k], chain[k + 1], chain[k + 2]
        a_in = math.atan2(here[1] - prev[1], here[0] - prev[0])
        a_out = math.atan2(nxt[1] - here[1], nxt[0] - here[0])
        key = (leg.mark_ids, leg.side, round(a_in, 4), round(a_out, 4))
        found.setdefault(key, []).append(k + 1)
        if key in arrows:
            continue
        if leg.is_gate:
            size = L * 0.9
            start = (here[0] - math.cos(a_in) * size * 0.5, here[1] - math.sin(a_in) * size * 0.5)
            tip = (here[0] + math.cos(a_in) * size * 0.5, here[1] + math.sin(a_in) * size * 0.5)
            arrows[key] = ((start, here, tip), True)
            continue
        m = course.mark(leg.mark_ids[0])
        sense = 1 if leg.side == "port" else -1
        sweep = math.degrees(a_out - a_in) * sense % 360
        if sweep > 270:                 # the course turns away: a passing mark
            sweep = 60.0
        sweep = max(sweep, 45.0)
        radius = m.radius + L * 0.6
        begin = a_in - sense * math.pi / 2          # abeam on the leg in
        n = max(6, int(sweep / 8))
        pts = tuple((m.x + radius * math.cos(begin + sense * math.radians(sweep) * i / n),
                     m.y + radius * math.sin(begin + sense * math.radians(sweep) * i / n))
                    for i in range(n + 1))
        arrows[key] = (pts, False)
    return [Arrow(pts, tuple(found[key]), gate) for key, (pts, gate) in arrows.items()]


def readable_hull(pts, length: float, scale: float, least: float):
    """A hull's corners (a numpy array, table mm) grown about their middle so that a hull
    ``length`` mm long is drawn at least ``least`` pixels long at ``scale`` pixels per
    mm: a boat on a small picture or a far zoom is a silhouette big enough to see."""
    grow = least / (length * scale) if length * scale > 0 else 1.0
    if grow <= 1.0:
        return pts
    mid = pts.mean(axis=0)
    return mid + (pts - mid) * grow


def mark_labels(course: Course) -> dict[str, str]:
    """Each mark's label in the rule text's notation: ``1P``, ``3S``, ``1P·1S`` when a
    mark is rounded both ways; the bare id for a gate mark or a mark that is only an
    obstacle (a gate is labelled on its own, see :func:`gate_label`)."""
    out: dict[str, str] = {}
    for m in course.marks:
        labels: list[str] = []
        for r in course.rounding:
            if m.id in r.mark_ids and not r.is_gate and r.label not in labels:
                labels.append(r.label)
        out[m.id] = "·".join(labels) if labels else m.id
    return out


def gate_label(course: Course, ids: tuple[str, ...]) -> str:
    return "gate " + "/".join(ids)


def leg_numbers(course: Course) -> dict[str, list[int]]:
    """For each mark id, the (1-based) legs that end at it, laps included."""
    out: dict[str, list[int]] = {m.id: [] for m in course.marks}
    for k, leg in enumerate(course.legs):
        for mid in leg.mark_ids:
            out[mid].append(k + 1)
    return out


def course_words(course: Course) -> str:
    """``Start – 1P – 2P – 3P – Finish``, laps spelt out."""
    lap = " – ".join(r.label for r in course.rounding)
    if course.laps > 1:
        return f"Start – ({lap}) × {course.laps} laps – Finish"
    return f"Start – {lap} – Finish"


def wind_words(course: Course) -> str:
    w = course.wind_from
    point = f" ({_COMPASS8[w]})" if w in _COMPASS8 else ""
    return f"Wind from {w}°{point}, {course.wind_force}"


def scale_cards(course: Course, width_mm: float) -> int:
    """How many card lengths the scale bar shows: a round number near a quarter of the width."""
    L = course.card_length
    target = width_mm / 4 / L
    for n in (1, 2, 5, 10, 20, 50):
        if n >= target * 0.7:
            return n
    return 100


# --- SVG ---------------------------------------------------------------------------------

def _f(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass(frozen=True)
class Frame:
    """Where the table lies on the sketch: 1 SVG unit = 1 mm, y pointing down."""

    min_x: float
    max_y: float
    w: float                 # the playing area's width and height, mm
    h: float
    u: float                 # the sketch's text unit
    pad: float
    head: float
    foot: float

    @classmethod
    def of(cls, course: Course) -> "Frame":
        xs = [p[0] for p in course.area]
        ys = [p[1] for p in course.area]
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        u = max(w, h) / 60.0
        return cls(min(xs), max(ys), w, h, u, 2 * u, 5.2 * u, 4.6 * u)

    @property
    def size(self) -> tuple[float, float]:
        return (self.w + 2 * self.pad, self.h + 2 * self.pad + self.head + self.foot)

    def point(self, p: Sequence[float]) -> tuple[float, float]:
        return (p[0] - self.min_x + self.pad, self.max_y - p[1] + self.pad + self.head)


def course_svg(course: Course) -> str:
    """The briefing sketch as a standalone SVG document (1 SVG unit = 1 mm on the table)."""
    frame = Frame.of(course)
    w, u, pad, head, foot = frame.w, frame.u, frame.pad, frame.head, frame.foot
    W, H = frame.size
    L = course.card_length
    P = frame.point

    def pts(points: Sequence[Sequence[float]]) -> str:
        return " ".join(f"{_f(x)},{_f(y)}" for x, y in (P(p) for p in points))

    def text(x: float, y: float, s: str, size: float, fill: str = INK, anchor: str = "middle",
             weight: str = "normal", extra: str = "") -> str:
        return (f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}" fill="{fill}" '
                f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(s)}</text>')

    def arrowhead(tip: tuple[float, float], angle: float, size: float, fill: str) -> str:
        """``angle`` in SVG space (radians, y down)."""
        ux, uy = math.cos(angle), math.sin(angle)
        bx, by = tip[0] - ux * size, tip[1] - uy * size
        px, py = -uy * size * 0.55, ux * size * 0.55
        return (f'<polygon points="{_f(tip[0])},{_f(tip[1])} {_f(bx + px)},{_f(by + py)} '
                f'{_f(bx - px)},{_f(by - py)}" fill="{fill}"/>')

    lw = max(1.0, u * 0.18)
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_f(W)}mm" height="{_f(H)}mm" '
        f'viewBox="0 0 {_f(W)} {_f(H)}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
        f"<title>{escape(course.name)}</title>",
        f'<rect x="0" y="0" width="{_f(W)}" height="{_f(H)}" fill="{PAPER}"/>',
    ]
    # Title block: name, course line, description.
    out.append(text(pad, pad + 1.3 * u, course.name, 1.5 * u, anchor="start", weight="bold",
                    extra=' class="name"'))
    out.append(text(pad, pad + 2.9 * u, course_words(course), 1.0 * u, anchor="start",
                    extra=' class="course-line"'))
    if course.description:
        out.append(text(pad, pad + 4.2 * u, course.description, 0.8 * u, anchor="start"))

    # The water.
    out.append(f'<polygon class="area" points="{pts(course.area)}" fill="{TABLE}" '
               f'stroke="{WATER}" stroke-width="{_f(lw * 2)}"/>')
    for land in course.land:
        out.append(f'<g class="land"><polygon points="{pts(land.outline)}" fill="{LAND}" '
                   f'stroke="{LAND_EDGE}" stroke-width="{_f(lw)}"/>')
        rp = land.polygon.representative_point()
        x, y = P((rp.x, rp.y))
        half = 0.8 * u * 0.3 * len(land.name)      # about half the text's width
        x = min(max(x, pad + half), W - pad - half)
        out.append(text(x, y + 0.3 * u, land.name, 0.8 * u, fill=INK) + "</g>")
    for eye in course.weather_eyes:
        poly = course.weather_eye_shape(eye)
        ring = list(poly.exterior.coords)[:-1]
        x, y = P((eye.x, eye.y))
        out.append(f'<g class="weather-eye"><polygon points="{pts(ring)}" fill="{WEATHER_EYE}" '
                   f'fill-opacity="0.55" stroke="{WEATHER_EYE}" stroke-width="{_f(lw)}"/>'
                   + text(x, y + 0.3 * u, "WE", 0.8 * u, fill=INK, weight="bold") + "</g>")

    # Start and finish lines.
    same = course.finish == course.start
    lines = [("start", course.start, "Start / Finish" if same else "Start", "#ffffff")]
    if not same:
        lines.append(("finish", course.finish, "Finish", FINISH))
    for cls, line, label, colour in lines:
        (x1, y1), (x2, y2) = P(line.a), P(line.b)
        out.append(f'<g class="line {cls}"><line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
                   f'stroke="{colour}" stroke-width="{_f(lw * 1.5)}" stroke-dasharray="{_f(u * 0.8)} {_f(u * 0.5)}"/>')
        for (x, y) in ((x1, y1), (x2, y2)):
            out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(course.mark_radius)}" fill="{LINE_BUOY}" '
                       f'stroke="{INK}" stroke-width="{_f(lw * 0.5)}"/>')
        mx, my = P(line.midpoint)
        # the start's name on its downwind side (where boats wait), the finish's upwind
        sign = 1 if cls == "start" else -1
        wr = math.radians(course.wind_from)
        ox, oy = -math.sin(wr) * sign, math.cos(wr) * sign     # SVG y points down
        out.append(text(mx + ox * 1.6 * u, my + oy * 1.6 * u + 0.3 * u, label, 0.9 * u, fill=colour,
                        weight="bold") + "</g>")

    # The course line in order, with leg numbers.
    chain = course_chain(course)
    seen: dict[tuple, list[int]] = {}
    for k in range(len(chain) - 1):
        key = (chain[k], chain[k + 1])
        seen.setdefault(key, []).append(k + 1)
    out.append('<g class="course">')
    for (a, b), legs in seen.items():
        (x1, y1), (x2, y2) = P(a), P(b)
        out.append(f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{COURSE}" '
                   f'stroke-opacity="0.85" stroke-width="{_f(lw)}" stroke-dasharray="{_f(u * 0.4)} {_f(u * 0.3)}"/>')
        t = 0.55
        mx, my = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        out.append(arrowhead((mx, my), math.atan2(y2 - y1, x2 - x1), u * 0.7, COURSE))
        nx, ny = -(y2 - y1), (x2 - x1)
        n = math.hypot(nx, ny) or 1.0
        lx, ly = x1 + (x2 - x1) * 0.45 + nx / n * u * 0.9, y1 + (y2 - y1) * 0.45 + ny / n * u * 0.9
        out.append(text(lx, ly + 0.3 * u, ", ".join(map(str, legs)), 0.75 * u, fill=PAPER, weight="bold"))
    out.append("</g>")

    # Rounding arrows, then the marks on top.
    out.append('<g class="roundings">')
    for arrow in rounding_arrows(course):
        sp = [P(p) for p in arrow.points]
        if arrow.gate:
            (x1, y1), (x2, y2) = sp[0], sp[-1]
            out.append(f'<line x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" stroke="{COURSE}" '
                       f'stroke-width="{_f(lw * 1.6)}"/>')
        else:
            out.append(f'<polyline points="{" ".join(f"{_f(x)},{_f(y)}" for x, y in sp[:-1])}" fill="none" '
                       f'stroke="{COURSE}" stroke-width="{_f(lw * 1.6)}"/>')
        (ax, ay), (bx, by) = sp[-2], sp[-1]
        out.append(arrowhead((bx, by), math.atan2(by - ay, bx - ax), L * 0.3, COURSE))
    gates = {r.mark_ids for r in course.rounding if r.is_gate}
    for ids in gates:
        a, b = (course.mark(i) for i in ids)
        (x1, y1), (x2, y2) = P(a.xy), P(b.xy)
        out.append(f'<line class="gate" x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}" '
                   f'stroke="{COURSE}" stroke-width="{_f(lw * 0.8)}" stroke-dasharray="{_f(u * 0.3)} {_f(u * 0.3)}"/>')
        out.append(text((x1 + x2) / 2, (y1 + y2) / 2 + 1.9 * u, gate_label(course, ids), 0.8 * u,
                        fill=COURSE, weight="bold"))
    out.append("</g>")
    labels = mark_labels(course)
    legs_at = leg_numbers(course)
    for m in course.marks:
        x, y = P(m.xy)
        legs = legs_at[m.id]
        sub = ("leg " if len(legs) == 1 else "legs ") + ", ".join(map(str, legs)) if legs else "obstacle"
        out.append(f'<g class="mark" data-mark={quoteattr(m.id)}>'
                   f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(max(m.radius, u * 0.35))}" fill="{MARK}" '
                   f'stroke="{INK}" stroke-width="{_f(lw * 0.6)}"/>'
                   + text(x + u * 0.9, y - u * 0.9, labels[m.id], 1.1 * u, fill=PAPER, anchor="start",
                          weight="bold")
                   + text(x + u * 0.9, y + u * 0.2, sub, 0.65 * u, fill=FOAM, anchor="start")
                   + "</g>")

    # Wind arrow (top right, pointing where the wind blows).
    cx, cy = W - pad - 2.2 * u, pad + 2.2 * u
    ang = math.radians(course.wind_from + 180)
    dx, dy = math.sin(ang), -math.cos(ang)            # SVG y points down
    r = 1.8 * u
    tail, tip = (cx - dx * r, cy - dy * r), (cx + dx * r, cy + dy * r)
    out.append(f'<g class="wind"><circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 1.15)}" fill="none" '
               f'stroke="{INK}" stroke-opacity="0.3" stroke-width="{_f(lw * 0.6)}"/>'
               f'<line x1="{_f(tail[0])}" y1="{_f(tail[1])}" x2="{_f(tip[0] - dx * u * 0.6)}" '
               f'y2="{_f(tip[1] - dy * u * 0.6)}" stroke="{INK}" stroke-width="{_f(lw * 2.2)}"/>'
               + arrowhead(tip, math.atan2(dy, dx), u * 0.9, INK)
               + text(cx - r * 1.4, cy + 0.35 * u, wind_words(course), 0.85 * u, anchor="end")
               + "</g>")

    # Scale bar in card lengths (bottom left).
    n = scale_cards(course, w)
    bx, by = pad, H - foot + 1.2 * u
    out.append(f'<g class="scale"><rect x="{_f(bx)}" y="{_f(by)}" width="{_f(n * L)}" height="{_f(u * 0.35)}" '
               f'fill="{INK}"/>')
    for i in range(n + 1):
        if n <= 10 or i % 5 == 0:
            out.append(f'<line x1="{_f(bx + i * L)}" y1="{_f(by - u * 0.3)}" x2="{_f(bx + i * L)}" '
                       f'y2="{_f(by + u * 0.65)}" stroke="{INK}" stroke-width="{_f(lw * 0.6)}"/>')
    cards = "card length" if n == 1 else "card lengths"
    out.append(text(bx + n * L + u * 0.8, by + u * 0.45, f"{n} {cards} ({_f(n * L)} mm, {course.card_size} cards)",
                    0.8 * u, anchor="start") + "</g>")
    out.append(text(pad, H - foot + 3.3 * u,
                    "1P: round mark 1 to port (leave it on your left) · 3S: to starboard · "
                    "a gate: sail between its two marks · numbers on the course line: legs in order",
                    0.7 * u, anchor="start"))
    out.append("</svg>")
    return "\n".join(out) + "\n"
