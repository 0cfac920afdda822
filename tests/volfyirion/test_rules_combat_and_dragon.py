"""Attacks, Wonder acquisition, defeating Volfyirion and moving it (shared/rules/volfyirion.yaml).

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


NO_HAND = ["Prospector"] * 5  # grey cards with no ability: nothing in hand interferes


def starting(legal, prefix):
    return {a for a in legal() if a.startswith(prefix)}


# ---------------------------------------------------------------- attack a City
def test_VOL_ATTACK_01_unguarded_city_costs_its_defence(game):
    """VOL-ATTACK-01: paying exactly the City's defence destroys an unguarded City."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 9}}})
    assert "attack p2.city2" in legal() and "attack p2.city3" not in legal()
    d = run("attack p2.city2")
    assert d["p2"]["city2"]["destroyed"] is True
    assert d["p1"]["points"]["battle"] == 0
    assert d["p2"]["city1"]["destroyed"] is False and d["p2"]["city3"]["destroyed"] is False


def test_VOL_ATTACK_02_building_of_destroyed_city_is_removed(game):
    """VOL-ATTACK-02: the Building of a City destroyed by attack leaves the game."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 9}},
                              "p2": {"discard": [], "cities": [{}, {"building": "Foundry"}, {}]}})
    d = run("attack p2.city2")
    assert d["p2"]["city2"]["building"] is None
    assert d["removed"] == ["Foundry"]
    assert "Foundry" not in d["p2"]["discard"] and "Foundry" not in d["p2"]["hand"]


def test_VOL_ATTACK_03_destroyed_city_is_flipped(game):
    """VOL-ATTACK-03: the destroyed City shows its destroyed side: no defence, no longer a target."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 30}}})
    assert run()["p2"]["city1"]["defence"] == 8
    d = run("attack p2.city1")
    city = d["p2"]["city1"]
    assert city["destroyed"] is True and city["defence"] == 0 and city["name"] == "Yrdesh"
    assert d["p2"]["intact"] == 2
    assert "attack p2.city1" not in legal()
    assert d["p1"]["points"]["battle"] == 22


def test_VOL_ATTACK_04_guarded_city_loses_its_troop(game):
    """VOL-ATTACK-04: City + Troop defence is paid; the Troop leaves the game, City and Building stay."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 11}},
                              "p2": {"cities": [{"troop": "Soldier", "building": "Foundry"}, {}, {}]}})
    d = run("attack p2.city1")
    assert d["p1"]["points"]["battle"] == 0
    assert d["p2"]["city1"] == {"name": "Yrdesh", "defence": 8, "printed": 8, "destroyed": False,
                                "troop": None, "building": "Foundry"}
    assert d["removed"] == ["Soldier"]


def test_VOL_ATTACK_05_guarded_city_destroyed_by_two_attacks(game):
    """VOL-ATTACK-05: 19 BP = 2 x 8 + 3: the Troop falls, then the City; nothing is left over."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 19}},
                              "p2": {"cities": [{"troop": "Soldier", "building": "Foundry"}, {}, {}]}})
    d = run("attack p2.city1")
    assert d["p2"]["city1"]["destroyed"] is False and d["p2"]["city1"]["troop"] is None
    assert d["p1"]["points"]["battle"] == 8 and "attack p2.city1" in legal()
    d = run("attack p2.city1")
    assert d["p2"]["city1"]["destroyed"] is True and d["p1"]["points"]["battle"] == 0
    assert d["removed"] == ["Soldier", "Foundry"]


def test_VOL_ATTACK_06_troop_defence_counted_once(game):
    """VOL-ATTACK-06: City 10 + Dragon Hunters 4 costs exactly 14 BP (not 18)."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 13}},
                              "p2": {"cities": [{}, {}, {"troop": "Dragon Hunters"}]}})
    assert run()["p2"]["city3"]["defence"] == 14
    assert "attack p2.city3" not in legal()
    state.counters["p1.battle"] = 14
    d = run("attack p2.city3")
    assert d["p1"]["points"]["battle"] == 0 and d["p2"]["city3"]["troop"] is None
    assert d["p2"]["city3"]["destroyed"] is False


def test_VOL_ATTACK_07_only_intact_enemy_cities_are_targets(game, rules):
    """VOL-ATTACK-07: never an own City, never a destroyed one."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 30}},
                              "p2": {"cities": [{}, {}, {"destroyed": True}]}})
    assert starting(legal, "attack") == {"attack p2.city1", "attack p2.city2"}
    for target in ("p1.city1", "p2.city3"):
        with pytest.raises(IllegalAction):
            rules.apply_checked(state, ("attack", target))
    assert run()["p1"]["points"]["battle"] == 30


def test_VOL_ATTACK_08_attack_is_all_or_nothing(game, rules):
    """VOL-ATTACK-08: 10 BP against a cost of 11: no attack, no partial damage."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 10}},
                              "p2": {"cities": [{"troop": "Soldier"}, {}, {}]}})
    assert "attack p2.city1" not in legal()
    with pytest.raises(IllegalAction):
        rules.apply_checked(state, ("attack", "p2.city1"))
    d = run()
    assert d["p2"]["city1"]["troop"] == "Soldier" and d["p2"]["city1"]["defence"] == 11
    assert d["p1"]["points"]["battle"] == 10 and d["removed"] == []


def test_VOL_ATTACK_09_any_number_of_attacks(game):
    """VOL-ATTACK-09: 17 BP destroy the 8 and the 9 City in the same turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 17}}})
    d = run("attack p2.city1", "attack p2.city2")
    assert d["p2"]["city1"]["destroyed"] and d["p2"]["city2"]["destroyed"]
    assert not d["p2"]["city3"]["destroyed"] and d["p1"]["points"]["battle"] == 0
    assert not d["over"]


def test_VOL_ATTACK_10_dragon_returns_to_lair_with_its_city(game):
    """VOL-ATTACK-10: the token on a City destroyed by attack goes straight back to the Lair."""
    state, run, legal = game({"active": "p1", "volfyirion": "p2.city3",
                              "p1": {"hand": NO_HAND, "points": {"battle": 10, "knowledge": 8}}})
    assert starting(legal, "move") == set()
    d = run("attack p2.city3")
    assert d["p2"]["city3"]["destroyed"] and d["volfyirion"] == "lair"
    assert starting(legal, "move") == {"move volfyirion p2.city1", "move volfyirion p2.city2"}


# ---------------------------------------------------------------- acquire a Wonder
def test_VOL_ACQW_01_wonder_costs_its_printed_battle_cost(game):
    """VOL-ACQW-01: Sharp Qoam costs 2 BP."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 1}},
                              "lair": ["Sharp Qoam", "Heart of Kyradar"]})
    assert starting(legal, "acquire wonder") == set()
    state.counters["p1.battle"] = 2
    assert starting(legal, "acquire wonder") == {"acquire wonder 1"}
    d = run("acquire wonder 1", "skip")
    assert d["p1"]["points"]["battle"] == 0


def test_VOL_ACQW_02_acquired_wonder_goes_to_discard(game):
    """VOL-ACQW-02: the acquired Wonder is on the discard pile, not in the Playing Area."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "discard": [], "points": {"battle": 2}},
                              "lair": ["Sharp Qoam", "Heart of Kyradar"]})
    d = run("acquire wonder 1", "skip")
    assert d["p1"]["discard"] == ["Sharp Qoam"] and d["p1"]["play"] == []
    assert "play Sharp Qoam" not in legal()


def test_VOL_ACQW_03_lair_space_refilled_only_at_end_of_turn(game):
    """VOL-ACQW-03: the empty Lair space stays empty until End of Turn, then takes the Wonder Deck top."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 2}},
                              "lair": ["Sharp Qoam", "Moon Pillar"],
                              "wonder_deck": ["Titan's Anvil", "Echo Stone"]})
    d = run("acquire wonder 1", "skip")
    assert d["lair"]["wonders"] == [None, "Moon Pillar"]
    assert d["wonder_deck"] == ["Titan's Anvil", "Echo Stone"]
    d = run("end turn")
    assert d["lair"]["wonders"] == ["Echo Stone", "Moon Pillar"]
    assert d["wonder_deck"] == ["Titan's Anvil"]


def test_VOL_ACQW_04_wonder_deck_top_cannot_be_acquired(game):
    """VOL-ACQW-04: only the face-up Lair Wonders can be bought, never the Wonder Deck's top."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 30}},
                              "lair": [None, "Moon Pillar"], "wonder_deck": ["Sharp Qoam"]})
    assert starting(legal, "acquire wonder") == {"acquire wonder 2"}
    assert not any("Sharp Qoam" in a for a in legal())


# ---------------------------------------------------------------- defeat Volfyirion
def test_VOL_DEFEAT_01_costs_16_battle(game):
    """VOL-DEFEAT-01: 15 BP is not enough, 16 BP is, and they are spent."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 15}},
                              "lair": [None, None]})
    assert "defeat volfyirion" not in legal()
    state.counters["p1.battle"] = 16
    assert "defeat volfyirion" in legal()
    d = run("defeat volfyirion")
    assert d["p1"]["points"]["battle"] == 4  # 16 spent, then the Lair's own 4 (VOL-DEFEAT-09)


def test_VOL_DEFEAT_02_defeat_wherever_the_dragon_is(game):
    """VOL-DEFEAT-02: the dragon on one of your own Cities can be defeated; the City survives."""
    state, run, legal = game({"active": "p1", "volfyirion": "p1.city2",
                              "p1": {"hand": NO_HAND, "points": {"battle": 16}}})
    assert "defeat volfyirion" in legal()
    run("defeat volfyirion")
    d = run("end turn")
    assert d["p1"]["city2"]["destroyed"] is False and d["p1"]["intact"] == 4
    # and on an enemy City as well
    state, run, legal = game({"active": "p1", "volfyirion": "p2.city1",
                              "p1": {"hand": NO_HAND, "points": {"battle": 16}}})
    assert "defeat volfyirion" in legal()
    assert run("defeat volfyirion")["volfyirion"] == "removed"


def test_VOL_DEFEAT_03_token_removed_no_threat_left(game):
    """VOL-DEFEAT-03: after the Defeat the token is out of the game; no City is destroyed at End of Turn."""
    state, run, legal = game({"active": "p2", "volfyirion": "p2.city1",
                              "p2": {"hand": NO_HAND, "points": {"battle": 16}}})
    d = run("defeat volfyirion")
    assert d["volfyirion"] == "removed"
    d = run("end turn")
    assert d["volfyirion"] == "removed"
    assert [d[p][f"city{i}"]["destroyed"] for p in ("p1", "p2") for i in (1, 2, 3)] == [False] * 6
    d = run("end turn")
    assert d["volfyirion"] == "removed" and d["p1"]["intact"] == 3


def test_VOL_DEFEAT_04_defeater_gains_the_lair_wonders(game):
    """VOL-DEFEAT-04: every Wonder on the Lair goes to the defeater, free; the spaces are empty."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "discard": [], "points": {"battle": 16}},
                              "lair": ["Heart of Kyradar", "Eclipse Dial"]})
    d = run("defeat volfyirion")
    assert d["lair"]["wonders"] == [None, None]
    assert sorted(d["p1"]["discard"]) == ["Eclipse Dial", "Heart of Kyradar"]
    assert d["p1"]["points"]["battle"] == 4  # nothing paid for the Wonders (17 would be their cost)
    # zero Wonders on the Lair: nothing gained, still legal
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "discard": [], "points": {"battle": 16}},
                              "lair": [None, None]})
    assert run("defeat volfyirion")["p1"]["discard"] == []


def test_VOL_DEFEAT_05_wonders_to_discard_without_removal_bonus(game):
    """VOL-DEFEAT-05: the gained Wonders are on top of the discard pile; no removal choice is offered."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "discard": ["Captain"],
                                                     "points": {"battle": 16}},
                              "lair": ["Sharp Qoam", "Echo Stone"]})
    d = run("defeat volfyirion")
    assert d["p1"]["discard"] == ["Captain", "Sharp Qoam", "Echo Stone"]
    assert d["pending"] is None and not any(a.startswith("choose") or a == "skip" for a in legal())
    assert d["removed"] == []


def test_VOL_DEFEAT_06_lair_becomes_an_extra_city(game):
    """VOL-DEFEAT-06: the defeater has four Cities, the Lair being one; it has left the Asset Row side."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 16}}})
    assert run()["lair"]["owner"] is None and "lair" not in run()["p1"]
    d = run("defeat volfyirion")
    assert d["lair"]["owner"] == "p1" and d["p1"]["intact"] == 4
    assert d["p1"]["lair"]["name"] == "Volfyirion's Lair"
    assert "lair" not in d["p2"] and d["p2"]["intact"] == 3


def test_VOL_DEFEAT_07_claim_is_automatic(game):
    """VOL-DEFEAT-07: no decision follows the Defeat; the Lair is already the defeater's."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 16}}})
    d = run("defeat volfyirion")
    assert d["pending"] is None and d["lair"]["owner"] == "p1"
    assert not {"yes", "no", "skip"} & legal() and "end turn" in legal()


def test_VOL_DEFEAT_08_lair_gives_4_battle_each_own_main_phase(game):
    """VOL-DEFEAT-08: the Lair's owner gets 4 BP in each of their Main Phases, not in the opponent's."""
    state, run, legal = game({"active": "p1", "lair_owner": "p1", "p1": {"hand": NO_HAND, "deck": NO_HAND * 3},
                              "p2": {"hand": NO_HAND, "deck": NO_HAND * 3}})
    assert run()["p1"]["points"]["battle"] == 4
    d = run("end turn")
    assert d["p2"]["points"]["battle"] == 0 and d["p1"]["points"]["battle"] == 0
    d = run("end turn")
    assert d["active"] == "p1" and d["p1"]["points"]["battle"] == 4


def test_VOL_DEFEAT_09_lair_points_already_in_the_turn_of_the_claim(game):
    """VOL-DEFEAT-09: defeating with exactly 16 BP leaves 4 BP at once, and only once."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 16}}})
    d = run("defeat volfyirion")
    assert d["p1"]["points"]["battle"] == 4
    assert "attack p2.city1" not in legal()  # 4 < 8: the Lair gave 4, not more


def test_VOL_DEFEAT_10_no_wonders_after_the_claim(game):
    """VOL-DEFEAT-10: after the claim nobody can acquire Wonders and the Lair is never refilled."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 46}},
                              "lair": ["Sharp Qoam", None], "wonder_deck": ["Echo Stone", "Moon Pillar"]})
    run("defeat volfyirion")
    assert starting(legal, "acquire wonder") == set()
    d = run("end turn")
    assert d["lair"]["wonders"] == [None, None] and d["wonder_deck"] == ["Echo Stone", "Moon Pillar"]
    state.counters["p2.battle"] = 30
    assert starting(legal, "acquire wonder") == set()


def test_VOL_DEFEAT_11_no_dragon_move_after_the_claim(game):
    """VOL-DEFEAT-11: neither the paid move nor a Move Volfyirion effect exists once the Lair is claimed."""
    state, run, legal = game({"active": "p1", "lair_owner": "p1",
                              "p1": {"hand": ["Forbidden Lore", "Shadow Broker"], "points": {"knowledge": 30}}})
    run("play Forbidden Lore", "play Shadow Broker")
    assert starting(legal, "move") == set() and "defeat volfyirion" not in legal()
    d = run("activate Forbidden Lore")
    assert d["pending"] is None and d["volfyirion"] == "removed"
    assert not any(a.startswith("choose p2") for a in legal())


def test_VOL_DEFEAT_12_lair_is_a_full_city(game):
    """VOL-DEFEAT-12: with three destroyed Cities and the Lair the owner is still in; the Lair can be attacked."""
    state, run, legal = game({"active": "p2", "lair_owner": "p1", "p2": {"hand": NO_HAND, "points": {"battle": 10}},
                              "p1": {"cities": [{"destroyed": True}] * 3}})
    d = run()
    assert d["over"] is False and d["p1"]["intact"] == 1
    assert starting(legal, "attack") == {"attack p1.lair"}
    d = run("attack p1.lair")
    assert d["over"] is True and d["winner"] == "p2"


def test_VOL_DEFEAT_13_lair_defence_is_10(game):
    """VOL-DEFEAT-13: attacking the unguarded claimed Lair costs 10 BP (card data)."""
    state, run, legal = game({"active": "p2", "lair_owner": "p1", "p2": {"hand": NO_HAND, "points": {"battle": 9}}})
    assert run()["p1"]["lair"]["defence"] == 10
    assert "attack p1.lair" not in legal()
    state.counters["p2.battle"] = 10
    assert "attack p1.lair" in legal()
    assert run("attack p1.lair")["p2"]["points"]["battle"] == 0


def test_VOL_DEFEAT_14_lair_has_no_slots(game):
    """VOL-DEFEAT-14: a Troop or Building is never played or redeployed onto the Lair."""
    state, run, legal = game({"active": "p1", "lair_owner": "p1",
                              "p1": {"hand": ["Wall Guard", "Foundry"], "points": {"command": 10},
                                     "cities": [{"troop": "Red Lancers"}, {}, {}]}})
    plays = starting(legal, "play")
    assert plays == {f"play {c} city{i}" for c in ("Wall Guard", "Foundry") for i in (1, 2, 3)}
    assert starting(legal, "redeploy") == {"redeploy city1 city2", "redeploy city1 city3"}
    assert not any("lair" in a for a in legal())
    d = run()
    assert d["p1"]["lair"]["troop"] is None and d["p1"]["lair"]["building"] is None


def test_VOL_DEFEAT_15_destroyed_lair_is_removed_and_stops_giving(game):
    """VOL-DEFEAT-15: the destroyed Lair leaves the game and gives no more 4 BP."""
    state, run, legal = game({"active": "p2", "lair_owner": "p1", "p2": {"hand": NO_HAND, "points": {"battle": 10}},
                              "p1": {"deck": NO_HAND * 2}})
    d = run("attack p1.lair")
    assert d["removed"] == ["Volfyirion's Lair"] and "lair" not in d["p1"]
    assert d["p1"]["intact"] == 3 and d["lair"]["owner"] is None and not d["over"]
    d = run("end turn")
    assert d["active"] == "p1" and d["p1"]["points"]["battle"] == 0
    assert "defeat volfyirion" not in legal()


# ---------------------------------------------------------------- move Volfyirion
def test_VOL_MOVE_01_move_costs_8_knowledge(game):
    """VOL-MOVE-01: 7 KP cannot move the dragon; 8 KP can, and are spent."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 7}}})
    assert starting(legal, "move") == set()
    state.counters["p1.knowledge"] = 8
    d = run("move volfyirion p2.city1")
    assert d["volfyirion"] == "p2.city1" and d["p1"]["points"]["knowledge"] == 0


def test_VOL_MOVE_02_lair_to_intact_enemy_city(game):
    """VOL-MOVE-02: from the Lair, the targets are exactly the opponent's intact Cities."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 8}},
                              "p2": {"cities": [{}, {"destroyed": True}, {}]}})
    assert starting(legal, "move") == {"move volfyirion p2.city1", "move volfyirion p2.city3"}


def test_VOL_MOVE_03_own_city_back_to_lair(game):
    """VOL-MOVE-03: from one of your own Cities back onto the Lair, for 8 KP."""
    state, run, legal = game({"active": "p1", "volfyirion": "p1.city3",
                              "p1": {"hand": NO_HAND, "points": {"knowledge": 8}}})
    assert starting(legal, "move") == {"move volfyirion lair"}
    d = run("move volfyirion lair")
    assert d["volfyirion"] == "lair" and d["p1"]["points"]["knowledge"] == 0


def test_VOL_MOVE_04_no_other_movement(game):
    """VOL-MOVE-04: no enemy City -> Lair, no City -> City, no Lair -> own City."""
    state, run, legal = game({"active": "p1", "volfyirion": "p2.city1",
                              "p1": {"hand": NO_HAND, "points": {"knowledge": 30}}})
    assert starting(legal, "move") == set()
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 30}}})
    assert not any(a.startswith("move volfyirion p1") for a in legal())
    state, run, legal = game({"active": "p1", "volfyirion": "p1.city1",
                              "p1": {"hand": NO_HAND, "points": {"knowledge": 30}}})
    assert starting(legal, "move") == {"move volfyirion lair"}


def test_VOL_MOVE_05_both_movements_in_one_turn(game):
    """VOL-MOVE-05: 16 KP bring the dragon home, then send it onto an enemy City."""
    state, run, legal = game({"active": "p1", "volfyirion": "p1.city1",
                              "p1": {"hand": NO_HAND, "points": {"knowledge": 16}}})
    d = run("move volfyirion lair", "move volfyirion p2.city2")
    assert d["volfyirion"] == "p2.city2" and d["p1"]["points"]["knowledge"] == 0
    d = run("end turn")
    assert d["p1"]["city1"]["destroyed"] is False


def test_VOL_MOVE_06_threatened_player_saves_the_city(game):
    """VOL-MOVE-06: P2 moves the dragon off its City in its own turn; the City is not destroyed."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 8}},
                              "p2": {"hand": [], "deck": ["Diviner"] * 5}})
    run("move volfyirion p2.city1")
    d = run("end turn")
    assert d["active"] == "p2" and d["volfyirion"] == "p2.city1"
    run(*["play Diviner"] * 3)
    assert starting(legal, "move") == {"move volfyirion lair"}
    d = run("move volfyirion lair")
    assert d["p2"]["points"]["knowledge"] == 1
    d = run("end turn")
    assert d["p2"]["city1"]["destroyed"] is False and d["volfyirion"] == "lair"
    # not saved: the City falls at the end of P2's turn (VOL-END-06)
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "points": {"knowledge": 8}},
                              "p2": {"hand": [], "deck": ["Diviner"] * 5}})
    run("move volfyirion p2.city1", "end turn")
    d = run("end turn")
    assert d["p2"]["city1"]["destroyed"] is True and d["volfyirion"] == "lair"


def test_VOL_MOVE_07_troop_does_not_stop_the_dragon(game):
    """VOL-MOVE-07: a guarded City under the dragon falls all the same, its Troop removed."""
    state, run, legal = game({"active": "p2", "volfyirion": "p2.city1",
                              "p2": {"hand": NO_HAND, "cities": [{"troop": "Wall Guard"}, {}, {}]}})
    assert run()["p2"]["city1"]["defence"] == 12
    d = run("end turn")
    assert d["p2"]["city1"]["destroyed"] is True and d["p2"]["city1"]["troop"] is None
    assert d["removed"] == ["Wall Guard"] and d["volfyirion"] == "lair"
