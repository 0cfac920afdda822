"""What attacking a City costs, changed for a while: ``attacks against enemy cities cost 1 less
battle this turn``, ``your attacks against cities cost 2 less battle`` (a card's ability while it
is in play), ``attacking the lair costs 1 more battle``, ``until your next turn, attacks against
your cities cost 2 more battle`` (the enemy's attacks made dearer). The change is to the price of
the attack (the City's defence plus its Troop's, VOL-ATTACK-01/04), never below 0, and never to
the defence itself, which conditions and counts read as printed."""
from __future__ import annotations

import pytest

from tabletop.dsl.errors import CardLanguageError
from tabletop.framework.packs import CardText, registry
from tabletop.game import Game
from tests.dsl.volfyirion_secondary import compile_secondary, run_secondary

NO_HAND = ["Prospector"] * 5  # grey cards with no ability: nothing in hand interferes
#: p1 to play with 7 battle; p2's Cities defend 8, 9 and 10 (printed order)
SEVEN = {"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 7}}}
#: a Building that makes its owner's attacks cheaper, a Troop that makes attacking its City dearer
CARDS = """
- {name: Siege Works, type: building, house: red, cost: 3, main: 1 battle,
   abilities: ["your attacks against cities cost 2 less battle"]}
- {name: Bastion Guard, type: troop, house: turquoise, cost: 3, defence: 2,
   abilities: ["attacks against this city cost 2 more battle"]}
"""


def _compile(text: str):
    return compile_secondary(text, "attack costs")


def _run(text: str | None, *answers: str, setup: dict = SEVEN, game: Game | None = None):
    return run_secondary(text, *answers, setup=setup, suite="attack costs", game=game)


def _attacks(game, state) -> set[str]:
    return {s for s in (game.action_to_string(a) for a in game.legal_actions(state)) if s.startswith("attack")}


def _seen(game, state) -> dict:
    return game.rules.describe(state)


# ---------------------------------------------------------------- the offer and the payment
def test_attacks_against_enemy_cities_costing_1_less_offer_the_attack_7_battle_now_pays_for():
    assert _attacks(*_run(None)) == set()
    assert _attacks(*_run("attacks against enemy cities cost 1 less battle this turn")) == {"attack p2.city1"}


def test_the_attack_pays_the_changed_cost():
    game, state = _run("your attacks against cities cost 2 less battle this turn", "attack p2.city2")
    seen = _seen(game, state)
    assert seen["p2"]["city2"]["destroyed"] is True and seen["p1"]["points"]["battle"] == 0


@pytest.mark.parametrize("text", ["your attacks cost 2 less battle this turn", "this turn, attacks cost 2 battle less"])
def test_attacks_with_no_city_named_are_changed_on_whichever_city_they_are_made(text):
    assert _attacks(*_run(text)) == {"attack p2.city1", "attack p2.city2"}  # 8 and 9 less 2; not 10


def test_attacks_with_no_city_named_are_changed_on_the_lair_too():
    assert "attack p2.lair" in _attacks(*_run("your attacks cost 3 less battle this turn", setup={
        **LAIR, "p1": {"hand": NO_HAND, "points": {"battle": 7}}}))


def test_your_next_attack_with_no_city_named_is_one_attack_only():
    setup = {**SEVEN, "p1": {"hand": NO_HAND, "points": {"battle": 14}}}
    game, state = _run("your next attack costs 2 less battle this turn", "attack p2.city1", setup=setup)
    assert _seen(game, state)["p1"]["points"]["battle"] == 8  # 8 less 2 paid; the next attack pays in full
    assert _attacks(game, state) == set()  # city2 costs 9 again, city3 10: 8 battle left


def test_a_guarded_city_is_changed_once_for_the_city_and_its_troop():
    setup = {**SEVEN, "p1": {"hand": NO_HAND, "points": {"battle": 9}}, "p2": {"cities": [{"troop": "Novice"}]}}
    game, state = _run("attacks against enemy cities cost 1 less battle this turn", "attack p2.city1", setup=setup)
    seen = _seen(game, state)
    assert seen["p2"]["city1"]["troop"] is None and seen["p2"]["city1"]["destroyed"] is False
    assert seen["p1"]["points"]["battle"] == 0  # 8 + 2 (Novice) - 1


def test_an_attack_never_costs_less_than_nothing():
    setup = {**SEVEN, "p1": {"hand": NO_HAND, "points": {"battle": 0}}}
    game, state = _run("attacks against enemy cities cost 20 less battle this turn", "attack p2.city3", setup=setup)
    seen = _seen(game, state)
    assert seen["p2"]["city3"]["destroyed"] is True and seen["p1"]["points"]["battle"] == 0


def test_the_view_shows_what_attacking_costs_now():
    game, state = _run("attacks against enemy cities cost 1 less battle this turn")
    seen = _seen(game, state)
    assert [seen["p2"][f"city{i}"]["defence"] for i in (1, 2, 3)] == [7, 8, 9]
    assert seen["p2"]["city1"]["printed"] == 8


def test_target_enemy_city_makes_only_the_city_chosen_cheaper():
    game, state = _run("attacks against target enemy city cost 3 less battle this turn", "choose p2.city:Kyr")
    assert _attacks(game, state) == {"attack p2.city3"}  # Kyr, 10 - 3; Yrdesh still 8


# ---------------------------------------------------------------- the Lair
LAIR = {"active": "p1", "p1": {"hand": NO_HAND, "points": {"battle": 10}}, "lair_owner": "p2"}


def test_attacking_the_lair_costing_1_more_takes_it_out_of_reach_of_10_battle():
    assert "attack p2.lair" in _attacks(*_run(None, setup=LAIR))
    assert _attacks(*_run("attacking the lair costs 1 more battle this turn", setup=LAIR)) == {
        "attack p2.city1", "attack p2.city2", "attack p2.city3"}


def test_attacking_the_lair_pays_its_changed_cost():
    game, state = _run("attacking the lair costs 2 less battle this turn", "attack p2.lair", setup=LAIR)
    seen = _seen(game, state)
    assert "lair" not in seen["p2"] and seen["p1"]["points"]["battle"] == 2


# ---------------------------------------------------------------- how long it lasts
def test_a_change_this_turn_ends_with_the_turn():
    game, state = _run("attacks against enemy cities cost 2 less battle this turn")
    assert _seen(game, state)["p2"]["city1"]["defence"] == 6
    game.apply(state, "end turn")
    assert _seen(game, state)["p2"]["city1"]["defence"] == 8


#: p2 draws four Stabs at the end of p1's turn: 8 battle once they are played, enough for p1's city1
STABS = {"active": "p1", "p1": {"hand": NO_HAND}, "p2": {"deck": ["Prospector"] * 5 + ["Stab"] * 5}}
PLAY_STABS = ("end turn", "play Stab", "play Stab", "play Stab", "play Stab")


def test_attacks_against_your_cities_cost_the_enemy_2_more_until_your_next_turn():
    game, state = _run(None, *PLAY_STABS, setup=STABS)
    assert _seen(game, state)["p2"]["points"]["battle"] == 8 and _attacks(game, state) == {"attack p1.city1"}
    game, state = _run("until your next turn, attacks against your cities cost 2 more battle", *PLAY_STABS,
                       setup=STABS)
    assert _seen(game, state)["p2"]["points"]["battle"] == 8 and _attacks(game, state) == set()
    assert _seen(game, state)["p1"]["city1"]["defence"] == 10


def test_attacks_against_your_cities_cost_the_usual_again_when_your_next_turn_begins():
    game, state = _run("until your next turn, attacks against your cities cost 2 more battle", *PLAY_STABS,
                       "end turn", setup=STABS)
    seen = _seen(game, state)
    assert seen["active"] == "p1" and seen["p1"]["city1"]["defence"] == 8


# ---------------------------------------------------------------- a card's ability while in play
def _designed() -> Game:
    return Game(registry().get("volfyirion").with_cards([CardText("attack-costs.yaml", CARDS)]))


def test_a_buildings_ability_makes_its_owners_attacks_cheaper_while_it_is_in_play():
    setup = {**SEVEN, "p1": {"hand": NO_HAND, "points": {"battle": 6}, "cities": [{"building": "Siege Works"}]}}
    game, state = _run(None, setup=setup, game=_designed())
    assert _seen(game, state)["p1"]["points"]["battle"] == 7  # with Siege Works' own point
    assert _attacks(game, state) == {"attack p2.city1", "attack p2.city2"}  # 8 - 2, 9 - 2


def test_a_buildings_ability_ends_when_it_leaves_play():
    setup = {**SEVEN, "p2": {"cities": [{"building": "Siege Works"}]}}  # p2's attacks on p1's Cities: 2 less
    game, state = _run(None, setup=setup, game=_designed())
    assert _seen(game, state)["p1"]["city1"]["defence"] == 6
    game, state = _run("remove an enemy building", "choose p2.city1", setup=setup, game=_designed())
    assert _seen(game, state)["p1"]["city1"]["defence"] == 8


def test_a_troops_ability_makes_attacking_its_city_dearer():
    setup = {**SEVEN, "p1": {"hand": NO_HAND, "points": {"battle": 11}}, "p2": {"cities": [{"troop": "Bastion Guard"}]}}
    game, state = _run(None, setup=setup, game=_designed())
    assert _seen(game, state)["p2"]["city1"]["defence"] == 12  # 8 + 2 (the Troop) + 2 (its ability)
    assert "attack p2.city1" not in _attacks(game, state)


# ---------------------------------------------------------------- not the defence
def test_counting_cities_by_their_defence_reads_the_defence_not_what_attacking_costs():
    game, state = _run("attacks against enemy cities cost 3 less battle this turn; "
                       "gain 1 knowledge for each enemy city with 9 or more defence")
    assert _seen(game, state)["p1"]["points"]["knowledge"] == 2  # Akao Uket (9) and Kyr (10)


def test_a_condition_on_a_citys_defence_reads_the_defence_not_what_attacking_costs():
    game, state = _run("attacks against enemy cities cost 3 less battle this turn; "
                       "if an enemy city has 10 or more defence, gain 1 knowledge")
    assert _seen(game, state)["p1"]["points"]["knowledge"] == 1


# ---------------------------------------------------------------- refused
@pytest.mark.parametrize("text,why", [
    ("your attacks against your cities cost 1 less battle this turn", "nobody attacks their own cities"),
    ("enemy attacks against enemy cities cost 1 more battle this turn", "nobody attacks their own cities"),
    ("attacks against enemy troops cost 1 less battle this turn", "an attack is made on a city"),
    ("attacks against enemy cities cost 0 less battle this turn", "needs a positive number"),
    ("attacks against enemy cities cost 1 less battle", "say how long this lasts"),
])
def test_a_change_no_attack_could_meet_is_refused_where_it_is_written(text, why):
    with pytest.raises(CardLanguageError, match=why):
        _compile(text)


# ---------------------------------------------------------------- the next attack only
def test_the_next_attack_against_an_enemy_city_costing_2_less_is_used_by_one_attack():
    setup = {**SEVEN, "p1": {"hand": NO_HAND, "points": {"battle": 15}}}
    game, state = _run("the next attack against an enemy city costs 2 less battle", "attack p2.city1", setup=setup)
    assert _seen(game, state)["p1"]["points"]["battle"] == 15 - (8 - 2)
    assert _seen(game, state)["p2"]["city2"]["defence"] == 9  # the next attack pays in full


def test_the_next_attack_change_offers_an_attack_only_while_unused():
    game, state = _run("the next attack against an enemy city costs 1 less battle")
    assert _attacks(game, state) == {"attack p2.city1"}  # 7 battle: 8 - 1


def test_until_your_next_turn_the_next_attack_against_your_cities_costs_the_enemy_more():
    game, state = _run("until your next turn, the next attack against your cities costs 2 more battle")
    game.apply(state, "end turn")
    assert _seen(game, state)["p1"]["city1"]["defence"] == 8 + 2  # as p2 sees what attacking costs


def test_the_next_attack_on_a_city_not_chosen_yet_is_refused():
    with pytest.raises(CardLanguageError, match="the next attack is on a city not chosen yet"):
        _compile("the next attack against target enemy city costs 2 less battle")
