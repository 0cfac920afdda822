"""``move volfyirion to the lair`` (or ``to its lair``) says what ``move volfyirion back to the
lair`` says (Mirage City's effect): Volfyirion returns to its Lair from whichever city it is on.
It is not a Move Volfyirion movement (``move volfyirion``), which goes back only from one of the
mover's own cities."""
from __future__ import annotations

import pytest

import tabletop


def _where_volfyirion_ends(text: str, city: str, kind: str = "effect") -> str:
    """Run ``text`` for p1 with Volfyirion on ``city``: where it then is."""
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    game.rules.apply_setup(state, {"active": "p1", "p1": {"hand": []}, "volfyirion": city})
    tabletop.run_effect(state, text, "p1", game=game)
    return game.rules.describe(state)["volfyirion"]


@pytest.mark.parametrize("text", ["move volfyirion to the lair", "move volfyirion to its lair",
                                  "Move Volfyirion to the lair."])
@pytest.mark.parametrize("city", ["p1.city2", "p2.city1"])
def test_move_volfyirion_to_the_lair_returns_it_from_any_city(text, city):
    assert _where_volfyirion_ends(text, city) == _where_volfyirion_ends("move volfyirion back to the lair", city) \
        == "lair"


def test_a_command_card_may_say_it_in_its_secondary_ability():
    ability = tabletop.compile("synergy red -> move volfyirion to the lair", "volfyirion", kind="ability")
    assert ability.condition is not None and ability.program.text == "move volfyirion to the lair"
