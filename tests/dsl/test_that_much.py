"""``that much`` (docs/dsl.md, "Triggers"): in the effect of a trigger answering an amount (a gain,
damage taken or dealt) it is that amount; elsewhere it names nothing and is refused. ``that many``
with no statement before it acting on cards is that amount too."""
from __future__ import annotations

import pytest

from tabletop.framework.errors import ErrorList
from tabletop.framework.packs import CardText, registry


def _cards(pack: str, text: str) -> None:
    """Load one card text (its abilities, compiled in their card's scope) with ``pack``'s cards."""
    registry().get(pack).with_cards([CardText("designer.yaml", text)]).cards()


@pytest.mark.parametrize("pack, ability", [
    ("volfyirion", "whenever you gain battle, gain that much knowledge"),
    ("volfyirion", "whenever you gain 2 or more command, draw that many cards"),
    ("volfyirion", "whenever an enemy gains knowledge: gain that much battle"),
    ("virevolt", "whenever this hero takes damage, deal that much damage to each enemy main hero"),
    ("virevolt", "whenever this hero deals damage, heal that much damage from this hero"),
])
def test_that_much_in_a_trigger_answering_an_amount_compiles(pack: str, ability: str) -> None:
    card = {"volfyirion": "{name: Echo, type: building, house: red, cost: 4, abilities: [%r]}",
            "virevolt": "{name: Echo, type: hero, colour: red, hp: 6, rotation: 1 neutral, sacrifice: 1 red, "
                        "abilities: [%r]}"}[pack] % ability
    _cards(pack, "- " + card.replace("'", '"'))


@pytest.mark.parametrize("pack, ability", [
    ("volfyirion", "whenever you play a red card, gain that much battle"),
    ("virevolt", "whenever you cast an incantation, deal that much damage to each enemy main hero"),
])
def test_that_much_where_no_amount_was_answered_is_refused(pack: str, ability: str) -> None:
    card = {"volfyirion": "{name: Echo, type: building, house: red, cost: 4, abilities: [%r]}",
            "virevolt": "{name: Echo, type: hero, colour: red, hp: 6, rotation: 1 neutral, sacrifice: 1 red, "
                        "abilities: [%r]}"}[pack] % ability
    with pytest.raises(ErrorList, match="'that much' is the amount a trigger answered"):
        _cards(pack, "- " + card.replace("'", '"'))
