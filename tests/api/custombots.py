"""Bots defined outside any pack, for the tests of bots given as objects, classes or import names."""
from __future__ import annotations

from tabletop.framework.hookspecs import hookimpl


class FirstLegal:
    """Always the first legal action: a bot class with no constructor arguments."""

    def choose(self, rules, state):
        return rules.legal_actions(state)[0]


class LastLegal:
    """Always the last legal action: a bot class made with (rules, seed)."""

    def __init__(self, rules, seed: int) -> None:
        self.seed = seed

    def choose(self, rules, state):
        return rules.legal_actions(state)[-1]


class EndsEarly:
    """An instance bot that counts its moves (each game gets a fresh copy)."""

    name = "ends-early"

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, rules, state):
        self.moves += 1
        actions = rules.legal_actions(state)
        return actions[self.moves % len(actions)]


class Plugin:
    """A plugin registered in the test process only: it adds the bot 'first-legal' to Volfyirion."""

    @staticmethod
    @hookimpl
    def tabletop_bots(pack):
        return {"first-legal": first_legal} if pack == "volfyirion" else None


def first_legal(rules, seed=0):
    return FirstLegal()
