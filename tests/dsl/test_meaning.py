"""Checked meaning: a phrase naming what its card's context lacks is a located error, never a
phrase that silently does nothing (issue 11)."""
from __future__ import annotations

import pytest

from tabletop.framework.cards import load_cards
from tabletop.framework.errors import ErrorList
from tabletop.framework.packs import registry


def lint(pack: str, text: str) -> list[str]:
    p = registry().get(pack)
    fmt = p.registry.pm.hook.tabletop_card_format(pack=pack)
    try:
        load_cards(text, "mine.yaml", fmt.schema, fmt.build, p.vocabulary())
    except ErrorList as e:
        return [err.render() for err in e.errors]
    return []


def test_command_card_cannot_name_that_city():
    errors = lint("volfyirion", """
- name: Lost Banner
  type: command
  house: red
  cost: 2
  secondary: "if volfyirion is on that city: gain 2 battle"
""")
    assert len(errors) == 1
    assert "mine.yaml:6:" in errors[0] and "'that city' refers to an attack being made" in errors[0]
    assert "secondary ability of command card 'Lost Banner' has none" in errors[0]


def test_command_card_cannot_name_this_city():
    errors = lint("volfyirion", """
- name: Lost Banner
  type: command
  house: red
  cost: 2
  secondary: "if volfyirion is on this city: gain 2 battle"
""")
    assert len(errors) == 1 and "'this city' refers to the city this card stands in" in errors[0]


def test_troop_can_name_the_city_it_guards():
    assert lint("volfyirion", """
- name: Warden
  type: troop
  house: red
  cost: 2
  defence: 1
  abilities: ["at the start of your main phase: if volfyirion is on this city: gain 2 battle"]
""") == []


def test_troop_cannot_raise_the_defence_of_that_city():
    errors = lint("volfyirion", """
- name: Odd Troop
  type: troop
  house: red
  cost: 2
  defence: 1
  secondary: raise the defence of that city by 2 this turn
""")
    assert len(errors) == 1 and "refers to an attack being made" in errors[0]


def test_command_card_cannot_cancel_an_attack():
    errors = lint("volfyirion", """
- name: Odd Order
  type: command
  house: red
  cost: 2
  remove: cancel that attack
""")
    assert len(errors) == 1 and "'cancel that attack' refers to an attack being made" in errors[0]
    assert "remove ability of command card 'Odd Order' has none" in errors[0]


def test_ploy_answering_an_attack_may_cancel_it():
    assert lint("volfyirion", """
- name: Tricky Ploy
  type: ploy
  variant: ploys
  when: an opponent attacks one of your cities for the first time
  effect: cancel that attack
""") == []


def test_incantation_cannot_name_the_attacker():
    errors = lint("virevolt", """
- name: Odd Spell
  type: incantation
  colour: red
  effects:
    - {cost: 1 red, effect: "deal 2 damage to the attacker"}
""")
    assert len(errors) == 1 and "'the attacker' refers to the attacker" in errors[0]
    assert "effect 1 of incantation 'Odd Spell' has none" in errors[0]


def test_incantation_cannot_name_the_target():
    errors = lint("virevolt", """
- name: Odd Spell
  type: incantation
  colour: red
  effects:
    - {cost: 1 red, effect: "inflict burn on the target"}
""")
    assert len(errors) == 1 and "'the target' refers to the target" in errors[0]


def test_trap_answering_a_cast_has_no_target():
    errors = lint("virevolt", """
- name: Odd Trap
  type: trap
  colour: red
  cost: 1 red
  when: an enemy casts an incantation
  effect: deal 2 damage to the target
""")
    assert len(errors) == 1 and "'the target' refers to the target" in errors[0]
    assert "what it can refer to: the caster, the incantation being cast (that incantation), this card" in errors[0]


def test_trap_answering_an_attack_names_the_attacker():
    assert lint("virevolt", """
- name: Fine Trap
  type: trap
  colour: red
  cost: 1 red
  when: an enemy attacks you
  effect: deal 2 damage to the attacker; heal 1 damage from the attacked hero
""") == []


def test_it_needs_a_card_picked_before():
    errors = lint("virevolt", """
- name: Odd Spell
  type: incantation
  colour: red
  effects:
    - {cost: 1 red, effect: "destroy it"}
""")
    assert len(errors) == 1 and "'it' needs cards picked, drawn or named earlier in the text" in errors[0]


@pytest.mark.parametrize("text", ["whenever you play a card: draw a card", "your troops have +1 defence"])
def test_a_lasting_change_in_an_effect_needs_a_duration(text):
    errors = lint("volfyirion", f"""
- name: Odd Order
  type: command
  house: red
  cost: 2
  secondary: "{text}"
""")
    assert len(errors) == 1 and "say how long" in errors[0]


@pytest.mark.parametrize("text", [
    "gain 2 battle for each troop in that city",
    "destroy each troop in that city",
    "if there are 2 or more troops in that city, draw a card",
])
def test_that_city_as_a_place_needs_an_attack_too(text):
    errors = lint("volfyirion", f"""
- name: Lost Banner
  type: command
  house: red
  cost: 2
  secondary: "{text}"
""")
    assert len(errors) == 1
    assert "'that city' refers to an attack being made" in errors[0] and "mine.yaml:6:" in errors[0]


def test_a_building_counts_the_troops_of_its_own_city():
    assert lint("volfyirion", """
- name: Barracks Yard
  type: building
  house: red
  cost: 3
  abilities: ["at the start of your main phase, gain 1 battle for each troop in this city"]
""") == []


@pytest.mark.parametrize("text", [
    "deal 2 damage to the attacker; draw a card",
    "if the attacker has burn, deal 2 damage to it",
    "inflict poison on the attacker and draw a card",
])
def test_virevolt_incantation_cannot_name_the_attacker(text):
    errors = lint("virevolt", f"""
- name: Lost Spell
  type: incantation
  colour: red
  effects:
    - {{cost: 1 red, effect: "{text}"}}
""")
    assert len(errors) == 1
    assert "'the attacker' refers to the attacker, but effect 1 of incantation 'Lost Spell' has none" in errors[0]


@pytest.mark.parametrize("when", ["an enemy casts an incantation", "an enemy plays a hero",
                                  "your main hero has 3 hp or less"])
def test_a_trap_cannot_name_the_target_its_event_lacks(when):
    errors = lint("virevolt", f"""
- name: Lost Trap
  type: trap
  colour: red
  when: {when}
  cost: 1 red
  effect: "deal 2 damage to the target"
""")
    assert len(errors) == 1
    assert "'the target' refers to the target, but the effect (when" in errors[0] and "mine.yaml:7:" in errors[0]


def test_a_volfyirion_troop_that_dies_is_refused_with_the_ways_cards_leave_play():
    errors = lint("volfyirion", """
- name: Martyr
  type: troop
  house: red
  cost: 3
  defence: 2
  abilities: ["when this troop dies: gain 3 knowledge"]
""")
    assert len(errors) == 1 and "mine.yaml:7:" in errors[0]
    assert "in volfyirion, cards never die; say how a card leaves play: is destroyed" in errors[0]


def test_a_volfyirion_card_that_attacks_is_refused_players_attack():
    errors = lint("volfyirion", """
- name: Siege Captain
  type: troop
  house: red
  cost: 3
  defence: 2
  abilities: ["when this troop attacks: gain 3 knowledge"]
""")
    assert len(errors) == 1 and "mine.yaml:7:" in errors[0]
    assert "in volfyirion, cards never attack: players do; say 'whenever you attack ...'" in errors[0]


def test_a_virevolt_hero_that_is_destroyed_is_refused():
    errors = lint("virevolt", """
- name: Doomed Guard
  type: hero
  colour: red
  hp: 4
  rotation: 1 neutral
  sacrifice: 1 red
  abilities: ["when this hero is destroyed: draw a card"]
  attacks: [{name: Jab, cost: 1 red, effect: deal 1 damage to the target}]
""")
    assert len(errors) == 1 and "in virevolt, a card never leaves play by being destroyed; say how a card leaves play: dies" in errors[0]


def test_a_trap_waiting_for_a_card_trigger_is_refused():
    errors = lint("virevolt", """
- name: Desperation
  type: trap
  colour: red
  cost: 1 red
  when: one of your heroes dies
  effect: draw a card
""")
    assert len(errors) == 1 and "mine.yaml:6:" in errors[0]
    assert "a trap's condition is one of: an enemy attacks [you]" in errors[0]


def test_where_x_is_without_an_x_in_the_statement_is_refused_at_the_x():
    errors = lint("virevolt", """
- name: Lost Variable
  type: incantation
  colour: red
  effects:
  - {cost: 1 red, effect: "deal 2 damage to target enemy hero, where X is the number of heroes you control"}
""")
    assert len(errors) == 1 and "mine.yaml:6:" in errors[0]
    assert "the statement before 'where X is' has no X" in errors[0]


VIREVOLT_HERO = """
- name: Trophy Taker
  type: hero
  colour: red
  hp: 5
  rotation: 1 neutral
  sacrifice: 1 red
  abilities: ["{text}"]
  attacks: [{{name: Hit, cost: 1 red, effect: deal 1 damage to the target}}]
"""


@pytest.mark.parametrize("text", [
    "when you acquire this card, draw a card",
    "whenever an enemy acquires a hero, draw a card",
    "whenever a hero is acquired, draw a card",
    "at the start of your turn, if you acquired a hero this turn, draw a card",
    "at the start of your turn, draw a card for each hero you acquired this turn",
])
def test_acquiring_is_refused_in_virevolt_where_no_card_is_ever_acquired(text):
    """These compiled and never fired: Virevolt's decks are built before the game."""
    errors = lint("virevolt", VIREVOLT_HERO.format(text=text))
    assert len(errors) == 1 and "mine.yaml:8:" in errors[0]
    assert "in virevolt, cards are never acquired" in errors[0]


def test_acquiring_still_speaks_in_volfyirion():
    assert lint("volfyirion", """
- name: Patron's Bell
  type: building
  house: red
  cost: 3
  abilities: ["when you acquire this card, draw a card",
              "at the start of your turn, if you acquired a red card this turn, gain 1 battle"]
""") == []


def _command(secondary: str) -> str:
    return f"""
- name: Shared Harvest
  type: command
  house: red
  cost: 2
  main: 1 command
  secondary: "{secondary}"
"""


@pytest.mark.parametrize("text", ["each player draws a card for each troop they control",
                                  "each player draws a card for each card in their hand",
                                  "the enemy discards a card for each card in their hand, up to 2",
                                  "each player gains 1 command for each intact city they have"])
def test_after_a_subject_of_several_players_they_is_each_of_them(text):
    assert lint("volfyirion", _command(text)) == []


@pytest.mark.parametrize("text", ["draw a card for each troop they control",
                                  "gain 1 battle for each card in their hand"])
def test_they_with_no_players_named_before_it_is_refused(text):
    errors = lint("volfyirion", _command(text))
    assert len(errors) == 1 and "refers to 'they'" in errors[0]
    assert "'each player draws a card for each card in their hand'" in errors[0]


@pytest.mark.parametrize("text", ["destroy each enemy troop for each wonder you control",
                                  "gain 2 battle; discard your hand for each wonder you control"])
def test_a_for_each_the_statement_cannot_multiply_is_refused_not_dropped(text):
    errors = lint("volfyirion", _command(text))
    assert len(errors) == 1 and "'for each ...' multiplies a number, but this statement has none" in errors[0]


def test_a_card_dealing_damage_is_refused_where_players_attack():
    errors = lint("volfyirion", """
- name: Sharp Blade
  type: troop
  house: red
  cost: 3
  defence: 1
  main: 1 battle
  abilities: ["whenever this troop deals damage: gain 1 battle"]
""")
    assert len(errors) == 1 and "cards never attack: players do" in errors[0]


def test_a_word_is_never_suggested_for_itself():
    errors = lint("volfyirion", _command("gain 1 battle for each house among cards in your playing area"))
    assert len(errors) == 1 and "unknown kind of card or zone 'house'" in errors[0]
    assert "did you mean: 'house'" not in errors[0]


def test_virevolt_lists_only_the_ways_its_own_cards_leave_play():
    from tabletop.dsl.words import word_classes

    assert set(word_classes(registry().get("virevolt").vocabulary())["departure"]) == {
        "removed", "returned", "sacrificed", "killed"}
    assert "destroyed" in word_classes(registry().get("volfyirion").vocabulary())["departure"]


@pytest.mark.parametrize("text", ["gain 3 battle instead", "if you control a building, gain 3 battle instead; draw a card"])
def test_an_instead_with_nothing_to_replace_is_refused_where_it_is_written(text):
    errors = lint("volfyirion", _command(text))
    assert len(errors) == 1 and "'instead' replaces the statement just before a conditional one" in errors[0]


def test_choose_two_of_two_is_refused_as_both():
    errors = lint("volfyirion", _command("choose two: gain 2 battle, or draw a card"))
    assert len(errors) == 1 and "'choose two:' needs more than two alternatives" in errors[0]


@pytest.mark.parametrize("moment", ["at the end of your turn", "at the start of your turn",
                                    "at the start of your main phase", "at the end of the enemy's turn"])
def test_a_volfyirion_command_card_waiting_for_a_moment_it_is_never_in_play_at_is_refused(moment):
    errors = lint("volfyirion", f"""
- name: Boomerang Scout
  type: command
  house: turquoise
  cost: 3
  main: 2 command
  abilities: ["{moment}, draw a card"]
""")
    assert len(errors) == 1 and "a command card is in play only in your Main Phase" in errors[0]
    assert f"'{moment}' never finds it in play" in errors[0]


def test_a_volfyirion_command_card_may_wait_for_the_end_of_your_main_phase():
    assert lint("volfyirion", """
- name: Boomerang Scout
  type: command
  house: turquoise
  cost: 3
  main: 2 command
  abilities: ["at the end of your main phase, put this card on top of your house deck"]
""") == []


@pytest.mark.parametrize("text", ["gain battle equal to the defence of target enemy troop",
                                  "gain battle equal to the cost of a card in your hand"])
def test_a_number_read_off_a_card_to_be_picked_is_refused_not_summed(text):
    """It added up every card the words could mean (7 for two troops of 3 and 4), asking nothing."""
    errors = lint("volfyirion", _command(text))
    assert len(errors) == 1 and "a number never asks which card: pick it first" in errors[0]


@pytest.mark.parametrize("text", ["destroy target enemy troop; if it is red, gain 2 battle instead",
                                  "draw a card; if it is red, draw 2 cards instead"])
def test_instead_cannot_replace_a_statement_that_acts_on_cards(text):
    """The condition and 'it' would be about cards not yet acted on: the burning target took 0."""
    errors = lint("volfyirion", _command(text))
    assert len(errors) == 1 and "'instead' cannot replace a statement that acts on cards" in errors[0]
