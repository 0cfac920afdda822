"""Tables in SQLite: what a restart must not lose.

A table is its game's parameters (the save file's: game, options, players, seed), its seats
(who holds each, and the secret token of its link) and its action log. An action is written
and committed before anyone is told it happened, so a server killed at any moment restarts on
a position every player has seen or will see. The journal is SQLite's write-ahead log with
``synchronous=NORMAL``: a commit survives the server process being killed; only a power cut
or an operating-system crash may lose the last instants (``FULL``, which survives those too,
costs an fsync per action: 4 ms here, and the database lock is held meanwhile, which tripled
the median round trip of the load test).

Each table row carries ``version`` (bumped on every change) and ``epoch`` (bumped when actions
are taken back): a server process holding the game in memory compares them to know whether
another process (``--workers 2``) moved the table on, and whether by appending or by undoing.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.wording import clip

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    players INTEGER,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    spectator TEXT NOT NULL,
    created REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    epoch INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    text TEXT NOT NULL,
    auto INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, n)
);
"""


@dataclass
class TableRecord:
    """A table as stored: ``seats`` is a list of ``{"kind": "bot"|"human", "bot": spec, "token": str}``."""

    id: str
    game: str
    options: dict
    players: int | None
    seed: int
    seats: list[dict]
    spectator: str
    created: float
    version: int = 0
    epoch: int = 0
    over: bool = False


class DamagedTable(TabletopError):
    """A table row no tabletop wrote (edited by hand, or damaged): named, never half-read."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _row_problem(rec: TableRecord) -> str | None:
    """What is wrong with a decoded row, or None: the shapes :meth:`Store.create` writes."""
    if not isinstance(rec.options, dict):
        return gettext("its options are not a mapping")
    if not (_whole(rec.seed) and (rec.players is None or _whole(rec.players))):
        return gettext("its seed or number of players is not a whole number")
    if not (_whole(rec.version) and _whole(rec.epoch)):
        return gettext("its version is not a whole number")
    if not isinstance(rec.seats, list) or not all(
            isinstance(s, dict) and isinstance(s.get("token"), str)
            and (s.get("kind") == "human" or (s.get("kind") == "bot" and isinstance(s.get("bot"), str)))
            for s in rec.seats):
        return gettext("its seats are not a list of bots and humans, each with a token")
    return None


class Conflict(Exception):
    """The table changed in the database since the caller last read it."""


class Store:
    """One SQLite database of tables; safe to share between threads of one process and
    between processes (SQLite's own locking; writes take the database lock at once)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        try:
            self.db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None, timeout=30)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            with self._lock:
                self.db.executescript(SCHEMA)
        except sqlite3.OperationalError as e:  # a folder SQLite may not create the file (or its journal) in
            raise TabletopError(gettext("{db}: cannot open the tables database: {why}").format(
                db=self.path, why=e)) from None

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ reading
    def _record(self, row) -> TableRecord:
        """The table a row holds; :class:`DamagedTable` if the row is not one :meth:`create` wrote."""
        try:
            rec = TableRecord(row[0], row[1], json.loads(row[2]), row[3], row[4], json.loads(row[5]), row[6],
                              float(row[7]), row[8], row[9], bool(row[10]))
        except (ValueError, TypeError):  # not JSON (a JSONDecodeError is a ValueError), a date that is no number
            problem = gettext("its options, seats or date cannot be read")
        else:
            problem = _row_problem(rec)
            if problem is None:
                return rec
        raise DamagedTable(gettext("{db}: table {table!r} is damaged: {problem}").format(
            db=self.path, table=clip(str(row[0])), problem=problem))

    _COLUMNS = "id, game, options, players, seed, seats, spectator, created, version, epoch, over"

    def get(self, table_id: str) -> TableRecord | None:
        with self._lock:
            row = self.db.execute(f"SELECT {self._COLUMNS} FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else self._record(row)

    def all(self) -> list[TableRecord]:
        with self._lock:
            rows = self.db.execute(f"SELECT {self._COLUMNS} FROM tables").fetchall()
        return [self._record(r) for r in rows]

    def unfinished(self) -> list[str]:
        """The ids of the tables whose game goes on (a restarted server resumes their bots); ids
        only, so that one damaged table is refused when read rather than stopping the others."""
        with self._lock:
            rows = self.db.execute("SELECT id FROM tables WHERE over = 0").fetchall()
        return [r[0] for r in rows]

    def actions(self, table_id: str, after: int = 0) -> list[tuple[str, bool]]:
        """The table's actions after the first ``after``, in order: (notation, taken automatically)."""
        with self._lock:
            rows = self.db.execute("SELECT text, auto FROM actions WHERE table_id = ? AND n > ? ORDER BY n",
                                   (table_id, after)).fetchall()
        return [(r[0], bool(r[1])) for r in rows]

    def versions(self, ids: list[str]) -> dict[str, tuple[int, int]]:
        """``id -> (version, epoch)`` of the tables ``ids``."""
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        with self._lock:
            rows = self.db.execute(f"SELECT id, version, epoch FROM tables WHERE id IN ({marks})", ids).fetchall()
        return {r[0]: (r[1], r[2]) for r in rows}

    # ------------------------------------------------------------------ writing
    def create(self, rec: TableRecord, actions: list[str] = ()) -> None:
        """Store a new table (and the actions of an imported game), in one transaction."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self.db.execute(f"INSERT INTO tables ({self._COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                                (rec.id, rec.game, json.dumps(rec.options), rec.players, rec.seed,
                                 json.dumps(rec.seats), rec.spectator, rec.created or time.time(),
                                 len(actions), 0, int(rec.over)))
                self.db.executemany("INSERT INTO actions (table_id, n, text) VALUES (?,?,?)",
                                    [(rec.id, n, t) for n, t in enumerate(actions, 1)])
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        rec.version = len(actions)

    def append(self, table_id: str, version: int, n: int, text: str, over: bool, auto: bool = False) -> int:
        """Commit action number ``n`` if the table is still at ``version`` (else :class:`Conflict`);
        return the new version."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self._expect(table_id, version)
                self.db.execute("INSERT INTO actions (table_id, n, text, auto) VALUES (?,?,?,?)",
                                (table_id, n, text, int(auto)))
                self.db.execute("UPDATE tables SET version = version + 1, over = ? WHERE id = ?", (int(over), table_id))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return version + 1

    def truncate(self, table_id: str, version: int, keep: int) -> tuple[int, int]:
        """Take back every action after the first ``keep`` (undo); return the new (version, epoch)."""
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                self._expect(table_id, version)
                self.db.execute("DELETE FROM actions WHERE table_id = ? AND n > ?", (table_id, keep))
                self.db.execute("UPDATE tables SET version = version + 1, epoch = epoch + 1, over = 0 WHERE id = ?",
                                (table_id,))
                row = self.db.execute("SELECT version, epoch FROM tables WHERE id = ?", (table_id,)).fetchone()
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return row[0], row[1]

    def _expect(self, table_id: str, version: int) -> None:
        row = self.db.execute("SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None or row[0] != version:
            raise Conflict(table_id)


def default_db() -> Path:
    """The database in the user's data folder (``$XDG_DATA_HOME/tabletop/tables.sqlite3``)."""
    from tabletop.framework.userdirs import tabletop_dir

    return Path(tabletop_dir("XDG_DATA_HOME")) / "tables.sqlite3"
