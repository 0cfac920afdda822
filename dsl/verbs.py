"""The common verbs every pack shares: draw, discard, destroy, remove, put/return/move/take,
shuffle, look at, reveal, search, gain/lose/steal/pay, and lasting changes made by an effect.

In a pack whose effects are optional (Volfyirion, VOL-SEC-05) each offers ``no`` or ``skip``.
"""
from __future__ import annotations

from dataclasses import replace

from tabletop.dsl import places as P
from tabletop.dsl.changes import NextMod, PickedMod
from tabletop.dsl.errors import Unfit
from tabletop.dsl.matcher import Matcher
from tabletop.dsl.places import PlayerSel
from tabletop.dsl.picking import Pick, pick_steps
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.steps import SURE, TRUE_FALSE, YES_NO, Counter, optional, per_player, question
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import EFFECT, Vocabulary
from tabletop.framework import lasting
from tabletop.framework.effects import Decision
from tabletop.framework.language import N_, CardName, Phrase, gettext


def register(v: Vocabulary, table: Table, key: Counter, ex) -> None:
    """Add the common verbs to ``v`` (``ex``: the pack's sample words for the examples)."""
    def draw_step(n: Quantity):
        """Draw; the cards drawn are ``it`` / ``them`` after (``draw a card; if it is purple, ...``)."""
        def step(state, ctx):
            p = ctx["controller"]
            hands = table.zone("hand").keys(state, p)
            before = {k: len(state.zones[k]) for k in hands}
            table.draw(state, p, n(state, ctx))
            ctx["_it"] = [i for k in hands for i in state.zones[k][before[k]:]]
            return None
        step.binds = ("it",) if n.const == 1 else ("it", "them")
        return step

    def draw_some(n: Quantity):
        """In a pack whose effects are optional, ``draw N`` may be taken in part (VOL-SEC-05): N
        yes/no questions, a card each ("draw a card (1 of 2)?", "draw 1 card?" for one), until a no; elsewhere, N cards."""
        if not table.optional:
            return (draw_step(n),)
        k = key()

        def step(state, ctx):
            p = ctx["controller"]
            if ctx.get(SURE):  # already chosen: "pay 2 knowledge to draw 2 cards"
                return draw_step(n)(state, ctx)
            plan = ctx.get(k + "/")
            if plan is None:
                plan = (n(state, ctx), 0)
                ctx["_it"] = []
            total, drawn = plan
            answer = ctx.pop(k, None)
            if answer:
                hands = table.zone("hand").keys(state, p)
                before = {z: len(state.zones[z]) for z in hands}
                table.draw(state, p, 1)
                ctx["_it"] = ctx["_it"] + [i for z in hands for i in state.zones[z][before[z]:]]
                drawn += 1
            if answer is not False and drawn < total and table.can_draw(state, p):
                ctx[k + "/"] = (total, drawn)  # (replaced, never changed in place: clones share it)
                text = "draw 1 card?" if total == 1 else f"draw a card ({drawn + 1} of {total})?"
                return Decision(p, question(ctx.get("card"), text), YES_NO, TRUE_FALSE, k)
            ctx.pop(k + "/", None)
            return None
        step.binds = ("it",) if n.const == 1 else ("it", "them")
        return (step,)

    @v.effect("draw {n:number} [card]", example="draw a card")
    def draw(n):
        _positive(n, "draw")
        return draw_some(n)

    def short_of(n: Quantity) -> Quantity:
        """How many cards the controller's hand lacks to hold ``n``."""
        def lack(state, ctx):
            held = sum(len(state.zones[k]) for k in table.zone("hand").keys(state, ctx["controller"]))
            return max(0, n(state, ctx) - held)
        return Quantity(lack, None, f"until you have {n.text}")

    @v.effect(f"draw [card] until you have {{n:number}} [card] in your {ex.hand}",
              example=f"draw cards until you have 5 cards in your {ex.hand}")
    def draw_until(n):
        _positive(n, "draw")
        return draw_some(short_of(n))

    @v.effect("{who:players} draw|draws {n:number} [card]", example="each player draws 2 cards")
    def draw_who(who, n):
        _positive(n, "draw")
        # where every effect is optional to its owner (VOL-SEC-05), the owner's own draw is asked, as
        # 'draw N' is; the others draw as the effect says
        own = draw_some(n)[0] if table.optional else None
        return (per_player(who, key(), draw_step(n), own),)

    # -- discarding ----------------------------------------------------------------------
    def discard_steps(x: CardSelector, optional_: bool):
        pick = Pick(x.where("hand", always=True), key(), "discard", optional=optional_)
        return pick_steps(pick, lambda state, ctx, iid, k: table.discard(state, iid, k))

    @v.effect("discard {x:cards}", example="discard a card at random")
    def discard(x, text):
        return _maybe_all(table, key, discard_steps(x, table.optional), x, text)

    @v.effect("{who:players} discard|discards {x:cards}", example="each enemy discards a card at random")
    def discard_who(who, x):
        if x.chosen and who.mode != "you":  # the discarding player chooses: "of your choice" cannot say who
            raise ValueError(gettext(
                "in 'PLAYERS discard ...' each of them chooses their own card, so 'of your choice' would be theirs: "
                "for a card you choose, write 'discard a card from {whose} hand' (after 'look at ...', "
                "'discard a card from among them')").format(whose="their" if who.mode == "chosen" else "the enemy's"))
        # where every effect is optional to its owner (Volfyirion, VOL-SEC-05), the owner may decline
        # their own discard; the others discard as the effect says
        own = discard_steps(x, True)[0] if table.optional else None
        return (per_player(who, key(), discard_steps(x, False)[0], own),)

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

    if not any("sacrifice" in (p.first or ()) for p in v.families.get(EFFECT, ())):  # (Virevolt has its own)
        @v.effect("sacrifice {x:cards}", example=f"sacrifice a {ex.kind}")
        def sacrifice(x, text):
            """To sacrifice is to destroy a card of your own (a cost: ``sacrifice a troop to draw a card``)."""
            return destroy(yours(x), text)

        def yours(x: CardSelector) -> CardSelector:
            """``x``, naming the controller's cards only (each of ``a troop or a building``)."""
            if x.alts:
                return replace(x, alts=tuple(yours(a) for a in x.alts))
            if x.ref not in (None, "this") or (x.owner is not None and x.owner.mode != "you"):
                raise ValueError(gettext("a player sacrifices only their own cards: 'sacrifice one of your "
                                         "{kinds}'").format(kinds=ex.kinds))
            return replace(x, owner=PlayerSel("you", "your")) if x.ref is None else x

    @v.effect("remove {x:cards} from the game", example=f"remove a card in your {ex.hand} from the game")
    def remove(x, text):
        pick = Pick(x.where("hand"), key(), "remove from the game", optional=table.optional)
        steps = pick_steps(pick, lambda state, ctx, iid, k: table.remove(state, iid, k, ctx))
        return _maybe_all(table, key, steps, x, text)

    # -- moving --------------------------------------------------------------------------
    def mover(x: CardSelector, dest, verb: str, text: str):
        where, bottom = dest
        if where.part is not None or table.zone(where.zone).dest is None:
            places = ", ".join(f"'{z.words[0]}'" for z in table.zones if z.dest is not None)
            raise ValueError(gettext("an effect cannot {verb} cards into {zone}: cards arrive there only by the "
                                     "game's own actions; an effect can {verb} cards into: {places}").format(
                verb=verb, zone=where.text, places=places))

        def act(state, ctx, iid, k):
            ctx["_it"] = [iid]  # "its owner's hand" is the moved card's owner's
            to = where.dest(state, ctx, iid)
            if to is not None:
                table.move(state, iid, k, to, bottom)
                ctx["_taken"] = list(ctx.get("_taken") or ()) + [iid]

        pick = Pick(x.where("hand"), key(), verb, optional=table.optional)
        return _maybe_all(table, key, pick_steps(pick, act), x, text)

    @v.effect("draw it|them", needs="it", example=f"reveal the top card of your {ex.deck}; if it is red, draw it")
    def draw_it(text):  # the cards just revealed or looked at, into the hand
        them = CardSelector(text.split(" ", 1)[1], "ref", ref="it")
        return mover(them, (P.ZoneRef("hand", None, f"your {ex.hand}"), False), "draw", text)

    for verb in ("put", "return", "move", "take"):
        v.effect(f"{verb} {{x:cards}} {{dest:destination}}",
                 example=f"{verb} a card from your {ex.pile} " + ("on top of" if verb == "put" else "into") +
                 f" your {ex.deck if verb == 'put' else ex.hand}")(
            lambda x, dest, text, verb=verb: mover(x, dest, verb, text))

    def in_order(x: CardSelector, dest, back: bool):
        """``put CARDS on top of ZONE in any order``, ``put them back in any order``: the controller
        names the cards one by one, the first named nearest the top (identical cards need no
        naming); ``back`` puts them where they are, on top, or at the bottom for ``the bottom N``."""
        where, bottom = (None, x.mode == "bottom") if back else dest
        k = key()

        def step(state, ctx):
            order = ctx.pop(k, None) or []
            if k + "?" in ctx:
                got = ctx.pop(k + "?")
                if got is None:  # the rest stay in the order they are
                    order.append(None)
                else:
                    order.append(tuple(got))
            named = {o[0] for o in order if o is not None}
            rest = [c for c in x.candidates(state, ctx) if c[0] not in named]
            who = ctx["controller"]
            if rest and (not order or order[-1] is not None):
                labels = table.labels(state, rest, who, ctx.get("_seen") or ())
                if len(set(labels)) > 1:
                    options, values = [], []
                    for (iid, zone), lab in zip(rest, labels):
                        if ("choose", lab) not in options:
                            options.append(("choose", lab))
                            values.append([iid, zone])
                    if table.optional:
                        options.append(("skip",))
                        values.append(None)
                    ctx[k] = order
                    card = ctx.get("card")
                    what = (N_("{card}: the card to put nearest the top ({i} of {n})") if card else
                            N_("the card to put nearest the top ({i} of {n})"))
                    prompt = Phrase(what, card=CardName(card or ""), i=len(named) + 1, n=len(named) + len(rest))
                    return Decision(who, prompt, options, values, k + "?")
            placed = [o for o in order if o is not None] + rest
            for iid, zone in (placed if bottom else reversed(placed)):
                to = zone if where is None else where.dest(state, ctx, iid)
                if to is not None and state.holds(zone, iid):
                    table.move(state, iid, zone, to, bottom)
            ctx["_it"] = [iid for iid, _ in placed]
            return None

        step.binds = ("it", "them")
        return (step,)

    v.effect("put {x:cards} {dest:destination} in any order",
             example=f"put the top 3 cards of your {ex.deck} on top of your {ex.deck} in any order")(
        lambda x, dest: in_order(x, dest, False))
    v.effect("put {x:cards} back in any order", example=f"put the top 3 cards of your {ex.deck} back in any order")(
        lambda x: in_order(x, None, True))

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

    own_deck = next((z for z in table.zones if z.pile and z.secret and not z.shared), None)
    if own_deck is not None:
        @v.effect("shuffle", example="shuffle")
        def shuffle_own():
            """``search your deck for a hero, put it into your hand, then shuffle``: your own deck."""
            def step(state, ctx):
                for key_ in own_deck.keys(state, ctx["controller"]):
                    table.shuffle(state, key_)
                return None
            return (step,)

    @v.effect("look at {x:cards}", example=f"look at the top 3 cards of your {ex.deck}")
    def look(x):
        def step(state, ctx):
            seen = [iid for iid, _ in x.candidates(state, ctx)]
            ctx["_seen"] = seen
            ctx["_it"] = seen  # "look at the top card of ...; put it ..."
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

        def shown(state, ctx):  # the cards revealed are seen, as looked-at cards are: "the rest" after
            ctx["_seen"] = list(ctx.get("_it") or ())
            ctx["_taken"] = []
            return None
        shown.binds = ("them", "it")
        return pick_steps(pick, act) + (shown,)

    @v.effect("search {z:zone} for {x:cards}", example=f"search your {ex.deck} for a {ex.kind}")
    def search(z, x):
        sel = replace(x, zone=z)
        pick = Pick(sel, key(), "take", optional=table.optional)
        steps = pick_steps(pick, lambda state, ctx, iid, k: None)

        def reveal(state, ctx):  # the searcher sees the zone's cards
            ctx["_seen"] = [iid for key_ in z.keys(state, ctx) for iid in state.cards_in(key_)]
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
                return Decision(p, question(card, text, ask=True), YES_NO, TRUE_FALSE, k)

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
        return _lasting_mod(m, d, table, key)

    @v.effect("{m:modifier} {d:duration}", example=f"your {ex.kinds} have +1 {ex.stat} until the end of your turn")
    def lasting_after(m, d):
        return _lasting_mod(m, d, table, key)

    @v.effect("{m:modifier}", example=f"the next card you {ex.cost_verb} this turn costs 2 less")
    def lasting_next(m):
        if not isinstance(m, NextMod):
            raise ValueError("say how long this lasts: 'this turn, ...' or '... until the end of your turn'")
        return _lasting_mod(m, "turn", table, key)


def _lasting_mod(m, duration, table: Table, key: Counter) -> tuple:
    """Steps that make a change last this turn (``duration`` "turn") or until the controller's
    next turn ("next"); a change to cards the effect picks
    (``target enemy city gets -3 defence this turn``) asks for them first and remembers them."""
    mod = m.modifier if isinstance(m, (NextMod, PickedMod)) else m
    uses = m.uses if isinstance(m, NextMod) else 0
    if not isinstance(mod, lasting.Modifier):  # another reading of the same words may be one (Unfit)
        raise Unfit("this is a power a card has (what a 'powers:' entry says), not a change an effect can make "
                         "last; the pack's reference (docs/packs/reference/) lists the changes that can")
    lasting.register(mod.id, mod)
    picked = m.sel if isinstance(m, PickedMod) else None
    named = picked is not None and picked.ref is not None  # "its city gets ...": read now, nothing to choose
    if duration == "end-next-owner" and picked is None:
        raise ValueError("'its owner's next turn' is the next turn of the owner of a card the change is on: "
                         "name the card ('the attacker cannot attack during its owner's next turn'), or say "
                         "'until the end of your next turn'")

    def step(state, ctx):
        if named:
            subjects = tuple(dict.fromkeys(iid for iid, _key in picked.candidates(state, ctx)))
        else:
            subjects = tuple(ctx.get("_it") or ()) if picked is not None else ()
        if picked is None or subjects:
            p = ctx["controller"]
            if duration == "turn":
                last = state.turn
            elif duration == "next":
                last = lasting.until_next_turn(p)
            else:  # through the end of a next turn: the controller's, or the changed card's owner's
                last = lasting.until_end_of_next_turn(p if duration == "end-next" else table.owner(state, subjects[0]))
            lasting.add(state, mod.id, p, ctx.get("source", -1), last, uses, subjects)
        return None
    step.modifies = True
    if picked is None or named:
        return (step,)
    choose = pick_steps(Pick(picked, key(), "choose", optional=table.optional), lambda s, c, iid, k: None)
    return choose + (step,)


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


def destinations(m: Matcher, pos: int):
    """``into your hand``, ``to its owner's hand``, ``on top of your deck``, ``at the bottom of your deck``;
    ``back`` before any of them says nothing more (``put the rest back on top of your deck``)."""
    if m.word(pos) == "back" and m.word(pos + 1) not in (None, "in"):  # (not "back in any order")
        pos += 1
    w = m.word(pos)
    if w in ("into", "to", "in", "onto"):
        for end, z in P.zones(m, pos + 1):
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
            for e2, z in P.zones(m, end):
                yield e2, (z, b)
    if bottom is None and w not in ("into", "to", "in", "onto"):
        m.fail(pos, "where it goes ('into your hand', 'on top of your deck', 'at the bottom of your deck')")
