"""The user's cache folder, where tabletop remembers answers that are slow to work out.

``$XDG_CACHE_HOME/tabletop/``, else ``~/.cache/tabletop/``. Every file there is JSON, written
atomically; what is read back is checked by its user, so a damaged or hostile file costs the
slow answer again, never anything else. A folder that cannot be written (a read-only home, a
full disk) means nothing is remembered.
"""
from __future__ import annotations

import json
import os
TYPE_CHECKING = False  # typing's constant, without importing typing (commands start faster)
if TYPE_CHECKING:
    from typing import Any, Callable, TypeVar

    T = TypeVar("T")


def cache_dir() -> str:
    """Where the remembered answers are kept (the XDG cache folder)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tabletop")


def load(name: str) -> Any:
    """The JSON value of the cache file ``name``, or None when it is missing or unreadable."""
    try:
        with open(os.path.join(cache_dir(), name), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def store(name: str, value: Any) -> None:
    """Write ``value`` as the cache file ``name``, whole or not at all."""
    import tempfile  # (only when something is stored: it costs a tenth of a command's start)

    folder = cache_dir()
    path = os.path.join(folder, name)
    try:
        os.makedirs(folder, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(value, out)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass


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
