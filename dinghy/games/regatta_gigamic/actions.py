"""Actions as frozen values with a one-line text that ``parse`` reads back.

    draw CARD          chance: the top card of the pile is CARD (the deal and every draw)
    first SEAT         chance: the seat that begins
    place N            set the boat down behind the start line at slot N (1 = nearest buoy a)
    play CARD N        lay CARD in front of the bow and sail its arrow N (1-based)
    again N            a cloud card's second play, along its arrow N
    stay               a cloud card's second play finds every arrow blocked
    done               decline the helm's extra card
    sun SEAT           lay a sun card in front of that seat's boat
    no sun             keep the sun card(s)
    becalmed           a becalmed boat's turn: the sun card goes to the discard
    swap CARD [CARD [CARD]]   se mettre en panne: change 1 to 3 cards
    pivot D            se mettre en panne: turn the boat D degrees (+ clockwise)
"""
from __future__ import annotations

from dataclasses import dataclass

from dinghy.core.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Act:
    verb: str
    card: str = ""
    n: int = 0
    cards: tuple[str, ...] = ()

    def text(self) -> str:
        v = self.verb
        if v in ("draw",):
            return f"draw {self.card}"
        if v in ("first", "place", "again", "sun"):
            return f"{v} {self.n}"
        if v == "play":
            return f"play {self.card} {self.n}"
        if v == "swap":
            return "swap " + " ".join(self.cards)
        if v == "pivot":
            return f"pivot {self.n:+d}"
        return v            # stay, done, no sun, becalmed


def _int(tok: str, line: str) -> int:
    try:
        return int(tok)
    except ValueError:
        raise IllegalAction(f"{line!r}: {tok!r} is not a whole number") from None


def parse(line: str) -> Act:
    toks = line.split()
    if not toks:
        raise IllegalAction("empty action")
    verb, args = toks[0], toks[1:]
    if verb == "draw" and len(args) == 1:
        return Act("draw", card=args[0])
    if verb in ("first", "place", "again", "sun") and len(args) == 1:
        return Act(verb, n=_int(args[0], line))
    if verb == "play" and len(args) == 2:
        return Act("play", card=args[0], n=_int(args[1], line))
    if verb == "swap" and 1 <= len(args) <= 3:
        return Act("swap", cards=tuple(sorted(args)))
    if verb == "pivot" and len(args) == 1:
        return Act("pivot", n=_int(args[0], line))
    if verb == "no" and args == ["sun"]:
        return Act("no sun")
    if verb in ("stay", "done", "becalmed") and not args:
        return Act(verb)
    raise IllegalAction(f"{line!r} is not an action of Regatta (Gigamic)")
