"""``of your choice`` after a selector's noun is ``target`` said there: ``destroy a troop of your
choice``, ``deal 2 damage to an enemy hero of your choice``, in both packs. Only a selector that
picks may say it: ``each troop of your choice`` is refused where it is written."""
from __future__ import annotations

import pytest

import tabletop


def _position(pack: str, setup: dict):
    game = tabletop.load(pack)
    state = game.new_state(1)
    game.rules.apply_setup(state, setup)
    return game, state


VOL = {"active": "p1", "p1": {"hand": []}, "p2": {"cities": [{"troop": "Novice"}, {"troop": "Soldier"}, {}]}}
VIR = {"active": "p1", "p1": {"main": "Ash Demon", "hand": []},
       "p2": {"main": "Ash Demon", "secondary": ["Cinder Imp"], "hand": []}}


def _offered(pack: str, setup: dict, text: str) -> list[str]:
    game, state = _position(pack, setup)
    tabletop.run_effect(state, text, "p1", game=game)
    return sorted(game.action_to_string(a) for a in game.legal_actions(state))


@pytest.mark.parametrize("pack,setup,text,target", [
    ("volfyirion", VOL, "destroy an enemy troop of your choice", "destroy target enemy troop"),
    ("volfyirion", VOL, "destroy up to 2 troops of your choice", "destroy up to 2 target troops"),
    ("virevolt", VIR, "deal 2 damage to an enemy hero of your choice", "deal 2 damage to target enemy hero"),
])
def test_of_your_choice_offers_the_choice_target_offers(pack, setup, text, target):
    assert _offered(pack, setup, text) == _offered(pack, setup, target)


def test_volfyirion_destroys_the_troop_of_your_choice():
    game, state = _position("volfyirion", VOL)
    tabletop.run_effect(state, "destroy a troop of your choice", "p1", game=game)
    game.apply(state, "choose p2.city2.troop")
    seen = game.rules.describe(state)
    assert seen["p2"]["city2"]["troop"] is None and seen["p2"]["city1"]["troop"] == "Novice"


def test_virevolt_deals_the_damage_to_the_hero_of_your_choice():
    game, state = _position("virevolt", VIR)
    tabletop.run_effect(state, "deal 2 damage to an enemy hero of your choice", "p1", game=game)
    game.apply(state, "choose p2:Ash Demon")
    heroes = game.rules.describe(state)["p2"]["heroes"]
    assert heroes["Ash Demon"]["damage"] == 2 and heroes["Cinder Imp"]["damage"] == 0


def test_one_choice_between_two_kinds_of_your_choice():
    """``an enemy troop or building of your choice``: the choice is of the whole selector."""
    game, state = _position("volfyirion", {"active": "p1", "p1": {"hand": []},
                                           "p2": {"cities": [{"troop": "Novice"}, {"building": "Library"}, {}]}})
    tabletop.run_effect(state, "destroy an enemy troop or building of your choice", "p1", game=game)
    assert {"choose p2.city1.troop", "choose p2.city2.building"} <= {
        game.action_to_string(a) for a in game.legal_actions(state)}


@pytest.mark.parametrize("text,column", [("destroy each troop of your choice", 9),
                                         ("destroy a random troop of your choice", 9)])
def test_of_your_choice_where_nothing_is_chosen_is_refused_where_it_is_written(text, column):
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, "volfyirion")
    e = info.value
    assert e.column == column and e.width == len(text) - column + 1
    assert "'of your choice' says that you pick the cards" in e.message
