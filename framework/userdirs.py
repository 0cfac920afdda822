"""The user's folders, as the XDG Base Directory specification names them.

``$XDG_CACHE_HOME``, ``$XDG_STATE_HOME`` and ``$XDG_DATA_HOME`` when set to an absolute path, else
``~/.cache``, ``~/.local/state`` and ``~/.local/share``: the specification says a relative path is
invalid and to be ignored (it would name a different folder from every working directory).
Cheap to import: the console script's start reads it.
"""
from __future__ import annotations

import os

_DEFAULTS = {"XDG_CACHE_HOME": (".cache",), "XDG_STATE_HOME": (".local", "state"),
             "XDG_DATA_HOME": (".local", "share")}


def base(variable: str) -> str:
    """The folder ``variable`` (one of the three) names, or its default."""
    value = os.environ.get(variable, "")
    if value and os.path.isabs(value):
        return value
    return os.path.join(os.path.expanduser("~"), *_DEFAULTS[variable])


def tabletop_dir(variable: str) -> str:
    """This program's folder in that user folder."""
    return os.path.join(base(variable), "tabletop")
