"""The shared quantity phrases: ``the number of CARDS``, ``its cost``, ``the hp of the target``,
``your battle points``, and possessives (``your heroes'``)."""
from __future__ import annotations

from dataclasses import dataclass

from tabletop.dsl import places as P
from tabletop.dsl import selectors as S
from tabletop.dsl.matcher import Matcher
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import Vocabulary, forms


def as_quantity(fn) -> Quantity:
    return fn if isinstance(fn, Quantity) else Quantity(fn, None, "")


@dataclass(frozen=True)
class Whose:
    """A possessive: whose number (``its``, ``the target's``, ``this card's``)."""

    sel: CardSelector
    problem: tuple | None = None


_POSSESSIVES = [
    (("its",), "it", "it"), (("their",), "them", "it"), (("the", "target's"), "target", "target"),
    (("the", "attacker's"), "attacker", "attacker"), (("the", "attacking", "hero's"), "attacker", "attacker"),
    (("the", "attacked", "hero's"), "target", "target"), (("the", "new", "hero's"), "new hero", "new hero"),
]


def possessive(m: Matcher, pos: int):
    """``its``, ``the target's``, ``this hero's``, ``your heroes'``, ``each enemy hero's``."""
    yield from _owned_possessive(m, pos)
    for words, ref, need in _POSSESSIVES:
        end = P.words_at(m, pos, words)
        if end is not None:
            if ref in ("it", "them") and getattr(m, "compiler", None) is not None:
                m.compiler.holds.add(P.LAST_KNOWN)  # the picks note the numbers of the cards they act on
            yield end, Whose(CardSelector(" ".join(words), "ref", ref=ref), m.missing(pos, end, need))
    for lead, ref, need in (("this", "this", "this"), ("that", "it", "it")):
        if m.word(pos) == lead:
            w = m.word(pos + 1)
            if w is not None and w.endswith("'s"):
                base = w[:-2]
                kind = None if base == "card" else next((k.name for k in m.vocab.table.kinds
                                                          if base in forms(k.name)), "?")
                if kind != "?":
                    yield pos + 2, Whose(CardSelector(f"{lead} {base}", "ref", ref=ref, kind=kind),
                                         m.missing(pos, pos + 2, need))


def _owned_possessive(m: Matcher, pos: int):
    """``[quantifier] [owner] [adjectives] NOUN's`` / ``NOUNS'``: a selector whose noun is possessive."""
    from dataclasses import replace

    atoms = m.atoms
    for end in range(pos + 1, min(len(atoms), pos + 6) + 1):
        w = m.word(end - 1)
        if w is None or not (w.endswith("'") or w.endswith("'s")) or w in ("its",):
            continue
        stem = w[:-2] if w.endswith("'s") else w[:-1]
        saved = atoms[end - 1]
        atoms[end - 1] = type(saved)("w", stem, saved.start, saved.end)
        try:
            for e2, sel in S.cards(m, pos):
                if e2 == end:
                    yield end, Whose(replace(sel, text=P.text_of(m, pos, end)), sel.problem)
        finally:
            atoms[end - 1] = saved


def _no_pick(sel: CardSelector, attr: str) -> None:
    """A number read off cards a player would pick ("the hp of target enemy hero") is refused: a
    number never asks, and it would add up every card the words could mean."""
    if sel.ref is None and sel.mode in ("one", "n", "upto", "random"):
        raise ValueError(f"a number never asks which card: pick it first, then read its {attr} "
                         f"('... {sel.text}; ... equal to its {attr}'), or name cards by what they are")


def _sum_attr(sel: CardSelector, attr: str, table: Table):
    _no_pick(sel, attr)
    value = table.attributes[attr]
    return lambda state, ctx: sum(value(state, iid) for iid, _ in sel.candidates(state, ctx))


def _best_attr(sel: CardSelector, attr: str, table: Table, pick):
    _no_pick(sel, attr)
    value = table.attributes[attr]
    return lambda state, ctx: pick((value(state, iid) for iid, _ in sel.candidates(state, ctx)), default=0)


def register(v: Vocabulary, table: Table, ex) -> None:
    """Add the shared quantity phrases to ``v``."""
    @v.quantity("[the] number of {x:count}", example=f"the number of cards in your {ex.pile}")
    def number_of(x):
        return lambda state, ctx: len(x.candidates(state, ctx))

    @v.quantity("{w:possessive} {a:word:attribute}", example=f"its {ex.attr}")
    def whose(w, a):
        if w.sel.ref not in ("it", "them"):
            return _sum_attr(w.sel, a, table)
        value, sel = table.attributes[a], w.sel

        def last_known(state, ctx) -> int:  # a card acted on that has left play: its number then
            known = ctx.get(P.KNOWN)
            total = 0
            for iid, key in sel.candidates(state, ctx):
                if known and not table.is_in_play(state, key):
                    was = next((n for i, at, n in known if i == iid and at == a), None)
                    if was is not None:
                        total += was
                        continue
                total += value(state, iid)
            return total
        return last_known

    @v.quantity("the {a:word:attribute} of {x:cards}", example=f"the {ex.attr} of the target")
    def attr_of(a, x):
        return _sum_attr(x, a, table)

    @v.quantity("[the] number of {a:word:attribute} on {x:cards}", example=f"the number of {ex.attr} on the target")
    def number_on(a, x):
        return _sum_attr(x, a, table)

    @v.quantity("the total {a:word:attribute} of {x:cards}", example=f"the total {ex.attr} of your {ex.kinds}")
    def total_of(a, x):
        return _sum_attr(x, a, table)

    for most, pick in (("highest|greatest|largest", max), ("lowest|smallest", min)):
        # "the highest cost among the cards in your hand": one card's number, 0 when there is none
        v.quantity(f"the {most} {{a:word:attribute}} among|of {{x:cards}}",
                   example=f"the {most.split('|')[0]} {ex.attr} among your {ex.kinds}")(
            lambda a, x, pick=pick: _best_attr(x, a, table, pick))

    for word in table.tallies:  # "the number of victory tokens you have", "your victory tokens"
        for pattern in (f"your {word}", f"[the] number of {word} you have"):
            v.quantity(pattern, example=pattern.replace("[the] ", "the "))(
                lambda word=word: lambda state, ctx: table.tally(state, ctx["controller"], word))
        # "the number of victory tokens the enemy has": every player named, added up
        v.quantity(f"[the] number of {word} {{who:players}} have|has", example=f"the number of {word} the enemy has")(
            lambda who, word=word: lambda state, ctx: sum(table.tally(state, q, word) for q in who.resolve(state, ctx)))
    if table.resources:
        @v.quantity("your {r:word:resource} [point]", example=f"your {ex.resource} points")
        def your_points(r):
            return lambda state, ctx: table.points(state, ctx["controller"], r)
