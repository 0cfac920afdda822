"""Sealing and unsealing Wonders, replacing Asset Row cards (shared/rules/volfyirion.yaml).

Each test names one rule id; its docstring repeats the id in the catalogue's spelling.
"""
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


NO_HAND = ["Prospector"] * 5


def starting(legal, prefix):
    return {a for a in legal() if a.startswith(prefix)}


# ---------------------------------------------------------------- seal / unseal
def test_VOL_SEAL_01_seal_either_players_wonder(game):
    """VOL-SEAL-01: 4 KP seal P2's unsealed Wonder of cost 4."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 4}},
                              "p2": {"play": ["Rune Gate"]}})
    d = run("seal p2 Rune Gate")
    assert d["p2"]["sealed"] == ["Rune Gate"] and d["p1"]["points"]["knowledge"] == 0
    assert d["p2"]["play"] == ["Rune Gate"]


def test_VOL_SEAL_02_unseal_costs_the_printed_cost(game):
    """VOL-SEAL-02: 3 KP unseal P1's own sealed Echo Stone (cost 3); 2 KP would not."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "play": ["Echo Stone"], "sealed": ["Echo Stone"],
                                                     "points": {"knowledge": 2}}})
    assert "unseal p1 Echo Stone" not in legal()
    state.counters["p1.knowledge"] = 3
    d = run("unseal p1 Echo Stone")
    assert d["p1"]["sealed"] == [] and d["p1"]["points"]["knowledge"] == 0
    # the opponent's sealed Wonder can be unsealed too
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 4}},
                              "p2": {"play": ["Rune Gate"], "sealed": ["Rune Gate"]}})
    d = run("unseal p2 Rune Gate")
    assert d["p2"]["sealed"] == [] and d["p1"]["points"]["knowledge"] == 0


def test_VOL_SEAL_03_sealed_wonder_gives_and_does_nothing(game):
    """VOL-SEAL-03: no main points, no chain, no Secondary, no Remove Ability from a sealed Wonder."""
    state, run, legal = game({"active": "p1", "p1": {
        "hand": NO_HAND, "play": ["Sharp Qoam", "Whispering Vault", "Echo Stone", "Caravan", "Kyradar Scout"],
        "sealed": ["Sharp Qoam", "Whispering Vault", "Echo Stone"]}})
    d = run()
    # only Caravan (2 command, and its turquoise chain 1) and Kyradar Scout (1 command, 1 knowledge) give anything
    assert d["p1"]["points"] == {"command": 4, "battle": 0, "knowledge": 1}
    assert "remove Sharp Qoam" not in legal() and "activate Whispering Vault" not in legal()
    # the same Wonders unsealed do give and can be used
    state, run, legal = game({"active": "p1", "p1": {
        "hand": NO_HAND, "play": ["Sharp Qoam", "Whispering Vault", "Echo Stone", "Caravan", "Kyradar Scout"]}})
    assert {"remove Sharp Qoam", "activate Whispering Vault"} <= legal()
    assert run()["p1"]["points"] == {"command": 6, "battle": 1, "knowledge": 4}


def test_VOL_SEAL_04_seal_only_unsealed_unseal_only_sealed_never_other_cards(game):
    """VOL-SEAL-04: the right verb for each Wonder's state; Buildings and Command cards never."""
    state, run, legal = game({"active": "p1", "p1": {
        "hand": NO_HAND, "play": ["Echo Stone", "Moon Pillar", "Caravan"], "sealed": ["Echo Stone"],
        "points": {"knowledge": 20}, "cities": [{"building": "Foundry", "troop": "Wall Guard"}, {}, {}]},
        "p2": {"cities": [{"building": "Market Hall"}, {}, {}]}})
    assert starting(legal, "seal") == {"seal p1 Moon Pillar"}
    assert starting(legal, "unseal") == {"unseal p1 Echo Stone"}


def test_VOL_SEAL_05_wonder_comes_into_play_unsealed(game):
    """VOL-SEAL-05: a Wonder played from hand is unsealed and gives its points."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Sharp Qoam"], "points": {"knowledge": 5}}})
    d = run("play Sharp Qoam")
    assert d["p1"]["play"] == ["Sharp Qoam"] and d["p1"]["sealed"] == []
    assert d["p1"]["points"]["battle"] == 1
    assert "seal p1 Sharp Qoam" in legal() and "unseal p1 Sharp Qoam" not in legal()


def test_VOL_SEAL_06_seal_lasts_across_turns(game):
    """VOL-SEAL-06: P2's Wonder sealed by P1 stays sealed and in P2's Playing Area turn after turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 8}},
                              "p2": {"play": ["Heart of Kyradar"], "hand": NO_HAND, "deck": NO_HAND}})
    run("seal p2 Heart of Kyradar")
    d = run("end turn")
    assert d["active"] == "p2" and d["p2"]["sealed"] == ["Heart of Kyradar"]
    assert d["p2"]["points"] == {"command": 0, "battle": 0, "knowledge": 0}
    d = run("end turn")
    assert d["p2"]["play"] == ["Heart of Kyradar"] and d["p2"]["sealed"] == ["Heart of Kyradar"]
    d = run("end turn")
    assert d["active"] == "p2" and d["p2"]["sealed"] == ["Heart of Kyradar"]
    assert d["p2"]["points"]["battle"] == 0 and "Heart of Kyradar" not in d["p2"]["discard"]


def test_VOL_SEAL_07_seal_keeps_gains_unseal_gives_nothing_twice(game):
    """VOL-SEAL-07: points gained stay after sealing; unsealing in the same turn gives them no second time."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "play": ["Echo Stone"],
                                                     "points": {"knowledge": 6}}})
    assert run()["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 6}
    d = run("seal p1 Echo Stone")
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 3}
    d = run("unseal p1 Echo Stone")
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 0}
    assert d["p1"]["sealed"] == []


# ---------------------------------------------------------------- replace
ROW = ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"]


def test_VOL_REPLACE_01_card_to_bottom_top_card_in(game):
    """VOL-REPLACE-01: 2 KP; the row card goes under the Asset Deck, the deck's top takes its space."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 2}},
                              "asset_row": ROW, "asset_deck": ["Wall Guard", "Red Lancers", "Tome Keeper"]})
    d = run("replace 4")
    assert d["asset_row"] == ["Caravan", "Purge", "Foundry", "Tome Keeper", "Catacombs"]
    assert d["asset_deck"] == ["Watchtower", "Wall Guard", "Red Lancers"]
    assert d["p1"]["points"]["knowledge"] == 0


def test_VOL_REPLACE_02_new_card_can_be_acquired_at_once(game):
    """VOL-REPLACE-02: the card that came in is acquired in the same Main Phase."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "discard": [],
                                                     "points": {"knowledge": 2, "command": 3}},
                              "asset_row": ["Royal Treasury"] + ROW[1:], "asset_deck": ["Wall Guard"]})
    assert "acquire asset 1" not in legal()  # Royal Treasury costs 6
    run("replace 1")
    assert "acquire asset 1" in legal()
    d = run("acquire asset 1")
    assert d["p1"]["discard"] == ["Wall Guard"] and d["asset_row"][0] is None


def test_VOL_REPLACE_03_no_replace_of_an_empty_space(game, rules):
    """VOL-REPLACE-03: after acquiring slot 2, 'replace 2' is not legal even with 10 KP."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 10, "command": 5}},
                              "asset_row": ROW, "asset_deck": ["Wall Guard", "Red Lancers"]})
    assert "replace 2" in legal()
    run("acquire asset 2")
    assert "replace 2" not in legal() and "replace 1" in legal()
    with pytest.raises(IllegalAction):
        rules.apply_checked(state, ("replace", 2))
    d = run()
    assert d["asset_row"][1] is None and d["p1"]["points"]["knowledge"] == 10


def test_VOL_REPLACE_04_any_number_of_replaces(game):
    """VOL-REPLACE-04: 6 KP replace slot 1 three times; the third newcomer stays."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 6}},
                              "asset_row": ROW, "asset_deck": ["Wall Guard", "Red Lancers", "Tome Keeper"]})
    d = run("replace 1")
    assert d["asset_row"][0] == "Tome Keeper"
    d = run("replace 1")
    assert d["asset_row"][0] == "Red Lancers"
    d = run("replace 1")
    assert d["asset_row"][0] == "Wall Guard" and d["p1"]["points"]["knowledge"] == 0
    assert d["asset_deck"] == ["Red Lancers", "Tome Keeper", "Caravan"]  # each new one at the bottom
    assert starting(legal, "replace") == set()


def test_VOL_REPLACE_05_no_replace_with_empty_asset_deck(game):
    """VOL-REPLACE-05: Asset Deck empty, row full, KP enough: no replace at all."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 2}},
                              "asset_row": ROW, "asset_deck": []})
    assert starting(legal, "replace") == set()
    assert run()["asset_row"] == ROW
