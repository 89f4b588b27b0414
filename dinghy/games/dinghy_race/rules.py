"""Dinghy Race (Lutz Pietschker, 2011): the turn, as pure functions over RaceState.

Quotes in the docstrings are from the rule text (``shared/seeds/002_...txt``); the
defaults for what the text lost come from the rules notes and are data (cards,
hazard tables) or options of the set-up.

A turn runs through these steps (``state.step``)::

    BEGIN  -> (PIVOT ->) [MOVE -> (LUCK -> ROLL)*] -> PLACE -> (WEATHER_EYE) -> next boat
    (the last boat of a round then DRIFTs the Weather Eye cards)

This module is the dispatcher: what may be done now (``legal_actions``, ``why_not``) and
doing it (``apply``). Each rule lives in the module named after it:

    common            hand, point of sail, card fit, obstacles, the lines on the water
    rounds            the first state, the end of a turn, a new round and its turn order
    launch_and_start  putting boats on the water; re-placing after touching the line early
    turn              reveal, the exits of the card, the move, rule 1's substitute
    pivot             the delay's and the dead boat's turn about the bow
    sweep             the ground a hull sweeps stopping short or turning in place, and
                      the first boat, buoy or land it meets there
    trapped           where a move would leave a boat trapped beside a mark (our reading)
    hazard_rolls      Lady Luck and the dice
    lines_and_marks   start crossing, rounding the marks, finishing
    placing           the next card in front of the bow (or beside the boat); the house
                      rule for two boats that each hold the other's card aside
    weather_eye       Weather Eye shift, placing and drift
    protests          the inner boat's demand for room (rule 3), protests

The names below are re-exported so callers can keep using ``rules.<name>``.
"""
from __future__ import annotations

from dinghy.core.errors import IllegalAction
from dinghy.core.geometry import Pose
from dinghy.core.interface import Event
from dinghy.core.wind import Tack, tack_of
from dinghy.games.dinghy_race import right_of_way
from dinghy.games.dinghy_race.actions import (Action, Begin, Drift, Launch, Luck, Move, Overlap, Pass, Pivot,
                                              Place, Protest, Roll, Substitute, WeatherEye)
from dinghy.games.dinghy_race.common import (EPS, PRESTART_ROUNDS, path_blocker, say, aspects,
                                             boat_obstacles, card_fits, card_obstacles, executed_card, fixed_hit, hand,
                                             lines_on_water, move_shape, others, placement_blocked,
                                             prestart, room_ahead, touches_start_zone)
from dinghy.games.dinghy_race.hazard_rolls import do_luck, do_roll, next_hazard_or_place
from dinghy.games.dinghy_race.launch_and_start import do_launch, launch_slots, relaunch_depth, why_not_launch
from dinghy.games.dinghy_race.lines_and_marks import advance_rounding, after_track
from dinghy.games.dinghy_race.placing import hand_options, do_place, finish_place, card_options
from dinghy.games.dinghy_race.protests import do_overlap, do_protest, interjections
from dinghy.games.dinghy_race.rounds import end_turn, new_round, initial_state
from dinghy.games.dinghy_race.state import Boat, RaceState, Step, Turn
from dinghy.games.dinghy_race.table import Table
from dinghy.games.dinghy_race.pivot import do_pivot, turn_blocker, why_not_pivot
from dinghy.games.dinghy_race.turn import (ExitOption, do_begin, do_move, do_substitute,
                                           _exit_options, exit_options, stop_short, substitutes)
from dinghy.games.dinghy_race.weather_eye import (do_drift, do_weather_eye, weather_eye_shape,
                                                  weather_eye_shift, why_not_weather_eye)

# What callers (skippers, the window, tests) use as ``rules.<name>``: public names only.
# The engine's own helpers (``_exit_options``, ``stop_short_at``, ...) stay importable here
# for the package's modules; bots and views ask through :mod:`.ask`.
__all__ = [
    "legal_actions", "why_not", "apply", "interjections", "initial_state",
    "EPS", "PRESTART_ROUNDS", "aspects", "boat_obstacles", "card_fits", "card_obstacles", "fixed_hit",
    "hand", "executed_card", "lines_on_water", "move_shape", "others", "placement_blocked", "prestart", "room_ahead",
    "touches_start_zone", "launch_slots", "relaunch_depth", "why_not_launch", "card_options",
    "ExitOption", "exit_options", "stop_short", "substitutes", "why_not_pivot", "turn_blocker",
    "weather_eye_shape", "weather_eye_shift", "why_not_weather_eye",
    "Boat", "RaceState", "Step", "Turn", "Pose", "Tack", "tack_of",
]


def legal_actions(game: Table, state: RaceState) -> list[Action]:
    """The active player's (or the dice's) choices at the current step."""
    step = state.step
    boat = state.boat()
    if step is Step.LAUNCH:
        if state.round > 0:
            return launch_slots(game, state, depth=relaunch_depth(game, state))
        return launch_slots(game, state)
    if step is Step.BEGIN:
        return list(_BEGINS)
    if step is Step.PIVOT:
        lim = state.turn.pivot_limit
        return [Pivot(t) for t in (0, -lim, lim) if why_not_pivot(game, state, t) is None]
    if step is Step.MOVE:
        acts: list[Action] = []
        opts = exit_options(game, state)
        for opt in opts:
            if opt.reason is None:
                acts.append(_MOVES[opt.index] if opt.index < len(_MOVES) else Move(opt.index))
                if opt.bonus is not None:
                    acts.append(Move(opt.index, bonus=True))
        # a Weather Eye shift (the card moved sideways, "as far as you wish" within the
        # "+" zone: listed at its two limits) is judged on the shifted card, not on the
        # unshifted one: it may evade an obstacle the card would meet, or meet one
        limit = opts[0].shift_limit if opts else 0.0
        if limit:
            for s in (-limit, limit):
                acts += [Move(o.index, s) for o in _exit_options(game, state, s) if o.reason is None]
        acts += [Substitute(k) for k in substitutes(game, state)]
        return acts
    if step is Step.LUCK:
        return list(_LUCKS[:boat.lady_luck + 1]) if boat.lady_luck < len(_LUCKS) else \
            [Luck(n) for n in range(boat.lady_luck + 1)]
    if step is Step.ROLL:
        return list(_ROLLS)
    if step is Step.PLACE:
        acts = [_place(k) for k, r in card_options(game, state) if r is None]
        if not acts or (boat.planned is None and state.turn.card is None):
            acts.append(Place(None))   # dead in the water (may stay so)
        return acts
    if step is Step.WEATHER_EYE:
        return [_PASS]
    if step is Step.DRIFT:
        return [Drift(1), Drift(2)]
    return []


# Actions are immutable values: the common ones are made once and listed again.
_BEGINS = (Begin(False), Begin(True))
_PASS = Pass()
_MOVES = tuple(Move(i) for i in range(16))
_ROLLS = tuple(Roll(a, b) for a in range(1, 7) for b in range(1, 7))
_LUCKS = tuple(Luck(n) for n in range(8))
_PLACES: dict[str, Place] = {}


def _place(key: str) -> Place:
    out = _PLACES.get(key)
    if out is None:
        out = _PLACES[key] = Place(key)
    return out



#: actions that are legal whenever their step is on (no check below applies to them)
_ANY_WILL_DO = frozenset({Begin, Pass})

#: the actions each step waits for
_EXPECTED = {Step.LAUNCH: Launch, Step.BEGIN: Begin, Step.PIVOT: Pivot, Step.MOVE: (Move, Substitute),
             Step.LUCK: Luck, Step.ROLL: Roll, Step.PLACE: Place,
             Step.WEATHER_EYE: (WeatherEye, Pass), Step.DRIFT: Drift}


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
    expected = _EXPECTED.get(step)
    if expected is None:
        return "the race is over"
    if not isinstance(action, expected):
        return f"now is the {step.value} step, not {action.text()}"
    if type(action) in _ANY_WILL_DO:
        return None
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
        opts = _exit_options(game, state, 0.0)
        if not 0 <= action.exit < len(opts):
            return f"the card has exits 0..{len(opts) - 1}"
        opt = opts[action.exit]
        if abs(action.shift) > opt.shift_limit + EPS:
            return ("no Weather Eye in reach: no sideways shift" if not opt.shift_limit
                    else f"the shift may be at most {opt.shift_limit:.1f} mm")
        if action.shift:
            opt = _exit_options(game, state, float(action.shift))[action.exit]
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



def apply(game: Table, state: RaceState, action: Action) -> tuple[RaceState, list[Event]]:
    """The state after ``action``, and what happened; IllegalAction if not allowed."""
    reason = why_not(game, state, action)
    if reason:
        raise IllegalAction(reason)
    events: list[Event] = []
    handler = _HANDLERS[type(action)]
    state = handler(game, state, action, events)
    return state, events



_HANDLERS = {Substitute: do_substitute, Overlap: do_overlap, Protest: do_protest, Launch: do_launch, Begin: do_begin, Pivot: do_pivot, Move: do_move,
             Luck: do_luck, Roll: do_roll, Place: do_place, WeatherEye: do_weather_eye,
             Pass: do_weather_eye, Drift: do_drift}
