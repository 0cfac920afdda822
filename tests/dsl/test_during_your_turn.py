"""A trigger ending with whose turn it answers in (docs/dsl.md, "Triggers"): ``during your turn``,
``during an opponent's turn``; what the trigger waits for is read without those words. A trigger an
effect leaves behind may end with its duration (``whenever you play a red card this turn``)."""
from __future__ import annotations

import pytest

import tabletop


def _ability(text: str, pack: str):
    return tabletop.compile(text, pack, kind="card ability")


@pytest.mark.parametrize("pack, text", [
    ("volfyirion", "whenever you draw a card during your turn, gain 1 knowledge"),
    ("volfyirion", "whenever you gain battle on your turn: gain 1 knowledge"),
    ("volfyirion", "whenever you draw a card during an opponent's turn, gain 1 battle"),
    ("virevolt", "whenever one of your heroes takes damage during an enemy's turn: draw a card"),
    ("virevolt", "once per turn, whenever you cast an incantation during your turn, draw a card"),
])
def test_a_trigger_may_say_in_whose_turn_it_answers(pack: str, text: str) -> None:
    ability = _ability(text, pack)
    assert ability.trigger is not None


def test_whose_turn_is_not_part_of_what_is_waited_for() -> None:
    plain = _ability("whenever you draw a card, gain 1 knowledge", "volfyirion").trigger
    during = _ability("whenever you draw a card during your turn, gain 1 knowledge", "volfyirion").trigger
    assert plain.event == during.event


@pytest.mark.parametrize("text", [
    "whenever you play a red card this turn: gain 1 battle",
    "gain 1 battle; when you destroy a troop this turn, gain 2 knowledge",
    "whenever you play a red card until the end of your turn, gain 1 knowledge",
])
def test_a_trigger_an_effect_leaves_may_end_with_its_duration(text: str) -> None:
    program = tabletop.compile(text, "volfyirion")
    assert program.listens  # it leaves a trigger behind, answering the event
