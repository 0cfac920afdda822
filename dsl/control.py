"""The steps the language's own constructs compile into: ``may``, ``choose one``, ``if``.

They run at play time in bots' inner loops, so each is a small closure over what was
compiled; each asks before it changes anything and pushes the chosen child program as a
frame (see :mod:`tabletop.framework.effects`).
"""
from __future__ import annotations

from tabletop.framework.effects import Decision, Frame, Program

_YES_NO = (("yes",), ("no",))
_TRUE_FALSE = (True, False)


def may_step(prog: Program, key: str, text: str):
    def step(state, ctx):
        if key in ctx:
            if ctx.pop(key):
                state.stack.append(Frame(prog, dict(ctx)))
            return None
        card = ctx.get("card")
        prompt = f"may ({card}): {text}" if card is not None else f"may: {text}"
        return Decision(ctx["controller"], prompt, _YES_NO, _TRUE_FALSE, key)
    return step


def choose_step(progs: tuple, labels: tuple, key: str):
    options = tuple(("choose", lab) for lab in labels)
    values = tuple(range(len(progs)))

    def step(state, ctx):
        if key in ctx:
            state.stack.append(Frame(progs[ctx.pop(key)], dict(ctx)))
            return None
        card = ctx.get("card")
        prompt = f"choose one ({card})" if card is not None else "choose one"
        return Decision(ctx["controller"], prompt, options, values, key)
    return step


def if_step(cond, prog: Program):
    def step(state, ctx):
        if cond(state, ctx):
            state.stack.append(Frame(prog, dict(ctx)))
        return None
    return step
