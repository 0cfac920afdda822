"""The fourth designer round's cards (tests/dsl/cards/round4-*.yaml: 30 or more per game, patterns of
Magic, Hearthstone, Yu-Gi-Oh, Flesh and Blood, Star Realms, Dominion...) all load: each construct they
needed is read (docs/dsl.md), and those first refused are written as the refusal suggested."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.framework.packs import CardText, registry

CARDS = Path(__file__).parent / "cards"


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_every_card_of_the_round_loads(pack: str) -> None:
    path = CARDS / f"round4-{pack}.yaml"
    loaded = registry().get(pack).with_cards([CardText(path.name, path.read_text("utf-8"))]).cards()
    written = {line.split("name: ", 1)[1].split(",", 1)[0] for line in path.read_text("utf-8").splitlines()
               if line.startswith("- {name: ")}
    assert len(written) >= 30 and all(loaded[name].name == name for name in written)
