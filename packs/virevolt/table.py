"""Virevolt's table for the card language: zones, kinds, states, numbers, and how cards move.

A card text may name: ``hand``, ``deck``, ``graveyard`` (``discard pile``), ``traps``,
``heroes`` (main and secondary, in play), ``crystals`` (``play area``), ``play``; the kinds
``hero``, ``crystal``, ``incantation``, ``trap``; the adjectives ``main``, ``secondary``,
``damaged``, ``unconsumed``, ``consumed``, the colours and the states' (``burning``, ``frozen``,
``immune``...: :data:`~.states.ADJECTIVES`); the numbers ``hp`` (what is left),
``damage``; the states (``burn``, ``poison``...); the phases ``draw``,
``state``, ``main``, ``combat``, ``secondary`` and ``end``. A hero that leaves play loses its
damage and states and is replaced as main hero (VIR-HERO-18); a destroyed hero dies.
"""
from __future__ import annotations

from tabletop.dsl.table import Kind, Table, Zone
from tabletop.framework.language import N_, Word
from tabletop.framework import lasting, narration
from tabletop.framework.triggers import DISCARDED, ENTERED, GAINED, announce, announce_gain
from tabletop.framework.zones import draw as draw_cards

from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.keys import BOX, COLOURS, CRYSTAL, HERO, INCANTATION, KEYS, MAX_HEROES, PHASES, TRAP

TRAP_PROOF = "cannot be chosen by traps"


def _zone(attr: str):
    return lambda state, p: [getattr(KEYS[p], attr)]


def _into_play(state, p: int, iid: int) -> str | None:
    """Where card ``iid`` enters play for ``p``: a crystal among the crystals, a hero as main
    hero or secondary; None (it stays where it is) for a fourth hero (VIR-PHASE-MAIN-02), or a
    card that is never in play (an incantation, a trap)."""
    k = KEYS[p]
    kind = state.cards[iid].kind
    if kind == CRYSTAL:
        return k.crystals
    if kind != HERO:
        return None
    z = state.zones
    if not z[k.main]:
        return k.main
    return k.secondary if len(z[k.main]) + len(z[k.secondary]) < MAX_HEROES else None


ZONES = (
    Zone("hand", ("hand",), _zone("hand"), lambda s, p, i=None: KEYS[p].hand, hidden=True),
    Zone("deck", ("deck",), _zone("deck"), lambda s, p, i=None: KEYS[p].deck, pile=True, secret=True),
    Zone("graveyard", ("graveyard", "discard pile"), _zone("graveyard"),
         lambda s, p, i=None: KEYS[p].graveyard, pile=True),
    Zone("traps", ("traps", "trap zone"), _zone("traps"), lambda s, p, i=None: KEYS[p].traps, hidden=True),
    Zone("heroes", ("heroes",), lambda s, p: [KEYS[p].main, KEYS[p].secondary], in_play=True),
    Zone("crystals", ("crystals", "crystal zone"), _zone("crystals"), lambda s, p, i=None: KEYS[p].crystals,
         in_play=True),
    Zone("play", ("play area", "play"), lambda s, p: [KEYS[p].main, KEYS[p].secondary, KEYS[p].crystals],
         lambda s, p, i=None: _into_play(s, p, i), in_play=True),
)

KINDS = (
    Kind("hero", lambda c: c.kind == HERO, "heroes"),
    Kind("crystal", lambda c: c.kind == CRYSTAL, "crystals"),
    Kind("incantation", lambda c: c.kind == INCANTATION, "hand"),
    Kind("trap", lambda c: c.kind == TRAP, "traps"),
)

_HERO_ZONES = frozenset(k for K in KEYS for k in (K.main, K.secondary))
_CRYSTAL_ZONES = frozenset(K.crystals for K in KEYS)
_PLAY_ZONES = _HERO_ZONES | _CRYSTAL_ZONES


def chooseable(state, iid: int, ctx: dict) -> bool:
    """A trap's effect cannot choose a hero that 'cannot be chosen by traps' now."""
    if not ctx.get("trap") or lasting.MODIFIERS not in state.listen:
        return True
    return not lasting.flagging(state, hz.holders, TRAP_PROOF, iid, hz.owner(state, iid))


#: why a change to what a hero costs is refused ("your heroes cost 1 less", a hero's own "this card
#: costs 1 less"): nothing pays for a hero to enter play
HERO_COST = N_("a hero enters play without paying crystals (VIR-HERO-16), so a change to what a hero costs has "
               "nothing to change: a hero's costs are its attacks' ('this hero's attacks cost 1 crystal less'), "
               "its rotation and its sacrifice, printed on the card")
#: why a change to what a crystal or a trap costs is refused: the rules read no change of theirs
_CRYSTAL_COST = N_("a crystal is put into play without paying anything (VIR-PHASE-MAIN-05), so a change to what "
                   "a crystal costs has nothing to change; change what incantations cost ('your incantations cost "
                   "1 less')")
_TRAP_COST = N_("a trap is set for free and activated by paying its printed cost (VIR-TRAP-05, VIR-TRAP-06), "
                "which no change reaches; change what incantations cost ('your incantations cost 1 less')")


def _copied_effect(state, iid: int, ctx: dict):
    """An incantation's effect, for a copy ("copy the effect of target incantation in your graveyard"):
    the program of an incantation printed with one effect; of one printed with several, each (the copy
    asks which: nothing is cast, so no cost says it)."""
    effects = state.cards[iid].effects
    if not effects:
        return None
    return effects[0].program if len(effects) == 1 else tuple(e.program for e in effects)


class VirevoltTable(Table):
    cost_verbs = ("cast", "play")  # a cost is paid when an incantation is cast (there is no buying)
    acquiring = False  # decks are built before the game: no card is ever acquired
    name = "virevolt"
    departures = ("died", "sacrificed", "returned", "removed")  # heroes die; nothing is destroyed
    attacked = "hero"
    attacker = "hero"
    attacks_per_turn = 1  # VIR-PHASE-COMBAT-01
    tallies = {"victory token": lambda state, p: state.counters[KEYS[p].tokens]}  # VIR-WIN: five win
    restrictions = ("play", "cast")  # checked by rules._main_actions through heroes.forbidden
    zones = ZONES
    kinds = KINDS
    adjectives = {
        "main": lambda state, iid, key: hz.is_main(state, iid) if state.cards[iid].kind == HERO else False,
        "secondary": lambda state, iid, key: state.cards[iid].kind == HERO and hz.is_in_play(state, iid)
        and not hz.is_main(state, iid),
        "damaged": lambda state, iid, key: state.values[hz.DAMAGE].get(iid, 0) > 0,
        "consumed": lambda state, iid, key: iid in state.marks[cr.CONSUMED],
        "unconsumed": lambda state, iid, key: state.cards[iid].kind == CRYSTAL and iid not in state.marks[cr.CONSUMED],
        # a hero is frozen while it has Freeze, as "has freeze" reads: Immunity suppresses what the
        # state does (VIR-STATE-05), and the hero keeps it
        **{word: (lambda state, iid, key, s=s: iid in state.marks[s]) for word, s in st.ADJECTIVES.items()},
    }
    attributes = {
        "hp": lambda state, iid: hz.hp(state, iid),
        "damage": lambda state, iid: state.values[hz.DAMAGE].get(iid, 0),
        "states": lambda state, iid: sum(iid in state.marks[s] for s in st.STATES),  # how many it has
    }
    states = {s: (lambda state, iid, s=s: iid in state.marks[s]) for s in st.STATES}
    phases = {f"{p} phase": p for p in PHASES}
    cost_units = COLOURS + ("crystal",)
    modifiable = ("hp",)
    nameable = {"colour": "colour"}
    copyable = {"effect": _copied_effect}
    giving_up = ("consume",)  # consuming your own crystals: packs.virevolt.consuming
    unpriced = {"hero": HERO_COST, "crystal": _CRYSTAL_COST, "trap": _TRAP_COST}

    def players(self, state) -> list[int]:
        c = state.counters
        return [q for q in range(state.nplayers) if not c[KEYS[q].eliminated]]

    def owner(self, state, iid: int, key: str | None = None) -> int:
        return hz.owner(state, iid)

    def colour(self, card) -> str | None:
        return card.colour

    def labels(self, state, cands: list, viewer: int, seen=()) -> list[str]:
        heroes = [iid for iid, key in cands if key in _HERO_ZONES]
        named = dict(zip(heroes, hz.player_labels(state, heroes))) if heroes else {}
        others = super().labels(state, [c for c in cands if c[0] not in named], viewer, seen)
        it = iter(others)
        return [named[iid] if iid in named else next(it) for iid, key in cands]

    def label(self, state, iid: int, key: str, viewer: int) -> str:
        p, _, zone = key.partition(".")
        name = state.cards[iid].name
        if key in _HERO_ZONES:
            return f"{p}:{name}"
        return f"{zone}:{name}" if int(p[1:]) - 1 == viewer else f"{key}:{name}"

    def chooseable(self, state, iid: int, ctx: dict) -> bool:
        return chooseable(state, iid, ctx)

    # -------------------------------------------------------------- moving cards
    def draw(self, state, p: int, n: int) -> int:
        k = KEYS[p]
        return draw_cards(state, k.deck, k.hand, n)  # VIR-PHASE-DRAW-02: an empty deck draws nothing

    def can_draw(self, state, p: int) -> bool:
        return bool(state.zones[KEYS[p].deck])

    def move(self, state, iid: int, key: str, dest: str, bottom: bool = False) -> None:
        """Move a card as a card's effect says, and tell it (a hero returning to a hand tells itself)."""
        told = state.log is not None and not (key in _HERO_ZONES and dest == KEYS[hz.owner(state, iid)].hand)
        if key in _HERO_ZONES and dest not in _HERO_ZONES:
            hz.leave_play(state, iid, dest, "returned")
            if bottom:
                state.zones[dest].remove(iid)
                state.zones[dest].insert(0, iid)
        else:
            super().move(state, iid, key, dest, bottom)
            if key in _PLAY_ZONES and dest not in _PLAY_ZONES:
                state.marks[cr.CONSUMED].discard(iid)
        owner = int(dest[1:dest.index(".")]) - 1 if dest.startswith("p") and "." in dest else None
        taken = owner is not None and owner != hz.owner(state, iid)
        if taken:
            owners = list(state.vars["owner"])
            owners[iid] = owner  # taken: the card now belongs to the player whose zone it is in
            state.vars["owner"] = tuple(owners)
        if key.endswith(".deck"):
            state.reveals += 1
        if dest in _PLAY_ZONES and key not in _PLAY_ZONES:
            announce(state, ENTERED, subject=iid, player=hz.owner(state, iid))
        if GAINED in state.listen and dest in _CRYSTAL_ZONES and (taken or key not in _PLAY_ZONES):
            announce_gain(state, hz.owner(state, iid), "crystal", 1, iid)  # "whenever you gain a crystal"
        if told:  # the card is named to whoever sees it where it went or where it was
            where = Word(N_(" (at the bottom)")) if bottom else ""
            narration.narrate(state, "move", "{card} goes from {src} to {dst}{where}",
                              card=narration.Card(iid, came_from=key), src=narration.Zone(key),
                              dst=narration.Zone(dest), where=where)

    def discard(self, state, iid: int, key: str) -> None:
        p = hz.owner(state, iid)
        self.move(state, iid, key, KEYS[p].graveyard)
        if DISCARDED in state.listen and key == KEYS[p].hand:
            announce(state, DISCARDED, subject=iid, player=p)

    def destroy(self, state, iid: int, key: str, ctx: dict) -> None:
        if key in _HERO_ZONES:
            hz.kill(state, iid, ctx.get("controller"))
        else:
            self.discard(state, iid, key)

    def remove(self, state, iid: int, key: str, ctx: dict) -> None:
        if key in _HERO_ZONES:
            hz.leave_play(state, iid, BOX, "removed")
        else:
            self.move(state, iid, key, BOX)
