"""Copying an ability (docs/dsl.md, "Copying an ability"): one card's ability of the pack's, run again
as this card's; a copy of several cards, or of this card's own, is refused; a copy never copies a copy."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.dsl import copying
from tabletop.dsl.errors import CardLanguageError


@pytest.mark.parametrize("pack, text", [
    ("volfyirion", "copy the secondary ability of another card in your playing area"),
    ("volfyirion", "repeat the secondary ability of target card you played this turn"),
    ("volfyirion", "repeat the remove ability of target troop you control"),
    ("volfyirion", "copy the main ability of another card in your playing area"),
    ("volfyirion", "repeat the main ability of target card you played this turn"),
    ("volfyirion", "gain 1 knowledge; copy the secondary ability of another card in your playing area"),
    ("virevolt", "copy the effect of target incantation in your graveyard"),
    ("virevolt", "repeat the effect of an incantation you cast this turn"),
    ("virevolt", "copy target incantation in your graveyard"),
])
def test_a_copy_of_one_cards_ability_compiles(pack: str, text: str) -> None:
    assert tabletop.compile(text, pack) is not None


@pytest.mark.parametrize("pack, text, message", [
    ("volfyirion", "copy the secondary ability of each card in your playing area", "name one card"),
    ("virevolt", "copy the effect of each incantation in your graveyard", "name one card"),
    ("volfyirion", "copy the secondary ability of this card", "copies another card's secondary ability"),
    ("volfyirion", "copy the attack ability of another card in your playing area", "expected 'main', 'secondary', 'remove'"),
    ("virevolt", "copy the attack of target enemy hero", "expected 'effect'"),
    ("volfyirion", "copy another card in your playing area",
     r"several abilities a copy may run: say which \('copy the main ability of another card in your playing area'"),
])
def test_what_a_copy_cannot_mean_is_refused(pack: str, text: str, message: str) -> None:
    with pytest.raises(CardLanguageError, match=message):
        tabletop.compile(text, pack)


def test_a_text_that_copies_is_known_so_that_no_copy_copies_it() -> None:
    program = tabletop.compile("draw a card; copy the secondary ability of another card in your playing area",
                               "volfyirion")
    assert program.id in copying.COPIERS
    assert tabletop.compile("draw a card", "volfyirion").id not in copying.COPIERS


def test_a_copy_of_a_card_with_several_abilities_to_copy_asks_which() -> None:
    """A pack's ability giving several programs (a Virevolt incantation printed with two effects) is
    copied by one step asking which; one program runs as it is."""
    first, second = tabletop.compile("draw a card", "virevolt"), tabletop.compile("draw 2 cards", "virevolt")
    assert copying._copyable((first, second)) == (first, second)
    assert copying._copyable(first) == (first,)
    assert copying._copyable(None) == ()


def test_an_ability_that_copies_is_left_out_of_the_several_offered() -> None:
    copier = tabletop.compile("copy the effect of target incantation in your graveyard", "virevolt")
    other = tabletop.compile("draw a card", "virevolt")
    assert copying._copyable((copier, other)) == (other,)
