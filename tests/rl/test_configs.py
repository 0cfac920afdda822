"""The configurations the RL tests run cover every variant, mode and option of both packs."""
from __future__ import annotations

import pytest

import tabletop
from tests.rl.configs import CONFIGS

ALIASES = {"nplayers"}  # Virevolt's other name for players


def _values(pack: str, option: str) -> set:
    out = set()
    for name, options in CONFIGS:
        if name == pack and option in options:
            value = options[option]
            out.update(value if isinstance(value, list) else [value])
    return out


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
def test_every_option_of_the_pack_is_set_by_some_configuration(pack):
    rules = tabletop.load(pack).rules
    set_here = {key for name, options in CONFIGS if name == pack for key in options}
    assert set(rules.options_schema["properties"]) - ALIASES <= set_here


def test_every_volfyirion_variant_and_mode_is_played_alone_and_all_together():
    choices = tabletop.load("volfyirion").rules.option_choices
    alone = {options["variants"][0] for name, options in CONFIGS if len(options.get("variants", ())) == 1}
    assert set(choices["variants"]["values"]) <= alone | {"all"} and "all" in _values("volfyirion", "variants")
    assert set(choices["mode"]["values"]) - {"base"} <= _values("volfyirion", "mode")


def test_both_sets_of_volfyirion_cities_and_the_random_one_are_played():
    assert {2, "random"} <= _values("volfyirion", "cities")  # set 1 is the default


def test_virevolt_is_played_at_two_three_and_four_players():
    assert {o.get("players", 2) for name, o in CONFIGS if name == "virevolt"} == {2, 3, 4}
