"""How to play each game, as the "?" panel shows it: the text is data, one TOML file a
game in this folder (``<rules>.toml``); the pictures are drawn by :mod:`.pictures` and the
paged panel is :mod:`.overlay`. This module reads the text only (no pyglet), so the
set-up screen can show each game's one line on its way to the first frame.

A guide file has ``title``, ``line`` (what the game is, in a few words), ``boats`` and
``aim``; ``[[steps]]`` of the turn (``title``, ``picture``, ``text``) and ``[[choices]]``
(``name``, ``rule``): the rule behind every choice the turn panel offers.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from dinghy.core import io
from dinghy.core.errors import DataError, DinghyError

FOLDER = Path(__file__).resolve().parent
#: how many choices one page of the panel lists
CHOICES_A_PAGE = 3


@dataclass(frozen=True)
class Step:
    title: str
    picture: str
    text: str


@dataclass(frozen=True)
class Guide:
    rules: str
    title: str
    line: str
    boats: str
    aim: str
    steps: tuple[Step, ...]
    choices: tuple[tuple[str, str], ...]
    guided: tuple[tuple[str, str, str], ...] = ()     # (when, say, why)
    guided_actions: int = 0

    def guided_words(self, words: set[str]) -> tuple[str, str] | None:
        """(what to tap, why) for a decision whose open actions begin with ``words``."""
        for when, say, why in self.guided:
            if when in words:
                return say, why
        return None


@dataclass(frozen=True)
class Page:
    """One page of the panel: a heading, a picture (or none) and text, or choices."""

    title: str
    picture: str | None = None
    text: str = ""
    choices: tuple[tuple[str, str], ...] = ()


def _text(data: dict, key: str, source: str, where: str = "") -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise DataError(source, f"{where}{key}", "must be some text")
    return " ".join(value.split())


@lru_cache(maxsize=16)
def guide(rules: str, folder: str | None = None) -> Guide:
    """The guide of game ``rules``; a missing or damaged file is a DataError naming it."""
    path = Path(folder or FOLDER) / f"{rules}.toml"
    source = str(path)
    data = io.read_toml(path)
    steps, choices = [], []
    for i, s in enumerate(data.get("steps") or []):
        if not isinstance(s, dict):
            raise DataError(source, f"steps[{i}]", "must be a table")
        steps.append(Step(_text(s, "title", source, f"steps[{i}]."), _text(s, "picture", source, f"steps[{i}]."),
                          _text(s, "text", source, f"steps[{i}].")))
    for i, c in enumerate(data.get("choices") or []):
        if not isinstance(c, dict):
            raise DataError(source, f"choices[{i}]", "must be a table")
        choices.append((_text(c, "name", source, f"choices[{i}]."), _text(c, "rule", source, f"choices[{i}].")))
    guided = []
    for i, c in enumerate(data.get("guided") or []):
        if not isinstance(c, dict):
            raise DataError(source, f"guided[{i}]", "must be a table")
        guided.append(tuple(_text(c, k, source, f"guided[{i}].") for k in ("when", "say", "why")))
    turn = data.get("guided_turn") or {}
    n = turn.get("actions", 0) if isinstance(turn, dict) else None
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 100:
        raise DataError(source, "guided_turn.actions", f"must be a whole number 0 to 100, got {n!r}")
    if not steps:
        raise DataError(source, "steps", "a guide needs at least one step of the turn")
    return Guide(rules, _text(data, "title", source), _text(data, "line", source),
                 _text(data, "boats", source), _text(data, "aim", source), tuple(steps), tuple(choices),
                 tuple(guided), n)  # type: ignore[arg-type]


def pages(g: Guide) -> list[Page]:
    """The panel's pages: what the game is, each step of the turn, then the choices."""
    out = [Page(g.title, "course", f"{g.line[:1].upper()}{g.line[1:]}; {g.boats}. {g.aim}")]
    out += [Page(s.title, s.picture, s.text) for s in g.steps]
    for k in range(0, len(g.choices), CHOICES_A_PAGE):
        out.append(Page("Your choices, and the rule behind each", None, "",
                        g.choices[k:k + CHOICES_A_PAGE]))
    return out


def one_line(rules: str, minutes: int | None = None) -> str:
    """The set-up screen's line for a game: "sail by manoeuvre cards on an open table;
    2–6 boats; about 45 minutes" (no guide: the empty string)."""
    try:
        g = guide(rules)
    except DinghyError:
        return ""
    parts = [g.line, g.boats]
    if minutes is not None:
        parts.append(f"about {minutes} minutes")
    return "; ".join(parts)


def known_games() -> list[str]:
    """The rules names that have a guide in this folder."""
    return sorted(p.stem for p in FOLDER.glob("*.toml"))
