"""The Gigamic view's hand: which seat's cards the tray shows and what each says, the
lifted card, the ghosts' numbers on the water, the arrow buttons, and the turn panel
without a typing field (every action is a tap). Mixed into
:class:`dinghy.ui.regatta_gigamic.view.GigamicView`; nothing here decides a rule: a
card's reason is the engine's ``why_not`` of its arrows."""
from __future__ import annotations

from collections import Counter
from typing import Any

from pyglet import shapes

from dinghy.games.regatta_gigamic.ask import AGAIN, DEAL, DRAW, EXTRA, FIRST, SUN, TURN, Act
from dinghy.ui import theme
from dinghy.ui.regatta_gigamic.board import colour_of
from dinghy.ui.regatta_gigamic.hand_tray import CardShow
from dinghy.ui.regatta_gigamic.pickers import hand_slot_of
from dinghy.ui.shell.generic import PickerRow
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.gui import LAYER_WIDGET

#: what the chance button does, step by step (its words)
CHANCE_WORDS = {DEAL: "Deal the cards", FIRST: "Draw lots: who starts", DRAW: "Draw a card from the pile"}

SWAPS = "Heave to: swap cards"


class TrayMixin:
    """The hand's tray and what goes with it (see the module's words)."""

    # --- whose hand, which card --------------------------------------------------------
    def tray_seat(self) -> tuple[int, bool]:
        """The seat whose hand the tray holds, and whether its faces may be seen: the
        person who may see the table now (behind the curtain, only they); else the seat
        acting, face down."""
        viewer = self.scene.viewer
        seats = self.game.setup.seats
        active = self.race.state.active
        next_person = seats[active].skipper is None and active != viewer and not self.race.over
        if viewer is not None and seats[viewer].skipper is None and self.scene.curtain is None and not next_person:
            return viewer, True
        return active, False

    def sailing_now(self) -> bool:
        """Whether the person at the table sails a card now (their turn, their hand seen)."""
        race, state = self.race, self.race.state
        seat, seen = self.tray_seat()
        return (seen and not race.over and not race.chance and self.human_turn and seat == state.active
                and state.step in (TURN, EXTRA) and state.boats[seat].sun is None)

    def card_reason(self, card: str) -> str:
        """The engine's reason a card cannot be sailed now ("" if one of its arrows can)."""
        face = self.game.deck.face(card)
        acts = [Act("play", card=card, n=k + 1) for k in range(max(1, len(face.arrows)))]
        reasons = [self.race.why_not(a) for a in acts]
        return "" if any(r is None for r in reasons) else (reasons[0] or "")

    def choose_card(self) -> None:
        """Keep the lifted card while it is in the hand; else lift the first that sails."""
        if not self.sailing_now():
            self.selected = None
            return
        hand = self.race.state.hands[self.race.state.active]
        if self.selected in hand:
            return
        self.selected = next((c for c in hand if not self.card_reason(c)), None)

    def new_cards(self, seat: int) -> Counter[str]:
        """The cards ``seat`` drew since its last own action (the draws that completed
        its hand after it sailed or hove to): read off the record, newest first."""
        hist, acts = self.race.history, self.race.actions
        got: Counter[str] = Counter()
        for k in range(len(acts) - 1, -1, -1):
            st, a = hist[k], acts[k]
            if st.active != seat or st.step == DEAL:
                if st.step == DEAL:
                    break
                continue
            if a.verb == "draw":
                got[a.card] += 1
            else:
                break
        return got

    def show_tray(self) -> None:
        race, state, game = self.race, self.race.state, self.game
        seat, seen = self.tray_seat()
        hand = state.hands[seat]
        swapping = self.open_group == SWAPS and self.sailing_now()
        swaps = [a for a in self.panel_actions() if a.verb == "swap"] if swapping else []
        slot_of = hand_slot_of(swaps, hand) if swapping else []
        if swapping:
            self.swap_picker.start((len(race.actions), hand))
        cards = []
        lifted_done = False
        fresh = self.new_cards(seat) if seen else Counter()
        for i, c in enumerate(hand):
            if not seen:
                cards.append(CardShow())
                continue
            show = CardShow(game.deck.face(c))
            if fresh[c] > 0:
                show.new = True
                fresh[c] -= 1
            if swapping:
                show.picked = slot_of[i] is not None and slot_of[i] in self.swap_picker.picked
                show.reason = self.swap_picker.why_not_pick(swaps, hand, slot_of[i])
            elif self.sailing_now():
                show.reason = self.card_reason(c)
                if c == self.selected and not lifted_done:
                    show.lifted, lifted_done = True, True
            elif state.step == SUN and seat == state.active and show.face.is_sun and not lifted_done:
                show.lifted, lifted_done = True, True        # the sun about to be laid
            cards.append(show)
        top = game.deck.face(state.discard[-1]) if state.discard else None
        name = game.name(seat)
        caption = (f"{name}'s hand: hidden" if not seen else
                   f"{name}: tap the cards to change" if swapping else
                   f"{name}'s hand: tap a card to see its arrows" if self.sailing_now() else f"{name}'s hand")
        self.tray.show(cards, state.pile_count, top, colour_of(game, seat), caption)

    def tap_card(self, i: int) -> None:
        """A card of the tray tapped: picked for a swap, or lifted (its arrows on the
        water); a refused card says why."""
        state = self.race.state
        seat, seen = self.tray_seat()
        if not seen or i >= len(state.hands[seat]):
            self.scene.toast.show("These cards are hidden: it is not your hand")
            return
        card = state.hands[seat][i]
        if self.open_group == SWAPS and self.sailing_now():
            swaps = [a for a in self.panel_actions() if a.verb == "swap"]
            slot = hand_slot_of(swaps, state.hands[seat])[i]
            why = self.swap_picker.why_not_pick(swaps, state.hands[seat], slot)
            if why:
                self.scene.toast.show(f"{self.game.deck.face(card).name}: {why}")
                return
            self.swap_picker.toggle(slot)
            return
        if not self.sailing_now():
            self.scene.toast.show(f"{self.game.deck.face(card).name}: not your turn to sail")
            return
        why = self.card_reason(card)
        if why:
            self.scene.toast.show(f"{self.game.deck.face(card).name}: {why}")
        self.selected = card
        self._draw_ghosts()
        self.focus_ghosts()
        self.place_badges()
        self.show_tray()
        if self.open_group != "Sail":
            self.open_group = "Sail"
        self.build_panel()
        self.scene.layout_side()

    def toggle_group(self, group: str) -> None:
        """A group opened or closed: the swap group turns the tray into toggles (and the
        lifted card's ghosts leave the water while cards are picked)."""
        super().toggle_group(group)
        self._draw_ghosts()
        self.show_tray()

    def on_curtain_lifted(self) -> None:
        """The next person is at the table: their hand, their lifted card, its ghosts."""
        self.choose_card()
        self._draw_ghosts()
        self.focus_ghosts()
        self.show_tray()
        self.build_panel()
        self.scene.layout_side()

    # --- the panel -----------------------------------------------------------------------
    def panel_actions(self) -> list[Any]:
        """The engine's list, asked once a position (a tap on a card rebuilds the panel;
        the 23 turns in place each cost a swing check)."""
        state = self.race.state
        if getattr(self, "_legal_for", None) is not state:
            self._legal_for, self._legal = state, list(self.race.legal_actions())
        return list(self._legal)

    def arrow_rows(self, actions: list[Any]) -> list[PickerRow]:
        """The Sail group: one button an arrow of the lifted card ("Arrow 1" ..., the
        numbers on the card and on the water), then the group's other actions."""
        state, game, race = self.race.state, self.game, self.race
        card = state.card if state.step == AGAIN else self.selected
        rows: list[PickerRow] = []
        arrows = []
        if card is not None:
            face = game.deck.face(card)
            for k in range(len(face.arrows)):
                act = Act("again", n=k + 1) if state.step == AGAIN else Act("play", card=card, n=k + 1)
                why = race.why_not(act)
                b = Button(self.gui, f"Arrow {k + 1}", lambda a=act: self.play(a), style="primary",
                           enabled=why is None, reason=why or "")
                self.buttons[game.action_text(act)] = b
                arrows.append(b)
        for k in range(0, len(arrows), 3):
            rows.append(PickerRow(arrows[k:k + 3]))
        for a in actions:
            if a.verb in ("play", "again"):
                continue
            why = race.why_not(a)
            b = Button(self.gui, game.action_label(a), lambda a=a: self.play(a), enabled=why is None, reason=why or "")
            self.buttons[game.action_text(a)] = b
            rows.append(PickerRow([b]))
        return rows

    def build_panel(self) -> None:
        """The generic panel, with the chance button saying what it does and no field
        to type an action in (every action is a button, a card or a ghost)."""
        super().build_panel()
        field, play = getattr(self, "field", None), self.buttons.pop("play_typed", None)
        for w in (field, play):
            if w is not None and w in self.widgets:
                self.gui.remove(w)
                w.delete()
                self.widgets.remove(w)
        self.rows = [r for r in self.rows if field not in r]
        roll = self.buttons.get("roll")
        if roll is not None:
            roll.label = self.chance_words()

    def chance_words(self) -> str:
        return CHANCE_WORDS.get(self.race.state.step, "Roll the dice")

    # --- the ghosts' numbers ----------------------------------------------------------------
    def clear_badges(self) -> None:
        for disc, label in self.badges:
            disc.delete()
            label.delete()
        self.badges = []

    def make_badges(self) -> None:
        """A numbered disc on each ghost of the lifted card (the arrow's number)."""
        self.clear_badges()
        g = self.gui
        if g is None:
            return
        seen: set[tuple[int, int]] = set()
        for gh in self.ghosts:
            if gh.action.verb not in ("play", "again", "place"):
                continue
            key = (round(gh.x), round(gh.y))
            if key in seen:
                continue
            seen.add(key)
            ink = (120, 124, 130) if gh.reason else theme.INK
            disc = shapes.Circle(0, 0, g.px(11), color=theme.rgba((255, 255, 255) if not gh.reason else (200, 204, 210)),
                                 batch=g.batch, group=g.group(LAYER_WIDGET, 0))
            label = g.label(str(gh.action.n), theme.SMALL_PT + 1, ink, bold=True, anchor_x="center")
            self.badges.append((disc, label))
        self._badges_at = None
        self.place_badges()

    def place_badges(self) -> None:
        """Each number on its ghost's screen point (hidden off the water); done again
        only when the camera or the ghosts changed (moving shapes costs a frame)."""
        if not self.badges:
            return
        c = self.camera
        key = (c.cx, c.cy, c.zoom, c.x0, c.y0, c.width, c.height)
        if key == getattr(self, "_badges_at", None):
            return
        self._badges_at = key
        keys: list[Any] = []
        seen: set[tuple[int, int]] = set()
        for gh in self.ghosts:
            if gh.action.verb not in ("play", "again", "place"):
                continue
            key = (round(gh.x), round(gh.y))
            if key not in seen:
                seen.add(key)
                keys.append(gh)
        for (disc, label), gh in zip(self.badges, keys):
            sx, sy = c.world_to_screen(gh.x, gh.y)
            on = c.contains_screen(sx, sy)
            disc.position = (sx, sy)
            label.position = (round(sx), round(sy), 0)
            disc.visible = label.visible = on

    def tick(self, dt: float) -> None:
        super().tick(dt)
        self.place_badges()
