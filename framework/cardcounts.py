"""How many cards a pack has, without compiling them every time someone asks (``tabletop packs``).

The count is remembered in a JSON file of the user's cache folder
(``$XDG_CACHE_HOME/tabletop/card-counts.json``, else ``~/.cache/tabletop/``), keyed by a
hash of the tabletop version, the pack's name and version and the bytes of every card file:
change a file, a version or the pack and the key changes, so a stale count is never shown.
Only JSON is read back, and only whole numbers are believed: a damaged or hostile cache file
costs a recount, never anything else. Sets whose cards fail to load are never remembered,
so their errors keep being reported.
"""
from __future__ import annotations

import hashlib
from typing import Callable

from tabletop.framework import usercache

FILE = "card-counts.json"
MAX_ENTRIES = 64


def key_of(pack: str, version: str, files: list) -> str | None:
    """The cache key of a card set, or None when a file cannot be read as bytes (then nothing is cached)."""
    from tabletop import __version__ as tabletop

    h = hashlib.sha256(f"{tabletop}\0{pack}\0{version}\0".encode())
    for f in files:
        read = getattr(f, "read_bytes", None)
        if read is None:
            return None
        try:
            data = read()
        except OSError:
            return None
        h.update(str(f).encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def card_count(pack: str, version: str, files: list, count: Callable[[], int]) -> int:
    """The number of cards of ``files``: remembered if this exact set was counted before, else
    ``count()`` (which compiles them and raises on a broken set, which is then not remembered)."""
    return usercache.remembered(FILE, key_of(pack, version, files), count,
                                lambda v: type(v) is int and v >= 0, MAX_ENTRIES)
