"""What a Weather Eye card is worth to a boat: where to lay one, and which way to drift.

Rule text: a Weather Eye card's influence "extends to any boat that can, at the start of
its turn, place the Weather Eye Ruler in a way that it touches both the card and the boat
or its manoeuvre card"; under it "you may move [the manoeuvre card] sideways as far as
you wish, as long as the bow still points into the '+' zone"; "A boat can only get one
Weather Eye advantage"; and "The last player in the round moves all Weather Eye cards
downwind by one or two full card lengths (his choice)".

The measure here, in rounds on the scale of the coach's figures (``value``, the rounds
to the finish from a place):

* Each boat is assumed to hold its course for a few rounds (``HORIZON``): at the start
  of its turn ``k`` rounds on it has sailed ``k - 1`` moves along its heading (a boat
  laying or drifting a card has already moved this round), at the pace of the chart's
  straightest card on that point of sail; in front of its bow next turn the card it has
  laid (none, or the delay card: no shift), later the card with the widest shift that
  fits the heading.
* The cards drift one card length a round after this one (the drift the last player
  picks now, at the drift step); fixed cards of the course do not drift; a card that
  drifts off the water is gone.
* Whether the card is in reach at the start of each of those turns is the engine's own
  test (:func:`~dinghy.games.dinghy_race.weather_eye.weather_eye_shift`); each turn in
  reach is worth the better sideways shift of the move that turn (to either side, as far
  as the card's "+" zone allows): the rounds from where the move would end, less the
  rounds from where the shifted move ends.
* Other boats that come within reach on their own courses are named: they may use the
  card too.

It is a forecast, not a rule: the engine decides every shift when it is sailed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack, off_wind, points_of_sail
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Drift, Pass, WeatherEye
from dinghy.games.dinghy_race.memo import per_object
from dinghy.games.dinghy_race.state import WeatherEyeCard
from dinghy.games.dinghy_race.weather_eye import (beyond_ruler, drifted, in_ruler_reach, ruler_target,
                                                  weather_eye_shape)
from dinghy.skippers.dinghy_race.batch import PRESTART_ROUNDS

#: rounds a boat is assumed to hold its course
HORIZON = 4
#: the forecast gain (rounds) below which a card is not worth laying
WORTH = 0.05

#: ``value(poses, tacks)``: rounds to the finish for the acting boat left at each pose
Value = Callable[[Sequence[Pose], Sequence[Tack]], np.ndarray]


@dataclass(frozen=True)
class EyeForecast:
    """What Weather Eye cards are expected to give a boat over the next rounds."""

    gain: float                     # rounds the acting boat gains
    first: int | None               # in how many rounds it first has the card in reach
    others: tuple[int, ...]         # other boats that come within reach on their courses


def _pace(ch, heading: int) -> float:
    """Distance a boat sails in one move on this heading (the chart's straightest card)."""
    return ch.v_ch if off_wind(heading, ch.wind) < 90 else ch.v_re


def _track(game, ch, boat) -> list[Pose]:
    """Where ``boat``'s bow is at the start of each of its next ``HORIZON`` turns, holding
    its course (``[k - 1]``: ``k`` rounds on); it stops at the edge of the water."""
    h = boat.pose.heading
    hr = math.radians(h)
    step = _pace(ch, h)
    out = []
    for k in range(HORIZON):
        p = Pose(boat.pose.x + math.sin(hr) * step * k, boat.pose.y + math.cos(hr) * step * k, h)
        if out and not game.area.contains(game.hull(p, boat.tack)):
            break
        out.append(p)
    return out


def _card_of(game, boat, k: int):
    """The card in front of the bow at the start of the boat's turn ``k`` rounds on, that
    the reach is measured from and whose "+" zone gives the shift: next turn the card it
    has laid (None: dead in the water, no move to shift); later, the card of the set
    with the widest shift that fits the heading."""
    if k == 1:
        return None if boat.planned is None else game.cards.types[boat.planned]
    sails = points_of_sail(boat.pose.heading, game.wind_from)
    fits = [c for c in game.cards.types.values()
            if c.plus_zone and c.exits and (c.fits is None or sails & c.fits)
            and (c.tack is None or c.tack is boat.tack)]
    return max(fits, key=game.cards.shift_limit, default=None)


class _Sky:
    """The reach tests of one race state, kept while it is weighed: the same boats on the
    same tracks meet the same (drifted) cards again in every forecast of a decision (each
    place tried for a new card, each drift), and the coach's figures ask again. A turn's
    shift is the engine's own test (``weather_eye_shift``: the card in front of the bow
    at the start of that turn, any card in reach giving the shift), taken apart so that
    each card's reach of each boat's turn is judged once."""

    def __init__(self, game, state) -> None:
        self.game, self.state = game, state
        self.tracks: dict = {}          # the chart -> every boat's track (:func:`_tracks`)
        self._targets: dict = {}        # (boat, k, pose) -> [shift limit, boat there, card, ruler target]
        self._drifted: dict = {}        # (card, flips) -> the card drifted, or None (off the water)
        self._hits: dict = {}           # (boat, k, pose, card) -> in reach

    def tracks_of(self, ch) -> dict[int, list[Pose]]:
        got = self.tracks.get(id(ch))
        if got is None or got[0] is not ch:
            got = self.tracks[id(ch)] = (ch, {b.index: _track(self.game, ch, b) for b in self.state.boats
                                              if b.launched and b.racing})
        return got[1]

    def eyes_at(self, eyes: Sequence[WeatherEyeCard], flips: int, k: int) -> tuple[WeatherEyeCard, ...]:
        """The cards at the start of the turn ``k`` rounds on: drifted ``flips`` now and one
        card length a round after that (those that drift off the water gone)."""
        out = []
        for we in eyes:
            if we.owner is None:
                out.append(we)
                continue
            key = (we, flips + k - 1)
            if key not in self._drifted:
                self._drifted[key] = drifted(self.game, we, flips + k - 1)
            moved = self._drifted[key]
            if moved is not None:
                out.append(moved)
        return tuple(out)

    def reach(self, boat, track: list[Pose], eyes, flips: int) -> list[float]:
        """The sideways shift (mm) the cards allow the boat at the start of each turn on its
        track (0 where none is in reach)."""
        game = self.game
        out = []
        for k, pose in enumerate(track, 1):
            at = (boat.index, k, pose)
            target = self._targets.get(at)
            if target is None:
                card = _card_of(game, boat, k)
                limit = game.cards.shift_limit(card) if card is not None else 0.0
                b = boat.with_(pose=pose, tack=dr.tack_of(pose.heading, game.wind_from, boat.tack)) if limit else None
                target = self._targets[at] = [limit, b, card, None]
            limit, b, card, _shape = target
            if not limit:
                out.append(0.0)
                continue
            hit = False
            for we in self.eyes_at(eyes, flips, k):
                key = at + (we,)
                h = self._hits.get(key)
                if h is None:
                    h = False
                    if not beyond_ruler(game, we, b, card):
                        if target[3] is None:
                            target[3] = ruler_target(game, b, card)
                        h = in_ruler_reach(game, we, target[3])
                    self._hits[key] = h
                if h:
                    hit = True
                    break
            out.append(limit if hit else 0.0)
        return out


@per_object(maxsize=8)
def _sky(game, state) -> _Sky:
    return _Sky(game, state)


def _tracks(race, ch) -> dict[int, list[Pose]]:
    """Every boat's :func:`_track`, by index (the boats on the water)."""
    return _sky(race.game, race.state).tracks_of(ch)


def _kept(value: Value) -> Value:
    """``value`` answering the same poses (the same turns of the same shifts) once."""
    memo: dict = {}

    def kept(poses, tacks):
        key = (tuple(poses), tuple(tacks))
        got = memo.get(key)
        if got is None:
            got = memo[key] = np.asarray(value(poses, tacks), float)
        return got
    return kept


def forecast(race, ch, value: Value, eyes: Sequence[WeatherEyeCard], flips: int,
             tracks: dict[int, list[Pose]] | None = None) -> EyeForecast:
    """What ``eyes`` (every Weather Eye card that counts) are worth to the acting boat,
    drifted ``flips`` card lengths at the end of this round (see the module's text);
    ``tracks``: the boats' :func:`_tracks`, where the caller has them."""
    game, state = race.game, race.state
    boat = state.boat()
    sky = _sky(game, state)
    if tracks is None:
        tracks = sky.tracks_of(ch)
    track = tracks.get(boat.index) or _track(game, ch, boat)
    shifts = sky.reach(boat, track, eyes, flips)
    gain, first = 0.0, None
    used = [k for k, s in enumerate(shifts) if s > 0]
    if used:
        first = used[0] + 1
        step = _pace(ch, boat.pose.heading)
        hr = math.radians(boat.pose.heading)
        fx, fy = math.sin(hr), math.cos(hr)
        rx, ry = math.cos(hr), -math.sin(hr)            # to starboard of the bow
        poses, tacks = [], []
        for k in used:
            s = shifts[k]
            ex, ey = track[k].x + fx * step, track[k].y + fy * step      # where the move ends
            for side in (0.0, 1.0, -1.0):
                poses.append(Pose(ex + side * s * rx, ey + side * s * ry, boat.pose.heading))
                tacks.append(boat.tack)
        v = np.asarray(value(poses, tacks), float).reshape(len(used), 3)
        v = np.where(np.isfinite(v), v, np.inf)
        per_turn = v[:, 0] - v[:, 1:].min(1)
        gain = float(np.clip(np.where(np.isfinite(per_turn), per_turn, 0.0), 0.0, None).sum())
    others = []
    for b in state.boats:
        if b.index == boat.index or not (b.launched and b.racing):
            continue
        if any(s > 0 for s in sky.reach(b, tracks[b.index], eyes, flips)):
            others.append(b.index)
    return EyeForecast(gain, first, tuple(others))


def drift_forecasts(race, ch, value: Value) -> dict[Drift, EyeForecast]:
    """The drift step: what each drift the last player may pick leaves this boat."""
    eyes, tracks, value = race.state.weather_eyes, _tracks(race, ch), _kept(value)
    return {Drift(f): forecast(race, ch, value, eyes, f, tracks) for f in (1, 2)}


def keeps_card(state, boat) -> bool:
    """Whether the boat keeps its Weather Eye card whatever the forecast: it has none,
    it is before the gun, or it has not crossed the start line yet (the skippers lay
    cards on the course to the marks, which a boat short of the line is not sailing).
    The hard skipper and the coach both ask this, so the coach offers what the
    skipper would do."""
    return boat.weather_eye <= 0 or not boat.started or state.round <= PRESTART_ROUNDS


def spots(race, ch, value: Value, n: int = 3) -> list[tuple[WeatherEye, EyeForecast]]:
    """Up to ``n`` places to lay a Weather Eye card, the most rounds gained first (none
    worth less than ``WORTH``), no two overlapping (each its own ghost): the card
    laid where it drifts into reach of the boat's course one to ``HORIZON`` rounds on,
    upwind of the card in front of the bow there or beside it, either side along the wind.
    Each is a place the engine allows."""
    game, state = race.game, race.state
    boat = state.boat()
    L, W = game.cards.card_length, game.cards.card_width
    up = np.asarray(game.upwind, float)
    tracks, value = _tracks(race, ch), _kept(value)
    track = tracks.get(boat.index) or _track(game, ch, boat)
    card = _card_of(game, boat, 1) or _card_of(game, boat, 2)
    if card is None:            # no card that a shift helps, now or on this heading
        return []
    hr = math.radians(boat.pose.heading)
    fx, fy, rx, ry = math.sin(hr), math.cos(hr), math.cos(hr), -math.sin(hr)
    ahead = card.along / 2.0                              # the card's middle, ahead of the bow
    tried: list[WeatherEye] = []
    for k, p in enumerate(track, 1):
        cx, cy = p.x + fx * ahead, p.y + fy * ahead          # the card in front of the bow then
        for along in (True, False):
            d = (L if along else W) * k
            for sx in (0.0, 0.75 * L, -0.75 * L):
                x, y = cx + up[0] * d + rx * sx, cy + up[1] * d + ry * sx
                tried.append(WeatherEye(round(float(x), 1), round(float(y), 1), along))
    found: list[tuple[WeatherEye, EyeForecast]] = []
    mine = tuple(state.weather_eyes)
    # one advantage a turn: a new card is worth what it adds to the cards already out
    alone = forecast(race, ch, value, mine, 1, tracks).gain if mine else 0.0
    for act in dict.fromkeys(tried):
        if race.why_not(act) is not None:
            continue
        we = WeatherEyeCard(act.x, act.y, act.long_side_along_wind, boat.index)
        gain = forecast(race, ch, value, mine + (we,), 1, tracks).gain - alone if mine else None
        f = forecast(race, ch, value, (we,), 1, tracks)         # when this card is in reach, and whose
        f = EyeForecast(f.gain if gain is None else gain, f.first, f.others)
        if f.gain >= WORTH:
            found.append((act, f))
    found.sort(key=lambda af: (-round(af[1].gain, 2), len(af[1].others), af[1].first or 0, af[0].text()))
    out: list[tuple[WeatherEye, EyeForecast]] = []
    shapes = []
    for act, f in found:
        shape = weather_eye_shape(game, WeatherEyeCard(act.x, act.y, act.long_side_along_wind, boat.index))
        if any(shape.intersects(o) for o in shapes):
            continue
        out.append((act, f))
        shapes.append(shape)
        if len(out) >= n:
            break
    return out


# -- the coach's words and figures ------------------------------------------------------------

def note(race, f: EyeForecast) -> str | None:
    """"in reach in 2 rounds; Blue too": when a card comes within reach of the boat
    holding its course, and the boats that may use it too (short: it is said on the
    water beside the card)."""
    if f.first is None:
        return None
    words = f"in reach in {f.first} round{'s' if f.first > 1 else ''}"
    if f.others:
        words += f"; {', '.join(race.game.name(i) for i in f.others)} too"
    return words


def lay_choices(race, ch, value: Value, now: float):
    """Laying a Weather Eye card: the places of :func:`spots`, each at the rounds to the
    finish (``now``) less the rounds it gains; keeping the card at ``now``. Returns the
    (figure, action) pairs and each action's note."""
    scored: list[tuple[float, object]] = []
    notes: dict[object, str | None] = {}
    if not keeps_card(race.state, race.state.boat()):
        for act, f in spots(race, ch, value):
            scored.append((max(now - f.gain, 0.0), act))
            notes[act] = note(race, f)
    scored.append((now, Pass()))
    return scored, notes


def drift_choices(race, ch, value: Value, now: float):
    """Drifting the cards one or two card lengths: the rounds to the finish less what
    the cards are forecast to give the boat after each; the (figure, action) pairs and
    each action's note."""
    scored: list[tuple[float, object]] = []
    notes: dict[object, str | None] = {}
    for act, f in drift_forecasts(race, ch, value).items():
        scored.append((max(now - f.gain, 0.0), act))
        notes[act] = note(race, f) or "none in reach"
    return scored, notes
