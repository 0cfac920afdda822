"""Simulation records on disk: streamed as games finish, read back one at a time.

``tabletop simulate --out DIR`` checks and creates DIR before the first game
(:meth:`RecordsFile.create`), writes the batch's parameters to ``run.json`` at once, then
appends each finished chunk of games to ``records.jsonl`` as soon as it arrives (in game
order: a chunk that finishes early waits for the ones before it). A crash or a Ctrl-C
therefore keeps every finished game, and ``tabletop simulate --report-only DIR`` rebuilds
the report from them. :func:`read_records` streams the file back, checking each record, so
the report needs the memory of one record, whatever the number of games.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

from tabletop.framework.errors import LocatedError, TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.syserrors import reason
from tabletop.framework.userfiles import json_lines, read_json
from tabletop.framework.wording import kind_of

RECORDS = "records.jsonl"
MAX_LABEL = 200       # characters in a bot's label or a pack's name
RUN = "run.json"
#: every file ``simulate --out`` writes, besides a chart per kind of card (``cards_KIND.png``)
OUTPUTS = (RECORDS, RUN, "report.json", "report.md", "win_rates.png", "game_length.png")


class OutputError(TabletopError):
    """An output folder that cannot be used (checked before any game is played)."""


def prepare_folder(out: Path, overwrite: bool = False) -> Path:
    """Check that ``out`` can hold a report, creating it (and its parents) if needed: not a file,
    writable, and not holding an earlier run's records unless ``overwrite``."""
    out = Path(out)
    try:
        out.stat()
    except (FileNotFoundError, NotADirectoryError):  # a folder to make, or one under a file (mkdir says so)
        pass
    except OSError as e:  # a symbolic link loop: mkdir would answer 'File exists'
        raise OutputError(gettext(
            '--out {out}: cannot write there: {value}').format(out=out, value=reason(e))) from None
    if out.exists() and not out.is_dir():
        raise OutputError(gettext(
            '--out {out}: this is a file, not a folder; give a folder for the report').format(out=out))
    if (out / RECORDS).exists() and not overwrite:
        raise OutputError(gettext(
            '--out {out}: this folder already holds a simulation ({records}); choose another folder, or add '
            '--overwrite to replace it').format(out=out, records=RECORDS))
    mine = [] if overwrite or not out.is_dir() else sorted(
        p.name for p in [*(out / name for name in OUTPUTS), *out.glob("cards_*.png")] if p.exists())
    if mine:
        raise OutputError(gettext(
            '--out {out}: this folder already holds {files}, which the simulation would replace; choose another '
            'folder, or add --overwrite to replace them').format(out=out, files=", ".join(mine)))
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / f".tabletop-write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise OutputError(gettext(
            '--out {out}: cannot write there: {value}').format(out=out, value=reason(e))) from None
    return out


class RecordsFile:
    """``records.jsonl`` being written: chunks of records appended in game order as they come."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.file = self.path.open("w", encoding="utf-8")
        self.waiting: dict[int, list[dict]] = {}
        self.count = 0

    def add(self, start: int, records: list[dict]) -> None:
        """A finished chunk of games ``start``, ``start + 1``...; written at once if every earlier
        game is (chunks cover the games without gaps), else kept until they are."""
        self.waiting[start] = records
        while self.count in self.waiting:
            self._write(self.waiting.pop(self.count))

    def _write(self, records: list[dict]) -> None:
        self.file.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records))
        self.file.flush()
        self.count += len(records)

    def close(self) -> None:
        """Write what still waits (after an interruption: finished chunks behind an unfinished one)
        and close the file, synced to disk."""
        for start in sorted(self.waiting):
            self._write(self.waiting.pop(start))
        os.fsync(self.file.fileno())
        self.file.close()


def write_run(out: Path, meta: dict) -> None:
    from tabletop.framework.game import write_atomic

    write_atomic(Path(out) / RUN, json.dumps(meta, indent=1) + "\n")


def read_run(out: Path) -> dict:
    """The parameters of the batch whose records are in ``out`` (empty if ``run.json`` is missing),
    each checked, since the report prints them."""
    path = Path(out) / RUN
    if not path.exists():
        return {}
    data, lines = read_json(path, "run file")
    if not isinstance(data, dict):
        raise LocatedError(gettext(
            "expected a mapping of the batch's parameters, not {kind_of}").format(kind_of=kind_of(data)), str(path), 1)
    for key, want, ok in _RUN_FIELDS:
        if key in data and not ok(data[key]):
            raise LocatedError(gettext(
                '{key}: expected {want}, not {kind_of}').format(
                key=key, want=want, kind_of=kind_of(data[key])), str(path), lines.get(key))
    return data


def _texts(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(s, str) and 0 < len(s) <= MAX_LABEL for s in v)


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf")


#: What run.json's parameters must be, when present.
_RUN_FIELDS = (
    ("pack", "a text", lambda v: isinstance(v, str) and len(v) <= MAX_LABEL),
    ("bots", "a list of texts", _texts),
    ("labels", "a list of texts", _texts),
    ("seed", "a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    ("options", "a mapping", lambda v: isinstance(v, dict)),
    ("deck_pool", "a list of texts", _texts),
    ("max_turns", "a whole number or null", lambda v: v is None or _whole(v)),
    ("think", "a number or null", lambda v: v is None or _number(v)),
    ("iterations", "a whole number or null", lambda v: v is None or _whole(v)),
    ("games", "a whole number", lambda v: _whole(v)),
    ("workers", "a whole number", lambda v: _whole(v)),
    ("backend", "a text", lambda v: isinstance(v, str) and len(v) <= MAX_LABEL),
    ("seconds", "a number or null", lambda v: v is None or _number(v)),
)


#: What every record must hold for the report, and what each field must be.
_FIELDS = (
    ("index", "a whole number", lambda v: _whole(v)),
    ("seats", "a list of bot names", lambda v: isinstance(v, list) and v and _texts(v)),
    ("winner", "a seat number or null", lambda v: v is None or _whole(v)),
    ("first", "a seat number", lambda v: _whole(v)),
    ("turns", "a whole number", lambda v: _whole(v)),
    ("capped", "true or false", lambda v: isinstance(v, bool)),
    ("actions", "a whole number", lambda v: _whole(v)),
)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def read_records(path: Path) -> Iterator[dict]:
    """Each record of a ``records.jsonl`` file in turn, checked; a located error for a bad line."""
    label = str(path)
    for n, r in json_lines(path, "records file"):
        problem = _record_problem(r)
        if problem:
            raise LocatedError(gettext('not a game record: {problem}').format(problem=problem), label, n)
        yield r


def _record_problem(r: Any) -> str | None:
    if not isinstance(r, dict):
        return f"expected a mapping, not {kind_of(r)}"
    for key, want, ok in _FIELDS:
        if key not in r:
            return f"the field {key!r} is missing"
        if not ok(r[key]):
            return f"{key}: expected {want}, not {kind_of(r[key])}"
    seats = len(r["seats"])
    if r["winner"] is not None and r["winner"] >= seats or r["first"] >= seats:
        return f"winner or first names a seat beyond the {seats} seats"
    for key, check in (("events", _event_problem), ("lead", _lead_problem)):
        items = r.get(key, [])
        if not isinstance(items, list):
            return f"{key}: expected a list, not {kind_of(items)}"
        for item in items:
            problem = check(item, seats)
            if problem:
                return f"{key}: {problem}"
    return None


def _event_problem(e: Any, seats: int) -> str | None:
    if not (isinstance(e, list) and len(e) == 4 and _whole(e[0]) and _whole(e[1]) and e[1] < seats and isinstance(e[2], str)
            and len(e[2]) <= MAX_LABEL and (not isinstance(e[3], str) or len(e[3]) <= MAX_LABEL)):
        return f"an event is [turn, seat, kind, value], not {kind_of(e)}"
    return None


def _lead_problem(e: Any, seats: int) -> str | None:
    if not (isinstance(e, list) and all(v is None or isinstance(v, (int, float)) and not isinstance(v, bool)
                                        for v in e)):
        return f"a lead entry is a list of numbers, one per seat, not {kind_of(e)}"
    return None
