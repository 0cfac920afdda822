"""Volfyirion phrases designers write: Remove a Card restricted to the zones a text names
(``remove a card from your hand or discard pile``, ``you may remove a card from your hand; if you
do, gain 2 command``), ``asset`` as a kind of card (a card of the Asset Deck: a Troop, a Building
or a Command card other than the starting ones, found in the Asset Row when a text names no zone),
acquiring a kind of card from where cards are acquired, and ``your next acquired asset costs 1
less``, the one-shot cost change ``the next asset you acquire`` already makes."""
from __future__ import annotations

import pytest

from tabletop.dsl.errors import CardLanguageError
from tests.dsl.volfyirion_secondary import compile_secondary, run_secondary

ROW = ["Novice", "Stab", "Library", "Mint", "Soldier"]  # costs 3, 1, 5, 4, 3
SETUP = {"active": "p1", "p1": {"hand": ["Stab"], "discard": ["Mint", "Prospector"], "play": ["Captain"]},
         "asset_row": ROW}


def _compile(text: str):
    return compile_secondary(text, "volfyirion phrases")


def _run(text: str, *answers: str, setup: dict = SETUP):
    """Run ``text`` for p1 in ``setup``, answering its questions: the game and the state after."""
    return run_secondary(text, *answers, setup=setup, suite="volfyirion phrases")


def _offered(game, state) -> set[str]:
    return {game.action_to_string(a) for a in game.legal_actions(state)}


def _points(game, state) -> dict:
    return game.rules.describe(state)["p1"]["points"]


# ---------------------------------------------------------------- Remove a Card, from named zones
def test_remove_a_card_from_your_hand_offers_your_hand_only():
    assert _offered(*_run("remove a card from your hand")) == {"choose hand:Stab", "skip"}


def test_remove_a_card_in_your_discard_pile_removes_the_card_chosen():
    game, state = _run("remove a card in your discard pile", "choose discard:Mint")
    seen = game.rules.describe(state)
    assert seen["removed"] == ["Mint"] and seen["p1"]["discard"] == ["Prospector"]


def test_remove_a_card_from_your_hand_or_discard_pile_offers_both_but_not_play():
    assert _offered(*_run("remove a card from your hand or discard pile")) == {
        "choose hand:Stab", "choose discard:Mint", "choose discard:Prospector", "skip"}


def test_if_you_do_after_a_removal_gains_when_a_card_was_removed():
    game, state = _run("you may remove a card from your hand; if you do, gain 2 command")
    before = _points(game, state)["command"]
    game.apply(state, "yes")
    game.apply(state, "choose hand:Stab")
    assert _points(game, state)["command"] == before + 2 and game.rules.describe(state)["removed"] == ["Stab"]


def test_if_you_do_is_false_when_the_removal_is_skipped():
    game, state = _run("you may remove a card from your hand; if you do, gain 2 command")
    before = _points(game, state)["command"]
    game.apply(state, "yes")
    game.apply(state, "skip")
    assert _points(game, state)["command"] == before and game.rules.describe(state)["removed"] == []


def test_a_removal_with_nothing_to_remove_asks_nothing_and_did_nothing():
    setup = {**SETUP, "p1": {**SETUP["p1"], "hand": []}}
    game, state = _run("remove a card from your hand; if you do, gain 2 command", setup=setup)
    assert game.rules.describe(state)["pending"] is None and _points(game, state)["command"] == 1  # Captain's


def test_if_you_do_after_the_plain_removal_asks_whether_a_card_was_removed():
    game, state = _run("remove a card; if you do, gain 2 command", "choose discard:Prospector")
    assert _points(game, state)["command"] == 1 + 2  # Captain's, then the 2


@pytest.mark.parametrize("text", ["remove a card from the enemy's hand", "remove a card from your house deck",
                                  "remove a card from your hand or the asset row"])
def test_a_removal_from_a_zone_it_cannot_reach_is_refused(text):
    with pytest.raises(CardLanguageError, match="removed from your own hand, discard pile or playing area"):
        _compile(text)


# ---------------------------------------------------------------- assets
def test_acquire_an_asset_costing_3_or_less_offers_the_row_cards_that_cost_3_or_less():
    assert _offered(*_run("acquire an asset costing 3 or less for free")) == {
        "choose row1:Novice", "choose row2:Stab", "choose row5:Soldier", "skip"}


def test_an_asset_acquired_for_free_goes_to_the_discard_pile_and_costs_nothing():
    game, state = _run("acquire an asset costing 3 or less for free")
    before = _points(game, state)["command"]
    game.apply(state, "choose row5:Soldier")
    seen = game.rules.describe(state)
    assert seen["p1"]["discard"][-1] == "Soldier" and seen["asset_row"][4] is None
    assert _points(game, state)["command"] == before


def test_acquire_without_for_free_offers_only_the_assets_the_pool_can_pay():
    setup = {**SETUP, "p1": {**SETUP["p1"], "points": {"command": 2}}}  # and the Captain's 1
    assert _offered(*_run("acquire an asset", setup=setup)) == {
        "choose row1:Novice", "choose row2:Stab", "choose row5:Soldier", "skip"}


def test_acquire_without_for_free_pays_the_price_from_the_pool():
    setup = {**SETUP, "p1": {**SETUP["p1"], "points": {"command": 3}}}  # and the Captain's 1
    game, state = _run("acquire an asset", "choose row1:Novice", setup=setup)
    assert game.rules.describe(state)["p1"]["discard"][-1] == "Novice"
    assert _points(game, state)["command"] == 4 - 3


def test_starting_cards_are_not_assets():
    setup = {**SETUP, "p1": {**SETUP["p1"], "discard": ["Mint", "Prospector", "Stab"]}}
    game, state = _run("gain 1 battle for each asset in your discard pile", setup=setup)
    assert _points(game, state)["battle"] == 3 + 2  # Captain's 3, then Mint and Stab


def test_put_target_asset_from_the_asset_row_on_the_bottom_of_the_asset_deck():
    game, state = _run("put target asset from the asset row on the bottom of the asset deck", "choose row3:Library")
    seen = game.rules.describe(state)
    assert seen["asset_row"][2] is None and seen["asset_deck"][0] == "Library"


def test_acquire_a_troop_takes_one_from_the_asset_row_never_from_a_city():
    setup = {**SETUP, "p2": {"cities": [{"troop": "Fighter"}, {}, {}]}}
    assert _offered(*_run("acquire a troop for free", setup=setup)) == {
        "choose row1:Novice", "choose row5:Soldier", "skip"}


def test_acquire_a_wonder_takes_one_from_the_lair_never_from_a_playing_area():
    setup = {**SETUP, "p2": {"play": ["Sharp Qoam"]}, "lair": ["Glowing Fungii", "Living Knife"]}
    assert _offered(*_run("acquire a wonder for free", setup=setup)) == {
        "choose lair1:Glowing Fungii", "choose lair2:Living Knife", "skip"}


# ---------------------------------------------------------------- your next acquired asset
def test_your_next_acquired_asset_costs_1_less_once():
    setup = {**SETUP, "p1": {"hand": [], "points": {"command": 5}}}
    game, state = _run("your next acquired asset costs 1 less this turn", setup=setup)
    game.apply(state, "acquire asset 1")  # Novice, 3 - 1
    assert _points(game, state)["command"] == 3
    game.apply(state, "acquire asset 5")  # Soldier, 3
    assert _points(game, state)["command"] == 0

