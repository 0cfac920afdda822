"""Volfyirion property tests: seeded random and greedy games to the end, invariants after every action.

Invariants (tests/properties/invariants.py): cards neither created nor lost, points never
negative, views independent of hidden arrangements, save -> load -> replay identical.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tabletop.framework.packs import registry, rules_for
from tests.properties.invariants import play_checked

PACK = registry().get("volfyirion")
RULES = PACK.rules()
BOTS = PACK.bots()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_random_games_keep_every_invariant(seed):
    # no assertion that the game ends: random players may thin their decks (Remove a Card, thin, the
    # Wonder removal) until neither can ever attack, a dead position the printed rules allow; how
    # many random games end is checked on fixed seeds in tests/volfyirion/test_variants_smoke.py
    play_checked(RULES, {}, seed, [BOTS["random"], BOTS["random"]], rules_for, replay_every=200)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), greedy_first=st.booleans())
def test_greedy_games_keep_every_invariant(seed, greedy_first):
    seats = [BOTS["greedy"], BOTS["random"]] if greedy_first else [BOTS["random"], BOTS["greedy"]]
    game = play_checked(RULES, {}, seed, seats, rules_for, replay_every=50)
    assert game.state.over


@pytest.mark.parametrize("seed", range(3))
def test_greedy_against_greedy_finishes(seed):
    game = play_checked(RULES, {"first": "p2"}, seed, [BOTS["greedy"], BOTS["greedy"]], rules_for)
    assert game.state.over and game.state.winner in (0, 1)


ALL = {"variants": ["all"], "mode": "extended"}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_random_games_with_every_variant_and_the_extended_mode_keep_every_invariant(seed):
    play_checked(RULES, ALL, seed, [BOTS["random"], BOTS["random"]], rules_for, replay_every=200)  # see above


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), greedy_first=st.booleans())
def test_greedy_games_with_every_variant_and_the_extended_mode_keep_every_invariant(seed, greedy_first):
    seats = [BOTS["greedy"], BOTS["random"]] if greedy_first else [BOTS["random"], BOTS["greedy"]]
    game = play_checked(RULES, ALL, seed, seats, rules_for, replay_every=50)
    assert game.state.over
