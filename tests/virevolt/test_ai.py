"""Virevolt's bot support: hidden pools, determinization from a public prior, evaluation,
annotations, rollouts, and the fairness of MCTS (same view + same seed -> same move)."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from tabletop.bots.mcts import factory
from tabletop.framework.rng import Random
from tabletop.packs.virevolt import ai
from tabletop.packs.virevolt.bots import GreedyBot
from tabletop.packs.virevolt.keys import CRYSTAL, KEYS, TRAP
from tests.properties.invariants import every_card_in_one_zone


def midgame(rules, seed=3, steps=14, options=None):
    s = rules.setup(options or {}, seed)
    bots = [GreedyBot(rules, seed), GreedyBot(rules, seed + 1)]
    for _ in range(steps):
        if s.over:
            break
        rules.apply(s, bots[s.to_move() % 2].choose(rules, s))
    assert not s.over
    return s


def swap_hidden(rules, state, q):
    """A state with the same view for everyone but ``q`` whose hand/deck hold other cards."""
    other = state.clone()
    other.cards = list(state.cards)
    k = KEYS[q]
    pool = ["Cinder Imp", "Tide Mage", "Sling Stone", "Healing Rain", "Red Crystal", "Blue Crystal"]
    for j, iid in enumerate(other.zones[k.hand] + other.zones[k.deck]):
        other.cards[iid] = rules.by_name[pool[j % len(pool)]]
    for iid in other.zones[k.traps]:
        other.cards[iid] = rules.by_name["Tripwire"]
    return other


def test_hidden_pools(rules):
    s = rules.setup({"players": 3}, 1)
    assert ai.hidden_pools(s, 0) == [["p2.hand", "p2.deck", "p2.traps"], ["p3.hand", "p3.deck", "p3.traps"],
                                     ["p1.deck"]]
    assert rules.hidden_pools(s, 1)[-1] == ["p2.deck"]


def test_determinize_is_consistent_and_leaves_the_original_alone(rules):
    s = midgame(rules)
    me = s.to_move()
    q = 1 - me
    before = json.dumps(s.to_json(), sort_keys=True)
    ncards = len(s.cards)
    for seed in range(20):
        d = rules.determinize(s, me, Random(seed))
        every_card_in_one_zone(d)
        assert json.dumps(rules.view(d, me), sort_keys=True) == json.dumps(rules.view(s, me), sort_keys=True)
        k, km = KEYS[q], KEYS[me]
        assert sorted(d.zones[km.deck]) == sorted(s.zones[km.deck])           # own deck: reshuffled
        assert d.zones[km.hand] == s.zones[km.hand]
        for iid in d.zones[k.traps]:
            assert d.cards[iid].kind == TRAP
        assert not set(d.zones[k.hand] + d.zones[k.deck] + d.zones[k.traps]) & set(s.zones[k.hand] + s.zones[k.deck])
        owned = Counter(d.cards[i].name for key in k.zones for i in d.zones[key])
        assert sum(v for n, v in owned.items() if rules.by_name[n].colour == "mauve"
                   and rules.by_name[n].kind == CRYSTAL) <= 1                  # VIR-DECK-06
        assert all(v <= 2 for n, v in owned.items() if rules.by_name[n].kind != CRYSTAL)
        assert len(d.vars["owner"]) == len(d.cards)
        assert d.rng != s.rng
        rules.apply(d, rules.legal_actions(d)[-1])                            # playable
    assert len(s.cards) == ncards
    assert json.dumps(s.to_json(), sort_keys=True) == before


def test_determinize_never_reads_hidden_identities(rules):
    s = midgame(rules)
    me = s.to_move()
    other = swap_hidden(rules, s, 1 - me)
    assert rules.describe(other) != rules.describe(s)
    assert json.dumps(rules.view(other, me), sort_keys=True) == json.dumps(rules.view(s, me), sort_keys=True)
    for seed in range(5):
        a = rules.determinize(s, me, Random(seed))
        b = rules.determinize(other, me, Random(seed))
        assert rules.describe(a) == rules.describe(b)


@pytest.mark.parametrize("seed,steps", [(3, 14), (8, 9), (21, 30)])
def test_same_view_same_seed_same_move(rules, seed, steps):
    s = midgame(rules, seed, steps)
    me = s.to_move()
    other = swap_hidden(rules, s, 1 - me)
    a = factory(rules, 17, iterations=60).choose(rules, s)
    b = factory(rules, 17, iterations=60).choose(rules, other)
    assert a == b and a in rules.legal_actions(s)


def test_prior_uses_the_preconstructed_deck_the_reveals_point_to(rules):
    seen = ["Frost Warden", "Blue Crystal", "Blue Crystal"]
    traps, others = ai.sample_hidden(rules.by_name, seen, 27, 1, Random(0))
    names = Counter(traps + others) + Counter(seen)
    tide = {nm: deck for _i, nm, deck in ai.preconstructed(rules.by_name)}["Tide Control"]
    assert names == tide and rules.by_name[traps[0]].kind == TRAP


def test_prior_for_an_unknown_deck_follows_the_deck_rules(rules):
    seen = ["Cinder Imp", "Cinder Imp", "Tide Mage", "Mauve Crystal"]       # no preconstructed deck
    for seed in range(10):
        traps, others = ai.sample_hidden(rules.by_name, seen, 26, 2, Random(seed))
        assert len(traps) == 2 and len(others) == 24
        assert all(rules.by_name[t].kind == TRAP for t in traps)
        c = Counter(traps + others) + Counter(seen)
        assert c["Mauve Crystal"] <= 1
        assert all(v <= 2 for n, v in c.items() if rules.by_name[n].kind != CRYSTAL)
        assert {rules.by_name[n].colour for n in c} <= {"red", "blue", "neutral", "mauve"}


def test_evaluate_is_in_unit_interval_and_scores_the_end(rules):
    s = midgame(rules)
    for p in (0, 1):
        assert 0.0 <= rules.evaluate(s, p) <= 1.0
    assert abs(rules.evaluate(s, 0) + rules.evaluate(s, 1) - 1.0) < 1e-9
    s.over, s.winner = True, 1
    assert rules.evaluate(s, 1) == 1.0 and rules.evaluate(s, 0) == 0.0


def test_annotations_name_played_cards_and_each_seat_deck_once(rules):
    s = rules.setup({"decks": "ember,tide"}, 5)
    bots = [GreedyBot(rules, 1), GreedyBot(rules, 2)]
    decks, played = {}, 0
    for _ in range(60):
        if s.over:
            break
        a = bots[s.to_move()].choose(rules, s)
        ann = rules.annotate(s, a) or {}
        if "deck" in ann:
            assert s.to_move() not in decks
            decks[s.to_move()] = ann["deck"]
        if a[0] in ("play", "set", "cast"):
            assert ann["played"] == a[1]
            played += 1
        rules.apply(s, a)
    assert decks == {0: "Ember Rush", 1: "Tide Control"} and played


def test_rollout_action_is_legal_and_prefers_attacking(rules):
    s = midgame(rules, 3, 14)
    rng = Random(0)
    legal = rules.legal_actions(s)
    for _ in range(20):
        assert rules.rollout_action(s, legal, rng) in legal
    acts = [("next",), ("attack", "p2", "Scorch")]
    picks = Counter(rules.rollout_action(s, acts, rng)[0] for _ in range(200))
    assert picks["attack"] > 150


def test_mcts_is_a_pack_bot(rules):
    from tabletop.framework.packs import registry

    assert "mcts" in registry().get("virevolt").bots()


def test_pack_mcts_uses_the_tuned_settings(rules):
    from tabletop.framework.packs import registry

    bot = registry().get("virevolt").bots()["mcts"](rules, 1, iterations=40)
    assert bot.rollout_depth == ai.MCTS_ROLLOUT_DEPTH and bot.c == ai.MCTS_EXPLORATION
    s = midgame(rules)
    assert bot.choose(rules, s) in rules.legal_actions(s)


def test_pack_mcts_search_hooks(rules):
    from tabletop.framework.packs import registry

    bot = registry().get("virevolt").bots()["mcts"](rules, 1, iterations=40)
    assert bot.prior_weight == ai.MCTS_PRIOR_WEIGHT and bot.prior_once is ai.MCTS_PRIOR_ONCE
    w = ai.ai_rules(rules)
    assert ai.ai_rules(w) is w and w.by_name is rules.by_name
    s = midgame(rules)
    legal = rules.legal_actions(s)
    assert w.preferred_action(s, legal) in legal
    assert w.preferred_action(s, legal) == w.preferred_action(s, legal)   # deterministic
    safe = w.safe_action(s, legal)
    assert safe is None or safe in legal


def test_safe_action_plays_the_only_crystal_then_sets_traps(rules):
    s = rules.setup({}, 5)
    for _ in range(40):
        if s.pending is None and s.phase == "main":
            break
        rules.apply(s, rules.legal_actions(s)[-1])
    acts = [("set", "Tripwire"), ("play", "Red Crystal"), ("next",)]
    assert ai.safe_action(rules, s, acts) == ("play", "Red Crystal")
    assert ai.safe_action(rules, s, [("play", "Red Crystal"), ("play", "Blue Crystal"), ("set", "Tripwire")]) == ("set", "Tripwire")
    assert ai.safe_action(rules, s, [("play", "Red Crystal"), ("play", "Blue Crystal"), ("next",)]) is None
