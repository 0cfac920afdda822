"""Positions of seeded random games, for tests that check a property at every state reached."""
from __future__ import annotations

from typing import Iterable, Iterator

from tabletop.framework.rng import Random


def positions(game, seeds: Iterable[int], max_turns: int = 60) -> Iterator:
    """Every state of a uniformly random game per seed (deal = seed), until it ends or passes
    ``max_turns``; each state is yielded before its action is applied, then changed in place."""
    for seed in seeds:
        rng = Random(seed)
        state = game.new_state(seed)
        while not state.over and state.turn <= max_turns:
            yield state
            actions = game.legal_actions(state)
            game.rules.apply(state, actions[rng.below(len(actions))])
