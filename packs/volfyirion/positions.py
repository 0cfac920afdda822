"""Scenario positions: ``apply_setup`` turns a scenario's ``setup:`` into a game state.

The keys are listed in ``docs/packs/reference/volfyirion.md`` (scenario writers).
"""
from __future__ import annotations

from tabletop.framework.state import State

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import KEYS, LAIR_KEYS, REMOVED, RESOURCES, ROW_KEYS, WONDER


class Positions:
    """The scenario-setup method of :class:`~tabletop.packs.volfyirion.rules.VolfyirionRules`."""

    @staticmethod
    def _flag(state: State, flag: int) -> None:
        """Switch a variant on for a scenario position (its per-turn marks included)."""
        v = state.vars
        v["vflags"] = v.get("vflags", 0) | flag
        for key, val in (("shift", None), ("cancel", False), ("collided", False), ("sc_troop", -1)):
            v.setdefault(key, val)
        if flag & V.EXT:
            for K in KEYS:
                v.setdefault(f"{K.name}.rebuilt", ())
                v.setdefault(f"{K.name}.gone", ())

    def apply_setup(self, state: State, setup: dict) -> None:
        """Put a fresh game into the position a scenario describes (docs/packs/reference/volfyirion.md)."""
        allowed = {"active", "first_turn", "p1", "p2", "asset_row", "asset_deck", "wonder_deck",
                   "lair", "volfyirion", "lair_owner"}
        v = state.vars
        unknown = set(setup) - allowed
        if unknown:
            raise ValueError(f"unknown setup key(s) {sorted(unknown)}; accepted: {sorted(allowed)}")
        zones = state.zones
        state.cards = list(state.cards)  # new instances never touch another game's list
        box = zones["box"]
        by_name = self.cards.by_name if hasattr(self.cards, "by_name") else {c.name: c for c in self.cards}

        def new(name):
            if name not in by_name:
                from tabletop.framework.suggest import did_you_mean
                raise ValueError(f"unknown card {name!r}{did_you_mean(str(name), by_name)}")
            state.cards.append(by_name[name])
            return len(state.cards) - 1

        def replace(key, names):
            box.extend(zones[key])
            zones[key].clear()
            for n in names or ():
                zones[key].append(new(n))

        def slot(key, name):
            box.extend(zones[key])
            zones[key].clear()
            if name is not None:
                zones[key].append(new(name))

        if "asset_row" in setup:
            row = list(setup["asset_row"])
            if len(row) > 5:
                raise ValueError("asset_row has at most 5 cards")
            row += [None] * (5 - len(row))
            for key, n in zip(ROW_KEYS, row):
                slot(key, n)
        if "asset_deck" in setup:
            replace("asset_deck", setup["asset_deck"])
        if "wonder_deck" in setup:
            replace("wonder_deck", setup["wonder_deck"])
        if "lair" in setup:
            ws = list(setup["lair"] or [])
            if len(ws) > 2:
                raise ValueError("the Lair holds at most 2 Wonders")
            ws += [None] * (2 - len(ws))
            for key, n in zip(LAIR_KEYS, ws):
                slot(key, n)
        if "lair_owner" in setup and setup["lair_owner"]:
            o = setup["lair_owner"]
            if o not in ("p1", "p2"):
                raise ValueError("lair_owner must be p1 or p2")
            zones[f"{o}.lair"].append(zones["lair_card"].pop())
            state.vars["dragon"] = REMOVED
        for p in (0, 1):
            K = KEYS[p]
            ps = setup.get(K.name) or {}
            bad = set(ps) - {"hand", "deck", "discard", "play", "points", "cities", "sealed", "perk", "ploy"}
            if bad:
                raise ValueError(f"unknown key(s) {sorted(bad)} for {K.name}; accepted: "
                                 "hand, deck, discard, play, points, cities, sealed, perk, ploy")
            for part, flag, zkeys, pk in (("perk", V.PERKS, V.PERK_ZONES, V.PERK_KEY[p]),
                                          ("ploy", V.PLOYS, V.PLOY_ZONES, V.PLOY_KEY[p])):
                if part in ps:
                    for zk in zkeys:
                        zones.setdefault(zk, [])
                    self._flag(state, flag)
                    name = ps[part]
                    if name is not None and by_name.get(name) is not None and by_name[name].type != part:
                        raise ValueError(f"{K.name}.{part}: {name!r} is not a {part}")
                    slot(pk, name)
            for part, key in (("hand", K.hand), ("deck", K.deck), ("discard", K.discard), ("play", K.play)):
                if part in ps:
                    replace(key, ps[part])
            for key in K.res:
                state.counters[key] = 0
            if "cities" in ps:
                cities = list(ps["cities"])
                if len(cities) > 3:
                    raise ValueError(f"{K.name} has 3 cities")
                intact = []
                for ci in range(3):
                    spec = cities[ci] if ci < len(cities) else {}
                    spec = spec or {}
                    slot(K.troop[ci], spec.get("troop"))
                    slot(K.building[ci], spec.get("building"))
                    bad = set(spec) - {"destroyed", "troop", "building", "removed", "rebuilt"}
                    if bad:
                        raise ValueError(f"{K.name}.city{ci + 1}: unknown key(s) {sorted(bad)}; accepted: "
                                         "destroyed, troop, building, removed, rebuilt")
                    if spec.get("destroyed") or spec.get("removed"):
                        box.extend(zones[K.troop[ci]] + zones[K.building[ci]])
                        zones[K.troop[ci]].clear()
                        zones[K.building[ci]].clear()
                    else:
                        intact.append(ci)
                    if spec.get("removed") or spec.get("rebuilt"):  # extended mode (VOL-EXT-REBUILD-03)
                        self._flag(state, V.EXT)
                        if spec.get("removed"):
                            iid = v[K.cityids][ci]
                            if iid in zones[K.cities]:
                                M.remove_from(state, iid, K.cities)
                            v[f"{K.name}.gone"] = tuple(sorted(set(v[f"{K.name}.gone"]) | {ci}))
                        else:
                            v[f"{K.name}.rebuilt"] = tuple(sorted(set(v[f"{K.name}.rebuilt"]) | {ci}))
                state.vars[K.intact] = tuple(intact)
            sealed_names = list(ps.get("sealed") or [])
            for iid in zones[K.play]:
                if state.cards[iid].name in sealed_names and state.cards[iid].kind == WONDER:
                    sealed_names.remove(state.cards[iid].name)
                    state.marks["sealed"].add(iid)
            if sealed_names:
                raise ValueError(f"{K.name}: sealed Wonders {sealed_names} are not in the Playing Area")
        if "volfyirion" in setup:
            state.vars["dragon"] = M.dragon_parse(setup["volfyirion"])
        active = setup.get("active", KEYS[state.active].name)
        if active not in ("p1", "p2"):
            raise ValueError("active must be p1 or p2")
        p = int(active[1]) - 1
        state.active = p
        state.phase = "main"
        state.phase_done = False
        state.pending = None
        state.stack.clear()
        state.marks["gained"].clear()
        state.marks["used"].clear()
        if v.get("vflags"):
            v.update(shift=None, cancel=False, collided=False, sc_troop=-1)
        ft = bool(setup.get("first_turn", False))
        state.vars["mull"] = ft
        state.vars["refresh"] = ("one" if p == state.vars["first"] else "all") if ft else ""
        for q in (0, 1):
            K = KEYS[q]
            pts = (setup.get(K.name) or {}).get("points") or {}
            bad = set(pts) - set(RESOURCES)
            if bad:
                raise ValueError(f"points take {', '.join(RESOURCES)}, not {sorted(bad)}")
            for r, key in zip(RESOURCES, K.res):
                state.counters[key] = int(pts.get(r, 0))
        self.main_start(state, p)
        for q in (0, 1):
            M.check_loss(state, q)
