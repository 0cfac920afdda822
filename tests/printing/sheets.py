"""What the tests expect of a printed sheet, worked out independently of the printing code:
where each card's trim box is on a page, and what text and lines a PDF page holds."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

MM = 72 / 25.4
A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
CARD = (63.0, 88.0)


def tabletop(*args: str, timeout: int = 300, cwd: Path | None = None) -> subprocess.CompletedProcess:
    exe = shutil.which("tabletop") or str(Path(sys.executable).with_name("tabletop"))
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env={**os.environ, "COLUMNS": "120"})


def grid(paper=A4, card=CARD, bleed=0.0) -> tuple[int, int]:
    """Columns and rows that fit inside 5 mm margins."""
    cw, ch = card[0] + 2 * bleed, card[1] + 2 * bleed
    return int((paper[0] - 10) // cw), int((paper[1] - 10) // ch)


def trim_box(i: int, paper=A4, card=CARD, bleed=0.0, back=False) -> tuple[float, float, float, float]:
    """The i-th card of a sheet (row by row from the top left), as a pdfplumber bbox (points, from the top)."""
    cols, rows = grid(paper, card, bleed)
    cw, ch = card[0] + 2 * bleed, card[1] + 2 * bleed
    mx, my = (paper[0] - cols * cw) / 2, (paper[1] - rows * ch) / 2
    r, c = divmod(i % (cols * rows), cols)
    if back:
        c = cols - 1 - c
    x0, top = mx + c * cw + bleed, my + r * ch + bleed
    return x0 * MM, top * MM, (x0 + card[0]) * MM, (top + card[1]) * MM


def text_in(page, bbox) -> str:
    """The text whose characters lie inside ``bbox``, whitespace collapsed."""
    return " ".join((page.within_bbox(bbox).extract_text() or "").split())


def name_band(box) -> tuple[float, float, float, float]:
    """The top of a card where the shipped layouts put its name (left of the cost or HP badge)."""
    x0, top, _, _ = box
    return x0, top, x0 + 47 * MM, top + 9 * MM
