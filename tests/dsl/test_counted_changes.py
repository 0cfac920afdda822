"""Lasting changes counted ``for each`` card (``this turn, your cities get +1 defence for each
wonder you control``: the change's number times the count, read whenever the change is), and a
Volfyirion Ploy whose requirement is the card language's attack trigger (``an opponent attacks
one of your cities``: it fires as the attack is made, ``that city`` being the City attacked)."""
from __future__ import annotations

import pytest

from tabletop.dsl.errors import CardLanguageError
from tests.dsl.test_meaning import lint
from tests.dsl.volfyirion_secondary import compile_secondary, run_secondary

#: p1 has two Wonders in play and a Soldier (3) in city1: defences 8+3, 9, 10 before any change
SETUP = {"active": "p1", "p1": {"hand": [], "play": ["Sharp Qoam", "Divining Petals"],
                                "cities": [{"troop": "Soldier"}, {}, {}]}}


def _run(text: str, *answers: str, setup: dict = SETUP):
    return run_secondary(text, *answers, setup=setup, suite="counted changes")


def _defences(game, state, p: str = "p1") -> list[int]:
    seen = game.rules.describe(state)[p]
    return [seen[f"city{i}"]["defence"] for i in (1, 2, 3)]


@pytest.mark.parametrize("text", ["this turn, your cities get +1 defence for each wonder you control",
                                  "your cities get +1 defence for each wonder you control this turn",
                                  "until your next turn, your cities get +1 defence for each wonder you control"])
def test_a_lasting_change_for_each_card_counts_them(text):
    assert _defences(*_run(text)) == [13, 11, 12]


def test_a_counted_change_takes_its_cap():
    assert _defences(*_run("this turn, your cities get +2 defence for each wonder you control, up to 3")) == [14, 12, 13]


def test_a_counted_change_for_every_two_cards_rounds_down():
    assert _defences(*_run("this turn, your cities get +1 defence for every two wonders you control")) == [12, 10, 11]


def test_a_counted_change_follows_the_count_as_cards_leave():
    game, state = _run("this turn, your cities get +1 defence for each wonder you control")
    game.rules.apply_setup(state, {"p1": {"play": ["Sharp Qoam"]}})
    assert _defences(game, state) == [12, 10, 11]


def test_a_counted_change_to_a_picked_city_changes_that_one():
    game, state = _run("target enemy city gets -1 defence for each wonder you control this turn",
                       "choose p2.city:Akao Uket")
    assert _defences(game, state, "p2") == [8, 7, 10]


def test_a_counted_cost_change_multiplies_its_battle():
    game, state = _run("this turn, attacks against enemy cities cost 1 less battle for each wonder you control")
    game.rules.apply_setup(state, {"p1": {"points": {"battle": 6}}})
    assert "attack p2.city1" in {game.action_to_string(a) for a in game.legal_actions(state)}


def test_a_restriction_cannot_be_counted():
    with pytest.raises(CardLanguageError, match="only a change by a number can be counted"):
        compile_secondary("this turn, your cities cannot be attacked for each wonder you control", "counted changes")


def test_a_lasting_count_cannot_name_what_only_the_effect_knows():
    with pytest.raises(CardLanguageError, match="its count cannot name the effect's cards"):
        compile_secondary("destroy an enemy troop; this turn, your cities get +1 defence for each troop in its city",
                          "counted changes")


def test_a_standing_change_for_each_card_compiles_on_a_building():
    assert lint("volfyirion", """
- {name: Wonder Wall, type: building, house: red, cost: 3, abilities: ["your cities have +1 defence for each wonder you control"]}
""") == []


def test_a_standing_change_with_a_misspelt_count_names_the_count():
    errors = lint("volfyirion", """
- {name: Wonder Wall, type: building, house: red, cost: 3, abilities: ["your cities have +1 defence for each wondr you control"]}
""")
    assert len(errors) == 1 and "unknown kind of card or zone 'wondr'" in errors[0] and "'wonder'" in errors[0]


# ---------------------------------------------------------------- a Ploy answering an attack
def test_a_ploy_on_the_shared_attack_trigger_may_name_that_city():
    assert lint("volfyirion", """
- {name: Bastion, type: ploy, variant: ploys, when: an opponent attacks one of your cities, effect: that city gets +3 defence this turn}
""") == []


def test_a_ploy_answering_another_card_event_is_refused_with_the_requirements_it_takes():
    errors = lint("volfyirion", """
- {name: Spy Ring, type: ploy, variant: ploys, when: an opponent plays a troop, effect: draw a card}
""")
    assert len(errors) == 1 and "a Ploy's requirement is an attack on your cities" in errors[0]
    assert "'there are N buildings|troops|wonders in play'" in errors[0]


def test_that_city_of_a_ploy_moving_volfyirion_is_still_refused():
    errors = lint("volfyirion", """
- {name: Dragon Ward, type: ploy, variant: ploys, when: an opponent moves volfyirion onto one of your cities, effect: that city gets +3 defence this turn}
""")
    assert len(errors) == 1 and "'that city'" in errors[0]
