"""Virevolt's ``consume N crystals`` of the controller's own (docs/dsl.md, "Costs"): it is a cost
(``consume 2 crystals to draw 3 cards``) as ``discard a card to ...`` is; an enemy's crystals are not
the controller's to give up."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.dsl.errors import CardLanguageError
from tabletop.dsl import compile_text
from tabletop.dsl.scope import Scope
from tabletop.framework.packs import registry


@pytest.mark.parametrize("text", [
    "consume 2 crystals to draw 3 cards",
    "consume a crystal to deal 2 damage to target enemy hero",
    "consume 1 red crystal to deal 3 damage to target enemy hero",
    "consume 2 of your crystals to draw a card",
    "you may consume a blue crystal to draw two cards",
    "consume all your crystals to deal that many damage to target enemy hero",
    "consume all of your red crystals to draw that many cards",
])
def test_consuming_your_own_crystals_is_a_cost(text: str) -> None:
    assert tabletop.compile(text, "virevolt") is not None


def test_consuming_your_crystals_is_also_a_plain_effect() -> None:
    assert tabletop.compile("consume 2 crystals; draw a card", "virevolt") is not None


@pytest.mark.parametrize("text", [
    "consume 1 crystal of each enemy to draw a card",
    "consume 1 enemy crystal to draw a card",
])
def test_an_enemys_crystals_are_no_cost(text: str) -> None:
    with pytest.raises(CardLanguageError, match="cannot be a cost"):
        tabletop.compile(text, "virevolt")


def test_the_refusal_of_a_cost_lists_consume_among_the_verbs_in_virevolt() -> None:
    with pytest.raises(CardLanguageError, match="consume, destroy, discard"):
        tabletop.compile("draw a card to deal 2 damage to target enemy hero", "virevolt")


def test_consume_needs_a_positive_number() -> None:
    with pytest.raises(CardLanguageError, match="positive"):
        tabletop.compile("consume 0 crystals", "virevolt")


def test_that_much_after_consuming_says_to_count_with_that_many() -> None:
    with pytest.raises(CardLanguageError, match="the cards a statement before it acted on are 'that many'"):
        compile_text("consume all your crystals to deal that much damage to target enemy hero", "effect",
                     registry().get("virevolt").vocabulary(), program_id="test/that-much",
                     scope=Scope({"this": "incantation"}, "effect 1"))
