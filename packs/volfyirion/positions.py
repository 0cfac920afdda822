"""Scenario positions: ``apply_setup`` turns a scenario's ``setup:`` into a game state.

The keys are listed in ``docs/packs/reference/volfyirion.md`` (scenario writers).
"""
from __future__ import annotations

from tabletop.framework import setups as S
from tabletop.framework.state import State

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import KEYS, LAIR_CARD, LAIRS, REMOVED, RESOURCES, ROW, WONDER

SETUP_KEYS = ("active", "first_turn", "p1", "p2", "asset_row", "asset_deck", "wonder_deck", "lair",
              "volfyirion", "lair_owner", "asset_deck_before_row", "wonder_deck_before_lair")
PLAYER_KEYS = ("hand", "deck", "discard", "play", "points", "cities", "sealed", "perk", "ploy")
CITY_KEYS = ("destroyed", "troop", "building", "removed", "rebuilt")
ASSETS = ("command", "building", "troop")
CARRIED = ("command", "building", "troop", "wonder")   # what a player's hand, deck, discard and play hold
MAX_POINTS = 999


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
        """Put a fresh game into the position a scenario describes (docs/packs/reference/volfyirion.md);
        a fault is a :class:`SetupError` naming the key, checked before anything changes."""
        setup = S.mapping(setup, (), "{active: p1, p1: {hand: [Captain]}}")
        S.known_keys(setup, SETUP_KEYS, ())
        by_name = self.cards.by_name if hasattr(self.cards, "by_name") else {c.name: c for c in self.cards}
        plan = self._checked_setup(setup, by_name)
        v = state.vars
        zones = state.zones
        slots = state.slots
        state.cards = list(state.cards)  # new instances never touch another game's list
        box = zones["box"]

        def new(name):
            state.cards.append(by_name[name])
            return len(state.cards) - 1

        def replace(key, names):
            box.extend(zones[key])
            zones[key].clear()
            for n in names:
                zones[key].append(new(n))

        def only(key, name):  # a zone of one card (a Perk, a Ploy)
            box.extend(zones[key])
            zones[key].clear()
            if name is not None:
                zones[key].append(new(name))

        def empty(i):
            if slots[i] >= 0:
                box.append(slots[i])
                slots[i] = -1

        def slot(i, name):
            empty(i)
            if name is not None:
                slots[i] = new(name)

        if "asset_deck_before_row" in setup:  # the deck as dealt at setup: the row is dealt from it
            for i in ROW:
                empty(i)
            replace("asset_deck", plan["asset_deck_before_row"])
            for i in ROW:  # VOL-SETUP-07
                if zones["asset_deck"]:
                    slots[i] = zones["asset_deck"].pop()
        if "wonder_deck_before_lair" in setup:  # the Lair is then filled from it (VOL-SETUP-09/10)
            for i in LAIRS:
                empty(i)
            replace("wonder_deck", plan["wonder_deck_before_lair"])
            self._fill_lair_at_setup(state)
        if "asset_row" in setup:
            row = plan["asset_row"] + [None] * (5 - len(plan["asset_row"]))
            for i, n in zip(ROW, row):
                slot(i, n)
        if "asset_deck" in setup:
            replace("asset_deck", plan["asset_deck"])
        if "wonder_deck" in setup:
            replace("wonder_deck", plan["wonder_deck"])
        if "lair" in setup:
            ws = plan["lair"] + [None] * (2 - len(plan["lair"]))
            for i, n in zip(LAIRS, ws):
                slot(i, n)
        if setup.get("lair_owner"):
            owner = KEYS[int(setup["lair_owner"][1]) - 1]
            slots[owner.lair], slots[LAIR_CARD] = slots[LAIR_CARD], -1
            for i in LAIRS:  # its Wonders went to the defeater (VOL-DEFEAT-04) and never come back (VOL-DEFEAT-10)
                empty(i)
            state.vars["dragon"] = REMOVED
        for p in (0, 1):
            K = KEYS[p]
            ps = plan[K.name]
            for part, flag, zkeys, pk in (("perk", V.PERKS, V.PERK_ZONES, V.PERK_KEY[p]),
                                          ("ploy", V.PLOYS, V.PLOY_ZONES, V.PLOY_KEY[p])):
                if part in ps:
                    for zk in zkeys:
                        zones.setdefault(zk, [])
                    self._flag(state, flag)
                    only(pk, ps[part])
            for part, key in (("hand", K.hand), ("deck", K.deck), ("discard", K.discard), ("play", K.play)):
                if part in ps:
                    replace(key, ps[part])
            for key in K.res:
                state.counters[key] = 0
            if "cities" in ps:
                intact = []
                for ci, spec in enumerate(ps["cities"]):
                    slot(K.troop[ci], spec.get("troop"))
                    slot(K.building[ci], spec.get("building"))
                    if spec.get("destroyed") or spec.get("removed"):
                        empty(K.troop[ci])
                        empty(K.building[ci])
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
            sealed_names = list(ps.get("sealed", []))
            for iid in zones[K.play]:
                if state.cards[iid].name in sealed_names and state.cards[iid].kind == WONDER:
                    sealed_names.remove(state.cards[iid].name)
                    state.marks["sealed"].add(iid)
            if sealed_names:
                raise S.SetupError((K.name, "sealed"), f"sealed Wonders {sealed_names} are not in "
                                                        f"{K.name}'s Playing Area")
        if "volfyirion" in setup:
            state.vars["dragon"] = M.dragon_parse(setup["volfyirion"])
        active = setup.get("active", KEYS[state.active].name)
        p = int(active[1]) - 1
        state.active = p
        # the position is within one of p's turns: p's next real turn is not its first
        tk = KEYS[p].turns
        if state.counters[tk] == 0:
            state.counters[tk] = 1
            state.turn = max(state.turn, 2)
        state.phase = "main"
        state.phase_done = False
        state.pending = None
        state.stack.clear()
        state.marks["gained"].clear()
        state.marks["used"].clear()
        if v.get("vflags"):
            v.update(shift=None, cancel=False, collided=False, sc_troop=-1)
        ft = setup.get("first_turn", False)
        state.vars["mull"] = ft
        state.vars["refresh"] = ("one" if p == state.vars["first"] else "all") if ft else ""
        for q in (0, 1):
            K = KEYS[q]
            pts = plan[K.name].get("points", {})
            for r, key in zip(RESOURCES, K.res):
                state.counters[key] = pts.get(r, 0)
        state.tables = M.CardTables(state.cards)
        self.main_start(state, p)
        for q in (0, 1):
            M.check_loss(state, q)

    def _checked_setup(self, setup: dict, by_name: dict) -> dict:
        """Every key of ``setup`` checked for shape, card names and card types; the card lists
        and per-player mappings to apply. Nothing in the state changes before this passes."""
        def cards(key_path, value, kinds, example, slots=False, most=None):
            names = S.names(value, key_path, example, allow_empty_slots=slots)
            if most is not None and len(names) > most:
                raise S.SetupError(key_path, f"holds at most {most} cards, not {len(names)}")
            for i, n in enumerate(names):
                if n is not None:
                    S.card(by_name, n, key_path + (i,), kinds)
            return names

        plan: dict = {}
        if "asset_row" in setup:
            plan["asset_row"] = cards(("asset_row",), setup["asset_row"], ASSETS,
                                      "asset_row: [Barter, null, Stab]", slots=True, most=5)
        if "asset_deck" in setup:
            plan["asset_deck"] = cards(("asset_deck",), setup["asset_deck"], ASSETS, "asset_deck: [Barter]")
        if "wonder_deck" in setup:
            plan["wonder_deck"] = cards(("wonder_deck",), setup["wonder_deck"], ("wonder",),
                                        "wonder_deck: [Pure Qoam]")
        if "asset_deck_before_row" in setup:
            plan["asset_deck_before_row"] = cards(("asset_deck_before_row",), setup["asset_deck_before_row"],
                                                  ASSETS, "asset_deck_before_row: [Barter]")
        if "wonder_deck_before_lair" in setup:
            plan["wonder_deck_before_lair"] = cards(("wonder_deck_before_lair",), setup["wonder_deck_before_lair"],
                                                    ("wonder",), "wonder_deck_before_lair: [Pure Qoam]")
        if "lair" in setup:
            plan["lair"] = cards(("lair",), setup["lair"], ("wonder",), "lair: [Sharp Qoam, Pure Qoam]",
                                 slots=True, most=2)
        if setup.get("lair_owner") is not None:
            S.choice(setup["lair_owner"], ("lair_owner",), ("p1", "p2"))
            if any(plan.get("lair") or ()):
                raise S.SetupError(("lair",), "a claimed Lair holds no Wonders (VOL-DEFEAT-04, VOL-DEFEAT-10): "
                                   "leave out 'lair', or 'lair_owner'")
        if "volfyirion" in setup:
            where = setup["volfyirion"]
            places = ["lair", "removed"] + [f"p{q}.city{c}" for q in (1, 2) for c in (1, 2, 3)]
            S.choice(where, ("volfyirion",), places)
        if "active" in setup:
            S.choice(setup["active"], ("active",), ("p1", "p2"))
        if "first_turn" in setup:
            S.flag(setup["first_turn"], ("first_turn",))
        for K in KEYS:
            base = (K.name,)
            ps = S.mapping(setup.get(K.name), base, f"{K.name}: {{hand: [Captain], points: {{battle: 3}}}}")
            S.known_keys(ps, PLAYER_KEYS, base)
            mine: dict = {}
            for part in ("hand", "deck", "discard", "play"):
                if part in ps:
                    mine[part] = cards(base + (part,), ps[part], CARRIED, f"{part}: [Captain, Prospector]")
            for part in ("perk", "ploy"):
                if part in ps:
                    n = S.name(ps[part], base + (part,), f"{part}: {'Heroes Party' if part == 'perk' else 'Mirage City'}")
                    if n is not None:
                        S.card(by_name, n, base + (part,), (part,))
                    mine[part] = n
            if "points" in ps:
                pts = S.mapping(ps["points"], base + ("points",), "points: {command: 2, battle: 5}")
                S.known_keys(pts, RESOURCES, base + ("points",))
                mine["points"] = {r: S.whole(n, base + ("points", r), 0, MAX_POINTS, f"{r} points")
                                  for r, n in pts.items()}
            if "cities" in ps:
                cities = ps["cities"]
                if not isinstance(cities, list):
                    raise S.SetupError(base + ("cities",), "expected a list of up to 3 cities, e.g. "
                                       "cities: [{troop: Elite Trooper}, {destroyed: true}, {}]")
                if len(cities) > 3:
                    raise S.SetupError(base + ("cities",), f"{K.name} has 3 cities, not {len(cities)}")
                specs = []
                for ci in range(3):
                    cp = base + ("cities", ci)
                    spec = S.mapping(cities[ci] if ci < len(cities) else None, cp,
                                     "{troop: Elite Trooper, building: Foundry}")
                    S.known_keys(spec, CITY_KEYS, cp)
                    for key in ("destroyed", "removed", "rebuilt"):
                        if key in spec:
                            S.flag(spec[key], cp + (key,))
                    for key, kind in (("troop", "troop"), ("building", "building")):
                        n = S.name(spec.get(key), cp + (key,), f"{key}: {'Elite Trooper' if key == 'troop' else 'Foundry'}")
                        if n is not None:
                            S.card(by_name, n, cp + (key,), (kind,))
                            if spec.get("destroyed") or spec.get("removed"):
                                raise S.SetupError(cp + (key,), f"a destroyed city holds no {key}")
                    specs.append(spec)
                mine["cities"] = specs
            if "sealed" in ps:
                mine["sealed"] = cards(base + ("sealed",), ps["sealed"], ("wonder",), "sealed: [Pure Qoam]")
            plan[K.name] = mine
        return plan
