"""Labels kept aside for reuse: a deleted widget's labels wait here, hidden, for
:meth:`~dinghy.ui.widgets.gui.Gui.label` to take one back when the very same label is
asked for, instead of laying its text out anew.

A label costs a text layout to make (pyglet shapes every glyph and fills new vertex
lists), and a turn panel is rebuilt after every action, mostly with the same words. A
label is filed under everything that decides its look (:func:`label_key`, read from the
label as it is when set aside, and checked again when taken back: one changed since is
never handed out). The panel of one seat's turn comes back a few actions later ("The bot
is playing…", the seat's name, "Roll the dice"), so spares wait across frames: hidden, a
label costs nothing to draw (pyglet collapses its glyphs' vertices), and no more than
:data:`MAX_SPARES` wait (those set aside longest ago are deleted first).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

#: Labels kept aside at most (beyond it, those set aside longest ago are deleted).
MAX_SPARES = 128


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _styles(styles: dict[str, Any]) -> tuple[Any, ...]:
    """A document's styles as a key (sorted, lists as tuples)."""
    return tuple(sorted((k, _frozen(v)) for k, v in styles.items()))


def label_key(label: Any) -> tuple[Any, ...]:
    """Everything that decides how a label looks but its position: its text, every
    style of its document (font, size, weight, colour, alignment...), its anchors,
    box and wrapping, its group and shader. Two labels with equal keys are laid out
    alike, glyph for glyph."""
    return (label.text, _styles(label.document.styles), label.anchor_x, label.anchor_y, label.width, label.multiline,
            label.group) + _tail(label)


def _tail(label: Any) -> tuple[Any, ...]:
    """The parts of a label's look that ``Gui.label`` never sets (as pyglet makes them)."""
    return (label.height, label._wrap_lines_flag, label.rotation, label.dpi,
            label.content_valign, label.program)


class LabelSpares:
    """The labels one Gui keeps aside; ``made`` and ``reused`` count its labels."""

    def __init__(self) -> None:
        self._by_key: dict[tuple[Any, ...], list[Any]] = {}
        self._aside: OrderedDict[int, tuple[tuple[Any, ...], Any]] = OrderedDict()
        self._tail: tuple[Any, ...] | None = None      # a new label's _tail
        self.made = self.reused = 0

    def __len__(self) -> int:
        return len(self._aside)

    def labels(self) -> list[Any]:
        """The labels waiting, those set aside longest ago first."""
        return [lab for _, lab in self._aside.values()]

    def made_one(self, label: Any) -> None:
        """A label was made anew (the first one tells what pyglet makes by default)."""
        if self._tail is None:
            self._tail = _tail(label)
        self.made += 1

    def take(self, text: str, styles: dict[str, Any], anchor_x: str, anchor_y: str,
             width: float | None, multiline: bool, group: Any) -> Any:
        """A label that a new one made so would look exactly like, shown again at
        (0, 0) as a new one starts; None if none waits."""
        if not self._aside or self._tail is None:
            return None
        key = (text, _styles(styles), anchor_x, anchor_y, width, multiline, group) + self._tail
        spares = self._by_key.get(key)
        while spares:
            lab = spares.pop()
            if not spares:
                del self._by_key[key]
            del self._aside[id(lab)]
            if label_key(lab) != key:      # changed since it was set aside: not this one
                lab.delete()
                spares = self._by_key.get(key)
                continue
            for name in [n for n in vars(lab) if n.startswith("_dinghy")]:
                delattr(lab, name)         # a widget's notes on it (hud.fit_text's)
            if lab.position != (0, 0, 0):
                lab.position = (0, 0, 0)
            lab.visible = True
            self.reused += 1
            return lab
        return None

    def keep(self, label: Any) -> None:
        """Set a deleted widget's label aside, hidden."""
        label.visible = False
        key = label_key(label)
        self._by_key.setdefault(key, []).append(label)
        self._aside[id(label)] = (key, label)
        while len(self._aside) > MAX_SPARES:
            _, (old_key, old) = self._aside.popitem(last=False)
            spares = self._by_key[old_key]
            spares.remove(old)
            if not spares:
                del self._by_key[old_key]
            old.delete()

    def drop(self) -> None:
        """Delete every label kept aside."""
        for _, lab in self._aside.values():
            lab.delete()
        self._by_key, self._aside = {}, OrderedDict()
