"""What every step of the Dinghy Race turn asks: the hand, the point of sail, whether
a card fits, the obstacles on the water, the start and finish lines while they are laid,
and the events that explain each ruling."""
from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import Polygon

from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.wind import PointOfSail, Tack, points_of_sail
from dinghy.games.dinghy_race.cards import CardType, Kind
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, fast_new
from dinghy.games.dinghy_race.bounds import others_box_lists, quick_box, touching
from dinghy.games.dinghy_race.convex import others_items, sure_hits
from dinghy.games.dinghy_race.table import ALL_LINES, Table, others as others_shapes

PRESTART_ROUNDS = 5
EPS = 1e-6


def say(events: list[Event], kind: str, boat: int | None, text: str) -> None:
    events.append(_event(kind, boat, text))


_event = fast_new(Event)     # Event(kind, boat, text), its slots filled directly



def hand(game: Table, boat: Boat, executed: str | None = None) -> dict[str, int]:
    """Cards in the player's hand: the full set less the card in front of the boat, the
    card ``executed`` this turn while the next is laid ("places a new card ... and then
    takes the card just executed back to his hand. This implies that you cannot use the
    same manoeuvre twice in succession if you have only one card for it"; see
    :func:`executed_card`), and the spi-up card while it marks "spi up" (rule text:
    "Take it back into your manoeuvre card deck after you have completed a spi down
    manoeuvre")."""
    counts = dict(game.cards.copies)
    if boat.planned is not None:
        counts[boat.planned] -= 1
    if executed is not None and executed in counts:
        counts[executed] -= 1
    spi = game.cards.key_of(Kind.SPI_UP)
    if boat.spi_up and spi is not None and boat.planned != spi:
        counts[spi] -= 1
    return {k: n for k, n in counts.items() if n > 0}


def executed_card(game: Table, state: RaceState, index: int) -> str | None:
    """The card boat ``index`` has executed this turn and not yet taken back: the card of
    the turn while the active boat lays its next one (None at any other time). Never the
    delay card: "When you reveal the card, simply remove it and end your turn by playing
    a new card" (it is taken back before the next card is laid, so it may follow itself)."""
    if index == state.active and state.step is Step.PLACE and state.turn.card is not None:
        if game.cards.types[state.turn.card].kind is not Kind.DELAY:
            return state.turn.card
    return None



def aspects(game: Table, pose: Pose) -> frozenset[PointOfSail]:
    return points_of_sail(pose.heading, game.wind_from)



def card_fits(game: Table, boat: Boat, card: CardType, trapeze: bool, round_: int) -> str | None:
    """Why ``card`` cannot be played by ``boat`` now, or None if it fits (the answer
    depends on the card, heading, tack, spinnaker, trapeze and whether the race has
    started, so the table's own cards are answered from a cache)."""
    if game.cards.types.get(card.key) is not card:
        return _card_fits(game, boat, card, trapeze, round_)
    key = (card.key, boat.pose.heading, boat.tack, boat.spi_up, bool(trapeze), round_ <= PRESTART_ROUNDS)
    cache = game.__dict__.setdefault("_card_fits_cache", {})
    if key not in cache:
        cache[key] = _card_fits(game, boat, card, trapeze, round_)
    return cache[key]


def _card_fits(game: Table, boat: Boat, card: CardType, trapeze: bool, round_: int) -> str | None:
    asp = aspects(game, boat.pose)
    if card.kind is Kind.DELAY:
        return None
    if PointOfSail.IN_IRONS in asp:
        return "in irons: only the delay card fits"
    if card.fits is not None and not (card.fits & asp):
        where = " or ".join(sorted(a.value.replace("_", "-") for a in asp))
        return f"{card.name} needs {card.describe_fit()}; the boat is {where}"
    if card.tack is not None and card.tack is not boat.tack:
        return f"{card.name} is for the {card.tack.value} tack; the boat is on {boat.tack.value} tack"
    if card.trapeze and not trapeze:
        return f"{card.name} needs trapezing"
    if card.kind is Kind.SPI_UP:
        if boat.spi_up:
            return "the spinnaker is already up"
        if round_ <= PRESTART_ROUNDS:
            return "no spinnaker before the start (round 6)"
    return None



def others(state: RaceState, index: int) -> list[Boat]:
    return [b for b in state.boats if b.index != index and b.launched and b.racing]



def boat_obstacles(game: Table, state: RaceState, index: int) -> list[tuple[Boat, Polygon]]:
    o = others_shapes(game, state.boats, index)
    return [(state.boats[i], g) for i, g in zip(o.hull_boats, o.hulls)]



def card_obstacles(game: Table, state: RaceState, index: int) -> list[tuple[Boat, Polygon]]:
    o = others_shapes(game, state.boats, index)
    return [(state.boats[i], g) for i, g in zip(o.card_boats, o.cards)]



def fixed_hit(game: Table, shape: Polygon, edge: bool = True,
              lines: tuple[bool, bool] = ALL_LINES) -> str | None:
    """Name of the fixed obstacle (mark, buoy, land, edge of the water) ``shape`` touches."""
    return game.fixed_hits(np.array([shape], dtype=object), edge, lines)[0]



def lines_on_water(game: Table, state: RaceState) -> tuple[bool, bool]:
    """Which lines (and their buoys) are on the water: the start line until the last boat
    has started, the finish line once the first boat sails its last leg. (The answer
    for the last fleet asked about is kept: a step asks it several times.)"""
    boats, places = state.boats, state.places
    last = game.__dict__.get("_lines_on_water")
    if last is not None and last[0] is boats and last[1] == places:
        return last[2]
    start = any(b.racing and not b.started for b in boats)
    legs = len(game.course.legs)
    finish = bool(places) or any(b.started and b.legs_done >= legs for b in boats)
    game.__dict__["_lines_on_water"] = (boats, places, (start, finish))
    return (start, finish)



def prestart(state: RaceState) -> bool:
    return state.round <= PRESTART_ROUNDS



def touches_start_zone(game: Table, shape: Polygon) -> bool:
    """Before round 6 boats and cards must stay downwind of the start line."""
    coords = shapely.get_coordinates(shape)
    a = np.array(game.start_line[0])
    return bool(((coords - a) @ game.upwind >= -EPS).any())



def move_shape(game: Table, boat: Boat, card: CardType, end: Pose, end_tack: Tack,
               shift: float, bonus: Pose | None = None) -> Polygon:
    """The table the move sweeps: the card (shifted), and the hull where it ends."""
    parts = [game.card_shape(boat.pose, card, boat.tack, shift), game.hull(end, end_tack)]
    if bonus is not None:
        parts.append(shapely.convex_hull(shapely.union(game.hull(end, end_tack),
                                                       game.hull(bonus, end_tack))))
    return shapely.union_all(parts)



def room_ahead(game: Table, pose: Pose, tack: Tack) -> Polygon:
    """Where the next card will lie: the delay card's footprint in front of the bow.

    "Boats and the manoeuvre cards placed in front of them may never touch fixed
    obstacles ... If a boat comes into a situation where it would violate this rule, it
    must stop one card length (short side) short of the obstacle".  A move that leaves
    no room for even the delay card (which fits any point of sail) before a mark, land or
    the edge therefore counts as running into it.
    """
    return game.card_shape(pose, game.delay_card, tack)



def path_blocker(game: Table, state: RaceState, boat: Boat, shape: Polygon,
                  edge: bool = True) -> str | None:
    hit = fixed_hit(game, shape, edge, lines_on_water(game, state))
    if hit:
        return hit
    for b, g in boat_obstacles(game, state, boat.index):
        if g.intersects(shape):
            return game.name(b.index)
    return None



def card_near_boats(game: Table, state: RaceState, boat: Boat, card: CardType) -> tuple[bool, bool]:
    """Whether the table's ``card`` laid in front of the bow may touch another boat's
    hull, and another boat's card: False means certainly not (their bounding boxes are
    apart), True that shapely must judge."""
    p = boat.pose
    box = quick_box(game, card.key, boat.tack, 0.0, p.x, p.y, p.heading)
    hulls, cards = others_box_lists(game, state.boats, boat.index)
    return touching(box, hulls), touching(box, cards)


def placement_blocked(game: Table, state: RaceState, boat: Boat, card: CardType) -> str | None:
    """The boat that keeps a card from lying in front of the bow (it is then held aside).

    Rule text: "When the player ... would be forced to play his manoeuvre card for the
    next turn on top of another boat, he places the card beside the boat".
    """
    if game.cards.types.get(card.key) is card:
        p = boat.pose
        box = quick_box(game, card.key, boat.tack, 0.0, p.x, p.y, p.heading)
        hulls = others_box_lists(game, state.boats, boat.index)[0]
        if not touching(box, hulls):
            return None     # surely apart from every hull (bounding boxes)
        # the card and the hulls as convex shapes: shapely judges only a close call
        sure = sure_hits(game, (card.key, boat.tack, 0.0), (p.x, p.y, p.heading), box,
                         others_items(game, state.boats, boat.index)[0], hulls, first=True)
        if sure is not None:
            return game.name(sure[0]) if sure else None
    shape = game.card_shape(boat.pose, card, boat.tack)
    for b, g in boat_obstacles(game, state, boat.index):
        if g.intersects(shape):
            return game.name(b.index)
    return None
