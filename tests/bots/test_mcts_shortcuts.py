"""MCTS's shortcuts (one evaluation for every player, safe actions and playout moves found
without listing the legal actions) save time and change nothing: the same seed grows the same
tree with them as without them."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.bots.mcts import factory
from tabletop.framework.rules import Rules
from tests.random_games import positions

SHORTCUTS = ("evaluate_all", "safe_action_now", "rollout_action_now")


def without_shortcuts(rules):
    """The same rules object, answering every shortcut with the framework's default."""
    cls = type(rules)
    plain = type("Plain" + cls.__name__, (cls,), {name: getattr(Rules, name) for name in SHORTCUTS})
    copy = plain.__new__(plain)
    copy.__dict__.update(rules.__dict__)
    return copy


def tree(rules, state) -> tuple:
    bot = factory(rules, seed=2, iterations=60)
    choice = bot.choose(rules, state)
    return choice, bot.last_iterations, sorted((repr(a), c.visits, c.total) for a, c in bot.last_root.children.items())


@pytest.mark.parametrize("name", ["volfyirion", "virevolt"])
def test_the_shortcuts_grow_the_same_tree_as_the_defaults(name):
    game = tabletop.load(name)
    fast, plain = game.rules, without_shortcuts(game.rules)
    assert any(getattr(type(fast), s) is not getattr(Rules, s) for s in SHORTCUTS)
    searched = 0
    for state in positions(game, range(5, 9), 60):
        if searched == 4:
            break
        ours = tree(fast, state)
        assert ours == tree(plain, state)
        searched += ours[1] > 0
    assert searched == 4
