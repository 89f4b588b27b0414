"""A boat trapped beside a fixed obstacle: where a move would leave it so that, turn as
it may, it could never lay a card again but the delay.

Rule text: "Boats and the manoeuvre cards placed in front of them may never touch fixed
obstacles like buoys, the start ship, land or boats dead in water. If a boat comes into
a situation where it would violate this rule, it must stop one card length (short side)
short of the obstacle and does not place a new movement card; it is "dead in the water"
now". A delay turns the boat by 45° ("one 45°-turn whenever executing ... a delay card"),
a boat dead in the water by 90° ("may make a 90°-turn in either direction"), each about
its bow.

Our reading: a move that would end where the boat is trapped -- no heading its delay
and dead-in-the-water turns can reach (from there, turn after turn, the hull never on a
mark or land) lets it lay any card but the delay without touching a mark, land or the
edge -- puts it in that situation: every card it could ever lay would touch the obstacle.
So it counts as running into the obstacle: another exit is taken if one is clear, else
the boat stops a card width short of the obstacle and is dead in the water
(``turn.stop_short_at``). The other boats are left out (they sail on); the swing of a turn
counts, as for the pivot itself (:func:`pivot.turn_blocker`): the hull may neither end on
a mark or land nor swing through one.

Seen in a seeded race (up_and_down, seed 39): a round-up ended in irons (000°) 10 mm
beside mark 2s; only the delay fits there, its 45° turns reach 045° (no card fits: dead)
and 315° (the hull on the buoy); dead at 045°, the 90° turns reach 135° and 225°, where
no card fits either. The race could never end.
"""
from __future__ import annotations

import math

from dinghy.core.geometry import Pose
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race.bounds import inside, quick_box, touching
from dinghy.games.dinghy_race.cards import Kind
from dinghy.games.dinghy_race.cards import CardType
from dinghy.games.dinghy_race.convex import fixed_sure
from dinghy.games.dinghy_race.common import PRESTART_ROUNDS, fixed_hit, lines_on_water
from dinghy.games.dinghy_race.exit_tables import exit_spec, turned_exits_and_unions
from dinghy.games.dinghy_race.placing import fit_reasons, card_options
from dinghy.games.dinghy_race.state import Boat, RaceState, Step
from dinghy.games.dinghy_race.sweep import swing_contact
from dinghy.games.dinghy_race.table import Table


def trapped_by(game: Table, state: RaceState, boat: Boat, pose: Pose, tack: Tack,
               may_stay: bool = False) -> str | None:
    """The fixed obstacle that would trap ``boat`` if it ended its move at ``pose`` (and
    then laid its card), or None when some heading its turns reach lets it lay a card
    other than the delay.

    The boat's turns from there, judged against marks, land and the edge alone: after
    the move it must lay a card if one fits (the delay, if only that; ``may_stay``: it
    may stay dead in the water instead, as after a dead boat's own turn); a delay turn
    pivots 0° or ±45°, then a card is laid again; where no card fits it is dead in the
    water, and a dead boat turns 0° or ±90° and may lay the delay or stay dead. A turn
    is open when the hull where it ends, and on its way, touches no mark or land."""
    lines = lines_on_water(game, state)
    x, y = pose.x, pose.y
    box = quick_box(game, None, tack, 0.0, x, y, pose.heading)
    if surely_beyond(game, box, _reach_radius(game), lines):
        return None         # nothing fixed within reach of any card at any heading
    # (judged as after the start: the pre-start limit on cards passes by itself)
    after = max(state.round, PRESTART_ROUNDS)
    area, obstacles, wind = game.area_box, game.obstacle_box_list(lines), game.wind_from
    seen: set[tuple[int, bool]] = set()
    todo = [(pose.heading % 360, may_stay)]     # (heading, may stay dead in the water)
    met: list[str] = []
    hulls: dict[int, bool] = {}
    swings: dict[tuple[int, int], str | None] = {}      # (heading, turn) -> what the swing meets
    while todo:
        h, may_stay = todo.pop()
        if (h, may_stay) in seen:
            continue
        seen.add((h, may_stay))
        t = tack_of(h, wind, tack)
        sure, delays, keys = _heading_cards(game, boat, x, y, h, t, after)
        # a card other than the delay surely fits: its quick box inside the water and clear
        if any(_clear((x + b[0], y + b[1], x + b[2], y + b[3]), area, obstacles) for b in sure):
            return None
        if not sure and delays and all(_clear((x + b[0], y + b[1], x + b[2], y + b[3]), area, obstacles)
                                             for b in delays):
            # no card but the delay suits the heading (in irons, say), and the delay's
            # quick box is clear: the card options would say just that
            delay = True
        else:
            # a card other than the delay that suits the heading, judged as a convex shape
            # in plain floats (as the card options judge it) to touch nothing fixed
            for k, b in zip(keys, sure):
                part = [((k, t, 0.0), x, y, h)]
                if fixed_sure(game, part, (x + b[0], y + b[1], x + b[2], y + b[3]), lines) is None:
                    return None
            here = Pose(x, y, h)
            probe = boat.with_(pose=here, tack=t, planned=None, aside=False, spi_up=False, trapeze=False)
            at = state.with_boat(probe, active=boat.index, step=Step.PLACE, round=after)
            opts = card_options(game, at)
            fits = [(game.cards.types[k].kind is Kind.DELAY, r is None) for k, r in opts]
            if any(ok and not delay for delay, ok in fits):
                return None
            delay = any(ok and d for d, ok in fits)
            met += [r[len(_TOUCH):] for _, r in opts if r and r.startswith(_TOUCH)]
        turns = ((0, 45, -45, False),) if delay else ()
        if not delay or may_stay:
            turns += ((0, 90, -90, True),)
        for *steps, stay in turns:
            for d in steps:
                h2 = (h + d) % 360
                if h2 not in hulls:
                    t2 = tack_of(h2, wind, t)
                    hit = None
                    # the hull's quick box apart from every mark's and land's: it touches none
                    if touching(quick_box(game, None, t2, 0.0, x, y, h2), obstacles):
                        hit = fixed_hit(game, game.hull(Pose(x, y, h2), t2), edge=False, lines=lines)
                    hulls[h2] = hit is None
                    if hit:
                        met.append(hit)
                if hulls[h2] and d and (h, d) not in swings:
                    turning = boat.with_(pose=Pose(x, y, h), tack=t)
                    swings[(h, d)] = swing_contact(game, state, turning, d, lines, boats=False)
                    if swings[(h, d)]:
                        met.append(swings[(h, d)])
                if hulls[h2] and swings.get((h, d)) is None:
                    todo.append((h2, stay))
    return max(met, key=met.count) if met else "the edge of the water"


def surely_free(game: Table, boat: Boat, pose: Pose, tack: Tack, lines: tuple[bool, bool]) -> bool:
    """Whether a card other than the delay that suits the heading surely lies clear in
    front of the bow at ``pose`` (its quick box inside the water and apart from every
    buoy's and land's): :func:`trapped_by` then finds the boat free at once, as it asks
    this first of the heading the move ends on (False: let it judge)."""
    x, y, h = pose.x, pose.y, pose.heading % 360
    area, obstacles = game.area_box, game.obstacle_box_list(lines)
    for b in _heading_cards(game, boat, x, y, h, tack_of(h, game.wind_from, tack), PRESTART_ROUNDS)[0]:
        if _clear((x + b[0], y + b[1], x + b[2], y + b[3]), area, obstacles):
            return True
    return False


def _clear(box: tuple, area: tuple | None, obstacles: list) -> bool:
    return inside(box, area) and not touching(box, obstacles)


def _heading_cards(game: Table, boat: Boat, x: float, y: float, h: int, t: Tack,
                   after: int) -> tuple[tuple, tuple, tuple]:
    """For a probe at heading ``h`` on tack ``t`` (no card before the bow, no spinnaker,
    after the start): the turned quick boxes (relative to the bow) of the cards other
    than the delay that suit the heading, in the hand's order; those of the delay cards;
    and the keys of the first (cached on the table: it depends on nothing else)."""
    memo = game.__dict__.setdefault("_trap_heading_cards", {})
    out = memo.get((h, t))
    if out is None:
        probe = boat.with_(pose=Pose(x, y, h), tack=t, planned=None, aside=False, spi_up=False, trapeze=False)
        fits, _ = fit_reasons(game, probe, after + 1)
        kinds = [(k, game.cards.types[k].kind is Kind.DELAY) for k, r in fits if r is None]
        sure = tuple(quick_box(game, k, t, 0.0, 0.0, 0.0, h) for k, d in kinds if not d)
        delays = tuple(quick_box(game, k, t, 0.0, 0.0, 0.0, h) for k, d in kinds if d)
        out = memo[(h, t)] = (sure, delays, tuple(k for k, d in kinds if not d))
    return out


#: how :func:`placing.card_options` names the obstacle a card would touch
_TOUCH = "the card would touch "


def _reach_radius(game: Table) -> float:
    """How far from its hull anything the boat lays or swings may reach: a hull length
    (turning about the bow) and the farthest corner of any card from the bow."""
    out = game.__dict__.get("_trap_reach")
    if out is None:
        corners = [math.hypot(x, y) for c in game.cards.types.values() for x, y in c.outline.tolist()]
        out = game.__dict__["_trap_reach"] = game.cards.hull_length + max(corners, default=0.0) + 1.0
    return out


def no_exit_traps(game: Table, boat: Boat, card: CardType, shift: float, lines: tuple[bool, bool]) -> bool:
    """Whether no exit of the table's ``card`` (shifted by ``shift``) can end where
    :func:`trapped_by` finds the boat trapped: the box round every shape of the move
    (``exit_tables``' union, relative to the bow, which holds the hull's quick box at
    every exit) lies surely beyond anything fixed within reach of any card at any
    heading, as each exit's own box then does (False: ask exit by exit)."""
    p = boat.pose
    memo = game.__dict__.setdefault("_trap_move_unions", {})
    key = (card.key, p.heading, boat.tack, shift)
    u = memo.get(key)
    if u is None:
        spec = exit_spec(game, [game.cards.types[card.key]])
        if spec is None:
            return True
        u = turned_exits_and_unions(game, spec, p.heading, boat.tack, shift)[1][0]
        if len(memo) > 4096:
            memo.clear()
        memo[key] = u
    every = (p.x + u[0], p.y + u[1], p.x + u[2], p.y + u[3])
    return surely_beyond(game, every, _reach_radius(game), lines)


def surely_beyond(game: Table, box: tuple, gap: float, lines: tuple[bool, bool]) -> bool:
    """Whether a shape with this (quick) box surely lies more than ``gap`` inside a
    rectangular playing area and more than ``gap`` from every mark, buoy and land
    (False: let a closer look judge the shape)."""
    area = game.area_box
    if area is None:
        return False
    if not (box[0] - area[0] > gap and box[1] - area[1] > gap and area[2] - box[2] > gap and area[3] - box[3] > gap):
        return False
    grown = (box[0] - gap, box[1] - gap, box[2] + gap, box[3] + gap)
    return not touching(grown, game.obstacle_box_list(lines))
