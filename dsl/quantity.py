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
