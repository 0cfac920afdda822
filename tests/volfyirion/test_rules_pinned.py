"""Behaviours a mutation run found unpinned (benchmarks/mutation.py), each with its rule id."""
from __future__ import annotations

import pytest

PLOYS = {"variants": ["ploys"]}


def test_VOL_SEC_04_a_buildings_ability_is_usable_behind_a_troop_without_one(game):
    """A Mercenary (no ability of its own) in the Troop slot does not hide the Building's ability."""
    state, run, legal = game({"active": "p1", "p1": {
        "hand": [], "deck": ["Diviner"], "play": ["Telron's Analysis"],
        "cities": [{"troop": "Mercenary Archer", "building": "Bank"}, {}, {}]}}, options={"variants": ["mercenary"]})
    assert "activate Bank city1" in legal()
    d = run("activate Bank city1", "yes")
    assert d["p1"]["hand"] == ["Diviner"]


def test_VOL_SEAL_07_unsealing_your_own_wonder_fires_its_points_chain(designed_game):
    state, run, legal = designed_game({"active": "p1", "p1": {
        "hand": [], "play": ["Echo Stone", "Barter"], "sealed": ["Echo Stone"], "points": {"knowledge": 3}}})
    assert run()["p1"]["points"] == {"command": 1, "battle": 0, "knowledge": 3}  # Barter only
    d = run("unseal p1 Echo Stone")  # its 1 command, and its chain (another turquoise card): 2 knowledge
    assert d["p1"]["points"] == {"command": 2, "battle": 0, "knowledge": 2}


def test_VOL_VAR_PLOY_MIRAGE_01_mirage_city_answers_the_dragon_on_the_first_city_too(game):
    state, run, legal = game({"active": "p2", "p1": {"ploy": "Mirage City"},
                              "p2": {"ploy": None, "points": {"knowledge": 8}}}, options=PLOYS)
    d = run("move volfyirion p1.city1")
    assert d["volfyirion"] == "lair" and "Mirage City" in d["removed"]


def test_VOL_SEAL_01_twin_wonders_are_one_action_and_the_next_wonder_is_still_offered(game):
    state, run, legal = game({"active": "p1", "p1": {"hand": [], "points": {"knowledge": 3}},
                              "p2": {"play": ["Sharp Qoam", "Sharp Qoam", "Pure Qoam"]}})
    seals = sorted(a for a in legal() if a.startswith("seal"))
    assert seals == ["seal p2 Pure Qoam", "seal p2 Sharp Qoam"]


def test_VOL_ATTACK_01_in_a_game_set_up_with_ploys_the_first_attack_is_not_cancelled_without_double_shift(rules):
    for seed in range(40):
        state = rules.setup({"variants": ["ploys"]}, seed)
        if state.cards[state.zones["p2.ploy"][0]].name != "Double Shift":
            break
    state.counters["p1.battle"] = 8
    rules.apply(state, ("attack", "p2.city1"))
    assert rules.describe(state)["p2"]["city1"]["destroyed"]


def test_VOL_SETUP_10_with_one_cheap_wonder_each_other_is_revealed_once(game):
    # top first: 4, 4, 4, 4, then the only Wonder costing 3 or less
    stack = ["Void Fluid", "Black Spores", "Primal Beast", "Floating Crystal", "Pure Qoam"]
    state, run, legal = game({"wonder_deck_before_lair": stack[::-1]})
    d = run()
    assert d["lair"]["wonders"] == ["Pure Qoam", None]
    # each rejected Wonder under the previous one, none of them revealed twice
    assert d["wonder_deck"] == ["Floating Crystal", "Primal Beast", "Black Spores", "Void Fluid"]


def test_VOL_CARD_08_an_action_applied_directly_is_refused_with_what_is_wrong(game, rules):
    """A saved game or a script applying an action that is not legal gets a clear refusal."""
    import pytest

    from tabletop.framework.effects import IllegalAction

    state, run, legal = game({"active": "p1", "p1": {"hand": ["Guard", "Stab"], "cities": [{"destroyed": True}, {}, {}]}})
    with pytest.raises(IllegalAction, match="city1 is destroyed"):
        rules.apply(state, ("play", "Guard", "city1"))
    with pytest.raises(IllegalAction, match="no 'Stab' in your Playing Area whose ability can be used now"):
        rules.apply(state, ("activate", "Stab"))


def test_VOL_END_06_07_a_city_the_dragon_destroys_at_the_end_of_a_turn_does_not_stop_the_refill(game):
    """Step 5 destroys the City the dragon sits on; when the game goes on, step 6 still refills."""
    state, run, legal = game({"active": "p1", "p1": {"hand": []}, "volfyirion": "p1.city2",
                              "asset_row": ["Stab", None, None, "Barter", None],
                              "asset_deck": ["Novice", "Guard", "Mint"]})
    d = run("end turn")
    assert d["p1"]["city2"]["destroyed"] and not state.over
    assert d["volfyirion"] == "lair"
    assert d["asset_row"] == ["Stab", "Mint", "Guard", "Barter", "Novice"]


def test_VOL_COMP_10_a_game_for_other_than_two_players_is_refused_before_setup(rules):
    """The player count is checked with the options (a scenario's ``players:``, the API), not only by setup."""
    from tabletop.framework.setups import SetupError, check_options

    assert check_options(rules, {}, 2) == {}
    for n in (1, 3):
        with pytest.raises(SetupError, match=f"Volfyirion is played by 2 players, not {n}"):
            check_options(rules, {}, n)


def test_VOL_CARD_08_an_ability_applied_directly_on_a_city_without_that_card_names_the_city(game, rules):
    from tabletop.framework.effects import IllegalAction

    state, run, legal = game({"active": "p1", "p1": {"hand": [], "cities": [{}, {"building": "Bank"}, {}]}})
    with pytest.raises(IllegalAction, match="no 'Bank' in your city3"):
        rules.apply(state, ("activate", "Bank", "city3"))
