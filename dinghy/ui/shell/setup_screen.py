"""The set-up screen: which game, who sails which boat, on which course or board, with
which options.

It fills a :class:`~dinghy.ui.shell.setup_form.SetupForm` and, on "Start race", hands the
engine a :class:`~dinghy.core.setup.RaceSetup` through ``on_start``. One click on "Start
race" with the defaults starts the lead's one-click race (``default_setup``) with a
fresh random seed. With more than one game registered (``dinghy.games.GAMES``) a
"Game" chooser comes first; each game offers its own boards (``entry.boards()``) and the
options its view lists (``setup_options``).
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from dinghy.core.setup import PALETTE, RaceSetup
from dinghy.ui import theme
from dinghy.ui.scene import GuiScene
from dinghy.ui.shell.setup_layout import SetupLayout
from dinghy.ui.shell.setup_form import (
    BOT_SKIPPER, CARD_CHOICES, MAX_SEATS, MIN_SEATS, SUPPLY_RANGE, WIND_CHOICES, SeatForm, SetupForm,
    course_title, level_choices, skipper_problem,
)
from dinghy.ui.widgets.gui import Widget, key
from dinghy.ui.widgets.buttons import Button, CycleButton, Toggle
from dinghy.ui.widgets.panels import Panel
from dinghy.ui.widgets.selectors import ChoiceSelector
from dinghy.ui.widgets.text import Text, TextField

SUBTITLE = "Set up the race: boats, course and options"
SEATS_HINT = (f"{MIN_SEATS} to {MAX_SEATS} boats. Tap Human / Bot to choose who sails a boat: "
              "a person, or the computer (Bot, Easy, Medium, Hard).")
_CHOICE_TEXT = {None: "As course", "light": "Light", "medium": "Medium", "strong": "Strong",
                "small": "Small", "standard": "Standard"}


def registered_games() -> list[tuple[str, str]]:
    """(rules name, title) of every registered game, the default (first) one first."""
    from dinghy import games

    return [(name, e.title) for name, e in games.GAMES.items()]


def boards_of(rules: str) -> list[str]:
    """The boards (courses) game ``rules`` ships; none is not an error here."""
    from dinghy import games

    try:
        return list(games.GAMES[rules].boards())
    except (KeyError, OSError, ValueError):
        return []


def available_courses() -> list[str]:
    """The shipped course names; none (yet, or a broken install) is not an error here."""
    from dinghy.core.io import shipped

    try:
        return shipped("courses")
    except (OSError, ValueError):
        return []


class SeatRow:
    """The widgets of one seat: colour, name, level (Human, Bot, Easy, Medium, Hard), remove."""

    def __init__(self, screen: "SetupScreen", seat: SeatForm) -> None:
        g, form = screen.gui, screen.form
        assert g is not None
        self.seat = seat
        names = list(PALETTE)
        self.colour = ChoiceSelector(
            g, [(c, c) for c in names], names.index(seat.colour),
            on_change=lambda c: screen.set_colour(self.seat, c),
            available=lambda c: form.colour_free_for(form.seats.index(self.seat), c),
            swatch=PALETTE.get)
        self.name = TextField(g, seat.name, on_change=lambda t: setattr(self.seat, "name", t),
                              placeholder=seat.colour, max_length=16)
        levels = level_choices(seat.skipper)
        self.level = CycleButton(g, levels, [v for v, _ in levels].index(seat.skipper),
                                 on_change=lambda v: screen.set_level(self.seat, v))
        self.bot = self.level          # the older name: one tap makes a human seat a bot
        self.remove = Button(g, "×", lambda: screen.remove_seat(self.seat), pt=theme.HEADER_PT,
                             reason=f"A race needs at least {MIN_SEATS} boats")
        self.widgets: list[Widget] = [self.colour, self.name, self.level, self.remove]
        for w in self.widgets:
            g.add(w)


class SetupScreen(SetupLayout, GuiScene):
    """``SetupScreen(on_start, can_resume=None, on_resume=None, courses=None,
    initial=None, seed=None)``.

    * ``on_start(setup: RaceSetup)`` runs when "Start race" is pressed (or Enter).
    * ``can_resume()`` -> bool decides whether "Resume race" shows (checked on entry,
      on every layout and twice a second); pressing it runs ``on_resume()``.
    * ``courses``: course names to offer (default: the shipped ones; may be empty).
    * ``initial``: a RaceSetup to start from (default: ``default_setup()``).
    * ``seed``: the race seed (default: a fresh random one, shown small).
    * ``rules``: the game to start with (default: the first registered). For any other
      game ``on_start(setup, rules)`` receives the game's rules name too.
    * ``on_series(setup, rules, (races, scoring, discard))``: given, the set-up offers a
      series of races; "Start series" calls it instead of ``on_start``.
    * ``settings``: the table's :class:`~dinghy.ui.shell.settings.Settings` (animations,
      sound, follow), shown as switches; ``on_settings()`` runs after each change.
    """

    shortcuts = [
        ("Enter", "Start the race"),
        ("Tab", "Next name field (Shift+Tab: previous)"),
        ("Ctrl+N", "Add a boat"),
    ]
    help_title = "Set-up: keyboard shortcuts"

    @property
    def help_rules(self) -> str:  # type: ignore[override]
        """"?" opens how to play the game chosen."""
        return self.rules

    def __init__(self, on_start: Callable[[RaceSetup], Any], *,
                 can_resume: Callable[[], bool] | None = None,
                 on_resume: Callable[[], Any] | None = None,
                 courses: Sequence[str] | None = None, initial: RaceSetup | None = None,
                 seed: int | None = None, rules: str | None = None,
                 settings: Any = None, on_settings: Callable[[], Any] | None = None,
                 on_series: Callable[..., Any] | None = None) -> None:
        super().__init__()
        self.on_series = on_series
        self.settings, self.on_settings = settings, on_settings
        self.on_start, self.can_resume, self.on_resume = on_start, can_resume, on_resume
        self.games = registered_games()
        self.default_rules = self.games[0][0] if self.games else "dinghy_race"
        self.rules = rules if rules in dict(self.games) else self.default_rules
        if courses is None:
            courses = available_courses() if self.rules == self.default_rules else boards_of(self.rules)
        self.form = SetupForm(courses, initial, seed)
        self.options: list[tuple[Text, Widget]] = []
        self.page, self.pages = 0, 1     # the option rows fold into pages on a short screen
        self.rows: list[SeatRow] = []
        self._resume_check = 0.0

    # --- building -------------------------------------------------------------------
    def build(self) -> None:
        g, f = self.gui, self.form
        assert g is not None
        add = g.add
        self.title = add(Text(g, self.game_title(), theme.TITLE_PT, theme.ON_WATER, bold=True))
        self.subtitle = add(Text(g, SUBTITLE, theme.BODY_PT, theme.ON_WATER_SOFT))
        self.help_button = add(Button(g, "?", self.show_help, style="water", pt=theme.HEADER_PT))
        self.boats_panel = add(Panel(g, "Boats"))
        self.add_button = add(Button(g, "+ Add boat", self.add_seat,
                                     reason=f"{MAX_SEATS} boats at most"))
        self.race_panel = add(Panel(g, "Race"))
        self.more_button = add(Button(g, "More…", self.next_page))
        self.seats_hint = add(Text(g, SEATS_HINT, theme.SMALL_PT + 1, theme.INK_SOFT, multiline=True))

        def choice(values: Sequence[Any], current: Any, attr: str, **kw: Any) -> ChoiceSelector:
            opts = [(v, _CHOICE_TEXT.get(v, str(v)) if not isinstance(v, int) else str(v))
                    for v in values]
            return add(ChoiceSelector(g, opts, list(values).index(current),
                                      on_change=lambda v: setattr(f, attr, v), **kw))

        self.game_choice = None
        if len(self.games) > 1:
            self.game_choice = add(ChoiceSelector(g, self.games, [n for n, _ in self.games].index(self.rules),
                                                  on_change=self.set_game))
        self.course = add(ChoiceSelector(g, [(c, course_title(c)) for c in f.courses],
                                         f.courses.index(f.course), on_change=self.set_course))
        self.length_text = add(Text(g, "", theme.SMALL_PT + 1, theme.INK_SOFT, multiline=True))
        self.wind = choice(WIND_CHOICES, f.wind_force, "wind_force")
        self.cards = choice(CARD_CHOICES, f.card_size, "card_size")
        self.lady_luck = choice(list(SUPPLY_RANGE), f.lady_luck, "lady_luck", wrap=False)
        self.weather_eye = choice(list(SUPPLY_RANGE), f.weather_eye, "weather_eye", wrap=False)
        self.inner_rule = add(Toggle(g, f.inner_boat_rule,
                                     on_change=lambda v: setattr(f, "inner_boat_rule", v)))
        self.series_rows: list[tuple[str, Widget]] = []
        if self.on_series is not None:
            from dinghy.core.scoring import SCORING_SYSTEMS
            from dinghy.ui.shell.series import RACE_CHOICES, SCORING_TITLES

            self.series_choice = add(ChoiceSelector(
                g, [(n, "One race" if n == 1 else f"{n} races") for n in RACE_CHOICES],
                RACE_CHOICES.index(f.series_races), on_change=self.set_series_races, wrap=False))
            self.scoring_choice = add(ChoiceSelector(
                g, [(k, SCORING_TITLES.get(k, k)) for k in SCORING_SYSTEMS],
                list(SCORING_SYSTEMS).index(f.scoring), on_change=lambda v: setattr(f, "scoring", v)))
            self.discard_toggle = add(Toggle(g, f.discard, on_change=lambda v: setattr(f, "discard", v)))
            self.series_rows = [("Series", self.series_choice), ("Scoring", self.scoring_choice),
                                ("Drop worst", self.discard_toggle)]
        self.setting_rows: list[tuple[str, Widget]] = []
        if self.settings is not None:
            for attr, label in (("guided", "Guided first round"), ("animations", "Animations"),
                                ("sound", "Sound"), ("follow", "Follow boat")):
                self.setting_rows.append((label, add(Toggle(
                    g, getattr(self.settings, attr),
                    on_change=lambda v, a=attr: self.set_setting(a, v)))))
        self._build_options()
        # (the set-up's texts share few type sizes: each new size costs the first frame a
        # font and its glyphs)
        self.start_button = add(Button(g, "Start race", self.start, style="primary",
                                       pt=theme.HEADER_PT))
        self.resume_button = add(Button(g, "Resume race", self.resume, pt=theme.HEADER_PT))
        self.seed_text = add(Text(g, f"seed {f.seed}", theme.SMALL_PT + 1, theme.ON_WATER_SOFT))
        self._build_rows()

    def _build_options(self) -> None:
        """The option rows this game reads (its view's ``setup_options``), with labels."""
        from dinghy.ui.shell.views import setup_options

        g = self.gui
        assert g is not None
        for label, widget in self.options:
            g.remove(label)
        wanted = setup_options(self.rules)
        rows: list[tuple[str, Widget]] = []
        if self.game_choice is not None:
            rows.append(("Game", self.game_choice))
        rows.append(("Course" if "wind_force" in wanted else "Board", self.course))
        rows.append(("Length", self.length_text))
        for attr, label, widget in (("wind_force", "Wind", self.wind), ("card_size", "Cards", self.cards),
                                    ("lady_luck", "Lady Luck", self.lady_luck),
                                    ("weather_eye", "Weather Eye", self.weather_eye),
                                    ("inner_boat_rule", "Inner boat rule", self.inner_rule)):
            widget.visible = attr in wanted
            if widget.visible:
                rows.append((label, widget))
        rows.extend(self._game_option_rows())
        rows.extend(self.series_rows)
        rows.extend(self.setting_rows)
        self.options = [(g.add(Text(g, label)), widget) for label, widget in rows]

    def set_course(self, course: str) -> None:
        self.form.course = course
        self.refresh_estimate()

    def crew(self) -> tuple[int, int]:
        """(people, bots) in the boats now."""
        people = sum(seat.skipper is None for seat in self.form.seats)
        return people, len(self.form.seats) - people

    def estimate(self) -> str:
        """The chosen board's race length: rounds, and minutes for the people (and bots)."""
        from dinghy.core import estimates

        return estimates.describe(self.rules, self.form.course, *self.crew())

    def game_line(self) -> str:
        """The game in one line: what it is, how many boats, how long on its first board."""
        from dinghy.core import estimates
        from dinghy.ui.help import one_line

        first = self.form.courses[0] if self.form.courses else self.form.course
        n = estimates.rounds(self.rules, self.form.course) or estimates.rounds(self.rules, first)
        people, bots = self.crew()
        return one_line(self.rules, None if n is None else estimates.minutes(self.rules, n, people, bots))

    def refresh_estimate(self) -> None:
        if getattr(self, "length_text", None) is not None:
            self.length_text.text = self.estimate()
        if getattr(self, "subtitle", None) is not None:
            self.show_problem()

    def game_title(self) -> str:
        """The chosen game's title, the screen's heading."""
        return dict(self.games).get(self.rules, "dinghy")

    def _game_option_rows(self) -> list[tuple[str, Widget]]:
        """A chooser for each set-up option the game declares (``GameEntry.options``:
        variants such as Race the Wind's proper course or the 3M penalty), kept in
        ``RaceSetup.extra``."""
        from dinghy import games

        g, f = self.gui, self.form
        assert g is not None
        for widget in getattr(self, "game_option_widgets", []):
            g.remove(widget)
        self.game_option_widgets: list[Widget] = []
        entry = games.GAMES.get(self.rules)
        if entry is None:
            return []
        chosen = dict(f.extra)
        rows: list[tuple[str, Widget]] = []
        for opt in entry.options:
            values = [v for v, _ in opt.choices]
            current = chosen.get(opt.key, opt.default)
            index = values.index(current) if current in values else values.index(opt.default)
            widget = g.add(ChoiceSelector(g, list(opt.choices), index,
                                          on_change=lambda v, k=opt.key: self.set_extra(k, v)))
            self.set_extra(opt.key, values[index])
            self.game_option_widgets.append(widget)
            rows.append((opt.label, widget))
        return rows

    def set_extra(self, key: str, value: Any) -> None:
        """One game option's value in the form's ``extra`` pairs (replacing an older one)."""
        f = self.form
        f.extra = tuple((k, v) for k, v in f.extra if k != key) + ((key, value),)

    def set_game(self, rules: str) -> None:
        """Another game: its boards in the course chooser, its options only."""
        g, f = self.gui, self.form
        assert g is not None
        self.rules = rules
        f.extra = ()                 # another game's options do not carry over
        self.title.text = self.game_title()
        boards = boards_of(rules) if rules != self.default_rules else available_courses()
        f.courses = boards or [f.course]
        f.course = f.courses[0]
        g.remove(self.course)
        self.course = g.add(ChoiceSelector(g, [(c, course_title(c)) for c in f.courses], 0,
                                           on_change=self.set_course))
        self._build_options()
        self.refresh_estimate()
        self.relayout()

    def _build_rows(self) -> None:
        g = self.gui
        assert g is not None
        for row in self.rows:
            for w in row.widgets:
                g.remove(w)
        self.rows = [SeatRow(self, seat) for seat in self.form.seats]
        self._refresh_seats()
        self.refresh_estimate()

    def _refresh_seats(self) -> None:
        self.add_button.enabled = self.form.can_add
        for row in self.rows:
            row.remove.enabled = self.form.can_remove
            row.colour.refresh()

    # --- actions --------------------------------------------------------------------
    def add_seat(self) -> None:
        if self.form.can_add:
            self.form.add_seat()
            self._build_rows()
            self.relayout()

    def remove_seat(self, seat: SeatForm) -> None:
        if self.form.can_remove and seat in self.form.seats:
            self.form.remove_seat(self.form.seats.index(seat))
            self._build_rows()
            self.relayout()

    def set_colour(self, seat: SeatForm, colour: str) -> None:
        self.form.set_colour(self.form.seats.index(seat), colour)
        for row in self.rows:
            if row.seat is seat:
                row.name.placeholder = colour
                row.name.set_text(seat.name)
        self._refresh_seats()

    def set_level(self, seat: SeatForm, skipper: str | None) -> None:
        seat.skipper = skipper
        self.refresh_estimate()

    def problem(self) -> str | None:
        """A bot level the game's skippers do not know, in words, or None. The race still
        starts: the table lets the game's default bot sail that seat ("Bot" always means
        the default, so it is never a problem)."""
        for seat in self.form.seats:
            if seat.skipper == BOT_SKIPPER:
                continue
            why = skipper_problem(seat.skipper, self.rules)
            if why:
                return f"{seat.name.strip() or seat.colour}: {why}; the default bot sails instead"
        return None

    def show_problem(self) -> str | None:
        """The problem, if any, in place of the subtitle (in the call-to-action colour)."""
        why = self.problem()
        text = why or self.game_line() or SUBTITLE
        self.subtitle.text = text
        self.subtitle.label.color = theme.rgba(theme.PRIMARY if why else theme.ON_WATER_SOFT)
        if self.subtitle.w:
            from dinghy.ui.hud import fit_text
            fit_text(self.subtitle.label, text, self.subtitle.w, self.subtitle.label.font_size)
        return why

    def set_series_races(self, n: int) -> None:
        self.form.series_races = n
        self.start_button.label = "Start series" if n > 1 else "Start race"

    def set_setting(self, attr: str, value: bool) -> None:
        setattr(self.settings, attr, value)
        if self.on_settings is not None:
            self.on_settings()

    def next_page(self) -> None:
        self.page = (self.page + 1) % max(1, self.pages)
        self.relayout()

    def start(self) -> None:
        self.show_problem()
        f = self.form
        if self.on_series is not None and f.series_races > 1:
            self.on_series(f.to_setup(), self.rules, (f.series_races, f.scoring, f.discard))
            return
        if self.rules == self.default_rules:
            self.on_start(self.form.to_setup())
        else:
            self.on_start(self.form.to_setup(), self.rules)

    def resume(self) -> None:
        if self.on_resume is not None:
            self.on_resume()

    def refresh_resume(self) -> None:
        show = bool(self.can_resume is not None and self.can_resume())
        if show != self.resume_button.visible:
            self.resume_button.visible = show

    @property
    def setup(self) -> RaceSetup:
        """The RaceSetup the screen would start now."""
        return self.form.to_setup()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._resume_check += dt
        if self._resume_check >= 0.5:
            self._resume_check = 0.0
            self.refresh_resume()

    def on_shortcut(self, symbol: int, modifiers: int) -> bool:
        if symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
            self.start()
            return True
        if symbol == key.N and modifiers & key.MOD_ACCEL:
            self.add_seat()
            return True
        return False
