"""A trigger's head may end with ``, if CONDITION``: the ability answers only while the
condition holds, and does nothing if it no longer holds when it resolves."""
from __future__ import annotations

import tabletop

TEXT = "at the start of your main phase, if you have no cards in your hand: draw 2 cards"


def _game_and_state():
    game = tabletop.load("virevolt", players=2)
    return game, game.new_state(3)


def test_the_condition_is_checked_again_when_the_ability_resolves():
    game, state = _game_and_state()
    ability = tabletop.compile(TEXT, game, kind="card ability")
    hand = state.zones["p1.hand"]
    assert hand, "the deal gives p1 a hand"
    before = list(hand)
    tabletop.run_effect(state, ability.trigger.program, "p1", game=game)
    assert state.zones["p1.hand"] == before


def test_the_ability_resolves_while_the_condition_holds():
    game, state = _game_and_state()
    ability = tabletop.compile(TEXT, game, kind="card ability")
    state.zones["p1.deck"].extend(state.zones["p1.hand"])
    state.zones["p1.hand"].clear()
    tabletop.run_effect(state, ability.trigger.program, "p1", game=game)
    assert len(state.zones["p1.hand"]) == 2


def test_the_trigger_answers_only_while_the_condition_holds():
    game, state = _game_and_state()
    trigger = tabletop.compile(TEXT, game, kind="card ability").trigger
    ctx = {"controller": 0, "source": -1, "player": 0, "phase": "main"}
    assert not trigger.test(state, ctx)
    state.zones["p1.deck"].extend(state.zones["p1.hand"])
    state.zones["p1.hand"].clear()
    assert trigger.test(state, ctx)
