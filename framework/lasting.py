"""Lasting effects and modifiers: what cards change for a while, applied wherever the rules read it.

A **modifier** changes a number the rules read (a cost, a defence, a damage) or sets a flag
(``trap-proof``). It comes from a card in play (a *static* ability: "your troops have +1
defence", active while its card is in play and, if it says so, while its condition holds)
or from an effect that made it last (a *lasting* effect: "the next card you acquire this
turn costs 2 less"). An effect can also leave a trigger behind ("this turn, whenever you play
a red card: gain 1 battle"; "at the start of the enemy's next main phase: ...").

Lasting effects are plain data in ``state.vars["lasting"]``: a tuple of
``(spec id, controller, source, last turn, uses[, subjects])`` where the spec (a
:class:`Modifier` or a :class:`~tabletop.framework.triggers.Trigger`) is registered by id when
its card is compiled, ``last turn`` is the turn number after which it ends (0: no end; ``-1 - p``:
until player ``p``'s next turn begins, see :func:`until_next_turn`),
``uses`` how many more times it may apply (0: no limit), and ``subjects``, when there are any,
the cards a trigger left behind acts on when it fires (``it``: the heroes a state was given
to "until the end of your turn") or the cards a modifier changes (``it``: the city picked by
"target enemy city gets -3 defence this turn").

The rules ask :func:`applying` or :func:`adjust` where they read a modified number. Both
are free when the game has no modifier at all: ``MODIFIERS`` is then absent from
``state.listen``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

MODIFIERS = "modifiers"   # in state.listen when some card of the game can modify something
LASTING = "lasting"       # the state.vars key

SPECS: dict[str, Any] = {}


@dataclass(frozen=True)
class Modifier:
    """A change to ``stat`` for the cards ``applies`` to, by ``amount`` (a Quantity).

    ``applies(state, iid, player, ctx)`` says whether the modifier concerns card ``iid``
    when ``player`` uses it (pays for it, attacks with it); ``ctx`` holds the modifier's
    ``controller`` and ``source``. ``resource`` narrows a cost change to one resource;
    ``floor`` is a least value ("but at least 1"); ``condition`` a ``while`` test;
    ``sign`` is +1 or -1. A flag modifier has ``amount`` None. An ``own`` modifier changes its
    own card only ("this card costs 1 less for each troop you control") and holds wherever the card
    is, in a row to buy from as in play, for whoever uses it.
    """

    id: str
    stat: str
    applies: Callable[[Any, int, int, dict], bool]
    amount: Any = None
    sign: int = 1
    resource: str | None = None
    floor: int | None = None
    condition: Callable[[Any, dict], bool] | None = None
    text: str = ""
    own: bool = False

    def value(self, state, ctx: dict) -> int:
        return self.sign * self.amount(state, ctx)


def forbids(verb: str) -> str:
    """The flag of a restriction on players ("the enemy cannot play troops"): a Modifier of this
    stat applies to card ``iid`` used by ``player`` when that player may not ``verb`` it."""
    return f"cannot {verb}"


def register(spec_id: str, spec: Any) -> str:
    SPECS[spec_id] = spec
    return spec_id


def add(state, spec_id: str, controller: int, source: int, last_turn: int = 0, uses: int = 0,
        subjects: tuple = ()) -> None:
    """Make ``spec_id`` last: until the end of turn ``last_turn`` (0: no end), ``uses`` times (0:
    no limit), remembering ``subjects`` for when it fires."""
    entry = (spec_id, controller, source, last_turn, uses) + ((tuple(subjects),) if subjects else ())
    state.vars[LASTING] = state.vars.get(LASTING, ()) + (entry,)


def until_next_turn(player: int) -> int:
    """The ``last turn`` of an effect lasting until ``player``'s next turn begins (whoever's turn
    it is made in, and however many turns other players take meanwhile)."""
    return -1 - player


def until_end_of_next_turn(player: int) -> int:
    """The ``last turn`` of an effect lasting through the end of ``player``'s next turn: it becomes
    that turn's number as the turn begins (:func:`expire`)."""
    return -100 - player


def entries(state) -> tuple:
    """The lasting effects still in force (those of turns gone by are ignored)."""
    out = state.vars.get(LASTING)
    if not out:
        return ()
    turn = state.turn
    return tuple(e for e in out if e[3] <= 0 or e[3] >= turn)


def expire(state) -> None:
    """Forget the lasting effects whose last turn is over, and those lasting until the next
    turn of the player whose turn begins (called as each turn starts)."""
    out = state.vars.get(LASTING)
    if out:
        ends, through = until_next_turn(state.active), until_end_of_next_turn(state.active)
        kept = tuple(e if e[3] != through else e[:3] + (state.turn,) + e[4:]
                     for e in entries(state) if e[3] != ends)
        if kept:
            state.vars[LASTING] = kept
        else:
            del state.vars[LASTING]


def forget(state, iid: int) -> None:
    """Card ``iid`` left play: if it comes back it is a new card, so the lasting effects that
    picked it no longer act on it (one left with no subject ends). Called by a pack where its
    cards leave play, beside the damage and states they lose."""
    out = state.vars.get(LASTING)
    if not out or not any(len(e) > 5 and iid in e[5] for e in out):
        return
    kept = []
    for e in out:
        if len(e) > 5 and iid in e[5]:
            rest = tuple(i for i in e[5] if i != iid)
            if rest:
                kept.append(e[:5] + (rest,))
        else:
            kept.append(e)
    if kept:
        state.vars[LASTING] = tuple(kept)
    else:
        del state.vars[LASTING]


def use(state, entry: tuple) -> None:
    """Count one use of ``entry``; the last one ends it."""
    out = list(state.vars.get(LASTING, ()))
    if entry not in out:
        return
    i = out.index(entry)
    if entry[4] == 1:
        del out[i]
    elif entry[4] > 1:
        out[i] = entry[:4] + (entry[4] - 1,) + entry[5:]
    if out:
        state.vars[LASTING] = tuple(out)
    else:
        state.vars.pop(LASTING, None)


def applying(state, holders, stat: str, iid: int, player: int) -> list[tuple[Modifier, dict, tuple | None]]:
    """Every modifier of ``stat`` that applies to card ``iid`` used by ``player`` now.

    ``holders`` is the pack's list of ``(instance, controller)`` whose static abilities are
    active (``Rules.holders``). Each result is ``(modifier, ctx, lasting entry or None)``.
    """
    if MODIFIERS not in state.listen:
        return []
    out = []
    cards = state.cards
    for src, controller in holders:
        for mod in cards[src].statics:
            if mod.stat != stat:
                continue
            ctx = {"controller": controller, "source": src}
            if (mod.condition is None or mod.condition(state, ctx)) and mod.applies(state, iid, player, ctx):
                out.append((mod, ctx, None))
    for mod in cards[iid].statics:  # its own changes, wherever it is (unless in play: read above)
        if mod.own and mod.stat == stat and all(src != iid for src, _ in holders):
            ctx = {"controller": player, "source": iid}
            if mod.condition is None or mod.condition(state, ctx):
                out.append((mod, ctx, None))
    for entry in entries(state):
        mod = SPECS.get(entry[0])
        if isinstance(mod, Modifier) and mod.stat == stat:
            ctx = {"controller": entry[1], "source": entry[2]}
            if len(entry) > 5:
                ctx["_it"] = list(entry[5])  # the cards the effect picked ("target enemy city gets ...")
            if (mod.condition is None or mod.condition(state, ctx)) and mod.applies(state, iid, player, ctx):
                out.append((mod, ctx, entry))
    return out


def adjust(state, holders, stat: str, iid: int, player: int, base: int, consume: bool = False) -> int:
    """``base`` changed by every modifier of ``stat`` applying to ``iid`` (never below 0 or a floor).

    With ``consume``, lasting modifiers with a number of uses count one use (the cost was paid).
    """
    mods = applying(state, holders, stat, iid, player)
    if not mods:
        return base
    value = base
    floor = 0
    for mod, ctx, entry in mods:
        value += mod.value(state, ctx)
        if mod.floor is not None:
            floor = max(floor, min(mod.floor, base))
        if consume and entry is not None and entry[4]:
            use(state, entry)
    return max(floor, value)


def flagging(state, holders, flag: str, iid: int, player: int) -> list[int]:
    """The cards whose modifiers set ``flag`` on card ``iid`` now, each once, first found first:
    the source of a restriction, to name it. No card in a game without modifiers, where
    ``holders`` (the pack's ``Rules.holders``, a function of the state) is not even called."""
    if MODIFIERS not in state.listen:
        return []
    found = applying(state, holders(state), flag, iid, player)
    return list(dict.fromkeys(ctx["source"] for _mod, ctx, _entry in found))


def forbidding(state, holders, verb: str, iid: int, player: int) -> list[int]:
    """The cards whose restrictions forbid ``player`` to ``verb`` card ``iid`` now ("the enemy
    cannot play troops"): :func:`flagging` with the flag of :func:`forbids`."""
    return flagging(state, holders, forbids(verb), iid, player)
