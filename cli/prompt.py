"""Reading what the player types: a real prompt at a terminal, plain lines from a pipe.

At a terminal the prompt is prompt_toolkit's: line editing (arrows, Home/End, Ctrl-A/E/W...),
a history kept between games (``$XDG_STATE_HOME/tabletop/history``, else
``~/.local/state/tabletop/history``; in memory when that cannot be written), and Tab
completion of whatever the game offers now (the legal actions, card names, commands).
From a pipe, lines are read as they come, so a script plays exactly as a person types.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable, TextIO

from tabletop.framework.language import gettext as _
from tabletop.framework.userdirs import tabletop_dir


def history_path() -> Path:
    return Path(tabletop_dir("XDG_STATE_HOME")) / "history"


class LineInput:
    """One line at a time, from a terminal (with editing) or from any text stream."""

    def __init__(self, inp: TextIO, out: TextIO, candidates: Callable[[], Iterable[str]] = lambda: ()) -> None:
        self.inp = inp
        self.out = out
        self.session = None
        if _is_terminal(inp) and _is_terminal(out):
            self.session = _prompt_session(candidates)

    @property
    def interactive(self) -> bool:
        return self.session is not None

    def read(self, prompt: str) -> str | None:
        """The next line without its newline; None at the end of input (Ctrl-D, end of a pipe)."""
        if self.session is not None:
            try:
                return self.session.prompt(prompt)
            except EOFError:
                return None
            except KeyboardInterrupt:
                self.out.write(_("(Ctrl-C: type 'quit' to leave)") + "\n")
                return ""
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        return line.rstrip("\r\n")


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _prompt_session(candidates: Callable[[], Iterable[str]]):
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    class LineCompleter(Completer):
        """Completes the whole line so far against every line the game would accept now."""

        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor
            low = typed.lower()
            seen = set()
            for c in candidates():
                if c.lower().startswith(low) and c != typed and c not in seen:
                    seen.add(c)
                    yield Completion(c, start_position=-len(typed))

    history = InMemoryHistory()
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
        history = FileHistory(str(path))
    except OSError:
        pass
    return PromptSession(history=history, completer=LineCompleter(), complete_while_typing=False)
