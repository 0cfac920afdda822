"""Fitting text into a box: shrink first, then wrap; what still does not fit is reported, never cut.

A box holds paragraphs; each paragraph is a list of spans ``(text, font)`` (a bold label and
its text, say). All paragraphs of a box share one size, so a card's abilities read alike.
The order of tries is the one a person setting type would follow:

1. keep every paragraph on one line, shrinking from ``size`` down to ``shrink_to``;
2. wrap the paragraphs at word boundaries, from ``size`` down to ``min_size``;
3. otherwise the box overflows: the text is laid out at ``min_size`` and the caller reports it.

Text width is linear in the font size, so every word is measured once, at size 1.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

Span = tuple[str, str]
STEP = 0.25

_PIECES = re.compile(r"(\s+)")


@dataclass(frozen=True)
class Line:
    spans: tuple[Span, ...]
    width: float            # points
    starts_paragraph: bool


@dataclass(frozen=True)
class Fitted:
    size: float
    lines: tuple[Line, ...]
    height: float           # points
    fits: bool


class _Word:
    __slots__ = ("frags", "width")

    def __init__(self) -> None:
        self.frags: list[list[str]] = []  # [text, font]
        self.width = 0.0


def _words(paragraph: list[Span], unit: Callable[[str, str], float]) -> list[_Word]:
    words: list[_Word] = []
    current: _Word | None = None
    for text, font in paragraph:
        for piece in _PIECES.split(text):
            if not piece:
                continue
            if piece.isspace():
                current = None
                continue
            if current is None:
                current = _Word()
                words.append(current)
            if current.frags and current.frags[-1][1] == font:
                current.frags[-1][0] += piece
            else:
                current.frags.append([piece, font])
            current.width += unit(piece, font)
    return words


def _space(prev: _Word, word: _Word, unit) -> tuple[float, str]:
    """Width and font of the space before ``word``: in the previous word's font when they match."""
    font = prev.frags[-1][1] if prev.frags[-1][1] == word.frags[0][1] else word.frags[0][1]
    return unit(" ", font), font


def _wrap(words: list[_Word], limit: float, unit) -> list[list[_Word]] | None:
    """Greedy lines no wider than ``limit`` (unit widths); None if one word alone is wider."""
    lines: list[list[_Word]] = []
    line: list[_Word] = []
    width = 0.0
    for w in words:
        if w.width > limit:
            return None
        if line:
            sp = _space(line[-1], w, unit)[0]
            if width + sp + w.width <= limit:
                line.append(w)
                width += sp + w.width
                continue
            lines.append(line)
        line, width = [w], w.width
    if line:
        lines.append(line)
    return lines


def _single_line_width(words: list[_Word], unit) -> float:
    return sum(w.width for w in words) + sum(_space(a, b, unit)[0] for a, b in zip(words, words[1:]))


def _sizes(top: float, bottom: float) -> list[float]:
    out, s = [], top
    while s >= bottom - 1e-9:
        out.append(round(s, 2))
        s -= STEP
    return out or [top]


def fit(paragraphs: list[list[Span]], width: float, height: float, *, size: float, min_size: float,
        shrink_to: float, leading: float, gap: float, unit: Callable[[str, str], float]) -> Fitted:
    """Lay out ``paragraphs`` in a ``width`` × ``height`` box (points); ``unit(text, font)`` is the
    width of ``text`` at size 1. ``leading`` and ``gap`` (between paragraphs) are in font sizes."""
    paras = [w for w in (_words(p, unit) for p in paragraphs) if w]
    if not paras:
        return Fitted(size, (), 0.0, True)

    def tall(s: float, n_lines: int) -> float:
        return s * leading * n_lines + s * gap * (len(paras) - 1)

    for s in _sizes(size, max(shrink_to, min_size)):
        if tall(s, len(paras)) <= height and all(_single_line_width(p, unit) * s <= width for p in paras):
            return _laid(s, [[p] for p in paras], unit, tall(s, len(paras)), True)
    for s in _sizes(size, min_size):
        wrapped = [_wrap(p, width / s, unit) for p in paras]
        if all(w is not None for w in wrapped):
            n = sum(len(w) for w in wrapped)
            if tall(s, n) <= height:
                return _laid(s, wrapped, unit, tall(s, n), True)
    s = min_size
    wrapped = [_wrap(p, width / s, unit) or [[w] for w in p] for p in paras]
    return _laid(s, wrapped, unit, tall(s, sum(len(w) for w in wrapped)), False)


def _laid(size: float, paras: list[list[list[_Word]]], unit, height: float, fits: bool) -> Fitted:
    lines: list[Line] = []
    for para in paras:
        for i, words in enumerate(para):
            spans: list[list[str]] = []
            width = 0.0
            for j, w in enumerate(words):
                frags = [list(f) for f in w.frags]
                if j:
                    sp_w, sp_font = _space(words[j - 1], w, unit)
                    width += sp_w
                    if spans[-1][1] == sp_font:
                        spans[-1][0] += " "
                    else:
                        frags[0][0] = " " + frags[0][0]
                for text, font in frags:
                    if spans and spans[-1][1] == font:
                        spans[-1][0] += text
                    else:
                        spans.append([text, font])
                width += w.width
            lines.append(Line(tuple((t, f) for t, f in spans), width * size, i == 0))
    return Fitted(size, tuple(lines), height, fits)
