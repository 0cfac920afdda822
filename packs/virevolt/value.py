"""Virevolt's position value: the probability that a player wins, from a few features of the
position, with weights fitted to recorded games (``value.yaml``, refitted by
``python -m tabletop.packs.virevolt.value_fit``; docs/packs/reference/virevolt.md, "Bots").

A logistic model of counted features rather than hand-set points: fitted on greedy self-play
it predicts the winner of held-out positions markedly better than the greedy bot's score
(figures in ``value.yaml``), and its output is already the [0, 1] scale MCTS backs up.
Bots apply it to determinizations (states sampled from what the player has seen): it reads
the counts of hidden zones and, for :func:`palette`, the colours of a player's cards.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from tabletop.bots.evaluation import logistic
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.packs.virevolt import crystals as cr
from tabletop.packs.virevolt import states as st
from tabletop.packs.virevolt.heroes import DAMAGE
from tabletop.packs.virevolt.keys import CIDX, CRYSTAL, HERO, KEYS

WEIGHTS_FILE = Path(__file__).with_name("value.yaml")

#: What each side's features count, in order (``me.*`` then ``opponent.*`` in the model).
SIDE = ("tokens", "tokens_3", "tokens_4", "heroes", "has_main", "hp", "attacks", "attack_bonus",
        "armor", "regen", "poisoned", "burning", "frozen", "stunned", "immune", "main_invincible",
        "low_hp", "crystals", "crystals_unspent", "hand", "traps", "deck_short", "main_hp",
        "main_damage", "main_frozen", "secondary_hp", "main_in_reach", "red_cards", "blue_cards",
        "green_cards", "heroes_in_hand", "crystals_in_hand", "graveyard")
#: Features of the whole position, seen from ``me``.
SHARED = ("my_turn", "can_attack_now")
FEATURES = tuple(f"me.{n}" for n in SIDE) + tuple(f"opponent.{n}" for n in SIDE) + SHARED

_DAMAGE = re.compile(r"deal (\d+) damage")
_BEST_HIT: dict[int, float] = {}
_PALETTES: dict[int, tuple] = {}   # id(state.cards) -> (that list, palette per player)
_RED, _BLUE, _GREEN = (CIDX[c] for c in ("red", "blue", "green"))


def attack_damage(attack) -> int:
    """The damage an attack's text deals (its ``deal N damage`` clauses)."""
    return sum(int(m) for m in _DAMAGE.findall(attack.text))


def best_hit(definition) -> float:
    """The most damage one of a hero's attacks deals, plus its attack bonus: how hard the hero
    hits, known from its public card."""
    key = id(definition)
    v = _BEST_HIT.get(key)
    if v is None:
        v = max((attack_damage(a) for a in definition.attacks), default=0)
        v = _BEST_HIT[key] = float(v + definition.atk_bonus)
    return v


def palette(state, p: int) -> tuple[float, float, float]:
    """The share of ``p``'s cards (in ``p``'s zones: a determinization boxes the replaced ones)
    that are red, blue and green: which deck it is, so the fit does not credit a state with
    the strength of the deck that usually reaches it. Constant in a game: cached per card list."""
    cards = state.cards
    hit = _PALETTES.get(id(cards))
    if hit is None or hit[0] is not cards:
        if len(_PALETTES) > 4096:
            _PALETTES.clear()
        z = state.zones
        per_player = []
        for q in range(state.nplayers):
            counts = [0, 0, 0, 0, 0]
            n = 0
            for key in KEYS[q].zones:
                for i in z[key]:
                    counts[cards[i].cidx] += 1
                    n += 1
            n = max(1, n)
            per_player.append((counts[_RED] / n, counts[_BLUE] / n, counts[_GREEN] / n))
        hit = _PALETTES[id(cards)] = (cards, per_player)
    return hit[1][p]


def side(state, p: int, enemy_hit: float) -> list[float]:
    """``p``'s features (:data:`SIDE`); ``enemy_hit`` is the best hit of the enemy's main hero."""
    k = KEYS[p]
    z = state.zones
    marks = state.marks
    cards = state.cards
    dmg = state.values[DAMAGE]
    imm, poison, burn, freeze, stun = (marks[st.IMMUNITY], marks[st.POISON], marks[st.BURN],
                                       marks[st.FREEZE], marks[st.STUN])
    tok = state.counters[k.tokens]
    main, sec = z[k.main], z[k.secondary]
    hp_sum = attacks = bonus = armor = regen = 0
    poisoned = burning = frozen = stunned = immune = low = 0
    for h in main + sec:
        d = cards[h]
        hp = d.hp - dmg.get(h, 0)
        hp_sum += hp
        attacks += len(d.attacks)
        bonus += d.atk_bonus
        armor += d.armor
        regen += d.regen
        if h in imm:
            immune += 1
        else:
            poisoned += h in poison
            burning += h in burn
            frozen += h in freeze
            stunned += h in stun
        if hp <= 2:
            low += 1
    main_inv = main_hp = main_hit = main_frz = in_reach = 0.0
    if main:
        h = main[0]
        d = cards[h]
        main_inv = 1.0 if h in marks[st.INVINCIBILITY] else 0.0
        main_hp = d.hp - dmg.get(h, 0)
        main_hit = best_hit(d)
        main_frz = 1.0 if st.frozen(state, h) else 0.0
        in_reach = 1.0 if main_hp <= enemy_hit else 0.0
    return [tok, tok >= 3, tok >= 4, len(main) + len(sec), 1.0 if main else 0.0, hp_sum, attacks, bonus,
            armor, regen, poisoned, burning, frozen, stunned, immune, main_inv, low, len(z[k.crystals]),
            sum(cr.available(state, p)), len(z[k.hand]), len(z[k.traps]),
            max(0, 3 - len(z[k.deck])), main_hp, main_hit, main_frz, hp_sum - main_hp, in_reach, *palette(state, p),
            sum(1 for i in z[k.hand] if cards[i].kind == HERO), sum(1 for i in z[k.hand] if cards[i].kind == CRYSTAL),
            len(z[k.graveyard])]


def opponent(state, me: int) -> int:
    """The player ``me`` is measured against: the next one still in the game (the packs' bots
    are two-player; with more players, the nearest one)."""
    n = state.nplayers
    c = state.counters
    for i in range(1, n):
        q = (me + i) % n
        if not c[KEYS[q].eliminated]:
            return q
    return (me + 1) % n


def hit(state, p: int) -> float:
    """The best hit of ``p``'s main hero, 0 without one or when it is frozen."""
    main = state.zones[KEYS[p].main]
    return best_hit(state.cards[main[0]]) if main and not st.frozen(state, main[0]) else 0.0


def shared(state, me: int) -> list[float]:
    """:data:`SHARED` for ``me``: whose turn it is, and whether ``me`` can still attack in it."""
    if state.active != me:
        return [0.0, 0.0]
    main = state.zones[KEYS[me].main]
    can_attack = 0.0
    if state.phase in ("main", "combat") and not state.counters[KEYS[me].attacked] and main \
            and not st.frozen(state, main[0]):
        avail = cr.available(state, me)
        if any(cr.can_pay(avail, a.cost) for a in state.cards[main[0]].attacks):
            can_attack = 1.0
    return [1.0, can_attack]


def features(state, me: int) -> list[float]:
    """The model's inputs (:data:`FEATURES`) for ``me`` against :func:`opponent`."""
    opp = opponent(state, me)
    return side(state, me, hit(state, opp)) + side(state, opp, hit(state, me)) + shared(state, me)


REFIT = "refit with python -m tabletop.packs.virevolt.value_fit"


class ValueFileError(TabletopError, ValueError):
    """A weight file the bots cannot use (reported by the command line like any input error)."""


class Model:
    """A fitted logistic model, ``P(win) = logistic(bias + weights · features)``, used
    symmetrically: the value of a position is the logistic of half the difference between
    ``me``'s logit and the opponent's, so the two players' values always add up to 1 (the
    game is zero-sum, and MCTS backs up one value for each)."""

    __slots__ = ("bias", "weights", "meta", "_diff", "_shared")

    def __init__(self, bias: float, weights: list[float], meta: dict | None = None) -> None:
        if len(weights) != len(FEATURES):
            raise ValueError(f"the value model needs {len(FEATURES)} weights, one per feature, not {len(weights)}")
        self.bias = float(bias)
        self.weights = [float(w) for w in weights]
        self.meta = dict(meta or {})
        n = len(SIDE)
        self._diff = [(a - b) / 2 for a, b in zip(self.weights[:n], self.weights[n:2 * n])]
        self._shared = [w / 2 for w in self.weights[2 * n:]]

    def __call__(self, state, me: int) -> float:
        opp = opponent(state, me)
        mine = side(state, me, hit(state, opp))
        theirs = side(state, opp, hit(state, me))
        x = 0.0
        for a, b, w in zip(mine, theirs, self._diff):
            x += (a - b) * w
        for a, b, w in zip(shared(state, me), shared(state, opp), self._shared):
            x += (a - b) * w
        return logistic(x)

    def values(self, state) -> list[float]:
        """This model's value for every player, in seat order: the value of ``me`` against its
        opponent, with each side's features computed once for all the players (the same sums in
        the same order as a call per player, so the same values to the last bit)."""
        n = state.nplayers
        opp = [opponent(state, p) for p in range(n)]
        hits: dict[int, float] = {}
        sides: dict[tuple[int, int], list[float]] = {}
        common: dict[int, list[float]] = {}

        def side_of(p: int, enemy: int) -> list[float]:
            f = sides.get((p, enemy))
            if f is None:
                h = hits.get(enemy)
                if h is None:
                    h = hits[enemy] = hit(state, enemy)
                f = sides[p, enemy] = side(state, p, h)
            return f

        def shared_of(p: int) -> list[float]:
            f = common.get(p)
            if f is None:
                f = common[p] = shared(state, p)
            return f

        out = []
        for me in range(n):
            o = opp[me]
            x = 0.0
            for a, b, w in zip(side_of(me, o), side_of(o, me), self._diff):
                x += (a - b) * w
            for a, b, w in zip(shared_of(me), shared_of(o), self._shared):
                x += (a - b) * w
            out.append(logistic(x))
        return out

    @classmethod
    def load(cls, path: Path = WEIGHTS_FILE) -> "Model":
        from tabletop.framework.errors import TabletopError
        from tabletop.framework.userfiles import read_yaml

        try:
            data = read_yaml(path, "value file").data
        except TabletopError as e:
            lines = e.render().splitlines()
            raise ValueFileError("\n".join([f"{lines[0]}; {REFIT}"] + lines[1:])) from None
        weights = data.get("weights") if isinstance(data, dict) else None
        if not isinstance(weights, dict) or not isinstance(data.get("bias"), (int, float)):
            raise ValueFileError(gettext(
                "{path}: expected a number 'bias' and a mapping 'weights'; {refit}").format(path=path, refit=REFIT))
        missing = [f for f in FEATURES if not isinstance(weights.get(f), (int, float))]
        if missing:
            raise ValueFileError(gettext(
                '{path}: no weight for {missing}; {refit}').format(path=path, missing=', '.join(missing), refit=REFIT))
        meta = {k: v for k, v in data.items() if k not in ("bias", "weights")}
        return cls(data["bias"], [weights[f] for f in FEATURES], meta)

    def dump(self) -> str:
        head = "".join(f"{k}: {json.dumps(v)}\n" for k, v in self.meta.items())
        body = "".join(f"  {f}: {w:.6g}\n" for f, w in zip(FEATURES, self.weights))
        return head + f"bias: {self.bias:.6g}\nweights:\n" + body


_MODEL: list[Model] = []


def model() -> Model:
    """The shipped model, loaded once per process."""
    if not _MODEL:
        _MODEL.append(Model.load())
    return _MODEL[0]


def win_probability(state, me: int) -> float:
    """How likely ``me`` is to win from ``state`` (unfinished games; see the module docstring)."""
    return model()(state, me)


def win_probabilities(state) -> list[float]:
    """:func:`win_probability` of every player, in seat order, sharing the work between them."""
    return model().values(state)
