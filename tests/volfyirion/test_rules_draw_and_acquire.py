"""Draw Phase and reshuffles, acquiring Asset cards, redeploying Troops.

Rule ids: VOL-DRAW-*, VOL-ACQ-*, VOL-REDEPLOY-* (shared/rules/volfyirion.yaml).
"""
from __future__ import annotations

from collections import Counter

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


def acts(legal, prefix):
    return {a for a in legal if a.startswith(prefix)}


# ---------------------------------------------------------------- draw phase
def test_VOL_DRAW_01_five_cards_at_turn_start(game):
    """VOL-DRAW-01: with 10 cards in the House Deck and an empty hand, the Draw Phase leaves hand 5, deck 5."""
    deck = ["Prospector"] * 5 + ["Captain", "Diviner", "Caravan", "Purge", "Foundry"]
    state, run, legal = game({"active": "p2", "p1": {"hand": [], "deck": deck, "discard": []}})
    d = run("end turn")
    assert d["active"] == "p1" and d["phase"] == "main"
    assert d["p1"]["hand"] == list(reversed(deck[5:]))  # drawn from the top
    assert d["p1"]["deck"] == ["Prospector"] * 5 and d["p1"]["discard"] == []


def test_VOL_DRAW_02_empty_deck_reshuffles_the_discard(game):
    """VOL-DRAW-02: deck empty, 7 cards in the discard: hand 5, deck 2, discard 0."""
    discard = ["Prospector"] * 4 + ["Captain", "Diviner", "Caravan"]
    state, run, legal = game({"active": "p2", "p1": {"hand": [], "deck": [], "discard": discard}})
    d = run("end turn")
    assert len(d["p1"]["hand"]) == 5 and len(d["p1"]["deck"]) == 2 and d["p1"]["discard"] == []
    assert Counter(d["p1"]["hand"] + d["p1"]["deck"]) == Counter(discard)


def test_VOL_DRAW_03_partial_deck_drawn_before_reshuffle(game):
    """VOL-DRAW-03: deck [Captain, Diviner] + 6 discarded: both deck cards are drawn first, then 3 from the reshuffle."""
    state, run, legal = game({"active": "p2", "p1": {"hand": [], "deck": ["Captain", "Diviner"],
                                                     "discard": ["Prospector"] * 6}})
    d = run("end turn")
    assert d["p1"]["hand"][:2] == ["Diviner", "Captain"] and d["p1"]["hand"][2:] == ["Prospector"] * 3
    assert d["p1"]["deck"] == ["Prospector"] * 3 and d["p1"]["discard"] == []


def test_VOL_DRAW_03_no_reshuffle_ahead_of_time(game):
    """VOL-DRAW-03: at End of Turn a short deck is not topped up with the discard ahead of time."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Caravan"], "deck": ["Captain", "Diviner"],
                                                     "discard": ["Prospector"] * 6}})
    d = run("end turn")
    assert d["active"] == "p2"
    assert d["p1"]["deck"] == ["Captain", "Diviner"] and d["p1"]["discard"] == ["Prospector"] * 6 + ["Caravan"]


def test_VOL_DRAW_04_reshuffle_uses_only_the_discard(game):
    """VOL-DRAW-04: a Main Phase draw with an empty deck reshuffles the discard only; hand, play, cities, removed stay."""
    state, run, legal = game({"active": "p1", "p1": {
        "hand": ["Kyradar Scout", "Scholar's Insight", "Captain"], "deck": [], "discard": ["Diviner", "Diviner"],
        "play": ["Sharp Qoam"], "cities": [{"troop": "Wall Guard"}, {}, {}]}})
    run("play Kyradar Scout", "play Scholar's Insight", "activate Kyradar Scout")
    d = run("yes")
    assert d["p1"]["hand"] == ["Captain", "Diviner"] and d["p1"]["deck"] == ["Diviner"] and d["p1"]["discard"] == []
    assert d["p1"]["play"] == ["Sharp Qoam", "Kyradar Scout", "Scholar's Insight"]
    assert d["p1"]["city1"]["troop"] == "Wall Guard" and d["removed"] == []


def test_VOL_DRAW_05_no_cards_anywhere_draw_phase(game):
    """VOL-DRAW-05: deck and discard empty: the Draw Phase draws nothing, the game goes on with in-play cards."""
    state, run, legal = game({"active": "p2", "p1": {"hand": [], "deck": [], "discard": [],
                                                     "cities": [{"troop": "Soldier", "building": "Market Hall"}, {}, {}]}})
    d = run("end turn")
    assert d["active"] == "p1" and d["phase"] == "main" and not d["over"] and d["winner"] is None
    assert d["p1"]["hand"] == [] and d["p1"]["points"]["command"] == 2
    assert {"remove Soldier city1", "end turn"} <= legal()


def test_VOL_DRAW_05_no_cards_anywhere_main_phase_draw(game):
    """VOL-DRAW-05: a Main Phase draw with deck and discard empty is skipped without penalty."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Kyradar Scout", "Scholar's Insight"],
                                                     "deck": [], "discard": []}})
    d = run("play Kyradar Scout", "play Scholar's Insight", "activate Kyradar Scout")
    if d["pending"] is not None:  # a draw with nothing to draw may still be offered
        d = run("yes")
    assert d["p1"]["hand"] == [] and not d["over"] and d["pending"] is None and "end turn" in legal()
    assert d["p1"]["points"] == {"command": 2, "battle": 0, "knowledge": 5}


def test_VOL_DRAW_06_acquired_card_reaches_deck_only_by_reshuffle(game):
    """VOL-DRAW-06: an acquired card is not in the next 5 draws (deck of 5); after the reshuffle it is in the House Deck."""
    state, run, legal = game({"active": "p1", "p1": {"hand": [], "deck": ["Prospector"] * 5, "discard": [],
                                                     "points": {"command": 2}},
                              "asset_row": ["Hidden Cache", None, None, None, None]})
    d = run("acquire asset 1")
    assert "Hidden Cache" not in d["p1"]["hand"] + d["p1"]["deck"]
    d = run("end turn", "end turn")
    assert d["active"] == "p1" and d["p1"]["hand"] == ["Prospector"] * 5 and d["p1"]["deck"] == []
    assert d["p1"]["discard"] == ["Hidden Cache"]
    d = run("end turn", "end turn")  # the discard (HC + 5 Prospectors) is reshuffled into the deck
    assert d["p1"]["discard"] == [] and "Hidden Cache" in d["p1"]["hand"] + d["p1"]["deck"]
    assert len(d["p1"]["hand"]) == 5 and len(d["p1"]["deck"]) == 1


# ---------------------------------------------------------------- acquire an asset card
def test_VOL_ACQ_01_pay_the_printed_cost(game):
    """VOL-ACQ-01: Suicide Mission (3): legal with 3 CP, leaving 0; not legal with 2 CP."""
    row = ["Suicide Mission", "Royal Treasury", None, None, None]
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 3}}, "asset_row": row})
    assert acts(legal(), "acquire asset") == {"acquire asset 1"}
    d = run("acquire asset 1")
    assert d["p1"]["points"]["command"] == 0
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 2, "battle": 9, "knowledge": 9}},
                              "asset_row": row})
    assert not acts(legal(), "acquire asset")


def test_VOL_ACQ_02_acquired_card_goes_to_discard(game):
    """VOL-ACQ-02: an acquired card goes to the discard, not to hand, play or the Cities Area."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Captain"], "points": {"command": 6}},
                              "asset_row": ["Hidden Cache", "Wall Guard", None, None, None]})
    d = run("acquire asset 1", "acquire asset 2")
    assert d["p1"]["discard"] == ["Hidden Cache", "Wall Guard"] and d["p1"]["hand"] == ["Captain"]
    assert d["p1"]["play"] == [] and all(d["p1"][f"city{i}"]["troop"] is None for i in (1, 2, 3))
    assert d["asset_row"] == [None] * 5


def test_VOL_ACQ_03_row_refilled_only_at_end_of_turn(game):
    """VOL-ACQ-03: row slot 3 stays empty for the rest of the Main Phase; after End of Turn it holds the former deck top."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector"], "points": {"command": 6, "knowledge": 2}},
                              "asset_row": ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"],
                              "asset_deck": ["Wall Guard", "Royal Treasury"]})
    d = run("acquire asset 3")
    assert d["asset_row"][2] is None and d["asset_top"] == "Royal Treasury"
    d = run("play Prospector", "acquire asset 1")
    assert d["asset_row"][:3] == [None, "Purge", None]
    assert "replace 3" not in legal() and "acquire asset 3" not in legal()
    d = run("end turn")
    assert d["asset_row"] == ["Royal Treasury", "Purge", "Wall Guard", "Watchtower", "Catacombs"]
    assert d["asset_deck"] == []


def test_VOL_ACQ_04_deck_top_cannot_be_acquired(game):
    """VOL-ACQ-04: with 20 CP only the row's cards can be acquired, never the face-up Asset Deck top."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 20}},
                              "asset_row": ["Caravan", "Purge", None, "Watchtower", "Catacombs"],
                              "asset_deck": ["Wall Guard", "Royal Treasury"]})
    assert acts(legal(), "acquire") == {"acquire asset 1", "acquire asset 2", "acquire asset 4", "acquire asset 5"}
    for a in sorted(acts(legal(), "acquire")):
        run(a)
    d = run()
    assert "Royal Treasury" not in d["p1"]["discard"] and d["asset_deck"] == ["Wall Guard", "Royal Treasury"]
    assert not acts(legal(), "acquire")


# ---------------------------------------------------------------- redeploy
def test_VOL_REDEPLOY_01_pay_troop_cost_each_time(game):
    """VOL-REDEPLOY-01: Troop of cost 4, 8 CP: redeploy to city2 and back; 0 CP left, no third move."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 8},
                                                     "cities": [{"troop": "Guard"}, {}, {}]}})
    d = run("redeploy city1 city2")
    assert d["p1"]["city2"]["troop"] == "Guard" and d["p1"]["city1"]["troop"] is None
    assert d["p1"]["points"]["command"] == 4
    d = run("redeploy city2 city1")
    assert d["p1"]["city1"]["troop"] == "Guard" and d["p1"]["points"]["command"] == 0
    assert not acts(legal(), "redeploy")


def test_VOL_REDEPLOY_02_only_to_an_empty_slot_of_an_intact_city(game, rules):
    """VOL-REDEPLOY-02: Troop A (city1), Troop B (city2), city3 empty: A can only go to city3, never swap or overwrite."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 20},
                                                     "cities": [{"troop": "Wall Guard"}, {"troop": "Red Lancers"}, {}]}})
    assert {a for a in legal() if a.startswith("redeploy city1")} == {"redeploy city1 city3"}
    with pytest.raises(IllegalAction):
        rules.apply_checked(state, ("redeploy", "city1", "city2"))
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 20},
                                                     "cities": [{"troop": "Wall Guard"}, {}, {"destroyed": True}]}})
    assert acts(legal(), "redeploy") == {"redeploy city1 city2"}


def test_VOL_REDEPLOY_03_defence_moves_with_the_troop(game):
    """VOL-REDEPLOY-03: a defence-3 Troop moving from city1 (8) to city2 (9): defences become 8 and 12."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 4},
                                                     "cities": [{"troop": "Soldier"}, {}, {}]}})
    assert run()["p1"]["city1"]["defence"] == 11
    d = run("redeploy city1 city2")
    assert d["p1"]["city1"]["defence"] == 8 and d["p1"]["city2"]["defence"] == 12
    d = run("end turn")  # what the opponent must pay follows the Troop
    state.counters["p2.battle"] = 11
    assert "attack p1.city1" in legal() and "attack p1.city2" not in legal()
