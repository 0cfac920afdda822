"""The extended mode, rebuilding Cities: VOL-EXT-REBUILD-*."""
from __future__ import annotations

import pytest

from tabletop.framework.effects import IllegalAction


# These tests name cards of the designed set: they use them through the example expansion
# (examples/volfyirion-designed), added to the printed set as ``--cards`` adds card files.
@pytest.fixture(scope="module")
def rules(designed_rules):
    return designed_rules


@pytest.fixture
def game(designed_game):
    return designed_game


EXT = {"mode": "extended"}


def test_VOL_EXT_REBUILD_01_04_rebuild_for_the_destroyed_sides_cost(game):
    # rule ids: VOL-EXT-REBUILD-01, VOL-EXT-REBUILD-04
    state, run, legal = game({"active": "p1", "p1": {"hand": [], "points": {"command": 7},
                                                     "cities": [{"destroyed": True}, {}, {}]}}, options=EXT)
    d = run()
    assert d["p1"]["city1"]["rebuild"] == {"command": 8}
    assert "rebuild city1" not in legal()  # 7 command is not enough
    state.counters["p1.command"] = 8
    assert "rebuild city1" in legal() and "rebuild city2" not in legal()
    d = run("rebuild city1")
    assert not d["p1"]["city1"]["destroyed"] and d["p1"]["points"]["command"] == 0
    assert d["p1"]["intact"] == 3


def test_VOL_EXT_REBUILD_02_a_rebuilt_city_is_a_city(game):
    # rule ids: VOL-EXT-REBUILD-02
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Wall Guard"], "points": {"command": 9},
                                                     "cities": [{}, {"destroyed": True}, {}]}}, options=EXT)
    d = run("rebuild city2")
    assert d["p1"]["city2"]["defence"] == 9 and d["p1"]["city2"]["troop"] is None
    assert "play Wall Guard city2" in legal()
    run("end turn")
    state.counters["p2.battle"] = 9
    assert "attack p1.city2" in legal()


def test_VOL_EXT_REBUILD_03_destroyed_twice_is_removed(game):
    # rule ids: VOL-EXT-REBUILD-03
    state, run, legal = game({"active": "p1", "p1": {"hand": [], "points": {"command": 8},
                                                     "cities": [{"destroyed": True}, {}, {}]}}, options=EXT)
    run("rebuild city1", "end turn")
    state.counters["p2.battle"] = 8
    d = run("attack p1.city1")
    assert d["p1"]["city1"]["destroyed"] and d["p1"]["city1"]["removed"]
    assert d["p1"]["city1"]["rebuild"] is None and "Tylaris" in d["removed"]
    run("end turn")
    state.counters["p1.command"] = 20
    assert "rebuild city1" not in legal()
    with pytest.raises(IllegalAction):
        run("rebuild city1")


def test_VOL_EXT_REBUILD_05_win_condition_unchanged(game):
    # rule ids: VOL-EXT-REBUILD-05
    state, run, legal = game({"active": "p2", "p2": {"points": {"battle": 10}},
                              "p1": {"cities": [{"destroyed": True}, {"removed": True}, {}]}}, options=EXT)
    d = run("attack p1.city3")
    assert d["over"] and d["winner"] == "p2"


def test_rebuild_is_extended_mode_only(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 20},
                                                     "cities": [{"destroyed": True}, {}, {}]}})
    d = run()
    assert "rebuild city1" not in legal() and "rebuild" not in d["p1"]["city1"]
