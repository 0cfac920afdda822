"""The steps the language's own constructs compile into: ``may``, ``choose one``, ``if``,
and the lasting triggers an effect leaves behind.

They run at play time in bots' inner loops, so each is a small closure over what was
compiled; each asks before it changes anything and pushes the chosen child program as a
frame (see :mod:`tabletop.framework.effects`) whose context is marked as a child's, so
what it picked (``it``) is known to the steps after it.
"""
from __future__ import annotations

from tabletop.dsl.steps import SURE
from tabletop.framework import lasting
from tabletop.framework.effects import CHILD, Decision, Frame, Program
from tabletop.framework.language import N_, CardName, Phrase, Word

_YES_NO = (("yes",), ("no",))


def child(ctx: dict) -> dict:
    out = dict(ctx)
    out[CHILD] = 1
    return out
_TRUE_FALSE = (True, False)


def may_step(prog: Program, key: str, text: str):
    """``may EFFECT``: asked once; a pack whose effects ask yes/no by themselves (VOL-SEC-05) does
    not ask again inside (``SURE``), though a choice of cards is still a choice."""
    def step(state, ctx):
        if key in ctx:
            if ctx.pop(key):
                inner = child(ctx)
                inner[SURE] = True
                state.stack.append(Frame(prog, inner))
            return None
        card = ctx.get("card")
        # the effect's words are the card language's (one language); the question around them is the reader's
        prompt = Phrase(N_("may ({card}): {text}"), card=CardName(card), text=text) if card is not None else \
            Phrase(N_("may: {text}"), text=text)
        return Decision(ctx["controller"], prompt, _YES_NO, _TRUE_FALSE, key)
    return step


#: the option that ends "choose one or both:" after one alternative
NO_MORE = ("choose", "no more")


def choose_step(progs: tuple, labels: tuple, key: str, n: int = 1, upto: bool = False):
    """``choose one:`` (``n`` 1), ``choose two:`` (two different alternatives, asked one after
    the other), ``choose one or both:`` (``upto``: after the first, the player may stop). The
    alternatives chosen run in the order they are printed, whatever order they were chosen in."""
    options = tuple(("choose", lab) for lab in labels)
    values = tuple(range(len(progs)))
    # an alternative that is a cost ("or consume 2 crystals to deal 5 damage"): choosing it is the
    # player's yes, so its cost is not asked again (SURE)
    paid = tuple(bool(p.steps) and getattr(p.steps[0], "is_cost", False) for p in progs)

    def chosen(ctx: dict, i: int) -> dict:
        inner = child(ctx)
        if paid[i]:
            inner[SURE] = True
        return inner
    if n == 1:
        def step(state, ctx):
            if key in ctx:
                i = ctx.pop(key)
                state.stack.append(Frame(progs[i], chosen(ctx, i)))
                return None
            card = ctx.get("card")
            prompt = Phrase(N_("choose one ({card})"), card=CardName(card)) if card is not None else Word(N_("choose one"))
            return Decision(ctx["controller"], prompt, options, values, key)
        return step
    so_far = key + "*"

    def step(state, ctx):
        picked = ctx.pop(so_far, None) or []
        done = False
        if key in ctx:
            got = ctx.pop(key)
            if got < 0:
                done = True
            else:
                picked = picked + [got]
        if len(picked) < n and not done:
            ctx[so_far] = picked
            left = [i for i in values if i not in picked]
            opts = tuple(options[i] for i in left) + ((NO_MORE,) if upto and picked else ())
            vals = tuple(left) + ((-1,) if upto and picked else ())
            card = ctx.get("card")
            if upto:
                prompt = Phrase(N_("choose one or both ({card})"), card=CardName(card)) if card is not None \
                    else Word(N_("choose one or both"))
            elif card is not None:
                prompt = Phrase(N_("choose {n} ({card}): {k} of {n}"), n=n, k=len(picked) + 1, card=CardName(card))
            else:
                prompt = Phrase(N_("choose {n}: {k} of {n}"), n=n, k=len(picked) + 1)
            return Decision(ctx["controller"], prompt, opts, vals, key)
        for i in sorted(picked, reverse=True):  # the first printed on top of the stack: it runs first
            state.stack.append(Frame(progs[i], chosen(ctx, i)))
        return None
    return step


def if_step(cond, prog: Program, otherwise: Program | None = None):
    def step(state, ctx):
        if cond(state, ctx):
            state.stack.append(Frame(prog, child(ctx)))
        elif otherwise is not None:
            state.stack.append(Frame(otherwise, child(ctx)))
        return None
    step.parts = (cond, prog, otherwise)  # (what "instead" rebuilds it from)
    return step


def lasting_step(spec_id: str, until: str | None, uses: int):
    """Leave the trigger ``spec_id`` behind: for this turn (``until`` "turn"), until the controller's
    next turn ("next"), for ``uses`` firings, or both."""
    def step(state, ctx):
        p = ctx["controller"]
        last = state.turn if until == "turn" else lasting.until_next_turn(p) if until == "next" else \
            lasting.until_end_of_next_turn(p) if until == "end-next" else 0
        lasting.add(state, spec_id, p, ctx.get("source", -1), last, uses)
        return None
    step.modifies = False
    return step


def repeat_step(prog: Program, times: int):
    """``EFFECT twice``: the effect's program run ``times`` times, one after the other."""
    def step(state, ctx):
        for _ in range(times):
            state.stack.append(Frame(prog, child(ctx)))
        return None
    return step
