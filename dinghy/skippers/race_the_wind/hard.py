"""The hard Race the Wind skipper: whole turns planned exactly, the odds of the weather
weighed, the other boats reckoned with.

**Turns to go.** A breadth-first search over (square, heading, leg, rounding count,
spinnaker up or not) counts the *turns* still to sail, one edge per whole turn: every
sequence of actions the turn's shape allows at the point of sail it begins on (close
reach one move or one turn; beam reach two actions; broad reach a move and a turn, or a
turn; run one; head to wind a turn; with the spinnaker on a broad reach or run also two
straight moves, no turn up to a beam or close reach, and dropping it in a manoeuvre's
slot). Land and marks are walls; legs are the start crossing, each mark on its side and
the finish crossing (the navigator's graph, :mod:`dinghy.skippers.race_the_wind.navigator`). One
table per board, wind and start-or-race is built with numpy and scipy and cached.

**The turn.** At its boat's turn the skipper tries every sequence of its own actions the
engine allows (``legal_actions`` / ``apply`` on copies: puffs, lulls, shadows, waits,
precedence all the engine's), the spinnaker's die by its ``chance_outcomes`` (exact
Fractions), and scores where each leaves the boat: the turns to go under the wind as the
end-of-turn die may leave it (unchanged 5/6, 45° either way 1/12 each), a turn for a
block, the full rotations still owed (their exact turns from the boat's point of sail),
a little for a shadow token and for a boat that may protest it, and, before the gun,
the slack to turn 8 and the start penalties the end of the turn would bring. A penalty
it lays on another boat by a protest counts in its favour. Waiting is scored as the
best turn with the boats still to act out of the way, less sure. Everything it reads is
in plain sight (Race the Wind hides nothing); it reads the state through the game's own
interface.
"""
from __future__ import annotations

import random
from collections import deque
from dataclasses import replace
from fractions import Fraction
from typing import Any


from dinghy.core.errors import DinghyError
from dinghy.games.grid import compass
from dinghy.games.race_the_wind import ask as A
from dinghy.games.race_the_wind.ask import Phase, State, precedence
from dinghy.skippers.race_the_wind import navigator as nav

NAME = "hard"
INF = float("inf")
#: the end-of-turn die's weather, from the rules: a 2 (1 in 6) turns the wind 45° by a coin
SHIFT = ((0, Fraction(5, 6)), (-1, Fraction(1, 12)), (1, Fraction(1, 12)))
SHADOW_COST = 0.3           # a shadow token ahead: a lull of one's own until one turns
STALL_COST = 0.25           # a turn that leaves the boat as it was (a jam lasts)
WAIT_DOUBT = 0.35           # waiting: the boats to act may not clear the way
PROTEST_GAIN = 0.15         # share of a rival's penalty turns counted as one's own gain
WEATHER = True              # the tables know the puffs and lulls where they lie now
MAX_LEAVES = 400            # a turn's tree larger than this is cut (puff chains)


# --- penalty rotations ---------------------------------------------------------------

def _rotation_turns() -> dict[tuple[int, int, int], int]:
    """Turns to finish a 360° rotation from (off the wind's heading offset r = heading -
    wind mod 8, eighths turned k, way d = ±1), the turn shapes as the rules give them (a
    beam reach turns twice, any other point once; a rotation may pass head to wind)."""
    best: dict[tuple[int, int, int], int] = {}
    for d in (-1, 1):
        for r0 in range(8):
            for k0 in range(8):
                start = (r0, k0)
                seen = {start: 0}
                q = deque([start])
                found = None
                while q and found is None:
                    r, k = q.popleft()
                    steps = 2 if compass.off_wind(r, 0) == compass.BEAM_REACH else 1
                    layer = {(r, k)}
                    for _ in range(steps):
                        new = set()
                        for (rr, kk) in layer:
                            for a in (1, 2):
                                if kk + a <= 8:
                                    new.add(((rr + d * a) % 8, kk + a))
                        layer |= new
                    for (rr, kk) in layer:
                        if kk == 8:
                            found = seen[(r, k)] + 1
                            break
                        if (rr, kk) not in seen:
                            seen[(rr, kk)] = seen[(r, k)] + 1
                            q.append((rr, kk))
                best[(r0, k0, d)] = found or 4
    return best


ROTATION = _rotation_turns()


def rotation_cost(b: Any, wind: int) -> float:
    """Turns the boat's owed rotations take from where it is (the one under way first)."""
    r = (b.heading - wind) % 8
    full = min(ROTATION[(r, 0, 1)], ROTATION[(r, 0, -1)])
    if b.spin is not None:
        d = 1 if b.spin >= 0 else -1
        k = abs(b.spin)
        now = ROTATION[(r, k, d)] if k else full
        return now + full * max(0, b.penalties - 1)
    return full * b.penalties


# --- scoring a boat ------------------------------------------------------------------

class _Ctx:
    def __init__(self, game: Any, s: State, seat: int) -> None:
        self.game, self.root, self.seat = game, s, seat
        self.leaves = 0
        self.weather = (s.puffs, s.lulls) if WEATHER else None
        self.tables: dict[tuple[int, bool], nav.TurnTable] = {}

    def table(self, wind: int, to_start: bool = False) -> nav.TurnTable:
        k = (wind, to_start)
        if k not in self.tables:
            self.tables[k] = turn_table(self.game, wind, to_start, self.weather)
        return self.tables[k]


turn_table = nav.turn_table


def _togo(ctx: _Ctx, b: Any, wind: int) -> float:
    key = nav._key(ctx.game, b)
    t = ctx.table(wind)
    plain = t.get(key)
    if b.spinnaker and compass.off_wind(b.heading, wind) >= compass.BROAD_REACH:
        return min(plain + 0.5, t.get(key, True))
    return plain


def boat_cost(ctx: _Ctx, s: State, seat: int, turn_done: bool = True) -> float:
    """Expected turns boat ``seat`` still needs, as it stands when its turn ends."""
    game = ctx.game
    b = s.boats[seat]
    if b.finished:
        place = s.order.index(seat) if seat in s.order else len(s.order)
        return -100.0 + 0.01 * place
    pens = 0
    prestart = not b.started and s.turn < A.START_TURN
    if prestart and turn_done:
        if s.turn in A.EARLY_TURNS and A.on_start_line(game.course, b.pos):
            pens += 1
        began = s.began[seat] if s.began else None
        if began == b.pos and b.still + 1 >= A.STAYS:
            pens += 1
    cost = 0.0
    for dw, p in SHIFT:
        w = compass.turn(s.wind, dw)
        t = _togo(ctx, b, w)
        if prestart:
            d = ctx.table(w, True).get(nav._key(game, b))
            t += nav.SLACK * max(0.0, A.START_TURN - (s.turn + d))
            if b.start_side == game.course.course_side:
                t += nav.OVER_EARLY
            if s.turn + 1 < A.START_TURN:
                if began_still(s, seat):
                    t += 0.2
                if not nav.mobile(game, s, b):
                    t += nav.STUCK_COST
        bb = b.moved(penalties=b.penalties + pens) if pens else b
        t += rotation_cost(bb, w) + 0.05 * bb.penalties
        cost += float(p) * t
    if b.blocked:
        cost += 1.0
    if b.shadow is not None:
        cost += SHADOW_COST
    return cost


def began_still(s: State, seat: int) -> bool:
    b = s.boats[seat]
    return bool(s.began) and s.began[seat] == b.pos and b.still + 1 == A.STAYS - 1


def _protest_risk(ctx: _Ctx, s: State, seat: int) -> float:
    """A boat still to act this turn that has us on the square ahead and precedence over
    us may lay a penalty on us."""
    b = s.boats[seat]
    risk = 0.0
    for o in s.boats:
        if o.seat == seat or o.finished or o.seat not in s.queue or o.blocked:
            continue
        if compass.step(o.x, o.y, o.heading) == b.pos:
            w, _ = precedence((o.pos, o.heading), (b.pos, b.heading), s.wind)
            if w == 0:
                risk += 0.5 * min(ROTATION[((b.heading - s.wind) % 8, 0, 1)],
                                  ROTATION[((b.heading - s.wind) % 8, 0, -1)])
    return risk


def leaf(ctx: _Ctx, s: State) -> float:
    ctx.leaves += 1
    seat, root = ctx.seat, ctx.root
    v = boat_cost(ctx, s, seat) + _protest_risk(ctx, s, seat)
    b0, b = root.boats[seat], s.boats[seat]
    if (b.pos, b.heading) == (b0.pos, b0.heading) and b.spin is None and not b.finished:
        v += STALL_COST
    for o in s.boats:
        if o.seat != seat:
            gained = o.penalties - root.boats[o.seat].penalties
            if gained > 0:
                v -= PROTEST_GAIN * gained * 3.0
    return v


# --- the search ----------------------------------------------------------------------

def _mine(s: State, seat: int) -> bool:
    return s.phase is Phase.PLAY and bool(s.queue) and s.queue[0] == seat and s.progress is not None \
        and s.progress.seat == seat


def _value(ctx: _Ctx, s: State) -> float:
    game = ctx.game
    if s.phase is Phase.SPIN_DIE:
        return sum(float(p) * _value(ctx, game.apply(s, o)[0]) for o, p in game.chance_outcomes(s))
    if not _mine(s, ctx.seat) or ctx.leaves > MAX_LEAVES:
        return leaf(ctx, s)
    return min(_q(ctx, s, a) for a in game.legal_actions(s))


def _q(ctx: _Ctx, s: State, a: A.Act) -> float:
    game = ctx.game
    if a.verb == "wait":
        return _wait_value(ctx, s)
    try:
        s2, _ = game.apply(s, a)
    except DinghyError:
        return INF
    return _value(ctx, s2)


def _wait_value(ctx: _Ctx, s: State) -> float:
    """Waiting: the best turn this boat could sail with the boats still to act gone from
    their squares (they will mostly have moved on), plus a doubt."""
    seat = ctx.seat
    others = [o for o in s.queue if o != seat]
    boats = tuple(b.moved(finished=True) if b.seat in others else b for b in s.boats)
    ghost = replace(s, boats=boats, waited=s.waited | {seat})
    sub = _Ctx(ctx.game, ctx.root, seat)
    sub.tables = ctx.tables
    best = INF
    for a in ctx.game.legal_actions(ghost):
        if a.verb == "wait":
            continue
        best = min(best, _q(sub, ghost, a))
    ctx.leaves += sub.leaves
    return best + WAIT_DOUBT


def ranked(race: Any) -> list[tuple[float, str, A.Act]]:
    """Every legal action now with its expected cost (lower is better), best first."""
    game, s = race.game, race.state
    seat = game.current_player(s)
    ctx = _Ctx(game, s, seat)
    out = [(_q(ctx, s, a), a.text(), a) for a in game.legal_actions(s)]
    out.sort(key=lambda t: (t[0], t[1]))
    return out


def choose(race: Any, rng: random.Random) -> A.Act:
    legal = race.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return ranked(race)[0][2]


class _Hard:
    NAME = NAME
    choose = staticmethod(choose)


HARD = _Hard()
