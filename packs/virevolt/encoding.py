"""Virevolt for learning agents: the action numbering and the observation layout.

Seats are relative to the player observing or acting: ``you``, ``next`` (the next player
in turn order), ``+2``, ``+3``. The action space numbers three opponents whatever the
number of players, so one agent plays 2, 3 and 4-player games; the observation has one
block per seat of the game. Heroes in play are named by their label (``Ash Demon``, or
``Ash Demon #1`` / ``#2`` for twins, by order of arrival), as the notation writes them.
The observation is defined from ``view(state, player)`` only; the direct observer writes
the same bytes from the state, reading what the view reads (tests/rl/test_encoding.py).
"""
from __future__ import annotations

from tabletop.framework.encoding import ActionSpace, Domain, Encoding, Family, ObservationLayout, Seats, clip, index
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt.keys import COLOURS, KEYS
from tabletop.packs.virevolt.states import STATES

MAX_PLAYERS = 4
COPIES = ("", " #1", " #2")  # a deck holds at most 2 copies of a hero (VIR-DECK-02)


def _names(cards, *types) -> list[str]:
    return [c.name for c in cards.cards if not types or c.type in types]


def _labels(heroes: list[str]) -> list[str]:
    return [h + c for h in heroes for c in COPIES]


def actions(rules, nplayers: int) -> ActionSpace:
    """Every Virevolt action, family by family (docs/rl.md prints the table)."""
    cards = rules.cards
    allc = Domain("cards (in card-set order)", _names(cards))
    labels = Domain("hero labels (each hero, then its twins #1 and #2)", _labels(_names(cards, "hero")))
    spells = Domain("incantation effects", [f"{c.name} {e.number}" for c in cards.cards if c.type == "incantation"
                                              for e in c.effects])
    attacks = Domain("attacks", dict.fromkeys(a.name for c in cards.cards if c.type == "hero" for a in c.attacks))
    traps = Domain("traps", _names(cards, "trap"))
    opponents = Seats(tuple(range(1, MAX_PLAYERS)))
    everyone = Seats(tuple(range(MAX_PLAYERS)))
    fams = [
        Family("next", doc="end the current phase"),
        Family("pass", doc="let the action go unanswered (no trap)"),
        Family("yes", doc="accept the optional effect offered"),
        Family("no", doc="decline the optional effect offered"),
        Family("skip", doc="choose nothing"),
        Family("play {card}", {"card": Domain("heroes and crystals", _names(cards, "hero", "crystal"))},
               "put a hero or a crystal into play"),
        Family("set {card}", {"card": traps}, "set a trap face down", private="set a trap"),
        Family("cast {spell}", {"spell": spells}, "cast an incantation with its effect N"),
        Family("rotate {hero}", {"hero": labels}, "the named secondary hero becomes main"),
        Family("sacrifice {hero}", {"hero": labels}, "sacrifice one of your heroes"),
        Family("attack {seat} {attack}", {"seat": opponents, "attack": attacks}, "attack a player's main hero"),
        Family("activate {card}", {"card": traps}, "activate one of your traps"),
        Family("choose hand:{card}", {"card": allc}, "decision: a card of your hand"),
        Family("choose graveyard:{card}", {"card": allc}, "decision: a card of your graveyard"),
        Family("choose {seat}:{hero}", {"seat": everyone, "hero": labels}, "decision: a hero of a player"),
        Family("choose {hero}", {"hero": labels}, "decision: one of your heroes"),
        Family("choose {seat}", {"seat": everyone}, "decision: a player (target enemy, target player)"),
        Family("choose pay:{crystals}", {"crystals": Domain("coloured crystals paying neutral symbols (up to 4)",
                                                            cr.choice_labels(4))},
               "decision: which crystals pay a cost's neutral symbols"),
        Family("choose consume:{crystals}", {"crystals": Domain("coloured crystals an effect consumes (up to 4)",
                                                                cr.choice_labels(4))},
               "decision: which of an enemy's coloured crystals your effect consumes"),
        Family("choose restore:{crystals}", {"crystals": Domain("coloured crystals an effect restores (up to 4)",
                                                                cr.choice_labels(4))},
               "decision: which of your coloured crystals your effect restores"),
    ]
    return ActionSpace(fams, rules.parse, nplayers)


def encoding(rules, nplayers: int) -> Encoding:
    """The Virevolt encoding for ``nplayers`` (the ``tabletop_encoding`` hook)."""
    cards = rules.cards
    allc = _names(cards)
    heroes = _names(cards, "hero")
    traps = _names(cards, "trap")
    spells = _names(cards, "incantation")
    phases = [p.name for p in rules.phases]
    K, H = len(allc), len(heroes)
    seats = ["you", "next", "+2", "+3"][:nplayers]
    hero_size = H + 3 + len(STATES)
    L = ObservationLayout()
    o_phase = L.add("phase", len(phases), f"one-hot: {', '.join(phases)}")
    o_turn = L.add("turn", 1, "turn number (clipped at 255)")
    o_active = L.add("active", nplayers, f"one-hot: whose turn it is ({', '.join(seats)})")
    o_pending = L.add("pending", nplayers, "one-hot: who a pending decision waits for (zeros if none)")
    o_hand = L.add("you.hand", K, "count of each card in your hand")
    o_traps = L.add("you.traps", len(traps), "count of each trap you have set")
    per = []
    for who in seats:
        per.append({
            "flags": L.add(f"{who}.flags", 4, "[eliminated, played a crystal this turn, attacked this turn, "
                                               "victory tokens]"),
            "sizes": L.add(f"{who}.sizes", 3, "hand size, deck size, traps set"),
            "crystals": L.add(f"{who}.crystals", 2 * len(COLOURS),
                              f"crystals in play by colour ({', '.join(COLOURS)}): ready, then consumed"),
            "heroes": L.add(f"{who}.heroes", 3 * hero_size,
                            f"main hero, secondary 1, secondary 2: one-hot over the {H} heroes, hp, max hp, "
                            f"damage, states ({', '.join(STATES)})"),
            "graveyard": L.add(f"{who}.graveyard", K, "count of each card in the graveyard"),
            "casting": L.add(f"{who}.casting", len(spells), "incantations being cast"),
        })
    ix_all, ix_hero, ix_trap, ix_spell = index(allc), index(heroes), index(traps), index(spells)
    ix_phase, ix_colour, ix_state = index(phases), index(COLOURS), index(STATES)
    ncol = len(COLOURS)

    def hero(out: bytearray, b: int, h: dict) -> None:
        out[b + ix_hero[h["name"]]] = 1
        out[b + H] = clip(h["hp"])
        out[b + H + 1] = clip(h["max_hp"])
        out[b + H + 2] = clip(h["damage"])
        for s in h["states"]:
            out[b + H + 3 + ix_state[s]] = 1

    def fill(view: dict, out: bytearray) -> None:
        me = int(view["you"][1:]) - 1
        ph = ix_phase.get(view["phase"])
        if ph is not None:
            out[o_phase + ph] = 1
        out[o_turn] = clip(view["turn"])
        out[o_active + (int(view["active"][1:]) - 1 - me) % nplayers] = 1
        pend = view["pending"]
        if pend is not None:
            out[o_pending + (int(pend["player"][1:]) - 1 - me) % nplayers] = 1
        players = view["players"]
        mine = players[view["you"]]
        for n in mine.get("hand", ()):
            out[o_hand + ix_all[n]] += 1
        for n in mine.get("traps", ()):
            out[o_traps + ix_trap[n]] += 1
        for name, pv in players.items():
            f = per[(int(name[1:]) - 1 - me) % nplayers]
            o = f["flags"]
            out[o], out[o + 1], out[o + 2], out[o + 3] = (pv["eliminated"], pv["crystal_played"], pv["attacked"],
                                                          clip(pv["tokens"]))
            o = f["sizes"]
            out[o], out[o + 1], out[o + 2] = clip(pv["hand_size"]), clip(pv["deck_size"]), clip(pv["traps_set"])
            o = f["crystals"]
            for c in pv["crystals"]:
                out[o + ix_colour[c["colour"]] + (ncol if c["consumed"] else 0)] += 1
            o = f["heroes"]
            if pv["main"] is not None:
                hero(out, o, pv["main"])
            for i, h in enumerate(pv["secondary"][:2]):
                hero(out, o + (i + 1) * hero_size, h)
            o = f["graveyard"]
            for n in pv["graveyard"]:
                out[o + ix_all[n]] += 1
            o = f["casting"]
            for n in pv["casting"]:
                out[o + ix_spell[n]] += 1

    by_cards: dict[int, tuple] = {}

    def card_tables(cards) -> tuple:
        """Per instance id: its position among all cards, heroes, traps and incantations,
        and its crystal colour (None where it is not one), built once per game."""
        got = by_cards.get(id(cards))
        if got is not None and got[0] is cards:
            return got[1]
        if len(by_cards) > 32:
            by_cards.clear()
        tables = tuple([ix.get(c.name) for c in cards] for ix in (ix_all, ix_hero, ix_trap, ix_spell))
        tables += ([ix_colour.get(c.get("colour")) for c in cards],)
        by_cards[id(cards)] = (cards, tables)
        return tables

    blocks = [(f["flags"], f["sizes"], f["crystals"], f["heroes"], f["graveyard"], f["casting"]) for f in per]
    hero_slots = tuple(i * hero_size for i in range(3))
    state_marks = tuple((s, H + 3 + ix_state[s]) for s in STATES)
    max_hp = hz.max_hp

    secret = rules.secret_decision

    def observer(state, player: int, out: bytearray) -> None:
        """``fill(rules.view(state, player), out)``, read straight from the state: the same
        reads the view makes for ``player`` (their own hand and traps, sizes of the rest).
        Numbers go in unclipped: one beyond a byte raises, and ``Encoding`` falls back on
        ``fill``."""
        t_all, t_hero, t_trap, t_spell, t_colour = card_tables(state.cards)
        z, c, marks = state.zones, state.counters, state.marks
        damage = state.values[hz.DAMAGE]
        consumed = marks[cr.CONSUMED]
        ph = ix_phase.get(state.phase)
        if ph is not None:
            out[o_phase + ph] = 1
        out[o_turn] = state.turn
        out[o_active + (state.active - player) % nplayers] = 1
        pend = state.pending
        if pend is not None and (pend.player == player or not secret(state)):  # (VIR-TRAP-02: a trap window's asking)
            out[o_pending + (pend.player - player) % nplayers] = 1
        marked = [(at, marks[s]) for s, at in state_marks if marks[s]]  # the states some hero has
        k = KEYS[player]
        for i in z[k.hand]:
            out[o_hand + t_all[i]] += 1
        for i in z[k.traps]:
            out[o_traps + t_trap[i]] += 1
        for p in range(nplayers):
            k = KEYS[p]
            o_flags, o_sizes, o_cryst, o_heroes, o_grave, o_cast = blocks[(p - player) % nplayers]
            out[o_flags] = bool(c[k.eliminated])
            out[o_flags + 1] = bool(c[k.crystal_played])
            out[o_flags + 2] = bool(c[k.attacked])
            out[o_flags + 3] = c[k.tokens]
            out[o_sizes] = len(z[k.hand])
            out[o_sizes + 1] = len(z[k.deck])
            out[o_sizes + 2] = len(z[k.traps])
            for i in z[k.crystals]:
                out[o_cryst + t_colour[i] + (ncol if i in consumed else 0)] += 1
            heroes = (z[k.main][:1] or [None]) + z[k.secondary][:2]  # slots: main, secondary 1 and 2
            for h, b in zip(heroes, hero_slots):
                if h is None:
                    continue
                b += o_heroes
                out[b + t_hero[h]] = 1
                top = max_hp(state, h)
                dmg = damage.get(h, 0)
                out[b + H] = top - dmg  # hz.hp
                out[b + H + 1] = top
                out[b + H + 2] = dmg
                for at, holders in marked:
                    if h in holders:
                        out[b + at] = 1
            for i in z[k.graveyard]:
                out[o_grave + t_all[i]] += 1
            for i in z[k.casting]:
                out[o_cast + t_spell[i]] += 1

    return Encoding(actions(rules, nplayers), L, fill, cards=allc, observer=observer)
