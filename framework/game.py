"""A game being played: its rules, parameters, seed, action log, undo and saved files.

A game records what happened as it goes (its :class:`~tabletop.framework.narration.Event` list,
each with a rendering per seat): every screen shows a seat only those renderings and its
view. A saved game is its parameters, seed and action log, plus a checksum of the final state:
loading replays the log, and a file that was cut short or edited no longer gives the same
checksum, so it is refused. Undo replays one action fewer, but never takes back an action
that showed a player something hidden (a draw, a shuffle, a new card in a row).
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tabletop.framework.actions import Action, format_action
from tabletop.framework.effects import IllegalAction
from tabletop.framework.errors import LocatedError, OptionError, TabletopError
from tabletop.framework.language import gettext, grouped
from tabletop.framework.narration import DETAIL, Event, EventLog, narrate, recording
from tabletop.framework.rules import Rules
from tabletop.framework.setups import MAX_SEED, SetupError, check_options
from tabletop.framework.state import State, player_name
from tabletop.framework.syserrors import reason
from tabletop.framework.userfiles import as_path, read_json
from tabletop.framework.wording import clip, kind_of, shown

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1
#: the most actions a saved game holds: twenty times a long game (a random-bot Volfyirion game
#: takes about 1,000), and each is replayed when the file is read, so the bound is the read's time
MAX_SAVE_ACTIONS = 20_000


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
        self.options = dict(check_options(rules, options, players))
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            # a saved game records its seed, and a save is read back only with one in this range
            raise OptionError(gettext("seed {seed}: give a whole number from 0 to {max_seed}").format(
                seed=clip(str(seed), 40), max_seed=MAX_SEED))
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
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise TabletopError(gettext(
                "an action is a tuple from legal_actions(), e.g. ('end turn',), not {value}").format(value=shown(action)))
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
        return isinstance(count, int) and not isinstance(count, bool) and 0 < count <= len(self.log) \
            and not any(self.revealing[-count:])

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
        write_atomic(as_path(path, "saved game"), json.dumps(self.to_save(), indent=1) + "\n")

    @classmethod
    def from_save(cls, data: Any, rules_for, source: str = "saved game", lines: dict | None = None) -> "Game":
        """Rebuild a game from save data; ``rules_for(name)`` gives the rules of a game by name.
        ``lines`` (top-level key -> line) lets every fault be named with its line."""
        def at(key: str) -> str:
            return f"{source}:{lines[key]}" if lines and key in lines else source

        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError(gettext(
                '{source}: not a tabletop saved game (it has no "format": "{save_format}")').format(
                source=source, save_format=SAVE_FORMAT))
        if data.get("version") != SAVE_VERSION:
            raise SaveError(gettext(
                '{at}: saved with format version {shown}; this tabletop reads version {save_version}').format(
                at=at('version'), shown=shown(data.get('version')), save_version=SAVE_VERSION))
        for key, want, ok in _SAVE_FIELDS:
            if key not in data and key != "players":
                raise SaveError(gettext(
                    '{source}: the field {key!r} is missing ({want})').format(source=source, key=key, want=want))
            if not ok(data.get(key)):
                raise SaveError(gettext(
                    '{at}: {key}: expected {want}, not {kind_of}').format(
                    at=at(key), key=key, want=want, kind_of=kind_of(data.get(key))))
        if len(data["actions"]) > MAX_SAVE_ACTIONS:  # each is replayed: 400,000 'end turn' took 40 s to refuse
            raise SaveError(gettext(
                '{at}: {n} actions, far more than any game takes (a saved game holds at most {most}): is it the '
                'right file?').format(at=at('actions'), n=grouped(len(data["actions"])), most=grouped(MAX_SAVE_ACTIONS)))
        try:
            rules = rules_for(data["game"])
        except TabletopError as e:
            raise SaveError(gettext('{at}: {text}').format(at=at('game'), text=e.render())) from None
        players = data.get("players")
        try:
            options = check_options(rules, data["options"], players)
            game = cls(rules, options, data["seed"], players)
        except SetupError as e:
            key = "players" if e.path[:1] == ("players",) else "options"
            raise SaveError(gettext('{at}: {e}').format(at=at(key), e=e)) from None
        except (ValueError, TabletopError) as e:
            why = e.render() if isinstance(e, TabletopError) else clip(str(e), 400)
            raise SaveError(gettext('{at}: cannot start {name} with these options: {value}').format(
                at=at('options'), name=rules.name, value=why)) from None
        for n, text in enumerate(data["actions"], 1):
            try:
                game.apply_text(text)
            except (IllegalAction, ValueError) as e:
                raise SaveError(gettext(
                    '{at}: action {n} ({shown}) cannot be replayed: {clip}').format(
                    at=at('actions'), n=n, shown=shown(text), clip=clip(str(e), 400))) from None
        if checksum(game.state) != data["checksum"]:
            raise SaveError(gettext(
                '{at}: checksum mismatch: the file was edited or is damaged').format(at=at('checksum')))
        return game

    @classmethod
    def load(cls, path: str | Path, rules_for) -> "Game":
        """A saved game from its file; a :class:`SaveError` saying where and why if it cannot be."""
        try:
            data, lines = read_json(path, "saved game")
        except LocatedError as e:
            bad_json = e.message.startswith(gettext("not valid JSON: {msg}").partition("{")[0])
            hint = gettext("; the file may be truncated") if bad_json else ""
            raise SaveError(e.render() + hint) from None
        return cls.from_save(data, rules_for, str(path), lines)


def _is_text_list(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(a, str) for a in v)


def _is_whole(lo: int, hi: int):
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


_SAVE_FIELDS = (
    ("game", "the name of a game (a text)", lambda v: isinstance(v, str) and v != ""),
    ("seed", f"a whole number from 0 to {MAX_SEED}", _is_whole(0, MAX_SEED)),
    ("options", "a mapping of options", lambda v: isinstance(v, dict)),
    ("players", "a number of players or null", lambda v: v is None or _is_whole(1, 64)(v)),
    ("actions", "a list of actions, each a text", _is_text_list),
    ("checksum", "a text (the state's SHA-256)", lambda v: isinstance(v, str)),
)


def _mode_for(path: Path) -> int:
    """The permissions a written file gets: those of the file it replaces, else the umask's (not mkstemp's 0600)."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8) or bytes to ``path`` through a temporary file in the same folder, a rename
    and an fsync of the folder: a crash leaves the old file or the new one, never half. A read-only
    file is refused (``PermissionError``), and a replaced file keeps its permissions."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        old = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        old = None
    if old is not None and (not old.st_mode & 0o222 or not os.access(path, os.W_OK)):
        raise PermissionError(errno.EACCES, "the file is read-only: not replacing it", str(path))
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, gettext("this is a folder; give a file name"), str(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(folder))
    except OSError as e:
        raise _about(e, path, folder) from None
    try:
        with (os.fdopen(fd, "wb") if isinstance(text, bytes) else os.fdopen(fd, "w", encoding="utf-8")) as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise _about(e, path, folder) from None
        raise
    _fsync_folder(folder)


def _about(e: OSError, path: Path, folder: Path) -> OSError:
    """The error of a failed write, naming the file the user asked for (never the temporary one)."""
    why = reason(e)
    if e.errno == errno.ENOENT and not folder.is_dir():
        why = gettext("the folder {folder} does not exist").format(folder=folder)
    elif e.errno == errno.ENOTDIR:
        why = gettext("{folder} is not a folder").format(folder=folder)
    elif e.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = gettext("the folder {folder} cannot be written ({why})").format(folder=folder, why=why)
    elif e.errno == errno.EISDIR:
        why = gettext("this is a folder; give a file name")
    try:
        return type(e)(e.errno, why, str(path))
    except TypeError:  # a subclass built otherwise
        return OSError(e.errno, why, str(path))


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); a system that cannot open folders has nothing to sync."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
