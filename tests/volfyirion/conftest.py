from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.framework.packs import registry

#: the example expansion's folder (examples/volfyirion-designed): the designed cards, as a plugin
EXPANSION = Path(__file__).resolve().parents[2] / "examples" / "volfyirion-designed"
DESIGNED_FILES = [EXPANSION / "tabletop_volfyirion_designed" / "cards" / f
                  for f in ("commands.yaml", "buildings.yaml", "troops.yaml", "wonders.yaml")]


@pytest.fixture(scope="session")
def rules():
    return registry().get("volfyirion").rules()


@pytest.fixture(scope="session")
def designed_rules():
    """The rules over the printed set plus the example expansion's designed cards (as ``--cards`` adds them)."""
    return registry().get("volfyirion").with_cards(DESIGNED_FILES).rules()


def _game(rules):
    def make(setup=None, seed=0, options=None):
        state = rules.setup(options or {}, seed)
        if setup:
            rules.apply_setup(state, setup)

        def run(*texts):
            for t in texts:
                rules.apply(state, rules.find_action(state, t))
            return rules.describe(state)

        def legal():
            return {rules.format(a) for a in rules.legal_actions(state)}

        return state, run, legal
    return make


@pytest.fixture
def game(rules):
    """``game(setup, seed=0, options=None)`` -> (state, run, legal) for a scenario-like test."""
    return _game(rules)


@pytest.fixture
def designed_game(designed_rules):
    """Like ``game``, with the example expansion's designed cards in the set."""
    return _game(designed_rules)
