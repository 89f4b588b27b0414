"""The guided first round: a strip over the board says what to tap and why.

For each person's first decisions (the game guide's ``[guided_turn] actions``), the
strip reads the words the guide gives for the decision open now, found by the first
word of the legal actions ("launch", "move", "place" ...): the engine says what may be
done, the guide only says it in a newcomer's words. It never takes a tap (the board
under it does). Turned on by the set-up's "Guided first round" switch.
"""
from __future__ import annotations

from typing import Any

from dinghy.core.errors import DinghyError
from dinghy.ui import theme
from dinghy.ui.widgets.gui import LAYER_WIDGET
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.text import Text

TITLE = "Guided turn"


class GuidedMixin:
    """For the race table: ``guided`` on, the strip shows while a person learns."""

    guided = False
    race: Any
    gui: Any

    def build_guide(self) -> None:
        from dinghy.ui.help import guide

        g = self.gui
        try:
            self.guide_data = guide(self.race.rules_name) if self.guided else None
        except DinghyError:
            self.guide_data = None
        self.guide_card = g.add(Panel(g, colour=theme.FOCUS, layer=LAYER_WIDGET, shadow=False))
        self.guide_text = g.add(Text(g, "", theme.BODY_PT, theme.ON_WATER, layer=LAYER_WIDGET,
                                     multiline=True))
        self.guide_card.visible = self.guide_text.visible = False

    def actions_by(self, seat: int) -> int:
        """How many decisions seat ``seat`` has taken in this race."""
        race = self.race
        states = race.history
        return sum(race.game.current_player(states[i]) == seat for i in range(len(race.actions)))

    def guide_words(self) -> tuple[str, str] | None:
        """(what to tap, why) for the person deciding now, while guided; else None."""
        g, race = getattr(self, "guide_data", None), self.race
        if g is None or race.over or race.chance:
            return None
        seat = race.current_player()
        if seat < 0 or race.game.setup.seats[seat].skipper is not None:
            return None
        if self.actions_by(seat) >= g.guided_actions:
            return None
        return g.guided_words({a.text().split()[0] for a in race.legal_actions()})

    @property
    def guide_shown(self) -> str:
        """The strip's words now ("" when it is hidden)."""
        return self.guide_text.text if self.guide_text.visible else ""

    def refresh_guide(self) -> None:
        words = self.guide_words()
        on = words is not None
        self.guide_card.visible = self.guide_text.visible = on
        if on:
            say, why = words  # type: ignore[misc]
            self.guide_text.text = f"{TITLE}: {say}  Why: {why}"

    def layout_guide(self, x: float, top: float, w: float) -> None:
        """The strip along the top of the board: ``x``..``x + w``, hanging from ``top``."""
        g = self.gui
        pad = g.px(8)
        h = g.px(62)
        self.guide_card.place(x + pad, top - pad - h, w - 2 * pad, h)
        self.guide_text.place(x + 2 * pad, top - pad - h, w - 4 * pad, h)
