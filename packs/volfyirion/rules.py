"""Volfyirion's rules: setup, the three phases, legal actions, their handlers, views.

Rule ids in comments refer to ``shared/rules/volfyirion.yaml``. The state layout is in
:mod:`tabletop.packs.volfyirion.model`.
"""
from __future__ import annotations

from tabletop.framework.actions import DECISION_VERBS, INT, NAME, VerbSpec
from tabletop.framework.effects import Decision, IllegalAction, native, push
from tabletop.framework.rng import below, seed_state
from tabletop.framework.rules import Phase, Rules
from tabletop.framework.state import State
from tabletop.framework.zones import shuffle

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import (
    BUILDING, DEFEAT_COST, HAND_SIZE, KEYS, LAIR, LAIR_KEYS, MOVE_COST, REMOVED, REPLACE_COST,
    RESOURCES, ROW_KEYS, TROOP, WONDER,
)

CITY_ARG = r"city[1-3]"

VERBS = {
    "play": VerbSpec("play", (NAME, CITY_ARG), "play a card from hand (Buildings and Troops into cityN)", 1),
    "acquire asset": VerbSpec("acquire asset", (INT,), "buy Asset Row card N (1-5) for its command cost"),
    "acquire wonder": VerbSpec("acquire wonder", (INT,), "buy Lair Wonder N (1-2) for its battle cost"),
    "redeploy": VerbSpec("redeploy", (CITY_ARG, CITY_ARG), "move your Troop from one city to another"),
    "attack": VerbSpec("attack", (r"p[12]\.(city[1-3]|lair)",), "attack an enemy city"),
    "seal": VerbSpec("seal", (r"p[12]", NAME), "seal a Wonder (knowledge = its cost)"),
    "unseal": VerbSpec("unseal", (r"p[12]", NAME), "unseal a Wonder (knowledge = its cost)"),
    "replace": VerbSpec("replace", (INT,), "pay 2 knowledge to replace Asset Row card N"),
    "move volfyirion": VerbSpec("move volfyirion", (r"p[12]\.city[1-3]|lair",), "pay 8 knowledge to move the dragon"),
    "defeat volfyirion": VerbSpec("defeat volfyirion", (), "pay 16 battle to defeat the dragon"),
    "activate": VerbSpec("activate", (NAME, CITY_ARG), "use a card's secondary ability", 1),
    "remove": VerbSpec("remove", (NAME, CITY_ARG), "use a card's remove ability", 1),
    "mulligan": VerbSpec("mulligan", (), "first turn only: shuffle your hand back and draw 5"),
    "refresh": VerbSpec("refresh", (r"[1-5]|all",), "first turn only: free Asset Row refresh"),
    "end turn": VerbSpec("end turn", (), "end your Main Phase"),
    "take": VerbSpec("take", (r"p[12]", NAME), "Ascension Path: take it from the opponent's Playing Area"),
    "collide": VerbSpec("collide", (NAME,), "Anomaly Collider: seal your Wonder for free, gain its cost in knowledge"),
    "acquire top": VerbSpec("acquire top", (), "Qoam Oracle: buy the Asset Deck's top card"),
    "acquire wonder top": VerbSpec("acquire wonder top", (), "Heroes Party: 4 battle for the Wonder Deck's top card"),
    "rebuild": VerbSpec("rebuild", (CITY_ARG,), "extended mode: rebuild your destroyed city"),
    **DECISION_VERBS,
}

END_TURN = ("end turn",)
MULLIGAN = ("mulligan",)
DEFEAT = ("defeat volfyirion",)
REFRESH = tuple(("refresh", str(i)) for i in range(1, 6))
REFRESH_ALL = ("refresh", "all")
ACQ_ASSET = tuple(("acquire asset", i) for i in range(1, 6))
ACQ_WONDER = (("acquire wonder", 1), ("acquire wonder", 2))
REPLACE = tuple(("replace", i) for i in range(1, 6))
REDEPLOY = tuple(tuple(("redeploy", f"city{a + 1}", f"city{b + 1}") for b in range(3)) for a in range(3))
ATTACK = tuple(tuple(("attack", f"p{o + 1}.city{c + 1}") for c in range(3)) for o in range(2))
ATTACK_LAIR = (("attack", "p1.lair"), ("attack", "p2.lair"))
MOVE = {t: ("move volfyirion", t) for t in ["lair"] + [f"p{o}.city{c}" for o in (1, 2) for c in (1, 2, 3)]}
SKIP = ("skip",)
ROW_ACQ = tuple(zip(ROW_KEYS, ACQ_ASSET))

OPTIONS = {
    "first": "who plays first: p1, p2 or random (default p1; VOL-TURN-01)",
    "hidden_asset_top": "keep the Asset Deck's top card face down (VOL-SETUP-06)",
    "variants": "variant card sets: any of mercenary, ascension-path, saboteur, perks, ploys, or all (VOL-VAR-01)",
    "mode": "game mode: 'base' (default) or 'extended' (rebuilding cities, VOL-EXT-REBUILD-*)",
}


def _deal_one_each(rules, state, pool_key: str, keys: tuple, variant: str) -> None:
    """Perks / Ploys: shuffle the set, deal one to each player (VOL-VAR-PERK-01, VOL-VAR-PLOY-01)."""
    zones = state.zones
    for key in (pool_key,) + keys:
        zones[key] = []
    for c in rules.variant_cards.get(variant, ()):
        for _ in range(c.copies):
            state.cards.append(c)
            zones[pool_key].append(len(state.cards) - 1)
    shuffle(state, pool_key)
    for key in keys:
        if zones[pool_key]:
            zones[key].append(zones[pool_key].pop())


#: Variant and mode hooks: name -> callable(rules, state) run at setup, after the decks are dealt.
#: Mercenary, Ascension Path and Saboteur cards are shuffled into their decks by ``setup`` itself.
VARIANTS: dict = {
    "mercenary": None, "ascension-path": None, "saboteur": None,
    "perks": lambda rules, state: _deal_one_each(rules, state, "perks", V.PERK_KEY, "perks"),
    "ploys": lambda rules, state: _deal_one_each(rules, state, "ploys", V.PLOY_KEY, "ploys"),
}
MODES: dict = {"base": None, "extended": None}

_GLOBAL_ZONES = ("asset_deck",) + ROW_KEYS + ("wonder_deck",) + LAIR_KEYS + ("lair_card", "removed", "box")


# ---------------------------------------------------------------------- native programs
def _wonder_removal(state, ctx):
    """After acquiring a Wonder: optionally remove one other own card (VOL-WONDER-02..05)."""
    p = ctx["controller"]
    K = KEYS[p]
    zones = state.zones
    cards = state.cards
    new = ctx["new"]
    srcs = (("discard", K.discard), ("hand", K.hand), ("play", K.play))
    if "pick" in ctx:
        label = ctx.pop("pick")
        if label is not None:
            where, _, name = label.partition(":")
            src = dict(srcs)[where]
            for iid in zones[src]:
                if iid != new and cards[iid].name == name:
                    if where == "play" and iid not in state.marks["sealed"]:
                        M.gain_main(state, p, iid)  # VOL-WONDER-04 (a sealed Wonder gives nothing, VOL-SEAL-03)
                    M.remove_from(state, iid, src)
                    break
        return None
    options, values = M.removal_options(state, srcs, skip=new)
    if not options:
        return None
    options.append(SKIP)
    values.append(None)
    return Decision(p, "Wonder acquired: remove another card of yours from the game?", options, values, "pick")


WONDER_REMOVAL = native("volfyirion/wonder-removal", _wonder_removal)


class VolfyirionRules(Rules):
    """The base game of Volfyirion for two players."""

    name = "volfyirion"
    title = "Volfyirion"
    min_players = 2
    max_players = 2
    verbs = VERBS

    def __init__(self, cards) -> None:
        self.phases = (
            Phase("draw", self._enter_draw),
            Phase("main", self._enter_main, self._main_actions),
            Phase("end", self._enter_end),
        )
        super().__init__(cards)
        self.handlers = {
            "play": self._play, "acquire asset": self._acquire_asset,
            "acquire wonder": self._acquire_wonder, "redeploy": self._redeploy,
            "attack": self._attack, "seal": self._seal, "unseal": self._unseal,
            "replace": self._replace, "move volfyirion": self._move, "defeat volfyirion": self._defeat,
            "activate": self._activate, "remove": self._remove, "mulligan": self._mulligan,
            "refresh": self._refresh, "end turn": self._end_turn,
            "take": self._take, "collide": self._collide, "acquire top": self._acquire_top,
            "acquire wonder top": self._acquire_wonder_top, "rebuild": self._rebuild,
        }
        cs = list(cards.cards) if hasattr(cards, "cards") else list(cards)
        self.variant_cards: dict = {}
        for c in cs:
            if c.get("variant"):
                self.variant_cards.setdefault(c.variant, []).append(c)
        cs = [c for c in cs if not c.get("variant")]  # base setup ignores variant cards (VOL-VAR-01)
        self.starting = [c for c in cs if c.type == "command" and c.starting]
        self.assets = [c for c in cs if c.type in ("command", "building", "troop") and not c.starting]
        self.wonders = [c for c in cs if c.type == "wonder"]
        self.cities = sorted((c for c in cs if c.type == "city"), key=lambda c: c.defence)
        lairs = [c for c in cs if c.type == "lair"]
        if not lairs:
            raise ValueError("the Volfyirion card set has no Lair card")
        self.lair_def = lairs[0]
        self.by_name = {c.name: c for c in (list(cards.cards) if hasattr(cards, "cards") else list(cards))}
        defences = [c.defence for c in self.cities] + [self.lair_def.defence]
        self.min_defence = min(defences) if defences else 0

    # ================================================================== setup
    def setup(self, options: dict, seed: int, nplayers: int | None = None) -> State:
        options = dict(options or {})
        if nplayers is None:
            nplayers = 2
        if nplayers != 2:
            raise ValueError(f"Volfyirion's base game is for exactly 2 players, not {nplayers} "
                             "(solo, co-op and 2vs2 are not in the printed rules; VOL-COMP-10)")
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(map(repr, unknown))}; accepted options: "
                             + "; ".join(f"{k} ({v})" for k, v in OPTIONS.items()))
        first = options.get("first", "p1")
        if first not in ("p1", "p2", "random"):
            raise ValueError(f"option first must be 'p1', 'p2' or 'random', not {first!r}")
        variants = options.get("variants") or ()
        if isinstance(variants, str):
            variants = (variants,)
        for v in variants:
            if str(v).lower() in V.NOT_DESCRIBED:
                raise ValueError(f"variant {v!r} is not available: {V.NOT_DESCRIBED[str(v).lower()]}")
        if "all" in variants:
            variants = tuple(VARIANTS)
        bad = [v for v in variants if v not in VARIANTS]
        if bad:
            raise ValueError(f"unknown variant(s) {', '.join(map(repr, bad))} "
                             f"(available: {', '.join(VARIANTS)}, or all)")
        variants = tuple(v for v in VARIANTS if v in variants)  # canonical order, no repeats
        mode = options.get("mode") or "base"
        if str(mode).lower() in V.NOT_DESCRIBED:
            raise ValueError(f"mode {mode!r} is not available: {V.NOT_DESCRIBED[str(mode).lower()]}")
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r} (available: {', '.join(MODES)})")
        vflags = sum(V.VARIANT_FLAGS[v] for v in variants) | (V.EXT if mode == "extended" else 0)

        cards: list = []
        state = State(self.name, cards, 2, seed_state(seed))
        zones = state.zones
        for K in KEYS:
            for key in (K.deck, K.hand, K.discard, K.play, K.cities, K.lair) + K.troop + K.building:
                zones[key] = []
            for key in K.res:
                state.counters[key] = 0
            state.counters[K.turns] = 0
            state.vars[K.intact] = (0, 1, 2)
        for key in _GLOBAL_ZONES:
            zones[key] = []
        state.marks.update(gained=set(), used=set(), sealed=set())

        def put(defn, key):
            cards.append(defn)
            zones[key].append(len(cards) - 1)

        for K in KEYS:  # VOL-SETUP-01, VOL-COMP-07
            for c in self.starting:
                for _ in range(c.copies // 2):
                    put(c, K.deck)
            for c in self.cities:  # VOL-SETUP-11
                for _ in range(max(1, c.copies // 2)):
                    put(c, K.cities)
        vc = self.variant_cards
        for c in self.assets:  # VOL-SETUP-03
            for _ in range(c.copies):
                put(c, "asset_deck")
        for v in ("mercenary", "saboteur"):  # VOL-VAR-MERC-01, VOL-VAR-SAB-01
            if v in variants:
                for c in vc.get(v, ()):
                    for _ in range(c.copies):
                        put(c, "asset_deck")
        for c in self.wonders:  # VOL-SETUP-04
            for _ in range(c.copies):
                put(c, "wonder_deck")
        if "ascension-path" in variants:  # VOL-VAR-ASC-01
            for c in vc.get("ascension-path", ()):
                for _ in range(c.copies):
                    put(c, "wonder_deck")
        put(self.lair_def, "lair_card")  # VOL-SETUP-08

        shuffle(state, KEYS[0].deck)
        shuffle(state, KEYS[1].deck)
        shuffle(state, "asset_deck")
        shuffle(state, "wonder_deck")
        if first == "random":
            state.rng, f = below(state.rng, 2)
        else:
            f = 0 if first == "p1" else 1
        for key in ROW_KEYS:  # VOL-SETUP-07
            if zones["asset_deck"]:
                zones[key].append(zones["asset_deck"].pop())
        self._fill_lair_at_setup(state)
        state.vars.update(dragon=LAIR, first=f, mull=False, refresh="",
                          hidden_top=bool(options.get("hidden_asset_top", False)),
                          variants=tuple(variants), mode=mode, vflags=vflags)
        for K in KEYS:
            state.vars[K.cityids] = tuple(zones[K.cities])
        if vflags:
            state.vars.update(shift=None, cancel=False, collided=False, sc_troop=-1)
            if vflags & V.EXT:
                for K in KEYS:
                    state.vars[f"{K.name}.rebuilt"] = ()
                    state.vars[f"{K.name}.gone"] = ()
        state.turn = 1
        state.active = f
        for v in variants:
            if VARIANTS[v] is not None:
                VARIANTS[v](self, state)
        return self.begin(state)

    @staticmethod
    def _fill_lair_at_setup(state: State) -> None:
        """Reveal Wonders until two cost at most 3; the others go to the bottom in reveal order
        (VOL-SETUP-09/10)."""
        deck = state.zones["wonder_deck"]
        rejected = 0
        for key in LAIR_KEYS:
            while deck and rejected <= len(deck):
                iid = deck.pop()
                if state.cards[iid].cost <= 3:
                    state.zones[key].append(iid)
                    break
                deck.insert(0, iid)
                rejected += 1

    # ================================================================== turn structure
    def start_turn(self, state: State) -> None:
        p = state.active
        K = KEYS[p]
        state.counters[K.turns] += 1
        state.marks["gained"].clear()
        state.marks["used"].clear()
        first_turn = state.counters[K.turns] == 1
        v = state.vars
        v["mull"] = first_turn
        v["refresh"] = ("one" if p == v["first"] else "all") if first_turn else ""
        if v.get("vflags"):  # per-turn variant marks
            v["shift"] = None
            v["collided"] = False
            v["sc_troop"] = -1

    def _enter_draw(self, state: State) -> None:
        M.draw_cards(state, state.active, HAND_SIZE)  # VOL-DRAW-01..05

    def _enter_main(self, state: State) -> None:
        self.main_start(state, state.active)

    @staticmethod
    def main_start(state: State, p: int) -> None:
        """In-play cards give their points as the Main Phase starts (VOL-INPLAY-02, VOL-DEFEAT-08)."""
        K = KEYS[p]
        zones = state.zones
        sealed = state.marks["sealed"]
        for iid in zones[K.play]:
            if iid not in sealed:
                M.gain_main(state, p, iid)
        for ci in state.vars[K.intact]:
            for lst in (zones[K.troop[ci]], zones[K.building[ci]]):
                if lst:
                    M.gain_main(state, p, lst[0])
        if zones[K.lair]:
            M.gain_main(state, p, zones[K.lair][0])
        M.fire_chains(state, p)

    def _enter_end(self, state: State) -> None:
        """End of a Turn, steps 1 to 6 in order (VOL-END-01..08)."""
        p = state.active
        K = KEYS[p]
        zones = state.zones
        cards = state.cards
        play = zones[K.play]
        discard = zones[K.discard]
        if play:  # step 1: everything but Wonders
            keep = [iid for iid in play if cards[iid].kind == WONDER]
            if len(keep) != len(play):
                discard.extend(iid for iid in play if cards[iid].kind != WONDER)
                play[:] = keep
        hand = zones[K.hand]  # step 2
        if hand:
            discard.extend(hand)
            hand.clear()
        cnt = state.counters  # step 3
        for key in K.res:
            cnt[key] = 0
        d = state.vars["dragon"]  # steps 4 and 5
        if d >= 0 and d // 3 == p:
            M.destroy_city(state, p, d % 3)
            state.vars["dragon"] = LAIR
            if state.over:
                return
        self.refill(state)  # step 6
        state.vars["mull"] = False
        state.vars["refresh"] = ""

    @staticmethod
    def refill(state: State) -> None:
        zones = state.zones
        deck = zones["asset_deck"]
        for key in ROW_KEYS:
            if not zones[key] and deck:
                zones[key].append(deck.pop())
                state.reveals += 1
        if zones["lair_card"]:  # VOL-DEFEAT-10: never after the claim
            wd = zones["wonder_deck"]
            for key in LAIR_KEYS:
                if not zones[key] and wd:
                    zones[key].append(wd.pop())  # any cost (VOL-END-08)
                    state.reveals += 1

    def apply(self, state: State, action) -> None:
        v = state.vars
        if v["mull"] and action[0] != "mulligan":
            v["mull"] = False  # VOL-SETUP-MULL-02: only before any other action
        super().apply(state, action)

    # ================================================================== legal actions
    def _main_actions(self, state: State) -> list:
        p = state.active
        o = 1 - p
        K = KEYS[p]
        O = KEYS[o]
        zones = state.zones
        cards = state.cards
        v = state.vars
        cnt = state.counters
        acts = []
        if v["mull"]:
            acts.append(MULLIGAN)
        rf = v["refresh"]
        if rf and zones["asset_deck"]:
            if rf == "one":
                for i, key in enumerate(ROW_KEYS):
                    if zones[key]:
                        acts.append(REFRESH[i])
            else:
                acts.append(REFRESH_ALL)
        intact = v[K.intact]
        hand = zones[K.hand]
        if hand:
            seen = set()
            for iid in hand:
                c = cards[iid]
                if c in seen:
                    continue
                seen.add(c)
                pa = c.play_act
                if pa is not None:
                    acts.append(pa)
                else:
                    cpl = c.city_play
                    for ci in intact:
                        acts.append(cpl[ci])
        cp = cnt[K.cp]
        bp = cnt[K.bp]
        kp = cnt[K.kp]
        for key, a in ROW_ACQ:
            lst = zones[key]
            if lst and cards[lst[0]].cost <= cp:
                acts.append(a)
        troops = K.troop
        for ci in intact:
            t = zones[troops[ci]]
            if t and cards[t[0]].cost <= cp:
                for cj in intact:
                    if cj != ci and not zones[troops[cj]]:
                        acts.append(REDEPLOY[ci][cj])
        if zones["lair_card"]:
            for j, key in enumerate(LAIR_KEYS):
                lst = zones[key]
                if lst and cards[lst[0]].cost <= bp:
                    acts.append(ACQ_WONDER[j])
        if bp >= self.min_defence:
            for ci in v[O.intact]:
                if M.city_cost(state, o, ci) <= bp:
                    acts.append(ATTACK[o][ci])
            ol = zones[O.lair]
            if ol and cards[ol[0]].defence <= bp:
                acts.append(ATTACK_LAIR[o])
            if bp >= DEFEAT_COST and v["dragon"] != REMOVED:
                acts.append(DEFEAT)
        if kp:
            if kp >= REPLACE_COST and zones["asset_deck"]:
                for i, key in enumerate(ROW_KEYS):
                    if zones[key]:
                        acts.append(REPLACE[i])
            if kp >= MOVE_COST:
                for t, _ in M.dragon_moves(state, p):
                    acts.append(MOVE[t])
            sealed = state.marks["sealed"]
            for pl in (p, o):
                seen = None
                for iid in zones[KEYS[pl].play]:
                    c = cards[iid]
                    if c.kind == WONDER and c.cost <= kp:
                        a = c.unseal_act[pl] if iid in sealed else c.seal_act[pl]
                        if seen is None:
                            seen = {a}
                        elif a in seen:
                            continue
                        else:
                            seen.add(a)
                        acts.append(a)
        # secondary and remove abilities of own cards in play
        used = state.marks["used"]
        sealed = state.marks["sealed"]
        counts = None
        seen = None
        for iid in zones[K.play]:
            c = cards[iid]
            if not c.has_ability or iid in sealed:
                continue
            if c.act is not None and iid not in used:
                if counts is None:
                    counts = M.colour_counts(state, p)
                if M.requirement_met(c, counts, state, p, iid):
                    a = c.act_act
                    if seen is None:
                        seen = set()
                    if a not in seen:
                        seen.add(a)
                        acts.append(a)
            if c.rem is not None:
                a = c.rem_act
                if seen is None:
                    seen = set()
                if a not in seen:
                    seen.add(a)
                    acts.append(a)
        slots = K.slots
        for ci in intact:
            for key in slots[ci]:
                lst = zones[key]
                if lst:
                    iid = lst[0]
                    c = cards[iid]
                    if not c.has_ability:
                        continue
                    if c.act is not None and iid not in used:
                        if counts is None:
                            counts = M.colour_counts(state, p)
                        if M.requirement_met(c, counts, state, p, iid):
                            acts.append(c.act_city[ci])
                    if c.rem is not None:
                        acts.append(c.rem_city[ci])
        if v.get("vflags"):
            acts = self._variant_actions(state, acts)
        acts.append(END_TURN)
        return acts

    # ================================================================== handlers
    @staticmethod
    def _find(state: State, key: str, name: str) -> int:
        cards = state.cards
        for iid in state.zones[key]:
            if cards[iid].name == name:
                return iid
        raise IllegalAction(f"no {name!r} in {key}")

    @staticmethod
    def _pay(state: State, key: str, n: int) -> None:
        have = state.counters[key]
        if have < n:  # VOL-RES-06
            raise IllegalAction(f"not enough points: {key} is {have}, {n} needed")
        state.counters[key] = have - n

    @staticmethod
    def _city(label: str) -> int:
        return int(label[4]) - 1

    def _play(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        iid = self._find(state, K.hand, a[1])
        c = state.cards[iid]
        zones = state.zones
        if c.kind == BUILDING or c.kind == TROOP:
            if len(a) < 3:
                raise IllegalAction(f"{c.name} is a {c.type}: say which city, e.g. 'play {c.name} city1'")
            ci = self._city(a[2])
            if ci not in state.vars[K.intact]:
                raise IllegalAction(f"city{ci + 1} is destroyed")  # VOL-CARD-08
            key = K.troop[ci] if c.kind == TROOP else K.building[ci]
            zones[K.hand].remove(iid)
            slot = zones[key]
            if slot:  # VOL-CARD-04/06: the old card is removed from the game
                M.remove_from(state, slot[0], key)
            slot.append(iid)
        else:
            if len(a) > 2:
                raise IllegalAction(f"{c.name} is not played into a city")
            zones[K.hand].remove(iid)
            zones[K.play].append(iid)  # VOL-PLAY-01, VOL-WONDER-06
            key = K.play
        if state.vars.get("vflags", 0) & V.PLOYS and c.kind in (BUILDING, TROOP, WONDER):
            # a Ploy set off by this card resolves before the card gives anything (VOL-VAR-PLOY-DESTROY-01)
            push(state, V.GAIN_ENTERED, {"iid": iid, "key": key, "p": p})
            V.board_check(state)
            return
        M.gain_main(state, p, iid)  # points are gained the moment the card is played
        M.fire_chains(state, p)

    def _mulligan(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        zones = state.zones
        zones[K.deck].extend(zones[K.hand])
        zones[K.hand].clear()
        shuffle(state, K.deck)
        M.draw_cards(state, p, HAND_SIZE)
        state.vars["mull"] = False

    def _refresh(self, state: State, a) -> None:
        zones = state.zones
        deck = zones["asset_deck"]
        if a[1] == "all":  # VOL-SETUP-ROW-02/04: to the bottom in row order, then five new
            old = [zones[k].pop() for k in ROW_KEYS if zones[k]]
            deck[0:0] = old
            for k in ROW_KEYS:
                if deck:
                    zones[k].append(deck.pop())
        else:  # VOL-SETUP-ROW-01
            key = ROW_KEYS[int(a[1]) - 1]
            deck.insert(0, zones[key].pop())
            zones[key].append(deck.pop())
        state.reveals += 1
        state.vars["refresh"] = ""

    def _acquire_asset(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        key = ROW_KEYS[a[1] - 1]
        slot = state.zones[key]
        iid = slot[0]
        self._pay(state, K.cp, state.cards[iid].cost)
        slot.clear()
        if state.cards[iid].to_opp:  # Saboteur: onto the opponent's discard (VOL-VAR-SAB-02)
            state.zones[KEYS[1 - p].discard].append(iid)
        else:
            state.zones[K.discard].append(iid)  # VOL-ACQ-02, VOL-MAIN-04
        state.vars["refresh"] = ""

    def _acquire_wonder(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        slot = state.zones[LAIR_KEYS[a[1] - 1]]
        iid = slot[0]
        self._pay(state, K.bp, state.cards[iid].cost)
        slot.clear()
        state.zones[K.discard].append(iid)  # VOL-ACQW-02
        state.vars["refresh"] = ""
        push(state, WONDER_REMOVAL, {"controller": p, "new": iid})

    def _redeploy(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        src = K.troop[self._city(a[1])]
        dst = K.troop[self._city(a[2])]
        zones = state.zones
        iid = zones[src][0]
        self._pay(state, K.cp, state.cards[iid].cost)
        zones[src].clear()
        zones[dst].append(iid)  # the gained mark goes with the card (VOL-GAIN-07)

    def _attack(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        o = 1 - p
        O = KEYS[o]
        where = a[1].partition(".")[2]
        if where == "lair":
            self._pay(state, K.bp, state.cards[state.zones[O.lair][0]].defence)
            M.destroy_lair(state, o)  # VOL-DEFEAT-15
            return
        ci = self._city(where)
        self._pay(state, K.bp, M.city_cost(state, o, ci))
        if state.vars.get("vflags", 0) & (V.PLOYS | V.MERC):
            # resolved by a frame, after the Ploys the attack sets off (Double Shift may cancel it)
            push(state, V.ATTACK_RESOLVE, {"actor": p, "target": o, "city": ci})
            V.signal(state, "attack", {"actor": p, "target": o, "city": ci})
            return
        t = state.zones[O.troop[ci]]
        if t:  # VOL-ATTACK-04: the Troop falls, the City stands
            M.remove_from(state, t[0], O.troop[ci])
        else:  # VOL-ATTACK-01..03, VOL-ATTACK-10
            M.destroy_city(state, o, ci)

    def _wonder_in_play(self, state: State, a, want_sealed: bool) -> tuple[int, int]:
        pl = int(a[1][1]) - 1
        sealed = state.marks["sealed"]
        cards = state.cards
        for iid in state.zones[KEYS[pl].play]:
            if cards[iid].name == a[2] and cards[iid].kind == WONDER and (iid in sealed) == want_sealed:
                return pl, iid
        raise IllegalAction(f"no {'sealed' if want_sealed else 'unsealed'} Wonder {a[2]!r} in {a[1]}'s Playing Area")

    def _seal(self, state: State, a) -> None:
        p = state.active
        pl, iid = self._wonder_in_play(state, a, False)
        if state.cards[iid].unsealable:  # Ascension Path (VOL-VAR-ASC-02)
            raise IllegalAction(f"{a[2]} can never be sealed")
        self._pay(state, KEYS[p].kp, state.cards[iid].cost)
        state.marks["sealed"].add(iid)  # points already gained stay (VOL-SEAL-07)

    def _unseal(self, state: State, a) -> None:
        p = state.active
        pl, iid = self._wonder_in_play(state, a, True)
        self._pay(state, KEYS[p].kp, state.cards[iid].cost)
        state.marks["sealed"].discard(iid)
        if pl == p:  # an own Wonder sealed since the Main Phase began gives its points now, once
            M.gain_main(state, p, iid)
            M.fire_chains(state, p)

    def _replace(self, state: State, a) -> None:
        p = state.active
        zones = state.zones
        deck = zones["asset_deck"]
        key = ROW_KEYS[a[1] - 1]
        if not zones[key] or not deck:
            raise IllegalAction("replace needs a card in that space and a card in the Asset Deck")
        self._pay(state, KEYS[p].kp, REPLACE_COST)
        deck.insert(0, zones[key].pop())  # VOL-REPLACE-01
        zones[key].append(deck.pop())
        state.reveals += 1

    def _move(self, state: State, a) -> None:
        p = state.active
        for t, d in M.dragon_moves(state, p):
            if t == a[1]:
                self._pay(state, KEYS[p].kp, MOVE_COST)
                state.vars["dragon"] = d
                if d >= 0 and state.vars.get("vflags"):  # Mirage City (VOL-VAR-PLOY-MIRAGE-01)
                    V.signal(state, "volfyirion_moved", {"actor": p, "target": d // 3})
                return
        raise IllegalAction(f"Volfyirion cannot move to {a[1]} now")

    def _defeat(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        if state.vars["dragon"] == REMOVED:
            raise IllegalAction("Volfyirion has already been defeated")
        self._pay(state, K.bp, self._defeat_cost(state, p))
        zones = state.zones
        state.vars["dragon"] = REMOVED  # VOL-DEFEAT-03
        for key in LAIR_KEYS:  # VOL-DEFEAT-04/05: no removal bonus
            if zones[key]:
                zones[K.discard].append(zones[key].pop())
        zones[K.lair].append(zones["lair_card"].pop())  # VOL-DEFEAT-06/07
        M.gain_main(state, p, zones[K.lair][0])  # 4 battle already this turn (VOL-DEFEAT-09)

    def _locate_ability(self, state: State, a, want: str) -> tuple[int, str]:
        """The instance an ``activate``/``remove`` action means, and the zone it is in."""
        p = state.active
        K = KEYS[p]
        cards = state.cards
        zones = state.zones
        if len(a) > 2:
            ci = self._city(a[2])
            for key in (K.troop[ci], K.building[ci]):
                lst = zones[key]
                if lst and cards[lst[0]].name == a[1] and ci in state.vars[K.intact]:
                    return lst[0], key
            raise IllegalAction(f"no {a[1]!r} in your city{ci + 1}")
        sealed = state.marks["sealed"]
        used = state.marks["used"]
        counts = None
        for iid in zones[K.play]:
            c = cards[iid]
            if c.name != a[1] or iid in sealed:
                continue
            if want == "rem" and c.rem is not None:
                return iid, K.play
            if want == "act" and c.act is not None and iid not in used:
                if counts is None:
                    counts = M.colour_counts(state, p)
                if M.requirement_met(c, counts, state, p, iid):
                    return iid, K.play
        raise IllegalAction(f"no {a[1]!r} in your Playing Area whose ability can be used now")

    def _activate(self, state: State, a) -> None:
        p = state.active
        iid, _ = self._locate_ability(state, a, "act")
        c = state.cards[iid]
        if c.act is None or iid in state.marks["used"]:
            raise IllegalAction(f"{c.name}'s secondary ability cannot be activated now")
        state.marks["used"].add(iid)  # VOL-SEC-02
        push(state, c.act, {"controller": p, "source": iid, "card": c.name})

    def _remove(self, state: State, a) -> None:
        p = state.active
        iid, key = self._locate_ability(state, a, "rem")
        c = state.cards[iid]
        if c.rem is None:
            raise IllegalAction(f"{c.name} has no remove ability")
        M.gain_main(state, p, iid)  # VOL-REMAB-02
        M.remove_from(state, iid, key)  # VOL-REMAB-01, VOL-REMAB-05
        if c.kind == TROOP and state.vars.get("vflags", 0) & V.PLOYS:
            state.vars["sc_troop"] = iid  # for Second Chance (VOL-VAR-PLOY-SECOND-02)
        push(state, c.rem, {"controller": p, "source": iid, "card": c.name})

    def _end_turn(self, state: State, a) -> None:
        state.phase_done = True

    # ================================================================== variants and the extended mode
    def check(self, state: State) -> None:
        """Ploys whose board condition holds fire after every action (VOL-VAR-PLOY-02/03)."""
        if state.vars.get("vflags", 0) & V.PLOYS:
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
                if pk.oracle and deck and cards[deck[-1]].cost <= cnt[K.cp]:
                    acts.append(("acquire top",))
                if (pk.heroes is not None and zones["lair_card"] and zones["wonder_deck"]
                        and cnt[K.bp] >= pk.heroes):
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
                if iid not in state.marks["sealed"]:
                    M.gain_main(state, p, iid)  # an own In-Play Wonder now: once per turn
                M.fire_chains(state, p)
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
        self._pay(state, K.cp, state.cards[iid].cost)
        deck.pop()
        dest = KEYS[1 - p].discard if state.cards[iid].to_opp else K.discard  # VOL-VAR-SAB-04
        state.zones[dest].append(iid)
        state.reveals += 1  # the next card is revealed
        state.vars["refresh"] = ""

    def _acquire_wonder_top(self, state: State, a) -> None:
        """Heroes Party: 4 BP for the Wonder Deck's top card, with the removal (VOL-VAR-PERK-HEROES-*)."""
        pk = self._perk_of(state, "heroes")
        p = state.active
        K = KEYS[p]
        zones = state.zones
        if not zones["lair_card"]:
            raise IllegalAction("the Lair is claimed: Wonders can no longer be acquired")
        if not zones["wonder_deck"]:
            raise IllegalAction("the Wonder Deck is empty")
        self._pay(state, K.bp, pk.heroes)
        iid = zones["wonder_deck"].pop()
        zones[K.discard].append(iid)
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
        v[f"{K.name}.rebuilt"] = tuple(sorted(v.get(f"{K.name}.rebuilt", ()) + (ci,)))

    def hidden_pools(self, state: State, player: int) -> list:
        """Zone groups ``player`` cannot see whose multiset is public (see the framework's docs)."""
        o = 1 - player
        K = KEYS[player]
        O = KEYS[o]
        pools = [[O.hand, O.deck], [K.deck]]
        if not self._sees_asset_top(state, player):
            pools.append(["asset_deck"])
        pools.append(["wonder_deck"])
        if "ploys" in state.zones:
            pools.append([V.PLOY_KEY[o], "ploys"])
        return pools

    @staticmethod
    def _sees_asset_top(state: State, player: int) -> bool:
        if not state.vars["hidden_top"]:
            return True
        if state.vars.get("vflags", 0) & V.PERKS:  # Qoam Oracle's private peek (VOL-VAR-PERK-ORACLE-02)
            pk = V.perk(state, player)
            return pk is not None and bool(pk.oracle)
        return False

    def determinize(self, state: State, player: int, rng) -> State:
        from tabletop.framework.determinize import determinize_pools

        s = determinize_pools(state, self.hidden_pools(state, player), rng)
        deck = s.zones["asset_deck"]
        if len(deck) > 2 and self._sees_asset_top(state, player):  # below the visible top
            under = sorted(deck[:-1], key=lambda i: (s.cards[i].name, i))
            rng.shuffle(under)
            deck[:-1] = under
        return s

    # ================================================================== views
    def _names(self, state: State, ids) -> list:
        cards = state.cards
        return [cards[i].name for i in ids]

    def _slot(self, state: State, key: str):
        lst = state.zones[key]
        return state.cards[lst[0]].name if lst else None

    def _city_info(self, state: State, p: int, ci: int) -> dict:
        K = KEYS[p]
        city = state.cards[state.vars[K.cityids][ci]]
        destroyed = ci not in state.vars[K.intact]
        out = {
            "name": city.name,
            "defence": 0 if destroyed else M.city_cost(state, p, ci),
            "printed": city.defence,
            "destroyed": destroyed,
            "troop": self._slot(state, K.troop[ci]),
            "building": self._slot(state, K.building[ci]),
        }
        if state.vars.get("vflags", 0) & V.EXT:  # extended mode: the destroyed side's cost
            removed = ci in state.vars.get(f"{K.name}.gone", ())
            out["rebuild"] = None if removed else {RESOURCES[r]: n for r, n in city.rebuild_cost}
            out["removed"] = removed
        return out

    def _player_public(self, state: State, p: int) -> dict:
        K = KEYS[p]
        zones = state.zones
        sealed = state.marks["sealed"]
        out = {
            "play": self._names(state, zones[K.play]),
            "discard": self._names(state, zones[K.discard]),
            "points": {r: state.counters[k] for r, k in zip(RESOURCES, K.res)},
            "intact": len(state.vars[K.intact]) + len(zones[K.lair]),
            "sealed": [state.cards[i].name for i in zones[K.play] if i in sealed],
            "perk": self._slot(state, V.PERK_KEY[p]) if V.PERK_KEY[p] in zones else None,
        }
        for ci in range(3):
            out[f"city{ci + 1}"] = self._city_info(state, p, ci)
        if zones[K.lair]:
            lair = state.cards[zones[K.lair][0]]
            out["lair"] = {"name": lair.name, "defence": lair.defence, "printed": lair.defence,
                           "destroyed": False, "troop": None, "building": None}
        return out

    def describe(self, state: State) -> dict:
        """Everything, hidden parts included, under the paths scenarios use (docs/packs/volfyirion.md)."""
        zones = state.zones
        owner = None
        for p in (0, 1):
            if zones[KEYS[p].lair]:
                owner = KEYS[p].name
        deck = zones["asset_deck"]
        out = {
            "turn": state.turn,
            "active": KEYS[state.active].name,
            "phase": state.phase,
            "over": state.over,
            "winner": None if state.winner is None else KEYS[state.winner].name,
            "pending": state.pending.prompt if state.pending is not None else None,
            "volfyirion": M.dragon_text(state.vars["dragon"]),
            "asset_row": [self._slot(state, k) for k in ROW_KEYS],
            "asset_deck": self._names(state, deck),
            "asset_top": state.cards[deck[-1]].name if deck else None,
            "wonder_deck": self._names(state, zones["wonder_deck"]),
            "lair": {"wonders": [self._slot(state, k) for k in LAIR_KEYS], "owner": owner},
            "removed": self._names(state, zones["removed"]),
        }
        for p in (0, 1):
            K = KEYS[p]
            d = self._player_public(state, p)
            d["hand"] = self._names(state, zones[K.hand])
            d["deck"] = self._names(state, zones[K.deck])
            d["ploy"] = self._slot(state, V.PLOY_KEY[p]) if V.PLOY_KEY[p] in zones else None
            out[K.name] = d
        return out

    def view(self, state: State, player: int) -> dict:
        """What ``player`` may know: no opponent hand contents, no deck order (VOL-SETUP-02/04/05/06)."""
        zones = state.zones
        cards = state.cards
        deck = zones["asset_deck"]
        owner = None
        for p in (0, 1):
            if zones[KEYS[p].lair]:
                owner = KEYS[p].name
        pend = None
        if state.pending is not None:
            pend = {"player": KEYS[state.pending.player].name, "prompt": state.pending.prompt}
            if state.pending.player == player:
                from tabletop.framework.actions import format_action
                pend["options"] = [format_action(o) for o in state.pending.options]
        out = {
            "game": self.name,
            "you": KEYS[player].name,
            "turn": state.turn,
            "active": KEYS[state.active].name,
            "phase": state.phase,
            "over": state.over,
            "winner": None if state.winner is None else KEYS[state.winner].name,
            "pending": pend,
            "volfyirion": M.dragon_text(state.vars["dragon"]),
            "asset_row": [None if not zones[k] else {"name": cards[zones[k][0]].name,
                                                      "cost": cards[zones[k][0]].cost,
                                                      "type": cards[zones[k][0]].type,
                                                      "colour": cards[zones[k][0]].colour}
                          for k in ROW_KEYS],
            "asset_deck_size": len(deck),
            "asset_top": cards[deck[-1]].name if deck and self._sees_asset_top(state, player) else None,
            "wonder_deck_size": len(zones["wonder_deck"]),
            "lair": {"wonders": [None if not zones[k] else {"name": cards[zones[k][0]].name,
                                                             "cost": cards[zones[k][0]].cost}
                                 for k in LAIR_KEYS],
                     "owner": owner},
            "removed": self._names(state, zones["removed"]),
            "players": {},
        }
        for p in (0, 1):
            K = KEYS[p]
            d = self._player_public(state, p)
            d["hand_size"] = len(zones[K.hand])
            d["deck_size"] = len(zones[K.deck])
            if p == player:
                d["hand"] = self._names(state, zones[K.hand])
            ploy = zones.get(V.PLOY_KEY[p])
            if p == player:  # your own Ploy; the opponent's stays secret until it fires (VOL-VAR-PLOY-01)
                d["ploy"] = cards[ploy[0]].name if ploy else None
            else:
                d["ploy"] = "hidden" if ploy else None
            out["players"][K.name] = d
        return out

    # ================================================================== scenarios
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
        """Put a fresh game into the position a scenario describes (docs/packs/volfyirion.md)."""
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
