"""A boat's own actions in its turn: moves, turns, waiting, skipping, unblocking, penalty
rotations, protests and the spinnaker. ``why_not`` gives the rule in words, ``apply``
does it and says what happened.

- "A boat can skip any actions (either moves or turns) it wants to": ``end``.
- "a boat may wait, letting other players perform their actions before it. Every boat
  may wait at most once in a given turn": ``wait`` before the boat has done anything.
- "Never turn into the wind": a turn may not end head to wind (tacking through the wind
  is a turn of 90° from one close reach to the other, which is allowed).
- Blocked square (another boat B on the square boat A moves to): "if B has precedence, A
  picks another course or waits; if A has precedence and B has not acted, A waits and B
  must act first; if B has acted, A may declare a penalty on B and skip its own turn".
  Under the "proper course" option A may declare a penalty only if it has not turned
  this turn (B is in the way of the course A held, not of one A turned to so as to hit B).
- Penalties: "a full rotation on a single square ... The player must declare when
  starting a penalty rotation, and may not move away from the square until the boat
  returns to the original orientation." The rotation turns one way round, and its turns
  may pass and stop head to wind (a rotation cannot avoid it).
- Puffs, lulls and the private lull token of a shadowed boat: see :mod:`.weather`.
- Spinnaker: set on a broad reach or run in place of the manoeuvre (a d6; a 1 blocks the
  boat); with it, no turn to a beam or close reach; lowering it is a manoeuvre and
  always succeeds.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from dinghy.core.interface import Event
from dinghy.games.grid import compass
from dinghy.games.race_the_wind import actions as A, flow, options, start_finish, weather
from dinghy.games.race_the_wind.precedence import precedence
from dinghy.games.race_the_wind.state import Boat, Phase, State


def _where(p: tuple[int, int]) -> str:
    return f"({p[0]}, {p[1]})"


def _budget_reason(g: Any, s: State, kind: str) -> str | None:
    prog = s.progress
    if options.allows(g.shapes(prog), prog.done, kind):
        return None
    word = "move" if kind == "m" else "turn"
    spent = {"": "nothing yet", "m": "a move", "t": "a turn"}.get(prog.done, " and ".join(
        "a move" if c == "m" else "a turn" for c in prog.done))
    return f"no {word} is left this turn ({options.WORDS[prog.point]}; done so far: {spent})"


def _occupant_verdict(g: Any, s: State, b: Boat, ahead: tuple[int, int]):
    """(other boat, A has precedence, the rule in words) for the boat on the square ahead."""
    other = s.occupant(ahead, but=b.seat)
    if other is None:
        return None
    w, why = precedence((b.pos, b.heading), (other.pos, other.heading), s.wind)
    why = _name_ab(why, g.name(b.seat), g.name(other.seat))
    return other, w == 0, why


def _name_ab(text: str, a: str, b: str) -> str:
    out = []
    for word in text.split(" "):
        core = word.rstrip(":,.")
        tail = word[len(core):]
        out.append((a if core == "A" else b if core == "B" else core) + tail)
    return " ".join(out)


def move_reason(g: Any, s: State) -> str | None:
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    if b.blocked:
        return f"{name} is blocked: its only action this turn is to unblock (remove the X token)"
    if b.spin is not None:
        return (f"{name} is doing a penalty rotation and may not move away from the square until it is back "
                f"at its original heading ({compass.NAMES[b.spin_heading]})")
    if not prog.puff:
        r = _budget_reason(g, s, "m")
        if r:
            return r
        if g.better_spinnaker and prog.spinnaker and options.uses_bonus(prog.point, prog.done + "m") \
                and len(prog.tacks) > 1:
            return (f"{name} has changed tack this turn, and \"using the bonus move ... prohibits the boat from "
                    "changing its tack this turn\"")
    ahead = compass.step(b.x, b.y, b.heading)
    if not g.board.in_bounds(*ahead):
        return f"the square ahead {_where(ahead)} is off the board"
    if g.board.is_land(*ahead):
        return f"the square ahead {_where(ahead)} is land"
    mk = g.board.mark_at(*ahead)
    if mk is not None:
        return f"the square ahead {_where(ahead)} is mark {mk.name!r}"
    v = _occupant_verdict(g, s, b, ahead)
    if v is not None:
        other, a_first, why = v
        o = g.name(other.seat)
        if not a_first:
            return f"{o} is on the square ahead and has precedence ({why}): {name} must pick another course or wait"
        if other.seat in s.queue:
            return (f"{o} is on the square ahead; {name} has precedence ({why}) but {o} has not acted yet this "
                    f"turn, so {name} must wait and let {o} act first")
        return (f"{o} is on the square ahead; {name} has precedence ({why}) and may declare a penalty on {o} "
                f"(protest) and skip the rest of its turn")
    return None


def turn_reason(g: Any, s: State, n: int) -> str | None:
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    if n not in (-2, -1, 1, 2):
        return "a turn is 45° or 90° either way"
    if b.blocked:
        return f"{name} is blocked: its only action this turn is to unblock (remove the X token)"
    r = _budget_reason(g, s, "t")
    if r:
        return r
    new = compass.turn(b.heading, n)
    if b.spin is not None:
        if b.spin and (n > 0) != (b.spin > 0):
            return "a penalty rotation turns one way round: keep turning the same way"
        if abs(b.spin + n) > 8:
            return (f"the rotation ends at the heading it began on ({compass.NAMES[b.spin_heading]}): "
                    "turn 45° only")
    elif compass.off_wind(new, s.wind) == 0:
        return f"never turn into the wind: {compass.NAMES[new]} is where the wind comes from"
    if b.spinnaker and compass.off_wind(new, s.wind) < compass.BROAD_REACH:
        return ("a boat with a spinnaker may not turn into beam or close reach (drop the spinnaker first, "
                "which is its manoeuvre)")
    if g.better_spinnaker and prog.spinnaker:
        t = compass.tack(new, s.wind)
        if t and prog.tacks and t not in prog.tacks and options.uses_bonus(prog.point, prog.done + "t"):
            return "\"Using the 'bonus' move ... prohibits the boat from changing its tack this turn\""
    return None


def protest_reason(g: Any, s: State, seat: int) -> str | None:
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    if not 0 <= seat < len(s.boats) or seat == b.seat:
        return "a penalty is declared on another boat"
    if b.blocked:
        return f"{name} is blocked: its only action this turn is to unblock"
    if b.spin is not None:
        return f"{name} is doing a penalty rotation and may not move"
    if not prog.puff and _budget_reason(g, s, "m"):
        return f"{name} has no move left this turn, so no boat stands in its way"
    ahead = compass.step(b.x, b.y, b.heading)
    other = s.occupant(ahead, but=b.seat)
    o = g.name(seat)
    if other is None or other.seat != seat:
        return f"{o} is not on the square ahead of {name}"
    _, a_first, why = _occupant_verdict(g, s, b, ahead)
    if not a_first:
        return f"{o} has precedence ({why})"
    if seat in s.queue:
        return f"{o} has not acted yet this turn: {name} must wait and let it act first"
    if g.proper_course and prog.turned:
        return (f"under the proper course rule {name} may declare a penalty only on a boat in the way of the "
                f"course it held; {name} has turned this turn")
    return None


def reason(g: Any, s: State, a: A.Act) -> str | None:
    """Why the acting boat may not take action ``a`` now (None: it may)."""
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    v = a.verb
    if v == "move":
        return move_reason(g, s)
    if v == "turn":
        return turn_reason(g, s, a.n)
    if v == "protest":
        return protest_reason(g, s, a.n)
    if v == "unblock":
        return None if b.blocked else f"{name} is not blocked"
    if b.blocked:
        return f"{name} is blocked: its only action this turn is to unblock (remove the X token)"
    if v == "end":
        return None
    if v == "wait":
        if b.seat in s.waited:
            return "every boat may wait at most once in a given turn"
        if prog.done or prog.puff:
            return f"{name} has already acted this turn; a boat waits before it acts"
        if len(s.queue) < 2:
            return "no other boat is still to act this turn"
        return None
    if v == "penalty":
        if b.spin is not None:
            return f"{name} is already doing a penalty rotation"
        if not b.penalties:
            return f"{name} owes no penalty"
        if b.spinnaker:
            return "drop the spinnaker first: a full rotation passes a beam reach, which a boat with a spinnaker may not sail"
        return None
    if v == "spinnaker":
        if b.spin is not None:
            return f"{name} is doing a penalty rotation"
        r = _budget_reason(g, s, "t")
        if a.n:
            if b.spinnaker:
                return f"{name} already carries a spinnaker"
            point = compass.off_wind(b.heading, s.wind)
            if point < compass.BROAD_REACH:
                return f"a spinnaker is set on a broad reach or a run, not on a {compass.POINT_NAMES[point]}"
            return (r + " (setting the spinnaker takes the manoeuvre)") if r else None
        if not b.spinnaker:
            return f"{name} carries no spinnaker"
        return (r + " (taking the spinnaker down takes the manoeuvre)") if r else None
    return f"{a.text()} is not a boat's action"


CANDIDATES = (A.MOVE, A.turn(-2), A.turn(-1), A.turn(1), A.turn(2), A.WAIT, A.END, A.UNBLOCK,
              A.PENALTY, A.SET_SPINNAKER, A.DROP_SPINNAKER)


def legal(g: Any, s: State) -> list[A.Act]:
    acts = [a for a in CANDIDATES if reason(g, s, a) is None]
    acts += [A.Act("protest", i) for i in range(len(s.boats)) if i != s.progress.seat
             and protest_reason(g, s, i) is None]
    return acts


# --- doing it -------------------------------------------------------------------------

def _continue(g: Any, s: State, ev: list[Event]) -> State:
    prog = s.progress
    if not prog.puff and options.exhausted(g.shapes(prog), prog.done):
        return flow.end_boat(g, s, ev)
    return s


def apply(g: Any, s: State, a: A.Act) -> tuple[State, list[Event]]:
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    ev: list[Event] = []
    v = a.verb
    if v == "move":
        return _move(g, s, ev), ev
    if v == "turn":
        return _turn(g, s, a.n, ev), ev
    if v == "wait":
        ev.append(Event("wait", b.seat, f"{name} waits, letting the boats still to act go first."))
        s = replace(s, queue=s.queue[1:] + (b.seat,), waited=s.waited | {b.seat}, progress=None)
        return flow.start_boat(g, s, ev), ev
    if v == "end":
        ev.append(Event("end", b.seat, f"{name} ends its turn (any action may be skipped)."))
        return flow.end_boat(g, s, ev), ev
    if v == "unblock":
        ev.append(Event("unblock", b.seat, f"{name} removes its X token; that was its whole turn."))
        return flow.end_boat(g, s.with_boat(b.moved(blocked=False)), ev), ev
    if v == "penalty":
        ev.append(Event("penalty_turn", b.seat, f"{name} declares a penalty rotation: it turns a full 360° on "
                        f"this square and may not move until it heads {compass.NAMES[b.heading]} again."))
        return s.with_boat(b.moved(spin=0, spin_heading=b.heading)), ev
    if v == "protest":
        other = s.boats[a.n]
        _, _, why = _occupant_verdict(g, s, b, other.pos)
        s = s.with_boat(other.moved(penalties=other.penalties + 1))
        ev.append(Event("protest", b.seat, f"{name} is blocked by {g.name(other.seat)}, which has already acted, "
                        f"and has precedence ({why}): {name} declares a penalty on {g.name(other.seat)} "
                        f"(one 360° turn) and skips the rest of its turn."))
        return flow.end_boat(g, s, ev), ev
    if v == "spinnaker":
        prog = replace(prog, done=prog.done + "t", puff=False)
        if a.n:
            ev.append(Event("spinnaker_set", b.seat, f"{name} sets its spinnaker in place of its manoeuvre: a die "
                            "is thrown, and a 1 blocks the boat."))
            return replace(s, progress=prog, phase=Phase.SPIN_DIE), ev
        ev.append(Event("spinnaker_drop", b.seat, f"{name} takes its spinnaker down (its manoeuvre; always "
                        "successful)."))
        s = replace(s.with_boat(b.moved(spinnaker=False)), progress=prog)
        return _continue(g, s, ev), ev
    raise AssertionError(v)


def _move(g: Any, s: State, ev: list[Event]) -> State:
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    p0 = b.pos
    p1 = compass.step(b.x, b.y, b.heading)
    extra = prog.puff
    kind = "a puff move" if extra else (
        "a spinnaker move" if prog.spinnaker and options.uses_bonus(prog.point, prog.done + "m") else "a move")
    ev.append(Event("move", b.seat, f"{name} moves one square {compass.NAMES[b.heading]} ({kind}), "
                                    f"to {compass.where_words(g.board.marks, p1)}."))
    done = prog.done if extra else prog.done + "m"
    b = b.moved(x=p1[0], y=p1[1])
    b, more = start_finish.after_move(g.course, b, p0, p1, s.turn, s.wind, name)
    ev += more
    if b.finished:
        ev.append(Event("leave", b.seat, f"{name} leaves the course."))
        s = replace(s.with_boat(b.moved(blocked=False, shadow=None, spinnaker=False)),
                    progress=replace(prog, done=done, puff=False))
        return flow.end_boat(g, s, ev)
    puff = False
    stop = False
    if b.shadow == p1:
        b = b.moved(blocked=True, shadow=None)
        ev.append(Event("shadow_lull", b.seat, f"{name} reaches its wind-shadow token, which \"acts like a lull\" "
                        f"for {name}: it is stopped and blocked, and skips its next turn."))
        stop = True
    elif p1 in s.lulls:
        b = b.moved(blocked=True)
        ev.append(Event("lull", b.seat, f"{name} moves into a lull: \"it is automatically stopped and blocked "
                        "there\" and skips its next turn."))
        stop = True
    else:
        if p1 in s.puffs:
            puff = True
            ev.append(Event("puff", b.seat, f"{name} ends its move on a puff: it may make another move straight "
                            f"ahead ({compass.NAMES[b.heading]})."))
        for o in s.boats:
            if o.seat != b.seat and not o.finished and weather.shadow_square(o.pos, s.wind) == p1:
                tok = compass.step(*compass.step(p1[0], p1[1], b.heading), b.heading)
                b = b.moved(shadow=tok)
                ev.append(Event("shadowed", b.seat, f"{name} enters the wind shadow of {g.name(o.seat)}: a shadow "
                                f"token lies two squares ahead at {_where(tok)}; it acts as a lull for {name} "
                                "alone until it turns."))
                break
    s = replace(s.with_boat(b), progress=replace(prog, done=done, puff=puff))
    if stop:
        return flow.end_boat(g, s, ev)
    return _continue(g, s, ev)


def _turn(g: Any, s: State, n: int, ev: list[Event]) -> State:
    prog = s.progress
    b = s.boats[prog.seat]
    name = g.name(b.seat)
    new = compass.turn(b.heading, n)
    point = compass.off_wind(new, s.wind)
    t = compass.tack(new, s.wind)
    way = "left" if n < 0 else "right"
    ev.append(Event("turn", b.seat, f"{name} turns {way} {45 * abs(n)}° to head {compass.NAMES[new]} "
                    f"({compass.POINT_NAMES[point]}{', ' + t + ' tack' if t else ''})."))
    if b.shadow is not None:
        ev.append(Event("shadow_gone", b.seat, f"{name} manoeuvres, so its shadow token is removed."))
    b = b.moved(heading=new, shadow=None)
    if b.spin is not None:
        spin = b.spin + n
        if abs(spin) >= 8 and new == b.spin_heading:
            b = b.moved(spin=None, spin_heading=None, penalties=b.penalties - 1)
            ev.append(Event("penalty_done", b.seat, f"{name} is back at its heading: one 360° penalty turn done"
                            f" ({b.penalties} still owed)."))
        else:
            b = b.moved(spin=spin)
    tacks = prog.tacks | {t} if t else prog.tacks
    prog = replace(prog, done=prog.done + "t", puff=False, turned=True, tacks=tacks)
    s = replace(s.with_boat(b), progress=prog)
    return _continue(g, s, ev)
