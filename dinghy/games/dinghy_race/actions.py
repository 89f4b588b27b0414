"""The actions a player (or the dice) can take, each with a one-line text form.

``Action.text()`` and :func:`parse` are inverses, so a game record is a list of short
strings: ``"begin trapeze"``, ``"move 2 shift -7.5 bonus"``, ``"roll 3 4"`` ...
"""
from __future__ import annotations

from dataclasses import dataclass

from dinghy.core.errors import IllegalAction


def _n(value: float) -> str:
    """A number's shortest exact text (so that parsing gives the same float back)."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


@dataclass(frozen=True, slots=True)
class Launch:
    """Put the boat on the water before the start (or again after touching the line)."""
    x: float
    y: float
    heading: int
    card: str

    def text(self) -> str:
        return f"launch {_n(self.x)} {_n(self.y)} {self.heading} {self.card}"


@dataclass(frozen=True, slots=True)
class Begin:
    """Start the turn: declare trapezing on or off, then reveal the card."""
    trapeze: bool = False

    def text(self) -> str:
        return "begin trapeze" if self.trapeze else "begin"


@dataclass(frozen=True, slots=True)
class Pivot:
    """Turn in place: 45° with a delay card, 90° when dead in the water."""
    turn: int = 0

    def text(self) -> str:
        return f"pivot {self.turn}"


@dataclass(frozen=True, slots=True)
class Move:
    """Execute the revealed card through exit ``exit`` (index into the card's exits)."""
    exit: int
    shift: float = 0.0      # Weather Eye sideways shift, mm to windward
    bonus: bool = False     # take the spinnaker bonus move

    def text(self) -> str:
        out = f"move {self.exit}"
        if self.shift:
            out += f" shift {_n(self.shift)}"
        if self.bonus:
            out += " bonus"
        return out


@dataclass(frozen=True, slots=True)
class Substitute:
    """Rule 1: exchange a tack/jibe card that cannot be sailed for a delay or a normal card."""
    card: str

    def text(self) -> str:
        return f"substitute {self.card}"


@dataclass(frozen=True, slots=True)
class Overlap:
    """Rule 3: the inner boat at a mark demands to swap turn-order positions with the
    outer boat whose turn it is."""
    boat: int

    def text(self) -> str:
        return f"overlap {self.boat}"


@dataclass(frozen=True, slots=True)
class Protest:
    """The players overrule (upheld) or confirm (dismissed) the latest right-of-way ruling."""
    upheld: bool

    def text(self) -> str:
        return "protest upheld" if self.upheld else "protest dismissed"


@dataclass(frozen=True, slots=True)
class Luck:
    """Commit Lady Luck cards before a hazard roll (spent even if useless)."""
    cards: int = 0

    def text(self) -> str:
        return f"luck {self.cards}"


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice: a chance action, recorded like any other."""
    d1: int
    d2: int

    def text(self) -> str:
        return f"roll {self.d1} {self.d2}"


@dataclass(frozen=True, slots=True)
class Place:
    """Lay the next card face-down in front of the bow (None: stay dead in the water)."""
    card: str | None

    def text(self) -> str:
        return f"place {self.card or 'none'}"


@dataclass(frozen=True, slots=True)
class WeatherEye:
    """Put a Weather Eye card on the water at the end of one's turn."""
    x: float
    y: float
    long_side_along_wind: bool = True

    def text(self) -> str:
        return f"weathereye {_n(self.x)} {_n(self.y)} {'long' if self.long_side_along_wind else 'short'}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline an optional step (placing a Weather Eye card)."""

    def text(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Drift:
    """The last player of a round drifts every Weather Eye card one or two flips downwind."""
    flips: int = 1

    def text(self) -> str:
        return f"drift {self.flips}"


Action = Launch | Begin | Pivot | Move | Substitute | Overlap | Protest | Luck | Roll | Place | WeatherEye | Pass | Drift


def _num(tok: str, line: str) -> float:
    try:
        return float(tok)
    except ValueError:
        raise IllegalAction(f"not a number {tok!r} in action {line!r}") from None


def _int(tok: str, line: str) -> int:
    try:
        return int(tok)
    except ValueError:
        raise IllegalAction(f"not a whole number {tok!r} in action {line!r}") from None


def parse(line: str) -> Action:
    """The action written as ``line`` (see each class's ``text``)."""
    toks = line.split()
    if not toks:
        raise IllegalAction("empty action")
    verb, args = toks[0], toks[1:]
    try:
        if verb == "launch" and len(args) == 4:
            return Launch(_num(args[0], line), _num(args[1], line), _int(args[2], line), args[3])
        if verb == "begin" and args in ([], ["trapeze"]):
            return Begin(bool(args))
        if verb == "pivot" and len(args) == 1:
            return Pivot(_int(args[0], line))
        if verb == "move" and args:
            ex, shift, bonus, rest = _int(args[0], line), 0.0, False, args[1:]
            if rest[:1] == ["shift"] and len(rest) >= 2:
                shift, rest = _num(rest[1], line), rest[2:]
            if rest == ["bonus"]:
                bonus, rest = True, []
            if not rest:
                return Move(ex, shift, bonus)
        if verb == "substitute" and len(args) == 1:
            return Substitute(args[0])
        if verb == "overlap" and len(args) == 1:
            return Overlap(_int(args[0], line))
        if verb == "protest" and args in (["upheld"], ["dismissed"]):
            return Protest(args[0] == "upheld")
        if verb == "luck" and len(args) == 1:
            return Luck(_int(args[0], line))
        if verb == "roll" and len(args) == 2:
            return Roll(_int(args[0], line), _int(args[1], line))
        if verb == "place" and len(args) == 1:
            return Place(None if args[0] == "none" else args[0])
        if verb == "weathereye" and len(args) == 3 and args[2] in ("long", "short"):
            return WeatherEye(_num(args[0], line), _num(args[1], line), args[2] == "long")
        if verb == "pass" and not args:
            return Pass()
        if verb == "drift" and len(args) == 1:
            return Drift(_int(args[0], line))
    except IllegalAction:
        raise
    raise IllegalAction(f"cannot read action {line!r}")
