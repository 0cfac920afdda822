"""Virevolt bots: ``random`` (the framework's) and ``greedy`` (one-ply look-ahead on an evaluation)."""
from __future__ import annotations

from tabletop.bots.interface import RandomBot
from tabletop.framework.rng import Random
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import heroes as hz
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.keys import KEYS

WIN = 1_000_000.0
#: What a rotation must gain over stopping (which costs 0.3): one the evaluation sees no
#: gain in is not made (a rotation now costs nothing it sees once the attack is made, and
#: swapping the heroes back and forth tied with moving on and beat it).
ROTATE_COST = 0.5


def make_random(rules=None, seed: int = 0):
    return RandomBot(rules, seed)


def evaluate(state, me: int) -> float:
    """How good ``state`` looks for ``me``: tokens, heroes and their health, states, resources."""
    if state.over:
        return WIN if state.winner == me else -WIN
    z = state.zones
    c = state.counters
    marks = state.marks
    cards = state.cards
    dmg = state.values[hz.DAMAGE]
    total = 0.0
    worst_enemy_tokens = 0
    for p in range(state.nplayers):
        k = KEYS[p]
        if c[k.eliminated]:
            continue
        s = 0.0
        tok = c[k.tokens]
        s += 60.0 * tok + (150.0 if tok >= 4 else 0.0)
        heroes = z[k.main] + z[k.secondary]
        for h in heroes:
            d = cards[h]
            hp = d.hp - dmg.get(h, 0)
            s += 14.0 + 2.5 * hp + 2.0 * len(d.attacks)
            s += 4.0 * d.atk_bonus + 3.0 * d.armor + 3.0 * d.regen
            imm = h in marks[st.IMMUNITY]
            if not imm:
                if h in marks[st.POISON]:
                    s -= 5.0
                if h in marks[st.BURN]:
                    s -= 5.0
                if h in marks[st.FREEZE]:
                    s -= 4.0
                if h in marks[st.STUN]:
                    s -= 2.0
            else:
                s += 4.0
            if h in marks[st.INVINCIBILITY]:
                s += 8.0 if h in z[k.main] else 3.0
            if hp <= 2:
                s -= 6.0                      # a token waiting for the enemy
        if not heroes:
            s -= 40.0
        elif not z[k.main]:
            s -= 10.0
        s += 7.0 * len(z[k.crystals])
        s += 1.5 * len(z[k.hand]) + 4.0 * len(z[k.traps])
        s += 1.0 * _kept_crystals(state, p, me)
        deck = len(z[k.deck])
        if deck < 3:
            s -= 12.0 * (3 - deck)            # drawing towards a deck-out
        if p == state.active and p == me and state.phase in ("main", "combat") and not c[k.attacked]:
            s += 12.0 * _can_attack(state, p)
        if p == me:
            total += s
        else:
            total -= s / max(1, state.nplayers - 1)
            worst_enemy_tokens = max(worst_enemy_tokens, tok)
    total -= 40.0 * worst_enemy_tokens
    return total


TRAP_FUND = 2  # crystals an unseen face-down trap is assumed to cost


def _kept_crystals(state, p: int, me: int) -> int:
    """The unconsumed crystals of ``p`` that are still worth something: all of them while
    ``p`` may yet attack this turn, else only as many as ``p``'s face-down traps may cost
    (``me``'s own traps at their price, another's at :data:`TRAP_FUND` each). Crystals
    refresh at their owner's turn start, so one kept for nothing is worth nothing: counting
    them all made an attack that spends them look worse than no attack, and consuming an
    enemy's crystals in one's own turn look good when they had no trap to pay."""
    k = KEYS[p]
    z = state.zones
    consumed = state.marks[cr.CONSUMED]
    unspent = sum(1 for x in z[k.crystals] if x not in consumed)
    if not unspent or (p == state.active and state.phase in ("main", "combat") and not state.counters[k.attacked]):
        return unspent
    traps = z[k.traps]
    if p == me:
        cards = state.cards
        fund = sum(sum(cards[t].cost) for t in traps)
    else:
        fund = TRAP_FUND * len(traps)
    return min(unspent, fund)


def _can_attack(state, p: int) -> int:
    """1 when ``p``'s main hero could attack someone now (an affordable attack, not frozen)."""
    k = KEYS[p]
    main = state.zones[k.main]
    if not main or st.frozen(state, main[0]):
        return 0
    avail = cr.available(state, p)
    for a in state.cards[main[0]].attacks:
        if cr.can_pay(avail, a.cost):
            return 1
    return 0


class GreedyBot:
    """Tries each legal action on a clone, plays it out to its next decision point, keeps the best.

    Deterministic for a given seed (the seed only breaks exact ties). It plays heroes and a
    crystal every turn, attacks with the attack that does most (kills first), casts the
    incantations that improve its position, sets and fires traps, and sacrifices a hero
    that would otherwise die and give the enemy a token. Ending the turn is scored as the turn
    stands then (docs/packs/reference/virevolt.md, "The bots").
    """

    name = "greedy"

    def __init__(self, rules=None, seed: int = 0) -> None:
        self.rng = Random(seed)

    def choose(self, rules, state):
        actions = rules.candidate_actions(state, rules.legal_actions(state))
        if len(actions) == 1:
            return actions[0]
        me = state.to_move()
        best, best_score = None, None
        for a in actions:
            score = self._score(rules, state, a, me)
            if best_score is None or score > best_score + 1e-9 or (
                    abs(score - best_score) <= 1e-9 and self.rng.below(2)):
                best, best_score = a, score
        return best

    def _score(self, rules, state, action, me) -> float:
        verb = action[0]
        s = state.clone()
        rules.apply(s, action)
        # let my own follow-up decisions (targets, promotions) resolve greedily, one level deep
        guard = 0
        while not s.over and s.pending is not None and guard < 6:
            opts = s.pending.options
            guard += 1
            if s.pending.player != me:
                if ("pass",) in opts:          # assume the others let it resolve
                    rules.apply(s, ("pass",))
                    continue
                break
            best_o, best_v = opts[0], None
            for o in opts:
                s2 = s.clone()
                rules.apply(s2, o)
                v = evaluate(s2, me)
                if best_v is None or v > best_v:
                    best_o, best_v = o, v
            rules.apply(s, best_o)
        if verb == "next" and not s.over and s.active != state.active:
            # ending the turn: scored as the turn stands when it ends, like every other action,
            # not after the next player has drawn and refreshed their crystals (which happens
            # whatever this turn did, and made any spending look better than stopping)
            score = evaluate(state, me)
        else:
            score = evaluate(s, me)
        if verb == "next":
            score -= 0.3                         # act before moving on when it is worth it
            if state.phase == "main" and s.phase != "main":
                score -= 0.01
        elif verb == "sacrifice":
            score += self._sacrifice_bonus(state, action, me)
        elif verb == "pass":
            score += 0.25
        elif verb == "rotate":
            score -= ROTATE_COST
        return score

    def _sacrifice_bonus(self, state, action, me) -> float:
        """Sacrificing denies a token only for a hero that is about to die."""
        k = KEYS[me]
        heroes = state.zones[k.main] + state.zones[k.secondary]
        h = hz.find_label(state, heroes, action[1])
        if h is None:
            return -100.0
        hp = hz.hp(state, h)
        marks = state.marks
        dot = 0 if h in marks[st.IMMUNITY] else (h in marks[st.POISON]) + (h in marks[st.BURN])
        threatened = hp <= dot or (h in state.zones[k.main] and hp <= 2)
        return 75.0 if threatened else -60.0
