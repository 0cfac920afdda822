"""Card names are text: any printable name is accepted (digits, accents, other scripts, one letter),
in every pack; only ':', '#', '"' and control characters are refused, each with a located error."""
from __future__ import annotations

import pytest

from tabletop.framework.cardset import CardSet
from tabletop.framework.errors import ErrorList, LocatedError
from tabletop.framework.packs import registry

CARDS = {
    "volfyirion": "- {{name: {name}, type: command, house: purple, cost: 2, main: 1 command}}\n",
    "virevolt": "- {{name: {name}, type: trap, colour: neutral, when: an enemy attacks you, cost: 1 neutral, "
                "effect: draw a card}}\n",
}


def _load(pack: str, name: str, tmp_path):
    p = registry().get(pack)
    f = tmp_path / "cards.yaml"
    f.write_text(CARDS[pack].format(name=name), encoding="utf-8")
    return CardSet.load([f], p.registry.pm.hook.tabletop_card_format(pack=pack), p.vocabulary())


@pytest.mark.parametrize("pack", list(CARDS))
@pytest.mark.parametrize("name", ["Forge 2", "Éclat de Qoam", "Ω", "Anuth's Trick (2nd edition)", "火の鳥"])
def test_any_printable_name_is_a_card_name(pack, name, tmp_path):
    assert _load(pack, f'"{name}"', tmp_path).by_name[name].name == name


@pytest.mark.parametrize("pack", list(CARDS))
def test_a_name_with_a_colon_is_refused_with_its_place(pack, tmp_path):
    with pytest.raises((ErrorList, LocatedError)) as info:
        _load(pack, "'Ward: Ice'", tmp_path)
    assert "cards.yaml:1" in str(info.value.render() if hasattr(info.value, "render") else info.value)
