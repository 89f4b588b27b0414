"""Optional sound at the table: a start gun, the dice, a capsize (off by default).

The sounds are synthesised by pyglet's own audio (``pyglet.media.synthesis``), so no
sound file ships. Sound is a pleasure, never a requirement: without an audio device,
headless, or with a driver that fails, :meth:`Sound.play` does nothing (and says so in
:attr:`Sound.problem`) — the race goes on.
"""
from __future__ import annotations

from typing import Any, Sequence

#: which sound an engine event calls for (kinds from the log; a roll that capsizes or
#: loses someone overboard says so in its own words)
_EVENT_SOUNDS = {"roll": "dice"}
_TROUBLE = ("capsiz", "man overboard")


def sounds_for(events: Sequence[Any]) -> list[str]:
    """The sounds one action's events call for, in order, each once."""
    out: list[str] = []
    for e in events:
        name = _EVENT_SOUNDS.get(e.kind)
        if name and name not in out:
            out.append(name)
        if e.kind == "round" and "the start!" in e.text.lower() and "gun" not in out:
            out.append("gun")            # the round of the start signal
        if e.kind == "roll" and any(w in e.text.lower() for w in _TROUBLE) and "capsize" not in out:
            out.append("capsize")
    return out


def _make(name: str) -> Any:
    import pyglet.media as media
    from pyglet.media import synthesis as syn

    if name == "gun":
        src = syn.WhiteNoise(0.5, envelope=syn.LinearDecayEnvelope(0.9))
    elif name == "dice":
        src = syn.Square(0.06, 700, envelope=syn.LinearDecayEnvelope(0.4))
    elif name == "capsize":
        src = syn.Sine(0.7, 160, envelope=syn.LinearDecayEnvelope(0.6))
    else:
        raise KeyError(name)
    return media.StaticSource(src)


class Sound:
    """``Sound().play("gun")``; ``after(events)`` plays what an action's events call for."""

    def __init__(self) -> None:
        self._sources: dict[str, Any] = {}
        self.played: list[str] = []        # what was asked for (tests read it)
        self.problem: str | None = None    # why nothing is heard, if it failed once

    def play(self, name: str) -> None:
        self.played.append(name)
        if self.problem is not None:
            return
        try:
            src = self._sources.get(name)
            if src is None:
                src = self._sources[name] = _make(name)
            src.play()
        except Exception as exc:           # no device, no driver: stay silent, go on
            self.problem = f"{type(exc).__name__}: {exc}"

    def after(self, events: Sequence[Any]) -> None:
        for name in sounds_for(events):
            self.play(name)
