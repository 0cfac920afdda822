"""tabletop: tabletop card games from their rules, as a Python library.

::

    import tabletop

    game = tabletop.load("volfyirion", variants=["all"])
    state = game.new_state(seed=7)
    while not game.is_terminal(state):
        game.apply(state, game.legal_actions(state)[0])
    print(game.winner(state), game.returns(state))

Everything here is one import away and loads lazily: ``import tabletop`` costs almost
nothing, and the engine, the card language and the packs load when first used.

**Players** are integers everywhere in the API: seat 0, 1, ... (``state.winner``,
:meth:`Game.current_player`, the index into :meth:`Game.returns`). Text writes seat ``i``
as ``"p{i+1}"`` (the action notation ``attack p2.city1``, views, boards and files):
:func:`player_name` and :func:`player_id` convert, and every method that takes a player
accepts either form.

**Errors** the library raises on purpose are :class:`Error` subclasses: catch
``tabletop.Error`` and print ``e.render()``.

See ``docs/api.md`` for a guided tour and ``docs/reference/`` for every name.
"""
from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing's constant, without importing typing (a third of a bare Python start)

__version__ = "0.1.0"

#: name -> module it lives in (imported on first access).
_EXPORTS = {
    "load": "tabletop.game",
    "Game": "tabletop.game",
    "PlayedGame": "tabletop.game",
    "games": "tabletop.game",
    "Simulation": "tabletop.simulation",
    "player_name": "tabletop.players",
    "player_id": "tabletop.players",
    "check_deck": "tabletop.decks",
    "compile": "tabletop.language",
    "run_effect": "tabletop.language",
    "Error": "tabletop.framework.errors",
    "LocatedError": "tabletop.framework.errors",
    "ErrorList": "tabletop.framework.errors",
    "OptionError": "tabletop.framework.errors",
    "StateError": "tabletop.framework.errors",
    "IllegalAction": "tabletop.framework.effects",
    "ActionSyntaxError": "tabletop.framework.actions",
    "UnknownPack": "tabletop.framework.packs",
    "SaveError": "tabletop.framework.game",
    "State": "tabletop.framework.state",
    "Action": "tabletop.framework.actions",
    "Bot": "tabletop.bots.interface",
    "RandomBot": "tabletop.bots.interface",
}
_RENAMED = {"Error": "TabletopError"}

__all__ = sorted(_EXPORTS) + ["__version__"]

if TYPE_CHECKING:  # for type checkers and editors; at run time these load lazily
    from tabletop.decks import check_deck
    from tabletop.framework.actions import Action, ActionSyntaxError
    from tabletop.bots.interface import Bot, RandomBot
    from tabletop.framework.effects import IllegalAction
    from tabletop.framework.errors import ErrorList, LocatedError, OptionError, StateError
    from tabletop.framework.errors import TabletopError as Error
    from tabletop.framework.game import SaveError
    from tabletop.framework.packs import UnknownPack
    from tabletop.framework.state import State
    from tabletop.game import Game, PlayedGame, games, load
    from tabletop.language import compile, run_effect
    from tabletop.players import player_id, player_name
    from tabletop.simulation import Simulation


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'tabletop' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), _RENAMED.get(name, name))
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
