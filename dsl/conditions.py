"""The shared conditions: counts and comparisons of cards, numbers on cards, states,
adjectives and kinds, places, quantities, whose turn it is, and 'if you do'."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from tabletop.dsl import places as P
from tabletop.dsl import comparisons as C
from tabletop.dsl import selectors as S
from tabletop.dsl.comparisons import OPS, Comparison
from tabletop.dsl.matcher import Matcher
from tabletop.dsl.numbers import as_quantity
from tabletop.dsl.places import PlayerSel
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import Vocabulary, forms
from tabletop.framework.language import N_, gettext


@dataclass(frozen=True)
class Counted:
    """What ``have``/``there are`` compares: cards of a selector against a number or another player's."""

    sel: CardSelector
    cmp: Comparison | None
    other: PlayerSel | None = None
    problem: tuple | None = None

    def holds(self, state, ctx: dict, players: list[int] | None) -> bool:
        if self.other is None:
            if players is None:
                n = len(self.sel.candidates(state, ctx))
                return self.cmp.test(n, state, ctx)
            return bool(players) and all(self.cmp.test(_count_as(self.sel, state, ctx, p), state, ctx)
                                         for p in players)
        mine = [_count_as(self.sel, state, ctx, p) for p in (players or [ctx["controller"]])]
        theirs = [_count_as(self.sel, state, ctx, q) for q in self.other.resolve(state, ctx)]
        if not theirs:
            return False
        op = self.cmp.op
        return all(C.OPS[op](a, b) for a in mine for b in theirs)


@dataclass(frozen=True)
class Asks:
    """A condition on a card a player chooses (``if target enemy hero is burning``): in an effect the
    compiler asks for the card first, then tests it with ``test(state, iid, ctx)``; it is ``it`` after."""

    sel: CardSelector
    test: Callable[[Any, int, dict], bool]


_YOURS = PlayerSel("you", "you")


def _count_as(sel: CardSelector, state, ctx: dict, p: int) -> int:
    """How many cards ``sel`` names for player ``p`` ("you have 4 or more crystals": ``p``'s own)."""
    if sel.owner is None and sel.zone is None and sel.ref is None:
        sel = replace(sel, owner=_YOURS)
    me = ctx["controller"]
    ctx["controller"] = p
    try:
        return len(sel.candidates(state, ctx))
    finally:
        ctx["controller"] = me


def counted(m: Matcher, pos: int):
    """``4 or more crystals``, ``at least 2 troops in your cities``, ``no cards in your hand``,
    ``a troop``, ``fewer intact cities than the enemy``, ``as many heroes as the enemy``."""
    w = m.word(pos)
    than_n = m.word(pos + 1) == "than"  # "fewer than 2 troops": a number follows, read below
    if (w in ("fewer", "more", "less") and not than_n) or (w == "as" and m.word(pos + 1) == "many"):
        op = {"fewer": "<", "less": "<", "more": ">"}.get(w, "==")
        start = pos + (2 if w == "as" else 1)
        for end, sel in S.count(m, start):
            link = "as" if w == "as" else "than"
            if m.word(end) == link:
                for e2, who in P.players(m, end + 1):
                    yield e2, Counted(sel, Comparison(op, Quantity.constant(0)), who, sel.problem or who.problem)
        return
    for end, op, q in C.read_before(m, pos):
        for e2, sel in S.count(m, end):
            yield e2, Counted(sel, Comparison(op, q), problem=sel.problem)
    if w in ("a", "an", "any"):
        for e2, sel in S.count(m, pos + 1):
            yield e2, Counted(sel, Comparison(">=", Quantity.constant(1)), problem=sel.problem)
    if w == "another":  # "you control another troop": one other than this card
        for e2, sel in S.count(m, pos + 1):
            if not sel.alts and sel.ref is None:
                yield e2, Counted(replace(sel, other=True), Comparison(">=", Quantity.constant(1)), problem=sel.problem)
    if w == "no":
        for e2, sel in S.count(m, pos + 1):
            yield e2, Counted(sel, Comparison("==", Quantity.constant(0)), problem=sel.problem)
    for end, q in m.number(pos):
        if end <= pos:
            continue
        after = list(C.read_after(m, end))
        for e1, op in after:  # 4 or more crystals
            for e2, sel in S.count(m, e1):
                yield e2, Counted(sel, Comparison(op, q), problem=sel.problem)
        for e1, sel in S.count(m, end):
            tail = list(C.read_after(m, e1))
            for e2, op in tail:  # 4 crystals or more
                yield e2, Counted(sel, Comparison(op, q), problem=sel.problem)
            if not tail:
                yield e1, Counted(sel, Comparison("==", q), problem=sel.problem)


def _theirs(sel: CardSelector) -> CardSelector:
    """In ``PLAYER has ...``, 'their' is that player's own (counted as them: 'your')."""
    owner = sel.owner
    zone = sel.zone
    if owner is not None and owner.mode == "they":
        owner = _YOURS
    if zone is not None and zone.owner is not None and zone.owner.mode == "they":
        zone = replace(zone, owner=_YOURS, problem=None)
    if owner is sel.owner and zone is sel.zone:
        return sel
    return replace(sel, owner=owner, zone=zone, problem=None)


def counted_own(m: Matcher, pos: int):
    """What ``PLAYER has|controls`` compares: as ``counted``, where 'their' is the player's own."""
    for end, c in counted(m, pos):
        sel = _theirs(c.sel)
        yield end, replace(c, sel=sel, problem=None if sel is not c.sel else c.problem)


def attrcmp(m: Matcher, pos: int):
    """``3 hp or less``, ``at most 3 hp``, ``more than 2 damage``: (end, (attribute, Comparison))."""
    attrs = m.vocab.table.attributes

    def attr_at(p):
        w = m.word(p)
        return next((a for a in attrs if w is not None and w in forms(a)), None)

    for end, op, q in C.read_before(m, pos):
        a = attr_at(end)
        if a is not None:
            yield end + 1, (a, Comparison(op, q))
    if m.word(pos) == "no":
        a = attr_at(pos + 1)
        if a is not None:
            yield pos + 2, (a, Comparison("==", Quantity.constant(0)))
    for end, q in m.number(pos):
        if end <= pos:
            continue
        if m.word(end) in C.AFTER_WORDS and attr_at(end + 1) is not None:  # "2 or more states"
            for e2, op in C.read_after(m, end):
                yield e2 + 1, (attr_at(end + 1), Comparison(op, q))
            continue
        a = attr_at(end)
        if a is None:
            m.fail(end, gettext("a number on a card ({words})").format(words=", ".join(attrs)), tuple(attrs),
                   "number on a card")
            continue
        for e2, op in C.read_after(m, end + 1):
            yield e2, (a, Comparison(op, q))
        yield end + 1, (a, Comparison("==", q))


def resource_cmp(m: Matcher, pos: int):
    """``5 or more knowledge``, ``at least 3 battle points``, ``no command``, ``more knowledge than
    the enemy``, ``fewer victory tokens than you`` (a pack's tallies read as resources): (end,
    (resource, Comparison, players compared with or None))."""
    table = m.vocab.table
    resources = table.resources + tuple(table.tallies)

    def resource_at(p):
        for r in resources:
            words = r.split()
            if all(m.word(p + i) is not None and m.word(p + i) in forms(w) for i, w in enumerate(words)):
                end = p + len(words)
                return r, end + (r in table.resources and m.word(end) in ("point", "points"))
        m.fail(p, gettext("a resource ({words})").format(words=", ".join(resources)), tuple(resources), "resource")
        return None, p

    w = m.word(pos)
    than_n = m.word(pos + 1) == "than"  # "more than 5 knowledge": a number follows, read below
    if (w in ("fewer", "less", "more") and not than_n) or (w == "as" and m.word(pos + 1) in ("much", "many")):
        r, end = resource_at(pos + (2 if w == "as" else 1))
        link = "as" if w == "as" else "than"
        if r is not None and m.word(end) == link:
            op = {"fewer": "<", "less": "<", "more": ">"}.get(w, "==")
            for e2, who in P.players(m, end + 1):
                yield e2, (r, op, who)
        return
    for end, op, q in C.read_before(m, pos):
        r, e2 = resource_at(end)
        if r is not None:
            yield e2, (r, Comparison(op, q), None)
    if w == "no":
        r, e2 = resource_at(pos + 1)
        if r is not None:
            yield e2, (r, Comparison("==", Quantity.constant(0)), None)
    for end, q in m.number(pos):
        if end <= pos:
            continue
        after = list(C.read_after(m, end))
        for e1, op in after:  # 5 or more knowledge
            r, e2 = resource_at(e1)
            if r is not None:
                yield e2, (r, Comparison(op, q), None)
        r, e1 = resource_at(end)
        if r is not None:
            tail = list(C.read_after(m, e1))
            for e2, op in tail:  # 5 knowledge or more
                yield e2, (r, Comparison(op, q), None)
            if not tail:
                yield e1, (r, Comparison("==", q), None)


def register(v: Vocabulary, table: Table, ex) -> None:
    """Add the shared conditions to ``v``."""
    if table.resources or table.tallies:
        counted_word = (table.resources + tuple(table.tallies))[0]
        v.parser("resource-cmp", N_("a comparison of a player's resource"), (
            f"5 or more {counted_word}", f"more {counted_word} than the enemy"))(resource_cmp)

        @v.condition("{who:players} have|has {c:resource-cmp}", example=f"you have 5 or more {counted_word}")
        def have_points(who, c):
            r, cmp, other = c

            def pred(state, ctx):
                ps = who.resolve(state, ctx)
                if other is None:
                    return bool(ps) and all(cmp.test(table.tally(state, p, r), state, ctx) for p in ps)
                them = other.resolve(state, ctx)
                return bool(ps) and bool(them) and all(
                    OPS[cmp](table.tally(state, p, r), table.tally(state, q, r)) for p in ps for q in them)
            return pred

    @v.condition("{who:players} have|has|control|controls {c:counted-own}",
                 example=f"you have 4 or more cards in your {ex.hand}")
    def have(who, c):
        return lambda state, ctx: c.holds(state, ctx, who.resolve(state, ctx))

    @v.condition("there is|are {c:counted}", example=f"there are 2 or more {ex.kinds}")
    def there_are(c):
        return lambda state, ctx: c.holds(state, ctx, None)

    def each(x: CardSelector, test):
        """Every card ``x`` names passes ``test``; some card, for ``a``/``any`` ("if an enemy hero has burn");
        the card chosen, for ``target`` ("if target enemy hero has burn": :class:`Asks`)."""
        if S.chooses(x):
            return Asks(x, test)
        some = x.ref is None and x.mode == "one"

        def pred(state, ctx):
            got = x.candidates(state, ctx)
            if some:
                return any(test(state, iid, ctx) for iid, _ in got)
            return bool(got) and all(test(state, iid, ctx) for iid, _ in got)
        return pred

    @v.condition("{x:cards} has|have {c:attrcmp}", example=f"it has 3 {ex.attr} or less")
    def has_number(x, c):
        attr, cmp = c
        value = table.attributes[attr]
        return each(x, lambda state, iid, ctx: cmp.test(value(state, iid), state, ctx))

    def compared(x: CardSelector, y: CardSelector, value, op: str):
        """Every card of ``x`` (some card, for ``a``/``any``: "if an enemy hero has more hp than
        this hero") against every card of ``y``, both naming some."""
        some = any if x.ref is None and x.mode == "one" else all

        def pred(state, ctx):
            theirs = [value(state, i) for i, _ in y.candidates(state, ctx)]
            mine = [value(state, i) for i, _ in x.candidates(state, ctx)]
            return bool(mine) and bool(theirs) and some(all(OPS[op](a, b) for b in theirs) for a in mine)
        return pred

    for attr, value in table.attributes.items():  # "if the target has more hp than this hero"
        v.condition(f"{{x:cards}} has|have more {attr} than {{y:cards}}", example=f"the target has more {attr} than this card")(
            lambda x, y, value=value: compared(x, y, value, ">"))
        v.condition(f"{{x:cards}} has|have less|fewer {attr} than {{y:cards}}", listed=False)(
            lambda x, y, value=value: compared(x, y, value, "<"))
        v.condition(f"{{x:cards}} has|have as much|many {attr} as {{y:cards}}", listed=False)(
            lambda x, y, value=value: compared(x, y, value, "=="))

    if "cost" in table.attributes:  # "unless it costs 5 or more": a card's cost, as "with cost 5 or more"
        @v.condition("{x:cards} cost|costs {c:compare}", example="it costs 4 or less")
        def costs(x, c):
            value = table.attributes["cost"]
            return each(x, lambda state, iid, ctx: c.test(value(state, iid), state, ctx))

    if table.states:
        @v.condition("{x:cards} has|have {s:word:state}", example=f"it has {ex.state}")
        def has_state(x, s):
            fn = table.states[s]
            return each(x, lambda state, iid, ctx: fn(state, iid))

    if type(table).contents is not Table.contents:  # cards that hold cards: "if an enemy city has no troop"
        v.words("kind", tuple(k.name for k in table.kinds))
        v.words("a-or-no", ("a", "an", "no"))

        @v.condition("{x:cards} has|have {n:word:a-or-no} {k:word:kind}", example=f"it has no {table.kinds[0].name}")
        def has_held(x, n, k):
            test, want = table.kind(k).test, n != "no"
            if x.zone is not None and x.kind is None and x.ref is None:  # a zone: "your hand has a troop"
                return lambda state, ctx: any(test(state.cards[c]) for c, _ in x.candidates(state, ctx)) == want
            holds = S.holds_kind(test, want)
            return each(x, lambda state, iid, ctx: holds(state, iid, None, ctx))

    @v.condition("{x:cards} is|are your only {y:cards}", example=f"this card is your only {ex.kind}")
    def only_one(x, y):
        """``this hero is your only hero``: the only such card of yours, and it is that one."""
        mine = replace(y, owner=PlayerSel("you", "your")) if y.owner is None else y

        def pred(state, ctx) -> bool:
            yours = {iid for iid, _ in mine.candidates(state, ctx)}
            named = [iid for iid, _ in x.candidates(state, ctx)]
            return len(yours) == 1 and bool(named) and all(iid in yours for iid in named)
        return pred

    @v.condition("{x:cards} is|are {a:word:adjective}", example=f"it is {ex.adjective or 'in-play'}")
    def is_adj(x, a):
        fn = table.adjectives[a]
        return each(x, lambda state, iid, ctx: fn(state, iid, state.zone_of(iid)))

    @v.condition("{x:cards} is|are not {a:word:adjective}", example=f"it is not {ex.adjective or 'in-play'}")
    def is_not_adj(x, a):  # "unless it is frozen" says it too, "if it is not frozen" often reads better
        fn = table.adjectives[a]
        return each(x, lambda state, iid, ctx: not fn(state, iid, state.zone_of(iid)))

    if v.classes.get("colour"):
        @v.condition("{x:cards} is|are {c:word:colour}", example=f"it is {v.classes['colour'][0]}")
        def is_colour(x, c):
            return each(x, lambda state, iid, ctx: table.colour(state.cards[iid]) == c)

    if table.adjectives:
        v.words("adjective", tuple(table.adjectives))
    else:
        v.words("adjective", ("in-play",))

    @v.condition("{x:cards} is|are a|an {k:cards}", example=f"it is a {ex.kind}")
    def is_kind(x, k):
        return each(x, lambda state, iid, ctx: k.matches(state, iid, ctx))

    @v.condition("{x:cards} is|are {k:cards}", example=f"this card is one of your {ex.kinds}")
    def is_one_of(x, k):
        return each(x, lambda state, iid, ctx: k.matches(state, iid, ctx))

    @v.condition("{x:cards} is|are in {z:zone}", example=f"this card is in your {ex.hand}")
    def is_in(x, z):
        def pred(state, ctx):
            keys = set(z.keys(state, ctx))
            got = x.candidates(state, ctx)
            return bool(got) and all(k in keys for _, k in got)
        return pred

    @v.condition("{z:zone} is|are empty", example=f"your {ex.hand} is empty")
    def empty(z):
        return lambda state, ctx: not any(state.cards_in(k) for k in z.keys(state, ctx))

    @v.condition("{z:zone} is|are not empty", example=f"your {ex.hand} is not empty")
    def not_empty(z):
        return lambda state, ctx: any(state.cards_in(k) for k in z.keys(state, ctx))

    @v.condition("{z:zone} has|holds|contains {c:counted}", example=f"your {ex.pile} has 3 or more {ex.kinds}")
    def zone_holds(z, c):
        """``if your discard pile has 3 or more cards``: the cards counted are the zone's."""
        if c.other is not None or c.sel.zone is not None or c.sel.ref is not None or c.sel.owner is not None:
            raise ValueError(gettext("say what the zone holds as a number of cards: 'your {zone} has 3 or more "
                                     "cards'").format(zone=z.zone))
        sel = replace(c.sel, zone=z)
        return lambda state, ctx: c.cmp.test(len(sel.candidates(state, ctx)), state, ctx)

    @v.condition("{x:cards} is|are in play", example="this card is in play")
    def in_play(x):
        def pred(state, ctx):
            got = x.candidates(state, ctx)
            return bool(got) and all(table.is_in_play(state, k) for _, k in got)
        return pred

    @v.condition("{q:quantity} is|are {c:compare}", example=f"the number of cards in your {ex.hand} is 3 or more")
    def quantity_is(q, c):
        q = as_quantity(q)
        return lambda state, ctx: c.test(q(state, ctx), state, ctx)

    @v.condition("you|they do|did", needs="it", example="they do")
    def you_did():  # "discard a card; if you do: draw 2 cards", "the enemy discards a card; if they do, ..."
        return lambda state, ctx: bool(ctx.get("_it"))

    @v.condition("you|they do|did not", needs="it", example="they do not")
    def you_did_not():  # "the enemy discards a card; if they do not, draw 2 cards": nothing was done
        return lambda state, ctx: not ctx.get("_it")

    @v.condition("you|they don't|didn't", needs="it", example="you don't")
    def you_did_not_short():
        return lambda state, ctx: not ctx.get("_it")

    @v.condition("it is your turn", example="it is your turn")
    def your_turn():
        return lambda state, ctx: state.active == ctx["controller"]

    @v.condition("it is not your turn", example="it is not your turn")
    def not_your_turn():
        return lambda state, ctx: state.active != ctx["controller"]
