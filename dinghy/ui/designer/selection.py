"""What is selected in the course designer, the selection box's words and buttons,
and the edits those buttons make (rounding side and order, delete).

Mixed into :class:`~dinghy.ui.designer.window.DesignerScene`.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from dinghy.games.dinghy_race import designer as D
from dinghy.games.dinghy_race.course import Course
from dinghy.core.errors import DinghyError
from dinghy.ui.designer.pieces import ordinal
from dinghy.ui.designer.tools import TOOL_HINTS


class SelectionMixin:
    """The selection and its actions."""

    history: Any
    tool: str
    selection: tuple[Any, ...] | None
    entry: int | None
    draft: list[tuple[float, float]]
    actions: list[Any]

    # --- selection ---------------------------------------------------------------------------
    def _fix_selection(self, c: Course) -> None:
        s = self.selection
        ok = True
        if s is None:
            ok = True
        elif s[0] == "mark":
            ok = any(m.id == s[1] for m in c.marks)
        elif s[0] == "line":
            ok = s[1] == "start" or c.finish != c.start
        elif s[0] == "land":
            ok = s[1] < len(c.land)
        elif s[0] == "vertex":
            ok = s[1] < len(c.land) and s[2] < len(c.land[s[1]].outline)
        elif s[0] == "eye":
            ok = s[1] < len(c.weather_eyes)
        if not ok:
            self.selection, self.entry = None, None
        if self.selection and self.selection[0] == "mark":
            uses = self.uses(self.selection[1])
            if self.entry not in uses:
                self.entry = uses[0] if uses else None
        else:
            self.entry = None

    def uses(self, mark_id: str) -> list[int]:
        return [i for i, r in enumerate(self.history.current.rounding) if mark_id in r.mark_ids]

    def select(self, selection: tuple[Any, ...] | None) -> None:
        self.selection = selection
        self.entry = None
        self.refresh()

    def _set_actions(self, specs: Sequence[tuple[str, Callable[[], Any] | None, str]]) -> None:
        """Up to 8 (label, callback, reason-if-disabled) buttons in the selection box."""
        for b, spec in zip(self.actions, list(specs) + [("·", None, "")] * (len(self.actions) - len(specs))):
            label, cb, reason = spec
            b.label = label
            b.callback = cb
            b.reason = reason
            b.enabled = cb is not None

    def _selection_panel(self, c: Course) -> None:
        s = self.selection
        if s is None:
            self.sel_title.text = {"move": "Move", "mark": "New mark", "land": "Draw land",
                                   "eye": "Weather Eye"}[self.tool]
            text = TOOL_HINTS[self.tool]
            if self.tool == "land" and self.draft:
                text = f"{len(self.draft)} corner{'s' if len(self.draft) != 1 else ''} so far. " + text
            self.sel_text.text = text
            specs: list[tuple[str, Any, str]] = []
            if self.tool == "land":
                specs = [("Close the outline", self.close_draft if len(self.draft) >= 3 else None, "needs 3 corners"),
                         ("Throw the drawing away", self.drop_draft if self.draft else None,
                          "nothing drawn yet")]
            self._set_actions(specs)
            return
        kind = s[0]
        if kind == "mark":
            mid = s[1]
            uses = self.uses(mid)
            self.sel_title.text = f"Mark {mid}"
            if self.entry is None:
                self.sel_text.text = "Not in the rounding order: only an obstacle. 'Add to the order' puts it last."
            else:
                r = c.rounding[self.entry]
                where = f"{ordinal(self.entry + 1)} of {len(c.rounding)} in the order"
                also = [i + 1 for i in uses if i != self.entry]
                more = f"; also rounded {', '.join(ordinal(i) for i in also)}" if also else ""
                if r.is_gate:
                    self.sel_text.text = f"Gate {r.label}, {where}{more}. Boats sail between its marks."
                else:
                    side = "port (leave it on the left)" if r.side == "port" else "starboard (leave it on the right)"
                    self.sel_text.text = f"{r.label}: {where}, to {side}{more}. Tap it again to switch sides."
            e = self.entry
            gate = e is not None and c.rounding[e].is_gate
            side_label = ("Switch to starboard" if (e is not None and c.rounding[e].side == "port")
                          else "Switch to port")
            specs = [
                (side_label, self.toggle_side if e is not None and not gate else None,
                 "a gate has no side" if gate else "not in the order"),
                ("Move earlier in the course", self.earlier if e else None, "already first"),
                ("Move later in the course", self.later if e is not None and e < len(c.rounding) - 1 else None,
                 "already last"),
                ("Round this mark again", self.round_again, ""),
                ("Take out of the order" if e is not None else "Add to the order",
                 self.drop_entry if e is not None else self.add_entry, ""),
                ("Delete this mark", self.delete_selected, ""),
            ]
            if len(uses) > 1:
                specs.append(("Show its next rounding", self.next_use, ""))
            self._set_actions(specs)
        elif kind == "line":
            which = s[1]
            line = getattr(c, which)
            linked = c.finish == c.start
            clear = line.length - 2 * c.mark_radius
            boats = int(clear // c.card_length)
            name = "Start and finish line" if linked else f"{which.capitalize()} line"
            self.sel_title.text = name
            self.sel_text.text = (f"{line.length:.0f} mm, room for {boats} boats (one card length each). "
                                  "Drag its end buoys.")
            specs = [("Square it to the wind", lambda: self.edit(D.square_line, which), ""),
                     ("Give the finish its own line" if linked else "Finish on the start line",
                      (lambda: self.edit(D.link_finish_to_start, not linked)) if (linked or which == "finish")
                      else None, "select the finish line")]
            self._set_actions(specs)
        elif kind in ("land", "vertex"):
            i = s[1]
            land = c.land[i]
            self.sel_title.text = land.name if kind == "land" else f"{land.name}, corner {s[2] + 1}"
            self.sel_text.text = (f"{len(land.outline)} corners. Drag a corner to move it, a small dot between "
                                  "corners to add one, the inside to move the whole piece.")
            specs = []
            if kind == "vertex":
                specs.append(("Delete this corner", lambda: self._delete_vertex(i, s[2]), ""))
            specs += [("Rename this land", self.ask_rename_land, ""),
                      ("Delete this land", lambda: self._delete_land(i), "")]
            self._set_actions(specs)
        elif kind == "eye":
            i = s[1]
            e = c.weather_eyes[i]
            self.sel_title.text = f"Weather Eye marker {i + 1}"
            self.sel_text.text = ("Long side along the wind." if e.long_side_along_wind else
                                  "Long side across the wind.") + " It never drifts."
            self._set_actions([("Turn it a quarter", lambda: self.edit(D.turn_weather_eye, i), ""),
                               ("Delete this marker", self.delete_selected, "")])

    # mark actions
    def toggle_side(self) -> None:
        if self.entry is not None:
            self.edit(D.toggle_rounding_side, self.entry)

    def earlier(self) -> None:
        e = self.entry
        if e and self.edit(D.move_rounding, e, e - 1):
            self.entry = e - 1
            self.refresh()

    def later(self) -> None:
        e = self.entry
        if e is not None and self.edit(D.move_rounding, e, e + 1):
            self.entry = e + 1
            self.refresh()

    def round_again(self) -> None:
        """Round the selected mark once more: at the latest place in the order it fits."""
        assert self.selection is not None
        mid = self.selection[1]
        c = self.history.current
        for pos in range(len(c.rounding), -1, -1):
            try:
                new = D.insert_rounding(c, pos, mid, "port")
            except DinghyError:
                continue
            self.history.push(new)
            self.entry = pos
            self.say(f"Mark {mid} is now also rounded {ordinal(pos + 1)}.")
            self.refresh()
            return
        self.say(f"Mark {mid} cannot be rounded once more: it would follow itself.")
        self.refresh()

    def drop_entry(self) -> None:
        if self.entry is not None:
            self.edit(D.remove_rounding, self.entry)

    def add_entry(self) -> None:
        assert self.selection is not None
        self.edit(D.append_rounding, self.selection[1], "port")

    def next_use(self) -> None:
        assert self.selection is not None
        uses = self.uses(self.selection[1])
        if uses:
            self.entry = uses[(uses.index(self.entry) + 1) % len(uses)] if self.entry in uses else uses[0]
            self.refresh()

    def _delete_vertex(self, i: int, j: int) -> None:
        if self.edit(D.delete_land_vertex, i, j):
            self.selection = ("land", i)
            self.refresh()

    def _delete_land(self, i: int) -> None:
        if self.edit(D.delete_land, i):
            self.select(None)

    def delete_selected(self) -> None:
        s = self.selection
        if s is None:
            return
        ok = False
        if s[0] == "mark":
            ok = self.edit(D.delete_mark, s[1])
        elif s[0] == "eye":
            ok = self.edit(D.delete_weather_eye, s[1])
        elif s[0] == "land":
            ok = self.edit(D.delete_land, s[1])
        elif s[0] == "vertex":
            self._delete_vertex(s[1], s[2])
            return
        if ok:
            self.select(None)
