"""Placing the next manoeuvre card in front of the bow (or beside the boat), with the
right-of-way ruling when it overlaps another boat's card."""
from __future__ import annotations

import shapely

from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.wind import Tack, in_irons, tack_of
from dinghy.games.dinghy_race import right_of_way
from dinghy.games.dinghy_race.actions import Place
from dinghy.games.dinghy_race.cards import CardType, Kind
from dinghy.games.dinghy_race.common import (EPS, PRESTART_ROUNDS, path_blocker, say, boat_obstacles, card_fits,
                                             card_near_boats, card_obstacles, executed_card, hand, lines_on_water,
                                             placement_blocked, prestart, touches_start_zone)
from dinghy.games.dinghy_race.memo import per_object
from dinghy.games.dinghy_race.rounds import end_turn
from dinghy.games.dinghy_race.state import Boat, RaceState, RulingRecord, Step, Turn
from dinghy.games.dinghy_race.bounds import inside, others_box_lists, quick_box, touching, union
from dinghy.games.dinghy_race.convex import TOL, UNSURE, corners, fixed_sure, others_items, sure_hits
from dinghy.games.dinghy_race.sweep import turn_blocker
from dinghy.games.dinghy_race.table import Table, card_shapes, others


def card_options(game: Table, state: RaceState, trapeze: bool | None = None) -> list[tuple[str, str | None]]:
    """Each card kind in the hand, with the reason it cannot be placed now (or None).

    A card is offered when the boat could legally play it next turn (trapezing may be
    declared then), so only point of sail, tack, spinnaker and the pre-start limit out.
    (Cached per position: the legal actions and the check of the card placed ask alike.)
    """
    return list(hand_options(game, state))


@per_object(maxsize=64)
def hand_options(game: Table, state: RaceState) -> tuple[tuple[str, str | None], ...]:
    boat = state.boat()
    pose, tack = boat.pose, boat.tack
    fits, around = fit_reasons(game, boat, state.round + 1, executed_card(game, state, boat.index))
    keys = [k for k, _ in fits]
    lines = lines_on_water(game, state)
    hits: list[str | None] = [None] * len(keys)
    if keys:
        # only cards whose quick box is not surely on open water are judged by shapely;
        # first the box round them all (the hand's turned boxes' union, moved to the bow)
        area, obstacles = game.area_box, game.obstacle_box_list(lines)
        every = (pose.x + around[0], pose.y + around[1], pose.x + around[2], pose.y + around[3])
        if not inside(every, area) or touching(every, obstacles):
            boxes = [quick_box(game, k, tack, 0.0, pose.x, pose.y, pose.heading) for k in keys]
            # (what a card that does not suit the boat would touch is never said: not asked)
            ask = [i for i, b in enumerate(boxes)
                   if fits[i][1] is None and (not inside(b, area) or touching(b, obstacles))]
            # each card is convex: judged in plain floats first (convex.fixed_sure)
            rest = []
            for i in ask:
                f = fixed_sure(game, [((keys[i], tack, 0.0), pose.x, pose.y, pose.heading)], boxes[i], lines)
                if f is UNSURE:
                    rest.append(i)
                else:
                    hits[i] = f
            ask = rest
            if ask:
                shapes = card_shapes(game, pose, tack, 0.0, tuple(keys[i] for i in ask))
                for i, h in zip(ask, game.fixed_hits(shapes, lines=lines)):
                    hits[i] = h
    early = prestart(state) and state.round + 1 <= PRESTART_ROUNDS
    if not early and not any(hits):
        return fits
    out = []
    for (key, reason), hit in zip(fits, hits):
        if reason is None and early and _touches_start_zone(game, pose, tack, key):
            reason = "before the start, cards must stay downwind of the start line"
        if reason is None and hit:
            # "Boats and the manoeuvre cards placed in front of them may never touch fixed
            # obstacles like buoys, the start ship, land"
            reason = f"the card would touch {hit}"
        out.append((key, reason))
    return tuple(out)


def next_card_meets(game: Table, state: RaceState, boat: Boat, pose: Pose, tack: Tack,
                    executed: str | None, spi_up: bool) -> int | None:
    """Rule 1 for the card a tack or jibe lays next: "a boat may not execute a tack or jibe
    if this would put the boat or its new manoeuvre card on another boat's manoeuvre
    card". The boat on whose manoeuvre card every card the hand could lay at ``pose``
    (those that fit the next turn, less the card ``executed``) would lie, or None when one
    of them lies clear of every other boat's card (the quick boxes first, then shapely)."""
    b = boat.with_(pose=pose, tack=tack, planned=None, spi_up=spi_up)
    rows, around = fit_reasons(game, b, state.round + 1, executed)
    keys = tuple(k for k, why in rows if why is None)
    cards = others_box_lists(game, state.boats, boat.index)[1]
    if not keys or not touching((pose.x + around[0], pose.y + around[1], pose.x + around[2],
                                 pose.y + around[3]), cards):
        return None
    met = others(game, state.boats, boat.index).card_hits(card_shapes(game, pose, tack, 0.0, keys))
    return None if any(not m for m in met) else met[0][0]


def _touches_start_zone(game: Table, pose, tack, key: str) -> bool:
    """:func:`touches_start_zone` of the card in front of the bow: judged on its farthest
    upwind corner in plain floats, by the polygon when that lies within a hair of the
    limit."""
    (ax, ay), (ux, uy) = game.start_line[0], game.upwind.tolist()
    up = max((pose.x + cx - ax) * ux + (pose.y + cy - ay) * uy
             for cx, cy in corners(game, (key, tack, 0.0), pose.heading))
    if abs(up + EPS) > TOL:
        return up > -EPS
    return touches_start_zone(game, card_shapes(game, pose, tack, 0.0, (key,))[0])


def fit_reasons(game: Table, boat, round_: int,
                 executed: str | None = None) -> tuple[tuple[tuple[str, str | None], ...], tuple]:
    """The hand's card kinds (less the card ``executed`` this turn, see
    :func:`common.hand`), each with why it cannot be played next turn by a boat
    heading this way (None: it fits), before anything on the water is looked at; and the
    union of their turned quick boxes (to be moved to the bow). It depends only on the
    card in front of the bow, the card just executed, the spinnaker, heading, tack and
    whether the race has started (cached on the table)."""
    memo = game.__dict__.setdefault("fit_reasons", {})
    key = (boat.planned, executed, boat.spi_up, boat.pose.heading, boat.tack, round_ <= PRESTART_ROUNDS)
    out = memo.get(key)
    if out is None:
        irons = in_irons(boat.pose.heading, game.wind_from)
        rows = []
        for k in hand(game, boat, executed):
            card = game.cards.types[k]
            reason = card_fits(game, boat, card, trapeze=True, round_=round_)
            if irons and card.kind is not Kind.DELAY:
                reason = "in irons: only the delay card fits"
            rows.append((k, reason))
        if len(memo) > 4096:
            memo.clear()
        h, tack = boat.pose.heading, boat.tack
        around = union([quick_box(game, k, tack, 0.0, 0.0, 0.0, h) for k, _ in rows]) if rows else None
        out = memo[key] = (tuple(rows), around)
    return out



def do_place(game: Table, state: RaceState, act: Place, ev: list[Event]) -> RaceState:
    boat = state.boat()
    name = game.name(boat.index)
    if act.card is None:
        say(ev, "dead", boat.index, f"{name} stays dead in the water")
        return finish_place(game, state.with_boat(boat.with_(planned=None, aside=False)), ev)
    card = game.cards.types[act.card]
    # (the other boats are the same after this boat's card is laid: asked once, here;
    # a card whose box meets no hull's is surely not blocked)
    near_hulls, near_cards = card_near_boats(game, state, boat, card)
    blocker = placement_blocked(game, state, boat, card) if near_hulls else None
    if blocker:
        backed = back_off(game, state, boat, card, ev)
        if backed is not None:
            state, boat, blocker = backed, backed.boat(), None
            near_hulls, near_cards = card_near_boats(game, state, boat, card)
    near_cards = near_cards and blocker is None
    if blocker:
        # "he places the card beside the boat"
        say(ev, "aside", boat.index, f"{name} holds the card beside the boat ({blocker} is in the way)")
    else:
        say(ev, "place", boat.index, f"{name} places a card")
    # (the cards met are those of the other boats, the same before and after this
    # boat's card is laid: asked of the state the other questions were asked of)
    met = cards_met(game, state, boat, card) if near_cards else ()
    boat = boat.with_(planned=act.card, aside=blocker is not None)
    state = state.with_boat(boat)
    for j in met:
        other = state.boats[j]
        r = right_of_way.decide(game, state, boat.index, other.index, False)
        if r.keeps_clear == boat.index:
            text = f"{r.text}; the card overlaps, so {name} swaps turn order with {game.name(other.index)}"
            state = state.with_(order=right_of_way.swap_positions(state.order, boat.index, other.index),
                                last_ruling=RulingRecord(r.rule, r.keeps_clear, r.right_of_way, True, text))
            say(ev, "right_of_way", boat.index, text)
        else:
            say(ev, "right_of_way", boat.index, r.text)
            state = state.with_(last_ruling=RulingRecord(r.rule, r.keeps_clear, r.right_of_way, False, r.text))
    return finish_place(game, state, ev)



def locked_with(game: Table, state: RaceState, boat: Boat, card: CardType) -> Boat | None:
    """The boat that holds its own card aside because ``boat``'s hull is in the way while
    its hull keeps ``card`` from lying in front of ``boat``'s bow: each holds the other's
    card aside (None: no such boat)."""
    mine, hull = game.card_shape(boat.pose, card, boat.tack), game.hull(boat.pose, boat.tack)
    for other, g in boat_obstacles(game, state, boat.index):
        if other.aside and other.planned is not None and g.intersects(mine):
            theirs = game.card_shape(other.pose, game.cards.types[other.planned], other.tack)
            if theirs.intersects(hull):
                return other
    return None


def back_off(game: Table, state: RaceState, boat: Boat, card: CardType,
             ev: list[Event]) -> RaceState | None:
    """HOUSE RULE for two boats that each hold the other's card aside (the state with
    the active ``boat`` backed off, or None when the rule does not apply or finds no room).

    The text: "When the player has completed his move and would be forced to play his
    manoeuvre card for the next turn on top of another boat, he places the card beside
    the boat ... When it is his turn again, he tries to place the card and, if this is
    possible now, plays his turn normally. If he is still not able to place the card
    (because the same or another boat is still in his way), he exchanges the manoeuvre
    card for his delay card, places that aside and waits". Two boats whose bows touch
    can each keep the other's every card from lying, at every heading their turns reach
    (a delay turns the boat about its bow): both wait for ever, and the text has no way
    out.

    It applies only when no heading a delay's turn reaches lets either boat lay any
    card clear (:func:`_a_turn_frees`): two boats that can turn out of each other's way
    do so as before (a delay held aside is executed from beside the boat).

    The house rule: when the boat whose turn it is would hold its card aside (laying
    it, or trying again at the start of its turn) and the boat in its way is itself
    holding its card aside with this boat's hull in the way, the boat whose turn it is
    backs straight astern, keeping its heading, the least whole number of millimetres
    (at most a card length and a hull length) that lets the card lie clear of every
    hull; the hull may not touch or pass over a boat, mark, land or the edge on the way,
    and the card must not touch a mark, land or the edge where it then lies (another
    boat's card is no obstacle to it: the boat in the way lies right there). Then it
    lays the card as usual (a card it then meets is ruled on as usual). Where no such
    distance exists it holds the card aside, as the text says; the other boat tries the
    same at its turn. The table prints the engine's event: "Green and Vermilion each
    hold the other's card aside: Green backs off 68 mm astern so that its card lies
    clear (house rule)".
    """
    other = locked_with(game, state, boat, card)
    if other is None or _a_turn_frees(game, state, boat) or _a_turn_frees(game, state, other):
        return None
    start = game.hull(boat.pose, boat.tack)
    early = prestart(state)
    for mm in range(1, int(game.cards.card_length + game.cards.hull_length) + 1):
        pose = boat.pose.forward(-float(mm))
        hull = game.hull(pose, boat.tack)
        swept = shapely.convex_hull(shapely.union(start, hull))
        if path_blocker(game, state, boat, swept):
            return None         # something astern: it can back off no further
        if early and touches_start_zone(game, hull):
            return None
        moved = boat.with_(pose=pose)
        at = state.with_boat(moved)
        if placement_blocked(game, at, moved, card) is None and \
                dict(card_options(game, state.with_boat(moved.with_(planned=None)))).get(card.key, "") is None:
            say(ev, "aside", boat.index,
                 f"{game.name(boat.index)} and {game.name(other.index)} each hold the other's card aside: "
                 f"{game.name(boat.index)} backs off {mm} mm astern so that its card lies clear (house rule)")
            return at
    return None


def _a_turn_frees(game: Table, state: RaceState, boat: Boat) -> bool:
    """Whether a delay's turn ("one 45°-turn", the hull on its way and where it ends on
    no boat, mark or land: :func:`sweep.turn_blocker`) would bring the bow to a heading
    where some card of the hand may lie clear of every hull and fixed obstacle: the two
    boats are then not locked for good (a delay held aside is executed from beside the
    boat, turning), and the house rule waits."""
    for turn in (0, -45, 45):
        pose = Pose(boat.pose.x, boat.pose.y, boat.pose.heading + turn)
        tack = tack_of(pose.heading, game.wind_from, boat.tack)
        if turn and turn_blocker(game, state, boat, turn):
            continue
        turned = boat.with_(pose=pose, tack=tack, planned=None, aside=False)
        at = state.with_boat(turned, active=boat.index)
        if boat.index != state.active:
            at = at.with_(turn=Turn())      # (the card this turn executed is not its own)
        for key, reason in card_options(game, at):
            if reason is None and placement_blocked(game, at, turned, game.cards.types[key]) is None:
                return True
    return False


def cards_met(game: Table, state: RaceState, boat, card) -> tuple[int, ...]:
    """The boats whose cards the table's ``card`` laid in front of ``boat``'s bow
    touches, in the others' order: judged as convex shapes (:mod:`convex`), or by
    shapely on a close call."""
    p = boat.pose
    met = sure_hits(game, (card.key, boat.tack, 0.0), (p.x, p.y, p.heading),
                    quick_box(game, card.key, boat.tack, 0.0, p.x, p.y, p.heading),
                    others_items(game, state.boats, boat.index)[1],
                    others_box_lists(game, state.boats, boat.index)[1])
    if met is None:
        shape = game.card_shape(p, card, boat.tack)
        met = tuple(other.index for other, g in card_obstacles(game, state, boat.index) if g.intersects(shape))
    return met


def finish_place(game: Table, state: RaceState, ev: list[Event]) -> RaceState:
    boat = state.boat()
    if boat.weather_eye and not prestart(state):
        return state.with_(step=Step.WEATHER_EYE)
    return end_turn(game, state, ev)
