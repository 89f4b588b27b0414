"""Launching: where to put the boat on the water before the start (the engine's
suggested slots, or free spots of its own when those are taken), weighed by the
pre-start estimate, a close-hauled card across the wind, and room from where the other
boats will be after their launch cards (:class:`Launching`, a part of
:class:`~dinghy.skippers.dinghy_race.core.Skipper`)."""
from __future__ import annotations

import math

import numpy as np

from dinghy.core.race import Race
from dinghy.core.wind import tack_of
from dinghy.games.dinghy_race.actions import Action, Launch
from dinghy.skippers.dinghy_race.batch import Batch, off_wind_deg, tack_sign
from dinghy.skippers.dinghy_race.brain import Chart, chart_of


class Launching:
    """The launching decision of :class:`~dinghy.skippers.dinghy_race.core.Skipper` (a part of it)."""

    def launch(self, race: Race, rng) -> Action:
        state = race.state
        legal = race.legal_actions()
        ch = chart_of(race.game)
        boat = state.boat()
        if not legal:
            legal = self._free_launches(race, ch)
        xs = np.array([a.x for a in legal], float)
        ys = np.array([a.y for a in legal], float)
        hs = np.array([a.heading for a in legal])
        ts = np.array([tack_sign(tack_of(a.heading, ch.wind, boat.tack)) for a in legal])
        n = len(legal)
        B = Batch(xs, ys, hs, ts, np.zeros(n, bool), np.zeros(n, np.int64), np.full(n, -99),
                  np.zeros(n, bool), np.zeros(n, bool), np.full(n, -1), np.zeros(n, np.int64),
                  np.zeros(n, np.int64), np.zeros(n), xs.copy(), ys.copy())
        v, tx, ty = ch.prestart_value(B, max(1, state.round), self.slot(race, boat.index))
        # close-hauled, as the old hands do: the card lies across the wind and leaves
        # the next slot free for the next boat
        off = off_wind_deg(hs, ch.wind)
        v = v + np.where(off == 45, 0.0, 0.3) + self.launch_bias(race, ch, B)
        others = [b for b in state.boats if b.launched and b.index != boat.index and b.racing]
        if others:
            # the launch card is sailed in round 1 whatever happens: where will we all be?
            step = ch.v_ch
            hr = np.radians(hs)
            fx, fy = xs + step * np.sin(hr), ys + step * np.cos(hr)
            d = np.full(n, np.inf)
            for b in others:
                br = math.radians(b.pose.heading)
                ox, oy = b.pose.x + step * math.sin(br), b.pose.y + step * math.cos(br)
                d = np.minimum(d, np.minimum(np.hypot(xs - b.pose.x, ys - b.pose.y), np.hypot(fx - ox, fy - oy)))
                d = np.minimum(d, np.hypot(fx - b.pose.x, fy - b.pose.y))
            v = v + 3.0 * np.maximum(0.0, 1.0 - d / (2.0 * ch.L))
        jitter = np.array([rng.random() for _ in range(n)]) * 1e-6
        return legal[int(np.argmin(v + jitter))]

    def launch_bias(self, race: Race, ch: Chart, B: Batch) -> np.ndarray | float:
        """Turns a skipper adds to each launch position (a hook: none here)."""
        return 0.0

    @staticmethod
    def _free_launches(race: Race, ch: Chart) -> list[Launch]:
        """Launch positions of our own when the engine's suggested slots are all taken:
        any free spot downwind of the line (nearest the line's middle first)."""
        game, state = race.game, race.state
        (ax, ay), (bx, by) = game.start_line
        deepest = max((game.leeward_depth(*b.pose.xy) for b in state.boats
                       if b.launched and b.racing and b.index != state.active), default=0.0)
        key = game.cards.delay_key() if state.round > 0 else None
        low = deepest + ch.L if state.round > 0 else 0.9 * ch.L
        out = []
        for k in range(24):
            depth = low + k * 0.35 * ch.L
            for i in range(-6, 19):
                t = (i + 0.5) / 13
                x = ax + (bx - ax) * t - ch.upx * depth
                y = ay + (by - ay) * t - ch.upy * depth
                for off in (45, -45, 90, -90):
                    h = (ch.wind + off) % 360
                    tack = tack_of(h, ch.wind, state.boat().tack)
                    card = key or (f"close_hauled.{tack.value}" if abs(off) == 45 else f"reach.{tack.value}")
                    act = Launch(round(float(x), 1), round(float(y), 1), h, card)
                    if race.why_not(act) is None:
                        out.append(act)
            if len(out) >= 4:
                return out
        if out:
            return out
        raise RuntimeError("no free launch position on the water")
