"""Shared fixtures of the Virevolt tests: the rules, and a position built from a scenario-like setup."""
from __future__ import annotations

import pytest

from tabletop.framework.actions import format_action


@pytest.fixture(scope="session")
def rules():
    from tabletop.framework.packs import registry

    return registry().get("virevolt").rules()


class Table:
    """A game position and a few conveniences for tests."""

    def __init__(self, rules, state):
        self.rules = rules
        self.state = state

    def legal(self) -> list[str]:
        return [format_action(a) for a in self.rules.legal_actions(self.state)]

    def do(self, *texts: str) -> "Table":
        for t in texts:
            self.rules.apply(self.state, self.rules.find_action(self.state, t))
        return self

    @property
    def d(self) -> dict:
        return self.rules.describe(self.state)

    def p(self, name: str) -> dict:
        return self.d[name]


@pytest.fixture
def table(rules):
    def make(setup=None, seed=0, players=None, options=None):
        state = rules.setup(options or {}, seed, players)
        if setup is not None:
            rules.apply_setup(state, setup)
        return Table(rules, state)
    return make
