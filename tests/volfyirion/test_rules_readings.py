"""The readings settled with the printed set (ids from the catalogue): thinning by a Remove Ability,
the claimed Lair as one of 'your Cities' for the Ploys, the Cities' two sets, and what a scenario's
setup means for turns and decks."""
from __future__ import annotations

import pytest

from tabletop.framework import scenarios
from tabletop.framework.packs import registry

PLOYS = {"variants": ["ploys"]}


# ---------------------------------------------------------------- VOL-REMAB-03: thinning only
def test_VOL_REMAB_03_thin_removes_the_card_and_takes_none_of_its_bonus(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": [], "play": ["Barter"],
                                                     "cities": [{"troop": "Novice"}, {}, {}]}})
    assert {"remove Barter", "thin Barter", "remove Novice city1", "thin Novice city1"} <= legal()
    d = run("thin Barter")  # Barter's Remove Ability would give 3 knowledge
    assert d["removed"] == ["Barter"] and d["p1"]["play"] == []
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 0}  # its main point only
    d = run("thin Novice city1")
    assert d["removed"] == ["Barter", "Novice"] and d["p1"]["city1"]["troop"] is None
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 0}


def test_VOL_REMAB_03_the_bonus_is_still_there_for_remove(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": [], "play": ["Barter"]}})
    d = run("remove Barter")
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 3}


def test_VOL_REMAB_03_a_bonus_that_asks_needs_no_thin_action(game):
    """Qoam Ritual's bonus (remove a card) is asked, so 'remove' then 'skip' thins; no second action."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector"], "play": ["Qoam Ritual"]}})
    assert "remove Qoam Ritual" in legal() and "thin Qoam Ritual" not in legal()
    run("remove Qoam Ritual")
    assert legal() == {"choose hand:Prospector", "skip"}
    d = run("skip")
    assert d["removed"] == ["Qoam Ritual"] and d["p1"]["hand"] == ["Prospector"]


def test_VOL_REMAB_03_VOL_VAR_PLOY_SECOND_02_a_troop_thinned_was_not_used_to_attack(game):
    """Reading changed (2026-12-03): Second Chance answers a Remove Ability used "to Attack", its Battle
    Points taken; a thinned Soldier gave none, so the attack after it leaves the Ploy waiting."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 9}, "ploy": None,
                                                     "cities": [{"troop": "Soldier"}, {}, {}]},
                              "p2": {"ploy": "Second Chance"}}, options=PLOYS)
    d = run("thin Soldier city1", "attack p2.city2")
    assert d["p1"]["points"]["battle"] == 0 and d["pending"] is None and d["p2"]["ploy"] == "Second Chance"


def test_VOL_VAR_PLOY_SECOND_02_a_troop_removed_for_its_battle_points_sets_it_off(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 7}, "ploy": None,
                                                     "cities": [{"troop": "Soldier"}, {}, {}]},
                              "p2": {"ploy": "Second Chance"}}, options=PLOYS)
    d = run("remove Soldier city1", "attack p2.city2")
    assert d["p1"]["points"]["battle"] == 0 and d["pending"]  # Second Chance asks p2
    assert legal() == {"choose p2.city1", "choose p2.city3", "skip"}


# ---------------------------------------------------------------- VOL-DEFEAT-12: the Lair is a City
def test_VOL_DEFEAT_12_double_shift_answers_the_first_attack_on_a_claimed_lair(game):
    state, run, legal = game({"active": "p2", "lair_owner": "p1", "p1": {"ploy": "Double Shift"},
                              "p2": {"ploy": None, "points": {"battle": 21}}}, options=PLOYS)
    d = run("attack p1.lair")
    assert d["p1"]["lair"] is not None and d["p1"]["ploy"] is None and "Double Shift" in d["removed"]
    assert d["p2"]["points"]["battle"] == 11  # the 10 are lost
    assert "attack p1.lair" not in legal()  # 12 this turn
    state.counters["p2.battle"] = 12
    assert "attack p1.lair" in legal()
    d = run("attack p1.lair")
    assert "lair" not in d["p1"] and "Volfyirion's Lair" in d["removed"]


def test_VOL_DEFEAT_12_second_chance_answers_an_attack_on_a_claimed_lair(game):
    state, run, legal = game({"active": "p2", "lair_owner": "p1", "p1": {"ploy": "Second Chance"},
                              "p2": {"ploy": None, "points": {"battle": 8}, "cities": [{"troop": "Soldier"}, {}, {}]}},
                             options=PLOYS)
    d = run("remove Soldier city1", "attack p1.lair")
    assert "lair" not in d["p1"]
    assert d["pending"] and legal() == {"choose p1.city1", "choose p1.city2", "choose p1.city3", "skip"}


# ---------------------------------------------------------------- the Cities' two sets (VOL-SETUP-11)
SET1, SET2 = ["Tylaris", "Vahylea", "Alantar"], ["Yrdesh", "Akao Uket", "Kyr"]


def _cities(rules, options):
    d = rules.describe(rules.setup(options, 4))
    return [[d[p][f"city{i}"]["name"] for i in (1, 2, 3)] for p in ("p1", "p2")]


def test_VOL_SETUP_11_each_player_has_one_named_set_of_three(rules):
    assert _cities(rules, {}) == [SET1, SET2]
    assert _cities(rules, {"first": "p2"}) == [SET1, SET2]  # by seat, whoever goes first
    assert _cities(rules, {"cities": 2}) == [SET2, SET1]
    dealt = {tuple(map(tuple, _cities_seed(rules, s))) for s in range(12)}
    assert dealt == {(tuple(SET1), tuple(SET2)), (tuple(SET2), tuple(SET1))}
    with pytest.raises(ValueError, match="cities"):
        rules.setup({"cities": 3}, 0)


def _cities_seed(rules, seed):
    d = rules.describe(rules.setup({"cities": "random"}, seed))
    return [[d[p][f"city{i}"]["name"] for i in (1, 2, 3)] for p in ("p1", "p2")]


# ---------------------------------------------------------------- scenario setups
def test_VOL_SETUP_ROW_03_a_scenario_turn_of_p2_counts_as_its_first(game):
    state, run, legal = game({"active": "p2", "first_turn": True})
    assert {"mulligan", "refresh all"} <= legal()
    d = run("end turn", "end turn")  # p1's second turn, then p2's second
    assert d["active"] == "p2" and d["turn"] == 4
    assert not {"mulligan", "refresh all"} & legal()


def test_VOL_SETUP_MULL_02_a_scenario_turn_of_p2_without_first_turn_options_closes_them_for_good(game):
    state, run, legal = game({"active": "p2"})
    run("end turn", "end turn")
    assert not {a for a in legal() if a.startswith(("mulligan", "refresh"))}


def test_VOL_SETUP_10_wonder_deck_before_lair_fills_the_lair_by_the_setup_rule(game):
    stack = ["Emerald Horn", "Sharp Qoam", "Void Fluid", "Pure Qoam", "Black Spores"]  # top first: 6, 2, 4, 3, 4
    state, run, legal = game({"wonder_deck_before_lair": stack[::-1]})
    d = run()
    assert d["lair"]["wonders"] == ["Sharp Qoam", "Pure Qoam"]
    assert d["wonder_deck"] == ["Void Fluid", "Emerald Horn", "Black Spores"]  # bottom -> top


def test_VOL_SETUP_07_asset_deck_before_row_deals_the_row_from_its_top(game):
    deck = ["Barter", "Stab", "Mint", "Bank", "Library", "Guard", "Novice"]  # bottom -> top
    state, run, legal = game({"asset_deck_before_row": deck})
    d = run()
    assert d["asset_row"] == ["Novice", "Guard", "Library", "Bank", "Mint"]
    assert d["asset_deck"] == ["Barter", "Stab"]


def test_scenario_cards_are_only_where_the_scenario_puts_them(tmp_path):
    text = """game: volfyirion
seed: 0
cards:
  - {name: Test Wonder, type: wonder, cost: 1, main: 1 battle, copies: 20}
  - {name: Test Coin, type: command, house: red, cost: 1, main: 1 command, copies: 20}
setup:
  active: p1
  p1: {hand: [Test Coin]}
steps:
  - expect: {p1.hand: [Test Coin]}
"""
    path = tmp_path / "s.yaml"
    path.write_text(text)
    sc = scenarios.load(path)
    pack = registry().get("volfyirion")
    rules = pack.rules_with(scenarios._scenario_cards(sc, pack))
    state = rules.setup({}, 0)
    names = {state.cards[i].name for _, z in state.places() for i in z}
    assert not names & {"Test Wonder", "Test Coin"}  # in no deck, no row, no Lair
    scenarios.run(path)
    path.write_text(text.replace("seed: 0\n", "seed: 0\ndeal_cards: true\n"))
    sc = scenarios.load(path)
    rules = pack.rules_with(scenarios._scenario_cards(sc, pack))
    state = rules.setup({}, 0)
    dealt = [state.cards[i].name for k in ("asset_deck", "wonder_deck", "lair1", "lair2") for i in state.cards_in(k)]
    assert dealt.count("Test Wonder") == 20 and dealt.count("Test Coin") > 0


def test_a_scenario_card_replacing_a_pack_card_takes_its_place(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("game: volfyirion\ncards:\n  - {name: Stab, type: command, house: red, cost: 1, main: 5 battle, copies: 2}\n"
                    "steps: []\n")
    sc = scenarios.load(path)
    pack = registry().get("volfyirion")
    rules = pack.rules_with(scenarios._scenario_cards(sc, pack))
    state = rules.setup({}, 0)
    stabs = [state.cards[i] for k in ("asset_deck", "row1", "row2", "row3", "row4", "row5") for i in state.cards_in(k)
             if state.cards[i].name == "Stab"]
    assert len(stabs) == 2 and all(c.main == ((1, 5),) for c in stabs)
