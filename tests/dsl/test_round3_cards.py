"""The third designer round's cards (tests/dsl/cards/round3-*.yaml: 42 or more per game, in the words designers
used) all load: each construct they needed is read (docs/dsl.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.framework.packs import CardText, registry

CARDS = Path(__file__).parent / "cards"


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_every_card_of_the_round_loads(pack: str) -> None:
    path = CARDS / f"round3-{pack}.yaml"
    loaded = registry().get(pack).with_cards([CardText(path.name, path.read_text("utf-8"))]).cards()
    written = {line.split("name: ", 1)[1].split(",", 1)[0] for line in path.read_text("utf-8").splitlines()
               if line.startswith("- {name: ")}
    assert len(written) >= 42 and all(loaded[name].name == name for name in written)
