"""The words of Volfyirion's cards: resources, colours, the five secondary effects, Synergy Chains.

A card says::

    main: 2 command, 3 battle, 2 knowledge            # amounts of the resource words
    secondary: synergy turquoise, red -> gain 2 battle, 2 knowledge; draw 1
    remove: gain 3 knowledge; remove an enemy troop

Effects (each compiled once into a step object that also carries what it is, so the rules
can tell a points-only ability, which fires by itself, from one that must be activated):

    gain N RESOURCE, ...       points (never optional: points can never hurt, VOL-SEC-05)
    draw N                     Draw a Card (asks yes/no: every non-point effect is optional)
    remove a card              Remove a Card from own Playing Area, Discard Pile or hand
    remove an enemy troop      Remove a Troop (destroyed, removed from the game)
    remove an enemy building   Remove a Building
    move volfyirion            one free Move Volfyirion movement

Condition: ``synergy COLOUR, COLOUR`` (one other card of each listed colour; repeated colours
need distinct cards; the card itself never counts; grey and Wonders satisfy nothing).

Card texts need no ``may``: VOL-SEC-05 makes every non-point effect the owner's choice, so
each of those effects offers ``skip``/``no`` by itself.
"""
from __future__ import annotations

from tabletop.dsl import Vocabulary
from tabletop.framework.effects import Decision

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion.model import COLOURS, KEYS, NEUTRAL, RESOURCES

SKIP = ("skip",)
YES_NO = (("yes",), ("no",))
TRUE_FALSE = (True, False)


class Gain:
    """``gain N resource, ...``: points, added at once."""

    kind = "gain"
    __slots__ = ("points", "quantities")

    def __init__(self, amounts) -> None:
        consts = [(q.const, w) for q, w in amounts]
        if all(n is not None for n, _ in consts):
            self.points = tuple((RESOURCES.index(w), n) for n, w in consts)
            self.quantities = None
        else:
            self.points = None
            self.quantities = tuple((q, RESOURCES.index(w)) for q, w in amounts)

    def __call__(self, state, ctx):
        if self.points is not None:
            M.add_points(state, ctx["controller"], self.points)
        else:
            M.add_points(state, ctx["controller"], tuple((r, q(state, ctx)) for q, r in self.quantities))
        return None


class Draw:
    kind = "draw"
    __slots__ = ("n", "key", "prompt")

    def __init__(self, n) -> None:
        self.n = n
        self.key = "_draw"

    def __call__(self, state, ctx):
        p = ctx["controller"]
        n = self.n(state, ctx)
        K = KEYS[p]
        if self.key in ctx:
            if ctx.pop(self.key):
                M.draw_cards(state, p, n)
            return None
        if n <= 0 or not (state.zones[K.deck] or state.zones[K.discard]):
            return None  # nothing to draw: the effect does nothing (VOL-EFF-NOTARGET-01)
        card = ctx.get("card", "")
        return Decision(p, f"{card}: draw {n} card{'s' if n != 1 else ''}?", YES_NO, TRUE_FALSE, self.key)


class RemoveCard:
    """Remove a Card: one of the owner's cards in Playing Area, Discard Pile or hand (VOL-EFF-REMCARD)."""

    kind = "remove_card"
    key = "_remcard"

    def __call__(self, state, ctx):
        p = ctx["controller"]
        K = KEYS[p]
        zones = state.zones
        cards = state.cards
        if self.key in ctx:
            label = ctx.pop(self.key)
            if label is not None:
                where, _, name = label.partition(":")
                src = {"play": K.play, "discard": K.discard, "hand": K.hand}[where]
                for iid in zones[src]:
                    if cards[iid].name == name:
                        M.remove_from(state, iid, src)
                        break
            return None
        sources = (("play", K.play), ("discard", K.discard), ("hand", K.hand))
        options, values = M.removal_options(state, sources, own_effect=ctx.get("source", -1))
        if not options:
            return None
        options.append(SKIP)
        values.append(None)
        return Decision(p, f"{ctx.get('card', '')}: remove one of your cards from the game?",
                        options, values, self.key)


class RemoveEnemy:
    """Remove a Troop / Remove a Building in an enemy City (VOL-EFF-REMTROOP-01, VOL-EFF-REMBLD-01)."""

    __slots__ = ("kind", "slot", "key")

    def __init__(self, slot: str) -> None:
        self.slot = slot
        self.kind = f"remove_{slot}"
        self.key = f"_rem{slot}"

    def __call__(self, state, ctx):
        p = ctx["controller"]
        o = 1 - p
        K = KEYS[o]
        slots = K.troop if self.slot == "troop" else K.building
        zones = state.zones
        if self.key in ctx:
            ci = ctx.pop(self.key)
            if ci is not None and zones[slots[ci]]:
                M.remove_from(state, zones[slots[ci]][0], slots[ci])
            return None
        options, values = [], []
        for ci in state.vars[K.intact]:
            if zones[slots[ci]]:
                options.append(("choose", f"p{o + 1}.city{ci + 1}"))
                values.append(ci)
        if not options:
            return None
        options.append(SKIP)
        values.append(None)
        return Decision(p, f"{ctx.get('card', '')}: remove an enemy {self.slot}?", options, values, self.key)


class MoveDragon:
    """A free Move Volfyirion movement (VOL-EFF-MOVE-01); none once the Lair is claimed."""

    kind = "move"
    key = "_move"

    def __call__(self, state, ctx):
        p = ctx["controller"]
        if self.key in ctx:
            d = ctx.pop(self.key)
            if d is not None:
                state.vars["dragon"] = d
                if d >= 0 and state.vars.get("vflags"):  # Mirage City listens (VOL-VAR-PLOY-MIRAGE-01)
                    from tabletop.packs.volfyirion.variants import signal
                    signal(state, "volfyirion_moved", {"actor": p, "target": d // 3})
            return None
        moves = M.dragon_moves(state, p)
        if not moves:
            return None
        options = [("choose", t) for t, _ in moves]
        values = [d for _, d in moves]
        options.append(SKIP)
        values.append(None)
        return Decision(p, f"{ctx.get('card', '')}: move Volfyirion?", options, values, self.key)


class Synergy:
    """``synergy turquoise, red``: a predicate that also exposes its requirement for the fast path."""

    __slots__ = ("need",)

    def __init__(self, colours) -> None:
        counts: dict[int, int] = {}
        for c in colours:
            counts[COLOURS.index(c)] = counts.get(COLOURS.index(c), 0) + 1
        self.need = tuple(sorted(counts.items()))

    def __call__(self, state, ctx) -> bool:
        counts = M.colour_counts(state, ctx["controller"])
        own = state.cards[ctx["source"]].colour_i
        return all(counts[ci] - (ci == own) >= k for ci, k in self.need)


def make_vocabulary() -> Vocabulary:
    v = Vocabulary("volfyirion")
    v.words("resource", RESOURCES)
    v.words("colour", COLOURS)
    v.words("banner", COLOURS + (NEUTRAL,))

    @v.effect("gain {amounts:amounts:resource}")
    def gain(amounts):
        return Gain(amounts)

    @v.effect("draw {n:number}")
    def draw(n):
        if n.const is not None and n.const <= 0:
            raise ValueError("draw needs a positive number")
        return Draw(n)

    @v.effect("remove a card")
    def remove_card():
        return RemoveCard()

    @v.effect("remove an enemy troop")
    def remove_troop():
        return RemoveEnemy("troop")

    @v.effect("remove an enemy building")
    def remove_building():
        return RemoveEnemy("building")

    @v.effect("move volfyirion")
    def move():
        return MoveDragon()

    @v.condition("synergy {colours:words:colour}")
    def synergy(colours):
        return Synergy(colours)

    from tabletop.packs.volfyirion.variants import register  # variant cards' words
    register(v)
    return v


VOCABULARY = make_vocabulary()
