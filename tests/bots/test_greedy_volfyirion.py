"""What Volfyirion's greedy bot does in a position, one behaviour a test."""
from __future__ import annotations

import pytest

from tabletop.framework.packs import registry

PACK = registry().get("volfyirion")


@pytest.fixture(scope="module")
def rules():
    return PACK.rules()


def position(rules, setup: dict, seed: int = 0):
    state = rules.setup({}, seed)
    rules.apply_setup(state, setup)
    return state


# p1 has battle enough to strip one Troop and nothing else to spend it on (no Wonder in the Lair)
BATTLE_LEFT_AND_A_GUARDED_CITY = {
    "active": "p1", "lair": [],
    "p1": {"hand": [], "points": {"battle": 11}},
    "p2": {"cities": [{"troop": "Soldier"}, {"troop": "Soldier"}, {"troop": "Soldier"}]},
}


@pytest.mark.parametrize("seed", range(4))
def test_VOL_ATTACK_08_greedy_strips_a_troop_rather_than_lose_its_battle_points(rules, seed):
    state = position(rules, BATTLE_LEFT_AND_A_GUARDED_CITY, seed)
    assert ("attack", "p2.city1") in rules.legal_actions(state)
    assert PACK.bots()["greedy"](rules, seed).choose(rules, state) == ("attack", "p2.city1")
