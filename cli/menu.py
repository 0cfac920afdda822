"""Numbered actions that keep their numbers for as long as one decision lasts.

In a Main Phase a player takes several actions in a row; the legal actions change after
each. Renumbering them from 1 every time makes "3" mean one thing, then another. Here an
action keeps its number for the whole decision (the same player, turn, phase and pending
question); an action that disappears leaves its number unused, a new one gets the next.
"""
from __future__ import annotations

import textwrap

from tabletop.framework.actions import Action, shown_action
from tabletop.framework.language import gettext as _


class ActionMenu:
    """The numbers of the actions of the current decision (see the module docstring)."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.numbers: dict[Action, int] = {}
        self.retired: dict[int, Action] = {}
        self.current: list[Action] = []

    def update(self, key: tuple, actions: list[Action]) -> None:
        """Number ``actions`` for the decision ``key`` (a new key starts again from 1)."""
        if key != self.key:
            self.key = key
            self.numbers = {}
            self.retired = {}
        for a, n in list(self.numbers.items()):
            if a not in actions:
                self.retired[n] = a
        nxt = max(list(self.numbers.values()) + list(self.retired) + [0]) + 1
        for a in actions:
            if a not in self.numbers:
                self.numbers[a] = nxt
                nxt += 1
            self.retired.pop(self.numbers[a], None)
        self.current = list(actions)

    def pick(self, n: int) -> Action:
        """The action numbered ``n`` now; ValueError saying why when there is none."""
        for a in self.current:
            if self.numbers[a] == n:
                return a
        if n in self.retired:
            raise ValueError(_("action {n} ({action}) is no longer possible").format(n=n, action=shown_action(self.retired[n])))
        shown = sorted(self.numbers[a] for a in self.current)
        if shown:
            raise ValueError(_("no action number {n}: choose one of {numbers}").format(n=n, numbers=_ranges(shown)))
        raise ValueError(_("no action number {n}").format(n=n))

    def render(self, width: int = 80) -> str:
        """The actions in number order, in as many columns as fit ``width``."""
        items = sorted((self.numbers[a], shown_action(a)) for a in self.current)
        cells = [f"{n:>3}. {text}" for n, text in items]
        if not cells:
            return ""
        col = max(len(c) for c in cells) + 2
        per_line = max(1, min(len(cells), (width - 2) // col))
        if per_line == 1:
            return "\n".join(textwrap.shorten(c, width - 2, placeholder="...") for c in cells)
        rows = -(-len(cells) // per_line)
        lines = []
        for r in range(rows):
            row = [cells[r + k * rows] for k in range(per_line) if r + k * rows < len(cells)]
            lines.append("".join(c.ljust(col) for c in row).rstrip())
        return "\n".join(lines)


def _ranges(ns: list[int]) -> str:
    """``[1, 2, 3, 7]`` -> "1-3, 7"."""
    out, start, prev = [], None, None
    for n in ns:
        if start is None:
            start = prev = n
        elif n == prev + 1:
            prev = n
        else:
            out.append(f"{start}-{prev}" if prev != start else str(start))
            start = prev = n
    if start is not None:
        out.append(f"{start}-{prev}" if prev != start else str(start))
    return ", ".join(out)
