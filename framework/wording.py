"""How values appear in messages: cut to 80 characters, and choices listed in plain words.

A message echoes what the user wrote so they can find it, but a 100,000-character line or
a 5,000-digit number echoed whole buries the message; :func:`clip` and :func:`shown` cut
them with ``…``. Every "expected X" says what X may be: :func:`one_of` lists the choices.
"""
from __future__ import annotations

import re
from typing import Any, Iterable

from tabletop.framework.language import N_, card_name, gettext, ngettext

LIMIT = 80
#: a file's name is cut longer: it is how the user finds the file
FILE_LIMIT = 300
ELLIPSIS = "…"


def clip(text: str, limit: int = LIMIT) -> str:
    """``text`` itself, or its first ``limit - 1`` characters and ``…``."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


_QUOTED = re.compile(r"'([^'\s]{%d,})'" % (LIMIT - 1))


def clip_quoted(message: str, limit: int = LIMIT) -> str:
    """``message`` with every quoted word longer than ``limit`` cut: a safety net for messages
    built elsewhere (the card language's) that echo a whole word."""
    return _QUOTED.sub(lambda m: "'" + clip(m.group(1), limit - 2) + "'", message)


def shown(value: Any, limit: int = LIMIT) -> str:
    """A value as a message quotes it: text in quotes, a very long number by its length."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        digits = len(str(abs(value))) if abs(value) < 10 ** 60 else None
        if digits is None or digits > limit // 2:
            return f"a {digits or 'huge'}-digit number" if digits else "a huge number"
        return str(value)
    if isinstance(value, str):
        return repr(clip(value, limit - 2))
    return clip(repr(value), limit)


def kind_of(value: Any) -> str:
    """What a YAML or JSON value is, in words: 'the text 'abc'', 'a list', 'nothing'."""
    if value is None:
        return gettext("nothing (null)")
    if isinstance(value, bool):
        return gettext("true (a yes/no value)") if value else gettext("false (a yes/no value)")
    if isinstance(value, int):
        return gettext("the whole number {value}").format(value=shown(value))
    if isinstance(value, float):
        return gettext("the number {value!r}").format(value=value)
    if isinstance(value, str):
        return gettext("an empty text") if not value else gettext("the text {value}").format(value=shown(value))
    if isinstance(value, (list, tuple)):
        return ngettext("a list of {n} item", "a list of {n} items", len(value)).format(n=len(value))
    if isinstance(value, dict):
        return gettext("a mapping")
    return type(value).__name__


def one_of(choices: Iterable[Any], conjunction: str = "or", quote: bool = True) -> str:
    """``'a', 'b' or 'c'``: the choices a value may take."""
    items = [repr(str(c)) if quote else str(c) for c in choices]
    if not items:
        return gettext("nothing")
    if len(items) == 1:
        return items[0]
    word = {"or": N_("or"), "and": N_("and")}.get(conjunction)
    return f"{', '.join(items[:-1])} {gettext(word) if word else conjunction} {items[-1]}"


#: Why a restriction refuses an action, by the verb it restricts (``lasting.forbids``).
FORBIDS = {"play": N_("{source} forbids you to play {card} now"),
           "acquire": N_("{source} forbids you to acquire {card} now"),
           "cast": N_("{source} forbids you to cast {card} now")}


def card_names(state, iids: Iterable[int]) -> str:
    """The names of cards ``iids``, comma-separated, in the reader's language: who imposes a restriction."""
    return ", ".join(card_name(state.cards[i].name) for i in iids)


def forbidden_by(state, verb: str, iid: int, sources: list[int]) -> str:
    """Why ``verb`` card ``iid`` is refused, naming the cards whose restrictions forbid it (``sources``)."""
    return gettext(FORBIDS[verb]).format(source=card_names(state, sources), card=card_name(state.cards[iid].name))
