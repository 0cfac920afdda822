"""compile and run_effect: the card language from Python, with its context documented."""
from __future__ import annotations

import pickle

import pytest

import tabletop


def test_a_compiled_effect_runs_for_a_player():
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    effect = tabletop.compile("gain 2 battle, 1 knowledge", "volfyirion")
    assert tabletop.run_effect(state, effect, "p1") is None
    assert game.view(state, 0)["players"]["p1"]["points"] == {"command": 0, "battle": 2, "knowledge": 1}


def test_an_effect_that_needs_its_card_names_the_missing_context_and_changes_nothing():
    """Stumble: running a compiled effect needed undocumented context keys (KeyError: 'source')."""
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    before = game.to_json(state)
    ability = tabletop.compile("synergy turquoise -> gain 2 knowledge", game, "ability")
    with pytest.raises(tabletop.Error, match="needs source .*pass source="):
        tabletop.run_effect(state, ability, 0)
    assert game.to_json(state) == before
    with pytest.raises(tabletop.Error, match="condition does not hold"):
        tabletop.run_effect(state, ability, 0, source="Prospector")


@pytest.mark.parametrize("pack, text, key", [
    ("virevolt", "deal 2 damage to the target", "target"),
    ("volfyirion", "destroy the target", "target"),
    ("volfyirion", "remove this card from the game", "source"),
    ("volfyirion", "draw a card for each card in their hand", "they"),
])
def test_an_effect_whose_words_refer_to_nothing_given_is_an_error_not_a_silent_no_op(pack, text, key):
    """"the target" or "this card" with no target or source given did nothing and said nothing, so
    a designer trying a card concluded it had no effect."""
    game = tabletop.load(pack)
    state = game.new_state(3)
    before = game.to_json(state)
    with pytest.raises(tabletop.Error, match=f"needs {key} .*pass {key}=.*the state is unchanged"):
        tabletop.run_effect(state, text, "p1")
    assert game.to_json(state) == before


def test_an_effect_compiled_for_another_game_is_refused():
    state = tabletop.load("volfyirion").new_state(3)
    effect = tabletop.compile("draw a card", "virevolt")
    with pytest.raises(tabletop.Error, match="compiled for virevolt, and the state is a game of volfyirion"):
        tabletop.run_effect(state, effect, "p1")


def _with_enemy_hero(game, seed):
    """A state where p1 is to move in its main phase and p2 has a main hero in play."""
    bot = game.bot("random", seed)
    while True:
        state = game.new_state(seed)
        while not state.over:
            if (game.view(state, 0)["players"]["p2"]["main"] and state.to_move() == 0
                    and state.phase == "main" and state.pending is None):
                return state
            game.apply(state, bot.choose(game.rules, state))
        seed += 1


def test_the_target_of_an_effect_is_given_by_keyword():
    game = tabletop.load("virevolt", decks=["ember", "tide"])
    state = _with_enemy_hero(game, 3)
    hero = state.zones["p2.main"][0]
    hp = game.view(state, 0)["players"]["p2"]["main"]["hp"]
    tabletop.run_effect(state, "deal 2 damage to the target", "p1", target=hero)
    assert game.view(state, 0)["players"]["p2"]["main"]["hp"] == hp - 2


def test_an_effect_that_asks_leaves_the_decision_to_answer():
    game = tabletop.load("volfyirion")
    state = game.new_state(2)
    hand = game.view(state, 0)["players"]["p1"]["hand_size"]
    decision = tabletop.run_effect(state, "draw 1", "p1")
    assert decision is state.pending and game.legal_actions(state) == [("yes",), ("no",)]
    game.apply(state, "yes")
    assert state.pending is None and game.view(state, 0)["players"]["p1"]["hand_size"] == hand + 1


def test_a_text_that_does_not_compile_is_located():
    with pytest.raises(tabletop.LocatedError) as info:
        tabletop.compile("gain 2 gold", "volfyirion")
    assert "<text>:1:" in info.value.render() and "^" in info.value.render()


def test_a_state_running_a_compiled_effect_pickles():
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    effect = tabletop.compile("draw 1", "volfyirion")
    assert tabletop.run_effect(state, effect, 0) is not None       # "draw 1 card?" waits
    again = pickle.loads(pickle.dumps(state))
    assert game.to_json(again) == game.to_json(state)
    game.apply(again, "yes")


def test_each_player_in_turn_is_they_in_a_statement_they_all_do():
    game = tabletop.load("volfyirion")
    state = game.new_state(3)
    for _ in range(3):
        state.zones["p2.hand"].append(state.zones["p2.deck"].pop())
    tabletop.run_effect(state, "each player draws a card for each card in their hand", "p1", game=game)
    while state.pending is not None:  # p1's own five draws are theirs to take (VOL-SEC-05): yes to each
        game.apply(state, "yes")
    assert (len(state.zones["p1.hand"]), len(state.zones["p2.hand"])) == (10, 6)
    tabletop.run_effect(state, "gain 1 battle for each card in their hand", "p1", game=game, they="p2")
    assert game.view(state, 0)["players"]["p1"]["points"]["battle"] == 6


@pytest.mark.parametrize("text", ["gain 1 battle for each card in your hand", "gain 1 battle per card in your hand"])
def test_per_counts_as_for_each_does(text):
    game = tabletop.load("volfyirion")
    state = game.new_state(3)
    tabletop.run_effect(state, text, "p1", game=game)
    assert game.view(state, 0)["players"]["p1"]["points"]["battle"] == len(state.zones["p1.hand"]) == 5


@pytest.mark.parametrize("text, battle", [
    ("gain battle equal to the highest cost among the cards in your hand", max),
    ("gain battle equal to the lowest cost among cards in your hand", min),
    ("gain battle equal to the total cost of the cards in your hand", sum),
    ("gain battle equal to the highest cost among the troops you control", lambda costs: 0),
])
def test_the_highest_lowest_and_total_number_among_cards(text, battle):
    game = tabletop.load("volfyirion")
    state = game.new_state(0)
    row = [state.slots[i] for i in range(5)]  # three Asset Row cards into the hand, the hand put away
    state.zones["p1.discard"].extend(state.zones["p1.hand"])
    state.zones["p1.hand"][:] = row[:3]
    state.slots[0:3] = [-1, -1, -1]
    costs = [state.cards[i].cost for i in row[:3]]
    assert len(set(costs)) > 1
    tabletop.run_effect(state, text, "p1", game=game)
    assert game.view(state, 0)["players"]["p1"]["points"]["battle"] == battle(costs)
