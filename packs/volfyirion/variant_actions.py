"""The actions and checks that exist only with variants or the extended mode.

Ploys fire from ``check`` (board conditions) and from events (``listeners``/``fire``);
perks add actions (take an Ascension Path, Anomaly Collider, Qoam Oracle, Heroes Party);
the extended mode adds ``rebuild``. A base game pays one flag test for all of it.
"""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.framework.effects import IllegalAction, push
from tabletop.framework.narration import Card, narrate
from tabletop.framework.state import State
from tabletop.framework.triggers import ACQUIRED, GAINED, announce, announce_gain

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.variants import PLOYS
from tabletop.packs.volfyirion.model import (
    DEFEAT, DEFEAT_COST, KEYS, REMOVED, RESOURCES, WONDER, WONDER_REMOVAL,
)


class VariantActions:
    """Variant and extended-mode methods of :class:`~tabletop.packs.volfyirion.rules.VolfyirionRules`."""

    def check(self, state: State) -> None:
        """Ploys whose board condition holds fire after every action (VOL-VAR-PLOY-02/03)."""
        if state.vars["vflags"] & PLOYS:
            V.board_check(state)

    def listeners(self, state: State, event: str) -> list:
        """The players' secret Ploys (only while the Ploy variant is on)."""
        return V.PLOY.listeners(state, event)

    def fire(self, state: State, iid: int, trigger, ctx: dict) -> None:
        V.PLOY.fire(state, iid, trigger, ctx)

    @staticmethod
    def _defeat_cost(state: State, p: int) -> int:
        if state.vars.get("vflags", 0) & V.PERKS:
            pk = V.perk(state, p)
            if pk is not None and pk.defeat_cost is not None:
                return pk.defeat_cost  # Qoam Armory (VOL-VAR-PERK-ARMORY-01)
        return DEFEAT_COST

    @staticmethod
    def _affordable(state: State, p: int, cost) -> bool:
        cnt = state.counters
        res = KEYS[p].res
        return all(cnt[res[r]] >= n for r, n in cost)

    def _pay_all(self, state: State, p: int, cost) -> None:
        if not self._affordable(state, p, cost):
            raise IllegalAction("not enough points: " + ", ".join(f"{n} {RESOURCES[r]}" for r, n in cost) + " needed")
        res = KEYS[p].res
        for r, n in cost:
            state.counters[res[r]] -= n

    def _variant_actions(self, state: State, acts: list) -> list:
        """The actions the variant cards and the extended mode add to the Main Phase."""
        v = state.vars
        f = v["vflags"]
        p = state.active
        o = 1 - p
        K = KEYS[p]
        zones = state.zones
        cards = state.cards
        cnt = state.counters
        if f & V.ASC:
            names = self.by_name
            acts = [a for a in acts if not (a[0] == "seal" and names[a[2]].unsealable)]  # VOL-VAR-ASC-02
            seen = set()
            for iid in zones[KEYS[o].play]:
                c = cards[iid]
                if c.takeover and c.name not in seen and self._affordable(state, p, c.takeover):
                    seen.add(c.name)
                    acts.append(("take", KEYS[o].name, c.name))  # VOL-VAR-ASC-03
        if f & V.PERKS:
            pk = V.perk(state, p)
            if pk is not None:
                if (pk.defeat_cost is not None and v["dragon"] != REMOVED
                        and pk.defeat_cost <= cnt[K.bp] < DEFEAT_COST):
                    acts.append(DEFEAT)
                if pk.collider and not v.get("collided"):
                    sealed = state.marks["sealed"]
                    seen = set()
                    for iid in zones[K.play]:
                        c = cards[iid]
                        if c.kind == WONDER and iid not in sealed and not c.unsealable and c.name not in seen:
                            seen.add(c.name)
                            acts.append(("collide", c.name))
                deck = zones["asset_deck"]
                mods = "modifiers" in state.listen
                if pk.oracle and deck and cards[deck[-1]].cost <= cnt[K.cp] \
                        and not (mods and lasting.forbidding(state, M.holders, "acquire", deck[-1], p)):
                    acts.append(("acquire top",))
                wd = zones["wonder_deck"]
                if (pk.heroes is not None and state.slots[M.LAIR_CARD] >= 0 and wd and cnt[K.bp] >= pk.heroes
                        and not (mods and lasting.forbidding(state, M.holders, "acquire", wd[-1], p))):
                    acts.append(("acquire wonder top",))
        if f & V.EXT:
            intact = v[K.intact]
            gone = v.get(f"{K.name}.gone", ())
            ids = v[K.cityids]
            for ci in range(3):
                if ci not in intact and ci not in gone and self._affordable(state, p, cards[ids[ci]].rebuild_cost):
                    acts.append(("rebuild", f"city{ci + 1}"))
        return acts

    def _take(self, state: State, a) -> None:
        """Take an Ascension Path from the opponent's Playing Area (VOL-VAR-ASC-03/05)."""
        p = state.active
        K = KEYS[p]
        pl = int(a[1][1]) - 1
        if pl == p:
            raise IllegalAction("you can only take a Wonder from the opponent's Playing Area")
        src = KEYS[pl].play
        cards = state.cards
        for iid in state.zones[src]:
            if cards[iid].name == a[2] and cards[iid].takeover:
                self._pay_all(state, p, cards[iid].takeover)
                state.zones[src].remove(iid)
                state.zones[K.play].append(iid)
                narrate(state, "take", "{p} takes {card} from {o}'s Playing Area for {cost}", actor=p, p=K.name,
                        o=a[1], card=Card(iid), cost=M.points_text(cards[iid].takeover))
                if state.listen:
                    announce(state, ACQUIRED, subject=iid, player=p)
                if iid not in state.marks["sealed"]:
                    M.gain_main(state, p, iid)  # an own In-Play Wonder now: once per turn
                V.arrived(state, p)  # a Ploy the Wonder sets off first, then the chains
                return
        raise IllegalAction(f"no {a[2]!r} that can be taken in {a[1]}'s Playing Area")

    def _perk_of(self, state: State, what: str):
        pk = V.perk(state, state.active) if state.vars.get("vflags", 0) & V.PERKS else None
        if pk is None or not pk.get(what):
            raise IllegalAction("your Perk does not allow this")
        return pk

    def _collide(self, state: State, a) -> None:
        """Anomaly Collider: once per turn, seal an own Wonder for free, gain KP = its cost."""
        self._perk_of(state, "collider")
        if state.vars.get("collided"):
            raise IllegalAction("Anomaly Collider was already used this turn")
        p = state.active
        K = KEYS[p]
        sealed = state.marks["sealed"]
        cards = state.cards
        for iid in state.zones[K.play]:
            c = cards[iid]
            if c.name == a[1] and c.kind == WONDER and iid not in sealed and not c.unsealable:
                sealed.add(iid)  # points already gained stay (VOL-VAR-PERK-COLLIDER-02)
                state.counters[K.kp] += c.cost
                if GAINED in state.listen:
                    announce_gain(state, p, "knowledge", c.cost)
                narrate(state, "seal", "Anomaly Collider: {p} seals {card} and gains {n} knowledge", actor=p,
                        p=K.name, card=Card(iid), n=c.cost)
                state.vars["collided"] = True
                return
        raise IllegalAction(f"no unsealed Wonder {a[1]!r} of yours that can be sealed")

    def _acquire_top(self, state: State, a) -> None:
        """Qoam Oracle: buy the Asset Deck's top card as if it were in the row (VOL-VAR-PERK-ORACLE-*)."""
        self._perk_of(state, "oracle")
        p = state.active
        K = KEYS[p]
        deck = state.zones["asset_deck"]
        if not deck:
            raise IllegalAction("the Asset Deck is empty")
        iid = deck[-1]
        cost = M.cost(state, p, iid, consume=True)
        self._pay(state, K.cp, cost)
        deck.pop()
        self.gain_card(state, p, iid)  # a Saboteur goes to the opponent (VOL-VAR-SAB-04)
        narrate(state, "acquire", "{p} acquires {card}, the Asset Deck's top card, for {cost} command", actor=p,
                p=K.name, card=Card(iid), cost=cost)
        state.reveals += 1  # the next card is revealed
        state.vars["refresh"] = ""

    def _acquire_wonder_top(self, state: State, a) -> None:
        """Heroes Party: 4 BP for the Wonder Deck's top card, with the removal (VOL-VAR-PERK-HEROES-*)."""
        pk = self._perk_of(state, "heroes")
        p = state.active
        K = KEYS[p]
        zones = state.zones
        if state.slots[M.LAIR_CARD] < 0:
            raise IllegalAction("the Lair is claimed: Wonders can no longer be acquired")
        if not zones["wonder_deck"]:
            raise IllegalAction("the Wonder Deck is empty")
        self._pay(state, K.bp, pk.heroes)
        iid = zones["wonder_deck"].pop()
        zones[K.discard].append(iid)
        narrate(state, "acquire", "Heroes Party: {p} acquires {card}, the Wonder Deck's top card, for {cost} battle",
                actor=p, p=K.name, card=Card(iid), cost=pk.heroes)
        if state.listen:
            announce(state, ACQUIRED, subject=iid, player=p)
        state.reveals += 1
        state.vars["refresh"] = ""
        push(state, WONDER_REMOVAL, {"controller": p, "new": iid})

    def _rebuild(self, state: State, a) -> None:
        """Extended mode: rebuild a destroyed City for its destroyed side's cost (VOL-EXT-REBUILD-01..04)."""
        v = state.vars
        if not v.get("vflags", 0) & V.EXT:
            raise IllegalAction("rebuilding Cities is a rule of the extended mode only")
        p = state.active
        K = KEYS[p]
        ci = self._city(a[1])
        if ci in v[K.intact]:
            raise IllegalAction(f"city{ci + 1} is not destroyed")
        if ci in v.get(f"{K.name}.gone", ()):
            raise IllegalAction(f"city{ci + 1} was destroyed twice and is out of the game")
        self._pay_all(state, p, state.cards[v[K.cityids][ci]].rebuild_cost)
        v[K.intact] = tuple(sorted(v[K.intact] + (ci,)))
        narrate(state, "rebuild", "{p} rebuilds {city} for {cost}", actor=p, p=K.name,
                city=M.place_text(state, p, ci), cost=M.points_text(state.cards[v[K.cityids][ci]].rebuild_cost))
        v[f"{K.name}.rebuilt"] = tuple(sorted(v.get(f"{K.name}.rebuilt", ()) + (ci,)))
