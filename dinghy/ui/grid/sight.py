"""What a person must see on the grid board at a decision (a mixin of
:class:`~dinghy.ui.grid.view.GridView`): the overlays' places (rose, note, camera
buttons) and the clear rooms between them, the edge arrow to an unseen next mark, and
the view's answer to ``on_screen()`` (:mod:`dinghy.ui.shell.on_screen`). Screen
geometry only: the goal is the game's picture's."""
from __future__ import annotations

from typing import Any

from dinghy.ui.grid.framing import rooms
from dinghy.ui.shell.on_screen import OnScreen, Rect, Spot, core, hidden_by, inside


class GridSight:
    """Mixed into the grid board view: reads its camera, picture, overlays and arrow."""

    camera: Any
    picture: Any
    gui: Any
    scene: Any
    race: Any
    rose: Any
    note: Any
    arrow: Any
    camera_band: Any
    note_band: Any
    drawing: Any

    def cell_rect(self, x: float, y: float) -> Rect:
        """The window rectangle of square (or intersection) ``(x, y)``."""
        c = self.camera
        ax, ay = c.world_to_screen(x, y)
        return (ax, ay, c.zoom, c.zoom)

    def next_goal(self) -> Any:
        """Where the acting boat sails for next (the picture's goal), or None."""
        seat = self.acting_seat()
        pic = self.picture
        return None if pic is None or seat is None else pic.goals.get(seat)

    def on_screen(self) -> OnScreen:
        """The acting boat, the highlighted squares, the next mark (or its arrow) and what
        is drawn over the board, in window pixels (see :mod:`dinghy.ui.shell.on_screen`)."""
        c = self.camera
        out = OnScreen((c.x0, c.y0, c.width, c.height))
        spot = self._acting_boat()
        if spot is not None:
            out.boat = Spot("boat", self.cell_rect(*spot), "the boat")
        out.targets = [Spot("target", self.cell_rect(*t), f"square {t}") for t in self.targets]
        goal = self.next_goal()
        if goal is not None:
            out.mark_name = goal.name
            r = self.cell_rect(goal.x, goal.y)
            if inside(core(r), out.water):
                out.mark = Spot("mark", r, goal.name)
            if self.arrow.visible:
                out.mark = None
                out.arrow = Spot("arrow", (self.arrow.x, self.arrow.y, self.arrow.w, self.arrow.h),
                                 self.arrow.label)
        out.covers = self.overlays()
        if self.arrow.visible:
            out.covers.append(Spot("arrow", (self.arrow.x, self.arrow.y, self.arrow.w, self.arrow.h),
                                   self.arrow.label))
        if self.drawing is not None:
            out.covers += [Spot("label", r, t) for t, r in self.drawing.label_rects]
        return out

    def overlays(self) -> list[Spot]:
        """What the view draws over the board: the rose, the note's words, the card just
        turned over, the camera buttons (the arrow to a mark is placed round them)."""
        out = []
        if self.rose.visible and self.rose.w > 0:
            out.append(Spot("rose", (self.rose.x, self.rose.y, self.rose.w, self.rose.h), "wind rose"))
        if self.note.w > 0 and self.note.label.text:     # the note on its band
            b = self.note_band
            out.append(Spot("note", (b.x, b.y, b.w, b.h), self.note.label.text))
        card = getattr(self, "turned", None)
        if card is not None and card.card is not None and card.visible:
            out.append(Spot("card", card.rect, f"the card turned over ({card.card.name})"))
        band = self.camera_band               # the camera buttons on their opaque band
        if band.visible and band.w > 0:
            out.append(Spot("button", (band.x, band.y, band.w, band.h), "camera buttons"))
        return out

    def clear_rooms(self) -> list[Rect]:
        """The board's clear rectangles round the overlays (see :func:`~.framing.rooms`)."""
        c, g = self.camera, self.gui
        return rooms((c.x0, c.y0, c.width, c.height), [o.rect for o in self.overlays()], gap=g.px(4))

    def _must_see(self) -> list[Rect]:
        """The acting boat's and the targets' squares, in window pixels."""
        spot = self._acting_boat()
        return [self.cell_rect(*c) for c in ([spot] if spot is not None else []) + list(self.targets)]

    def place_arrow(self) -> None:
        """When the next mark is off the board's clear part: the edge arrow, where the
        way to the mark leaves the view, kept off the boat, the targets and the overlays."""
        goal = None if self.race.over or not self.human_turn else self.next_goal()
        if goal is None:
            self.arrow.hide()
            return
        c = self.camera
        mark = self.cell_rect(goal.x, goal.y)
        overlays = self.overlays()
        if inside(core(mark), (c.x0, c.y0, c.width, c.height)) and hidden_by(Spot("mark", mark), overlays) is None:
            self.arrow.hide()
            return
        room = max(self.clear_rooms(), key=lambda r: r[2] * r[3])
        to = (mark[0] + mark[2] / 2, mark[1] + mark[3] / 2)
        self.arrow.point(room, to, goal.name, self._must_see() + [o.rect for o in overlays])

    def look_at_mark(self) -> None:
        """The arrow tapped: the next mark in the middle of the board (the next decision
        brings the boat back)."""
        goal = self.next_goal()
        if goal is None:
            return
        c = self.camera
        c.cx, c.cy = goal.x + 0.5, goal.y + 0.5
        self.redraw()
