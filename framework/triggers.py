"""Events and triggered abilities: something happened, and cards that wait for it answer.

The rules announce events with :func:`emit` (``"moved_volfyirion"``, ``"attack"``,
``"cast"``). The pack says which cards are listening and for whom (a Ploy in a player's
secret zone, a face-down trap); each listening card's triggers whose event and test match
are *fired*: by default their program is pushed on the stack and resolves before the rest
of the action that caused the event. A pack can instead open a response window, a decision
for the trigger's owner, even in another player's turn (:meth:`Rules.fire`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tabletop.framework.effects import Program, push


@dataclass(frozen=True)
class Trigger:
    """A compiled ``when`` ability: the event it waits for, an optional test, and its program."""

    event: str
    test: Callable[[Any, dict], bool] | None
    program: Program
    optional: bool = False
    cost: Any = None
    text: str = ""


def emit(state, rules, event: str, data: dict) -> int:
    """Fire the triggers listening for ``event``; return how many fired."""
    fired = 0
    for iid, owner in rules.listeners(state, event):
        for trig in state.cards[iid].triggers:
            if trig.event != event:
                continue
            ctx = dict(data)
            ctx["source"] = iid
            ctx["controller"] = owner
            if trig.test is None or trig.test(state, ctx):
                rules.fire(state, iid, trig, ctx)
                fired += 1
    return fired


def fire_now(state, trigger: Trigger, ctx: dict) -> None:
    push(state, trigger.program, ctx)
