"""The tables a server holds: races in play, who sits where, what each seat is shown.

No web here: the app (:mod:`dinghy.serve.app`) hands a seat's words in and sends the
views out. Every rule decision is the engine's (``why_not``); every action played is
appended to the store before anyone is shown it. What a seat is shown
(:func:`seat_view`) is drawn from what that seat may see: the board and the boats (the
export's SVG: positions are public in every game), the game's ``observation(state,
seat)``, the events' words (never an action's text: a planned card, a drawn card are in
there) and, on its own turn only, its legal actions worded as the window words them.
"""
from __future__ import annotations

import json
import random
import secrets
import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from dinghy import games
from dinghy.core.picture_layout import Frame
from dinghy.core.picture_svg import KeptTracks, svg
from dinghy.core.action_words import group_of, label_of
from dinghy.core.errors import DinghyError
from dinghy.core.interface import CHANCE, TERMINAL
from dinghy.core.race import MAX_ACTION_TEXT, Race
from dinghy.core.setup import PALETTE, RaceSetup, Seat
from dinghy.serve.store import Store
from dinghy.serve.targets import board_targets

log = logging.getLogger("dinghy.serve")

#: How many events a seat's log shows (the latest).
LOG_EVENTS = 40
#: The most bot and chance actions played in a row before people are shown the table
#: again (a race of bots only goes on at the next tap).
BOT_BURST = 2000
LEVELS = ("easy", "medium", "hard")
#: The board's SVG width in its own units (a browser scales it to the page).
SVG_WIDTH = 800.0


def new_token() -> str:
    """A seat's or host's secret: 24 random bytes (192 bits), URL-safe."""
    return secrets.token_urlsafe(24)


def hex_colour(name: str) -> str:
    """A boat colour's name (the palette's) as the page paints it."""
    r, g, b = PALETTE.get(name, (90, 90, 90))
    return f"#{r:02x}{g:02x}{b:02x}"


def new_id() -> str:
    return secrets.token_hex(6)


class Refused(Exception):
    """An action or a request the server turns down, with the reason in words; nothing
    has changed."""


@dataclass
class Table:
    table_id: str
    race: Race
    host_token: str
    seat_tokens: dict[int, str]                 # people's seats only
    bots: list[Any] | None                      # per seat: a skipper, or None (a person); None: not
                                                #   made yet (:meth:`skippers`, when a bot first moves)
    lock: threading.Lock = field(default_factory=threading.Lock)
    _svg: tuple[int, str] = (-1, "")
    _kept: Any = None                            # the board and tracks drawn so far (KeptTracks)

    def skippers(self) -> list[Any]:
        """Per seat its skipper, or None (a person): made when first asked for, so that a
        server starts, and brings its tables back, without loading any bot."""
        if self.bots is None:
            from dinghy.skippers import skipper
            rules, seats = self.race.rules_name, self.race.game.setup.seats
            self.bots = [None if s.skipper is None else skipper(s.skipper, rules) for s in seats]
        return self.bots

    @property
    def count(self) -> int:
        return len(self.race.actions)

    def seat_of(self, token: str) -> int | None:
        for seat, tok in self.seat_tokens.items():
            if secrets.compare_digest(tok, token):
                return seat
        return None

    def is_host(self, token: str) -> bool:
        return secrets.compare_digest(self.host_token, token)

    @property
    def frame(self) -> Frame:
        """Where the board's points lie on its SVG (the SVG's own units)."""
        return self.kept().frame

    def kept(self) -> KeptTracks:
        """The board's SVG as drawn so far, carried on through every state of the race."""
        history = self.race.history
        if self._kept is None or self._kept.seen > len(history):     # first picture, or a race taken back
            self._kept = KeptTracks(self.race.game, SVG_WIDTH)
        if self._kept.seen < len(history):
            self._kept.extend(history[self._kept.seen:])
        return self._kept

    @property
    def target_r(self) -> float:
        """A tap target's radius on the board's SVG: most of a square on a grid board."""
        return round(max(14.0, min(self.frame.scale * 0.4, 24.0)), 1)

    def svg(self) -> str:
        """The board as the exports draw it (public: the board, tracks, hulls, places),
        drawn once per action whoever asks; only the points of the new states are written
        anew (:class:`KeptTracks`): a tap costs the same late in a long race as early."""
        n = self.count
        if self._svg[0] != n:
            self._svg = (n, svg(self.race.game, self.race.history, SVG_WIDTH, self.kept()))
        return self._svg[1]


def make_setup(rules: str, board: str, seats: list[dict[str, Any]], seed: int,
               options: Any = None) -> RaceSetup:
    """A set-up from the start page's choices: ``seats`` as ``{"name", "who"}`` where
    ``who`` is ``person`` or a level, ``options`` the game's set-up options as
    ``{key: value}`` (each one of its choices; the others keep their defaults); Refused
    with the reason if not."""
    entry = games.GAMES.get(rules)
    if entry is None:
        raise Refused(f"unknown game {rules!r}; known: {', '.join(games.GAMES)}")
    if board not in entry.boards():
        raise Refused(f"unknown board {board!r} for {entry.title}; known: {', '.join(entry.boards())}")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        raise Refused("a table has 2 to 6 seats")
    colours = list(PALETTE)
    out = []
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise Refused(f"seat {i + 1} is not a seat")
        who = s.get("who")
        if who != "person" and who not in LEVELS:
            raise Refused(f"seat {i + 1}: 'who' is person or one of {', '.join(LEVELS)}")
        name = s.get("name") or colours[i]
        if not isinstance(name, str) or len(name) > 16 or not name.strip():
            raise Refused(f"seat {i + 1}: a name of 1 to 16 characters")
        out.append(Seat(name.strip(), colours[i], None if who == "person" else who))
    if not any(s.skipper is None for s in out):
        raise Refused("a table needs at least one person")
    chosen = {} if options is None else options
    if not isinstance(chosen, dict):
        raise Refused("'options' is an object of the game's options")
    extra = []
    for key, value in chosen.items():
        option = entry.option(key) if isinstance(key, str) else None
        if option is None:
            raise Refused(f"{entry.title} has no option {key!r}")
        if value not in [v for v, _ in option.choices] or type(value) is not type(option.default):
            raise Refused(f"{option.label}: one of {', '.join(w for _, w in option.choices)}")
        if value != option.default:
            extra.append((key, value))
    return RaceSetup(seats=tuple(out), course=board, seed=seed, extra=tuple(extra))


class Tables:
    """Every table of a server, kept in memory and in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        #: One lock for all engine and bot work, whatever the table: the skippers keep
        #: module-wide caches (Race the Wind's turn tables, evicted as they fill) that
        #: two threads must not change at once. Python runs one thread at a time anyway.
        self.engine = threading.Lock()
        for stored in store.tables():         # a restart: every table replays its record
            race = games.race_from_record(stored.record, f"table {stored.table_id}")
            self.tables[stored.table_id] = self._table(stored.table_id, race, stored.host_token,
                                                       stored.seat_tokens)
        for table in self.tables.values():     # bots whose move was in flight move now
            with table.lock:
                self._bots(table)

    def _table(self, table_id: str, race: Race, host: str, tokens: dict[int, str]) -> Table:
        return Table(table_id, race, host, dict(tokens), None, self.engine)

    def views(self, table: Table, seats: set[int]) -> dict[int, str]:
        """Each of ``seats``'s view as JSON text, drawn under the engine's lock."""
        with table.lock:
            return {seat: json.dumps(seat_view(table, seat)) for seat in seats}

    def create(self, rules: str, setup: RaceSetup) -> Table:
        race = Race(games.load_game(setup, rules))
        tokens = {i: new_token() for i, s in enumerate(setup.seats) if s.skipper is None}
        table = self._table(new_id(), race, new_token(), tokens)
        record = race.record()
        self.store.create(table.table_id, record, table.host_token, tokens)
        self.tables[table.table_id] = table
        with table.lock:
            self._bots(table)
        return table

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise Refused("no such table")
        return table

    # -- playing ---------------------------------------------------------------------
    def _push(self, table: Table, action: Any) -> None:
        race = table.race
        text = race.game.action_text(action)
        n = table.count
        race.push(action)
        self.store.append(table.table_id, n, text)

    def _bots(self, table: Table) -> None:
        """Chance and the bots act until a person is to act or the race is over."""
        race = table.race
        rng = random.Random(f"serve:{race.game.setup.seed}:{table.count}")
        for _ in range(BOT_BURST):
            if race.over:
                return
            player = race.current_player()
            if player == CHANCE:
                self._push(table, race.game.sample_chance(race.state, race.dice_rng()))
                continue
            if table.bots is None and race.game.setup.seats[player].skipper is None and not race.interjections():
                return          # a person to act and no call open: no skipper need be made yet
            from dinghy.skippers import out_of_turn
            call = out_of_turn(race, table.skippers(), player)
            if call is not None:
                self._push(table, call)
                continue
            bot = table.skippers()[player]
            if bot is None:
                return
            self._push(table, bot.choose(race, rng))

    def act(self, table: Table, seat: int, text: Any, count: Any) -> None:
        """Seat ``seat`` plays the action worded ``text`` against the state after
        ``count`` actions; then chance and the bots. Refused (nothing changed) if it is
        not that seat's to play now, stale, or not allowed by the rules."""
        if not isinstance(text, str) or not text or len(text) > MAX_ACTION_TEXT:
            raise Refused(f"an action is a text of 1 to {MAX_ACTION_TEXT} characters")
        if not isinstance(count, int) or isinstance(count, bool):
            raise Refused("an action carries 'n', the number of actions of the state it was chosen on")
        with table.lock:
            race = table.race
            call = self._call(table, seat, text) if count == table.count else None
            if call is not None:        # an out-of-turn call this seat may make now
                why = race.why_not(call)
                if why:
                    raise Refused(why)
                self._push(table, call)
                self._bots_after(table)
                return
            if count == table.count and race.current_player() != seat and not race.over:
                self._bots(table)       # bots a failure left waiting move first; then it is stale
            if count != table.count:
                raise Refused(f"stale: the table has moved on since (action {table.count}, not {count})")
            if race.over:
                raise Refused("the race is over")
            player = race.current_player()
            if player != seat:
                who = "nobody" if player in (CHANCE, TERMINAL) else race.game.name(player)
                raise Refused(f"not your turn: {who} is to act")
            try:
                action = race.game.parse_action(text)
            except (DinghyError, ValueError) as exc:
                raise Refused(f"{text!r} is not an action here: {exc}") from None
            why = race.why_not(action)
            if why:
                raise Refused(why)
            self._push(table, action)
            self._bots_after(table)

    def _bots_after(self, table: Table) -> None:
        try:
            self._bots(table)
        except Exception:       # a bot's bug: the person's action stands; the bots try again
            log.exception("table %s: a bot failed; it tries again at the next message", table.table_id)

    @staticmethod
    def _call(table: Table, seat: int, text: str) -> Any:
        """The out-of-turn call worded ``text`` if the game offers it now and it is
        ``seat``'s to make (the game's ``caller``), else None."""
        return next((a for a in calls(table.race, seat) if table.race.game.action_text(a) == text), None)

    def free_seat(self, table: Table, host_token: str, seat: Any) -> str:
        """The host frees a person's seat: a new token (the old link stops working)."""
        if not table.is_host(host_token):
            raise Refused("only the host may free a seat")
        if not isinstance(seat, int) or seat not in table.seat_tokens:
            raise Refused("no such person's seat")
        token = new_token()
        with table.lock:
            self.store.set_token(table.table_id, seat, token)
            table.seat_tokens[seat] = token
        return token


def calls(race: Race, seat: int) -> list[Any]:
    """The out-of-turn calls ``seat`` may make now: the game's interjections that are
    that seat's call or any player's (the game's ``caller``)."""
    if race.over:
        return []
    game, state = race.game, race.state
    return [a for a in race.interjections() if game.caller(state, a) in (None, seat)]


def outcome_words(game: Any, state: Any, action: Any, name: str) -> str:
    """What a choice does, told before it is made, in the engine's words (the game's
    ``outcome``: Dinghy Race's moves, where they end and the hazards they roll for);
    "" where the game does not tell."""
    try:
        told = game.outcome(state, action)
    except (DinghyError, ValueError):
        return ""
    describe = getattr(told, "describe", None)
    return str(describe(name)) if callable(describe) else ""


def whose_turn(race: Race) -> str:
    if race.over:
        return "The race is over."
    player = race.current_player()
    if player == CHANCE:
        return "The dice are rolling."
    return f"{race.game.name(player)} to act."


def seat_view(table: Table, seat: int) -> dict[str, Any]:
    """Everything seat ``seat`` is shown, and nothing it may not see."""
    race = table.race
    game = race.game
    mine = not race.over and race.current_player() == seat
    actions, targets = [], []
    if mine:
        legal = race.legal_actions()
        for a in legal:
            actions.append({"text": game.action_text(a), "label": label_of(game, a), "group": group_of(game, a),
                            "does": outcome_words(game, race.state, a, game.name(seat))})
        targets = board_targets(game, race.state, seat, legal, table.frame, table.target_r)
    places = race.places()
    return {
        "type": "view", "table": table.table_id, "seat": seat, "name": game.name(seat),
        "game": game.title, "n": table.count, "over": race.over,
        "turn": whose_turn(race), "yours": mine,
        "seats": [{"name": game.name(k), "colour": hex_colour(s.colour), "bot": s.skipper, "place": places[k]}
                  for k, s in enumerate(game.setup.seats)],
        "svg": table.svg(),
        "seen": race.observation(seat),
        "log": [e.text for e in race.events[-LOG_EVENTS:]],
        "actions": actions,
        "calls": [{"text": game.action_text(a), "label": label_of(game, a)}
                  for a in calls(race, seat)],
        "targets": targets, "target_r": table.target_r,
    }

