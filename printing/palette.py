"""Colours by name: the pack's palette first, then CSS names, then a stable colour of its own.

A card's banner colour is usually a word from its data (``red``, ``turquoise``, ``mauve``).
The pack's layout maps its words to the printed colours; a word it does not map is looked up
among the CSS/SVG colour names reportlab knows, and a word that is no colour at all (a fan
pack's new house) gets a muted colour derived from the word, the same on every run, so
cards of one house always match.
"""
from __future__ import annotations

import colorsys
import hashlib
import re

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

RGB = tuple[float, float, float]


def is_literal(text: str) -> bool:
    """Whether ``text`` is a colour by itself (``#rrggbb``, ``#rgb`` or a CSS name)."""
    return bool(_HEX.match(text)) or text.lower() in _named()


def _named() -> dict:
    from reportlab.lib import colors

    return colors.getAllNamedColors()


def _hex(text: str) -> RGB:
    h = text[1:]
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _derived(word: str) -> RGB:
    hue = int(hashlib.sha1(word.lower().encode("utf-8")).hexdigest()[:4], 16) / 0xFFFF
    return colorsys.hsv_to_rgb(hue, 0.45, 0.7)


def resolve(word: str, palette: dict[str, str]) -> RGB:
    """The RGB (0..1) of a colour word or literal, through ``palette`` (keys compared case-blind)."""
    word = word.strip()
    mapped = {k.lower(): v for k, v in palette.items()}.get(word.lower())
    if mapped is not None and mapped.lower() != word.lower():
        return resolve(mapped, {})
    if _HEX.match(word):
        return _hex(word)
    named = _named().get(word.lower())
    if named is not None:
        return (named.red, named.green, named.blue)
    return _derived(word)


def luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG), to choose black or white text on a colour."""
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrasting(rgb: RGB) -> RGB:
    """Near-black on light colours, white on dark ones."""
    return (0.1, 0.1, 0.1) if luminance(rgb) > 0.179 else (1.0, 1.0, 1.0)
