"""End of a Turn, steps 1 to 6 (shared/rules/volfyirion.yaml, VOL-END-*).

Each test names one rule id; its docstring repeats the id in the catalogue's spelling.
"""
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


NO_HAND = ["Prospector"] * 5


def test_VOL_END_01_no_action_during_end_of_turn(game):
    """VOL-END-01: P1 ends its turn with 8 KP while the dragon sits on p1.city1: nothing can save it."""
    state, run, legal = game({"active": "p1", "volfyirion": "p1.city1",
                              "p1": {"hand": NO_HAND, "points": {"knowledge": 8}},
                              "p2": {"hand": [], "deck": NO_HAND}})
    assert "move volfyirion lair" in legal()
    d = run("end turn")
    # the End of Turn ran through without stopping: it is P2's Main Phase now
    assert d["pending"] is None and d["active"] == "p2" and d["phase"] == "main"
    assert d["p1"]["city1"]["destroyed"] is True and d["volfyirion"] == "lair"
    assert d["p1"]["points"]["knowledge"] == 0
    assert "move volfyirion lair" not in legal()


def test_VOL_END_02_playing_area_discarded_except_wonders(game):
    """VOL-END-02: Prospector and Captain go to the discard; the Wonder stays; Troops and Buildings stay."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector", "Captain", "Sharp Qoam"], "discard": [],
                                                     "cities": [{"troop": "Wall Guard", "building": "Foundry"}, {}, {}]}})
    run("play Prospector", "play Captain", "play Sharp Qoam")
    d = run("end turn")
    assert d["p1"]["play"] == ["Sharp Qoam"]
    assert d["p1"]["discard"] == ["Prospector", "Captain"]
    assert d["p1"]["city1"]["troop"] == "Wall Guard" and d["p1"]["city1"]["building"] == "Foundry"


def test_VOL_END_03_hand_discarded(game):
    """VOL-END-03: the two cards left in hand are on the discard pile."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector", "Diviner", "Captain"], "discard": []}})
    run("play Prospector")
    d = run("end turn")
    assert d["p1"]["hand"] == []
    assert d["p1"]["discard"] == ["Prospector", "Diviner", "Captain"]


def test_VOL_END_04_unspent_points_lost(game):
    """VOL-END-04: CP 3, BP 1, KP 6 unspent are all lost; they are not there at P1's next turn either."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "deck": NO_HAND * 2,
                                                     "points": {"command": 3, "battle": 1, "knowledge": 6}},
                              "p2": {"hand": NO_HAND, "deck": NO_HAND * 2}})
    d = run("end turn")
    assert d["active"] == "p2" and d["p1"]["points"] == {"command": 0, "battle": 0, "knowledge": 0}
    d = run("end turn")
    assert d["active"] == "p1" and d["p1"]["points"] == {"command": 0, "battle": 0, "knowledge": 0}


def test_VOL_END_05_dragon_on_enemy_city_stays(game):
    """VOL-END-05: the token P1 put on p2.city1 is still there after P1's End of Turn; the City stands."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 8}}})
    run("move volfyirion p2.city1")
    d = run("end turn")
    assert d["volfyirion"] == "p2.city1" and d["p2"]["city1"]["destroyed"] is False


def test_VOL_END_06_dragon_destroys_own_city(game):
    """VOL-END-06: at P2's End of Turn the dragon on p2.city1 destroys it, its Troop and Building leave."""
    state, run, legal = game({"active": "p2", "volfyirion": "p2.city1",
                              "p2": {"hand": NO_HAND, "discard": [],
                                     "cities": [{"troop": "Soldier", "building": "Market Hall"}, {}, {}]}})
    d = run("end turn")
    assert d["p2"]["city1"]["destroyed"] is True and d["volfyirion"] == "lair"
    assert d["removed"] == ["Soldier", "Market Hall"]
    assert "Soldier" not in d["p2"]["discard"] and d["p2"]["intact"] == 2
    assert d["p2"]["city2"]["destroyed"] is False and d["p1"]["intact"] == 3


def test_VOL_END_07_refill_then_opponents_turn(game):
    """VOL-END-07: two row cards and one Lair Wonder bought; after End of Turn row 5, Lair 2, P2 to act."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"command": 3, "battle": 2}},
                              "asset_row": ["Caravan", "Shadow Broker", "Purge", "Foundry", "Watchtower"],
                              "asset_deck": ["Wall Guard", "Red Lancers", "Tome Keeper"],
                              "lair": ["Sharp Qoam", "Moon Pillar"], "wonder_deck": ["Titan's Anvil", "Echo Stone"]})
    d = run("acquire asset 1", "acquire asset 2", "acquire wonder 2", "skip")
    assert d["asset_row"] == [None, None, "Purge", "Foundry", "Watchtower"]
    assert d["lair"]["wonders"] == ["Sharp Qoam", None]
    d = run("end turn")
    assert d["asset_row"] == ["Tome Keeper", "Red Lancers", "Purge", "Foundry", "Watchtower"]
    assert d["asset_deck"] == ["Wall Guard"]
    assert d["lair"]["wonders"] == ["Sharp Qoam", "Echo Stone"] and d["wonder_deck"] == ["Titan's Anvil"]
    assert d["active"] == "p2" and d["phase"] == "main"


def test_VOL_END_08_exhausted_deck_and_costly_wonder(game):
    """VOL-END-08: one Asset card for two spaces leaves one empty; a cost-7 Wonder refills the Lair."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"command": 3, "battle": 2}},
                              "asset_row": ["Caravan", "Shadow Broker", "Purge", "Foundry", "Watchtower"],
                              "asset_deck": ["Tome Keeper"],
                              "lair": ["Sharp Qoam", "Moon Pillar"], "wonder_deck": ["Obsidian Throne"]})
    run("acquire asset 1", "acquire asset 2", "acquire wonder 1", "skip")
    d = run("end turn")
    assert d["asset_row"] == ["Tome Keeper", None, "Purge", "Foundry", "Watchtower"]
    assert d["asset_deck"] == [] and d["lair"]["wonders"] == ["Obsidian Throne", "Moon Pillar"]
    # the space stays empty at the next End of Turn too (nothing to draw), and Replace cannot fill it
    state.counters["p2.knowledge"] = 10
    assert "replace 2" not in legal()
    d = run("end turn")
    assert d["asset_row"][1] is None and d["active"] == "p1"
