"""What Virevolt's rules tell people: why an action is refused, what the end of the turn will
bring, what a hero or a player's side holds, how a kind of card plays.

Everything here reads what the asking player may know (their view, or the public parts of
the state and their own hand and traps); rule ids refer to the pack's catalogue
(``rules.yaml``, docs/rules/virevolt.md).
"""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.framework.actions import ActionSyntaxError
from tabletop.framework.language import N_, card_name, card_text, gettext, gettext as _, localised as L
from tabletop.framework.state import State
from tabletop.framework.wording import card_names, forbidden_by

from tabletop.packs.virevolt import combat, costs
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.board import COLOURS, STATES, phase_name
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
    free = [_(COLOURS[state.cards[i].colour]) for i in state.zones[KEYS[p].crystals] if i not in consumed]
    return ", ".join(free) if free else _("none")


def _kind(kind: str) -> str:
    return _(KINDS.get(kind, kind))


KINDS = {"hero": N_("hero"), "crystal": N_("crystal"), "incantation": N_("incantation"), "trap": N_("trap")}


class Explain:
    """The front-end hooks of :class:`~tabletop.packs.virevolt.rules.VirevoltRules` (their texts in the
    language spoken now: they are computed when asked)."""

    def names(self, state: State) -> set[str]:
        """The cards' names and their attacks' (``attack p2 Arrow``)."""
        names = super().names(state)
        for c in state.cards:
            names.update(a.name.lower() for a in getattr(c, "attacks", ()))
        return names

    def resolve(self, state: State, text: str):
        """``cast Fireball`` is ``cast Fireball 1``: an incantation's first effect, as the notation's
        help promises (VIR-INC-02)."""
        try:
            action = self.parse(text)
        except ActionSyntaxError:
            return None
        if action[0] != "cast" or len(action) != 2:
            return None
        name = action[1].lower()
        for card in state.cards:
            if card.name.lower() == name:
                return ("cast", card.name, "1")
        return None

    def why_not(self, state: State, action) -> str | None:
        verb = action[0]
        p = state.to_move()
        k = KEYS[p]
        z = state.zones
        cards = state.cards
        own_phase = state.phase in ("main", "secondary") and p == state.active
        now = KEYS[state.active].name
        phase = phase_name(state.phase)
        if verb in ("play", "set", "cast"):
            if not own_phase:
                return _("cards are played in your Main and Secondary Phases (now: {p}'s {phase}; type 'next' to "
                         "move on) (VIR-HERO-17, VIR-INC-01)").format(p=now, phase=phase)
            hand = [cards[i] for i in z[k.hand]]
            c = next((c for c in hand if c.name == action[1]), None)
            if c is None:
                names = sorted({card_name(c.name) for c in hand})
                return _("there is no {card} in your hand (your hand: {hand})").format(
                    card=card_name(action[1]), hand=", ".join(names) or _("empty"))
            first = next(i for i in z[k.hand] if cards[i] is c)  # the copy the action would take
            sources = lasting.forbidding(state, hz.holders, verb, first, p) if verb in ("play", "cast") else ()
            if sources:
                return forbidden_by(state, verb, first, sources)
            if verb == "play":
                if c.kind == HERO:
                    n = len(z[k.main]) + len(z[k.secondary])
                    return _("you have {n} heroes in play: 3 at most, one main hero and two secondary heroes "
                             "(VIR-PHASE-MAIN-02)").format(n=n)
                if c.kind == CRYSTAL:
                    return _("you have already put a crystal into play this turn: one per turn (VIR-PHASE-MAIN-05)")
                if c.kind == INCANTATION:
                    return _("{card} is an incantation: 'cast {card} 1'").format(card=card_name(c.name))
                return _("{card} is a {kind}: 'set {card}'").format(card=card_name(c.name), kind=_kind(c.kind))
            if verb == "set" and c.kind != TRAP:
                return _("only traps are set; {card} is a {kind}").format(card=card_name(c.name), kind=_kind(c.kind))
            if verb == "cast":
                if c.kind != INCANTATION:
                    return _("only incantations are cast; {card} is a {kind}").format(card=card_name(c.name),
                                                                                      kind=_kind(c.kind))
                n = int(action[2]) if len(action) > 2 else 1
                if not 1 <= n <= len(c.effects):
                    return _("{card} has effects 1 to {n}").format(card=card_name(c.name), n=len(c.effects))
                iid = next(i for i in z[k.hand] if cards[i] is c)
                cost = costs.spell(state, p, iid, c.effects[n - 1].cost)
                if cr.can_pay(cr.available(state, p), cost):  # (payable: the cost is not why)
                    return None
                return _("effect {n} of {card} costs {cost}; your unconsumed crystals: {free} "
                         "(VIR-CRYSTAL-02..06)").format(n=n, card=card_name(c.name), cost=L(cr.format_cost(cost)),
                                                        free=_avail_text(state, p))
            return None
        if verb == "attack":
            if p != state.active or state.phase != "combat":
                return _("attacks are declared in your Combat Phase (now: {p}'s {phase}; type 'next' to move on) "
                         "(VIR-PHASE-COMBAT-01)").format(p=now, phase=phase)
            if state.counters[k.attacked]:
                return _("you have already attacked this turn: one attack per turn (VIR-PHASE-COMBAT-01)")
            if not z[k.main]:
                return _("you have no main hero to attack with (VIR-PHASE-COMBAT-02)")
            hero = z[k.main][0]
            if st.frozen(state, hero):
                return _("your main hero {card} is frozen: it cannot attack this turn (VIR-STATE-02)").format(
                    card=card_name(cards[hero].name))
            disarming = lasting.flagging(state, hz.holders, combat.DISARMED, hero, p)
            if disarming:
                return _("your main hero {card} cannot attack now: {source} says so").format(
                    card=card_name(cards[hero].name), source=card_names(state, disarming))
            q = int(action[1][1:]) - 1
            if q == p or not 0 <= q < state.nplayers:
                return _("attack another player: attack p2 <attack name>")
            if q not in combat.targets(state, p):
                kq = KEYS[q]
                if state.counters[kq.eliminated]:
                    return _("{p} is out of the game").format(p=kq.name)
                shields = combat.shields(state, q)
                if shields:
                    return _("{p}'s main hero cannot be attacked now: {source} protects it").format(
                        p=kq.name, source=card_names(state, shields))
                return _("{p} has not had a turn yet and cannot be attacked (VIR-SETUP-05)").format(p=kq.name)
            hname = cards[hero].name
            index = next((i for i, a in enumerate(cards[hero].attacks) if a.name == action[2]), None)
            if index is None:
                names = ", ".join(card_text(hname, ("attacks", i, "name"), a.name)
                                  for i, a in enumerate(cards[hero].attacks)) or _("none")
                return _("{card} has no attack {attack!r} (its attacks: {names})").format(
                    card=card_name(hname), attack=action[2], names=names)
            atk = cards[hero].attacks[index]
            price = costs.attack(state, p, hero, atk.cost)
            return _("{attack} costs {cost}; your unconsumed crystals: {free} (VIR-CRYSTAL-02..06)").format(
                attack=card_text(hname, ("attacks", index, "name"), atk.name), cost=L(cr.format_cost(price)),
                free=_avail_text(state, p))
        if verb == "rotate":
            if not own_phase:
                return _("rotations are made in your Main and Secondary Phases")
            if not z[k.secondary]:
                return _("rotating needs a secondary hero in play (VIR-HERO-15)")
            if hz.find_label(state, z[k.secondary], action[1]) is None:  # the hero named must be a secondary one
                secondary = ", ".join(card_name(cards[i].name) for i in z[k.secondary])
                return _("{card!r} is not one of your secondary heroes (they are: {names}); rotating makes a "
                         "secondary hero your main hero (VIR-HERO-14)").format(card=action[1], names=secondary)
            if st.stunned(state, p):
                return _("one of your heroes is stunned: no rotation this turn (VIR-STATE-03)")
            if z[k.main]:
                rot = cards[z[k.main][0]].rot
                if cr.can_pay(cr.available(state, p), rot):  # (payable: the cost is not why)
                    return None
                return _("rotating costs your main hero's rotation cost, {cost}; your unconsumed crystals: {free} "
                         "(VIR-HERO-14)").format(cost=L(cr.format_cost(rot)), free=_avail_text(state, p))
            return None
        if verb == "sacrifice":
            if not own_phase:
                return _("sacrifices are made in your own Main and Secondary Phases (now: {p}'s {phase}) "
                         "(VIR-HERO-13)").format(p=now, phase=phase)
            heroes = hz.in_play(state, p)
            h = hz.find_label(state, heroes, action[1])
            if h is None:
                return _("you have no hero {card!r} in play").format(card=action[1])
            if cr.can_pay(cr.available(state, p), cards[h].sac):  # (payable: the cost is not why)
                return None
            return _("sacrificing {card} costs {cost}; your unconsumed crystals: {free} (VIR-HERO-12)").format(
                card=card_name(cards[h].name), cost=L(cr.format_cost(cards[h].sac)), free=_avail_text(state, p))
        if verb == "activate":
            for iid in z[k.traps]:
                d = cards[iid]
                if d.name == action[1]:
                    when = card_text(d.name, ("when",), d.when.text) if d.when else _("its condition holds")
                    if cr.can_pay(cr.available(state, p), d.cost):  # (payable: the cost is not why)
                        return _("{card} answers only when {when} (VIR-TRAP-03)").format(card=card_name(d.name),
                                                                                       when=when)
                    return _("{card} answers when {when}, and costs {cost} (your unconsumed crystals: {free}) "
                             "(VIR-TRAP-03)").format(card=card_name(d.name), when=when, cost=L(cr.format_cost(d.cost)),
                                                     free=_avail_text(state, p))
            return _("you have no trap {card!r} set").format(card=action[1])
        if verb == "next" and state.pending is not None:
            return _("answer the question first")
        return None

    def warnings(self, state: State, player: int) -> list[str]:
        out = []
        k = KEYS[player]
        z = state.zones
        cards = state.cards
        if not z[k.main] and not z[k.secondary]:
            heroes = sorted({card_name(cards[i].name) for i in z[k.hand] if cards[i].kind == HERO})
            if heroes:
                out.append(_("you have no hero in play: the next enemy attack wins the game at once (VIR-WIN-04): "
                             "play one ({heroes})").format(heroes=", ".join(heroes)))
            else:
                out.append(_("you have no hero in play: the next enemy attack wins the game at once (VIR-WIN-04)"))
        extra = len(z[k.hand]) - HAND_LIMIT
        if extra > 0 and state.phase in ("main", "combat", "secondary"):
            out.append(_("{n} cards in hand: at the end of your turn you discard {extra} (hand limit {limit}, "
                         "VIR-PHASE-END-04)").format(n=len(z[k.hand]), extra=extra, limit=HAND_LIMIT))
        if state.phase in ("main", "secondary") and not state.counters[k.crystal_played] and \
                any(cards[i].kind == CRYSTAL for i in z[k.hand]):
            out.append(_("you have not put a crystal into play this turn (one per turn, VIR-PHASE-MAIN-05)"))
        if not z[k.deck]:
            out.append(_("your deck is empty: at your next Draw Phase you lose (VIR-WIN-01)"))
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
                states = f", {', '.join(_(STATES.get(s, s)) for s in h['states'])}" if h["states"] else ""
                out.append((h["name"], [_("{p}'s {role} hero: {hp}/{max_hp} HP{states}").format(
                    p=who.lower(), role=_(role), hp=h["hp"], max_hp=h["max_hp"], states=states)]))
        return out or ([] if name else None)

    def card_rules(self, card) -> str:
        return gettext(KIND_RULES[card.type]) if card.type in KIND_RULES else ""
