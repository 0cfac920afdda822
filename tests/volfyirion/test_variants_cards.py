"""Mercenary, Ascension Path, Saboteur and the Perks: VOL-VAR-MERC-*, -ASC-*, -SAB-*, -PERK-*."""
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


NO_HAND = []
ALL = {"variants": ["all"]}


def quiet(**players):
    """A setup with neither perk nor ploy unless given (the random deal would interfere)."""
    out = {"active": "p1"}
    for p in ("p1", "p2"):
        ps = dict(players.get(p, {}))
        ps.setdefault("perk", None)
        ps.setdefault("ploy", None)
        ps.setdefault("hand", NO_HAND)
        out[p] = ps
    for k, v in players.items():
        if k not in ("p1", "p2"):
            out[k] = v
    return out


# ---------------------------------------------------------------- mercenary
def test_VOL_VAR_MERC_02_mercenary_adds_its_defence(game):
    # rule ids: VOL-VAR-MERC-02
    state, run, legal = game(quiet(p1={"hand": ["Mercenary Archer"]}), options={"variants": ["mercenary"]})
    d = run("play Mercenary Archer city1")
    assert d["p1"]["city1"]["troop"] == "Mercenary Archer" and d["p1"]["city1"]["defence"] == 12
    assert d["p1"]["points"] == {"command": 0, "battle": 0, "knowledge": 0}  # no points of its own


def test_VOL_VAR_MERC_03_legit_attack_shuffles_it_back_and_destroys_the_city(game):
    # rule ids: VOL-VAR-MERC-03
    state, run, legal = game(quiet(p1={"points": {"battle": 12}},
                                   p2={"cities": [{"troop": "Mercenary Archer", "building": "Foundry"}, {}, {}]}),
                             options={"variants": ["mercenary"]})
    assert "attack p2.city1" in legal()  # 8 + the Archer's 4
    d = run("attack p2.city1")
    assert d["p1"]["points"]["battle"] == 0
    assert d["p2"]["city1"]["destroyed"] and d["p2"]["city1"]["troop"] is None
    assert "Foundry" in d["removed"] and "Mercenary Archer" not in d["removed"]
    assert d["asset_deck"].count("Mercenary Archer") == 3  # the set's 2 + this one, shuffled in
    assert d["asset_top"] == d["asset_deck"][-1]


def test_VOL_VAR_MERC_04_other_ways_out_remove_it(game):
    # rule ids: VOL-VAR-MERC-04
    """Replaced by a new Troop, or hit by Remove a Troop: removed from the game, not shuffled back."""
    state, run, legal = game(quiet(p1={"hand": ["Sapper Squad", "Mercenary Archer"], "play": ["Bone Lantern"]},
                                   p2={"cities": [{"troop": "Mercenary Archer"}, {}, {}]}),
                             options={"variants": ["mercenary"]})
    deck = run()["asset_deck"].count("Mercenary Archer")
    d = run("play Mercenary Archer city1", "play Sapper Squad city1")
    assert d["removed"] == ["Mercenary Archer"]
    d = run("remove Bone Lantern", "choose p2.city1")
    assert d["removed"].count("Mercenary Archer") == 2 and d["p2"]["city1"]["troop"] is None
    assert not d["p2"]["city1"]["destroyed"] and d["asset_deck"].count("Mercenary Archer") == deck


# ---------------------------------------------------------------- ascension path
def test_VOL_VAR_ASC_02_never_sealed(game):
    # rule ids: VOL-VAR-ASC-02
    state, run, legal = game(quiet(p1={"points": {"knowledge": 20}, "play": ["Ascension Path", "Sharp Qoam"],
                                       "perk": "Anomaly Collider"},
                                   p2={"play": ["Ascension Path"]}), options=ALL)
    acts = legal()
    assert "seal p2 Ascension Path" not in acts and "seal p1 Ascension Path" not in acts
    assert "collide Ascension Path" not in acts and "collide Sharp Qoam" in acts
    with pytest.raises(IllegalAction):
        run("seal p2 Ascension Path")


def test_VOL_VAR_ASC_03_04_take_over_for_the_knowledge_the_card_says(game):
    # rule ids: VOL-VAR-ASC-03, VOL-VAR-ASC-04
    state, run, legal = game(quiet(p1={"points": {"knowledge": 4}}, p2={"play": ["Ascension Path"]}),
                             options={"variants": ["ascension-path"]})
    state.counters["p1.knowledge"] = 3
    assert "take p2 Ascension Path" not in legal()  # 4 knowledge needed, the printed icon
    state.counters["p1.knowledge"] = 4
    assert "take p2 Ascension Path" in legal()
    d = run("take p2 Ascension Path")
    assert d["p1"]["play"] == ["Ascension Path"] and d["p2"]["play"] == []
    # it is now p1's In-Play Wonder and gives its points this turn
    assert d["p1"]["points"] == {"command": 2, "battle": 2, "knowledge": 0}


def test_VOL_VAR_ASC_05_taken_back_next_turn(game):
    # rule ids: VOL-VAR-ASC-05
    state, run, legal = game(quiet(p1={"points": {"knowledge": 5}}, p2={"play": ["Ascension Path"]}),
                             options={"variants": ["ascension-path"]})
    run("take p2 Ascension Path", "end turn")
    state.counters["p2.knowledge"] = 10
    assert "take p1 Ascension Path" in legal()
    d = run("take p1 Ascension Path")
    assert d["p2"]["play"] == ["Ascension Path"] and d["p2"]["points"]["knowledge"] == 5 + 1
    assert "take p2 Ascension Path" not in legal()  # never from your own area


# ---------------------------------------------------------------- saboteur
def test_VOL_VAR_SAB_02_acquired_saboteur_goes_to_the_opponent(game):
    # rule ids: VOL-VAR-SAB-02
    state, run, legal = game(quiet(p1={"points": {"command": 3}, "discard": ["Prospector"]},
                                   asset_row=["Saboteur", "Caravan", None, None, None]),
                             options={"variants": ["saboteur"]})
    d = run("acquire asset 1")
    assert d["p2"]["discard"][-1] == "Saboteur" and d["p1"]["discard"] == ["Prospector"]
    assert d["p1"]["points"]["command"] == 0


def test_VOL_VAR_SAB_03_unremovable_by_other_cards(game):
    # rule ids: VOL-VAR-SAB-03
    state, run, legal = game(quiet(p1={"points": {"battle": 2}, "hand": ["Saboteur", "Prospector"],
                                       "discard": ["Saboteur"], "play": ["Sunken Altar"]},
                                   lair=["Sharp Qoam", "Crystal Spire"]),
                             options={"variants": ["saboteur"]})
    run("acquire wonder 1")
    opts = {rules_opt for rules_opt in legal()}
    assert "choose hand:Prospector" in opts
    assert not any("Saboteur" in o for o in opts)  # VOL-WONDER-02 removal never offers it
    run("skip")
    run("remove Sunken Altar")  # its Remove a Card
    assert not any("Saboteur" in o for o in legal()) and "choose hand:Prospector" in legal()


def test_VOL_VAR_SAB_04_replace_and_own_ability_and_oracle(game):
    # rule ids: VOL-VAR-SAB-04
    state, run, legal = game(quiet(p1={"points": {"knowledge": 2, "command": 3}, "hand": ["Saboteur"],
                                       "perk": "Qoam Oracle"},
                                   asset_row=["Saboteur", "Caravan", None, None, None],
                                   asset_deck=["Caravan", "Saboteur"]), options=ALL)
    assert "replace 1" in legal()
    d = run("play Saboteur")  # 1 command; the printed Saboteur has no Remove Ability to shed it
    assert d["p1"]["points"]["command"] == 4
    assert not {"remove Saboteur", "thin Saboteur"} & legal()
    d = run("acquire top")  # a Saboteur bought through Qoam Oracle also goes to the opponent
    assert d["p2"]["discard"] == ["Saboteur"] and d["p1"]["discard"] == []


# ---------------------------------------------------------------- perks
def test_VOL_VAR_PERK_02_perks_last_and_are_untouchable(game):
    # rule ids: VOL-VAR-PERK-02
    state, run, legal = game(quiet(p1={"perk": "Qoam Armory", "hand": ["Prospector"], "play": ["Sunken Altar"]},
                                   p2={"perk": "Qoam Oracle"}), options=ALL)
    run("remove Sunken Altar")
    assert not any("Armory" in o for o in legal())  # Remove a Card never reaches a Perk
    run("skip")
    for _ in range(4):
        run("end turn")
    d = run()
    assert d["p1"]["perk"] == "Qoam Armory" and d["p2"]["perk"] == "Qoam Oracle"


def test_VOL_VAR_PERK_ARMORY_01_defeat_for_14(game):
    # rule ids: VOL-VAR-PERK-ARMORY-01
    state, run, legal = game(quiet(p1={"perk": "Qoam Armory", "points": {"battle": 14}}), options=ALL)
    assert "defeat volfyirion" in legal()
    d = run("defeat volfyirion")
    assert d["volfyirion"] == "removed" and d["p1"]["points"]["battle"] == 4  # 0 left + the Lair's 4
    state2, run2, legal2 = game(quiet(p1={"points": {"battle": 14}}), options=ALL)
    assert "defeat volfyirion" not in legal2()


def test_VOL_VAR_PERK_COLLIDER_01_seal_own_wonder_for_knowledge_once_a_turn(game):
    # rule ids: VOL-VAR-PERK-COLLIDER-01
    state, run, legal = game(quiet(p1={"perk": "Anomaly Collider", "play": ["Rune Gate", "Qoam Lens"]},
                                   p2={"play": ["Echo Stone"]}), options=ALL)
    assert "collide Echo Stone" not in legal()  # never an opponent's Wonder (VOL-VAR-PERK-COLLIDER-02)
    d = run("collide Rune Gate")
    assert d["p1"]["sealed"] == ["Rune Gate"] and d["p1"]["points"]["knowledge"] == 2 + 4
    assert not any(a.startswith("collide") for a in legal())


def test_VOL_VAR_PERK_COLLIDER_02_points_kept_unseal_gives_nothing_twice(game):
    # rule ids: VOL-VAR-PERK-COLLIDER-02
    state, run, legal = game(quiet(p1={"perk": "Anomaly Collider", "play": ["Echo Stone"]}), options=ALL)
    d = run()
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 0}
    d = run("collide Echo Stone", "unseal p1 Echo Stone")
    assert d["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 0} and d["p1"]["sealed"] == []


def test_VOL_VAR_PERK_ORACLE_01_02_acquire_the_deck_top_repeatedly(game):
    # rule ids: VOL-VAR-PERK-ORACLE-01, VOL-VAR-PERK-ORACLE-02
    state, run, legal = game(quiet(p1={"perk": "Qoam Oracle", "points": {"command": 6}},
                                   asset_deck=["Apothecary", "Caravan Escort", "Hidden Cache"]), options=ALL)
    row = run()["asset_row"]
    d = run("acquire top")
    assert d["p1"]["discard"] == ["Hidden Cache"] and d["asset_top"] == "Caravan Escort"
    d = run("acquire top")
    assert d["p1"]["discard"] == ["Hidden Cache", "Caravan Escort"] and d["p1"]["points"]["command"] == 1
    assert d["asset_row"] == row and "acquire top" not in legal()


def test_VOL_VAR_PERK_ORACLE_02_private_peek_with_hidden_top(game, rules):
    # rule ids: VOL-VAR-PERK-ORACLE-02
    state, run, legal = game(quiet(p1={"perk": "Qoam Oracle"}, p2={"perk": "Heroes Party"},
                                   asset_deck=["Caravan", "Hidden Cache"]),
                             options=dict(ALL, hidden_asset_top=True))
    assert rules.view(state, 0)["asset_top"] == "Hidden Cache"
    assert rules.view(state, 1)["asset_top"] is None


def test_VOL_VAR_PERK_HEROES_01_02_four_battle_for_the_wonder_deck_top(game):
    # rule ids: VOL-VAR-PERK-HEROES-01, VOL-VAR-PERK-HEROES-02
    state, run, legal = game(quiet(p1={"perk": "Heroes Party", "points": {"battle": 8}, "hand": ["Prospector"]},
                                   wonder_deck=["Moon Pillar", "Heart of Kyradar"]), options=ALL)
    d = run("acquire wonder top")
    assert d["p1"]["discard"] == ["Heart of Kyradar"] and d["p1"]["points"]["battle"] == 4
    assert "choose hand:Prospector" in legal()  # the Wonder acquisition's removal (VOL-WONDER-02)
    run("skip")
    assert "acquire wonder top" in legal()  # repeatable while BP last
    state.counters["p1.battle"] = 16
    run("defeat volfyirion")
    assert "acquire wonder top" not in legal()  # no Wonder is acquired after the Lair is claimed
