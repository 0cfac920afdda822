"""The bot interface: anything that picks one of the legal actions for the player to move.

A fair bot decides from ``rules.view(state, player)`` and ``rules.legal_actions(state)``
only; the framework hands it the state because simulating candidate moves on a clone is
how most bots think, and a bot that looks at hidden parts of a clone is a cheating bot.

Besides the names packs register, a bot can be given as an object with ``choose``, as a
class or factory called with ``(rules, seed)``, or as an importable ``"module:attribute"``
name (:func:`bot_maker`); a name is imported where the bot is made, so in every worker
process of a simulation, and the bot needs no registration anywhere.
"""
from __future__ import annotations

import copy
import importlib
import inspect
import re
from typing import Any, Callable, Protocol

from tabletop.framework.actions import Action
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.rng import Random


class Bot(Protocol):
    """What a bot is: an object whose ``choose(rules, state)`` returns one of
    ``rules.legal_actions(state)`` for the player to move, ``state.to_move()``."""

    def choose(self, rules, state) -> Action:
        """The action to take now, for ``state.to_move()``."""


class RandomBot:
    """Picks uniformly among the legal actions the pack calls sensible
    (:meth:`Rules.candidate_actions`: never a move that loses at once when another does not):
    the baseline every other bot must beat."""

    name = "random"

    def __init__(self, rules=None, seed: int = 0) -> None:
        self.rng = Random(seed)

    def choose(self, rules, state) -> Action:
        """A uniformly random action among the sensible ones (:meth:`Rules.candidate_actions`)."""
        actions = rules.candidate_actions(state, rules.legal_actions(state))
        return actions[self.rng.below(len(actions))]


_IMPORT_NAME = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_][\w.]*")
#: Bot names with a colon that are not imports: ``mcts:500``, ``scripted:FILE``.
PARAMETRISED = ("mcts", "scripted")


def is_import_name(spec: str) -> bool:
    """Whether ``spec`` names a bot to import (``"mybots:Cautious"``) rather than a pack's bot."""
    return bool(_IMPORT_NAME.fullmatch(spec)) and spec.partition(":")[0] not in PARAMETRISED


def load_object(ref: str) -> Any:
    """The object ``"module:attribute"`` names (attributes may be dotted), imported now."""
    mod, _, attr = ref.partition(":")
    try:
        obj: Any = importlib.import_module(mod)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except ImportError as e:
        raise TabletopError(gettext('cannot import {ref!r}: {e}').format(ref=ref, e=e)) from None
    except AttributeError:
        raise TabletopError(gettext(
            'cannot import {ref!r}: module {mod!r} has no {attr!r}').format(ref=ref, mod=mod, attr=attr)) from None
    return obj


def construct(factory: Callable, rules, seed: int) -> Any:
    """Call a bot class or factory with as many of ``(rules, seed)`` as it takes."""
    try:
        params = list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        return factory(rules, seed)
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return factory(rules, seed)
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return factory(*(rules, seed)[:len(positional)])


def bot_maker(spec: Any) -> Callable[[Any, int], Any]:
    """A factory ``(rules, seed) -> bot`` for a bot given as an object with ``choose`` (each
    bot made is a fresh deep copy of it, so no game sees another's leftovers), a class or
    factory (called by :func:`construct`), or an importable ``"module:attribute"`` name."""
    if isinstance(spec, str):
        if not is_import_name(spec):
            raise TabletopError(gettext(
                "{spec!r} is not an importable name: write it 'module:attribute'").format(spec=spec))
        spec = load_object(spec)
    if hasattr(spec, "choose") and not isinstance(spec, type):
        prototype = spec
        return lambda rules, seed: copy.deepcopy(prototype)
    if callable(spec):
        factory = spec

        def make(rules, seed: int):
            bot = construct(factory, rules, seed)
            if not hasattr(bot, "choose"):
                raise TabletopError(gettext(
                    '{getattr!r} made {bot!r}, which has no choose(rules, state) method').format(
                    getattr=getattr(factory, '__name__', factory), bot=bot))
            return bot

        return make
    raise TabletopError(gettext("{spec!r} is not a bot: give a bot name, an object with choose(rules, state), "
                                "a bot class, or 'module:Class'").format(spec=spec))


def bot_label(spec: Any) -> str:
    """How a bot given as an object, class or import name is labelled in results."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str) and name:
        return name
    return getattr(spec, "__name__", None) or type(spec).__name__


def play_out(rules, state, bots: dict[int, Bot], max_steps: int = 100_000, on_step=None) -> int:
    """Let bots play ``state`` to the end (or ``max_steps``); return the number of steps."""
    steps = 0
    while not state.over and steps < max_steps:
        bot = bots[state.to_move()]
        action = bot.choose(rules, state)
        if on_step is not None:
            on_step(state, action)
        rules.apply(state, action)
        steps += 1
    return steps
