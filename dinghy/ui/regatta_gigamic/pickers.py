"""The turn panel's pickers for Regatta (Gigamic)'s two long groups of choices, so that
neither pages at 800x600.

Swaps: heaving to, a skipper changes some cards of the hand, and the engine lists every
choice (25 of them for a hand of five). While the "swap cards" group is open, a tap on
a card of the hand's tray picks it (a tick) or unpicks it, and the group shows one
button for the swap the picked cards make ("Swap 2 cards": the game's words for it,
less the card names the ticks show). What may be
picked comes from the engine's list alone: a card can be added while some listed swap
still holds the picked cards and it; the button plays the listed swap of exactly those
cards (greyed with the engine's ``why_not`` reason if it refuses it). Nothing here knows
how many cards a swap may change.

Turns in place: the open "turn" group shows one selector over the listed turns in
their order (left: more to port, right: more to starboard) and one button that plays
the turn shown.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from dinghy.ui.shell.action_list import label_of, short_label
from dinghy.ui.shell.generic import PickerRow
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.selectors import ChoiceSelector

def hand_slots(swaps: Sequence[Any], hand: Sequence[str] = ()) -> list[str]:
    """The cards the listed swaps are made of, one entry a card (a card held twice
    twice), in the hand's order where the hand is given."""
    most: Counter[str] = Counter()
    for a in swaps:
        for card, n in Counter(a.cards).items():
            most[card] = max(most[card], n)
    slots: list[str] = []
    for card in hand:
        if most[card] > 0:
            slots.append(card)
            most[card] -= 1
    for card in sorted(most):
        slots += [card] * most[card]
    return slots


def hand_slot_of(swaps: Sequence[Any], hand: Sequence[str]) -> list[int | None]:
    """For each card of the hand (in order), its index among :func:`hand_slots` (None:
    no listed swap holds it)."""
    most: Counter[str] = Counter()
    for a in swaps:
        for card, n in Counter(a.cards).items():
            most[card] = max(most[card], n)
    out: list[int | None] = []
    k = 0
    for card in hand:
        if most[card] > 0:
            out.append(k)
            most[card] -= 1
            k += 1
        else:
            out.append(None)
    return out


def swap_of(swaps: Sequence[Any], cards: Sequence[str]) -> Any | None:
    """The listed swap of exactly these cards, or None."""
    want = sorted(cards)
    return next((a for a in swaps if sorted(a.cards) == want), None)


def can_add(swaps: Sequence[Any], cards: Sequence[str], card: str) -> bool:
    """Whether some listed swap holds the picked cards and one more ``card``."""
    want = Counter(cards) + Counter([card])
    return any(not (want - Counter(a.cards)) for a in swaps)


class SwapPicker:
    """The picked hand slots of the view's current turn, and the picker's row.

    ``SwapPicker(view)``; the view calls :meth:`rows` from its ``group_picker``. A tap
    on a card of the tray toggles it (:meth:`toggle`) and has the view show its tray and
    build its panel again."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.picked: tuple[int, ...] = ()
        self._turn: Any = None

    def cards(self, slots: Sequence[str]) -> list[str]:
        return [slots[i] for i in self.picked if i < len(slots)]

    def toggle(self, slot: int) -> None:
        self.picked = tuple(i for i in self.picked if i != slot) if slot in self.picked \
            else tuple(sorted(self.picked + (slot,)))
        self.view.show_tray()
        self.view.build_panel()
        self.view.scene.layout_side()

    def start(self, turn: Any) -> None:
        """``turn`` tells one turn from the next: a new turn starts with nothing picked."""
        if turn != self._turn:
            self._turn, self.picked = turn, ()

    def rows(self, group: str, swaps: list[Any], hand: Sequence[str], turn: Any) -> list[PickerRow]:
        """The swap button, as a panel row (the cards are picked on the tray)."""
        view, gui, game, race = self.view, self.view.gui, self.view.game, self.view.race
        self.start(turn)
        slots = hand_slots(swaps, hand)
        picked = self.cards(slots)
        rows: list[PickerRow] = []
        chosen = swap_of(swaps, picked) if picked else None
        if chosen is not None:
            why = race.why_not(chosen)
            words = short_label(label_of(game, chosen), group).split(" (")[0]   # the cards show ✓
            button = Button(gui, words, lambda: view.play(chosen),
                            style="primary", enabled=why is None, reason=why or "")
            view.buttons[game.action_text(chosen)] = button
        else:
            button = Button(gui, "Tap the cards to change", None, enabled=False,
                            reason="no swap in the list is made of these cards" if picked
                            else "tap the cards to change first")
        view.buttons["swap"] = button
        rows.append(PickerRow([button]))
        return rows

    def why_not_pick(self, swaps: Sequence[Any], hand: Sequence[str], slot: int | None) -> str:
        """Why the tray's card at hand ``slot`` cannot be picked now ("" if it can)."""
        if slot is None:
            return "no swap in the list holds this card"
        slots = hand_slots(swaps, hand)
        if slot in self.picked or can_add(swaps, self.cards(slots), slots[slot]):
            return ""
        return "no swap holds these cards and this one"


class TurnPicker:
    """The turn in place shown in the selector (kept while the list stays the same), and
    the picker's rows: ``TurnPicker(view)``; the view calls :meth:`rows`."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.shown: Any = None
        self.words: dict[Any, str] = {}

    def choose(self, action: Any) -> None:
        """The selector stepped: its button now plays ``action`` (changed in place: the
        selector is still handling its tap)."""
        view, self.shown = self.view, action
        button = view.buttons.get("turn")
        if button is None:
            return
        for k in [k for k, b in view.buttons.items() if b is button and k != "turn"]:
            del view.buttons[k]
        why = view.race.why_not(action)
        button.label, button.callback = self.words[action], (lambda: view.play(action))
        button.reason, button.enabled = why or "", why is None
        view.buttons[view.game.action_text(action)] = button
        view.fit_label(button)

    def rows(self, group: str, turns: list[Any]) -> list[PickerRow]:
        """A selector over ``turns`` in the engine's order, then the button for the one shown
        (the smallest turn first)."""
        view, gui, game, race = self.view, self.view.gui, self.view.game, self.view.race
        if self.shown not in turns:
            self.shown = min(turns, key=lambda a: (abs(getattr(a, "n", 0)), getattr(a, "n", 0)))
        self.words = {a: short_label(label_of(game, a), group) for a in turns}
        selector = ChoiceSelector(gui, list(self.words.items()), turns.index(self.shown), self.choose, wrap=False)
        view.buttons["turn_choice"] = selector
        why = race.why_not(self.shown)
        button = Button(gui, self.words[self.shown], lambda a=self.shown: view.play(a), style="primary",
                        enabled=why is None, reason=why or "")
        view.buttons[game.action_text(self.shown)] = button
        view.buttons["turn"] = button
        return [PickerRow([selector]), PickerRow([button])]
