"""Moving cards between places, shuffling and drawing: the few operations every game shares.

A place is a zone (an ordered list in ``state.zones``) or a slot (``state.slots``, one card at
most); :func:`take`, :func:`put` and :func:`move` treat both alike, by the place's name.
Shuffles and draws are for zones. Each of these that lets a player learn something new (a shuffle, a card leaving a face-down
pile) counts a *reveal* on the state, which is how undo knows where it must stop.
"""
from __future__ import annotations

from tabletop.framework.narration import DETAIL, Cards, Zone, narrate
from tabletop.framework.rng import shuffled
from tabletop.framework.state import EMPTY, State
from tabletop.framework.triggers import DRAWN, announce


def owner_of(key: str) -> str | None:
    """The player a zone key belongs to by the framework's convention (``p2.hand`` -> ``p2``)."""
    owner, dot, _ = key.partition(".")
    return owner if dot and owner[:1] == "p" and owner[1:].isdigit() else None


def shuffle(state: State, key: str) -> None:
    """Shuffle a zone with the game's generator."""
    state.rng = shuffled(state.rng, state.zones[key])
    state.reveals += 1
    if state.log is not None:
        narrate(state, "shuffle", "{zone} is shuffled", level=DETAIL, zone=Zone(key))


def take(state: State, key: str, iid: int) -> None:
    """Take card ``iid`` out of place ``key`` (a zone or a slot), where it must be."""
    z = state.zones.get(key)
    if z is not None:
        z.remove(iid)
        return
    i = state.layout.index[key]
    if state.slots[i] != iid:
        raise ValueError(f"card {iid} is not in {key}")
    state.slots[i] = EMPTY


def put(state: State, key: str, iid: int, bottom: bool = False) -> None:
    """Put card ``iid`` on top of zone ``key`` (at the bottom if ``bottom``), or into slot
    ``key``, which must be empty."""
    z = state.zones.get(key)
    if z is not None:
        if bottom:
            z.insert(0, iid)
        else:
            z.append(iid)
        return
    i = state.layout.index[key]
    if state.slots[i] != EMPTY:
        raise ValueError(f"{key} already holds a card")
    state.slots[i] = iid


def move(state: State, iid: int, src: str, dst: str, bottom: bool = False) -> None:
    """Move one card from place ``src`` to the top (or bottom) of place ``dst``."""
    take(state, src, iid)
    put(state, dst, iid, bottom)


def draw(state: State, deck: str, dest: str, n: int = 1, refill_from: str | None = None) -> int:
    """Draw up to ``n`` cards from the top of ``deck`` into ``dest``; return how many came.

    When the deck runs out and ``refill_from`` is given, that pile is shuffled into a new
    deck and drawing goes on; when both are empty the missing draws are skipped.
    """
    zones = state.zones
    src, out = zones[deck], zones[dest]
    if 0 < n <= len(src):  # the usual case, in one slice: the top card first, as one by one
        out += src[:-n - 1:-1]
        del src[-n:]
        got = n
    else:
        got = 0
        while got < n:
            if not src:
                if refill_from is None or not zones[refill_from]:
                    break
                pile = zones[refill_from]
                src += pile
                pile.clear()
                if state.log is not None:
                    narrate(state, "shuffle", "{from_} is shuffled into {deck}", from_=Zone(refill_from), deck=Zone(deck))
                shuffle(state, deck)
            k = min(n - got, len(src))  # what this deck can give, in one slice as above
            out += src[:-k - 1:-1]
            del src[-k:]
            got += k
    if got:
        state.reveals += 1
        if state.log is not None:
            who = owner_of(dest)
            narrate(state, "draw", "{who} draws {cards}", actor=None if who is None else int(who[1:]) - 1,
                    who=who or Zone(dest), cards=Cards(out[-got:], came_from=deck))
        if DRAWN in state.listen:
            who = owner_of(dest)
            if who is not None:
                for iid in out[-got:]:
                    announce(state, DRAWN, subject=iid, player=int(who[1:]) - 1)
    return got
