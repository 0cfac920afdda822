"""Load test of the web server: many bot-vs-bot tables at once on one server with 2 worker processes.

Each table seats a bot of the server (``greedy``, moving with no delay) against a bot playing
over a WebSocket from this script (a random legal action each time it is offered some), as a
browser would. Reported: errors, games finished, and the action round trip, from sending an
action to receiving the position it produced, as this client measures it (median, 90th and
99th percentiles). Not part of the test suite: run it by hand,

    python benchmarks/web_load.py --tables 50 --workers 2

It needs the [web] extra. It starts ``tabletop serve`` on a free port and a fresh database.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


async def play(base: str, links: dict, rng: random.Random, times: list[float], max_actions: int) -> dict:
    """Play the client seat of one table to the end; its result."""
    tok = links["seats"][0]["url"].split("#k=")[1]
    table = links["table"]
    async with websockets.connect(f"ws://{base}/ws/{table}", max_size=None) as ws:

        async def position() -> dict:
            while True:
                m = json.loads(await ws.recv())
                if m["type"] in ("refused", "error"):
                    raise RuntimeError(f"table {table}: {m.get('reason') or m.get('error')}")
                if m["type"] == "state":
                    return m

        await ws.send(json.dumps({"type": "hello", "token": tok}))
        m = await position()
        actions = 0
        while not m["view"]["over"]:
            if not m["legal"]:
                m = await position()
                continue
            if actions >= max_actions:
                raise RuntimeError(f"table {table}: no end after {actions} actions")
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "text": rng.choice(m["legal"])["text"], "version": m["version"]}))
            before = m["version"]
            m = await position()
            while m["version"] <= before:
                m = await position()
            times.append(time.perf_counter() - sent)
            actions += 1
        return {"winner": m["result"]["winner"], "steps": m["step"], "actions": actions}


async def main_async(args) -> int:
    port = free_port()
    base = f"127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "load.sqlite3"
        server = subprocess.Popen([sys.executable, "-m", "tabletop.cli.main", "serve", "--port", str(port), "--db",
                                   str(db), "--workers", str(args.workers), "--bot-delay", "0"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"http://{base}/api/games", timeout=2)
                    break
                except OSError:
                    await asyncio.sleep(0.1)
            games = ["volfyirion", "virevolt"]
            tables = [post(f"http://{base}/api/tables", {"game": games[i % 2], "seed": args.seed + i,
                                                         "seats": [{"kind": "invite"}, {"kind": "bot", "bot": "greedy"}]})
                      for i in range(args.tables)]
            times: list[float] = []
            start = time.perf_counter()
            results = await asyncio.gather(*(play(base, t, random.Random(args.seed + i), times, args.max_actions)
                                              for i, t in enumerate(tables)), return_exceptions=True)
            wall = time.perf_counter() - start
        finally:
            server.terminate()
            out, _ = server.communicate(timeout=30)
    errors = [r for r in results if isinstance(r, BaseException)]
    done = [r for r in results if isinstance(r, dict)]
    times.sort()
    q = lambda p: times[min(len(times) - 1, int(p * len(times)))] * 1000  # noqa: E731
    print(f"tables: {args.tables} ({args.workers} server workers), finished: {len(done)}, errors: {len(errors)}")
    for e in errors[:5]:
        print(f"  error: {type(e).__name__}: {e}")
    if out.strip() and args.verbose:
        print("server said:\n" + out)
    if times:
        print(f"client actions: {len(times)} in {wall:.1f} s ({len(times) / wall:.0f}/s); server steps in all: "
              f"{sum(r['steps'] for r in done)}")
        print(f"action round trip: median {statistics.median(times) * 1000:.1f} ms, p90 {q(0.9):.1f} ms, "
              f"p99 {q(0.99):.1f} ms, max {times[-1] * 1000:.1f} ms")
    return 0 if not errors and len(done) == args.tables else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-actions", type=int, default=3000)
    ap.add_argument("--verbose", action="store_true")
    return asyncio.run(main_async(ap.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
