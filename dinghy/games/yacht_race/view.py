"""What the grid board view shows of a Yacht Race and what a tap on a square means
(the contract of :mod:`dinghy.games.grid.picture`). No rule is decided here: every
choice and every refusal comes from the engine (:mod:`rules`, :mod:`moves`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dinghy.games.grid.compass import tack
from dinghy.games.grid.picture import BoatMark, CardPile, Goal, GridPicture, SquareAction, Token, TurnedCard
from dinghy.games.yacht_race import rules
from dinghy.games.yacht_race.actions import Draw, Sail, WindCard
from dinghy.games.yacht_race.sailing import LONG, blocks, path, sail_name
from dinghy.games.yacht_race.start_finish import next_goal
from dinghy.games.yacht_race.state import Phase, State

if TYPE_CHECKING:
    from dinghy.games.yacht_race.waters import YachtWaters


def picture(game: "YachtWaters", state: State, seat: int) -> GridPicture:
    boats = []
    for y in state.yachts:
        if y.pos is None:
            continue
        flags = []
        if y.spinnaker_up:
            flags.append("spinnaker")
        if y.finished:
            flags.append("finished")
        if y.lose_turn:
            flags.append("blocked")
        side = tack(y.heading, state.wind) if y.heading is not None else None
        boom = {"starboard": "port", "port": "starboard"}.get(side)   # the boom lies to leeward
        boats.append(BoatMark(y.seat, y.pos[0], y.pos[1], y.heading, boom, tuple(flags)))
    c = game.chart
    tokens = [Token("luck", x, yy, "SL") for x, yy in sorted(c.luck)]
    tokens += [Token("start", *c.start.square, "start"), Token("finish", *c.finish.square, "finish")]
    tokens += [Token("club", x, yy, str(i + 1)) for i, (x, yy) in enumerate(c.club)]
    return GridPicture(boats=tuple(boats), tokens=tuple(tokens), wind_from=state.wind,
                       note=note(game, state),
                       extra={"yachts": [{"seat": y.seat, "wind_cards": y.wind_cards,
                                          "spinnakers": y.spinnakers, "next": next_goal(c, y),
                                          "place": y.place} for y in state.yachts],
                              "luck_cards_left": sum(state.luck_left)},
                       goals={y.seat: goal(c, y) for y in state.yachts if not y.finished},
                       cards={y.seat: (
                           CardPile("Wind change card", y.wind_cards, WindCard(),
                                    "shifts the wind 45° clockwise"),
                           CardPile("Spinnaker card", y.spinnakers, None,
                                    "set with a move: a highlighted square offers it"),
                           CardPile("Sailors' Luck pack", sum(state.luck_left), None,
                                    "drawn when a yacht sails onto or over an anchor block"),
                       ) for y in state.yachts})


def turned_card(game: "YachtWaters", action: Any, seat: int) -> TurnedCard | None:
    """The card ``action`` by ``seat`` turns face up: the Sailors' Luck card drawn, the
    wind change card spent, the spinnaker card set with a move; else None."""
    if isinstance(action, Draw):
        card = game.pack.cards[game.pack.index(action.card)]
        return TurnedCard(seat, "Sailors' Luck pack", card.title, card.text)
    if isinstance(action, WindCard):
        return TurnedCard(seat, "Wind change card", "Wind change", "the wind shifts 45° clockwise")
    if isinstance(action, Sail) and action.spinnaker:
        return TurnedCard(seat, "Spinnaker card", "Spinnaker", "set with this move")
    return None


def goal(chart: Any, y: Any) -> Goal:
    """Where yacht ``y`` sails for next: the starting block, the next mark, the finish."""
    if not y.started:
        return Goal("the red starting block", *chart.start.square)
    if y.leg < len(chart.course):
        m = chart.course[y.leg]
        return Goal(f"{m.label}, to {m.side}", m.x, m.y)
    return Goal("the finish block", *chart.finish.square)


def note(game: "YachtWaters", state: State) -> str:
    wind = f"wind from the {LONG[state.wind]}"
    if state.phase is Phase.ALLOT:
        return f"The numbered blocks are being allocated; {wind}"
    if state.phase is Phase.OVER:
        return "The race is over"
    who = game.name(state.turn)
    if state.phase is Phase.DRAW:
        return f"{who} takes the top Sailors' Luck card"
    if state.phase is Phase.FOG:
        return f"Fog: {who} moves {game.name(state.fog[0])}'s yacht; {wind}"
    y = state.yachts[state.turn]
    extra = " (Sailors' Luck: one more move)" if state.phase is Phase.EXTRA else ""
    return (f"Round {state.round}: {who} to move{extra}; {wind}; {y.wind_cards} wind cards, "
            f"{y.spinnakers} spinnakers; next: {next_goal(game.chart, y)}")


def square_actions(game: "YachtWaters", state: State, x: int, y: int) -> list[SquareAction]:
    """Tapping a square: every course whose move would land there (legal, or the engine's
    reason why not). A wind change card and the forfeit are not on a square: the view
    makes them panel buttons."""
    return [a for cell, a in _courses(game, state, (x, y)) if cell == (x, y)]


def square_map(game: "YachtWaters", state: State) -> dict[tuple[int, int], list[SquareAction]]:
    """``square_actions`` of every square at once: each course's landing square, reckoned
    once a position (the view need not ask the board's cells one by one)."""
    out: dict[tuple[int, int], list[SquareAction]] = {}
    for cell, a in _courses(game, state):
        out.setdefault(cell, []).append(a)
    return out


def _courses(game: "YachtWaters", state: State, only: tuple[int, int] | None = None):
    """(landing square, what the course does) for each course of the yacht to move, in
    heading order; with ``only``, the engine is asked about the courses landing there alone."""
    if state.phase not in (Phase.SAIL, Phase.EXTRA, Phase.FOG):
        return
    seat = rules.mover(state)
    me = state.yachts[seat]
    if me.pos is None:
        return
    fog = state.phase is Phase.FOG
    for h in range(8):
        for spin in (False, True):
            n = blocks(h, state.wind, spin)
            if n == 0 or (spin and n != 5):
                continue
            cell = path(*me.pos, h, n)[-1]
            if only is not None and cell != only:
                continue
            action = Sail(h, spin, seat if fog else None)
            reason = rules.why_not(game, state, action)
            whose = f"{game.name(seat)}'s yacht " if fog else ""
            label = (f"Sail {whose}{LONG[h]}: {sail_name(h, state.wind, spin)}, "
                     f"{n} block{'s' if n > 1 else ''}")
            yield cell, SquareAction(label, None if reason else action, reason)
