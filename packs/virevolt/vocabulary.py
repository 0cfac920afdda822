"""The words of Virevolt's cards: crystals, states, its own verbs, trap conditions, hero powers.

Virevolt's own verbs act on heroes picked by the language's shared selectors (``the
target``, ``each enemy main hero``, ``target hero of yours``, ``one of your heroes``)::

    deal N damage to HEROES          heal N damage from HEROES        fully heal HEROES, heal HEROES by N
    inflict STATES on HEROES         give STATES to HEROES            remove STATES from HEROES
    cleanse HEROES                   rotate your heroes               this attack deals N more damage
    consume N crystals of PLAYERS    destroy N crystals|traps of PLAYERS   consume N enemy crystals
    restore N of your crystals       sacrifice HEROES (your own)      freeze|stun|poison|burn HEROES
    HEROES gain|lose STATES          give|inflict STATES ... until the end of your turn | until your next turn
    the next attack against HEROES deals N less damage
    deal N damage divided as you choose among HEROES     swap the damage on two target heroes | on HERO and HERO

(``PLAYERS``: ``each enemy``, or ``target enemy``, whom the controller chooses with 3 or 4 players.)

Trap conditions (``when:``) are the pack's own: ``an enemy attacks you``, ``an enemy casts an
incantation``, ``an enemy plays a hero`` (the new hero is ``the new hero`` or ``it``), ``your main
hero has N hp or less``, ``an enemy hero has STATE``. Hero powers (``powers:``): ``your attacks deal N more damage``, ``this hero takes
N less damage from attacks``, ``heal N damage from this hero in your state phase``, or any
lasting change of the shared language; Virevolt's restrictions among them are ``cannot be
chosen|targeted by traps``, ``cannot be attacked``, ``cannot attack`` and ``cannot be poisoned|burned|frozen|stunned``.
The states are adjectives too (``each burning enemy hero``, ``if the target is frozen``: the
table's, :data:`~.states.ADJECTIVES`). Everything else (draw, discard, return, put, look at,
counts, comparisons, triggers, modifiers) is shared, over :class:`~.table.VirevoltTable`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from tabletop.dsl import Unfit, Vocabulary, common
from tabletop.dsl.vocabulary import EFFECT
from tabletop.dsl.changes import PickedMod, named_by_effect, picks
from tabletop.dsl.events import card_event, gaining
from tabletop.dsl.picking import Pick, pick_steps
from tabletop.dsl.places import PlayerSel, chosen
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.steps import Counter, ask_player, per_player
from tabletop.framework import lasting
from tabletop.framework.effects import Decision
from tabletop.framework.language import N_, CardName, Phrase, gettext
from tabletop.framework.narration import Card, narrate
from tabletop.packs.virevolt import combat
from tabletop.packs.virevolt.consuming import ConsumeOwn
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt import traps
from tabletop.packs.virevolt.keys import COLOURS, HERO, KEYS
from tabletop.packs.virevolt.keywords import KEYWORDS
from tabletop.packs.virevolt.table import TRAP_PROOF, VirevoltTable


@dataclass(frozen=True)
class TrapWhen:
    """A trap's condition: the event it answers (``attack``, ``cast``, ``hero`` or ``any``) and
    what its effect may refer to (``provides``)."""

    event: str
    test: Callable
    text: str = ""
    provides: tuple = ()


@dataclass(frozen=True)
class Power:
    """A hero's passive power: ``kind`` in atk_bonus | armor | regen, and its amount."""

    kind: str
    amount: int
    text: str = ""


@dataclass(frozen=True)
class Keyword:
    """A hero keyword of its ``powers:`` (``lifelink``): a rule of its attacks' damage (packs.virevolt.keywords)."""

    word: str


def _enemies(state, p):
    c = state.counters
    return [q for q in range(state.nplayers) if q != p and not c[KEYS[q].eliminated]]


def _positive(q, what: str) -> None:
    if q.const is not None and q.const <= 0:
        raise ValueError(f"{what} needs a positive number")


def _whose(who) -> None:
    """``crystals of an enemy`` would be every enemy's (``an enemy`` as a player is any of them):
    refused, with the two readings said plainly."""
    words = who.text.split()
    if who.mode != "chosen" and words[0] in ("a", "an", "any"):
        raise ValueError(f"say whose: 'of target {words[-1]}' (one, whom you choose) or 'of each {words[-1]}', "
                         f"not 'of {who.text}'")


def build_vocabulary() -> Vocabulary:
    v = Vocabulary("virevolt")
    key = Counter("t")
    v.words("crystal", COLOURS)
    v.words("colour", COLOURS)
    v.words("harmful", ("poison", "burn", "freeze", "stun"))
    v.words("protective", ("immunity", "invincibility"))
    v.words("state", st.STATES)
    v.words("state-taken", tuple(st.TAKEN))

    def heroes(sel, verb: str, act: Callable[[Any, dict, int], None]) -> tuple:
        """Steps applying ``act(state, ctx, hero)`` to the heroes in play ``sel`` names (asking if it chooses)."""
        def apply(state, ctx, iid, k):
            if state.cards[iid].kind == HERO and hz.is_in_play(state, iid):
                act(state, ctx, iid)
        return pick_steps(Pick(sel, key(), verb), apply)

    # ------------------------------------------------------------------ effects on heroes
    @v.effect("deal {n:number} damage to {sel:cards}", example="deal 3 damage to the target")
    def deal(n, sel):
        _positive(n, "deal")
        return heroes(sel, "deal damage to", lambda s, c, h: hz.damage(s, h, n(s, c), c))

    @v.effect("{sel:cards} take|takes {n:number} damage", example="this hero takes 1 damage")
    def takes(sel, n):  # "deal 3 damage to the target, then this hero takes 1 damage"
        return deal(n, sel)

    @v.effect("deal {n:number} more damage to {sel:cards}", example="deal 2 more damage to the target")
    def deal_more(n, sel):
        return deal(n, sel)

    @v.effect("deal {n:number} damage to {sel:cards} and {m:number} damage to {others:cards}",
              example="deal 2 damage to the target and 1 damage to each enemy secondary hero")
    def deal_two(n, sel, m, others):  # the card text's own shorthand for two deals
        return deal(n, sel) + deal(m, others)

    def collected(sel, verb: str, k_: str) -> tuple:
        """Steps picking the heroes in play ``sel`` names (asking if it chooses), noted in ``ctx[k_]``
        in the order picked, for a step after them that acts on them together."""
        return heroes(sel, verb, lambda s, c, h: c.setdefault(k_, []).append(h))

    @v.effect("deal {n:number} damage divided as you choose among {sel:cards}",
              example="deal 4 damage divided as you choose among enemy heroes")
    def divided(n, sel):
        """The controller shares out ``n`` damage among the heroes ``sel`` names, one point at a time
        (each point a decision; nothing is asked when one hero is left); heroes picked (``up to 3
        target enemy heroes``) take 1 each first, since each was chosen to be hit. Each hero then takes
        its share as one damage, with the changes of damage read once per hero, as for ``each``."""
        _positive(n, "deal")
        if picks(sel) and sel.count is not None and sel.count.const is not None and n.const is not None \
                and sel.count.const > n.const:
            raise ValueError(f"{n.const} damage cannot be divided among {sel.count.const} chosen heroes, each "
                             f"taking some: choose at most {n.const}")
        k_, ask = key(), key()
        first = picks(sel)

        def share(s, c):
            got = c.pop(ask, None)
            if got is None:
                hs = [h for h in c.pop(k_, ()) if hz.is_in_play(s, h)]
                left = n(s, c)
                shares = {h: 0 for h in hs}
                if first:
                    for h in hs[:left]:
                        shares[h] += 1
                    left -= min(left, len(hs))
                plan = [left, [[h, k] for h, k in shares.items()]]
            else:
                plan = c.pop(k_ + "/")
                plan[0] -= 1
                next(p for p in plan[1] if p[0] == got)[1] += 1
            left, pairs = plan
            hs = [h for h, _k in pairs]
            if left and len(hs) > 1:
                c[k_ + "/"] = plan
                labs = hz.player_labels(s, hs)
                total = n(s, c)
                return Decision(c["controller"], Phrase(
                    N_("{card}: which hero takes the next damage ({k} of {n})?"), card=CardName(c.get("card")),
                    k=total - left + 1, n=total), [("choose", lab) for lab in labs], hs, ask)
            if left and hs:
                pairs[0][1] += left
            for h, k in pairs:
                if k:
                    hz.damage(s, h, k, c)
            c["_it"] = [h for h, k in pairs if k]
            return None
        share.binds = ("it", "them")
        return collected(sel, "divide damage among", k_) + (share,)

    @v.effect("swap|exchange the damage on|of {a:cards} and {b:cards}",
              example="swap the damage on this hero and the target")
    def swap_two(a, b):
        """Two heroes trade their damage (their HP is their printed HP less it, VIR-HERO-01); a hero
        left with no HP dies then (VIR-HERO-03), killed by the effect's controller (VIR-HERO-08)."""
        if not (a.single and b.single):
            raise ValueError("name one hero on each side: 'swap the damage on this hero and the target'")
        k_ = key()
        return collected(a, "swap the damage of", k_) + collected(b, "swap the damage of", k_) + (swapping(k_),)

    @v.effect("swap|exchange the damage on|of {x:cards}", example="swap the damage on two target heroes")
    def swap_pair(x):
        if x.mode != "n" or x.count is None or x.count.const != 2:
            raise ValueError("say which two heroes trade their damage: 'swap the damage on two target heroes' "
                             "or 'swap the damage on this hero and the target'")
        k_ = key()
        return collected(x, "swap the damage of", k_) + (swapping(k_),)

    def swapping(k_: str):
        def step(s, c):
            hs = [h for h in c.pop(k_, ()) if hz.is_in_play(s, h)]
            c["_it"] = []
            if len(hs) != 2 or hs[0] == hs[1]:
                return None
            dmg = s.values[hz.DAMAGE]
            a, b = dmg.pop(hs[0], 0), dmg.pop(hs[1], 0)
            if b:
                dmg[hs[0]] = b
            if a:
                dmg[hs[1]] = a
            if s.log is not None:
                narrate(s, "damage", "{a} and {b} swap their damage", a=Card(hs[0]), b=Card(hs[1]))
            c["_it"] = hs
            hz.deaths_by_hp(s)
            return None
        step.binds = ("it", "them")
        return step

    def no_crystal_tokens(**_words):
        raise ValueError(gettext("a Virevolt crystal is a card, never gained from nowhere: 'put a red crystal from your "
                                 "deck into play' (or from your hand or graveyard), or 'restore 1 of your crystals' "
                                 "to ready one consumed"))
    for pattern in ("gain|gains|get|gets {n:number} {c:word:crystal} crystal|crystals",
                    "gain|gains|get|gets {n:number} crystal|crystals"):
        v.pattern(EFFECT, pattern, listed=False)(no_crystal_tokens)

    def no_paying(**_words):
        raise ValueError(gettext("an incantation's crystals are paid as it is cast, for the one effect chosen "
                                 "(VIR-INC-02): give each choice its own entry of 'effects:' with its 'cost:', or "
                                 "spend crystals in the effect with 'consume 2 crystals to ...'"))
    for pattern in ("pay {n:number} {c:word:crystal} [crystal|crystals]", "pay {n:number} crystal|crystals"):
        v.pattern(EFFECT, pattern, listed=False)(no_paying)

    @v.pattern(EFFECT, "deal {n:number} more damage", listed=False)
    def more_to_whom(n):
        raise ValueError(gettext("say which hero takes the damage: 'deal 2 more damage to the target' (or 'to it', "
                                 "'to this hero')"))

    @v.pattern(EFFECT, "swap|exchange the hp of {x:cards}", listed=False)
    def swap_hp(x):
        raise ValueError("a hero's HP is its printed HP less its damage (VIR-HERO-01): swap the damage instead, "
                         "'swap the damage on two target heroes'")

    @v.effect("this attack deals {n:number} more damage", needs="attack", example="this attack deals 2 more damage")
    def bonus(n):
        def step(state, ctx):
            ctx["bonus"] = ctx.get("bonus", 0) + n(state, ctx)
            return None
        return step

    @v.effect("inflict {sts:words:harmful} on {sel:cards}", example="inflict burn on the target")
    def inflict(sts, sel):
        def act(s, c, h):
            for x in sts:
                st.inflict(s, h, x, c["controller"])  # Immunity's filtering of harmful states lives in st.inflict
        return heroes(sel, "inflict " + " and ".join(sts) + " on", act)

    @v.effect("give {sts:words:protective} to {sel:cards}", example="give immunity to this hero")
    def give(sts, sel):
        def act(s, c, h):
            for x in sts:
                st.inflict(s, h, x, c["controller"])
        return heroes(sel, "give " + " and ".join(sts) + " to", act)

    def for_a_while(sts, sel, verb: str, until: str) -> tuple:
        """``give|inflict STATES ... until ...``: the states this gives lapse at that moment
        (VIR-STATE-12); a hero that had one already keeps it."""
        if until not in st.UNTIL:
            raise ValueError("a state given for a while lasts 'this turn' or 'until your next turn'")
        def act(s, c, h):
            for x in sts:
                had = h in s.marks[x]
                st.inflict(s, h, x, c["controller"])
                if not had and h in s.marks[x]:
                    c.setdefault("_given", []).append((x, h))
        steps = heroes(sel, verb + " " + " and ".join(sts) + (" to" if verb == "give" else " on"), act)

        def later(state, ctx):
            st.lapse_later(state, ctx, ctx.pop("_given", ()), until)
            return None
        later.listens = (st.UNTIL[until],)
        later.binds = steps[-1].binds
        return steps + (later,)

    @v.effect("give {sts:words:protective} to {sel:cards} {d:duration}",
              example="give invincibility to this hero until the end of your turn")
    def give_for(sts, sel, d):
        return for_a_while(sts, sel, "give", d)

    @v.effect("inflict {sts:words:harmful} on {sel:cards} {d:duration}", example="inflict stun on the target this turn")
    def inflict_for(sts, sel, d):
        return for_a_while(sts, sel, "inflict", d)

    for until in ("until your next turn", "until the start of your next turn"):
        @v.effect(f"give {{sts:words:protective}} to {{sel:cards}} {until}",
                  example="give immunity to each of your heroes until your next turn")
        def give_next(sts, sel):
            return for_a_while(sts, sel, "give", "next")

        @v.effect(f"inflict {{sts:words:harmful}} on {{sel:cards}} {until}",
                  example="inflict freeze on the target until your next turn")
        def inflict_next(sts, sel):
            return for_a_while(sts, sel, "inflict", "next")

    # the states as verbs, as cards print them: "freeze the target", "stun each enemy hero"
    for verb in st.HARMFUL:
        v.effect(f"{verb} {{sel:cards}}", example=f"{verb} the target")(lambda sel, verb=verb: inflict((verb,), sel))
        v.effect(f"{verb} {{sel:cards}} {{d:duration}}", example=f"{verb} the target until the end of your turn")(
            lambda sel, d, verb=verb: for_a_while((verb,), sel, "inflict", d))
        for until in ("until your next turn", "until the start of your next turn"):
            v.effect(f"{verb} {{sel:cards}} {until}", example=f"{verb} the target until your next turn")(
                lambda sel, verb=verb: for_a_while((verb,), sel, "inflict", "next"))

    # "your heroes gain immunity [until your next turn]": the heroes first, as cards print it too
    v.effect("{sel:cards} gain|gains {sts:words:protective}", example="your heroes gain immunity")(
        lambda sel, sts: give(sts, sel))
    v.effect("{sel:cards} gain|gains {sts:words:protective} {d:duration}",
             example="this hero gains invincibility until the end of your turn")(
        lambda sel, sts, d: for_a_while(sts, sel, "give", d))
    for until in ("until your next turn", "until the start of your next turn"):
        v.effect(f"{{sel:cards}} gain|gains {{sts:words:protective}} {until}",
                 example="your main hero gains immunity until your next turn")(
            lambda sel, sts: for_a_while(sts, sel, "give", "next"))

    def sacrificing(sel) -> tuple:
        """The steps of sacrificing the heroes ``sel`` names (VIR-HERO-12: nobody scores)."""
        def act(s, c, h):
            p = hz.owner(s, h)
            if s.log is not None:
                narrate(s, "sacrifice", "{p} sacrifices {card} (nobody scores)", actor=p, p=KEYS[p].name, card=Card(h))
            hz.leave_play(s, h, KEYS[p].graveyard, "sacrificed")
        return heroes(sel, "sacrifice", act)

    @v.effect("sacrifice {sel:cards}", example="sacrifice one of your secondary heroes")
    def sacrifice(sel):
        """VIR-HERO-12 by a card's effect: the hero leaves play for the graveyard and nobody
        scores. A player sacrifices only their own heroes."""
        if sel.owner is None:
            sel = replace(sel, owner=PlayerSel("you", "your"))
        elif sel.owner.mode != "you":
            raise ValueError("a player sacrifices only their own heroes: 'sacrifice one of your heroes'")
        return sacrificing(sel)

    @v.effect("{who:players} sacrifice|sacrifices {sel:cards}", example="each enemy sacrifices a secondary hero")
    def sacrifice_who(who, sel):
        """``each player sacrifices a hero``: each of them chooses one of their own."""
        if sel.owner is not None:
            raise ValueError("a player sacrifices only their own heroes: 'each enemy sacrifices a hero'")
        return (per_player(who, key(), sacrificing(replace(sel, owner=PlayerSel("you", "your")))[0]),)

    @v.effect("remove {sts:words:state} from {sel:cards}", example="remove freeze and stun from your heroes")
    def remove(sts, sel):
        def act(s, c, h):
            for x in sts:
                st.remove(s, h, x)
        return heroes(sel, "remove " + " and ".join(sts) + " from", act)

    v.effect("{sel:cards} lose|loses {sts:words:state}", example="each enemy hero loses immunity")(
        lambda sel, sts: remove(sts, sel))  # as "remove STATES from HEROES", the heroes first

    @v.effect("cleanse {sel:cards}", example="cleanse your heroes")
    def cleanse(sel):
        def act(s, c, h):
            for x in st.HARMFUL:
                st.remove(s, h, x)
        return heroes(sel, "cleanse", act)

    @v.effect("heal {n:number} damage from|to|on {sel:cards}", example="heal 2 damage from your main hero")
    def heal(n, sel):
        _positive(n, "heal")
        return heroes(sel, "heal", lambda s, c, h: hz.heal(s, h, n(s, c)))

    @v.effect("fully heal {sel:cards}", example="fully heal your heroes")
    def full_heal(sel):
        return heroes(sel, "heal", lambda s, c, h: hz.heal(s, h, 1000))

    v.effect("heal all damage from|to|on {sel:cards}", example="heal all damage from your main hero")(full_heal)
    v.effect("heal {sel:cards} by {n:number}", example="heal your main hero by 2")(lambda sel, n: heal(n, sel))

    @v.effect("remove all harmful states from {sel:cards}", example="remove all harmful states from your heroes")
    def remove_harmful(sel):
        return cleanse(sel)

    @v.effect("remove all states from {sel:cards}", example="remove all states from the target")
    def remove_all(sel):  # harmful and protective alike
        def act(s, c, h):
            for x in st.STATES:
                st.remove(s, h, x)
        return heroes(sel, "remove all states from", act)

    v.effect("{sel:cards} lose|loses all states", example="target enemy hero loses all states")(remove_all)

    # ------------------------------------------------------------------ crystals and traps
    def _each_loses(verb, zone_of, pick, reveal, told):
        """A step factory: each player ``who`` names puts up to N cards of one zone into their
        graveyard (``told``: the narration, "{p}'s {card} is destroyed")."""
        def make(n, who):
            _positive(n, verb)
            _whose(who)

            def step(s, c):
                gone = []
                for q in who.resolve(s, c):
                    k = KEYS[q]
                    zone = s.zones[zone_of(k)]
                    for _ in range(n(s, c)):
                        if not zone:
                            break
                        iid = pick(s, zone)
                        zone.remove(iid)
                        s.marks[cr.CONSUMED].discard(iid)
                        s.zones[k.graveyard].append(iid)
                        s.reveals += reveal
                        narrate(s, verb, told, p=k.name, card=Card(iid))
                        gone.append(iid)
                c["_it"] = gone  # "destroy 1 trap of target enemy; if you do, draw a card"
                return None
            step.binds = ("it", "them")
            return step
        return make

    def _crystals_of_each(verb, prompt, ways, act):
        """A step factory for an effect on N crystals of each player ``who`` names, in turn order:
        where ``ways(s, q, n)`` gives several ways worth telling apart (:func:`crystals.ways`), the
        controller chooses one (``choose consume:red``); ``act(s, q, n, way)`` does it, returning the
        crystals it acted on (``it`` after the effect: "...; if you do, draw a card")."""
        def make(n, who):
            _positive(n, verb)
            _whose(who)
            k_ = key()

            def step(s, c):
                todo = c.pop(k_ + "/", None)
                if todo is None:
                    todo = [[q, n(s, c)] for q in who.resolve(s, c)]
                    c["_it"] = []
                while todo:
                    q, m = todo[0]
                    use = c.pop(k_, None)
                    if use is None:
                        options = ways(s, q, m)
                        if len(options) > 1:
                            c[k_ + "/"] = todo
                            return Decision(c["controller"], Phrase(prompt, card=CardName(c.get("card")),
                                                                    p=KEYS[q].name),
                                            [("choose", f"{verb}:" + cr.way_label(w)) for w in options], options, k_)
                        use = options[0] if options else None
                    c["_it"] = c["_it"] + act(s, q, m, use)
                    todo = todo[1:]
                return None
            step.binds = ("it", "them")
            return step
        return make

    # Mauve first, Neutral last; which coloured crystals, the controller chooses when it can matter
    # (VIR-CRYSTAL-09)
    _consume = _crystals_of_each(
        "consume", N_("{card}: which of {p}'s crystals are consumed?"),
        lambda s, q, m: cr.ways(cr.available(s, q), m),
        lambda s, q, m, use: cr.consume_by_effect(s, q, use) if use else [])

    v.effect("consume {n:number} crystal of {who:players}", example="consume 2 crystals of each enemy")(_consume)

    @v.effect("consume {n:number} enemy crystal", example="consume 1 enemy crystal")
    def consume_enemy(n, text):
        """``N enemy crystals`` are N crystals, as ``an enemy hero`` is one hero: of one enemy, whom the
        controller chooses (asked with 3 or 4 players), as ``N crystals of target enemy`` says."""
        who = chosen("enemies", "an enemy", key())
        return ask_player(who, text), _consume(n, who)

    def consume_own(n, u=None):
        """``consume 2 crystals``, ``consume a red crystal``: the controller's own, as a payment
        (:mod:`.consuming`); a cost before ``to`` (``consume 2 crystals to draw 3 cards``)."""
        _positive(n, "consume")
        return ConsumeOwn(n, u, key())

    v.effect("consume {n:number} [{u:word:crystal}] crystal", example="consume 2 crystals")(consume_own)
    v.effect("consume {n:number} of your [{u:word:crystal}] crystal", example="consume 1 of your red crystals")(
        consume_own)
    v.effect("consume all [of] your [{u:word:crystal}] crystal", example="consume all your crystals")(
        lambda u=None: ConsumeOwn(None, u, key()))

    v.effect("destroy {n:number} crystal of {who:players}", example="destroy 1 crystal of target enemy")(
        _crystals_of_each("destroy", N_("{card}: which of {p}'s crystals are destroyed?"), cr.destroy_ways,
                          cr.destroy_by_effect))
    v.effect("destroy {n:number} trap of {who:players}", example="destroy 1 trap of each enemy")(
        _each_loses("destroy", lambda k: k.traps, lambda s, zone: zone[0], 1,  # the oldest
                    N_("{p}'s face-down trap {card} is destroyed")))

    def _restore(n):
        """Mauve first, Neutral last; which coloured crystals, the controller chooses when it can matter."""
        _positive(n, "restore")
        k_ = key()

        def step(s, c):
            p = c["controller"]
            use = c.pop(k_, None)
            if use is None:
                options = cr.ways(cr.consumed_counts(s, p), n(s, c))
                if len(options) > 1:
                    return Decision(p, Phrase(N_("{card}: which of your crystals are restored?"),
                                              card=CardName(c.get("card"))),
                                    [("choose", "restore:" + cr.way_label(w)) for w in options], options, k_)
                use = options[0] if options else None
            if use:
                cr.restore(s, p, use)
            return None
        return step

    v.effect("restore {n:number} of your crystal", example="restore 2 of your crystals")(_restore)
    v.effect("restore all [of] your crystal", example="restore all your crystals")(
        lambda: _restore(Quantity.constant(1000, "all")))

    @v.effect("rotate your heroes", example="rotate your heroes")
    def rotate():
        # a card-forced rotation: free, and Stun does not stop it (VIR-PHASE-STATE-06)
        k_ = key()

        def step(s, c):
            p = c["controller"]
            k = KEYS[p]
            z = s.zones
            sec = z[k.secondary]
            if not sec or not z[k.main]:
                c.pop(k_, None)
                return None
            labs = hz.labels(s, sec)
            if k_ not in c:
                if len(sec) > 1:
                    return Decision(p, Phrase(N_("{card}: choose your new main hero"), card=CardName(c.get('card'))),
                                    [("choose", lab) for lab in labs], labs, k_)
                c[k_] = labs[0]
            lab = c.pop(k_)
            h = sec[labs.index(lab)]
            old = z[k.main].pop()
            sec[sec.index(h)] = old
            z[k.main].append(h)
            narrate(s, "rotate", "{card}: {new} becomes {p}'s main hero", p=k.name, card=CardName(c.get("card", "")),
                    new=Card(h))
            hz.became_main(s, h, p, rotated=True)
            return None
        return step

    @v.effect("the next attack against {x:cards} deals {n:number} less damage",
              example="the next attack against your main hero deals 2 less damage")
    def next_attack(x, n, uid):
        """A shield for one attack: the next attack made on a hero ``x`` describes deals it ``n`` less
        damage in all (combat.shield), until then or until the controller's next turn."""
        _positive(n, "a change of the damage of the next attack")
        if picks(x) or named_by_effect(x):
            raise ValueError("say which heroes by what they are ('your main hero', 'this hero'): the change "
                             "waits for an attack after this effect is over, when nothing is chosen")
        mod = lasting.Modifier(uid(), combat.NEXT_ATTACK, _attacker(x), n, -1)
        lasting.register(mod.id, mod)

        def step(state, ctx):
            p = ctx["controller"]
            lasting.add(state, mod.id, p, ctx.get("source", -1), lasting.until_next_turn(p), 1)
            return None
        step.modifies = True
        return step

    def own_next_attack(n, c, uid, turn: bool):
        """A change for one attack: the controller's next attack deals ``n`` more (or less) damage on
        each damage it deals, as ``this attack deals N more damage``; used up by that attack, and
        with ``this turn`` gone at the turn's end if no attack came."""
        _positive(n, "a change of the damage of your next attack")
        mod = lasting.Modifier(uid(), combat.NEXT_OWN_ATTACK, yours, n, 1 if c == "more" else -1)
        lasting.register(mod.id, mod)

        def step(state, ctx):
            lasting.add(state, mod.id, ctx["controller"], ctx.get("source", -1), state.turn if turn else 0, 1)
            return None
        step.modifies = True
        return step

    for turn, pattern in ((False, "your next attack deals {n:number} {c:word:more-less} damage"),
                          (True, "your next attack this turn deals {n:number} {c:word:more-less} damage"),
                          (True, "your next attack deals {n:number} {c:word:more-less} damage this turn")):
        v.effect(pattern, example="your next attack this turn deals 2 more damage")(
            lambda n, c, uid, turn=turn: own_next_attack(n, c, uid, turn))

    @v.effect("that|this attack deals {n:number} less damage", needs="attacker",
              example="that attack deals 2 less damage")
    def that_attack(n, uid):
        """A trap answering an attack: the attack it answers, made on the hero it targets, deals ``n``
        less damage in all (the shield of ``the next attack against ...`` on that hero)."""
        _positive(n, "a change of the damage of that attack")
        mod = lasting.Modifier(uid(), combat.NEXT_ATTACK, _picked_hero, n, -1)
        lasting.register(mod.id, mod)

        def step(state, ctx):
            p = ctx["controller"]
            target = ctx.get("target")
            if target is not None:
                lasting.add(state, mod.id, p, ctx.get("source", -1), lasting.until_next_turn(p), 1, (target,))
            return None
        step.modifies = True
        return step

    # ------------------------------------------------------------------ conditions and quantities
    @v.condition("none of your heroes took damage this turn", example="none of your heroes took damage this turn")
    def unhurt():
        return lambda s, c: c["controller"] not in s.vars.get("hit", ())

    v.quantity("your crystals", example="your crystals")(
        lambda: lambda s, c: len(s.zones[KEYS[c["controller"]].crystals]))
    v.quantity("heroes in your graveyard", example="heroes in your graveyard")(
        lambda: lambda s, c: sum(1 for i in s.zones[KEYS[c["controller"]].graveyard] if s.cards[i].type == HERO))
    v.quantity("damage on this hero", needs="this", example="damage on this hero")(
        lambda: lambda s, c: s.values[hz.DAMAGE].get(c["source"], 0))

    # ------------------------------------------------------------------ a hero gets a state
    # "whenever an enemy hero gets burn", "whenever one of your heroes is frozen", "whenever you
    # inflict poison on an enemy hero": a state the hero did not have (an immune hero gets none)
    v.trigger("{x:cards} get|gets|gain|gains {s:word:state}", example="an enemy hero gets burn")(
        lambda x, s: card_event(st.GAINED, x, None, "", (s,)))
    v.trigger("{x:cards} is|are {s:word:state-taken}", example="one of your heroes is frozen")(
        lambda x, s: card_event(st.GAINED, x, None, "", (st.TAKEN[s],)))
    v.trigger("{by:players} inflict|inflicts {s:word:harmful} on {x:cards}",
              example="you inflict poison on an enemy hero")(
        lambda by, s, x: card_event(st.GAINED, x, None, "", (s,), by=by))

    @v.effect("cancel|counter|negate that|the incantation", needs="spell", example="cancel that incantation")
    def cancel_spell():
        """A trap answering a cast: the incantation does nothing (its cost stays paid, and it goes to
        its owner's graveyard as any incantation cast, VIR-INC-03)."""
        def step(state, ctx):
            state.vars[traps.CANCELLED] = ctx["spell"]
            if state.log is not None:
                narrate(state, "cast", "{card} is cancelled", card=Card(ctx["spell"]))
            return None
        return (step,)

    # "when this hero becomes your main hero" (played first, rotated in, promoted); "whenever you rotate"
    for whose in ("your|their", "its owner's"):
        v.trigger(f"{{x:cards}} become|becomes {whose} main hero", example="this hero becomes your main hero")(
            lambda x: card_event(hz.BECAME_MAIN, x, None, ""))
    v.trigger("{who:players} rotate|rotates [your|their] [heroes]", example="you rotate your heroes")(
        lambda who: card_event(hz.ROTATED, None, who, ""))

    # "whenever you gain a crystal": one comes into a player's play area (played, put or taken there)
    @v.trigger("{who:players} gain|gains|get|gets {x:cards}", example="you gain a red crystal")
    def gains_crystal(who, x):
        if x.kind != "crystal" or x.alts or x.ref is not None:
            raise ValueError(gettext("a player gains crystals (and victory tokens): say 'whenever you gain a crystal'"
                                     " ('a red crystal'), or 'whenever a hero enters play'"))
        return gaining(who, ("crystal",), x=replace(x, owner=None))

    # "whenever one of your heroes is healed": damage taken off a hero (healing an unhurt hero is none)
    v.trigger("{x:cards} is|are healed", example="one of your heroes is healed")(
        lambda x: card_event(hz.HEALED, x, None, ""))
    v.trigger("{x:cards} heal|heals", example="this hero heals")(lambda x: card_event(hz.HEALED, x, None, ""))

    # ------------------------------------------------------------------ trap conditions
    def trap(event: str, test, text: str, provides: tuple):
        return lambda: TrapWhen(event, test, text, provides)

    v.trigger("an enemy attacks you", example="an enemy attacks you")(trap(
        "attack", lambda s, c: c["tplayer"] == c["controller"], "an enemy attacks you", ("attacker", "target")))
    v.trigger("an enemy attacks")(trap(
        "attack", lambda s, c: c["actor"] != c["controller"], "an enemy attacks", ("attacker", "target")))
    v.trigger("an enemy casts an incantation", example="an enemy casts an incantation")(trap(
        "cast", lambda s, c: c["actor"] != c["controller"], "an enemy casts an incantation", ("caster", "spell")))
    v.trigger("an enemy plays a hero", example="an enemy plays a hero")(trap(
        "hero", lambda s, c: c["actor"] != c["controller"], "an enemy plays a hero", ("new hero", "it")))

    # the same, naming which card: "an enemy plays a red hero", "an enemy casts a blue incantation",
    # "an enemy hero with 4 or more hp attacks you"
    def _their(x, key: str):
        def test(s, c) -> bool:
            return c["actor"] != c["controller"] and c.get(key) is not None and x.matches(s, c[key], c)
        return test

    v.trigger("an enemy plays {x:cards}", example="an enemy plays a red hero")(
        lambda x: TrapWhen("hero", _their(x, "hero"), f"an enemy plays {x.text}", ("new hero", "it")))
    v.trigger("an enemy casts {x:cards}", example="an enemy casts a blue incantation")(
        lambda x: TrapWhen("cast", _their(x, "spell"), f"an enemy casts {x.text}", ("caster", "spell")))

    @v.trigger("{x:cards} attack|attacks you", example="an enemy hero with 4 or more hp attacks you")
    def trap_attacker(x):
        their = _their(x, "attacker")
        return TrapWhen("attack", lambda s, c: c["tplayer"] == c["controller"] and their(s, c),
                        f"{x.text} attacks you", ("attacker", "target"))

    @v.trigger("your main hero has {n:number} hp or less", example="your main hero has 2 hp or less")
    def trap_low(n):
        def test(s, c):
            m = s.zones[KEYS[c["controller"]].main]
            return bool(m) and hz.hp(s, m[0]) <= n(s, c)
        return TrapWhen("any", test, f"your main hero has {n.text or n.const} hp or less")

    @v.trigger("an enemy hero has {x:word:harmful}", example="an enemy hero has burn")
    def trap_enemy_state(x):
        def test(s, c):
            return any(h in s.marks[x] for q in _enemies(s, c["controller"]) for h in hz.in_play(s, q))
        return TrapWhen("any", test, f"an enemy hero has {x}")

    # ------------------------------------------------------------------ hero powers and Virevolt's modifiers
    def _pw(kind):
        def f(n):
            if n.const is None or n.const <= 0:  # the same words' lasting change may take it (Unfit)
                raise Unfit("a power needs a plain positive number")
            return Power(kind, n.const)
        return f

    v.modifier("your attacks deal {n:number} more damage", example="your attacks deal 1 more damage")(_pw("atk_bonus"))
    v.modifier("this hero takes {n:number} less damage from attacks",
               example="this hero takes 1 less damage from attacks")(_pw("armor"))
    v.modifier("heal {n:number} damage from this hero in your state phase",
               example="heal 1 damage from this hero in your state phase")(_pw("regen"))

    for word in KEYWORDS:  # "lifelink", "trample": a hero's keyword
        v.modifier(word, example=word)(lambda word=word: Keyword(word))

    v.pattern("flag", "cannot be chosen|targeted by traps", example="cannot be chosen by traps")(lambda: TRAP_PROOF)
    v.pattern("flag", "cannot be attacked", example="cannot be attacked")(lambda: combat.UNATTACKABLE)
    v.pattern("flag", "cannot|can't attack", example="cannot attack")(lambda: combat.DISARMED)
    v.pattern("flag", "cannot be {s:word:state-taken}", example="cannot be frozen")(
        lambda s: st.SPARED[st.TAKEN[s]])  # what inflicting it does then: nothing (states.inflict)

    @v.pattern("flag", "cannot be chosen|targeted", listed=False)
    def unchosen():
        raise ValueError("say by what: 'cannot be chosen by traps' (or 'cannot be targeted by traps'), or 'cannot "
                         "be attacked'; no other restriction on choosing a hero is Virevolt's")

    @v.modifier("{x:cards} take|takes {n:number} {c:word:more-less} damage from attacks",
                example="your secondary heroes take 1 less damage from attacks")
    def damage_taken(x, n, c, uid):
        return _hero_mod(x, lambda applies: lasting.Modifier(uid(), "damage taken", applies, n, 1 if c == "more" else -1))

    @v.modifier("{x:cards} take|takes {n:number} {c:word:more-less} damage",
                example="this hero takes 1 less damage")
    def any_damage_taken(x, n, c, uid):  # from attacks, incantations and traps alike; not HP lost to states
        return _hero_mod(x, lambda applies: lasting.Modifier(uid(), "any damage taken", applies, n,
                                                              1 if c == "more" else -1))

    @v.modifier("{x:possessive} attacks deal {n:number} {c:word:more-less} damage",
                example="your heroes' attacks deal 1 more damage")
    def attack_damage(x, n, c, uid):
        return _hero_mod(x.sel, lambda applies: lasting.Modifier(uid(), "attack damage", applies, n,
                                                                  1 if c == "more" else -1))

    def attack_cost(applies, n, c, uid, u):
        return lasting.Modifier(uid(), "attack cost", applies, n, -1 if c != "more" else 1, u)

    def yours(state, hero, player, ctx) -> bool:
        return player == ctx["controller"]

    @v.modifier("your attacks deal {n:number} {c:word:more-less} damage",
                example="your attacks deal 1 less damage")
    def your_attack_damage(n, c, uid):
        """The damage of every attack the holder's controller makes, as ``your heroes' attacks``: the
        lasting change an effect or an ability makes ("this turn, your attacks deal 2 more damage");
        in ``powers:`` the same words with ``more`` are the hero's power (``Power``), read first."""
        _positive(n, "a change of the damage of your attacks")
        return lasting.Modifier(uid(), "attack damage", yours, n, 1 if c == "more" else -1)

    @v.modifier("your incantations deal {n:number} {c:word:more-less} damage",
                example="your incantations deal 1 more damage")
    def incantation_damage(n, c, uid):
        """The damage of the incantations the holder's controller casts, to any hero (heroes.damage)."""
        return lasting.Modifier(uid(), "incantation damage", yours, n, 1 if c == "more" else -1)

    @v.modifier("your attacks cost {n:number} [{u:word:crystal}] crystal {c:word:more-less}",
                example="your attacks cost 1 crystal less")
    def attacks_cost(n, c, uid, u=None):
        return attack_cost(yours, n, c, uid, u)

    def theirs(state, hero, player, ctx) -> bool:
        return player != ctx["controller"]

    @v.modifier("the enemy's|enemies'|opponent's|opponents' attacks cost {n:number} [{u:word:crystal}] crystal "
                "{c:word:more-less}", example="the enemy's attacks cost 1 crystal more")
    def enemy_attacks_cost(n, c, uid, u=None):
        return attack_cost(theirs, n, c, uid, u)

    @v.modifier("the enemy's|enemies'|opponent's|opponents' attacks deal {n:number} {c:word:more-less} damage",
                example="the enemy's attacks deal 1 less damage")
    def enemy_attack_damage(n, c, uid):
        _positive(n, "a change of the damage of the enemy's attacks")
        return lasting.Modifier(uid(), "attack damage", theirs, n, 1 if c == "more" else -1)

    @v.modifier("{x:possessive} attacks cost {n:number} [{u:word:crystal}] crystal {c:word:more-less}",
                example="this hero's attacks cost 1 red crystal less")
    def hero_attacks_cost(x, n, c, uid, u=None):
        return _hero_mod(x.sel, lambda applies: attack_cost(applies, n, c, uid, u))

    @v.modifier("your first attack each turn costs {n:number} [{u:word:crystal}] crystal less",
                example="your first attack each turn costs 1 crystal less")
    def first_attack(n, uid, u=None):
        def applies(state, hero, player, ctx):
            return player == ctx["controller"] and not state.counters[KEYS[player].attacked]
        return lasting.Modifier(uid(), "attack cost", applies, n, -1, u)

    return common.install(v, VirevoltTable())


def _picked_hero(state, hero, player, ctx) -> bool:
    return hero in (ctx.get("_it") or ())


def _hero_mod(sel, make):
    """``make(applies)`` for the heroes ``sel`` describes; heroes the effect picks or names ("the
    target's attacks cost 1 crystal more until your next turn") are those heroes, read as the change
    is made, not whichever hero is "the target" of a later attack."""
    if picks(sel) or named_by_effect(sel):
        return PickedMod(make(_picked_hero), sel)
    return make(_attacker(sel))


def _attacker(sel):
    """Whether the hero a change is read for (the attacking hero of ``your heroes' attacks``, the
    attacked hero of ``the next attack against your main hero``) is one ``sel`` names."""
    def applies(state, hero, player, ctx) -> bool:
        return sel.matches(state, hero, ctx)
    return applies


_VOCAB: list = []


def vocabulary() -> Vocabulary:
    if not _VOCAB:
        _VOCAB.append(build_vocabulary())
    return _VOCAB[0]
