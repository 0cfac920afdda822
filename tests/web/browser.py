"""A real server (uvicorn in a thread) and Debian's Chromium driven by Playwright."""
from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import uvicorn

from tabletop.web.app import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTEFACTS = Path(os.environ.get("TABLETOP_TEST_ARTEFACTS", Path(__file__).resolve().parents[2] / "build" / "test-artefacts"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    def __init__(self, db: Path, bot_delay: float = 0.05) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(db, bot_delay=bot_delay), host="127.0.0.1", port=self.port,
                                log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


def take_turn(page) -> bool:
    """Click one thing on ``page`` if it has something to do: 'Play all' when offered, else the first
    action that does not end the phase, else the one that does. True if it clicked."""
    if page.locator("#action-groups button.act:enabled").count() == 0:
        return False
    version = page.evaluate("document.body.dataset.version")
    if page.locator("#play-all").is_visible():
        page.click("#play-all")
    else:
        moves = page.locator("#action-groups button.act:not(.pass):enabled")
        (moves if moves.count() else page.locator("#action-groups button.act:enabled")).first.click()
    page.wait_for_function("v => document.body && document.body.dataset.version !== v", arg=version, timeout=20_000)
    return True


def shot(page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTEFACTS / name
    page.screenshot(path=str(path), full_page=True)
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG") and len(data) > 10_000


def seated(browser, url: str, game: str, seats: list[str], seed: int):
    """A new browser context on a new table, at p1's seat, once its actions are shown: (context, page)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    new_table(page, url, game, seats, seed=seed)
    page.click("a.go")
    page.wait_for_selector("#action-groups button.act")
    return ctx, page


def new_table(page, url: str, game: str, seats: list[str], seed: int, bot: str | None = None) -> dict:
    """Fill the lobby and create the table; the links it shows, by seat."""
    page.goto(f"{url}/?game={game}")
    page.wait_for_selector("#seats .seat-row")
    for i, kind in enumerate(seats):
        page.select_option(f"select[name=seat-{i}]", kind)
        if kind == "bot" and bot:
            page.select_option(f"select[name=bot-{i}]", bot)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#links:not([hidden])")
    return {a.get_attribute("data-seat"): a.get_attribute("href") for a in page.locator("a.seat-link").all()}
