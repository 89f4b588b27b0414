"""The start, the marks and the finish.

Rule text: "The single red STARTING BLOCK must be crossed from a NORTHEASTERLY,
EASTERLY, or SOUTHEASTERLY direction as indicated by the arrows on the board."
"If a player is somehow forced around the STARTING BLOCK without having properly passed
through it, he must in subsequent moves return and cross it." "A yacht shall not be
considered over the finish line until it has actually crossed over and beyond the Red
Block. This same rule applies to the start." "After rounding Marker C in the proper
manner, players will head for the FINISH LINE ... The finish line is crossed in a manner
similar to the starting block."

A move crosses a red block when it leaves the block -- passing through it, or sailing on
from it after stopping there -- on one of the headings its arrows allow.
"""
from __future__ import annotations

from dataclasses import replace

from dinghy.core.interface import Event
from dinghy.games.yacht_race.chart import Chart, Gate
from dinghy.games.yacht_race.rounding import rounded
from dinghy.games.yacht_race.sailing import LONG
from dinghy.games.yacht_race.state import Square, State, Yacht


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def crosses(gate: Gate, origin: Square, path: list[Square], heading: int) -> bool:
    """Whether a move from ``origin`` along ``path`` is over and beyond ``gate`` properly."""
    leaves = origin == gate.square or gate.square in path[:-1]
    return leaves and heading in gate.headings


def _from_words(gate: Gate) -> str:
    names = [LONG[(h + 4) % 8] for h in sorted(gate.headings)]
    return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]


def next_goal(chart: Chart, y: Yacht) -> str:
    if not y.started:
        return "the red starting block"
    if y.leg < len(chart.course):
        m = chart.course[y.leg]
        return f"{m.label}, passed to {m.side}"
    return "the finish block"


def wrong_way(chart: Chart, leg: int, track) -> bool:
    """The track so far has wrapped the mark the wrong way round."""
    m = chart.course[leg]
    other = "starboard" if m.side == "port" else "port"
    return rounded(m.square, other, chart.previous(leg), track, chart.target(leg + 1))


def progress(chart: Chart, state: State, y: Yacht, origin: Square, path: list[Square],
             heading: int, name: str) -> tuple[Yacht, list[Event]]:
    """The yacht after a move along ``path``: started, marks rounded, finished."""
    events: list[Event] = []
    landing = path[-1]
    if not y.started:
        if crosses(chart.start, origin, path, heading):
            y = replace(y, started=True, leg=0, track=(landing,))
            events.append(Event("start", y.seat, f"{name} crosses the red starting block from the "
                                f"{LONG[(heading + 4) % 8]} and sails on beyond it: started; "
                                f"next, {next_goal(chart, y)}"))
        elif chart.start.square == origin or chart.start.square in path:
            why = ("and stops on it: a yacht is not over until it has crossed over and beyond the red block"
                   if landing == chart.start.square else
                   f"but the block must be crossed from the {_from_words(chart.start)}")
            events.append(Event("start", y.seat, f"{name} reaches the red starting block {why}; "
                                "not started yet"))
        return y, events
    track = y.track + (landing,)
    while y.leg < len(chart.course):
        m = chart.course[y.leg]
        if not rounded(m.square, m.side, chart.previous(y.leg), track, chart.target(y.leg + 1)):
            if (wrong_way(chart, y.leg, track)
                    and not wrong_way(chart, y.leg, y.track or (origin,))):
                other = "starboard" if m.side == "port" else "port"
                events.append(Event("mark", y.seat, f"{name} has passed {m.label} to {other}: "
                                    f"it must be passed to {m.side}, so {name} must sail back "
                                    "round it"))
            break
        track = (landing,)
        y = replace(y, leg=y.leg + 1)
        events.append(Event("mark", y.seat, f"{name} rounds {m.label}, passing it to {m.side}; "
                            f"next, {next_goal(chart, y)}"))
    y = replace(y, track=track)
    if y.leg == len(chart.course):
        if crosses(chart.finish, origin, path, heading):
            place = 1 + sum(o.finished for o in state.yachts)
            y = replace(y, place=place, spinnaker_up=False)
            events.append(Event("finish", y.seat, f"{name} crosses the finish block from the "
                                f"{LONG[(heading + 4) % 8]} and beyond: finishes {ordinal(place)}"))
        elif chart.finish.square == origin or chart.finish.square in path:
            why = ("and stops on it: not finished until over and beyond the red block"
                   if landing == chart.finish.square else
                   f"but it must be crossed from the {_from_words(chart.finish)}")
            events.append(Event("finish", y.seat, f"{name} reaches the finish block {why}"))
    return y, events
