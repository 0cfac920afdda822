"""Cards, Wonders, Cities, in-play cards, the Main Phase, playing and gaining points.

Rule ids: VOL-CARD-*, VOL-WONDER-*, VOL-CITY-*, VOL-INPLAY-*, VOL-MAIN-*, VOL-PLAY-*,
VOL-GAIN-* (shared/rules/volfyirion.yaml). Gaining points is automatic in this pack (a card's
points when played, in-play cards at Main Phase start), so gains are checked on the pools.
"""
from __future__ import annotations

import pytest

from tabletop.framework.effects import IllegalAction
from tabletop.packs.volfyirion.model import COLOURS


# These tests name cards of the designed set: they use them through the example expansion
# (examples/volfyirion-designed), added to the printed set as ``--cards`` adds card files.
@pytest.fixture(scope="module")
def rules(designed_rules):
    return designed_rules


@pytest.fixture
def game(designed_game):
    return designed_game


ZERO = {"command": 0, "battle": 0, "knowledge": 0}


def acts(legal, prefix):
    return {a for a in legal if a.startswith(prefix)}


def pts(c=0, b=0, k=0):
    return {"command": c, "battle": b, "knowledge": k}


# ---------------------------------------------------------------- command, building and troop cards
def test_VOL_CARD_01_card_fields(rules):
    """VOL-CARD-01: every Command/Building/Troop card has a type, a colour (house or grey), a cost >= 0,
    a Main Ability (its points); every Troop has a Defence."""
    checked = 0
    for c in rules.cards.cards:
        if c.type not in ("command", "building", "troop"):
            continue
        checked += 1
        assert c.name and c.colour in COLOURS + ("grey",), c.name
        assert isinstance(c.cost, int) and c.cost >= 0, c.name
        assert isinstance(c.main, tuple), c.name
        assert all(0 <= r < 3 and n > 0 for r, n in c.main), c.name
        if c.type == "troop":
            assert c.defence > 0, c.name
        else:
            assert c.defence == 0, c.name
    assert checked == len({c.name for c in rules.cards.cards if c.type in ("command", "building", "troop")}) > 30
    assert rules.cards.by_name["Flawless Deploy"].main == ((0, 2), (1, 3), (2, 2))


def test_VOL_CARD_02_grey_card_satisfies_no_chain(game):
    """VOL-CARD-02: with only grey cards beside it, Strategic Attack's red chain cannot be activated."""
    setup = {"active": "p1", "p1": {"hand": ["Strategic Attack", "Captain"], "deck": ["Diviner"],
                                    "cities": [{"troop": "Wall Guard", "building": "Foundry"}, {}, {}]},
             "p2": {"cities": [{"troop": "Red Lancers"}, {}, {}]}}
    state, run, legal = game(setup)
    run("play Strategic Attack", "play Captain")
    assert "activate Strategic Attack" not in legal()
    # control: a red card satisfies it
    setup["p1"]["hand"] = ["Strategic Attack", "Vanguard Charge"]
    state, run, legal = game(setup)
    run("play Strategic Attack", "play Vanguard Charge")
    assert "activate Strategic Attack" in legal()


def test_VOL_CARD_03_building_goes_into_a_city_slot(game):
    """VOL-CARD-03: 'play Apothecary city2' puts it in p1.city2's Building slot, not the Playing Area."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Apothecary"]}})
    assert acts(legal(), "play") == {"play Apothecary city1", "play Apothecary city2", "play Apothecary city3"}
    d = run("play Apothecary city2")
    assert d["p1"]["city2"]["building"] == "Apothecary" and d["p1"]["play"] == [] and d["p1"]["hand"] == []
    assert d["p1"]["city1"]["building"] is None and d["p1"]["city2"]["troop"] is None


def test_VOL_CARD_04_new_building_removes_the_old(game):
    """VOL-CARD-04: a Building played onto a taken slot removes the old one from the game."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Market Hall"], "cities": [{"building": "Foundry"}, {}, {}]}})
    d = run("play Market Hall city1")
    assert d["p1"]["city1"]["building"] == "Market Hall"
    assert d["removed"] == ["Foundry"] and "Foundry" not in d["p1"]["discard"]


def test_VOL_CARD_05_troop_goes_into_a_city_slot(game):
    """VOL-CARD-05: 'play Soldier city3' stations it in p1.city3's Troop slot."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Soldier"]}})
    d = run("play Soldier city3")
    assert d["p1"]["city3"]["troop"] == "Soldier" and d["p1"]["play"] == []
    assert d["p1"]["city3"]["building"] is None


def test_VOL_CARD_06_new_troop_removes_the_old(game):
    """VOL-CARD-06: a Troop played onto a taken slot removes the old one from the game."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Red Lancers"], "cities": [{"troop": "Wall Guard"}, {}, {}]}})
    d = run("play Red Lancers city1")
    assert d["p1"]["city1"]["troop"] == "Red Lancers" and d["removed"] == ["Wall Guard"]
    assert "Wall Guard" not in d["p1"]["discard"]


def test_VOL_CARD_07_troop_defence_adds_while_stationed(game):
    """VOL-CARD-07: City 9 + Troop 3 = 12; once the Troop is gone, 9 again."""
    state, run, legal = game({"active": "p1", "p1": {"cities": [{}, {"troop": "Soldier"}, {}]}})
    assert run()["p1"]["city2"]["defence"] == 12
    d = run("remove Soldier city2")
    assert d["p1"]["city2"]["defence"] == 9 and d["p1"]["city2"]["troop"] is None


def test_VOL_CARD_08_only_own_intact_cities_host_cards(game, rules):
    """VOL-CARD-08: with p1.city1 destroyed, a Troop can go only to p1's city2 or city3 (taken or not)."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Wall Guard"],
                                                     "cities": [{"destroyed": True}, {"troop": "Red Lancers"}, {}]}})
    assert acts(legal(), "play") == {"play Wall Guard city2", "play Wall Guard city3"}
    with pytest.raises(IllegalAction):
        rules.apply(state, ("play", "Wall Guard", "city1"))
    assert rules.describe(state)["p1"]["hand"] == ["Wall Guard"]


# ---------------------------------------------------------------- wonders
def test_VOL_WONDER_01_wonder_has_no_colour(game, rules):
    """VOL-WONDER-01: with only a Wonder beside it, Kyradar Scout's turquoise chain cannot be activated."""
    assert all(c.colour_i == -1 for c in rules.cards.cards if c.type == "wonder")
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Kyradar Scout"], "deck": ["Prospector"],
                                                     "play": ["Qoam Lens", "Emerald Codex"]}})
    run("play Kyradar Scout")
    assert "activate Kyradar Scout" not in legal()


def test_VOL_WONDER_02_removal_choice_after_acquiring(game):
    """VOL-WONDER-02: after acquiring a Wonder, remove one own card from discard, hand or Playing Area (or skip)."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Captain"], "discard": ["Prospector"],
                                                     "play": ["Diviner"], "points": {"battle": 2}},
                              "lair": ["Sharp Qoam", "Echo Stone"]})
    d = run("acquire wonder 1")
    assert d["pending"] is not None
    assert legal() == {"choose discard:Prospector", "choose hand:Captain", "choose play:Diviner", "skip"}
    d = run("choose play:Diviner")
    assert d["removed"] == ["Diviner"] and d["p1"]["play"] == [] and d["pending"] is None


def test_VOL_WONDER_03_card_removed_from_hand_gives_nothing(game):
    """VOL-WONDER-03: removing Captain from hand through the acquisition gives none of its points."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Captain"], "points": {"battle": 2}},
                              "lair": ["Sharp Qoam"]})
    run("acquire wonder 1")
    d = run("choose hand:Captain")
    assert d["p1"]["points"] == ZERO and d["removed"] == ["Captain"] and d["p1"]["hand"] == []


def test_VOL_WONDER_04_played_card_gives_points_once_before_removal(game):
    """VOL-WONDER-04: a played card removed by the acquisition keeps its points (gained once, not twice)."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector"], "points": {"battle": 2}},
                              "lair": ["Sharp Qoam"]})
    run("play Prospector", "acquire wonder 1")
    d = run("choose play:Prospector")
    assert d["p1"]["points"] == pts(c=1) and d["removed"] == ["Prospector"] and d["p1"]["play"] == []


def test_VOL_WONDER_04_sealed_wonder_removed_gives_nothing(game):
    """VOL-WONDER-04 with VOL-SEAL-03: a sealed Wonder's Main Ability cannot be used, so removing it
    from the Playing Area through the acquisition gives no points."""
    state, run, legal = game({"active": "p1", "p1": {"play": ["Rune Gate"], "sealed": ["Rune Gate"],
                                                     "points": {"battle": 2}},
                              "lair": ["Sharp Qoam"]})
    assert run()["p1"]["points"] == pts(b=2)
    run("acquire wonder 1")
    d = run("choose play:Rune Gate")
    assert d["removed"] == ["Rune Gate"] and d["p1"]["points"] == ZERO


def test_VOL_WONDER_05_removal_targets_and_closing(game):
    """VOL-WONDER-05: the choice never lists the new Wonder, a Building/Troop or the opponent's cards; it closes after one."""
    state, run, legal = game({"active": "p1", "p1": {"hand": [], "discard": ["Prospector", "Captain"], "points": {"battle": 5},
                                                     "cities": [{"troop": "Wall Guard", "building": "Foundry"}, {}, {}]},
                              "p2": {"hand": ["Diviner"], "discard": ["Hidden Cache"], "play": ["Crystal Spire"]},
                              "lair": ["Sharp Qoam", "Echo Stone"]})
    run("acquire wonder 1")
    assert legal() == {"choose discard:Prospector", "choose discard:Captain", "skip"}
    d = run("choose discard:Captain")
    assert d["pending"] is None and not acts(legal(), "choose") and "skip" not in legal()
    assert d["p1"]["discard"] == ["Prospector", "Sharp Qoam"] and d["removed"] == ["Captain"]
    run("acquire wonder 2")
    assert "choose discard:Sharp Qoam" in legal() and "choose discard:Echo Stone" not in legal()
    d = run("skip")
    assert d["pending"] is None and d["removed"] == ["Captain"]  # optional
    assert d["p1"]["discard"] == ["Prospector", "Sharp Qoam", "Echo Stone"]


def test_VOL_WONDER_06_wonder_played_stays_in_playing_area(game):
    """VOL-WONDER-06: a Wonder played from hand goes to the Playing Area and is still there after End of Turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Sharp Qoam", "Prospector"]}})
    assert "play Sharp Qoam" in legal() and "play Sharp Qoam city1" not in legal()
    d = run("play Sharp Qoam", "play Prospector")
    assert d["p1"]["play"] == ["Sharp Qoam", "Prospector"]
    assert all(d["p1"][f"city{i}"]["building"] is None for i in (1, 2, 3))
    d = run("end turn")
    assert d["active"] == "p2" and d["p1"]["play"] == ["Sharp Qoam"] and d["p1"]["discard"] == ["Prospector"]


# ---------------------------------------------------------------- cities
def test_VOL_CITY_01_one_troop_and_one_building_per_city(game):
    """VOL-CITY-01: a City holds at most one Troop and one Building: a second Troop replaces the first."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Wall Guard", "Red Lancers", "Foundry"]}})
    d = run("play Wall Guard city1", "play Foundry city1")
    assert d["p1"]["city1"]["troop"] == "Wall Guard" and d["p1"]["city1"]["building"] == "Foundry"
    assert d["p1"]["city1"]["printed"] == 8 and d["p1"]["city1"]["defence"] == 12
    d = run("play Red Lancers city1")
    assert d["p1"]["city1"]["troop"] == "Red Lancers" and d["p1"]["city1"]["defence"] == 10  # 8 + 2, not 8 + 4 + 2
    assert d["removed"] == ["Wall Guard"] and d["p1"]["city1"]["building"] == "Foundry"


def test_VOL_CITY_02_destroyed_city_stays_destroyed(game):
    """VOL-CITY-02: a destroyed City can't be attacked again, can't receive the dragon and gives nothing."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 30, "knowledge": 16}},
                              "p2": {"cities": [{"building": "Market Hall"}, {}, {}]}})
    d = run("attack p2.city1")
    assert d["p2"]["city1"]["destroyed"] is True and d["p2"]["city1"]["defence"] == 0
    assert d["p2"]["city1"]["building"] is None and d["removed"] == ["Market Hall"]
    lg = legal()
    assert "attack p2.city1" not in lg and "move volfyirion p2.city1" not in lg
    assert {"attack p2.city2", "move volfyirion p2.city2"} <= lg
    d = run("end turn")  # p2's Main Phase: the Market Hall gave nothing, it is gone with its City
    assert d["active"] == "p2" and d["p2"]["points"] == ZERO and d["p2"]["city1"]["destroyed"] is True


# ---------------------------------------------------------------- in-play cards
def test_VOL_INPLAY_01_buildings_troops_wonders_stay(game):
    """VOL-INPLAY-01: a Building, a Troop and a Wonder in play are all still in place after End of Turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Foundry", "Wall Guard", "Echo Stone"]}})
    run("play Foundry city2", "play Wall Guard city3", "play Echo Stone")
    d = run("end turn")
    assert d["active"] == "p2"
    assert d["p1"]["city2"]["building"] == "Foundry" and d["p1"]["city3"]["troop"] == "Wall Guard"
    assert d["p1"]["play"] == ["Echo Stone"] and d["p1"]["discard"] == []


def test_VOL_INPLAY_02_in_play_cards_give_points_every_turn(game):
    """VOL-INPLAY-02: a Building played in turn 1 gives its points again in its owner's next Main Phase."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Market Hall"], "deck": ["Prospector"] * 10}})
    d = run("play Market Hall city1")
    assert d["p1"]["points"] == pts(c=2)
    d = run("end turn")
    assert d["p2"]["points"] == ZERO  # the opponent's Building gives p2 nothing
    d = run("end turn")
    assert d["active"] == "p1" and d["p1"]["hand"] == ["Prospector"] * 5
    assert d["p1"]["points"] == pts(c=2)  # without replaying it


def test_VOL_INPLAY_03_secondary_usable_again_each_turn(game):
    """VOL-INPLAY-03: an in-play Building's Secondary Ability, used in turn 1, can be used again in turn 2."""
    state, run, legal = game({"active": "p1", "p1": {"deck": ["Prospector"] * 12, "hand": [],
                                                     "cities": [{"building": "Bank"}, {"troop": "Scout Riders"}, {}]}})
    assert "activate Bank city1" in legal()
    run("activate Bank city1")
    d = run("yes")
    assert d["p1"]["hand"] == ["Prospector"] and "activate Bank city1" not in legal()
    d = run("end turn", "end turn")
    assert d["active"] == "p1" and "activate Bank city1" in legal()


def test_VOL_INPLAY_04_command_cards_are_discarded(game):
    """VOL-INPLAY-04: a Command card played this turn is discarded at End of Turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Captain"], "discard": ["Prospector"]}})
    run("play Captain")
    d = run("end turn")
    assert d["p1"]["play"] == [] and d["p1"]["discard"] == ["Prospector", "Captain"]


# ---------------------------------------------------------------- main phase
def test_VOL_MAIN_01_every_action_type_in_any_order_repeatedly(game):
    """VOL-MAIN-01: with enough points every Main Phase action type is legal, and each can be taken twice."""
    state, run, legal = game({
        "active": "p1", "volfyirion": "p1.city2",
        "p1": {"points": {"command": 20, "battle": 60, "knowledge": 40},
               "hand": ["Prospector", "Prospector", "Kyradar Scout", "Scholar's Insight"],
               "deck": ["Diviner"] * 4, "play": ["Sharp Qoam"],
               "cities": [{"troop": "Wall Guard", "building": "Bank"}, {}, {}]},
        "p2": {"cities": [{"troop": "Red Lancers"}, {}, {}]},
        "asset_row": ["Caravan", "Kyradar Scout", "Caravan", "Hidden Cache", "Purge"],
        "asset_deck": ["Foundry", "Watchtower", "Catacombs", "Market Hall"],
        "lair": ["Echo Stone", "Crystal Spire"]})
    lg = legal()
    for prefix in ("play ", "acquire asset ", "acquire wonder ", "redeploy ", "attack ", "seal ", "replace ",
                   "move volfyirion ", "defeat volfyirion", "remove ", "end turn"):
        assert acts(lg, prefix), prefix
    d = run("play Prospector", "play Prospector")
    assert d["p1"]["play"][-2:] == ["Prospector", "Prospector"]
    d = run("acquire asset 1", "acquire asset 3")
    assert d["asset_row"][0] is None and d["asset_row"][2] is None
    d = run("replace 2", "replace 4")
    assert d["asset_row"][1] == "Market Hall" and d["asset_row"][3] == "Catacombs"
    d = run("redeploy city1 city3", "redeploy city3 city2")
    assert d["p1"]["city2"]["troop"] == "Wall Guard"
    d = run("attack p2.city1", "attack p2.city1")
    assert d["p2"]["city1"]["destroyed"]
    d = run("seal p1 Sharp Qoam", "unseal p1 Sharp Qoam", "seal p1 Sharp Qoam")
    assert d["p1"]["sealed"] == ["Sharp Qoam"]
    d = run("move volfyirion lair", "move volfyirion p2.city3")
    assert d["volfyirion"] == "p2.city3"
    d = run("acquire wonder 1", "skip", "acquire wonder 2", "skip")
    assert d["p1"]["discard"][-2:] == ["Echo Stone", "Crystal Spire"]
    d = run("play Kyradar Scout", "play Scholar's Insight")
    assert {"activate Kyradar Scout", "activate Bank city1"} <= legal()
    d = run("activate Kyradar Scout", "yes",
            "activate Bank city1", "yes")
    assert d["p1"]["hand"] == ["Diviner", "Diviner"]
    d = run("defeat volfyirion")
    assert d["volfyirion"] == "removed"
    assert "end turn" in legal()


def test_VOL_MAIN_02_defeat_once_per_game(game):
    """VOL-MAIN-02: after P1 defeats Volfyirion, 'defeat volfyirion' is never legal again for either player."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"battle": 16}}})
    assert "defeat volfyirion" in legal()
    run("defeat volfyirion")
    state.counters["p1.battle"] = 99
    assert "defeat volfyirion" not in legal()
    run("end turn")
    state.counters["p2.battle"] = 99
    assert "defeat volfyirion" not in legal() and "attack p1.lair" in legal()
    run("end turn")
    state.counters["p1.battle"] = 99
    assert "defeat volfyirion" not in legal()


def test_VOL_MAIN_03_end_turn_always_possible(game):
    """VOL-MAIN-03: at the start of the Main Phase with 5 cards in hand, 'end turn' leads straight into End of Turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector"] * 4 + ["Diviner"], "discard": [],
                                                     "points": {"command": 3}}})
    assert "end turn" in legal()
    d = run("end turn")
    assert d["active"] == "p2" and d["p1"]["hand"] == [] and len(d["p1"]["discard"]) == 5
    assert d["p1"]["points"] == ZERO


def test_VOL_MAIN_04_acquired_cards_on_top_of_discard(game):
    """VOL-MAIN-04: acquired Assets and Wonders go on top of the acquirer's Discard Pile."""
    state, run, legal = game({"active": "p1", "p1": {"discard": ["Prospector", "Captain"],
                                                     "points": {"command": 2, "battle": 2}},
                              "asset_row": ["Caravan", "Hidden Cache", None, None, None], "lair": ["Sharp Qoam"]})
    d = run("acquire asset 2")
    assert d["p1"]["discard"] == ["Prospector", "Captain", "Hidden Cache"] and d["p1"]["discard"][-1] == "Hidden Cache"
    d = run("acquire wonder 1", "skip")
    assert d["p1"]["discard"][-1] == "Sharp Qoam" and d["p2"]["discard"] == []


# ---------------------------------------------------------------- play a card
def test_VOL_PLAY_01_playing_costs_nothing(game):
    """VOL-PLAY-01: playing a card moves it from hand to the Playing Area and spends nothing, whatever its cost."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Flawless Deploy", "Prospector"]}})
    assert {"play Flawless Deploy", "play Prospector"} <= legal()  # with every pool at 0
    d = run("play Flawless Deploy")
    assert d["p1"]["play"] == ["Flawless Deploy"] and d["p1"]["hand"] == ["Prospector"]
    assert d["p1"]["points"] == pts(2, 3, 2)  # its own points only: the cost 5 was not paid
    d = run("play Prospector")
    assert d["p1"]["points"] == pts(3, 3, 2)


def test_VOL_PLAY_02_points_gained_when_played(game):
    """VOL-PLAY-02: (automatic gain) Diviner adds CP 1 and KP 3 once it is in the Playing Area, not while in hand."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Diviner", "Prospector"]}})
    assert run()["p1"]["points"] == ZERO
    d = run("play Diviner")
    assert d["p1"]["points"] == pts(c=1, k=3)
    d = run("play Prospector")
    assert d["p1"]["points"] == pts(c=2, k=3)


def test_VOL_PLAY_03_unplayed_cards_discarded_at_end(game):
    """VOL-PLAY-03: play 2 of 5 cards; the 3 others stay in hand, then are discarded at End of Turn."""
    hand = ["Prospector", "Captain", "Diviner", "Caravan", "Hidden Cache"]
    state, run, legal = game({"active": "p1", "p1": {"hand": hand, "discard": []}})
    d = run("play Prospector", "play Captain")
    assert d["p1"]["hand"] == ["Diviner", "Caravan", "Hidden Cache"]
    d = run("end turn")
    assert d["p1"]["hand"] == []
    assert sorted(d["p1"]["discard"]) == sorted(hand)


def test_VOL_PLAY_04_rulebook_order_example(game):
    """VOL-PLAY-04: meet the old Building's requirement, use it, overwrite it with a new Building, gain from the new one."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Telron's Analysis", "Mint"],
                                                     "deck": ["Diviner"],
                                                     "cities": [{"building": "Bank"}, {}, {}]}})
    assert run()["p1"]["points"] == pts(c=1, b=1)  # the old Building's points
    assert "activate Bank city1" not in legal()
    run("play Telron's Analysis")
    assert "activate Bank city1" in legal()
    d = run("activate Bank city1", "yes")
    assert d["p1"]["hand"] == ["Mint", "Diviner"]
    d = run("play Mint city1")
    assert d["p1"]["city1"]["building"] == "Mint" and d["removed"] == ["Bank"]
    # Bank 1/1/0 + Telron's Analysis 2/0/1 + Mint 1/0/1; Mint's chain (two other turquoise cards) does not hold
    assert d["p1"]["points"] == pts(c=4, b=1, k=2)


# ---------------------------------------------------------------- gain points
def test_VOL_GAIN_01_exact_main_ability_points(game):
    """VOL-GAIN-01: Flawless Deploy adds exactly CP 2, BP 3, KP 2 to the pools."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Flawless Deploy"], "points": {"command": 1, "battle": 1, "knowledge": 1}}})
    d = run("play Flawless Deploy")
    assert d["p1"]["points"] == pts(3, 4, 3)


def test_VOL_GAIN_02_only_own_playing_and_cities_areas(game):
    """VOL-GAIN-02: hand, deck, discard, the rows, the Lair's Wonders and p2's cards give p1 nothing."""
    state, run, legal = game({
        "active": "p1",
        "p1": {"hand": ["Diviner", "Flawless Deploy"], "deck": ["Royal Treasury"], "discard": ["Caravan"],
               "cities": [{"troop": "Wall Guard"}, {}, {}]},
        "p2": {"hand": ["Captain"], "play": ["Heart of Kyradar"], "cities": [{"building": "Market Hall"}, {}, {}]},
        "asset_row": ["Royal Treasury", "Quartermaster", None, None, None],
        "lair": ["Titan's Anvil", "Sharp Qoam"]})
    d = run()
    assert d["p1"]["points"] == pts(b=1)  # the Wall Guard only
    assert d["p2"]["points"] == ZERO
    d = run("play Diviner")
    assert d["p1"]["points"] == pts(c=1, b=1, k=3)


def test_VOL_GAIN_02_claimed_lair_gives_points(game):
    """VOL-GAIN-02: the claimed Lair, in the owner's Cities Area, gives its 4 battle to its owner only."""
    state, run, legal = game({"active": "p2", "lair_owner": "p1"})
    assert run()["p2"]["points"] == ZERO
    d = run("end turn")
    assert d["active"] == "p1" and d["p1"]["points"]["battle"] == 4


def test_VOL_GAIN_03_once_per_card_per_turn(game):
    """VOL-GAIN-03: Prospector gives 1 CP once; nothing later in the turn (its removal included) gains from it again."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Prospector", "Captain"], "points": {"battle": 2}},
                              "lair": ["Sharp Qoam"]})
    d = run("play Prospector")
    assert d["p1"]["points"] == pts(c=1, b=2)
    d = run("play Captain")
    assert d["p1"]["points"] == pts(c=2, b=5)
    d = run("acquire wonder 1", "choose play:Prospector")
    assert d["p1"]["points"] == pts(c=2, b=3) and d["removed"] == ["Prospector"]


def test_VOL_GAIN_03_in_play_card_once_per_turn(game):
    """VOL-GAIN-03: a Building gives its points once at Main Phase start, not again when other cards are played."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Wall Guard", "Foundry"],
                                                     "cities": [{"building": "Market Hall"}, {}, {}]}})
    assert run()["p1"]["points"] == pts(c=2)
    d = run("play Wall Guard city2", "play Foundry city3")
    assert d["p1"]["points"] == pts(c=2 + 1, b=1 + 2)


def test_VOL_GAIN_04_replaced_building_gave_its_points_first(game):
    """VOL-GAIN-04: Building A gave its points at Main Phase start; B played over it: both A's and B's points are in the pools."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Foundry"], "cities": [{"building": "Market Hall"}, {}, {}]}})
    d = run("play Foundry city1")
    assert d["p1"]["points"] == pts(c=2 + 1, b=2)
    assert d["removed"] == ["Market Hall"] and d["p1"]["city1"]["building"] == "Foundry"


def test_VOL_GAIN_04_removed_card_gives_nothing_after_leaving(game):
    """VOL-GAIN-04: once gone (removed by the opponent's Troop removal), a Troop gives its owner nothing next turn."""
    state, run, legal = game({"active": "p1", "p1": {"hand": ["Anuth's Trick"]},
                              "p2": {"cities": [{"troop": "Red Lancers"}, {}, {}]}})
    run("play Anuth's Trick", "remove Anuth's Trick")  # destroy an enemy troop
    assert legal() == {"choose p2.city1.troop", "skip"}
    d = run("choose p2.city1.troop")
    assert d["removed"] == ["Anuth's Trick", "Red Lancers"]
    d = run("end turn")
    assert d["active"] == "p2" and d["p2"]["points"] == ZERO


def test_VOL_GAIN_07_redeployed_troop_gives_nothing_twice(game):
    """VOL-GAIN-07: Troop T gave its points; redeployed to another City it gives nothing more this turn."""
    state, run, legal = game({"active": "p1", "p1": {"points": {"command": 8},
                                                     "cities": [{"troop": "Red Lancers"}, {}, {}]}})
    assert run()["p1"]["points"] == pts(c=8, b=2)
    d = run("redeploy city1 city2")
    assert d["p1"]["points"] == pts(c=4, b=2)
    d = run("redeploy city2 city3")
    assert d["p1"]["points"] == pts(c=0, b=2) and d["p1"]["city3"]["troop"] == "Red Lancers"
