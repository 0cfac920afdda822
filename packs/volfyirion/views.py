"""What each player sees (``view``) and what scenario files look into (``describe``).

A view is everything public plus the player's own hand and secret Ploy: never the
opponent's hand or Ploy, never any deck's order (sizes only; the Asset Deck's face-up top
unless it is kept hidden).
"""
from __future__ import annotations

from tabletop.framework.language import N_, Phrase, Word
from tabletop.framework.state import State

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import KEYS, LAIR_KEYS, LAIRS, RESOURCES, ROW, ROW_KEYS


def _card_face(c) -> dict:
    """What the face of a card in a row shows: name, type, banner, cost, defence, abilities."""
    out = {"name": c.name, "cost": c.cost, "type": c.type, "colour": c.colour}
    if c.defence:
        out["defence"] = c.defence
    for key in ("main", "secondary", "remove"):
        text = c.get("main_text") if key == "main" else c.get(key)
        if text:
            out[key] = text
    return out


class Views:
    """The view and describe methods of :class:`~tabletop.packs.volfyirion.rules.VolfyirionRules`."""

    def _names(self, state: State, ids) -> list:
        cards = state.cards
        return [cards[i].name for i in ids]

    def _slot(self, state: State, slot: int):
        iid = state.slots[slot]
        return state.cards[iid].name if iid >= 0 else None

    def _only(self, state: State, key: str):
        """The name of the one card in zone ``key`` (a Perk, a Ploy), or None."""
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
            "intact": len(state.vars[K.intact]) + (state.slots[K.lair] >= 0),
            "sealed": [state.cards[i].name for i in zones[K.play] if i in sealed],
            "perk": self._only(state, V.PERK_KEY[p]) if V.PERK_KEY[p] in zones else None,
        }
        for ci in range(3):
            out[f"city{ci + 1}"] = self._city_info(state, p, ci)
        if state.slots[K.lair] >= 0:
            lair = state.cards[state.slots[K.lair]]
            out["lair"] = {"name": lair.name, "defence": M.lair_cost(state, p), "printed": lair.defence,
                           "destroyed": False, "troop": None, "building": None}
        return out

    def describe(self, state: State) -> dict:
        """Everything, hidden parts included, under the paths scenarios use (docs/packs/reference/volfyirion.md)."""
        zones = state.zones
        owner = None
        for p in (0, 1):
            if state.slots[KEYS[p].lair] >= 0:
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
            "asset_row": [self._slot(state, i) for i in ROW],
            "asset_deck": self._names(state, deck),
            "asset_top": state.cards[deck[-1]].name if deck else None,
            "wonder_deck": self._names(state, zones["wonder_deck"]),
            "lair": {"wonders": [self._slot(state, i) for i in LAIRS], "owner": owner},
            "removed": self._names(state, zones["removed"]),
        }
        for p in (0, 1):
            K = KEYS[p]
            d = self._player_public(state, p)
            d["hand"] = self._names(state, zones[K.hand])
            d["deck"] = self._names(state, zones[K.deck])
            d["ploy"] = self._only(state, V.PLOY_KEY[p]) if V.PLOY_KEY[p] in zones else None
            out[K.name] = d
        return out

    # ------------------------------------------------------------------ who sees what
    _SECRET_POOLS = frozenset(("asset_deck", "wonder_deck", "perks", "ploys", "box"))

    def zone_seen_by(self, state: State, key: str) -> frozenset | None:
        """Hands and secret Ploys: their owner; decks and undealt pools: nobody; the rest: everyone."""
        owner, _, rest = key.partition(".")
        if rest in ("hand", "ploy"):
            return frozenset((int(owner[1:]) - 1,))
        if rest == "deck" or key in self._SECRET_POOLS:
            return frozenset()
        return None

    def seen_by(self, state: State, iid: int) -> frozenset | None:
        key = state.zone_of(iid)
        if key is None:
            return frozenset()
        if key == "asset_deck" and state.zones[key][-1] == iid:  # the face-up top (VOL-SETUP-06)
            seers = frozenset(p for p in (0, 1) if self._sees_asset_top(state, p))
            return None if len(seers) == 2 else seers
        return self.zone_seen_by(state, key)

    _ZONE_WORDS = {"hand": N_("hand"), "deck": N_("deck"), "discard": N_("discard pile"), "play": N_("Playing Area"),
                   "lair": N_("Lair"), "cities": N_("cities"), "perk": N_("Perk"), "ploy": N_("Ploy")}

    def phase_label(self, phase: str) -> str:
        from tabletop.packs.volfyirion.board import PHASES

        return Word(PHASES[phase], "volfyirion") if phase in PHASES else phase

    def zone_label(self, key: str) -> str:
        owner, _, rest = key.partition(".")
        if owner in ("p1", "p2"):
            if rest.startswith("city"):  # p1.city2.troop
                city, _, slot = rest.partition(".")
                return Phrase(N_("{owner}.{city} {slot}"), owner=owner, city=city, slot=Word(slot)) if slot else \
                    f"{owner}.{city}"
            return Phrase(N_("{p}'s {zone}"), p=owner, zone=Word(self._ZONE_WORDS.get(rest, rest)))
        if key in ROW_KEYS:
            return Phrase(N_("Asset Row space {i}"), i=key[3:])
        if key in LAIR_KEYS:
            return Phrase(N_("the Lair's space {i}"), i=key[4:])
        return Word({"asset_deck": N_("the Asset Deck"), "wonder_deck": N_("the Wonder Deck"),
                     "removed": N_("out of the game"), "lair_card": N_("Volfyirion's Lair")}.get(key, key.replace("_", " ")))

    def view(self, state: State, player: int | None) -> dict:
        """What ``player`` may know: no opponent hand contents, no deck order (VOL-SETUP-02/04/05/06).
        ``player`` None is a spectator: no hand, no Ploy, no hidden Asset Deck top."""
        zones = state.zones
        slots = state.slots
        cards = state.cards
        deck = zones["asset_deck"]
        owner = None
        for p in (0, 1):
            if slots[KEYS[p].lair] >= 0:
                owner = KEYS[p].name
        pend = None
        if state.pending is not None:
            # only the deciding player reads the question: its wording may say what it is about
            pend = {"player": KEYS[state.pending.player].name}
            if state.pending.player == player:
                from tabletop.framework.actions import format_action
                pend["prompt"] = state.pending.prompt
                pend["options"] = [format_action(o) for o in state.pending.options]
        top_seen = bool(deck) and (not state.vars["hidden_top"] if player is None
                                   else self._sees_asset_top(state, player))
        out = {
            "game": self.name,
            "you": None if player is None else KEYS[player].name,
            "turn": state.turn,
            "active": KEYS[state.active].name,
            "phase": state.phase,
            "over": state.over,
            "winner": None if state.winner is None else KEYS[state.winner].name,
            "pending": pend,
            "volfyirion": M.dragon_text(state.vars["dragon"]),
            "asset_row": [None if slots[i] < 0 else _card_face(cards[slots[i]]) for i in ROW],
            "asset_deck_size": len(deck),
            "asset_top": cards[deck[-1]].name if top_seen else None,
            "wonder_deck_size": len(zones["wonder_deck"]),
            "lair": {"wonders": [None if slots[i] < 0 else _card_face(cards[slots[i]]) for i in LAIRS],
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

    # ------------------------------------------------------------------ hidden information
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
        from tabletop.framework.determinize import canonical, determinize_pools

        s = determinize_pools(state, self.hidden_pools(state, player), rng)
        deck = s.zones["asset_deck"]
        if len(deck) > 2 and self._sees_asset_top(state, player):  # below the visible top
            under = canonical(deck[:-1], s.cards)
            rng.shuffle(under)
            deck[:-1] = under
        return s
