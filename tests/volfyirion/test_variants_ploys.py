"""Ploys: VOL-VAR-PLOY-*. Each Ploy is held by the player who is NOT active, so it fires in
its owner's opponent's turn, the moment the opponent's action meets its requirement."""
from __future__ import annotations

import pytest


# These tests name cards of the designed set: they use them through the example expansion
# (examples/volfyirion-designed), added to the printed set as ``--cards`` adds card files.
@pytest.fixture(scope="module")
def rules(designed_rules):
    return designed_rules


@pytest.fixture
def game(designed_game):
    return designed_game


PLOYS = {"variants": ["ploys"]}


def held_by_p2(ploy, p1=None, p2=None, **rest):
    """p1 to play; p2 (the opponent) holds ``ploy``; p1 holds none."""
    s = {"active": "p1", "p1": dict(p1 or {}, ploy=None), "p2": dict(p2 or {}, ploy=ploy)}
    s["p1"].setdefault("hand", [])
    s.update(rest)
    return s


def test_VOL_VAR_PLOY_02_VOL_VAR_PLOY_MIRAGE_01_mirage_city_in_the_opponents_turn(game, rules):
    # rule ids: VOL-VAR-PLOY-02, VOL-VAR-PLOY-MIRAGE-01
    state, run, legal = game(held_by_p2("Mirage City", p1={"points": {"knowledge": 8}}), options=PLOYS)
    assert rules.view(state, 0)["players"]["p2"]["ploy"] == "hidden"
    assert rules.view(state, 1)["players"]["p2"]["ploy"] == "Mirage City"
    d = run("move volfyirion p2.city1")
    assert d["volfyirion"] == "lair" and d["p1"]["points"]["knowledge"] == 0  # KP not refunded
    assert d["removed"] == ["Mirage City"] and d["p2"]["ploy"] is None
    assert rules.view(state, 0)["removed"] == ["Mirage City"]  # revealed: public now
    assert d["active"] == "p1" and d["pending"] is None


def test_VOL_VAR_PLOY_04_fires_once(game):
    # rule ids: VOL-VAR-PLOY-04
    state, run, legal = game(held_by_p2("Mirage City", p1={"points": {"knowledge": 16}}), options=PLOYS)
    run("move volfyirion p2.city1")
    d = run("move volfyirion p2.city2")
    assert d["volfyirion"] == "p2.city2" and d["removed"] == ["Mirage City"]
    assert d["p1"]["ploy"] is None and d["p2"]["ploy"] is None


def test_VOL_VAR_PLOY_MIRAGE_01_also_against_a_move_effect(game):
    # rule ids: VOL-VAR-PLOY-MIRAGE-01
    state, run, legal = game(held_by_p2("Mirage City", p1={"play": ["Wyrm Chain", "War Drums"]}), options=PLOYS)
    d = run("activate Wyrm Chain", "choose p2.city3")  # the card's free Move Volfyirion
    assert d["volfyirion"] == "lair" and d["removed"] == ["Mirage City"]


def test_VOL_VAR_PLOY_DOUBLE_01_02_double_shift(game):
    # rule ids: VOL-VAR-PLOY-DOUBLE-01, VOL-VAR-PLOY-DOUBLE-02
    state, run, legal = game(held_by_p2("Double Shift", p1={"points": {"battle": 19}}), options=PLOYS)
    d = run("attack p2.city1")
    assert not d["p2"]["city1"]["destroyed"] and d["p1"]["points"]["battle"] == 11  # BP lost
    assert d["removed"] == ["Double Shift"]
    assert d["p2"]["city1"]["defence"] == 10 and d["p2"]["city2"]["defence"] == 9
    state.counters["p1.battle"] = 9
    assert "attack p2.city1" not in legal() and "attack p2.city2" in legal()
    state.counters["p1.battle"] = 10
    d = run("attack p2.city1")  # the second attack goes ahead, at 10
    assert d["p2"]["city1"]["destroyed"] and d["p1"]["points"]["battle"] == 0
    d = run("end turn")
    assert d["p2"]["city2"]["defence"] == 9


def test_VOL_VAR_PLOY_DOUBLE_02_bonus_ends_with_the_turn(game):
    # rule ids: VOL-VAR-PLOY-DOUBLE-02
    state, run, legal = game(held_by_p2("Double Shift", p1={"points": {"battle": 8}}), options=PLOYS)
    d = run("attack p2.city1", "end turn")
    assert d["p2"]["city1"]["defence"] == 8 and d["active"] == "p2"


def test_VOL_VAR_PLOY_QOAM_01_in_the_opponents_turn(game):
    # rule ids: VOL-VAR-PLOY-QOAM-01
    state, run, legal = game(held_by_p2("Qoam Instability", p1={"hand": ["Watchtower"]},
                                        p2={"cities": [{"building": "Foundry"}, {}, {}]}), options=PLOYS)
    d = run("play Watchtower city2")
    assert d["p1"]["city2"]["building"] is None and d["p2"]["city1"]["building"] is None
    assert set(d["removed"]) == {"Qoam Instability", "Foundry", "Watchtower"}


def test_VOL_VAR_PLOY_03_mandatory_even_against_its_owner(game):
    # rule ids: VOL-VAR-PLOY-03
    state, run, legal = game({"active": "p1", "p1": {"ploy": "Qoam Instability", "hand": ["Watchtower", "Foundry"]},
                              "p2": {"ploy": None}}, options=PLOYS)
    d = run("play Watchtower city1")
    assert d["p1"]["city1"]["building"] == "Watchtower"
    d = run("play Foundry city2")
    assert d["p1"]["city1"]["building"] is None and d["p1"]["city2"]["building"] is None
    assert set(d["removed"]) == {"Qoam Instability", "Watchtower", "Foundry"}


def test_VOL_VAR_PLOY_DESTROY_01_the_completing_card_gives_its_points_before_it_is_removed(game):
    # rule ids: VOL-VAR-PLOY-DESTROY-01 ("You may still Gain Points from cards that are about to leave")
    state, run, legal = game(held_by_p2("Qoam Instability", p1={"hand": ["Watchtower"],
                                                               "cities": [{"building": "Foundry"}, {}, {}]}),
                             options=PLOYS)
    d = run()
    assert d["p1"]["points"] == {"command": 1, "battle": 2, "knowledge": 0}  # Foundry gave at Main Phase start
    d = run("play Watchtower city2")  # Watchtower gives its 2 battle as it is played, then both go
    assert d["p1"]["points"] == {"command": 1, "battle": 4, "knowledge": 0}
    assert "Watchtower" in d["removed"] and "Foundry" in d["removed"]


def test_VOL_VAR_PLOY_AFTER_01_afterthought(game):
    # rule ids: VOL-VAR-PLOY-AFTER-01
    state, run, legal = game(held_by_p2("Afterthought", p1={"hand": ["Wall Guard", "Red Lancers"]}), options=PLOYS)
    d = run("play Wall Guard city1")
    assert d["p1"]["city1"]["defence"] == 12
    d = run("play Red Lancers city2")
    assert d["p1"]["city1"]["troop"] is None and d["p1"]["city2"]["troop"] is None
    assert d["p1"]["city1"]["defence"] == 8 and d["p1"]["city2"]["defence"] == 9
    assert d["p1"]["points"]["battle"] == 3  # Wall Guard's 1 and Red Lancers' 2, gained before they went
    assert d["removed"] == ["Afterthought", "Wall Guard", "Red Lancers"]


def test_VOL_VAR_PLOY_CRYST_01_crystallization_counts_sealed_wonders(game):
    # rule ids: VOL-VAR-PLOY-CRYST-01
    state, run, legal = game(held_by_p2("Crystallization", p1={"hand": ["Echo Stone"], "play": ["Rune Gate"]},
                                        p2={"play": ["Moon Pillar"], "sealed": ["Moon Pillar"]}), options=PLOYS)
    d = run("play Echo Stone")
    assert d["p1"]["play"] == [] and d["p2"]["play"] == [] and d["p2"]["sealed"] == []
    assert set(d["removed"]) == {"Crystallization", "Rune Gate", "Moon Pillar", "Echo Stone"}


def test_VOL_VAR_PLOY_SECOND_01_02_second_chance_in_the_opponents_turn(game, rules):
    # rule ids: VOL-VAR-PLOY-SECOND-01, VOL-VAR-PLOY-SECOND-02
    state, run, legal = game(held_by_p2("Second Chance", p1={"points": {"battle": 7},
                                                            "cities": [{"troop": "Soldier"}, {}, {}]}),
                             options=PLOYS)
    d = run("remove Soldier city1")  # its Remove Ability: 2 battle
    assert d["p1"]["points"]["battle"] == 9 and d["removed"] == ["Soldier"]
    d = run("attack p2.city2")
    assert d["p2"]["city2"]["destroyed"]  # the attack itself resolves normally
    assert d["pending"] and state.to_move() == 1 and d["active"] == "p1"
    assert legal() == {"choose p2.city1", "choose p2.city3", "skip"}
    assert "options" in rules.view(state, 1)["pending"] and "options" not in rules.view(state, 0)["pending"]
    d = run("choose p2.city3")
    assert d["p2"]["city3"]["troop"] == "Soldier" and d["p2"]["city3"]["defence"] == 13
    assert d["removed"] == ["Second Chance"]
    assert "Soldier" not in d["removed"] and d["pending"] is None and state.to_move() == 0


def test_VOL_VAR_PLOY_SECOND_02_may_be_declined_and_needs_the_remove_ability(game):
    # rule ids: VOL-VAR-PLOY-SECOND-02
    state, run, legal = game(held_by_p2("Second Chance", p1={"points": {"battle": 9},
                                                            "cities": [{"troop": "Soldier"}, {}, {}]}),
                             options=PLOYS)
    d = run("attack p2.city1")  # no Troop Remove Ability used yet: nothing happens
    assert d["pending"] is None and d["p2"]["ploy"] == "Second Chance"
    run("end turn", "end turn")
    state.counters["p1.battle"] = 7
    run("remove Soldier city1", "attack p2.city2")
    d = run("skip")
    assert "Soldier" in d["removed"] and d["p2"]["ploy"] is None
