"""The actions of a 3M Regatta, each with a one-line text that :func:`parse` reads back.

    roll 2 / roll red S        the die (chance)
    place 5 2 [NE]             position the yacht (advanced: with its heading)
    leg NE [puff]              a distance move (a leg) in one direction, a puff card played on it
    head NE                    advanced: a heading move (tack, jibe, begin or end a luff)
    spinnaker up / down        set the spinnaker / take it down (a leg)
    give up turn               when no complete turn is possible
"""
from __future__ import annotations

from dataclasses import dataclass

from dinghy.core.errors import IllegalAction
from dinghy.games.grid import compass


def _dir(word: str, text: str) -> int:
    d = compass.parse(word)
    if d is None or word.upper() not in compass.SHORT:
        raise IllegalAction(f"{text!r}: {word!r} is not a direction (N, NE, E, SE, S, SW, W, NW)")
    return d


@dataclass(frozen=True, slots=True)
class Roll:
    face: str                        # "1", "2", "3", "red S", "green S"

    def text(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class Place:
    x: int
    y: int
    heading: int | None = None

    def text(self) -> str:
        h = "" if self.heading is None else f" {compass.SHORT[self.heading]}"
        return f"place {self.x} {self.y}{h}"


@dataclass(frozen=True, slots=True)
class Leg:
    direction: int
    puff: bool = False

    def text(self) -> str:
        return f"leg {compass.SHORT[self.direction]}" + (" puff" if self.puff else "")


@dataclass(frozen=True, slots=True)
class Head:
    direction: int

    def text(self) -> str:
        return f"head {compass.SHORT[self.direction]}"


@dataclass(frozen=True, slots=True)
class Spinnaker:
    up: bool

    def text(self) -> str:
        return "spinnaker up" if self.up else "spinnaker down"


@dataclass(frozen=True, slots=True)
class GiveUp:
    def text(self) -> str:
        return "give up turn"


Action = Roll | Place | Leg | Head | Spinnaker | GiveUp


def parse(text: str) -> Action:
    """The action a line of text names; IllegalAction (saying why) if it names none."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is a line of text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise IllegalAction("an empty action")
    verb, rest = words[0].lower(), words[1:]
    if verb == "roll" and rest:
        face = " ".join(rest)
        if face in ("1", "2", "3", "red S", "green S"):
            return Roll(face)
    elif verb == "place" and len(rest) in (2, 3):
        try:
            x, y = int(rest[0]), int(rest[1])
        except ValueError:
            raise IllegalAction(f"{text!r}: place needs whole numbers x and y") from None
        return Place(x, y, _dir(rest[2], text) if len(rest) == 3 else None)
    elif verb == "leg" and len(rest) in (1, 2) and (len(rest) == 1 or rest[1] == "puff"):
        return Leg(_dir(rest[0], text), len(rest) == 2)
    elif verb == "head" and len(rest) == 1:
        return Head(_dir(rest[0], text))
    elif verb == "spinnaker" and rest in (["up"], ["down"]):
        return Spinnaker(rest[0] == "up")
    elif words == ["give", "up", "turn"]:
        return GiveUp()
    raise IllegalAction(f"{text!r} is not an action of the 3M Regatta "
                        "(roll, place, leg, head, spinnaker up/down, give up turn)")
