"""Tap targets on a seat's board: where its choices take its boat.

The server asks the engine, never the rules themselves: each legal action of the seat
to act is applied to a copy of the state (states are values), and the acting boat's
point afterwards (the game's ``boat_points``, as the pictures draw it) is where that
choice lies on the board. Choices that leave the boat where it is (a turn on the spot,
a card, a wait) stay buttons only. Several choices on one point (a launch point's
headings, a square reached on different tacks) make one target that opens a chooser.

Choices that put something else on the board (the game's ``board_placements``: Dinghy
Race's Weather Eye card on the water, a grid of places near the boat) are targets at
the thing's point, merged only where they share it (the card turned either way on one
place: one target whose chooser names each way, and shows where each would lie: the
game's ``placement_outline``). Their grid may be denser than a finger: the page zooms
until its nearest targets are a finger apart.
Targets come in the board SVG's own units (:class:`dinghy.core.picture_layout.Frame`).
"""
from __future__ import annotations

import math
from typing import Any

from dinghy.core.action_words import label_of
from dinghy.core.errors import DinghyError
from dinghy.core.picture_layout import Frame
from dinghy.games.grid.picture import card_played

#: Where two points closer than this (world units) are one target.
SAME = 1e-6


def board_targets(game: Any, state: Any, seat: int, actions: list[Any], frame: Frame,
                  radius: float) -> list[dict[str, Any]]:
    """The targets of ``seat``'s ``actions`` (its legal actions now) on ``frame``:
    ``{"x", "y", "acts": [{"text", "label"}]}`` (and ``"card"``, the card's name, where
    every choice there plays one: a 3M puff card), in the order first met. Points whose
    targets (``radius`` SVG units) would overlap are one target: a finger could not tell
    them apart. Then the things the seat may put on the board (the game's
    ``board_placements``), one target a point, each act with the ``outline`` (SVG
    points) of what it lays where the game gives one."""
    try:
        before = game.boat_points(state)[seat]
    except (IndexError, TypeError):
        return []
    spots: list[tuple[float, float, list[Any]]] = []
    for action in actions:
        try:
            after, _ = game.apply(state, action)
        except (DinghyError, ValueError):       # the engine turned it down after all: no target
            continue
        point = game.boat_points(after)[seat]
        if point is None or (before is not None and abs(point[0] - before[0]) < SAME
                             and abs(point[1] - before[1]) < SAME):
            continue
        px, py = frame.px(point)
        near = next((s for s in spots if math.hypot(s[0] - px, s[1] - py) < 2 * radius), None)
        if near is None:
            spots.append((px, py, [action]))
        else:
            near[2].append(action)
    placed: list[tuple[float, float, list[Any]]] = []
    for point, action in game.board_placements(state):
        px, py = frame.px(point)
        same = next((s for s in placed if abs(s[0] - px) < SAME and abs(s[1] - py) < SAME), None)
        if same is None:
            placed.append((px, py, [action]))
        else:
            same[2].append(action)
    out = [{"x": round(x, 1), "y": round(y, 1),
            "acts": [{"text": game.action_text(a), "label": label_of(game, a)} for a in acts]}
           for x, y, acts in spots + placed]
    for target, (_, _, acts) in zip(out, spots):       # a point reached only by playing a card
        card = card_played(game, acts, seat)
        if card is not None:
            target["card"] = card.name.lower()
    for target, (_, _, acts) in zip(out[len(spots):], placed):     # what each lays, to preview
        for act, a in zip(target["acts"], acts):
            outline = game.placement_outline(state, a)
            if outline is not None:
                act["outline"] = " ".join(f"{x:.1f},{y:.1f}" for x, y in frame.poly(outline))
    return out
