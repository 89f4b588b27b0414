"""The Yacht Race turn: what may be done now, why not, and doing it -- a dispatcher over
one module a topic (``turns``, ``wind_cards``, ``moves``, ``start_finish``,
``blanketing``, ``luck_effects``).

A turn: any number of wind change cards (up to seven), then one move; or, if no course
is open, a forfeit ("In the event that NO COURSE is open to him, the player will FORFEIT
THAT TURN"). A move over a Sailors' Luck block draws the top card (chance).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from dinghy.core.errors import IllegalAction
from dinghy.core.interface import Event
from dinghy.games.yacht_race import luck_effects, moves, turns, wind_cards
from dinghy.games.yacht_race.actions import Action, Allot, Draw, Forfeit, Sail, WindCard
from dinghy.games.yacht_race.sailing import LONG
from dinghy.games.yacht_race.state import Phase, State, Yacht

if TYPE_CHECKING:
    from dinghy.games.yacht_race.waters import YachtWaters


def initial_state(game: "YachtWaters") -> State:
    c = game.chart
    yachts = tuple(Yacht(seat=i, wind_cards=c.wind_cards, spinnakers=c.spinnakers)
                   for i in range(game.seats()))
    return State(yachts=yachts, wind=c.start_wind, luck_left=game.pack.full())


def free_blocks(game: "YachtWaters", state: State) -> list[int]:
    taken = {y.block for y in state.yachts}
    return [b for b in range(1, len(game.chart.club) + 1) if b not in taken]


def mover(state: State) -> int:
    """The yacht a sail action moves: the fog's next yacht, or the player's own."""
    return state.fog[0] if state.phase is Phase.FOG else state.turn


def sails(game: "YachtWaters", state: State) -> list[Sail]:
    if state.phase not in (Phase.SAIL, Phase.EXTRA, Phase.FOG):
        return []
    fog = state.phase is Phase.FOG
    seat = mover(state)
    return [Sail(h, spin, seat if fog else None) for h in range(8) for spin in (False, True)
            if moves.sail_problem(game.chart, state, seat, h, spin, game.name, fog=fog) is None]


def legal_actions(game: "YachtWaters", state: State) -> list[Action]:
    if state.phase is Phase.ALLOT:
        return [Allot(b) for b in free_blocks(game, state)]
    if state.phase is Phase.DRAW:
        return [a for a, _ in luck_effects.outcomes(game, state)]
    if state.phase is Phase.OVER:
        return []
    out: list[Action] = []
    if wind_cards.problem(state) is None:
        out.append(WindCard())
    moves_ = sails(game, state)
    out += moves_
    if not moves_ and state.phase is not Phase.FOG:
        out.append(Forfeit())
    return out


def why_not(game: "YachtWaters", state: State, a: Action) -> str | None:
    p = state.phase
    if p is Phase.OVER:
        return "the race is over"
    if isinstance(a, Allot):
        if p is not Phase.ALLOT:
            return "the numbered blocks were allocated at the start of the race"
        return None if a.block in free_blocks(game, state) else f"block {a.block} is not free"
    if isinstance(a, Draw):
        if p is not Phase.DRAW:
            return "a Sailors' Luck card is taken only by a yacht on an anchor block"
        try:
            i = game.pack.index(a.card)
        except KeyError:
            return f"there is no Sailors' Luck card {a.card!r}"
        return None if state.luck_left[i] > 0 else f"no {game.pack.cards[i].title!r} card is left in the pack"
    if p is Phase.ALLOT:
        return "the numbered blocks are being allocated"
    if p is Phase.DRAW:
        return "the top Sailors' Luck card must be taken first"
    if isinstance(a, WindCard):
        return wind_cards.problem(state)
    if isinstance(a, Sail):
        if p is Phase.FOG and a.boat != state.fog[0]:
            return f"in the fog, {game.name(state.fog[0])}'s yacht is to be moved now (fog {state.fog[0]} sail ...)"
        if p is not Phase.FOG and a.boat is not None:
            return "only the Fog settles card moves another skipper's yacht"
        return moves.sail_problem(game.chart, state, mover(state), a.heading, a.spinnaker,
                                  game.name, fog=p is Phase.FOG)
    if isinstance(a, Forfeit):
        if p is Phase.FOG:
            return "a yacht with no course open in the fog is passed over by itself"
        if sails(game, state):
            return ("a course is open: a player MUST MOVE when it is his turn, even if only one "
                    "undesirable course is open to him")
        return None
    return f"not a Yacht Race action: {a!r}"


def apply(game: "YachtWaters", state: State, a: Action) -> tuple[State, list[Event]]:
    reason = why_not(game, state, a)
    if reason is not None:
        raise IllegalAction(reason)
    events: list[Event] = []
    if isinstance(a, Allot):
        return _allot(game, state, a.block)
    if isinstance(a, Draw):
        return luck_effects.draw(game, state, a.card)
    if isinstance(a, WindCard):
        return wind_cards.spend(state, game.name)
    if isinstance(a, Forfeit):
        events.append(Event("forfeit", state.turn, f"{game.name(state.turn)} has no course open "
                            "and forfeits the turn"))
        return turns.end_turn(state, game.name, events), events
    seat = mover(state)
    state, more, luck = moves.sail(game.chart, state, seat, a.heading, a.spinnaker, game.name)
    events += more
    if state.phase is Phase.FOG:
        state = replace(state, fog=state.fog[1:])
        return luck_effects.next_in_fog(game, state, events), events
    if luck:
        return luck_effects.to_draw(game, state, events), events
    return turns.end_turn(state, game.name, events), events


def _allot(game: "YachtWaters", state: State, block: int) -> tuple[State, list[Event]]:
    seat = next(y.seat for y in state.yachts if y.block is None)
    y = replace(state.yachts[seat], block=block, pos=game.chart.club[block - 1])
    state = state.with_yacht(y)
    events = [Event("block", seat, f"{game.name(seat)} draws numbered block {block} at the yacht club")]
    if any(o.block is None for o in state.yachts):
        return state, events
    first = max(state.yachts, key=lambda o: o.block).seat
    events.append(Event("start", first, f"{game.name(first)} holds the highest numbered block "
                        f"and moves first; play continues clockwise. The wind is from the "
                        f"{LONG[state.wind]}"))
    state = replace(state, first=first)
    return turns.hand_on(state, first, game.name, events), events
