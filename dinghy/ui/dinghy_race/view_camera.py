"""The Dinghy Race chart's camera at the table: the whole course ("Fit course"), the
fleet and the next mark in view (the default), following the active boat (the
option), the launch spots, a move's ghosts, the cards a person may lay and the water
where a Weather Eye card may lie shown close enough for a finger.

A mixin of :class:`~dinghy.ui.dinghy_race.view.DinghyRaceView`: it reads the view's
``camera``, ``chart``, ``gui``, ``race``, ``game``, ``compass`` and camera buttons.
Screen geometry only; the ghosts and spots are the engine's.
"""
from __future__ import annotations

import math
from typing import Any

from dinghy.games.dinghy_race.state import Step


class ChartCamera:
    """Where the chart looks (mixed into the Dinghy Race view)."""

    camera: Any
    chart: Any
    follow: bool
    ghost_focus: bool

    def fit(self) -> None:
        """The whole playing area, clear of the camera buttons and the compass."""
        self.fit_clear(self.chart.bounds, self.gui.px(24) if self.gui else 24)
        self.chart.camera_moved()

    def fit_clear(self, bounds: tuple[float, float, float, float], margin: float) -> None:
        """Fit ``bounds`` with the camera buttons' row free under them, and clear of the
        compass in the top left corner (beside it or under it, whichever keeps the larger
        zoom) when that costs under a fifth of the zoom; else the compass may cover a
        corner of the water."""
        g, cam = self.gui, self.camera
        if g is None:
            cam.fit(bounds, margin=margin)
            return
        foot = g.touch + g.px(8)
        cam.fit(bounds, margin=margin, bottom=foot)
        c = self.compass
        x0, y0 = cam.world_to_screen(bounds[0], bounds[1])
        x1, y1 = cam.world_to_screen(bounds[2], bounds[3])
        if not (x0 < c.x + c.w and c.x < x1 and y0 < c.y + c.h and c.y < y1):
            return
        zoom = cam.zoom
        beside = {"left": c.x + c.w - cam.x0, "top": cam.y0 + cam.height - c.y}
        best = None
        for side, room in beside.items():      # the compass's width to the left, or its height above
            cam.fit(bounds, margin=margin, bottom=foot, **{side: room})
            if best is None or cam.zoom > best[0]:
                best = (cam.zoom, side, room)
        assert best is not None
        if best[0] < zoom * 0.8:
            cam.fit(bounds, margin=margin, bottom=foot)
        else:
            cam.fit(bounds, margin=margin, bottom=foot, **{best[1]: best[2]})

    def sight_bounds(self) -> tuple[float, float, float, float]:
        """The water the camera frames things in (world units): the viewport less the
        camera buttons' band along its foot, which nothing needed is left under."""
        cam = self.camera
        x0, y0, x1, y1 = cam.visible_bounds()
        band = getattr(self, "camera_band", None)
        if band is not None and band.visible and band.h > 0:
            y0 = max(y0, cam.screen_to_world(cam.x0, band.y + band.h)[1])
        return (x0, y0, x1, y1)

    def fleet_bounds(self) -> tuple[float, float, float, float] | None:
        """Every boat racing and the active boat's next mark (or the finish line), with a
        card's length round them; None before any boat is on the water."""
        state, game = self.race.state, self.game
        pts = [b.pose.xy for b in state.boats if b.launched and b.racing]
        if not pts:
            return None
        boat = state.boat()
        legs = game.course.legs
        if boat.launched and boat.legs_done < len(legs):
            for mid in legs[boat.legs_done].mark_ids:
                pts.append(game.course.mark(mid).xy)
        else:
            pts.extend(tuple(p) for p in (game.course.finish.a, game.course.finish.b))
        L = game.cards.card_length
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs) - L, min(ys) - L, max(xs) + L, max(ys) + L)

    def keep_fleet_in_view(self, force: bool = False) -> None:
        """The default camera: when a boat or the next mark is out of view (or ``force``),
        fit the fleet and the next mark, never closer than a readable card. A zoom or pan
        of the player's own stays while everything is in view."""
        if self.chart is None:
            return
        state = self.race.state
        if state.step is Step.LAUNCH and self.human_turn:
            spots = self.launch_spots()
            if spots:
                x0, y0, x1, y1 = self.sight_bounds()
                if force or not all(x0 <= o[0].x <= x1 and y0 <= o[0].y <= y1 for o in spots) \
                        or self.spots_crowded(spots):
                    self.show_launch_spots()
                return
        b = self.fleet_bounds()
        if b is None:
            return
        x0, y0, x1, y1 = self.sight_bounds()
        if not force and x0 <= b[0] and y0 <= b[1] and b[2] <= x1 and b[3] <= y1:
            return
        self.fit_clear(b, self.gui.px(48) if self.gui else 48)
        readable = self.camera.clamp((self.gui.px(170) if self.gui else 170) / self.game.cards.card_length)
        self.camera.zoom = min(self.camera.zoom, readable)
        self.chart.camera_moved()

    def spots_crowded(self, spots: list[Any]) -> bool:
        """Whether two launch spots lie closer on the screen than a finger can tell
        apart (three quarters of a touch target): then they are shown closer up."""
        pts = [self.camera.world_to_screen(o[0].x, o[0].y) for o in spots]
        reach = (self.gui.touch if self.gui else 48) * 0.75
        return any(math.dist(a, b) < reach for i, a in enumerate(pts) for b in pts[i + 1:])

    def ghosts_crowded(self) -> bool:
        """Whether two of the exits' ghosts lie closer on the screen than a finger can
        tell apart (three quarters of a touch target), or one lies off the chart or
        under a button."""
        chart, g = self.chart, self.gui
        pts = [chart.ghost_screen_point(i) for i in range(len(chart.ghosts))]
        if any(not self.camera.contains_screen(*p) or g.widget_at(*p) is not None for p in pts):
            return True
        reach = g.touch * 0.75
        return any(0 < math.dist(a, b) < reach for i, a in enumerate(pts) for b in pts[i + 1:])

    def focus_ghosts(self) -> None:
        """On a person's move (or pivot), when the exits' (or turns') ghosts are specks
        (the fleet and the next mark in view put the boat at the chart's foot, its
        ghosts a few pixels apart), the ghosts closer: all of them on the chart, clear of the camera buttons. "Fit
        course" and the zoom buttons still work the camera as before."""
        state, chart, g = self.race.state, self.chart, self.gui
        if state.step not in (Step.MOVE, Step.PIVOT) or not self.human_turn or not chart.ghosts or g is None \
                or not self.ghosts_crowded():
            return
        self.ghost_focus = True        # this step shows the ghosts, not the whole fleet
        cam, foot = self.camera, g.touch + g.px(8)
        spots = sorted({(round(x, 3), round(y, 3)) for x, y in map(chart.ghost_centre, chart.ghosts)})
        nearest = min((math.dist(a, b) for i, a in enumerate(spots) for b in spots[i + 1:]), default=0.0)
        want = g.touch * 0.8 / nearest if nearest > 0 else cam.max_zoom
        boat = state.boat()
        hull = self.game.cards.hull_length
        xs = [x for x, _ in spots] + [boat.pose.x]
        ys = [y for _, y in spots] + [boat.pose.y]
        cam.fit((min(xs) - hull, min(ys) - hull, max(xs) + hull, max(ys) + hull), margin=g.touch, bottom=foot)
        if cam.zoom < want:       # the boat and its ghosts are too far apart: the ghosts alone
            xs, ys = xs[:-1], ys[:-1]
            cam.fit((min(xs), min(ys), max(xs), max(ys)), margin=g.touch * 0.6, bottom=foot)
        # no closer than the nearest pair needs: the rest of the fleet may stay in view
        centre = cam.world_to_screen((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        cam.zoom_at(*centre, min(1.0, want / cam.zoom))
        self.clear_lines_of_top_edge((min(xs), min(ys), max(xs), max(ys)))
        self.chart.camera_moved()

    def place_bounds(self) -> tuple[float, float, float, float] | None:
        """What a person laying a card needs to judge it: the boat's hull, the footprint
        in front of the bow of every card the panel offers (the engine's shapes), and
        the boats and marks within reach of them; None outside a person's PLACE step."""
        state, game = self.race.state, self.game
        if state.step is not Step.PLACE or not self.human_turn:
            return None
        boat = state.boat()
        if not boat.launched:
            return None
        from dinghy.games.dinghy_race import rules as dr

        shapes = [game.hull(boat.pose, boat.tack)]
        for key, _ in dr.card_options(game, state):
            shapes.append(game.card_shape(boat.pose, game.cards.types[key], boat.tack))
        x0 = min(s.bounds[0] for s in shapes)
        y0 = min(s.bounds[1] for s in shapes)
        x1 = max(s.bounds[2] for s in shapes)
        y1 = max(s.bounds[3] for s in shapes)
        L, hull = game.cards.card_length, game.cards.hull_length
        reach = L * 1.5          # what stands this close to the cards shares the view
        near = [b.pose.xy for b in state.boats
                if b.index != boat.index and b.launched and b.racing]
        near += [m.xy for m in game.course.marks]
        for x, y in near:
            if x0 - reach <= x <= x1 + reach and y0 - reach <= y <= y1 + reach:
                x0, y0, x1, y1 = min(x0, x - hull), min(y0, y - hull), max(x1, x + hull), max(y1, y + hull)
        return (x0, y0, x1, y1)

    def focus_place(self) -> None:
        """On a person's PLACE step, the boat, the cards it may lay in front of the bow
        and what is near them, at a scale where a card's place can be judged (a card
        no longer than half the chart): not the whole course. "Fit course" and the
        zoom buttons still work the camera as before."""
        b, g = self.place_bounds(), self.gui
        if b is None or g is None or self.chart is None:
            return
        self.ghost_focus = True         # this step shows the cards, not the whole fleet
        self._close_in_on(b)

    def _close_in_on(self, b) -> None:
        """Fit the box ``b`` clear of the buttons at a scale where a card's place can be
        judged: a card no longer than half the chart, and at least a finger's width and a
        half (its place can be tapped)."""
        g, cam = self.gui, self.camera
        self.fit_clear(b, g.touch)
        L = self.game.cards.card_length
        most = 0.5 * min(cam.width, cam.height) / L
        least = 1.5 * g.touch / L
        if cam.zoom > most:
            cam.zoom = cam.clamp(most)
        elif cam.zoom < least:
            cam.zoom = cam.clamp(min(least, most))
        self.clear_lines_of_top_edge(b)
        self.chart.camera_moved()

    def line_spots(self, line: Any) -> list[tuple[float, float, float]]:
        """A course line on the screen: each end's buoy and the name under its middle, as
        (x, y, half-height) in window pixels."""
        cam, g = self.camera, self.gui
        r = self.game.course.mark_radius * cam.zoom
        mx, my = cam.world_to_screen(*line.midpoint)
        ends = [(*cam.world_to_screen(*p), r) for p in (line.a, line.b)]
        return ends + [(mx, my - g.px(12), g.px(9))]

    def clear_lines_of_top_edge(self, keep: tuple[float, float, float, float]) -> None:
        """A close-up that leaves the start or finish line across the chart's top edge
        (a buoy or the name "Start" cut under the top bar) is moved up or down, the
        least that shows the line whole, or else takes it out of sight (the edge arrow
        then points to it), as long as ``keep`` (the framed box, world units) stays in view
        clear of the camera buttons."""
        cam, g = self.camera, self.gui
        course = self.game.course
        top, gap = cam.y0 + cam.height, g.px(8)
        lines = [course.start] + ([course.finish] if course.finish is not course.start else [])
        near = []                           # the lines across the edge, all of each
        for line in lines:
            spots = [s for s in self.line_spots(line) if cam.x0 <= s[0] <= cam.x0 + cam.width]
            if any(y - h - gap < top < y + h + gap for _, y, h in spots):
                near += spots
        if not near:
            return
        down = top - max(y + h for _, y, h in near) - gap               # the lines whole in view
        up = top - min(y - h for _, y, h in near) + gap                 # out of it, over the edge
        (_, ky0), (_, ky1) = cam.world_to_screen(keep[0], keep[1]), cam.world_to_screen(keep[2], keep[3])
        band = getattr(self, "camera_band", None)
        foot = band.y + band.h if band is not None and band.visible else cam.y0
        for dy in (down, up):               # in view if the framed box allows it
            if ky0 + dy >= foot and ky1 + dy <= top:
                cam.cy -= dy / cam.zoom
                return

    def weather_eye_spots(self) -> list[tuple[float, float]]:
        """On a person's WEATHER_EYE step, the places round the boat where the engine lets
        the card lie, turned as the panel has it (the game's ``weather_eye_places``: a
        grid half a card apart near the boat); [] at any other step."""
        state = self.race.state
        if state.step is not Step.WEATHER_EYE or not self.human_turn:
            return []
        return self.game.weather_eye_places(state, self.we_long)

    def weather_eye_bounds(self) -> tuple[float, float, float, float] | None:
        """What a person laying a Weather Eye card needs to see: the boat and its card,
        the places near it where the engine lets the card lie (:meth:`weather_eye_spots`,
        whole cards), and the boats and marks among them; None at any other step."""
        state, game = self.race.state, self.game
        if state.step is not Step.WEATHER_EYE or not self.human_turn:
            return None
        from dinghy.games.dinghy_race import rules as dr
        from dinghy.games.dinghy_race.state import WeatherEyeCard

        boat = state.boat()
        shapes = [game.hull(boat.pose, boat.tack)]
        if boat.planned is not None and not boat.aside:
            shapes.append(game.card_shape(boat.pose, game.cards.types[boat.planned], boat.tack))
        for x, y in self.we_spots():
            shapes.append(dr.weather_eye_shape(game, WeatherEyeCard(x, y, self.we_long, boat.index)))
        x0 = min(s.bounds[0] for s in shapes)
        y0 = min(s.bounds[1] for s in shapes)
        x1 = max(s.bounds[2] for s in shapes)
        y1 = max(s.bounds[3] for s in shapes)
        hull = game.cards.hull_length
        near = [b.pose.xy for b in state.boats if b.index != boat.index and b.launched and b.racing]
        near += [m.xy for m in game.course.marks]
        for x, y in near:
            if x0 <= x <= x1 and y0 <= y <= y1:
                x0, y0, x1, y1 = min(x0, x - hull), min(y0, y - hull), max(x1, x + hull), max(y1, y + hull)
        return (x0, y0, x1, y1)

    def focus_weather_eye(self) -> None:
        """On a person's WEATHER_EYE step, the water near the boat where the card may lie
        (:meth:`weather_eye_bounds`) at a scale where its place can be judged (a card no
        longer than half the chart): not the whole course. "Fit course" and the zoom
        buttons still work the camera as before."""
        g = self.gui
        if g is None or self.chart is None:
            return
        b = self.weather_eye_bounds()
        if b is None:
            return
        self._show_we(rebuild=False)    # the places it may lie, as dots on the water
        self.ghost_focus = True         # this step shows the water near the boat, not the fleet
        self._close_in_on(b)

    def zoom(self, factor: float) -> None:
        c = self.camera
        self.camera.zoom_at(c.x0 + c.width / 2, c.y0 + c.height / 2, factor)
        self.chart.camera_moved()

    def toggle_follow(self) -> None:
        self.follow = not self.follow
        if self.follow:
            self.follow_active(jump=True)
        else:
            self.keep_fleet_in_view(force=True)
        self._label_follow()

    def _label_follow(self) -> None:
        self.follow_button.label = "Follow: on" if self.follow else "Follow: off"

    def follow_active(self, jump: bool = False) -> None:
        state = self.race.state
        boat = state.boat()
        if state.step is Step.LAUNCH:
            self.show_launch_spots()
            return
        if not boat.launched:
            return
        if jump:
            self._readable_zoom()
        self.camera.follow(boat.pose.x, boat.pose.y)
        self.chart.camera_moved()

    def show_launch_spots(self) -> None:
        """Every launch spot and the start line in view (at a readable zoom if they fit)."""
        (ax, ay), (bx, by) = self.game.start_line
        xs, ys = [ax, bx], [ay, by]
        for opts in self.launch_spots():
            xs.append(opts[0].x)
            ys.append(opts[0].y)
        L = self.game.cards.card_length
        self.fit_clear((min(xs) - L, min(ys) - L, max(xs) + L, max(ys) + L), self.gui.px(24) if self.gui else 24)
        self.camera.zoom = min(self.camera.zoom, self.camera.clamp(
            (self.gui.px(170) if self.gui else 170) / L))
        self.chart.camera_moved()

    def _readable_zoom(self, share: float = 1.0) -> None:
        """Zoom so that a card is about 170 px long (choices become easy to tap)."""
        want = self.gui.px(170) * share / self.game.cards.card_length
        self.camera.zoom = self.camera.clamp(max(self.camera.zoom, want) if share < 1 else want)

    def look_at(self, boat: int) -> None:
        b = self.race.state.boats[boat]
        if b.launched:
            self.camera.follow(b.pose.x, b.pose.y)
            self.chart.camera_moved()

    # --- what must be seen (the camera test's question) -------------------------------------
    def next_mark(self) -> tuple[str, tuple[float, float], float] | None:
        """The acting boat's next goal: its name in words ("the start line" before its
        start, "mark 1, to port", a gate "gate 3A/3B", "the finish line" once every mark
        is rounded), where it is (a line's middle), its radius."""
        state, game = self.race.state, self.game
        boat, course = state.boat(), game.course
        legs = course.legs
        if self.race.over or not boat.launched or boat.finished is not None:
            return None
        if not boat.started:
            return ("the start line", course.start.midpoint, 0.0)
        if boat.legs_done >= len(legs):
            return ("the finish line", course.finish.midpoint, 0.0)
        leg = legs[boat.legs_done]
        mark = course.mark(leg.mark_ids[0])
        ids = leg.mark_ids
        name = f"gate {'/'.join(ids)}" if len(ids) > 1 else f"mark {ids[0]}, to {leg.side}"
        return (name, (mark.x, mark.y), mark.radius)

    def must_see(self) -> list[Any]:
        """The acting boat's box and the ghosts' tap boxes, in window pixels."""
        from dinghy.ui.shell.on_screen import Spot, box

        cam, chart, g = self.camera, self.chart, self.gui
        boat = self.race.state.boat()
        out = []
        if boat.launched:
            half = max(g.touch * 0.25, cam.zoom * self.game.cards.hull_length / 2)
            out.append(Spot("boat", box(*cam.world_to_screen(*boat.pose.xy), half), "the boat"))
        out += [Spot("target", box(*chart.ghost_screen_point(i), g.touch * 0.25), "ghost")
                for i in range(len(chart.ghosts))]
        return out

    def mark_rect(self, at: tuple[float, float], radius: float) -> Any:
        from dinghy.ui.shell.on_screen import box

        return box(*self.camera.world_to_screen(*at), max(self.gui.px(6), self.camera.zoom * radius))

    def keep_in_sight(self) -> None:
        """On a person's turn: when the boat or a ghost lies off the chart or under a
        button, the view is centred on them all, zoomed out as far as they need."""
        from dinghy.ui.shell.on_screen import Spot, core, hidden_by, inside

        if not self.human_turn or self.race.over:
            return
        cam = self.camera
        water = (cam.x0, cam.y0, cam.width, cam.height)
        arrow = getattr(self, "mark_arrow", None)
        covers = [Spot("button", b) for b in self.over_the_chart() if arrow is None or b != arrow.rect]
        must = self.must_see()
        if all(inside(core(s.rect), water) and hidden_by(s, covers) is None for s in must):
            return
        boat = self.race.state.boat()
        pts = [self.chart.ghost_centre(gh) for gh in self.chart.ghosts]
        if boat.launched:
            pts.append(boat.pose.xy)
        if pts:
            self._frame(pts, lambda fits: min(cam.zoom, fits))

    def place_arrow(self) -> None:
        """The next mark out of view (or under a button): the edge arrow points to it."""
        from dinghy.ui.shell.on_screen import core, hidden_by, inside, Spot

        arrow, cam = getattr(self, "mark_arrow", None), self.camera
        if arrow is None or self.gui is None:
            return
        nxt = self.next_mark() if self.human_turn else None
        if nxt is None:
            arrow.hide()
            return
        name, at, radius = nxt
        water = (cam.x0, cam.y0, cam.width, cam.height)
        r = self.mark_rect(at, radius)
        covers = [Spot("button", b) for b in self.over_the_chart() if b != arrow.rect]
        if inside(core(r), water) and hidden_by(Spot("mark", r), covers) is None:
            arrow.hide()
            return
        to = cam.world_to_screen(*at)
        from dinghy.ui.dinghy_race.pins import label_box

        words = [label_box(p.drawable) for p in self.chart.ghost_layer.pins    # the coach's words
                 if p.is_label and p.drawable.visible]
        arrow.point(water, to, name, [s.rect for s in self.must_see()] + [c.rect for c in covers] + words)

    def look_at_next_mark(self) -> None:
        """The edge arrow tapped: the next mark in the middle of the chart."""
        nxt = self.next_mark()
        if nxt is not None:
            self.camera.cx, self.camera.cy = nxt[1]
            self.chart.camera_moved()

    def on_screen(self) -> Any:
        """The acting boat, the ghosts to tap, the next mark (or its arrow) and what lies
        over the chart, in window pixels (see :mod:`dinghy.ui.shell.on_screen`)."""
        from dinghy.ui.shell.on_screen import Spot, free_table_sight

        arrow = self.mark_arrow
        return free_table_sight(self, [Spot("arrow" if r == arrow.rect else "button", r, "over the chart")
                                       for r in self.over_the_chart()])
