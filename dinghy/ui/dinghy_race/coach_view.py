"""The coach on the water: the hard skipper's top choices (:func:`dinghy.skippers.dinghy_race.coach.hints`)
drawn as ghosts on the Dinghy Race chart, best first.

A hint to sail an exit is a ghost boat where the exit leaves the hull (with its track);
a hint to lay a card is a ghost boat where the card's best exit would take the boat
next turn (the coach's ``end``; the boat's own place for the delay card), over the
card's outline in front of the bow; a pivot is the hull turned; a Weather Eye card
is the card where it would lie; a drift is the card it leaves nearest the boat, where
it leaves it; a launch is the hull where it would go on the water, with its card; a
hint without a place on the water (Lady Luck, trapeze, keeping a Weather Eye card) is
the boat's own hull, labelled. The coach offers no two hints at one spot, so each
ghost is one choice. Each ghost's label says the rank, the rounds the coach expects to the finish (before
the gun, when the boat would be at the line), the chance of a capsize and any
right-of-way trouble; the ghosts carry the hint's action, so a tap on one plays it as
any ghost does. Nothing here decides a rule: poses and shapes come from the engine
(``exit_options``, ``card_shape``, ``hull``) and the coach.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

from dinghy.core.geometry import Pose
from dinghy.games.dinghy_race import rules as dr
from dinghy.games.dinghy_race.actions import Begin, Drift, Launch, Luck, Move, Pass, Pivot, Place, WeatherEye
from dinghy.games.dinghy_race.cards import exit_track
from dinghy.games.dinghy_race.state import WeatherEyeCard
from dinghy.games.dinghy_race.weather_eye import drifted, weather_eye_shape
from dinghy.ui.dinghy_race.chart import Ghost
from dinghy.ui.dinghy_race.choices import exit_text
from dinghy.ui.dinghy_race.words import coach_figures

#: the coach's ghosts: gold for the best choice, paler for the next ones
COACH_COLOURS = ((255, 200, 40), (255, 225, 130), (255, 240, 200))


def hint_label(rank: int, hint: Any) -> str:
    """"1. place tack · 41.2 rounds · capsize 8% · the card would lie on Blue's hull"."""
    return hint_words(rank, hint, hint.action.text())


def hint_words(rank: int, hint: Any, what: str) -> str:
    """The words on the water beside a hint's ghost, its figures as a person says them:
    "1. Tack · about 41 rounds to the finish; you reach the line 2 rounds before the gun
    · capsize 8% · the card would lie on Blue's hull" (``what``: the choice in a
    player's words)."""
    bits = [f"{rank}. {what}", coach_figures(hint.expected_rounds, getattr(hint, "note", None))]
    risk = float(hint.capsize_risk)
    if risk > 0:
        bits.append(f"capsize {100 * risk:.0f}%")
    if hint.row_trouble:
        bits.append(hint.row_trouble)
    return " · ".join(bits)


def choice_words(action: Any) -> str:
    """A choice with no place on the water, in a player's words ("1 Lady Luck card")."""
    if isinstance(action, Luck):
        n = action.cards
        return "no Lady Luck" if n == 0 else f"{n} Lady Luck card{'s' if n > 1 else ''}"
    if isinstance(action, Drift):
        return f"drift {action.flips} card length{'s' if action.flips > 1 else ''}"
    if isinstance(action, Pass):
        return "keep your Weather Eye card"
    if isinstance(action, Begin):
        return "trapeze" if action.trapeze else "no trapeze"
    return action.text()


def hint_ghosts(view: Any, hints: Sequence[Any]) -> list[Ghost]:
    """The ghosts that show ``hints`` for the boat whose turn it is."""
    race = view.race
    game, state = race.game, race.state
    boat = state.boat()
    out: list[Ghost] = []
    opts: dict[float, list[Any]] = {}          # each shift's exits (a hint may shift the card)
    for rank, h in enumerate(hints, 1):
        a = h.action
        colour = COACH_COLOURS[min(rank, len(COACH_COLOURS)) - 1]
        label = hint_label(rank, h)
        if isinstance(a, Move) and state.turn.card is not None:
            if a.shift not in opts:
                opts[a.shift] = dr.exit_options(game, state, a.shift)
            o = next((o for o in opts[a.shift] if o.index == a.exit), None)
            if o is None:
                continue
            card = game.cards.types[state.turn.card]
            track = exit_track(boat.pose, boat.tack, card, card.exits[o.index], game.cards.hull_length, a.shift)
            pose = o.bonus if (a.bonus and o.bonus is not None) else o.pose
            shifted = f", card shifted {abs(a.shift):.0f} mm to {'windward' if a.shift > 0 else 'leeward'}" \
                if a.shift else ""
            words = hint_words(rank, h, exit_text(o) + shifted + (" + spinnaker bonus" if a.bonus else ""))
            out.append(Ghost(a, pose, o.tack, None, label, rank == 1, track=track, colour=colour,
                             words=words))
        elif isinstance(a, Place) and a.card is not None:
            shape = game.card_shape(boat.pose, game.cards.types[a.card], boat.tack)
            words = hint_words(rank, h, game.cards.types[a.card].name)
            end = getattr(h, "end", None)
            if end is None:
                out.append(Ghost(a, boat.pose, boat.tack, None, label, rank == 1, outline=shape, colour=colour,
                                 words=words))
            else:
                out.append(Ghost(a, end, h.end_tack or boat.tack, None, label, rank == 1, footprint=shape,
                                 colour=colour, words=words))
        elif isinstance(a, WeatherEye):
            card = WeatherEyeCard(a.x, a.y, a.long_side_along_wind, boat.index)
            out.append(Ghost(a, Pose(a.x, a.y, game.wind_from), boat.tack, None, label, rank == 1,
                             outline=weather_eye_shape(game, card), colour=colour,
                             words=hint_words(rank, h, "Weather Eye")))
        elif isinstance(a, Drift) and _drifted_near(game, state, boat, a.flips) is not None:
            card = _drifted_near(game, state, boat, a.flips)
            out.append(Ghost(a, Pose(card.x, card.y, game.wind_from), boat.tack, None, label, rank == 1,
                             outline=weather_eye_shape(game, card), colour=colour,
                             words=hint_words(rank, h, choice_words(a))))
        elif isinstance(a, Launch):
            pose = Pose(a.x, a.y, a.heading)
            tack = dr.tack_of(a.heading, game.wind_from, boat.tack)
            shape = game.card_shape(pose, game.cards.types[a.card], tack)
            out.append(Ghost(a, pose, tack, None, label, rank == 1, footprint=shape, colour=colour,
                             words=hint_words(rank, h, f"launch, heading {a.heading}°")))
        elif isinstance(a, Pivot):
            pose = Pose(boat.pose.x, boat.pose.y, (boat.pose.heading + a.turn) % 360)
            tack = dr.tack_of(pose.heading, game.wind_from, boat.tack)
            what = f"pivot {a.turn:+d}°" if a.turn else "stay"
            out.append(Ghost(a, pose, tack, None, label, rank == 1, colour=colour,
                             words=hint_words(rank, h, what)))
        else:
            out.append(Ghost(a, boat.pose, boat.tack, None, label, rank == 1, colour=colour,
                             words=hint_words(rank, h, choice_words(a))))
    return out


def _drifted_near(game: Any, state: Any, boat: Any, flips: int) -> Any:
    """The Weather Eye card that a drift of ``flips`` card lengths leaves nearest the
    boat (None: no card drifts, or every one drifts off the water): a drift's ghost."""
    near = None
    for we in state.weather_eyes:
        moved = drifted(game, we, flips) if we.owner is not None else None
        if moved is not None and (near is None or math.dist((moved.x, moved.y), boat.pose.xy)
                                  < math.dist((near.x, near.y), boat.pose.xy)):
            near = moved
    return near


def show_hints(view: Any, hints: Sequence[Any]) -> list[Ghost]:
    """Draw ``hints`` as the chart's ghosts (replacing the step's own until the next
    refresh) and return them."""
    ghosts = hint_ghosts(view, hints)
    view.chart.show_ghosts(ghosts)
    return ghosts
