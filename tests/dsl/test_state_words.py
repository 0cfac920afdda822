"""Virevolt's states as words a card says of a hero: an adjective of a selector (``each burning
enemy hero``, ``each hero that is not frozen``), a condition (``if target enemy hero is burning``,
``unless it is frozen``) and a lasting change (``this hero cannot be frozen``, ``this turn, your
heroes cannot be poisoned``). A hero is frozen while it has Freeze, as ``has freeze`` reads, even
under Immunity (which stops what the state does, not the state). A condition on ``target ...``
asks for the hero first; ``unless it ...`` after a statement that picks is about each hero picked."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.framework.packs import CardText, registry
from tabletop.game import Game

#: p2's heroes: Ash Demon (7 HP, main) and Oak Guardian (9 HP), each with the states a test gives
def _setup(states: dict | None = None, p1: dict | None = None) -> dict:
    return {"active": "p1", "p1": {"main": "Ember Warden", "secondary": ["Wild Druid"], "hand": [], **(p1 or {})},
            "p2": {"main": "Ash Demon", "secondary": ["Oak Guardian"], "hand": [], "states": states or {}}}


#: a hero whose power keeps Freeze off it, and an incantation giving a lasting protection
CARDS = """
- {name: Frost Ward, type: hero, colour: blue, hp: 6, rotation: 1 neutral, sacrifice: 1 blue,
   powers: ["this hero cannot be frozen"], attacks: [{name: Tap, cost: 1 blue, effect: "deal 1 damage to the target"}]}
- {name: Antidote Veil, type: incantation, colour: green,
   effects: [{cost: 1 neutral, effect: "this turn, your heroes cannot be poisoned"}]}
- {name: Veil of Mist, type: incantation, colour: blue,
   effects: [{cost: 1 blue, effect: "until the end of your turn, your heroes cannot be targeted by traps"}]}
- {name: Test Snare, type: trap, colour: neutral, cost: free, when: an enemy attacks you,
   effect: deal 2 damage to target enemy hero}
"""


def _game(cards: bool = False) -> Game:
    return Game(registry().get("virevolt").with_cards([CardText("words.yaml", CARDS)])) if cards \
        else tabletop.load("virevolt")


def _run(text: str, *answers: str, setup: dict | None = None, game: Game | None = None):
    """Run ``text`` for p1 in the position ``setup``, answering its questions: what p2's heroes then are."""
    game = game or _game()
    state = game.new_state(1)
    game.rules.apply_setup(state, setup or _setup())
    program = tabletop.compile(text, game)
    state.listen = state.listen | program.listens
    tabletop.run_effect(state, program, "p1", game=game)
    for answer in answers:
        game.apply(state, answer)
    return game.rules.describe(state)


def _damage(seen: dict, seat: str = "p2") -> dict:
    return {name: hero["damage"] for name, hero in seen[seat]["heroes"].items()}


def _states(seen: dict, seat: str = "p2") -> dict:
    return {name: hero["states"] for name, hero in seen[seat]["heroes"].items()}


# ------------------------------------------------------------------ adjectives of a selector
@pytest.mark.parametrize("word,state", [("poisoned", "poison"), ("burning", "burn"), ("burned", "burn"),
                                        ("frozen", "freeze"), ("stunned", "stun"), ("immune", "immunity"),
                                        ("invincible", "invincibility")])
def test_each_hero_with_a_state_is_named_by_its_adjective(word, state):
    seen = _run(f"deal 1 damage to each {word} enemy hero", setup=_setup({"Oak Guardian": [state]}))
    assert _damage(seen) == {"Ash Demon": 0, "Oak Guardian": 1}


def test_a_state_adjective_after_that_is_not_leaves_those_heroes_out():
    seen = _run("deal 2 damage to each enemy hero that is not frozen", setup=_setup({"Oak Guardian": ["freeze"]}))
    assert _damage(seen) == {"Ash Demon": 2, "Oak Guardian": 0}


def test_an_immune_hero_with_freeze_is_still_frozen():
    seen = _run("deal 2 damage to each frozen hero", setup=_setup({"Oak Guardian": ["freeze", "immunity"]}))
    assert _damage(seen) == {"Ash Demon": 0, "Oak Guardian": 2}


# ------------------------------------------------------------------ conditions
@pytest.mark.parametrize("chosen,damage", [("Oak Guardian", 3), ("Ash Demon", 0)])
def test_a_condition_on_target_enemy_hero_asks_for_it_and_acts_on_it(chosen, damage):
    seen = _run("if target enemy hero is burning, deal 3 damage to it", f"choose p2:{chosen}",
                setup=_setup({"Oak Guardian": ["burn"]}))
    assert _damage(seen)[chosen] == damage and sum(_damage(seen).values()) == damage


def test_a_subject_left_understood_is_the_hero_already_chosen():
    """``if target enemy hero is burning or frozen``: one hero asked for, then both tests on it."""
    seen = _run("if target enemy hero is burning or frozen, deal 3 damage to it", "choose p2:Oak Guardian",
                setup=_setup({"Oak Guardian": ["freeze"]}))
    assert _damage(seen) == {"Ash Demon": 0, "Oak Guardian": 3}


@pytest.mark.parametrize("chosen,damage", [("Oak Guardian", 0), ("Ash Demon", 2)])
def test_unless_it_is_after_a_statement_that_picks_spares_the_hero_picked(chosen, damage):
    seen = _run("deal 2 damage to target enemy hero unless it is frozen", f"choose p2:{chosen}",
                setup=_setup({"Oak Guardian": ["freeze"]}))
    assert _damage(seen)[chosen] == damage


def test_unless_it_is_after_each_is_about_each_hero():
    seen = _run("deal 2 damage to each enemy hero unless it is frozen", setup=_setup({"Oak Guardian": ["freeze"]}))
    assert _damage(seen) == {"Ash Demon": 2, "Oak Guardian": 0}


def test_if_it_is_after_each_is_about_each_hero():
    seen = _run("deal 2 damage to each enemy hero if it is burning", setup=_setup({"Ash Demon": ["burn"]}))
    assert _damage(seen) == {"Ash Demon": 2, "Oak Guardian": 0}


@pytest.mark.parametrize("states,healed", [(["poison"], True), ([], False)])
def test_a_condition_on_your_main_hero_being_poisoned(states, healed):
    setup = _setup(p1={"damage": {"Ember Warden": 3}, "states": {"Ember Warden": states}})
    seen = _run("if your main hero is poisoned, heal it by 2", setup=setup)
    assert _damage(seen, "p1")["Ember Warden"] == (1 if healed else 3)


def test_is_not_reads_a_state_that_is_absent():
    seen = _run("if target enemy hero is not frozen, deal 3 damage to it", "choose p2:Ash Demon",
                setup=_setup({"Oak Guardian": ["freeze"]}))
    assert _damage(seen) == {"Ash Demon": 3, "Oak Guardian": 0}


def test_a_condition_choosing_a_hero_where_nothing_can_ask_is_refused_where_it_is_written():
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile("while target enemy hero is burning: your attacks deal 1 more damage", "virevolt",
                         kind="card ability")
    e = info.value
    assert e.column == 7 and "'target enemy hero' is a card a player chooses" in e.message


# ------------------------------------------------------------------ cannot be STATE
def test_a_hero_whose_power_says_it_cannot_be_frozen_gets_no_freeze():
    game = _game(cards=True)
    setup = _setup()
    setup["p2"]["secondary"] = ["Frost Ward"]
    seen = _run("freeze each enemy hero", setup=setup, game=game)
    assert _states(seen) == {"Ash Demon": ["freeze"], "Frost Ward": []}


def test_this_turn_your_heroes_cannot_be_poisoned():
    seen = _run("this turn, your heroes cannot be poisoned; inflict poison on each hero")
    assert _states(seen, "p1") == {"Ember Warden": [], "Wild Druid": []}
    assert _states(seen) == {"Ash Demon": ["poison"], "Oak Guardian": ["poison"]}


def test_the_protection_ends_with_the_turn():
    game = _game(cards=True)
    state = game.new_state(1)
    game.rules.apply_setup(state, _setup(p1={"hand": ["Antidote Veil"], "crystals": ["neutral"]}))
    game.apply(state, "cast Antidote Veil 1")
    while state.turn < 2:
        game.apply(state, "next")
    tabletop.run_effect(state, "inflict poison on each enemy hero", "p2", game=game)
    assert game.rules.describe(state)["p1"]["heroes"]["Ember Warden"]["states"] == ["poison"]


# ------------------------------------------------------------------ cannot be targeted
def test_cannot_be_targeted_by_traps_is_cannot_be_chosen_by_traps():
    """As scenario vir-13: the Snare answering the attack finds no hero it may choose."""
    game = _game(cards=True)
    state = game.new_state(1)
    game.rules.apply_setup(state, {
        "active": "p1", "p1": {"main": "Cinder Imp", "secondary": ["Village Archer"], "hand": ["Veil of Mist"],
                               "crystals": ["blue", "red"]},
        "p2": {"main": "Ash Demon", "traps": ["Test Snare"]}})
    for action in ("cast Veil of Mist 1", "next", "attack p2 Scorch", "activate Test Snare"):
        game.apply(state, action)
    assert _damage(game.rules.describe(state), "p1") == {"Cinder Imp": 0, "Village Archer": 0}


def test_cannot_be_targeted_without_by_what_is_refused_with_the_forms_that_say_it():
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile("this hero cannot be targeted", "virevolt", kind="modifier")
    assert "'cannot be targeted by traps'" in info.value.message and "'cannot be attacked'" in info.value.message
