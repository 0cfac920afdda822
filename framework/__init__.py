"""The game-agnostic engine: state, actions, decisions, triggers, turns, games and packs.

A pack describes a game with a :class:`Rules` subclass and card files; everything here
runs any such game without knowing its name.
"""
from tabletop.framework.actions import Action, VerbSpec, format_action, parse_action
from tabletop.framework.effects import Decision, Frame, Program, run_stack
from tabletop.framework.state import State
from tabletop.framework.rules import Rules, Phase

__all__ = [
    "Action", "VerbSpec", "format_action", "parse_action",
    "Decision", "Frame", "Program", "run_stack",
    "State", "Rules", "Phase",
]
