"""Virevolt phrases about a player the controller chooses, and damage shared or traded between
heroes: a condition on ``target enemy`` (asked first, then ``their`` / ``that player`` is them),
a chosen player's zones (``look at target enemy's hand``), ``deal N damage divided as you choose
among HEROES``, ``swap the damage on two target heroes``, and ``if you do`` after destroying a trap."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.framework.packs import registry
from tabletop.game import Game

from tests.dsl.virevolt_positions import offered, position

P2 = {"main": "Ash Demon", "secondary": ["Cinder Imp"], "hand": ["Kindle"], "crystals": ["red", "blue", "red"]}
P3 = {"main": "Oak Guardian", "hand": ["Kindle", "Kindle"], "crystals": ["green"]}


def _position(players: int = 2, p1: dict | None = None, **others: dict):
    game = Game(registry().get("virevolt"), {"players": players})
    return game, position(game, players, {"p2": P2, "p3": P3}, p1, **others)


def _run(game, state, text: str, *answers: str) -> dict:
    """Run ``text`` for p1, answering its questions: what the players then see."""
    tabletop.run_effect(state, text, "p1", game=game)
    for answer in answers:
        game.apply(state, answer)
    return game.rules.describe(state)


def _asked(players: int, text: str) -> list[str]:
    """What p1 is asked first when ``text`` runs."""
    game, state = _position(players)
    tabletop.run_effect(state, text, "p1", game=game)
    return offered(game, state)


def _refusal(text: str, kind: str = "effect") -> str:
    """Why the card language refuses ``text``."""
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, "virevolt", kind=kind)
    return info.value.message


def _damage(seen: dict, seat: str, hero: str) -> int:
    return seen[seat]["heroes"][hero]["damage"]


# ------------------------------------------------------------------ a condition on a chosen player
GREED = "if target enemy has 3 or more crystals, deal 2 damage to their main hero"


def test_a_condition_on_target_enemy_asks_which_enemy_first():
    assert _asked(3, GREED) == ["choose p2", "choose p3"]


def test_their_after_the_condition_is_the_enemy_chosen():
    game, state = _position(3)
    seen = _run(game, state, GREED, "choose p2")
    assert _damage(seen, "p2", "Ash Demon") == 2 and _damage(seen, "p3", "Oak Guardian") == 0


def test_the_condition_is_read_on_the_enemy_chosen():
    game, state = _position(3)
    seen = _run(game, state, GREED, "choose p3")  # p3 has 1 crystal
    assert _damage(seen, "p3", "Oak Guardian") == 0 and _damage(seen, "p2", "Ash Demon") == 0


def test_the_same_words_twice_in_a_condition_are_one_choice():
    game, state = _position(3)
    seen = _run(game, state, "if target enemy has 2 or more crystals and target enemy has a card in their hand, "
                             "deal 1 damage to their main hero", "choose p2")
    assert _damage(seen, "p2", "Ash Demon") == 1
    assert offered(game, state) == offered(*_position(3))


def test_their_hand_in_the_condition_is_the_chosen_enemys():
    game, state = _position(3, p3={**P3, "hand": []})
    seen = _run(game, state, "if target enemy has no cards in their hand, deal 3 damage to their main hero",
                "choose p3")
    assert _damage(seen, "p3", "Oak Guardian") == 3


def test_otherwise_names_the_same_player():
    game, state = _position(3)
    seen = _run(game, state, "if target enemy has 3 or more crystals, deal 2 damage to their main hero, "
                             "otherwise that player discards a card", "choose p3")
    assert seen["p3"]["hand"] == ["Kindle"] and seen["p3"]["graveyard"] == ["Kindle"]


def test_with_two_players_nobody_is_asked_which_enemy():
    game, state = _position(2)
    seen = _run(game, state, GREED)
    assert _damage(seen, "p2", "Ash Demon") == 2


def test_that_player_after_a_statement_on_target_enemy_is_them():
    game, state = _position(3)
    seen = _run(game, state, "target enemy discards a card; deal 1 damage to that player's main hero", "choose p3")
    assert _damage(seen, "p3", "Oak Guardian") == 1 and _damage(seen, "p2", "Ash Demon") == 0


@pytest.mark.parametrize("text,kind", [
    ("whenever target enemy plays a hero: draw a card", "card ability"),
    ("while target enemy has 3 or more crystals: your attacks deal 1 more damage", "card ability"),
    ("until your next turn, target enemy cannot cast incantations", "effect"),
])
def test_a_chosen_player_where_nothing_can_ask_is_still_refused(text, kind):
    assert "'target enemy' is a player chosen as a statement runs" in _refusal(text, kind)


def test_that_player_with_no_player_chosen_before_is_refused():
    assert "chooses none before it" in _refusal("that player discards a card")


# ------------------------------------------------------------------ a chosen player's zones
def test_look_at_target_enemys_hand_then_discard_one_of_them():
    game, state = _position(3, p3={**P3, "hand": ["Kindle", "Oak Guardian"]})
    tabletop.run_effect(state, "look at target enemy's hand; discard a card from among them", "p1", game=game)
    assert offered(game, state) == ["choose p2", "choose p3"]
    game.apply(state, "choose p3")
    assert state.pending.player == 0 and len(offered(game, state)) == 2
    game.apply(state, next(a for a in offered(game, state) if "Oak Guardian" in a))
    assert game.rules.describe(state)["p3"]["graveyard"] == ["Oak Guardian"]


def test_of_your_choice_after_another_player_discarding_is_refused_with_the_way_to_say_it():
    assert "'discard a card from their hand'" in _refusal(
        "look at target enemy's hand; that player discards a card of your choice")


def test_discard_a_card_from_target_enemys_hand_is_chosen_blind_by_the_controller():
    game, state = _position(3, p3={**P3, "hand": ["Kindle", "Oak Guardian"]})
    seen = _run(game, state, "discard a card from target enemy's hand", "choose p3")
    assert state.pending.player == 0 and offered(game, state) == ["choose p3.hand#1", "choose p3.hand#2"]
    assert seen["p3"]["graveyard"] == []


def test_the_top_cards_of_target_enemys_deck_into_their_graveyard():
    game, state = _position(3, p3={**P3, "deck": ["Kindle", "Oak Guardian", "Kindle"]})
    seen = _run(game, state, "put the top 2 cards of target enemy's deck into their graveyard", "choose p3")
    assert seen["p3"]["graveyard"] == ["Kindle", "Oak Guardian"] and seen["p2"]["graveyard"] == []


def test_target_enemys_hand_in_a_trigger_is_refused():
    assert "'target enemy' is a player chosen as a statement runs" in _refusal(
        "while target enemy's hand is empty: your attacks deal 1 more damage", "card ability")


# ------------------------------------------------------------------ damage divided, damage swapped
SCATTER = "deal 4 damage divided as you choose among enemy heroes"


def test_divided_damage_asks_one_point_at_a_time():
    assert _asked(2, SCATTER) == ["choose p2:Ash Demon", "choose p2:Cinder Imp"]


def test_divided_damage_goes_where_the_controller_puts_it():
    game, state = _position(2)
    seen = _run(game, state, SCATTER, "choose p2:Ash Demon", "choose p2:Cinder Imp", "choose p2:Ash Demon",
                "choose p2:Ash Demon")
    assert _damage(seen, "p2", "Ash Demon") == 3 and _damage(seen, "p2", "Cinder Imp") == 1


def test_divided_damage_with_one_hero_left_is_not_asked():
    game, state = _position(2, p2={**P2, "secondary": []})
    seen = _run(game, state, SCATTER)
    assert _damage(seen, "p2", "Ash Demon") == 4


def test_chosen_heroes_take_one_each_before_the_rest_is_divided():
    game, state = _position(2)
    seen = _run(game, state, "deal 3 damage divided as you choose among up to 2 target enemy heroes",
                "choose p2:Ash Demon", "choose p2:Cinder Imp", "choose p2:Cinder Imp")
    assert _damage(seen, "p2", "Ash Demon") == 1 and _damage(seen, "p2", "Cinder Imp") == 2


def test_more_chosen_heroes_than_damage_is_refused():
    assert "choose at most 2" in _refusal("deal 2 damage divided as you choose among up to 3 target enemy heroes")


def test_swap_the_damage_on_two_target_heroes():
    game, state = _position(2, p2={**P2, "damage": {"Ash Demon": 2}})
    seen = _run(game, state, "swap the damage on two target heroes", "choose p1:Ember Warden", "choose p2:Ash Demon")
    assert _damage(seen, "p1", "Ember Warden") == 2 and _damage(seen, "p2", "Ash Demon") == 0


def test_a_hero_swapped_more_damage_than_its_hp_dies_and_the_controller_scores():
    game, state = _position(2, p2={**P2, "damage": {"Ash Demon": 5}})
    seen = _run(game, state, "swap the damage on target enemy main hero and target enemy secondary hero")
    assert "Cinder Imp" in seen["p2"]["graveyard"] and seen["p1"]["tokens"] == 1
    assert _damage(seen, "p2", "Ash Demon") == 0


@pytest.mark.parametrize("text,words", [
    ("swap the damage on each enemy hero", "'swap the damage on two target heroes'"),
    ("swap the damage on your heroes and each enemy hero", "name one hero on each side"),
    ("swap the hp of two target heroes", "swap the damage instead"),
])
def test_a_swap_not_of_two_heroes_damage_is_refused_with_the_way_to_say_it(text, words):
    assert words in _refusal(text)


# ------------------------------------------------------------------ if you do, after destroying a trap
def test_if_you_do_after_destroying_a_trap_asks_whether_one_was_destroyed():
    game, state = _position(2, p1={"deck": ["Kindle"]}, p2={**P2, "traps": ["Frozen Snare"]})
    seen = _run(game, state, "destroy 1 trap of target enemy; if you do, draw a card")
    assert seen["p1"]["hand"] == ["Kindle"] and seen["p2"]["traps"] == []


def test_if_you_do_after_destroying_no_trap_is_false():
    game, state = _position(2, p1={"deck": ["Kindle"]})
    seen = _run(game, state, "destroy 1 trap of target enemy; if you do, draw a card")
    assert seen["p1"]["hand"] == []
