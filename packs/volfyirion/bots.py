"""The greedy bot: plays everything, spends every point on the best thing it can buy or hit.

It reads only what its player may know (the public board and its own hand), takes
decisions by fixed priorities, and breaks ties with its own seeded generator, so it is
deterministic for a given seed. Told to ``prefer`` cards (name -> bonus, in cost points), it
scores each purchase by its cost plus its bonus, so with a large bonus it buys a preferred card
whenever it can afford one: ``tabletop cards value`` measures cards that way.
"""
from __future__ import annotations

from tabletop.framework.rng import Random

from tabletop.packs.volfyirion import model as M
from tabletop.packs.volfyirion.model import KEYS, LAIRS, ROW, TROOP


class GreedyBot:
    name = "greedy"

    def __init__(self, rules=None, seed: int = 0, prefer: dict[str, float] | None = None) -> None:
        self.rng = Random(seed)
        self.prefer = dict(prefer) if prefer else None

    def choose(self, rules, state):
        return greedy_action(state, rules.candidate_actions(state, rules.legal_actions(state)), self.prefer)


# ---------------------------------------------------------------------- the policy
# A plain function of the state and the legal actions, shared with the MCTS playout policy
# (tabletop.packs.volfyirion.ai). It reads only the mover's view (its hand, the public board).
def _decide(state, options):
    p = state.pending.player
    best, score = options[0], -1e9
    cards = state.cards
    for a in options:
        s = 0.0
        v = a[0]
        if v == "yes":
            s = 1
        elif v == "no":
            s = 0
        elif v == "skip":
            s = 0.5
        elif v == "choose":
            label = a[1]
            if ":" in label:  # removing an own card: thin weak starting cards, from discard first
                where, _, name = label.partition(":")
                weak = _weak_starting(cards).get(name, False)
                s = (3 if where == "discard" else 2 if where == "play" else 1) if weak else -1
            elif label == "lair":
                s = 5
            elif label.startswith(f"p{2 - p}."):  # an enemy city (or its Troop, its Building): the strongest
                o = 1 - p
                ci = int(label.split(".")[1][4]) - 1
                s = 2 + M.city_cost(state, o, ci) / 10
            else:
                s = 1
        if s > score:
            best, score = a, s
    return best


_WEAK: list = [None, {}]  # the card list last asked about, and its names' weak-starting flags


def _weak_starting(cards: list) -> dict[str, bool]:
    """Whether the first card of each name in ``cards`` is a weak starting card, the kind worth
    thinning: a starting card whose main ability gives fewer points than the starting cards
    do on average, copies counted (the printed set: Prospector, 1 point, against a mean of
    1.6). Kept for the last card list asked (a search asks about copies of one game, which
    share their card list)."""
    if _WEAK[0] is not cards:
        points = {}
        for c in cards:
            if c.name not in points:
                points[c.name] = sum(n for _, n in c.main) if c.starting else None
        starting = [points[c.name] for c in cards if c.starting]
        mean = sum(starting) / len(starting) if starting else 0.0
        _WEAK[0], _WEAK[1] = cards, {name: v is not None and v < mean for name, v in points.items()}
    return _WEAK[1]


def greedy_action(state, actions, prefer: dict[str, float] | None = None):
    """The greedy bot's choice among ``actions`` (the legal actions of ``state``); ``prefer`` adds
    a bonus to the worth (the cost) of buying the cards it names."""
    if state.pending is not None:
        return _decide(state, actions)
    for a in actions:  # 1. (below) its usual answer, found before sorting the actions by verb
        if a[0] == "play" and len(a) == 2:
            return a
    p = state.active
    o = 1 - p
    K = KEYS[p]
    cards = state.cards
    zones = state.zones
    slots = state.slots
    cnt = state.counters
    by_verb: dict[str, list] = {}
    for a in actions:
        same = by_verb.get(a[0])
        if same is None:
            by_verb[a[0]] = [a]
        else:
            same.append(a)
    dragon = state.vars["dragon"]
    # 1. play every card (troops where a city has none; buildings where none stands)
    plays = by_verb.get("play")
    if plays:  # none plays without a city (returned above)
        best, bs = None, -1e9
        for a in plays:
            ci = int(a[2][4]) - 1
            c = next(cards[i] for i in zones[K.hand] if cards[i].name == a[1])
            slot = K.troop[ci] if c.kind == TROOP else K.building[ci]
            s = -10 * (state.slots[slot] >= 0) + ci
            if dragon == p * 3 + ci:
                s -= 20
            if s > bs:
                best, bs = a, s
        return best
    # 2. abilities
    if "activate" in by_verb:
        return by_verb["activate"][0]
    bp = cnt[K.bp]
    kp = cnt[K.kp]
    # 3. the dragon threatens one of our cities: send it home or defeat it
    if dragon >= 0 and dragon // 3 == p:
        if "defeat volfyirion" in by_verb:
            return by_verb["defeat volfyirion"][0]
        if "move volfyirion" in by_verb:
            return by_verb["move volfyirion"][0]
    # 4. attacks that destroy a city, the most expensive first
    attacks = by_verb.get("attack", [])
    finishing = []
    for a in attacks:
        where = a[1].partition(".")[2]
        if where == "lair" or state.slots[KEYS[o].troop[int(where[4]) - 1]] < 0:
            finishing.append(a)
    if finishing:
        return max(finishing, key=lambda a: _attack_cost(state, a))
    # a troop in the way, but enough to take troop and city in one turn
    for a in attacks:
        where = a[1].partition(".")[2]
        if where != "lair":
            ci = int(where[4]) - 1
            cost = M.city_cost(state, o, ci)
            if bp >= cost + cards[state.vars[KEYS[o].cityids][ci]].defence:
                return a
    # 5. defeat Volfyirion when affordable
    if "defeat volfyirion" in by_verb:
        return by_verb["defeat volfyirion"][0]
    # 6. send the dragon on the enemy's strongest city
    moves = [a for a in by_verb.get("move volfyirion", []) if a[1] != "lair"]
    if moves:
        return max(moves, key=lambda a: M.city_cost(state, o, int(a[1][-1]) - 1))
    # 6b. extended mode: rebuild a destroyed city (the cheapest first)
    rb = by_verb.get("rebuild")
    if rb:
        return min(rb, key=lambda a: sum(n for _, n in cards[state.vars[K.cityids][int(a[1][4]) - 1]].rebuild_cost))
    # 6c. perks: Anomaly Collider turns a Wonder into knowledge; Ascension Paths are taken over
    if "take" in by_verb:
        return by_verb["take"][0]
    if "collide" in by_verb and kp < 8 <= kp + max(
            cards[i].cost for i in zones[K.play] if cards[i].name == by_verb["collide"][0][1]):
        return by_verb["collide"][0]
    # 7. buy wonders, then assets: the most expensive affordable (plus the bonus of a preferred card)
    if prefer:
        def worth(c):
            return c.cost + prefer.get(c.name, 0.0)
    else:
        def worth(c):
            return c.cost
    aw = by_verb.get("acquire wonder")
    if aw and bp < 8:
        return max(aw, key=lambda a: worth(cards[slots[LAIRS[a[1] - 1]]]))
    aa = by_verb.get("acquire asset")
    top = zones["asset_deck"][-1] if "acquire top" in by_verb else None
    if aa:
        best = max(aa, key=lambda a: (worth(cards[slots[ROW[a[1] - 1]]]), -a[1]))
        if top is not None and not cards[top].to_opp and \
                worth(cards[top]) > worth(cards[slots[ROW[best[1] - 1]]]):
            return ("acquire top",)  # Qoam Oracle
        return best
    if top is not None and not cards[top].to_opp:
        return ("acquire top",)
    if aw:
        return max(aw, key=lambda a: worth(cards[slots[LAIRS[a[1] - 1]]]))
    if "acquire wonder top" in by_verb:  # Heroes Party
        return ("acquire wonder top",)
    # 8. knowledge: seal the opponent's Wonders, unseal our own
    seals = [a for a in by_verb.get("seal", []) if a[1] == KEYS[o].name]
    if seals:
        return seals[0]
    unseals = [a for a in by_verb.get("unseal", []) if a[1] == K.name]
    if unseals:
        return unseals[0]
    # 9. battle left that nothing above spends is lost at the end of the turn (VOL-ATTACK-08):
    #    strip a guarding Troop (removed from the game, VOL-ATTACK-04), the dearest first
    if attacks:
        return max(attacks, key=lambda a: _attack_cost(state, a))
    if "end turn" in by_verb or not actions:
        return ("end turn",)
    return actions[0]  # ending the turn would lose at once (the caller left it out): anything else first


def _attack_cost(state, a):
    o = int(a[1][1]) - 1
    where = a[1].partition(".")[2]
    if where == "lair":
        return state.cards[state.slots[KEYS[o].lair]].defence
    return M.city_cost(state, o, int(where[4]) - 1)
