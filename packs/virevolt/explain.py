"""What Virevolt's rules tell people: why an action is refused, what the end of the turn will
bring, what a hero or a player's side holds, how a kind of card plays.

Everything here reads what the asking player may know (their view, or the public parts of
the state and their own hand and traps); rule ids refer to the pack's catalogue
(``rules.yaml``, docs/rules/virevolt.md).
"""
from __future__ import annotations

from tabletop.framework.language import N_, gettext
from tabletop.framework.state import State

from tabletop.packs.virevolt import combat, costs
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.keys import CRYSTAL, HERO, INCANTATION, KEYS, TRAP

HAND_LIMIT = 7
KIND_RULES = {
    "hero": N_("Hero: played from your hand for free in your Main or Secondary Phase; your first becomes your main "
            "hero, the next ones secondary heroes (3 heroes at most: 1 main, 2 secondary, VIR-PHASE-MAIN-02). "
            "Only the main hero attacks (VIR-PHASE-COMBAT-02). If it dies, the enemy who killed it gets a "
            "victory token (VIR-HERO-08); a sacrifice gives none (VIR-HERO-12). A player with no hero in play "
            "loses to the next attack (VIR-WIN-04)."),
    "crystal": N_("Crystal: one per turn into play (VIR-PHASE-MAIN-05); each pays one cost symbol and is consumed "
               "until your next Draw Phase (VIR-CRYSTAL-07, VIR-PHASE-DRAW-03)."),
    "incantation": N_("Incantation: cast in your Main or Secondary Phase with one of its effects, paying that "
                   "effect's cost (VIR-INC-01); then it goes to your graveyard (VIR-INC-03)."),
    "trap": N_("Trap: set face down for free (VIR-TRAP-06); activated when its condition happens, even in another "
            "player's turn, paying its cost; it resolves before what it answers (VIR-TRAP-03, VIR-TRAP-09)."),
}


def _avail_text(state, p: int) -> str:
    consumed = state.marks[cr.CONSUMED]
    free = [state.cards[i].colour for i in state.zones[KEYS[p].crystals] if i not in consumed]
    return ", ".join(free) if free else "none"


class Explain:
    """The front-end hooks of :class:`~tabletop.packs.virevolt.rules.VirevoltRules`."""

    def why_not(self, state: State, action) -> str | None:
        verb = action[0]
        p = state.to_move()
        k = KEYS[p]
        z = state.zones
        cards = state.cards
        own_phase = state.phase in ("main", "secondary") and p == state.active
        if verb in ("play", "set", "cast"):
            if not own_phase:
                return f"cards are played in your Main and Secondary Phases (now: {KEYS[state.active].name}'s " \
                       f"{state.phase} phase; type 'next' to move on) (VIR-HERO-17, VIR-INC-01)"
            hand = [cards[i] for i in z[k.hand]]
            c = next((c for c in hand if c.name == action[1]), None)
            if c is None:
                names = sorted({c.name for c in hand})
                return f"there is no {action[1]} in your hand (your hand: {', '.join(names) or 'empty'})"
            if verb == "play":
                if c.kind == HERO:
                    n = len(z[k.main]) + len(z[k.secondary])
                    return (f"you have {n} heroes in play: 3 at most, one main hero and two secondary heroes "
                            "(VIR-PHASE-MAIN-02)")
                if c.kind == CRYSTAL:
                    return "you have already put a crystal into play this turn: one per turn (VIR-PHASE-MAIN-05)"
                return f"{c.name} is a{'n' if c.kind == INCANTATION else ''} {c.kind}: " + (
                    f"'cast {c.name} 1'" if c.kind == INCANTATION else f"'set {c.name}'")
            if verb == "set" and c.kind != TRAP:
                return f"only traps are set; {c.name} is a {c.kind}"
            if verb == "cast":
                if c.kind != INCANTATION:
                    return f"only incantations are cast; {c.name} is a {c.kind}"
                n = int(action[2]) if len(action) > 2 else 1
                if not 1 <= n <= len(c.effects):
                    return f"{c.name} has effects 1 to {len(c.effects)}"
                iid = next(i for i in z[k.hand] if cards[i] is c)
                cost = costs.spell(state, p, iid, c.effects[n - 1].cost)
                return (f"effect {n} of {c.name} costs {cr.format_cost(cost)}; your unconsumed crystals: "
                        f"{_avail_text(state, p)} (VIR-CRYSTAL-02..06)")
            return None
        if verb == "attack":
            if p != state.active or state.phase != "combat":
                return (f"attacks are declared in your Combat Phase (now: {KEYS[state.active].name}'s {state.phase} "
                        "phase; type 'next' to move on) (VIR-PHASE-COMBAT-01)")
            if state.counters[k.attacked]:
                return "you have already attacked this turn: one attack per turn (VIR-PHASE-COMBAT-01)"
            if not z[k.main]:
                return "you have no main hero to attack with (VIR-PHASE-COMBAT-02)"
            hero = z[k.main][0]
            if st.frozen(state, hero):
                return f"your main hero {cards[hero].name} is frozen: it cannot attack this turn (VIR-STATE-02)"
            q = int(action[1][1:]) - 1
            if q == p or not 0 <= q < state.nplayers:
                return "attack another player: attack p2 <attack name>"
            if q not in combat.targets(state, p):
                kq = KEYS[q]
                if state.counters[kq.eliminated]:
                    return f"{kq.name} is out of the game"
                return f"{kq.name} has not had a turn yet and cannot be attacked (VIR-SETUP-05)"
            atk = next((a for a in cards[hero].attacks if a.name == action[2]), None)
            if atk is None:
                names = ", ".join(a.name for a in cards[hero].attacks) or "none"
                return f"{cards[hero].name} has no attack {action[2]!r} (its attacks: {names})"
            price = costs.attack(state, p, hero, atk.cost)
            return (f"{atk.name} costs {cr.format_cost(price)}; your unconsumed crystals: {_avail_text(state, p)} "
                    "(VIR-CRYSTAL-02..06)")
        if verb == "rotate":
            if not own_phase:
                return "rotations are made in your Main and Secondary Phases"
            if not z[k.secondary]:
                return "rotating needs a secondary hero in play (VIR-HERO-15)"
            if st.stunned(state, p):
                return "one of your heroes is stunned: no rotation this turn (VIR-STATE-03)"
            if z[k.main]:
                rot = cards[z[k.main][0]].rot
                return (f"rotating costs your main hero's rotation cost, {cr.format_cost(rot)}; your unconsumed "
                        f"crystals: {_avail_text(state, p)} (VIR-HERO-14)")
            return None
        if verb == "sacrifice":
            heroes = hz.in_play(state, p)
            h = hz.find_label(state, heroes, action[1])
            if h is None:
                return f"you have no hero {action[1]!r} in play"
            return (f"sacrificing {cards[h].name} costs {cr.format_cost(cards[h].sac)}; your unconsumed crystals: "
                    f"{_avail_text(state, p)} (VIR-HERO-12)")
        if verb == "activate":
            for iid in z[k.traps]:
                d = cards[iid]
                if d.name == action[1]:
                    return (f"{d.name} answers when {d.when.text if d.when else 'its condition holds'}, and costs "
                            f"{cr.format_cost(d.cost)} (your unconsumed crystals: {_avail_text(state, p)}) "
                            "(VIR-TRAP-03)")
            return f"you have no trap {action[1]!r} set"
        if verb == "next" and state.pending is not None:
            return "answer the question first"
        return None

    def warnings(self, state: State, player: int) -> list[str]:
        out = []
        k = KEYS[player]
        z = state.zones
        cards = state.cards
        if not z[k.main] and not z[k.secondary]:
            heroes = sorted({cards[i].name for i in z[k.hand] if cards[i].kind == HERO})
            fix = f": play one ({', '.join(heroes)})" if heroes else ""
            out.append(f"you have no hero in play: the next enemy attack wins the game at once (VIR-WIN-04){fix}")
        extra = len(z[k.hand]) - HAND_LIMIT
        if extra > 0 and state.phase in ("main", "combat", "secondary"):
            out.append(f"{len(z[k.hand])} cards in hand: at the end of your turn you discard {extra} "
                       f"(hand limit {HAND_LIMIT}, VIR-PHASE-END-04)")
        if state.phase in ("main", "secondary") and not state.counters[k.crystal_played] and \
                any(cards[i].kind == CRYSTAL for i in z[k.hand]):
            out.append("you have not put a crystal into play this turn (one per turn, VIR-PHASE-MAIN-05)")
        if not z[k.deck]:
            out.append("your deck is empty: at your next Draw Phase you lose (VIR-WIN-01)")
        return out

    def places(self, view: dict) -> list[str]:
        out = []
        for p, d in view["players"].items():
            for h in ([d["main"]] if d["main"] else []) + d["secondary"]:
                out.append(f"{p}.{h['name']}")
        return out

    def locate(self, view: dict, ref: str):
        who, dot, name = ref.strip().partition(".")
        players = view["players"]
        if not dot or who.lower() not in players:
            return None
        d = players[who.lower()]
        heroes = ([("main", d["main"])] if d["main"] else []) + [("secondary", h) for h in d["secondary"]]
        out = []
        for role, h in heroes:
            if h["name"].lower() == " ".join(name.split()).lower():
                states = f", {', '.join(h['states'])}" if h["states"] else ""
                out.append((h["name"], [f"{who.lower()}'s {role} hero: {h['hp']}/{h['max_hp']} HP{states}"]))
        return out or ([] if name else None)

    def card_rules(self, card) -> str:
        return gettext(KIND_RULES[card.type]) if card.type in KIND_RULES else ""
