"""A Volfyirion command card's secondary ability, compiled from its text and run for p1 in a
position: what the card-language tests of Volfyirion phrases share."""
from __future__ import annotations

import tabletop
from tabletop.dsl import compile_text
from tabletop.dsl.scope import Scope
from tabletop.framework.packs import registry
from tabletop.game import Game

#: the secondary ability of a command card, as the card format compiles it
SECONDARY = Scope({"this": "command"}, "the secondary ability of command card 'Probe'")


def compile_secondary(text: str, suite: str):
    """``text`` compiled as a command card's secondary ability (``suite`` keeps program ids apart)."""
    vocab = registry().get("volfyirion").vocabulary()
    return compile_text(text, "effect", vocab, program_id=f"test/{suite}/{text}", scope=SECONDARY)


def run_secondary(text: str | None, *answers: str, setup: dict, suite: str, game: Game | None = None):
    """Run ``text`` (if any) for p1 in ``setup``, then the actions ``answers``: the game and the state after."""
    game = game or tabletop.load("volfyirion")
    state = game.new_state(1)
    game.rules.apply_setup(state, setup)
    if text is not None:
        program = compile_secondary(text, suite)
        state.listen = state.listen | program.listens
        tabletop.run_effect(state, program, "p1", game=game)
    for answer in answers:
        game.apply(state, answer)
    return game, state
