"""The course card and the key of a grid board, one tap away ("Course & key"): the legs
in order, in a newcomer's words, and what each drawn thing on the water is (puffs,
lulls, wind shadows, Sailors' Luck anchors, the boats' badges). Words only: what the
things do is the rules' business, shown by the engine when a square is tapped.
"""
from __future__ import annotations

from typing import Any

from dinghy.ui.grid.drawing import FLAG_BADGES, QUIET_FLAGS, mark_words

#: What a token on the water is, by kind (a private token: only its owner sees it).
TOKEN_WORDS = {
    "puff": "Puff (light blue disc): a patch of stronger wind",
    "lull": "Lull (grey disc): a patch of light wind",
    "private_lull": "Your lull (grey disc, 'S'): a lull only you can see",
    "shadow": "Wind shadow (dark square, ringed in a boat's colour): the calm a boat leaves downwind",
    "luck": "Sailors' Luck anchor block (yellow disc, 'SL'): sail onto or over it to draw a card",
    "blocked": "X token: this boat is blocked",
    "club": "Yacht-club block (numbered): where a yacht starts from",
    "start": "The red starting block: cross it to start",
    "finish": "The finish block: cross it to finish",
}
FLAG_WORDS = {"spinnaker": "spinnaker up", "penalty": "penalty to take", "blocked": "blocked",
              "finished": "finished", "rotating": "turning round (a penalty turn)",
              "shadowed": "in another boat's wind shadow", "out": "out of the race",
              "premature": "over the line early: must go back", "luffing": "luffing, head to wind"}


def course_lines(board: Any) -> list[str]:
    """The legs in order: the start, each mark to round (its side), the finish."""
    out = []
    start, finish = getattr(board, "start", None), getattr(board, "finish", None)
    same = start is not None and finish is not None and (start.a, start.b) == (finish.a, finish.b)
    if start is not None:
        out.append("Start: cross the " + ("START / FINISH" if same else "START") + " line")
    rounding = sorted((m for m in board.marks or () if m.order), key=lambda m: m.order)
    for m in rounding:
        arrow = "red arrow: leave it on your left" if m.side == "port" else \
            "green arrow: leave it on your right"
        out.append(f"{m.order}. Round {mark_words(m)} ({arrow})")
    if finish is not None:
        out.append("Finish: cross the " + ("START / FINISH" if same else "FINISH") + " line")
    return out


def legend_lines(picture: Any) -> list[str]:
    """What is on the water now (only the kinds drawn), then the boats' badges."""
    kinds = []
    for t in picture.tokens if picture is not None else ():
        if t.kind not in kinds:
            kinds.append(t.kind)
    out = [TOKEN_WORDS[k] for k in kinds if k in TOKEN_WORDS]
    out.append("Highlighted squares (orange): where you may sail now; tap one")
    if picture is not None and picture.cards:       # a game with cards in hand (3M's puff cards)
        out.append("Lilac squares, ringed twice, with a card's name ('puff'): "
                   "you reach them only by playing that card; a tap plays it")
    out.append("Cyan ring, 'next': the mark or line you sail for next")
    badges = [f"{FLAG_BADGES[f][0]} {w}" for f, w in FLAG_WORDS.items() if f in FLAG_BADGES and f not in QUIET_FLAGS]
    out.append("Badges by a boat: " + "; ".join(badges))
    return out


def card_text(board: Any, picture: Any) -> str:
    """The whole card: the course, then the key."""
    return "\n".join(["The course"] + [f"  {s}" for s in course_lines(board)] + ["", "The key"]
                     + [f"  {s}" for s in legend_lines(picture)])
