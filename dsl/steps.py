"""Step combinators the shared verbs are built with: asking first, once per player.

A step is ``step(state, ctx) -> Decision | None`` (see :mod:`tabletop.framework.effects`):
re-entrant, asking before it changes anything.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

from tabletop.dsl.places import TABLES, PlayerSel
from tabletop.dsl.table import Table
from tabletop.framework.effects import Decision, Step
from tabletop.framework.language import N_, CardName, Phrase
from tabletop.framework.state import player_name

YES_NO = (("yes",), ("no",))
TRUE_FALSE = (True, False)
SURE = "_sure"  # in a context: the player already chose to do what follows


def question(card: str | None, text: str, ask: bool = False) -> str:
    """A decision's prompt: the card, named as the reader's language names it, then the card
    language's own words (``text``, English like every card's rules); ``ask`` adds a '?'."""
    if card:
        return Phrase(N_("{card}: {text}?") if ask else N_("{card}: {text}"), card=CardName(card), text=text)
    return f"{text}?" if ask else text


#: While a text compiles: the count of the keys handed out for it (see :func:`numbering`).
_NUMBERING: ContextVar[list | None] = ContextVar("tabletop_dsl_keys", default=None)


@contextmanager
def numbering() -> Iterator[None]:
    """Number the context keys from 1 for the one text being compiled (nested calls share it).

    A compiled text's keys then depend on the text alone, not on what the process compiled
    before it: compiling the same text again gives a program whose keys are the same, so a
    state saved in the middle of an effect (its frame's context, its decision's key) reads
    back into whichever compilation of that text is registered under the program's id.
    """
    if _NUMBERING.get() is not None:
        yield
        return
    token = _NUMBERING.set([0])
    try:
        yield
    finally:
        _NUMBERING.reset(token)


class Counter:
    """Distinct context keys for the steps of one text: ``_{prefix}1``, ``_{prefix}2``...

    Inside :func:`numbering` (every compilation) the count is the text's own; outside it, the
    counter's (a key made by a pack's Python code, unique in the process).
    """

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.n = 0

    def __call__(self) -> str:
        box = _NUMBERING.get()
        if box is None:
            self.n += 1
            return f"_{self.prefix}{self.n}"
        box[0] += 1
        return f"_{self.prefix}{box[0]}"


def optional(table: Table, key: str, prompt, steps: tuple) -> tuple:
    """``steps`` behind a yes/no question when the pack makes every effect optional (VOL-SEC-05).

    ``prompt(state, ctx)`` returns the question, or None when there is nothing to do.
    """
    if not table.optional:
        return steps

    def ask(state, ctx):
        if key in ctx:
            return None
        if ctx.get(SURE):  # already chosen: "pay 2 knowledge to draw a card"
            ctx[key] = True
            return None
        text = prompt(state, ctx)
        if text is None:
            ctx[key] = False
            return None
        card = ctx.get("card")
        return Decision(ctx["controller"], question(card, text), YES_NO, TRUE_FALSE, key)

    def guard(inner, last):
        binds = getattr(inner, "binds", None)

        def step(state, ctx):
            go = ctx.get(key)
            if last:
                ctx.pop(key, None)
            if go:
                return inner(state, ctx)
            if binds:
                ctx["_it"] = []  # declined: nothing was acted on ("if you do" is false)
            return None
        step.binds = binds
        step.pick = getattr(inner, "pick", None)  # (what a cost gives up: dsl.costs)
        return step

    n = len(steps)
    return (ask,) + tuple(guard(s, i == n - 1) for i, s in enumerate(steps))


_NONE = object()


def per_player(who: PlayerSel, key: str, inner, own=None):
    """Run the re-entrant step ``inner`` once for each player ``who`` names, as that player, who
    is also ``they`` (``each player draws a card for each card in their hand``); for the effect's
    own controller, ``own`` instead when given (a part they may decline)."""
    def step(state, ctx):
        order = ctx.get(key)
        if order is None:
            order = [0, who.acting(state, ctx), ctx["controller"]]
        i, ps, me = order
        got = ctx.get("_it") if i else None
        seen: list = list(got or [])
        before = ctx.get("player", _NONE)
        while i < len(ps):
            ctx["controller"] = ctx["player"] = ps[i]  # "they", "their": each of them in turn
            d = (own if own is not None and ps[i] == me else inner)(state, ctx)
            ctx["controller"] = me
            if before is _NONE:
                del ctx["player"]
            else:
                ctx["player"] = before
            if d is not None:
                ctx[key] = [i, ps, me]
                if d.player != me:  # another player answers the effect's question: the prompt says who
                    d.prompt = Phrase(N_("{p}: {prompt}"), p=player_name(d.player), prompt=d.prompt)
                return d
            seen.extend(ctx.get("_it") or ())
            i += 1
        ctx.pop(key, None)
        ctx["_it"] = seen
        return None
    step.binds = ("it", "them")
    step.each_player = True
    return step


def ask_player(who: PlayerSel, text: str) -> Step:
    """The step asking the controller which player ``who`` (``target enemy``) is, before the
    statement ``text`` acts on them: a choice of one (two players) is made without asking."""
    key = who.key

    def step(state, ctx):
        if key in ctx:
            return None
        table = TABLES[state.game]
        me = ctx["controller"]
        pool = table.enemies(state, me) if who.pool == "enemies" else table.players(state)
        if len(pool) <= 1:
            ctx[key] = pool
            return None
        return Decision(me, question(ctx.get("card"), text), [("choose", player_name(q)) for q in pool],
                        [[q] for q in pool], key)
    # chosen ahead, as an incantation is cast (VIR-TRAP-09: picking.choose_ahead); a player never
    # leaves play, so no card is kept under this key for picking.targets_gone
    step.targets = key + "!"
    return step


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"
