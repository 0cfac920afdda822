"""A Volfyirion card's ``main:`` is the points it gives (VOL-CARD-01, VOL-GAIN-01): an effect written
there is refused with where it goes, ``secondary:``."""
from __future__ import annotations

import pytest

from tabletop.framework.errors import ErrorList
from tabletop.framework.packs import CardText, registry


def _load(main: str) -> None:
    card = "- {name: Ambush, type: command, house: red, cost: 4, main: %s}\n" % main
    registry().get("volfyirion").with_cards([CardText("designer.yaml", card)]).cards()


def test_VOL_CARD_01_an_effect_in_main_is_refused_naming_secondary() -> None:
    with pytest.raises(ErrorList) as e:
        _load('"destroy target enemy troop with 2 or less defence"')
    assert "an effect goes in 'secondary:'" in str(e.value) and "VOL-GAIN-01" in str(e.value)


def test_VOL_CARD_01_points_misspelt_get_no_such_hint() -> None:
    with pytest.raises(ErrorList) as e:
        _load('"2 comand"')
    assert "secondary:" not in str(e.value)
