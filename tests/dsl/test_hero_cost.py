"""A Virevolt hero enters play without paying crystals (VIR-HERO-16): its 'this card costs 1 less'
has nothing to change, and is refused where it is written rather than accepted and ignored; so is
any change to what heroes, crystals or traps cost, which the rules never read."""
from __future__ import annotations

import re

import pytest

import tabletop
from tabletop.dsl.errors import CardLanguageError
from tests.dsl.test_meaning import lint

HERO = """
- name: Thrifty Squire
  type: hero
  colour: red
  hp: 5
  rotation: 1 red
  sacrifice: 1 red
  attacks:
  - {name: Poke, cost: 1 red, effect: deal 1 damage to the target}
  FIELD: ["TEXT"]
"""


@pytest.mark.parametrize("field", ["powers", "abilities"])
@pytest.mark.parametrize("text", ["this card costs 1 less", "this hero costs 1 red crystal less",
                                  "this card costs 1 more"])
def test_a_heros_own_cost_change_is_refused_saying_why(field: str, text: str) -> None:
    errors = lint("virevolt", HERO.replace("FIELD", field).replace("TEXT", text))
    assert len(errors) == 1 and "mine.yaml:10:" in errors[0]
    assert "a hero enters play without paying crystals (VIR-HERO-16)" in errors[0]
    assert "this hero's attacks cost 1 crystal less" in errors[0]


def test_a_conditional_own_cost_change_is_refused_too() -> None:
    errors = lint("virevolt", HERO.replace("FIELD", "abilities").replace(
        "TEXT", "while you control 2 or more heroes: this card costs 1 less"))
    assert len(errors) == 1 and "VIR-HERO-16" in errors[0]


@pytest.mark.parametrize("text", ["this hero's attacks cost 1 crystal less", "your incantations cost 1 less"])
def test_the_costs_a_hero_can_change_still_read(text: str) -> None:
    assert lint("virevolt", HERO.replace("FIELD", "abilities").replace("TEXT", text)) == []


@pytest.mark.parametrize("text, why", [
    ("your heroes cost 1 less", "a hero enters play without paying crystals (VIR-HERO-16)"),
    ("the next hero you play this turn costs 1 less", "a hero enters play without paying crystals"),
    ("your crystals cost 1 less", "a crystal is put into play without paying anything (VIR-PHASE-MAIN-05)"),
    ("your traps cost 1 more", "a trap is set for free and activated by paying its printed cost"),
])
def test_a_change_to_what_no_payment_reads_is_refused(text: str, why: str) -> None:
    with pytest.raises(CardLanguageError, match=re.escape(why)):
        tabletop.compile(text, "virevolt", "modifier")
