"""Numbers in card texts: constants or closures over (state, ctx)."""
from __future__ import annotations

from typing import Any, Callable


class Quantity:
    """A number a card needs: call it ``q(state, ctx) -> int``; ``q.const`` is the int when constant."""

    __slots__ = ("fn", "const", "text")

    def __init__(self, fn: Callable[[Any, dict], int], const: int | None = None, text: str = "") -> None:
        self.fn = fn
        self.const = const
        self.text = text

    @classmethod
    def constant(cls, n: int, text: str | None = None) -> "Quantity":
        return cls(lambda state, ctx: n, n, str(n) if text is None else text)

    def __call__(self, state: Any, ctx: dict) -> int:
        return self.fn(state, ctx)

    def __repr__(self) -> str:
        return f"Quantity({self.const if self.const is not None else self.text!r})"


def capped(q: Quantity, cap: Quantity) -> Quantity:
    """``q``, never more than ``cap`` (``..., up to 3``)."""
    qf, cf = q.fn, cap.fn
    return Quantity(lambda s, c: min(qf(s, c), cf(s, c)), None, f"{q.text}, up to {cap.text}")


def for_each(q: Quantity, count: Quantity, cap: Quantity | None = None) -> Quantity:
    """``q`` times what ``count`` counts, up to ``cap`` (``1 for each wonder you control, up to 3``);
    read afresh at every call, so the number follows the cards counted."""
    cf = count.fn
    if q.const is not None:
        k = q.const
        fn = lambda s, c: k * cf(s, c)  # noqa: E731
    else:
        qf = q.fn
        fn = lambda s, c: qf(s, c) * cf(s, c)  # noqa: E731
    out = Quantity(fn, None, f"{q.text} for each {count.text}")
    return capped(out, cap) if cap is not None else out
