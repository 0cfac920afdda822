"""An `illegal:` list entry must be an action of the game: a misspelt one would pass whatever the game does."""
from __future__ import annotations

import pytest

from tabletop.framework import scenarios
from tabletop.framework.scenarios import ScenarioFailure


def run(tmp_path, game: str, setup: str, steps: str):
    path = tmp_path / "s.yaml"
    path.write_text(f"game: {game}\nsetup: {setup}\nsteps:\n{steps}", encoding="utf-8")
    return scenarios.run(path)


VOL = "{active: p1, p1: {hand: [Fighter], points: {battle: 3}}}"


def test_an_illegal_entry_that_is_no_notation_fails_saying_why(tmp_path):
    with pytest.raises(ScenarioFailure, match=r"s.yaml:4: step 1: 'attak p2.city1' is no action of the game, so it "
                                              r"cannot test anything \(unknown action 'attak' \(did you mean 'attack'"):
        run(tmp_path, "volfyirion", VOL, "  - illegal: [attak p2.city1]\n")


def test_an_illegal_entry_naming_no_card_of_the_game_fails(tmp_path):
    with pytest.raises(ScenarioFailure, match=r"'play Fighter lair' is no action of the game.*nothing in this game "
                                              r"is named 'Fighter lair'"):
        run(tmp_path, "volfyirion", VOL, "  - illegal: [play Fighter lair]\n")


def test_an_illegal_entry_naming_a_card_of_the_game_tests_it(tmp_path):
    run(tmp_path, "volfyirion", VOL, "  - illegal: [play Captain, attack p2.city1]\n")


def test_a_virevolt_attack_is_named_by_its_attack_name(tmp_path):
    setup = "{active: p1, phase: combat, p1: {main: Village Archer}, p2: {main: null}}"
    run(tmp_path, "virevolt", setup, "  - illegal: [attack p2 Arrow]\n")
    with pytest.raises(ScenarioFailure, match=r"nothing in this game is named 'Arow'"):
        run(tmp_path, "virevolt", setup, "  - illegal: [attack p2 Arow]\n")
