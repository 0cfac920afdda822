"""The variant card sets and the extended mode: flags, card-language words, ploy machinery.

Everything here is *off* in the base game: ``state.vars["vflags"]`` is 0 and the rules never
call into this module on their hot path (VOL-VAR-01).

Card language (registered into the pack's vocabulary by :func:`register`):

triggers (a Ploy's ``when:``)::

    an opponent moves volfyirion onto one of your cities
    an opponent attacks one of your cities for the first time
    an opponent attacks one of your cities after using a troop's remove ability
    there are N buildings|troops|wonders in play
    PLAYERS attack CITIES, CITIES is attacked   (the card language's attack trigger: :func:`on_attack`)

effects (a Ploy's ``effect:``)::

    move volfyirion [back] to the|its lair
    cancel that attack
    raise the defence of that city by N this turn
    destroy all buildings|troops|wonders in play
    you may recover that troop into one of your cities

modifiers (a card's ``rules:`` list: lasting properties read by the rules)::

    defeat volfyirion costs N battle                              (Qoam Armory)
    once per turn you may seal one of your wonders for free and gain knowledge equal to its cost
    you may acquire the top card of the asset deck                (Qoam Oracle)
    you may acquire the top card of the wonder deck for N battle  (Heroes Party)
    can never be sealed                                           (Ascension Path)
    can be taken from the opponent's playing area for N RESOURCE, ...
    unremovable by other cards                                    (Saboteur)
    goes to the opponent's discard when acquired                  (Saboteur)
    shuffled back into the asset deck when its city is attacked   (Mercenary)

Events the rules emit (only while Ploys are in the game): ``volfyirion_moved`` (actor,
target), ``attack`` (actor, target, city; before the attack resolves), ``attacked`` (after it
resolved, with ``troop``: the Troop most recently removed by its own Remove Ability this
turn), and ``board`` (after every action and whenever a card enters play).
"""
from __future__ import annotations

from tabletop.framework.language import N_, CardName, Phrase
from tabletop.framework.effects import Decision, Frame, native, push
from tabletop.framework.narration import Card, narrate
from tabletop.framework.triggers import SUBJECT_OWNER, emit

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion.model import KEYS, LAIR, RESOURCES, WONDER

# ---------------------------------------------------------------------- flags (state.vars["vflags"])
MERC, ASC, SAB, PERKS, PLOYS, EXT = 1, 2, 4, 8, 16, 32
VARIANT_FLAGS = {"mercenary": MERC, "ascension-path": ASC, "saboteur": SAB, "perks": PERKS, "ploys": PLOYS}
VARIANT_NAMES = tuple(VARIANT_FLAGS)

#: Mentioned by the rulebook, never described: refused with this reason (VOL-VAR-COMP-06, VOL-EXT-*).
NOT_DESCRIBED = {
    "continuum": "the 2 Continuum cards appear only in the rulebook's contents list; the printed "
                 "rulebook does not describe any rule for them (VOL-VAR-COMP-06)",
    "2v2": "the 2vs2 Team mode is only mentioned by the printed rulebook (it needs two copies of the "
           "game and its rules are published online); the printed rulebook does not describe it (VOL-EXT-2V2-01)",
    "solo": "Solo Play is only mentioned by the printed rulebook, with a link to the publisher's website; "
            "the printed rulebook does not describe it (VOL-EXT-SOLO-01)",
    "coop": "the Co-op mode is only mentioned by the printed rulebook, with a link to the publisher's website; "
            "the printed rulebook does not describe it (VOL-EXT-SOLO-01)",
}
NOT_DESCRIBED["2vs2"] = NOT_DESCRIBED["2v2"]
NOT_DESCRIBED["co-op"] = NOT_DESCRIBED["coop"]

PERK_ZONES = ("perks", "p1.perk", "p2.perk")
PLOY_ZONES = ("ploys", "p1.ploy", "p2.ploy")
PERK_KEY = ("p1.perk", "p2.perk")
PLOY_KEY = ("p1.ploy", "p2.ploy")
BOARD_KINDS = {"buildings": 1, "troops": 2, "wonders": 3}


def flags(state) -> int:
    return state.vars.get("vflags", 0)


def perk(state, p: int):
    """``p``'s Perk card definition, or None."""
    z = state.zones.get(PERK_KEY[p])
    return state.cards[z[0]] if z else None


def city_ids_key(p: int) -> str:
    return f"p{p + 1}.cityids"


# ---------------------------------------------------------------------- ploys: listening and firing
class PloyListeners:
    """The framework's ``listeners``/``fire`` for Ploys, usable without the rules object
    (card-language steps emit events too)."""

    @staticmethod
    def listeners(state, event: str) -> list:
        if not flags(state) & PLOYS:
            return []
        zones = state.zones
        out = []
        for p in (state.active, 1 - state.active):  # the active player's Ploy resolves first
            z = zones.get(PLOY_KEY[p])
            if z:
                out.append((z[0], p))
        return out

    @staticmethod
    def fire(state, iid: int, trigger, ctx: dict) -> None:
        """Reveal the Ploy, remove it from the game, resolve its effect (VOL-VAR-PLOY-02/04)."""
        key = PLOY_KEY[ctx["controller"]]
        if iid not in state.zones[key]:
            return  # already fired
        M.remove_from(state, iid, key, told=False)  # (once out of the face-down pile, it is named to all)
        state.reveals += 1
        ctx["card"] = state.cards[iid].name
        narrate(state, "ploy", "{p}'s Ploy is revealed and removed from the game: {card} ({text})", actor=ctx["controller"],
                p=KEYS[ctx["controller"]].name, card=Card(iid), text=trigger.program.text or trigger.text)
        push(state, trigger.program, ctx)


PLOY = PloyListeners()


def signal(state, event: str, data: dict) -> int:
    """Emit ``event`` to the players' Ploys (does nothing unless Ploys are in the game)."""
    if not flags(state) & PLOYS:
        return 0
    return emit(state, PLOY, event, data)


def board_check(state) -> int:
    """Fire every Ploy whose board condition holds now (VOL-VAR-PLOY-02/03)."""
    fired = 0
    while True:
        n = signal(state, "board", {})
        if not n:
            return fired
        fired += n
        if state.stack:
            return fired  # the effect resolves first; the next check comes after it


def _chains_after_ploys(state, ctx: dict) -> None:
    p = ctx["controller"]
    if p == state.active and state.phase == "main":
        M.fire_chains(state, p)


CHAINS_AFTER_PLOYS = native("volfyirion:chains after ploys", _chains_after_ploys)


def arrived(state, p: int, chains: bool = True) -> None:
    """What follows a card's arrival in ``p``'s play once its Main Ability's points are gained.
    A Ploy the arrival sets off resolves at once, before anything else (VOL-VAR-PLOY-03, -DESTROY-01):
    the Synergy Chains, which the player could only have activated afterwards, fire once it has
    resolved, over the cards it leaves. With no Ploy fired, they fire now (``chains``: as for
    :func:`model.played`)."""
    if flags(state) & PLOYS:
        depth = len(state.stack)
        board_check(state)
        if len(state.stack) > depth:  # the Ploys' frames: the chains wait beneath them
            state.stack.insert(depth, Frame(CHAINS_AFTER_PLOYS, {"controller": p}))
            return
    if chains:
        M.fire_chains(state, p)


def board_count(state, kind: int) -> int:
    zones = state.zones
    n = 0
    for p in (0, 1):
        K = KEYS[p]
        if kind == 3:
            cards = state.cards
            n += sum(1 for i in zones[K.play] if cards[i].kind == WONDER)
        else:
            places = K.building if kind == 1 else K.troop
            for ci in state.vars[K.intact]:
                if state.slots[places[ci]] >= 0:
                    n += 1
    return n


# ---------------------------------------------------------------------- card-language objects
class Mod:
    """A ``rules:`` modifier: sets card attribute ``kind`` to ``value``."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value=True) -> None:
        self.kind = kind
        self.value = value


class When:
    """A Ploy's requirement: the event it listens to, a test ``(state, ctx) -> bool``, and what
    its effect may refer to (``provides``: ``attack`` for "that attack" and "that city",
    ``troop`` for "that troop")."""

    __slots__ = ("event", "test", "text", "provides")

    def __init__(self, event: str, test, text: str, provides: tuple = ()) -> None:
        self.event = event
        self.test = test
        self.text = text
        self.provides = provides


class BackToLair:
    kind = "ploy"

    def __call__(self, state, ctx):
        if state.vars["dragon"] >= 0:
            state.vars["dragon"] = LAIR
            narrate(state, "dragon", "Volfyirion returns to its Lair")
        return None


class CancelAttack:
    kind = "ploy"

    def __call__(self, state, ctx):
        state.vars["cancel"] = True
        narrate(state, "ploy", "the attack will have no effect (its battle stays spent)")
        return None


class RaiseDefence:
    kind = "ploy"
    __slots__ = ("n",)

    def __init__(self, n) -> None:
        self.n = n

    def __call__(self, state, ctx):
        if "city" in ctx:
            n = self.n(state, ctx)
            state.vars["shift"] = (M.city_key(ctx["target"], ctx["city"]), n)
            narrate(state, "ploy", "{city}'s defence is raised by {n} this turn", n=n,
                    city=M.place_text(state, ctx["target"], ctx["city"]))
        return None


class DestroyAll:
    kind = "ploy"
    __slots__ = ("what",)

    def __init__(self, what: int) -> None:
        self.what = what

    def __call__(self, state, ctx):
        zones = state.zones
        cards = state.cards
        for p in (0, 1):
            K = KEYS[p]
            if self.what == 3:
                for iid in [i for i in zones[K.play] if cards[i].kind == WONDER]:
                    M.remove_from(state, iid, K.play, "destroyed")
            else:
                places, keys = (K.building, K.building_key) if self.what == 1 else (K.troop, K.troop_key)
                slots = state.slots
                for ci in state.vars[K.intact]:
                    if slots[places[ci]] >= 0:
                        M.remove_from(state, slots[places[ci]], keys[ci], "destroyed")
        return None


class Recover:
    """Second Chance: the owner may station the removed Troop in one of their intact Cities."""

    kind = "ploy"
    key = "_recover"

    def __call__(self, state, ctx):
        p = ctx["controller"]
        K = KEYS[p]
        zones = state.zones
        iid = ctx.get("troop", -1)
        if self.key in ctx:
            ci = ctx.pop(self.key)
            if ci is not None and iid in zones["removed"] and ci in state.vars[K.intact]:
                slots = state.slots
                if slots[K.troop[ci]] >= 0:
                    M.remove_from(state, slots[K.troop[ci]], K.troop_key[ci], "replaced")
                zones["removed"].remove(iid)
                slots[K.troop[ci]] = iid
                narrate(state, "ploy", "{card} comes back into {city}", actor=p, card=Card(iid),
                        city=M.place_text(state, p, ci))
                if p == state.active and state.phase == "main":
                    arrived(state, p)  # a chain the Troop makes hold fires (VOL-SYN-08), after any Ploy it sets off
            return None
        if iid < 0 or iid not in zones["removed"] or not state.vars[K.intact]:
            return None
        options = [("choose", f"{K.name}.city{ci + 1}") for ci in state.vars[K.intact]]
        values = list(state.vars[K.intact])
        options.append(("skip",))
        values.append(None)
        name = state.cards[iid].name
        return Decision(p, Phrase(N_("{card}: recover {troop} into one of your cities?"),
                                  card=CardName(ctx.get('card', 'Second Chance')), troop=CardName(name)),
                        options, values, self.key)


def _opp_city(event: str, text: str, extra=None, provides: tuple = ()) -> When:
    attack = "attack" in provides

    def test(state, ctx):
        if ctx.get("actor") == ctx["controller"] or ctx.get("target") != ctx["controller"]:
            return False
        if extra is not None and not extra(state, ctx):
            return False
        if attack:
            ctx["_it"] = [_attacked_city_card(state, ctx)]  # "that city" (or "it"): the City attacked
        return True
    return When(event, test, text, provides + ("it",) if attack else provides)


def _attacked_city_card(state, ctx: dict) -> int:
    """The City card an ``attack`` signal is about: one of the target's Cities, or their claimed Lair."""
    o, ci = ctx["target"], ctx["city"]
    return state.slots[KEYS[o].lair] if ci == M.LAIR_CITY else state.vars[KEYS[o].cityids][ci]


def on_attack(event) -> When:
    """A Ploy's requirement written as the card language's attack trigger (``an opponent attacks one
    of your cities``, ``an enemy attacks your city with a troop``): it answers the ``attack`` signal,
    as the attack is made and before it resolves (as Double Shift's does, VOL-VAR-PLOY-02), so its
    effect may still change or cancel the attack. The trigger's test reads the event's data as an
    announced attack carries it (the City attacked, its owner, the attacker), and ``it`` / ``that
    city`` is that City."""
    shared = event.test

    def test(state, ctx):
        ctx["subject"] = _attacked_city_card(state, ctx)
        ctx["player"] = ctx["target"]
        ctx["by"] = ctx["actor"]
        if shared is not None and not shared(state, ctx):
            return False
        ctx["_it"] = [ctx["subject"]]
        if event.they == "by":  # "they" is the attacker, as in any deed trigger; the City stays the target's
            ctx[SUBJECT_OWNER], ctx["player"] = ctx["player"], ctx["by"]
        return True
    return When("attack", test, event.text, ("it", "they", "attack"))


def register(v) -> None:
    """Add the variant words to the pack's vocabulary ``v``."""
    v.words("inplay", tuple(BOARD_KINDS))

    v.trigger("an opponent moves volfyirion onto one of your cities")(
        lambda: _opp_city("volfyirion_moved", "an opponent moves volfyirion onto one of your cities"))
    v.trigger("an opponent attacks one of your cities for the first time")(
        lambda: _opp_city("attack", "an opponent attacks one of your cities for the first time",
                          provides=("attack",)))
    v.trigger("an opponent attacks one of your cities after using a troop's remove ability")(
        lambda: _opp_city("attacked", "an opponent attacks one of your cities after using a troop's remove ability",
                          lambda s, c: c.get("troop", -1) >= 0, provides=("troop",)))

    @v.trigger("there are {n:number} {what:word:inplay} in play")
    def there_are(n, what):
        if n.const is None or n.const < 1:
            raise ValueError("the count must be a plain positive number")
        k, need = BOARD_KINDS[what], n.const
        return When("board", lambda s, c: board_count(s, k) >= need, f"there are {need} {what} in play")

    v.effect("move volfyirion [back] to the|its lair", example="move volfyirion to its lair")(lambda: BackToLair())
    v.effect("cancel that attack", needs="attack")(lambda: CancelAttack())
    v.effect("raise the defence of that city by {n:number} this turn", needs="attack")(lambda n: RaiseDefence(n))
    v.effect("destroy all {what:word:inplay} in play")(lambda what: DestroyAll(BOARD_KINDS[what]))
    v.effect("you may recover that troop into one of your cities", needs="troop")(lambda: Recover())

    def const(n, what="number"):
        if n.const is None or n.const < 0:
            raise ValueError(f"the {what} must be a plain number")
        return n.const

    v.modifier("defeat volfyirion costs {n:number} battle")(lambda n: Mod("defeat_cost", const(n)))
    v.modifier("once per turn you may seal one of your wonders for free and gain knowledge equal to its cost")(
        lambda: Mod("collider"))
    v.modifier("you may acquire the top card of the asset deck")(lambda: Mod("oracle"))
    v.modifier("you may acquire the top card of the wonder deck for {n:number} battle")(
        lambda n: Mod("heroes", const(n)))
    v.modifier("can never be sealed")(lambda: Mod("unsealable"))

    @v.modifier("can be taken from the opponent's playing area for {amounts:amounts:resource}")
    def takeover(amounts):
        pts = [0, 0, 0]
        for q, w in amounts:
            pts[RESOURCES.index(w)] += const(q, "take-over cost")
        return Mod("takeover", tuple((r, n) for r, n in enumerate(pts) if n))

    v.modifier("unremovable by other cards")(lambda: Mod("unremovable"))
    v.modifier("goes to the opponent's discard when acquired")(lambda: Mod("to_opp"))
    v.modifier("shuffled back into the asset deck when its city is attacked")(lambda: Mod("merc"))


# ---------------------------------------------------------------------- native programs
def _attack_resolve(state, ctx):
    """The second half of an attack on a City, after the ``attack`` event (Double Shift may cancel)."""
    v = state.vars
    if v.get("cancel"):
        v["cancel"] = False  # VOL-VAR-PLOY-DOUBLE-01: no effect, the BP stay spent
        return None
    o, ci = ctx["target"], ctx["city"]
    O = KEYS[o]
    zones = state.zones
    slots = state.slots
    if ci == M.LAIR_CITY:  # the claimed Lair: no Troop slot, removed when destroyed (VOL-DEFEAT-14/15)
        if slots[O.lair] < 0:
            return None
        M.destroy_lair(state, o)
    elif ci not in v[O.intact]:
        return None
    elif slots[O.troop[ci]] >= 0:
        iid = slots[O.troop[ci]]
        if state.cards[iid].get("merc"):  # VOL-VAR-MERC-03: back into the Asset Deck, City destroyed
            narrate(state, "mercenary", "the Mercenary {card} is shuffled back into the Asset Deck",
                    card=Card(iid))
            slots[O.troop[ci]] = -1
            state.marks["sealed"].discard(iid)
            zones["asset_deck"].append(iid)
            from tabletop.framework.zones import shuffle
            shuffle(state, "asset_deck")
            M.destroy_city(state, o, ci)
        else:
            M.remove_from(state, iid, O.troop_key[ci], "destroyed")
    else:
        M.destroy_city(state, o, ci)
    if not state.over:
        signal(state, "attacked", {"actor": ctx["actor"], "target": o, "city": ci,
                                   "troop": v.get("sc_troop", -1)})
    return None


ATTACK_RESOLVE = native("volfyirion/attack-resolve", _attack_resolve)

