"""The turn panel pages its list of actions only when the list does not fit, and a
group opened shows its actions with its header.

A walk of Race the Wind on a tablet held upright (800x1280) found the panel paged
("More (1/2)") with a third of the bottom sheet empty, and once a group opened as
"end (1)" at the foot of page 1 with its one button on page 2.
"""
from __future__ import annotations

import random

from hypothesis import given, strategies as st

from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.skippers import skipper
from dinghy.ui import theme
from dinghy.ui.widgets.text import Text
from dinghy.ui.shell.action_list import sheet


@given(st.lists(st.integers(1, 6), min_size=2, max_size=7), st.integers(2, 9), st.data())
def test_an_open_group_s_header_is_never_the_last_row_of_its_page(sizes, room, data):
    """However little room there is, the page that shows an open group's header shows
    its first action under it (or the header starts the page)."""
    groups = [(f"g{k}", [(k, i) for i in range(n)]) for k, n in enumerate(sizes)]
    name = data.draw(st.sampled_from([g for g, _ in groups]))
    first = sheet(groups, name, 0, room)
    for page in range(first.pages):
        rows = sheet(groups, name, page, room).entries
        for i, e in enumerate(rows):
            if e.action is None and e.open and i > 0:
                assert i + 1 < len(rows) and rows[i + 1].action is not None, (page, rows)


@given(st.lists(st.integers(1, 6), min_size=2, max_size=7), st.integers(2, 9), st.data())
def test_opening_a_group_shows_the_page_with_its_actions(sizes, room, data):
    """A group opened by a tap (``page=None``) is shown on the page where its first
    action is, whatever page was shown before."""
    groups = [(f"g{k}", [(k, i) for i in range(n)]) for k, n in enumerate(sizes)]
    name, acts = data.draw(st.sampled_from(groups))
    sh = sheet(groups, name, None, room)
    assert acts[0] in [e.action for e in sh.entries], (sh.page, sh.entries)


def person_decisions(make_ui_app, rules: str, course: str, n: int, size=(800, 1280)):
    """A table at ``size`` with a person (seat 0) against an easy bot; yields the scene
    at each of the person's first ``n`` decisions, then plays an easy skipper's choice."""
    from dinghy import games
    from dinghy.core.race import Race
    from dinghy.ui.shell.table import TableScene

    app = make_ui_app(*size)
    names = list(PALETTE)
    seats = (Seat(names[0], names[0], None), Seat(names[1], names[1], "easy"))
    race = Race(games.load_game(RaceSetup(seats=seats, course=course, seed=5), rules))
    scene = app.push(TableScene(race, bot_delay=0))
    app.step()
    chooser, rng = skipper("easy", rules), random.Random(5)
    decisions = 0
    while decisions < n and not race.over:
        if not scene.human_turn:
            scene.run_bots()
        elif race.chance:
            scene.roll()
        else:
            yield scene
            decisions += 1
            scene.act(chooser.choose(race, rng))
    assert decisions == n


def test_the_upright_panel_pages_only_when_one_more_row_would_not_fit(make_ui_app):
    """Race the Wind at 800x1280, the first person decisions: whenever the panel is
    paged, its rows fill the panel (one more row would not fit in it)."""
    for scene in person_decisions(make_ui_app, "race_the_wind", "race_the_wind", 10):
        view = scene.view
        g = view.gui
        row = g.touch + g.px(6)
        inside = scene.panel_avail - g.px(2 * theme.PAD)      # the panel less its padding
        if view.pages > 1:
            assert view.used_rows() + row > inside + 0.5, (view.used_rows(), inside)


def test_a_note_cut_over_the_board_is_read_whole_in_the_panel_where_it_fits(make_ui_app):
    """Yacht Race at 800x1280: the game's note is cut over the board ("...; next: t…");
    the panel, with room to spare under its card tiles, shows it whole, wrapped."""
    shown = 0
    for scene in person_decisions(make_ui_app, "yacht_race", "yacht_race", 6):
        view = scene.view
        note = view.picture.note
        if view.note.label.text == note:
            continue                                    # read whole over the board
        if view.note_row is not None:
            shown += 1
            assert view.note_row.label.text == note
            assert view.used_rows() <= scene.panel_avail - view.gui.px(2 * theme.PAD) + 0.5
        else:
            g = view.gui
            row = Text(g, note, theme.SMALL_PT + 1, theme.INK, multiline=True)
            row.label.width = max(1, int(scene.side_rect[1] - 2 * g.px(theme.PAD)))
            need = row.label.content_height + g.px(8)
            row.delete()
            assert view.used_rows() + need > scene.panel_avail - g.px(2 * theme.PAD), note
    assert shown >= 1
