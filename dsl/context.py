"""The context an effect runs with: the facts its words refer to ("this card", "the target"),
keys of a plain dict the engine fills (the table of keys is in :mod:`tabletop.language`)."""
from __future__ import annotations


def lacking(ctx: dict, key: str) -> list:
    """Nothing to refer to: the context has no ``key``. A context that keeps a ``lacking`` set
    (:func:`tabletop.run_effect`'s) notes the key, so that a word with nothing to refer to is an
    error there instead of an effect that silently does nothing; in a game, it refers to nothing."""
    if key not in ctx:
        note = getattr(ctx, "lacking", None)
        if note is not None:
            note.add(key)
    return []
