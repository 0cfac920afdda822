"""`tabletop serve` as a user starts it, several server processes on one database, MCTS bots."""
from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request

from tests.web.browser import free_port
from tests.web.conftest import Seat, Server, token


def test_serve_prints_its_address_and_serves_the_lobby(tmp_path):
    port = free_port()
    db = tmp_path / "sub" / "tables.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "tabletop.cli.main", "serve", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = proc.stdout.readline()
        assert f"http://localhost:{port}/" in line and str(db) in line
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2) as r:
                    games = json.loads(r.read())["games"]
                break
            except OSError:
                time.sleep(0.1)
        assert {"volfyirion", "virevolt"} <= {g["name"] for g in games}
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as r:
            assert b"Create the table" in r.read()
        assert db.exists()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_two_server_processes_on_one_database_see_each_others_moves(tmp_path):
    db = tmp_path / "tables.sqlite3"
    one, two = Server(db), Server(db)
    try:
        links = one.table("volfyirion", [{"kind": "here"}, {"kind": "invite"}], seed=5, options={"first": "p1"})
        a = Seat(one, links["table"], token(links["seats"][0]))
        b = Seat(two, links["table"], token(links["seats"][1]))
        m = a.act(a.last["legal"][0]["text"])
        assert m["type"] == "state"
        seen = b.until(lambda s: s["step"] == m["step"])   # the other process polls the table's version
        assert seen["view"]["players"]["p1"]["play"] == m["view"]["players"]["p1"]["play"]
    finally:
        one.stop()
        two.stop()


def test_an_mcts_bot_thinks_in_another_process_and_moves(server):
    links = server.table("virevolt", [{"kind": "here"}, {"kind": "bot", "bot": "mcts:20"}], seed=4,
                         options={"first": "p2"})
    a = Seat(server, links["table"], token(links["seats"][0]))
    m = a.last if a.last["to_move"] == "p1" else a.until(lambda s: s["to_move"] == "p1" or s["view"]["over"])
    assert m["step"] > 0
    assert server.client.app.state.hub._pool is not None
