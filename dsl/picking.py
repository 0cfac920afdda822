"""Choosing the cards a selector names, at play time: a decision for choices, the game's
generator for ``at random``, every card for ``each``; then the verb acts on each of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tabletop.dsl.places import HELD, HOLD, TABLES, holder
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.steps import question
from tabletop.framework.effects import Decision
from tabletop.framework.rng import below


class Only:
    """``EFFECT unless|if it ...`` after a statement that picks its cards (``deal 2 damage to target
    enemy hero unless it is frozen``): the test each card picked passes to be acted on, with the
    card as ``it``. ``used``: a pick reads it (else the compiler reads the words another way)."""

    __slots__ = ("test", "used")

    def __init__(self, test: Callable[[Any, dict], bool]) -> None:
        self.test = test
        self.used = False

    def passes(self, state, ctx: dict, iid: int) -> bool:
        before = ctx.get("_it")
        ctx["_it"] = [iid]
        try:
            return bool(self.test(state, ctx))
        finally:
            ctx["_it"] = before


@dataclass(frozen=True)
class Pick:
    """A verb's choice of cards: the selector, its decision key, the verb (for the prompt),
    who chooses (default: the controller) and whether one may choose nothing."""

    sel: CardSelector
    key: str
    verb: str
    chooser: Callable[[Any, dict], int] | None = None
    optional: bool = False


def choose(state, ctx: dict, pick: Pick, cands: list, who: int, picked: list):
    """The cards chosen so far are ``picked``: return ``(chosen, None)`` or ``(None, Decision)``."""
    sel = pick.sel
    mode = sel.mode
    if mode in ("all", "top", "bottom", "ref"):
        return cands, None
    n = sel.count(state, ctx) if sel.count is not None else 1
    if mode == "random":
        pool = list(cands)
        out = []
        for _ in range(min(n, len(pool))):
            state.rng, i = below(state.rng, len(pool))
            out.append(pool.pop(i))
        if out:
            state.reveals += 1
        return out, None
    table = TABLES[state.game]
    taken = {p[0] for p in picked}
    rest = [c for c in cands if c[0] not in taken and table.chooseable(state, c[0], ctx)]
    if len(picked) >= n or not rest:
        return picked, None
    labels, values = [], []
    for (iid, key), lab in zip(rest, table.labels(state, rest, who, ctx.get("_seen") or ())):
        if lab not in labels:
            labels.append(lab)
            values.append([iid, key])
    if not pick.optional and mode != "upto":
        if len(picked) + len(rest) <= n:  # no choice: all of them
            return picked + rest, None
        if len(labels) == 1:  # identical cards: any one
            return picked + rest[:n - len(picked)], None
    options = [("choose", lab) for lab in labels]
    if pick.optional or mode == "upto":
        options.append(("skip",))
        values.append(None)
    card = ctx.get("card")
    what = sel.text if n == 1 else f"{sel.text} ({len(picked) + 1} of {n})"
    prompt = question(card, f"{pick.verb} {what}")
    return None, Decision(who, prompt, options, values, pick.key + "?")


def pick_steps(pick: Pick, act: Callable[[Any, dict, int, str], None]) -> tuple:
    """Steps that resolve ``pick`` (asking if needed) and apply ``act(state, ctx, iid, key)`` to each card.

    The cards acted on become ``it`` for the statements after (``ctx["_it"]``).
    """
    key = pick.key
    ask = key + "?"
    chooser = pick.chooser
    sel = pick.sel
    only = sel.only
    if only is not None:
        only.used = True

    def step(state, ctx):
        picked = ctx.pop(key, None) or []
        done = False
        if ask in ctx:
            got = ctx.pop(ask)
            if got is None:
                done = True
            else:
                picked = picked + [got]
        if done:
            chosen = picked
        else:
            who = chooser(state, ctx) if chooser is not None else ctx["controller"]
            chosen, decision = choose(state, ctx, pick, sel.candidates(state, ctx), who, picked)
            if decision is not None:
                ctx[key] = picked
                return decision
        out = []
        table = TABLES[state.game]
        hold = ctx.get(HOLD)  # the text reads "its city": where each card stands, before it is acted on
        noted = [[iid, h] for iid, _k in chosen for kind in hold
                 for h in (holder(state, iid, kind),) if h is not None] if hold else None
        for iid, k in chosen:
            if not state.holds(k, iid):
                # still in play elsewhere (a main hero replaced meanwhile): act on it there
                moved = state.zone_of(iid)
                if moved is None or not (table.is_in_play(state, k) and table.is_in_play(state, moved)):
                    continue
                k = moved
            if only is not None and not only.passes(state, ctx, iid):
                continue  # spared: "unless it is frozen"
            act(state, ctx, iid, k)
            out.append(iid)
        ctx["_it"] = out
        if noted is not None:
            ctx[HELD] = [pair for pair in noted if pair[0] in out]  # handed to parent frames (BINDINGS)
        return None

    step.binds = ("it",) if sel.single else ("it", "them")
    return (step,)

