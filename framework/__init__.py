"""The game-agnostic engine: state, actions, decisions, triggers, turns, games and packs.

A pack describes a game with a :class:`Rules` subclass and card files; everything here
runs any such game without knowing its name.
"""
from __future__ import annotations

import importlib

_WHERE = {
    "Action": "actions", "VerbSpec": "actions", "format_action": "actions", "parse_action": "actions",
    "Decision": "effects", "Frame": "effects", "Program": "effects", "run_stack": "effects",
    "State": "state", "Rules": "rules", "Phase": "rules",
}

__all__ = list(_WHERE)


def __getattr__(name: str):
    """The names above, imported when first used: ``import tabletop.framework.packs`` (every
    command does) then costs nothing of the engine."""
    try:
        module = _WHERE[name]
    except KeyError:
        raise AttributeError(f"module 'tabletop.framework' has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f"tabletop.framework.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))
