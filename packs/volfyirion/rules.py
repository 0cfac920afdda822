"""Volfyirion's rules: setup, the three phases, legal actions, their handlers, views.

Rule ids in comments refer to the pack's catalogue, ``rules.yaml`` (docs/rules/volfyirion.md). The state layout is in
:mod:`tabletop.packs.volfyirion.model`.
"""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.framework.actions import DECISION_VERBS, INT, NAME, VerbSpec
from tabletop.framework.effects import IllegalAction, push
from tabletop.framework.language import N_, Phrase, gettext
from tabletop.framework.narration import DETAIL, Card, Cards, narrate
from tabletop.framework.rng import below, seed_state
from tabletop.framework.rules import Phase, Rules
from tabletop.framework.state import EMPTY, State
from tabletop.framework.triggers import ACQUIRED, ATTACKED, LEFT, announce
from tabletop.framework.zones import draw, shuffle

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import (
    BUILDING, DEFEAT, DEFEAT_COST, HAND_SIZE, KEYS, LAIR, LAIR_CARD, LAIR_KEYS, LAIRS, LAYOUT, MOVE_COST, REMOVED,
    REPLACE_COST, ROW, ROW_KEYS, TROOP, WONDER, WONDER_REMOVAL,
)
from tabletop.packs.volfyirion.explain import Explain
from tabletop.packs.volfyirion.positions import Positions
from tabletop.packs.volfyirion.vocabulary import VOCABULARY
from tabletop.packs.volfyirion.variant_actions import VariantActions
from tabletop.packs.volfyirion.views import Views

CITY_ARG = r"city[1-3]"
TABLE = VOCABULARY.table

VERBS = {
    "play": VerbSpec("play", (NAME, CITY_ARG), "play a card from hand (Buildings and Troops into a City)", 1,
                     "play <card> [city1|city2|city3]", "play Elite Trooper city2"),
    "acquire asset": VerbSpec("acquire asset", (INT,), "buy Asset Row card N for its command cost "
                              "(or write its name: acquire <card>)", usage="acquire asset <1-5>",
                              example="acquire asset 3"),
    "acquire wonder": VerbSpec("acquire wonder", (INT,), "buy Lair Wonder N for its battle cost",
                               usage="acquire wonder <1-2>", example="acquire wonder 1"),
    "redeploy": VerbSpec("redeploy", (CITY_ARG, CITY_ARG), "move your Troop to another City (its cost in command)",
                         usage="redeploy <from city> <to city>", example="redeploy city1 city3"),
    "attack": VerbSpec("attack", (r"p[12]\.(city[1-3]|lair)",), "attack an enemy City (battle = its defence)",
                       usage="attack <p2.city1..3 | p2.lair>", example="attack p2.city1"),
    "seal": VerbSpec("seal", (r"p[12]", NAME), "seal a Wonder (knowledge = its cost)",
                     usage="seal <p1|p2> <wonder>", example="seal p2 Sharp Qoam"),
    "unseal": VerbSpec("unseal", (r"p[12]", NAME), "unseal a Wonder (knowledge = its cost)",
                       usage="unseal <p1|p2> <wonder>", example="unseal p1 Sharp Qoam"),
    "replace": VerbSpec("replace", (INT,), "pay 2 knowledge to replace Asset Row card N",
                        usage="replace <1-5>", example="replace 2"),
    "move volfyirion": VerbSpec("move volfyirion", (r"p[12]\.city[1-3]|lair",), "pay 8 knowledge to move the dragon",
                                usage="move volfyirion <p2.city1..3 | lair>", example="move volfyirion p2.city3"),
    "defeat volfyirion": VerbSpec("defeat volfyirion", (), "pay 16 battle to defeat the dragon",
                                  example="defeat volfyirion"),
    "activate": VerbSpec("activate", (NAME, CITY_ARG), "use a card's secondary ability", 1,
                         "activate <card> [city1|city2|city3]", "activate Flawless Deploy"),
    "remove": VerbSpec("remove", (NAME, CITY_ARG), "use a card's remove ability (the card leaves the game)", 1,
                       "remove <card> [city1|city2|city3]", "remove Elite Trooper city2"),
    "thin": VerbSpec("thin", (NAME, CITY_ARG), "use a card's remove ability only to thin your deck (none of "
                     "its bonus)", 1, "thin <card> [city1|city2|city3]", "thin Barter"),
    "mulligan": VerbSpec("mulligan", (), "first turn only: shuffle your hand back and draw 5", example="mulligan"),
    "refresh": VerbSpec("refresh", (r"[1-5]|all",), "first turn only: free Asset Row refresh (first player: one "
                        "space; second player: all)", usage="refresh <1-5> | refresh all", example="refresh 4"),
    "end turn": VerbSpec("end turn", (), "end your Main Phase", example="end turn"),
    "take": VerbSpec("take", (r"p[12]", NAME), "Ascension Path: take it from the opponent's Playing Area",
                     usage="take <p1|p2> <wonder>", example="take p2 Ascension Path"),
    "collide": VerbSpec("collide", (NAME,), "Anomaly Collider: seal your Wonder for free, gain its cost in knowledge",
                        usage="collide <wonder>", example="collide Sharp Qoam"),
    "acquire top": VerbSpec("acquire top", (), "Qoam Oracle: buy the Asset Deck's top card", example="acquire top"),
    "acquire wonder top": VerbSpec("acquire wonder top", (), "Heroes Party: 4 battle for the Wonder Deck's top card",
                                   example="acquire wonder top"),
    "rebuild": VerbSpec("rebuild", (CITY_ARG,), "extended mode: rebuild your destroyed City",
                        usage="rebuild <city1|city2|city3>", example="rebuild city2"),
    **DECISION_VERBS,
    "choose": VerbSpec("choose", (NAME,), "pick one of the options offered (as listed)", usage="choose <option>",
                       example="choose discard:Prospector"),
}

END_TURN = ("end turn",)
MULLIGAN = ("mulligan",)
REFRESH = tuple(("refresh", str(i)) for i in range(1, 6))
REFRESH_ALL = ("refresh", "all")
ACQ_ASSET = tuple(("acquire asset", i) for i in range(1, 6))
ACQ_WONDER = (("acquire wonder", 1), ("acquire wonder", 2))
REPLACE = tuple(("replace", i) for i in range(1, 6))
REDEPLOY = tuple(tuple(("redeploy", f"city{a + 1}", f"city{b + 1}") for b in range(3)) for a in range(3))
ATTACK = tuple(tuple(("attack", f"p{o + 1}.city{c + 1}") for c in range(3)) for o in range(2))
ATTACK_LAIR = (("attack", "p1.lair"), ("attack", "p2.lair"))
MOVE = {t: ("move volfyirion", t) for t in ["lair"] + [f"p{o}.city{c}" for o in (1, 2) for c in (1, 2, 3)]}
ROW_ACQ = tuple(zip(ROW, ACQ_ASSET))
ROW_SPAN = slice(ROW[0], ROW[-1] + 1)
assert ROW == (0, 1, 2, 3, 4), "_main_actions reads the Asset Row's slots one by one"
LAIRS_SPAN = slice(LAIRS[0], LAIRS[-1] + 1)

OPTIONS = {
    "first": N_("who plays first: p1, p2 or random (default p1; VOL-TURN-01)"),
    "hidden_asset_top": N_("keep the Asset Deck's top card face down (VOL-SETUP-06)"),
    "variants": N_("variant card sets: any of mercenary, ascension-path, saboteur, perks, ploys, or all (VOL-VAR-01)"),
    "mode": N_("game mode: 'base' (default) or 'extended' (rebuilding cities, VOL-EXT-REBUILD-*)"),
    "cities": N_("which set of three Cities the first seat (p1) takes: 1 (Tylaris, Vahylea, Alantar; default), 2 "
                 "(Yrdesh, Akao Uket, Kyr) or random; p2 takes the other"),
}
#: The shape of the options (checked before setup; setup explains the values it refuses).
OPTIONS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "first": {"enum": ["p1", "p2", "random"], "description": OPTIONS["first"]},
        "hidden_asset_top": {"type": "boolean", "description": OPTIONS["hidden_asset_top"]},
        "variants": {"type": ["array", "string", "null"], "items": {"type": "string"},
                     "examples": ["[mercenary, ploys]"], "description": OPTIONS["variants"]},
        "mode": {"type": ["string", "null"], "examples": ["extended"], "description": OPTIONS["mode"]},
        "cities": {"type": ["integer", "string"], "examples": [2], "description": OPTIONS["cities"]},
    },
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

_GLOBAL_ZONES = ("asset_deck", "wonder_deck", "removed", "box")




class VolfyirionRules(Explain, VariantActions, Views, Positions, Rules):
    """The base game of Volfyirion for two players."""

    name = "volfyirion"
    title = "Volfyirion"
    min_players = 2
    max_players = 2
    verbs = VERBS
    pass_action = END_TURN
    #: VOL-SETUP-MULL-02: the mulligan closes at the player's first other action (the mulligan
    #: closes it too, in ``_mulligan``)
    action_var = ("mull", False)
    options_schema = OPTIONS_SCHEMA
    option_choices = {
        "variants": {"values": list(VARIANTS), "many": True, "help": OPTIONS["variants"]},
        "mode": {"values": list(MODES), "many": False, "help": OPTIONS["mode"]},
        "first": {"values": ["p1", "p2", "random"], "many": False, "help": OPTIONS["first"]},
        "hidden_asset_top": {"values": [False, True], "many": False, "help": OPTIONS["hidden_asset_top"]},
    }

    def __init__(self, cards) -> None:
        self.phases = (
            Phase("draw", self._enter_draw),
            Phase("main", self.main_start, self._main_actions),
            Phase("end", self._enter_end),
        )
        super().__init__(cards)
        self.handlers = {
            "play": self._play, "acquire asset": self._acquire_asset,
            "acquire wonder": self._acquire_wonder, "redeploy": self._redeploy,
            "attack": self._attack, "seal": self._seal, "unseal": self._unseal,
            "replace": self._replace, "move volfyirion": self._move, "defeat volfyirion": self._defeat,
            "activate": self._activate, "remove": self._remove, "thin": self._thin, "mulligan": self._mulligan,
            "refresh": self._refresh, "end turn": self._end_turn,
            "take": self._take, "collide": self._collide, "acquire top": self._acquire_top,
            "acquire wonder top": self._acquire_wonder_top, "rebuild": self._rebuild,
        }
        cs = list(cards.cards) if hasattr(cards, "cards") else list(cards)
        self.variant_cards: dict = {}
        for c in cs:
            if c.get("variant") and not c.get("scenario_only"):
                self.variant_cards.setdefault(c.variant, []).append(c)
        # base setup ignores variant cards (VOL-VAR-01) and a scenario's own cards (placed by its setup)
        cs = [c for c in cs if not c.get("variant") and not c.get("scenario_only")]
        self.starting = [c for c in cs if c.type == "command" and c.starting]
        self.assets = [c for c in cs if c.type in ("command", "building", "troop") and not c.starting]
        self.wonders = [c for c in cs if c.type == "wonder"]
        self.cities = sorted((c for c in cs if c.type == "city"), key=lambda c: c.defence)
        #: the named Cities in their sets of three (``city_set``), each sorted by defence (printed order)
        self.city_sets: dict = {}
        for c in self.cities:
            self.city_sets.setdefault(c.city_set, []).append(c)
        lairs = [c for c in cs if c.type == "lair"]
        if not lairs:
            raise ValueError("the Volfyirion card set has no Lair card")
        self.lair_def = lairs[0]
        self.by_name = {c.name: c for c in (list(cards.cards) if hasattr(cards, "cards") else list(cards))}
        defences = [c.defence for c in self.cities] + [self.lair_def.defence]
        self.min_defence = min(defences) if defences else 0
        # below these, no card of the set (variants and scenario cards included) can be paid for:
        # the legal-action generator skips the whole check (modifiers aside)
        every = list(self.by_name.values())
        self.min_asset_cost = min((c.cost for c in every if c.type in ("command", "building", "troop")), default=0)
        self.min_troop_cost = min((c.cost for c in every if c.type == "troop"), default=0)
        self.min_wonder_cost = min((c.cost for c in every if c.type == "wonder"), default=0)
        #: some points-only chain of the set asks more than colours: any card played may make it hold
        self.cond_chains = any(c.get("auto") and c.get("need") is None for c in every)

    # ================================================================== setup
    def market(self) -> list[str]:
        """The Asset Deck's cards of the base game (VOL-SETUP-03): what players buy from the Asset Row."""
        return list(dict.fromkeys(c.name for c in self.assets))

    def setup(self, options: dict, seed: int, nplayers: int | None = None) -> State:
        options = dict(options or {})
        if nplayers is None:
            nplayers = 2
        if nplayers != 2:
            raise ValueError(f"Volfyirion's base game is for exactly 2 players, not {nplayers} "
                             "(solo, co-op and 2vs2 are not in the printed rules; VOL-COMP-10)")
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise ValueError(gettext("unknown option(s) {options}; accepted options: {accepted}").format(
                options=", ".join(map(repr, unknown)), accepted="; ".join(f"{k} ({gettext(v)})" for k, v in OPTIONS.items())))
        first = options.get("first", "p1")
        if first not in ("p1", "p2", "random"):
            raise ValueError(gettext("option first must be 'p1', 'p2' or 'random', not {first!r}").format(first=first))
        variants = options.get("variants") or ()
        if isinstance(variants, str):
            variants = (variants,)
        for v in variants:
            if str(v).lower() in V.NOT_DESCRIBED:
                raise ValueError(f"variant {v!r} is not available: {V.NOT_DESCRIBED[str(v).lower()]}")
        bad = [v for v in variants if v not in VARIANTS and v != "all"]  # ("all, bogus" is no set of variants)
        if "all" in variants:
            variants = tuple(VARIANTS)
        if bad:
            from tabletop.framework.suggest import did_you_mean

            raise ValueError(gettext("unknown variant(s) {bad}{suggestion} (available: {variants}, or all)").format(
                bad=", ".join(map(repr, bad)), suggestion=did_you_mean(str(bad[0]), VARIANTS),
                variants=", ".join(VARIANTS)))
        variants = tuple(v for v in VARIANTS if v in variants)  # canonical order, no repeats
        mode = options.get("mode") or "base"
        if str(mode).lower() in V.NOT_DESCRIBED:
            raise ValueError(f"mode {mode!r} is not available: {V.NOT_DESCRIBED[str(mode).lower()]}")
        if mode not in MODES:
            from tabletop.framework.suggest import did_you_mean

            raise ValueError(gettext("unknown mode {mode!r}{suggestion} (available: {modes})").format(
                mode=mode, suggestion=did_you_mean(str(mode), MODES), modes=", ".join(MODES)))
        vflags = sum(V.VARIANT_FLAGS[v] for v in variants) | (V.EXT if mode == "extended" else 0)

        cards: list = []
        state = State(self.name, cards, 2, seed_state(seed), LAYOUT)
        zones = state.zones
        slots = state.slots
        for K in KEYS:
            for key in (K.deck, K.hand, K.discard, K.play, K.cities):
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

        sets = self._city_sets(state, options.get("cities", "1"))
        for K, city_set in zip(KEYS, sets):  # VOL-SETUP-01, VOL-COMP-07
            for c in self.starting:
                for _ in range(c.copies // 2):
                    put(c, K.deck)
            for c in city_set:  # VOL-SETUP-11
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
        cards.append(self.lair_def)  # VOL-SETUP-08
        slots[LAIR_CARD] = len(cards) - 1

        shuffle(state, KEYS[0].deck)
        shuffle(state, KEYS[1].deck)
        shuffle(state, "asset_deck")
        shuffle(state, "wonder_deck")
        if first == "random":
            state.rng, f = below(state.rng, 2)
        else:
            f = 0 if first == "p1" else 1
        for slot in ROW:  # VOL-SETUP-07
            if zones["asset_deck"]:
                slots[slot] = zones["asset_deck"].pop()
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
        state.tables = M.CardTables(cards)
        return self.begin(state)

    def _city_sets(self, state: State, choice) -> tuple[list, list]:
        """Each player's three Cities (VOL-SETUP-11): the Cities come in named sets of three
        (``city_set``); option ``cities`` says which set the first seat takes, ``1`` (default),
        ``2``..., or ``random`` (dealt by the seed); the second seat takes the next set."""
        names = sorted(self.city_sets)
        if len(names) < 2:
            raise ValueError("the card set needs two sets of Cities (city_set), one for each player")
        if str(choice) == "random":
            state.rng, i = below(state.rng, len(names))
        else:
            want = [i for i, n in enumerate(names) if str(n) == str(choice)]
            if not want:
                raise ValueError(f"option cities must be one of {', '.join(map(str, names))} or random, "
                                 f"not {choice!r}")
            i = want[0]
        return self.city_sets[names[i]], self.city_sets[names[(i + 1) % len(names)]]

    @staticmethod
    def _fill_lair_at_setup(state: State) -> None:
        """Reveal Wonders until two cost at most 3; the others go to the bottom, each under the
        previous (VOL-SETUP-09/10). Each Wonder is revealed once: when all the rest were rejected,
        the Lair stays short."""
        deck = state.zones["wonder_deck"]
        rejected = 0
        for slot in LAIRS:
            while deck and rejected < len(deck):
                iid = deck.pop()
                if state.cards[iid].cost <= 3:
                    state.slots[slot] = iid
                    break
                deck.insert(0, iid)
                rejected += 1

    # ================================================================== turn structure
    def start_turn(self, state: State) -> None:
        p = state.active
        cnt = state.counters
        key = KEYS[p].turns
        turns = cnt[key] = cnt[key] + 1
        marks = state.marks
        marks["gained"].clear()
        marks["used"].clear()
        v = state.vars
        if turns == 1:
            v["mull"] = True
            v["refresh"] = "one" if p == v["first"] else "all"
        else:
            v["mull"] = False
            v["refresh"] = ""
        if v["vflags"]:  # per-turn variant marks
            v["shift"] = None
            v["collided"] = False
            v["sc_troop"] = -1

    @staticmethod
    def _enter_draw(state: State) -> None:
        K = KEYS[state.active]
        draw(state, K.deck, K.hand, HAND_SIZE, K.discard)  # VOL-DRAW-01..05

    @staticmethod
    def main_start(state: State, p: int | None = None) -> None:
        """In-play cards give their points as the Main Phase starts (VOL-INPLAY-02, VOL-DEFEAT-08):
        the active player's, or ``p``'s."""
        if p is None:
            p = state.active
        K = KEYS[p]
        gain = M.gain_main
        play = state.zones[K.play]
        if play:
            sealed = state.marks["sealed"]
            for iid in play:
                if iid not in sealed:
                    gain(state, p, iid)
        slots = state.slots
        cities = slots[K.city_span] != M.NO_CITY_CARDS
        if cities:
            for s, _ in K.city_slots[state.vars[K.intact]]:
                if slots[s] >= 0:
                    gain(state, p, slots[s])
        if slots[K.lair] >= 0:
            gain(state, p, slots[K.lair])
        if play or cities:  # (a chain belongs to a card in the Playing Area or a City)
            M.fire_chains(state, p)

    def _enter_end(self, state: State) -> None:
        """End of a Turn, steps 1 to 6 in order (VOL-END-01..08)."""
        p = state.active
        K = KEYS[p]
        zones = state.zones
        play = zones[K.play]
        discard = zones[K.discard]
        if play:  # step 1: everything but Wonders
            kind = state.tables.kind
            keep, gone = [], []
            for iid in play:
                (keep if kind[iid] == WONDER else gone).append(iid)
            if gone:
                discard += gone
                play[:] = keep
                if LEFT in state.listen:
                    for iid in gone:
                        announce(state, LEFT, subject=iid, player=p, how="discarded", by=p)
        hand = zones[K.hand]  # step 2
        if hand:
            discard += hand
            hand.clear()
        cnt = state.counters  # step 3
        cnt[K.cp] = cnt[K.bp] = cnt[K.kp] = 0
        d = state.vars["dragon"]  # steps 4 and 5
        if d >= 0 and d // 3 == p:
            if state.log is not None:
                narrate(state, "wrath", "Volfyirion's wrath: the City under it falls at the end of {p}'s turn",
                        p=K.name)
            M.destroy_city(state, p, d % 3)
            state.vars["dragon"] = LAIR
            if state.over:
                return
        self.refill(state)  # step 6 (the first-turn options close with the turn: start_turn)

    @staticmethod
    def refill(state: State) -> None:
        zones = state.zones
        slots = state.slots
        deck = zones["asset_deck"]
        told = state.log is not None  # (every turn: no narration calls when nobody watches)
        if EMPTY in slots[ROW_SPAN]:
            for i in ROW:
                if slots[i] < 0 and deck:
                    slots[i] = deck.pop()
                    state.reveals += 1
                    if told:
                        narrate(state, "row", "Asset Row space {i}: {card} comes in", level=DETAIL, i=i + 1,
                                card=Card(slots[i]))
        if slots[LAIR_CARD] >= 0 and EMPTY in slots[LAIRS_SPAN]:  # VOL-DEFEAT-10: never after the claim
            wd = zones["wonder_deck"]
            for i in LAIRS:
                if slots[i] < 0 and wd:
                    slots[i] = wd.pop()  # any cost (VOL-END-08)
                    state.reveals += 1
                    if told:
                        narrate(state, "row", "a new Wonder in the Lair: {card}", level=DETAIL, card=Card(slots[i]))

    # ================================================================== legal actions
    def _main_actions(self, state: State) -> list:
        p = state.active
        K = KEYS[p]
        zones = state.zones
        slots = state.slots
        cards = state.cards
        t = state.tables
        cost = t.cost  # an empty slot's card costs more than anyone has (CardTables)
        v = state.vars
        acts = []
        if v["mull"]:
            acts.append(MULLIGAN)
        rf = v["refresh"]
        if rf and zones["asset_deck"]:
            if rf == "one":
                for i in ROW:
                    if slots[i] >= 0:
                        acts.append(REFRESH[i])
            else:
                acts.append(REFRESH_ALL)
        intact = v[K.intact]
        hand = zones[K.hand]
        mods = "modifiers" in state.listen
        if hand:
            seen = []  # the cards already offered (a hand holds a few: a list beats a set)
            for iid in hand:
                c = cards[iid]
                if c in seen:
                    continue
                seen.append(c)
                if mods and lasting.forbidding(state, M.holders, "play", iid, p):
                    continue
                pa = c.play_act
                if pa is not None:
                    acts.append(pa)
                else:
                    cpl = c.city_play
                    for ci in intact:
                        acts.append(cpl[ci])
        cnt = state.counters
        cp = cnt[K.cp]
        if mods:
            for i, a in ROW_ACQ:
                iid = slots[i]
                if iid >= 0 and M.cost(state, p, iid) <= cp and not lasting.forbidding(state, M.holders, "acquire", iid, p):
                    acts.append(a)
        elif cp >= self.min_asset_cost:  # the five spaces one by one (ROW is 0..4)
            if cost[slots[0]] <= cp:
                acts.append(ACQ_ASSET[0])
            if cost[slots[1]] <= cp:
                acts.append(ACQ_ASSET[1])
            if cost[slots[2]] <= cp:
                acts.append(ACQ_ASSET[2])
            if cost[slots[3]] <= cp:
                acts.append(ACQ_ASSET[3])
            if cost[slots[4]] <= cp:
                acts.append(ACQ_ASSET[4])
        cities = slots[K.city_span] != M.NO_CITY_CARDS  # some Troop or Building of this player's
        if cities and cp >= self.min_troop_cost and len(intact) > 1:
            troops = K.troop
            for ci in intact:
                if cost[slots[troops[ci]]] <= cp:
                    for cj in intact:
                        if cj != ci and slots[troops[cj]] < 0:
                            acts.append(REDEPLOY[ci][cj])
        bp = cnt[K.bp]
        if mods:
            if slots[LAIR_CARD] >= 0:
                for j, i in enumerate(LAIRS):
                    iid = slots[i]
                    if iid >= 0 and M.cost(state, p, iid) <= bp and not lasting.forbidding(state, M.holders, "acquire", iid, p):
                        acts.append(ACQ_WONDER[j])
        elif bp >= self.min_wonder_cost and slots[LAIR_CARD] >= 0:
            if cost[slots[LAIRS[0]]] <= bp:
                acts.append(ACQ_WONDER[0])
            if cost[slots[LAIRS[1]]] <= bp:
                acts.append(ACQ_WONDER[1])
        if bp >= self.min_defence or mods:
            o = 1 - p
            O = KEYS[o]
            if mods or v.get("shift") is not None:
                for ci in v[O.intact]:
                    if M.city_cost(state, o, ci) <= bp and M.attackable(state, o, ci):
                        acts.append(ATTACK[o][ci])
            else:  # M.city_cost without modifiers or Double Shift: printed defences, the Troop's added
                ocities = v[O.cityids]
                otroop = O.troop
                attack = ATTACK[o]
                for ci in v[O.intact]:
                    tr = slots[otroop[ci]]
                    if cards[ocities[ci]].defence + (cards[tr].defence if tr >= 0 else 0) <= bp:
                        acts.append(attack[ci])
            if slots[O.lair] >= 0 and M.lair_cost(state, o) <= bp and (not mods or M.attackable(state, o, M.LAIR_CITY)):
                acts.append(ATTACK_LAIR[o])
            if bp >= DEFEAT_COST and v["dragon"] != REMOVED:
                acts.append(DEFEAT)
        kp = cnt[K.kp]
        if kp:
            if kp >= REPLACE_COST and zones["asset_deck"]:
                if EMPTY in slots[ROW_SPAN]:
                    for i in ROW:
                        if slots[i] >= 0:
                            acts.append(REPLACE[i])
                else:  # (the usual case: a full row)
                    acts += REPLACE
            if kp >= MOVE_COST:
                for to, _ in M.dragon_moves(state, p):
                    acts.append(MOVE[to])
            if kp >= self.min_wonder_cost:
                kind = t.kind
                sealed = state.marks["sealed"]
                for pl in (p, 1 - p):
                    seen = None
                    for iid in zones[KEYS[pl].play]:
                        if kind[iid] == WONDER and cost[iid] <= kp:
                            c = cards[iid]
                            a = c.unseal_act[pl] if iid in sealed else c.seal_act[pl]
                            if seen is None:
                                seen = {a}
                            elif a in seen:
                                continue
                            else:
                                seen.add(a)
                            acts.append(a)
        # secondary and remove abilities of own cards in play
        counts = None
        ability = t.ability
        play = zones[K.play]
        if play:
            used = state.marks["used"]
            sealed = state.marks["sealed"]
            seen = set()  # (two copies of a card in play offer each ability once)
            for iid in play:
                if not ability[iid] or iid in sealed:
                    continue
                c = cards[iid]
                if c.act is not None and iid not in used:
                    if counts is None:
                        counts = M.colour_counts(state, p)
                    if M.requirement_met(c, counts, state, p, iid) and c.act_act not in seen:
                        seen.add(c.act_act)
                        acts.append(c.act_act)
                if c.rem is not None and c.rem_act not in seen:
                    seen.add(c.rem_act)
                    acts.append(c.rem_act)
                    if c.thin:
                        acts.append(c.thin_act)
        if cities:
            used = state.marks["used"]
            for s, ci in K.city_slots[intact]:
                iid = slots[s]
                if ability[iid]:
                    c = cards[iid]
                    if c.act is not None and iid not in used:
                        if counts is None:
                            counts = M.colour_counts(state, p)
                        if M.requirement_met(c, counts, state, p, iid):
                            acts.append(c.act_city[ci])
                    if c.rem is not None:
                        acts.append(c.rem_city[ci])
                        if c.thin:
                            acts.append(c.thin_city[ci])
        if v["vflags"]:
            acts = self._variant_actions(state, acts)
        acts.append(END_TURN)
        return acts

    # ================================================================== handlers
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
        zones = state.zones
        cards = state.cards
        hand = zones[K.hand]
        name = a[1]
        for i, iid in enumerate(hand):  # the first card of that name
            if cards[iid].name == name:
                break
        else:
            raise IllegalAction(f"no {name!r} in {K.hand}")
        c = cards[iid]
        if c.kind == BUILDING or c.kind == TROOP:
            if len(a) < 3:
                raise IllegalAction(f"{c.name} is a {c.type}: say which city, e.g. 'play {c.name} city1'")
            ci = self._city(a[2])
            if ci not in state.vars[K.intact]:
                raise IllegalAction(f"city{ci + 1} is destroyed")  # VOL-CARD-08
            if c.kind == TROOP:
                slot, key = K.troop[ci], K.troop_key[ci]
            else:
                slot, key = K.building[ci], K.building_key[ci]
            del hand[i]
            slots = state.slots
            old = slots[slot]
            slots[slot] = iid
            if state.log is not None:
                narrate(state, "play", "{p} plays {card} into {city}", actor=p, p=K.name, card=Card(iid),
                        city=M.place_text(state, p, ci))
            if old >= 0:  # VOL-CARD-04/06: the old card is removed from the game
                M.out_of_game(state, old, key, "replaced")
        else:
            if len(a) > 2:
                raise IllegalAction(f"{c.name} is not played into a city")
            del hand[i]
            zones[K.play].append(iid)  # VOL-PLAY-01, VOL-WONDER-06
            key = K.play
            if state.log is not None:
                narrate(state, "play", "{p} plays {card}", actor=p, p=K.name, card=Card(iid))
        chains = c.stirs_chains or self.cond_chains
        if state.vars.get("vflags", 0) & V.PLOYS and c.kind in (BUILDING, TROOP, WONDER):
            # a Ploy this card sets off removes it after its points, and before any chain fires
            # (VOL-VAR-PLOY-03, VOL-VAR-PLOY-DESTROY-01)
            M.played(state, p, iid, False)
            V.arrived(state, p, chains)
        else:
            M.played(state, p, iid, chains)  # points are gained the moment the card is played

    def _mulligan(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        zones = state.zones
        if state.log is not None:
            narrate(state, "mulligan", "{p} takes a mulligan: the hand goes back into the deck", actor=p, p=K.name)
        zones[K.deck].extend(zones[K.hand])
        zones[K.hand].clear()
        shuffle(state, K.deck)
        M.draw_cards(state, p, HAND_SIZE)
        state.vars["mull"] = False

    def _refresh(self, state: State, a) -> None:
        zones = state.zones
        deck = zones["asset_deck"]
        p = KEYS[state.active].name
        slots = state.slots
        if a[1] == "all":  # VOL-SETUP-ROW-02/04: each card under the previous one, in row order; five new
            for i in ROW:
                if slots[i] >= 0:
                    deck.insert(0, slots[i])
                    slots[i] = -1
            for i in ROW:
                if deck:
                    slots[i] = deck.pop()
            if state.log is not None:
                narrate(state, "refresh", "{p} refreshes the whole Asset Row: {new} come in", actor=state.active, p=p,
                        new=Cards([slots[i] for i in ROW if slots[i] >= 0]))
        else:  # VOL-SETUP-ROW-01
            i = int(a[1]) - 1
            old = slots[i]
            deck.insert(0, old)
            slots[i] = deck.pop()
            if state.log is not None:
                narrate(state, "refresh", "{p} refreshes Asset Row space {i}: {old} goes under the Asset Deck, {new} comes in",
                        actor=state.active, p=p, i=a[1], old=Card(old, came_from=ROW_KEYS[i]), new=Card(slots[i]))
        state.reveals += 1
        state.vars["refresh"] = ""

    def _acquire_asset(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        slots = state.slots
        i = ROW[a[1] - 1]
        iid = slots[i]
        cost = M.cost(state, p, iid, consume=True)
        self._pay(state, K.cp, cost)
        slots[i] = -1
        self.gain_card(state, p, iid)
        where = Phrase(N_(" (it goes to {p}'s discard pile)"), p=KEYS[1 - p].name) if state.cards[iid].to_opp else ""
        if state.log is not None:
            narrate(state, "acquire", "{p} acquires {card} for {cost} command{where}", actor=p, p=K.name,
                    card=Card(iid), cost=cost, where=where)
        state.vars["refresh"] = ""

    @staticmethod
    def gain_card(state: State, p: int, iid: int) -> None:
        """An acquired card goes to its new owner's discard pile (VOL-ACQ-02, VOL-MAIN-04)."""
        if state.cards[iid].to_opp:  # Saboteur: onto the opponent's discard (VOL-VAR-SAB-02)
            state.zones[KEYS[1 - p].discard].append(iid)
        else:
            state.zones[KEYS[p].discard].append(iid)
        if state.listen:
            announce(state, ACQUIRED, subject=iid, player=p)

    def _acquire_wonder(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        slots = state.slots
        i = LAIRS[a[1] - 1]
        iid = slots[i]
        cost = M.cost(state, p, iid, consume=True)
        self._pay(state, K.bp, cost)
        slots[i] = -1
        state.zones[K.discard].append(iid)  # VOL-ACQW-02
        if state.log is not None:
            narrate(state, "acquire", "{p} acquires the Wonder {card} for {cost} battle", actor=p, p=K.name,
                    card=Card(iid), cost=cost)
        if state.listen:
            announce(state, ACQUIRED, subject=iid, player=p)
        state.vars["refresh"] = ""
        push(state, WONDER_REMOVAL, {"controller": p, "new": iid})

    def _redeploy(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        src = K.troop[self._city(a[1])]
        dst = K.troop[self._city(a[2])]
        slots = state.slots
        iid = slots[src]
        self._pay(state, K.cp, state.cards[iid].cost)
        slots[src] = -1
        slots[dst] = iid  # the gained mark goes with the card (VOL-GAIN-07)
        if state.log is not None:
            narrate(state, "redeploy", "{p} redeploys {card} from {a} to {b} for {cost} command", actor=p, p=K.name,
                    card=Card(iid), a=a[1], b=a[2], cost=state.cards[iid].cost)

    def _attack(self, state: State, a) -> None:
        p = state.active
        K = KEYS[p]
        o = 1 - p
        O = KEYS[o]
        where = a[1].partition(".")[2]
        if where == "lair":  # the claimed Lair is one of o's Cities (VOL-DEFEAT-12)
            cost = M.lair_cost(state, o)
            self._pay(state, K.bp, cost)
            M.lair_cost(state, o, consume=True)  # paid: a change for the next attack only is used up
            if state.log is not None:
                narrate(state, "attack", "{p} attacks {o}'s Lair for {cost} battle", actor=p, p=K.name, o=O.name, cost=cost)
            if ATTACKED in state.listen:
                announce(state, ATTACKED, subject=state.slots[O.lair], player=o, by=p)
            if state.vars.get("vflags", 0) & V.PLOYS:  # Double Shift, Second Chance answer it too
                push(state, V.ATTACK_RESOLVE, {"actor": p, "target": o, "city": M.LAIR_CITY})
                V.signal(state, "attack", {"actor": p, "target": o, "city": M.LAIR_CITY})
                return
            M.destroy_lair(state, o)  # VOL-DEFEAT-15
            return
        ci = self._city(where)
        cost = M.city_cost(state, o, ci)
        self._pay(state, K.bp, cost)
        if lasting.MODIFIERS in state.listen:
            M.city_cost(state, o, ci, consume=True)  # paid: a change for the next attack only is used up
        if state.log is not None:
            narrate(state, "attack", "{p} attacks {city} for {cost} battle", actor=p, p=K.name,
                    city=M.place_text(state, o, ci), cost=cost)
        if ATTACKED in state.listen:
            announce(state, ATTACKED, subject=state.vars[O.cityids][ci], player=o, by=p)
        if state.vars.get("vflags", 0) & (V.PLOYS | V.MERC):
            # resolved by a frame, after the Ploys the attack sets off (Double Shift may cancel it)
            push(state, V.ATTACK_RESOLVE, {"actor": p, "target": o, "city": ci})
            V.signal(state, "attack", {"actor": p, "target": o, "city": ci})
            return
        t = state.slots[O.troop[ci]]
        if t >= 0:  # VOL-ATTACK-04: the Troop falls, the City stands
            M.remove_from(state, t, O.troop_key[ci], "destroyed")
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
        M.set_sealed(state, iid, pl, True)  # points already gained stay (VOL-SEAL-07)
        if state.log is not None:
            narrate(state, "seal", "{p} seals {owner}'s {card} for {cost} knowledge", actor=p, p=KEYS[p].name,
                    owner=KEYS[pl].name, card=Card(iid), cost=state.cards[iid].cost)

    def _unseal(self, state: State, a) -> None:
        p = state.active
        pl, iid = self._wonder_in_play(state, a, True)
        self._pay(state, KEYS[p].kp, state.cards[iid].cost)
        M.set_sealed(state, iid, pl, False)
        if state.log is not None:
            narrate(state, "seal", "{p} unseals {owner}'s {card} for {cost} knowledge", actor=p, p=KEYS[p].name,
                    owner=KEYS[pl].name, card=Card(iid), cost=state.cards[iid].cost)
        if pl == p:  # an own Wonder sealed since the Main Phase began gives its points now, once
            M.gain_main(state, p, iid)
            M.fire_chains(state, p)

    def _replace(self, state: State, a) -> None:
        p = state.active
        i = ROW[a[1] - 1]
        if state.slots[i] < 0 or not state.zones["asset_deck"]:
            raise IllegalAction("replace needs a card in that space and a card in the Asset Deck")
        self._pay(state, KEYS[p].kp, REPLACE_COST)
        old, new = M.replace_in_row(state, i)
        key = ROW_KEYS[i]
        if state.log is not None:
            narrate(state, "replace", "{p} pays {cost} knowledge to replace Asset Row space {i}: {old} goes under the "
                    "Asset Deck, {new} comes in", actor=p, p=KEYS[p].name, cost=REPLACE_COST, i=a[1],
                    old=Card(old, came_from=key), new=Card(new))

    def _move(self, state: State, a) -> None:
        p = state.active
        for t, d in M.dragon_moves(state, p):
            if t == a[1]:
                self._pay(state, KEYS[p].kp, MOVE_COST)
                state.vars["dragon"] = d
                if state.log is not None:
                    narrate(state, "dragon", "{p} pays {cost} knowledge: Volfyirion moves onto {where}", actor=p,
                            p=KEYS[p].name, cost=MOVE_COST, where=M.dragon_place(state, d))
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
        if state.log is not None:
            narrate(state, "dragon", "{p} defeats Volfyirion and claims its Lair (4 battle each turn; a City of its own)",
                    actor=p, p=K.name)
        slots = state.slots
        for i in LAIRS:  # VOL-DEFEAT-04/05: no removal bonus
            iid = slots[i]
            if iid >= 0:
                slots[i] = -1
                zones[K.discard].append(iid)
                if state.log is not None:
                    narrate(state, "acquire", "{card} goes to {p}'s discard pile", actor=p, p=K.name, card=Card(iid))
        slots[K.lair], slots[LAIR_CARD] = slots[LAIR_CARD], -1  # VOL-DEFEAT-06/07
        M.gain_main(state, p, slots[K.lair])  # 4 battle already this turn (VOL-DEFEAT-09)

    def _locate_ability(self, state: State, a, want: str) -> tuple[int, str]:
        """The instance an ``activate``/``remove`` action means, and the zone it is in."""
        p = state.active
        K = KEYS[p]
        cards = state.cards
        zones = state.zones
        if len(a) > 2:
            ci = self._city(a[2])
            slots = state.slots
            for slot, key in ((K.troop[ci], K.troop_key[ci]), (K.building[ci], K.building_key[ci])):
                iid = slots[slot]
                if iid >= 0 and cards[iid].name == a[1] and ci in state.vars[K.intact]:
                    return iid, key
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
        if state.log is not None:
            narrate(state, "ability", "{p} uses {card}'s secondary ability", actor=p, p=KEYS[p].name, card=Card(iid))
        push(state, c.act, {"controller": p, "source": iid, "card": c.name})

    def _remove(self, state: State, a) -> None:
        p = state.active
        iid, key = self._locate_ability(state, a, "rem")
        c = state.cards[iid]
        if c.rem is None:
            raise IllegalAction(f"{c.name} has no remove ability")
        if state.log is not None:
            narrate(state, "ability", "{p} uses {card}'s remove ability", actor=p, p=KEYS[p].name, card=Card(iid))
        M.gain_main(state, p, iid)  # VOL-REMAB-02
        M.remove_from(state, iid, key, "removed")  # VOL-REMAB-01, VOL-REMAB-05
        if c.rem_battle and c.kind == TROOP and state.vars.get("vflags", 0) & V.PLOYS:
            state.vars["sc_troop"] = iid  # used to attack, its Battle Points: Second Chance (VOL-VAR-PLOY-SECOND-02)
        push(state, c.rem, {"controller": p, "source": iid, "card": c.name})

    def end_reason(self, state: State) -> str:
        if state.winner is None:
            return ""
        loser = KEYS[1 - state.winner].name
        if state.phase == "end" and state.active != state.winner:  # VOL-WIN-02
            return Phrase(N_("Volfyirion destroyed {p}'s last City at the end of {p}'s turn (VOL-WIN-02)"), p=loser)
        return Phrase(N_("{p} has no intact City left (VOL-WIN-01)"), p=loser)

    def _thin(self, state: State, a) -> None:
        """Use a Remove Ability only to thin the deck: the card leaves, its bonus is not taken (VOL-REMAB-03)."""
        p = state.active
        iid, key = self._locate_ability(state, a, "rem")
        c = state.cards[iid]
        if not c.thin:
            raise IllegalAction(f"{c.name}: use 'remove {c.name}' (its bonus is optional step by step)")
        M.gain_main(state, p, iid)  # VOL-REMAB-02
        M.remove_from(state, iid, key, "removed")  # (no Battle Points taken: not used to attack, no Second Chance)

    def _end_turn(self, state: State, a) -> None:
        if state.log is not None:  # (every turn: not even the call when nobody watches)
            narrate(state, "end turn", "{p} ends the turn", actor=state.active, level=DETAIL, p=KEYS[state.active].name)
        state.phase_done = True

    # ================================================================== cards' own abilities
    def holders(self, state: State) -> list[tuple[int, int]]:
        return M.holders(state)

    def owner(self, state: State, iid: int) -> int:
        return TABLE.owner(state, iid)
