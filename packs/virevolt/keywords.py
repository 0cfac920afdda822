"""Hero keywords: one word in a hero's ``powers:`` (``lifelink``, ``trample``) naming a rule of the
damage its attacks deal to enemy heroes. Each is one function registered with :func:`keyword`,
called by :func:`tabletop.packs.virevolt.heroes.damage` once the damage is known (after every
bonus and reduction) and before the hero takes it; it returns the damage the hero takes now. A
hero's keywords apply in the order registered here (trample, then lifelink: what the hero takes now
heals, the rest when it is dealt on). Only heroes with a keyword pay for reading them
(``card.keywords``)."""
from __future__ import annotations

from typing import Callable

from tabletop.framework.effects import Frame, native
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt.keys import KEYS

#: word -> fn(state, attacker, hero, n, ctx) -> the damage ``hero`` takes now
KEYWORDS: dict[str, Callable] = {}


def keyword(word: str) -> Callable[[Callable], Callable]:
    """Register the rule of the hero keyword ``word``."""
    def register(fn: Callable) -> Callable:
        KEYWORDS[word] = fn
        return fn
    return register


@keyword("trample")
def trample(state, attacker: int, hero: int, n: int, ctx: dict) -> int:
    """Damage beyond the hero's remaining HP goes on to its owner's main hero once it has died: the
    hero promoted in its place when the main hero dies (after the owner's choice, if one is asked)."""
    left = hz.max_hp(state, hero) - state.values[hz.DAMAGE].get(hero, 0)
    if n <= left:
        return n
    rest = {"attack": True, "controller": ctx["controller"], "source": attacker, "player": hz.owner(state, hero),
            "excess": n - left, hz.REST: True}
    state.stack.append(Frame(TRAMPLE, rest))  # below the promotion the death may ask for
    return left


@keyword("lifelink")
def lifelink(state, attacker: int, hero: int, n: int, ctx: dict) -> int:
    """The damage this hero's attack deals heals it by as much (all of it: a killed hero's HP is no cap)."""
    hz.heal(state, attacker, n)
    return n


def _trample_on(state, ctx: dict):
    main = state.zones[KEYS[ctx["player"]].main]
    if main:
        hz.damage(state, main[0], ctx["excess"], ctx)
    return None


TRAMPLE = native("virevolt/trample", _trample_on)
