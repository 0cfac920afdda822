"""`tabletop watch` in a narrow terminal: every line it prints fits, the title and the game-over
lines included (they ran past 40 columns)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def test_a_watched_game_fits_a_40_column_terminal():
    exe = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
    r = subprocess.run([exe, "watch", "volfyirion", "--seed", "2", "--delay", "0"], capture_output=True, text=True,
                       timeout=300, env={**os.environ, "COLUMNS": "40"})
    assert r.returncode == 0, r.stderr
    assert "Game over" in r.stdout and "why:" in r.stdout
    too_long = [line for line in r.stdout.splitlines() if len(line) > 40]
    assert not too_long, too_long
