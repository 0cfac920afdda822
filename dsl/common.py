"""The words every pack shares: the common verbs, conditions, numbers, triggers and modifiers.

:func:`install` adds them to a pack's vocabulary, over the pack's
:class:`~tabletop.dsl.table.Table`, after the pack's own words (so a pack's phrase wins
where both match). The same idea reads the same in every pack: ``draw a card``, ``discard a
card at random``, ``destroy each enemy building that costs 4 or less``, ``put the top card of
your deck into your hand``, ``gain 2 battle points``, ``if you have 4 or more crystals``,
``when one of your heroes dies``, ``at the start of your main phase``, ``your troops have +1
defence``, ``the next card you acquire this turn costs 2 less``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from tabletop.dsl import selectors as S
from tabletop.dsl.compiler import Event
from tabletop.dsl.matcher import Matcher
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.selectors import CardSelector, Comparison, Pick, PlayerSel, pick_steps
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import Vocabulary, forms
from tabletop.framework import lasting, triggers
from tabletop.framework.effects import Decision

_YES_NO = (("yes",), ("no",))
_TRUE_FALSE = (True, False)
SURE = "_sure"  # in a context: the player already chose to do what follows

DEPARTURES = {"destroyed": "destroyed", "replaced": "replaced", "removed": "removed",
              "returned": "returned", "sacrificed": "sacrificed", "discarded": "discarded"}


# ---------------------------------------------------------------------- small step helpers
class Counter:
    """Distinct context keys for the steps of one vocabulary (stable across processes)."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.n = 0

    def __call__(self) -> str:
        self.n += 1
        return f"_{self.prefix}{self.n}"


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
        return Decision(ctx["controller"], f"{card}: {text}" if card else text, _YES_NO, _TRUE_FALSE, key)

    def guard(inner, last):
        def step(state, ctx):
            go = ctx.get(key)
            if last:
                ctx.pop(key, None)
            return inner(state, ctx) if go else None
        step.binds = getattr(inner, "binds", None)
        return step

    n = len(steps)
    return (ask,) + tuple(guard(s, i == n - 1) for i, s in enumerate(steps))


def per_player(who: PlayerSel, key: str, inner):
    """Run the re-entrant step ``inner`` once for each player ``who`` names, as that player."""
    def step(state, ctx):
        order = ctx.get(key)
        if order is None:
            order = [0, who.resolve(state, ctx), ctx["controller"]]
        i, ps, me = order
        got = ctx.get("_it") if i else None
        seen: list = list(got or [])
        while i < len(ps):
            ctx["controller"] = ps[i]
            d = inner(state, ctx)
            ctx["controller"] = me
            if d is not None:
                ctx[key] = [i, ps, me]
                return d
            seen.extend(ctx.get("_it") or ())
            i += 1
        ctx.pop(key, None)
        ctx["_it"] = seen
        return None
    step.binds = ("it", "them")
    return step


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------- installing
class Samples:
    """Words of one pack for the shared phrases' examples (``destroy each enemy building``)."""

    def __init__(self, table: Table) -> None:
        homes = {z.name: z for z in table.zones}
        in_play = [k.name for k in table.kinds if k.home in homes and homes[k.home].in_play]
        self.kind = (in_play or [k.name for k in table.kinds] or ["card"])[0]
        self.kinds = self.kind + ("es" if self.kind.endswith(("s", "o", "x")) else "s")
        own = [z for z in table.zones if not z.shared]
        piles = [z for z in own if z.pile and not z.secret]
        decks = [z for z in own if z.pile and z.secret]
        self.hand = next((z.words[0] for z in own if z.name == "hand"), own[0].words[0] if own else "hand")
        self.pile = piles[0].words[0] if piles else self.hand
        self.deck = decks[0].words[0] if decks else self.pile
        self.attr = next(iter(table.attributes), "cost")
        self.stat = next(iter(table.modifiable), self.attr)
        self.state = next(iter(table.states), None)
        self.resource = table.resources[0] if table.resources else None
        self.adjective = next(iter(table.adjectives), None)


def install(v: Vocabulary, table: Table) -> Vocabulary:
    """Add the shared words to ``v`` for a pack whose table is ``table``."""
    v.table = table
    S.TABLES[table.name] = table
    key = Counter("c")
    ex = Samples(table)
    if table.resources:
        v.words("resource", table.resources)
    v.words("attribute", tuple(table.attributes) or ("cost",))
    if table.states:
        v.words("state", tuple(table.states))
    if table.phases:
        v.words("phase", tuple(w.split()[0] for w in table.phases))
    v.words("departure", tuple(DEPARTURES))
    v.words("more-less", ("more", "less", "fewer"))

    v.parser("cards", "a card selector", (
        f"a card in your {ex.hand}", f"each enemy {ex.kind} with {ex.attr} 4 or less",
        f"the top 3 cards of your {ex.deck}", f"one of your {ex.kinds}", f"up to 2 {ex.kinds} you control",
        "the target", "it"))(S.cards)
    v.parser("count", "what 'for each' and 'the number of' count", (f"{ex.kind} you control",
                                                                     f"card in your {ex.pile}"))(S.count)
    v.parser("players", "a player selector", ("you", "each enemy", "each player", "the target's owner", "they"))(
        S.players)
    v.parser("zone", "a zone", (f"your {ex.pile}", f"the enemy's {ex.hand}"))(S.zones)
    v.parser("compare", "a comparison", ("4 or more", "at most 3", "fewer than 2"))(
        lambda m, pos: S.compare(m, pos))
    v.parser("destination", "where a card goes", (f"into your {ex.hand}", f"on top of your {ex.deck}",
                                                   f"at the bottom of your {ex.deck}"))(_destinations)
    v.parser("counted", "a comparison of a number of cards", (
        f"2 or more {ex.kinds}", f"fewer {ex.kinds} than the enemy", f"no cards in your {ex.hand}"))(_counted)
    v.parser("counted-own", "what a player has", (f"2 or more {ex.kinds} in their {ex.pile}",))(_counted_own)
    v.parser("attrcmp", "a comparison of a number on a card", (f"3 {ex.attr} or less", f"at least 2 {ex.attr}"))(
        _attrcmp)
    v.parser("possessive", "whose number", ("its", "the target's", "this card's", f"your {ex.kinds}'"))(_possessive)
    v.parser("duration", "how long a change lasts", ("this turn", "until the end of your turn"))(_duration)
    phase = next(iter(table.phases), None)
    v.parser("moment", "when a delayed or timed ability happens", tuple(
        x for x in ("your turn", "each enemy turn", phase and f"your {phase}", phase and f"the enemy's next {phase}")
        if x))(_moment)
    v.parser("cost-subject", "what a cost change applies to", ("the next card you acquire this turn",
                                                               f"your {ex.kinds}"))(_cost_subject)

    _effects(v, table, key, ex)
    _conditions(v, table, ex)
    _quantities(v, table, ex)
    _events(v, ex)
    _modifiers(v, table, ex)
    return v


# ---------------------------------------------------------------------- effects
def _effects(v: Vocabulary, table: Table, key: Counter, ex: Samples) -> None:
    def draw_step(n: Quantity):
        def step(state, ctx):
            table.draw(state, ctx["controller"], n(state, ctx))
            return None
        return step

    def draw_prompt(n: Quantity):
        def prompt(state, ctx):
            k = n(state, ctx)
            if k <= 0 or not table.can_draw(state, ctx["controller"]):
                return None
            return f"draw {_plural(k, 'card')}?"
        return prompt

    @v.effect("draw {n:number} [card]", example="draw a card")
    def draw(n):
        _positive(n, "draw")
        return optional(table, key(), draw_prompt(n), (draw_step(n),))

    @v.effect("{who:players} draw|draws {n:number} [card]", example="each player draws 2 cards")
    def draw_who(who, n):
        _positive(n, "draw")
        return (per_player(who, key(), draw_step(n)),)

    # -- discarding ----------------------------------------------------------------------
    def discard_steps(x: CardSelector, optional_: bool):
        pick = Pick(x.where("hand", always=True), key(), "discard", optional=optional_)
        return pick_steps(pick, lambda state, ctx, iid, k: table.discard(state, iid, k))

    @v.effect("discard {x:cards}", example="discard a card at random")
    def discard(x, text):
        return _maybe_all(table, key, discard_steps(x, table.optional), x, text)

    @v.effect("{who:players} discard|discards {x:cards}", example="each enemy discards a card at random")
    def discard_who(who, x):
        return (per_player(who, key(), discard_steps(x, False)[0]),)

    def down_to(n: Quantity):
        k = key()

        def inner(state, ctx):
            hands = table.zone("hand").keys(state, ctx["controller"])
            size = sum(len(state.zones[h]) for h in hands)
            sel = CardSelector(f"cards down to {n.text}", "n", Quantity.constant(max(0, size - n(state, ctx))),
                               default_zone="hand")
            return pick_steps(Pick(sel, k, "discard"), lambda s, c, iid, kk: table.discard(s, iid, kk))[0](state, ctx)
        return inner

    @v.effect("{who:players} discard|discards down to {n:number} [card]", example="each player discards down to 3 cards")
    def discard_down_who(who, n):
        return (per_player(who, key(), down_to(n)),)

    @v.effect("discard down to {n:number} [card]", example="discard down to 3 cards")
    def discard_down(n):
        return (down_to(n),)

    # -- destroying, removing ------------------------------------------------------------
    @v.effect("destroy {x:cards}", example=f"destroy each enemy {ex.kind}")
    def destroy(x, text):
        pick = Pick(x, key(), "destroy", optional=table.optional)
        steps = pick_steps(pick, lambda state, ctx, iid, k: table.destroy(state, iid, k, ctx))
        return _maybe_all(table, key, steps, x, text)

    @v.effect("remove {x:cards} from the game", example=f"remove a card in your {ex.hand} from the game")
    def remove(x, text):
        pick = Pick(x.where("hand"), key(), "remove from the game", optional=table.optional)
        steps = pick_steps(pick, lambda state, ctx, iid, k: table.remove(state, iid, k, ctx))
        return _maybe_all(table, key, steps, x, text)

    # -- moving --------------------------------------------------------------------------
    def mover(x: CardSelector, dest, verb: str, text: str):
        where, bottom = dest

        def act(state, ctx, iid, k):
            ctx["_it"] = [iid]  # "its owner's hand" is the moved card's owner's
            to = where.dest(state, ctx, iid)
            if to is not None:
                table.move(state, iid, k, to, bottom)
                ctx["_taken"] = list(ctx.get("_taken") or ()) + [iid]

        pick = Pick(x.where("hand"), key(), verb, optional=table.optional)
        return _maybe_all(table, key, pick_steps(pick, act), x, text)

    for verb in ("put", "return", "move", "take"):
        v.effect(f"{verb} {{x:cards}} {{dest:destination}}",
                 example=f"{verb} a card from your {ex.pile} " + ("on top of" if verb == "put" else "into") +
                 f" your {ex.deck if verb == 'put' else ex.hand}")(
            lambda x, dest, text, verb=verb: mover(x, dest, verb, text))

    @v.effect("shuffle {x:cards} into {z:zone}", example=f"shuffle your {ex.hand} into your {ex.deck}")
    def shuffle_into(x, z, text):
        def act(state, ctx, iid, k):
            to = z.dest(state, ctx, iid)
            if to is not None:
                table.move(state, iid, k, to)

        def after(state, ctx):
            for key_ in z.keys(state, ctx):
                table.shuffle(state, key_)
            return None
        pick = Pick(x.where("hand"), key(), "shuffle", optional=table.optional)
        return _maybe_all(table, key, pick_steps(pick, act), x, text) + (after,)

    @v.effect("shuffle {z:zone}", example=f"shuffle your {ex.deck}")
    def shuffle(z):
        def step(state, ctx):
            for key_ in z.keys(state, ctx):
                table.shuffle(state, key_)
            return None
        return (step,)

    @v.effect("look at {x:cards}", example=f"look at the top 3 cards of your {ex.deck}")
    def look(x):
        def step(state, ctx):
            seen = [iid for iid, _ in x.candidates(state, ctx)]
            ctx["_seen"] = seen
            ctx["_taken"] = []
            if seen:
                state.reveals += 1
            return None
        step.binds = ("them", "it")
        return (step,)

    @v.effect("reveal {x:cards}", example=f"reveal the top card of your {ex.deck}")
    def reveal(x):
        pick = Pick(x.where("hand"), key(), "reveal")

        def act(state, ctx, iid, k):
            state.reveals += 1
        return pick_steps(pick, act)

    @v.effect("search {z:zone} for {x:cards}", example=f"search your {ex.deck} for a {ex.kind}")
    def search(z, x):
        from dataclasses import replace

        sel = replace(x, zone=z)
        pick = Pick(sel, key(), "take", optional=table.optional)
        steps = pick_steps(pick, lambda state, ctx, iid, k: None)

        def reveal(state, ctx):  # the searcher sees the zone's cards
            ctx["_seen"] = [iid for key_ in z.keys(state, ctx) for iid in state.zones[key_]]
            state.reveals += 1
            return None
        return (reveal,) + steps

    # -- points --------------------------------------------------------------------------
    if table.resources:
        def gain_step(amounts, sign: int):
            def step(state, ctx):
                p = ctx["controller"]
                for q, r in amounts:
                    n = q(state, ctx)
                    if sign < 0:
                        n = min(n, table.points(state, p, r))
                    table.add_points(state, p, r, sign * n)
                return None
            step.points = amounts if sign > 0 else None
            return step

        r = ex.resource
        v.effect("gain {a:amounts:resource}", example=f"gain 2 {r} points")(lambda a: gain_step(a, 1))
        v.effect("lose {a:amounts:resource}", example=f"lose 1 {r}")(lambda a: gain_step(a, -1))
        v.effect("{who:players} gain|gains {a:amounts:resource}", example=f"each player gains 1 {r}")(
            lambda who, a: (per_player(who, key(), gain_step(a, 1)),))
        v.effect("{who:players} lose|loses {a:amounts:resource}", example=f"each enemy loses 2 {r}")(
            lambda who, a: (per_player(who, key(), gain_step(a, -1)),))

        @v.effect("steal {a:amounts:resource} from {who:players}", example=f"steal 2 {r} from the enemy")
        def steal(a, who):
            def step(state, ctx):
                me = ctx["controller"]
                for q in who.resolve(state, ctx):
                    for n, r in a:
                        k = min(n(state, ctx), table.points(state, q, r))
                        table.add_points(state, q, r, -k)
                        table.add_points(state, me, r, k)
                return None
            return (step,)

        @v.effect("pay {a:amounts:resource} to {e:effect}", example=f"pay 2 {r} to draw a card")
        def pay(a, e, text=""):
            k = key()
            inner = (e,) if callable(e) else tuple(e)


            def ask(state, ctx):
                if k in ctx:
                    return None
                p = ctx["controller"]
                if any(table.points(state, p, r) < q(state, ctx) for q, r in a):
                    ctx[k] = False
                    return None
                card = ctx.get("card")
                return Decision(p, f"{card}: {text}?" if card else f"{text}?", _YES_NO, _TRUE_FALSE, k)

            def do_pay(state, ctx):
                if ctx.get(k):
                    p = ctx["controller"]
                    for q, r in a:
                        table.add_points(state, p, r, -q(state, ctx))
                    ctx[SURE] = True
                return None

            def guard(step, last):
                def run(state, ctx):
                    go = ctx.get(k)
                    out = step(state, ctx) if go else None
                    if last and out is None:
                        ctx.pop(k, None)
                        ctx.pop(SURE, None)
                    return out
                return run
            n = len(inner)
            return (ask, do_pay) + tuple(guard(s, i == n - 1) for i, s in enumerate(inner))

    # -- lasting changes -----------------------------------------------------------------
    @v.effect("{d:duration} [,] {m:modifier}", example=f"this turn, your {ex.kinds} have +1 {ex.stat}")
    def lasting_before(d, m):
        return _lasting_mod(m, d)

    @v.effect("{m:modifier} {d:duration}", example=f"your {ex.kinds} have +1 {ex.stat} until the end of your turn")
    def lasting_after(m, d):
        return _lasting_mod(m, d)

    @v.effect("{m:modifier}", example="the next card you acquire this turn costs 2 less")
    def lasting_next(m):
        if getattr(m, "uses", 0) != 1:
            raise ValueError("say how long this lasts: 'this turn, ...' or '... until the end of your turn'")
        return _lasting_mod(m, "turn")


def _lasting_mod(m, duration):
    mod = m.modifier if isinstance(m, NextMod) else m
    uses = m.uses if isinstance(m, NextMod) else 0
    if not isinstance(mod, lasting.Modifier):
        raise ValueError("this is not a change that can last")
    lasting.register(mod.id, mod)

    def step(state, ctx):
        lasting.add(state, mod.id, ctx["controller"], ctx.get("source", -1), state.turn, uses)
        return None
    step.modifies = True
    return (step,)


def _maybe_all(table: Table, key: Counter, steps: tuple, x: CardSelector, text: str) -> tuple:
    """In a pack whose effects are optional, every-card and fixed selections ask yes/no first
    (``text``: the statement, as the question)."""
    if not table.optional or x.mode not in ("all", "ref", "top", "bottom", "random"):
        return steps

    def prompt(state, ctx):
        return f"{text}?" if x.candidates(state, ctx) else None
    return optional(table, key(), prompt, steps)


def _positive(n: Quantity, verb: str) -> None:
    if n.const is not None and n.const <= 0:
        raise ValueError(f"{verb} needs a positive number")


def _destinations(m: Matcher, pos: int):
    """``into your hand``, ``to its owner's hand``, ``on top of your deck``, ``at the bottom of your deck``."""
    w = m.word(pos)
    if w in ("into", "to", "in", "onto"):
        for end, z in S.zones(m, pos + 1):
            yield end, (z, False)
    bottom = None
    for words, b in ((("on", "top", "of"), False), (("on", "the", "top", "of"), False),
                     (("at", "the", "bottom", "of"), True), (("on", "the", "bottom", "of"), True),
                     (("to", "the", "bottom", "of"), True), (("under",), True)):
        end = pos
        for x in words:
            if m.word(end) != x:
                break
            end += 1
        else:
            bottom = b
            for e2, z in S.zones(m, end):
                yield e2, (z, b)
    if bottom is None and w not in ("into", "to", "in", "onto"):
        m.fail(pos, "where it goes ('into your hand', 'on top of your deck', 'at the bottom of your deck')")


# ---------------------------------------------------------------------- conditions
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
        return all(S._OPS[op](a, b) for a in mine for b in theirs)


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


def _counted(m: Matcher, pos: int):
    """``4 or more crystals``, ``at least 2 troops in your cities``, ``no cards in your hand``,
    ``a troop``, ``fewer intact cities than the enemy``, ``as many heroes as the enemy``."""
    w = m.word(pos)
    if w in ("fewer", "more", "less") or (w == "as" and m.word(pos + 1) == "many"):
        op = {"fewer": "<", "less": "<", "more": ">"}.get(w, "==")
        start = pos + (2 if w == "as" else 1)
        for end, sel in S.count(m, start):
            link = "as" if w == "as" else "than"
            if m.word(end) == link:
                for e2, who in S.players(m, end + 1):
                    yield e2, Counted(sel, Comparison(op, Quantity.constant(0)), who, sel.problem or who.problem)
        return
    for end, op, q in S.read_before(m, pos):
        for e2, sel in S.count(m, end):
            yield e2, Counted(sel, Comparison(op, q), problem=sel.problem)
    if w in ("a", "an", "any"):
        for e2, sel in S.count(m, pos + 1):
            yield e2, Counted(sel, Comparison(">=", Quantity.constant(1)), problem=sel.problem)
    if w == "no":
        for e2, sel in S.count(m, pos + 1):
            yield e2, Counted(sel, Comparison("==", Quantity.constant(0)), problem=sel.problem)
    for end, q in m.number(pos):
        if end <= pos:
            continue
        after = list(S.read_after(m, end))
        for e1, op in after:  # 4 or more crystals
            for e2, sel in S.count(m, e1):
                yield e2, Counted(sel, Comparison(op, q), problem=sel.problem)
        for e1, sel in S.count(m, end):
            tail = list(S.read_after(m, e1))
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


def _counted_own(m: Matcher, pos: int):
    """What ``PLAYER has|controls`` compares: as ``counted``, where 'their' is the player's own."""
    for end, c in _counted(m, pos):
        sel = _theirs(c.sel)
        yield end, replace(c, sel=sel, problem=None if sel is not c.sel else c.problem)


def _attrcmp(m: Matcher, pos: int):
    """``3 hp or less``, ``at most 3 hp``, ``more than 2 damage``: (end, (attribute, Comparison))."""
    attrs = m.vocab.table.attributes

    def attr_at(p):
        w = m.word(p)
        return next((a for a in attrs if w is not None and w in forms(a)), None)

    for end, op, q in S.read_before(m, pos):
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
        a = attr_at(end)
        if a is None:
            m.fail(end, "a number on a card (" + ", ".join(attrs) + ")", tuple(attrs), "number on a card")
            continue
        for e2, op in S.read_after(m, end + 1):
            yield e2, (a, Comparison(op, q))
        yield end + 1, (a, Comparison("==", q))


def _conditions(v: Vocabulary, table: Table, ex: Samples) -> None:
    @v.condition("{who:players} have|has|control|controls {c:counted-own}",
                 example=f"you have 4 or more cards in your {ex.hand}")
    def have(who, c):
        return lambda state, ctx: c.holds(state, ctx, who.resolve(state, ctx))

    @v.condition("there is|are {c:counted}", example=f"there are 2 or more {ex.kinds}")
    def there_are(c):
        return lambda state, ctx: c.holds(state, ctx, None)

    def each(x: CardSelector, test):
        def pred(state, ctx):
            got = x.candidates(state, ctx)
            return bool(got) and all(test(state, iid, ctx) for iid, _ in got)
        return pred

    @v.condition("{x:cards} has|have {c:attrcmp}", example=f"it has 3 {ex.attr} or less")
    def has_number(x, c):
        attr, cmp = c
        value = table.attributes[attr]
        return each(x, lambda state, iid, ctx: cmp.test(value(state, iid), state, ctx))

    if table.states:
        @v.condition("{x:cards} has|have {s:word:state}", example=f"it has {ex.state}")
        def has_state(x, s):
            fn = table.states[s]
            return each(x, lambda state, iid, ctx: fn(state, iid))

    @v.condition("{x:cards} is|are {a:word:adjective}", example=f"it is {ex.adjective or 'in-play'}")
    def is_adj(x, a):
        fn = table.adjectives[a]
        return each(x, lambda state, iid, ctx: fn(state, iid, state.zone_of(iid)))

    if table.adjectives:
        v.words("adjective", tuple(table.adjectives))
    else:
        v.words("adjective", ("in-play",))

    @v.condition("{x:cards} is|are a|an {k:cards}", example=f"it is a {ex.kind}")
    def is_kind(x, k):
        return each(x, lambda state, iid, ctx: k.matches(state, iid, ctx))

    @v.condition("{x:cards} is|are in {z:zone}", example=f"this card is in your {ex.hand}")
    def is_in(x, z):
        def pred(state, ctx):
            keys = set(z.keys(state, ctx))
            got = x.candidates(state, ctx)
            return bool(got) and all(k in keys for _, k in got)
        return pred

    @v.condition("{x:cards} is|are in play", example="this card is in play")
    def in_play(x):
        def pred(state, ctx):
            got = x.candidates(state, ctx)
            return bool(got) and all(table.is_in_play(state, k) for _, k in got)
        return pred

    @v.condition("{q:quantity} is|are {c:compare}", example=f"the number of cards in your {ex.hand} is 3 or more")
    def quantity_is(q, c):
        q = _q(q)
        return lambda state, ctx: c.test(q(state, ctx), state, ctx)

    @v.condition("you do|did", needs="it", example="you do")
    def you_did():  # "discard a card; if you do: draw 2 cards"
        return lambda state, ctx: bool(ctx.get("_it"))

    @v.condition("it is your turn", example="it is your turn")
    def your_turn():
        return lambda state, ctx: state.active == ctx["controller"]

    @v.condition("it is not your turn", example="it is not your turn")
    def not_your_turn():
        return lambda state, ctx: state.active != ctx["controller"]


# ---------------------------------------------------------------------- quantities
def _q(fn) -> Quantity:
    return fn if isinstance(fn, Quantity) else Quantity(fn, None, "")


@dataclass(frozen=True)
class Whose:
    """A possessive: whose number (``its``, ``the target's``, ``this card's``)."""

    sel: CardSelector
    problem: tuple | None = None


_POSSESSIVES = [
    (("its",), "it", "it"), (("their",), "them", "it"), (("the", "target's"), "target", "target"),
    (("the", "attacker's"), "attacker", "attacker"), (("the", "new", "hero's"), "new hero", "new hero"),
]


def _possessive(m: Matcher, pos: int):
    """``its``, ``the target's``, ``this hero's``, ``your heroes'``, ``each enemy hero's``."""
    yield from _owned_possessive(m, pos)
    for words, ref, need in _POSSESSIVES:
        end = S._words(m, pos, words)
        if end is not None:
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
                    yield end, Whose(replace(sel, text=S._text(m, pos, end)), sel.problem)
        finally:
            atoms[end - 1] = saved


def _sum_attr(sel: CardSelector, attr: str, table: Table):
    value = table.attributes[attr]
    return lambda state, ctx: sum(value(state, iid) for iid, _ in sel.candidates(state, ctx))


def _quantities(v: Vocabulary, table: Table, ex: Samples) -> None:
    @v.quantity("[the] number of {x:count}", example=f"the number of cards in your {ex.pile}")
    def number_of(x):
        return lambda state, ctx: len(x.candidates(state, ctx))

    @v.quantity("{w:possessive} {a:word:attribute}", example=f"its {ex.attr}")
    def whose(w, a):
        return _sum_attr(w.sel, a, table)

    @v.quantity("the {a:word:attribute} of {x:cards}", example=f"the {ex.attr} of the target")
    def attr_of(a, x):
        return _sum_attr(x, a, table)

    if table.resources:
        @v.quantity("your {r:word:resource} [point]", example=f"your {ex.resource} points")
        def your_points(r):
            return lambda state, ctx: table.points(state, ctx["controller"], r)


# ---------------------------------------------------------------------- triggers
def _split_owner(x: CardSelector):
    from dataclasses import replace

    return replace(x, owner=None), x.owner


def _event(event: str, x: CardSelector | None, who: PlayerSel | None, text: str, how: tuple = ()) -> Event:
    own = x is not None and x.ref == "this"
    sel, owner = _split_owner(x) if x is not None else (None, None)
    owner = owner or who

    def test(state, ctx) -> bool:
        if how and ctx.get("how") not in how:
            return False
        if owner is not None and ctx.get("player") not in owner.resolve(state, ctx):
            return False
        if sel is not None and not own and not sel.matches(state, ctx["subject"], ctx):
            return False
        return True
    return Event(event, test, own, ("it", "they"), text)


def _events(v: Vocabulary, ex: Samples) -> None:
    T = triggers
    for verb, ev in (("play|plays|cast|casts", T.PLAYED), ("acquire|acquires", T.ACQUIRED)):
        v.trigger(f"{{who:players}} {verb} {{x:cards}}", example={T.PLAYED: f"you play a {ex.kind}",
                                                                  T.ACQUIRED: "you acquire this card"}[ev])(
            lambda who, x, ev=ev: _event(ev, x, who, ""))
    for verb, ev in (("played", T.PLAYED), ("cast", T.PLAYED), ("acquired", T.ACQUIRED)):
        v.trigger(f"{{x:cards}} is|are {verb}", example=f"this card is {verb}")(
            lambda x, ev=ev: _event(ev, x, None, ""))
    v.trigger("{x:cards} enter|enters play", example="this card enters play")(
        lambda x: _event(T.ENTERED, x, None, ""))
    v.trigger("{x:cards} leave|leaves play", example="this card leaves play")(
        lambda x: _event(T.LEFT, x, None, ""))
    v.trigger("{x:cards} is|are {hows:words:departure}", example="this card is destroyed or replaced")(
        lambda x, hows: _event(T.LEFT, x, None, "", tuple(DEPARTURES[h] for h in hows)))
    v.trigger("{x:cards} die|dies", example=f"one of your {ex.kinds} dies")(
        lambda x: _event(T.LEFT, x, None, "", ("died",)))
    v.trigger("{x:cards} take|takes damage", example="this card takes damage")(
        lambda x: _event(T.DAMAGED, x, None, ""))
    v.trigger("{x:cards} is|are dealt damage", example="this card is dealt damage")(
        lambda x: _event(T.DAMAGED, x, None, ""))


def _moment(m: Matcher, pos: int):
    """``your turn``, ``each enemy turn``, ``your main phase``, ``the enemy's next main phase``, ``this turn``."""
    table = m.vocab.table
    at_end = m.compiler is not None and m.compiler.moment == "end"
    heads = []
    for words, mode in ((("your", "next"), "you"), (("your",), "you"), (("each", "enemy"), "enemies"),
                        (("each", "enemy's"), "enemies"), (("the", "enemy's", "next"), "enemies"),
                        (("the", "enemy's"), "enemies"), (("each", "player's"), "all"),
                        (("each",), "all"), (("every",), "all"), (("this",), "this"), (("the", "next"), "all")):
        end = S._words(m, pos, words)
        if end is not None:
            heads.append((end, mode))
    if not heads:
        m.fail(pos, "whose turn or phase ('your', 'each enemy', 'the enemy's next', 'each')")
    for end, mode in heads:
        if m.word(end) in ("turn",):
            ev = triggers.TURN_END if at_end else triggers.TURN_START
            yield end + 1, _moment_event(ev, mode, None, S._text(m, pos, end + 1))
            continue
        for words, phase in table.phases.items():
            e2 = S._words(m, end, tuple(words.split()))
            if e2 is not None:
                ev = triggers.PHASE_END if at_end else triggers.PHASE_START
                yield e2, _moment_event(ev, mode, phase, S._text(m, pos, e2))
        m.fail(end, "'turn' or a phase (" + ", ".join(table.phases) + ")")


def _moment_event(event: str, mode: str, phase: str | None, text: str) -> Event:
    def test(state, ctx) -> bool:
        if phase is not None and ctx.get("phase") != phase:
            return False
        p = ctx.get("player")
        if mode == "you":
            return p == ctx["controller"]
        if mode == "enemies":
            return p != ctx["controller"]
        if mode == "this":
            return True
        return True
    return Event(event, test, False, ("they",), text)


def _duration(m: Matcher, pos: int):
    for words in (("this", "turn"), ("until", "the", "end", "of", "turn"), ("until", "end", "of", "turn"),
                  ("until", "the", "end", "of", "your", "turn"), ("until", "the", "end", "of", "this", "turn")):
        end = S._words(m, pos, words)
        if end is not None:
            yield end, "turn"
    m.fail(pos, "how long ('this turn', 'until the end of your turn')")


# ---------------------------------------------------------------------- modifiers
@dataclass(frozen=True)
class NextMod:
    """A modifier that applies to the next card only (``the next card you acquire this turn``)."""

    modifier: lasting.Modifier
    uses: int = 1


@dataclass(frozen=True)
class CostSubject:
    sel: CardSelector
    who: str | None        # "you" when only the controller's use counts ("you acquire", "cost you")
    next: bool = False
    problem: tuple | None = None


def _cost_subject(m: Matcher, pos: int):
    """``the next card you acquire this turn``, ``cards you acquire``, ``wonders``, ``your incantations``."""
    nxt = False
    p = pos
    if m.word(p) == "the" and m.word(p + 1) == "next":
        nxt = True
        p += 2
    for end, sel in S.cards(m, p):
        if sel.mode not in ("all",) and not nxt:
            continue
        yield end, CostSubject(sel, None, nxt, sel.problem)
        e = S._words(m, end, ("you",))
        if e is not None and m.word(e) in forms("acquire") | forms("play") | forms("cast") | forms("buy"):
            e += 1
            yield e, CostSubject(sel, "you", nxt, sel.problem)
            e2 = S._words(m, e, ("this", "turn"))
            if e2 is not None:
                yield e2, CostSubject(sel, "you", nxt, sel.problem)


def _applies(sel: CardSelector, who: str | None):
    from dataclasses import replace

    plain = replace(sel, owner=None)
    owner = sel.owner

    def applies(state, iid, player, ctx) -> bool:
        if who == "you" and player != ctx["controller"]:
            return False
        if owner is not None and player not in owner.resolve(state, ctx):
            return False
        return plain.matches(state, iid, ctx)
    return applies


def _modifiers(v: Vocabulary, table: Table, ex: Samples) -> None:
    units = tuple(table.resources) + tuple(table.cost_units)
    if units:
        v.words("cost-unit", units)

    def cost(subject: CostSubject, n: Quantity, unit, change: str, floor, you: bool, uid):
        sign = -1 if change == "less" else 1
        who = "you" if you else subject.who
        mod = lasting.Modifier(uid(), "cost", _applies(subject.sel, who), n, sign, unit,
                               floor.const if floor is not None else None)
        return NextMod(mod) if subject.next else mod

    for you in (False, True):
        pat = "{s:cost-subject} cost|costs " + ("you " if you else "") + "{n:number} [{u:word:cost-unit}] [crystal] {c:word:more-less} [, but at least {f:number}]"
        v.modifier(pat, example=None if you else "the next card you acquire this turn costs 2 less")(
            lambda s, n, c, uid, u=None, f=None, you=you: cost(s, n, u, c, f, you, uid))

    def changeable(a: str) -> None:
        if a not in table.modifiable:
            can = ", ".join(table.modifiable) or "none"
            raise ValueError(f"{a} cannot be changed in {table.name} (numbers a card can change: {can})")

    @v.modifier("{x:cards} have|has|get|gets {n:number} {a:word:attribute}", example=f"your {ex.kinds} have +1 {ex.stat}")
    def stat(x, n, a, uid):
        changeable(a)
        return lasting.Modifier(uid(), a, _applies(x, None), n, 1)

    @v.modifier("{x:cards} have|has|get|gets {n:number} {c:word:more-less} {a:word:attribute}",
                example=f"your {ex.kinds} have 1 more {ex.stat}")
    def stat_more(x, n, c, a, uid):
        changeable(a)
        return lasting.Modifier(uid(), a, _applies(x, None), n, -1 if c != "more" else 1)

    if "flag" in v.families:
        @v.modifier("{x:cards} {f:flag}", example=f"your {ex.kinds} " + (v.families["flag"][0].example or ""))
        def flag(x, f, uid):
            return lasting.Modifier(uid(), f, _applies(x, None))
