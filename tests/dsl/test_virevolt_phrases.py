"""Virevolt phrases designers write that the language used to refuse or mislead on: an enemy's
crystals consumed or destroyed by a player the controller chooses (``consume 1 crystal of target
enemy``: with 2 players nobody is asked, with 3 or 4 the controller names the enemy), ``N enemy
crystals`` (N crystals of one enemy, chosen), a triggered ability written in ``powers:`` (refused
with where it goes), ``the attacking hero`` in a trap answering an attack, and a shield for one
attack (``the next attack against your main hero deals 2 less damage``: the total that attack deals
the hero, once, until your next turn)."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.framework.packs import CardText, registry
from tabletop.game import Game

from tests.dsl.virevolt_positions import offered, position

CARDS = """
- {name: Drain Bolt, type: incantation, colour: blue,
   effects: [{cost: 1 blue, effect: consume 1 crystal of target enemy}]}
- {name: Brace, type: incantation, colour: blue,
   effects: [{cost: 1 blue, effect: the next attack against your main hero deals 2 less damage}]}
- {name: Spite Snare, type: trap, colour: neutral, cost: free, when: an enemy attacks you,
   effect: deal 2 damage to the attacking hero}
- {name: Twin Fang, type: hero, colour: red, hp: 6, rotation: 1 neutral, sacrifice: 1 red,
   attacks: [{name: Bite, cost: 1 red,
              effect: "(if you control a hero: deal 1 damage to the target); deal 2 damage to the target"}]}
"""

#: crystals of two colours each: which are consumed is a choice that can matter
P2 = {"main": "Ash Demon", "hand": [], "crystals": ["red", "blue"]}
P3 = {"main": "Oak Guardian", "hand": [], "crystals": ["green", "blue"]}


def _game(players: int = 2) -> Game:
    return Game(registry().get("virevolt").with_cards([CardText("phrases.yaml", CARDS)]), {"players": players})


def _position(players: int, p1: dict | None = None, **others: dict):
    game = _game(players)
    return game, position(game, players, {"p2": P2, "p3": P3}, p1, **others)


def _answer(game, state, *answers: str) -> dict:
    """Answer the questions asked: what the players then see."""
    for answer in answers:
        game.apply(state, answer)
    return game.rules.describe(state)


def _run(game, state, text: str, *answers: str) -> dict:
    """Run ``text`` for p1, answering its questions: what the players then see."""
    tabletop.run_effect(state, text, "p1", game=game)
    return _answer(game, state, *answers)


def _consumed(seen: dict, seat: str) -> list[str]:
    return [c["colour"] for c in seen[seat]["crystals"] if c["consumed"]]


# ------------------------------------------------------------------ target enemy: a player chosen
def test_with_two_players_target_enemy_is_the_enemy_and_nobody_is_asked_which():
    game, state = _position(2)
    tabletop.run_effect(state, "consume 1 crystal of target enemy", "p1", game=game)
    assert offered(game, state) == ["choose consume:blue", "choose consume:red"]


def test_with_three_players_the_controller_chooses_the_enemy_then_the_crystals():
    game, state = _position(3)
    tabletop.run_effect(state, "consume 1 crystal of target enemy", "p1", game=game)
    assert offered(game, state) == ["choose p2", "choose p3"]
    game.apply(state, "choose p3")
    assert offered(game, state) == ["choose consume:blue", "choose consume:green"]
    seen = _answer(game, state, "choose consume:green")
    assert _consumed(seen, "p3") == ["green"] and _consumed(seen, "p2") == []


def test_consume_two_crystals_of_target_enemy():
    game, state = _position(3)
    seen = _run(game, state, "consume 2 crystals of target enemy", "choose p2")
    assert sorted(_consumed(seen, "p2")) == ["blue", "red"] and _consumed(seen, "p3") == []


def test_destroy_a_crystal_of_target_enemy_destroys_one_of_that_enemy_only():
    game, state = _position(3)
    seen = _run(game, state, "destroy 1 crystal of target enemy", "choose p3", "choose destroy:blue")
    assert seen["p3"]["crystals"] == [{"colour": "green", "consumed": False}] and len(seen["p2"]["crystals"]) == 2


def test_n_enemy_crystals_are_of_one_enemy_the_controller_chooses():
    game, state = _position(3)
    tabletop.run_effect(state, "consume 1 enemy crystal", "p1", game=game)
    assert offered(game, state) == ["choose p2", "choose p3"]
    seen = _answer(game, state, "choose p2", "choose consume:red")
    assert _consumed(seen, "p2") == ["red"] and _consumed(seen, "p3") == []


def test_target_enemy_is_chosen_as_the_incantation_is_cast_before_a_trap_answers():
    """VIR-TRAP-09: the enemy is a target, named as the incantation is announced."""
    game, state = _position(3, {"hand": ["Drain Bolt"], "crystals": ["blue"]},
                            p3={**P3, "traps": ["Spell Mirror"], "crystals": ["blue", "blue", "green"]})
    game.apply(state, "cast Drain Bolt 1")
    assert offered(game, state) == ["choose p2", "choose p3"]
    game.apply(state, "choose p2")
    assert "activate Spell Mirror" in offered(game, state)


def test_target_player_may_be_yourself():
    game, state = _position(3)
    tabletop.run_effect(state, "target player draws 2 cards", "p1", game=game)
    assert offered(game, state) == ["choose p1", "choose p2", "choose p3"]


@pytest.mark.parametrize("text,kind,column", [
    ("whenever target enemy plays a hero: draw a card", "card ability", 10),
    ("until your next turn, target enemy cannot cast incantations", "effect", 23),
])
def test_a_chosen_player_where_nothing_can_ask_is_refused_where_it_is_written(text, kind, column):
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, "virevolt", kind=kind)
    e = info.value
    assert e.column == column and e.width == len("target enemy")
    assert "'target enemy' is a player chosen as a statement runs" in e.message


@pytest.mark.parametrize("text", ["consume 1 crystal of an enemy", "destroy 1 crystal of an enemy"])
def test_crystals_of_an_enemy_are_refused_with_the_two_readings(text):
    """``an enemy`` as a player is any of them: every enemy's crystals, which the words do not say."""
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, "virevolt")
    assert "'of target enemy' (one, whom you choose) or 'of each enemy'" in info.value.message


@pytest.mark.parametrize("text", ["gain a red crystal", "gain 2 crystals", "draw a card; gets 1 blue crystal"])
def test_a_crystal_gained_from_nowhere_is_refused_with_the_card_ways(text):
    """A Virevolt crystal is a card: the error says how a text brings one into play."""
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, "virevolt")
    assert "'put a red crystal from your deck into play'" in info.value.message


# ------------------------------------------------------------------ powers: a triggered ability
@pytest.mark.parametrize("text,word", [
    ("whenever an enemy hero dies, deal 1 damage to the enemy main hero", "whenever"),
    ("at the start of your turn, heal this hero by 1", "at"),
])
def test_a_triggered_ability_in_powers_is_refused_with_where_it_goes(text, word):
    card = f"""
- {{name: Misfiled, type: hero, colour: red, hp: 5, rotation: 1 neutral, sacrifice: 1 red,
   powers: ["{text}"], attacks: [{{name: A, cost: 1 red, effect: deal 1 damage to the target}}]}}
"""
    with pytest.raises(tabletop.Error) as info:
        Game(registry().get("virevolt").with_cards([CardText("misfiled.yaml", card)]))
    (e,) = info.value.errors
    assert f"unknown modifier word {word!r}" in e.message and (e.line, e.column, e.width) == (3, 14, len(word))
    assert "goes in the card's 'abilities:' field" in e.hint


# ------------------------------------------------------------------ the attacking hero
def test_a_trap_deals_damage_to_the_attacking_hero():
    game, state = _position(2, {"main": "Cinder Imp", "crystals": ["red"]}, p2={**P2, "traps": ["Spite Snare"]})
    for action in ("next", "attack p2 Scorch", "activate Spite Snare"):
        game.apply(state, action)
    assert game.rules.describe(state)["p1"]["heroes"]["Cinder Imp"]["damage"] == 2


# ------------------------------------------------------------------ a shield for the next attack
def _attacked(players: int, p2: dict, p3: dict | None = None) -> int:
    """p1 casts Brace; then each enemy in turn attacks p1 with its main hero's first attack: the
    damage on p1's main hero (Ash Demon, 7 HP, no armour) after the attacks."""
    others = {"p2": p2} if p3 is None else {"p2": p2, "p3": p3}
    game, state = _position(players, {"main": "Ash Demon", "hand": ["Brace"], "crystals": ["blue"]}, **others)
    game.apply(state, "cast Brace 1")
    for seat in ("p2", "p3")[:players - 1]:
        while state.active != int(seat[1:]) - 1 or not any(a.startswith("attack p1") for a in offered(game, state)):
            game.apply(state, "next")
        game.apply(state, next(a for a in offered(game, state) if a.startswith("attack p1")))
    return game.rules.describe(state)["p1"]["heroes"]["Ash Demon"]["damage"]


WARDEN = {"main": "Ember Warden", "hand": [], "crystals": ["red", "red"]}  # Flame Lash: 3 damage


def test_the_next_attack_against_your_main_hero_deals_2_less_damage():
    assert _attacked(2, WARDEN) == 1


def test_the_shield_takes_2_off_the_whole_attack_not_off_each_damage():
    """Twin Fang's Bite deals 1 (inside an ``if``), then 2: the shield takes the 1, then 1 of the 2."""
    assert _attacked(2, {"main": "Twin Fang", "hand": [], "crystals": ["red"]}) == 1


def test_the_shield_is_used_by_the_first_attack_only():
    assert _attacked(3, WARDEN, WARDEN) == 1 + 3  # p2's attack shielded, p3's not


def test_an_unused_shield_ends_as_your_next_turn_begins():
    game, state = _position(2, {"main": "Ash Demon", "hand": ["Brace"], "crystals": ["blue"]}, p2=WARDEN)
    game.apply(state, "cast Brace 1")
    while not (state.turn == 4 and "attack p1 Flame Lash" in offered(game, state)):  # p2 does not attack in turn 2
        game.apply(state, "next")
    game.apply(state, "attack p1 Flame Lash")
    assert game.rules.describe(state)["p1"]["heroes"]["Ash Demon"]["damage"] == 3


def test_a_shield_for_a_hero_picked_now_is_refused():
    """The shield waits for an attack after the effect is over: nothing can be chosen for it then."""
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile("the next attack against target hero deals 2 less damage", "virevolt")
    assert "say which heroes by what they are" in info.value.message
