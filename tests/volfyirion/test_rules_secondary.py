"""Secondary Abilities, Synergy Chains, Remove Abilities and the secondary effects
(shared/rules/volfyirion.yaml). Each test names one rule id; its docstring repeats the id.
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


# ---------------------------------------------------------------- activating a Secondary Ability
def test_VOL_SEC_01_activation_opens_when_requirements_hold(game):
    """VOL-SEC-01: Purge [violet, amber] becomes activatable after the third card and stays so."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Purge", "Shadow Broker", "Caravan", "Prospector"]}})
    run("play Purge")
    assert "activate Purge" not in legal()
    run("play Shadow Broker")
    assert "activate Purge" not in legal() and "activate Shadow Broker" in legal()
    run("play Caravan")
    assert "activate Purge" in legal()
    run("play Prospector")
    assert "activate Purge" in legal()
    d = run("activate Purge")
    assert d["pending"] is not None


def test_VOL_SEC_02_once_per_turn(game):
    """VOL-SEC-02: a Building's Secondary is used once this turn, and again next turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "deck": NO_HAND * 2,
                                                     "cities": [{"building": "Watchtower"}, {"troop": "Red Lancers"}, {}]},
                              "p2": {"hand": NO_HAND, "deck": NO_HAND * 2,
                                     "cities": [{"troop": "Wall Guard"}, {"troop": "Soldier"}, {}]}})
    assert "activate Watchtower city1" in legal()
    d = run("activate Watchtower city1", "choose p2.city1")
    assert d["removed"] == ["Wall Guard"]
    assert "activate Watchtower city1" not in legal()
    d = run("end turn", "end turn")
    assert d["active"] == "p1"
    assert "activate Watchtower city1" in legal()


def test_VOL_SEC_03_never_in_the_opponents_turn(game):
    """VOL-SEC-03: in P2's turn P1's met Secondary is not offered; in P1's turn it is."""
    state, run, legal = game({"active": "p2", "p2": {"hand": NO_HAND, "cities": [{"troop": "Wall Guard"}, {}, {}]},
                              "p1": {"deck": NO_HAND * 2,
                                     "cities": [{"building": "Watchtower"}, {"troop": "Red Lancers"}, {}]}})
    assert starting(legal, "activate") == set() and starting(legal, "remove") == set()
    assert not any("Watchtower" in a or "Red Lancers" in a for a in legal())
    run("end turn")
    assert "activate Watchtower city1" in legal() and "remove Red Lancers city2" in legal()


def test_VOL_SEC_04_only_cards_in_play_and_never_a_sealed_wonder(game):
    """VOL-SEC-04: not from hand; not from a sealed Wonder; yes once played / unsealed."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Shadow Broker", "Purge"]}})
    run("play Purge")
    assert "activate Shadow Broker" not in legal()  # its chain would hold, but it is in hand
    run("play Shadow Broker")
    assert "activate Shadow Broker" in legal()
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "play": ["Whispering Vault", "Caravan"],
                                                     "sealed": ["Whispering Vault"], "points": {"knowledge": 4}}})
    assert "activate Whispering Vault" not in legal()
    run("unseal p1 Whispering Vault")
    assert "activate Whispering Vault" in legal()


def test_VOL_SEC_05_non_point_parts_may_all_be_declined(game):
    """VOL-SEC-05: Purge's remove-a-card and draw are both declined; the ability is still used."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Purge", "Shadow Broker", "Caravan", "Captain"],
                                                     "deck": ["Diviner"], "discard": ["Prospector"]}})
    d0 = run("play Purge", "play Shadow Broker", "play Caravan")
    d = run("activate Purge")
    assert "skip" in legal() and "choose hand:Captain" in legal()
    d = run("skip")
    assert d["pending"] == "Purge: draw 1 card?" and legal() == {"yes", "no"}
    d = run("no")
    assert d["pending"] is None and d["removed"] == [] and d["p1"]["hand"] == ["Captain"]
    assert d["p1"]["deck"] == ["Diviner"] and d["p1"]["points"] == d0["p1"]["points"]
    assert "activate Purge" not in legal()


# ---------------------------------------------------------------- Synergy Chains
def test_VOL_SYN_02_card_never_counts_for_itself(game):
    """VOL-SYN-02: a lone Vanguard Charge (red, chain [red]) gives only its main 2 BP."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Vanguard Charge", "Prospector"]}})
    d = run("play Vanguard Charge", "play Prospector")
    assert d["p1"]["points"] == {"command": 1, "battle": 2, "knowledge": 0}
    # a lone Suicide Mission (violet, chain [red]) is not activatable; a lone Shadow Broker (violet, [violet]) neither
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Shadow Broker"]}})
    run("play Shadow Broker")
    assert "activate Shadow Broker" not in legal()


def test_VOL_SYN_03_other_cards_of_the_same_colour_count(game):
    """VOL-SYN-03: two different red cards with chain [red] each count the other."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Vanguard Charge"],
                                                     "cities": [{"building": "Watchtower"}, {}, {}]},
                              "p2": {"cities": [{"troop": "Wall Guard"}, {}, {}]}})
    assert "activate Watchtower city1" not in legal()
    d = run("play Vanguard Charge")
    assert d["p1"]["points"]["battle"] == 2 + 2 + 2  # Watchtower, Vanguard Charge, its chain
    assert "activate Watchtower city1" in legal()


def test_VOL_SYN_04_chain_gives_every_bonus_shown(game):
    """VOL-SYN-04: War Drums' chain [turquoise, red] met: +2 BP and +2 KP on top of its main."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["War Drums"], "cities": [
        {"troop": "Turquoise Sentinels"}, {"troop": "Red Lancers"}, {}]}})
    assert run()["p1"]["points"] == {"command": 0, "battle": 2, "knowledge": 1}
    d = run("play War Drums")
    assert d["p1"]["points"] == {"command": 1, "battle": 2 + 2 + 2, "knowledge": 1 + 2}


def test_VOL_SYN_05_rulebook_examples(game):
    """VOL-SYN-05: [turquoise] -> 2 KP; [turquoise, red] -> 2 BP 2 KP, only with both colours present."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Kyradar Scout", "Scholar's Insight"]}})
    d = run("play Kyradar Scout", "play Scholar's Insight")
    assert d["p1"]["points"] == {"command": 2, "battle": 0, "knowledge": 1 + 2 + 2}
    state, run, legal = game({"active": "p1", "p1": {"hand": ["War Drums", "Vanguard Charge"],
                                                     "cities": [{"troop": "Turquoise Sentinels"}, {}, {}]}})
    d = run("play War Drums")
    assert d["p1"]["points"] == {"command": 1, "battle": 2, "knowledge": 1}  # only turquoise: nothing
    d = run("play Vanguard Charge")
    # Vanguard Charge 2 + its chain 2 (War Drums is red) + War Drums' chain 2 BP 2 KP
    assert d["p1"]["points"] == {"command": 1, "battle": 2 + 2 + 2 + 2, "knowledge": 1 + 2}


def test_VOL_SYN_06_only_own_playing_and_cities_areas(game):
    """VOL-SYN-06: turquoise cards of P2, in P1's hand, discard or the Asset Row satisfy nothing."""
    state, run, legal = game({"active": "p1",
                              "p1": {"hand": ["Scholar's Insight", "Kyradar Scout"], "discard": ["Tome Keeper"]},
                              "p2": {"play": ["Kyradar Scout"], "cities": [{"troop": "Turquoise Sentinels"}, {}, {}]},
                              "asset_row": ["Tome Keeper", "Scholar's Insight", None, None, None]})
    d = run("play Scholar's Insight")
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 2}
    d = run("play Kyradar Scout")
    assert d["p1"]["points"] == {"command": 2, "battle": 0, "knowledge": 2 + 1 + 2}


def test_VOL_SYN_07_repeated_colour_needs_distinct_cards(game):
    """VOL-SYN-07: Siege Order [red, red]: one other red card is not enough, two are."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Siege Order", "Vanguard Charge", "Vanguard Charge"]},
                              "p2": {"cities": [{"building": "Foundry"}, {}, {}]}})
    run("play Siege Order", "play Vanguard Charge")
    assert "activate Siege Order" not in legal()
    run("play Vanguard Charge")
    assert "activate Siege Order" in legal()


def test_VOL_SYN_08_checked_at_activation_time(game):
    """VOL-SYN-08: Strategic Attack [red] not met when played; met after a red card; activated then."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Strategic Attack", "Stab"], "deck": ["Diviner"]}})
    run("play Strategic Attack")
    assert "activate Strategic Attack" not in legal()
    run("play Stab")
    assert "activate Strategic Attack" in legal()
    d = run("activate Strategic Attack", "yes")
    assert d["p1"]["hand"] == ["Diviner"] and "activate Strategic Attack" not in legal()


# ---------------------------------------------------------------- Remove Abilities
def test_VOL_REMAB_01_card_leaves_the_game_for_its_bonus(game):
    """VOL-REMAB-01: Sharp Qoam removed: +2 CP, in removed, never in the discard."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "discard": [], "play": ["Sharp Qoam"]}})
    d = run("remove Sharp Qoam")
    assert d["p1"]["points"]["command"] == 2 and d["removed"] == ["Sharp Qoam"]
    assert d["p1"]["play"] == []
    d = run("end turn")
    assert "Sharp Qoam" not in d["p1"]["discard"] + d["p1"]["deck"] + d["p1"]["hand"]


def test_VOL_REMAB_02_main_points_not_lost_nor_doubled(game):
    """VOL-REMAB-02: Rune Gate (main 2 CP, remove 4 KP): main points once, whatever the order."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Rune Gate"]}})
    run("play Rune Gate")
    d = run("remove Rune Gate")
    assert d["p1"]["points"] == {"command": 2, "battle": 0, "knowledge": 4}
    # a card whose main points were not taken yet this turn gives them as it leaves
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "play": ["Rune Gate"]}})
    state.marks["gained"].clear()  # white box: as if its points had not been gained yet
    state.counters["p1.command"] = 0
    d = run("remove Rune Gate")
    assert d["p1"]["points"] == {"command": 2, "battle": 0, "knowledge": 4}


def test_VOL_REMAB_03_remove_only_to_thin_the_deck(game):
    """VOL-REMAB-03: Sapper Squad removed with its building removal declined: no enemy card touched.

    (Its 2 battle are taken in full: the engine never declines points, VOL-SEC-05; a card whose
    Remove Ability is not points, declined entirely, is in
    tests/scenarios/volfyirion/VOL-REMAB-03-thin-only.yaml.)
    """
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "cities": [{"troop": "Sapper Squad"}, {}, {}]},
                              "p2": {"cities": [{"building": "Foundry"}, {}, {}]}})
    assert run()["p1"]["points"]["battle"] == 1
    d = run("remove Sapper Squad city1")
    assert d["pending"] is not None and legal() == {"choose p2.city1", "skip"}
    d = run("skip")
    assert d["removed"] == ["Sapper Squad"] and d["p2"]["city1"]["building"] == "Foundry"
    assert d["p1"]["city1"]["troop"] is None and d["p1"]["points"]["battle"] == 1 + 2


def test_VOL_REMAB_04_no_free_removal(game, rules):
    """VOL-REMAB-04: a Prospector in play has no action that removes it."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector", "Captain"]}})
    run("play Prospector", "play Captain")
    assert not any("Prospector" in a or "Captain" in a for a in legal())
    assert starting(legal, "remove") == set() and starting(legal, "activate") == set()
    with pytest.raises(IllegalAction):
        rules.apply_checked(state, ("remove", "Prospector"))
    assert run()["p1"]["play"] == ["Prospector", "Captain"]


def test_VOL_REMAB_05_removed_troop_stops_defending_at_once(game):
    """VOL-REMAB-05: City 8 + Soldier 3 = 11; after its Remove Ability, 8."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "cities": [{"troop": "Soldier"}, {}, {}]}})
    assert run()["p1"]["city1"]["defence"] == 11
    d = run("remove Soldier city1")
    assert d["p1"]["city1"]["defence"] == 8 and d["p1"]["city1"]["troop"] is None


# ---------------------------------------------------------------- the effects
def test_VOL_EFF_REMCARD_01_choose_from_play_discard_or_hand(game):
    """VOL-EFF-REMCARD-01: the choice lists own Playing Area, discard and hand; the chosen card leaves."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Shadow Broker", "Purge", "Captain"],
                                                     "discard": ["Prospector", "Diviner"]}})
    run("play Shadow Broker", "play Purge", "activate Shadow Broker")
    assert legal() == {"choose play:Shadow Broker", "choose play:Purge", "choose discard:Prospector",
                       "choose discard:Diviner", "choose hand:Captain", "skip"}
    d = run("choose discard:Prospector")
    assert d["removed"] == ["Prospector"] and d["p1"]["discard"] == ["Diviner"] and d["pending"] is None


def test_VOL_EFF_REMCARD_02_itself_yes_cities_and_opponent_never(game):
    """VOL-EFF-REMCARD-02: only the card itself is offered; own Troop/Building and P2's cards never."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Shadow Broker"], "discard": [],
                                                     "cities": [{"troop": "Scholar", "building": "Foundry"}, {}, {}]},
                              "p2": {"play": ["Sharp Qoam"], "discard": ["Captain"], "hand": ["Diviner"]}})
    run("play Shadow Broker", "activate Shadow Broker")  # its purple chain: the Scholar
    assert legal() == {"choose play:Shadow Broker", "skip"}
    d = run("choose play:Shadow Broker")
    assert d["removed"] == ["Shadow Broker"] and d["p1"]["play"] == []


def test_VOL_EFF_REMTROOP_01_remove_an_enemy_troop(game):
    """VOL-EFF-REMTROOP-01: the chosen enemy Troop leaves the game; its City is back to 8."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Anuth's Trick"],
                                                     "cities": [{"troop": "Wall Guard"}, {}, {}]},
                              "p2": {"cities": [{"troop": "Soldier"}, {}, {"troop": "Wall Guard"}]}})
    run("play Anuth's Trick", "remove Anuth's Trick")
    assert legal() == {"choose p2.city1.troop", "choose p2.city3.troop", "skip"}  # never P1's own Troop
    d = run("choose p2.city1.troop")
    assert d["removed"] == ["Anuth's Trick", "Soldier"] and d["p2"]["city1"]["defence"] == 8
    assert d["p2"]["city3"]["troop"] == "Wall Guard" and d["p1"]["city1"]["troop"] == "Wall Guard"


def test_VOL_EFF_REMBLD_01_remove_an_enemy_building(game):
    """VOL-EFF-REMBLD-01: the chosen enemy Building leaves the game."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Siege Order", "Vanguard Charge", "Vanguard Charge"],
                                                     "cities": [{"building": "Market Hall"}, {}, {}]},
                              "p2": {"cities": [{}, {"building": "Foundry"}, {}]}})
    run("play Siege Order", "play Vanguard Charge", "play Vanguard Charge", "activate Siege Order")
    assert legal() == {"choose p2.city2", "skip"}
    d = run("choose p2.city2")
    assert d["p2"]["city2"]["building"] is None and d["removed"] == ["Foundry"]
    assert d["p1"]["city1"]["building"] == "Market Hall"


def test_VOL_EFF_MOVE_01_free_dragon_move(game):
    """VOL-EFF-MOVE-01: a Move Volfyirion effect moves the token without paying 8 KP, now or never."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Forbidden Lore", "Shadow Broker"]}})
    d = run("play Forbidden Lore", "play Shadow Broker")
    kp = d["p1"]["points"]["knowledge"]
    assert kp == 3 and starting(legal, "move") == set()
    run("activate Forbidden Lore")
    assert legal() == {"choose p2.city1", "choose p2.city2", "choose p2.city3", "skip"}
    d = run("choose p2.city2")
    assert d["volfyirion"] == "p2.city2" and d["p1"]["points"]["knowledge"] == kp
    # from an own City the effect brings it home; declined, it is gone for the turn
    state, run, legal = game({"active": "p1", "volfyirion": "p1.city1", "p1": {"hand": ["Forbidden Lore", "Shadow Broker"]}})
    run("play Forbidden Lore", "play Shadow Broker", "activate Forbidden Lore")
    assert legal() == {"choose lair", "skip"}
    d = run("skip")
    assert d["volfyirion"] == "p1.city1" and "activate Forbidden Lore" not in legal()
    assert starting(legal, "move") == set()


def test_VOL_EFF_NOTARGET_01_effect_without_target_does_nothing(game):
    """VOL-EFF-NOTARGET-01: no enemy Troop: Dragon Hunters' removal still gives its 2 BP, asks nothing."""
    state, run, legal = game({"active": "p1", "p1": {"hand": NO_HAND, "cities": [{"troop": "Dragon Hunters"}, {}, {}]}})
    assert run()["p1"]["points"]["battle"] == 2
    d = run("remove Dragon Hunters city1")
    assert d["pending"] is None and d["p1"]["points"]["battle"] == 4
    assert d["removed"] == ["Dragon Hunters"]
    # a draw with an empty deck and discard does nothing either
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Kyradar Scout", "Scholar's Insight"],
                                                     "deck": [], "discard": []}})
    run("play Kyradar Scout", "play Scholar's Insight")
    d = run("activate Kyradar Scout")
    assert d["pending"] is None and d["p1"]["hand"] == []
    assert "activate Kyradar Scout" not in legal()
