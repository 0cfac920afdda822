"""Abilities answering a gain: "whenever you gain battle", "whenever an enemy gains 3 or more
knowledge", "whenever you gain a victory token", Virevolt's "whenever you gain a crystal". Every
way a Volfyirion player gains points announces it (a card's points, a chain's, an effect's gain,
steal, double, each player gains), only where a card listens; a card never answers a gain its own
gain ability led to, so such abilities end; and what would never happen is refused."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.framework import triggers
from tabletop.framework.packs import registry
from tabletop.dsl import compile_text
from tests.random_games import positions


def _gains(text: str) -> list[tuple]:
    """The gains announced while p1 runs ``text`` in a fresh Volfyirion game: (player, what, amount)."""
    game = tabletop.load("volfyirion")
    state = game.new_state(1)
    game.rules.apply_setup(state, {"active": "p1", "p1": {"points": {"battle": 2}}, "p2": {"points": {"battle": 3}}})
    vocab = registry().get("volfyirion").vocabulary()
    program = compile_text(text, "effect", vocab, program_id=f"test/gains/{text}")
    state.listen = state.listen | {triggers.GAINED, triggers.HISTORY}
    tabletop.run_effect(state, program, "p1", game=game)
    return [(d["player"], d["how"], d["amount"]) for ev, d in triggers.this_turn(state) if ev == triggers.GAINED]


@pytest.mark.parametrize("text, gains", [
    ("gain 2 battle and 1 knowledge", [(0, "battle", 2), (0, "knowledge", 1)]),
    ("double your battle", [(0, "battle", 2)]),
    ("steal 2 battle from the enemy", [(0, "battle", 2)]),
    ("each player gains 1 command", [(0, "command", 1), (1, "command", 1)]),
    ("lose 1 battle", []),
    ("gain 0 battle", []),
])
def test_every_way_to_gain_points_is_announced(text, gains):
    assert _gains(text) == gains


@pytest.mark.parametrize("name", ["volfyirion", "virevolt"])
def test_a_game_whose_cards_answer_no_gain_announces_none(name):
    game = tabletop.load(name)
    for state in positions(game, [5], 12):
        assert triggers.GAINED not in state.listen


@pytest.mark.parametrize("pack, text", [
    ("volfyirion", "whenever you gain battle: gain 1 knowledge"),
    ("volfyirion", "whenever an enemy gains 3 or more knowledge, draw a card"),
    ("volfyirion", "whenever you gain battle or command points: draw a card"),
    ("virevolt", "whenever you gain a crystal: draw a card"),
    ("virevolt", "whenever an enemy gains a red crystal, deal 1 damage to their main hero"),
    ("virevolt", "whenever an enemy gets a victory token: draw a card"),
])
def test_gain_triggers_read(pack, text):
    ability = tabletop.compile(text, pack, "card ability")
    assert ability.trigger.event == triggers.GAINED


@pytest.mark.parametrize("pack, text, said", [
    ("virevolt", "whenever you gain 2 victory tokens: draw a card", "one at a time"),
    ("virevolt", "whenever you gain a hero: draw a card", "'whenever you gain a crystal'"),
    ("virevolt", "whenever you gain battle: draw a card", "unknown kind of card or zone 'battle'"),
    ("volfyirion", "whenever you gain coins: draw a card", "unknown resource 'coins'"),
    ("volfyirion", "whenever you gain a victory token: draw a card", "unknown resource 'victory'"),
])
def test_a_gain_that_never_comes_is_refused(pack, text, said):
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile(text, pack, "card ability")
    assert said in str(info.value)
