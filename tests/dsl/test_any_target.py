"""``any target`` (docs/dsl.md, "Selectors"): where cards attack cards (Virevolt's heroes) it is any
such card, one chosen on either side; where players attack (Volfyirion) it names no kind of card."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.dsl.errors import CardLanguageError


def test_any_target_in_virevolt_is_any_hero() -> None:
    assert tabletop.compile("deal 3 damage to any target", "virevolt") is not None


def test_any_target_in_volfyirion_is_no_kind_of_card() -> None:
    with pytest.raises(CardLanguageError, match="unknown kind of card 'target'"):
        tabletop.compile("destroy any target", "volfyirion")
