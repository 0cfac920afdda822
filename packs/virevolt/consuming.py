"""``consume N crystals`` of the controller's own: a cost (``consume 2 crystals to draw 3 cards``);
``consume all your crystals`` consumes every unconsumed one (``that many`` after it counts them).

Consuming one's own crystals is paying with them outside a card's printed cost, so it follows the
payment matrix's choice (VIR-CRYSTAL-07/08, :func:`crystals.choices`): ``consume N crystals`` pays N
neutral symbols, Neutral crystals first and Mauve last, and asks which coloured ones (``choose
pay:red``) only when that can matter. ``consume N red crystals`` names the colour: only red
crystals are consumed (a Mauve crystal is not a red one). As a cost (:mod:`tabletop.dsl.costs`) it
is offered only when enough unconsumed crystals are there, and its effect happens only when all
were consumed.
"""
from __future__ import annotations

from tabletop.dsl.quantity import Quantity
from tabletop.framework.effects import Decision
from tabletop.framework.language import N_, CardName, Phrase
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt.keys import CIDX, KEYS


class ConsumeOwn:
    """The step consuming ``n`` of the controller's unconsumed crystals (of colour ``colour``, if
    named); the crystals consumed are ``it``, so ``if you do`` asks whether any were."""

    binds = ("it", "them")
    __slots__ = ("n", "colour", "key")

    def __init__(self, n: Quantity | None, colour: str | None, key: str) -> None:
        self.n = n  # None: all of them ("consume all your crystals")
        self.colour = None if colour in (None, "crystal") else CIDX[colour]
        self.key = key

    def needed(self, state, ctx: dict) -> int:
        """As a cost: the crystals it consumes."""
        return self.available(state, ctx) if self.n is None else self.n(state, ctx)

    def available(self, state, ctx: dict) -> int:
        """As a cost: the unconsumed crystals it could consume."""
        avail = cr.available(state, ctx["controller"])
        return sum(avail) if self.colour is None else avail[self.colour]

    def __call__(self, state, ctx: dict):
        p = ctx["controller"]
        use = ctx.pop(self.key, None)
        if use is None:
            avail = cr.available(state, p)
            n = self.needed(state, ctx)
            if self.colour is not None:
                use = [0, 0, 0, 0, 0]
                use[self.colour] = min(n, avail[self.colour])
            else:
                cost = (min(n, sum(avail)), 0, 0, 0, 0)
                ways = cr.choices(avail, cost)
                if len(ways) > 1:
                    return Decision(p, Phrase(N_("{card}: which of {p}'s crystals are consumed?"),
                                              card=CardName(ctx.get("card")), p=KEYS[p].name),
                                    [("choose", "pay:" + cr.choice_label(avail, cost, w)) for w in ways],
                                    ways, self.key)
                use = ways[0] if ways else [0, 0, 0, 0, 0]
        ctx["_it"] = cr.consume_by_effect(state, p, use) if any(use) else []
        return None
