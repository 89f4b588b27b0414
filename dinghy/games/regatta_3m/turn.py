"""The dispatcher: legal actions, the reason one is refused, and applying an action.

Within a turn an action is legal when the rules allow it (the topic modules say why
not) and the turn can still be completed after it ("All legs and turns must be
complete"; "A player must give up his entire turn if, because of obstacles, he cannot
complete it"): "give up turn" is legal only when no complete turn exists.
"""
from __future__ import annotations

from dinghy.core.errors import IllegalAction
from dinghy.core.interface import Event
from dinghy.games.grid import compass
from dinghy.games.regatta_3m import die_and_rounds, headings, moves, sails, start_finish
from dinghy.games.regatta_3m.actions import Action, GiveUp, Head, Leg, Place, Roll, Spinnaker
from dinghy.games.regatta_3m.speeds import LUFFING, point_of_sail
from dinghy.games.regatta_3m.state import Phase, State

Step = tuple[State, list[Event], bool]       # state, events, turn complete


# -- placing ------------------------------------------------------------------------------
def place_check(game, state: State, a: Place) -> str | None:
    p = (a.x, a.y)
    seat = state.queue[0]
    if game.advanced and a.heading is None:
        return "in the advanced game a yacht is positioned with its heading (place x y NE)"
    if not game.advanced and a.heading is not None:
        return "in the basic game a yacht is positioned without a heading (place x y)"
    if a.heading is not None and point_of_sail(a.heading, state.wind) == LUFFING:
        return "a yacht may not be positioned head to wind (luffing)"
    why = moves.blocker(game, state, seat, p)
    if why:
        return f"that cross is {why}"
    if not start_finish.behind_line(game.course, p):
        return "a yacht is positioned behind the starting line"
    for b in state.boats:
        if b.afloat and b.seat != seat and sails.windward_of(b.at, state.wind, 1) == p:
            return (f"from there it would blanket {game.name(b.seat)}'s yacht "
                    "(the space directly to windward of it)")
    return None


def place_options(game, state: State) -> list[Place]:
    out = []
    headings_ = ([h for h in range(8) if point_of_sail(h, state.wind) != LUFFING]
                 if game.advanced else [None])
    for p in game.start_area:
        for h in headings_:
            a = Place(p[0], p[1], h)
            if place_check(game, state, a) is None:
                out.append(a)
    return out


def place(game, state: State, a: Place) -> tuple[State, list[Event]]:
    seat = state.queue[0]
    b = start_finish.placed(game.course, state.boats[seat], (a.x, a.y))
    if a.heading is not None:
        b = b.with_(heading=a.heading, tack=headings.tack_after(a.heading, state.wind, None))
    state = state.with_boat(b).with_(queue=state.queue[1:])
    h = f", heading {compass.NAMES[a.heading]} on {b.tack} tack" if a.heading is not None else ""
    ev = [Event("place", seat, f"{game.name(seat)} positions its yacht "
                                     f"{compass.where_words(game.board.marks, (a.x, a.y), 'space')}{h}")]
    if not state.queue:
        state = state.with_(phase=Phase.ROLL)
        ev.append(Event("order", state.holder, f"{game.name(state.holder)} holds the die and rolls "
                        "for round one"))
    return state, ev


# -- a turn ---------------------------------------------------------------------------------
def turn_options(game, state: State) -> list[Action]:
    out: list[Action] = [Spinnaker(True), Spinnaker(False)]
    for d in range(8):
        out += [Leg(d), Leg(d, True)]
    if game.advanced:
        out += [Head(d) for d in range(8)]
    return out


def act(game, state: State, a: Action) -> tuple[Step | None, str | None]:
    """One action of the turn (not yet ending it), or why it cannot be taken."""
    turn = state.turn
    boat = state.boats[turn.seat]
    name = game.name(turn.seat)
    if isinstance(a, Leg):
        st, ev, why = moves.sail_leg(game, state, a)
        if why:
            return None, why
        nt = st.turn
        return (st, ev, nt.used >= nt.legs or st.boats[turn.seat].finished is not None), None
    if isinstance(a, Spinnaker):
        why = sails.spinnaker_check(boat, turn, a.up)
        if why:
            return None, why
        if a.up:
            st = state.with_boat(boat.with_(spinnaker=True)).with_(turn=turn.with_(sail_changed=True))
            return (st, [Event("spinnaker", boat.seat, f"{name} is flying a spinnaker")], False), None
        nt = turn.with_(sail_changed=True, used=turn.used + 1)
        st = state.with_boat(boat.with_(spinnaker=False)).with_(turn=nt)
        text = f"{name} takes down its spinnaker, giving up one leg"
        if nt.used >= nt.legs:
            text += " (in a one-leg turn, in effect, the turn)"
        return (st, [Event("spinnaker", boat.seat, text)], nt.used >= nt.legs), None
    if isinstance(a, Head):
        if not game.advanced:
            return None, "heading moves belong to the advanced game"
        if turn.left <= 0:
            return None, "no leg is left this turn"
        why = headings.heading_move_check(boat, turn, a.direction, state.wind)
        if why:
            return None, why
        nb, text = headings.heading_move(boat, a.direction, state.wind)
        luff = point_of_sail(a.direction, state.wind) == LUFFING and not boat.luffing
        nt = turn.with_(used=turn.used + 1, moved=True, last_heading=True, luffed=turn.luffed or luff)
        st = state.with_boat(nb).with_(turn=nt)
        return (st, [Event("heading", boat.seat, f"{name} {text} (a heading move: one leg)")],
                nt.used >= nt.legs), None
    return None, f"{a.text()} is not a move of a turn"


def completable(game, state: State, memo: dict | None = None) -> bool:
    """Whether the turn under way can still be completed."""
    memo = {} if memo is None else memo
    key = (state.boats[state.turn.seat], state.turn)
    if key in memo:
        return memo[key]
    ok = False
    for a in turn_options(game, state):
        step, _ = act(game, state, a)
        if step is not None and (step[2] or completable(game, step[0], memo)):
            ok = True
            break
    memo[key] = ok
    return ok


def turn_why_not(game, state: State, a: Action, memo: dict | None = None) -> str | None:
    """Why ``a`` cannot be taken now (None: it can). ``memo``: :func:`completable`'s, shared
    by the questions asked of one state (its keys hold for that state's other boats, wind
    and round)."""
    if isinstance(a, GiveUp):
        memo = {} if memo is None else memo
        if any(turn_why_not(game, state, o, memo) is None for o in turn_options(game, state)):
            return "a player must take his turn when possible (a complete turn exists)"
        return None
    step, why = act(game, state, a)
    if why:
        return why
    if not step[2] and not completable(game, step[0], memo):
        return ("after that the turn cannot be completed (all legs and turns must be "
                "complete; no move onto or through an occupied space, no retracing)")
    return None


# -- the dispatcher -------------------------------------------------------------------------
def legal_actions(game, state: State) -> list[Action]:
    if state.phase in (Phase.ORDER, Phase.ROLL):
        return [a for a, _ in die_and_rounds.chance_outcomes(game, state)]
    if state.phase is Phase.PLACE:
        return place_options(game, state)
    if state.phase is Phase.TURN:
        memo: dict = {}
        acts = [a for a in turn_options(game, state) if turn_why_not(game, state, a, memo) is None]
        return acts or [GiveUp()]
    return []


def why_not(game, state: State, a: Action) -> str | None:
    if state.phase is Phase.OVER:
        return "the race is over"
    if state.phase in (Phase.ORDER, Phase.ROLL):
        if not isinstance(a, Roll):
            return "the die is to be rolled now"
        if a.face not in game.eq.die:
            return f"the die has no face {a.face!r}"
        return None
    if isinstance(a, Roll):
        return "it is not time to roll the die"
    if state.phase is Phase.PLACE:
        if not isinstance(a, Place):
            return f"{game.name(state.queue[0])} positions a yacht behind the starting line first"
        return place_check(game, state, a)
    if isinstance(a, Place):
        return "the yachts are already positioned"
    return turn_why_not(game, state, a)


def apply(game, state: State, a: Action) -> tuple[State, list[Event]]:
    why = why_not(game, state, a)
    if why is not None:
        raise IllegalAction(why)
    if isinstance(a, Roll):
        return die_and_rounds.roll(game, state, a.face)
    if isinstance(a, Place):
        return place(game, state, a)
    if isinstance(a, GiveUp):
        seat = state.turn.seat
        ev = [Event("give_up", seat, f"{game.name(seat)} cannot complete a turn for obstacles "
                    "and gives up the entire turn")]
        return die_and_rounds.end_turn(game, state, ev)
    (st, ev, done), _ = act(game, state, a)
    if done:
        return die_and_rounds.end_turn(game, st, ev)
    return st, ev
