"""One move of one yacht: whether it may be made, and making it.

Rule text: "If the prescribed number of blocks cannot be completed because of obstacles
such as another yacht, land area, edge of chart, etc., then THAT MOVE CAN NOT BE MADE IN
THAT DIRECTION." Spinnakers: "A player may put up a Spinnaker at any time during the race
when it is his turn to move. On doing so he will turn over ONE CARD"; "If ... a desired
course or change in wind direction makes it impossible or impracticable for a player to
keep his yacht on a BROAD REACH or a RUN, he must TAKE DOWN that spinnaker and return it
to the box"; "DO NOT BEAT OR BEAM REACH WHILE USING A SPINNAKER". In the fog: "DO NOT SPEND
OTHER PLAYERS WIND CARDS. SPINNAKERS of opposing yachts may be removed by putting the
yacht on a BEAT or BEAM REACH."
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from dinghy.core.interface import Event
from dinghy.games.grid.compass import where_words
from dinghy.games.yacht_race import start_finish
from dinghy.games.yacht_race.sailing import (LONG, blocks, first_obstacle, path, point_of_sail,
                                             sail_name, spinnaker_fits)
from dinghy.games.yacht_race.state import State

if TYPE_CHECKING:
    from dinghy.games.yacht_race.chart import Chart


def obstacle(chart: "Chart", state: State, seat: int, names) -> callable:
    def what(x: int, y: int) -> str | None:
        fixed = chart.fixed_obstacle((x, y))
        if fixed is not None:
            return fixed
        other = state.occupant((x, y))
        if other is not None and other.seat != seat:
            return f"{names(other.seat)}'s yacht"
        return None
    return what


def sail_problem(chart: "Chart", state: State, seat: int, heading: int, spinnaker: bool,
                 names, fog: bool = False, wind: int | None = None) -> str | None:
    """Why ``seat``'s yacht cannot sail ``heading`` now (None: it can). ``wind`` asks
    the question under another wind (a skipper weighing his wind change cards)."""
    w = state.wind if wind is None else wind
    y = state.yachts[seat]
    if not 0 <= heading < 8:
        return "there are eight compass directions"
    if not y.afloat:
        return f"{names(seat)}'s yacht is not on the chart"
    if point_of_sail(heading, w) == 0:
        return (f"a sailboat will not sail directly into the wind: with the wind from the "
                f"{LONG[w]}, {LONG[heading]} is not one of the seven courses")
    if spinnaker:
        if not spinnaker_fits(heading, w):
            return (f"{LONG[heading]} is a {sail_name(heading, w, False)} with the wind from the "
                    f"{LONG[w]}: a spinnaker is carried only on a broad reach or a run "
                    "(do not beat or beam reach while using a spinnaker)")
        if not y.spinnaker_up:
            if fog:
                return ("the fog spends no other skipper's cards: only a spinnaker that is "
                        "already up may be carried")
            if y.spinnakers == 0:
                return "no spinnaker card left: there are only three for the entire race"
    elif fog and y.spinnaker_up and spinnaker_fits(heading, w):
        return ("in the fog an opposing spinnaker comes down only on a beat or a beam reach: "
                f"on this {sail_name(heading, w, False)} it is carried, five blocks")
    n = blocks(heading, w, spinnaker)
    hit = first_obstacle(*y.pos, heading, n, obstacle(chart, state, seat, names), chart.corner)
    if hit is not None:
        return (f"a {sail_name(heading, w, spinnaker)} {LONG[heading]} must go {n} "
                f"block{'s' if n > 1 else ''}, but {hit.what} is in the way at {hit.at}: "
                "all moves must be complete")
    return None


def sail(chart: "Chart", state: State, seat: int, heading: int, spinnaker: bool,
         names) -> tuple[State, list[Event], bool]:
    """Make the move; returns the new state, the events, and whether the yacht passed over
    or landed on a Sailors' Luck block."""
    y = state.yachts[seat]
    name = names(seat)
    events: list[Event] = []
    w = state.wind
    if spinnaker and not y.spinnaker_up:
        y = replace(y, spinnakers=y.spinnakers - 1, spinnaker_up=True)
        events.append(Event("spinnaker", seat, f"{name} turns over a spinnaker card and sets the "
                            f"spinnaker ({y.spinnakers} card{'s' if y.spinnakers != 1 else ''} left)"))
    elif not spinnaker and y.spinnaker_up:
        y = replace(y, spinnaker_up=False)
        events.append(Event("spinnaker", seat, f"{name} takes down the spinnaker: it goes back "
                            "to the box"))
    n = blocks(heading, w, spinnaker)
    squares = path(*y.pos, heading, n)
    origin = y.pos
    y = replace(y, pos=squares[-1], heading=heading)
    events.append(Event("sail", seat, f"{name} sails {LONG[heading]}, a {sail_name(heading, w, spinnaker)} "
                        f"with the wind from the {LONG[w]}: {n} block{'s' if n > 1 else ''}, to "
                        f"{where_words(chart.course, squares[-1], 'block')}"))
    y, more = start_finish.progress(chart, state, y, origin, squares, heading, name)
    events += more
    state = state.with_yacht(y)
    luck = not y.finished and any(sq in chart.luck for sq in squares)
    return state, events, luck
