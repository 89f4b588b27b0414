"""`dinghy serve`: the table in a browser (Starlette, served by uvicorn, websockets).

    GET  /                       the start page: create a table
    GET  /host/{id}, /play/{id}  the host's page and a seat's page (the same static page;
                                 the secret token rides in the link's #fragment, which a
                                 browser never sends in a request: no token in any log)
    GET  /hot/{id}               hot-seat (the host's token): every person's seat in one
                                 browser, each on its own websocket, a curtain between
    GET  /api/games              the games and their boards
    POST /api/tables             {rules, board, seats: [{name, who}], options} -> the host's link
    POST /api/tables/{id}/host   {token} -> each seat's join link and QR code (SVG)
    POST /api/tables/{id}/free   {token, seat} -> that seat's new link (the old one stops)
    WS   /ws/{id}                {"token"} first, then {"act": text, "n": count}; each seat
                                 gets {"type": "view", ...} after every change, a refused
                                 message gets {"type": "refused", "reason"}
"""
from __future__ import annotations

import asyncio
import contextlib
import io as bytes_io
import json
import logging
import secrets
import time
from pathlib import Path
from typing import Any

import anyio
import segno
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from dinghy import games
from dinghy.core.errors import DinghyError
from dinghy.serve.store import DB_NAME, SQLiteStore, Store
from dinghy.core.setup import PALETTE
from dinghy.serve.tables import Refused, Table, Tables, hex_colour, make_setup

STATIC = Path(__file__).resolve().parent / "static"
#: The largest message a browser may send (a websocket text or a request body), in bytes.
MAX_MESSAGE = 2048
#: Messages a connection may send: ``burst`` at once, then ``rate`` a second.
RATE, BURST = 5.0, 20

log = logging.getLogger("dinghy.serve")


class Bucket:
    """A token bucket: a connection may send ``burst`` messages at once, then ``rate`` a
    second; ``clock`` is injectable for tests."""

    def __init__(self, rate: float, burst: int, clock: Any = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.level, self.at = float(burst), clock()

    def take(self) -> bool:
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def _parse(raw: Any) -> dict[str, Any]:
    """A browser's message as a JSON object of at most MAX_MESSAGE bytes; Refused if not."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE:
            raise Refused(f"message too long (over {MAX_MESSAGE} bytes)")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("a message is UTF-8 JSON") from None
    if not isinstance(raw, str):
        raise Refused("a message is UTF-8 JSON")
    if len(raw.encode("utf-8")) > MAX_MESSAGE:
        raise Refused(f"message too long (over {MAX_MESSAGE} bytes)")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise Refused("a message is a JSON object") from None
    if not isinstance(data, dict):
        raise Refused("a message is a JSON object")
    return data


async def _body(request: Request) -> dict[str, Any]:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_MESSAGE:
            raise Refused(f"request too long (over {MAX_MESSAGE} bytes)")
    return _parse(raw)


def _refusal(exc: Refused, status: int = 400) -> JSONResponse:
    return JSONResponse({"type": "refused", "reason": str(exc)}, status_code=status)


def qr_svg(link: str) -> str:
    out = bytes_io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False,
                                     svgclass="qr", title="Scan to join")
    return out.getvalue().decode("utf-8")


def create_app(data: str | Path | None = None, store: Store | None = None,
               rate: float = RATE, burst: int = BURST, clock: Any = time.monotonic) -> Starlette:
    """The server's app, its tables kept in ``store`` (default: the SQLite file in
    ``data``)."""
    if store is None:
        if data is None:
            raise ValueError("create_app needs a data folder or a store")
        store = SQLiteStore(Path(data) / DB_NAME)
    tables = Tables(store)
    watchers: dict[str, dict[WebSocket, int]] = {}

    async def page(request: Request) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Referrer-Policy": "no-referrer",
                                                            "Cache-Control": "no-store"})

    async def list_games(request: Request) -> JSONResponse:
        return JSONResponse({"games": [{"name": e.name, "title": e.title, "boards": e.boards(),
                                        "options": [{"key": o.key, "label": o.label, "help": o.help,
                                                     "default": o.default,
                                                     "choices": [{"value": v, "words": w} for v, w in o.choices]}
                                                    for o in e.options]}
                                       for e in games.GAMES.values()],
                             "levels": ["easy", "medium", "hard"],
                             "colours": [{"name": c, "paint": hex_colour(c)} for c in PALETTE]})

    async def create(request: Request) -> JSONResponse:
        try:
            body = await _body(request)
            seed = secrets.randbelow(1 << 31)
            setup = make_setup(body.get("rules"), body.get("board"), body.get("seats"), seed,
                               body.get("options"))
            table = await anyio.to_thread.run_sync(tables.create, body["rules"], setup)
        except Refused as exc:
            return _refusal(exc)
        except DinghyError as exc:
            return _refusal(Refused(str(exc)))
        log.info("table %s created: %s, %d seats", table.table_id, body["rules"], len(setup.seats))
        return JSONResponse({"table": table.table_id,
                             "host": f"/host/{table.table_id}#{table.host_token}"})

    def _links(request: Request, table: Table) -> list[dict[str, Any]]:
        base = str(request.base_url).rstrip("/")
        out = []
        for k, s in enumerate(table.race.game.setup.seats):
            row: dict[str, Any] = {"seat": k, "name": s.name, "colour": hex_colour(s.colour), "bot": s.skipper}
            if k in table.seat_tokens:
                link = f"{base}/play/{table.table_id}#{table.seat_tokens[k]}"
                row.update(link=link, qr=qr_svg(link))
            out.append(row)
        return out

    async def host(request: Request) -> JSONResponse:
        try:
            table = tables.get(request.path_params["table_id"])
            body = await _body(request)
            if not isinstance(body.get("token"), str) or not table.is_host(body["token"]):
                raise Refused("only the host's link shows the seats' links")
        except Refused as exc:
            return _refusal(exc, 403)
        return JSONResponse({"table": table.table_id, "game": table.race.game.title,
                             "seats": _links(request, table)})

    async def free(request: Request) -> JSONResponse:
        try:
            table = tables.get(request.path_params["table_id"])
            body = await _body(request)
            token = body.get("token")
            seat = body.get("seat")
            tables.free_seat(table, token if isinstance(token, str) else "", seat)
        except Refused as exc:
            return _refusal(exc, 403)
        log.info("table %s: the host freed seat %d", table.table_id, seat)
        for ws, k in list(watchers.get(table.table_id, {}).items()):
            if k == seat:
                watchers[table.table_id].pop(ws, None)
                try:
                    await ws.send_json({"type": "refused", "reason": "the host has freed this seat"})
                    await ws.close(code=1008)
                except Exception:
                    pass
        return JSONResponse({"seats": _links(request, table)})

    async def push(table: Table) -> None:
        """Each seat watching ``table`` its own new view."""
        conns = list(watchers.get(table.table_id, {}).items())
        views = await anyio.to_thread.run_sync(tables.views, table, {seat for _, seat in conns})

        async def send(ws: WebSocket, seat: int) -> None:
            try:
                await ws.send_text(views[seat])
            except Exception:
                watchers.get(table.table_id, {}).pop(ws, None)
        await asyncio.gather(*(send(ws, seat) for ws, seat in conns))

    async def play(ws: WebSocket) -> None:
        await ws.accept()
        bucket = Bucket(rate, burst, clock)
        table_id = ws.path_params["table_id"]
        seat: int | None = None
        try:
            while True:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                try:
                    if not bucket.take():
                        raise Refused("too many messages: slow down")
                    data = _parse(raw.get("text") if raw.get("text") is not None else raw.get("bytes"))
                    table = tables.get(table_id)
                    if seat is None:
                        token = data.get("token")
                        seat = table.seat_of(token) if isinstance(token, str) else None
                        if seat is None:
                            raise Refused("this link is not (or no longer) a seat at this table")
                        watchers.setdefault(table_id, {})[ws] = seat
                        log.info("table %s: seat %d joined", table_id, seat)
                        view = await anyio.to_thread.run_sync(tables.views, table, {seat})
                        await ws.send_text(view[seat])
                        continue
                    if set(data) - {"act", "n"}:
                        raise Refused("a message holds 'act' and 'n' only")
                    if watchers.get(table_id, {}).get(ws) != seat:
                        raise Refused("this seat has been freed")
                    before = table.count
                    try:
                        await anyio.to_thread.run_sync(tables.act, table, seat, data.get("act"), data.get("n"))
                    finally:
                        if table.count != before:       # whatever happened, what was played is shown
                            await push(table)
                except Refused as exc:
                    await ws.send_json({"type": "refused", "reason": str(exc)})
                except DinghyError as exc:      # the engine turned it down after all
                    await ws.send_json({"type": "refused", "reason": str(exc)})
                except WebSocketDisconnect:
                    raise
                except Exception:               # a bug: said, logged, the connection lives on
                    log.exception("table %s: the server failed on a message", table_id)
                    await ws.send_json({"type": "refused", "reason": "the server failed on that "
                                        "(its log says why)"})
        except WebSocketDisconnect:
            pass
        finally:
            watchers.get(table_id, {}).pop(ws, None)

    routes = [
        Route("/", page), Route("/host/{table_id}", page), Route("/play/{table_id}", page),
        Route("/hot/{table_id}", page),
        Route("/api/games", list_games),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table_id}/host", host, methods=["POST"]),
        Route("/api/tables/{table_id}/free", free, methods=["POST"]),
        WebSocketRoute("/ws/{table_id}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
        store.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.tables = tables
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, data: str | Path | None = None) -> int:
    """Run the server until interrupted (``dinghy serve``)."""
    import uvicorn
    from dinghy.core import io
    folder = Path(data) if data is not None else io.user_home() / "serve"
    app = create_app(folder)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    print(f"dinghy serve: tables kept in {folder / DB_NAME}; open http://{host}:{port}/", flush=True)
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE * 4, log_level="info")
    return 0
