"""The six states (VIR-STATE-01): marks on hero instances, one set per state.

A state is on or off (VIR-PHASE-STATE-07: no stacking). Immunity blocks new harmful states
(VIR-STATE-04) and suppresses the ones already there while it lasts (VIR-STATE-05);
Invincibility is read by the damage code (heroes.py). A card may give a state for a while
(VIR-STATE-12: "unless the card that grants them gives a duration"): :func:`lapse_later`; and a
card may say a hero cannot be given a harmful state ("this hero cannot be frozen"): :data:`SPARED`.
"""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.framework.effects import native
from tabletop.framework.language import N_, CardName, Phrase, Word
from tabletop.framework.narration import DETAIL, Card, narrate
from tabletop.framework.triggers import TURN_END, TURN_START, Trigger, announce
from tabletop.packs.virevolt import heroes as hz  # (heroes reads the states too: only at play time)
from tabletop.packs.virevolt.keys import KEYS


def _named(state, hero: int) -> str:
    return Phrase(N_("{p}'s {card}"), p=KEYS[state.vars['owner'][hero]].name, card=CardName(state.cards[hero].name))

POISON, BURN, FREEZE, STUN, IMMUNITY, INVINCIBILITY = (
    "poison", "burn", "freeze", "stun", "immunity", "invincibility")
STATES = (POISON, BURN, FREEZE, STUN, IMMUNITY, INVINCIBILITY)
HARMFUL = frozenset((POISON, BURN, FREEZE, STUN))
PROTECTIVE = frozenset((IMMUNITY, INVINCIBILITY))
#: Announced when a hero gets a state it did not have: subject (the hero), player (its owner),
#: how (the state), by (the controller of the effect that gave it)
GAINED = "state gained"
#: A harmful state as a participle: "whenever an enemy hero is poisoned", "this hero cannot be frozen"
TAKEN = {"poisoned": POISON, "burned": BURN, "frozen": FREEZE, "stunned": STUN}
#: The words for a hero that has a state: "each burning enemy hero", "if the target is frozen"
ADJECTIVES = {**TAKEN, "burning": BURN, "immune": IMMUNITY, "invincible": INVINCIBILITY}
#: The flag of a hero a card says cannot be given a harmful state ("your heroes cannot be poisoned")
SPARED = {s: f"virevolt/cannot be given {s}" for s in sorted(HARMFUL)}


def inflict(state, hero: int, st: str, by: int | None = None) -> None:
    """Give ``st`` to ``hero``; a harmful state on an immune hero is ignored (VIR-STATE-05).
    ``by``: the player whose effect gives it (for the abilities answering GAINED)."""
    marks = state.marks
    told = state.log is not None  # a bot's copies narrate nothing: no phrase is built for them
    if st in HARMFUL and hero in marks[IMMUNITY]:
        if told:
            narrate(state, "state", "{hero} is immune: no {st}", hero=_named(state, hero), st=Word(st))
        return
    spared = sparing(state, hero, st) if st in HARMFUL else None
    if spared:
        if told:
            narrate(state, "state", "{hero} cannot be given {st}: {source} protects it", hero=_named(state, hero),
                    st=Word(st), source=Card(spared[0]))
        return
    if hero not in marks[st]:
        if told:
            narrate(state, "state", "{hero} gets {st}", hero=_named(state, hero), st=Word(st))
        marks[st].add(hero)
        if GAINED in state.listen:
            announce(state, GAINED, subject=hero, player=state.vars["owner"][hero], how=st, by=by)


def sparing(state, hero: int, st: str) -> list[int]:
    """The cards whose lasting changes say ``hero`` cannot be given the harmful state ``st`` now
    (none in a game without modifiers)."""
    return lasting.flagging(state, hz.holders, SPARED[st], hero, state.vars["owner"][hero])


def remove(state, hero: int, st: str) -> None:
    if hero in state.marks[st] and state.log is not None:
        narrate(state, "state", "{hero} loses {st}", hero=_named(state, hero), st=Word(st))
    state.marks[st].discard(hero)


def clear(state, hero: int) -> None:
    """A hero leaving play loses every state (VIR-STATE-13)."""
    for st in STATES:
        state.marks[st].discard(hero)


def of(state, hero: int) -> list[str]:
    marks = state.marks
    return sorted(st for st in STATES if hero in marks[st])


def stunned(state, p: int) -> bool:
    """VIR-STATE-03: Stun on any of the player's heroes blocks all their paid rotations."""
    marks = state.marks
    stun = marks[STUN]
    k = KEYS[p]
    return bool(stun) and any(h in stun and h not in marks[IMMUNITY]
                              for h in state.zones[k.main] + state.zones[k.secondary])


def frozen(state, hero: int) -> bool:
    """VIR-STATE-02: Freeze stops only the hero that has it from attacking."""
    marks = state.marks
    return hero in marks[FREEZE] and hero not in marks[IMMUNITY]


def end_phase(state, p: int) -> None:
    """VIR-PHASE-END-01/03: Freeze and Stun leave the player's heroes; the others stay."""
    k = KEYS[p]
    marks = state.marks
    for h in state.zones[k.main] + state.zones[k.secondary]:
        for st in (FREEZE, STUN):
            if h in marks[st]:
                marks[st].discard(h)
                if state.log is not None:
                    narrate(state, "state", "{hero} loses {st}", level=DETAIL, hero=_named(state, h), st=Word(st))


# ---------------------------------------------------------------------- states for a while
#: How long a state given "for a while" stays: until the end of the turn it was given in
#: ("until the end of your turn", "this turn"), or until its giver's next turn starts.
UNTIL = {"turn": TURN_END, "next": TURN_START}


def _lapse(st: str):
    def step(state, ctx):
        for hero in ctx.get("_it") or ():
            remove(state, hero, st)
        return None
    return step


def _giver_turn(state, ctx) -> bool:
    return ctx.get("player") == ctx["controller"]


_LAPSES = {(st, until): lasting.register(f"virevolt/{st}-until-{until}", Trigger(
    event, None if until == "turn" else _giver_turn, native(f"virevolt/{st}-lapses-{until}", _lapse(st)),
    text=f"{st} given until {'the end of the turn' if until == 'turn' else 'the next turn'} lapses"))
    for st in STATES for until, event in UNTIL.items()}


def lapse_later(state, ctx: dict, given: list, until: str) -> None:
    """Make each ``(state, hero)`` of ``given`` (states the effect gave, not ones the hero had)
    lapse at the moment ``until`` names (a key of :data:`UNTIL`)."""
    for st in STATES:
        heroes = tuple(h for s, h in given if s == st)
        if heroes:
            lasting.add(state, _LAPSES[st, until], ctx["controller"], ctx.get("source", -1),
                        state.turn if until == "turn" else 0, 1, heroes)
