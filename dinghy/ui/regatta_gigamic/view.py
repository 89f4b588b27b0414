"""Regatta (Gigamic) at the table: the water with its buoys, line and obstacles, the
boats with the forbidden zone in front of each bow, the hand as a tray of the printed
cards along the foot (:mod:`.hand_tray`) and — on a person's turn — where each arrow
of the lifted card would put the boat, as numbered ghosts to tap.

A tap on a card lifts it: its arrows' end boats show on the water, numbered as on the
card; a tap on a ghost (or its number, or the "Arrow N" button) sails it. A card the
engine refuses is dimmed and says why (``why_not``). Every other action is a worded
button of the side column, grouped (Sail, Heave to: swap cards, Heave to: turn, Sun,
...): opening "Heave to: swap cards" makes the tray pick the cards to change, a turn in
place is a selector (:mod:`dinghy.ui.regatta_gigamic.pickers`). No typing. Ghosts are
the engine's own results: a legal play is applied to a copy of the state to find where
it ends (a stop at a zone's entry included); a refused one is drawn grey and a tap shows
the engine's reason. Nothing here decides a rule.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from dinghy.ui.widgets.text import Text  # noqa: F401  (configures pyglet first)
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.panels import Band, Panel

from dinghy.games.regatta_gigamic.ask import AGAIN, EXTRA, TURN, Act, end_spot  # noqa: E402
from dinghy.ui import theme  # noqa: E402
from dinghy.ui.camera import Camera  # noqa: E402
from dinghy.ui.hud import fit_text  # noqa: E402
from dinghy.ui.regatta_gigamic.board import REFUSED, Board, colour_of  # noqa: E402
from dinghy.ui.regatta_gigamic.hand_tray import HandTray  # noqa: E402
from dinghy.ui.regatta_gigamic.pickers import SwapPicker, TurnPicker  # noqa: E402
from dinghy.ui.regatta_gigamic.tray_view import TrayMixin  # noqa: E402
from dinghy.ui.shell.edge_arrow import EdgeArrow  # noqa: E402
from dinghy.ui.shell.generic import GenericView, PickerRow  # noqa: E402
from dinghy.ui.shell.views import ordinal  # noqa: E402


@dataclass
class Ghost:
    action: Act
    x: float
    y: float
    reason: str | None


SWAPS = "Heave to: swap cards"
#: what the chance button does, by the step it is due in


class GigamicView(TrayMixin, GenericView):
    """The board of a Gigamic regatta (``GigamicView(scene)``)."""

    shortcuts = GenericView.shortcuts + [("Tap a card", "Show its arrows on the water"),
                                         ("Tap a ghost", "Sail that arrow")]

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.camera = Camera(min_zoom=0.05, max_zoom=25.0)
        self.ghosts: list[Ghost] = []
        self.root: Any = None
        self.swap_picker = SwapPicker(self)
        self.turn_picker = TurnPicker(self)
        self.selected: str | None = None      # the lifted card: its arrows are the ghosts
        self.badges: list[Any] = []           # the ghosts' numbers on the water

    @classmethod
    def board_name(cls, game: Any) -> str:
        return f"{game.title} · {game.course.name}"

    def status(self) -> tuple[str, str]:
        s = self.race.state
        return (f"Turn {s.turns}" if s.turns else "Setting up", f"pile {s.pile_count}")

    # --- building ---------------------------------------------------------------------
    def build(self) -> None:
        g = self.gui
        self.board = Board(g.batch, self.scene.app.window, self.game, self.camera)
        self.bounds = self.board.bounds
        # the title and the places in a strip of their own over the table (the camera's
        # viewport ends under it), so that neither lies on the table's edge
        self.header = g.add(Panel(g, colour=theme.WATER_DEEP, shadow=False))
        self.title = g.add(Text(g, "", theme.SMALL_PT + 1, theme.ON_WATER, bold=True))
        self.places = g.add(Text(g, "", theme.SMALL_PT + 1, theme.ON_WATER))
        self.place_rows: list[str] = []
        self.seen = self.places            # the generic refresh is not used
        self.tray = g.add(HandTray(g, self.tap_card))
        # a tablet has no wheel: the camera's buttons, as on the other boards, on an
        # opaque band (nothing of the water shows between or behind them)
        self.camera_band = g.add(Band(g))
        self.zoom_in = g.add(Button(g, "+", lambda: self.zoom(1.4), style="water", pt=theme.HEADER_PT + 2))
        self.zoom_out = g.add(Button(g, "−", lambda: self.zoom(1 / 1.4), style="water", pt=theme.HEADER_PT + 2))
        self.fit_button = g.add(Button(g, "Fit table", self.fit, style="water"))
        self.mark_arrow = g.add(EdgeArrow(g, self.look_at_next_mark))

    def delete(self) -> None:
        if hasattr(self, "board"):
            self.board.delete()
        self.clear_badges()

    # --- state -> screen ------------------------------------------------------------------
    def refresh(self, new_step: bool) -> None:
        game, race = self.game, self.race
        self.title.text = self.board_name(game)
        places = race.places()
        rows = []
        for i, seat in enumerate(game.setup.seats):
            b = race.state.boats[i]
            what = ordinal(places[i]) if places[i] else (self.next_words(b.stage) if b.spot else "ashore")
            calm = " · becalmed" if b.sun else ""
            rows.append(f"{seat.name}: {what}{calm}")
        self.place_rows = rows
        if hasattr(self, "board_rect"):
            self.place_header()
        self.board.show(race.state)
        if new_step and self.open_group == SWAPS:     # a new turn: the tray lifts cards again
            self.open_group = None
        self.choose_card()
        self._draw_ghosts()
        if new_step:
            self.focus_ghosts()
        self.show_tray()
        if hasattr(self, "board_rect"):
            self.place_arrow()
        if self.panel_waits():      # the next person's panel is built when the curtain lifts
            return
        self.build_panel()
        self.scene.layout_side()

    def next_words(self, stage: int) -> str:
        """Where a boat sails next, short: "red buoy to port", "the line" (the start or
        the finish)."""
        course = self.game.course
        if 1 <= stage <= len(course.rounding):
            bid, side = course.rounding[stage - 1]
            return f"{course.buoy(bid).colour} buoy to {side}"
        return "to the start" if stage == 0 else "to the finish"

    def _draw_ghosts(self) -> None:
        self.ghosts = []
        race, game = self.race, self.game
        state = race.state
        drawn: list[tuple[Any, tuple[int, int, int, int]]] = []
        seat = state.active
        if (not race.over and not race.chance and self.human_turn and state.step in (TURN, EXTRA, AGAIN)
                and state.boats[seat].sun is None):
            boat = state.boats[seat]
            swapping = self.open_group == SWAPS and state.step == TURN
            cards = [state.card] if state.step == AGAIN else ([self.selected] if self.selected and not swapping else [])
            colour = colour_of(game, seat)
            for c in cards:
                for k, arrow in enumerate(game.deck.face(c).arrows):
                    act = Act("again", n=k + 1) if state.step == AGAIN else Act("play", card=c, n=k + 1)
                    reason = race.why_not(act)
                    if reason is None:        # where the engine puts the boat (a stop included)
                        end = game.apply(state, act)[0].boats[seat].spot
                        drawn.append((end, (*colour, 130)))
                    else:
                        end = end_spot(boat.spot, arrow, game.deck.hull_length)
                        drawn.append((end, REFUSED))
                    cx, cy = end.to_world(0, -game.deck.hull_length / 2)
                    self.ghosts.append(Ghost(act, cx, cy, reason))
        elif not race.over and not race.chance and self.human_turn:
            # setting the boat down: a ghost on each start slot the engine offers
            colour = colour_of(game, seat)
            for act in race.legal_actions():
                if act.verb == "place" and 1 <= act.n <= len(game.slots):
                    spot = game.slots[act.n - 1]
                    drawn.append((spot, (*colour, 130)))
                    cx, cy = spot.to_world(0, -game.deck.hull_length / 2)
                    self.ghosts.append(Ghost(act, cx, cy, None))
        self.board.show_ghosts(drawn)
        self.make_badges()

    def panel_hint(self) -> str:
        """What to tap: a ghost behind the line, or a card then a numbered boat."""
        if self.ghosts and all(gh.action.verb == "place" for gh in self.ghosts):
            return "Tap a ghost boat behind the line, or a button below"
        if self.open_group == SWAPS:
            return "Tap the cards to change in your hand"
        if self.sailing_now():
            return "Tap a card, then a numbered boat on the water"
        return ""

    def group_picker(self, group: str, actions: list[Any]) -> list[PickerRow] | None:
        """A group of swaps is chosen by its cards (toggles, then one button); a group of
        turns in place by a selector and one button."""
        verbs = {a.verb for a in actions}
        if verbs == {"swap"}:
            state = self.race.state
            hand = state.hands[state.active]
            return self.swap_picker.rows(group, actions, hand, turn=(len(self.race.actions), hand))
        if verbs == {"pivot"}:
            return self.turn_picker.rows(group, actions)
        if verbs & {"play", "again"}:
            return self.arrow_rows(actions)
        return None

    # --- layout and input -------------------------------------------------------------------
    def layout(self, x: float, y: float, w: float, h: float) -> None:
        g = self.gui
        px, t = g.px, g.touch
        self.board_rect = (x, y, w, h)
        self.tray_h = max(px(96), min(px(150), h * 0.27))
        self.tray.place(x, y, w, self.tray_h)
        self.place_header()
        self.camera_band.hold(((self.zoom_in, t), (self.zoom_out, t), (self.fit_button, px(110))),
                              x, y + self.tray_h, w)
        self.fit()
        self.focus_ghosts()
        self.place_badges()
        self.place_arrow()

    def place_header(self) -> None:
        """One line over the table: the course, then where each boat sails next (cut with
        "…" if the line is too long); the camera's viewport is the rest of the board's
        rectangle above the hand's tray."""
        g = self.gui
        px = g.px
        x, y, w, h = self.board_rect
        m = px(10)
        head = px(30)
        self.header.place(x, y + h - head, w, head)
        self.title.text = self.board_name(self.game)
        tw = min(self.title.label.content_width + px(4), w * 0.4)
        fit_text(self.title.label, self.board_name(self.game), tw, px(theme.SMALL_PT + 1), px(theme.SMALL_PT))
        self.title.place(x + m, y + h - head, tw, head)
        room = w - 3 * m - tw
        fit_text(self.places.label, "     ".join(self.place_rows), room, px(theme.SMALL_PT + 1), px(theme.SMALL_PT))
        self.places.place(x + 2 * m + tw, y + h - head, room, head)
        tray_h = getattr(self, "tray_h", 0.0)
        self.camera.set_viewport(x, y + tray_h, w, h - head - tray_h)

    # --- the camera ----------------------------------------------------------------------
    def under_buttons(self) -> float:
        """How high the camera buttons' band stands over the viewport's foot: what the
        framing keeps clear (no boat or ghost framed under it)."""
        g = self.gui
        return g.touch + 2 * g.px(8)

    def zoom(self, factor: float) -> None:
        c = self.camera
        c.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, factor)
        self.place_arrow()

    def fit(self) -> None:
        """The whole table in view ("Fit table"), clear of the camera buttons under it."""
        g = self.gui
        self.camera.fit(self.bounds, margin=g.px(12), bottom=self.under_buttons())
        if hasattr(self, "mark_arrow"):
            self.place_arrow()

    def _ghost_spots(self) -> list[tuple[float, float]]:
        """Where the ghosts lie, each spot once (ghosts that coincide are one spot)."""
        return sorted({(round(gh.x, 3), round(gh.y, 3)) for gh in self.ghosts})

    @staticmethod
    def _nearest(spots: list[tuple[float, float]]) -> float:
        """The world distance between the two nearest spots (infinite for fewer than two)."""
        return min((math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]), default=math.inf)

    def ghosts_crowded(self) -> bool:
        """Whether two different ghosts lie closer on the screen than a finger can
        tell apart (three quarters of a touch target)."""
        return self._nearest(self._ghost_spots()) * self.camera.zoom < self.gui.touch * 0.75

    def focus_ghosts(self) -> None:
        """On a person's turn, when the ghosts are too close together to tap (or out of
        view), zoom in on the acting boat and its ghosts (the Fit button shows the whole
        table again); the edge arrow then points to the next buoy if the view lost it."""
        if self.gui is None or self.camera.width <= 1:
            return
        self._focus_ghosts()
        self.place_arrow()

    def _focus_ghosts(self) -> None:
        if not self.ghosts:                  # no ghosts (a swap, a roll, a sun): the boats in view
            self.focus_sun()
            self._boat_in_view()
            return
        boat = self.race.state.boats[self.race.state.active]
        seen = all(self.well_in_view(gh) for gh in self.ghosts)
        if boat.spot is not None:           # the boat too: its ghosts mean little without it
            seen = seen and self.well_in_view(Ghost(None, *boat.spot.to_world(0, 0), None))  # type: ignore[arg-type]
        small = self.game.deck.hull_length * self.camera.zoom < self.gui.touch      # hulls too small to read
        if seen and not small and not self.ghosts_crowded():
            return
        boat = self.race.state.boats[self.race.state.active]
        xs = [gh.x for gh in self.ghosts]
        ys = [gh.y for gh in self.ghosts]
        if boat.spot is not None:
            bx, by = boat.spot.to_world(0, 0)
            xs.append(bx)
            ys.append(by)
        hull = self.game.deck.hull_length
        self.camera.fit((min(xs) - hull, min(ys) - hull, max(xs) + hull, max(ys) + hull),
                        margin=self.gui.touch * 1.5, bottom=self.under_buttons())
        if not self.ghosts_crowded():
            return
        # the whole picture is still too small for a finger: closer, on the ghosts alone
        # (as close as their nearest pair needs, while every ghost stays on the screen)
        spots = self._ghost_spots()
        nearest = self._nearest(spots)
        gx = [x for x, _ in spots]
        gy = [y for _, y in spots]
        pad = self.gui.touch * 0.5
        band = self.under_buttons()          # the ghosts kept above the camera buttons
        fits = min((self.camera.width - 2 * pad) / max(max(gx) - min(gx), 1e-6),
                   (self.camera.height - 2 * pad - band) / max(max(gy) - min(gy), 1e-6))
        want = self.gui.touch * 0.75 / max(nearest, 1e-6) * 1.05
        self.camera.zoom = self.camera.clamp(max(self.camera.zoom, min(want, fits)))
        self.camera.cx = (min(gx) + max(gx)) / 2
        self.camera.cy = (min(gy) + max(gy)) / 2 - band / 2 / self.camera.zoom

    def focus_sun(self) -> None:
        """A person about to lay a sun: the boats it may becalm and their own in view
        (the engine lists them: ``sun SEAT``), when one of them is off the water's view."""
        race = self.race
        if not self.human_turn or race.over or race.chance:
            return
        seats = {race.state.active} | {a.n for a in race.legal_actions() if a.verb == "sun"}
        spots = [race.state.boats[i].spot for i in seats if race.state.boats[i].spot is not None]
        if len(seats) < 2 or not spots:
            return
        c, inset = self.camera, self.gui.touch
        points = [sp.to_world(0, -self.game.deck.hull_length / 2) for sp in spots]
        if all(c.x0 + inset <= sx <= c.x0 + c.width - inset and c.y0 + inset <= sy <= c.y0 + c.height - inset
               for sx, sy in (c.world_to_screen(x, y) for x, y in points)):
            return
        hull = self.game.deck.hull_length
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        c.fit((min(xs) - hull, min(ys) - hull, max(xs) + hull, max(ys) + hull),
              margin=self.gui.touch * 1.5, bottom=self.under_buttons())

    def _boat_in_view(self) -> None:
        """On a person's turn, the acting boat in the middle of the view when it is off it."""
        state = self.race.state
        boat = state.boats[state.active]
        if not self.human_turn or boat.spot is None:
            return
        x, y = boat.spot.to_world(0, 0)
        if not self.well_in_view(Ghost(None, x, y, None)):   # type: ignore[arg-type]
            self.camera.cx, self.camera.cy = x, y

    def well_in_view(self, gh: Ghost) -> bool:
        """Whether a ghost's whole hull is on the board, not under the camera buttons (its
        tap point a finger's width inside the edge: the hull reaches past it)."""
        c, g = self.camera, self.gui
        sx, sy = c.world_to_screen(gh.x, gh.y)
        inset = g.touch * 0.75
        return (c.x0 + inset <= sx <= c.x0 + c.width - inset and c.y0 + inset <= sy <= c.y0 + c.height - inset
                and all(g.widget_at(sx + dx, sy + dy) is None for dx in (-inset / 3, inset / 3)
                        for dy in (-inset / 3, inset / 3)))

    def board_contains(self, x: float, y: float) -> bool:
        return self.camera.contains_screen(x, y)

    def ghost_at(self, sx: float, sy: float) -> Ghost | None:
        """The ghost nearest a tap (ghosts that coincide: the first allowed one)."""
        best, best_d = None, (self.gui.touch * 0.75 if self.gui else 36.0) + 1e-6
        for gh in sorted(self.ghosts, key=lambda g: g.reason is not None):
            px, py = self.camera.world_to_screen(gh.x, gh.y)
            d = math.hypot(px - sx, py - sy)
            if d < best_d - 1e-6:
                best, best_d = gh, d
        return best

    def tap(self, x: float, y: float) -> None:
        gh = self.ghost_at(x, y)
        if gh is None:
            return
        if gh.reason is not None:
            self.scene.toast.show(f"{self.game.action_text(gh.action)}: {gh.reason}")
            return
        self.act(gh.action)

    def scroll(self, x: float, y: float, clicks: float) -> bool:
        if not self.camera.contains_screen(x, y):
            return False
        self.camera.scroll(x, y, clicks)
        self.place_arrow()
        return True

    def pan(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)
        self.place_arrow()

    # --- what must be seen (the camera test's question) -------------------------------------
    def next_mark(self) -> tuple[str, tuple[float, float], float] | None:
        """The acting boat's next buoy or line: its name, where it is, its radius."""
        course, state = self.game.course, self.race.state
        boat = state.boats[state.active]
        if self.race.over or boat.spot is None or boat.stage >= course.stages:
            return None
        if 1 <= boat.stage <= len(course.rounding):
            b = course.buoy(course.rounding[boat.stage - 1][0])
            return (course.stage_name(boat.stage), (b.x, b.y), b.radius)
        return (course.stage_name(boat.stage), course.line_middle, 0.0)

    def must_see(self) -> list[Any]:
        from dinghy.ui.shell.on_screen import Spot, box

        cam, g, state = self.camera, self.gui, self.race.state
        boat = state.boats[state.active]
        out = []
        if boat.spot is not None:
            half = max(g.touch * 0.25, cam.zoom * self.game.deck.hull_length / 2)
            out.append(Spot("boat", box(*cam.world_to_screen(*boat.spot.to_world(0, 0)), half), "the boat"))
        out += [Spot("target", box(*cam.world_to_screen(gh.x, gh.y), g.touch * 0.25), "ghost")
                for gh in self.ghosts if gh.reason is None]
        return out

    def _covers(self) -> list[Any]:
        from dinghy.ui.shell.on_screen import Spot

        band = self.camera_band              # the camera buttons on their opaque band
        return [Spot("button", band.rect, "camera buttons")] if band.visible and band.w > 0 else []

    def mark_rect(self, at: tuple[float, float], radius: float) -> Any:
        from dinghy.ui.shell.on_screen import box

        return box(*self.camera.world_to_screen(*at), max(self.gui.px(6), self.camera.zoom * radius))

    def place_arrow(self) -> None:
        """The next buoy or line out of view: the edge arrow points to it."""
        from dinghy.ui.shell.on_screen import Spot, core, hidden_by, inside

        cam = self.camera
        nxt = self.next_mark() if self.human_turn and self.gui is not None else None
        if nxt is None or cam.width <= 1:
            self.mark_arrow.hide()
            return
        water = (cam.x0, cam.y0, cam.width, cam.height)
        r = self.mark_rect(nxt[1], nxt[2])
        if inside(core(r), water) and hidden_by(Spot("mark", r), self._covers()) is None:
            self.mark_arrow.hide()
            return
        avoid = [s.rect for s in self.must_see()] + [c.rect for c in self._covers()]
        self.mark_arrow.point(water, cam.world_to_screen(*nxt[1]), nxt[0], avoid)

    def look_at_next_mark(self) -> None:
        """The edge arrow tapped: the next buoy in the middle of the table."""
        nxt = self.next_mark()
        if nxt is not None:
            self.camera.cx, self.camera.cy = nxt[1]
            self.place_arrow()

    def on_screen(self) -> Any:
        """The acting boat, the ghosts to tap, the next buoy (or its arrow) and the buttons
        over the table, in window pixels (see :mod:`dinghy.ui.shell.on_screen`)."""
        from dinghy.ui.shell.on_screen import Spot, free_table_sight

        arrow = [Spot("arrow", self.mark_arrow.rect, "arrow")] if self.mark_arrow.visible else []
        return free_table_sight(self, self._covers() + arrow)
