"""Small text helpers of the turn panel: a card's and a hazard outcome's short names,
an exit's short name, a button's label fitted to its width, the leg a boat is sailing."""
from __future__ import annotations

from typing import Any

from dinghy.ui import theme
from dinghy.ui.widgets.gui import Widget
from dinghy.ui.widgets.buttons import Button


_EFFECT_SHORT = {"man_overboard": "man overboard", "capsize": "capsize", "delay": "delay"}


def card_label(name: str) -> str:
    """A card's name for a narrow button: ``Close-hauled (starboard)`` -> ``Close-hauled · S``."""
    return name.replace(" (starboard)", " · S").replace(" (port)", " · P")


def outcome_name(outcome: Any) -> str:
    """A hazard's outcome in a few words: ``capsize (2)``, ``no harm``."""
    if outcome.effect is None:
        return "no harm"
    return f"{_EFFECT_SHORT.get(outcome.effect, outcome.effect)} ({outcome.delay_cards})"


def exit_short(move: Any, opts: list[Any]) -> str:
    """``Luff 15°``, ``Straight``, ``Bear away 30° + spi`` for an exit button."""
    turn = next((o.turn for o in opts if o.index == move.exit), 0)
    words = "Straight" if turn == 0 else (f"Luff {turn}°" if turn > 0 else f"Bear away {-turn}°")
    return words + (" + spi" if move.bonus else "")


def _fit_button_texts(items: list[Widget]) -> None:
    """A smaller font for a label too wide for its button (card names can be long), in
    the sizes ``hud.warm_glyphs`` prepared, then cut with "…"."""
    from dinghy.ui.hud import fit_text

    for b in items:
        if not isinstance(b, Button) or b.icon or not b.w:
            continue
        g = b.gui
        room = b.w - g.px(12)
        if b.text.content_width <= room:
            continue
        size = b.text.font_size
        for pt in (theme.SMALL_PT + 1, theme.SMALL_PT, theme.SMALL_PT - 1):
            if g.px(pt) < size:
                b.text.font_size = g.px(pt)
                if b.text.content_width <= room:
                    break
        fit_text(b.text, b.label, room, b.text.font_size)


def _leg_text(game: Any, boat: Any) -> str:
    legs = game.course.legs
    if not boat.launched or not boat.started:
        return ""
    if boat.legs_done >= len(legs):
        return " · sail for the finish"
    leg = legs[boat.legs_done]
    where = "gate " + "/".join(leg.mark_ids) if leg.is_gate else f"mark {leg.mark_ids[0]} to {leg.side}"
    return f" · leg {boat.legs_done + 1}/{len(legs)}: {where}"
