"""The shared lasting changes: numbers on cards (``your troops have +1 defence``), costs
(``the next card you acquire this turn costs 2 less``), a pack's rules (``cannot be chosen by
traps``), and how long a change made by an effect lasts (``this turn``)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from tabletop.dsl import places as P
from tabletop.dsl import selectors as S
from tabletop.dsl.matcher import THIS_TURN, Matcher
from tabletop.dsl.places import PlayerSel
from tabletop.dsl.quantity import Quantity, for_each
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import Vocabulary, forms
from tabletop.framework import lasting
from tabletop.framework.language import gettext


#: how long a change lasts: to the end of this turn, or until the controller's next turn begins
NEXT_TURN = (("until", "your", "next", "turn"), ("until", "the", "start", "of", "your", "next", "turn"))
#: through the end of the controller's next turn ("end-next"), or of the next turn of the owner of the
#: card the change is on ("end-next-owner": a trap's "the attacker cannot attack during its owner's next turn")
END_OF_NEXT_TURN = (("until", "the", "end", "of", "your", "next", "turn"), ("during", "your", "next", "turn"))
END_OF_OWNERS_NEXT_TURN = (("until", "the", "end", "of", "its", "owner's", "next", "turn"),
                           ("until", "the", "end", "of", "their", "next", "turn"),
                           ("during", "its", "owner's", "next", "turn"), ("during", "their", "next", "turn"))


class SaidFirst(str):
    """A duration said before its statement (``this turn, give immunity to your heroes``): "turn" or
    "next", given to the statement's own duration placeholder at its end (see :func:`duration`)."""


DURATIONS = tuple((w, "turn") for w in THIS_TURN) + tuple((w, "next") for w in NEXT_TURN) + \
    tuple((w, "end-next") for w in END_OF_NEXT_TURN) + tuple((w, "end-next-owner") for w in END_OF_OWNERS_NEXT_TURN)


def duration(m: Matcher, pos: int):
    """``this turn`` / ``until the end of your turn`` ("turn"), ``until your next turn`` ("next");
    at the end of a statement whose duration was said first, that duration (``m.implied``)."""
    if m.implied is not None and pos == len(m.atoms):
        yield pos, m.implied
    for words in THIS_TURN:
        end = P.words_at(m, pos, words)
        if end is not None:
            yield end, "turn"
    for words, d in DURATIONS:
        if d != "turn":
            end = P.words_at(m, pos, words)
            if end is not None:
                yield end, d
    m.fail(pos, gettext("how long ('this turn', 'until the end of your turn', 'until your next turn')"))


@dataclass(frozen=True)
class NextMod:
    """A modifier whose subject says how long it lasts: the next card only (``the next card you
    acquire this turn``, ``uses`` 1) or every card this turn (``cards you acquire this turn``, 0)."""

    modifier: lasting.Modifier
    uses: int = 1


@dataclass(frozen=True)
class CostSubject:
    sel: CardSelector
    who: str | None        # "you" when only the controller's use counts ("you acquire", "cost you")
    next: bool = False
    problem: tuple | None = None
    this_turn: bool = False  # "cards you acquire this turn": the subject says how long


#: the past forms of the verbs a cost may be paid with: "your next acquired card" is "the next card you acquire"
_PAID_PAST = {past: present for pasts, presents, _event in S.PAST_CARD_EVENTS
              for past, present in zip(pasts.split("|"), presents.split("|"))}


def _your_next(m: Matcher, pos: int):
    """``your next acquired asset``: the next such card the controller pays for, as ``the next
    asset you acquire`` says, where the pack's cost is paid by that verb."""
    if m.word(pos) != "your" or m.word(pos + 1) != "next" or \
            _PAID_PAST.get(m.word(pos + 2)) not in m.vocab.table.cost_verbs:
        return
    for end, sel in S.cards(m, pos + 3):
        if sel.mode == "all":
            yield end, CostSubject(sel, "you", True, sel.problem)


def cost_subject(m: Matcher, pos: int):
    """``the next card you acquire this turn``, ``your next acquired card``, ``cards you acquire``,
    ``wonders``, ``your incantations``."""
    yield from _your_next(m, pos)
    nxt = False
    p = pos
    if m.word(p) == "the" and m.word(p + 1) == "next":
        nxt = True
        p += 2
    paid = set().union(*(forms(w) for w in m.vocab.table.cost_verbs)) if m.vocab.table.cost_verbs else set()
    for end, sel in S.cards(m, p):
        if sel.mode not in ("all",) and not nxt and sel.ref != "this":  # ("this card costs 1 less")
            continue
        if any(m.word(i) == "you" and m.word(i + 1) in paid for i in range(p, end)):
            # "the next incantation you cast this turn", "incantations you cast this turn": "you cast"
            # says which payments the change is for, not a filter on cards already cast
            continue
        yield end, CostSubject(sel, None, nxt, sel.problem)
        e = P.words_at(m, end, ("you",))
        if e is not None and m.word(e) in paid:
            e += 1
            yield e, CostSubject(sel, "you", nxt, sel.problem)
            e2 = P.words_at(m, e, ("this", "turn"))
            if e2 is not None:
                yield e2, CostSubject(sel, "you", nxt, sel.problem, this_turn=True)


@dataclass(frozen=True)
class PickedMod:
    """A lasting change to the cards an effect picks first: ``target enemy city gets -3
    defence this turn`` asks which city, then changes that one only (its ``modifier`` applies
    to the subjects its lasting entry remembers)."""

    modifier: lasting.Modifier
    sel: CardSelector


def picks(sel: CardSelector) -> bool:
    """Whether ``sel`` chooses some of its cards (``a``, ``target``, ``N``, ``up to N``, ``at random``)."""
    return sel.ref is None and sel.mode in ("one", "n", "upto", "random")


#: references to what the running effect knows (its picks, its target...), gone once it has ended
_OF_THE_EFFECT = frozenset(("it", "them", "rest", "target", "attacker", "new hero", "subject"))


def named_by_effect(sel: CardSelector) -> bool:
    """Whether ``sel`` names its cards by a reference only the running effect can resolve (``it``,
    ``its city``, ``the target``): a change it makes last is to those cards, read as it is made."""
    return sel.ref is not None and (sel.ref in _OF_THE_EFFECT or sel.ref.startswith("held:"))


def _chosen(state, iid: int, player: int, ctx: dict) -> bool:
    return iid in (ctx.get("_it") or ())


def _subject_mod(x: CardSelector, make: Callable[[Callable], lasting.Modifier]):
    """``make(applies)``, for the cards ``x`` describes; a choosing ``x``, or one the effect names
    (``its city gets -3 defence this turn``), gives a PickedMod."""
    if picks(x) or named_by_effect(x):
        return PickedMod(make(_chosen), x)
    return make(_applies(x, None))


def _applies(sel: CardSelector, who: str | None):
    plain = replace(sel, owner=None)
    owner = sel.owner

    def applies(state, iid, player, ctx) -> bool:
        if who == "you" and player != ctx["controller"]:
            return False
        if owner is not None and player not in owner.resolve(state, ctx):
            return False
        return plain.matches(state, iid, ctx)
    return applies


def register(v: Vocabulary, table: Table, ex) -> None:
    """Add the shared lasting changes to ``v``."""
    units = tuple(table.resources) + tuple(table.cost_units)
    if units:
        v.words("cost-unit", units)

    def cost(subject: CostSubject, n: Quantity, unit, change: str, floor, you: bool, uid):
        for kind in {a.kind for a in (subject.sel.alts or (subject.sel,))} & set(table.unpriced):
            raise ValueError(gettext(table.unpriced[kind]))
        sign = -1 if change == "less" else 1
        who = "you" if you else subject.who
        mod = lasting.Modifier(uid(), "cost", _applies(subject.sel, who), n, sign, unit,
                               floor.const if floor is not None else None, own=subject.sel.ref == "this")
        if subject.next:
            return NextMod(mod)
        return NextMod(mod, uses=0) if subject.this_turn else mod

    for you in (False, True):
        pat = "{s:cost-subject} cost|costs " + ("you " if you else "") + "{n:number} [{u:word:cost-unit}] [crystal] {c:word:more-less} [, but at least {f:number}]"
        v.modifier(pat, example=None if you else f"the next card you {ex.cost_verb} this turn costs 2 less")(
            lambda s, n, c, uid, u=None, f=None, you=you: cost(s, n, u, c, f, you, uid))

    def changeable(a: str) -> None:
        if a not in table.modifiable:
            can = ", ".join(table.modifiable) or "none"
            raise ValueError(f"{a} cannot be changed in {table.name} (numbers a card can change: {can})")

    @v.modifier("{x:cards} have|has|get|gets {n:number} {a:word:attribute}", example=f"your {ex.kinds} have +1 {ex.stat}")
    def stat(x, n, a, uid):
        changeable(a)
        return _subject_mod(x, lambda applies: lasting.Modifier(uid(), a, applies, n, 1))

    @v.modifier("{x:cards} have|has|get|gets {n:number} {c:word:more-less} {a:word:attribute}",
                example=f"your {ex.kinds} have 1 more {ex.stat}")
    def stat_more(x, n, c, a, uid):
        changeable(a)
        return _subject_mod(x, lambda applies: lasting.Modifier(uid(), a, applies, n, -1 if c != "more" else 1))

    def forbidden(who: PlayerSel, x: CardSelector, verb: str, uid):
        plain = _applies(x, None)

        def applies(state, iid, player, ctx) -> bool:
            return player in who.resolve(state, ctx) and plain(state, iid, player, ctx)
        return lasting.Modifier(uid(), lasting.forbids(verb), applies)

    for verb in table.restrictions:  # "the enemy cannot play troops until your next turn"
        v.modifier(f"{{who:players}} cannot {verb} {{x:cards}}", example=f"the enemy cannot {verb} {ex.kinds}")(
            lambda who, x, uid, verb=verb: forbidden(who, x, verb, uid))

    if "flag" in v.families:
        @v.modifier("{x:cards} {f:flag}", example=f"your {ex.kinds} " + (v.families["flag"][0].example or ""))
        def flag(x, f, uid):
            return _subject_mod(x, lambda applies: lasting.Modifier(uid(), f, applies))


#: the places a count read with a lasting change may name: they stand where the change's card is
#: (``for each troop in this city``), read as well later as now
_STANDING_PLACES = ("this city",)


def counted(change, count: Quantity, cap: Quantity | None, sel: CardSelector | None, made_by_effect: bool):
    """``change`` (a lasting change with a number) ``for each`` card ``count`` counts, up to ``cap``:
    its number times the count, read whenever the change is (as the cards come and go, so does the
    change). A change without a number (a restriction, a pack's rule) has nothing to multiply. A change
    an effect leaves behind is read after the effect has ended: its count may not name what only the
    effect knows (``it``, ``its city``, ``that city``)."""
    inner = change.modifier if isinstance(change, (PickedMod, NextMod)) else change
    if not isinstance(inner, lasting.Modifier) or inner.amount is None:
        raise ValueError(gettext("only a change by a number can be counted 'for each' card: "
                                 "'your troops have +1 defence for each wonder you control'"))
    if made_by_effect and sel is not None and _names_the_effect(sel):
        raise ValueError(gettext("a lasting change is counted whenever it is read, after the effect has ended: its "
                                 "count cannot name the effect's cards ('it', 'its city', 'that city'); count cards "
                                 "by what they are ('for each troop you control')"))
    scaled = replace(inner, amount=for_each(inner.amount, count, cap))
    return replace(change, modifier=scaled) if inner is not change else scaled


def _names_the_effect(sel: CardSelector) -> bool:
    """Whether ``sel`` (or a selector it is joined with) names cards only the running effect knows."""
    if named_by_effect(sel):
        return True
    if sel.zone is not None and sel.zone.part is not None and sel.zone.text not in _STANDING_PLACES:
        return True
    return any(_names_the_effect(alt) for alt in sel.alts)
