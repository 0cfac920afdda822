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
