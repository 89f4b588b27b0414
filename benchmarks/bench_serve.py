"""Load on `dinghy serve`: tables x seats on localhost, scripted websocket clients.

    python benchmarks/bench_serve.py                          # 10 tables of 6 seats, 20 s
    python benchmarks/bench_serve.py --tables 50 --seats 6    # issue 24's load (busy machine: long)
    python benchmarks/bench_serve.py --long 700               # one long race, no web: early vs late

Starts `dinghy serve` in its own process on a free port, creates the tables (``--people``
people per table, the other seats easy bots), connects one websocket client per person
and lets each person tap a random offered button on its turn. For every tap it times
the span from the send to the moment every person's client of that table has received
the new view (bots and chance act in between, on the server). Prints p50 and p95 of
that span, the taps played, and the server's resident memory per table (the rise over
an idle server, divided by the tables). Not a test: no assertion, just figures.

``--long N``: one table of people only (``--seats`` of them, no bots) played in this
process for N taps (each person taps what the game's default skipper would choose, so
that the boats sail the course and their tracks grow), timing what the server does for
a tap: the action played and stored, then every seat's view drawn (the
board's SVG and all). Prints the mean of each stretch of 100 actions: a tap late in a
long race should cost what it costs early.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

from dinghy.serve.launch import free_port, start_server


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def start(folder: str, port: int) -> subprocess.Popen:
    log = open(Path(folder) / "server.log", "wb")       # the server's own log, kept beside its tables
    try:
        return start_server(folder, port, out=log)
    except RuntimeError as exc:
        raise SystemExit(str(exc)) from None


async def table_run(port: int, tid: str, tokens: list[str], until: float, lat: list[float],
                    rng: random.Random, refused: list[int]) -> int:
    """Every person of one table, tapping on their turn until ``until``; the taps played."""
    socks = [await connect(f"ws://127.0.0.1:{port}/ws/{tid}", max_size=1 << 24) for _ in tokens]
    views = []
    for ws, tok in zip(socks, tokens):
        await ws.send(json.dumps({"token": tok}))
        views.append(json.loads(await ws.recv()))
    taps = 0
    try:
        while time.monotonic() < until and not views[0]["over"]:
            mover = next((k for k, v in enumerate(views) if v["yours"]), None)
            if mover is None:
                break
            v = views[mover]
            t0 = time.perf_counter()
            await socks[mover].send(json.dumps({"act": rng.choice(v["actions"])["text"], "n": v["n"]}))
            first = json.loads(await socks[mover].recv())
            if first.get("type") != "view":               # refused (the flood limit): tap again
                refused[0] += 1
                if refused[0] <= 3:
                    print("  refused:", first.get("reason"), flush=True)
                await asyncio.sleep(1.0)
                continue
            views[mover] = first
            for k, ws in enumerate(socks):
                if k != mover:
                    views[k] = json.loads(await ws.recv())
            lat.append(time.perf_counter() - t0)
            taps += 1
            await asyncio.sleep(rng.uniform(0.2, 0.6))    # a person does not tap without pause
    finally:
        for ws in socks:
            await ws.close()
    return taps


async def main_async(args: argparse.Namespace) -> None:
    port = free_port()
    folder = tempfile.mkdtemp(prefix="bench_serve.")
    proc = start(folder, port)
    try:
        base = f"http://127.0.0.1:{port}"
        idle = rss_kb(proc.pid)
        seats = [{"who": "person"}] * args.people + [{"who": "easy"}] * (args.seats - args.people)
        made = []
        t = time.perf_counter()
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            for _ in range(args.tables):
                r = (await http.post("/api/tables", json={"rules": args.rules, "board": args.board,
                                                         "seats": seats})).json()
                host = r["host"].split("#", 1)[1]
                links = (await http.post(f"/api/tables/{r['table']}/host", json={"token": host})).json()["seats"]
                made.append((r["table"], [s["link"].split("#", 1)[1] for s in links if "link" in s]))
        create_s = time.perf_counter() - t
        loaded = rss_kb(proc.pid)
        lat: list[float] = []
        refused = [0]
        until = time.monotonic() + args.seconds
        taps = await asyncio.gather(*(table_run(port, tid, toks, until, lat, random.Random(i), refused)
                                      for i, (tid, toks) in enumerate(made)))
        after = rss_kb(proc.pid)
    finally:
        proc.kill()
        proc.wait()
    q = statistics.quantiles(lat, n=20) if len(lat) >= 20 else [float("nan")] * 19
    print(f"server log: {Path(folder) / 'server.log'}")
    print(f"{args.tables} tables of {args.seats} seats ({args.people} people, the rest easy bots), "
          f"{args.rules} on {args.board}, {args.seconds:.0f} s")
    print(f"  tables created in {create_s:.2f} s; taps played {sum(taps)}, refused {refused[0]}")
    print(f"  update latency (send -> every person of the table has the new view, bots in between): "
          f"p50 {statistics.median(lat) * 1000:.1f} ms, p95 {q[18] * 1000:.1f} ms, max {max(lat) * 1000:.1f} ms")
    print(f"  server memory: idle {idle / 1024:.1f} MB, with the tables {loaded / 1024:.1f} MB, "
          f"after play {after / 1024:.1f} MB: {(after - idle) / args.tables:.0f} kB per table")


def long_race(args: argparse.Namespace) -> None:
    from dinghy.serve.store import SQLiteStore
    from dinghy.serve.tables import Tables, make_setup
    from dinghy.skippers import skipper

    tables = Tables(SQLiteStore(Path(tempfile.mkdtemp(prefix="bench_serve.")) / "tables.sqlite"))
    seats = [{"who": "person"}] * args.seats
    table = tables.create(args.rules, make_setup(args.rules, args.board, seats, 7))
    rng, spans, bot = random.Random(7), [], skipper(None, args.rules)
    every = set(range(args.seats))
    views = {k: json.loads(v) for k, v in tables.views(table, every).items()}
    while len(spans) < args.long and not views[0]["over"]:
        mover = next(k for k, v in views.items() if v["yours"])
        text = table.race.game.action_text(bot.choose(table.race, rng))
        t = time.process_time()
        tables.act(table, mover, text, views[mover]["n"])
        texts = tables.views(table, every)
        spans.append(time.process_time() - t)
        views = {k: json.loads(x) for k, x in texts.items()}
    print(f"one table of {args.seats} people, {args.rules} on {args.board}: {len(spans)} taps "
          f"({table.count} actions), CPU ms a tap (play + every seat's view), mean of each 100:")
    for at in range(0, len(spans), 100):
        part = spans[at:at + 100]
        print(f"  taps {at + 1:4d}-{at + len(part):4d}: {statistics.mean(part) * 1000:6.1f} ms "
              f"(max {max(part) * 1000:.1f})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--seats", type=int, default=6)
    ap.add_argument("--people", type=int, default=2, help="people per table (scripted clients)")
    ap.add_argument("--rules", default="race_the_wind")
    ap.add_argument("--board", default="race_the_wind")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--long", type=int, default=0, help="one long race of this many taps, in this process")
    args = ap.parse_args()
    if args.long:
        long_race(args)
    else:
        asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
