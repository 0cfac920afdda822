"""Rules of the base game, each test named with its rule id (shared/rules/volfyirion.yaml)."""
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


P1_TURN = {"active": "p1"}


def test_VOL_GAIN_05_06_worked_example(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": [
        "Prospector", "Diviner", "Apothecary", "Flawless Deploy", "Soldier"]},
        "asset_row": ["Suicide Mission", "Hidden Cache", "Caravan", "Caravan", "Caravan"],
        "lair": ["Sharp Qoam", "Moon Pillar"]})
    d = run("play Prospector", "play Diviner", "play Flawless Deploy",
            "play Soldier city1", "play Apothecary city2")
    assert d["p1"]["points"] == {"command": 5, "battle": 3, "knowledge": 6}
    assert "activate Flawless Deploy" not in legal() and "activate Apothecary city2" not in legal()
    d = run("acquire asset 1", "acquire asset 2", "acquire wonder 1", "skip")
    assert d["p1"]["points"] == {"command": 0, "battle": 1, "knowledge": 6}
    assert d["p1"]["discard"][-3:] == ["Suicide Mission", "Hidden Cache", "Sharp Qoam"]
    assert d["asset_row"][:2] == [None, None]


def test_VOL_ATTACK_05_guarded_city_twice_in_a_row(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 19}},
                              "p2": {"cities": [{"troop": "Soldier", "building": "Foundry"}, {}, {}]}})
    assert "attack p2.city1" in legal()
    d = run("attack p2.city1")  # 8 + the Soldier's 3
    assert d["p2"]["city1"]["troop"] is None and not d["p2"]["city1"]["destroyed"]
    assert d["p2"]["city1"]["building"] == "Foundry" and d["p1"]["points"]["battle"] == 8
    d = run("attack p2.city1")
    assert d["p2"]["city1"]["destroyed"] and d["p1"]["points"]["battle"] == 0
    assert "Foundry" in d["removed"] and "Soldier" in d["removed"]


def test_VOL_ATTACK_06_troop_counted_once(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 13}},
                              "p2": {"cities": [{}, {}, {"troop": "Dragon Hunters"}]}})
    assert "attack p2.city3" not in legal()
    state.counters["p1.battle"] = 14
    assert "attack p2.city3" in legal()


def test_VOL_WIN_01_last_city(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 8}},
                              "p2": {"cities": [{}, {"destroyed": True}, {"destroyed": True}]}})
    d = run("attack p2.city1")
    assert d["over"] and d["winner"] == "p1" and legal() == set()


def test_VOL_WIN_02_dragon_in_victims_own_turn(game):
    state, run, legal = game({"active": "p2", "volfyirion": "p2.city1",
                              "p2": {"cities": [{}, {"destroyed": True}, {"destroyed": True}]}})
    d = run("end turn")
    assert d["over"] and d["winner"] == "p1"


def test_VOL_END_06_dragon_wrath(game):
    state, run, legal = game({"active": "p2", "volfyirion": "p2.city1",
                              "p2": {"points": {"knowledge": 8},
                                     "cities": [{"troop": "Wall Guard", "building": "Foundry"}, {}, {}]}})
    d = run("end turn")
    assert d["p2"]["city1"]["destroyed"] and d["volfyirion"] == "lair"
    assert {"Wall Guard", "Foundry"} <= set(d["removed"])
    assert d["active"] == "p1" and d["phase"] == "main"


def test_VOL_MOVE_02_03_04_05(game):
    state, run, legal = game({"active": "p1", "volfyirion": "p1.city1", "p1": {"points": {"knowledge": 16}}})
    moves = {a for a in legal() if a.startswith("move")}
    assert moves == {"move volfyirion lair"}
    d = run("move volfyirion lair")
    assert {a for a in legal() if a.startswith("move")} == {f"move volfyirion p2.city{i}" for i in (1, 2, 3)}
    d = run("move volfyirion p2.city2")
    assert d["volfyirion"] == "p2.city2" and d["p1"]["points"]["knowledge"] == 0
    d = run("end turn")
    assert not d["p1"]["city1"]["destroyed"] and d["volfyirion"] == "p2.city2"  # VOL-END-05


def test_VOL_DEFEAT_01_04_06_09_claim_the_lair(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 16}},
                              "lair": ["Sharp Qoam", "Echo Stone"]})
    d = run("defeat volfyirion")
    assert d["volfyirion"] == "removed" and d["lair"]["owner"] == "p1"
    assert d["p1"]["discard"][-2:] == ["Sharp Qoam", "Echo Stone"] and d["pending"] is None
    assert d["p1"]["points"]["battle"] == 4 and d["p1"]["intact"] == 4
    assert d["p1"]["lair"]["defence"] == 10
    state.counters["p1.battle"] = 30
    state.counters["p1.knowledge"] = 30
    assert not any(a.startswith(("defeat", "move", "acquire wonder")) for a in legal())
    d = run("end turn")
    assert d["lair"]["wonders"] == [None, None]  # VOL-DEFEAT-10


def test_VOL_DEFEAT_12_15_lair_is_a_city(game):
    state, run, legal = game({"active": "p2", "lair_owner": "p1", "p2": {"points": {"battle": 10}},
                              "p1": {"cities": [{"destroyed": True}] * 3}})
    assert not state.over
    d = run("attack p1.lair")
    assert d["over"] and d["winner"] == "p2" and "Volfyirion's Lair" in d["removed"]


def test_VOL_DEFEAT_08_lair_points_each_turn(game):
    state, run, legal = game({"active": "p1", "lair_owner": "p1"})
    assert run()["p1"]["points"]["battle"] == 4


def test_VOL_SETUP_MULL_01_02(game):
    state, run, legal = game({"active": "p1", "first_turn": True,
                              "p1": {"hand": ["Prospector"] * 5, "deck": ["Diviner"] * 5}})
    assert "mulligan" in legal()
    d = run("mulligan")
    assert len(d["p1"]["hand"]) == 5 and len(d["p1"]["deck"]) == 5 and "mulligan" not in legal()
    state, run, legal = game({"active": "p1", "first_turn": True})
    run("play Prospector")
    assert "mulligan" not in legal()


def test_VOL_SETUP_ROW_01_03_first_player_refresh_one(game):
    state, run, legal = game({"active": "p1", "first_turn": True, "p1": {"points": {"command": 5}},
                              "asset_row": ["Caravan", "Purge", "Caravan", "Caravan", "Caravan"],
                              "asset_deck": ["Foundry", "Watchtower"]})
    assert "refresh 2" in legal() and "refresh all" not in legal()
    d = run("refresh 2")
    assert d["asset_row"][1] == "Watchtower" and d["asset_deck"] == ["Purge", "Foundry"]
    assert d["p1"]["points"]["knowledge"] == 0 and not any(a.startswith("refresh") for a in legal())
    state, run, legal = game({"active": "p1", "first_turn": True, "p1": {"points": {"command": 10}}})
    run("acquire asset 1")
    assert not any(a.startswith("refresh") for a in legal())


def test_VOL_SETUP_ROW_02_04_second_player_refresh_all(game):
    row = ["Caravan", "Purge", "Foundry", "Watchtower", "Catacombs"]
    state, run, legal = game({"active": "p2", "first_turn": True, "asset_row": row,
                              "asset_deck": ["Wall Guard"] + ["Red Lancers"] * 5})
    assert "refresh all" in legal() and "refresh 1" not in legal()
    d = run("refresh all")  # each card under the previous one, in row order: row 5 lowest
    assert d["asset_row"] == ["Red Lancers"] * 5 and d["asset_deck"] == row[::-1] + ["Wall Guard"]


def test_VOL_WONDER_02_03_05_acquisition_removal(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Captain"], "discard": ["Prospector"],
                                                     "points": {"battle": 2}}, "lair": ["Sharp Qoam"]})
    d = run("acquire wonder 1")
    assert d["pending"]
    assert legal() == {"choose discard:Prospector", "choose hand:Captain", "skip"}
    d = run("choose hand:Captain")
    assert "Captain" in d["removed"] and d["p1"]["points"]["command"] == 0 and d["pending"] is None


def test_VOL_SYN_02_03_07_synergy_chains(game):
    # Vanguard Charge: red, chain [red] -> 2 battle, fires by itself
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Vanguard Charge", "Vanguard Charge"]}})
    d = run("play Vanguard Charge")
    assert d["p1"]["points"]["battle"] == 2  # own colour never counts for itself
    d = run("play Vanguard Charge")
    assert d["p1"]["points"]["battle"] == 2 + 2 + 2 + 2  # both chains now fire, once each
    # Siege Order: chain [red, red] needs two other red cards
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Siege Order", "Vanguard Charge"],
                                                     "play": ["Wall Guard"]},
                              "p2": {"cities": [{"building": "Foundry"}, {}, {}]}})
    run("play Siege Order", "play Vanguard Charge")
    assert "activate Siege Order" not in legal()


def test_VOL_CARD_02_grey_satisfies_nothing(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Vanguard Charge"], "play": ["Quartermaster"]}})
    assert run("play Vanguard Charge")["p1"]["points"]["battle"] == 1 + 2  # Quartermaster 1, no chain


def test_VOL_SEC_05_activation_with_optional_draw(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Kyradar Scout", "Scholar's Insight"],
                                                     "deck": ["Diviner"]}})
    run("play Kyradar Scout", "play Scholar's Insight")
    assert "activate Kyradar Scout" in legal()
    d = run("activate Kyradar Scout")
    assert d["pending"] and legal() == {"yes", "no"}
    d = run("yes")
    assert d["p1"]["hand"] == ["Diviner"] and "activate Kyradar Scout" not in legal()
    assert "play Diviner" in legal()  # VOL-EFF-DRAW-01


def test_VOL_REMAB_01_02_05_troop_remove_ability(game):
    state, run, legal = game({"active": "p1", "p1": {"cities": [{"troop": "Soldier"}, {}, {}]}})
    assert run()["p1"]["city1"]["defence"] == 11
    d = run("remove Soldier city1")
    assert d["p1"]["points"]["battle"] == 2 and d["p1"]["city1"]["defence"] == 8
    assert "Soldier" in d["removed"]


def test_VOL_REMAB_02_wonder_main_points_not_doubled(game):
    state, run, legal = game({"active": "p1", "p1": {"play": ["Sharp Qoam"]}})
    assert run()["p1"]["points"] == {"command": 0, "battle": 1, "knowledge": 0}
    d = run("remove Sharp Qoam")
    assert d["p1"]["points"] == {"command": 2, "battle": 1, "knowledge": 0}


def test_VOL_SEAL_01_03_07(game):
    state, run, legal = game({"active": "p1", "p1": {"play": ["Echo Stone"], "points": {"knowledge": 6}},
                              "p2": {"play": ["Rune Gate"]}})
    assert {"seal p1 Echo Stone", "seal p2 Rune Gate"} <= legal()
    d = run("seal p2 Rune Gate")
    assert d["p2"]["sealed"] == ["Rune Gate"] and d["p1"]["points"]["knowledge"] == 2
    d = run("end turn")
    assert d["p2"]["points"]["command"] == 0  # a sealed Wonder gives nothing


def test_VOL_REDEPLOY_01_02_03_GAIN_07(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 8},
                                                     "cities": [{"troop": "Red Lancers"}, {"troop": "Wall Guard"}, {}]}})
    assert {a for a in legal() if a.startswith("redeploy")} == {
        "redeploy city1 city3", "redeploy city2 city3"}
    d = run("redeploy city1 city3")
    assert d["p1"]["city3"]["defence"] == 12 and d["p1"]["city1"]["defence"] == 8
    assert d["p1"]["points"] == {"command": 4, "battle": 3, "knowledge": 0}


def test_VOL_REPLACE_03_05(game):
    state, run, legal = game({"active": "p1", "p1": {"points": {"knowledge": 4, "command": 9}},
                              "asset_row": ["Caravan", None, "Purge", "Foundry", "Catacombs"]})
    assert "replace 2" not in legal() and "replace 1" in legal()
    state, run, legal = game({"active": "p1", "p1": {"points": {"knowledge": 4}}, "asset_deck": []})
    assert not any(a.startswith("replace") for a in legal())


def test_VOL_END_02_07_end_of_turn(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector", "Captain", "Sharp Qoam", "Diviner"],
                                                     "points": {"command": 5}},
                              "asset_deck": ["Foundry", "Purge"]})
    run("play Prospector", "play Captain", "play Sharp Qoam", "acquire asset 1")
    d = run("end turn")
    assert d["p1"]["play"] == ["Sharp Qoam"] and d["p1"]["hand"] == []
    assert set(d["p1"]["discard"]) >= {"Prospector", "Captain", "Diviner"}
    assert d["p1"]["points"] == {"command": 0, "battle": 0, "knowledge": 0}
    assert d["asset_row"][0] == "Purge" and d["active"] == "p2"


def test_VOL_DRAW_03_05_reshuffle_and_empty(game):
    state, run, legal = game({"active": "p2", "p1": {"hand": [], "deck": ["Captain", "Diviner"],
                                                     "discard": ["Prospector"] * 6}})
    d = run("end turn")
    assert {"Captain", "Diviner"} <= set(d["p1"]["hand"]) and len(d["p1"]["hand"]) == 5
    assert len(d["p1"]["deck"]) == 3 and d["p1"]["discard"] == []
    state, run, legal = game({"active": "p2", "p1": {"hand": [], "deck": [], "discard": []}})
    d = run("end turn")
    assert d["p1"]["hand"] == [] and not d["over"] and "end turn" in legal()


def test_VOL_TURN_03_identical_cards_one_action(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector"] * 4 + ["Wall Guard"]}})
    acts = [a for a in legal() if a.startswith("play")]
    assert sorted(acts) == ["play Prospector", "play Wall Guard city1", "play Wall Guard city2",
                            "play Wall Guard city3"]


def test_illegal_action_is_refused(rules, game):
    state, run, legal = game(P1_TURN)
    with pytest.raises(IllegalAction):
        rules.apply_checked(state, ("attack", "p2.city1"))


def test_notation_round_trip(rules):
    for text in ["play Soldier city2", "play Titan's Anvil", "acquire asset 3", "acquire wonder 2",
                 "redeploy city1 city3", "attack p2.city1", "attack p1.lair", "seal p2 Sharp Qoam",
                 "unseal p1 Heart of Kyradar", "replace 4", "move volfyirion p2.city3",
                 "move volfyirion lair", "defeat volfyirion", "activate Apothecary city2",
                 "activate Flawless Deploy", "remove Soldier city1", "remove Sharp Qoam",
                 "mulligan", "refresh 3", "refresh all", "end turn", "choose hand:Captain",
                 "choose discard:Flawless Deploy", "skip", "yes", "no"]:
        assert rules.format(rules.parse(text)) == text


def test_VOL_ATTACK_10_dragon_goes_home_when_its_city_falls(game):
    state, run, legal = game({"active": "p1", "volfyirion": "p2.city1", "p1": {"points": {"battle": 8}}})
    d = run("attack p2.city1")
    assert d["p2"]["city1"]["destroyed"] and d["volfyirion"] == "lair"


def test_VOL_EFF_NOTARGET_01_no_target_no_question(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Suicide Mission", "Vanguard Charge"]}})
    run("play Suicide Mission", "play Vanguard Charge")  # 2 battle, then 2 and its red chain's 2
    d = run("remove Suicide Mission")  # destroy an enemy building: there is none, nothing is asked
    assert d["pending"] is None and d["p1"]["points"]["battle"] == 6


def test_VOL_TURN_03_only_active_player_acts(game, rules):
    state, run, legal = game({"active": "p1"})
    assert state.to_move() == 0
    assert all(a[0] in rules.verbs for a in rules.legal_actions(state))


def test_VOL_EFF_REMCARD_02_can_remove_itself(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Shadow Broker", "Purge"]}})
    run("play Shadow Broker", "play Purge", "activate Shadow Broker")
    assert "choose play:Shadow Broker" in legal()
    d = run("choose play:Shadow Broker")
    assert d["removed"] == ["Shadow Broker"] and d["p1"]["play"] == ["Purge"]
