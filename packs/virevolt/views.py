"""What each player sees (``view``) and what scenario files look into (``describe``).

A view never shows another player's hand, anyone else's face-down traps, or any deck's
order (sizes only); crystals, heroes, damage, states and tokens are public.
"""
from __future__ import annotations

from tabletop.framework.language import N_, Phrase, Word
from tabletop.framework.state import State

from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt import traps
from tabletop.packs.virevolt.keys import KEYS


class Views:
    """The view and describe methods of :class:`~tabletop.packs.virevolt.rules.VirevoltRules`."""

    def _hero(self, state, h, full=True) -> dict:
        d = state.cards[h]
        out = {"name": d.name, "colour": d.colour, "hp": hz.hp(state, h), "max_hp": hz.max_hp(state, h),
               "damage": state.values[hz.DAMAGE].get(h, 0), "states": st.of(state, h)}
        if full:
            out.update(rotation=cr.format_cost(d.rot), sacrifice=cr.format_cost(d.sac),
                       powers=list(d.get("powers", [])),
                       attacks=[{"name": a.name, "cost": cr.format_cost(a.cost), "effect": a.text} for a in d.attacks])
        return out

    # ------------------------------------------------------------------ who sees what
    def zone_seen_by(self, state: State, key: str) -> frozenset | None:
        """Hands and face-down traps: their owner; decks and the box: nobody; the rest: everyone."""
        owner, _, rest = key.partition(".")
        if rest in ("hand", "traps"):
            return frozenset((int(owner[1:]) - 1,))
        if rest == "deck" or key == "box":
            return frozenset()
        return None

    _ZONE_WORDS = {"main": N_("main hero"), "secondary": N_("secondary heroes"), "traps": N_("traps"),
                   "casting": N_("incantation being cast"), "hand": N_("hand"), "deck": N_("deck"),
                   "graveyard": N_("graveyard"), "crystals": N_("crystals")}

    def phase_label(self, phase: str) -> str:
        from tabletop.packs.virevolt.board import PHASES

        return Word(PHASES[phase]) if phase in PHASES else phase

    def zone_label(self, key: str) -> str:
        owner, _, rest = key.partition(".")
        if rest:
            return Phrase(N_("{p}'s {zone}"), p=owner, zone=Word(self._ZONE_WORDS.get(rest, rest)))
        return Word(N_("out of the game")) if key == "box" else key

    def secret_decision(self, state: State) -> bool:
        """A trap window's question (VIR-TRAP-02: only a player holding a trap that can answer
        now is asked, so the asking itself is hidden)."""
        return state.pending is not None and state.pending.key == traps.ANSWER

    def view(self, state: State, player: int | None) -> dict:
        """What ``player`` may know (``None``: a spectator): no one else's hand or face-down
        traps, no deck's order; the question a decision asks only to whoever must answer it."""
        z = state.zones
        c = state.counters
        consumed = state.marks[cr.CONSUMED]
        players = {}
        for i in range(state.nplayers):
            k = KEYS[i]
            me = i == player
            pv = {
                "hand_size": len(z[k.hand]),
                "deck_size": len(z[k.deck]),
                "graveyard": [state.cards[x].name for x in z[k.graveyard]],
                "traps_set": len(z[k.traps]),
                "crystals": [{"colour": state.cards[x].colour, "consumed": x in consumed} for x in z[k.crystals]],
                "main": self._hero(state, z[k.main][0]) if z[k.main] else None,
                "secondary": [self._hero(state, h) for h in z[k.secondary]],
                "casting": [state.cards[x].name for x in z[k.casting]],
                "tokens": c[k.tokens],
                "crystal_played": bool(c[k.crystal_played]),
                "attacked": bool(c[k.attacked]),
                "eliminated": bool(c[k.eliminated]),
            }
            if me:
                pv["hand"] = [state.cards[x].name for x in z[k.hand]]
                pv["traps"] = [state.cards[x].name for x in z[k.traps]]
            players[k.name] = pv
        pend = state.pending
        pending = None
        if pend is not None and (pend.player == player or not self.secret_decision(state)):
            # the question is the decider's; a secret one (asking p2 about a trap says p2 holds one
            # it can use, VIR-TRAP-02) is not even said to be asked
            pending = {"player": KEYS[pend.player].name}
            if pend.player == player:
                pending["prompt"] = pend.prompt
                pending["options"] = [" ".join(map(str, o)) for o in pend.options]
        return {"game": "virevolt", "you": None if player is None else KEYS[player].name, "turn": state.turn,
                "active": KEYS[state.active].name, "phase": state.phase, "over": state.over,
                "winner": None if state.winner is None else KEYS[state.winner].name,
                "pending": pending, "players": players}

    def describe(self, state: State) -> dict:
        z = state.zones
        c = state.counters
        cards = state.cards
        consumed = state.marks[cr.CONSUMED]
        out = {"turn": state.turn, "active": KEYS[state.active].name, "phase": state.phase,
               "over": state.over, "winner": None if state.winner is None else KEYS[state.winner].name,
               "pending": state.pending.prompt if state.pending is not None else None}
        for i in range(state.nplayers):
            k = KEYS[i]
            inplay = z[k.main] + z[k.secondary]
            out[k.name] = {
                "hand": [cards[x].name for x in z[k.hand]],
                "deck": [cards[x].name for x in z[k.deck]],
                "graveyard": [cards[x].name for x in z[k.graveyard]],
                "traps": [cards[x].name for x in z[k.traps]],
                "crystals": [{"colour": cards[x].colour, "consumed": x in consumed} for x in z[k.crystals]],
                "main": cards[z[k.main][0]].name if z[k.main] else None,
                "secondary": [cards[x].name for x in z[k.secondary]],
                "heroes": {lab: {"hp": hz.hp(state, h), "damage": state.values[hz.DAMAGE].get(h, 0),
                                 "states": st.of(state, h)}
                           for h, lab in zip(inplay, hz.labels(state, inplay))},
                "tokens": c[k.tokens],
                "crystal_played": bool(c[k.crystal_played]),
                "attacked": bool(c[k.attacked]),
                "eliminated": bool(c[k.eliminated]),
            }
        return out
