"""Costs other than points: ``discard a card to gain 3 battle``, ``sacrifice a hero to draw a card``.

``COST to EFFECT`` reads as ``you may COST; if you do, EFFECT`` (the ``may`` of
:mod:`tabletop.dsl.control`), with two things more a cost says: it is offered only when it can be
paid in full (enough cards to give up), and the effect happens only if it *was* paid in full (each
card named given up: a Volfyirion player skipping the second of two discards gets nothing).
``pay N RESOURCE to EFFECT`` is the shared verb ``pay``; ``lose N RESOURCE to EFFECT`` reads as it.

A cost is a verb that gives up the controller's own cards, named in :data:`GIVING_UP`; any other
statement before ``to`` is refused, saying to write the ``may ... if you do`` form.
"""
from __future__ import annotations

from typing import Any

from tabletop.dsl.control import if_step, may_step
from tabletop.dsl.errors import CardLanguageError
from tabletop.dsl.matcher import Atom
from tabletop.dsl.scope import Tentative
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.steps import SURE
from tabletop.framework.language import gettext

#: The verbs whose cards are given up by the player doing them: the verbs a cost may be.
GIVING_UP = frozenset(("discard", "sacrifice", "destroy", "remove", "return", "put"))

#: the verbs moving cards: a cost only when the cards leave the hand or play
_MOVING = frozenset(("put", "return"))

#: the selector modes whose count is read from the words (``a card``, ``2 cards``, ``2 cards at random``)
_COUNTED = frozenset(("one", "n", "random"))


def cost_to(c: Any, atoms: list[Atom]) -> tuple | CardLanguageError | None:
    """``COST to EFFECT`` compiled by the compiler ``c``: its steps; the refusal to raise if no other
    reading of the words fits (both sides read, but the statement before ``to`` gives nothing up);
    None when the words do not read so."""
    refusal = None
    for k, a in enumerate(atoms):
        if not (a.kind == "w" and a.value == "to" and 0 < k < len(atoms) - 1):
            continue
        left, right = atoms[:k], atoms[k + 1:]
        verb = left[0].value if left[0].kind == "w" else None
        with Tentative(c) as reading:  # a reading that does not fit is given up: the next "to" is tried
            if verb == "lose":  # "lose 2 battle to draw a card": the shared "pay ... to ..."
                steps = c.statement([Atom("w", "pay", left[0].start, left[0].end)] + atoms[1:])
                reading.keep()
                return steps
            try:
                cost = c.statement(left)
            except CardLanguageError as error:  # a cost read, but refused for what it says ("pay 2 red"): that
                if error.meaning or error.refused:  # refusal, if nothing else reads
                    refusal = refusal or error
                continue
            given, why = _given(cost[-1], verb, c.vocab.table)
            try:
                effect = c.statement(right)
            except CardLanguageError as error:  # a cost whose effect is at fault: that fault, if nothing else reads
                if why is None:
                    refusal = refusal or error
                continue  # not "COST to EFFECT": another reading, or the fault, is for the compiler
            text = c.text[left[0].start:left[-1].end]
            if why is not None:  # "X to EFFECT", X giving nothing up: refused, if the words read no other way
                form = ("{cost}; if you do, ..." if getattr(cost[-1], "each_player", False)
                        else "you may {cost}; if you do, ...")
                refusal = refusal or c.error(gettext(
                    "{cost!r} cannot be a cost ('COST to EFFECT'): {why}; a cost gives up your own cards "
                    "({verbs}); for an effect that depends on it, write '{form}'").format(
                    cost=text, why=why, verbs=", ".join(sorted(GIVING_UP | set(c.vocab.table.giving_up))), form=form.format(cost=text)),
                    left[0].start, left[-1].end - left[0].start, suggestion="")
                continue
            key = c.key()
            whole = c.text[atoms[0].start:atoms[-1].end]
            then = c.sub_program(effect, c.text[right[0].start:right[-1].end])
            inner = c.sub_program((_noting(given, key),) + cost + (if_step(_paid(key), then),), whole)
            reading.keep()
            return (_offered(given, may_step(inner, key, whole), key),)
    return refusal


class _Picked:
    """What a statement picking the controller's own cards gives up (``discard 2 cards``): the
    cards its words count, or every card it names (``discard your hand``)."""

    __slots__ = ("sel",)

    def __init__(self, sel: CardSelector) -> None:
        self.sel = sel

    def needed(self, state, ctx: dict) -> int:
        sel = self.sel
        if sel.mode in _COUNTED:
            return sel.count(state, ctx) if sel.count is not None else 1
        return len(sel.candidates(state, ctx))

    def available(self, state, ctx: dict) -> int:
        return len(self.sel.candidates(state, ctx))


def _given(step, verb: str | None, table: Any) -> tuple[Any, str | None]:
    """What the statement ending with ``step`` gives up (an object with ``needed`` and ``available``,
    as :class:`_Picked`, or a pack's step that is one: Volfyirion's Remove a Card), or why it is no cost."""
    if getattr(step, "each_player", False):
        return None, gettext("other players do it")
    if verb not in GIVING_UP and verb not in table.giving_up:
        return None, gettext("it gives nothing up")
    if callable(getattr(step, "needed", None)):
        return step, (gettext("'up to' may give up nothing") if getattr(step, "upto", False) else None)
    pick = getattr(step, "pick", None)
    if pick is None:
        return None, gettext("it gives nothing up")
    if not _own(pick.sel, table):
        return None, gettext("the cards it names are not all yours to give up")
    if verb in _MOVING and not _held(pick.sel, table):
        return None, gettext("it moves cards you do not hold (only from your hand or your cards in play is a "
                             "card given up)")
    if pick.sel.mode == "upto":
        return None, gettext("'up to' may give up nothing")
    return _Picked(pick.sel), None


def _own(sel: CardSelector, table: Any) -> bool:
    """Whether every card ``sel`` names is the controller's own (``a card`` in the hand, ``a troop
    you control``, ``this card``), never a shared zone's (the Asset Row)."""
    if sel.alts:
        return all(_own(a, table) for a in sel.alts)
    if sel.ref is not None:
        return sel.ref == "this"
    if sel.owner is not None:
        return sel.owner.mode == "you"
    if sel.zone is not None:
        if table.zone(sel.zone.zone).shared:
            return False
        return sel.zone.owner is None or sel.zone.owner.mode == "you"
    return sel.default_zone == "hand"


def _held(sel: CardSelector, table: Any) -> bool:
    """Whether the cards ``sel`` names are held, in the hand or in play (not in a deck or a pile)."""
    if sel.alts:
        return all(_held(a, table) for a in sel.alts)
    if sel.ref == "this":
        return True
    zone = sel.zone.zone if sel.zone is not None else sel.default_zone
    if zone is None:
        return sel.kind is not None  # a kind alone is where such cards are: in play
    z = table.zone(zone)
    return zone == "hand" or z.in_play


def _noting(given, key: str):
    """The step noting, before the cost is paid, how many cards paying it gives up."""
    def step(state, ctx):
        ctx[key + "#"] = given.needed(state, ctx)
        return None
    return step


def _paid(key: str):
    """Whether the cost was paid in full: each card it names given up."""
    return lambda state, ctx: len(ctx.get("_it") or ()) >= ctx.get(key + "#", 1)


def _offered(given, ask, key: str):
    """The cost's question, asked only when there are cards enough to pay it; after a ``may``
    already answered (``you may discard a card to ...``), not asked again."""
    def step(state, ctx):
        if key not in ctx:
            need = given.needed(state, ctx)
            if need < 1 or given.available(state, ctx) < need:
                return None
            if ctx.get(SURE):
                ctx[key] = True
        return ask(state, ctx)
    step.is_cost = True  # a choice whose alternative starts so has asked already (control.choose_step)
    return step
