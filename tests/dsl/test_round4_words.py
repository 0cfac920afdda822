"""Words of the fourth designer round (docs/dsl.md): ``the first time each turn X`` (the count said
first, as Magic and Flesh and Blood print it), ``HEROES attack HEROES`` (a trigger on an attack made
on a hero), and the refusals that name the form that works: ``pay N COLOUR to ...`` in Virevolt
(an incantation's crystals are its effect's cost, VIR-INC-02) and ``deal N more damage`` naming no hero."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.framework import triggers


def error(text: str, pack: str, kind: str = "effect") -> str:
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, pack, kind)
    return str(info.value)


@pytest.mark.parametrize("pack, said_first, said_last", [
    ("volfyirion", "the first time each turn you play a red card, gain 2 battle",
     "the first time you play a red card each turn, gain 2 battle"),
    ("virevolt", "the first time each turn this hero deals damage, draw a card",
     "the first time this hero deals damage each turn, draw a card"),
])
def test_the_first_time_each_turn_said_first_is_once_a_turn(pack: str, said_first: str, said_last: str) -> None:
    first = tabletop.compile(said_first, pack, "card ability").trigger
    last = tabletop.compile(said_last, pack, "card ability").trigger
    assert first.once_per_turn and first.event == last.event


def test_the_second_time_each_turn_said_first_counts_the_turn() -> None:
    ability = tabletop.compile("the second time each turn you play a red card: gain 2 battle", "volfyirion",
                               "card ability")
    assert triggers.HISTORY in ability.listens


def test_a_hero_attacking_a_hero_is_an_attack_trigger() -> None:
    ability = tabletop.compile("whenever an enemy hero attacks this hero, deal 1 damage to the attacking hero",
                               "virevolt", "card ability")
    assert ability.trigger.event == triggers.ATTACKED


def test_a_hero_attacking_a_hero_asks_for_no_target() -> None:
    assert "asks nothing" in error("whenever target enemy hero attacks this hero, draw a card", "virevolt",
                                   "card ability")


def test_cards_attacking_cards_is_refused_where_players_attack() -> None:
    assert "cards never attack" in error("whenever an enemy troop attacks this city, gain 1 battle", "volfyirion",
                                         "card ability")


@pytest.mark.parametrize("text", [
    "pay 2 neutral to draw three cards",
    "choose one: draw a card; or pay 2 neutral to draw three cards",
    "pay 1 red crystal to deal 2 damage to target enemy hero",
])
def test_vir_inc_02_paying_in_an_effect_names_the_effects_costs(text: str) -> None:
    message = error(text, "virevolt")
    assert "VIR-INC-02" in message and "'effects:'" in message and "consume 2 crystals to" in message


def test_more_damage_naming_no_hero_says_to_name_it() -> None:
    message = error("deal 2 damage to target enemy hero; if it is frozen, deal 2 more damage", "virevolt")
    assert "deal 2 more damage to the target" in message


@pytest.mark.parametrize("pack, text", [
    ("virevolt", "destroy each enemy hero except the enemy main hero"),
    ("virevolt", "deal 3 damage to target enemy hero; deal 1 damage to each enemy hero except it"),
    ("volfyirion", "destroy each enemy troop except the enemy troop with the most defence"),
])
def test_except_spares_the_cards_it_names(pack: str, text: str) -> None:
    assert tabletop.compile(text, pack).steps


def test_the_cards_except_spares_are_not_chosen() -> None:
    assert "spared, not chosen" in error("deal 1 damage to each enemy hero except target enemy hero", "virevolt")


@pytest.mark.parametrize("text", [
    "your next attack deals 1 more damage",
    "your next attack this turn deals 2 more damage",
    "your next attack deals 1 less damage this turn",
])
def test_your_next_attack_is_a_change_for_one_attack(text: str) -> None:
    assert "modifiers" in tabletop.compile(text, "virevolt").listens


def test_your_next_attack_needs_a_positive_change() -> None:
    assert "positive" in error("your next attack deals 0 more damage", "virevolt")
