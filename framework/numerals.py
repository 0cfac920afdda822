"""Whole numbers read from what a user typed or wrote: a menu number, ``log 3``, ``p2``, a rule
range's end, a condition's number, an index in a scenario's path.

``str.isdigit()`` is true of '²' and '①', which ``int()`` refuses, and ``int()`` refuses a
numeral of more than 4,300 digits: a reader that tests with ``isdigit()`` and converts with
``int()`` raises a ValueError on either, an internal error for input a user gives. Every
such reader asks :func:`whole_number` instead (a leaf of the engine core).
"""
from __future__ import annotations

import re

#: more digits than any count, seat or index can need, and fewer than 2**63 - 1 has
DIGITS = 18

_NUMERAL = re.compile(r"-?[0-9]+", re.ASCII)


def whole_number(text: str, signed: bool = False, digits: int = DIGITS) -> int | None:
    """The whole number ``text`` writes in ASCII digits (after a '-' when ``signed``), or None
    when it is anything else or has more than ``digits`` digits."""
    if not isinstance(text, str) or not _NUMERAL.fullmatch(text) or (text[0] == "-" and not signed):
        return None
    return int(text) if len(text.lstrip("-")) <= digits else None
