"""Selectors: which cards and which players a phrase names, read once and resolved at play time.

A card selector is a quantifier, an owner, adjectives, a kind and where the cards are, in any
natural combination::

    a card in your hand            each enemy building that costs 4 or less
    up to 2 red troops             the top 3 cards of your deck
    one of your heroes             target enemy main hero        another troop you control
    it, them, this card, the target, the attacker, the rest

The words come from the pack's :class:`~tabletop.dsl.table.Table` (its zones, kinds,
adjectives, numbers and states); the reading is the same in every pack. Player selectors:
``you``, ``each enemy``, ``each player``, ``the enemy``, ``they``, ``the target's owner``...

At play time :meth:`CardSelector.candidates` lists ``(instance, zone key)`` pairs; a verb
resolves the quantifier with :func:`pick_steps` (a decision for choices, the game's
generator for ``at random``, every card for ``each``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from tabletop.dsl.comparisons import AFTER_WORDS, Comparison, compare, read_after
from tabletop.dsl.context import lacking
from tabletop.dsl.matcher import NUMBER_WORDS, Matcher
from tabletop.dsl.named import of_the_named
from tabletop.dsl.places import (
    ANOTHER, PICKED, TABLES, PlayerSel, ZoneRef, holders_of, owners, players, problem_of, text_of, words_at, zones,
)
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import forms
from tabletop.framework import triggers
from tabletop.framework.language import gettext


@dataclass(frozen=True)
class CardSelector:
    """A card selector as read (see the module docstring).

    ``mode``: ``all`` (each, every, plural), ``one`` (a, one, target), ``n`` (exactly N),
    ``upto`` (up to N), ``random`` (N at random), ``top``/``bottom`` (of a pile), ``ref``.
    """

    text: str
    mode: str = "all"
    count: Quantity | None = None
    ref: str | None = None
    owner: PlayerSel | None = None
    kind: str | None = None
    adjs: tuple = ()
    zone: ZoneRef | None = None
    filters: tuple = ()
    other: bool = False
    default_zone: str | None = None
    problem: tuple | None = None
    alts: tuple = ()   # "an enemy troop or an enemy building": the cards of any of these selectors
    past: tuple | None = None  # (event, players or None): "cards you played this turn", wherever they are now
    best: tuple | None = None  # (number, +1 the most or -1 the least): "the enemy hero with the most hp"
    chosen: bool = False  # "target" or "of your choice" was said: the selector must pick (see _of_your_choice)
    only: Any = None  # a picking.Only: what each card picked must pass to be acted on ("unless it is frozen")

    # -- at compile time ---------------------------------------------------------
    def where(self, zone: str, always: bool = False) -> "CardSelector":
        """The same selector, looking in ``zone`` when it names no zone and no kind (or ``always``:
        a verb's own place, "discard a hero" means from the hand)."""
        if self.alts:
            return replace(self, alts=tuple(a.where(zone, always) for a in self.alts))
        if self.kind is not None and not always:
            return self
        return replace(self, default_zone=zone)

    @property
    def single(self) -> bool:
        return (self.mode in ("one", "random", "top", "bottom") and (self.count is None or self.count.const == 1)) \
            or self.ref in ("this", "target", "attacker", "new hero", "subject")

    # -- at play time ------------------------------------------------------------
    def _keys(self, state, ctx) -> list[str]:
        if self.zone is not None:
            return self.zone.keys(state, ctx)
        table = TABLES[state.game]
        kind = table.kind(self.kind) if self.kind else None
        zname = self.default_zone or (kind.home if kind is not None else "play")
        z = table.zone(zname)
        if z.shared:
            return list(z.keys(state, -1))
        if self.owner is not None:
            ps = self.owner.resolve(state, ctx)
        elif z.in_play:
            ps = table.players(state)
        else:
            ps = [ctx["controller"]]
        out: list[str] = []
        for p in ps:
            out.extend(z.keys(state, p))
        return out

    def _befell(self, state, ctx: dict) -> list[int]:
        """The cards this turn's ``past`` event was about (played by those players...), oldest first."""
        event, who = self.past
        ps = who.resolve(state, ctx) if who is not None else None
        out: list[int] = []
        for ev, data in triggers.this_turn(state):
            if ev == event and (ps is None or data.get("player") in ps) and data["subject"] not in out:
                out.append(data["subject"])
        return out

    def test(self, state, iid: int, ctx: dict, key: str | None = None) -> bool:
        """Whether card ``iid`` is one this selector describes (kind, adjectives, filters, owner)."""
        if self.alts:
            return any(a.test(state, iid, ctx, key) for a in self.alts)
        table = TABLES[state.game]
        if self.kind is not None and not table.kind(self.kind).test(state.cards[iid]):
            return False
        if self.other and (iid == ctx.get("source") or iid in (ctx.get("_it") or ()) or iid in (ctx.get(PICKED) or ())):
            return False  # "other": than this card, and than what the effect just acted on (or before: "another")
        for f in self.adjs:
            if not f(state, iid, key, ctx):
                return False
        for f in self.filters:
            if not f(state, iid, key, ctx):
                return False
        if self.owner is not None and (key is None or self.zone is not None):
            if self.zone is None and table.owner(state, iid, key) not in self.owner.resolve(state, ctx):
                return False
        return True

    def candidates(self, state, ctx: dict) -> list[tuple[int, str]]:
        """Every ``(instance, zone key)`` this selector may mean now (a pile's top first)."""
        if self.alts:
            out, seen = [], set()
            for alt in self.alts:
                for c in alt.candidates(state, ctx):
                    if c[0] not in seen:
                        seen.add(c[0])
                        out.append(c)
            return out
        if self.ref is not None or self.past is not None:
            out = []
            for iid in (REFS[self.ref](state, ctx) if self.ref is not None else self._befell(state, ctx)):
                key = state.zone_of(iid)
                if key is not None and self.test(state, iid, ctx, None):
                    out.append((iid, key))
            return self._keep_best(state, out) if self.best else out
        cards_in = state.cards_in
        out = []
        if self.mode in ("top", "bottom"):
            n = self.count(state, ctx) if self.count is not None else 1
            for key in self._keys(state, ctx):
                pile = cards_in(key)
                got = 0
                for iid in (reversed(pile) if self.mode == "top" else list(pile)):
                    if got >= n:
                        break
                    if self.test(state, iid, ctx, key):
                        out.append((iid, key))
                        got += 1
            return out
        for key in self._keys(state, ctx):
            for iid in cards_in(key):
                if self.test(state, iid, ctx, key):
                    out.append((iid, key))
        return self._keep_best(state, out) if self.best else out

    def _keep_best(self, state, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
        """The cards of ``found`` with the most (or the least) of the ``best`` number, ties kept."""
        value = TABLES[state.game].attributes[self.best[0]]
        sign = self.best[1]
        scores = [sign * value(state, iid) for iid, _ in found]
        top = max(scores, default=0)
        return [c for c, s in zip(found, scores) if s == top]

    def matches(self, state, iid: int, ctx: dict) -> bool:
        """Whether card ``iid``, wherever it is, is one this selector describes (for triggers and modifiers)."""
        if self.alts:
            return any(a.matches(state, iid, ctx) for a in self.alts)
        if self.ref is not None:
            return iid in REFS[self.ref](state, ctx) and self.test(state, iid, ctx)
        if self.past is not None and iid not in self._befell(state, ctx):
            return False
        if self.best and all(c != iid for c, _ in self.candidates(state, ctx)):
            return False
        if not self.test(state, iid, ctx):
            return False
        if self.owner is not None and self.zone is None:
            return TABLES[state.game].owner(state, iid) in self.owner.resolve(state, ctx)
        return True


def _rest(state, ctx):
    seen = ctx.get("_seen") or ()
    taken = set(ctx.get("_taken") or ())
    return [i for i in seen if i not in taken]


REFS: dict[str, Callable[[Any, dict], list[int]]] = {
    "this": lambda state, ctx: [ctx["source"]] if ctx.get("source", -1) >= 0 else lacking(ctx, "source"),
    "it": lambda state, ctx: list(ctx.get("_it") or ()),
    "them": lambda state, ctx: list(ctx.get("_seen") or ctx.get("_it") or ()),
    "rest": _rest,
    "target": lambda state, ctx: [ctx["target"]] if ctx.get("target") is not None else lacking(ctx, "target"),
    "attacker": lambda state, ctx: [ctx["attacker"]] if ctx.get("attacker") is not None else lacking(ctx, "attacker"),
    "new hero": lambda state, ctx: [ctx["hero"]] if ctx.get("hero") is not None else lacking(ctx, "hero"),
    "subject": lambda state, ctx: [ctx["subject"]] if ctx.get("subject") is not None else lacking(ctx, "subject"),
}
# reference words -> (ref, scope reference needed, needs a noun after it)
_REF_WORDS = [
    (("this",), "this", "this", True), (("it",), "it", "it", False), (("them",), "them", "it", False),
    (("that",), "it", "it", True), (("those",), "them", "it", True),
    (("the", "rest"), "rest", "them", False), (("the", "others"), "rest", "them", False),
    (("the", "other"), "rest", "them", True), (("the", "other"), "rest", "them", False),
    (("the", "target"), "target", "target", False), (("the", "attacked", "hero"), "target", "target", False),
    (("the", "attacker"), "attacker", "attacker", False), (("the", "attacking", "hero"), "attacker", "attacker", False),
    (("the", "new", "hero"), "new hero", "new hero", False),
]

_QUANT_ALL = ("each", "every", "all")
#: the words after a bare quantifier that say its noun is left out ("put one into your hand"): a place follows
_PRONOUN_END = ("into", "onto", "on", "in", "back")


def cards(m: Matcher, pos: int):
    """Parser of a card selector (see the module docstring), or two joined by ``or``: ``an enemy
    troop or an enemy building``, ``an enemy troop or building`` (the first's owner and
    adjectives carry over to a second that names none)."""
    for end, sel in _cards(m, pos):
        yield end, _acting(m, _of_your_choice(m, pos, end, sel))
        if m.word(end) == "or" and m.word(end + 1) is not None and sel.mode not in ("top", "bottom"):
            for e2, sel2 in _cards(m, end + 1):
                if sel2.mode not in ("all", sel.mode) or sel2.mode in ("top", "bottom"):
                    continue
                second = replace(sel2, mode=sel.mode, count=sel.count,
                                 owner=sel2.owner or (sel.owner if sel2.zone is None else None),
                                 adjs=sel2.adjs or sel.adjs)
                # "an enemy troop or building of your choice": the choice is of the whole
                yield e2, _acting(m, _of_your_choice(m, pos, e2, CardSelector(
                    text_of(m, pos, e2), sel.mode, sel.count, alts=(sel, second), problem=sel.problem or sel2.problem,
                    chosen=sel.chosen or sel2.chosen)))


def _acting(m: Matcher, sel: CardSelector) -> CardSelector:
    """``sel`` with the test the statement being read puts on each card it picks, if any (the
    compiler's ``only``: ``deal 2 damage to target enemy hero unless it is frozen``)."""
    only = getattr(m.compiler, "only", None)
    return replace(sel, only=only) if only is not None and sel.ref is None else sel


def chooses(sel: CardSelector) -> bool:
    """Whether ``sel`` says that a player chooses its cards (``target enemy hero``, ``a hero of your
    choice``), rather than describing any such card (``an enemy hero``)."""
    return sel.chosen and sel.ref is None and sel.mode in ("one", "n", "upto")


def _cards(m: Matcher, pos: int):
    yield from _refs(m, pos)
    w = m.word(pos)
    if w == "the" and m.word(pos + 1) in ("top", "bottom"):
        yield from _top(m, pos)
        return
    for p, mode, q in _quantifier(m, pos):
        if m.word(p) in _PRONOUN_END and mode in ("one", "n", "upto") and p > pos:
            # "put one into your hand and the rest ...", "put two on top of your deck": "one of them", its noun left out
            sel = CardSelector(text_of(m, pos, p), mode, q, ref="them", problem=m.missing(pos, p, "it"))
            yield p, sel
            continue
        read = _of(m, pos, p + 1, mode, q) if m.word(p) == "of" else _body(m, pos, p, mode, q)  # "one of your heroes"
        said = m.word(p - 1) == "target"  # "target enemy hero", "up to 2 target heroes": chosen
        for end, sel in read:
            yield end, replace(sel, chosen=True) if said and sel.mode in ("one", "n", "upto") else sel
    yield from _body(m, pos, pos, "all", None)  # no quantifier: "your troops", "red cards"
    if w == "the":  # "the troops you control", "the cards in your hand": all of them, as "your troops" is
        for end, sel in _body(m, pos, pos + 1, "all", None):
            if _plural(m, pos + 1, end, sel.kind):
                yield end, sel
    for end, z in zones(m, pos):  # a whole zone: "your hand", "the enemy's discard pile"
        if z.owner is not None:
            yield end, CardSelector(text_of(m, pos, end), "all", zone=z, problem=z.problem)


def _plural(m: Matcher, start: int, end: int, kind: str | None) -> bool:
    """Whether the words ``start``..``end`` name their cards by a plural noun (``troops``, ``cards``):
    ``the troop`` is one troop named before, never all of them."""
    for i in range(start, end):
        w = m.word(i)
        if w is not None and (w == "cards" if kind is None else w != kind and w in forms(kind)):
            return True
    return False


def _top(m: Matcher, pos: int):
    """``the top 3 cards of your deck``, ``the bottom card of ...``."""
    mode = m.word(pos + 1)
    p = pos + 2
    nums = [(e, q) for e, q in m.number(p) if e > p] or [(p, Quantity.constant(1))]
    for p2, q in nums:
        for p3, kind in _noun(m, p2):
            if m.word(p3) != "of":
                m.fail(p3, "'of'")
                continue
            for p4, z in zones(m, p3 + 1):
                sel = CardSelector(text_of(m, pos, p4), mode, q, kind=kind, zone=z, problem=z.problem)
                yield from _posts(m, pos, p4, sel)


def _of(m: Matcher, start: int, pos: int, mode: str, q):
    """``one of your heroes``, ``2 of your crystals``, ``one of them``."""
    if m.word(pos) == "them":
        sel = CardSelector(text_of(m, start, pos + 1), mode, q, ref="them", problem=m.missing(pos, pos + 1, "it"))
        yield from _posts(m, start, pos + 1, sel)
        return
    for p2, owner in owners(m, pos):
        for p3, adjs, other in _adjectives(m, p2):
            for p4, kind in _noun(m, p3):
                sel = CardSelector(text_of(m, start, p4), mode, q, owner=owner, kind=kind, adjs=adjs,
                                   other=other, problem=owner.problem)
                yield from _posts(m, start, p4, sel)


def _quantifier(m: Matcher, pos: int):
    """(end, mode, count) readings of a quantifier at ``pos``: ``a``, ``each``, ``up to 2``, ``3``;
    ``a random`` / ``2 random`` (as ``... at random``); ``up to 2 target`` (``target`` says nothing
    more after a number)."""
    w = m.word(pos)
    if w == "up" and m.word(pos + 1) == "to":
        for end, q in m.number(pos + 2):
            if end > pos + 2:
                yield (end + 1 if m.word(end) == "target" else end), "upto", q
        return
    if w in _QUANT_ALL:
        yield pos + 1, "all", None
        return
    if w in ("a", "an", "one") and m.word(pos + 1) == "random":
        yield pos + 2, "random", Quantity.constant(1)
        return
    if w == "another" and m.word(pos + 1) == "target":  # "another target enemy hero": chosen, not the first
        yield pos + 2, "one", Quantity.constant(1)
        return
    if w in ("a", "an", "one", "target", "another", "any"):  # "deal 3 damage to any hero": one, chosen
        yield pos + 1, "one", Quantity.constant(1)
        return
    atoms = m.atoms
    if pos < len(atoms) and (atoms[pos].kind in "ne" or (w in NUMBER_WORDS and w not in ("no", "once"))):
        for end, q in m.number(pos):
            if end > pos:
                after = m.word(end)
                if after == "random":
                    yield end + 1, "random", q
                elif after == "target":
                    yield end + 1, "n", q
                else:
                    yield end, "n", q


def its(m: Matcher, pos: int, end: int, kind: str) -> tuple[str | None, tuple | None]:
    """What ``its KIND`` (the words ``pos``..``end``) names: the key in :data:`REFS` of its cards,
    or None and the problem.

    ``its`` is what ``it`` would be there: the cards a statement before acted on, else the card a
    condition or the text's context named (``the target``); the cards of KIND holding them
    (:meth:`Table.contents`) are meant, where the effect found them (a Troop destroyed stood in
    its City). With nothing named before it, on a card whose pack names its own place of that
    kind (``this city`` on a Troop: ``card_refs``), it is the card's own, as ``this city``."""
    table = m.vocab.table
    scope = m.scope
    comp = m.compiler
    last = getattr(comp, "last_ref", None)
    phrase = text_of(m, pos, end)
    base = None
    if isinstance(last, str) and (scope is None or not scope.has("it")):
        base = last  # "if the target ...: ... its city"
    elif scope is None or scope.has("it"):
        base = "it"
    if base is not None:
        if getattr(comp, "gone", False):  # a trigger's card that has left play, nothing picked since
            return None, (pos, end, gettext(
                "{phrase!r} cannot be read here: 'it' is the card that has just left play, and which {kind} "
                "it stood in is not known once it has left").format(phrase=phrase, kind=kind))
        key = f"held:{kind}:{base}"
        if key not in REFS:
            REFS[key] = holders_of(kind, REFS[base])
        if comp is not None:
            comp.holds.add(kind)  # the effect's picks note where their cards stand (places.HOLD)
        return key, None
    own = table.card_refs.get(f"this {kind}")
    if own is not None and scope.has(own[0]):
        key = f"{table.name}:this {kind}"
        REFS.setdefault(key, own[1])
        return key, None
    return None, (pos, end, scope.missing_holder(phrase, kind))


def _its(m: Matcher, pos: int):
    """``its city``: the card of a kind holding the card ``it`` names (see :func:`its`), in a
    game whose cards hold cards."""
    table = m.vocab.table
    w = m.word(pos + 1)
    if m.word(pos) != "its" or w is None or type(table).contents is Table.contents:
        return
    kind = next((k.name for k in table.kinds if w in forms(k.name)), None)
    if kind is None:
        return
    end = pos + 2
    key, problem = its(m, pos, end, kind)
    sel = CardSelector(text_of(m, pos, end), "ref", None, ref=key or "it", kind=kind, problem=problem)
    yield from _posts(m, pos, end, sel)


def _refs(m: Matcher, pos: int):
    """``it``, ``them``, ``this card``, ``that hero``, ``the target``, ``the rest``..."""
    yield from _its(m, pos)
    table = m.vocab.table
    for words, ref, need, noun in _REF_WORDS:
        end = words_at(m, pos, words)
        if end is None:
            continue
        readings = list(_noun(m, end)) if noun else [(end, None)]
        for e2, kind in readings:
            phrase = text_of(m, pos, e2)
            problem = m.missing(pos, e2, need)
            last = getattr(m.compiler, "last_ref", None)
            if ref == "it" and isinstance(last, CardSelector) and (m.scope is None or not m.scope.has("it")):
                yield from _posts(m, pos, e2, replace(last, text=phrase))  # "if your main hero has ...: heal it"
                continue
            if ref == "it" and last is not None and (m.scope is None or not m.scope.has("it")):
                ref, problem = last, None  # "if the target has burn: deal 3 damage to it"
            if problem is None and ref == "this" and kind is not None and m.scope is not None:
                mine = m.scope.kind("this")
                if mine not in (None, "card", kind) and table.kind(mine) is not None:
                    named = table.card_refs.get(phrase)
                    if named is not None and m.missing(pos, e2, named[0]) is None:
                        ref = f"{table.name}:{phrase}"  # "this city" on a Troop: the City it stands in
                        REFS.setdefault(ref, named[1])
                    else:
                        problem = (pos, e2, f"{phrase!r}: this card is {_a(mine)}, not {_a(kind)}")
            sel = CardSelector(phrase, "ref", None, ref=ref, kind=kind, problem=problem)
            yield from _posts(m, pos, e2, sel)


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _body(m: Matcher, start: int, pos: int, mode: str, q):
    """After a quantifier: [owner] [adjectives] NOUN [post-clauses]."""
    heads: list[tuple[int, PlayerSel | None]] = [(pos, None)]
    heads.extend(owners(m, pos))
    for p, owner in heads:
        for p2, adjs, other in _adjectives(m, p):
            own = owner
            if own is None and _enemy_adj in adjs:  # "each enemy trap": look in the enemies' zones
                own, adjs = _ENEMIES, tuple(a for a in adjs if a is not _enemy_adj)
            for p3, kind in _noun(m, p2):
                another = m.word(start) == "another"
                if another and getattr(m, "compiler", None) is not None:
                    m.compiler.holds.add(ANOTHER)  # the effect's picks note every card they act on
                sel = CardSelector(text_of(m, start, p3), mode, q, owner=own, kind=kind, adjs=adjs,
                                   other=other or another, problem=problem_of(own))
                yield from _posts(m, start, p3, sel)


def _adjectives(m: Matcher, pos: int):
    """(end, adjective tests, 'other') readings: each prefix of a run of adjectives, longest first."""
    table = m.vocab.table
    colours = set(m.vocab.classes.get("colour", ()))
    tests: list = []
    other = False
    out = [(pos, (), False)]
    p = pos
    while True:
        w = m.word(p)
        if w == "other":
            other = True
        elif w == "enemy":
            tests.append(_enemy_adj)
        elif w in colours:
            tests.append(_colour(w))
        elif w is not None and w in table.adjectives:
            fn = table.adjectives[w]
            tests.append(lambda state, iid, key, ctx, fn=fn: fn(state, iid, key))
        else:
            break
        p += 1
        out.append((p, tuple(tests), other))
    return reversed(out)


_ENEMIES = PlayerSel("enemies", "enemy")


def _enemy_adj(state, iid, key, ctx) -> bool:
    return TABLES[state.game].owner(state, iid, key) != ctx["controller"]


def _colour(word: str):
    def test(state, iid, key, ctx) -> bool:
        return TABLES[state.game].colour(state.cards[iid]) == word
    return test


def _noun(m: Matcher, pos: int):
    """(end, kind name, or None for 'card') of a noun at ``pos``."""
    table = m.vocab.table
    w = m.word(pos)
    if w in ("card", "cards"):
        yield pos + 1, None
        return
    for k in table.kinds:
        if w is not None and w in forms(k.name):
            if m.word(pos + 1) in ("card", "cards"):  # "a hero card", "troop cards": the same cards
                yield pos + 2, k.name
            yield pos + 1, k.name
            return
    if w == "target" and pos > 0 and m.word(pos - 1) == "any" and table.attacker is not None:
        yield pos + 1, table.attacker  # "deal 3 damage to any target": where cards attack cards, any such card
        return
    m.fail(pos, "a kind of card (card, " + ", ".join(k.name for k in table.kinds) + ")",
           ("card",) + tuple(k.name for k in table.kinds), "kind of card")


def _posts(m: Matcher, start: int, pos: int, sel: CardSelector):
    """Every reading of the post-clauses after a selector's noun, longest first."""
    results = [(pos, sel)]
    frontier = [(pos, sel)]
    while frontier and len(results) < 64:
        nxt = []
        for p, s in frontier:
            for p2, s2 in _post(m, p, s):
                s2 = replace(s2, text=text_of(m, start, p2), problem=s2.problem or s.problem)
                nxt.append((p2, s2))
        results.extend(nxt)
        frontier = nxt
    results.sort(key=lambda t: -t[0])
    yield from results


_CONTROLS = ((("you", "control"), "you"), (("you", "own"), "you"), (("you", "have"), "you"),
             (("an", "enemy", "controls"), "enemies"), (("each", "enemy", "controls"), "enemies"),
             (("the", "enemy", "controls"), "enemies"), (("the", "enemy", "has"), "enemies"),
             (("your", "opponent", "has"), "enemies"), (("your", "opponent", "controls"), "enemies"),
             (("of", "yours"), "you"))


def _post(m: Matcher, pos: int, sel: CardSelector):
    """One post-clause: where, a comparison, a state, 'other than this', 'at random', 'you control'."""
    table = m.vocab.table
    w = m.word(pos)
    if w is None:
        return
    nxt = m.word(pos + 1)
    if w == "at" and nxt == "random":
        if sel.mode in ("one", "n"):
            yield pos + 2, replace(sel, mode="random")
        return
    if w == "of" and nxt == "your" and m.word(pos + 2) == "choice" and not sel.chosen:
        yield pos + 3, replace(sel, chosen=True)  # checked once the whole selector is read (cards)
        return
    if w in ("from", "among") and (nxt in ("them", "it") or (nxt == "among" and m.word(pos + 2) == "them")):
        end = pos + 2 if nxt in ("them", "it") else pos + 3
        if sel.ref is None:
            yield end, replace(sel, ref="them", problem=sel.problem or m.missing(pos, end, "it"))
        return
    if w in ("in", "from", "on", "of", "among") and sel.zone is None and sel.ref is None:
        if w == "in" and nxt == "play" and _has_zone(table, "play"):
            yield pos + 2, replace(sel, zone=ZoneRef("play", sel.owner, "play"))
            return
        for end, z in zones(m, pos + 1):
            yield end, replace(sel, zone=z, problem=sel.problem or z.problem)
    if sel.owner is None:
        for words, mode in _CONTROLS:
            end = words_at(m, pos, words)
            if end is not None:
                yield end, replace(sel, owner=PlayerSel(mode, " ".join(words)))
        for words in (("they", "control"), ("they", "own"), ("they", "have")):  # "each player ... troop they control"
            end = words_at(m, pos, words)
            if end is not None:
                yield end, replace(sel, owner=PlayerSel("they", " ".join(words)),
                                   problem=sel.problem or m.missing(pos, end, "they"))
    if w == "other" and nxt == "than" and m.word(pos + 2) == "this":
        end = pos + 3
        for e2, _kind in _noun(m, end):
            end = e2
        yield end, replace(sel, other=True, problem=sel.problem or m.missing(pos, end, "this"))
        return
    if w == "except" and sel.ref is None:  # "each hero except your main hero", "target hero except the target"
        yield from _except(m, pos + 1, sel)
        return
    if w == "with" and nxt == "the" and sel.best is None:
        yield from _superlative(m, pos + 2, sel, table)
    if w in ("with", "that", "which"):
        yield from _with_clause(m, pos, sel, table)
    if sel.past is None and sel.ref is None and sel.zone is None:
        yield from _past(m, pos, sel, table)
    if w == "whose":  # "whose defence is 3 or less", "whose cost is at most 2"
        attr = next((a for a in table.attributes if nxt in forms(a)), None)
        if attr is None:
            m.fail(pos + 1, gettext("a number on a card ({words})").format(words=", ".join(table.attributes)),
                   tuple(table.attributes), "number on a card")
            return
        p = pos + 2 + (m.word(pos + 2) in ("is", "are"))
        for end, cmp in compare(m, p):
            yield end, replace(sel, filters=sel.filters + (_attr_filter(attr, cmp),))
    if w == "costing" and "cost" in table.attributes:  # "a card costing 4 or less"
        for end, cmp in compare(m, pos + 1):
            yield end, replace(sel, filters=sel.filters + (_attr_filter("cost", cmp),))
    if w == "without":  # "without burn", "without damage"
        yield from _lacking(m, pos + 1, sel, table)
    if w == "of" and nxt == "the":  # "each card of the named house" (a word a text named: dsl.named)
        for end, test, problem in of_the_named(m, pos):
            yield end, replace(sel, filters=sel.filters + (test,), problem=sel.problem or problem)


def _except(m: Matcher, pos: int, sel: CardSelector):
    """``each hero except your main hero``, ``each enemy hero except the target``: the cards ``sel``
    names but those the selector at ``pos`` names as the statement runs (all heroes but one). The
    cards spared are described, never picked: ``except target hero`` would ask whom to spare."""
    for end, spared in _cards(m, pos):
        problem = spared.problem
        if chooses(spared):
            problem = problem or (pos, end, gettext(
                "{cards!r}: the cards after 'except' are spared, not chosen: name them ('your main hero', 'this "
                "hero', 'the target'), or choose them in a statement before and say 'except it'").format(
                cards=spared.text))

        def kept(state, iid: int, key, ctx: dict, spared: CardSelector = spared) -> bool:
            return all(c != iid for c, _k in spared.candidates(state, ctx))
        yield end, replace(sel, filters=sel.filters + (kept,), problem=sel.problem or problem)


def _of_your_choice(m: Matcher, pos: int, end: int, sel: CardSelector) -> CardSelector:
    """``a troop of your choice``, ``up to 2 enemy heroes of your choice``: ``target`` said after
    the noun, so the same selector. Only a selector that picks reads so: every card, a card at
    random or one named by reference is no choice, and saying so is an error (at the words
    ``pos``..``end``), not a phrase that means nothing more."""
    if not sel.chosen or (sel.ref is None and sel.mode in ("one", "n", "upto")):
        return sel
    problem = (pos, end, gettext(
        "{cards!r}: 'of your choice' says that you pick the cards, as 'target' does, but these are not picked "
        "(every card, a card at random or a card named): write 'a ... of your choice', 'N ... of your choice' "
        "or 'up to N ... of your choice'").format(cards=sel.text))
    return replace(sel, problem=sel.problem or problem)


#: The card events a text tells in the past, with their present forms: "the cards you played
#: this turn" here, "if you acquired a red card this turn" and "if you did not play a troop this
#: turn" in :mod:`tabletop.dsl.history`.
PAST_CARD_EVENTS = (("played|cast", "play|cast", triggers.PLAYED), ("acquired", "acquire", triggers.ACQUIRED))
_PAST = {word: event for past, _present, event in PAST_CARD_EVENTS for word in past.split("|")}


def _past(m: Matcher, pos: int, sel: CardSelector, table):
    """``you played this turn``, ``the enemy has acquired this turn``, ``played this turn``: the
    cards that happened to this turn (a card that reads it keeps the turn's history); acquired
    cards are a problem where cards are never acquired (:attr:`Table.acquiring`)."""
    if not any(m.word(k) == "this" and m.word(k + 1) == "turn" for k in range(pos + 1, pos + 6)):
        return  # (no other reading tries a player here: errors elsewhere stay as they were)
    heads = [(pos, None)] if m.word(pos) in _PAST else list(players(m, pos))
    for end, who in heads:
        if m.word(end) in ("have", "has"):
            end += 1
        event = _PAST.get(m.word(end))
        if event is not None and m.word(end + 1) == "this" and m.word(end + 2) == "turn":
            if m.compiler is not None:
                m.compiler.listens.update((event, triggers.HISTORY))
            why = table.never_acquired() if event == triggers.ACQUIRED else None
            never = None if why is None else (pos, end + 3, why)
            yield end + 3, replace(sel, past=(event, who), problem=sel.problem or never or getattr(who, "problem", None))


_MOST = {"most": 1, "highest": 1, "greatest": 1, "least": -1, "lowest": -1, "fewest": -1}


def _superlative(m: Matcher, pos: int, sel: CardSelector, table):
    """``the most hp`` after ``with``: the cards with the most (or the least) of a number, ties
    kept. A singular noun with no quantifier (``the enemy hero with the most hp``) is one of
    them, chosen when several tie; ``each`` or a plural keeps every tied card."""
    sign = _MOST.get(m.word(pos))
    if sign is None:
        return
    attr = next((a for a in table.attributes if m.word(pos + 1) in forms(a)), None)
    if attr is None:
        m.fail(pos + 1, gettext("a number on a card ({words})").format(words=", ".join(table.attributes)),
               tuple(table.attributes), "number on a card")
        return
    words = sel.text.split()
    singular = sel.mode == "all" and sel.ref is None and words[0] not in _QUANT_ALL and words[-1] in ("card", sel.kind)
    yield pos + 2, replace(sel, best=(attr, sign), mode="one" if singular else sel.mode,
                           count=Quantity.constant(1) if singular else sel.count)


def holds_kind(test: Callable[[Any], bool], want: bool) -> Callable:
    """A card filter: whether the card holds (``want``), or does not hold, a card ``test`` accepts
    (:meth:`Table.contents`: a City holds its Troop and Building)."""
    def holds(state, iid: int, key, ctx: dict) -> bool:
        cards = state.cards
        return any(test(cards[c]) for c in TABLES[state.game].contents(state, iid)) == want
    return holds


def _holding(m: Matcher, p: int, sel: CardSelector, table, want: bool):
    """``a troop`` after ``with`` (``want``) or ``without``/``with no``: :func:`holds_kind`."""
    start = p + 1 if m.word(p) in ("a", "an") else p
    kind = next((k for k in table.kinds if m.word(start) in forms(k.name)), None)
    if kind is None or type(table).contents is Table.contents:
        return
    yield start + 1, replace(sel, filters=sel.filters + (holds_kind(kind.test, want),))


def _lacking(m: Matcher, p: int, sel: CardSelector, table):
    """After ``without`` or ``that does not have``: a state the card has not, a number on it that is
    0, or a kind of card it does not hold (``without a building``)."""
    yield from _holding(m, p, sel, table, False)
    w = m.word(p)
    if w in table.states:
        fn = table.states[w]
        yield p + 1, replace(sel, filters=sel.filters + ((lambda state, iid, key, ctx, fn=fn: not fn(state, iid)),))
    for attr in table.attributes:
        if w in forms(attr):
            yield p + 1, replace(sel, filters=sel.filters + (_attr_filter(attr, Comparison("==", Quantity.constant(0))),))


def _with_clause(m: Matcher, pos: int, sel: CardSelector, table):
    """``with 3 hp or less`` (or ``with 3 or less hp``), ``that costs 4 or less``, ``with cost at most 2``, ``that has burn``."""
    w = m.word(pos)
    p = pos + 1
    verb = m.word(p)
    if w != "with":
        if verb in ("cost", "costs") and "cost" in table.attributes:
            for end, cmp in compare(m, p + 1):
                yield end, replace(sel, filters=sel.filters + (_attr_filter("cost", cmp),))
            return
        if verb in ("does", "do") and m.word(p + 1) == "not" and m.word(p + 2) == "have":  # "that does not have burn"
            yield from _lacking(m, p + 3, sel, table)
            return
        if verb not in ("has", "have", "is", "are"):
            return
        p += 1
        if verb in ("is", "are"):
            yield from _being(m, p, sel, table)
    for attr in table.attributes:
        if m.word(p) in forms(attr):
            for end, cmp in compare(m, p + 1):
                yield end, replace(sel, filters=sel.filters + (_attr_filter(attr, cmp),))
        if m.word(p) == "no" and m.word(p + 1) in forms(attr):  # "with no states", "with no damage"
            yield p + 2, replace(sel, filters=sel.filters + (_attr_filter(attr, Comparison("==", Quantity.constant(0))),))
    if w == "with" or verb in ("has", "have"):  # "a city with a troop", "each enemy city that has no building"
        yield from _holding(m, p + 1, sel, table, False) if m.word(p) == "no" else _holding(m, p, sel, table, True)
    for end, q in m.number(p):
        if end > p:
            for attr in table.attributes:
                if m.word(end) in forms(attr):
                    for e2, op in read_after(m, end + 1):
                        yield e2, replace(sel, filters=sel.filters + (_attr_filter(attr, Comparison(op, q)),))
            if m.word(end) in AFTER_WORDS:  # "with 3 or less defence"
                for attr in table.attributes:
                    if m.word(end + 1) in forms(attr):
                        for e2, op in read_after(m, end):
                            yield e2 + 1, replace(sel, filters=sel.filters + (_attr_filter(attr, Comparison(op, q)),))
    st = m.word(p)
    if st in table.states:
        fns = [table.states[st]]
        end = p + 1
        while m.word(end) == "or" and m.word(end + 1) in table.states:  # "with burn or poison": either
            fns.append(table.states[m.word(end + 1)])
            end += 2
        for k in range(len(fns), 0, -1):  # longest first
            yield p + 2 * k - 1, replace(sel, filters=sel.filters + (
                (lambda state, iid, key, ctx, fns=tuple(fns[:k]): any(fn(state, iid) for fn in fns)),))


def _being(m: Matcher, p: int, sel: CardSelector, table):
    """After ``that is`` / ``which are``: an adjective, or ``not`` and one (``each hero that is not frozen``)."""
    negated = m.word(p) == "not"
    fn = table.adjectives.get(m.word(p + negated))
    if fn is not None:
        yield p + negated + 1, replace(sel, filters=sel.filters + (
            (lambda state, iid, key, ctx: fn(state, iid, key) != negated),))


def _has_zone(table, name: str) -> bool:
    return any(z.name == name for z in table.zones)




def _attr_filter(attr: str, cmp: Comparison):
    def test(state, iid, key, ctx) -> bool:
        return cmp.test(TABLES[state.game].attributes[attr](state, iid), state, ctx)
    return test


def count(m: Matcher, pos: int):
    """Parser of what ``for each`` and ``the number of`` count: a selector taken as all its cards
    (``for each troop you control``, ``for each of your troops``)."""
    if m.word(pos) == "of" and m.word(pos + 1) is not None:
        pos += 1
    for end, sel in cards(m, pos):
        if sel.mode in ("all", "ref"):
            yield end, sel
            if sel.mode == "all" and m.word(end) == "and" and m.word(end + 1) is not None:
                # "for each troop and building you control": both kinds counted, an owner or
                # adjectives named on one side holding for the other
                for e2, sel2 in _cards(m, end + 1):
                    if sel2.mode != "all" or sel2.alts or sel.alts:
                        continue
                    first = replace(sel, owner=sel.owner or (sel2.owner if sel.zone is None else None))
                    second = replace(sel2, owner=sel2.owner or (sel.owner if sel2.zone is None else None),
                                     adjs=sel2.adjs or sel.adjs)
                    yield e2, _of_your_choice(m, pos, e2, CardSelector(
                        text_of(m, pos, e2), "all", None, alts=(first, second), problem=sel.problem or sel2.problem,
                        chosen=sel2.chosen))
