"""What Virevolt gives the framework's bots and simulations: hidden pools, determinization
from a public prior, an evaluation in [0, 1], annotations and a cheap rollout policy.

Virevolt's decks are built by their owners, so an opponent's hidden cards are not a known
multiset: :func:`determinize` samples them from a *public prior* (docs/packs/reference/virevolt.md,
"Bots"), reading only what ``view(state, player)`` shows (the opponent's cards in play, in
their graveyard and being cast, the number of cards in their hand, deck and face-down
traps) plus public knowledge (the card pool, the deck rules, the preconstructed deck lists).
"""
from __future__ import annotations

import math
from collections import Counter

from tabletop.framework.determinize import canonical, reseed
from tabletop.bots.evaluation import outcome
from tabletop.packs.virevolt import costs
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt.keys import BOX, CRYSTAL, INCANTATION, KEYS, TRAP
from tabletop.packs.virevolt.value import attack_damage, win_probabilities, win_probability

DECK_SIZE = 30
MAX_COPIES = 2
# MCTS settings measured best against greedy (docs/packs/reference/virevolt.md, "Bots")
MCTS_ROLLOUT_DEPTH = 0
MCTS_EXPLORATION = 0.15
MCTS_PRIOR_WEIGHT = 1.0
MCTS_PRIOR_ONCE = True     # the greedy prior is costly: ask it once per node

_PRECON: dict[int, list] = {}   # id(by_name) -> [(deck id, deck name, Counter)]
_DECK_NAMES: dict[tuple, str] = {}
_ATTACK_SCORE: dict[str, float] = {}


# ---------------------------------------------------------------------- public knowledge
def preconstructed(by_name) -> list:
    """The preconstructed decks: ``[(id, name, Counter of card names)]`` (public, cached)."""
    key = id(by_name)
    out = _PRECON.get(key)
    if out is None:
        from tabletop.packs.virevolt import deckcheck

        out = []
        for deck_id, path in sorted(deckcheck.preconstructed().items()):
            report = deckcheck.check_deck(path)
            if report.verdict == "legal" and all(c in by_name for c in report.cards):
                out.append((deck_id, report.name or deck_id, Counter(report.cards)))
        _PRECON[key] = out
    return out


def hidden_pools(state, player: int) -> list[list[str]]:
    """One pool per opponent (hand + deck + face-down traps) and the player's own deck."""
    pools = []
    for q in range(state.nplayers):
        if q == player:
            continue
        k = KEYS[q]
        pools.append([k.hand, k.deck, k.traps])
    pools.append([KEYS[player].deck])
    return pools


def revealed(state, q: int) -> list[str]:
    """Names of ``q``'s cards that everyone can see (in play, graveyard, being cast)."""
    k = KEYS[q]
    z = state.zones
    cards = state.cards
    return [cards[i].name for key in (k.graveyard, k.main, k.secondary, k.crystals, k.casting) for i in z[key]]


# ---------------------------------------------------------------------- the prior
_CANDS: dict = {}  # (id of by_name, seen, n, ntraps) -> (by_name, candidates): a search asks the same


def _candidates(by_name, seen: list[str], n: int, ntraps: int) -> list:
    """The preconstructed decks the ``seen`` cards may come from, as ``(weight, the other card
    names sorted, the trap names among them)``; kept, since every determinization of one
    search asks about the same cards."""
    key = (id(by_name), tuple(sorted(seen)), n, ntraps)
    hit = _CANDS.get(key)
    if hit is not None and hit[0] is by_name:
        return hit[1]
    seen_c = Counter(seen)
    cands = []
    for _deck_id, _name, deck in preconstructed(by_name):
        if sum(deck.values()) - len(seen) != n:
            continue
        w = 1
        for name, m in seen_c.items():
            have = deck.get(name, 0)
            if have < m:
                w = 0
                break
            w *= math.comb(have, m)
        if not w:
            continue
        rest = deck - seen_c
        if sum(v for c, v in rest.items() if by_name[c].kind == TRAP) < ntraps:
            continue
        names = sorted(rest.elements())
        cands.append((w, names, [c for c in names if by_name[c].kind == TRAP]))
    if len(_CANDS) >= 256:
        _CANDS.clear()
    _CANDS[key] = (by_name, cands)
    return cands


def sample_hidden(by_name, seen: list[str], n: int, ntraps: int, rng) -> tuple[list[str], list[str]]:
    """Sample an opponent's ``n`` hidden cards, ``ntraps`` of them face-down traps, from the
    public prior given the cards ``seen``: returns (trap names, other names in random order)."""
    cands = _candidates(by_name, seen, n, ntraps)
    if cands:
        total = sum(w for w, _, _ in cands)
        x = rng.below(total)
        for w, names, traps_in in cands:
            if x < w:
                break
            x -= w
        trap_names = list(traps_in)
        rng.shuffle(trap_names)
        traps = trap_names[:ntraps]
        others = list(names)  # sorted: what is left once the traps are taken stays sorted
        for t in traps:
            others.remove(t)
    else:
        names = _generic(by_name, Counter(seen), n, ntraps, rng)
        trap_names = [c for c in names if by_name[c].kind == TRAP]
        rng.shuffle(trap_names)
        traps = trap_names[:ntraps]
        others = sorted((Counter(names) - Counter(traps)).elements())
    rng.shuffle(others)
    return traps, others


def _generic(by_name, seen: Counter, n: int, ntraps: int, rng) -> list[str]:
    """A legal-looking deck remainder for a deck that is no preconstructed one: cards of the
    colours seen (plus Neutral), at most 2 copies each counting those seen, one Mauve Crystal
    at most, and crystals in the preconstructed decks' proportion (2 in 5)."""
    colours = Counter()
    for name, m in seen.items():
        c = by_name[name].colour
        if c != "neutral":
            colours[c] += m
    if not colours:
        colours[("red", "blue", "green")[rng.below(3)]] = 1
    main = sorted(colours.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    allowed = set(colours) | {"neutral"}
    pool = sorted(by_name)
    singles = [c for c in pool if by_name[c].kind != CRYSTAL and by_name[c].colour in allowed]
    trap_pool = [c for c in singles if by_name[c].kind == TRAP] or [c for c in pool if by_name[c].kind == TRAP]
    out: list[str] = []
    used = Counter(seen)

    def take(candidates, k):
        bag = [c for c in candidates for _ in range(max(0, MAX_COPIES - used[c]))]
        rng.shuffle(bag)
        for c in bag[:k]:
            used[c] += 1
            out.append(c)
        return len(bag[:k])

    got = take(trap_pool, ntraps)
    if got < ntraps:                       # more traps set than the deck rules allow: any trap
        for _ in range(ntraps - got):
            out.append(trap_pool[rng.below(len(trap_pool))] if trap_pool else pool[0])
    left = n - len(out)
    crystals = min(left, (left * 2 + 2) // 5)
    others = left - crystals
    got = take([c for c in singles if c not in trap_pool], others)
    crystals += others - got
    crystal = {}  # each colour's crystal, from the card data (the first by name where there are several)
    for c in pool:
        if by_name[c].kind == CRYSTAL:
            crystal.setdefault(by_name[c].colour, c)
    mauve = crystal.get("mauve")
    plain = crystal.get(main) or crystal.get("neutral") or pool[0]
    for _ in range(crystals):
        if mauve is not None and not used[mauve] and rng.below(12) == 0:
            used[mauve] += 1
            out.append(mauve)
        else:
            out.append(plain)
    return out


# ---------------------------------------------------------------------- determinization
def determinize(rules, state, player: int, rng):
    """A clone of ``state`` consistent with ``player``'s view (see the module docstring).

    The player's own deck is reshuffled (its multiset is theirs to know). Each opponent's
    hand, deck and face-down traps are replaced by NEW instances of cards sampled from the
    prior; the replaced instances go to the out-of-game ``box`` of the clone, so every
    instance is still in exactly one zone. The original state (and its card list) is untouched.
    """
    s = state.clone()
    z = s.zones
    cards = list(s.cards)
    owner = list(s.vars["owner"])
    by_name = rules.by_name
    box = z[BOX]
    for q in range(s.nplayers):
        k = KEYS[q]
        if q == player:
            deck = z[k.deck]
            if len(deck) > 1:
                deck[:] = canonical(deck, state.cards)  # its instances are the state's
                rng.shuffle(deck)
            continue
        hand, deck, traps = z[k.hand], z[k.deck], z[k.traps]
        n = len(hand) + len(deck) + len(traps)
        if not n:
            continue
        t_names, o_names = sample_hidden(by_name, revealed(s, q), n, len(traps), rng)
        nh = len(hand)
        box.extend(hand)
        box.extend(traps)
        box.extend(deck)
        names = t_names + o_names
        new_ids = list(range(len(cards), len(cards) + len(names)))
        cards.extend([by_name[name] for name in names])
        owner.extend([q] * len(names))
        nt = len(t_names)
        z[k.traps] = new_ids[:nt]
        z[k.hand] = new_ids[nt:nt + nh]
        z[k.deck] = new_ids[nt + nh:]
    s.cards = cards
    s.vars["owner"] = tuple(owner)
    reseed(s, rng)
    return s


# ---------------------------------------------------------------------- evaluation
def evaluate(state, player: int) -> float:
    """How likely ``player`` is to win: the outcome of a finished game, else the position value
    fitted to self-play (:mod:`tabletop.packs.virevolt.value`)."""
    if state.over:
        return outcome(state, player)
    return win_probability(state, player)


def evaluate_all(state) -> list[float]:
    """:func:`evaluate` of every player, in seat order."""
    if state.over:
        return [outcome(state, p) for p in range(state.nplayers)]
    return win_probabilities(state)


# ---------------------------------------------------------------------- annotations
def deck_name(rules, state, p: int) -> str:
    """The name of the deck ``p`` plays: a preconstructed deck's name when ``p``'s cards are
    exactly one, else ``custom`` (reads every card: for reports, not for bots)."""
    owner = state.vars["owner"]
    key = tuple(sorted(state.cards[i].name for i in range(len(owner)) if owner[i] == p))
    name = _DECK_NAMES.get(key)
    if name is None:
        c = Counter(key)
        name = "custom"
        for _id, nm, deck in preconstructed(rules.by_name):
            if deck == c:
                name = nm
                break
        _DECK_NAMES[key] = name
    return name


def annotate(rules, state, action) -> dict | None:
    verb = action[0]
    p = state.to_move()
    out = None
    if verb in ("play", "set", "cast"):
        out = {"played": action[1]}
    if (state.pending is None and p == state.active and state.phase == "main"
            and state.turn <= state.nplayers and _untouched(state, p)):
        out = dict(out or {})
        out["deck"] = deck_name(rules, state, p)
    return out


def _untouched(state, p: int) -> bool:
    """Nothing of ``p``'s in play, crystals, traps or being cast: ``p``'s first action."""
    k = KEYS[p]
    z = state.zones
    return not (z[k.main] or z[k.secondary] or z[k.crystals] or z[k.traps] or z[k.casting])


# ---------------------------------------------------------------------- rollouts
def attack_score(by_name, attack: str) -> float:
    v = _ATTACK_SCORE.get(attack)
    if v is None:
        v = 0.0
        for d in by_name.values():
            for a in d.attacks:
                if a.name == attack:
                    v = attack_damage(a) + (0.5 if "inflict" in a.text else 0.0)
        _ATTACK_SCORE[attack] = v
    return v


_VERB_RANK = {"attack": 6, "play": 5, "set": 4, "activate": 3, "cast": 3, "choose": 2, "yes": 2,
              "rotate": 1, "pass": 1, "no": 1, "skip": 1, "sacrifice": 0, "next": 0}


def rollout_action(rules, state, actions, rng):
    """A cheap biased policy: mostly the best-ranked verb (attack, play, set, cast...), the
    strongest attack, ``next`` when nothing better is left; 15% of the time a random action."""
    n = len(actions)
    if n == 1:
        return actions[0]
    if rng.below(100) < 15:
        return actions[rng.below(n)]
    best, best_r, ties = None, -1.0, 0
    by_name = rules.by_name
    for a in actions:
        v = a[0]
        r = _VERB_RANK.get(v, 1)
        if v == "attack":
            r += 0.1 * attack_score(by_name, a[2])
        elif v == "cast" and rng.below(2):
            r = 0.5
        if r > best_r:
            best, best_r, ties = a, r, 1
        elif r == best_r:
            ties += 1
            if rng.below(ties) == 0:
                best = a
    return best


# ---------------------------------------------------------------------- search hooks
def safe_action(rules, state, actions):
    """An action never worth searching, or None: in one's own main phase with nothing
    pending, playing the turn's crystal when only one kind of crystal can be played (it
    enters unconsumed and only adds resources), then setting a trap (free; a trap set can be
    fired, one in hand cannot). Reads only the mover's own hand and the legal actions."""
    if state.pending is not None or state.phase != "main":
        return None
    by_name = rules.by_name
    crystal = None
    trap = None
    for a in actions:
        v = a[0]
        if v == "play":
            d = by_name.get(a[1])
            if d is not None and d.kind == CRYSTAL:
                if crystal is not None and crystal != a:
                    crystal = False          # a choice of colours: search it
                elif crystal is None:
                    crystal = a
        elif v == "set" and trap is None:
            trap = a
    if crystal:
        return crystal
    return trap


def preferred_action(rules, state, actions):
    """The greedy bot's move (packs/virevolt/bots.py), ties to the first action: the prior
    of the search's progressive bias."""
    from tabletop.packs.virevolt.bots import GreedyBot

    me = state.to_move()
    score = GreedyBot._score
    best, best_score = None, None
    for a in actions:
        s = score(_GREEDY, rules, state, a, me)
        if best_score is None or s > best_score + 1e-9:
            best, best_score = a, s
    return best


class _Greedy:
    def _sacrifice_bonus(self, state, action, me):
        from tabletop.packs.virevolt.bots import GreedyBot

        return GreedyBot._sacrifice_bonus(self, state, action, me)


_GREEDY = _Greedy()
_AI_CLASSES: dict = {}


def ai_rules(rules):
    """``rules`` seen through a subclass that adds :func:`safe_action` and
    :func:`preferred_action` (same attributes, shared: not a copy of the card pool)."""
    cls = type(rules)
    if getattr(cls, "_virevolt_search_hooks", False):
        return rules
    sub = _AI_CLASSES.get(cls)
    if sub is None:
        sub = type(cls.__name__, (cls,), {
            "_virevolt_search_hooks": True,
            "safe_action": lambda self, state, actions: safe_action(self, state, actions),
            "preferred_action": lambda self, state, actions: preferred_action(self, state, actions),
        })
        _AI_CLASSES[cls] = sub
    w = object.__new__(sub)
    w.__dict__ = rules.__dict__
    return w


# ---------------------------------------------------------------------- the tuned MCTS bot
def make_mcts(rules, seed: int = 0, iterations: int | None = None, think: float | None = None, **kwargs):
    """``tabletop.bots.mcts.factory`` with Virevolt's tuned settings: no playout (the
    leaf is scored by :func:`evaluate` at once), a small exploration constant (the
    evaluation differences between sibling moves are small), :func:`safe_action` taken
    without search and the greedy move as a fading prior (:func:`preferred_action`,
    weight ``MCTS_PRIOR_WEIGHT``, asked once per node: it costs half an iteration)."""
    from tabletop.bots.mcts import MCTSBot

    kwargs.setdefault("rollout_depth", MCTS_ROLLOUT_DEPTH)
    kwargs.setdefault("exploration", MCTS_EXPLORATION)
    kwargs.setdefault("prior_weight", MCTS_PRIOR_WEIGHT)
    kwargs.setdefault("prior_once", MCTS_PRIOR_ONCE)
    options = {**(getattr(rules, "mcts_settings", None) or {}), **kwargs}

    class VirevoltMCTSBot(MCTSBot):
        def choose(self, rules, state):
            return super().choose(ai_rules(rules), state)

    return VirevoltMCTSBot(rules, seed, iterations=iterations, think=think, **options)


# ---------------------------------------------------------------------- common sense for every bot
# Verbs that may take a hero out of its owner's play; the others (play, set, next, rotate,
# attack) never leave a player who has a hero without one.
_MAY_LOSE_HERO = frozenset(("sacrifice", "cast", "activate", "choose", "yes", "no", "skip", "pass"))
_SPELLS = frozenset(("cast", "activate"))
_MAX_LEAVES = 16


def _others_pass(rules, s, me: int) -> None:
    """Let every other player's response window go unanswered (what a player can count on:
    their traps are hidden)."""
    guard = 0
    while not s.over and s.pending is not None and s.pending.player != me and guard < 12:
        if ("pass",) not in s.pending.options:
            return
        rules.apply(s, ("pass",))
        guard += 1


def heroes_in_play(state, p: int) -> int:
    k = KEYS[p]
    return len(state.zones[k.main]) + len(state.zones[k.secondary])


def keeps_hero(rules, state, action, me: int) -> bool:
    """Whether ``me`` has a hero in play after ``action`` (other players letting it resolve)."""
    if heroes_in_play(state, me) and action[0] not in _MAY_LOSE_HERO:
        return True
    s = state.clone()
    rules.apply(s, action)
    _others_pass(rules, s, me)
    return s.over and s.winner == me or heroes_in_play(s, me) > 0


def _signature(s, ignore: int) -> tuple:
    """Everything a spell could change, without the spell card itself (wherever it went)."""
    zones = tuple((k, tuple(i for i in v if i != ignore)) for k, v in sorted(s.zones.items()))
    marks = tuple((k, tuple(sorted(i for i in v if i != ignore))) for k, v in sorted(s.marks.items()))
    values = tuple((k, tuple(sorted(v.items()))) for k, v in sorted(s.values.items()))
    return zones, marks, values, tuple(sorted(s.counters.items())), s.over, s.winner


def _spell(state, action, me: int):
    """The instance ``action`` casts or activates, and the cost paid for it."""
    cards = state.cards
    k = KEYS[me]
    if action[0] == "cast":
        n = int(action[2]) if len(action) > 2 else 1
        for iid in state.zones[k.hand]:
            d = cards[iid]
            if d.name == action[1] and d.kind == INCANTATION:
                return iid, costs.spell(state, me, iid, d.effects[n - 1].cost), k.hand
    else:
        for iid in state.zones[k.traps]:
            if cards[iid].name == action[1]:
                return iid, cards[iid].cost, k.traps
    return None


def _outcomes(rules, s, me: int, ignore: int, out: set, budget: list) -> None:
    """The signatures of every way ``me``'s own follow-up choices can go (bounded)."""
    _others_pass(rules, s, me)
    if s.over or s.pending is None or s.pending.player != me:
        out.add(_signature(s, ignore))
        budget[0] -= 1
        return
    for o in s.pending.options:
        if budget[0] <= 0:
            out.add(None)  # too many ways to tell: count it as doing something
            return
        s2 = s.clone()
        rules.apply(s2, o)
        _outcomes(rules, s2, me, ignore, out, budget)


def does_nothing(rules, state, action, me: int) -> bool:
    """Whether casting or activating ``action`` changes nothing but the spell's own card and
    its price: the game goes on exactly as if its crystals had been spent and the card put
    in the graveyard (other players letting it resolve; each of ``me``'s follow-up choices tried)."""
    found = _spell(state, action, me)
    if found is None:
        return False
    iid, cost, zone = found
    base = state.clone()
    cr.pay(base, me, cost)
    base.zones[zone].remove(iid)
    base.zones[KEYS[me].graveyard].append(iid)
    if state.pending is not None:  # answering a response window: the baseline lets it pass
        rules.apply(base, ("pass",))
    _others_pass(rules, base, me)
    if base.pending is not None and base.pending.player == me:
        return False  # the baseline itself waits on a choice: no clean comparison
    done = state.clone()
    rules.apply(done, action)
    outs: set = set()
    _outcomes(rules, done, me, iid, outs, [_MAX_LEAVES])
    return outs == {_signature(base, iid)}


def sensible_actions(rules, state, actions: list) -> list:
    """Virevolt's common sense, for every bot: keep a hero in play whenever an action allows
    it (a player without one loses to the next attack, VIR-WIN-04), and never cast or
    activate a spell that does nothing (a heal with nothing to heal)."""
    if len(actions) < 2 or state.over:
        return actions
    me = state.to_move()
    keep = [a for a in actions if keeps_hero(rules, state, a, me)]
    if keep and len(keep) < len(actions):
        actions = keep
    if len(actions) > 1:
        useful = [a for a in actions if a[0] not in _SPELLS or not does_nothing(rules, state, a, me)]
        if useful and len(useful) < len(actions):
            actions = useful
    return actions
