"""The order of what happened this turn: "this is the third card you played this turn", "it is
your second attack this turn", "the second time you play a red card each turn". Each reads the
turn's record (the engine keeps it only for cards that say one), and an order the game never
reaches, or that counts nothing of this turn, is refused where it is written."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.framework import triggers


def error(text: str, pack: str, kind: str = "effect") -> str:
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, pack, kind)
    return str(info.value)


@pytest.mark.parametrize("pack, text, kind", [
    ("volfyirion", "if this is the third card you played this turn, gain 3 battle", "effect"),
    ("volfyirion", "if it is your second attack this turn, gain 1 knowledge", "effect"),
    ("virevolt", "if this card is the second incantation you cast this turn, draw a card", "effect"),
    ("volfyirion", "the second time you play a red card each turn: gain 2 battle", "card ability"),
    ("virevolt", "whenever one of your heroes takes damage for the third time each turn, draw a card", "card ability"),
])
def test_an_order_this_turn_makes_the_engine_keep_the_turn(pack, text, kind):
    compiled = tabletop.compile(text, pack, kind)
    assert triggers.HISTORY in compiled.listens


def test_the_first_time_stays_once_a_turn():
    """'the first time X each turn' was already once a turn, from when the ability answers: unchanged."""
    ability = tabletop.compile("the first time you play a red card each turn: gain 2 battle", "volfyirion",
                               "card ability")
    assert ability.trigger.once_per_turn and triggers.HISTORY not in ability.listens


@pytest.mark.parametrize("text, kind", [
    ("if it is your second attack this turn, draw a card", "effect"),
    ("the second time you attack an enemy hero each turn: draw a card", "card ability"),
])
def test_an_attack_after_the_one_of_a_virevolt_turn_is_refused(text, kind):
    """VIR-PHASE-COMBAT-01: one attack a turn, so a second never comes."""
    assert "its second attack never comes" in error(text, "virevolt", kind)


def test_a_first_attack_reads_in_virevolt():
    tabletop.compile("if it is your first attack this turn, draw a card", "virevolt")


def test_an_order_among_cards_not_of_this_turn_is_refused():
    message = error("if this is the third card in your hand, gain 1 battle", "volfyirion")
    assert "the third card you played this turn" in message


def test_an_order_past_the_tenth_is_refused_with_the_ones_read():
    message = error("the twelfth time you play a card each turn: gain 1 battle", "volfyirion", "card ability")
    assert "'the tenth time'" in message


def test_an_order_without_each_turn_is_refused_saying_so():
    message = error("the second time you play a card: gain 1 battle", "volfyirion", "card ability")
    assert "end it with 'each turn'" in message


def test_attacks_counted_this_turn_read_where_the_rules_allow_that_many():
    tabletop.compile("if you attacked two or more times this turn, gain 1 battle", "volfyirion")
    tabletop.compile("if you attacked 0 times this turn, draw a card", "virevolt")
    assert "that many never come" in error("if you attacked 2 or more times this turn, draw a card", "virevolt")
