"""Crystals: the payment matrix (VIR-CRYSTAL-02..07) and automatic payment.

A cost is a tuple of five symbol counts in the order neutral, red, blue, green, mauve.
Which crystal pays which symbol (VIR-CRYSTAL-02..06):

    cost symbol   crystals that can pay it
    neutral       any crystal
    red           red, mauve
    blue          blue, mauve
    green         green, mauve
    mauve         mauve only

Payment is automatic and keeps the most flexible crystals (documented in
docs/packs/virevolt.md): mauve symbols take mauve crystals; each red/blue/green symbol is
paid with its own colour first and with mauve only when that colour is missing; neutral
symbols are paid with neutral crystals first (they can pay nothing else), then with the
coloured crystal of which the most remain (ties: red, blue, green), and with mauve last.
This assignment pays whenever any assignment could.
"""
from __future__ import annotations

import re

from tabletop.framework.language import N_, Count, N_plural, Phrase, Word, gettext, listed
from tabletop.framework.narration import narrate
from tabletop.framework.wording import shown
from tabletop.packs.virevolt.keys import CIDX, COLOURS, KEYS

ZERO = (0, 0, 0, 0, 0)
CONSUMED = "consumed"

_COST_ITEM = re.compile(r"\s*(\d+)\s+([a-z]+)\s*")


class CostError(ValueError):
    pass


def parse_cost(text) -> tuple:
    """``"2 red and 1 neutral"`` / ``"1 blue, 1 mauve"`` / ``"free"`` -> (n, r, b, g, m)."""
    if text is None:
        return ZERO
    if isinstance(text, int) and not isinstance(text, bool):
        if text == 0:
            return ZERO
        raise CostError(gettext(
            "a cost is written like '2 red' or '1 blue and 1 neutral', not {shown}").format(shown=shown(text)))
    t = str(text).strip().lower()
    if t in ("free", "none", "0", ""):
        return ZERO
    counts = [0, 0, 0, 0, 0]
    for part in re.split(r",|\band\b|\+", t):
        if not part.strip():
            raise CostError(gettext('cost {shown}: empty item').format(shown=shown(text)))
        m = _COST_ITEM.fullmatch(part)
        if not m:
            raise CostError(gettext(
                "cost {shown}: {shown2} is not 'N colour' (e.g. '2 red')").format(
                shown=shown(text), shown2=shown(part.strip())))
        if len(m.group(1)) > 2:
            raise CostError(gettext(
                'cost {shown}: {shown2} asks for more crystals than a game holds (at most 99 of a colour)').format(
                shown=shown(text), shown2=shown(part.strip())))
        n, colour = int(m.group(1)), m.group(2)
        if colour not in CIDX:
            from tabletop.framework.suggest import did_you_mean

            raise CostError(gettext(
                'cost {shown}: unknown crystal colour {shown2}{suggestion}; the colours are {colours}').format(
                shown=shown(text), shown2=shown(colour), suggestion=did_you_mean(colour, COLOURS),
                colours=', '.join(COLOURS)))
        counts[CIDX[colour]] += n
    return tuple(counts)


#: A number of crystals of each colour, the reader's way ("2 red", "2 rouges").
_CRYSTALS = N_plural("{n} crystal", "{n} crystals")
_AMOUNTS = (N_plural("{n} neutral", "{n} neutral"), N_plural("{n} red", "{n} red"), N_plural("{n} blue", "{n} blue"),
            N_plural("{n} green", "{n} green"), N_plural("{n} mauve", "{n} mauve"))


def format_cost(cost: tuple) -> str:
    """A cost as people read it ("2 red and 1 neutral"): English text that shows translated (:func:`shown`)."""
    parts = [Count(n, *_AMOUNTS[i]) for i, n in enumerate(cost) if n]
    if not parts:
        return Word(N_("free"))
    text = parts[0]
    for part in parts[1:]:  # as the cards print costs: "1 neutral and 2 red and 1 mauve"
        text = Phrase(N_("{a} and {b}"), a=text, b=part)
    return text


def available(state, p: int) -> tuple:
    """Unconsumed crystals of player ``p`` by colour (neutral, red, blue, green, mauve)."""
    out = [0, 0, 0, 0, 0]
    consumed = state.marks[CONSUMED]
    cards = state.cards
    for iid in state.zones[KEYS[p].crystals]:
        if iid not in consumed:
            out[cards[iid].cidx] += 1
    return tuple(out)


_PAYS: dict = {}  # (available, cost) -> can_pay's answer


def can_pay(avail, cost) -> bool:
    """Whether crystals ``avail`` (by colour, as :func:`available` counts them) pay ``cost``:
    each coloured symbol by its colour or by mauve, neutral symbols by any. The answer depends
    on two small tuples only and is asked several times a step, so it is remembered."""
    try:
        return _PAYS[avail, cost]
    except KeyError:
        ok = _PAYS[avail, cost] = _pays(avail, cost)
        return ok
    except TypeError:  # a list of counts (not remembered)
        return _pays(avail, cost)


def _pays(avail, cost) -> bool:
    n, r, b, g, m = cost
    if not (n or r or b or g or m):
        return True
    N, R, B, G, M = avail
    M -= m
    if M < 0:
        return False
    spare = N
    for need, have in ((r, R), (b, B), (g, G)):
        if need > have:
            M -= need - have
        else:
            spare += have - need
    if M < 0:
        return False
    return n <= spare + M


def assignment(avail, cost) -> list | None:
    """How many crystals of each colour pay ``cost`` (the most flexible ones are kept), or None."""
    if not can_pay(avail, cost):
        return None
    n, r, b, g, m = cost
    left = list(avail)
    use = [0, 0, 0, 0, 0]
    use[4] += m  # mauve pays what nothing else can; can_pay has checked there is enough of it
    for ci, need in ((1, r), (2, b), (3, g)):
        own = min(need, left[ci])
        use[ci] += own
        left[ci] -= own
        use[4] += need - own
    k = min(n, left[0])
    use[0] += k
    n -= k
    while n:
        best = max((1, 2, 3), key=lambda c: (left[c], -c))
        if left[best] > 0:
            use[best] += 1
            left[best] -= 1
        else:
            use[4] += 1
        n -= 1
    return use


def pay(state, p: int, cost) -> bool:
    """Consume crystals of ``p`` for ``cost`` automatically; False (and nothing spent) if unpayable."""
    if cost == ZERO:
        return True
    use = assignment(available(state, p), cost)
    if use is None:
        return False
    consumed = state.marks[CONSUMED]
    cards = state.cards
    for iid in state.zones[KEYS[p].crystals]:
        if iid in consumed:
            continue
        ci = cards[iid].cidx
        if use[ci]:
            use[ci] -= 1
            consumed.add(iid)
    return True


def refresh(state, p: int) -> None:
    """VIR-PHASE-DRAW-03: every crystal of ``p`` back to unconsumed."""
    consumed = state.marks[CONSUMED]
    if consumed:
        consumed.difference_update(state.zones[KEYS[p].crystals])


def consume_best(state, p: int, n: int) -> None:
    """Consume up to ``n`` unconsumed crystals of ``p``, the most flexible first (mauve, then the
    colours, neutral last): an enemy's effect takes what hurts most."""
    consumed = state.marks[CONSUMED]
    cards = state.cards
    free = [i for i in state.zones[KEYS[p].crystals] if i not in consumed]
    free.sort(key=lambda i: (-(cards[i].cidx == 4), cards[i].cidx == 0))
    chosen = free[:n]
    consumed.update(chosen)
    if chosen:
        if state.log is not None:
            narrate(state, "crystals", "{n} of {p}'s crystals are consumed ({which})", n=len(chosen), p=KEYS[p].name,
                    which=listed(Word(cards[i].colour) for i in chosen))


def restore(state, p: int, n: int) -> None:
    """Turn up to ``n`` consumed crystals of ``p`` back (mauve first, then colours, neutral last)."""
    consumed = state.marks[CONSUMED]
    cards = state.cards
    used = [i for i in state.zones[KEYS[p].crystals] if i in consumed]
    used.sort(key=lambda i: (-(cards[i].cidx == 4), cards[i].cidx == 0))
    back = used[:n]
    consumed.difference_update(back)
    if back:
        if state.log is not None:
            narrate(state, "crystals", "{p}'s crystals restored: {crystals} ({which})", actor=p,
                    crystals=Count(len(back), *_CRYSTALS), p=KEYS[p].name,
                    which=listed(Word(cards[i].colour) for i in back))
