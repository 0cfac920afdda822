"""A lasting change may say how long it lasts first, as card texts often put it: ``this turn,
your attacks deal 2 more damage`` means ``your heroes' attacks deal 2 more damage this turn``.
``your attacks`` is the subject of a change as well as a hero's power (which it still is in
``powers:``), and the other lasting effects take the duration first too: a state given for a
while, a trigger left behind (``until your next turn, whenever ...``)."""
from __future__ import annotations

import pytest

import tabletop


def _virevolt(setup=None):
    game = tabletop.load("virevolt")
    state = game.new_state(1)
    game.rules.apply_setup(state, setup or {
        "active": "p1", "p1": {"main": "Ash Demon", "crystals": ["neutral"], "hand": []},
        "p2": {"main": "Ash Demon", "hand": []}})
    return game, state


_BOTH_CLAW = {"active": "p1", "p1": {"main": "Ash Demon", "crystals": ["neutral"], "hand": [],
                                     "deck": ["Kindle", "Kindle", "Kindle"]},
              "p2": {"main": "Ash Demon", "crystals": ["neutral"], "hand": []}}


def _run(game, state, text: str) -> None:
    """Run ``text`` for p1, as a card of the game whose texts make lasting changes would."""
    program = tabletop.compile(text, game)
    state.listen = state.listen | program.listens
    tabletop.run_effect(state, program, "p1", game=game)


def _to_combat(game, state, turn: int) -> None:
    """Pass ('next') until the combat phase of turn ``turn``."""
    while (state.turn, state.phase) != (turn, "combat"):
        game.apply(state, "next")


def _claw(game, state, turn: int = 1, seat: str = "p1") -> None:
    """``seat``'s Ash Demon claws (1 damage) the enemy main hero in turn ``turn``'s combat."""
    _to_combat(game, state, turn)
    game.apply(state, f"attack {'p2' if seat == 'p1' else 'p1'} Claw")


def _damage(game, state, seat: str = "p2") -> int:
    return game.rules.describe(state)[seat]["heroes"]["Ash Demon"]["damage"]


@pytest.mark.parametrize("text", [
    "this turn, your attacks deal 2 more damage",
    "your attacks deal 2 more damage this turn",
    "this turn, your heroes' attacks deal 2 more damage",
    "your heroes' attacks deal 2 more damage this turn",
    "until the end of your turn, your attacks deal 2 more damage",
])
def test_your_attacks_deal_more_damage_this_turn_whichever_order_and_subject(text):
    game, state = _virevolt()
    _run(game, state, text)
    _claw(game, state)
    assert _damage(game, state) == 3


def test_your_attacks_deal_less_damage_is_a_change_too():
    game, state = _virevolt()
    _run(game, state, "this turn, your attacks deal 1 less damage")
    _claw(game, state)
    assert _damage(game, state) == 0


def test_the_change_lasts_the_turn_only():
    game, state = _virevolt()
    _run(game, state, "this turn, your attacks deal 2 more damage")
    _claw(game, state, turn=3)  # p1's next turn: a plain Claw
    assert _damage(game, state) == 1


def test_in_powers_your_attacks_is_still_the_heros_power():
    power = tabletop.compile("your attacks deal 1 more damage", "virevolt", kind="modifier")
    assert (power.kind, power.amount) == ("atk_bonus", 1)


def test_an_ability_may_make_your_attacks_deal_more_while_a_condition_holds():
    ability = tabletop.compile("while you have 3 or more crystals: your attacks deal 1 more damage", "virevolt",
                               kind="card ability")
    assert ability.static.stat == "attack damage" and ability.static.condition is not None


def test_a_state_given_for_a_while_may_say_its_duration_first():
    game, state = _virevolt()
    _run(game, state, "until your next turn, give invincibility to your main hero")
    assert game.rules.describe(state)["p1"]["heroes"]["Ash Demon"]["states"] == ["invincibility"]


def test_a_trigger_left_until_your_next_turn_answers_in_the_enemys_turn():
    game, state = _virevolt(_BOTH_CLAW)
    _run(game, state, "until your next turn, whenever one of your heroes takes damage: draw a card")
    _claw(game, state, turn=2, seat="p2")
    assert len(state.zones["p1.hand"]) == 1


def test_a_trigger_left_until_your_next_turn_ends_as_that_turn_begins():
    game, state = _virevolt(_BOTH_CLAW)
    _run(game, state, "until your next turn, whenever one of your heroes takes damage: draw a card")
    _to_combat(game, state, 4)  # p2's turn after p1's next one
    hand = list(state.zones["p1.hand"])
    _claw(game, state, turn=4, seat="p2")
    assert state.zones["p1.hand"] == hand


def test_a_duration_said_first_before_a_statement_that_cannot_last_is_refused_where_it_is_written():
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile("this turn, heal 1 damage from this hero in your state phase", "virevolt")
    e = info.value
    assert (e.line, e.column) == (1, 1) and "not a change an effect can make last" in e.message
