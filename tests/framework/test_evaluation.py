"""The shared pieces of a position evaluation: finished games and the logistic."""
from __future__ import annotations

import math

import pytest

from tabletop.bots.evaluation import logistic, outcome
from tabletop.framework.state import State


def finished(winner):
    s = State.__new__(State)
    s.over, s.winner = True, winner
    return s


def test_a_finished_game_scores_one_for_the_winner_zero_for_the_loser_half_for_a_draw():
    assert (outcome(finished(1), 1), outcome(finished(1), 0), outcome(finished(None), 0)) == (1.0, 0.0, 0.5)


def test_a_game_that_goes_on_has_no_outcome():
    s = finished(None)
    s.over = False
    assert outcome(s, 0) is None


def test_logistic_is_even_about_one_half_and_saturates_beyond_thirty():
    assert logistic(0.0) == 0.5
    assert logistic(2.0) == 1 / (1 + math.exp(-2.0))
    assert logistic(2.0) == pytest.approx(1 - logistic(-2.0))
    assert (logistic(31.0), logistic(-31.0)) == (1.0, 0.0)


@pytest.mark.parametrize("name, options", [("volfyirion", {}), ("virevolt", {}), ("virevolt", {"players": 4})])
def test_evaluate_all_gives_each_players_evaluation_to_the_last_bit(name, options):
    """A pack that evaluates every player at once (MCTS's playouts, the report's lead series)
    must give exactly what one call per player gives, or searches would change."""
    import tabletop
    from tests.random_games import positions

    game = tabletop.load(name, **options)
    rules = game.rules
    seen = 0
    for state in positions(game, range(3), 12):
        assert rules.evaluate_all(state) == [rules.evaluate(state, p) for p in range(state.nplayers)]
        seen += 1
    assert seen > 100

