"""A real terminal for tests: ``tabletop`` spawned in a pseudo-terminal (pexpect) and its screen
drawn by pyte, as a person at a terminal would see it."""
from __future__ import annotations

import os
import re
import shutil
import sys
import time
from pathlib import Path

import pexpect
import pyte

ROWS, COLS = 50, 120


def spawn(tmp_path, *args: str, locale: str | None = None) -> pexpect.spawn:
    """``tabletop ARGS`` in a pseudo-terminal, its state kept under ``tmp_path``; ``locale``
    replaces every locale variable of the environment with ``LANG=locale``."""
    exe = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
    env = dict(os.environ)
    if locale is not None:
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            env.pop(name, None)
        env["LANG"] = locale
    env.update(XDG_STATE_HOME=str(tmp_path), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
               COLUMNS=str(COLS), LINES=str(ROWS))
    return pexpect.spawn(exe, list(args), env=env, dimensions=(ROWS, COLS), encoding="utf-8", timeout=60)


ESCAPES = re.compile(r"\x1b(\[[0-9;?]*[ -/]*[@-~]|\][^\x07]*\x07|[=>()][0-9A-Za-z]?)")


class Screen:
    """What the terminal shows: pyte's rendering, and everything printed with the control
    sequences taken out (for waiting on text that has scrolled away)."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""
        self.seen = 0

    def wait(self, text: str, timeout: float = 60) -> None:
        """Read until ``text`` appears in what was printed since the last wait."""
        end = time.monotonic() + timeout
        while True:
            plain = ESCAPES.sub("", self.raw)
            at = plain.find(text, self.seen)
            if at >= 0:
                self.seen = at + len(text)
                return
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never appeared; screen:\n{self.text()}")
            try:
                chunk = self.child.read_nonblocking(4096, timeout=1)
            except pexpect.TIMEOUT:
                continue
            self.raw += chunk
            self.stream.feed(chunk)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)
