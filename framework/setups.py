"""Checking what a game is set up from: its options and a scenario's position, every fault located.

Options (``play --variant``, a scenario's ``options:``, a saved game's ``options``) are
checked against the pack's ``Rules.options_schema`` (JSON Schema) before any setup runs, so
a wrong type or an unknown option is a plain-words message naming the option, never an
exception from deep inside a pack.

A scenario's ``setup:`` is read by the pack's ``apply_setup`` with the helpers here, which
raise :class:`SetupError` carrying the path of the faulty key (``("p1", "hand", 2)``);
``scenario run`` turns the path into the line and column in the file. After setup,
:func:`position_problems` refuses a position that breaks the engine's own invariants (a
card in two zones, a negative counter) or the pack's (``Rules.position_problems``: a dead
hero in play, ...), so a scenario cannot pass on a position the game could never reach.
"""
from __future__ import annotations

import numbers
import operator
from typing import Any, Iterable

from tabletop.framework.errors import OptionError
from tabletop.framework.language import N_, gettext
from tabletop.framework.suggest import did_you_mean
from tabletop.framework.wording import kind_of, one_of, shown

MAX_SEED = 2 ** 63 - 1


class SetupError(OptionError):
    """A fault in options or a scenario position, at ``path`` (keys and indexes) inside them."""

    def __init__(self, path: tuple, problem: str) -> None:
        self.path = tuple(path)
        self.problem = problem
        super().__init__(f"{dotted(self.path)}: {problem}" if self.path else problem)


def dotted(path: Iterable) -> str:
    return ".".join(str(p) for p in path)


# ---------------------------------------------------------------------- options
def check_options(rules, options: Any, players: Any = None) -> dict:
    """``options`` as a dict if the pack's schema accepts them (and ``players`` fits the game);
    otherwise :class:`SetupError` with the path of the first fault, relative to the options."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise SetupError((), gettext("the options are a mapping of option names to values, not {kind}").format(
            kind=kind_of(options)))
    if players is not None:
        lo, hi = rules.min_players, rules.max_players
        if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
            text = (gettext("{game} is played by {lo} players, not {given}") if lo == hi
                    else gettext("{game} is played by {lo} to {hi} players, not {given}"))
            raise SetupError(("players",), text.format(game=rules.title or rules.name, lo=lo, hi=hi,
                                                       given=kind_of(players) if not isinstance(players, int) else players))
    schema = getattr(rules, "options_schema", None)
    if schema:
        from tabletop.framework.schemaerrors import problems, validator

        found = problems(validator(schema), options, "options", noun="option")
        if found:
            path, message = found[0]
            raise SetupError((), message)
    return options


# ---------------------------------------------------------------------- shapes a position is made of
def mapping(value: Any, path: tuple, example: str, allow_none: bool = True) -> dict:
    """``value`` if it is a mapping (None reads as an empty one)."""
    if value is None and allow_none:
        return {}
    if not isinstance(value, dict):
        raise SetupError(path, gettext("expected a mapping, not {kind}; e.g. {example}").format(
            kind=kind_of(value), example=example))
    return value


def known_keys(value: dict, allowed: Iterable[str], path: tuple) -> None:
    allowed = list(allowed)
    for key in value:
        if key not in allowed:
            raise SetupError(path + (key,), gettext("unknown key {key}{hint}; the keys here are {keys}").format(
                key=shown(key), hint=did_you_mean(str(key), allowed), keys=one_of(allowed, "and")))


def names(value: Any, path: tuple, example: str, allow_empty_slots: bool = False) -> list:
    """A list of card names (None reads as an empty list; a single name as a list of one)."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise SetupError(path, gettext("expected a list of card names, not {kind}; e.g. {example}").format(
            kind=kind_of(value), example=example))
    for i, n in enumerate(value):
        if n is None and allow_empty_slots:
            continue
        if not isinstance(n, str) or not n.strip():
            what = (gettext("expected a card name or null for an empty space, not {kind}") if allow_empty_slots
                    else gettext("expected a card name, not {kind}"))
            raise SetupError(path + (i,), what.format(kind=kind_of(n)))
    return value


def name(value: Any, path: tuple, example: str) -> str | None:
    """One card name, or None."""
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise SetupError(path, gettext("expected a card name (or null), not {kind}; e.g. {example}").format(
            kind=kind_of(value), example=example))
    return value


def integer(value: Any) -> int | None:
    """``value`` as a Python int if it is an integer of any type (an ``int``, a numpy integer:
    a ``numbers.Integral``), else None: a bool, a float or a string is not one, though ``int()``
    or ``random.Random`` would take it. Seeds, deals and action ids are read with it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return operator.index(value)


def whole(value: Any, path: tuple, lo: int, hi: int, what: str = N_("a whole number")) -> int:
    """``value`` if it is a whole number from ``lo`` to ``hi``; ``what`` names it (a message, N_)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(path, gettext("expected {what} from {lo} to {hi}, not {kind}").format(
            what=gettext(what), lo=lo, hi=hi, kind=kind_of(value)))
    if not lo <= value <= hi:
        raise SetupError(path, gettext("{value} is out of range: {what} must be from {lo} to {hi}").format(
            value=shown(value), what=gettext(what), lo=lo, hi=hi))
    return value


def flag(value: Any, path: tuple) -> bool:
    if not isinstance(value, bool):
        raise SetupError(path, gettext("expected true or false, not {kind}").format(kind=kind_of(value)))
    return value


def choice(value: Any, path: tuple, choices: Iterable[str]) -> str:
    choices = list(choices)
    if not isinstance(value, str) or value not in choices:
        hint = did_you_mean(str(value), choices) if isinstance(value, str) else ""
        if choices:
            raise SetupError(path, gettext("{value} is not one of {choices}{hint}").format(
                value=shown(value), choices=one_of(choices), hint=hint))
        raise SetupError(path, gettext("{value} is not allowed here").format(value=shown(value)))
    return value


def card(by_name: dict, value: str, path: tuple, kinds: Iterable[str] | None = None, kind_of_card=None):
    """The definition named ``value``, checked to be of one of ``kinds`` (``kind_of_card(defn)``)."""
    defn = by_name.get(value)
    if defn is None:
        raise SetupError(path, gettext("unknown card {card}{hint}").format(card=shown(value),
                                                                             hint=did_you_mean(value, by_name)))
    if kinds is not None:
        kinds = list(kinds)
        k = kind_of_card(defn) if kind_of_card else defn.type
        if k not in kinds:
            raise SetupError(path, gettext("{card} is a {kind}; only {kinds} cards go here").format(
                card=shown(value), kind=k, kinds=one_of(kinds, "or", quote=False)))
    return defn


# ---------------------------------------------------------------------- after setup
def position_problems(rules, state) -> list[str]:
    """What makes ``state`` a position the game could never reach: the engine's invariants, then
    the pack's ``Rules.position_problems``."""
    out = []
    seen: dict[int, str] = {}
    for key, ids in state.places():
        for iid in ids:
            if iid in seen:
                out.append(gettext("{card!r} is in two places at once ({first} and {second})").format(
                    card=state.cards[iid].name, first=seen[iid], second=key))
            seen[iid] = key
    for key, value in state.counters.items():
        if value < 0:
            out.append(gettext("{counter} is {value}: it can never be negative").format(counter=key, value=value))
    extra = getattr(rules, "position_problems", None)
    if extra is not None:
        out += list(extra(state))
    return out
