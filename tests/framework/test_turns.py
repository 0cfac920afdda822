"""Declared phases run in order; automatic phases run by themselves; turns rotate among N players."""
from tests.framework.toy import Tally


def test_turn_passes_in_seating_order_with_three_players():
    rules = Tally()
    s = rules.setup({}, seed=1, nplayers=3)
    order = []
    for _ in range(6):
        order.append(s.active)
        rules.apply(s, ("end turn",))
    assert order == [0, 1, 2, 0, 1, 2]


def test_draw_phase_runs_by_itself():
    rules = Tally()
    s = rules.setup({}, seed=1)
    assert s.phase == "main" and len(s.zones["p1.hand"]) == 3
    rules.apply(s, ("end turn",))
    assert s.active == 1 and len(s.zones["p2.hand"]) == 3


def test_no_actions_once_the_game_is_over():
    rules = Tally()
    s = rules.setup({"target": 1}, seed=1)
    rules.apply(s, next(a for a in rules.legal_actions(s) if a[0] == "play" and a[1] not in ("Fork", "Echo")))
    assert s.over and rules.legal_actions(s) == []
