"""The bot interface: anything that picks one of the legal actions for the player to move.

A fair bot decides from ``rules.view(state, player)`` and ``rules.legal_actions(state)``
only; the framework hands it the state because simulating candidate moves on a clone is
how most bots think, and a bot that looks at hidden parts of a clone is a cheating bot.
"""
from __future__ import annotations

from typing import Protocol

from tabletop.framework.actions import Action
from tabletop.framework.rng import Random


class Bot(Protocol):
    name: str

    def choose(self, rules, state) -> Action:
        """The action to take now, for ``state.to_move()``."""


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def __init__(self, rules=None, seed: int = 0) -> None:
        self.rng = Random(seed)

    def choose(self, rules, state) -> Action:
        actions = rules.legal_actions(state)
        return actions[self.rng.below(len(actions))]


def play_out(rules, state, bots: dict[int, Bot], max_steps: int = 100_000, on_step=None) -> int:
    """Let bots play ``state`` to the end (or ``max_steps``); return the number of steps."""
    steps = 0
    while not state.over and steps < max_steps:
        bot = bots[state.to_move()]
        action = bot.choose(rules, state)
        if on_step is not None:
            on_step(state, action)
        rules.apply(state, action)
        steps += 1
    return steps
