"""Volfyirion's state layout and the small mechanics every other module shares.

State layout (all keys built once, below):

zones    ``p1.deck`` ``p1.hand`` ``p1.discard`` ``p1.play`` (Playing Area, Wonders included)
         ``p1.cities`` (the three City cards, printed order) ... ``asset_deck`` ``wonder_deck``
         ``removed`` ``box`` (out of the game, scenarios)
slots    (places of one card, ``state.slots`` by index; :data:`LAYOUT`) ``row1``..``row5``
         (:data:`ROW`), ``lair1`` ``lair2`` (:data:`LAIRS`), ``lair_card`` (the unclaimed Lair,
         :data:`LAIR_CARD`), ``p1.city1.troop`` ... ``p1.city3.building`` (``Keys.troop``,
         ``Keys.building``), ``p1.lair`` (the claimed Lair, ``Keys.lair``)
counters ``p1.command`` ``p1.battle`` ``p1.knowledge`` ``p1.turns``
marks    ``gained`` (main points taken this turn) ``used`` (secondary used this turn)
         ``sealed`` (sealed Wonders)
vars     ``p1.intact`` (tuple of intact city indexes) ``dragon`` (int, see below)
         ``first`` (first player) ``mull`` (mulligan open) ``refresh`` ("one"/"all"/"")
         ``hidden_top`` ``variants`` ``mode``

The slots of a destroyed City are always empty (its Troop and Building leave with it).
The dragon is an int: ``LAIR`` (-1), ``REMOVED`` (-2), or ``player * 3 + city index``.
"""
from __future__ import annotations

from itertools import permutations

from tabletop.framework.language import N_, Count, N_plural, Word, listed
from tabletop.framework import lasting
from tabletop.framework.effects import Decision, native
from tabletop.framework.narration import DETAIL, Card, Zone, narrate
from tabletop.framework.state import EMPTY, Layout
from tabletop.framework.triggers import ENTERED, GAINED, LEFT, PLAYED, announce, announce_gain, cause
from tabletop.framework.zones import draw as _draw, take

RESOURCES = ("command", "battle", "knowledge")
COLOURS = ("turquoise", "red", "purple")
NEUTRAL = "grey"
NCOL = len(COLOURS)

COMMAND, BUILDING, TROOP, WONDER, CITY, LAIR_KIND, PERK, PLOY = range(8)
KIND_OF = {"command": COMMAND, "building": BUILDING, "troop": TROOP, "wonder": WONDER,
           "city": CITY, "lair": LAIR_KIND, "perk": PERK, "ploy": PLOY}

LAIR = -1
REMOVED = -2
LAIR_CITY = 3  # a claimed Lair, where an event names a player's City by index

DEFEAT_COST = 16
DEFEAT = ("defeat volfyirion",)  # the action
SKIP = ("skip",)
MOVE_COST = 8
REPLACE_COST = 2
HAND_SIZE = 5
ROW_SIZE = 5

ROW_KEYS = tuple(f"row{i}" for i in range(1, ROW_SIZE + 1))
LAIR_KEYS = ("lair1", "lair2")
ROW = tuple(range(ROW_SIZE))  # the slots of the Asset Row's spaces
LAIRS = (ROW_SIZE, ROW_SIZE + 1)  # the slots of the Lair's two Wonder spaces
LAIR_CARD = ROW_SIZE + 2  # the slot of the Lair card while nobody has claimed it


def _player_slot_names(p: int) -> tuple[str, ...]:
    n = f"p{p + 1}"
    return tuple(f"{n}.city{i}.troop" for i in (1, 2, 3)) + tuple(f"{n}.city{i}.building" for i in (1, 2, 3))


# ---------------------------------------------------------------------- a game's cards, flat
class CardTables:
    """Columns of one game's cards by instance id, for the rules' hottest loops (``state.tables``,
    made once a game's cards are dealt: by ``setup``, ``apply_setup`` and ``State.from_json``).

    Each column has one entry more than the game has cards: the last, read by index -1, is
    what an empty slot (``EMPTY``) holds, so ``cost[slots[i]] <= cp`` needs no emptiness test.
    """

    __slots__ = ("cost", "ability", "kind")
    NEVER = 1 << 62  # the cost of an empty slot: nothing pays it

    def __init__(self, cards: list) -> None:
        self.cost = [c.cost for c in cards] + [self.NEVER]
        self.ability = [c.has_ability for c in cards] + [False]
        self.kind = [c.kind for c in cards] + [-1]


#: every place of one card, in slot order: Asset Row, Lair spaces, Lair card, each player's six
#: City slots (Troops then Buildings), the claimed Lairs
LAYOUT = Layout(ROW_KEYS + LAIR_KEYS + ("lair_card",) + _player_slot_names(0) + _player_slot_names(1)
                + ("p1.lair", "p2.lair"), tables=CardTables).register("volfyirion")


class Keys:
    """Every state key of one player, built once: zone keys, slot indexes (``troop``,
    ``building``, ``lair``; their names in ``troop_key``, ``building_key``, ``lair_key``)."""

    __slots__ = ("p", "name", "deck", "hand", "discard", "play", "res", "cp", "bp", "kp",
                 "cities", "troop", "building", "troop_key", "building_key", "slots", "city_slots", "lair",
                 "lair_key", "intact", "turns", "opp", "cityids", "own_slots", "city_span")

    def __init__(self, p: int) -> None:
        n = f"p{p + 1}"
        self.p = p
        self.opp = 1 - p
        self.name = n
        self.deck, self.hand, self.discard, self.play = (f"{n}.deck", f"{n}.hand", f"{n}.discard", f"{n}.play")
        self.res = tuple(f"{n}.{r}" for r in RESOURCES)
        self.cp, self.bp, self.kp = self.res
        self.cities = f"{n}.cities"
        self.cityids = f"{n}.cityids"  # vars: the 3 City instance ids in printed order
        self.troop_key = tuple(f"{n}.city{i}.troop" for i in range(1, 4))
        self.building_key = tuple(f"{n}.city{i}.building" for i in range(1, 4))
        self.troop = tuple(LAYOUT.index[k] for k in self.troop_key)
        self.building = tuple(LAYOUT.index[k] for k in self.building_key)
        self.slots = tuple(zip(self.troop, self.building))
        #: the player's six City slots, Troops then Buildings (those of a destroyed City are empty)
        self.own_slots = self.troop + self.building
        #: the six slots as one slice of ``state.slots`` (``NO_CITY_CARDS`` when all are empty)
        self.city_span = slice(min(self.own_slots), max(self.own_slots) + 1)
        assert self.city_span.stop - self.city_span.start == len(self.own_slots)
        #: the slots of each tuple of intact city indexes (``state.vars[intact]``, any order) as
        #: ``(slot, city index)`` pairs, Troop before Building: one flat loop over a player's cities
        self.city_slots = {
            cities: tuple((slot, ci) for ci in cities for slot in self.slots[ci])
            for n in range(4) for cities in permutations(range(3), n)
        }
        self.lair_key = f"{n}.lair"
        self.lair = LAYOUT.index[self.lair_key]
        self.intact = f"{n}.intact"
        self.turns = f"{n}.turns"


KEYS = (Keys(0), Keys(1))
NO_CITY_CARDS = [EMPTY] * len(KEYS[0].own_slots)
#: places whose cards are in play (their abilities active): playing areas, city slots, claimed Lairs
IN_PLAY_OF = tuple(frozenset((K.play, K.lair_key) + K.troop_key + K.building_key) for K in KEYS)
IN_PLAY_KEYS = IN_PLAY_OF[0] | IN_PLAY_OF[1]


def dragon_text(d: int) -> str:
    if d == LAIR:
        return "lair"
    if d == REMOVED:
        return "removed"
    return f"p{d // 3 + 1}.city{d % 3 + 1}"


def dragon_parse(text: str) -> int:
    if text == "lair":
        return LAIR
    if text == "removed":
        return REMOVED
    p, _, c = text.partition(".")
    if not (p in ("p1", "p2") and c in ("city1", "city2", "city3")):
        raise ValueError(f"volfyirion must be 'lair', 'removed' or pK.cityN, not {text!r}")
    return (int(p[1]) - 1) * 3 + int(c[4]) - 1


_POINTS = (N_plural("{n} command", "{n} command"), N_plural("{n} battle", "{n} battle"),
           N_plural("{n} knowledge", "{n} knowledge"))


def points_text(pts) -> str:
    """``((0, 2), (1, 3))`` -> "2 command, 3 battle" (English text shown in the reader's language)."""
    return listed(Count(n, *_POINTS[r]) for r, n in pts if n)


def place_text(state, p: int, ci: int) -> str:
    """``p2.city3 (Bastion)``: a City by its place and its name; ``p2.lair`` for a claimed Lair."""
    if ci == LAIR_CITY:
        return f"{KEYS[p].name}.lair"
    return f"{KEYS[p].name}.city{ci + 1} ({state.cards[state.vars[KEYS[p].cityids][ci]].name})"


def dragon_place(state, d: int) -> str:
    return Word(N_("its Lair")) if d == LAIR else place_text(state, d // 3, d % 3)


# ---------------------------------------------------------------------- points
def gain_main(state, p: int, iid: int) -> None:
    """Gain a card's Main Ability points, once per turn (the ``gained`` mark)."""
    g = state.marks["gained"]
    if iid in g:
        return
    g.add(iid)
    c = state.cards[iid]
    gains = c.gains[p]
    if gains:
        cnt = state.counters
        for key, n in gains:
            cnt[key] += n
        if GAINED in state.listen:
            announce_points(state, p, gains)
        if state.log is not None:
            narrate(state, "points", "{p} gains {points} from {card}", actor=p, level=DETAIL,
                    p=KEYS[p].name, points=points_text(c.main), card=Card(iid))


def add_points(state, p: int, pts) -> None:
    cnt = state.counters
    res = KEYS[p].res
    for r, n in pts:
        cnt[res[r]] += n
    if GAINED in state.listen:
        announce_points(state, p, tuple((res[r], n) for r, n in pts))


def announce_points(state, p: int, gains) -> None:
    """Tell the abilities answering a gain ("whenever you gain 3 or more knowledge") the points
    ``p`` gained, as ``(counter key, n)`` pairs: one event for each kind of point."""
    for key, n in gains:
        announce_gain(state, p, key.partition(".")[2], n)


def colour_counts(state, p: int) -> list:
    """How many cards of each colour are in ``p``'s Playing Area and Cities Area: ``counts[ci]``
    for ``COLOURS[ci]``; the extra last entry counts the grey cards and Wonders (``colour_i`` -1),
    so the count needs no test per card."""
    counts = [0] * (NCOL + 1)
    cards = state.cards
    K = KEYS[p]
    for iid in state.zones[K.play]:
        counts[cards[iid].colour_i] += 1
    own = state.slots[K.city_span]
    if own != NO_CITY_CARDS:
        for iid in own:
            if iid >= 0:
                counts[cards[iid].colour_i] += 1
    return counts


def requirement_met(card, counts, state=None, p: int = 0, iid: int = -1) -> bool:
    """Whether ``card``'s Synergy Chain holds with these colour counts (the card itself excluded)."""
    need = card.need
    if need is None:
        if card.cond is None:
            return True
        return bool(card.cond(state, {"controller": p, "source": iid, "card": card.name}))
    own = card.colour_i
    for ci, k in need:
        if counts[ci] - (ci == own) < k:
            return False
    return True


def fire_chains(state, p: int) -> None:
    """Synergy Chains whose bonus is only points fire by themselves once per turn (VOL-SYN-*).
    One pass over the player's cards finds the candidates and counts the colours."""
    cards = state.cards
    K = KEYS[p]
    used = state.marks["used"]
    sealed = state.marks["sealed"]
    counts = [0] * (NCOL + 1)
    cands = None
    for iid in state.zones[K.play]:
        c = cards[iid]
        counts[c.colour_i] += 1
        if c.auto and iid not in used and iid not in sealed:
            if cands is None:
                cands = [iid]
            else:
                cands.append(iid)
    slots = state.slots
    if slots[K.city_span] != NO_CITY_CARDS:
        for s, _ in K.city_slots[state.vars[K.intact]]:
            iid = slots[s]
            if iid >= 0:
                c = cards[iid]
                counts[c.colour_i] += 1
                if c.auto and iid not in used:
                    if cands is None:
                        cands = [iid]
                    else:
                        cands.append(iid)
    if cands is None:
        return
    cnt = state.counters
    for iid in cands:
        c = cards[iid]
        if requirement_met(c, counts, state, p, iid):
            used.add(iid)
            for key, n in c.sec_gains[p]:
                cnt[key] += n
            if GAINED in state.listen:
                announce_points(state, p, c.sec_gains[p])
            if state.log is not None:
                narrate(state, "chain", "{card}'s Synergy Chain: {p} gains {points}", actor=p, level=DETAIL,
                        p=KEYS[p].name, points=points_text(c.sec_points), card=Card(iid))


# ---------------------------------------------------------------------- cards moving
def draw_cards(state, p: int, n: int) -> int:
    K = KEYS[p]
    return _draw(state, K.deck, K.hand, n, K.discard)


SEALED_COPY = " (sealed)"


def removal_options(state, sources, skip: int = -1, own_effect: int = -1) -> tuple[list, list]:
    """The options of "remove one of your cards": one per card name and zone, ``zone:Name``, and
    ``play:Name (sealed)`` for a sealed copy in the Playing Area beside an unsealed one, since the
    two are not the same choice (a sealed card gives nothing, VOL-SEAL-03). :func:`removal_choice`
    finds the card a label names.

    ``sources`` pairs a label with a zone key. ``skip`` is a card that may not be chosen;
    Saboteurs may be removed only by their own effect, ``own_effect`` (VOL-VAR-SAB-03).
    """
    cards = state.cards
    sealed = state.marks["sealed"]
    zones = state.zones
    options = []
    for where, src in sources:
        zone = zones[src]
        if not zone:
            continue
        seen = set()
        if sealed and not sealed.isdisjoint(zone):
            working = {cards[i].name for i in zone if i not in sealed}
            for iid in zone:
                c = cards[iid]
                name = c.name + SEALED_COPY if iid in sealed and c.name in working else c.name
                if iid == skip or (c.unremovable and iid != own_effect) or name in seen:
                    continue
                seen.add(name)
                options.append(c.removal[where] if name is c.name else ("choose", f"{where}:{name}"))
        else:  # (the usual case: one option per card name, each made once per card)
            for iid in zone:
                c = cards[iid]
                if c in seen or iid == skip or (c.unremovable and iid != own_effect):
                    continue
                seen.add(c)
                options.append(c.removal[where])
    return options, [o[1] for o in options]


def removal_choice(state, src: str, name: str, skip: int = -1) -> int:
    """The card a :func:`removal_options` label's ``name`` picks in zone ``src`` (-1 if none): a
    sealed copy for ``Name (sealed)``, else an unsealed copy where there is one."""
    sealed = state.marks["sealed"]
    want = name.endswith(SEALED_COPY)
    if want:
        name = name[:-len(SEALED_COPY)]
    cards = state.cards
    found = -1
    for iid in state.zones[src]:
        if iid != skip and cards[iid].name == name:
            if (iid in sealed) == want:
                return iid
            if found < 0 and not want:
                found = iid  # only sealed copies: the plain label names them
    return found


def played(state, p: int, iid: int, chains: bool = True) -> None:
    """What follows a card's arrival from ``p``'s hand, by the play action or by an effect: the
    PLAYED and ENTERED events, its Main Ability's points at once, then the Synergy Chains
    (VOL-PLAY-01/02). ``chains`` False: the caller fires them itself (``variants.arrived``,
    after any Ploy the card sets off), or knows the card cannot make a chain hold (a grey card
    with no chain of its own, where every chain asks only for colours), and chains fire
    whenever one could begin to hold, so none waits."""
    if state.listen:
        announce(state, PLAYED, subject=iid, player=p)
        announce(state, ENTERED, subject=iid, player=p)
    gain_main(state, p, iid)
    if chains:
        fire_chains(state, p)


def replace_in_row(state, slot: int) -> tuple[int, int]:
    """Asset Row space ``slot``'s card goes under the Asset Deck and the deck's top card comes in
    (VOL-REPLACE-01); the caller has checked both are there. Returns (the old card, the new)."""
    deck = state.zones["asset_deck"]
    slots = state.slots
    old = slots[slot]
    deck.insert(0, old)
    new = slots[slot] = deck.pop()
    state.reveals += 1
    return old, new


#: a Wonder sealed or unsealed (subject, player: its owner, by: who did it): the pack's own events,
#: for the cards that answer them ("when this card is sealed", "whenever you unseal a wonder")
SEALED, UNSEALED = "volfyirion/sealed", "volfyirion/unsealed"


def set_sealed(state, iid: int, owner: int, seal: bool) -> None:
    """Seal (or unseal) ``owner``'s Wonder ``iid`` (VOL-SEAL-01/02), telling the cards that answer it.
    A Wonder's own "when this card is sealed" answers the sealing that silences it (as a card's
    "when this leaves play" answers its leaving)."""
    if seal:
        state.marks["sealed"].add(iid)
    else:
        state.marks["sealed"].discard(iid)
    event = SEALED if seal else UNSEALED
    if event in state.listen:
        announce(state, event, subject=iid, player=owner, by=cause(state))


def remove_from(state, iid: int, src: str, how: str = "removed", told: bool = True) -> None:
    """Remove a card from the game for good (VOL-SETUP-13); ``how`` it left play, for triggers.
    ``src`` is the place it leaves (a zone or a slot, by name); ``told`` False: the caller tells it."""
    take(state, src, iid)
    out_of_game(state, iid, src, how, told)


def out_of_game(state, iid: int, src: str, how: str = "removed", told: bool = True) -> None:
    """The rest of :func:`remove_from` once card ``iid`` has left place ``src`` (a card another
    has just replaced in its slot)."""
    state.zones["removed"].append(iid)
    state.marks["sealed"].discard(iid)
    if state.listen and src in IN_PLAY_KEYS:
        announce(state, LEFT, subject=iid, player=int(src[1]) - 1, how=how, by=cause(state))

    if told and state.log is not None:
        narrate(state, "removed", "{card} ({zone}) is removed from the game", card=Card(iid, came_from=src),
                zone=Zone(src))


def holders(state) -> list[tuple[int, int]]:
    """Cards whose abilities are active: in a Playing Area (sealed Wonders excepted), a City or a claimed Lair."""
    out = []
    zones = state.zones
    slots = state.slots
    sealed = state.marks["sealed"]
    for p in (0, 1):
        K = KEYS[p]
        out.extend((iid, p) for iid in zones[K.play] if iid not in sealed)
        for s, _ in K.city_slots[state.vars[K.intact]]:
            if slots[s] >= 0:
                out.append((slots[s], p))
        if slots[K.lair] >= 0:
            out.append((slots[K.lair], p))
    return out


def cost(state, p: int, iid: int, consume: bool = False) -> int:
    """What acquiring card ``iid`` costs ``p`` now: its printed cost, changed by modifiers."""
    base = state.cards[iid].cost
    if lasting.MODIFIERS not in state.listen:
        return base
    return lasting.adjust(state, holders(state), "cost", iid, p, base, consume)


def defence(state, iid: int, p: int) -> int:
    """A City's or a Troop's defence, changed by modifiers (``p`` is its owner)."""
    base = state.cards[iid].defence
    if lasting.MODIFIERS not in state.listen:
        return base
    return lasting.adjust(state, holders(state), "defence", iid, p, base)


#: the flag of a City no attack may target ("your cities cannot be attacked this turn")
UNATTACKABLE = "volfyirion/unattackable"


def protectors(state, p: int, ci: int) -> list[int]:
    """The cards whose effects say ``p``'s City ``ci`` cannot be attacked now (an effect on the
    City, or on the Troop or Building standing in it), each once; none in a game without
    modifiers. A claimed Lair is one of its owner's Cities, the Lair City (VOL-DEFEAT-12)."""
    if lasting.MODIFIERS not in state.listen:
        return []
    K = KEYS[p]
    slots = state.slots
    inside = (slots[K.lair],) if ci == LAIR_CITY else (state.vars[K.cityids][ci], slots[K.troop[ci]], slots[K.building[ci]])
    inside = [iid for iid in inside if iid >= 0]
    return list(dict.fromkeys(src for iid in inside for src in lasting.flagging(state, holders, UNATTACKABLE, iid, p)))


def attackable(state, p: int, ci: int) -> bool:
    """Whether ``p``'s City ``ci`` may be attacked: no card's effect protects it (:func:`protectors`)."""
    return not protectors(state, p, ci)


def check_loss(state, p: int) -> None:
    """``p`` has no intact City left: the opponent wins at once (VOL-WIN-01/02)."""
    K = KEYS[p]
    if not state.vars[K.intact] and state.slots[K.lair] < 0:
        state.over = True
        state.winner = 1 - p
        state.pending = None
        state.stack.clear()


def destroy_city(state, p: int, ci: int) -> None:
    """Flip ``p``'s city ``ci``; its Troop and Building are removed; the dragon on it goes home."""
    K = KEYS[p]
    slots = state.slots
    if state.log is not None:
        narrate(state, "destroyed", "{city} is destroyed", actor=1 - p, city=place_text(state, p, ci))
    for s, key in ((K.troop[ci], K.troop_key[ci]), (K.building[ci], K.building_key[ci])):
        if slots[s] >= 0:
            remove_from(state, slots[s], key, "destroyed")
    state.vars[K.intact] = tuple(c for c in state.vars[K.intact] if c != ci)
    if state.listen:  # "whenever you destroy an enemy city": the City is out of play, flipped in its place
        announce(state, LEFT, subject=state.vars[K.cityids][ci], player=p, how="destroyed", by=cause(state))
    if state.vars["dragon"] == p * 3 + ci:
        state.vars["dragon"] = LAIR
        narrate(state, "dragon", "Volfyirion returns to its Lair")
    if state.vars.get("vflags", 0) & 32:  # extended mode: a rebuilt City destroyed again is removed
        rebuilt = state.vars.get(f"{K.name}.rebuilt", ())
        if ci in rebuilt:  # VOL-EXT-REBUILD-03
            state.vars[f"{K.name}.rebuilt"] = tuple(c for c in rebuilt if c != ci)
            state.vars[f"{K.name}.gone"] = tuple(sorted(state.vars.get(f"{K.name}.gone", ()) + (ci,)))
            remove_from(state, state.vars[K.cityids][ci], K.cities)
    check_loss(state, p)


def destroy_lair(state, p: int) -> None:
    K = KEYS[p]
    narrate(state, "destroyed", "{p}'s Lair is destroyed", actor=1 - p, p=K.name)
    remove_from(state, state.slots[K.lair], K.lair_key, "destroyed")
    check_loss(state, p)


#: the stat of a change to what attacking a City costs ("attacks against enemy cities cost 1 less
#: battle"): read for the City card attacked and the attacking player, apart from its defence
ATTACK_COST = "attack cost"


def city_cost(state, p: int, ci: int, consume: bool = False) -> int:
    """Battle Points to attack ``p``'s city ``ci``: printed defence plus its Troop's, counted once,
    then changed by what attacking it costs (``consume``: the attack is paid now, so a change for
    the next attack only is used up)."""
    K = KEYS[p]
    t = state.slots[K.troop[ci]]
    city = state.vars[K.cityids][ci]
    mods = lasting.MODIFIERS in state.listen
    if mods:
        d = defence(state, city, p) + (defence(state, t, p) if t >= 0 else 0)
    else:
        cards = state.cards
        d = cards[city].defence + (cards[t].defence if t >= 0 else 0)
    s = state.vars.get("shift")
    if s is not None and s[0] == city_key(p, ci):  # Double Shift, this turn (VOL-VAR-PLOY-DOUBLE-02)
        d += s[1]
    return attack_cost(state, p, city, d, consume) if mods else d


def lair_cost(state, p: int, consume: bool = False) -> int:
    """Battle Points to attack the Lair ``p`` claimed: its defence (changed as a City's is), raised by
    Double Shift this turn, then changed by what attacking it costs (``consume``: as for a City)."""
    lair = state.slots[KEYS[p].lair]
    d = defence(state, lair, p)
    s = state.vars.get("shift")
    if s is not None and s[0] == city_key(p, LAIR_CITY):
        d += s[1]
    return attack_cost(state, p, lair, d, consume)


def attack_cost(state, p: int, iid: int, d: int, consume: bool = False) -> int:
    """``d`` (what the defence of ``p``'s City card ``iid`` asks of an attack) changed by the modifiers
    of what the enemy's attack on it costs, never below 0; the defence that conditions read stays.
    ``consume``: the attack is being paid, which uses up a change for the next attack only."""
    if lasting.MODIFIERS not in state.listen:
        return d
    return lasting.adjust(state, holders(state), ATTACK_COST, iid, 1 - p, d, consume)


def city_key(p: int, ci: int) -> int:
    """One number per City of either player: ``p * 3 + ci``, and ``6 + p`` for a claimed Lair."""
    return 6 + p if ci == LAIR_CITY else p * 3 + ci


def dragon_moves(state, p: int) -> tuple:
    """The Volfyirion movements open to ``p`` now: ``(target_text, target_int)`` pairs."""
    d = state.vars["dragon"]
    if d == LAIR:
        if state.slots[LAIR_CARD] >= 0:
            o = 1 - p
            return tuple((f"p{o + 1}.city{ci + 1}", o * 3 + ci) for ci in state.vars[KEYS[o].intact])
        return ()
    if d >= 0 and d // 3 == p:
        return (("lair", LAIR),)
    return ()


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
            iid = removal_choice(state, src, name, skip=new)
            if iid >= 0:
                if where == "play" and iid not in state.marks["sealed"]:
                    gain_main(state, p, iid)  # VOL-WONDER-04 (a sealed Wonder gives nothing, VOL-SEAL-03)
                remove_from(state, iid, src)
        return None
    options, values = removal_options(state, srcs, skip=new)
    if not options:
        return None
    options.append(SKIP)
    values.append(None)
    return Decision(p, Word(N_("Wonder acquired: remove another card of yours from the game?")), options, values, "pick")


WONDER_REMOVAL = native("volfyirion/wonder-removal", _wonder_removal)
