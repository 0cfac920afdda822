"""Heroes in play: labels, hit points, damage and healing, death, tokens and promotion."""
from __future__ import annotations

from tabletop.framework import lasting
from tabletop.framework.effects import Decision, native
from tabletop.framework.language import N_, CardName, Phrase
from tabletop.framework.narration import Card, narrate
from tabletop.framework.triggers import DAMAGED, GAINED, LEFT, announce, announce_gain, cause
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.keys import INCANTATION, KEYS

DAMAGE = "damage"


def owner(state, iid: int) -> int:
    return state.vars["owner"][iid]


def in_play(state, p: int) -> list[int]:
    k = KEYS[p]
    z = state.zones
    return z[k.main] + z[k.secondary]


def is_in_play(state, hero: int) -> bool:
    k = KEYS[owner(state, hero)]
    z = state.zones
    return hero in z[k.main] or hero in z[k.secondary]


def is_main(state, hero: int) -> bool:
    return hero in state.zones[KEYS[owner(state, hero)].main]


def max_hp(state, hero: int) -> int:
    """A hero's printed HP, changed by modifiers ("your main hero has +2 hp")."""
    base = state.cards[hero].hp
    if lasting.MODIFIERS not in state.listen:
        return base
    return lasting.adjust(state, holders(state), "hp", hero, owner(state, hero), base)


def hp(state, hero: int) -> int:
    return max_hp(state, hero) - state.values[DAMAGE].get(hero, 0)


def labels(state, iids) -> list[str]:
    """One label per hero: its name, with ``#1``/``#2`` when two heroes share a name."""
    cards = state.cards
    names = []
    for i in iids:  # (a loop: a comprehension is a function call, for three heroes at most)
        names.append(cards[i].name)
    if len(set(names)) == len(names):
        return names
    out, seen = [], {}
    for n in names:
        if names.count(n) > 1:
            seen[n] = seen.get(n, 0) + 1
            out.append(f"{n} #{seen[n]}")
        else:
            out.append(n)
    return out


def find_label(state, iids, label: str) -> int | None:
    for iid, lab in zip(iids, labels(state, iids)):
        if lab == label:
            return iid
    return None


def player_labels(state, iids) -> list[str]:
    """Labels for heroes of several players: ``p2:Name`` (``p2:Name #2`` for twins)."""
    by_p: dict[int, list[int]] = {}
    for i in iids:
        by_p.setdefault(owner(state, i), []).append(i)
    lab = {}
    for p, hs in by_p.items():
        for i, l in zip(hs, labels(state, hs)):
            lab[i] = f"{KEYS[p].name}:{l}"
    return [lab[i] for i in iids]


def previous_player(state, p: int) -> int | None:
    """The enemy who played last before ``p`` (VIR-HERO-07): previous non-eliminated player."""
    n = state.nplayers
    c = state.counters
    for k in range(1, n):
        q = (p - k) % n
        if not c[KEYS[q].eliminated]:
            return q
    return None


# ---------------------------------------------------------------------- damage and healing
#: in an attack's context, the rest of a trampling attack's damage (packs.virevolt.keywords): dealt on
#: to another hero with the attack's bonuses already counted
REST = "rest"


def damage(state, hero: int, n: int, ctx: dict) -> None:
    """Deal ``n`` damage to ``hero`` for the effect running with ``ctx``.

    An incantation's damage gets the modifiers of its caster's incantations ("your incantations
    deal 1 more damage"). An attack (``ctx["attack"]``) gets its hero powers (bonus, armour), the
    modifiers of its damage ("your heroes' attacks deal 1 more damage") and this attack's own bonus
    (``ctx["bonus"]``: "this attack deals 2 more damage"), is stopped by an invincible MAIN
    hero (VIR-STATE-07/09/10), and on the attacked hero uses up what is left of the attack's
    shield (``ctx["shield"]``); other sources ignore Invincibility. Every damage, whatever its
    source, gets the modifiers of damage taken ("this hero takes 1 less damage"); HP lost to
    states is not damage (:func:`lose_hp`).
    """
    if n <= 0 or not is_in_play(state, hero):
        return
    atk_p = ctx.get("controller")
    mods = lasting.MODIFIERS in state.listen
    p = owner(state, hero)
    if ctx.get("attack") and p != atk_p:
        cards = state.cards
        rest = REST in ctx
        if not rest:
            for h in in_play(state, atk_p):
                n += cards[h].atk_bonus
            n += ctx.get("bonus", 0)
        if mods:
            hs = holders(state)
            if not rest:
                n = lasting.adjust(state, hs, "attack damage", ctx["source"], atk_p, n)
            n = lasting.adjust(state, hs, "damage taken", hero, p, n)
            n = lasting.adjust(state, hs, "any damage taken", hero, p, n)
        n -= cards[hero].armor
        if n <= 0:
            return
        if hero in state.marks[st.INVINCIBILITY] and is_main(state, hero):
            if state.log is not None:
                narrate(state, "damage", "{hero} is invincible: no damage", hero=_named(state, hero))
            return
        n = _shielded(hero, n, ctx)
        if n <= 0:
            return
        keywords = cards[ctx["source"]].keywords
        if keywords:  # "lifelink", "trample" (tabletop.packs.virevolt.keywords)
            from tabletop.packs.virevolt.keywords import KEYWORDS
            for word in keywords:
                n = KEYWORDS[word](state, ctx["source"], hero, n, ctx)
    elif mods:  # damage from anything else: an incantation, a trap, an attack on one's own heroes
        hs = holders(state)
        source = ctx.get("source", -1)
        if source >= 0 and state.cards[source].kind == INCANTATION:
            n = lasting.adjust(state, hs, "incantation damage", source, atk_p, n)
        n = lasting.adjust(state, hs, "any damage taken", hero, p, n)
        if n <= 0:
            return
    _hurt(state, hero, n, atk_p, N_("{hero} takes {n} damage ({hp} HP left)"),
          ctx["source"] if ctx.get("attack") else None)


def _shielded(hero: int, n: int, ctx: dict) -> int:
    """``n`` less what is left of the attack's shield (``ctx["shield"]``: "the next attack against your
    main hero deals 2 less damage") when ``hero`` is the attacked hero; the part used is gone."""
    left = ctx.get("shield", 0)
    if not left or hero != ctx.get("target"):
        return n
    cut = min(n, left)
    ctx["shield"] = left - cut
    return n - cut


def _named(state, hero: int) -> str:
    """``p2's Frost Giant``: a hero in play, public by nature."""
    return Phrase(N_("{p}'s {card}"), p=KEYS[owner(state, hero)].name, card=CardName(state.cards[hero].name))


def holders(state) -> list[tuple[int, int]]:
    """Heroes in play with their owners: the cards whose abilities are active."""
    out = []
    z = state.zones
    for p in range(state.nplayers):
        k = KEYS[p]
        out.extend((h, p) for h in z[k.main])
        out.extend((h, p) for h in z[k.secondary])
    return out


def _hurt(state, hero: int, n: int, killer: int | None, told: str, attacker: int | None = None) -> None:
    """``n`` damage or HP lost; ``attacker``: the hero whose attack dealt it ("the attacker" of a
    "whenever this hero takes damage" ability), None for any other source."""
    dmg = state.values[DAMAGE]
    dmg[hero] = dmg.get(hero, 0) + n
    if state.log is not None:
        narrate(state, "damage", told, actor=killer, hero=_named(state, hero), n=n,
                hp=max(0, max_hp(state, hero) - dmg[hero]))
    p = owner(state, hero)
    hit = state.vars.get("hit", ())
    if p not in hit:
        state.vars["hit"] = hit + (p,)  # whose heroes took damage this turn
    if state.listen:
        announce(state, DAMAGED, subject=hero, player=p, amount=n, attacker=attacker)
    if dmg[hero] >= max_hp(state, hero):
        kill(state, hero, killer)


def deaths_by_hp(state) -> None:
    """Every hero whose HP a change brought to 0 or below dies ("-3 hp this turn" on a 3-HP hero;
    "+3 hp" ending under 4 damage), killed by the player whose effect or turn it is (VIR-HERO-08)."""
    dmg = state.values[DAMAGE]
    for p in range(state.nplayers):
        for hero in in_play(state, p):
            if dmg.get(hero, 0) >= max_hp(state, hero):
                kill(state, hero, cause(state))


def lose_hp(state, hero: int, n: int) -> None:
    """HP lost to Poison/Burn (VIR-PHASE-STATE-01/02): nobody's doing, so a death scores for the
    previous player (``kill``)."""
    _hurt(state, hero, n, None, N_("{hero} loses {n} HP to its states ({hp} HP left)"))


#: the event of a hero healed of some damage: subject, player (its owner), amount
HEALED = "healed"
#: the event of a hero becoming its owner's main hero (played as the first, rotated in, promoted):
#: subject, player
BECAME_MAIN = "became main"
#: the event of a rotation, by the action or an effect: subject (the new main hero), player
ROTATED = "rotated"


def became_main(state, hero: int, p: int, rotated: bool = False) -> None:
    """Tell the abilities waiting for it that ``hero`` is now ``p``'s main hero (and, with
    ``rotated``, that ``p`` rotated)."""
    listen = state.listen  # (announced only where a card waits for it: no call otherwise)
    if BECAME_MAIN in listen:
        announce(state, BECAME_MAIN, subject=hero, player=p)
    if rotated and ROTATED in listen:
        announce(state, ROTATED, subject=hero, player=p)


def heal(state, hero: int, n: int) -> None:
    """Remove up to ``n`` damage (VIR-HERO-20: never above printed HP); a healed hero keeps no record."""
    dmg = state.values[DAMAGE]
    have = dmg.get(hero, 0)
    left = have - n
    if left > 0:
        dmg[hero] = left
    else:
        dmg.pop(hero, None)
    healed = have - max(left, 0)
    if healed and state.log is not None:
        narrate(state, "heal", "{hero} heals {k} damage ({hp} HP)", hero=_named(state, hero), k=healed,
                hp=max_hp(state, hero) - max(left, 0))
    if healed and HEALED in state.listen:  # (healing nothing is no heal: "whenever this hero is healed")
        announce(state, HEALED, subject=hero, player=owner(state, hero), amount=healed)


# ---------------------------------------------------------------------- leaving play
def kill(state, hero: int, killer: int | None) -> None:
    """The hero dies: to its owner's graveyard, and a victory token to an opponent (VIR-HERO-08):
    ``killer``, or, when the owner's own card killed it (or nobody's), the opponent who played
    last before the owner, as for a death by state. Only a sacrifice gives no token."""
    p = owner(state, hero)
    if state.log is not None:
        narrate(state, "death", "{hero} dies", hero=_named(state, hero))
    leave_play(state, hero, KEYS[p].graveyard, "died", by=killer)
    if killer is None or killer == p:
        killer = previous_player(state, p)
    if killer is not None:
        state.counters[KEYS[killer].tokens] += 1
        if GAINED in state.listen:
            announce_gain(state, killer, "victory token", 1)
        if state.log is not None:
            narrate(state, "token", "{k} gets a victory token ({n} of 5)", actor=killer, k=KEYS[killer].name,
                    n=state.counters[KEYS[killer].tokens])


def leave_play(state, hero: int, dest: str, how: str = "returned", by: int | None = -1) -> None:
    """Move a hero out of play (states and damage are lost); a lost main hero is replaced.

    ``how`` it left (``died``, ``sacrificed``, ``returned``...) and ``by`` whom (by default the
    player whose action or effect this is; None for nobody's, as a state's damage) are
    announced for triggers.
    """
    p = owner(state, hero)
    k = KEYS[p]
    z = state.zones
    st.clear(state, hero)
    state.values[DAMAGE].pop(hero, None)
    lasting.forget(state, hero)  # a hero played again is a new hero: "target hero gets -2 hp" is over
    if dest == k.hand:
        if state.log is not None:
            narrate(state, "bounce", "{p}'s {hero} returns to {p}'s hand", p=k.name, hero=Card(hero, came_from=k.main))
    if hero in z[k.main]:
        z[k.main].remove(hero)
        z[dest].append(hero)
        promote(state, p)
    else:
        z[k.secondary].remove(hero)
        z[dest].append(hero)
    if state.listen:
        announce(state, LEFT, subject=hero, player=p, how=how, by=cause(state) if by == -1 else by)


def promote(state, p: int) -> None:
    """VIR-HERO-18: a free, immediate replacement; a choice only when two secondaries differ."""
    if not _promote_at_once(state, p):
        state.stack.append(_promote_frame(p))


def _promote_at_once(state, p: int) -> bool:
    """Promote ``p``'s only possible new main hero, if there is no choice to make; False when two
    different secondaries wait for the choice. Nothing to do (a main hero in play, or no
    secondary left: the player has none until a hero enters play) is no choice either."""
    k = KEYS[p]
    z = state.zones
    sec = z[k.secondary]
    if z[k.main] or not sec:
        return True
    if len(sec) == 1 or state.cards[sec[0]].name == state.cards[sec[1]].name and \
            state.values[DAMAGE].get(sec[0], 0) == state.values[DAMAGE].get(sec[1], 0) and \
            st.of(state, sec[0]) == st.of(state, sec[1]):
        h = sec.pop(0)
        z[k.main].append(h)
        if state.log is not None:
            narrate(state, "main hero", "{hero} becomes {p}'s main hero", actor=p, p=k.name, hero=Card(h))
        became_main(state, h, p)
        return True
    return False


def _promote_step(state, ctx):
    p = ctx["player"]
    chosen = ctx.pop("hero", None)  # the answer is one of the labels offered
    if chosen is None:
        # the same step may deal more damage after the promotion was due: a secondary that died
        # meanwhile leaves one hero or none, and then there is nothing to choose (VIR-HERO-18)
        if _promote_at_once(state, p):
            return None
        lab = labels(state, state.zones[KEYS[p].secondary])
        return Decision(p, Phrase(N_("{p}: choose your new main hero"), p=KEYS[p].name),
                        [("choose", l) for l in lab], lab, "hero")
    k = KEYS[p]
    z = state.zones
    sec = z[k.secondary]
    h = sec[labels(state, sec).index(chosen)]
    sec.remove(h)
    z[k.main].append(h)
    if state.log is not None:
        narrate(state, "main hero", "{hero} becomes {p}'s main hero", actor=p, p=k.name, hero=Card(h))
    became_main(state, h, p)
    return None


PROMOTE = native("virevolt/promote", _promote_step)


def _promote_frame(p: int):
    from tabletop.framework.effects import Frame

    return Frame(PROMOTE, {"player": p})
