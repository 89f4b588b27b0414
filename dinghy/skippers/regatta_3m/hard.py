"""The hard 3M Regatta skipper: the navigator's whole-turn search, every ending weighed
by the die's exact odds and by what the other yachts will do before its next turn.

**The turn.** Every sequence of legs the rules allow (spinnaker set or taken down first,
a puff card on one leg, a luff; in the advanced game heading moves) is walked with the
navigator's light copy of the engine (:mod:`dinghy.skippers.regatta_3m.navigator`), and each
distinct ending is scored; the best plan's first action is checked with the engine.

**Where a turn ends.** The legs still to go (:mod:`dinghy.skippers.regatta_3m.field`)
under the wind as the die may leave it before the next round: "S" turns the Wind
Indicator 45° (red counterclockwise, green clockwise) and the die is rolled again, so
the net shift is a walk whose odds come from ``game.eq.die_outcomes()`` exactly (with
the standard die: none 71%, 45° either way 12% each, 90% 2% each; shifts less likely
than 1% are left out). In the advanced game
a shift that heads the yacht leaves it luffing (a heading move more) or on the other tack.

**The other yachts.** Each yacht that sails before this one's next turn (those after it
in this round with this round's legs, the rest in the next round with the die's legs)
is expected to sail as the navigator would, from where it stands (the game's default
skipper; everything in the 3M Regatta is in plain sight). From their expected endings:
"When a boat occupies the space directly to windward of another boat, it blankets the
other boat ... The blanketed player loses a turn": an ending directly to leeward of
where a yacht will stand costs the legs of a turn (a spinnaker on the second space: a
leg); an ending directly to windward of a rival before its turn takes its turn from it,
counted as a gain (in the next round only if the die leaves the wind where it is): a
share of the legs it takes, since a leg of one's own counts against every rival and a
rival's lost leg against that one only, and a smaller share from a rival already behind.

**Right of way** (advanced game). An ending directly in the path of a yacht it must keep
clear of costs the penalty times the exact chance that the yacht "reaches the occupied
space within his next turn" sailing straight on: certain or nil for a yacht still to sail
this round (its legs are known), the die's odds of legs and wind for one that sails in
the next round. (The navigator "takes no chances" and keeps out of any such path.)

Positioning behind the line before the start is the navigator's.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from dinghy.games.grid import compass
from dinghy.games.regatta_3m import ask
from dinghy.games.regatta_3m.ask import BROAD, LUFFING, RUNNING, GiveUp, Phase, Turn, spaces
from dinghy.skippers.regatta_3m import navigator as nav
from dinghy.skippers.regatta_3m.field import field, stage_of

NAME = "hard"

BLANKET_GAIN = 0.6       # share of a rival's lost legs counted as one's own gain (a leg of
                         # one's own counts against every rival, a rival's against one)
BEHIND_SHARE = 0.25      # ... of a rival already behind (more legs to go)
_RIVALS: dict = {}       # the other yachts' expected turns, kept through one turn
TIE = 0.01               # the navigator's endings this close in value: it draws between them


def shift_odds(game: Any) -> dict[int, float]:
    """The net shift of the wind (45° steps, + clockwise) before the next round's legs:
    the die is rolled until it shows a number, each red "S" -1, each green "S" +1."""
    outs = dict(game.eq.die_outcomes())
    red, green = outs.get("red S", Fraction(0)), outs.get("green S", Fraction(0))
    num = 1 - red - green
    dist = {0: 1.0}
    out: dict[int, float] = {}
    for _ in range(12):                       # walks longer than 12 S: beyond a 1e-6
        for k, p in dist.items():
            out[k] = out.get(k, 0.0) + p * float(num)
        nxt: dict[int, float] = {}
        for k, p in dist.items():
            if red:
                nxt[k - 1] = nxt.get(k - 1, 0.0) + p * float(red)
            if green:
                nxt[k + 1] = nxt.get(k + 1, 0.0) + p * float(green)
        dist = nxt
    kept = {k: p for k, p in out.items() if p > 0.01}
    total = sum(kept.values())
    return {k: p / total for k, p in kept.items()}


def _walk(ctx: Any, legs: int, s: Any, segs: set, path: list, ends: dict, seen: set) -> None:
    """Every distinct ending of the turn from ``s`` (one plan for each), into ``ends``."""
    if s.legs_in or s.used >= legs:
        key = (s.at, s.stage, s.tack, s.heading, s.luffing, s.spin, s.puffs, s.legs_in, s.jumped)
        if key not in ends:
            ends[key] = (s, path)
        return
    key = (s.at, s.stage, s.tack, s.heading, s.luffing, s.spin, s.puffs, s.used, s.puffed,
           s.luffed, s.last_heading, s.sail_changed, s.moved, s.jumped)
    if key in seen:
        return
    seen.add(key)
    for a, nxt, seg2 in ctx.options(s, segs):
        _walk(ctx, legs, nxt, seg2, path + [a], ends, seen)


def legs_odds(game: Any) -> dict[int, float]:
    """The legs of a round: the die's numbers, given that it shows one."""
    outs = [(int(f), p) for f, p in game.eq.die_outcomes() if f.isdigit()]
    total = sum(p for _, p in outs)
    return {n: float(p / total) for n, p in outs}


class _Hard:
    NAME = NAME

    def choose(self, race: Any, rng: random.Random) -> Any:
        game, state = race.game, race.state
        if state.phase is not Phase.TURN:
            return nav.choose(race, rng)
        legal = race.legal_actions()
        if legal == [GiveUp()]:
            return legal[0]
        banned: set = set()
        for _ in range(6):
            plan = _Planner(game, state).best(banned)
            if plan is None:
                break
            if race.why_not(plan[0]) is None:
                return plan[0]
            banned.add(plan[0])
        return rng.choice(legal)


HARD = _Hard()


class _Planner:
    def __init__(self, game: Any, state: Any) -> None:
        self.game, self.state = game, state
        self.turn = turn = state.turn
        self.me = state.boats[turn.seat]
        self.wind = state.wind
        self.f = field(game, state.wind)
        self.shifts = shift_odds(game)
        self.legs = legs_odds(game)
        self.mean_legs = sum(n * p for n, p in self.legs.items())
        self.still = self.shifts.get(0, 1.0)
        self.rng = random.Random(0)
        others = frozenset(b.at for b in state.boats if b.afloat and b.seat != self.me.seat)
        self.ctx = nav._Ctx(game, state, self.f, others, turn.legs, self.rng)
        self.fields = {dw: field(game, compass.turn(state.wind, dw)) for dw in self.shifts}
        self._spin: dict = {}
        key = (id(game), state.round, state.wind, state.legs, state.queue, self.me.seat,
               tuple(b for b in state.boats if b.seat != self.me.seat))
        if _RIVALS.get("key") != key:          # the same for every decision of the turn
            _RIVALS.clear()
            _RIVALS["key"], _RIVALS["rivals"] = key, self._rivals()
        self.rivals = _RIVALS["rivals"]

    # -- the other yachts ------------------------------------------------------------------
    def _rivals(self) -> list[tuple]:
        """(boat, sails this round, {legs: (chance, expected ending, spinnaker)}, weight)."""
        state, me = self.state, self.me
        after = set(state.queue[1:])
        mine = self.f.value(me.at, stage_of(me, self.game), me.tack if self.game.advanced else None)
        out = []
        for b in state.boats:
            if b.seat == me.seat or not b.afloat:
                continue
            now = b.seat in after
            odds = {state.legs: 1.0} if now else self.legs
            ends = {}
            for n, p in odds.items():
                ends[n] = (p, self._predict(b, n))
            theirs = self.f.value(b.at, stage_of(b, self.game), b.tack if self.game.advanced else None)
            weight = 1.0 if theirs <= mine else BEHIND_SHARE
            out.append((b, now, ends, weight))
        return out

    def _predict(self, b: Any, legs: int) -> list[tuple[float, Any, bool]]:
        """Where the navigator would end a turn of ``legs`` legs for yacht ``b`` (this yacht
        left out of the way), and whether it would fly a spinnaker: its best endings, those
        it values alike (it draws between them) equally likely."""
        game, state = self.game, self.state
        if b.lose_turn:
            return [(1.0, b.at, b.spinnaker)]
        boats = tuple(x.with_(at=None) if x.seat == self.me.seat else x for x in state.boats)
        st = state.with_(boats=boats, phase=Phase.TURN, legs=legs,
                         turn=Turn(seat=b.seat, legs=legs, start=b))
        others = frozenset(x.at for x in boats if x.afloat and x.seat != b.seat)
        ctx = nav._Ctx(game, st, self.f, others, legs, self.rng)
        sim = nav._Sim(b.at, stage_of(b, game), b.tack if game.advanced else None, b.heading,
                       b.luffing, b.spinnaker, b.puffs, 0, False, False, False, False, False)
        ends: dict = {}
        _walk(ctx, legs, sim, set(), [], ends, set())
        if not ends:
            return [(1.0, b.at, b.spinnaker)]
        scored = [(ctx.score(e), e) for e, _ in ends.values()]
        low = min(v for v, _ in scored)
        near = [e for v, e in scored if v <= low + TIE]
        return [(1.0 / len(near), None if e.legs_in else e.at, e.spin) for e in near]

    # -- the turn ----------------------------------------------------------------------------
    def best(self, banned: set) -> list | None:
        turn, me = self.turn, self.me
        sim = nav._Sim(me.at, stage_of(me, self.game), me.tack if self.game.advanced else None,
                       me.heading, me.luffing, me.spinnaker, me.puffs, turn.used, turn.puffed,
                       turn.luffed, turn.last_heading, turn.sail_changed, turn.moved)
        ends: dict = {}
        seen: set = set()
        for a, nxt, segs in self.ctx.options(sim, set(turn.segments)):
            if a in banned:
                continue
            _walk(self.ctx, self.turn.legs, nxt, segs, [a], ends, seen)
        best = None
        for s, path in ends.values():
            v = self.score(s)
            if best is None or v < best[0]:
                best = (v, path)
        return None if best is None else best[1]

    def score(self, s) -> float:
        if s.legs_in:
            return -100.0 + s.legs_in
        game, ctx = self.game, self.ctx
        v = 0.0
        for dw, p in self.shifts.items():
            v += p * self._togo(s, dw)
        if s.jumped or (s.stage == 0 and ctx.prestart):
            v += nav.GUN
        v += nav.PUFF_COST * (self.me.puffs - s.puffs)
        v += self._blankets(s)
        if game.advanced:
            v += self._protest(s)
        return v + self.rng.random() * 1e-3

    def _togo(self, s, dw: int) -> float:
        """Legs to go from ending ``s`` if the wind shifts ``dw`` before the next round."""
        f = self.fields[dw]
        w = f.wind
        tack = s.tack
        extra = 0.0
        if self.game.advanced and s.heading is not None:
            if compass.off_wind(s.heading, w) == LUFFING or s.luffing:
                extra += nav.LUFF_RECOVER
                if not s.luffing or compass.off_wind(s.heading, w) == LUFFING:
                    return extra + min(f.value(s.at, s.stage, t) for t in ("port", "starboard"))
            tack = ask.tack_after(s.heading, w, s.tack)
        elif s.luffing:
            extra += nav.LUFF_RECOVER
        here = f.value(s.at, s.stage, tack)
        if s.spin and not self._spin_pays(f, s.at, s.stage, tack, here):
            extra += nav.SPIN_DOWN
        return extra + here

    def _spin_pays(self, f, at, stage, tack, here) -> bool:
        """Whether a leg under the spinnaker (a broad reach or run) gains from ``at``."""
        key = (f.wind, at, stage, tack)
        if key not in self._spin:
            ok = False
            for d in range(8):
                if compass.off_wind(d, f.wind) not in (BROAD, RUNNING):
                    continue
                nt = f.leg_ok(d, tack)
                if nt is False:
                    continue
                r = f.walk(at, d, f.speed(d) + 1, stage)
                if r is not None and (r[1] == -1 or f.value(r[0], r[1], nt) < here):
                    ok = True
                    break
            self._spin[key] = ok
        return self._spin[key]

    def _protest(self, s) -> float:
        """Advanced game: the expected cost of ending in the path of a right-of-way yacht.
        "When a player ends a turn on a space directly in the path of a right-of-way
        yacht, he has failed to keep clear if the player with right of way reaches the
        occupied space within his next turn": reaching is sailing straight on along its
        heading for the legs of its next turn, so the chance is the die's (legs and wind)
        for a yacht that sails in the next round, certain or nil for one still to sail in
        this one (its legs known)."""
        game, state = self.game, self.state
        me = self.me.with_(at=s.at, heading=s.heading, tack=s.tack, luffing=s.luffing,
                           tacking=s.last_heading or s.luffing, spinnaker=s.spin,
                           premature=s.stage == 0)
        after = set(state.queue[1:])
        if game.penalty == "disqualify":
            price = nav.PROTEST["disqualify"]
        else:                                   # the legs taken back and a turn forfeited
            price = self.turn.legs + self.mean_legs
        risk = 0.0
        for b in state.boats:
            if b.seat == me.seat or not b.afloat or b.heading is None or b.luffing:
                continue
            k = ask.ahead(b, s.at)
            if not k or ask.must_keep_clear(game, state, me, b) is None:
                continue
            if not self._clear(b, k):
                continue
            if b.seat in after:
                odds = [(0, 1.0, state.legs)]
            else:
                odds = [(dw, p * q, n) for dw, p in self.shifts.items() for n, q in self.legs.items()]
            for dw, p, n in odds:
                w = compass.turn(state.wind, dw)
                if compass.off_wind(b.heading, w) == LUFFING:
                    continue
                if k <= n * spaces(game.eq, b.heading, w, b.spinnaker):
                    risk += p * price
        return risk

    def _clear(self, b, k: int) -> bool:
        """Nothing stands in ``b``'s way for the ``k - 1`` spaces before the space ahead."""
        x, y = b.at
        occupied = self.ctx.others
        for _ in range(k - 1):
            x, y = compass.step(x, y, b.heading)
            if (x, y) in occupied or (x, y) in self.game.course.obstacles:
                return False
        return True

    def _blankets(self, s) -> float:
        """The legs this ending is expected to lose to blanketing, less the rivals' legs it
        is expected to take."""
        w = self.wind
        up1 = compass.step(s.at[0], s.at[1], w)
        up2 = compass.step(up1[0], up1[1], w)
        cost = 0.0
        for b, now, ends, weight in self.rivals:
            # my wind on theirs: judged as their turn begins, from where they stand now
            if s.at == compass.step(b.at[0], b.at[1], w):
                blanketed = True
                lost = self.state.legs if now else self.mean_legs
                cost -= BLANKET_GAIN * weight * lost * (1.0 if now else self.still)
            elif s.spin and s.at == compass.step(*compass.step(b.at[0], b.at[1], w), w):
                blanketed = False
                cost -= BLANKET_GAIN * weight * 1.0 * (1.0 if now else self.still)
            else:
                blanketed = False
            # their wind on mine: where they are expected to stand at my next turn
            for n, (p, guesses) in ends.items():
                for q, at, spin in guesses:
                    where = b.at if blanketed else at
                    if where is None:
                        continue
                    sure = p * q * self.still      # a shift moves the windward space
                    if where == up1:
                        cost += sure * self.mean_legs
                    elif spin and where == up2:
                        cost += sure * 1.0
        return cost
