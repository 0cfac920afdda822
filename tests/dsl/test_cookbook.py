"""docs/dsl.md: the grammar shown is the grammar used, and every cookbook card loads with its
pack and is the card its designer scenarios prove (issue 11)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from tabletop.framework.cards import load_cards
from tabletop.framework.packs import registry

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "dsl.md").read_text("utf-8")
BLOCK = re.compile(r"^```(volfyirion|virevolt) cards[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
ISSUE, MORE = DOC.split("### More recipes", 1)
COOKBOOK = [(m.group(1), m.group(2)) for m in BLOCK.finditer(ISSUE)]
RECIPES = [(m.group(1), m.group(2)) for m in BLOCK.finditer(MORE)]


def scenario_cards() -> dict[str, dict]:
    out = {}
    for f in sorted((ROOT / "tests" / "scenarios" / "designer").glob("*.yaml")):
        for card in yaml.safe_load(f.read_text("utf-8")).get("cards") or ():
            out.setdefault(card["name"], card)
    return out


def test_the_grammar_shown_is_the_grammar_used():
    shown = re.search(r"^```lark\n(.*?)^```", DOC, re.M | re.S).group(1)
    assert shown.strip() == (ROOT / "dsl" / "grammar.lark").read_text("utf-8").strip()


def test_the_cookbook_has_twenty_cards_per_game():
    assert [p for p, _ in COOKBOOK].count("volfyirion") == 20
    assert [p for p, _ in COOKBOOK].count("virevolt") == 20


def test_more_recipes_are_shown_for_both_games():
    assert {p for p, _ in RECIPES} == {"volfyirion", "virevolt"} and len(RECIPES) >= 20


@pytest.mark.parametrize("pack,text", COOKBOOK + RECIPES, ids=lambda x: x if len(x) < 30 else x[:30])
def test_cookbook_card_loads_and_is_the_proved_card(pack, text):
    p = registry().get(pack)
    fmt = p.registry.pm.hook.tabletop_card_format(pack=pack)
    (card,) = load_cards(text, "cookbook.yaml", fmt.schema, fmt.build, p.vocabulary())
    assert yaml.safe_load(text)[0] == scenario_cards()[card.name]
