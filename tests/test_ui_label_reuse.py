"""The labels of a rebuilt turn panel (``Gui.label`` taking back a deleted widget's label
that looks exactly so, instead of laying the text out anew; see
:mod:`dinghy.ui.widgets.gui`).

What must hold: a panel rebuilt from labels taken back shows on screen exactly what a
table opened afresh at the same position shows (the same words, at the same places, in
the same colours and type); a label taken back never shows the words, colour or size
it had for another widget; and the labels kept aside stay few however long the race.
"""
from __future__ import annotations

import random

import pyglet
import pytest

from dinghy import games
from dinghy.core.race import Race
from dinghy.core.setup import RaceSetup, Seat
from dinghy.skippers import skipper
from dinghy.ui import theme
from dinghy.ui.shell.table import TableScene
from dinghy.ui.widgets import spares as spares_module
from dinghy.ui.widgets.buttons import Button
from dinghy.ui.widgets.gui import Gui, put
from dinghy.ui.widgets.spares import MAX_SPARES, label_key
from dinghy.ui.widgets.text import Text


def shown_labels(gui):
    """Every label the widgets draw now, as a person sees it: its words, where they sit,
    their colour and type, their box."""
    out = []
    for w in gui.walk():
        for d in w._drawables:
            if isinstance(d, pyglet.text.Label) and d.visible:
                out.append((d.text, tuple(round(v) for v in d.position), tuple(d.color),
                            d.font_size, d.weight, d.anchor_x, d.anchor_y, d.width,
                            d.multiline, d.document.get_style("align"),
                            d.content_width, d.content_height))
    return sorted(out, key=repr)


def open_table(app, race):
    scene = TableScene(race, bot_delay=0)
    app.push(scene)
    app.step()
    return scene


def sailed_race(rules, course, decisions):
    """A race with one person and two easy bots, ``decisions`` of the person's made (by
    the easy skipper), stopped at the person's next decision."""
    seats = (Seat("Ann", "Orange"), Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))
    race = Race(games.load_game(RaceSetup(seats=seats, course=course, seed=5), rules))
    me, bots, rng = skipper("easy", rules), {}, random.Random(5)
    made = 0
    for _ in range(decisions * 60):
        if race.over:
            break
        if race.chance:
            race.roll()
            continue
        seat = race.current_player()
        if race.game.setup.seats[seat].skipper is None:
            if made == decisions:
                break
            made += 1
            race.push(me.choose(race, rng))
        else:
            bots.setdefault(seat, skipper("easy", rules))
            race.push(bots[seat].choose(race, rng))
    assert not race.over and race.game.setup.seats[race.current_player()].skipper is None
    return race


def played(app, scene, me, rng, steps):
    """Up to ``steps`` steps at the table (a roll, or the person's choice by ``me``, the
    bots answering at once), yielding after each has been drawn."""
    race = scene.race
    for _ in range(steps):
        if race.over:
            return
        if race.chance:
            scene.roll()
        else:
            scene.act(me.choose(race, rng))
        app.step()
        yield


def what_a_person_sees(app, rules, course):
    """The labels on screen at each moment of a short stretch of play: the table opened
    at a person's decision, its panel rebuilt for that same decision, then three of the
    person's decisions played (the bots answering at once)."""
    race = sailed_race(rules, course, 3)
    scene = open_table(app, race)
    seen = [shown_labels(scene.gui)]
    for _ in range(2):
        scene.refresh(new_step=True)
        app.step()
        seen.append(shown_labels(scene.gui))
    for _ in played(app, scene, skipper("easy", rules), random.Random(7), 6):
        seen.append(shown_labels(scene.gui))
    reused = scene.gui.labels_reused
    while app.scene is not None:
        app.pop()
    return seen, reused


@pytest.mark.parametrize("rules,course", [("race_the_wind", "race_the_wind"),
                                          ("dinghy_race", "standard_triangle")])
def test_a_rebuilt_panel_shows_what_new_labels_show(make_ui_app, monkeypatch, rules, course):
    """The same play twice: with labels taken back, and with every label new (nothing
    kept aside). A person sees the same at every moment."""
    app = make_ui_app(1024, 600)
    kept, reused = what_a_person_sees(app, rules, course)
    assert reused > 0                    # words came back without a new layout
    monkeypatch.setattr(spares_module, "MAX_SPARES", 0)
    new, none = what_a_person_sees(app, rules, course)
    assert none == 0
    assert len(kept) == len(new) == 9
    for k, (a, b) in enumerate(zip(kept, new)):
        assert a == b, f"moment {k}"


def test_a_label_taken_back_is_the_one_asked_for(make_ui_app):
    make_ui_app(800, 600)
    g = Gui()
    roll = g.add(Button(g, "Roll the dice", None))
    roll.place(40, 40, 200, 48)
    kept = roll.text
    g.remove(roll)
    assert len(g.spares) == 1 and not kept.visible
    again = g.add(Button(g, "Roll the dice", None))
    assert again.text is kept                       # taken back, not laid out anew
    assert kept.visible and kept.position == (0, 0, 0)   # where a new label starts
    assert label_key(kept) == label_key(g.label("Roll the dice", theme.BODY_PT, theme.INK,
                                                 bold=True, anchor_x="center"))
    assert len(g.spares) == 0


def test_a_label_never_shows_another_widgets_words_colour_or_size(make_ui_app):
    make_ui_app(800, 600)
    g = Gui()
    # a disabled button's grey words are not an enabled button's ink
    grey = g.add(Button(g, "Pass", None, enabled=False))
    grey_label = grey.text
    g.remove(grey)
    ok = g.add(Button(g, "Pass", None))
    assert ok.text is not grey_label
    assert tuple(ok.text.color) == theme.rgba(theme.INK)
    # words changed on a label after its widget was deleted: it is not handed out
    note = g.add(Text(g, "The bot is playing…", theme.BODY_PT, theme.INK_SOFT))
    old = note.label
    g.remove(note)
    old.text = "Ann wins"
    again = g.add(Text(g, "The bot is playing…", theme.BODY_PT, theme.INK_SOFT))
    assert again.label is not old and again.text == "The bot is playing…"
    # a smaller type, or another layer, is another label
    small = g.add(Text(g, "Roll", theme.SMALL_PT))
    g.remove(small)
    big = g.add(Text(g, "Roll", theme.HEADER_PT))
    assert big.label is not small.label and big.label.font_size == g.px(theme.HEADER_PT)
    # a label moved and cut by its widget comes back only for those very words
    wide = g.add(Text(g, "A long line of words", theme.BODY_PT))
    put(wide.label, 300, 200)
    wide.label.text = "A long…"
    g.remove(wide)
    full = g.add(Text(g, "A long line of words", theme.BODY_PT))
    assert full.label is not wide.label and full.text == "A long line of words"
    cut = g.add(Text(g, "A long…", theme.BODY_PT))
    assert cut.label is wide.label and cut.label.position == (0, 0, 0)
    for w in (ok, again, big, full, cut):
        assert w.label.visible if isinstance(w, Text) else w.text.visible


def test_spares_stay_few_however_many_rebuilds(make_ui_app):
    make_ui_app(800, 600)
    g = Gui()

    def live_labels():
        return sum(1 for lab in g.spares.labels() if lab._boxes)

    deleted = []
    for i in range(3 * MAX_SPARES):      # every rebuild new words: nothing comes back
        rows = [g.add(Text(g, f"Turn {i} row {k}")) for k in range(3)]
        for r in rows:
            deleted.append(r.label)
            g.remove(r)
        assert len(g.spares) <= MAX_SPARES
    assert len(g.spares) == MAX_SPARES == live_labels()
    # those set aside first are gone for good (their glyphs out of the batch)
    assert all(not lab._boxes for lab in deleted[:-MAX_SPARES])
    assert all(lab._boxes for lab in deleted[-MAX_SPARES:])
    g.clear()
    assert len(g.spares) == 0 and all(not lab._boxes for lab in deleted)


def test_spares_stay_few_over_a_long_race_at_the_table(make_ui_app):
    app = make_ui_app(1024, 600)
    seats = (Seat("Ann", "Orange"), Seat("Bob", "Sky", "easy"), Seat("Cy", "Green", "easy"))
    race = Race(games.load_game(RaceSetup(seats=seats, course="race_the_wind", seed=5), "race_the_wind"))
    scene = open_table(app, race)
    counts = [len(scene.gui.spares) for _ in played(app, scene, skipper("easy", "race_the_wind"),
                                                     random.Random(5), 40)]
    assert len(counts) == 40 and max(counts) <= MAX_SPARES
    assert scene.gui.labels_reused > 0


def test_text_on_several_lines_is_laid_out_once_a_width(make_ui_app, monkeypatch):
    """A multiline Text placed again at the same width keeps its layout; one wrapped
    (``wrap``) is laid out as a label made at that width is."""
    from pyglet.text.layout import TextLayout

    from dinghy.ui.widgets.text import wrap

    make_ui_app(800, 600)
    g = Gui()
    laid = []
    update = TextLayout._update
    monkeypatch.setattr(TextLayout, "_update", lambda self: (laid.append(self), update(self))[1])
    words = "The wind backs two points: every boat on port tack lifts, those on starboard head down."
    t = g.add(Text(g, words, multiline=True, width=180))
    assert laid.count(t.label) == 1
    t.place(10, 10, 180, 60)
    t.place(10, 80, 180, 60)              # moved, same width: no new layout
    assert laid.count(t.label) == 1
    t.place(10, 80, 240, 60)
    assert laid.count(t.label) == 2 and t.label.width == 240
    one = g.label(words, width=None)
    wrap(one, 180.7)
    wrap(one, 180)
    assert laid.count(one) == 2           # made, then wrapped once
    made = g.label(words, multiline=True, width=180)
    assert (one.multiline, one.width, one.content_width, one.content_height) == \
        (made.multiline, made.width, made.content_width, made.content_height) and one.content_height > 30
    assert label_key(one) == label_key(made)
