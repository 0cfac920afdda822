"""Seeded random games play exactly as they did when their digests were recorded (same
actions, same states): speed work can never change a rule unnoticed. See golden.py for how
the digests are made and when they may be regenerated."""
from __future__ import annotations

import pytest

from tests.properties import golden

#: games per set whose every intermediate state is compared (the others: actions and final state)
FULL_STATES = 40


@pytest.fixture(scope="module", params=list(golden.SETS))
def recorded(request):
    data = golden.load(request.param)
    pack, options, n = golden.SETS[request.param]
    assert (data["pack"], data["options"], len(data["games"])) == (pack, options, n), \
        f"{request.param}: the recorded set is not the declared one; regenerate it (golden.py --write)"
    return data


def test_every_recorded_game_takes_the_same_actions_to_the_same_end(recorded):
    rules = golden.rules_of(recorded["pack"])
    differ = [g["seed"] for g in recorded["games"]
              if golden.play(rules, recorded["options"], g["seed"], False) != {k: g[k] for k in ("seed", "steps", "actions")}]
    assert differ == []


def test_the_first_recorded_games_pass_through_the_same_states(recorded):
    rules = golden.rules_of(recorded["pack"])
    differ = [g["seed"] for g in recorded["games"][:FULL_STATES]
              if golden.play(rules, recorded["options"], g["seed"], True) != g]
    assert differ == []
