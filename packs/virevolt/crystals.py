"""Crystals: the payment matrix (VIR-CRYSTAL-02..07) and automatic payment.

A cost is a tuple of five symbol counts in the order neutral, red, blue, green, mauve.
Which crystal pays which symbol (VIR-CRYSTAL-02..06):

    cost symbol   crystals that can pay it
    neutral       any crystal
    red           red, mauve
    blue          blue, mauve
    green         green, mauve
    mauve         mauve only

The player turns the crystals of their choice (VIR-CRYSTAL-07/08), but most of that choice
never matters (documented in docs/packs/virevolt.md): mauve symbols take mauve crystals; each
red/blue/green symbol is paid with its own colour first and with mauve only when that colour
is missing; neutral symbols are paid with neutral crystals first (they can pay nothing else),
then with coloured crystals, and with mauve last. Each of those steps keeps crystals that can
pay everything the others could. What is left is a real choice: which coloured crystals pay
the neutral symbols, when two colours could (red, red and blue paying one neutral: keep the
reds for a 2-red trap, or the blue for a blue one). :func:`choices` lists those ways, and
:func:`pay_or_ask` asks the player (``choose pay:red+blue``) when there are several.

Effects that consume an enemy's crystals or restore their controller's own take, by the same
reasoning, Mauve first and Neutral last; which coloured ones is the effect's controller's
choice when it can matter (:func:`ways`: ``choose consume:red``, ``choose restore:blue``).
"""
from __future__ import annotations

import re

from tabletop.framework.effects import Decision, Frame, native
from tabletop.framework.language import N_, CardName, Count, N_plural, Phrase, Word, gettext, listed
from tabletop.framework.narration import Card, narrate
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


_CHOICES: dict = {}  # (available, cost) -> choices' answer


def choices(avail: tuple, cost: tuple) -> list[list[int]]:
    """Every way worth telling apart of paying ``cost`` from ``avail`` (counts of crystals used
    by colour), :func:`assignment`'s first; empty if it cannot be paid. They differ only in the
    coloured crystals that pay the neutral symbols left once the neutral crystals are spent.
    Asked at every payment with the same few small tuples, so remembered: the lists are
    shared and must not be changed (:func:`consume` copies what it is given)."""
    key = (avail, cost)
    got = _CHOICES.get(key)
    if got is None:
        got = _CHOICES[key] = _choices(avail, cost)
    return got


def _choices(avail: tuple, cost: tuple) -> list[list[int]]:
    base = assignment(avail, cost)
    if base is None:
        return []
    k = cost[0] - base[0]  # neutral symbols paid with coloured (or mauve) crystals
    spare = [avail[c] - min(cost[c], avail[c]) for c in (1, 2, 3)]  # coloured crystals left for them
    used = min(k, sum(spare))
    if used == 0 or sum(1 for x in spare if x) < 2:
        return [base]
    fixed = [base[0], min(cost[1], avail[1]), min(cost[2], avail[2]), min(cost[3], avail[3]), base[4]]
    out = [base]
    for r in range(min(spare[0], used), -1, -1):
        for b in range(min(spare[1], used - r), -1, -1):
            g = used - r - b
            if g > spare[2]:
                continue
            use = [fixed[0], fixed[1] + r, fixed[2] + b, fixed[3] + g, fixed[4]]
            if use != base:
                out.append(use)
    return out


def choice_label(avail, cost, use) -> str:
    """How an option of :func:`choices` is written: the colours of the coloured crystals that pay
    neutral symbols, red first (``red+blue``); the rest of the payment is the same in every option."""
    return "+".join(COLOURS[c] for c in (1, 2, 3) for _ in range(use[c] - min(cost[c], avail[c])))


def choice_labels(most: int) -> list[str]:
    """Every :func:`choice_label` of up to ``most`` crystals, shortest first (an action space's names)."""
    from itertools import combinations_with_replacement

    return ["+".join(combo) for n in range(1, most + 1) for combo in combinations_with_replacement(COLOURS[1:4], n)]


def consume(state, p: int, use) -> None:
    """Turn ``use[c]`` unconsumed crystals of colour ``c`` of ``p`` (the first in play first)."""
    state.marks[CONSUMED].update(_take(state, p, use, False))


def pay(state, p: int, cost) -> bool:
    """Consume crystals of ``p`` for ``cost`` the first of :func:`choices`' ways (for a bot's
    look-ahead and a payment nobody asks about); False (and nothing spent) if unpayable."""
    if cost == ZERO:
        return True
    use = assignment(available(state, p), cost)
    if use is None:
        return False
    consume(state, p, use)
    return True


def pay_or_ask(state, p: int, cost, card: str) -> None:
    """Pay ``cost`` for ``p`` (who can pay it: the caller has checked): at once when there is one
    way worth telling apart, else by asking ``p`` which (a :data:`PAY` frame on top of the stack,
    so the choice comes before anything the paid action does). ``card`` names what is paid for."""
    if cost == ZERO:
        return
    avail = available(state, p)
    ways = choices(avail, cost)
    if len(ways) == 1:
        consume(state, p, ways[0])
    else:
        state.stack.append(Frame(PAY, {"player": p, "cost": cost, "card": card}))


def _pay_step(state, ctx):
    p = ctx["player"]
    use = ctx.pop("use", None)
    if use is None:
        avail = available(state, p)
        cost = tuple(ctx["cost"])
        ways = choices(avail, cost)
        if len(ways) > 1:
            return Decision(p, Phrase(N_("{p}: which crystals pay the neutral part of {card}'s cost ({cost})?"),
                                      p=KEYS[p].name, card=CardName(ctx["card"]), cost=format_cost(cost)),
                            [("choose", "pay:" + choice_label(avail, cost, w)) for w in ways], ways, "use")
        use = ways[0]
    consume(state, p, use)
    return None


PAY = native("virevolt/pay", _pay_step)


def refresh(state, p: int) -> None:
    """VIR-PHASE-DRAW-03: every crystal of ``p`` back to unconsumed."""
    consumed = state.marks[CONSUMED]
    if consumed:
        consumed.difference_update(state.zones[KEYS[p].crystals])


_WAYS: dict = {}  # (counts, n) -> ways' answer


def ways(counts: tuple, n: int) -> list[tuple]:
    """The ways worth telling apart of taking ``n`` crystals out of ``counts`` (by colour) when
    the most flexible ones matter most, as when an effect consumes an enemy's crystals or
    restores its controller's: every Mauve first (it pays any symbol), Neutral last (it pays
    only neutral symbols), so only which coloured crystals are taken can differ. Each way is a
    count by colour; none when there is nothing to take. Shared lists: do not change them."""
    key = (counts, n)
    got = _WAYS.get(key)
    if got is None:
        got = _WAYS[key] = _ways(counts, n)
    return got


def _ways(counts: tuple, n: int) -> list[tuple]:
    N, R, B, G, M = counts
    m = min(n, M)
    k = min(n - m, R + B + G)
    z = min(n - m - k, N)
    if not (m or k or z):
        return []
    out = []
    for r in range(min(R, k), -1, -1):  # the most red first, then blue: an order people can follow
        for b in range(min(B, k - r), -1, -1):
            g = k - r - b
            if g <= G:
                out.append((z, r, b, g, m))
    return out


def way_label(use) -> str:
    """How a way of :func:`ways` is written in a decision: its coloured crystals, red first
    (``red+blue``); what it takes of Mauve and Neutral is the same in every way."""
    return "+".join(COLOURS[c] for c in (1, 2, 3) for _ in range(use[c]))


def destroy_ways(state, p: int, n: int) -> list:
    """The ways worth telling apart of destroying ``n`` of ``p``'s crystals, the most valuable first
    (:func:`_destroyed_first`): which coloured crystals, where their colours differ; one way (None)
    when nothing is left to choose."""
    _sure, tied, need = _destroyed_first(state, p, n)
    return ways(_colour_counts(state, tied), need) if need else [None]


def destroy_by_effect(state, p: int, n: int, use) -> list[int]:
    """An effect destroys ``n`` of ``p``'s crystals, the coloured ones tied for a place being those of
    ``use`` (a way of :func:`destroy_ways`): they go to the graveyard; the crystals destroyed."""
    sure, tied, need = _destroyed_first(state, p, n)
    gone = sure + (_of_colours(state, tied, use) if need else [])
    k = KEYS[p]
    zone = state.zones[k.crystals]
    consumed = state.marks[CONSUMED]
    for iid in gone:
        zone.remove(iid)
        consumed.discard(iid)
        state.zones[k.graveyard].append(iid)
        if state.log is not None:
            narrate(state, "destroy", "{p}'s {card} is destroyed", p=k.name, card=Card(iid))
    return gone


def _destroyed_first(state, p: int, n: int) -> tuple[list[int], list[int], int]:
    """Which of ``p``'s crystals an effect destroying ``n`` of them takes: the most valuable first
    (Mauve, then those not consumed, then coloured before Neutral; the first in play first among
    equals). Returns the crystals sure to go, and the coloured crystals among which ``need`` more are
    to be chosen (where their colours differ; else ``need`` is 0 and the sure ones are all)."""
    consumed = state.marks[CONSUMED]
    cards = state.cards

    def worth(iid: int) -> tuple:
        ci = cards[iid].cidx
        return ci == 4, iid not in consumed, ci != 0

    ranked = sorted(state.zones[KEYS[p].crystals], key=worth, reverse=True)  # (stable: the first in play first)
    if n >= len(ranked):
        return ranked, [], 0
    last = worth(ranked[n - 1])
    tied = [iid for iid in ranked if worth(iid) == last]
    if last[0] or not last[2] or len({cards[i].cidx for i in tied}) == 1:  # Mauve, Neutral, or one colour
        return ranked[:n], [], 0
    sure = [iid for iid in ranked[:n] if worth(iid) != last]
    return sure, tied, n - len(sure)


def _colour_counts(state, crystals: list[int]) -> tuple:
    """``crystals`` counted by colour (neutral, red, blue, green, mauve)."""
    out = [0, 0, 0, 0, 0]
    cards = state.cards
    for iid in crystals:
        out[cards[iid].cidx] += 1
    return tuple(out)


def _of_colours(state, crystals: list[int], use) -> list[int]:
    """``use[c]`` of ``crystals`` of each colour ``c``, the first listed first."""
    left = list(use)
    cards = state.cards
    out = []
    for iid in crystals:
        ci = cards[iid].cidx
        if left[ci]:
            left[ci] -= 1
            out.append(iid)
    return out


def consumed_counts(state, p: int) -> tuple:
    """Consumed crystals of player ``p`` by colour (neutral, red, blue, green, mauve)."""
    out = [0, 0, 0, 0, 0]
    consumed = state.marks[CONSUMED]
    cards = state.cards
    for iid in state.zones[KEYS[p].crystals]:
        if iid in consumed:
            out[cards[iid].cidx] += 1
    return tuple(out)


def _take(state, p: int, use, consumed: bool) -> list[int]:
    """``use[c]`` crystals of colour ``c`` of ``p`` that are (``consumed``) or are not consumed,
    the first in play first."""
    use = list(use)
    marks = state.marks[CONSUMED]
    cards = state.cards
    out = []
    for iid in state.zones[KEYS[p].crystals]:
        if (iid in marks) == consumed:
            ci = cards[iid].cidx
            if use[ci]:
                use[ci] -= 1
                out.append(iid)
    return out


def consume_by_effect(state, p: int, use) -> list[int]:
    """An effect consumes ``p``'s unconsumed crystals ``use`` (a way of :func:`ways`); the crystals consumed."""
    chosen = _take(state, p, use, False)
    state.marks[CONSUMED].update(chosen)
    if chosen and state.log is not None:
        cards = state.cards
        narrate(state, "crystals", "{p}'s crystals consumed: {crystals} ({which})", p=KEYS[p].name,
                crystals=Count(len(chosen), *_CRYSTALS), which=listed(Word(cards[i].colour) for i in chosen))
    return chosen


def restore(state, p: int, use) -> None:
    """Turn ``p``'s consumed crystals ``use`` (a way of :func:`ways`) back."""
    back = _take(state, p, use, True)
    state.marks[CONSUMED].difference_update(back)
    if back and state.log is not None:
        cards = state.cards
        narrate(state, "crystals", "{p}'s crystals restored: {crystals} ({which})", actor=p,
                crystals=Count(len(back), *_CRYSTALS), p=KEYS[p].name,
                which=listed(Word(cards[i].colour) for i in back))
