"""How long lasting effects last: this turn, or until a player's next turn begins."""
from __future__ import annotations

import tabletop
from tabletop.framework import lasting


def _state(players: int):
    return tabletop.load("virevolt", players=players).new_state(1)


def _next_turn(state, active: int) -> None:
    state.turn += 1
    state.active = active
    lasting.expire(state)


def test_an_effect_until_your_next_turn_lasts_through_every_other_players_turn():
    state = _state(3)
    state.active = 0
    lasting.add(state, "spec", 0, -1, lasting.until_next_turn(0))
    _next_turn(state, 1)
    _next_turn(state, 2)
    assert len(lasting.entries(state)) == 1
    _next_turn(state, 0)
    assert lasting.entries(state) == ()


def test_an_effect_until_your_next_turn_made_in_an_enemy_turn_ends_as_yours_begins():
    state = _state(2)
    state.active = 1  # a trap's effect, in the enemy's turn
    lasting.add(state, "spec", 0, -1, lasting.until_next_turn(0))
    _next_turn(state, 0)
    assert lasting.entries(state) == ()


def test_a_skipped_player_does_not_stretch_an_effect_until_your_next_turn():
    """Turn numbers count the turns taken: with a player out, the next turn comes sooner,
    and the effect ends with its beginning all the same."""
    state = _state(3)
    state.active = 0
    lasting.add(state, "spec", 0, -1, lasting.until_next_turn(0))
    _next_turn(state, 2)  # player 1 was eliminated: player 2 plays, then player 0
    _next_turn(state, 0)
    assert lasting.entries(state) == ()


def test_an_effect_for_this_turn_ends_with_the_turn():
    state = _state(2)
    state.active = 0
    lasting.add(state, "spec", 0, -1, state.turn)
    _next_turn(state, 1)
    assert lasting.entries(state) == ()


def test_a_card_that_left_play_is_forgotten_by_the_effects_that_picked_it():
    state = _state(2)
    lasting.add(state, "spec", 0, -1, 0, 0, (7, 9))
    lasting.add(state, "other", 0, -1)
    lasting.forget(state, 7)
    assert lasting.entries(state) == (("spec", 0, -1, 0, 0, (9,)), ("other", 0, -1, 0, 0))
    lasting.forget(state, 9)  # its last subject gone, the effect ends; the others stay
    assert lasting.entries(state) == (("other", 0, -1, 0, 0),)
