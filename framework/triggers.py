"""Events and triggered abilities: something happened, and cards that wait for it answer.

Two ways in, one for each kind of waiting card:

* **Announced events** (:func:`announce`) are the engine's common events, the same in every
  pack: a card is played, acquired, enters or leaves play, a hero dies, a turn or a phase
  starts or ends. They are queued in the state and resolved by :meth:`Rules.settle` once the
  effect that caused them has finished: each card whose ability answers (a card in play, the
  card the event is about, a lasting trigger an effect made) has its program pushed, in the
  order the events happened. Announcing costs nothing when no card of the game answers that
  event (``state.listen``), so a game without such cards pays nothing.
* **Signals** (:func:`emit`) are a pack's own moments that must be answered *before* the
  action goes on (a Volfyirion Ploy, a Virevolt trap window): the pack says who listens
  (:meth:`Rules.listeners`) and how a trigger resolves (:meth:`Rules.fire`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from tabletop.framework.effects import Program, push

# The announced events and the data each carries (``subject``: the card's instance id;
# ``player``: who did it, or whose turn or phase it is).
PLAYED = "played"            # subject, player: a card played from hand
ACQUIRED = "acquired"        # subject, player: a card bought or taken into a player's cards
ENTERED = "entered"          # subject, player: a card entered play
LEFT = "left"                # subject, player (its owner), how: destroyed|replaced|removed|died|returned|sacrificed,
#                              by: the player who made it leave (None when nobody did, as a state's damage)
DAMAGED = "damaged"          # subject, player (its owner), amount
ATTACKED = "attacked"        # subject (the card attacked: a City, a main hero), player (its owner), by (who
#                              attacks), attacker and target (the attacking card and the card
#                              attacked, when a card attacks)
DRAWN = "drawn"              # subject, player: a card drawn into that player's hand, one event a card
DISCARDED = "discarded"      # subject, player: a card an effect made that player discard from their hand
GAINED = "gained"            # player, how (what was gained: a resource, a pack's tally such as a victory
#                              token), amount, gained (True: what the abilities answering it carry), causes
TURN_START = "turn_start"    # player
TURN_END = "turn_end"        # player
PHASE_START = "phase_start"  # player, phase
PHASE_END = "phase_end"      # player, phase

#: in a gain's data, the cards whose gain abilities led to it (:func:`announce_gain`)
CAUSES = "causes"

EVENTS = (PLAYED, ACQUIRED, ENTERED, LEFT, DAMAGED, ATTACKED, DRAWN, DISCARDED, GAINED, TURN_START, TURN_END,
          PHASE_START, PHASE_END)

#: In a trigger's context where ``they`` names the doer of a deed (``Trigger.they``), the key keeping
#: whose the event's card is ("whenever you destroy an enemy troop, its owner draws a card")
SUBJECT_OWNER = "subject_owner"

#: In ``state.listen`` when some card asks what happened this turn ("if you played a troop
#: this turn"): the events announced are then also kept, for the turn, in ``state.vars``.
HISTORY = "history"


@dataclass(frozen=True)
class Trigger:
    """A compiled ``when`` ability: the event it waits for, an optional test, and its program.

    ``own`` triggers answer only events about their own card (``when this card is
    acquired``), wherever that card is; the others answer while their card is in play.
    ``once_per_turn`` triggers fire at most once a turn for each card. ``it`` is the key of the
    event's data that the program's ``it`` names (the event's subject unless said otherwise);
    ``they`` likewise.
    """

    event: str
    test: Callable[[Any, dict], bool] | None
    program: Program
    optional: bool = False
    cost: Any = None
    text: str = ""
    own: bool = False
    once_per_turn: bool = False
    it: str = "subject"
    they: str = "player"
    """The key of the event's data that the program's ``they`` names: the event's player, or
    ``by`` for a deed ("whenever an enemy attacks this city, they lose 2 battle": the attacker)."""
    moment: tuple | None = None
    """For "at the start|end of ..." abilities, ``(event, whose, phase)``: ``whose`` is ``you``,
    ``enemies`` or ``this``, ``phase`` None for the turn; a pack reads it to refuse a moment its card
    is never in play at."""


def announce(state, event: str, **data: Any) -> None:
    """Record that ``event`` happened, for the triggered abilities that answer it (and for the
    turn's history, when a card of the game reads it)."""
    if event in state.listen:
        state.events.append((event, data))
        if HISTORY in state.listen:
            kept = state.vars.get(HISTORY)
            past = kept[1] if kept is not None and kept[0] == state.turn else ()
            state.vars[HISTORY] = (state.turn, past + ((event, data),))


def announce_gain(state, p: int, what: str, n: int, subject: int | None = None) -> None:
    """Announce that player ``p`` gained ``n`` of ``what`` (``subject``: the card gained, when a card
    is, as Virevolt's crystals); a pack calls it where some card answers a gain (``GAINED in
    state.listen``). The gain carries the cards whose gain abilities led to it (``causes``: those
    resolving now, and what led to each), and none of them answers it: "whenever you gain battle:
    gain 1 battle" gains once, and two cards answering each other's gains each answer once, never
    without end."""
    if n > 0:
        causes = set()
        for f in state.stack:
            ctx = f.ctx
            if ctx.get(GAINED):
                causes.add(ctx["source"])
                causes.update(ctx.get(CAUSES, ()))
        causes = sorted(causes)  # (JSON-ready, as a frame's context must be)
        if subject is None:
            announce(state, GAINED, player=p, how=what, amount=n, gained=True, causes=causes)
        else:
            announce(state, GAINED, subject=subject, player=p, how=what, amount=n, gained=True, causes=causes)


#: where an effect that asks what happened "just now" ("if it dies") notes, as its first step,
#: how far the turn's history went when it began: ``(turn, number of events)``
SINCE = "_since"


def mark(state, ctx: dict) -> None:
    """The first step of a program with a "just now" condition (see :data:`SINCE`)."""
    ctx[SINCE] = (state.turn, len(this_turn(state)))


def this_turn(state) -> tuple:
    """The ``(event, data)`` announced so far this turn, oldest first, of the events some card
    of the game answers (empty unless a card reads the turn's history: ``HISTORY``)."""
    kept = state.vars.get(HISTORY)
    return kept[1] if kept is not None and kept[0] == state.turn else ()


def cause(state) -> int:
    """The player behind what is happening now: the controller of the effect resolving, else
    the player whose action it is (who destroyed a Troop, who sacrificed a hero)."""
    stack = state.stack
    if stack:
        controller = stack[-1].ctx.get("controller")
        if controller is not None:
            return controller
    return state.to_move()


def listened(cards) -> frozenset:
    """The events some card among ``cards`` (definitions) answers, by itself or through its effects."""
    out: set = set()
    for c in {id(c): c for c in cards}.values():
        out.update(getattr(c, "listens", ()))
    return frozenset(out)


def emit(state, rules, event: str, data: dict) -> int:
    """Fire a pack's signal now: the triggers of ``rules.listeners``; return how many fired."""
    fired = 0
    for iid, owner in rules.listeners(state, event):
        for trig in state.cards[iid].triggers:
            if trig.event != event:
                continue
            ctx = dict(data)
            ctx["source"] = iid
            ctx["controller"] = owner
            if trig.test is None or trig.test(state, ctx):
                rules.fire(state, iid, trig, ctx)
                fired += 1
    return fired


def fire_now(state, trigger: Trigger, ctx: dict) -> None:
    """Run ``trigger``'s program at once with ``ctx`` (the default way a trigger resolves)."""
    push(state, trigger.program, ctx)
