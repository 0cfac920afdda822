"""Scenario positions: ``apply_setup`` turns a scenario's ``setup:`` into a game state.

The keys are listed in ``docs/packs/reference/virevolt.md`` (scenario writers).
"""
from __future__ import annotations

from tabletop.framework import setups as S
from tabletop.framework.language import N_
from tabletop.framework.state import State

from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.keys import BOX, COLOURS, KEYS, PHASES, player_arg

MAX_HP = 99


SETUP_KEYS = ("active", "phase", "turn")
PLAYER_KEYS = ("hand", "deck", "graveyard", "traps", "main", "secondary", "crystals", "damage", "states",
               "tokens", "has_played", "crystal_played", "attacked")
MAX_TURN = 10_000


class Positions:
    """The scenario-setup method of :class:`~tabletop.packs.virevolt.rules.VirevoltRules`."""

    def apply_setup(self, state: State, setup: dict) -> None:
        """Put a fresh game into the position a scenario describes (docs/packs/reference/virevolt.md); a fault
        is a :class:`SetupError` naming the key, checked before anything changes."""
        setup = S.mapping(setup, (), "{active: p1, p1: {main: Ember Warden, crystals: [red]}}")
        n = state.nplayers
        players = [KEYS[i].name for i in range(n)]
        S.known_keys(setup, SETUP_KEYS + tuple(players), ())
        plan = [self._checked_player(setup.get(k), (k,)) for k in players]
        active = player_arg(S.choice(setup["active"], ("active",), players), n) if "active" in setup else None
        turn = S.whole(setup["turn"], ("turn",), 1, MAX_TURN, N_("the turn")) if "turn" in setup else None
        phase = S.choice(setup.get("phase", "main"), ("phase",), PHASES)
        state.stack.clear()
        state.pending = None
        state.over = False
        state.winner = None
        if active is not None:
            state.active = active
        if turn is not None:
            state.turn = turn
        cards = list(state.cards)
        owner = list(state.vars["owner"])
        z = state.zones

        def new(name: str, p: int) -> int:
            cards.append(self.by_name[name])
            owner.append(p)
            return len(cards) - 1

        for i, ps in enumerate(plan):
            k = KEYS[i]
            if ps is None:
                state.counters[k.has_played] = 1
                continue
            for key, zone in (("hand", k.hand), ("deck", k.deck), ("graveyard", k.graveyard), ("traps", k.traps),
                              ("secondary", k.secondary)):
                if key in ps:
                    z[BOX].extend(z[zone])
                    z[zone] = [new(nm, i) for nm in ps[key]]
            if "main" in ps:
                z[BOX].extend(z[k.main])
                z[k.main] = [new(ps["main"], i)] if ps["main"] else []
            if "crystals" in ps:
                for x in z[k.crystals]:
                    state.marks[cr.CONSUMED].discard(x)
                z[BOX].extend(z[k.crystals])
                z[k.crystals] = []
                for colour, used in ps["crystals"]:
                    iid = new(f"{colour.capitalize()} Crystal", i)
                    z[k.crystals].append(iid)
                    if used:
                        state.marks[cr.CONSUMED].add(iid)
            if len(z[k.secondary]) > 2:
                raise S.SetupError((k.name, "secondary"), "at most two secondary heroes (VIR-PHASE-MAIN-02)")
            if not z[k.main] and z[k.secondary]:
                raise S.SetupError((k.name, "secondary"), "secondary heroes need a main hero")
            for key, counter in (("tokens", k.tokens),):
                if key in ps:
                    state.counters[counter] = ps[key]
            state.counters[k.has_played] = 1 if ps.get("has_played", True) else 0
            state.counters[k.crystal_played] = 1 if ps.get("crystal_played", False) else 0
            state.counters[k.attacked] = 1 if ps.get("attacked", False) else 0
        state.cards = cards
        state.vars["owner"] = tuple(owner)
        # heroes that left for the box lose their marks
        for st_name in st.STATES:
            state.marks[st_name] &= set(h for i in range(n) for h in hz.in_play(state, i))
        dmg = state.values[hz.DAMAGE]
        for h in list(dmg):
            if not hz.is_in_play(state, h):
                del dmg[h]
        for i, ps in enumerate(plan):
            if ps is None:
                continue
            k = KEYS[i]
            inplay = hz.in_play(state, i)
            labs = hz.labels(state, inplay)
            for label, amount in ps.get("damage", {}).items():
                hero = self._setup_hero(labs, inplay, label, (k.name, "damage", label), k.name)
                dmg[hero] = amount
            for label, sts in ps.get("states", {}).items():
                hero = self._setup_hero(labs, inplay, label, (k.name, "states", label), k.name)
                for s_name in sts:
                    state.marks[s_name].add(hero)
        self.enter_phase(state, self._phase[phase])
        self.settle(state)

    @staticmethod
    def _setup_hero(labs: list, inplay: list, label: str, path: tuple, who: str) -> int:
        if label not in labs:
            raise S.SetupError(path, f"{who} has no hero {label!r} in play (heroes in play: "
                                     f"{', '.join(labs) or 'none'})")
        return inplay[labs.index(label)]

    def _checked_player(self, ps, base: tuple) -> dict | None:
        """One player's setup checked for shape, card names and card types (None: not given)."""
        if ps is None:
            return None
        ps = S.mapping(ps, base, f"{base[0]}: {{main: Ember Warden, hand: [Kindle], crystals: [red]}}")
        S.known_keys(ps, PLAYER_KEYS, base)
        out: dict = {}
        for key, kinds, example in (("hand", None, "[Kindle, Fireball]"), ("deck", None, "[Kindle]"),
                                    ("graveyard", None, "[Kindle]"), ("traps", ("trap",), "[Frozen Snare]"),
                                    ("secondary", ("hero",), "[Wild Druid]")):
            if key in ps:
                names = S.names(ps[key], base + (key,), f"{key}: {example}")
                for j, nm in enumerate(names):
                    S.card(self.by_name, nm, base + (key, j), kinds)
                out[key] = names
        if "main" in ps:
            nm = S.name(ps["main"], base + ("main",), "main: Ember Warden")
            if nm is not None:
                S.card(self.by_name, nm, base + ("main",), ("hero",))
            out["main"] = nm
        if "crystals" in ps:
            items = ps["crystals"] if ps["crystals"] is not None else []
            if not isinstance(items, list):
                raise S.SetupError(base + ("crystals",), "expected a list of crystal colours, e.g. "
                                   "crystals: [red, {colour: blue, consumed: true}]")
            crystals = []
            for j, item in enumerate(items):
                cp = base + ("crystals", j)
                if isinstance(item, dict):
                    S.known_keys(item, ("colour", "consumed"), cp)
                    colour = S.choice(item.get("colour"), cp + ("colour",), COLOURS)
                    used = S.flag(item.get("consumed", False), cp + ("consumed",))
                else:
                    colour, used = S.choice(item, cp, COLOURS), False
                crystals.append((colour, used))
            out["crystals"] = crystals
        if "damage" in ps:
            dm = S.mapping(ps["damage"], base + ("damage",), "damage: {Ember Warden: 2}")
            out["damage"] = {}
            for label, amount in dm.items():
                out["damage"][label] = S.whole(amount, base + ("damage", label), 0, MAX_HP, N_("damage"))
        if "states" in ps:
            sm = S.mapping(ps["states"], base + ("states",), "states: {Ember Warden: [burn]}")
            out["states"] = {}
            for label, sts in sm.items():
                sp = base + ("states", label)
                sts = [sts] if isinstance(sts, str) else sts
                if not isinstance(sts, list):
                    raise S.SetupError(sp, f"expected a state or a list of states ({', '.join(st.STATES)})")
                out["states"][label] = [S.choice(x, sp + (j,), st.STATES) for j, x in enumerate(sts)]
        if "tokens" in ps:
            from tabletop.packs.virevolt.rules import WIN_TOKENS

            out["tokens"] = S.whole(ps["tokens"], base + ("tokens",), 0, WIN_TOKENS, N_("victory tokens"))
        for key in ("has_played", "crystal_played", "attacked"):
            if key in ps:
                out[key] = S.flag(ps[key], base + (key,))
        return out

    def position_problems(self, state: State) -> list[str]:
        """A hero in play with damage at or above its HP is dead (VIR-HERO-03): none can be in play.
        A player who has not had a turn has put nothing into play (VIR-SETUP-07, VIR-HERO-17: heroes,
        crystals and traps enter only in their owner's phases), and cannot be the one to act."""
        out = []
        c = state.counters
        z = state.zones
        for i in range(state.nplayers):
            k = KEYS[i]
            if not c[k.has_played]:
                if i == state.active:
                    out.append(f"{k.name} is to act, so has had a turn: has_played cannot be false")
                put = [what for what, cards in (("heroes", hz.in_play(state, i)), ("crystals", z[k.crystals]),
                                                ("traps", z[k.traps])) if cards]
                if put:
                    out.append(f"{k.name} has not had a turn (has_played: false), so has nothing in play yet: "
                               f"no {' or '.join(put)} (VIR-SETUP-07, VIR-HERO-17)")
            for hero in hz.in_play(state, i):
                taken = state.values[hz.DAMAGE].get(hero, 0)
                if taken >= state.cards[hero].hp:
                    out.append(f"{KEYS[i].name}'s hero {state.cards[hero].name!r} has {taken} damage and "
                               f"{state.cards[hero].hp} HP: a hero with that much damage is dead, not in play")
        return out
