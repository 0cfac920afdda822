"""What Virevolt's greedy bot does in a position, one behaviour a test."""
from __future__ import annotations

import pytest

from tabletop.framework.packs import registry

PACK = registry().get("virevolt")
SEEDS = range(4)


@pytest.fixture(scope="module")
def rules():
    return PACK.rules()


def greedy_choice(rules, setup: dict, seed: int):
    state = rules.setup({}, seed)
    rules.apply_setup(state, setup)
    return PACK.bots()["greedy"](rules, seed).choose(rules, state)


def consumed(colour: str, n: int) -> list:
    return [{"colour": colour, "consumed": True}] * n


# p1 has attacked; its heroes are unhurt, so a rotation changes nothing that matters.
# Ending the turn lets p2 draw and refresh its crystals, which once made it look worse than
# anything that kept the turn going: greedy rotated its heroes back and forth instead.
NOTHING_LEFT_TO_DO = {
    "active": "p1", "phase": "secondary",
    "p1": {"main": "Mist Oracle", "secondary": ["Tide Mage"], "crystals": ["blue"] * 3, "attacked": True, "hand": []},
    "p2": {"main": "Ash Demon", "crystals": consumed("red", 3), "hand": ["Red Crystal"]},
}


@pytest.mark.parametrize("seed", SEEDS)
def test_greedy_ends_its_turn_rather_than_rotate_for_nothing(rules, seed):
    assert greedy_choice(rules, NOTHING_LEFT_TO_DO, seed) == ("next",)


# Slam costs 3 crystals and deals 1 through the Golem's armour. Crystals refresh at their
# owner's turn start: p1 has no trap to pay, so keeping them is worth nothing.
A_SMALL_HIT_FOR_ALL_THE_CRYSTALS = {
    "active": "p1", "phase": "combat",
    "p1": {"main": "Oak Guardian", "crystals": ["green"] * 3, "hand": []},
    "p2": {"main": "Glacier Golem", "crystals": consumed("blue", 3)},
}


@pytest.mark.parametrize("seed", SEEDS)
def test_greedy_attacks_rather_than_keep_crystals_it_cannot_use(rules, seed):
    assert greedy_choice(rules, A_SMALL_HIT_FOR_ALL_THE_CRYSTALS, seed) == ("attack", "p2", "Slam")


# Consuming an enemy's crystals in one's own turn only matters for the traps they could pay
# (their crystals refresh at their turn start).
DRAIN_AN_ENEMY_WITH_NO_TRAP = {
    "active": "p1", "phase": "secondary",
    "p1": {"main": "Tide Mage", "crystals": ["blue"] * 4, "attacked": True, "hand": ["Mana Drain"]},
    "p2": {"main": "Ash Demon", "crystals": ["red"] * 3},
}


@pytest.mark.parametrize("seed", SEEDS)
def test_greedy_keeps_a_crystal_drain_when_the_enemy_has_no_trap_to_pay(rules, seed):
    assert greedy_choice(rules, DRAIN_AN_ENEMY_WITH_NO_TRAP, seed) == ("next",)


def test_greedy_drains_the_crystals_an_enemy_needs_for_its_traps(rules):
    setup = {**DRAIN_AN_ENEMY_WITH_NO_TRAP,
             "p2": {**DRAIN_AN_ENEMY_WITH_NO_TRAP["p2"], "traps": ["Flame Ward", "Flame Ward"]}}
    assert greedy_choice(rules, setup, 0) == ("cast", "Mana Drain", "1")
