"""Comparisons of numbers in card texts: ``4 or more``, ``at least 4``, ``fewer than 2``, ``exactly 3``."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.dsl.matcher import Matcher
from tabletop.dsl.quantity import Quantity
from tabletop.framework.language import gettext


OPS = {
    ">=": lambda a, b: a >= b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    "<": lambda a, b: a < b, "==": lambda a, b: a == b,
}
_AFTER = {"or-more": ">=", "or-greater": ">=", "or-higher": ">=", "or-less": "<=", "or-fewer": "<=",
          "or-lower": "<="}
#: The words that may follow a number to compare with it (``3 or less``), as the matcher joins them.
AFTER_WORDS = frozenset(_AFTER)
_BEFORE = {("at", "least"): ">=", ("at", "most"): "<=", ("more", "than"): ">", ("fewer", "than"): "<",
           ("less", "than"): "<", ("exactly",): "=="}


@dataclass(frozen=True)
class Comparison:
    """``op`` against the number ``q``: ``4 or more`` is ('>=', 4)."""

    op: str
    q: Quantity

    def test(self, value: int, state, ctx) -> bool:
        return OPS[self.op](value, self.q(state, ctx))

    def text(self) -> str:
        return f"{self.op} {self.q.text}"


def read_before(m: Matcher, pos: int):
    """``at least N``, ``more than N``, ``exactly N``... -> (end, op, Quantity)."""
    for words, op in _BEFORE.items():
        end = pos
        for w in words:
            if m.word(end) != w:
                break
            end += 1
        else:
            for e2, q in m.number(end):
                if e2 > end:
                    yield e2, op, q


def read_after(m: Matcher, pos: int):
    """``or more`` / ``or less`` after a number (and its noun) -> (end, op)."""
    w = m.word(pos)
    if w in _AFTER:
        yield pos + 1, _AFTER[w]
    else:
        m.fail(pos, gettext("'or more' or 'or less'"))


def compare(m: Matcher, pos: int):
    """``4 or less``, ``at most 4``, ``of 4 or less``, ``4``: (end, Comparison)."""
    if m.word(pos) == "of":
        pos += 1
    for end, op, q in read_before(m, pos):
        yield end, Comparison(op, q)
    for end, q in m.number(pos):
        if end > pos:
            after = list(read_after(m, end))
            for e2, op in after:
                yield e2, Comparison(op, q)
            if not after:
                yield end, Comparison("==", q)
