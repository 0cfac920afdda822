"""What happened this turn, read by cards: the history conditions and selectors, what they
cost the games that do not use them, and the readings and messages added beside them
(contractions, '; or', 'whose', a verb after a player, 'choose' before a card)."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.framework import triggers
from tabletop.framework.rng import Random
from tests.random_games import positions


def error(text: str, pack: str = "volfyirion") -> str:
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, pack)
    return str(info.value)


@pytest.mark.parametrize("text", [
    "if you played a troop this turn, gain 1 battle",
    "gain 1 battle for each red card you played this turn",
    "if you didn't attack this turn, draw a card",
])
def test_a_card_reading_the_turn_asks_the_engine_to_keep_it(text):
    program = tabletop.compile(text, "volfyirion")
    assert triggers.HISTORY in program.listens


@pytest.mark.parametrize("name", ["volfyirion", "virevolt"])
def test_a_game_whose_cards_never_read_the_turn_keeps_no_history(name):
    game = tabletop.load(name)
    for state in positions(game, [3], 12):
        assert triggers.HISTORY not in state.listen
        assert triggers.HISTORY not in state.vars


def test_the_history_holds_the_turn_being_played_only():
    """Kept per turn, the record never grows with the game: each turn starts it afresh."""
    game = tabletop.load("volfyirion")
    state = game.new_state(5)
    state.listen = state.listen | {triggers.HISTORY, triggers.PLAYED}
    rng = Random(5)
    played = 0
    while not state.over and state.turn <= 12:
        seen = triggers.this_turn(state)
        assert all(event == triggers.PLAYED and data["player"] == state.active for event, data in seen)
        played = max(played, len(seen))
        actions = game.legal_actions(state)
        game.rules.apply(state, actions[rng.below(len(actions))])
    assert played >= 3
    assert state.vars[triggers.HISTORY][0] <= state.turn


@pytest.mark.parametrize("text,pack", [
    ("if you didn't attack this turn, gain 1 battle", "volfyirion"),
    ("if you haven't played a troop this turn, gain 1 battle", "volfyirion"),
    ("deal 2 damage to each enemy hero that doesn't have burn", "virevolt"),
])
def test_contractions_read_as_their_two_words(text, pack):
    tabletop.compile(text, pack)


def test_a_choice_may_separate_its_effects_with_a_semicolon_and_or():
    tabletop.compile("Choose one: gain 3 command. Or gain 3 battle.", "volfyirion")


def test_or_between_statements_outside_a_choice_says_how_a_choice_is_written():
    message = error("gain 1 battle; or gain 2 command")
    assert "unexpected '; or'" in message
    assert "choose one: EFFECT, or EFFECT" in message


def test_whose_names_the_numbers_a_card_has():
    message = error("destroy an enemy troop whose attack is 3")
    assert "unknown number on a card 'attack'" in message
    assert "cost, defence" in message


@pytest.mark.parametrize("text", ["if you killed an enemy troop this turn, gain 1 battle",
                                  "if one of your troops died this turn, gain 1 battle"])
def test_a_history_of_a_departure_the_game_lacks_is_refused(text):
    assert "cards never die" in error(text)


def test_a_verb_after_a_player_that_does_not_read_so_suggests_the_verb_first():
    message = error("each enemy reveals their hand", "virevolt")
    assert "start with the verb: 'reveal ...'" in message


def test_choose_before_a_card_explains_how_a_card_is_picked():
    message = error("look at the enemy's hand; choose a card from it")
    assert "'choose' starts 'choose one: EFFECT, or EFFECT'" in message
