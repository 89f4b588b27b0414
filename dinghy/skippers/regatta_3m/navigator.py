"""The navigator: a skipper for the 3M Regatta, basic and advanced.

It plans its whole turn at once: every sequence of legs (a luff, a puff card on one of
them, the spinnaker set or taken down first; in the advanced game heading moves) the
rules allow from where it stands, each ending weighed by the legs still to go from there
(:mod:`dinghy.skippers.regatta_3m.field`: the shortest way with the wind, start line,
marks and finish), plus what the end invites: being blanketed by a boat to windward, a
spinnaker that will have to come down, a puff card spent for less than half a leg, in
the advanced game a right-of-way yacht that could reach it next turn (it "takes no
chances"). Before round three it never jumps the gun. Its first action is checked with
the engine (``why_not``) and a refused plan is dropped for the next best.

``HARD`` (the "hard" level until :mod:`dinghy.skippers.regatta_3m.hard` took its place;
kept for comparison) also goes for the rivals' wind: it values ending directly to
windward of a boat (which then loses its turn) or, flying a spinnaker, on the second
space to windward of it ("A trailing boat that is on a spinnaker reach is sometimes in
a good position to blanket").
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from dinghy.games.grid import compass
from dinghy.games.regatta_3m import ask
from dinghy.games.regatta_3m.ask import (BROAD, LUFFING, RUNNING, STARTING_ROUND, GiveUp, Head, Leg, Phase, Place,
                                         Spinnaker, over_line)
from dinghy.skippers.regatta_3m.field import FAR, TACKS, field, stage_of

NAME = "navigator"

PUFF_COST = 0.6          # legs a puff card is worth keeping
SPIN_DOWN = 0.8          # a spinnaker that will have to come down next turn
BLANKETED = 1.5          # ending directly to leeward of a boat
HALF_BLANKETED = 0.6     # ... two spaces to leeward of a boat flying a spinnaker
LUFF_RECOVER = 1.0       # advanced: a luffing boat needs a heading move
GUN = 4.0                # over the line before round three: back and round again
PROTEST = {"disqualify": 60.0, "forfeit": 5.0}
BLANKET_GAIN = 1.0       # hard: a rival blanketed for a turn
HALF_GAIN = 0.4          # ... for a leg


@dataclass(frozen=True)
class _Sim:
    """The light copy of the boat and its turn the planner walks forward."""

    at: tuple[int, int]
    stage: int
    tack: str | None
    heading: int | None
    luffing: bool
    spin: bool
    puffs: int
    used: int
    puffed: bool
    luffed: bool
    last_heading: bool
    sail_changed: bool
    moved: bool
    legs_in: int = 0               # legs sailed when it finished (0: not finished)
    jumped: bool = False           # touched or crossed the line before round three


def choose(race: Any, rng: random.Random, attack: bool = False) -> Any:
    game, state = race.game, race.state
    legal = race.legal_actions()
    if state.phase is Phase.PLACE:
        return _place(game, state, legal, rng)
    if state.phase is not Phase.TURN:
        return rng.choice(legal)
    if legal == [GiveUp()]:
        return legal[0]
    banned: set = set()
    for _ in range(6):
        plan = _plan(game, state, rng, banned, attack)
        if plan is None:
            break
        first = plan[0]
        if race.why_not(first) is None:
            return first
        banned.add(first)
    return rng.choice(legal)


def _place(game: Any, state: Any, legal: list, rng: random.Random) -> Any:
    f = field(game, state.wind)
    def score(a: Place) -> float:
        tack = compass.tack(a.heading, state.wind) if a.heading is not None else None
        v = f.value((a.x, a.y), 1, tack or "starboard")
        up = compass.step(a.x, a.y, state.wind)
        if any(b.afloat and b.at == up for b in state.boats):
            v += BLANKETED
        if a.heading is not None and compass.off_wind(a.heading, state.wind) != 1:
            v += 0.1                     # close-hauled, ready to beat
        return v + rng.random() * 1e-3
    return min(legal, key=score)


def _plan(game: Any, state: Any, rng: random.Random, banned: set, attack: bool = False) -> list | None:
    turn = state.turn
    boat = state.boats[turn.seat]
    f = field(game, state.wind)
    others = frozenset(b.at for b in state.boats if b.afloat and b.seat != boat.seat)
    sim = _Sim(boat.at, stage_of(boat, game), boat.tack if game.advanced else None, boat.heading,
               boat.luffing, boat.spinnaker, boat.puffs, turn.used, turn.puffed, turn.luffed,
               turn.last_heading, turn.sail_changed, turn.moved)
    ctx = _Ctx(game, state, f, others, turn.legs, rng, attack)
    best = None
    for a, nxt, segs in ctx.options(sim, set(turn.segments)):
        if a in banned:
            continue
        v, rest = ctx.search(nxt, segs)
        if best is None or v < best[0]:
            best = (v, [a] + rest)
    return None if best is None else best[1]


class _Ctx:
    def __init__(self, game, state, f, others, legs, rng, attack=False) -> None:
        self.game, self.state, self.f, self.others, self.legs, self.rng = game, state, f, others, legs, rng
        self.attack = attack
        self.wind = state.wind
        self.prestart = state.round < STARTING_ROUND
        self.memo: dict = {}
        self.me = state.boats[state.turn.seat]

    # -- the moves the rules allow (a light copy of the engine's checks) -------------------
    def options(self, s: _Sim, segs: set):
        game, wind = self.game, self.wind
        left = self.legs - s.used
        if left <= 0 or s.legs_in:
            return
        if not s.sail_changed and not s.moved and s.used == 0:
            if not s.spin and not s.luffing:
                yield Spinnaker(True), _r(s, spin=True, sail_changed=True), segs
            if s.spin:
                yield Spinnaker(False), _r(s, spin=False, sail_changed=True, used=s.used + 1), segs
        for d in range(8):
            off = compass.off_wind(d, wind)
            if off == LUFFING:
                if not game.advanced and not s.spin and not s.luffed:
                    yield Leg(d), _r(s, used=s.used + 1, luffed=True, moved=True, last_heading=False), segs
                continue
            if s.spin and off not in (BROAD, RUNNING):
                continue
            if game.advanced:
                if s.luffing:
                    continue
                nt = self.f.leg_ok(d, s.tack)
                if nt is False:
                    continue
            else:
                nt = None
            for puff in ((False, True) if s.puffs > 0 and not s.puffed else (False,)):
                n = game.eq.speeds[off] + (1 if s.spin and off in (BROAD, RUNNING) else 0) + puff
                seg2 = set(segs)
                r = self.f.walk(s.at, d, n, s.stage, self.others, seg2, self.prestart)
                if r is None:
                    continue
                q, st = r
                jumped = s.jumped or (self.prestart and s.stage == 1 and self._touches_line(s.at, d, n))
                yield (Leg(d, puff),
                       _r(s, at=q, stage=st, tack=nt, heading=d, used=s.used + 1, moved=True,
                          last_heading=False, puffs=s.puffs - puff, puffed=s.puffed or puff,
                          legs_in=(s.used + 1) if st == -1 else 0, jumped=jumped), seg2)
        if game.advanced and not s.last_heading and not s.spin:
            yield from self._heading_moves(s, segs)

    def _touches_line(self, p, d: int, n: int) -> bool:
        x, y = p
        for _ in range(n):
            x, y = compass.step(x, y, d)
            if over_line(self.game.course, (x, y)):
                return True
        return False

    def _heading_moves(self, s: _Sim, segs: set):
        wind = self.wind
        if s.luffing:
            targets = [(t, self._best_dir(s.at, s.stage, t)) for t in TACKS]
        else:
            other = TACKS[1 - TACKS.index(s.tack or "starboard")]
            targets = [(other, self._best_dir(s.at, s.stage, other))]
            if not s.luffed:
                targets.append((None, wind))          # begin luffing
        for t, d in targets:
            if d is None:
                continue
            if t is None:
                yield Head(d), _r(s, heading=d, luffing=True, luffed=True, used=s.used + 1,
                                  moved=True, last_heading=True), segs
            else:
                yield Head(d), _r(s, heading=d, tack=t, luffing=False, used=s.used + 1,
                                  moved=True, last_heading=True), segs

    def _best_dir(self, p, stage, tack) -> int | None:
        best = None
        for d in range(8):
            if compass.off_wind(d, self.wind) == LUFFING:
                continue
            nt = self.f.leg_ok(d, tack)
            if nt is False:
                continue
            if compass.off_wind(d, self.wind) == RUNNING and self.game.advanced:
                continue                           # a heading move onto a run would flip the tack again
            r = self.f.walk(p, d, self.f.speed(d), stage)
            v = FAR if r is None else self.f.value(r[0], r[1], nt)
            if best is None or v < best[0]:
                best = (v, d)
        return None if best is None else best[1]

    # -- the search -------------------------------------------------------------------------
    def search(self, s: _Sim, segs: set) -> tuple[float, list]:
        if s.legs_in or s.used >= self.legs:
            return self.score(s), []
        key = (s.at, s.stage, s.tack, s.heading, s.luffing, s.spin, s.puffs, s.used, s.puffed,
               s.luffed, s.last_heading, s.sail_changed, s.moved, s.jumped)
        if key in self.memo:
            return self.memo[key]
        best: tuple[float, list] = (float("inf"), [])
        for a, nxt, seg2 in self.options(s, segs):
            v, rest = self.search(nxt, seg2)
            if v < best[0]:
                best = (v, [a] + rest)
        self.memo[key] = best
        return best

    def score(self, s: _Sim) -> float:
        if s.legs_in:
            return -100.0 + s.legs_in
        v = float(self.f.value(s.at, s.stage, s.tack))
        if s.jumped or (s.stage == 0 and self.prestart):
            v += GUN
        v += PUFF_COST * (self.me.puffs - s.puffs)
        if s.luffing:
            v += LUFF_RECOVER
        if s.spin:
            d = self._best_dir(s.at, s.stage, s.tack)
            if d is not None and compass.off_wind(d, self.wind) not in (BROAD, RUNNING):
                v += SPIN_DOWN
        up1 = compass.step(s.at[0], s.at[1], self.wind)
        up2 = compass.step(up1[0], up1[1], self.wind)
        for b in self.state.boats:
            if b.afloat and b.seat != self.me.seat:
                if b.at == up1:
                    v += BLANKETED
                elif b.at == up2 and b.spinnaker:
                    v += HALF_BLANKETED
                if self.attack:
                    if s.at == compass.step(b.at[0], b.at[1], self.wind):
                        v -= BLANKET_GAIN
                    elif s.spin and s.at == compass.step(*compass.step(b.at[0], b.at[1], self.wind), self.wind):
                        v -= HALF_GAIN
        if self.game.advanced:
            v += self._protest_risk(s)
        return v + self.rng.random() * 1e-3

    def _protest_risk(self, s: _Sim) -> float:
        me = self.me.with_(at=s.at, heading=s.heading, tack=s.tack, luffing=s.luffing,
                           tacking=s.last_heading or s.luffing, spinnaker=s.spin,
                           premature=s.stage == 0)
        risk = 0.0
        for b in self.state.boats:
            if b.seat == me.seat or not b.afloat or b.heading is None:
                continue
            k = ask.ahead(b, s.at)
            if not k or k > 3 * (self.game.eq.speeds[compass.off_wind(b.heading, self.wind)] + 2):
                continue
            if ask.must_keep_clear(self.game, self.state, me, b) is not None:
                risk += PROTEST.get(self.game.penalty, 5.0)
        return risk


class _Hard:
    NAME = "hard"

    @staticmethod
    def choose(race: Any, rng: random.Random) -> Any:
        return choose(race, rng, attack=True)


HARD = _Hard()


def _r(s: _Sim, **changes: Any) -> _Sim:
    from dataclasses import replace
    return replace(s, **changes)
