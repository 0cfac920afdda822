"""The words every pack shares, installed into a pack's vocabulary over its table.

:func:`install` adds them after the pack's own words (so a pack's phrase wins where both
match). The same idea reads the same in every pack: ``draw a card``, ``discard a card at
random``, ``destroy each enemy building that costs 4 or less``, ``put the top card of your
deck into your hand``, ``gain 2 battle points``, ``if you have 4 or more crystals``, ``when
one of your heroes dies``, ``at the start of your main phase``, ``your troops have +1
defence``, ``the next card you acquire this turn costs 2 less``. Each kind of phrase has its
room: :mod:`~tabletop.dsl.selectors`, :mod:`~tabletop.dsl.verbs`,
:mod:`~tabletop.dsl.conditions`, :mod:`~tabletop.dsl.numbers`, :mod:`~tabletop.dsl.events`,
:mod:`~tabletop.dsl.changes`.
"""
from __future__ import annotations

from tabletop.dsl import changes, conditions, copying, events, history, naming, numbers, verbs
from tabletop.dsl import comparisons as C
from tabletop.dsl import places as P
from tabletop.dsl import selectors as S
from tabletop.dsl.steps import Counter
from tabletop.dsl.table import Table
from tabletop.dsl.vocabulary import Vocabulary
from tabletop.framework.language import N_


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
        self.cost_verb = table.cost_verbs[0] if table.cost_verbs else "acquire"
        self.target = table.attacked


def install(v: Vocabulary, table: Table) -> Vocabulary:
    """Add the shared words to ``v`` for a pack whose table is ``table``."""
    v.table = table
    P.TABLES[table.name] = table
    key = Counter("c")
    ex = Samples(table)
    if table.resources:
        v.words("resource", table.resources)
    v.words("attribute", tuple(table.attributes) or ("cost",))
    if table.states:
        v.words("state", tuple(table.states))
    if table.phases:
        v.words("phase", tuple(w.split()[0] for w in table.phases))
    v.words("departure", tuple(w for w, how in events.DEPARTURES.items() if how in table.departures))
    v.words("departure", tuple(w for w, how in events.DEPARTURES.items() if how not in table.departures),
            listed=False)  # read, to be refused with the ways this game's cards leave play
    v.words("more-less", ("more", "less", "fewer"))

    v.parser("cards", N_("a card selector"), (
        f"a card in your {ex.hand}", f"each enemy {ex.kind} with {ex.attr} 4 or less",
        f"the top 3 cards of your {ex.deck}", f"one of your {ex.kinds}", f"up to 2 {ex.kinds} you control",
        "the target", "it"))(S.cards)
    v.parser("count", N_("what 'for each' and 'the number of' count"), (f"{ex.kind} you control",
                                                                     f"card in your {ex.pile}"))(S.count)
    v.parser("players", N_("a player selector"), ("you", "each enemy", "each player", "the target's owner", "they"))(
        P.players)
    v.parser("zone", N_("a zone"), (f"your {ex.pile}", f"the enemy's {ex.hand}"))(P.zones)
    v.parser("compare", N_("a comparison"), ("4 or more", "at most 3", "fewer than 2"))(
        lambda m, pos: C.compare(m, pos))
    v.parser("destination", N_("where a card goes"), (f"into your {ex.hand}", f"on top of your {ex.deck}",
                                                   f"at the bottom of your {ex.deck}"))(verbs.destinations)
    v.parser("counted", N_("a comparison of a number of cards"), (
        f"2 or more {ex.kinds}", f"fewer {ex.kinds} than the enemy", f"no cards in your {ex.hand}"))(conditions.counted)
    v.parser("counted-own", N_("what a player has"), (f"2 or more {ex.kinds} in their {ex.pile}",))(conditions.counted_own)
    v.parser("attrcmp", N_("a comparison of a number on a card"), (f"3 {ex.attr} or less", f"at least 2 {ex.attr}"))(
        conditions.attrcmp)
    v.parser("possessive", N_("whose number"), ("its", "the target's", "this card's", f"your {ex.kinds}'"))(numbers.possessive)
    v.parser("duration", N_("how long a change lasts"), ("this turn", "until the end of your turn"))(changes.duration)
    phase = next(iter(table.phases), None)
    v.parser("moment", N_("when a delayed or timed ability happens"), tuple(
        x for x in ("your turn", "each enemy turn", phase and f"your {phase}", phase and f"the enemy's next {phase}")
        if x))(events.moment)
    v.parser("cost-subject", N_("what a cost change applies to"), (f"the next card you {ex.cost_verb} this turn",
                                                               f"your {ex.kinds}"))(changes.cost_subject)

    verbs.register(v, table, key, ex)
    conditions.register(v, table, ex)
    numbers.register(v, table, ex)
    events.register(v, table, ex)
    history.register(v, table, ex)
    changes.register(v, table, ex)
    naming.register(v, table, key)
    copying.register(v, table, key)
    return v
