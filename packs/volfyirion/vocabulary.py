"""The words of Volfyirion's cards: resources, colours, its own verbs, Synergy Chains, the dragon.

A card says::

    main: 2 command, 3 battle, 2 knowledge            # amounts of the resource words
    secondary: synergy turquoise, red -> gain 2 battle, 2 knowledge; draw a card
    remove: gain 3 knowledge; remove an enemy troop
    abilities: ["when you acquire this card: draw a card"]

Volfyirion's own verbs (each compiled once into a step object that also carries what it is,
so the rules can tell a points-only ability, which fires by itself, from one that must be
activated)::

    gain N RESOURCE, ...       points (never optional: points can never hurt, VOL-SEC-05)
    remove a card              Remove a Card from own Playing Area, Discard Pile or hand
    remove a card from ZONES   the same, from those of them named ("from your hand or discard pile")
    remove an enemy troop      Remove a Troop (destroyed, removed from the game)
    remove an enemy building   Remove a Building
    move volfyirion [to CITY]  one free Move Volfyirion movement (only onto CITY, if named)
    acquire CARDS [for free]   take cards as if bought from the Asset Row (a Wonder: the Lair),
                               paying their price unless 'for free'

Changes to what an attack costs (:data:`~.model.ATTACK_COST`, read by ``M.city_cost`` and
``M.lair_cost``, never the defence that conditions read)::

    [your|enemy] attacks against CITIES cost N more|less battle
    attacking CITIES costs N more|less battle
    the|your next attack against CITIES costs N more|less battle     (one attack: used up as it is paid)

``CITIES`` is a city selector (``enemy cities``, ``your cities``, ``this city``, ``target enemy
city``) or ``the lair`` (a claimed Lair, the one City it names).

Conditions: ``synergy COLOUR, COLOUR`` (one other card in play of each listed colour;
repeated colours need distinct cards; the card itself never counts while it is in play;
grey and Wonders satisfy nothing) and ``volfyirion is on CITY`` (``this city``, ``an enemy
city``, ``one of your cities``, ``the lair``).

Everything else (draw, discard, destroy, put, look at, counts, comparisons, triggers,
modifiers) is the language's shared vocabulary over :class:`~.table.VolfyirionTable`. Card
texts need no ``may``: VOL-SEC-05 makes every non-point effect the owner's choice, so each of
those effects offers ``skip``/``no`` by itself.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from tabletop.dsl import Vocabulary, common
from tabletop.dsl.changes import NextMod, PickedMod, named_by_effect, picks
from tabletop.dsl.events import card_event
from tabletop.dsl.picking import Pick, pick_steps
from tabletop.dsl.places import ZoneRef
from tabletop.dsl.quantity import Quantity
from tabletop.dsl.selectors import CardSelector
from tabletop.dsl.steps import Counter, per_player
from tabletop.framework import lasting
from tabletop.framework.effects import Decision
from tabletop.framework.language import N_, CardName, Phrase, Word
from tabletop.framework.narration import DETAIL, Card, narrate
from tabletop.framework.zones import take

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import COLOURS, KEYS, LAIR, NEUTRAL, RESOURCES
from tabletop.packs.volfyirion.table import VolfyirionTable, source_city, source_city_slots as city_slots

SKIP = ("skip",)
YES_NO = (("yes",), ("no",))
TRUE_FALSE = (True, False)
#: where Remove a Card looks, by the label its options carry ("discard:Stab"), in the order offered
REMOVAL_LABELS = ("play", "discard", "hand")
#: the zones a text may restrict it to, by their label
REMOVAL_ZONES = {"playing area": "play", "discard pile": "discard", "hand": "hand"}


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
        p = ctx["controller"]
        pts = self.points if self.points is not None else tuple((r, q(state, ctx)) for q, r in self.quantities)
        M.add_points(state, p, pts)
        if state.log is not None and any(n for _r, n in pts):
            src = ctx.get("source", -1)
            if src >= 0:
                narrate(state, "points", "{p} gains {points} from {card}", actor=p, level=DETAIL,
                        p=KEYS[p].name, points=M.points_text(pts), card=Card(src))
            else:
                narrate(state, "points", "{p} gains {points}", actor=p, level=DETAIL, p=KEYS[p].name,
                        points=M.points_text(pts))
        return None


class RemoveCard:
    """Remove a Card: one of the owner's cards in Playing Area, Discard Pile or hand (VOL-EFF-REMCARD),
    or in the ones ``where`` keeps ("remove a card from your hand"); ``n`` of them, one question
    each ("remove up to 2 cards"), each a card the player may keep instead, and the first kept
    ends the removals. The cards removed are ``it`` / ``them``, so that "if you do" after it asks
    whether a card was removed."""

    kind = "remove_card"
    key = "_remcard"
    binds = ("it", "them")
    __slots__ = ("where", "n", "upto")

    def __init__(self, where: tuple[str, ...] = REMOVAL_LABELS, n: Quantity | None = None, upto: bool = False) -> None:
        self.where = where
        self.n = n
        self.upto = upto  # "remove up to 2 cards" (the same removals; no cost: it may remove none)

    def needed(self, state, ctx) -> int:
        """As a cost ("remove a card from your hand to gain 2 command", dsl.costs): the cards it removes."""
        return 1 if self.n is None else self.n(state, ctx)

    def available(self, state, ctx) -> int:
        """As a cost: the cards it could remove (a Saboteur only by its own effect, VOL-VAR-SAB-03)."""
        K, own = KEYS[ctx["controller"]], ctx.get("source", -1)
        places = {"play": K.play, "discard": K.discard, "hand": K.hand}
        return sum(1 for w in self.where for iid in state.zones[places[w]]
                   if not state.cards[iid].unremovable or iid == own)

    def __call__(self, state, ctx):
        p = ctx["controller"]
        K = KEYS[p]
        places = {"play": K.play, "discard": K.discard, "hand": K.hand}
        if self.key in ctx:
            label = ctx.pop(self.key)
            k, total, got = ctx.pop(self.key + "/n", (1, 1, []))  # (noted only when several are asked)
            if label is not None:
                where, _, name = label.partition(":")
                src = places[where]
                iid = M.removal_choice(state, src, name)
                if iid >= 0:
                    M.remove_from(state, iid, src)
                    got = got + [iid]
            if label is None or k == total:
                ctx["_it"] = got
                return None
            k += 1
        else:
            k, total, got = 1, 1 if self.n is None else self.n(state, ctx), []
            if total < 1:
                ctx["_it"] = []
                return None
        sources = tuple((w, places[w]) for w in REMOVAL_LABELS if w in self.where)
        options, values = M.removal_options(state, sources, own_effect=ctx.get("source", -1))
        if not options:
            ctx["_it"] = got
            return None
        options.append(SKIP)
        values.append(None)
        card = CardName(ctx.get('card', ''))
        if total == 1:
            prompt = Phrase(N_("{card}: remove one of your cards from the game?"), card=card)
        else:
            ctx[self.key + "/n"] = (k, total, got)
            prompt = Phrase(N_("{card}: remove one of your cards from the game ({k} of {n})?"), card=card, k=k, n=total)
        return Decision(p, prompt, options, values, self.key)


def _removal_place(z: ZoneRef) -> tuple[str, ...]:
    """The label of a zone Remove a Card may be restricted to: only the controller's own hand,
    discard pile or playing area hold the cards it removes (VOL-EFF-REMCARD)."""
    where = REMOVAL_ZONES.get(z.zone)
    if where is None or z.part is not None or (z.owner is not None and z.owner.mode != "you"):
        raise ValueError("a card is removed from your own hand, discard pile or playing area: "
                         "'remove a card from your hand or discard pile'")
    return (where,)


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
        places, keys = (K.troop, K.troop_key) if self.slot == "troop" else (K.building, K.building_key)
        slots = state.slots
        if self.key in ctx:
            ci = ctx.pop(self.key)
            if ci is not None and slots[places[ci]] >= 0:
                M.remove_from(state, slots[places[ci]], keys[ci], "destroyed")
            return None
        options, values = [], []
        for ci in state.vars[K.intact]:
            if slots[places[ci]] >= 0:
                options.append(("choose", f"p{o + 1}.city{ci + 1}"))
                values.append(ci)
        if not options:
            return None
        options.append(SKIP)
        values.append(None)
        return Decision(p, Phrase(N_("{card}: remove an enemy {slot}?"), card=CardName(ctx.get('card', '')),
                                  slot=Word(self.slot)), options, values, self.key)


class MoveDragon:
    """A free Move Volfyirion movement (VOL-EFF-MOVE-01); none once the Lair is claimed.
    ``onto`` (``move volfyirion to an enemy city``) keeps the movements that end on one of its
    cities: the card chooses among the moves the rules allow, it does not make new ones."""

    kind = "move"
    key = "_move"

    def __init__(self, onto=None) -> None:
        self.onto = onto

    def __call__(self, state, ctx):
        p = ctx["controller"]
        if self.key in ctx:
            d = ctx.pop(self.key)
            if d is not None:
                state.vars["dragon"] = d
                narrate(state, "dragon", "{card}: Volfyirion moves onto {where}", actor=p, card=CardName(ctx.get("card", "")),
                        where=M.dragon_place(state, d))
                if d >= 0 and state.vars.get("vflags"):  # Mirage City listens (VOL-VAR-PLOY-MIRAGE-01)
                    from tabletop.packs.volfyirion.variants import signal
                    signal(state, "volfyirion_moved", {"actor": p, "target": d // 3})
            return None
        moves = M.dragon_moves(state, p)
        if self.onto is not None:
            allowed = self.onto(state, ctx)
            moves = tuple(m for m in moves if m[1] in allowed)
        if not moves:
            return None
        options = [("choose", t) for t, _ in moves]
        values = [d for _, d in moves]
        options.append(SKIP)
        values.append(None)
        return Decision(p, Phrase(N_("{card}: move Volfyirion?"), card=CardName(ctx.get('card', ''))), options, values,
                        self.key)


class Synergy:
    """``synergy turquoise, red``: a predicate that also exposes its requirement for the fast path."""

    __slots__ = ("need",)

    def __init__(self, colours) -> None:
        counts: dict[int, int] = {}
        for c in colours:
            counts[COLOURS.index(c)] = counts.get(COLOURS.index(c), 0) + 1
        self.need = tuple(sorted(counts.items()))

    def __call__(self, state, ctx) -> bool:
        p = ctx["controller"]
        counts = M.colour_counts(state, p)
        src = ctx["source"]
        # the card itself never counts; once it has left play (a Remove Ability) there is nothing to discount
        own = state.cards[src].colour_i if _in_play(state, p, src) else -1
        return all(counts[ci] - (ci == own) >= k for ci, k in self.need)


def _in_play(state, p: int, iid: int) -> bool:
    K = KEYS[p]
    if iid in state.zones[K.play]:
        return True
    slots = state.slots
    return iid >= 0 and any(slots[s] == iid for s in K.own_slots)


def _source_city(state, ctx) -> set:
    """The dragon position of the City the source card stands in (a Troop or a Building)."""
    at = source_city(state, ctx)
    return {at[0] * 3 + at[1]} if at is not None else set()


def _cities_of(whose: str):
    def where(state, ctx) -> set:
        p = ctx["controller"] if whose == "you" else 1 - ctx["controller"]
        return {p * 3 + ci for ci in state.vars[KEYS[p].intact]}
    return where


def _acquirable(state, iid: int, key, ctx: dict) -> bool:
    return not lasting.forbidding(state, M.holders, "acquire", iid, ctx["controller"])


def _acquired_from(x: CardSelector) -> CardSelector:
    """``x`` looking, when it names no zone, where cards are acquired from: the Asset Row, or the
    Lair for a Wonder (VOL-ACQ-04, VOL-ACQW-01), never where its kind stands in play ("acquire a
    troop" takes none from a City)."""
    return x.where("lair" if x.kind == "wonder" else "asset row", always=True)


def _affordable(state, iid: int, key, ctx: dict) -> bool:
    """Whether the controller can pay card ``iid``'s price now: Command for an Asset, Battle for
    a Wonder (VOL-ACQ-01, VOL-ACQW-01), as a purchase would."""
    p = ctx["controller"]
    res = KEYS[p].bp if state.cards[iid].kind == M.WONDER else KEYS[p].cp
    return M.cost(state, p, iid) <= state.counters[res]


class Acquire:
    """``acquire CARDS``: the cards join the controller's discard pile as if bought, paying their
    price from the pool (only those the controller can pay are offered); ``for free``: paying nothing."""

    def __init__(self, pick: Pick, free: bool) -> None:
        # a restriction ("the enemy cannot acquire red cards") holds for effects too: such cards are not
        # offered, and a card named by place ("the top card of the asset deck") stays where it is
        if pick.sel.mode not in ("top", "bottom"):
            offered = (_acquirable,) if free else (_acquirable, _affordable)
            pick = replace(pick, sel=replace(pick.sel, filters=pick.sel.filters + offered))
        self.steps = pick_steps(pick, self.act)
        self.free = free

    def act(self, state, ctx, iid, key) -> None:
        from tabletop.packs.volfyirion.rules import VolfyirionRules

        p = ctx["controller"]
        if not _acquirable(state, iid, key, ctx):
            return
        wonder = state.cards[iid].kind == M.WONDER
        if not self.free:
            res = KEYS[p].bp if wonder else KEYS[p].cp
            price = M.cost(state, p, iid, consume=True)
            if state.counters[res] < price:
                return
            state.counters[res] -= price
        take(state, key, iid)
        if key in ("asset_deck", "wonder_deck"):
            state.reveals += 1
        VolfyirionRules.gain_card(state, p, iid)
        if state.log is not None:  # (as public as an acquisition from the row: VOL-ACQ-02)
            name = KEYS[p].name
            if self.free:
                narrate(state, "acquire", "{p} acquires {card} for free", actor=p, p=name, card=Card(iid))
            elif wonder:
                narrate(state, "acquire", "{p} acquires the Wonder {card} for {cost} battle", actor=p, p=name,
                        card=Card(iid), cost=price)
            else:
                narrate(state, "acquire", "{p} acquires {card} for {cost} command{where}", actor=p, p=name,
                        card=Card(iid), cost=price, where="")


def _can_seal(state, iid: int, key, ctx: dict) -> bool:
    c = state.cards[iid]
    return c.kind == M.WONDER and iid not in state.marks["sealed"] and not c.unsealable  # (VOL-VAR-ASC-02)


def _is_sealed(state, iid: int, key, ctx: dict) -> bool:
    return iid in state.marks["sealed"]


_SEALED = {True: N_("{p}'s {card} is sealed"), False: N_("{p}'s {card} is unsealed")}
_REPLACED = N_("Asset Row space {i}: {old} goes under the Asset Deck, {new} comes in")
_PLAYED_BY_EFFECT = N_("{p} plays {card}")


def _not_into_a_city(state, iid: int, key, ctx) -> bool:
    return state.cards[iid].kind not in (M.TROOP, M.BUILDING)


def _forbidden_play(state, iid: int, p: int) -> bool:
    return lasting.MODIFIERS in state.listen and bool(lasting.forbidding(state, M.holders, "play", iid, p))


class Seal:
    """``seal CARDS`` / ``unseal CARDS``: what a player's knowledge buys (VOL-SEAL-*), for free.
    Only Wonders in a Playing Area are offered: unsealed ones to seal, sealed ones to unseal. A
    sealed Wonder keeps the points it gave (VOL-SEAL-07); an own Wonder unsealed in its owner's
    Main Phase gives its points then, unless it gave them this turn, as the action does."""

    def __init__(self, pick: Pick, seal: bool) -> None:
        can = _can_seal if seal else _is_sealed
        self.seal = seal
        self.steps = pick_steps(replace(pick, sel=replace(pick.sel, filters=pick.sel.filters + (can,))), self.act)

    def act(self, state, ctx, iid, key) -> None:
        owner = int(key[1]) - 1  # a Playing Area's key: "p1.play"
        if not (_can_seal if self.seal else _is_sealed)(state, iid, key, ctx):
            return
        M.set_sealed(state, iid, owner, self.seal)
        if state.log is not None:
            narrate(state, "seal", _SEALED[self.seal], p=KEYS[owner].name, card=Card(iid))
        if not self.seal and owner == state.active and state.phase == "main":
            M.gain_main(state, owner, iid)
            M.fire_chains(state, owner)


#: who makes the attacks a change of their cost is about ("your attacks", "enemy attacks"), by
#: the attacker and the change's context; no word: anyone's
ATTACKERS = {"you": lambda player, ctx: player == ctx["controller"],
             "enemy": lambda player, ctx: player != ctx["controller"]}


def _claimed_lair(state, iid: int, key, ctx) -> bool:
    return state.cards[iid].kind == M.LAIR_KIND


#: "the lair": the claimed Lair, a City of its owner's (VOL-DEFEAT-12), whoever that is
THE_LAIR = CardSelector("the lair", kind="city", filters=(_claimed_lair,))
#: the Cities an attack named without its target is on: any (an attack is always on a City, VOL-ATTACK-01)
ANY_CITY = CardSelector("cities", kind="city")


def _attacked(x: CardSelector) -> CardSelector:
    """The cities an attack cost change is about: an attack is made on a City (VOL-ATTACK-01)."""
    if x.kind != "city":
        raise ValueError("an attack is made on a city: 'attacks against enemy cities', 'attacking the lair'")
    return x


def _never_own(who: str | None, x: CardSelector) -> None:
    """Refuse a change no attack can meet: nobody attacks their own cities."""
    owner = x.owner.mode if x.owner is not None else None
    if (who, owner) in (("you", "you"), ("enemy", "enemies")):
        raise ValueError("nobody attacks their own cities: 'your attacks against enemy cities', "
                         "'attacks against your cities' (the enemy's)")


def attack_cost_change(who: str | None, x: CardSelector, n: Quantity, c: str,
                       uid: Callable[[], str]) -> lasting.Modifier | PickedMod:
    """What attacking the cities ``x`` describes costs ``who`` (None: anyone), ``n`` battle more or
    less; a change to cities the effect picks (``target enemy city``) or names is to those only."""
    _never_own(who, x)
    if n.const is not None and n.const <= 0:
        raise ValueError("a change of what an attack costs needs a positive number")
    attacker = ATTACKERS.get(who)
    picked = picks(x) or named_by_effect(x)

    def applies(state, iid: int, player: int, ctx: dict) -> bool:
        if attacker is not None and not attacker(player, ctx):
            return False
        return iid in (ctx.get("_it") or ()) if picked else x.matches(state, iid, ctx)
    mod = lasting.Modifier(uid(), M.ATTACK_COST, applies, n, 1 if c == "more" else -1)
    return PickedMod(mod, x) if picked else mod


def _attack_costs(v: Vocabulary) -> None:
    """``attacks against enemy cities cost 1 less battle``, ``attacking the lair costs 1 more battle``
    (or ``... cost 1 battle less``, as other costs say it)."""
    v.pattern("attacker", "your")(lambda: "you")
    v.pattern("attacker", "enemy|enemy's")(lambda: "enemy")
    v.pattern("attacker", "the|your enemy's|opponent's")(lambda: "enemy")
    v.pattern("attacked-cities", "the lair", example="the lair")(lambda: THE_LAIR)
    v.pattern("attacked-cities", "{x:cards}", example="enemy cities")(_attacked)
    for change, said in (("{n:number} {c:word:more-less} battle", "1 less battle"),
                         ("{n:number} battle {c:word:more-less}", "1 battle less")):
        v.modifier(f"[{{who:attacker}}] attacks against|on {{x:attacked-cities}} cost {change}",
                   example=f"attacks against enemy cities cost {said}")(
            lambda x, n, c, uid, who=None: attack_cost_change(who, x, n, c, uid))
        v.modifier(f"attacking {{x:attacked-cities}} costs {change}", example=f"attacking the lair costs {said}")(
            lambda x, n, c, uid: attack_cost_change(None, x, n, c, uid))
        v.modifier(f"the next attack against|on {{x:attacked-cities}} costs {change}",
                   example=f"the next attack against an enemy city costs {said}")(
            lambda x, n, c, uid: next_attack_cost_change(None, x, n, c, uid))
        v.modifier(f"your next attack against|on {{x:attacked-cities}} costs {change}",
                   example=f"your next attack against the lair costs {said}")(
            lambda x, n, c, uid: next_attack_cost_change("you", x, n, c, uid))
        # the same with no City named: on whichever City the attack is made
        v.modifier(f"[{{who:attacker}}] attacks cost {change}", example=f"your attacks cost {said}")(
            lambda n, c, uid, who=None: attack_cost_change(who, ANY_CITY, n, c, uid))
        v.modifier(f"the next attack costs {change}", example=f"the next attack costs {said}")(
            lambda n, c, uid: next_attack_cost_change(None, ANY_CITY, n, c, uid))
        v.modifier(f"your next attack costs {change}", example=f"your next attack costs {said}")(
            lambda n, c, uid: next_attack_cost_change("you", ANY_CITY, n, c, uid))


def next_attack_cost_change(who: str | None, x: CardSelector, n: Quantity, c: str,
                            uid: Callable[[], str]) -> NextMod:
    """``the next attack against enemy cities costs 2 less battle``: the change, for one attack only
    (used up as that attack is paid); whose attack, ``who`` or the cities attacked say (an enemy
    city's attacker is you). ``an enemy city`` there is any of them: the one the attack is on."""
    if x.mode == "one" and not x.chosen and x.ref is None:
        x = replace(x, mode="all")
    mod = attack_cost_change(who, x, n, c, uid)
    if isinstance(mod, PickedMod):
        raise ValueError("the next attack is on a city not chosen yet: say 'attacks against target enemy city "
                         "cost 2 less battle this turn', or name the cities by what they are ('an enemy city')")
    return NextMod(mod)


def _players_remove(v: Vocabulary) -> None:
    """``each player removes a card from their hand``: Remove a Card, asked of each player in turn, for
    their own cards. Added after the shared words, so that their own phrases are listed first."""
    def _each_removes(who, z=None):
        return per_player(who, _KEY(), RemoveCard(REMOVAL_LABELS if z is None else z))

    v.effect("{who:players} remove|removes a card", example="each player removes a card")(_each_removes)
    v.effect("{who:players} remove|removes a card from|in their {z:removal-zones}",
             example="each player removes a card from their hand")(_each_removes)
    for words, label in REMOVAL_ZONES.items():  # "their hand or discard pile": each one's own
        v.pattern("removal-zone", words, listed=False)(lambda label=label: (label,))
    v.pattern("removal-zones", "{a:removal-zone}", listed=False)(lambda a: a)
    v.pattern("removal-zones", "{a:removal-zone} or|and {b:removal-zones}", listed=False)(lambda a, b: a + b)
    v.pattern("removal-zones", "{a:removal-zone} , {b:removal-zones}", listed=False)(lambda a, b: a + b)


#: the context keys of the steps this module's phrases make
_KEY = Counter("vol")


def make_vocabulary() -> Vocabulary:
    v = Vocabulary("volfyirion")
    v.words("resource", RESOURCES)
    v.words("colour", COLOURS)
    v.words("banner", COLOURS + (NEUTRAL,))

    @v.effect("gain {amounts:amounts:resource}", example="gain 2 command, 3 battle")
    def gain(amounts):
        return Gain(amounts)

    @v.effect("double your {r:word:resource} [points]", example="double your battle")
    def double(r):  # as many points of that kind as the player has now, gained to its pool (VOL-RES-01)
        k = RESOURCES.index(r)
        return Gain(((Quantity(lambda s, c: s.counters[KEYS[c["controller"]].res[k]], None, f"your {r}"), r),))

    @v.effect("remove a card", example="remove a card")
    def remove_card():
        return RemoveCard()

    @v.effect("remove a card from|in {z:removal-place}", example="remove a card from your hand or discard pile")
    def remove_card_from(z):
        return RemoveCard(z)

    def _removals(n: Quantity, where: tuple[str, ...] = REMOVAL_LABELS, upto: bool = False) -> RemoveCard:
        if n.const is not None and n.const < 1:
            raise ValueError(f"remove needs at least 1 card, not {n.const}")
        return RemoveCard(where, n, upto)

    # "remove up to 2 cards": each removal is the player's choice, as "remove a card" is, so "up to" says no more
    for upto in ("", "up to "):
        v.effect(f"remove {upto}{{n:number}} cards|card", example=f"remove {upto}2 cards")(
            lambda n, upto=bool(upto): _removals(n, upto=upto))
        v.effect(f"remove {upto}{{n:number}} cards|card from|in {{z:removal-place}}",
                 example=f"remove {upto}2 cards from your hand or discard pile")(
            lambda n, z, upto=bool(upto): _removals(n, z, upto))

    v.pattern("removal-place", "{z:zone}", example="your hand")(_removal_place)
    v.pattern("removal-place", "{z:zone} or|and {more:removal-place}")(lambda z, more: _removal_place(z) + more)
    v.pattern("removal-place", "{z:zone} , {more:removal-place}")(lambda z, more: _removal_place(z) + more)

    v.effect("remove an enemy troop|troops", example="remove an enemy troop")(lambda: RemoveEnemy("troop"))
    v.effect("remove an enemy's troop", example="remove an enemy's troop")(lambda: RemoveEnemy("troop"))
    v.effect("remove an enemy building", example="remove an enemy building")(lambda: RemoveEnemy("building"))
    v.effect("remove an enemy's building", example="remove an enemy's building")(lambda: RemoveEnemy("building"))

    @v.effect("move volfyirion", example="move volfyirion")
    def move():
        return MoveDragon()

    @v.effect("move volfyirion to|onto {c:city}", example="move volfyirion to an enemy city")
    def move_to(c):
        return MoveDragon(c)

    @v.effect("acquire {x:cards} for free", example="acquire the top card of the asset deck for free")
    def acquire_free(x, scope=None):
        return Acquire(Pick(_acquired_from(x), "_acq", "acquire", optional=True), True).steps

    @v.effect("acquire {x:cards}", example="acquire a troop from the asset row")
    def acquire_paid(x, scope=None):
        return Acquire(Pick(_acquired_from(x), "_acq", "acquire", optional=True), False).steps

    @v.effect("play {x:cards}", example="play a command card from your hand")
    def play_card(x):
        """A card of the controller's hand played by an effect, as the play action plays it: into
        the Playing Area, its points at once, then the chains (VOL-PLAY-01/02). Troops and
        Buildings go into a City, which an effect does not choose: they are not offered, nor a
        card a restriction forbids to play."""
        if x.zone is not None and x.zone.zone != "hand":
            raise ValueError("a card is played from its owner's hand: 'play a command card from your hand'")
        if x.kind in ("troop", "building"):
            raise ValueError("a Troop or a Building is played into a City, which an effect does not choose: "
                             "'play a command card from your hand'")
        sel = x.where("hand", always=True)
        sel = replace(sel, filters=sel.filters + (_not_into_a_city,))

        def act(state, ctx, iid, key) -> None:
            p = ctx["controller"]
            hand = state.zones[KEYS[p].hand]
            if iid not in hand or _forbidden_play(state, iid, p):
                return
            hand.remove(iid)
            state.zones[KEYS[p].play].append(iid)
            if state.log is not None:
                narrate(state, "play", _PLAYED_BY_EFFECT, actor=p, p=KEYS[p].name, card=Card(iid))
            M.played(state, p, iid, False)
            V.arrived(state, p)  # a Ploy the card sets off first, then the chains (VOL-VAR-PLOY-DESTROY-01)
        return pick_steps(Pick(sel, "_play", "play", optional=True), act)

    @v.effect("replace {x:cards}", example="replace a card in the asset row")
    def replace_row(x):
        """The Knowledge action's replacement (VOL-REPLACE-01), for free: each card picked in the
        Asset Row goes under the Asset Deck and the deck's top card takes its space."""
        if (x.zone is not None and x.zone.zone != "asset row") or (x.zone is None and x.kind is not None):
            raise ValueError("only cards in the Asset Row are replaced: 'replace a card in the asset row'")

        def act(state, ctx, iid, key) -> None:
            if key not in M.ROW_KEYS or not state.zones["asset_deck"]:
                return
            old, new = M.replace_in_row(state, M.LAYOUT.index[key])
            if state.log is not None:
                narrate(state, "replace", _REPLACED, i=M.ROW_KEYS.index(key) + 1, old=Card(old, came_from=key),
                        new=Card(new))
        return pick_steps(Pick(x.where("asset row"), "_replace", "replace", optional=True), act)

    @v.effect("seal {x:cards}", example="seal target enemy wonder")
    def seal(x):
        return Seal(Pick(x.where("playing area"), "_seal", "seal"), True).steps

    @v.effect("unseal {x:cards}", example="unseal your wonders")
    def unseal(x):
        return Seal(Pick(x.where("playing area"), "_unseal", "unseal"), False).steps

    # "when this card is sealed", "whenever you unseal a wonder", "whenever an enemy seals one of your wonders"
    for verb, event in (("seal|seals", M.SEALED), ("unseal|unseals", M.UNSEALED)):
        said = verb.split("|")[0] + "ed"
        v.trigger(f"{{x:cards}} is|are|becomes {said}", example=f"this card is {said}")(
            lambda x, event=event: card_event(event, x, None, ""))
        v.trigger(f"{{by:players}} {verb} {{x:cards}}", example=f"you {verb.split('|')[0]} a wonder")(
            lambda by, x, event=event: card_event(event, x, None, "", by=by))

    @v.condition("synergy {colours:words:colour}", example="synergy turquoise, red")
    def synergy(colours):
        return Synergy(colours)

    v.pattern("city", "this city", needs="city", example="this city")(lambda: _source_city)
    v.pattern("city", "the city this troop|building guards|stands in", needs="city")(lambda: _source_city)
    v.pattern("city", "that city", needs="attack")(lambda: lambda state, ctx: {ctx["target"] * 3 + ctx["city"]})
    v.pattern("city", "an enemy city", example="an enemy city")(lambda: _cities_of("enemy"))
    v.pattern("city", "one of the enemy's cities")(lambda: _cities_of("enemy"))
    v.pattern("city", "one of your cities", example="one of your cities")(lambda: _cities_of("you"))
    v.pattern("city", "your city")(lambda: _cities_of("you"))

    @v.pattern("city", "{x:cards}", example="its city")
    def city_card(x):
        """A City named as a card, by the shared selectors: ``its city`` (the City the card named
        before it stands in, or stood in when the effect acted on it; on a Troop or a Building with
        nothing named before, its own City)."""
        if x.kind != "city" or x.mode != "ref":
            raise ValueError("say which city: 'this city', 'its city', 'an enemy city' or 'one of your cities'")

        def where(state, ctx) -> set:
            out = set()
            for iid, _key in x.candidates(state, ctx):
                for p in (0, 1):
                    ids = state.vars[KEYS[p].cityids]
                    if iid in ids:
                        out.add(p * 3 + ids.index(iid))
            return out
        return where

    @v.condition("this city has|have {n:word:a-or-no} {k:word:kind}", needs="city", example="this city has a building")
    def this_city_holds(n, k):
        """A Troop's or Building's own City, by what stands in it (``this city`` names a place there)."""
        test = v.table.kind(k).test
        want = n != "no"
        return lambda state, ctx: any(test(state.cards[c]) for key in city_slots(state, ctx)
                                      for c in state.cards_in(key)) == want

    @v.condition("volfyirion is on {c:city}", example="volfyirion is on an enemy city")
    def dragon_on(c):
        return lambda state, ctx: state.vars["dragon"] in c(state, ctx)

    @v.condition("volfyirion is in the|its lair", example="volfyirion is in its lair")
    def dragon_home():
        return lambda state, ctx: state.vars["dragon"] == LAIR

    @v.condition("volfyirion is not on {c:city}", example="volfyirion is not on this city")
    def dragon_not_on(c):
        return lambda state, ctx: state.vars["dragon"] not in c(state, ctx)

    @v.condition("volfyirion is not in the|its lair", example="volfyirion is not in its lair")
    def dragon_away():
        return lambda state, ctx: state.vars["dragon"] != LAIR

    from tabletop.packs.volfyirion.variants import register  # variant cards' words
    register(v)
    # a restriction (a flag of the shared lasting changes): "your cities cannot be attacked this turn"
    v.pattern("flag", "cannot be attacked", example="cannot be attacked")(lambda: M.UNATTACKABLE)
    _attack_costs(v)
    common.install(v, VolfyirionTable())
    _players_remove(v)
    return v


VOCABULARY = make_vocabulary()
