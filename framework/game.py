"""A game being played: its rules, parameters, seed, action log, undo and saved files.

A game records what happened as it goes (its :class:`~tabletop.framework.narration.Event`\ s,
each with a rendering per seat): every screen shows a seat only those renderings and its
view. A saved game is its parameters, seed and action log, plus a checksum of the final state:
loading replays the log, and a file that was cut short or edited no longer gives the same
checksum, so it is refused. Undo replays one action fewer, but never takes back an action
that showed a player something hidden (a draw, a shuffle, a new card in a row).
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tabletop.framework.actions import Action, format_action
from tabletop.framework.effects import IllegalAction
from tabletop.framework.errors import TabletopError
from tabletop.framework.narration import DETAIL, Event, EventLog, narrate, recording
from tabletop.framework.rules import Rules
from tabletop.framework.state import State, player_name

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1


def checksum(state: State) -> str:
    """The SHA-256 of the state's canonical JSON: what a save file checks on load."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class SaveError(TabletopError):
    """A saved game that cannot be loaded."""


class Game:
    """One game session over a :class:`Rules` object."""

    def __init__(self, rules: Rules, options: dict[str, Any] | None = None, seed: int = 0,
                 players: int | None = None) -> None:
        self.rules = rules
        self.options = dict(options or {})
        self.seed = seed
        self.players = players
        self.record = EventLog(rules)
        self.state = self._fresh()
        self.log: list[Action] = []
        self.revealing: list[bool] = []
        self.movers: list[int] = []

    def _fresh(self) -> State:
        self.record = EventLog(self.rules)
        with recording(self.record):
            return self.rules.setup(self.options, self.seed, self.players)

    @property
    def events(self) -> list[Event]:
        """Everything narrated so far, setup included (render each for one seat before showing it)."""
        return self.record.events

    # ------------------------------------------------------------------ playing
    def legal_actions(self) -> list[Action]:
        """The legal actions in the current state."""
        return self.rules.legal_actions(self.state)

    def apply(self, action: Action) -> None:
        """Apply a legal action (checked) and record it, with what it made happen."""
        before = self.state.reveals
        mover = self.state.to_move()
        record = self.record
        record.step = len(self.log) + 1
        first = len(record.events)
        self.rules.apply_checked(self.state, action)
        if not any(e.actor == mover and e.visible(mover) for e in record.events[first:]):
            # the pack narrated nothing its mover can read: the mover at least sees the notation
            narrate(self.state, "action", "{p}: {action}", actor=mover, level=DETAIL, only=(mover,),
                    p=player_name(mover), action=format_action(action))
        self.log.append(action)
        self.revealing.append(self.state.reveals != before)
        self.movers.append(mover)

    def apply_text(self, text: str) -> Action:
        """Apply the legal action written ``text``; return it."""
        action = self.rules.find_action(self.state, text)
        self.apply(action)
        return action

    def can_undo(self, count: int = 1) -> bool:
        """Whether the last ``count`` actions can be taken back (none revealed anything)."""
        return 0 < count <= len(self.log) and not any(self.revealing[-count:])

    def takeback(self, seats, automatic=frozenset()) -> int:
        """How many actions an undo by ``seats`` takes back: back to and including the last
        action one of them chose (what the others did since goes with it, and the actions numbered
        in ``automatic``, taken for them by a front end); 0 if they chose none."""
        mine = [i for i, m in enumerate(self.movers) if m in seats and i not in automatic]
        return len(self.movers) - mine[-1] if mine else 0

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions by replaying the rest of the log."""
        if not self.can_undo(count):
            raise IllegalAction("cannot undo: nothing to undo, or it revealed hidden information")
        keep = self.log[:-count]
        self.state = self._fresh()
        self.log, self.revealing, self.movers = [], [], []
        for a in keep:
            self.apply(a)

    # ------------------------------------------------------------------ saving
    def to_save(self) -> dict:
        """The save file's data: game, options, seed, actions, checksum."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.rules.name,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "actions": [format_action(a) for a in self.log],
            "checksum": checksum(self.state),
        }

    def save(self, path: str | Path) -> None:
        """Write the save file atomically: a crash leaves the old file or the new one, never half."""
        write_atomic(Path(path), json.dumps(self.to_save(), indent=1) + "\n")

    @classmethod
    def from_save(cls, data: Any, rules_for, source: str = "saved game") -> "Game":
        """Rebuild a game from save data; ``rules_for(name)`` gives the rules of a game by name."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(f"{source}: not a tabletop saved game")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"{source}: saved with format version {data.get('version')!r}; "
                            f"this tabletop reads version {SAVE_VERSION}")
        for key, kind in (("game", str), ("seed", int), ("actions", list), ("checksum", str), ("options", dict)):
            if not isinstance(data.get(key), kind):
                raise SaveError(f"{source}: field {key!r} is missing or not a {kind.__name__}")
        rules = rules_for(data["game"])
        game = cls(rules, data["options"], data["seed"], data.get("players"))
        for n, text in enumerate(data["actions"], 1):
            if not isinstance(text, str):
                raise SaveError(f"{source}: action {n} is not text")
            try:
                game.apply_text(text)
            except (IllegalAction, ValueError) as e:
                raise SaveError(f"{source}: action {n} ({text!r}) cannot be replayed: {e}") from None
        if checksum(game.state) != data["checksum"]:
            raise SaveError(f"{source}: checksum mismatch: the file was edited or is damaged")
        return game

    @classmethod
    def load(cls, path: str | Path, rules_for) -> "Game":
        """The game saved in the file ``path`` (replayed and checked)."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise SaveError(f"{path}: cannot read: {e.strerror or e}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise SaveError(f"{path}:{e.lineno}:{e.colno}: not valid JSON ({e.msg}); "
                            "the file may be truncated") from None
        return cls.from_save(data, rules_for, str(path))


def _mode_for(path: Path) -> int:
    """The permissions a written file gets: those of the file it replaces, else the umask's (not mkstemp's 0600)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8) or bytes to ``path`` through a temporary file in the same folder and a rename."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(path.parent or "."))
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding="utf-8")) as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
