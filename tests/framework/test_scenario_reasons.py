"""A scenario may check the reason a player is told for an illegal action: `illegal: {ACTION: WORDS}`."""
from __future__ import annotations

import pytest

from tabletop.framework import scenarios
from tabletop.framework.errors import ErrorList
from tabletop.framework.scenarios import ScenarioFailure

POOR = "game: volfyirion\nsetup: {active: p1, p1: {points: {battle: 3}}}\nsteps:\n"


def run(tmp_path, steps: str):
    path = tmp_path / "s.yaml"
    path.write_text(POOR + steps, encoding="utf-8")
    return scenarios.run(path)


def test_the_reason_given_must_contain_the_words_case_and_spacing_forgiven(tmp_path):
    run(tmp_path, "  - illegal: {attack p2.city1: NEEDS 8   battle}\n")


def test_other_words_fail_with_what_the_game_said(tmp_path):
    with pytest.raises(ScenarioFailure, match=r"s.yaml:4: step 1: 'attack p2.city1' is illegal, but the game says "
                                              r"'attack p2.city1: needs 8 battle; you have 3 .*', not 'needs 9 battle'"):
        run(tmp_path, "  - illegal: {attack p2.city1: needs 9 battle}\n")


def test_a_legal_action_fails_as_in_a_list(tmp_path):
    with pytest.raises(ScenarioFailure, match="'end turn' should be illegal"):
        run(tmp_path, "  - illegal: {end turn: anything}\n")


def test_a_reason_that_is_not_words_is_refused_before_the_game_starts(tmp_path):
    with pytest.raises(ErrorList, match="'illegal' with reasons maps each action to words of the reason"):
        run(tmp_path, "  - illegal: {attack p2.city1: [needs]}\n")


def test_bare_yes_and_no_in_a_legal_list_read_as_the_answers_as_a_bare_step_does(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("game: volfyirion\ncards:\n  - {name: Quick Study, type: command, house: purple, cost: 2, "
                    "secondary: draw a card}\nsetup: {active: p1, p1: {hand: [Quick Study], deck: [Soldier]}}\n"
                    "steps:\n  - play Quick Study\n  - activate Quick Study\n  - legal: [yes, no]\n"
                    "  - illegal: [end turn]\n  - no\n  - illegal: [yes]\n", encoding="utf-8")
    scenarios.run(path)
