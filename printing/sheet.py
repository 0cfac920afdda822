"""Imposition: how many cards fit on a sheet, where each one goes, the crop marks, the backs.

Cards sit in a grid centred on the paper, each with its bleed around it, at least
``MIN_MARGIN`` from the paper's edge (most printers cannot print closer). Crop marks are
drawn in the margins, in line with every cut, so they never print on a card or its bleed.
The grid being centred, the back of the card in column ``c`` goes in column ``cols - 1 - c``
on the following page: printed duplex and flipped on the long edge, each back lands behind
its front.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.wording import clip
from tabletop.printing.face import MM, Placement

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: Common card sizes (mm), accepted by name as well as ``WIDTHxHEIGHT``.
CARD_SIZES = {"poker": (63.0, 88.0), "bridge": (56.0, 87.0), "mini": (44.0, 63.0),
              "tarot": (70.0, 120.0), "square": (70.0, 70.0)}
MIN_MARGIN = 5.0
#: the least side of a card (mm): below it no text prints legibly, so a size like 1x1 is a mistake
MIN_CARD = 25.0
MARK_OFFSET = 1.0
MARK_LENGTH = 5.0
MARK_WIDTH = 0.3  # points

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)


def parse_size(text: str) -> tuple[float, float]:
    """``63x88`` (millimetres) or a size name (poker, bridge, mini, tarot, square)."""
    if text.strip().lower() in CARD_SIZES:
        return CARD_SIZES[text.strip().lower()]
    m = _SIZE.match(text)
    if not m or float(m.group(1)) <= 0 or float(m.group(2)) <= 0:
        from tabletop.framework.suggest import did_you_mean

        raise TabletopError(gettext(
            'card size {text!r}{suggestion}: expected WIDTHxHEIGHT in millimetres (e.g. 63x88) or one of '
            '{card_sizes}').format(text=clip(text, 60), suggestion=did_you_mean(text.strip(), CARD_SIZES),
                                   card_sizes=', '.join(CARD_SIZES)))
    width, height = float(m.group(1)), float(m.group(2))
    if min(width, height) < MIN_CARD:
        raise TabletopError(gettext(
            'card size {text!r}: a {width:g} × {height:g} mm card is too small to print its text on; each side is '
            'at least {least:g} mm (mini, the smallest named size, is 44x63)').format(
            text=clip(text, 60), width=width, height=height, least=MIN_CARD))
    return width, height


@dataclass(frozen=True)
class Sheet:
    paper: tuple[float, float]
    card: tuple[float, float]
    bleed: float
    cols: int
    rows: int

    @classmethod
    def plan(cls, paper: str, card: tuple[float, float], bleed: float = 0.0) -> "Sheet":
        if paper not in PAPERS:
            raise TabletopError(gettext(
                'paper {paper!r}: expected one of {papers}').format(paper=paper, papers=', '.join(PAPERS)))
        if bleed < 0:
            raise TabletopError(gettext('bleed {bleed:g} mm: it cannot be negative').format(bleed=bleed))
        pw, ph = PAPERS[paper]
        cw, ch = card[0] + 2 * bleed, card[1] + 2 * bleed
        cols = int((pw - 2 * MIN_MARGIN + 1e-9) // cw)
        rows = int((ph - 2 * MIN_MARGIN + 1e-9) // ch)
        if cols < 1 or rows < 1:
            raise TabletopError(gettext(
                'a {value:g} × {value2:g} mm card with {bleed:g} mm bleed does not fit on {paper} paper inside its '
                '{min_margin:g} mm margins').format(
                value=card[0], value2=card[1], bleed=bleed, paper=paper, min_margin=MIN_MARGIN))
        return cls(PAPERS[paper], card, bleed, cols, rows)

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def _cell(self) -> tuple[float, float]:
        return self.card[0] + 2 * self.bleed, self.card[1] + 2 * self.bleed

    @property
    def margins(self) -> tuple[float, float]:
        """Horizontal and vertical margin (mm) between the grid (bleed included) and the paper's edge."""
        cw, ch = self._cell
        return (self.paper[0] - self.cols * cw) / 2, (self.paper[1] - self.rows * ch) / 2

    def slot(self, index: int, back: bool = False) -> Placement:
        """Where the ``index``-th card of a sheet goes (row by row from the top left); its back is mirrored."""
        row, col = divmod(index, self.cols)
        if back:
            col = self.cols - 1 - col
        cw, ch = self._cell
        mx, my = self.margins
        left = mx + col * cw + self.bleed
        top = my + row * ch + self.bleed
        bottom = self.paper[1] - top - self.card[1]
        return Placement(left * MM, bottom * MM, self.card[0], self.card[1], self.bleed)

    def cuts(self) -> tuple[list[float], list[float]]:
        """The x (from the left) and y (from the top) of every cut, in millimetres."""
        cw, ch = self._cell
        mx, my = self.margins
        xs = sorted({mx + c * cw + self.bleed + d for c in range(self.cols) for d in (0.0, self.card[0])})
        ys = sorted({my + r * ch + self.bleed + d for r in range(self.rows) for d in (0.0, self.card[1])})
        return xs, ys

    def draw_crop_marks(self, canvas) -> None:
        """Thin black lines in the margins, in line with every cut."""
        mx, my = self.margins
        pw, ph = self.paper
        canvas.saveState()
        canvas.setStrokeColorRGB(0, 0, 0)
        canvas.setLineWidth(MARK_WIDTH)
        xs, ys = self.cuts()
        vlen = min(MARK_LENGTH, my - MARK_OFFSET - 0.5)
        hlen = min(MARK_LENGTH, mx - MARK_OFFSET - 0.5)
        for x in xs:
            for edge, direction in ((my, -1), (ph - my, 1)):  # above the grid, below it (from the top)
                start = edge + direction * MARK_OFFSET
                end = start + direction * vlen
                canvas.line(x * MM, (ph - start) * MM, x * MM, (ph - end) * MM)
        for y in ys:
            for edge, direction in ((mx, -1), (pw - mx, 1)):
                start = edge + direction * MARK_OFFSET
                end = start + direction * hlen
                canvas.line(start * MM, (ph - y) * MM, end * MM, (ph - y) * MM)
        canvas.restoreState()
