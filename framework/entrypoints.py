"""The installed plugins of an entry-point group, found without ``importlib.metadata`` when
nothing was installed, removed or upgraded since the last time.

Importing ``importlib.metadata`` costs as much as a bare Python start (it brings in email,
zipfile and csv), a fifth of ``tabletop packs``. What it would answer depends only on the
``entry_points.txt`` files of the distributions on ``sys.path``, so the answer is kept in the
user's cache folder (``entry-points.json``, :mod:`tabletop.framework.usercache`) with the
*fingerprint* it was read under: the path, size and modification time of every such file.
Installing, removing or upgrading a distribution adds or removes a ``*.dist-info`` folder, and
editing one rewrites its file, so the fingerprint changes and ``importlib.metadata`` reads
again. Taking the fingerprint is a directory listing per ``sys.path`` folder. A ``sys.path``
entry that is a file (a zip or an egg) is not fingerprinted: then nothing is cached.

From the cache only lists of strings are believed, and an entry is only ever loaded as an import
of the module it names, as ``importlib.metadata`` would load it.
"""
from __future__ import annotations

import importlib
import os
import re
import sys

from tabletop.framework import usercache

#: the entry-point group game packs register under
PACKS = "tabletop.packs"
FILE = "entry-points.json"
MAX_ENVIRONMENTS = 8
_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?(\[.*\])?\s*$")


class Entry:
    """One entry point: its ``name`` and ``value`` (``module:attr``), loaded on demand."""

    __slots__ = ("name", "value")

    def __init__(self, name: str, value: str) -> None:
        self.name = name
        self.value = value

    @property
    def module(self) -> str:
        """The name of the module the entry lives in."""
        return self._parts().group("module")

    def _parts(self) -> re.Match:
        m = _VALUE.match(self.value)
        if m is None:
            raise ValueError(f"entry point {self.name!r}: {self.value!r} is not 'module' or 'module:attribute'")
        return m

    def load(self):
        """The object the entry names, importing its module."""
        m = self._parts()
        obj = importlib.import_module(m.group("module"))
        for part in (m.group("attr") or "").split(".") if m.group("attr") else ():
            obj = getattr(obj, part)
        return obj


def fingerprint() -> list[list] | None:
    """``[path, size, mtime]`` of every entry-point file on ``sys.path``, or None when a path
    entry cannot be listed as a folder (then the answer is not kept)."""
    out: list[list] = []
    for entry in sys.path:
        folder = entry or os.getcwd()
        try:
            it = os.scandir(folder)
        except FileNotFoundError:
            continue
        except NotADirectoryError:
            return None
        except OSError:
            continue
        with it:
            for d in it:
                if d.name.endswith((".dist-info", ".egg-info")):
                    path = os.path.join(d.path, "entry_points.txt")
                    try:
                        st = os.stat(path)
                    except OSError:
                        continue
                    out.append([path, st.st_size, st.st_mtime_ns])
    return out


def _groups(entries: list, mark: list) -> dict | None:
    """The groups remembered under ``mark`` in the cache's ``entries``, or None."""
    for e in entries:
        if isinstance(e, dict) and e.get("fingerprint") == mark and isinstance(e.get("groups"), dict):
            return e["groups"]
    return None


def _valid(found) -> bool:
    return isinstance(found, list) and all(
        isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e) for e in found)


def entry_points(group: str) -> list[Entry]:
    """The entry points of ``group`` that ``importlib.metadata.entry_points(group=group)`` gives,
    from the cache when they were read under the same fingerprint (one per Python environment
    used lately: a designer with several virtual environments keeps each one's answer)."""
    mark = fingerprint()
    cached = usercache.load(FILE) if mark is not None else None
    entries = cached.get("entries") if isinstance(cached, dict) and isinstance(cached.get("entries"), list) else []
    groups = _groups(entries, mark) if mark is not None else None
    if groups is not None and _valid(groups.get(group)):
        return [Entry(n, v) for n, v in groups[group]]
    from importlib.metadata import entry_points as scan

    found = [[ep.name, ep.value] for ep in scan(group=group)]
    if mark is not None:
        kept = [e for e in entries if isinstance(e, dict) and e.get("fingerprint") != mark][-(MAX_ENVIRONMENTS - 1):]
        usercache.store(FILE, {"entries": kept + [{"fingerprint": mark, "groups": {**(groups or {}), group: found}}]})
    return [Entry(n, v) for n, v in found]
