from __future__ import annotations

import pytest

from tabletop.framework.packs import registry


@pytest.fixture(scope="session")
def rules():
    return registry().get("volfyirion").rules()


@pytest.fixture
def game(rules):
    """``game(setup, seed=0, options=None)`` -> (state, run, describe) for a scenario-like test."""
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
