"""A web server in the test process (Starlette's TestClient) over a database in a temporary folder."""
from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from tabletop.web.app import create_app


class Server:
    """One running app over ``db``; ``restart()`` stops it and starts a new one on the same database."""

    def __init__(self, db) -> None:
        self.db = db
        self.client = None
        self.seats: list = []
        self.start()

    def start(self) -> None:
        self.client = TestClient(create_app(self.db, bot_delay=0, poll=0.05))
        self.client.__enter__()

    def stop(self) -> None:
        for seat in self.seats:
            seat.close()
        self.seats = []
        if self.client is not None:
            self.client.__exit__(None, None, None)
            self.client = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def table(self, game: str, seats: list, **body) -> dict:
        r = self.client.post("/api/tables", json={"game": game, "seats": seats, **body})
        assert r.status_code == 200, r.text
        return r.json()


def token(link: dict) -> str:
    return link["url"].split("#k=")[1]


def spectator_token(links: dict) -> str:
    return links["spectator"].split("#k=")[1]


class Seat:
    """A WebSocket holding one seat (or the spectator link) of a table."""

    def __init__(self, server: Server, table: str, tok: str) -> None:
        self.ctx = server.client.websocket_connect(f"/ws/{table}")
        self.ws = self.ctx.__enter__()
        self.open = True
        server.seats.append(self)
        self.ws.send_json({"type": "hello", "token": tok})
        self.received: list[dict] = []
        self.last = self.recv()

    def recv(self) -> dict:
        m = self.ws.receive_json()
        self.received.append(m)
        if m["type"] in ("state", "replay"):
            self.last = m
        return m

    def until(self, pred) -> dict:
        while True:
            m = self.recv()
            if m["type"] == "state" and pred(m):
                return m

    def send(self, **msg) -> None:
        self.ws.send_json(msg)

    def act(self, text: str) -> dict:
        """Send an action; the answer (a refusal is followed by the position, read here too)."""
        self.send(type="act", text=text, version=self.last["version"])
        m = self.recv()
        if m["type"] == "refused":
            self.recv()
        return m

    def close(self) -> None:
        if self.open:
            self.open = False
            self.ctx.__exit__(None, None, None)


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "tables.sqlite3")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium under Playwright, one per test module (Playwright cannot download its own)."""
    from playwright.sync_api import sync_playwright

    from tests.web.browser import ARGS, CHROMIUM

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
