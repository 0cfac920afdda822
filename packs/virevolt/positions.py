"""Scenario positions: ``apply_setup`` turns a scenario's ``setup:`` into a game state.

The keys are listed in ``docs/packs/reference/virevolt.md`` (scenario writers).
"""
from __future__ import annotations

from tabletop.framework.state import State

from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.keys import BOX, COLOURS, KEYS, PHASES, player_arg


class Positions:
    """The scenario-setup method of :class:`~tabletop.packs.virevolt.rules.VirevoltRules`."""

    def apply_setup(self, state: State, setup: dict) -> None:
        if not isinstance(setup, dict):
            raise ValueError("setup must be a mapping")
        known = {"active", "phase", "turn"} | {KEYS[i].name for i in range(state.nplayers)}
        for key in setup:
            if key not in known:
                from tabletop.framework.suggest import did_you_mean

                raise ValueError(f"unknown setup key {key!r}{did_you_mean(str(key), known)}")
        state.stack.clear()
        state.pending = None
        state.over = False
        state.winner = None
        if "active" in setup:
            state.active = player_arg(setup["active"], state.nplayers)
        if "turn" in setup:
            state.turn = int(setup["turn"])
        cards = list(state.cards)
        owner = list(state.vars["owner"])
        z = state.zones

        def new(name: str, p: int) -> int:
            if name not in self.by_name:
                from tabletop.framework.suggest import did_you_mean

                raise ValueError(f"unknown card {name!r}{did_you_mean(name, self.by_name)}")
            cards.append(self.by_name[name])
            owner.append(p)
            return len(cards) - 1

        pending_values = []
        for i in range(state.nplayers):
            k = KEYS[i]
            ps = setup.get(k.name)
            if ps is None:
                state.counters[k.has_played] = 1
                continue
            if not isinstance(ps, dict):
                raise ValueError(f"setup {k.name} must be a mapping")
            allowed = {"hand", "deck", "graveyard", "traps", "main", "secondary", "crystals", "damage",
                       "states", "tokens", "has_played", "crystal_played", "attacked"}
            for key in ps:
                if key not in allowed:
                    from tabletop.framework.suggest import did_you_mean

                    raise ValueError(f"unknown setup key {k.name}.{key}{did_you_mean(str(key), allowed)}")
            for key, zone in (("hand", k.hand), ("deck", k.deck), ("graveyard", k.graveyard), ("traps", k.traps),
                              ("secondary", k.secondary)):
                if key in ps:
                    z[BOX].extend(z[zone])
                    z[zone] = [new(n, i) for n in (ps[key] or [])]
            if "main" in ps:
                z[BOX].extend(z[k.main])
                z[k.main] = [new(ps["main"], i)] if ps["main"] else []
            if "crystals" in ps:
                for x in z[k.crystals]:
                    state.marks[cr.CONSUMED].discard(x)
                z[BOX].extend(z[k.crystals])
                z[k.crystals] = []
                for item in ps["crystals"] or []:
                    colour, used = (item.get("colour"), bool(item.get("consumed"))) if isinstance(item, dict) else (item, False)
                    if colour not in COLOURS:
                        raise ValueError(f"unknown crystal colour {colour!r}")
                    iid = new(f"{colour.capitalize()} Crystal", i)
                    z[k.crystals].append(iid)
                    if used:
                        state.marks[cr.CONSUMED].add(iid)
            if len(z[k.main]) + len(z[k.secondary]) > 3 or len(z[k.secondary]) > 2:
                raise ValueError(f"{k.name}: at most one main and two secondary heroes")
            if not z[k.main] and z[k.secondary]:
                raise ValueError(f"{k.name}: secondary heroes need a main hero")
            pending_values.append((i, ps))
            state.counters[k.tokens] = int(ps.get("tokens", state.counters[k.tokens]))
            state.counters[k.has_played] = 1 if ps.get("has_played", True) else 0
            state.counters[k.crystal_played] = 1 if ps.get("crystal_played", False) else 0
            state.counters[k.attacked] = 1 if ps.get("attacked", False) else 0
        state.cards = cards
        state.vars["owner"] = tuple(owner)
        # heroes that left for the box lose their marks
        for s in st.STATES:
            state.marks[s] &= set(h for i in range(state.nplayers) for h in hz.in_play(state, i))
        dmg = state.values[hz.DAMAGE]
        for h in list(dmg):
            if not hz.is_in_play(state, h):
                del dmg[h]
        for i, ps in pending_values:
            k = KEYS[i]
            inplay = hz.in_play(state, i)
            labs = hz.labels(state, inplay)
            for label, n in (ps.get("damage") or {}).items():
                if label not in labs:
                    raise ValueError(f"{k.name}: no hero {label!r} in play (heroes: {', '.join(labs) or 'none'})")
                dmg[inplay[labs.index(label)]] = int(n)
            for label, sts in (ps.get("states") or {}).items():
                if label not in labs:
                    raise ValueError(f"{k.name}: no hero {label!r} in play (heroes: {', '.join(labs) or 'none'})")
                for s in ([sts] if isinstance(sts, str) else sts):
                    if s not in st.STATES:
                        raise ValueError(f"unknown state {s!r}")
                    state.marks[s].add(inplay[labs.index(label)])
        phase = setup.get("phase", "main")
        if phase not in PHASES:
            from tabletop.framework.suggest import did_you_mean

            raise ValueError(f"unknown phase {phase!r}{did_you_mean(str(phase), PHASES)}")
        self.enter_phase(state, self._phase[phase])
        self.settle(state)
