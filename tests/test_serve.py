"""`dinghy serve` (issue 24): tables in a browser, driven here through Starlette's
TestClient and its websockets, as a browser drives them, by action texts.

Issue 24: "A tap sends the action's text. The server checks it with `why_not`, applies
it, and pushes each seat its new picture over the websocket"; "Nothing hidden from a
seat ... is ever sent to it"; "The server refuses, with a reason and without changing
anything: an action for another seat, or out of turn; a stale action; a malformed or
oversized message; a flood from one connection"; "Tokens never appear in logs. The host
can free a seat"; "A server killed with kill -9 brings every table back on restart".
"""
from __future__ import annotations

import contextlib
import json
import logging
import random
import sqlite3
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("segno")
with warnings.catch_warnings():     # Starlette 1.x asks for httpx2; httpx still drives it
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from dinghy import games  # noqa: E402
from dinghy.core import picture  # noqa: E402
from dinghy.core.race import Race  # noqa: E402
from dinghy.serve.app import MAX_MESSAGE, create_app  # noqa: E402
from dinghy.serve.launch import free_port, start_server  # noqa: E402
from dinghy.serve.store import DB_NAME  # noqa: E402
from dinghy.serve.tables import seat_view  # noqa: E402
from dinghy.skippers import skipper  # noqa: E402


BOARDS = {"dinghy_race": "up_and_down", "race_the_wind": "race_the_wind", "regatta": "3m_triangle",
          "regatta_advanced": "3m_triangle", "yacht_race": "yacht_race", "regatta_gigamic": "small"}


def open_table(client, rules, seats=("person", "person"), board=None):
    """Create a table as the start page does (on ``board``, or the game's in BOARDS); its
    id, the host's token, the seats' tokens."""
    r = client.post("/api/tables", json={"rules": rules, "board": board or BOARDS[rules],
                                         "seats": [{"name": f"P{k}", "who": w} for k, w in enumerate(seats)]})
    assert r.status_code == 200, r.text
    tid, host = r.json()["table"], r.json()["host"].split("#", 1)[1]
    links = client.post(f"/api/tables/{tid}/host", json={"token": host}).json()["seats"]
    tokens = {s["seat"]: s["link"].split("#", 1)[1] for s in links if "link" in s}
    return tid, host, tokens


def join(client, tid, token):
    ws = client.websocket_connect(f"/ws/{tid}").__enter__()
    client.sockets.append(ws)
    ws.send_json({"token": token})
    view = ws.receive_json()
    assert view["type"] == "view", view
    return ws, view


def table_of(client, tid):
    return client.app.state.tables.get(tid)


@contextlib.contextmanager
def serving(folder, **options):
    """A TestClient on a new app; the websockets ``join`` opened are closed at the end."""
    with TestClient(create_app(folder, **options)) as c:
        c.sockets = []
        try:
            yield c
        finally:
            for ws in c.sockets:
                try:
                    ws.__exit__(None, None, None)
                except Exception:
                    pass


@pytest.fixture
def client(tmp_path):
    with serving(tmp_path) as c:
        yield c


@pytest.fixture
def fast_client(tmp_path):
    """A client whose people tap far faster than the flood limit lets a browser: lifted."""
    with serving(tmp_path, rate=1e6, burst=10 ** 6) as c:
        yield c


#: Dinghy Race sails its whole race on its shortest shipped course (about 240 actions
#: against 670 round up_and_down, the board of its other tests here)
RACE_BOARDS = {"dinghy_race": "short_lap"}


@pytest.mark.parametrize("rules", list(BOARDS))
def test_two_seats_sail_a_race_to_the_finish_by_action_texts(tmp_path, rules):
    """Each person decides with a skipper's brain, and plays by sending the text of one of
    the buttons their seat was offered; both seats are pushed every change. (The people
    here tap far faster than the flood limit lets a browser: it is lifted.)"""
    with serving(tmp_path, rate=1e6, burst=10 ** 6) as client:
        tid, _, tokens = open_table(client, rules, board=RACE_BOARDS.get(rules))
        conns, views = {}, {}
        for seat, tok in tokens.items():
            conns[seat], views[seat] = join(client, tid, tok)
        brain, rng = skipper(None, rules), random.Random(1)
        race = table_of(client, tid).race
        sent = off_button = 0
        while not views[0]["over"]:
            seat = next(k for k, v in views.items() if v["yours"])
            assert all(not v["yours"] for k, v in views.items() if k != seat)
            offered = {a["text"] for a in views[seat]["actions"]}
            text = race.game.action_text(brain.choose(race, rng))
            # Dinghy Race's points on the chart (a launch, a weather eye) are free points no
            # button lists: the seat sends the point's text, the engine judges it
            assert text in offered or (rules == "dinghy_race" and text.split()[0] in ("launch", "weathereye"))
            off_button += text not in offered
            conns[seat].send_json({"act": text, "n": views[seat]["n"]})
            for k in sorted(conns, key=lambda k: k != seat):     # the sender first
                views[k] = conns[k].receive_json()
                assert views[k]["type"] == "view", views[k]
                assert views[k]["n"] == len(race.actions)
            sent += 1
            assert sent < 3000
            if sent % 40 == 1:      # the table keeps its tracks as it goes: the picture drawn afresh
                assert views[0]["svg"] == picture.svg(race.game, race.history, 800.0)
        assert race.over and all(v["over"] for v in views.values())
        assert off_button < sent / 10
        assert 1 in race.places()
        places = [s["place"] for s in views[1]["seats"]]
        assert places == race.places()
        assert "<svg" in views[0]["svg"] and views[0]["actions"] == []
        # the store holds the record dinghy writes: it replays to the same places
        db = sqlite3.connect(tmp_path / DB_NAME)
        texts = [t for (t,) in db.execute("SELECT text FROM action WHERE table_id = ? ORDER BY n", (tid,))]
        assert texts == [race.game.action_text(a) for a in race.actions]
        assert Race.replay(race.game, texts).places() == race.places()


def test_a_table_with_bots_moves_them_on_the_server(client):
    tid, _, tokens = open_table(client, "race_the_wind", ("person", "easy", "medium"))
    assert list(tokens) == [0]                      # bots' seats get no link
    ws, view = join(client, tid, tokens[0])
    race = table_of(client, tid).race
    assert view["yours"]
    for _ in range(6):
        ws.send_json({"act": view["actions"][0]["text"], "n": view["n"]})
        view = ws.receive_json()
        assert view["type"] == "view"
        if view["over"]:
            break
        assert view["yours"]           # chance and both bots have acted before it came back
    bot_acts = [e for e in race.events if e.boat in (1, 2)]
    assert bot_acts, "the bots never moved"


# -- refusals: each with a reason, and nothing changed --------------------------------------

def _unchanged(client, tid, before):
    table = table_of(client, tid)
    assert table.count == before
    db = sqlite3.connect(client.app.state.tables.store.path)
    assert db.execute("SELECT COUNT(*) FROM action WHERE table_id = ?", (tid,)).fetchone()[0] == before


def test_an_action_out_of_turn_or_for_another_seat_is_refused(client):
    tid, _, tokens = open_table(client, "yacht_race")
    w0, v0 = join(client, tid, tokens[0])
    w1, v1 = join(client, tid, tokens[1])
    mover, waiter = (w0, w1) if v0["yours"] else (w1, w0)
    mover_view = v0 if v0["yours"] else v1
    before = table_of(client, tid).count
    # the waiting seat sends the very action the seat to act was offered
    waiter.send_json({"act": mover_view["actions"][0]["text"], "n": before})
    msg = waiter.receive_json()
    assert msg["type"] == "refused" and "not your turn" in msg["reason"]
    _unchanged(client, tid, before)
    # an action the rules do not allow now: the engine's reason
    mover.send_json({"act": "sail N", "n": before}) if "sail N" not in {
        a["text"] for a in mover_view["actions"]} else mover.send_json({"act": "block 99", "n": before})
    msg = mover.receive_json()
    assert msg["type"] == "refused" and msg["reason"]
    _unchanged(client, tid, before)
    mover.send_json({"act": "fly to the moon", "n": before})
    msg = mover.receive_json()
    assert msg["type"] == "refused" and "not an action" in msg["reason"]
    _unchanged(client, tid, before)


def test_a_stale_action_is_refused(client):
    tid, _, tokens = open_table(client, "regatta_gigamic")
    ws = {}
    views = {}
    for k, t in tokens.items():
        ws[k], views[k] = join(client, tid, t)
    seat = next(k for k, v in views.items() if v["yours"])
    old = views[seat]
    ws[seat].send_json({"act": old["actions"][0]["text"], "n": old["n"]})
    for k in ws:
        views[k] = ws[k].receive_json()
    seat = next(k for k, v in views.items() if v["yours"])
    before = table_of(client, tid).count
    assert before > old["n"]
    ws[seat].send_json({"act": views[seat]["actions"][0]["text"], "n": old["n"]})   # chosen on an old picture
    msg = ws[seat].receive_json()
    assert msg["type"] == "refused" and "stale" in msg["reason"]
    _unchanged(client, tid, before)


@pytest.mark.parametrize("raw, reason", [
    ("not json", "JSON"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"act": "x" * (MAX_MESSAGE + 10), "n": 0}), "too long"),
    (json.dumps({"act": "block 1", "n": 0, "extra": 1}), "'act' and 'n' only"),
    (json.dumps({"act": "block 1"}), "'n'"),
    (json.dumps({"act": 7, "n": 0}), "a text"),
])
def test_a_malformed_or_oversized_message_is_refused(client, raw, reason):
    tid, _, tokens = open_table(client, "yacht_race")
    ws, view = join(client, tid, tokens[0])
    before = table_of(client, tid).count
    ws.send_text(raw)
    msg = ws.receive_json()
    assert msg["type"] == "refused" and reason in msg["reason"], msg
    _unchanged(client, tid, before)
    ws.send_bytes(b"\xff\xfe" * 10)
    msg = ws.receive_json()
    assert msg["type"] == "refused" and "UTF-8" in msg["reason"]
    _unchanged(client, tid, before)


def test_a_wrong_token_sees_nothing(client):
    tid, host, tokens = open_table(client, "regatta_gigamic")
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"token": tokens[0][:-2] + "xx"})
        msg = ws.receive_json()
        assert msg["type"] == "refused" and "not (or no longer) a seat" in msg["reason"]
        assert "hand" not in json.dumps(msg)
    r = client.post(f"/api/tables/{tid}/host", json={"token": tokens[0]})   # a seat is not the host
    assert r.status_code == 403 and "seats" not in r.json() and "/play/" not in r.text


def test_a_flood_from_one_connection_is_refused(tmp_path):
    """A connection may send a burst of messages, then a few a second; the clock stands
    still here, so the burst is all it may send."""
    with serving(tmp_path, rate=1.0, burst=3, clock=lambda: 0.0) as client:
        tid, _, tokens = open_table(client, "yacht_race")
        ws, view = join(client, tid, tokens[0])           # the hello is message 1
        before = table_of(client, tid).count
        for _ in range(2):
            ws.send_json({"act": "nonsense", "n": before})
            msg = ws.receive_json()         # within the burst: judged (and refused) on its merits
            assert msg["type"] == "refused" and "too many" not in msg["reason"]
        for _ in range(3):
            ws.send_json({"act": "sail N", "n": before})
            msg = ws.receive_json()
            assert msg["type"] == "refused" and "too many messages" in msg["reason"]
        _unchanged(client, tid, before)


def test_the_host_frees_a_seat_and_tokens_never_reach_the_log(client, caplog):
    caplog.set_level(logging.DEBUG)
    tid, host, tokens = open_table(client, "race_the_wind")
    ws, view = join(client, tid, tokens[1])
    r = client.post(f"/api/tables/{tid}/free", json={"token": tokens[0], "seat": 1})   # not the host
    assert r.status_code == 403 and "only the host" in r.json()["reason"]
    r = client.post(f"/api/tables/{tid}/free", json={"token": host, "seat": 1})
    assert r.status_code == 200
    new = r.json()["seats"][1]["link"].split("#", 1)[1]
    assert new != tokens[1]
    msg = ws.receive_json()                 # the old connection is told, then closed
    assert msg["type"] == "refused" and "freed" in msg["reason"]
    with client.websocket_connect(f"/ws/{tid}") as old:
        old.send_json({"token": tokens[1]})
        assert "no longer" in old.receive_json()["reason"]
    ws2, view2 = join(client, tid, new)
    assert view2["seat"] == 1
    assert "joined" in caplog.text and "freed" in caplog.text
    for secret in [host, new, *tokens.values()]:
        assert secret not in caplog.text


# -- hidden information -------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["regatta_gigamic", "dinghy_race"])
def test_what_a_seat_is_sent_does_not_change_with_what_another_seat_hides(client, rules):
    """The view a seat is sent (observation, actions, log, picture) is the same whether
    the other seat holds this hand (this face-down card) or another one (the game's
    hidden_variant), so nothing of it is in there."""
    tid, _, tokens = open_table(client, rules)
    ws, _ = join(client, tid, tokens[0])
    race = table_of(client, tid).race
    brain, rng = skipper(None, rules), random.Random(2)
    checked = 0
    for step in range(80):
        seat = race.current_player()
        if seat >= 0 and step % 5 == 0:
            other = 1 - seat
            state = race.state
            variant = race.game.hidden_variant(state, other, random.Random(step))
            if variant != state:
                checked += 1
                views = []
                for st in (state, variant):
                    table = table_of(client, tid)
                    fake = type(table)(tid, Race.from_state(race.game, st), table.host_token,
                                       table.seat_tokens, table.bots)
                    views.append(seat_view(fake, seat))
                assert views[0] == views[1]
        if race.over:
            break
        client.app.state.tables.act(table_of(client, tid), race.current_player(),
                                    race.game.action_text(brain.choose(race, rng)), len(race.actions))
    assert checked >= 3


def test_a_gigamic_seat_is_sent_its_own_hand_and_only_the_size_of_the_others(client):
    tid, _, tokens = open_table(client, "regatta_gigamic")
    w0, v0 = join(client, tid, tokens[0])
    state = table_of(client, tid).race.state
    assert v0["seen"]["hand"] == list(state.hands[0])
    assert [b["cards"] for b in v0["seen"]["boats"]] == [len(h) for h in state.hands]
    text = json.dumps(v0)
    assert "hands" not in text
    # the log is the events' words: the deal and draws are never named card by card
    assert not any(card in line for line in v0["log"] for card in state.hands[1])


# -- nothing lost ---------------------------------------------------------------------------

def test_a_new_server_on_the_same_store_resumes_every_table(tmp_path):
    """The first app is never shut down (its SQLite connection left open, as a kill -9
    leaves it); a second app on the same folder has every table, at the same action, and
    the seats play on with their links."""
    first = TestClient(create_app(tmp_path))
    first.__enter__()
    first.sockets = []
    played = {}
    for rules in ("dinghy_race", "regatta_gigamic", "yacht_race"):
        tid, _, tokens = open_table(first, rules, ("person", "easy"))
        ws, view = join(first, tid, tokens[0])
        for _ in range(3):
            if view["over"]:
                break
            ws.send_json({"act": view["actions"][0]["text"], "n": view["n"]})
            view = ws.receive_json()
        race = table_of(first, tid).race
        played[tid] = (tokens[0], [race.game.action_text(a) for a in race.actions], view)
    with serving(tmp_path) as second:
        for tid, (token, texts, view) in played.items():
            race = table_of(second, tid).race
            assert [race.game.action_text(a) for a in race.actions] == texts
            ws, again = join(second, tid, token)
            assert again["n"] == view["n"] and again["actions"] == view["actions"]
            ws.send_json({"act": again["actions"][0]["text"], "n": again["n"]})
            after = ws.receive_json()
            assert after["type"] == "view" and after["n"] > again["n"]


def test_the_start_page_lists_every_game_and_refuses_a_bad_table(client):
    info = client.get("/api/games").json()
    assert {g["name"] for g in info["games"]} == set(games.GAMES)
    page = client.get("/play/abc")
    assert page.status_code == 200 and "/static/dinghy.js" in page.text
    assert client.get("/static/dinghy.js").status_code == 200
    for body, reason in [({"rules": "chess", "board": "x", "seats": []}, "unknown game"),
                         ({"rules": "yacht_race", "board": "nowhere", "seats": []}, "unknown board"),
                         ({"rules": "yacht_race", "board": "yacht_race",
                           "seats": [{"who": "easy"}, {"who": "hard"}]}, "at least one person"),
                         ({"rules": "yacht_race", "board": "yacht_race",
                           "seats": [{"who": "person"}, {"who": "god"}]}, "'who'")]:
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400 and reason in r.json()["reason"], r.text
    r = client.post("/api/tables", content=b"{" * (MAX_MESSAGE + 1))
    assert r.status_code == 400 and "too long" in r.json()["reason"]
    assert client.app.state.tables.tables == {}


# -- the real server: `dinghy serve`, killed with kill -9 ------------------------------------

def test_dinghy_serve_killed_with_kill_9_brings_every_table_back(tmp_path):
    import signal

    import httpx
    from websockets.sync.client import connect
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(tmp_path, port)
    try:
        made = {}
        for rules in ("race_the_wind", "regatta"):
            r = httpx.post(f"{base}/api/tables", json={"rules": rules, "board": BOARDS[rules],
                                                       "seats": [{"who": "person"}, {"who": "easy"}]}).json()
            host = r["host"].split("#", 1)[1]
            link = httpx.post(f"{base}/api/tables/{r['table']}/host", json={"token": host}).json()["seats"][0]["link"]
            assert link.startswith(f"{base}/play/{r['table']}#")
            token = link.split("#", 1)[1]
            with connect(f"ws://127.0.0.1:{port}/ws/{r['table']}") as ws:
                ws.send(json.dumps({"token": token}))
                view = json.loads(ws.recv())
                for _ in range(4):
                    ws.send(json.dumps({"act": view["actions"][0]["text"], "n": view["n"]}))
                    view = json.loads(ws.recv())
                    assert view["type"] == "view"
            made[r["table"]] = (token, view)
    finally:
        proc.send_signal(signal.SIGKILL)
        out = proc.communicate()[0].decode()
    for token, _ in made.values():
        assert token not in out                 # the server's own log and uvicorn's access log
    assert "/api/tables" in out                 # (the access log was on)
    proc = start_server(tmp_path, port)
    try:
        for tid, (token, view) in made.items():
            with connect(f"ws://127.0.0.1:{port}/ws/{tid}") as ws:
                ws.send(json.dumps({"token": token}))
                again = json.loads(ws.recv())
                assert again["n"] == view["n"] and again["log"] == view["log"]
                assert again["actions"] == view["actions"] and again["svg"] == view["svg"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.communicate()


# -- tap targets on the board ---------------------------------------------------------------

@pytest.mark.parametrize("rules", ["dinghy_race", "yacht_race", "race_the_wind"])
def test_the_choices_that_move_a_boat_are_targets_where_the_engine_puts_it(fast_client, rules):
    """Issue 24: "The seat's choices come as tap targets on the SVG". Each target lies
    where the engine's apply puts the acting boat (within the target's reach: points a
    finger cannot tell apart are one target, a chooser); every choice that moves the boat
    has a target, the others stay buttons; the seat waiting gets none."""
    from dinghy.core.picture import Frame
    tid, _, tokens = open_table(fast_client, rules)
    conns, views = {}, {}
    for k, t in tokens.items():
        conns[k], views[k] = join(fast_client, tid, t)
    table = table_of(fast_client, tid)
    race = table.race
    frame = Frame(race.game.board_drawing(), 800.0, race.game.seats())
    brain, rng = skipper(None, rules), random.Random(4)
    checked = 0
    for _ in range(30):
        seat = next(k for k, v in views.items() if v["yours"])
        view, other = views[seat], views[1 - seat]
        assert other["targets"] == []
        offered = {a["text"] for a in view["actions"]}
        placed = {race.game.action_text(a) for _, a in race.game.board_placements(race.state)}
        on_board = [a["text"] for t in view["targets"] for a in t["acts"]]
        assert len(on_board) == len(set(on_board)) and set(on_board) <= offered | placed
        before = race.game.boat_points(race.state)[seat]
        for text in offered:
            after, _ = race.game.apply(race.state, race.game.parse_action(text))
            point = race.game.boat_points(after)[seat]
            if point is None or point == before:
                assert text not in on_board
                continue
            px, py = frame.px(point)
            target = next(t for t in view["targets"] if text in [a["text"] for a in t["acts"]])
            assert ((target["x"] - px) ** 2 + (target["y"] - py) ** 2) ** 0.5 <= 2 * view["target_r"] + 0.2
            checked += 1
        conns[seat].send_json({"act": race.game.action_text(brain.choose(race, rng)), "n": view["n"]})
        for k in sorted(conns, key=lambda k: k != seat):
            views[k] = conns[k].receive_json()
            assert views[k]["type"] == "view", views[k]
        if race.over:
            break
    assert checked >= 10


def test_the_start_page_offers_each_games_options_and_the_table_keeps_them(client, tmp_path):
    """Issue 24: "From the start page a host creates a table: the game, the board, the
    options". An option chosen is in the race's set-up and in its stored record; an
    option the game lacks, or a value not among its choices, is refused."""
    info = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert {o["key"] for o in info["race_the_wind"]["options"]} == {"proper_course", "better_spinnaker"}
    assert [c["value"] for c in info["regatta_advanced"]["options"][0]["choices"]] == ["forfeit", "disqualify"]
    seats = [{"who": "person"}, {"who": "person"}]
    r = client.post("/api/tables", json={"rules": "race_the_wind", "board": "race_the_wind", "seats": seats,
                                         "options": {"better_spinnaker": True, "proper_course": False}})
    assert r.status_code == 200, r.text
    game = table_of(client, r.json()["table"]).race.game
    assert game.better_spinnaker is True and game.proper_course is False
    assert dict(game.setup.extra) == {"better_spinnaker": True}        # the defaults are not written
    db = sqlite3.connect(tmp_path / DB_NAME)
    setup = json.loads(db.execute("SELECT setup FROM race_table WHERE id = ?", (r.json()["table"],)).fetchone()[0])
    assert setup["extra"] == [["better_spinnaker", True]]
    for options, reason in [({"wings": True}, "no option 'wings'"),
                            ({"better_spinnaker": "yes"}, "Better spinnaker: one of Off, On"),
                            ({"better_spinnaker": 1}, "one of"),
                            (["better_spinnaker"], "'options' is an object")]:
        r = client.post("/api/tables", json={"rules": "race_the_wind", "board": "race_the_wind",
                                             "seats": seats, "options": options})
        assert r.status_code == 400 and reason in r.json()["reason"], r.text


def test_a_dinghy_race_move_says_what_it_does_in_the_engines_words(fast_client):
    """Issue 24: each choice with "the hazard odds": before a move is made the seat is
    told, in the engine's words (``game.outcome``), where it ends and what it stops short
    of or rolls for, and before Lady Luck cards are committed the odds of the roll; a
    choice the game tells nothing of says nothing."""
    tid, _, tokens = open_table(fast_client, "dinghy_race")
    conns, views = {}, {}
    for k, t in tokens.items():
        conns[k], views[k] = join(fast_client, tid, t)
    race = table_of(fast_client, tid).race
    brain, rng = skipper(None, "dinghy_race"), random.Random(6)
    told = lucky = 0
    for _ in range(300):
        seat = next(k for k, v in views.items() if v["yours"])
        for a in views[seat]["actions"]:
            action = race.game.parse_action(a["text"])
            if a["text"].startswith(("move ", "luck ")):
                assert a["does"] == race.game.outcome(race.state, action).describe(race.game.name(seat))
                assert a["does"].startswith(f"{race.game.name(seat)} sails ") or "no harm done" in a["does"]
                told += 1
                lucky += a["text"].startswith("luck ")
            else:
                assert a["does"] == ""
        conns[seat].send_json({"act": race.game.action_text(brain.choose(race, rng)), "n": views[seat]["n"]})
        for k in sorted(conns, key=lambda k: k != seat):
            views[k] = conns[k].receive_json()
            assert views[k]["type"] == "view", views[k]
        if told >= 12 and lucky:
            break
    assert told >= 12 and lucky


def test_a_person_protests_out_of_turn_and_only_calls_open_to_that_seat_are_taken(fast_client):
    """Issue 24 (people's out-of-turn calls): Dinghy Race's protest against the latest
    right-of-way ruling is "decided by the players (the Race Steward)": any person may
    send it, on their turn or not; the game's ``caller`` names whose call a claim for
    room is (the inner boat's). A call nobody may make now is refused, nothing changed."""
    from dinghy.games.dinghy_race.actions import Overlap, Protest
    from dinghy.serve.tables import make_setup
    tables = fast_client.app.state.tables
    table = tables.create("dinghy_race", make_setup("dinghy_race", "short_lap",
                                                    [{"who": "person"}, {"who": "person"}], 1))
    race = table.race
    assert race.game.caller(race.state, Overlap(1)) == 1 and race.game.caller(race.state, Protest(True)) is None
    conns, views = {}, {}
    for k, t in table.seat_tokens.items():
        conns[k], views[k] = join(fast_client, table.table_id, t)
    brain, rng = skipper(None, "dinghy_race"), random.Random(1)
    while not views[0]["calls"]:
        assert views[1]["calls"] == [] and not race.interjections()
        seat = next(k for k, v in views.items() if v["yours"])
        conns[seat].send_json({"act": race.game.action_text(brain.choose(race, rng)), "n": views[seat]["n"]})
        for k in sorted(conns, key=lambda k: k != seat):
            views[k] = conns[k].receive_json()
            assert views[k]["type"] == "view", views[k]
        assert len(race.actions) < 400
    assert [c["text"] for c in views[1]["calls"]] == ["protest upheld", "protest dismissed"] == \
        [race.game.action_text(a) for a in race.interjections()]
    waiting = next(k for k, v in views.items() if not v["yours"])
    before = table.count
    conns[waiting].send_json({"act": "overlap 0", "n": before})       # no claim for room is open
    assert conns[waiting].receive_json()["type"] == "refused"
    _unchanged(fast_client, table.table_id, before)
    conns[waiting].send_json({"act": "protest dismissed", "n": before})
    for k in sorted(conns, key=lambda k: k != waiting):
        views[k] = conns[k].receive_json()
        assert views[k]["type"] == "view" and views[k]["n"] == before + 1
        assert views[k]["calls"] == [] and any("Protest dismissed" in line for line in views[k]["log"])
    assert race.game.action_text(race.actions[-1]) == "protest dismissed"
    conns[waiting].send_json({"act": "protest upheld", "n": before + 1})  # the ruling is settled now
    msg = conns[waiting].receive_json()
    assert msg["type"] == "refused" and "not your turn" in msg["reason"]
    _unchanged(fast_client, table.table_id, before + 1)


# -- a Weather Eye card laid by a tap -------------------------------------------------------

def at_weather_eye(tables, seed):
    from botkit import served_at_weather_eye
    return served_at_weather_eye(tables, seed)


WE_RULE = ("He may place them anywhere on the playing surface at the end of his turn; the only "
           "restrictions are that the cards may not touch a boat, manoeuvre card or buoy, and that "
           "they must have a distance of at least one ruler length from Weather Eye cards already in "
           "play. The cards must be placed with either their short or their long side parallel to the wind")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_dinghy_race_seat_lays_a_weather_eye_card_by_tapping_its_place(fast_client, seed):
    """Dinghy Race: '""" + WE_RULE + """'. At its Weather Eye step a seat gets a target at
    every place near its boat where the engine lets the card lie (the game's
    ``weather_eye_places``, either way round), one target a place, its chooser naming
    each way in words; the other seat gets none. Sending one lays the card there, turned
    so; its text reads back as the same action."""
    from dinghy.core.picture import Frame
    from dinghy.games.dinghy_race.actions import WeatherEye
    table = at_weather_eye(fast_client.app.state.tables, seed)
    tokens, race, game = table.seat_tokens, table.race, table.race.game
    seat = race.current_player()
    ws, view = join(fast_client, table.table_id, tokens[seat])
    _, other = join(fast_client, table.table_id, tokens[1 - seat])
    assert view["yours"] and other["targets"] == []
    frame = Frame(game.board_drawing(), 800.0, game.seats())
    want: dict[tuple[float, float], list[str]] = {}
    for along in (True, False):
        for at in game.weather_eye_places(race.state, along):
            x, y = frame.px(at)
            want.setdefault((round(x, 1), round(y, 1)), []).append(
                game.action_text(WeatherEye(at[0], at[1], along)))
    eyes = {(t["x"], t["y"]): [a["text"] for a in t["acts"]] for t in view["targets"]
            if t["acts"][0]["text"].startswith("weathereye ")}
    assert eyes == want and len(eyes) >= 10
    both = next(t for t in view["targets"] if len(t["acts"]) == 2)
    # each way round comes with the card's outline where it would lie (the engine's shape)
    from dinghy.games.dinghy_race.state import WeatherEyeCard
    from dinghy.games.dinghy_race.weather_eye import weather_eye_shape
    for act in both["acts"]:
        a = game.parse_action(act["text"])
        ring = weather_eye_shape(game, WeatherEyeCard(a.x, a.y, a.long_side_along_wind, seat)).exterior.coords
        assert act["outline"] == " ".join(f"{x:.1f},{y:.1f}" for x, y in frame.poly(list(ring)[:-1]))
    assert [a["label"] for a in both["acts"]] == ["Weather Eye card, long side along the wind",
                                                 "Weather Eye card, long side across the wind"]
    text = both["acts"][1]["text"]
    action = game.parse_action(text)
    assert isinstance(action, WeatherEye) and game.action_text(action) == text
    assert not action.long_side_along_wind
    assert race.why_not(action) is None
    laid_before = len(race.state.weather_eyes)
    cards_before = race.state.boats[seat].weather_eye
    n = view["n"]
    ws.send_json({"act": text, "n": n})
    after = ws.receive_json()
    assert after["type"] == "view" and after["n"] > n and not after["yours"]
    assert game.action_text(race.actions[n]) == text
    state = race.history[n + 1]
    assert len(state.weather_eyes) == laid_before + 1 and state.boats[seat].weather_eye == cards_before - 1
    laid = state.weather_eyes[-1]
    assert (laid.x, laid.y, laid.long_side_along_wind, laid.owner) == (action.x, action.y, False, seat)
    # the card is on the board the seats are sent (the laid cards, over the course's own)
    import re
    pieces = re.search(r'<g class="pieces">(.*?)</g>', after["svg"], re.S)
    assert pieces and pieces.group(1).count("<polygon") == sum(w.owner is not None for w in state.weather_eyes)


def test_a_weather_eye_card_where_the_engine_refuses_it_is_refused_with_its_reason(fast_client):
    """Dinghy Race: '""" + WE_RULE + """'. A card sent on the seat's own boat, or off the
    playing area, is refused with the engine's reason and nothing changes."""
    from dinghy.games.dinghy_race.actions import WeatherEye
    table = at_weather_eye(fast_client.app.state.tables, 3)
    race, game = table.race, table.race.game
    seat = race.current_player()
    ws, view = join(fast_client, table.table_id, table.seat_tokens[seat])
    boat = race.state.boats[seat]
    n = view["n"]
    for action, words in [(WeatherEye(round(boat.pose.x, 1), round(boat.pose.y, 1), True),
                           f"touches {game.name(seat)}"),
                          (WeatherEye(-99999.0, 0.0, False), "must lie inside the playing area")]:
        why = race.why_not(action)
        assert why and words in why
        ws.send_json({"act": game.action_text(action), "n": n})
        msg = ws.receive_json()
        assert msg["type"] == "refused" and msg["reason"] == why
        _unchanged(fast_client, table.table_id, n)


@pytest.mark.parametrize("rules", list(BOARDS))
def test_the_board_a_seat_is_sent_shows_the_wind_of_the_table_now(fast_client, rules):
    """The pyglet table shows the wind; so does the board a seat is sent (the exports'
    SVG): its rose names the wind of the table's state now, as the game tells it
    (``board_wind``), and a game without wind (the Gigamic Regatta) has none."""
    import re
    tid, _, tokens = open_table(fast_client, rules)
    ws, view = join(fast_client, tid, tokens[0])
    state = table_of(fast_client, tid).race.state
    wind = table_of(fast_client, tid).race.game.board_wind(state)
    roses = re.findall(r'<g class="wind" data-from="([^"]+)">', view["svg"])
    assert roses == ([] if wind is None else [f"{wind % 360:g}"])
    assert (wind is None) == (rules == "regatta_gigamic")


def test_dinghy_serve_starts_without_the_bots_and_loads_only_a_tables_games_bots():
    """`dinghy serve` starts without any skipper, scipy or Pillow (a restart costs only
    what it needs); the first table with an easy bot of Race the Wind loads that game's
    skippers and no other game's (Dinghy Race's hard skipper and its field stay out);
    the registry gone through whole holds every game's, its default first."""
    import subprocess
    import sys
    script = "\n".join([
        "import sys",
        "import dinghy.serve.app",
        "print(sorted(m for m in ('scipy', 'PIL', 'dinghy.skippers', 'dinghy.core.picture') if m in sys.modules))",
        "from dinghy.skippers import skipper",
        "print(skipper('easy', 'race_the_wind').base.NAME)",
        "print(sorted(m for m in sys.modules if m.startswith('dinghy.skippers.') and m.count('.') == 3))",
    ])
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    start, easy, loaded = out.splitlines()
    assert start == "[]"
    assert easy == "navigator"
    assert "dinghy.skippers.race_the_wind.navigator" in loaded and "dinghy_race" not in loaded
    from dinghy.skippers import SKIPPERS
    whole = {rules: list(bots) for rules, bots in SKIPPERS.items()}
    assert set(whole) == set(games.GAMES)
    for rules, names in whole.items():
        assert names[0] == skipper(None, rules).NAME and names[-1] == "hard", rules
