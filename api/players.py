"""Players: integers in the API, ``p1``, ``p2``... in text.

Seat ``i`` (0-based) is written ``"p{i+1}"``: seat 0 is ``"p1"``. The engine, the API,
``state.winner``, :meth:`tabletop.Game.returns` and simulation records use the integers;
the action notation, views, boards and files use the names.
"""
from __future__ import annotations

from tabletop.framework.errors import TabletopError
from tabletop.framework.numerals import whole_number


def player_name(player: int) -> str:
    """The written name of seat ``player``: ``player_name(0) == "p1"``."""
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise TabletopError(f"a player is a seat number 0, 1, ..., not {player!r}")
    return f"p{player + 1}"


def player_id(player: int | str, nplayers: int | None = None) -> int:
    """The seat number of ``player``, given as a seat number or a name: ``player_id("p2") == 1``.
    With ``nplayers``, a seat outside the game is an error too."""
    if isinstance(player, str):
        text = player.strip().lower()
        number = whole_number(text[1:]) if text[:1] == "p" else None
        if number is None or number < 1:
            raise TabletopError(f"a player is written p1, p2, ..., not {player!r}")
        index = number - 1
    elif isinstance(player, int) and not isinstance(player, bool):
        index = player
    else:
        raise TabletopError(f"a player is a seat number (0, 1, ...) or a name (p1, p2, ...), not {player!r}")
    if index < 0 or (nplayers is not None and index >= nplayers):
        seats = f"0..{nplayers - 1} (p1..p{nplayers})" if nplayers else "0 or more"
        raise TabletopError(f"no player {player!r} in this game: seats are {seats}")
    return index
