"""Choosing the cards a selector names, at play time: a decision for choices, the game's
generator for ``at random``, every card for ``each``; then the verb acts on each of them.

A pick of *targets* (``target enemy hero``, ``a hero of your choice``) may also be made ahead
of its effect, as an action that others may answer is announced (a Virevolt incantation, before
any trap, VIR-TRAP-09): :func:`choose_ahead` runs the step so that it only chooses, and the
same step acts later on the cards chosen that can still be acted on.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tabletop.dsl.places import ANOTHER, HELD, HOLD, KNOWN, LAST_KNOWN, OWNED, OWNER, PICKED, TABLES, holder
from tabletop.dsl.selectors import CardSelector, chooses
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

    ahead = key + "!"

    def step(state, ctx):
        chosen = ctx.pop(ahead, None)  # chosen as the action was announced (choose_ahead)
        if chosen is None:
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
            if ctx.get(AHEAD):
                ctx[ahead] = [[iid, k] for iid, k in chosen]
                ctx["_it"] = [iid for iid, _k in chosen]  # ("another target ..." after it)
                hold = ctx.get(HOLD)
                if hold and ANOTHER in hold:
                    ctx[PICKED] = list(ctx.get(PICKED) or ()) + ctx["_it"]
                return None
        out = []
        table = TABLES[state.game]
        hold = ctx.get(HOLD)  # the text reads "its city": where each card stands, before it is acted on
        noted = [[iid, h] for iid, _k in chosen for kind in hold
                 for h in (holder(state, iid, kind),) if h is not None] if hold else None
        owned = [[iid, table.owner(state, iid, k)] for iid, k in chosen] if hold and OWNER in hold else None
        known = [[iid, a, f(state, iid)] for iid, _k in chosen for a, f in table.attributes.items()] \
            if hold and LAST_KNOWN in hold else None
        seen = ctx.get("_seen")
        for iid, k in chosen:
            k = where_now(state, iid, k)
            if k is None:
                continue
            if only is not None and not only.passes(state, ctx, iid):
                continue  # spared: "unless it is frozen"
            act(state, ctx, iid, k)
            out.append(iid)
            if seen and iid in seen and not state.holds(k, iid):
                taken = ctx.get("_taken") or []
                if iid not in taken:  # a card looked at that this statement took away is not "the rest"
                    ctx["_taken"] = taken + [iid]
        ctx["_it"] = out
        if noted is not None:
            ctx[HELD] = [pair for pair in noted if pair[0] in out]  # handed to parent frames (BINDINGS)
        if owned is not None:
            ctx[OWNED] = [pair for pair in owned if pair[0] in out]
        if known is not None:
            ctx[KNOWN] = [row for row in known if row[0] in out]
        if hold and ANOTHER in hold:
            ctx[PICKED] = list(dict.fromkeys(list(ctx.get(PICKED) or ()) + out))
        return None

    step.binds = ("it",) if sel.single else ("it", "them")
    step.targets = ahead if chooses(sel) else None
    step.pick = pick  # what the step acts on, read by a cost ("discard a card to ...", dsl.costs)
    return (step,)


#: In a context, while :func:`choose_ahead` runs a step: choose, do not act.
AHEAD = "_ahead"


def targets_ahead(step) -> bool:
    """Whether ``step`` picks targets that may be chosen ahead of its effect."""
    return getattr(step, "targets", None) is not None


def choose_ahead(step, state, ctx: dict) -> Decision | None:
    """Run a step of :func:`targets_ahead` so that it only chooses (asking if need be): the
    cards chosen wait in ``ctx`` for the same step to act on them later."""
    ctx[AHEAD] = True
    try:
        return step(state, ctx)
    finally:
        del ctx[AHEAD]


def targets_gone(state, steps, ctx: dict) -> bool:
    """Whether targets were chosen ahead for ``steps`` and none of them can be acted on now
    (each has left play): then the effect has nothing left to do to them."""
    chosen = [c for step in steps if targets_ahead(step) for c in ctx.get(step.targets) or ()]
    return bool(chosen) and all(where_now(state, iid, k) is None for iid, k in chosen)


def where_now(state, iid: int, key: str) -> str | None:
    """Where card ``iid``, picked in ``key``, is acted on now: there, or where it moved within
    play (a main hero replaced meanwhile); None once it has left (or was never in) play."""
    if state.holds(key, iid):
        return key
    moved = state.zone_of(iid)
    table = TABLES[state.game]
    if moved is None or not (table.is_in_play(state, key) and table.is_in_play(state, moved)):
        return None
    return moved

