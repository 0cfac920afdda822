"""Naming a word: ``name a house; reveal the top card of your deck; if it is of the named house, put
it into your hand``.

``name a NOUN`` asks the controller for one word of the pack's vocabulary (:attr:`Table.nameable`:
Volfyirion's houses and colours, Virevolt's colours), kept in the effect's context; ``the named
NOUN`` then reads in a condition (``if it is of the named house``, ``if it is the named colour``)
and after a selector's noun (``each card of the named colour in your hand``). A text naming ``the
named NOUN`` with nothing named before it is refused where it is written (the scope's ``named
CLASS`` reference, bound by the naming step). The word named is kept by :mod:`tabletop.dsl.named`.
"""
from __future__ import annotations

from typing import Any

from tabletop.dsl.conditions import Asks
from tabletop.dsl.named import NAMED, named_test, reference
from tabletop.dsl.selectors import CardSelector, chooses
from tabletop.dsl.steps import Counter, question
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import Vocabulary
from tabletop.framework.effects import Decision

def naming_step(words: tuple, cls: str, noun: str, key: str):
    """The controller names one of ``words``; it is ``the named NOUN`` for the statements after."""
    options = tuple(("choose", w) for w in words)

    def step(state, ctx):
        if key in ctx:
            ctx[NAMED] = {**(ctx.get(NAMED) or {}), cls: ctx.pop(key)}
            return None
        return Decision(ctx["controller"], question(ctx.get("card"), f"name a {noun}"), options, words, key)
    step.binds = (reference(cls),)
    return step


def register(v: Vocabulary, table: Table, key: Counter) -> None:
    """Add ``name a NOUN`` and the conditions on ``the named NOUN`` for the table's nameable nouns."""
    for noun, cls in table.nameable.items():
        words = tuple(v.classes.get(cls, ()))
        if not words:
            continue
        ref = reference(cls)
        v.effect(f"name a|an {noun}", example=f"name a {noun}")(
            lambda noun=noun, cls=cls, words=words: (naming_step(words, cls, noun, key()),))
        test = named_test(cls)
        for form in (f"of the named {noun}", f"the named {noun}"):
            v.condition(f"{{x:cards}} is|are {form}", needs=ref, example=f"it is {form}")(
                lambda x, test=test: _each(x, test))
            v.condition(f"{{x:cards}} is|are not {form}", needs=ref, example=f"it is not {form}")(
                lambda x, test=test: _each(x, lambda state, iid, ctx: not test(state, iid, ctx)))


def _each(x: CardSelector, test) -> Any:
    """Every card ``x`` names passes ``test``; some card, for ``a``/``any``; the card chosen, for ``target``."""
    if chooses(x):
        return Asks(x, test)
    some = x.ref is None and x.mode == "one"

    def pred(state, ctx) -> bool:
        got = x.candidates(state, ctx)
        if some:
            return any(test(state, iid, ctx) for iid, _ in got)
        return bool(got) and all(test(state, iid, ctx) for iid, _ in got)
    return pred
