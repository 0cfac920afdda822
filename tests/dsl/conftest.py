"""A small test vocabulary for the card language (the words real packs give are their own)."""
from __future__ import annotations

import pytest

from tabletop.dsl import Vocabulary
from tabletop.framework import effects
from tabletop.framework.effects import Frame
from tabletop.framework.state import State


def make_vocab() -> Vocabulary:
    v = Vocabulary("test")
    v.words("resource", ["command", "battle", "knowledge"])
    v.words("colour", ["turquoise", "red", "blue", "green"])
    v.words("cardkind", ["troop", "building", "hero"])

    @v.effect("gain {amounts:amounts:resource}")
    def gain(amounts):
        def step(state, ctx):
            for q, res in amounts:
                state.counters[res] = state.counters.get(res, 0) + q(state, ctx)
        return step

    @v.effect("draw {n:number}")
    def draw(n):
        if n.const is not None and n.const <= 0:
            raise ValueError("draw needs at least 1 card")

        def step(state, ctx):
            state.counters["drawn"] = state.counters.get("drawn", 0) + n(state, ctx)
        return step

    @v.effect("deal {n:number} damage to {target:target}")
    def deal(n, target):
        def step(state, ctx):
            key = f"damage:{target}"
            state.counters[key] = state.counters.get(key, 0) + n(state, ctx)
        return step

    @v.effect("from your hand, discard or play {name:name}")
    def discard_or_play(name):
        def step(state, ctx):
            state.vars.setdefault("log", []).append(("discard-or-play", name))
        return step

    @v.effect("log {what:word:colour}")
    def log(what):
        def a(state, ctx):
            state.vars.setdefault("log", []).append(what)

        def b(state, ctx):
            state.vars.setdefault("log", []).append(what + "!")
        return (a, b)

    @v.pattern("target", "target enemy {kind:word:cardkind}")
    def t_enemy(kind):
        return f"enemy {kind}"

    @v.pattern("target", "each {kind:word:cardkind} of {owner:owner}")
    def t_each(kind, owner):
        return f"each {kind} of {owner}"

    @v.pattern("target", "it")
    def t_it():
        return "it"

    @v.pattern("owner", "you")
    def o_you():
        return "you"

    @v.pattern("owner", "your opponent")
    def o_opp():
        return "opponent"

    @v.condition("synergy {colours:words:colour}")
    def synergy(colours):
        cs = frozenset(colours)
        return lambda state, ctx: cs <= set(state.vars.get("colours", ()))

    @v.condition("flag {n:number}")
    def flag(n):
        return lambda state, ctx: bool(state.vars.get(f"flag{n(state, ctx)}"))

    @v.quantity("cost of it")
    def cost_of_it():
        return lambda state, ctx: ctx.get("cost", 0)

    @v.quantity("count of {kind:word:cardkind}")
    def count_of(kind):
        return lambda state, ctx: state.counters.get(f"count:{kind}", 0)

    @v.trigger("an opponent plays {kind:word:cardkind}")
    def trig(kind):
        return ("plays", kind)

    @v.cost("{amounts:amounts:resource}")
    def cost(amounts):
        return tuple((q.const, r) for q, r in amounts)

    @v.modifier("{name:name} costs {n:number} less")
    def modifier(name, n):
        return (name, n.const)

    return v


@pytest.fixture(scope="session")
def vocab() -> Vocabulary:
    return make_vocab()


@pytest.fixture
def state() -> State:
    return State("test", cards=[], nplayers=2, rng=1)


def run(state, program, **ctx):
    """Push ``program`` with ``ctx`` (controller 0 by default) and run the stack."""
    ctx.setdefault("controller", 0)
    state.stack.append(Frame(program, ctx))
    effects.run_stack(state)
    return state
