"""Virevolt property tests: seeded random and greedy games between the preconstructed decks,
played to the end with every invariant checked after every action.

Invariants (tests/properties/invariants.py): cards neither created nor lost, counters never
negative, views independent of hidden arrangements (the pack's ``hidden_pools``),
save -> load -> replay identical.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tabletop.framework.packs import registry, rules_for
from tests.properties.invariants import play_checked

PACK = registry().get("virevolt")
RULES = PACK.rules()
BOTS = PACK.bots()
DECKS = ("ember", "tide", "grove", "prism")
PAIRS = [(a, b) for a in DECKS for b in DECKS if a != b]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), pair=st.sampled_from(PAIRS))
def test_random_games_keep_every_invariant(seed, pair):
    game = play_checked(RULES, {"decks": list(pair)}, seed, [BOTS["random"], BOTS["random"]], rules_for,
                        replay_every=100)
    assert game.state.over


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), pair=st.sampled_from(PAIRS), greedy_first=st.booleans())
def test_greedy_games_keep_every_invariant(seed, pair, greedy_first):
    seats = [BOTS["greedy"], BOTS["random"]] if greedy_first else [BOTS["random"], BOTS["greedy"]]
    game = play_checked(RULES, {"decks": list(pair)}, seed, seats, rules_for, replay_every=40)
    assert game.state.over


@pytest.mark.parametrize("seed", range(2))
def test_greedy_against_greedy_finishes(seed):
    game = play_checked(RULES, {"decks": "grove,prism", "first": "p2"}, seed, [BOTS["greedy"], BOTS["greedy"]],
                        rules_for)
    assert game.state.over and game.state.winner in (0, 1)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_three_player_games_keep_every_invariant(seed):
    game = play_checked(RULES, {"players": 3}, seed, [BOTS["greedy"], BOTS["random"], BOTS["random"]], rules_for,
                        replay_every=60)
    assert game.state.over


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_four_player_games_keep_every_invariant(seed):
    game = play_checked(RULES, {"players": 4}, seed, [BOTS["random"], BOTS["greedy"], BOTS["random"], BOTS["greedy"]],
                        rules_for, replay_every=60)
    assert game.state.over
