"""Determinization: a full state consistent with what one player has seen.

A player who cannot see the opponent's hand or any deck's order still knows, in most
games, *which* cards are hidden where as a multiset: the opponent's hand and deck together
hold exactly the cards they own that are not visible anywhere else. A pack declares such
groups of zones with :meth:`Rules.hidden_pools`; :func:`determinize_pools` then

1. clones the state,
2. for each pool, collects the instance ids of its zones and sorts them canonically (by
   card name, then id: :func:`canonical_rank`), so the true arrangement is never read,
3. shuffles them with the *bot's* generator and deals them back, each zone keeping its size,
4. reseeds the game's own generator from the bot's, so future shuffles and draws are not
   predicted either.

Two states a player cannot tell apart (same view) therefore give the same determinization
for the same bot generator state, which is what makes an information-set bot fair.
"""
from __future__ import annotations

from tabletop.framework.rng import seed_state
from tabletop.framework.state import State


_RANKED: list = [None, []]  # the card list last asked about, and its ranks
_LAID_OUT: dict = {}  # pools of that card list, as tuples, and their canonical order
_LAID_OUT_MAX = 256


def canonical_rank(cards: list) -> list[int]:
    """``rank[iid]``: the place of instance ``iid`` when a game's instances are ordered by card
    name, then id. Sorting a hidden pool by it lays the pool out canonically before a bot
    shuffles it (the true arrangement is never read), as a sort on ``(name, id)`` would, with
    no key built per card. The ranks of the last card list asked are kept: a search asks
    thousands of times about one game (clones share their card list)."""
    if _RANKED[0] is cards and len(_RANKED[1]) == len(cards):
        return _RANKED[1]
    rank = [0] * len(cards)
    for r, i in enumerate(sorted(range(len(cards)), key=lambda i: (cards[i].name, i))):
        rank[i] = r
    _RANKED[0], _RANKED[1] = cards, rank
    _LAID_OUT.clear()
    return rank


def canonical(ids: list[int], cards: list) -> list[int]:
    """A new list of ``ids`` in canonical order (:func:`canonical_rank`). The order depends
    only on which instances the pool holds, and a search lays out the same pools of its root
    state at every iteration: the orders of the last pools of one card list are kept."""
    rank = canonical_rank(cards)
    key = tuple(ids)
    laid = _LAID_OUT.get(key)
    if laid is None:
        if len(_LAID_OUT) >= _LAID_OUT_MAX:
            _LAID_OUT.clear()
        laid = _LAID_OUT[key] = sorted(ids, key=rank.__getitem__)
    return laid[:]


def determinize_pools(state: State, pools: list[list[str]], rng) -> State:
    """A clone of ``state`` with each pool of zones redealt at random (see the module docstring)."""
    s = state.clone()
    cards = s.cards
    zones = s.zones
    for pool in pools:
        ids: list[int] = []
        sizes: list[int] = []
        for key in pool:
            z = zones[key]
            ids.extend(z)
            sizes.append(len(z))
        if len(ids) > 1:
            ids = canonical(ids, cards)
            rng.shuffle(ids)
        pos = 0
        for key, n in zip(pool, sizes):
            zones[key] = ids[pos:pos + n]
            pos += n
    reseed(s, rng)
    return s


def reseed(state: State, rng) -> None:
    """Give ``state`` a fresh game generator drawn from ``rng`` (hides future randomness)."""
    state.rng = seed_state(rng.below(1 << 62))
