"""Naming a word of the pack's vocabulary (docs/dsl.md, "Naming"): ``name a house`` then ``the named
house`` in conditions and selectors; the named word with nothing named before it is refused."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.dsl.errors import CardLanguageError
from tests.dsl.test_meaning import lint

COMMAND = """
- name: Lost Augur
  type: command
  house: red
  cost: 2
  secondary: "TEXT"
"""


@pytest.mark.parametrize("pack, text", [
    ("volfyirion", "name a house; reveal the top card of your house deck; if it is of the named house, put it into "
                   "your hand"),
    ("volfyirion", "name a colour; gain 1 battle for each card of the named colour in your discard pile"),
    ("volfyirion", "name a house; destroy each enemy troop of the named house"),
    ("volfyirion", "name a house; draw a card; if it is not of the named house, discard it"),
    ("virevolt", "name a colour; deal 2 damage to each enemy hero of the named colour"),
    ("virevolt", "name a colour; reveal the top card of your deck; if it is the named colour, put it into your hand"),
])
def test_a_named_word_reads_after_its_naming(pack: str, text: str) -> None:
    assert tabletop.compile(text, pack) is not None


@pytest.mark.parametrize("text", [
    "reveal the top card of your house deck; if it is of the named house, put it into your hand",
    "destroy each enemy troop of the named colour",
    "destroy each enemy troop of the named house; name a house",
    "if you control a troop, name a house; destroy each enemy troop of the named house",
])
def test_the_named_house_with_nothing_named_before_it_is_refused(text: str) -> None:
    errors = lint("volfyirion", COMMAND.replace("TEXT", text))
    assert len(errors) == 1 and "the named" in errors[0] and "a word named before it in the text" in errors[0]


@pytest.mark.parametrize("pack, text, expected", [
    ("volfyirion", "name a wonder", "expected 'house' or 'colour'"),
    ("virevolt", "name a house", "expected 'colour'"),
])
def test_only_the_packs_nameable_nouns_are_named(pack: str, text: str, expected: str) -> None:
    with pytest.raises(CardLanguageError, match=expected):
        tabletop.compile(text, pack)
