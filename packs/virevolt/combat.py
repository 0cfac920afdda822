"""The Combat Phase: one attack per turn by the main hero (VIR-PHASE-COMBAT-01..07, VIR-WIN-04/05)."""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.framework.effects import Frame, native
from tabletop.framework.language import CardName, CardText
from tabletop.framework.narration import narrate
from tabletop.framework.triggers import ATTACKED, announce
from tabletop.packs.virevolt import costs
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt import traps
from tabletop.packs.virevolt.keys import KEYS


#: the flag of a main hero no attack may target ("your main hero cannot be attacked until your next turn")
UNATTACKABLE = "virevolt/unattackable"
#: the flag of a hero that may not attack ("the target cannot attack until your next turn"): it is
#: read as the attack is offered, so it follows the hero wherever it goes (a secondary hero flagged
#: so cannot attack once it becomes the main hero while the change lasts)
DISARMED = "virevolt/cannot-attack"
#: the stat of a change waiting for the next attack on a hero ("the next attack against your main
#: hero deals 2 less damage"): used up as that attack resolves (:func:`shield`)
NEXT_ATTACK = "next attack damage"
#: the stat of a change waiting for its controller's next attack ("your next attack this turn deals
#: 2 more damage"): used up as that attack resolves (:func:`boost`)
NEXT_OWN_ATTACK = "own next attack damage"


def targets(state, p: int) -> list[int]:
    """Players ``p`` may attack: not eliminated, and who have had a turn (VIR-SETUP-05, our
    addition, unless the game is played without it: option ``first_turn_protection``), and
    whose main hero no card says cannot be attacked."""
    c = state.counters
    n = state.nplayers
    protect = state.vars.get("protect", True)
    out = []
    for k in range(1, n):
        q = (p + k) % n
        kq = KEYS[q]
        if not c[kq.eliminated] and (c[kq.has_played] or not protect) and not shielded(state, q):
            out.append(q)
    return out


def shields(state, q: int) -> list[int]:
    """The cards whose effects say ``q``'s main hero cannot be attacked now, each once; none in a
    game without modifiers."""
    main = state.zones[KEYS[q].main]
    return lasting.flagging(state, hz.holders, UNATTACKABLE, main[0], q) if main else []


def shielded(state, q: int) -> bool:
    """Whether ``q``'s main hero may not be attacked now (a card's restriction: :func:`shields`)."""
    return lasting.MODIFIERS in state.listen and bool(shields(state, q))


def disarmed(state, p: int, hero: int) -> bool:
    """Whether a card's restriction says ``p``'s ``hero`` cannot attack now (``the target cannot attack``)."""
    return lasting.MODIFIERS in state.listen and bool(lasting.flagging(state, hz.holders, DISARMED, hero, p))


def attack_actions(state, p: int, avail=None) -> list:
    k = KEYS[p]
    z = state.zones
    if state.counters[k.attacked] or not z[k.main]:
        return []
    hero = z[k.main][0]
    if st.frozen(state, hero) or disarmed(state, p, hero):
        return []
    atks = state.cards[hero].attacks
    if not atks:
        return []
    if avail is None:
        avail = cr.available(state, p)
    ok = [a.name for a in atks if cr.can_pay(avail, costs.attack(state, p, hero, a.cost))]
    if not ok:
        return []
    return [("attack", KEYS[q].name, name) for q in targets(state, p) for name in ok]


def declare(state, p: int, q: int, attack_name: str) -> None:
    """Pay and declare an attack of ``p``'s main hero on player ``q``."""
    k = KEYS[p]
    hero = state.zones[k.main][0]
    d = state.cards[hero]
    index = next(i for i, a in enumerate(d.attacks) if a.name == attack_name)
    cost = costs.attack(state, p, hero, d.attacks[index].cost, consume=True)
    state.counters[k.attacked] = 1
    traps.begin_exchange(state, p)
    kq = KEYS[q]
    tmain = state.zones[kq.main]
    if not tmain and not state.zones[kq.secondary]:
        if state.log is not None:
            narrate(state, "attack", "{p}'s {hero} attacks {q} with {attack}, and {q} has no hero in play", actor=p,
                    p=k.name, q=kq.name, hero=CardName(d.name),
                    attack=CardText(d.name, ("attacks", index, "name"), attack_name))
        cr.pay(state, p, cost)
        state.over = True      # VIR-WIN-04: attacking a player with no hero wins at once
        state.winner = p
        return
    if state.log is not None:
        narrate(state, "attack", "{p}'s {hero} attacks {q}'s {target} with {attack} ({text})", actor=p, p=k.name,
                q=kq.name, hero=CardName(d.name), target=CardName(state.cards[tmain[0]].name),
                attack=CardText(d.name, ("attacks", index, "name"), attack_name),
                text=CardText(d.name, ("attacks", index, "effect"), d.attacks[index].text))
    if ATTACKED in state.listen:
        announce(state, ATTACKED, subject=tmain[0], player=q, by=p, attacker=hero, target=tmain[0])
    ctx = {"event": "attack", "actor": p, "attacker": hero, "target": tmain[0], "tplayer": q,
           "atk": index}
    state.stack.append(Frame(ATTACK, ctx))
    cr.pay_or_ask(state, p, cost, d.name)


def shield(state, target: int, q: int) -> int:
    """How much less damage in all the attack now resolving on ``target`` (``q``'s main hero) deals
    it, by the changes waiting for the next attack on it; each is used up by this attack."""
    if lasting.MODIFIERS not in state.listen:
        return 0
    out = 0
    for mod, c, entry in lasting.applying(state, hz.holders(state), NEXT_ATTACK, target, q):
        out -= mod.value(state, c)
        if entry is not None:
            lasting.use(state, entry)
    return max(out, 0)


def boost(state, attacker: int, p: int) -> int:
    """How much more damage (less, if negative) each damage of the attack ``p`` makes with
    ``attacker`` now deals, by the changes waiting for ``p``'s next attack; each is used up by it."""
    if lasting.MODIFIERS not in state.listen:
        return 0
    out = 0
    for mod, c, entry in lasting.applying(state, hz.holders(state), NEXT_OWN_ATTACK, attacker, p):
        out += mod.value(state, c)
        if entry is not None:
            lasting.use(state, entry)
    return out


def _resolve(state, ctx):
    attacker = ctx["attacker"]
    main = state.zones[KEYS[ctx["tplayer"]].main]
    if not (hz.is_in_play(state, attacker) and main) or st.frozen(state, attacker):
        # VIR-TRAP-09: the answered attack is no longer possible (its attacker left play or is
        # frozen now, since a frozen hero cannot attack (VIR-PHASE-STATE-05), or the attacked
        # player has no main hero now); its cost stays paid
        if state.log is not None:
            narrate(state, "attack", "{p}'s attack does nothing: it can no longer be made (VIR-TRAP-09)",
                    actor=ctx["actor"], p=KEYS[ctx["actor"]].name)
        return None
    # the attack names its target by role: the attacked player's main hero, whoever it is now
    # (a trap such as Decoy may have rotated another hero into the main place)
    target = main[0]
    atk = state.cards[attacker].attacks[ctx["atk"]]
    run = {"controller": ctx["actor"], "source": attacker, "card": state.cards[attacker].name,
           "attack": True, "target": target, "tplayer": ctx["tplayer"]}
    cut = shield(state, target, ctx["tplayer"])
    if cut:
        run["shield"] = cut  # what is left of it as the attack deals damage (heroes.damage)
    more = boost(state, attacker, ctx["actor"])
    if more:
        run["bonus"] = more  # on each damage, as "this attack deals 2 more damage" (heroes.damage)
    state.stack.append(Frame(atk.program, run))
    return None


ATTACK = native("virevolt/attack", traps._window_step, _resolve)
