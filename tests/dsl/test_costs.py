"""Costs other than points, ``COST to EFFECT`` (docs/dsl.md, "Costs"): what may be given up compiles,
and a statement that gives nothing up, or not the controller's own, is refused where it is written."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.dsl.errors import CardLanguageError


@pytest.mark.parametrize("pack, text", [
    ("volfyirion", "discard a card to gain 3 battle"),
    ("volfyirion", "sacrifice a troop to draw two cards"),
    ("volfyirion", "destroy a troop you control to gain 2 command"),
    ("volfyirion", "remove a card from your hand to gain 2 command"),
    ("volfyirion", "sacrifice this card to gain 2 battle"),
    ("volfyirion", "discard 2 cards to gain 3 battle and draw a card"),
    ("volfyirion", "discard a card to gain battle equal to its cost"),
    ("volfyirion", "you may discard a card to gain 3 battle"),
    ("volfyirion", "lose 2 battle to draw a card"),
    ("virevolt", "discard a card to deal 2 damage to target enemy hero"),
    ("virevolt", "sacrifice one of your secondary heroes to draw 2 cards"),
    ("virevolt", "put a card from your hand on the bottom of your deck to draw 2 cards"),
])
def test_a_cost_of_your_own_cards_compiles(pack: str, text: str) -> None:
    assert tabletop.compile(text, pack) is not None


@pytest.mark.parametrize("pack, text, why", [
    ("volfyirion", "draw a card to gain 3 battle", "it gives nothing up"),
    ("volfyirion", "gain 2 battle to draw a card", "it gives nothing up"),
    ("virevolt", "deal 2 damage to target enemy hero to draw a card", "it gives nothing up"),
    ("volfyirion", "destroy target enemy troop to gain 3 battle", "not all yours"),
    ("volfyirion", "destroy a troop to gain 3 battle", "not all yours"),
    ("volfyirion", "put target asset from the asset row on the bottom of the asset deck to gain 2 battle",
     "not all yours"),
    ("volfyirion", "discard a card from the enemy's hand to draw a card", "not all yours"),
    ("volfyirion", "discard up to 2 cards to draw a card", "'up to' may give up nothing"),
    ("volfyirion", "remove up to 2 cards to gain 2 command", "'up to' may give up nothing"),
    ("volfyirion", "put a card from your discard pile into your hand to gain 2 battle", "moves cards you do not hold"),
    ("virevolt", "each player discards a card to draw a card", "other players do it"),
])
def test_what_gives_nothing_of_yours_up_is_refused_naming_the_may_form(pack: str, text: str, why: str) -> None:
    with pytest.raises(CardLanguageError) as e:
        tabletop.compile(text, pack)
    message = str(e.value)
    assert "cannot be a cost ('COST to EFFECT')" in message and why in message
    assert "if you do, ..." in message
    assert e.value.column == 1  # under the statement before 'to'


def test_sacrificing_names_only_your_own_cards() -> None:
    with pytest.raises(CardLanguageError, match="sacrifices only their own cards"):
        tabletop.compile("sacrifice an enemy troop", "volfyirion")


def test_a_to_that_is_a_destination_keeps_its_meaning() -> None:
    assert tabletop.compile("return target troop to its owner's hand", "volfyirion") is not None
    assert tabletop.compile("return a troop you control to your hand to gain 2 battle", "volfyirion") is not None


def test_a_fault_after_to_is_reported_as_it_is_not_as_a_cost() -> None:
    """Only a text whose both sides read is a cost refused: a misspelt destination keeps its own error."""
    with pytest.raises(CardLanguageError, match="unknown kind of card or zone 'ctiy'"):
        tabletop.compile("move volfyirion to an enemy ctiy", "volfyirion")


def test_a_cost_whose_effect_is_at_fault_shows_the_effects_fault() -> None:
    with pytest.raises(CardLanguageError) as e:
        tabletop.compile("discard a card to gain 3 battel", "volfyirion")
    assert "'battel'" in str(e.value) and "did you mean" in str(e.value).lower() and e.value.column == 26
