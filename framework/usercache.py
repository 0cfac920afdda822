"""The user's cache folder, where tabletop remembers answers that are slow to work out.

``$XDG_CACHE_HOME/tabletop/``, else ``~/.cache/tabletop/`` (:mod:`~tabletop.framework.userdirs`). Every file there is JSON (but the console
script's remembered help texts, plain text with a checksum), written atomically; what is read back is checked by its user, so a damaged or hostile file costs the
slow answer again, never anything else. A folder that cannot be written (a read-only home, a
full disk) means nothing is remembered.
"""
from __future__ import annotations

import os

from tabletop.framework.userdirs import tabletop_dir

TYPE_CHECKING = False  # typing's constant, without importing typing (commands start faster)
if TYPE_CHECKING:
    from typing import Any, Callable, TypeVar

    T = TypeVar("T")


def cache_dir() -> str:
    """Where the remembered answers are kept (the XDG cache folder)."""
    return tabletop_dir("XDG_CACHE_HOME")


def load(name: str) -> Any:
    """The JSON value of the cache file ``name``, or None when it is missing or unreadable."""
    import json  # (here and in store: the console script reads its cache without JSON)

    try:
        with open(os.path.join(cache_dir(), name), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def store(name: str, value: Any) -> None:
    """Write ``value`` as the cache file ``name``, whole or not at all."""
    import json

    store_text(name, json.dumps(value))


def store_text(name: str, text: str) -> bool:
    """Write ``text`` as the cache file ``name`` (``help/x.txt`` makes the folder), whole or not
    at all; whether it was written."""
    import tempfile  # (only when something is stored: it costs a tenth of a command's start)

    path = os.path.join(cache_dir(), name)
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(name)}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape", newline="") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return False
    return True


def remembered(name: str, key: str | None, compute: Callable[[], T], valid: Callable[[Any], bool],
               keep: int = 64) -> T:
    """``compute()``, remembered in the cache file ``name`` under ``key`` (a digest of everything
    the answer depends on; None: do not remember). A remembered value is believed only if
    ``valid`` says so; the file keeps the ``keep`` latest keys. ``compute`` raising remembers nothing."""
    data = load(name) if key is not None else None
    table = data if isinstance(data, dict) else {}
    if key is not None and key in table and valid(table[key]):
        return table[key]
    value = compute()
    if key is not None:
        table.pop(key, None)
        kept = list(table.items())[-(keep - 1):] if keep > 1 else []
        store(name, {**dict(kept), key: value})
    return value
