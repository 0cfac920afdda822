"""``for each`` beyond cards (docs/dsl.md, "Numbers"): what a player has that is no card (Virevolt's
victory tokens), the count said first (``for each troop you control, gain 1 battle``), and a counted
change in a Virevolt hero's ``powers:``."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.dsl.errors import CardLanguageError


@pytest.mark.parametrize("text", [
    "draw a card for each victory token you have",
    "draw a card for every 2 victory tokens you have",
    "deal 1 damage to target enemy hero for each victory token the enemy has",
    "heal 1 damage from your main hero for each victory token you have",
])
def test_for_each_victory_token_counts_the_tokens(text: str) -> None:
    assert tabletop.compile(text, "virevolt") is not None


def test_the_number_of_victory_tokens_a_player_has() -> None:
    assert tabletop.compile("the number of victory tokens the enemy has", "virevolt", kind="number") is not None


@pytest.mark.parametrize("pack, text", [
    ("virevolt", "for each victory token you have, deal 1 damage to target enemy hero"),
    ("virevolt", "for every 2 cards in your hand, deal 1 damage to each enemy hero"),
    ("volfyirion", "for each troop you control, gain 1 battle"),
])
def test_the_count_said_first_reads_as_the_statement_ending_with_it(pack: str, text: str) -> None:
    assert tabletop.compile(text, pack) is not None


def test_a_count_said_first_before_a_statement_that_reads_not_shows_the_statements_fault() -> None:
    with pytest.raises(CardLanguageError) as e:
        tabletop.compile("for each card in your hand, gain immunity", "virevolt")
    assert e.value.column == 34 and "unknown verb 'for'" not in str(e.value)


def test_what_counts_nothing_is_refused_at_its_words() -> None:
    with pytest.raises(CardLanguageError, match="wibble"):
        tabletop.compile("draw a card for each wibble you have", "virevolt")


def test_a_lasting_change_as_a_heros_power_is_it_may_be_counted_for_each() -> None:
    """A hero's ``powers:`` entry is compiled as a bare lasting change (kind ``modifier``)."""
    assert tabletop.compile("this hero has +1 hp for each victory token you have", "virevolt",
                            kind="modifier") is not None
