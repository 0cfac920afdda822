"""Triggers answer events, also in another player's turn, and only when their test holds."""
from tests.framework.test_decisions import _give
from tests.framework.toy import Tally


def test_trigger_does_not_fire_when_its_test_fails():
    rules = Tally()
    s = rules.setup({}, seed=4)
    _give(s, 0, "4")
    _give(s, 1, "Echo")
    rules.apply(s, ("play", "4"))
    assert s.pending is None


def test_own_trigger_does_not_answer_own_play():
    rules = Tally()
    s = rules.setup({}, seed=4)
    _give(s, 0, "5")
    _give(s, 0, "Echo")
    rules.apply(s, ("play", "5"))
    assert s.pending is None


def test_trigger_fires_for_every_listening_opponent():
    rules = Tally()
    s = rules.setup({}, seed=4, nplayers=3)
    _give(s, 0, "5")
    _give(s, 1, "Echo")
    _give(s, 2, "Echo")
    rules.apply(s, ("play", "5"))
    asked = set()
    while s.pending is not None:
        asked.add(s.to_move())
        rules.apply(s, ("no",))
    assert asked == {1, 2}
