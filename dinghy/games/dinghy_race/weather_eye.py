"""Weather Eye cards: the sideways shift they give, where they may be put (and the
places near the boat a table offers for them), and their drift downwind at the end of
each round."""
from __future__ import annotations

import math

import numpy as np
from shapely.geometry import Polygon

from dinghy.core import caches
from dinghy.core.geometry import Pose, shape_at
from dinghy.core.interface import Event
from dinghy.games.dinghy_race.actions import Drift, Pass, WeatherEye
from dinghy.games.dinghy_race.bounds import local_boxes, quick_box, turned_box
from dinghy.games.dinghy_race.cards import CardType
from dinghy.games.dinghy_race.common import EPS, say, lines_on_water, prestart
from dinghy.games.dinghy_race.rounds import end_turn, new_round
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, WeatherEyeCard
from dinghy.games.dinghy_race.table import Table


def weather_eye_shift(game: Table, state: RaceState, boat: Boat, card: CardType) -> float:
    """How far a Weather Eye card lets this boat shift its manoeuvre card sideways.

    Rule text: influence "extends to any boat that can, at the start of its turn, place
    the Weather Eye Ruler in a way that it touches both the card and the boat or its
    manoeuvre card"; "A boat can only get one Weather Eye advantage".
    """
    limit = game.cards.shift_limit(card)
    if not limit or not state.weather_eyes:
        return 0.0
    eyes = [we for we in state.weather_eyes if not beyond_ruler(game, we, boat, card)]
    if not eyes:
        return 0.0
    shape = ruler_target(game, boat, card)
    return limit if any(in_ruler_reach(game, we, shape) for we in eyes) else 0.0


def ruler_target(game: Table, boat: Boat, card: CardType):
    """What the Weather Eye Ruler must touch at the start of the boat's turn: "the boat
    or its manoeuvre card" (``card`` in front of its bow), as one shape."""
    return game.hull(boat.pose, boat.tack).union(game.card_shape(boat.pose, card, boat.tack))


def in_ruler_reach(game: Table, we: WeatherEyeCard, target) -> bool:
    """Whether the Weather Eye Ruler (one long card side) can touch both ``we`` and
    ``target`` (:func:`ruler_target`)."""
    return weather_eye_shape(game, we).distance(target) <= game.cards.card_length + EPS


def beyond_ruler(game: Table, we: WeatherEyeCard, boat: Boat, card: CardType) -> bool:
    """True when ``we`` is surely out of the ruler's reach of the boat and ``card`` in
    front of its bow (:func:`in_ruler_reach` would say no): their bounding boxes, each a
    hair wider than its shape (:func:`bounds.quick_box`), lie farther apart than the
    ruler reaches, and no two shapes lie nearer than their boxes. False: let the shapes
    judge (a card that is not the table's own is always left to them)."""
    if game.cards.types.get(card.key) is not card:
        return False
    p, t = boat.pose, boat.tack
    hx0, hy0, hx1, hy1 = quick_box(game, None, t, 0.0, p.x, p.y, p.heading)
    cx0, cy0, cx1, cy1 = quick_box(game, card.key, t, 0.0, p.x, p.y, p.heading)
    x0, y0, x1, y1 = min(hx0, cx0), min(hy0, cy0), max(hx1, cx1), max(hy1, cy1)
    ex0, ey0, ex1, ey1 = _eye_box(game, we)
    dx = max(0.0, ex0 - x1, x0 - ex1)
    dy = max(0.0, ey0 - y1, y0 - ey1)
    return math.hypot(dx, dy) > game.cards.card_length + EPS


def _eye_box(game: Table, we: WeatherEyeCard) -> tuple[float, float, float, float]:
    """A Weather Eye card's bounding box, a hair wider than its shape (as a quick box)."""
    boxes = local_boxes(game)
    key = ("weather eye", we.long_side_along_wind, game.wind_from)
    b = boxes.get(key)
    if b is None:
        b = boxes[key] = turned_box(_eye_outline(game, we.long_side_along_wind), game.wind_from)
    return (we.x + b[0], we.y + b[1], we.x + b[2], we.y + b[3])


def _eye_outline(game: Table, long_side_along_wind: bool) -> np.ndarray:
    L, W = game.cards.card_length, game.cards.card_width
    along, across = (L, W) if long_side_along_wind else (W, L)
    return np.array([[-across / 2, -along / 2], [across / 2, -along / 2],
                     [across / 2, along / 2], [-across / 2, along / 2]])


def weather_eye_shape(game: Table, we: WeatherEyeCard) -> Polygon:
    """The card on the water (kept per table and card: the rules and the skippers ask
    for the same cards again and again; a shape never changes)."""
    return caches.kept(game.__dict__.setdefault("_weather_eye_shapes", {}), we,
                       lambda: shape_at(Pose(we.x, we.y, game.wind_from), _eye_outline(game, we.long_side_along_wind)),
                       4096)


def why_not_weather_eye(game: Table, state: RaceState, act: WeatherEye,
                        boats: list[tuple[str, object]] | None = None) -> str | None:
    """Rule text: Weather Eye cards "may not touch a boat, manoeuvre card or buoy, and ...
    must have a distance of at least one ruler length from Weather Eye cards already in
    play"; the rules notes add: none before round 6. ``boats``: :func:`boat_shapes` of
    ``state`` when the caller asks about many places at once (made here otherwise)."""
    boat = state.boat()
    if boat.weather_eye <= 0:
        return "no Weather Eye cards left"
    if prestart(state):
        return "no Weather Eye cards before the start (round 6)"
    we = WeatherEyeCard(act.x, act.y, act.long_side_along_wind, boat.index)
    shape = weather_eye_shape(game, we)
    if not game.area.contains(shape):
        return "must lie inside the playing area"
    for name, g in game.obstacles(lines_on_water(game, state))[0]:
        if g.intersects(shape):
            return f"touches {name}"
    for reason, g in boats if boats is not None else boat_shapes(game, state):
        if g.intersects(shape):
            return reason
    for other in state.weather_eyes:
        if weather_eye_shape(game, other).distance(shape) < game.cards.card_length - EPS:
            return "must be at least one ruler length from other Weather Eye cards"
    return None


def boat_shapes(game: Table, state: RaceState) -> list[tuple[str, object]]:
    """What a Weather Eye card may not touch on the water of ``state``, boat by boat,
    each with the reason :func:`why_not_weather_eye` gives: the hull, then the card in
    front of the bow: face-up delay cards ("more than one delay cards may be placed
    face-up in front of your boat, replacing any card that may have been there"), as
    moves and right of way see them, else the planned card."""
    out = []
    for b in state.boats:
        if not (b.launched and b.racing):
            continue
        out.append((f"touches {game.name(b.index)}", game.hull(b.pose, b.tack)))
        key = game.delay_card.key if b.delays else (None if b.aside else b.planned)
        if key is not None:
            out.append((f"touches {game.name(b.index)}'s card" + (" (face-up delay cards)" if b.delays else ""),
                        game.card_shape(b.pose, game.cards.types[key], b.tack)))
    return out


#: How far round the boat the places a table offers for a Weather Eye card reach, in
#: card lengths: the ruler's reach (one card length) and a drift of one card length.
PLACES_REACH = 2.0


def weather_eye_places(game: Table, state: RaceState, long_side_along_wind: bool) -> list[tuple[float, float]]:
    """At the WEATHER_EYE step, the places round the acting boat where its card may lie
    turned so (:func:`why_not_weather_eye` finds nothing against it): a grid half a card
    length apart, centred on the bow, within :data:`PLACES_REACH` card lengths, each
    point to the tenth of a millimetre (as a ``WeatherEye`` action's text keeps it),
    row by row from the west; [] at any other step. The rule allows the card "anywhere
    on the playing surface"; these are the places a finger is offered near the boat,
    the ones a card can help it from."""
    if state.step is not Step.WEATHER_EYE:
        return []
    pose = state.boat().pose
    L = game.cards.card_length
    reach = PLACES_REACH * L
    n = int(PLACES_REACH * 2)
    boats = boat_shapes(game, state)
    out = []
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = pose.x + i * L / 2, pose.y + j * L / 2
            if math.hypot(x - pose.x, y - pose.y) > reach + 1e-9:
                continue
            at = (round(x, 1), round(y, 1))
            if why_not_weather_eye(game, state, WeatherEye(at[0], at[1], long_side_along_wind), boats) is None:
                out.append(at)
    return out


def do_weather_eye(game: Table, state: RaceState, act: WeatherEye | Pass, ev: list[Event]) -> RaceState:
    if isinstance(act, WeatherEye):
        boat = state.boat()
        we = WeatherEyeCard(act.x, act.y, act.long_side_along_wind, boat.index)
        state = state.with_boat(boat.with_(weather_eye=boat.weather_eye - 1))
        state = state.with_(weather_eyes=state.weather_eyes + (we,))
        say(ev, "weather_eye", boat.index, f"{game.name(boat.index)} puts a Weather Eye card on the water")
    return end_turn(game, state, ev)



def drifted(game: Table, we: WeatherEyeCard, flips: int) -> WeatherEyeCard | None:
    """``we`` flipped over its downwind edge ``flips`` times (one card length each, along
    the side that lies along the wind); None where it has left the playing area."""
    L, W = game.cards.card_length, game.cards.card_width
    step = (L if we.long_side_along_wind else W) * flips
    down = -game.upwind
    moved = WeatherEyeCard(we.x + down[0] * step, we.y + down[1] * step, we.long_side_along_wind, we.owner)
    return moved if game.area.contains(weather_eye_shape(game, moved)) else None


def do_drift(game: Table, state: RaceState, act: Drift, ev: list[Event]) -> RaceState:
    """"The last player in the round moves all Weather Eye cards downwind by one or two
    full card lengths (his choice) ... When a weather eye card exits the playing area,
    remove it from the game"."""
    kept = []
    for we in state.weather_eyes:
        if we.owner is None:
            kept.append(we)
            continue
        moved = drifted(game, we, act.flips)
        if moved is not None:
            kept.append(moved)
        else:
            say(ev, "weather_eye", None, "a Weather Eye card drifts out of the playing area")
    say(ev, "drift", state.active, f"Weather Eye cards drift {act.flips} flip(s) downwind")
    return new_round(game, state.with_(weather_eyes=tuple(kept)), ev)
