"""Volfyirion's table for the card language: its zones, kinds, adjectives and how cards move.

A card text may name: ``hand``, ``house deck`` (``deck``), ``discard pile``, ``playing area``,
``cities`` (the Troop and Building slots of intact Cities), ``play`` (the playing area and the
cities), ``asset row``, ``asset deck``, ``wonder deck``; the kinds ``command``, ``building``,
``troop``, ``wonder``, ``city``, ``asset`` (a card of the Asset Deck: a Troop, a Building or a
Command card other than the House Decks' starting ones; found in the Asset Row when a text names
no zone); the adjectives ``intact``, ``destroyed``, ``sealed``,
``unsealed``, ``grey``, ``starting``; the numbers ``cost`` and ``defence``. Every effect but a
gain may be declined (VOL-SEC-05).
"""
from __future__ import annotations

from tabletop.dsl.table import Kind, Table, Zone
from tabletop.framework.language import N_, Word
from tabletop.framework import narration
from tabletop.framework.effects import native
from tabletop.framework.triggers import DISCARDED, GAINED, LEFT, announce, announce_gain, cause

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import (
    BUILDING, CITY, COMMAND, KEYS, LAIR_KEYS, LAIR_KIND, RESOURCES, ROW_KEYS, TROOP, WONDER,
)

_ROW = list(ROW_KEYS)
_LAIR = list(LAIR_KEYS)


def _slots(state, p: int) -> list[str]:
    K = KEYS[p]
    out = []
    for ci in state.vars[K.intact]:
        out.append(K.troop_key[ci])
        out.append(K.building_key[ci])
    return out


def _city_slots(p: int, ci: int) -> list[str]:
    K = KEYS[p]
    return [K.troop_key[ci], K.building_key[ci]]


def source_city(state, ctx) -> tuple[int, int] | None:
    """``(seat, city)`` of the intact City the source card (a Troop or a Building) stands in, or None."""
    src = ctx.get("source", -1)
    if src < 0:
        return None
    slots = state.slots
    for p in (0, 1):
        K = KEYS[p]
        for ci in state.vars[K.intact]:
            if slots[K.troop[ci]] == src or slots[K.building[ci]] == src:
                return p, ci
    return None


def source_city_slots(state, ctx) -> list[str]:
    """The Troop and Building slots of the City the source card stands in ("this city")."""
    at = source_city(state, ctx)
    return _city_slots(*at) if at is not None else []


def source_city_card(state, ctx) -> list[int]:
    """The City card the source card stands in ("if this city was attacked")."""
    at = source_city(state, ctx)
    return [state.vars[KEYS[at[0]].cityids][at[1]]] if at is not None else []


def _copied_secondary(state, iid: int, ctx: dict):
    """A card's Secondary Ability, for a copy: its program, when the card has one whose requirement
    (a Synergy Chain) holds for the copying player as it would for that card (VOL-SYN-*)."""
    c = state.cards[iid]
    if c.sec is None:
        return None
    p = ctx["controller"]
    return c.sec if M.requirement_met(c, M.colour_counts(state, p), state, p, iid) else None


def _copied_remove(state, iid: int, ctx: dict):
    """A card's Remove Ability, for a copy: its bonus, the card itself staying where it is."""
    return state.cards[iid].rem


def _gain_copied_main(state, ctx: dict):
    """The points the Main Ability of the card copied (``ctx["copied"]``) shows, gained by the copier's
    controller as a gain of an effect (VOL-GAIN-01's amounts; the card copied gains nothing)."""
    p, pts = ctx["controller"], state.cards[ctx["copied"]].main
    M.add_points(state, p, pts)
    if state.log is not None:
        narration.narrate(state, "points", "{p} gains {points} from {card}", actor=p, level=narration.DETAIL,
                          p=KEYS[p].name, points=M.points_text(pts), card=narration.Card(ctx.get("source", -1)))
    return None


_COPIED_MAIN = native("volfyirion/copied-main", _gain_copied_main)


def _copied_main(state, iid: int, ctx: dict):
    """A card's Main Ability, for a copy: the points it shows (none to copy when it shows none)."""
    return _COPIED_MAIN if state.cards[iid].main else None


def _attacked_city(state, ctx) -> list[str]:
    """The slots of the City an attack is made on ("that city", in a Ploy answering an attack)."""
    return _city_slots(ctx["target"], ctx["city"]) if "city" in ctx else []


def _cities(state, p: int) -> list[str]:
    K = KEYS[p]
    return [K.cities, K.lair_key]


def _play(state, p: int) -> list[str]:
    return [KEYS[p].play] + _slots(state, p)


ZONES = (
    Zone("hand", ("hand",), lambda s, p: [KEYS[p].hand], lambda s, p, i=None: KEYS[p].hand, hidden=True),
    Zone("house deck", ("house deck", "deck"), lambda s, p: [KEYS[p].deck], lambda s, p, i=None: KEYS[p].deck,
         pile=True, secret=True),
    Zone("discard pile", ("discard pile", "discard"), lambda s, p: [KEYS[p].discard],
         lambda s, p, i=None: KEYS[p].discard, pile=True),
    Zone("playing area", ("playing area", "play area"), lambda s, p: [KEYS[p].play],
         lambda s, p, i=None: KEYS[p].play, in_play=True),
    Zone("cities", ("cities", "city"), _slots, in_play=True),
    Zone("play", ("play",), _play, in_play=True),
    Zone("city cards", ("city cards",), _cities),
    Zone("asset row", ("asset row", "row"), lambda s, p: _ROW, shared=True),
    Zone("asset deck", ("asset deck",), lambda s, p: ["asset_deck"], lambda s, p, i=None: "asset_deck",
         shared=True, pile=True, secret=True),
    Zone("wonder deck", ("wonder deck",), lambda s, p: ["wonder_deck"], lambda s, p, i=None: "wonder_deck",
         shared=True, pile=True, secret=True),
    Zone("lair", ("lair",), lambda s, p: _LAIR, shared=True),
)

KINDS = (
    Kind("troop", lambda c: c.kind == TROOP, "cities"),
    Kind("building", lambda c: c.kind == BUILDING, "cities"),
    Kind("command", lambda c: c.kind == COMMAND, "playing area"),
    Kind("wonder", lambda c: c.kind == WONDER, "playing area"),
    Kind("city", lambda c: c.kind in (CITY, LAIR_KIND), "city cards"),
    Kind("asset", lambda c: c.kind in (COMMAND, TROOP, BUILDING) and not c.starting, "asset row"),
)


def _intact(state, iid: int, key) -> bool:
    for K in KEYS:
        ids = state.vars[K.cityids]
        if iid in ids:
            return ids.index(iid) in state.vars[K.intact]
        if state.slots[K.lair] == iid:
            return True
    return False


def _defence(state, iid: int) -> int:
    """A card's defence as the board shows it: printed, changed by the lasting changes on it."""
    key = state.zone_of(iid)
    owner = int(key[1]) - 1 if key and key[0] == "p" and key[2] == "." else state.active
    return M.defence(state, iid, owner)


class VolfyirionTable(Table):
    name = "volfyirion"
    departures = ("destroyed", "replaced", "removed", "returned", "discarded")  # nothing dies
    attacked = "city"
    restrictions = ("play", "acquire")  # checked by Rules._main_actions through lasting.forbidding
    optional = True
    resources = RESOURCES
    zones = ZONES
    kinds = KINDS
    adjectives = {
        "intact": _intact,
        "destroyed": lambda state, iid, key: state.cards[iid].kind == CITY and not _intact(state, iid, key),
        "sealed": lambda state, iid, key: iid in state.marks["sealed"],
        "unsealed": lambda state, iid, key: state.cards[iid].kind == WONDER and iid not in state.marks["sealed"],
        "grey": lambda state, iid, key: state.cards[iid].colour == "grey",
        "starting": lambda state, iid, key: bool(state.cards[iid].starting),
    }
    attributes = {
        "cost": lambda state, iid: state.cards[iid].cost,
        # with the lasting changes on it ("your troops have +1 defence"), as the board shows it
        "defence": lambda state, iid: _defence(state, iid),
    }
    phases = {"main phase": "main", "draw phase": "draw", "end phase": "end"}
    modifiable = ("defence",)
    nameable = {"house": "colour", "colour": "colour"}  # a Minor House is named by its colour
    copyable = {"main ability": _copied_main, "secondary ability": _copied_secondary, "remove ability": _copied_remove}
    cost_verbs = ("acquire", "buy")   # playing a card costs nothing (VOL-SEC): only acquiring
    places = {"this city": ("cities", "city", source_city_slots), "its city": ("cities", "city", source_city_slots),
              "that city": ("cities", "attack", _attacked_city),
              "the attacked city": ("cities", "attack", _attacked_city)}
    card_refs = {"this city": ("city", source_city_card)}

    def players(self, state) -> list[int]:
        return [0, 1]

    def contents(self, state, iid: int) -> list[int]:
        """A City holds its Troop and its Building (none once destroyed: its slots are emptied)."""
        for K in KEYS:
            ids = state.vars[K.cityids]
            if iid in ids:
                ci = ids.index(iid)
                return [c for c in (state.slots[K.troop[ci]], state.slots[K.building[ci]]) if c >= 0]
        return []

    def enemies(self, state, p: int) -> list[int]:
        return [1 - p]

    def owner(self, state, iid: int, key: str | None = None) -> int:
        if key is None:
            key = state.zone_of(iid)
        if key and key[0] == "p" and key[2] == ".":
            return int(key[1]) - 1
        return state.active

    def colour(self, card) -> str | None:
        return card.colour

    def label(self, state, iid: int, key: str, viewer: int) -> str:
        name = state.cards[iid].name
        p, _, rest = key.partition(".")
        if rest.startswith("city") and "." in rest:
            return key  # p2.city1.troop
        if p in ("p1", "p2"):
            where = {"hand": "hand", "deck": "deck", "discard": "discard", "play": "play",
                     "cities": "city", "lair": "lair"}.get(rest, rest)
            own = self.owner(state, iid, key)
            return f"{where}:{name}" if own == viewer else f"{p}.{where}:{name}"
        return f"{key}:{name}"

    # -------------------------------------------------------------- resources
    def points(self, state, p: int, resource: str) -> int:
        return state.counters[KEYS[p].res[RESOURCES.index(resource)]]

    def add_points(self, state, p: int, resource: str, n: int) -> None:
        key = KEYS[p].res[RESOURCES.index(resource)]
        before = state.counters[key]
        state.counters[key] = max(0, before + n)
        if GAINED in state.listen:
            announce_gain(state, p, resource, state.counters[key] - before)

    # -------------------------------------------------------------- moving cards
    def draw(self, state, p: int, n: int) -> int:
        return M.draw_cards(state, p, n)

    def can_draw(self, state, p: int) -> bool:
        K = KEYS[p]
        return bool(state.zones[K.deck] or state.zones[K.discard])

    def move(self, state, iid: int, key: str, dest: str, bottom: bool = False) -> None:
        leaving = self.is_in_play(state, key) and not self.is_in_play(state, dest)
        super().move(state, iid, key, dest, bottom)
        state.marks["sealed"].discard(iid)
        if key in ("asset_deck", "wonder_deck") or key.endswith(".deck"):
            state.reveals += 1
        if leaving:
            announce(state, LEFT, subject=iid, player=int(key[1]) - 1, how="returned", by=cause(state))
        if state.log is not None:  # the card is named to whoever sees it where it went or where it was
            where = Word(N_(" (at the bottom)")) if bottom else ""
            narration.narrate(state, "move", "{card} goes from {src} to {dst}{where}",
                              card=narration.Card(iid, came_from=key), src=narration.Zone(key),
                              dst=narration.Zone(dest), where=where)
        p = state.active
        if state.phase == "main" and dest in M.IN_PLAY_OF[p]:
            V.arrived(state, p)  # a chain the card makes hold fires (VOL-SYN-08) as on a play: after any Ploy it sets off

    def discard(self, state, iid: int, key: str) -> None:
        p = self.owner(state, iid, key)
        self.move(state, iid, key, KEYS[p].discard)
        if DISCARDED in state.listen and key == KEYS[p].hand:  # (not the hand put away at the End of a Turn)
            announce(state, DISCARDED, subject=iid, player=p)

    def destroy(self, state, iid: int, key: str, ctx: dict) -> None:
        card = state.cards[iid]
        if card.kind == CITY:
            p = self.owner(state, iid, key)
            M.destroy_city(state, p, state.vars[KEYS[p].cityids].index(iid))
        else:  # VOL-EFF-REMTROOP-01: a destroyed card is removed from the game
            M.remove_from(state, iid, key, "destroyed")

    def remove(self, state, iid: int, key: str, ctx: dict) -> None:
        M.remove_from(state, iid, key, "removed")
