"""Volfyirion for learning agents: the action numbering and the observation layout.

Both depend only on the card set (every variant's cards are always numbered, so one
agent plays every variant and mode). Seats are relative to the player observing or
acting: ``you`` and ``opp``. The observation is defined from ``view(state, player)``
only; the direct observer writes the same bytes from the state, reading what the view
reads (tests/rl/test_encoding.py).
"""
from __future__ import annotations

from tabletop.framework.encoding import ActionSpace, Domain, Encoding, Family, ObservationLayout, Seats, clip, index
from tabletop.framework.lasting import MODIFIERS
from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion import variants as V
from tabletop.packs.volfyirion.model import KEYS

RESOURCES = ("command", "battle", "knowledge")
HAND_TYPES = ("command", "building", "troop", "wonder")
SLOTS = (1, 2, 3, 4, 5)
CITIES = ("city1", "city2", "city3")


def _names(cards, *types) -> list[str]:
    return [c.name for c in cards.cards if not types or c.type in types]


def actions(rules, nplayers: int = 2) -> ActionSpace:
    """Every Volfyirion action, family by family (docs/rl.md prints the table)."""
    cards = rules.cards
    hand = Domain("hand cards (commands, buildings, troops, wonders, in card-set order)", _names(cards, *HAND_TYPES))
    in_city = Domain("city cards (buildings and troops)", _names(cards, "building", "troop"))
    wonders = Domain("wonders", _names(cards, "wonder"))
    you_opp = Seats((0, 1))
    opp = Seats((1,))
    places = Seats((0, 1))
    fams = [
        Family("end turn", doc="end your Main Phase"),
        Family("mulligan", doc="first turn: shuffle your hand back and draw 5"),
        Family("refresh {slot}", {"slot": ["1", "2", "3", "4", "5", "all"]}, "first turn: free Asset Row refresh"),
        Family("play {card}", {"card": hand}, "play a card of your hand (by card kind)"),
        Family("play {card} {city}", {"card": in_city, "city": CITIES}, "play a Building or Troop into your city"),
        Family("acquire asset {slot}", {"slot": SLOTS}, "buy Asset Row card 1-5"),
        Family("acquire wonder {slot}", {"slot": (1, 2)}, "buy Lair Wonder 1-2"),
        Family("acquire top", doc="Qoam Oracle: buy the Asset Deck's top card"),
        Family("acquire wonder top", doc="Heroes Party: buy the Wonder Deck's top card"),
        Family("redeploy {a} {b}", {"a": CITIES, "b": CITIES}, "move your Troop between two of your cities"),
        Family("attack {seat}.{target}", {"seat": opp, "target": CITIES + ("lair",)}, "attack an enemy city or the Lair"),
        Family("seal {seat} {card}", {"seat": you_opp, "card": wonders}, "seal a Wonder in a Playing Area"),
        Family("unseal {seat} {card}", {"seat": you_opp, "card": wonders}, "unseal a Wonder"),
        Family("replace {slot}", {"slot": SLOTS}, "replace Asset Row card 1-5"),
        Family("move volfyirion lair", doc="move the dragon back to its Lair"),
        Family("move volfyirion {seat}.{city}", {"seat": places, "city": CITIES}, "move the dragon onto a city"),
        Family("defeat volfyirion", doc="pay 16 battle to defeat the dragon"),
        Family("activate {card}", {"card": hand}, "use the secondary ability of a card in play"),
        Family("activate {card} {city}", {"card": in_city, "city": CITIES}, "the secondary ability of a card in a city"),
        Family("remove {card}", {"card": hand}, "use the remove ability of a card in play"),
        Family("remove {card} {city}", {"card": in_city, "city": CITIES}, "the remove ability of a card in a city"),
        Family("thin {card}", {"card": hand}, "a remove ability used only to thin your deck (none of its bonus)"),
        Family("thin {card} {city}", {"card": in_city, "city": CITIES}, "the same for a card in a city"),
        Family("take {seat} {card}", {"seat": you_opp, "card": hand}, "Ascension Path: take it from a Playing Area"),
        Family("collide {card}", {"card": wonders}, "Anomaly Collider: seal your Wonder for free"),
        Family("rebuild {city}", {"city": CITIES}, "extended mode: rebuild your destroyed city"),
        Family("yes", doc="accept the optional effect offered"),
        Family("no", doc="decline the optional effect offered"),
        Family("skip", doc="choose nothing"),
        Family("choose hand:{card}", {"card": hand}, "decision: a card of your hand"),
        Family("choose discard:{card}", {"card": hand}, "decision: a card of your discard pile"),
        Family("choose play:{card}", {"card": hand}, "decision: a card of your Playing Area"),
        Family("choose lair", doc="decision: the Lair"),
        Family("choose {seat}.{city}", {"seat": places, "city": CITIES}, "decision: a city"),
        Family("choose {seat}.{city}.{slot}", {"seat": places, "city": CITIES, "slot": ("troop", "building")},
               "decision: the Troop or the Building of a city (destroy an enemy troop or building)"),
        # last, so that adding it moved no earlier id
        Family("choose play:{card}" + M.SEALED_COPY, {"card": wonders},
               "decision: the sealed copy of a Wonder of your Playing Area that also holds an unsealed one"),
    ]
    return ActionSpace(fams, rules.parse, nplayers)


def encoding(rules, nplayers: int = 2) -> Encoding:
    """The Volfyirion encoding (the ``tabletop_encoding`` hook)."""
    cards = rules.cards
    allc = _names(cards)
    hand = _names(cards, *HAND_TYPES)
    wonders = _names(cards, "wonder")
    troops = _names(cards, "troop")
    buildings = _names(cards, "building")
    perks = _names(cards, "perk")
    ploys = _names(cards, "ploy")
    phases = [p.name for p in rules.phases]
    K = len(allc)
    L = ObservationLayout()
    o_phase = L.add("phase", len(phases), f"one-hot: {', '.join(phases)}")
    o_turn = L.add("turn", 1, "turn number (clipped at 255)")
    o_active = L.add("you_active", 1, "1 if it is your turn")
    o_pending = L.add("pending", 2, "a decision waits: [for you, for the opponent]")
    o_dragon = L.add("volfyirion", 8, "one-hot: lair, you.city1-3, opp.city1-3, removed")
    o_row = L.add("asset_row", 5 * len(hand), f"5 slots x one-hot over the {len(hand)} hand cards (empty slot: zeros)")
    o_top = L.add("asset_top", len(hand), "one-hot: the Asset Deck's face-up top (zeros when hidden)")
    o_sizes = L.add("deck_sizes", 2, "Asset Deck size, Wonder Deck size")
    o_lair = L.add("lair_wonders", 2 * len(wonders), f"2 Lair spaces x one-hot over the {len(wonders)} Wonders")
    o_owner = L.add("lair_owner", 2, "who holds the Lair: [you, opp]")
    o_removed = L.add("removed", K, "count of each card removed from the game")
    o_hand = L.add("you.hand", K, "count of each card in your hand")
    o_ploy = L.add("you.ploy", len(ploys), "one-hot: your secret Ploy")
    o_opp_ploy = L.add("opp.ploy_hidden", 1, "1 if the opponent holds a secret Ploy")
    per = {}
    for who in ("you", "opp"):
        per[who] = {
            "points": L.add(f"{who}.points", 3, "command, battle, knowledge points"),
            "sizes": L.add(f"{who}.sizes", 4, "intact cities, hand size, deck size, discard size"),
            "play": L.add(f"{who}.play", K, "count of each card in the Playing Area"),
            "discard": L.add(f"{who}.discard", K, "count of each card in the discard pile"),
            "sealed": L.add(f"{who}.sealed", len(wonders), "1 for each sealed Wonder"),
            "perk": L.add(f"{who}.perk", len(perks), "one-hot: the Perk"),
            "cities": L.add(f"{who}.cities", 3 * (7 + len(troops) + len(buildings)),
                            f"3 cities x [defence, printed defence, destroyed, removed from the game, rebuild cost "
                            f"in command, battle, knowledge (extended mode)] + one-hot Troop ({len(troops)}) "
                            f"+ one-hot Building ({len(buildings)})"),
            "lair": L.add(f"{who}.lair", 2, "[holds the Lair, its defence]"),
        }
    ix_all, ix_hand, ix_w = index(allc), index(hand), index(wonders)
    ix_troop, ix_build, ix_perk, ix_ploy = index(troops), index(buildings), index(perks), index(ploys)
    ix_phase = index(phases)
    nh, nw = len(hand), len(wonders)
    city_size = 7 + len(troops) + len(buildings)
    ntroops = len(troops)

    city_keys = ("city1", "city2", "city3")
    blocks = {who: (f["points"], f["sizes"], f["play"], f["discard"], f["sealed"], f["perk"], f["cities"], f["lair"])
              for who, f in per.items()}
    dragon_at = {"lair": 0, "removed": 7}

    # Sizes, defences and costs are small by the rules (a deck holds at most a few dozen
    # cards); only the turn and the points are clipped to one byte.
    def fill(view: dict, out: bytearray) -> None:
        me = view["you"]
        players = view["players"]
        ph = ix_phase.get(view["phase"])
        if ph is not None:
            out[o_phase + ph] = 1
        out[o_turn] = clip(view["turn"])
        out[o_active] = view["active"] == me
        pend = view["pending"]
        if pend is not None:
            out[o_pending + (pend["player"] != me)] = 1
        d = view["volfyirion"]
        at = dragon_at.get(d)
        if at is None:
            at = 1 + (0 if d.startswith(me + ".") else 3) + int(d[-1]) - 1
        out[o_dragon + at] = 1
        o = o_row
        for slot in view["asset_row"]:
            if slot is not None:
                out[o + ix_hand[slot["name"]]] = 1
            o += nh
        top = view["asset_top"]
        if top is not None:
            out[o_top + ix_hand[top]] = 1
        out[o_sizes] = view["asset_deck_size"]
        out[o_sizes + 1] = view["wonder_deck_size"]
        lair = view["lair"]
        w0, w1 = lair["wonders"]
        if w0 is not None:
            out[o_lair + ix_w[w0["name"]]] = 1
        if w1 is not None:
            out[o_lair + nw + ix_w[w1["name"]]] = 1
        if lair["owner"] is not None:
            out[o_owner + (lair["owner"] != me)] = 1
        for n in view["removed"]:
            out[o_removed + ix_all[n]] += 1
        for seat, pv in players.items():
            if seat == me:
                for n in pv["hand"]:
                    out[o_hand + ix_all[n]] += 1
                if pv["ploy"]:
                    out[o_ploy + ix_ploy[pv["ploy"]]] = 1
                o_pts, o_sz, o_play, o_disc, o_seal, o_perk, o_city, o_lair_p = blocks["you"]
            else:
                out[o_opp_ploy] = pv["ploy"] == "hidden"
                o_pts, o_sz, o_play, o_disc, o_seal, o_perk, o_city, o_lair_p = blocks["opp"]
            pts = pv["points"]
            out[o_pts] = clip(pts["command"])
            out[o_pts + 1] = clip(pts["battle"])
            out[o_pts + 2] = clip(pts["knowledge"])
            discard = pv["discard"]
            out[o_sz] = pv["intact"]
            out[o_sz + 1] = pv["hand_size"]
            out[o_sz + 2] = pv["deck_size"]
            out[o_sz + 3] = len(discard)
            for n in pv["play"]:
                out[o_play + ix_all[n]] += 1
            for n in discard:
                out[o_disc + ix_all[n]] += 1
            for n in pv["sealed"]:
                out[o_seal + ix_w[n]] = 1
            perk = pv["perk"]
            if perk:
                out[o_perk + ix_perk[perk]] = 1
            b = o_city
            for key in city_keys:
                c = pv[key]
                out[b] = c["defence"]
                out[b + 1] = c["printed"]
                out[b + 2] = c["destroyed"]
                rb = c.get("rebuild")
                if rb is not None:
                    out[b + 3] = c["removed"]
                    out[b + 4] = rb.get("command", 0)
                    out[b + 5] = rb.get("battle", 0)
                    out[b + 6] = rb.get("knowledge", 0)
                elif c.get("removed"):
                    out[b + 3] = 1
                t = c["troop"]
                if t is not None:
                    out[b + 7 + ix_troop[t]] = 1
                t = c["building"]
                if t is not None:
                    out[b + 7 + ntroops + ix_build[t]] = 1
                b += city_size
            lair_p = pv.get("lair")
            if lair_p is not None:
                out[o_lair_p] = 1
                out[o_lair_p + 1] = lair_p["defence"]

    by_cards: dict[int, tuple] = {}

    def card_tables(cards) -> tuple:
        """Per instance id: its position among all cards, hand cards, Wonders, Troops,
        Buildings, Perks and Ploys (None where it is not one), built once per game; and the
        game's memo of encoded blocks (see the observer)."""
        got = by_cards.get(id(cards))
        if got is not None and got[0] is cards:
            return got[1]
        if len(by_cards) > 32:
            by_cards.clear()
        names = [c.name for c in cards]
        tables = tuple([ix.get(n) for n in names] for ix in (ix_all, ix_hand, ix_w, ix_troop, ix_build, ix_perk, ix_ploy))
        tables += ({},)
        by_cards[id(cards)] = (cards, tables)
        return tables

    row_slots, (lair1, lair2) = M.ROW, M.LAIRS
    LAIR, REMOVED = M.LAIR, M.REMOVED
    sees_top = rules._sees_asset_top
    city_cost, lair_cost = M.city_cost, M.lair_cost
    o_you, o_opp = blocks["you"], blocks["opp"]
    slot_keys = tuple(tuple(zip(K.troop, K.building)) for K in KEYS)
    cities_span = 3 * city_size
    # per seat: its state keys, and the offsets of its block as seen by itself and by the other
    seat_keys = tuple((K, K.res, K.hand, K.deck, K.discard, K.play, K.lair, K.intact, K.cityids,
                       tuple(zip((0, 1, 2), K.troop, K.building)), V.PLOY_KEY[p], V.PERK_KEY[p], f"{K.name}.gone")
                      for p, K in enumerate(KEYS))

    def observer(state, player: int, out: bytearray) -> None:
        """``fill(rules.view(state, player), out)``, read straight from the state: the same
        reads the view makes for ``player`` (their own hand and Ploy, sizes of the rest). Numbers go in
        unclipped: one beyond a byte raises, and ``Encoding`` falls back on ``fill``."""
        t_all, t_hand, t_w, t_troop, t_build, t_perk, t_ploy, memo = card_tables(state.cards)
        zones, vars_, counters = state.zones, state.vars, state.counters
        slots_ = state.slots
        cards = state.cards
        ph = ix_phase.get(state.phase)
        if ph is not None:
            out[o_phase + ph] = 1
        out[o_turn] = state.turn
        out[o_active] = state.active == player
        pend = state.pending
        if pend is not None:
            out[o_pending + (pend.player != player)] = 1
        d = vars_["dragon"]
        if d == LAIR:
            out[o_dragon] = 1
        elif d == REMOVED:
            out[o_dragon + 7] = 1
        else:
            out[o_dragon + 1 + (0 if d // 3 == player else 3) + d % 3] = 1
        o = o_row
        for k in row_slots:
            iid = slots_[k]
            if iid >= 0:
                out[o + t_hand[iid]] = 1
            o += nh
        deck = zones["asset_deck"]
        if deck and sees_top(state, player):
            out[o_top + t_hand[deck[-1]]] = 1
        out[o_sizes] = len(deck)
        out[o_sizes + 1] = len(zones["wonder_deck"])
        iid = slots_[lair1]
        if iid >= 0:
            out[o_lair + t_w[iid]] = 1
        iid = slots_[lair2]
        if iid >= 0:
            out[o_lair + nw + t_w[iid]] = 1
        removed = zones["removed"]
        got = memo.get("removed")
        if got is not None and got[0] == removed:
            out[o_removed:o_removed + K] = got[1]
        else:
            for i in removed:
                out[o_removed + t_all[i]] += 1
            memo["removed"] = (removed[:], out[o_removed:o_removed + K])
        sealed = state.marks["sealed"]
        shift = vars_.get("shift")
        modifiers = MODIFIERS in state.listen
        ext = vars_.get("vflags", 0) & V.EXT
        for p, (_, (cp, bp, kp), k_hand, k_deck, k_disc, k_play, k_lair, k_intact, k_cityids, slots, k_ploy, k_perk,
                k_gone) in enumerate(seat_keys):
            ploy = zones.get(k_ploy)
            hand = zones[k_hand]
            if p == player:
                for i in hand:
                    out[o_hand + t_all[i]] += 1
                if ploy:
                    out[o_ploy + t_ploy[ploy[0]]] = 1
                o_pts, o_sz, o_play, o_disc, o_seal, o_perk, o_city, o_lair_p = o_you
            else:
                out[o_opp_ploy] = bool(ploy)
                o_pts, o_sz, o_play, o_disc, o_seal, o_perk, o_city, o_lair_p = o_opp
            out[o_pts] = counters[cp]
            out[o_pts + 1] = counters[bp]
            out[o_pts + 2] = counters[kp]
            discard = zones[k_disc]
            lair_z = slots_[k_lair] >= 0
            intact = vars_[k_intact]
            out[o_sz] = len(intact) + lair_z
            out[o_sz + 1] = len(hand)
            out[o_sz + 2] = len(zones[k_deck])
            out[o_sz + 3] = len(discard)
            for i in zones[k_play]:
                out[o_play + t_all[i]] += 1
                if i in sealed:
                    out[o_seal + t_w[i]] = 1
            for i in discard:
                out[o_disc + t_all[i]] += 1
            perk = zones.get(k_perk)
            if perk:
                out[o_perk + t_perk[perk[0]]] = 1
            # The Cities change seldom: their block is kept per seat and reused while what it
            # is made of (everything M.city_cost reads, when no lasting modifier applies) is.
            gone = vars_.get(k_gone, ()) if ext else ()
            (k_t1, k_b1), (k_t2, k_b2), (k_t3, k_b3) = slot_keys[p]
            cityids = vars_[k_cityids]
            key = (cityids, intact, gone, shift, ext, slots_[k_t1], slots_[k_b1], slots_[k_t2], slots_[k_b2],
                   slots_[k_t3], slots_[k_b3])
            got = None if modifiers else memo.get(p)
            if got is not None and got[0] == key:
                out[o_city:o_city + cities_span] = got[1]
            else:
                city_block(state, p, out, o_city, intact, gone, ext, cards, cityids, slots, t_troop, t_build)
                memo[p] = (key, out[o_city:o_city + cities_span])
            if lair_z:
                out[o_owner + (p != player)] = 1  # who holds the Lair
                out[o_lair_p] = 1
                out[o_lair_p + 1] = lair_cost(state, p)

    def city_block(state, p, out, b, intact, gone, ext, cards, cityids, slots, t_troop, t_build) -> None:
        """Write seat ``p``'s three Cities from offset ``b`` (as ``fill`` does from the view)."""
        slots_ = state.slots
        for ci, k_troop, k_build in slots:
            city = cards[cityids[ci]]
            if ci in intact:
                out[b] = city_cost(state, p, ci)
            else:
                out[b + 2] = 1
            out[b + 1] = city.defence
            if ext:
                if ci in gone:
                    out[b + 3] = 1
                else:
                    for r, n in city.rebuild_cost:
                        out[b + 4 + r] = n
            iid = slots_[k_troop]
            if iid >= 0:
                out[b + 7 + t_troop[iid]] = 1
            iid = slots_[k_build]
            if iid >= 0:
                out[b + 7 + ntroops + t_build[iid]] = 1
            b += city_size

    return Encoding(actions(rules, nplayers), L, fill, cards=allc, observer=observer)
