"""What an incantation or an attack costs now: its printed crystals, changed by modifiers.

A cost change names a colour ("1 neutral crystal less") or none ("1 crystal less": the
neutral symbols go first, then the coloured ones, mauve last, so the cheapest symbols go);
"but at least N" keeps N symbols in all. Free when no card of the game changes costs.
"""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt.keys import CIDX

_ORDER = (0, 1, 2, 3, 4)  # neutral, red, blue, green, mauve


def _changed(state, stat: str, iid: int, p: int, base: tuple, consume: bool) -> tuple:
    if lasting.MODIFIERS not in state.listen:
        return base
    mods = lasting.applying(state, hz.holders(state), stat, iid, p)
    if not mods:
        return base
    counts = list(base)
    floor = 0
    for mod, ctx, entry in mods:
        n = mod.value(state, ctx)
        unit = mod.resource
        order = (CIDX[unit],) if unit in CIDX else _ORDER
        if n > 0:
            counts[order[0]] += n
        else:
            less = -n
            for i in order:
                take = min(less, counts[i])
                counts[i] -= take
                less -= take
        if mod.floor is not None:
            floor = max(floor, min(mod.floor, sum(base)))
        if consume and entry is not None and entry[4]:
            lasting.use(state, entry)
    missing = floor - sum(counts)
    for i in _ORDER:  # give back symbols, in the printed order, up to the floor
        if missing <= 0:
            break
        back = min(missing, base[i] - counts[i])
        counts[i] += back
        missing -= back
    return tuple(counts)


def spell(state, p: int, iid: int, base: tuple, consume: bool = False) -> tuple:
    """The cost of casting incantation ``iid``'s effect whose printed cost is ``base``."""
    return _changed(state, "cost", iid, p, base, consume)


def attack(state, p: int, hero: int, base: tuple, consume: bool = False) -> tuple:
    """The cost of an attack of ``hero`` whose printed cost is ``base``."""
    return _changed(state, "attack cost", hero, p, base, consume)
