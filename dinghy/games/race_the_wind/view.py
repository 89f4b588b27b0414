"""Race the Wind through the grid view contract (:mod:`dinghy.games.grid.picture`):
what the board shows and what a tap on a square does. No rule is decided here: every
"why not" is the engine's own reason."""
from __future__ import annotations

from typing import Any

from dinghy.games.grid import compass
from dinghy.games.grid.picture import BoatMark, Goal, GridPicture, SquareAction, Token, course_goal
from dinghy.games.race_the_wind import actions as A, options, weather
from dinghy.games.race_the_wind.state import Phase, State


def picture(g: Any, s: State, seat: int | None) -> GridPicture:
    boats = []
    for b in s.boats:
        flags = []
        if b.spinnaker:
            flags.append("spinnaker")
        if b.penalties:
            flags.append("penalty")
        if b.spin is not None:
            flags.append("rotating")
        if b.blocked:
            flags.append("blocked")
        if b.finished:
            flags.append("finished")
        if b.shadow is not None:
            flags.append("shadowed")
        t = compass.tack(b.heading, s.wind)
        sail = None if t is None else ("port" if t == "starboard" else "starboard")   # the boom's side
        boats.append(BoatMark(b.seat, b.x, b.y, b.heading, sail, tuple(flags)))
    tokens = [Token("puff", x, y) for x, y in sorted(s.puffs)]
    tokens += [Token("lull", x, y) for x, y in sorted(s.lulls)]
    for b in s.boats:
        if b.finished:
            continue
        sx, sy = weather.shadow_square(b.pos, s.wind)
        if g.board.in_bounds(sx, sy):
            tokens.append(Token("shadow", sx, sy, seat=b.seat))
        if b.shadow is not None and g.board.in_bounds(*b.shadow):
            tokens.append(Token("private_lull", b.shadow[0], b.shadow[1], "S", seat=b.seat))
        if b.blocked:
            tokens.append(Token("blocked", b.x, b.y, "X", seat=b.seat))
    return GridPicture(tuple(boats), tuple(tokens), s.wind, note(g, s), {
        "turn": s.turn, "die": s.die, "order": list(s.order),
        "next_mark": {b.seat: (g.course.marks[b.leg].name if b.leg < len(g.course.marks) else "finish")
                      for b in s.boats},
        "penalties": {b.seat: b.penalties for b in s.boats},
    }, goals={b.seat: goal(g, b) for b in s.boats if not b.finished})


def goal(g: Any, b: Any) -> Goal:
    """Where boat ``b`` sails for next: the start line, the next mark, the finish."""
    return course_goal(g.course, b.started, b.leg)


def note(g: Any, s: State) -> str:
    if s.phase is Phase.OVER:
        return "The race is over."
    if s.phase is Phase.LAYOUT:
        return "The puffs and lulls are about to be laid."
    if s.phase is Phase.DIE:
        return f"End of turn {s.turn}: the die decides the wind."
    if s.phase is Phase.COIN:
        return "The wind turns: the coin decides which way."
    seat = s.queue[0]
    b = s.boats[seat]
    start = "" if b.started else (" (before the start)" if s.turn < 8 else " (may start)")
    if s.phase is Phase.SPIN_DIE:
        return f"Turn {s.turn}: the die for {g.name(seat)}'s spinnaker."
    prog = s.progress
    left = "a puff move is due" if prog.puff else options.WORDS[prog.point]
    return f"Turn {s.turn}{start}: {g.name(seat)} to act, {left}."


def _own(g: Any, s: State) -> list[A.Act]:
    return [A.END, A.WAIT, A.UNBLOCK, A.PENALTY, A.SET_SPINNAKER, A.DROP_SPINNAKER]


LABELS = {"end": "End the turn", "wait": "Wait", "unblock": "Unblock", "penalty": "Start a penalty turn",
          "spinnaker set": "Set the spinnaker", "spinnaker drop": "Drop the spinnaker"}


def action_label(g: Any, a: A.Act) -> str:
    """A button's words for an action ("End the turn", "Declare a penalty on Bob")."""
    if a.text() in LABELS:
        return LABELS[a.text()]
    if a.verb == "protest":
        return f"Declare a penalty on {g.name(a.n)}"
    if a.verb == "turn":
        return f"Turn {'left' if a.n < 0 else 'right'} {45 * abs(a.n)}°"
    if a.verb == "move":
        return "Move one square forward"
    return a.text()[:1].upper() + a.text()[1:]


def square_actions(g: Any, s: State, x: int, y: int) -> list[SquareAction]:
    if s.phase is not Phase.PLAY:
        return []
    b = s.boats[s.queue[0]]
    if (x, y) == b.pos:
        out = []
        for a in _own(g, s):
            r = g.why_not(s, a)
            out.append(SquareAction(LABELS[a.text()], a if r is None else None, r))
        return out
    h = compass.heading_of(x - b.x, y - b.y)
    if h is None:
        return [SquareAction("Nothing", None, "tap your boat or a square next to it")]
    if h == b.heading:
        out = [SquareAction(f"Move {compass.NAMES[h]}", A.MOVE if g.why_not(s, A.MOVE) is None else None,
                            g.why_not(s, A.MOVE))]
        other = s.occupant((x, y), but=b.seat)
        if other is not None:
            a = A.Act("protest", other.seat)
            r = g.why_not(s, a)
            out.append(SquareAction(f"Declare a penalty on {g.name(other.seat)}", a if r is None else None, r))
        return out
    d = (h - b.heading) % 8
    n = d if d <= 4 else d - 8
    if abs(n) > 2:
        return [SquareAction(f"Turn to {compass.NAMES[h]}", None, "a turn is 45° or 90° at a time")]
    a = A.turn(n)
    r = g.why_not(s, a)
    return [SquareAction(f"Turn {'left' if n < 0 else 'right'} to {compass.NAMES[h]}", a if r is None else None, r)]
