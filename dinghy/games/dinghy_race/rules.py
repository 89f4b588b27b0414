"""Dinghy Race (Lutz Pietschker, 2011): the turn, as pure functions over RaceState.

Quotes in the docstrings are from the rule text (``shared/seeds/002_...txt``); the
defaults for what the text lost come from the rules notes and are data (cards,
hazard tables) or options of the set-up.

A turn runs through these steps (``state.step``)::

    BEGIN  -> (PIVOT ->) [MOVE -> (LUCK -> ROLL)*] -> PLACE -> (WEATHER_EYE) -> next boat
    (the last boat of a round then DRIFTs the Weather Eye cards)
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from dinghy.games.dinghy_race import course as course_mod
from dinghy.games.dinghy_race import right_of_way
from dinghy.games.dinghy_race.course import RoundingState
from dinghy.games.dinghy_race.actions import (Action, Begin, Drift, Launch, Luck, Move, Overlap, Pass, Pivot,
                            Place, Protest, Roll, Substitute, WeatherEye)
from dinghy.games.dinghy_race.right_of_way import Ruling
from dinghy.games.dinghy_race.cards import CardSet, CardType, Kind, exit_pose, exit_track
from dinghy.core.errors import IllegalAction
from dinghy.core.interface import Event
from dinghy.core.geometry import Pose, hull_outline, local_to_world, segment_crosses, shape_at
from dinghy.core.setup import RaceSetup
from dinghy.games.dinghy_race.table import ALL_LINES, EDGE, Table, card_shapes, fixed_within, others as others_shapes, reach
from dinghy.games.dinghy_race.state import Boat, RaceState, RulingRecord, Step, Turn, WeatherEyeCard
from dinghy.core.wind import PointOfSail, Tack, in_irons, off_wind, points_of_sail, tack_of

PRESTART_ROUNDS = 5
EPS = 1e-6




# --- helpers on state ------------------------------------------------------------------

def hand(game: Table, boat: Boat) -> dict[str, int]:
    """Cards in the player's hand: the full set less the card in front of the boat and
    the spi-up card while it marks "spi up" (rule text: "Take it back into your
    manoeuvre card deck after you have completed a spi down manoeuvre")."""
    counts = dict(game.cards.copies)
    if boat.planned is not None:
        counts[boat.planned] -= 1
    spi = game.cards.key_of(Kind.SPI_UP)
    if boat.spi_up and spi is not None and boat.planned != spi:
        counts[spi] -= 1
    return {k: n for k, n in counts.items() if n > 0}


def aspects(game: Table, pose: Pose) -> frozenset[PointOfSail]:
    return points_of_sail(pose.heading, game.wind_from)


def card_fits(game: Table, boat: Boat, card: CardType, trapeze: bool, round_: int) -> str | None:
    """Why ``card`` cannot be played by ``boat`` now, or None if it fits."""
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
    has started, the finish line once the first boat sails its last leg."""
    start = any(b.racing and not b.started for b in state.boats)
    legs = len(game.course.legs)
    finish = bool(state.places) or any(b.started and b.legs_done >= legs for b in state.boats)
    return (start, finish)


def prestart(state: RaceState) -> bool:
    return state.round <= PRESTART_ROUNDS


def touches_start_zone(game: Table, shape: Polygon) -> bool:
    """Before round 6 boats and cards must stay downwind of the start line."""
    coords = shapely.get_coordinates(shape)
    a = np.array(game.start_line[0])
    return bool(((coords - a) @ game.upwind >= -EPS).any())


# --- launching (set-up, and re-placing after touching the start line) -----------------

def launch_slots(game: Table, state: RaceState, depth: float | None = None,
                 enough: int = 24) -> list[Launch]:
    """Suggested start positions downwind of the start line, free of everything.

    Rule text: "each player puts his boat in a position of his choice downwind of the
    start line and places one manoeuvre card of his choice in front of it".  Any free
    position is legal (see ``why_not``); these are offered to players and bots: rows
    parallel to the line, nearest the line's middle first, from ``depth`` (default a
    couple of card lengths) down to the edge of the water, until ``enough`` are found.
    """
    (ax, ay), (bx, by) = game.start_line
    L = game.cards.card_length
    wind = game.wind_from
    along = np.array([bx - ax, by - ay]) / (math.hypot(bx - ax, by - ay) or 1.0)
    mid = np.array([(ax + bx) / 2, (ay + by) / 2])
    half = math.hypot(bx - ax, by - ay) / 2 + 2 * L
    bottom = max(game.leeward_depth(x, y) for x, y in game.area.exterior.coords)
    first = max(depth if depth is not None else 2.2 * L, 0.5 * L)
    offsets = sorted(np.arange(-half, half + 1e-9, 0.9 * L), key=abs)
    out: list[Launch] = []
    d = first
    while d <= bottom and len(out) < enough:
        for off in offsets:
            x, y = mid + along * off - game.upwind * d
            for turn in (45, -45, 90, -90):
                heading = (wind + turn) % 360
                tack = tack_of(heading, wind, Tack.STARBOARD)
                card = f"close_hauled.{tack.value}" if abs(turn) == 45 else f"reach.{tack.value}"
                if state.round > 0:
                    card = game.cards.delay_key()      # re-placed after touching the line
                if card not in game.cards.types:
                    continue
                act = Launch(round(float(x), 1), round(float(y), 1), heading, card)
                if why_not_launch(game, state, act) is None:
                    out.append(act)
            if len(out) >= enough:
                break
        d += 1.2 * L
    return out


def relaunch_depth(game: Table, state: RaceState) -> float:
    """How far to leeward a boat that touched the line early must be re-placed: "at least
    as much to leeward as the boat that is farthest to downwind at this moment" -- but
    never deeper than the water allows (two card lengths above its downwind edge)."""
    deepest = max((game.leeward_depth(*b.pose.xy) for b in others(state, state.active)), default=0.0)
    bottom = max(game.leeward_depth(x, y) for x, y in game.area.exterior.coords)
    return min(deepest, bottom - 2 * game.cards.card_length)


def why_not_launch(game: Table, state: RaceState, act: Launch) -> str | None:
    if act.card not in game.cards.types:
        return f"unknown card {act.card!r}"
    if act.heading % 15:
        return "headings are multiples of 15°"
    pose = Pose(act.x, act.y, act.heading)
    tack = tack_of(pose.heading, game.wind_from, Tack.STARBOARD)
    boat = state.boat().with_(pose=pose, tack=tack)
    card = game.cards.types[act.card]
    relaunch = state.round > 0
    if relaunch and card.kind is not Kind.DELAY:
        return "after touching the start line the boat must play a delay card"
    reason = card_fits(game, boat, card, trapeze=card.trapeze, round_=state.round)
    if reason:
        return reason
    hull = game.hull(pose, tack)
    shape = hull.union(game.card_shape(pose, card, tack))
    if touches_start_zone(game, shape):
        return "boats and their cards must stay downwind of the start line"
    hit = fixed_hit(game, shape)
    if hit:
        return f"touches {hit}"
    for b, g in boat_obstacles(game, state, boat.index):
        if g.intersects(shape):
            return f"touches {game.name(b.index)}"
    for b, g in card_obstacles(game, state, boat.index):
        if g.intersects(shape):
            return f"touches {game.name(b.index)}'s card"
    if relaunch:
        deepest = relaunch_depth(game, state)
        if game.leeward_depth(act.x, act.y) < deepest - EPS:
            return ("must be re-placed at least as far to leeward as the most leeward boat "
                    f"({deepest:.0f} mm below the line)")
    return None


# --- the card options of a turn --------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ExitOption:
    """One exit line of the revealed card, and what taking it would do."""

    index: int
    turn: int
    pose: Pose                 # where the boat ends (before any stop short)
    tack: Tack
    reason: str | None         # why it may not be taken now, or None
    involuntary: str | None    # "tack" / "jibe" if it changes tack without a tack/jibe card
    blocked_by: str | None     # what the path touches (the boat then stops short)
    bonus: Pose | None         # the spinnaker bonus position, when allowed
    shift_limit: float         # Weather Eye shift available, mm
    gives_way: tuple[Ruling, ...] = ()   # rulings against the mover for cards its move meets
    holds: tuple[Ruling, ...] = ()       # rulings in the mover's favour


def weather_eye_shift(game: Table, state: RaceState, boat: Boat, card: CardType) -> float:
    """How far a Weather Eye card lets this boat shift its manoeuvre card sideways.

    Rule text: influence "extends to any boat that can, at the start of its turn, place
    the Weather Eye Ruler in a way that it touches both the card and the boat or its
    manoeuvre card"; "A boat can only get one Weather Eye advantage".
    """
    limit = game.cards.shift_limit(card)
    if not limit or not state.weather_eyes:
        return 0.0
    reach = game.cards.card_length      # the ruler: one long card side
    shape = game.hull(boat.pose, boat.tack).union(game.card_shape(boat.pose, card, boat.tack))
    for we in state.weather_eyes:
        if weather_eye_shape(game, we).distance(shape) <= reach + EPS:
            return limit
    return 0.0


def weather_eye_shape(game: Table, we: WeatherEyeCard) -> Polygon:
    L, W = game.cards.card_length, game.cards.card_width
    along, across = (L, W) if we.long_side_along_wind else (W, L)
    pose = Pose(we.x, we.y, game.wind_from)
    return shape_at(pose, np.array([[-across / 2, -along / 2], [across / 2, -along / 2],
                                    [across / 2, along / 2], [-across / 2, along / 2]]))


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


def _path_blocker(game: Table, state: RaceState, boat: Boat, shape: Polygon,
                  edge: bool = True) -> str | None:
    hit = fixed_hit(game, shape, edge, lines_on_water(game, state))
    if hit:
        return hit
    for b, g in boat_obstacles(game, state, boat.index):
        if g.intersects(shape):
            return game.name(b.index)
    return None


def exit_options(game: Table, state: RaceState, shift: float = 0.0) -> list[ExitOption]:
    """Every exit of the revealed card, with the engine's verdict on each."""
    return list(_exit_options(game, state, float(shift)))


@lru_cache(maxsize=64)
def _exit_options(game: Table, state: RaceState, shift: float) -> tuple[ExitOption, ...]:
    boat = state.boat()
    card = game.cards.types[state.turn.card]
    limit = weather_eye_shift(game, state, boat, card)
    shift = max(-limit, min(limit, shift))
    raw = []
    lines = lines_on_water(game, state)
    for r in reach(game, state.boats, boat, [card], shift, lines):
        ex = card.exits[r.exit]
        end, end_tack, blocked = r.pose, r.tack, r.blocked_by
        changed = end_tack is not boat.tack
        involuntary = None
        if changed and not card.changes_tack:
            involuntary = "tack" if ex.turn > 0 else "jibe"
        bonus = None
        if (card.spi_bonus and boat.spi_up and involuntary is None and blocked is None
                and PointOfSail.RUNNING in aspects(game, boat.pose)):
            b = end.forward(game.cards.spi_bonus_distance)
            if _path_blocker(game, state, boat, move_shape(game, boat, card, end, end_tack, shift, b)) is None \
                    and fixed_hit(game, room_ahead(game, b, end_tack), lines=lines) is None:
                bonus = b
        gives, holds = [], []
        for other in r.cards_met:
            ruling = right_of_way.decide(game, state, boat.index, other, changed or card.changes_tack)
            (gives if ruling.keeps_clear == boat.index else holds).append(ruling)
        raw.append([r.exit, ex.turn, end, end_tack, None, involuntary, blocked, bonus, changed,
                    tuple(gives), tuple(holds)])
    # A tack or jibe card commits the boat to change tack: "Playing them commits you to
    # perform a change from one tack to the other" -- exits that keep the tack are out
    # (unless no exit changes tack at all).
    if card.changes_tack and any(r[8] for r in raw):
        for r in raw:
            if not r[8]:
                r[4] = f"a {card.kind.value} must end on the other tack"
    # "the acting player must, if possible, use an exit line that does not cause
    # boat-to-boat conflict. If this does not solve the problem, he must stop".
    if any(r[6] is None and r[4] is None for r in raw):
        for r in raw:
            if r[6] is not None and r[4] is None:
                r[4] = f"the path touches {r[6]}; another exit is clear"
    # Rule 1: "a boat may not execute a tack or jibe if this would put the boat ... on
    # another boat's manoeuvre card" -- those exits are closed outright.
    for r in raw:
        if r[4] is None and r[9] and r[9][0].rule == 1 and (card.changes_tack or r[5]):
            r[4] = r[9][0].text
    # Remaining conflicts: "it must first use any exit line that avoids the card"; where
    # it can only proceed by overlapping, it proceeds and the boats swap turn order.
    if any(r[4] is None and not r[9] and r[6] is None for r in raw):
        for r in raw:
            if r[4] is None and r[9]:
                r[4] = f"{r[9][0].text}: another exit avoids the card"
    return tuple(ExitOption(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], limit, r[9], r[10])
                 for r in raw)


def substitutes(game: Table, state: RaceState) -> list[str]:
    """Rule 1's way out for a tack or jibe that would meet another boat's card: "the
    player has the option to take a one-turn delay or to exchange the tack/jibe card with
    normal card for that point of sail" (only when every exit is closed)."""
    if state.step is not Step.MOVE:
        return []
    card = game.cards.types[state.turn.card]
    if not card.changes_tack or state.turn.substituted:
        return []
    opts = exit_options(game, state)
    if any(o.reason is None for o in opts):
        return []
    boat = state.boat()
    out = [game.cards.delay_key()]
    for key, t in game.cards.types.items():
        if t.kind is Kind.NORMAL and card_fits(game, boat, t, boat.trapeze, state.round) is None:
            out.append(key)
    return out


def card_options(game: Table, state: RaceState, trapeze: bool | None = None) -> list[tuple[str, str | None]]:
    """Each card kind in the hand, with the reason it cannot be placed now (or None).

    A card is offered when the boat could legally play it next turn (trapezing may be
    declared then), so only point of sail, tack, spinnaker and the pre-start limit out.
    """
    boat = state.boat()
    keys = list(hand(game, boat))
    irons = in_irons(boat.pose.heading, game.wind_from)
    shapes = card_shapes(game, boat.pose, boat.tack, 0.0, tuple(keys)) if keys else np.array([])
    hits = game.fixed_hits(shapes, lines=lines_on_water(game, state)) if len(shapes) else []
    early = prestart(state) and state.round + 1 <= PRESTART_ROUNDS
    out = []
    for key, shape, hit in zip(keys, shapes, hits):
        card = game.cards.types[key]
        reason = card_fits(game, boat, card, trapeze=True, round_=state.round + 1)
        if irons and card.kind is not Kind.DELAY:
            reason = "in irons: only the delay card fits"
        if reason is None and early and touches_start_zone(game, shape):
            reason = "before the start, cards must stay downwind of the start line"
        if reason is None and hit:
            # "Boats and the manoeuvre cards placed in front of them may never touch fixed
            # obstacles like buoys, the start ship, land"
            reason = f"the card would touch {hit}"
        out.append((key, reason))
    return out


def placement_blocked(game: Table, state: RaceState, boat: Boat, card: CardType) -> str | None:
    """The boat that keeps a card from lying in front of the bow (it is then held aside).

    Rule text: "When the player ... would be forced to play his manoeuvre card for the
    next turn on top of another boat, he places the card beside the boat".
    """
    shape = game.card_shape(boat.pose, card, boat.tack)
    for b, g in boat_obstacles(game, state, boat.index):
        if g.intersects(shape):
            return game.name(b.index)
    return None


# --- legal actions ---------------------------------------------------------------------

def interjections(game: Table, state: RaceState) -> list[Action]:
    """Out-of-turn actions open now: a protest against the latest right-of-way ruling,
    and the inner boat's demand for room at a mark (rule 3). They are not the active
    player's decision, so ``legal_actions`` leaves them out; ``apply`` takes them."""
    acts: list[Action] = []
    if state.step not in (Step.LAUNCH, Step.ROLL, Step.OVER):
        if state.last_ruling is not None and not state.last_ruling.protested:
            acts += [Protest(True), Protest(False)]
        if state.step in (Step.BEGIN, Step.MOVE, Step.PLACE) and not state.turn.overlap_claimed:
            inner = right_of_way.inner_boat_claim(game, state)
            if inner is not None:
                acts.append(Overlap(inner))
    return acts


def legal_actions(game: Table, state: RaceState) -> list[Action]:
    """The active player's (or the dice's) choices at the current step."""
    step = state.step
    boat = state.boat()
    if step is Step.LAUNCH:
        if state.round > 0:
            return launch_slots(game, state, depth=relaunch_depth(game, state))
        return launch_slots(game, state)
    if step is Step.BEGIN:
        return [Begin(False), Begin(True)]
    if step is Step.PIVOT:
        lim = state.turn.pivot_limit
        return [Pivot(t) for t in (0, -lim, lim) if why_not_pivot(game, state, t) is None]
    if step is Step.MOVE:
        acts: list[Action] = []
        for opt in exit_options(game, state):
            if opt.reason is None:
                acts.append(Move(opt.index))
                if opt.bonus is not None:
                    acts.append(Move(opt.index, bonus=True))
                if opt.shift_limit:
                    acts += [Move(opt.index, s) for s in (-opt.shift_limit, opt.shift_limit)]
        acts += [Substitute(k) for k in substitutes(game, state)]
        return acts
    if step is Step.LUCK:
        return [Luck(n) for n in range(boat.lady_luck + 1)]
    if step is Step.ROLL:
        return [Roll(a, b) for a in range(1, 7) for b in range(1, 7)]
    if step is Step.PLACE:
        acts = [Place(k) for k, r in card_options(game, state) if r is None]
        if not acts or (boat.planned is None and state.turn.card is None):
            acts.append(Place(None))   # dead in the water (may stay so)
        return acts
    if step is Step.WEATHER_EYE:
        return [Pass()]
    if step is Step.DRIFT:
        return [Drift(1), Drift(2)]
    return []


def why_not(game: Table, state: RaceState, action: Action) -> str | None:
    """Why ``action`` is not legal now, or None."""
    step, boat = state.step, state.boat()
    if isinstance(action, Protest):
        if step in (Step.LAUNCH, Step.ROLL, Step.OVER):
            return "no protest now"
        if state.last_ruling is None or state.last_ruling.protested:
            return "there is no right-of-way ruling open to protest"
        return None
    if isinstance(action, Overlap):
        if step not in (Step.BEGIN, Step.MOVE, Step.PLACE) or state.turn.overlap_claimed:
            return "the inner boat may demand room only during another boat's turn, once"
        inner = right_of_way.inner_boat_claim(game, state)
        if inner is None:
            return "no inner boat at a mark may demand room now (rule 3)"
        if action.boat != inner:
            return f"only the innermost boat, {game.name(inner)}, may demand room"
        return None
    expected = {Step.LAUNCH: Launch, Step.BEGIN: Begin, Step.PIVOT: Pivot, Step.MOVE: (Move, Substitute),
                Step.LUCK: Luck, Step.ROLL: Roll, Step.PLACE: Place,
                Step.WEATHER_EYE: (WeatherEye, Pass), Step.DRIFT: Drift}.get(step)
    if expected is None:
        return "the race is over"
    if not isinstance(action, expected):
        return f"now is the {step.value} step, not {action.text()}"
    if isinstance(action, Launch):
        return why_not_launch(game, state, action)
    if isinstance(action, Pivot):
        return why_not_pivot(game, state, action.turn)
    if isinstance(action, Substitute):
        subs = substitutes(game, state)
        if action.card not in subs:
            return ("a tack or jibe card may be exchanged only when rule 1 closes every exit"
                    if not subs else f"exchange for one of: {', '.join(subs)}")
        return None
    if isinstance(action, Move):
        opts = exit_options(game, state)
        if not 0 <= action.exit < len(opts):
            return f"the card has exits 0..{len(opts) - 1}"
        opt = opts[action.exit]
        if abs(action.shift) > opt.shift_limit + EPS:
            return ("no Weather Eye in reach: no sideways shift" if not opt.shift_limit
                    else f"the shift may be at most {opt.shift_limit:.1f} mm")
        if action.shift:
            opt = exit_options(game, state, action.shift)[action.exit]
        if opt.reason:
            return opt.reason
        if action.bonus and opt.bonus is None:
            return "no spinnaker bonus on this move"
        return None
    if isinstance(action, Luck):
        if not 0 <= action.cards <= boat.lady_luck:
            return f"{game.name(boat.index)} has {boat.lady_luck} Lady Luck cards"
        return None
    if isinstance(action, Roll):
        if not (1 <= action.d1 <= 6 and 1 <= action.d2 <= 6):
            return "each die shows 1 to 6"
        return None
    if isinstance(action, Place):
        if action.card is None:
            if boat.planned is None and state.turn.card is None:
                return None
            if all(r is not None for _, r in card_options(game, state)):
                return None     # no card can be placed: the boat is dead in the water
            return "only a boat dead in the water, or one that cannot place any card, may stay without a card"
        reasons = dict(card_options(game, state))
        if action.card not in reasons:
            return f"{action.card} is not in the hand"
        return reasons[action.card]
    if isinstance(action, WeatherEye):
        return why_not_weather_eye(game, state, action)
    if isinstance(action, Drift):
        return None if action.flips in (1, 2) else "drift one or two card lengths"
    return None


def why_not_pivot(game: Table, state: RaceState, turn: int) -> str | None:
    """A pivot turns the boat about its bow; the hull may not swing into a boat, a mark
    or land."""
    lim = state.turn.pivot_limit
    if turn not in (0, lim, -lim):
        return f"may only pivot by 0 or ±{lim}°"
    if turn == 0:
        return None
    boat = state.boat()
    pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + turn)
    hull = game.hull(pose, tack_of(pose.heading, game.wind_from, boat.tack))
    # The table's edge is no obstacle to turning on the spot (the rule text knows only
    # boats, buoys and land); without this a boat that stops by the edge could be
    # pinned there for ever.
    blocker = _path_blocker(game, state, boat, hull, edge=False)
    return f"the hull would swing into {blocker}" if blocker else None


def why_not_weather_eye(game: Table, state: RaceState, act: WeatherEye) -> str | None:
    """Rule text: Weather Eye cards "may not touch a boat, manoeuvre card or buoy, and ...
    must have a distance of at least one ruler length from Weather Eye cards already in
    play"; the rules notes add: none before round 6."""
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
    for b in state.boats:
        if not (b.launched and b.racing):
            continue
        if game.hull(b.pose, b.tack).intersects(shape):
            return f"touches {game.name(b.index)}"
        if b.planned is not None and not b.aside and \
                game.card_shape(b.pose, game.cards.types[b.planned], b.tack).intersects(shape):
            return f"touches {game.name(b.index)}'s card"
    for other in state.weather_eyes:
        if weather_eye_shape(game, other).distance(shape) < game.cards.card_length - EPS:
            return "must be at least one ruler length from other Weather Eye cards"
    return None


# --- applying actions ------------------------------------------------------------------

def initial_state(game: Table, order: tuple[int, ...]) -> RaceState:
    wind = game.wind_from
    boats = tuple(
        Boat(i, Pose(0, 0, (wind + 90) % 360), Tack.STARBOARD,
             lady_luck=game.setup.lady_luck, weather_eye=game.setup.weather_eye)
        for i in range(len(game.setup.seats)))
    fixed = tuple(WeatherEyeCard(w.x, w.y, w.long_side_along_wind, None) for w in game.course.weather_eyes)
    return RaceState(boats=boats, order=order, active=order[0], step=Step.LAUNCH, weather_eyes=fixed)


def apply(game: Table, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
    """The state after ``action``, and what happened; IllegalAction if not allowed."""
    reason = why_not(game, state, action)
    if reason:
        raise IllegalAction(reason)
    events: list[Event] = []
    handler = _HANDLERS[type(action)]
    state = handler(game, state, action, events)
    return state, events


def _say(events: list[Event], kind: str, boat: int | None, text: str) -> None:
    events.append(Event(kind, boat, text))


def _do_launch(game: Table, state: RaceState, act: Launch, ev: list[Event]) -> RaceState:
    pose = Pose(act.x, act.y, act.heading)
    tack = tack_of(pose.heading, game.wind_from, Tack.STARBOARD)
    boat = state.boat().with_(pose=pose, tack=tack, planned=act.card, aside=False,
                              launched=True, delays=0, trapeze=False, spi_up=False)
    state = state.with_boat(boat)
    if state.round > 0:      # re-placed after touching the start line: the turn ends
        _say(ev, "prestart", boat.index,
             f"{game.name(boat.index)} is re-placed to leeward and must play a delay card")
        return _end_turn(game, state, ev)
    _say(ev, "launch", boat.index, f"{game.name(boat.index)} is on the water")
    pending = [i for i in state.order if not state.boats[i].launched]
    if pending:
        return state.with_(active=pending[0])
    _say(ev, "round", None, f"Round 1 of {PRESTART_ROUNDS} before the start")
    return state.with_(round=1, active=state.order[0], step=Step.BEGIN, done=frozenset())


def _do_begin(game: Table, state: RaceState, act: Begin, ev: list[Event]) -> RaceState:
    boat = state.boat()
    name = game.name(boat.index)
    if act.trapeze != boat.trapeze:
        _say(ev, "trapeze", boat.index, f"{name} {'goes out on' if act.trapeze else 'comes in from'} the trapeze")
    boat = boat.with_(trapeze=act.trapeze)
    state = state.with_boat(boat).with_(turn=Turn())
    # Face-up delay cards: "Each turn, remove one delay card."
    if boat.delays:
        boat = boat.with_(delays=boat.delays - 1, trapeze=False, spi_up=False)
        left = boat.delays
        _say(ev, "delay", boat.index, f"{name} removes a delay card ({left} left)")
        return state.with_boat(boat).with_(step=Step.PIVOT, turn=Turn(pivot_limit=45, then_place=left == 0))
    # Dead in the water: "such a boat may make a 90°-turn in either direction and may then
    # place ... any manoeuvre card ... that fits the current boat aspect".
    if boat.planned is None:
        _say(ev, "dead", boat.index, f"{name} is dead in the water: may turn 90° and place a card")
        return state.with_(step=Step.PIVOT, turn=Turn(pivot_limit=90, then_place=True))
    card = game.cards.types[boat.planned]
    # A card held aside: "he tries to place the card and, if this is possible now, plays
    # his turn normally. If he is still not able ... he exchanges the manoeuvre card for
    # his delay card, places that aside and waits".
    if boat.aside:
        blocker = placement_blocked(game, state, boat, card)
        if blocker and card.kind is Kind.DELAY:
            # A delay moves nothing, so it is executed from beside the boat: the 45° pivot
            # lets two boats that block each other's cards get free (our reading; the text
            # would otherwise hold both aside for ever).
            _say(ev, "aside", boat.index, f"{name} executes the delay card from beside the boat")
            boat = boat.with_(planned=None, aside=False, trapeze=False, spi_up=False)
            return state.with_boat(boat).with_(step=Step.PIVOT, turn=Turn(card=card.key, pivot_limit=45))
        if blocker:
            delay = game.cards.delay_key()
            _say(ev, "aside", boat.index,
                 f"{name} still cannot place the card ({blocker} is in the way): a delay card instead")
            state = state.with_boat(boat.with_(planned=delay, aside=True))
            return _end_turn(game, state, ev)
        boat = boat.with_(aside=False)
        state = state.with_boat(boat)
    reason = card_fits(game, boat, card, boat.trapeze, state.round)
    if reason:
        # "The illegal card is immediately replaced with a delay card which you then execute"
        _say(ev, "illegal", boat.index, f"{name} revealed an illegal card ({reason}): delay instead")
        boat = boat.with_(planned=None, trapeze=False, spi_up=False)
        return state.with_boat(boat).with_(step=Step.PIVOT, turn=Turn(card=game.cards.delay_key(),
                                                                       pivot_limit=45))
    _say(ev, "reveal", boat.index, f"{name} reveals {card.name}")
    if card.kind is Kind.DELAY:
        # "A delay card automatically and immediately removes any trapezing or spi up status"
        boat = boat.with_(planned=None, trapeze=False, spi_up=False)
        return state.with_boat(boat).with_(step=Step.PIVOT, turn=Turn(card=card.key, pivot_limit=45))
    return state.with_(step=Step.MOVE, turn=Turn(card=card.key))


def _do_pivot(game: Table, state: RaceState, act: Pivot, ev: list[Event]) -> RaceState:
    boat = state.boat()
    if act.turn:
        pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + act.turn)
        # "if this pivoting changes the tack the boat is on, adjust the heel of the boat (it
        # is an automatic tack or jibe, not an involuntary one, and it does not involve a
        # hazard die roll)"
        tack = tack_of(pose.heading, game.wind_from, boat.tack)
        boat = boat.with_(pose=pose, tack=tack)
        _say(ev, "pivot", boat.index, f"{game.name(boat.index)} pivots {act.turn:+d}°")
    state = state.with_boat(boat.with_(planned=None))
    if state.turn.then_place:
        return state.with_(step=Step.PLACE)
    return _end_turn(game, state, ev)


def _stop_short(game: Table, state: RaceState, boat: Boat, card: CardType, end: Pose,
                tack: Tack, shift: float) -> tuple[Pose, Tack, bool]:
    """Where a blocked move ends, and whether the boat is then dead in the water.

    Other boats: "stop the execution of his move in a way that his boat does not touch
    the other boat, still keeping the direction of one of the possible exit lines".
    Fixed obstacles: "it must stop one card length (short side) short of the obstacle and
    does not place a new movement card; it is dead in the water".
    """
    boats = [g for _, g in boat_obstacles(game, state, boat.index)]
    gap = game.cards.card_width
    lines = lines_on_water(game, state)
    fixed_hit_any = (fixed_hit(game, move_shape(game, boat, card, end, tack, shift), lines=lines) is not None
                     or fixed_hit(game, room_ahead(game, end, tack), lines=lines) is not None)
    x0, y0 = boat.pose.xy
    for i in range(20, -1, -1):
        t = i / 20
        pose = Pose(x0 + (end.x - x0) * t, y0 + (end.y - y0) * t, end.heading)
        hull = game.hull(pose, tack)
        if any(g.intersects(hull) for g in boats):
            continue
        if fixed_hit_any:
            if fixed_within(game, hull, gap - EPS, lines):
                continue
        return pose, tack, fixed_hit_any
    return boat.pose, boat.tack, fixed_hit_any


def _do_move(game: Table, state: RaceState, act: Move, ev: list[Event]) -> RaceState:
    boat = state.boat()
    name = game.name(boat.index)
    card = game.cards.types[state.turn.card]
    opt = exit_options(game, state, act.shift)[act.exit]
    ex = card.exits[act.exit]
    end, tack, dead = opt.pose, opt.tack, False
    track = exit_track(boat.pose, boat.tack, card, ex, game.cards.hull_length, act.shift)
    if opt.blocked_by is not None:
        end, tack, dead = _stop_short(game, state, boat, card, end, tack, act.shift)
        _say(ev, "obstacle", boat.index,
             f"{name} stops short of {opt.blocked_by}" + (" and is dead in the water" if dead else ""))
        track = [boat.pose.xy, end.xy]
    elif act.bonus and opt.bonus is not None:
        end = opt.bonus
        track.append(end.xy)
        _say(ev, "bonus", boat.index, f"{name} takes the spinnaker bonus")
    last = state.last_ruling
    for r in opt.holds:
        _say(ev, "right_of_way", boat.index, r.text)
        last = RulingRecord(r.rule, r.keeps_clear, r.right_of_way, False, r.text)
    order = state.order
    for r in opt.gives_way:
        order = right_of_way.swap_positions(order, r.keeps_clear, r.right_of_way)
        text = (f"{r.text}; no exit avoids the card, so {name} proceeds and swaps turn order "
                f"with {game.name(r.right_of_way)}")
        _say(ev, "right_of_way", boat.index, text)
        last = RulingRecord(r.rule, r.keeps_clear, r.right_of_way, True, text)
    state = state.with_(order=order, last_ruling=last)
    turned = (end.heading - boat.pose.heading) % 360
    desc = "straight on" if turned == 0 else f"to {end.heading:03d}°"
    _say(ev, "move", boat.index, f"{name} sails {desc} ({off_wind(end.heading, game.wind_from)}° off the wind)")
    # Hazards: "After each such manoeuvre, voluntary or involuntary, look up the hazard table"
    rows: list[tuple[str, int]] = []
    changed = tack is not boat.tack
    if card.kind is Kind.TACK or (changed and opt.involuntary == "tack"):
        rows.append(("tack_trapeze" if boat.trapeze else "tack", -2 if opt.involuntary else 0))
    if card.kind is Kind.JIBE or (changed and opt.involuntary == "jibe"):
        rows.append(("jibe_spi" if boat.spi_up else "jibe", -2 if opt.involuntary else 0))
    if opt.involuntary and changed:
        _say(ev, "involuntary", boat.index,
             f"{name} makes an involuntary {opt.involuntary}: -2 on the hazard roll, no bonus")
    spi_up = boat.spi_up
    if card.kind is Kind.SPI_UP:
        rows.append(("spi_up", 0))
        spi_up = True
    elif card.kind is Kind.SPI_DOWN:
        rows.append(("spi_down", 0))
        spi_up = False
    end_aspect = points_of_sail(end.heading, game.wind_from)
    if spi_up and card.kind is not Kind.SPI_UP and PointOfSail.RUNNING not in end_aspect:
        rows.append(("spi_abuse", 0))
        _say(ev, "abuse", boat.index, f"{name} flies the spinnaker off a run: abuse roll")
    if boat.trapeze and PointOfSail.CLOSE_HAULED not in end_aspect:
        rows.append(("trapeze_abuse", 0))
        _say(ev, "abuse", boat.index, f"{name} is trapezing off close-hauled: abuse roll")
    rows = [r for r in rows if game.hazards.needs_roll(r[0])]
    boat = boat.with_(pose=end, tack=tack, spi_up=spi_up, planned=None)
    state = state.with_boat(boat)
    state = _after_track(game, state, track, ev)
    boat = state.boat()
    if not boat.racing or state.step is Step.LAUNCH:
        return state
    if dead:
        state = state.with_(turn=replace(state.turn, hazards=tuple(rows), then_place=False))
    else:
        state = state.with_(turn=replace(state.turn, hazards=tuple(rows), then_place=True))
    return _next_hazard_or_place(game, state, ev)


def _after_track(game: Table, state: RaceState, track: list[tuple[float, float]],
                 ev: list[Event]) -> RaceState:
    """Start line, marks and finish line, judged on the bow's track of the move."""
    boat = state.boat()
    name = game.name(boat.index)
    hull = game.hull(boat.pose, boat.tack)
    if prestart(state):
        # "When a player touches the start line before round 6, he must remove his boat
        # place it again ... at least as much to leeward as the boat that is farthest to
        # downwind at this moment. He must then place a delay card".
        if touches_start_zone(game, hull) or any(
                game.leeward_depth(x, y) <= EPS for x, y in track):
            _say(ev, "prestart", boat.index,
                 f"{name} touched the start line before round 6: re-place to leeward, then a delay")
            return state.with_(step=Step.LAUNCH)
        return state
    if not boat.started:
        a, b = game.start_line
        crossed = any(segment_crosses(p, q, a, b) for p, q in zip(track, track[1:]))
        if crossed and game.leeward_depth(*boat.pose.xy) < 0:
            boat = boat.with_(started=True)
            crossings = state.start_crossings + ((boat.index, state.round),)
            _say(ev, "start", boat.index, f"{name} crosses the start line ({len(crossings)}.)")
            state = state.with_boat(boat).with_(start_crossings=crossings)
        else:
            return state
    boat = _advance_rounding(game, state, boat, track, ev)
    state = state.with_boat(boat)
    legs = len(game.course.legs)
    if boat.legs_done >= legs:
        swept = hull.union(LineString(track)) if len(track) > 1 else hull
        # "Each boat finishes the race the moment it touches (or moves beyond) the finish
        # line; the boat itself counts, not its manoeuvre card."
        if course_mod.crosses_line(game.course.finish, swept):
            place = len(state.places) + 1
            boat = boat.with_(finished=place, planned=None, aside=False)
            _say(ev, "finish", boat.index, f"{name} finishes in place {place}")
            state = state.with_boat(boat).with_(places=state.places + (boat.index,))
            return _end_turn(game, state, ev)
    return state


def _advance_rounding(game: Table, state: RaceState, boat: Boat, track, ev) -> Boat:
    """Count the marks this move's track rounds (exact rules in ``dinghy.games.dinghy_race.course``)."""
    before = boat.legs_done
    rs = course_mod.rounding_progress(game.course, RoundingState(boat.legs_done, boat.stage), track)
    for leg in game.course.legs[before:rs.legs_done]:
        what = " and ".join(leg.mark_ids)
        _say(ev, "rounding", boat.index, f"{game.name(boat.index)} rounds mark {what}"
             + (f" to {leg.side}" if leg.side else " (gate)"))
    if rs.legs_done == len(game.course.legs) and before < rs.legs_done:
        _say(ev, "rounding", boat.index, f"{game.name(boat.index)} sails for the finish")
    return boat.with_(legs_done=rs.legs_done, stage=rs.stage)


def _next_hazard_or_place(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    if state.turn.hazards:
        row = state.turn.hazards[0][0]
        label = game.hazards.rows[row].label
        _say(ev, "hazard", state.active, f"{game.name(state.active)} must roll for: {label}")
        if state.boat().lady_luck:
            return state.with_(step=Step.LUCK, turn=replace(state.turn, luck=0))
        return state.with_(step=Step.ROLL, turn=replace(state.turn, luck=0))
    boat = state.boat()
    if boat.delays:
        return _end_turn(game, state, ev)
    if not state.turn.then_place:
        return _end_turn(game, state, ev)
    return state.with_(step=Step.PLACE)


def _do_luck(game: Table, state: RaceState, act: Luck, ev: list[Event]) -> RaceState:
    boat = state.boat()
    if act.cards:
        # "spent cards are out of the game and may not be used again, even if they did not
        # actually change the net result"
        _say(ev, "luck", boat.index, f"{game.name(boat.index)} commits {act.cards} Lady Luck card(s)")
    state = state.with_boat(boat.with_(lady_luck=boat.lady_luck - act.cards))
    return state.with_(step=Step.ROLL, turn=replace(state.turn, luck=act.cards))


def _do_roll(game: Table, state: RaceState, act: Roll, ev: list[Event]) -> RaceState:
    boat = state.boat()
    (row, modifier), rest = state.turn.hazards[0], state.turn.hazards[1:]
    outcome = game.hazards.resolve(row, (act.d1, act.d2), luck=state.turn.luck, modifier=modifier)
    total = act.d1 + act.d2 + state.turn.luck + modifier
    extra = "".join(f" {x:+d}" for x in (state.turn.luck, modifier) if x)
    _say(ev, "roll", boat.index,
         f"{game.name(boat.index)} rolls {act.d1}+{act.d2}{extra} = {total}: {outcome.describe()}")
    if outcome.delay_cards:
        # "When played as a penalty or as a hazard result, more than one delay cards may be
        # placed face-up in front of your boat, replacing any card that may have been there."
        boat = boat.with_(delays=boat.delays + outcome.delay_cards, trapeze=False,
                          spi_up=False, planned=None, aside=False)
    state = state.with_boat(boat).with_(turn=replace(state.turn, hazards=rest, luck=0))
    return _next_hazard_or_place(game, state, ev)


def _do_place(game: Table, state: RaceState, act: Place, ev: list[Event]) -> RaceState:
    boat = state.boat()
    name = game.name(boat.index)
    if act.card is None:
        _say(ev, "dead", boat.index, f"{name} stays dead in the water")
        return _finish_place(game, state.with_boat(boat.with_(planned=None, aside=False)), ev)
    card = game.cards.types[act.card]
    blocker = placement_blocked(game, state, boat, card)
    if blocker:
        # "he places the card beside the boat"
        _say(ev, "aside", boat.index, f"{name} holds the card beside the boat ({blocker} is in the way)")
    else:
        _say(ev, "place", boat.index, f"{name} places a card")
    boat = boat.with_(planned=act.card, aside=blocker is not None)
    state = state.with_boat(boat)
    if blocker is None:
        shape = game.card_shape(boat.pose, card, boat.tack)
        for other, g in card_obstacles(game, state, boat.index):
            if g.intersects(shape):
                r = right_of_way.decide(game, state, boat.index, other.index, False)
                if r.keeps_clear == boat.index:
                    text = f"{r.text}; the card overlaps, so {name} swaps turn order with {game.name(other.index)}"
                    state = state.with_(order=right_of_way.swap_positions(state.order, boat.index, other.index),
                                        last_ruling=RulingRecord(r.rule, r.keeps_clear, r.right_of_way, True, text))
                    _say(ev, "right_of_way", boat.index, text)
                else:
                    _say(ev, "right_of_way", boat.index, r.text)
                    state = state.with_(last_ruling=RulingRecord(r.rule, r.keeps_clear, r.right_of_way, False, r.text))
    return _finish_place(game, state, ev)


def _finish_place(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    boat = state.boat()
    if boat.weather_eye and not prestart(state):
        return state.with_(step=Step.WEATHER_EYE)
    return _end_turn(game, state, ev)


def _do_weather_eye(game: Table, state: RaceState, act: WeatherEye | Pass, ev: list[Event]) -> RaceState:
    if isinstance(act, WeatherEye):
        boat = state.boat()
        we = WeatherEyeCard(act.x, act.y, act.long_side_along_wind, boat.index)
        state = state.with_boat(boat.with_(weather_eye=boat.weather_eye - 1))
        state = state.with_(weather_eyes=state.weather_eyes + (we,))
        _say(ev, "weather_eye", boat.index, f"{game.name(boat.index)} puts a Weather Eye card on the water")
    return _end_turn(game, state, ev)


def _do_drift(game: Table, state: RaceState, act: Drift, ev: list[Event]) -> RaceState:
    """"The last player in the round moves all Weather Eye cards downwind by one or two
    full card lengths (his choice) ... When a weather eye card exits the playing area,
    remove it from the game"."""
    down = -game.upwind
    kept = []
    for we in state.weather_eyes:
        if we.owner is None:
            kept.append(we)
            continue
        L, W = game.cards.card_length, game.cards.card_width
        step = L if we.long_side_along_wind else W
        moved = WeatherEyeCard(we.x + down[0] * step * act.flips, we.y + down[1] * step * act.flips,
                               we.long_side_along_wind, we.owner)
        if game.area.contains(weather_eye_shape(game, moved)):
            kept.append(moved)
        else:
            _say(ev, "weather_eye", None, "a Weather Eye card drifts out of the playing area")
    _say(ev, "drift", state.active, f"Weather Eye cards drift {act.flips} flip(s) downwind")
    return _new_round(game, state.with_(weather_eyes=tuple(kept)), ev)


def _end_turn(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    done = state.done | {state.active}
    state = state.with_(done=done, turn=Turn())
    racing = [i for i in state.order if state.boats[i].racing]
    if not racing:
        _say(ev, "over", None, "All boats have finished")
        return state.with_(step=Step.OVER)
    waiting = [i for i in racing if i not in done]
    if waiting:
        return state.with_(active=waiting[0], step=Step.BEGIN)
    if any(we.owner is not None for we in state.weather_eyes):
        return state.with_(step=Step.DRIFT)
    return _new_round(game, state, ev)


def _new_round(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    order = state.order
    if any(r == state.round for _, r in state.start_crossings):
        # "The first boat ... to cross the start line becomes #1 in the subsequent turn,
        # the next #2 etc.": boats that have started lead, in the order they crossed.
        crossed = [i for i, _ in state.start_crossings]
        order = tuple(crossed + [i for i in order if i not in crossed])
    rnd = state.round + 1
    racing = [i for i in order if state.boats[i].racing]
    if rnd <= PRESTART_ROUNDS:
        _say(ev, "round", None, f"Round {rnd} of {PRESTART_ROUNDS} before the start")
    elif rnd == PRESTART_ROUNDS + 1:
        _say(ev, "round", None, f"Round {rnd}: the start! Boats may cross the line")
    else:
        _say(ev, "round", None, f"Round {rnd}")
    return state.with_(round=rnd, order=order, done=frozenset(), active=racing[0],
                       step=Step.BEGIN, turn=Turn())


def _do_substitute(game: Table, state: RaceState, act: Substitute, ev: list[Event]) -> RaceState:
    name = game.name(state.active)
    card = game.cards.types[act.card]
    if card.kind is Kind.DELAY:
        _say(ev, "right_of_way", state.active, f"{name} cannot tack or jibe here (rule 1) and takes a one-turn delay")
        boat = state.boat().with_(planned=None, trapeze=False, spi_up=False)
        return state.with_boat(boat).with_(step=Step.PIVOT, turn=Turn(card=card.key, pivot_limit=45))
    _say(ev, "right_of_way", state.active, f"{name} cannot tack or jibe here (rule 1) and sails {card.name} instead")
    return state.with_(turn=replace(state.turn, card=card.key, substituted=True))


def _do_overlap(game: Table, state: RaceState, act: Overlap, ev: list[Event]) -> RaceState:
    """Rule 3: the inner boat takes the outer boat's turn-order position; "After that,
    the active player continues with his turn as usual"."""
    inner, outer = act.boat, state.active
    mark = game.course.legs[state.boat().legs_done].mark_ids[0]
    text = (f"{game.name(inner)}, the inner boat at mark {mark}, demands room: "
            f"{game.name(inner)} and {game.name(outer)} swap turn order (rule 3)")
    _say(ev, "right_of_way", inner, text)
    return state.with_(order=right_of_way.swap_positions(state.order, inner, outer),
                       turn=replace(state.turn, overlap_claimed=True),
                       last_ruling=RulingRecord(3, outer, inner, True, text))


def _do_protest(game: Table, state: RaceState, act: Protest, ev: list[Event]) -> RaceState:
    """A protest against the latest ruling, decided by the players (the Race Steward):
    upheld, the ruling is turned round -- a swap of turn-order positions it made is undone,
    or, where it made none, the two boats swap now; dismissed, it stands."""
    r = state.last_ruling
    a, b = game.name(r.keeps_clear), game.name(r.right_of_way)
    done = replace(r, protested=True)
    if not act.upheld:
        _say(ev, "protest", None, f"Protest dismissed: the ruling stands ({r.text})")
        return state.with_(last_ruling=done)
    order = right_of_way.swap_positions(state.order, r.keeps_clear, r.right_of_way)
    what = "the swap of turn order is undone" if r.swapped else f"{a} and {b} swap turn order"
    _say(ev, "protest", None, f"Protest upheld against rule {r.rule} between {a} and {b}: {what}")
    return state.with_(order=order, last_ruling=done)


_HANDLERS = {Substitute: _do_substitute, Overlap: _do_overlap, Protest: _do_protest, Launch: _do_launch, Begin: _do_begin, Pivot: _do_pivot, Move: _do_move,
             Luck: _do_luck, Roll: _do_roll, Place: _do_place, WeatherEye: _do_weather_eye,
             Pass: _do_weather_eye, Drift: _do_drift}
