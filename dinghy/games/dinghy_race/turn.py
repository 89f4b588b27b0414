"""The turn of the active boat: trapezing and the reveal, the exit lines of the revealed
card with the engine's verdict on each, the move itself (stopping short, the spinnaker
bonus, the hazards it calls for), and rule 1's substitute for a tack or jibe that has no
room. Pivoting (delay, dead in the water) is in :mod:`pivot`; its names are re-exported
here for the callers that look them up on this module."""
from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import LineString

from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.wind import PointOfSail, Tack, off_wind, points_of_sail
from dinghy.games.dinghy_race import course as course_mod, right_of_way
from dinghy.games.dinghy_race.actions import Begin, Move, Substitute
from dinghy.games.dinghy_race.bounds import inside, quick_box, touching
from dinghy.games.dinghy_race.cards import CardType, Kind, exit_track
from dinghy.games.dinghy_race.common import (EPS, path_blocker, say, aspects, boat_obstacles,
                                             card_fits, fixed_hit, lines_on_water, move_shape,
                                             placement_blocked, room_ahead)
from dinghy.games.dinghy_race.hazard_rolls import next_hazard_or_place
from dinghy.games.dinghy_race.lines_and_marks import after_track
from dinghy.games.dinghy_race.memo import per_object
from dinghy.games.dinghy_race.pivot import (do_pivot, pivot_traps, swing_blocker,  # noqa: F401
                                            _swing_touches_start_zone, why_not_pivot)  # (re-exported)
from dinghy.games.dinghy_race.placing import back_off, next_card_meets
from dinghy.games.dinghy_race.right_of_way import Ruling
from dinghy.games.dinghy_race.rounds import end_turn
from dinghy.games.dinghy_race.state import Boat, RaceState, RulingRecord, Step, Turn, fast_new
from dinghy.games.dinghy_race.sweep import track_contact
from dinghy.games.dinghy_race.table import Table, fixed_within, reach_rows
from dinghy.games.dinghy_race.trapped import no_exit_traps, surely_beyond, surely_free, trapped_by
from dinghy.games.dinghy_race.weather_eye import weather_eye_shift


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
    trapped: bool = False      # blocked_by names the mark or land that would trap the boat where it ends



def exit_options(game: Table, state: RaceState, shift: float = 0.0) -> list[ExitOption]:
    """Every exit of the revealed card, with the engine's verdict on each."""
    return list(_exit_options(game, state, float(shift)))



@per_object(maxsize=64)
def _exit_options(game: Table, state: RaceState, shift: float) -> tuple[ExitOption, ...]:
    boat = state.boat()
    card = game.cards.types[state.turn.card]
    limit = weather_eye_shift(game, state, boat, card)
    shift = max(-limit, min(limit, shift))
    raw = []
    lines = lines_on_water(game, state)
    # (no exit can end trapped when the box round the whole move is far from everything fixed)
    far = no_exit_traps(game, boat, card, shift, lines)
    rows = reach_rows(game, state.boats, boat, [card], shift, lines)
    # each clear exit's end, whether a card surely lies clear ahead there (then no trap)
    free = [far or (r[4] is None and surely_free(game, boat, r[2], r[3], lines)) for r in rows]
    # rule 1 for the card laid after the move: which boat's card each change of tack
    # would put its next card on, whatever card it lays (None: one lies clear)
    after = _next_card_rule_1(game, state, boat, card, rows)
    if not (card.spi_bonus and boat.spi_up) and not any(r[4] or r[5] for r in rows) and all(free) \
            and not any(a is not None for a in after):
        return _open_water_options(card, boat, rows, limit)
    for (_, exit_, end, end_tack, blocked, cards_met), free_here in zip(rows, free):
        ex = card.exits[exit_]
        changed = end_tack is not boat.tack
        involuntary = None
        if changed and not card.changes_tack:
            involuntary = "tack" if ex.turn > 0 else "jibe"
        bonus = None
        if (card.spi_bonus and boat.spi_up and involuntary is None and blocked is None
                and PointOfSail.RUNNING in aspects(game, boat.pose)):
            b = end.forward(game.cards.spi_bonus_distance)
            if path_blocker(game, state, boat, move_shape(game, boat, card, end, end_tack, shift, b)) is None \
                    and fixed_hit(game, room_ahead(game, b, end_tack), lines=lines) is None:
                bonus = b
        gives, holds = [], []
        for other in cards_met:
            ruling = right_of_way.decide(game, state, boat.index, other, changed or card.changes_tack)
            (gives if ruling.keeps_clear == boat.index else holds).append(ruling)
        trapped = blocked is None and not free_here and _trap(game, state, boat, card, ex, end, end_tack, shift)
        if trapped:
            blocked = trapped
        raw.append([exit_, ex.turn, end, end_tack, None, involuntary, blocked, bonus, changed,
                    tuple(gives), tuple(holds), bool(trapped)])
    # A tack or jibe card commits the boat to change tack: "Playing them commits you to
    # perform a change from one tack to the other" -- exits that keep the tack are out
    # (unless no exit changes tack at all).
    if card.changes_tack and any(r[8] for r in raw):
        for r in raw:
            if not r[8]:
                r[4] = f"a {card.kind.value} must end on the other tack"
    # Rule 1: "a boat may not execute a tack or jibe if this would put the boat ... on
    # another boat's manoeuvre card" -- those exits are closed outright, so
    # they never count as the clear exit of the next rule.
    for r, other in zip(raw, after):
        if r[4] is None and r[9] and r[9][0].rule == 1 and (card.changes_tack or r[5]):
            r[4] = r[9][0].text
        elif r[4] is None and other is not None:
            text = right_of_way.decide(game, state, boat.index, other, True).text
            r[4] = f"{text}: the card it lays next would lie on {game.name(other)}'s card"
    # "the acting player must, if possible, use an exit line that does not cause
    # boat-to-boat conflict. If this does not solve the problem, he must stop".
    if any(r[6] is None and r[4] is None for r in raw):
        for r in raw:
            if r[6] is not None and r[4] is None:
                r[4] = (f"it would end trapped by {r[6]}; another exit is clear" if r[11]
                        else f"the path touches {r[6]}; another exit is clear")
    # Remaining conflicts: "it must first use any exit line that avoids the card"; where
    # it can only proceed by overlapping, it proceeds and the boats swap turn order.
    if any(r[4] is None and not r[9] and r[6] is None for r in raw):
        for r in raw:
            if r[4] is None and r[9]:
                r[4] = f"{r[9][0].text}: another exit avoids the card"
    return tuple(_exit_option(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], limit, r[9], r[10], r[11])
                 for r in raw)


_exit_option = fast_new(ExitOption)


def _next_card_rule_1(game: Table, state: RaceState, boat: Boat, card: CardType,
                      rows: list[tuple]) -> list[int | None]:
    """For each exit row (:func:`table.reach_rows`) that changes tack, the boat on whose
    card every next card would lie (:func:`placing.next_card_meets`), else None (always
    None where the set-up reads rule 1 the old way, see ``Table.rule_1_next_card``)."""
    if not game.rule_1_next_card:
        return [None] * len(rows)
    spi = boat.spi_up if card.kind not in (Kind.SPI_UP, Kind.SPI_DOWN) else card.kind is Kind.SPI_UP
    executed = None if card.kind is Kind.DELAY else card.key
    return [next_card_meets(game, state, boat, r[2], r[3], executed, spi) if r[3] is not boat.tack else None
            for r in rows]


def _open_water_options(card: CardType, boat: Boat, rows: list[tuple], limit: float) -> tuple[ExitOption, ...]:
    """The exits of :func:`_exit_options` where no exit touches anything, meets a card
    or can end trapped (far from everything fixed, or a card surely clear ahead of each
    end), and no spinnaker bonus is in question: what the rules below then leave of its
    verdicts (only the tack a tack or jibe card must change)."""
    out = []
    tacks = card.changes_tack
    commits = tacks and any(r[3] is not boat.tack for r in rows)
    for _, exit_, end, end_tack, _, _ in rows:
        turn = card.exits[exit_].turn
        changed = end_tack is not boat.tack
        involuntary = None
        if changed and not tacks:
            involuntary = "tack" if turn > 0 else "jibe"
        reason = f"a {card.kind.value} must end on the other tack" if commits and not changed else None
        out.append(_exit_option(exit_, turn, end, end_tack, reason, involuntary, None, None, limit, (), (), False))
    return tuple(out)


def _trap(game: Table, state: RaceState, boat: Boat, card: CardType, ex, end: Pose,
          tack: Tack, shift: float) -> str | None:
    """The fixed obstacle that would trap the boat where this exit ends
    (:func:`trapped.trapped_by`: it then counts as running into it), unless the move
    finishes the race ("The boat is then removed from the game immediately")."""
    trap = trapped_by(game, state, boat, end, tack)
    if trap is not None and boat.legs_done >= len(game.course.legs):
        track = exit_track(boat.pose, boat.tack, card, ex, game.cards.hull_length, shift)
        swept = game.hull(end, tack).union(LineString(track))
        if course_mod.crosses_line(game.course.finish, swept):
            return None
    return trap



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



def do_begin(game: Table, state: RaceState, act: Begin, ev: list[Event]) -> RaceState:
    boat = state.boat()
    name = game.name(boat.index)
    if state.last_ruling is not None and not state.turn.overlap_claimed:
        # "Once the player has completed the move and removed his just-used movement card,
        # the move cannot be changed": a ruling of an earlier turn is open to protest until
        # the next boat begins its turn, then it stands (an inner boat's claim made as this
        # turn begins stays open through it)
        state = state.with_(last_ruling=None)
    if act.trapeze != boat.trapeze:
        say(ev, "trapeze", boat.index, f"{name} {'goes out on' if act.trapeze else 'comes in from'} the trapeze")
        boat = boat.with_(trapeze=act.trapeze)
        state = state.with_boat(boat, turn=Turn())
    else:
        state = state.with_(turn=Turn())
    # Face-up delay cards: "Each turn, remove one delay card."
    if boat.delays:
        boat = boat.with_(delays=boat.delays - 1, trapeze=False, spi_up=False)
        left = boat.delays
        say(ev, "delay", boat.index, f"{name} removes a delay card ({left} left)")
        return state.with_boat(boat, step=Step.PIVOT, turn=Turn(pivot_limit=45, then_place=left == 0))
    # Dead in the water: "such a boat may make a 90°-turn in either direction and may then
    # place ... any manoeuvre card ... that fits the current boat aspect".
    if boat.planned is None:
        say(ev, "dead", boat.index, f"{name} is dead in the water: may turn 90° and place a card")
        return state.with_(step=Step.PIVOT, turn=Turn(pivot_limit=90, then_place=True))
    card = game.cards.types[boat.planned]
    # A card held aside: "he tries to place the card and, if this is possible now, plays
    # his turn normally. If he is still not able ... he exchanges the manoeuvre card for
    # his delay card, places that aside and waits".
    if boat.aside:
        blocker = placement_blocked(game, state, boat, card)
        if blocker:
            # HOUSE RULE (placing.back_off): two boats each holding the other's card aside
            backed = back_off(game, state, boat, card, ev)
            if backed is not None:
                state, blocker = backed, None
                boat = state.boat()
        if blocker and card.kind is Kind.DELAY:
            # A delay moves nothing, so it is executed from beside the boat: the 45° pivot
            # may turn the bow from the boat in the way (our reading; two boats that each
            # hold the other's card aside are freed by the house rule above).
            say(ev, "aside", boat.index, f"{name} executes the delay card from beside the boat")
            boat = boat.with_(planned=None, aside=False, trapeze=False, spi_up=False)
            return state.with_boat(boat, step=Step.PIVOT, turn=Turn(card=card.key, pivot_limit=45))
        if blocker:
            delay = game.cards.delay_key()
            say(ev, "aside", boat.index,
                 f"{name} still cannot place the card ({blocker} is in the way): a delay card instead")
            state = state.with_boat(boat.with_(planned=delay, aside=True))
            return end_turn(game, state, ev)
        boat = boat.with_(aside=False)
        state = state.with_boat(boat)
    reason = card_fits(game, boat, card, boat.trapeze, state.round)
    if reason:
        # "The illegal card is immediately replaced with a delay card which you then execute"
        say(ev, "illegal", boat.index, f"{name} revealed an illegal card ({reason}): delay instead")
        boat = boat.with_(planned=None, trapeze=False, spi_up=False)
        return state.with_boat(boat, step=Step.PIVOT, turn=Turn(card=game.cards.delay_key(),
                                                                       pivot_limit=45))
    say(ev, "reveal", boat.index, f"{name} reveals {card.name}")
    if card.kind is Kind.DELAY:
        # "A delay card automatically and immediately removes any trapezing or spi up status"
        boat = boat.with_(planned=None, trapeze=False, spi_up=False)
        return state.with_boat(boat, step=Step.PIVOT, turn=Turn(card=card.key, pivot_limit=45))
    return state.with_(step=Step.MOVE, turn=Turn(card=card.key))



def stop_short(game: Table, state: RaceState, opt: ExitOption, shift: float = 0.0) -> tuple[Pose, Tack, str | None]:
    """Where the active boat taking the blocked exit ``opt`` stops, its tack there, and
    the fixed obstacle that leaves it dead in the water (None: it lays its next card as
    usual); what :func:`do_move` does, for bots that forecast it."""
    boat = state.boat()
    card = game.cards.types[state.turn.card]
    return stop_short_at(game, state, boat, card, opt.pose, opt.tack, float(shift),
                       opt.blocked_by if opt.trapped else None)


def stop_short_at(game: Table, state: RaceState, boat: Boat, card: CardType, end: Pose,
                tack: Tack, shift: float, trap: str | None = None,
                through: bool = False) -> tuple[Pose, Tack, str | None]:
    """Where a blocked move ends, and the fixed obstacle that leaves the boat dead in the
    water there (None: it places its next card as usual).

    Other boats: "stop the execution of his move in a way that his boat does not touch
    the other boat, still keeping the direction of one of the possible exit lines", and
    "you can neither move through it". Fixed obstacles: "Boats and the manoeuvre cards
    placed in front of them may never touch fixed obstacles like buoys ... If a boat
    comes into a situation where it would violate this rule, it must stop one card
    length (short side) short of the obstacle and does not place a new movement card; it
    is dead in the water".

    The stop lies on the track the engine draws for it: the hull turned to the exit's
    heading, its bow on the straight line from the bow's start to the exit, sampled in
    twentieths. The hull slides along that line only as far as it meets nothing: the
    stop is the last sample before the first one whose stretch of the track touches a
    boat, a mark, a buoy or land (:func:`sweep.track_contact`), never beyond it; a fixed
    obstacle met so leaves the boat dead in the water.

    Our reading: a stop short of a boat is such a situation too when, where the boat
    would stop, its hull or the room its next card needs (the delay card's footprint,
    as for a full move) touches a fixed obstacle; the boat then stops one card width
    short of that obstacle as well and is dead in the water. Otherwise a boat could
    stop right beside a buoy, lay no card there and, its 90° turns ending with the
    hull on the buoy, never sail again. Nor may it stop where it would be trapped
    (:func:`trapped.trapped_by`): such a stop goes on back to a card width from the
    obstacle, and ``trap`` names the one a move that would end trapped runs into.

    ``through``: the reading records before format 4 were made under (the samples were
    tried from the exit back, skipping only those whose hull lay on a boat, so a stop
    could lie beyond what stopped the boat); only :meth:`DinghyRace.older_record` asks.
    """
    gap = game.cards.card_width
    lines = lines_on_water(game, state)
    fixed = _move_touches(game, boat, card, end, tack, shift, lines) or trap
    x0, y0 = boat.pose.xy
    poses = []
    for i in range(21):
        t = i / 20
        poses.append(Pose(x0 + (end.x - x0) * t, y0 + (end.y - y0) * t, end.heading))
    first, met = (len(poses), None) if through else track_contact(game, state, boat, poses, tack, lines)
    fixed = fixed or met
    for pose in reversed(poses[:first]):
        if through and any(g.intersects(game.hull(pose, tack)) for _, g in boat_obstacles(game, state, boat.index)):
            continue
        box = quick_box(game, None, tack, 0.0, pose.x, pose.y, pose.heading)
        if fixed is None:
            fixed = _stop_touches(game, pose, tack, box, lines)
        if fixed is not None and not surely_beyond(game, box, gap - EPS, lines):
            if fixed_within(game, game.hull(pose, tack), gap - EPS, lines):
                continue
        trapped = trapped_by(game, state, boat, pose, tack)
        if trapped is not None:
            fixed = fixed or trapped
            continue
        return pose, tack, fixed
    return boat.pose, boat.tack, fixed


def _move_touches(game: Table, boat: Boat, card: CardType, end: Pose, tack: Tack, shift: float,
                  lines: tuple[bool, bool]) -> str | None:
    """The fixed obstacle the move (:func:`move_shape`) or the room its next card needs
    where it ends (:func:`room_ahead`) touches, or None. A shape whose quick box lies
    inside the water, apart from every buoy's and land's, touches nothing fixed: the
    polygons are built only for a closer look."""
    area, obstacles, p = game.area_box, game.obstacle_box_list(lines), boat.pose
    clear = game.cards.types.get(card.key) is card and all(
        inside(b, area) and not touching(b, obstacles)
        for b in (quick_box(game, card.key, boat.tack, shift, p.x, p.y, p.heading),
                  quick_box(game, None, tack, 0.0, end.x, end.y, end.heading)))
    fixed = None if clear else fixed_hit(game, move_shape(game, boat, card, end, tack, shift), lines=lines)
    if fixed is None:
        room = quick_box(game, game.delay_card.key, tack, 0.0, end.x, end.y, end.heading)
        if not inside(room, area) or touching(room, obstacles):
            fixed = fixed_hit(game, room_ahead(game, end, tack), lines=lines)
    return fixed


def _stop_touches(game: Table, pose: Pose, tack: Tack, box: tuple,
                  lines: tuple[bool, bool]) -> str | None:
    """The fixed obstacle a boat stopped here (hull quick box ``box``) would touch with its
    hull or with the room its next card needs, or None."""
    room = quick_box(game, game.delay_card.key, tack, 0.0, pose.x, pose.y, pose.heading)
    both = (min(box[0], room[0]), min(box[1], room[1]), max(box[2], room[2]), max(box[3], room[3]))
    if surely_beyond(game, both, 0.0, lines):
        return None
    return fixed_hit(game, game.hull(pose, tack), lines=lines) or \
        fixed_hit(game, room_ahead(game, pose, tack), lines=lines)


def do_move(game: Table, state: RaceState, act: Move, ev: list[Event]) -> RaceState:
    boat = state.boat()
    name = game.name(boat.index)
    card = game.cards.types[state.turn.card]
    opt = _exit_options(game, state, float(act.shift))[act.exit]
    ex = card.exits[act.exit]
    end, tack, dead = opt.pose, opt.tack, False
    track = exit_track(boat.pose, boat.tack, card, ex, game.cards.hull_length, act.shift)
    if opt.blocked_by is not None:
        end, tack, fixed = stop_short(game, state, opt, act.shift)
        dead = fixed is not None
        if opt.trapped:
            why = (" (where the card would take it, no heading its turns reach would let it lay"
                   " a card but the delay): one card width short, dead in the water")
        elif dead and any(opt.blocked_by == game.name(b.index) for b in state.boats):
            why = f", one card width short of {fixed} too, and is dead in the water"
        else:
            why = " and is dead in the water" if dead else ""
        say(ev, "obstacle", boat.index, f"{name} stops short of {opt.blocked_by}{why}")
        track = [boat.pose.xy, end.xy]
    elif act.bonus and opt.bonus is not None:
        end = opt.bonus
        track.append(end.xy)
        say(ev, "bonus", boat.index, f"{name} takes the spinnaker bonus")
    last = state.last_ruling
    for r in opt.holds:
        say(ev, "right_of_way", boat.index, r.text)
        last = RulingRecord(r.rule, r.keeps_clear, r.right_of_way, False, r.text)
    order = state.order
    for r in opt.gives_way:
        order = right_of_way.swap_positions(order, r.keeps_clear, r.right_of_way)
        text = (f"{r.text}; no exit avoids the card, so {name} proceeds and swaps turn order "
                f"with {game.name(r.right_of_way)}")
        say(ev, "right_of_way", boat.index, text)
        last = RulingRecord(r.rule, r.keeps_clear, r.right_of_way, True, text)
    if order is not state.order or last is not state.last_ruling:
        state = state.with_(order=order, last_ruling=last)
    turned = (end.heading - boat.pose.heading) % 360
    desc = "straight on" if turned == 0 else f"to {end.heading:03d}°"
    say(ev, "move", boat.index, f"{name} sails {desc} ({off_wind(end.heading, game.wind_from)}° off the wind)")
    # Hazards: "After each such manoeuvre, voluntary or involuntary, look up the hazard table"
    rows: list[tuple[str, int]] = []
    changed = tack is not boat.tack
    if card.kind is Kind.TACK or (changed and opt.involuntary == "tack"):
        rows.append(("tack_trapeze" if boat.trapeze else "tack", -2 if opt.involuntary else 0))
    if card.kind is Kind.JIBE or (changed and opt.involuntary == "jibe"):
        rows.append(("jibe_spi" if boat.spi_up else "jibe", -2 if opt.involuntary else 0))
    if opt.involuntary and changed:
        say(ev, "involuntary", boat.index,
             f"{name} makes an involuntary {opt.involuntary}: -2 on the hazard roll, no bonus")
    spi_up = boat.spi_up
    if card.kind is Kind.SPI_UP:
        rows.append(("spi_up", 0))
        spi_up = True
    elif card.kind is Kind.SPI_DOWN:
        # the roll is for taking the spinnaker down; played with none up ("I would not
        # punish a player for using it out of context") the card only sails, unless the
        # set-up reads it the old way (a record made before format 3)
        if boat.spi_up or game.spi_down_rolls:
            rows.append(("spi_down", 0))
        else:
            say(ev, "spinnaker", boat.index, f"{name} plays Spi down with no spinnaker up: nothing to take down, no roll")
        spi_up = False
    end_aspect = points_of_sail(end.heading, game.wind_from)
    if spi_up and card.kind is not Kind.SPI_UP and PointOfSail.RUNNING not in end_aspect:
        rows.append(("spi_abuse", 0))
        say(ev, "abuse", boat.index, f"{name} flies the spinnaker off a run: abuse roll")
    if boat.trapeze and PointOfSail.CLOSE_HAULED not in end_aspect:
        rows.append(("trapeze_abuse", 0))
        say(ev, "abuse", boat.index, f"{name} is trapezing off close-hauled: abuse roll")
    rows = [r for r in rows if game.hazards.needs_roll(r[0])]
    boat = boat.with_(pose=end, tack=tack, spi_up=spi_up, planned=None)
    state = state.with_boat(boat)
    state = after_track(game, state, track, ev)
    # A boat that finished "is then removed from the game immediately": its turn is over
    # (``after_track`` has handed the turn on, so ``state.boat()`` is another boat now)
    # and no hazard roll of this move is left. A boat that touched the start line early
    # is re-placed (LAUNCH) instead of rolling.
    if not state.boats[boat.index].racing or state.step is Step.LAUNCH:
        return state
    if dead:
        state = state.with_(turn=state.turn.with_(hazards=tuple(rows), then_place=False))
    else:
        state = state.with_(turn=state.turn.with_(hazards=tuple(rows), then_place=True))
    return next_hazard_or_place(game, state, ev)



def do_substitute(game: Table, state: RaceState, act: Substitute, ev: list[Event]) -> RaceState:
    name = game.name(state.active)
    card = game.cards.types[act.card]
    if card.kind is Kind.DELAY:
        say(ev, "right_of_way", state.active, f"{name} cannot tack or jibe here (rule 1) and takes a one-turn delay")
        boat = state.boat().with_(planned=None, trapeze=False, spi_up=False)
        return state.with_boat(boat, step=Step.PIVOT, turn=Turn(card=card.key, pivot_limit=45))
    say(ev, "right_of_way", state.active, f"{name} cannot tack or jibe here (rule 1) and sails {card.name} instead")
    return state.with_(turn=state.turn.with_(card=card.key, substituted=True))
