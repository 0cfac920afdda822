"""Program ids: each card set has its own, and compiling a text again gives the same program.

A running game finds a program by its id when its state is read back from JSON (a frame
records its program's id, its context the keys the program's steps ask under) and a lasting
effect finds its spec by id at every turn, so loading another card set or compiling a text
again in the same process must not change what a running game does.
"""
from __future__ import annotations

import tabletop
from tabletop.framework.packs import CardText, Registry, registry


def _act(text: str):
    """The secondary ability of a card 'Probe' added for one run (its own card set)."""
    card = f"- {{name: Probe, type: command, house: red, cost: 1, secondary: '{text}'}}\n"
    pack = registry().get("volfyirion").with_cards([CardText("probe.yaml", card)])
    return pack.cards()["Probe"].act


def _hand(state) -> int:
    return len(state.zones["p1.hand"])


def test_a_card_set_loaded_later_leaves_a_running_game_its_own_programs():
    game = tabletop.load("volfyirion")
    first = _act("draw 1")
    state = game.new_state(1)
    tabletop.run_effect(state, first, 0)
    assert state.pending.prompt == "draw 1 card?"

    second = _act("gain 3 battle; destroy an enemy troop")  # another set, a card of the same name
    assert second.id != first.id

    back = game.from_json(game.to_json(state))
    before = _hand(back)
    game.apply(back, "yes")
    assert (_hand(back) - before, back.pending) == (1, None)


def test_the_same_text_compiled_twice_asks_once_after_a_save():
    game = tabletop.load("volfyirion")
    program = tabletop.compile("draw 1", "volfyirion")
    state = game.new_state(1)
    tabletop.run_effect(state, program, 0)
    tabletop.compile("draw 1", "volfyirion")  # registered again under the same id

    back = game.from_json(game.to_json(state))
    before = _hand(back)
    game.apply(back, "yes")
    assert (_hand(back) - before, back.pending) == (1, None)


def test_the_same_text_compiled_twice_has_the_same_keys():
    first = _act("draw 1; may draw 1; discard a card")
    again = _act("draw 1; may draw 1; discard a card")
    game = tabletop.load("volfyirion")
    answers = []
    for program in (first, again):
        state = game.new_state(3)
        decision = tabletop.run_effect(state, program, 0)
        answers.append((decision.prompt, decision.key))
    assert answers[0] == answers[1]


def test_the_pack_compiled_again_in_a_fresh_registry_continues_a_saved_effect():
    game = tabletop.load("volfyirion")
    pack_program = registry().get("volfyirion").cards()["Library"].act
    assert pack_program.id == "volfyirion:Library/secondary"
    state = game.new_state(2)
    tabletop.run_effect(state, pack_program, 0)
    assert state.pending is not None

    Registry().discover().get("volfyirion").cards()  # compiles the pack's cards again, same ids
    clone, back = game.clone(state), game.from_json(game.to_json(state))
    answer = game.action_to_string(game.legal_actions(state)[0])
    for s in (clone, back):
        game.apply(s, answer)
    assert game.to_json(back) == game.to_json(clone)
