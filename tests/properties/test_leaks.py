"""No seat is ever shown a card hidden from it: views, boards, warnings and every event's
rendering, after every action of many bot games, for both packs and every option set.

The hidden cards are defined in tests/properties/leaks.py from the rules themselves, not
from the packs' ``seen_by``. Greedy and random bots play (their moves exercise draws,
traps, Ploys, removals, bounces, reveals); each seat and a spectator are checked.
"""
from __future__ import annotations

import pytest

from tabletop.framework.packs import registry
from tests.properties.leaks import play_and_check

VOL = registry().get("volfyirion")
VIR = registry().get("virevolt")

VOLFYIRION_OPTIONS = [
    {},
    {"hidden_asset_top": True},
    {"variants": ["mercenary"]},
    {"variants": ["ascension-path"]},
    {"variants": ["saboteur"]},
    {"variants": ["perks"], "hidden_asset_top": True},
    {"variants": ["ploys"]},
    {"variants": ["all"], "mode": "extended"},
    {"variants": ["all"], "mode": "extended", "hidden_asset_top": True, "first": "p2"},
]


@pytest.mark.parametrize("options", VOLFYIRION_OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "base")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_volfyirion_shows_no_seat_a_hidden_card(options, seed):
    bots = VOL.bots()
    pair = [bots["greedy"], bots["random"]] if seed % 2 else [bots["random"], bots["greedy"]]
    checked = play_and_check(VOL, dict(options), seed, pair, max_steps=1500)
    assert checked["texts"] > 1000


VIREVOLT_CASES = [
    ({"decks": ["ember", "tide"]}, None),
    ({"decks": ["grove", "prism"]}, None),
    ({"decks": ["tide", "tide"]}, None),
    ({"decks": ["prism", "ember"], "first": "p2"}, None),
    ({}, 3),
    ({}, 4),
]


@pytest.mark.parametrize("options,players", VIREVOLT_CASES,
                         ids=lambda c: str(c) if not isinstance(c, dict) else ",".join(c.get("decks", [])) or "default")
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_virevolt_shows_no_seat_a_hidden_card(options, players, seed):
    bots = VIR.bots()
    pair = [bots["greedy"], bots["random"]] if seed % 2 else [bots["random"], bots["greedy"]]
    checked = play_and_check(VIR, dict(options), seed, pair, players=players)
    assert checked["texts"] > 100
