"""The words of Virevolt's cards: crystal colours, states, selectors, effects, triggers, powers.

Every phrase compiles once, at load time, into a small closure over the state layout of
this pack (``heroes.py``, ``states.py``, ``crystals.py``); nothing walks text at play time.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tabletop.dsl import Vocabulary
from tabletop.framework.effects import Decision
from tabletop.framework.zones import draw as draw_cards
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.keys import COLOURS, HERO, KEYS


# ---------------------------------------------------------------------- compiled pieces
@dataclass(frozen=True)
class Selector:
    """Which heroes a phrase names: fixed (``resolve``) or chosen by the controller (``candidates``)."""

    text: str
    resolve: Callable | None = None       # (state, ctx) -> list of hero iids
    candidates: Callable | None = None    # (state, ctx) -> list of hero iids to choose from
    harmful: bool = True                  # whether a choice aims at enemies (for bots)


@dataclass(frozen=True)
class TrapWhen:
    """A trap's condition: the event it answers (``attack``, ``cast``, ``hero`` or ``any``)."""

    event: str
    test: Callable
    text: str = ""


@dataclass(frozen=True)
class Power:
    """A hero's passive power: ``kind`` in atk_bonus | armor | regen, and its amount."""

    kind: str
    amount: int
    text: str = ""


_KEYS = [0]


def _key() -> str:
    _KEYS[0] += 1
    return f"_t{_KEYS[0]}"


def _enemies(state, p):
    c = state.counters
    return [q for q in range(state.nplayers) if q != p and not c[KEYS[q].eliminated]]


def _main_of(state, p):
    return state.zones[KEYS[p].main]


def _fixed(text, fn, harmful=True):
    return Selector(text, resolve=fn, harmful=harmful)


def _choice(text, fn, harmful=True):
    return Selector(text, candidates=fn, harmful=harmful)


def hero_steps(sel: Selector, act: Callable[[Any, dict, int], None]) -> tuple:
    """Steps that apply ``act(state, ctx, hero)`` to the heroes ``sel`` names (asking if needed)."""
    if sel.resolve is not None:
        resolve = sel.resolve

        def fixed_step(state, ctx):
            for h in resolve(state, ctx):
                if hz.is_in_play(state, h):
                    act(state, ctx, h)
            return None
        return (fixed_step,)
    key = _key()
    cands = sel.candidates
    prompt = f"choose {sel.text}"

    def choose_step(state, ctx):
        if key in ctx:
            return None
        hs = cands(state, ctx)
        if len(hs) <= 1:
            ctx[key] = hs
            ctx["_it"] = hs
            return None
        labs = hz.player_labels(state, hs)
        card = ctx.get("card")
        return Decision(ctx["controller"], f"{card}: {prompt}" if card else prompt,
                        [("choose", l) for l in labs], [[h] for h in hs], key)

    def apply_step(state, ctx):
        hs = ctx.pop(key, [])
        ctx["_it"] = hs
        for h in hs:
            if hz.is_in_play(state, h):
                act(state, ctx, h)
        return None
    return (choose_step, apply_step)


def _fixed_only(sel: Selector, what: str) -> Callable:
    if sel.resolve is None:
        raise ValueError(f"{what} cannot choose a target: name a hero such as 'the target' or 'your main hero'")
    return sel.resolve


def _const(q, what: str) -> None:
    if q.const is not None and q.const <= 0:
        raise ValueError(f"{what} needs a positive number")


def build_vocabulary() -> Vocabulary:
    v = Vocabulary("virevolt")
    v.words("crystal", COLOURS)
    v.words("colour", COLOURS)
    v.words("state", st.STATES)
    v.words("harmful", ("poison", "burn", "freeze", "stun"))
    v.words("protective", ("immunity", "invincibility"))

    # ------------------------------------------------------------------ selectors
    v.pattern("target", "the target")(lambda: _fixed("the target", lambda s, c: [c["target"]] if c.get("target") is not None else []))
    v.pattern("target", "the attacked hero")(lambda: _fixed("the attacked hero", lambda s, c: [c["target"]] if c.get("target") is not None else [], False))
    v.pattern("target", "the attacker")(lambda: _fixed("the attacker", lambda s, c: [c["attacker"]] if c.get("attacker") is not None else []))
    v.pattern("target", "this hero")(lambda: _fixed("this hero", lambda s, c: [c["source"]], False))
    v.pattern("target", "that hero")(lambda: _fixed("that hero", lambda s, c: list(c.get("_it", ()))))
    v.pattern("target", "the new hero")(lambda: _fixed("the new hero", lambda s, c: [c["hero"]] if c.get("hero") is not None else []))
    v.pattern("target", "the caster's main hero")(lambda: _fixed("the caster's main hero", lambda s, c: list(_main_of(s, c["actor"])) if c.get("actor") is not None else []))
    v.pattern("target", "your main hero")(lambda: _fixed("your main hero", lambda s, c: list(_main_of(s, c["controller"])), False))
    v.pattern("target", "your heroes")(lambda: _fixed("your heroes", lambda s, c: hz.in_play(s, c["controller"]), False))
    v.pattern("target", "each enemy hero")(lambda: _fixed("each enemy hero", lambda s, c: [h for q in _enemies(s, c["controller"]) for h in hz.in_play(s, q)]))
    v.pattern("target", "each enemy main hero")(lambda: _fixed("each enemy main hero", lambda s, c: [h for q in _enemies(s, c["controller"]) for h in _main_of(s, q)]))
    v.pattern("target", "each hero")(lambda: _fixed("each hero", lambda s, c: [h for q in range(s.nplayers) for h in hz.in_play(s, q)]))
    v.pattern("target", "target enemy main hero")(lambda: _choice("target enemy main hero", lambda s, c: [h for q in _enemies(s, c["controller"]) for h in _main_of(s, q)]))
    v.pattern("target", "target enemy secondary hero")(lambda: _choice("target enemy secondary hero", lambda s, c: [h for q in _enemies(s, c["controller"]) for h in s.zones[KEYS[q].secondary]]))
    v.pattern("target", "target enemy hero")(lambda: _choice("target enemy hero", lambda s, c: [h for q in _enemies(s, c["controller"]) for h in hz.in_play(s, q)]))
    v.pattern("target", "target hero of yours")(lambda: _choice("target hero of yours", lambda s, c: hz.in_play(s, c["controller"]), False))
    v.pattern("target", "target hero")(lambda: _choice("target hero", lambda s, c: [h for q in range(s.nplayers) for h in hz.in_play(s, q)]))

    # ------------------------------------------------------------------ effects on heroes
    @v.effect("deal {n:number} damage to {sel:target}")
    def deal(n, sel):
        _const(n, "deal")
        return hero_steps(sel, lambda s, c, h: hz.damage(s, h, n(s, c), c))

    @v.effect("inflict {sts:words:harmful} on {sel:target}")
    def inflict(sts, sel):
        def act(s, c, h):
            for x in sts:
                st.inflict(s, h, x)  # Immunity's filtering of harmful states lives in st.inflict
        return hero_steps(sel, act)

    v.effect("give {sts:words:protective} to {sel:target}")(inflict)  # same mechanism, protective words

    @v.effect("remove {sts:words:state} from {sel:target}")
    def remove(sts, sel):
        def act(s, c, h):
            for x in sts:
                st.remove(s, h, x)
        return hero_steps(sel, act)

    @v.effect("cleanse {sel:target}")
    def cleanse(sel):
        def act(s, c, h):
            for x in st.HARMFUL:
                st.remove(s, h, x)
        return hero_steps(sel, act)

    @v.effect("heal {n:number} damage from {sel:target}")
    def heal(n, sel):
        _const(n, "heal")
        return hero_steps(sel, lambda s, c, h: hz.heal(s, h, n(s, c)))

    @v.effect("fully heal {sel:target}")
    def full_heal(sel):
        return hero_steps(sel, lambda s, c, h: hz.heal(s, h, 1000))

    @v.effect("return {sel:target} to its owner's hand")
    def bounce(sel):
        return hero_steps(sel, lambda s, c, h: hz.leave_play(s, h, KEYS[hz.owner(s, h)].hand))

    # ------------------------------------------------------------------ cards and crystals
    def _draw(n):
        _const(n, "draw")

        def step(s, c):
            k = KEYS[c["controller"]]
            draw_cards(s, k.deck, k.hand, n(s, c))  # VIR-PHASE-DRAW-02: an empty deck draws nothing
            return None
        return step

    v.effect("draw {n:number} cards")(_draw)
    v.effect("draw {n:number} card")(_draw)

    def _each_enemy_loses(verb, zone_of, pick, reveal):
        """A step factory: each enemy puts up to N cards of one zone into their graveyard."""
        def make(n):
            _const(n, verb)

            def step(s, c):
                for q in _enemies(s, c["controller"]):
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
                return None
            return step
        return make

    def _at_random(s, zone):
        from tabletop.framework.rng import below

        s.rng, i = below(s.rng, len(zone))
        return zone[i]

    def _most_valuable_crystal(s, zone):
        # mauve first, then unconsumed, then coloured before neutral
        return max(zone, key=lambda i: (s.cards[i].cidx == 4, i not in s.marks[cr.CONSUMED], s.cards[i].cidx != 0))

    _discard = _each_enemy_loses("discard", lambda k: k.hand, _at_random, 1)
    v.effect("each enemy discards {n:number} cards at random")(_discard)
    v.effect("each enemy discards {n:number} card at random")(_discard)

    def _consume(n):
        _const(n, "consume")

        def step(s, c):
            for q in _enemies(s, c["controller"]):
                cr.consume_best(s, q, n(s, c))
            return None
        return step

    v.effect("consume {n:number} crystals of each enemy")(_consume)
    v.effect("consume {n:number} crystal of each enemy")(_consume)

    _destroy_crystal = _each_enemy_loses("destroy", lambda k: k.crystals, _most_valuable_crystal, 0)
    v.effect("destroy {n:number} crystals of each enemy")(_destroy_crystal)
    v.effect("destroy {n:number} crystal of each enemy")(_destroy_crystal)

    _destroy_trap = _each_enemy_loses("destroy", lambda k: k.traps, lambda s, zone: zone[0], 1)  # the oldest
    v.effect("destroy {n:number} traps of each enemy")(_destroy_trap)
    v.effect("destroy {n:number} trap of each enemy")(_destroy_trap)

    def _restore(n):
        _const(n, "restore")

        def step(s, c):
            cr.restore(s, c["controller"], n(s, c))
            return None
        return step

    v.effect("restore {n:number} of your crystals")(_restore)
    v.effect("restore {n:number} of your crystal")(_restore)

    @v.effect("rotate your heroes")
    def rotate():
        # a card-forced rotation: free, and Stun does not stop it (VIR-PHASE-STATE-06)
        key = _key()

        def step(s, c):
            p = c["controller"]
            k = KEYS[p]
            z = s.zones
            sec = z[k.secondary]
            if not sec or not z[k.main]:
                c.pop(key, None)
                return None
            labs = hz.labels(s, sec)
            if key not in c:
                if len(sec) > 1:
                    return Decision(p, f"{c.get('card')}: choose your new main hero",
                                    [("choose", l) for l in labs], labs, key)
                c[key] = labs[0]
            lab = c.pop(key)
            h = sec[labs.index(lab)]
            old = z[k.main].pop()
            sec[sec.index(h)] = old
            z[k.main].append(h)
            return None
        return step

    @v.effect("return a hero from your graveyard to your hand")
    def raise_hero():
        key = _key()

        def step(s, c):
            p = c["controller"]
            k = KEYS[p]
            gy = s.zones[k.graveyard]
            names = []
            for i in gy:
                d = s.cards[i]
                if d.type == HERO and d.name not in names:
                    names.append(d.name)
            if not names:
                return None
            if key not in c:
                if len(names) > 1:
                    return Decision(p, f"{c.get('card')}: choose a hero to return to your hand",
                                    [("choose", f"graveyard:{n}") for n in names], names, key)
                c[key] = names[0]
            name = c.pop(key)
            for i in reversed(gy):
                if s.cards[i].name == name:
                    gy.remove(i)
                    s.zones[k.hand].append(i)
                    break
            return None
        return step

    # ------------------------------------------------------------------ conditions
    @v.condition("{sel:target} has {x:word:state}")
    def has_state(sel, x):
        res = _fixed_only(sel, "a condition")
        return lambda s, c: any(h in s.marks[x] for h in res(s, c))

    @v.condition("{sel:target} has {n:number} hp or less")
    def low_hp(sel, n):
        res = _fixed_only(sel, "a condition")
        return lambda s, c: any(hz.hp(s, h) <= n(s, c) for h in res(s, c))

    @v.condition("you have {n:number} or more crystals")
    def many_crystals(n):
        return lambda s, c: len(s.zones[KEYS[c["controller"]].crystals]) >= n(s, c)

    # ------------------------------------------------------------------ quantities
    v.quantity("your crystals")(lambda: lambda s, c: len(s.zones[KEYS[c["controller"]].crystals]))
    v.quantity("heroes in your graveyard")(
        lambda: lambda s, c: sum(1 for i in s.zones[KEYS[c["controller"]].graveyard] if s.cards[i].type == HERO))
    v.quantity("damage on this hero")(lambda: lambda s, c: s.values[hz.DAMAGE].get(c["source"], 0))

    # ------------------------------------------------------------------ trap conditions
    v.trigger("an enemy attacks you")(lambda: TrapWhen("attack", lambda s, c: c["tplayer"] == c["controller"], "an enemy attacks you"))
    v.trigger("an enemy attacks")(lambda: TrapWhen("attack", lambda s, c: c["actor"] != c["controller"], "an enemy attacks"))
    v.trigger("an enemy casts an incantation")(lambda: TrapWhen("cast", lambda s, c: c["actor"] != c["controller"], "an enemy casts an incantation"))
    v.trigger("an enemy plays a hero")(lambda: TrapWhen("hero", lambda s, c: c["actor"] != c["controller"], "an enemy plays a hero"))

    @v.trigger("your main hero has {n:number} hp or less")
    def trap_low(n):
        def test(s, c):
            m = s.zones[KEYS[c["controller"]].main]
            return bool(m) and hz.hp(s, m[0]) <= n(s, c)
        return TrapWhen("any", test, "your main hero has N hp or less")

    @v.trigger("an enemy hero has {x:word:harmful}")
    def trap_enemy_state(x):
        def test(s, c):
            return any(h in s.marks[x] for q in _enemies(s, c["controller"]) for h in hz.in_play(s, q))
        return TrapWhen("any", test, f"an enemy hero has {x}")

    # ------------------------------------------------------------------ hero powers
    def _pw(kind):
        def f(n):
            if n.const is None or n.const <= 0:
                raise ValueError("a power needs a plain positive number")
            return Power(kind, n.const)
        return f

    v.modifier("your attacks deal {n:number} more damage")(_pw("atk_bonus"))
    v.modifier("this hero takes {n:number} less damage from attacks")(_pw("armor"))
    v.modifier("heal {n:number} damage from this hero in your state phase")(_pw("regen"))
    return v


_VOCAB: list = []


def vocabulary() -> Vocabulary:
    if not _VOCAB:
        _VOCAB.append(build_vocabulary())
    return _VOCAB[0]
