"""Errors a user can act on: where (file, line, column), what was expected, and a suggestion.

Every error the library raises on purpose derives from :class:`TabletopError`, which the
public API exports as ``tabletop.Error``: one ``except tabletop.Error`` catches a bad card
file, an illegal action, an unknown game or bad options. The command line prints it with
:meth:`TabletopError.render` and never as a traceback.
"""
from __future__ import annotations

from tabletop.framework.language import gettext as _
from tabletop.framework.wording import FILE_LIMIT, clip, clip_quoted, shown


class TabletopError(Exception):
    """An error for a person, not a programmer; ``str()`` is its full message."""

    def render(self) -> str:
        """The full message as shown to a user (several lines for located errors). A quoted word
        longer than a file's name is cut: the net under every message that echoes what a user
        gave (a 3,000-character bot or deck name) without cutting it where it is written."""
        return clip_quoted(str(self), FILE_LIMIT)


class OptionError(TabletopError, ValueError):
    """Options a game cannot be set up with (an unknown variant, a bad number of players)."""


class StateError(TabletopError, ValueError):
    """Serialised or pickled state data that cannot be rebuilt into a state."""


#: control characters as their visible pictures, one character for one, so a caret stays under its
#: column and a file's escape codes never reach the terminal (ESC shows as U+241B)
_PICTURES = {c: 0x2400 + c for c in range(0x20) if c != 0x09} | {0x7F: 0x2421} | {c: 0xFFFD for c in range(0x80, 0xA0)}


def visible(text: str) -> str:
    """``text`` with its control characters (tab aside) shown as pictures, never sent as such."""
    return text.translate(_PICTURES)


class LocatedError(TabletopError):
    """A fault at one place in a text file, shown with the line and a caret under the fault."""

    field: str | None = None  # the card's field holding the fault (card-language errors set it)

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None, source_line: str | None = None, card: str | None = None,
                 expected: str | None = None, suggestion: str | None = None, width: int = 1,
                 hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.source_line = source_line
        self.card = card
        self.expected = expected
        self.suggestion = suggestion
        self.width = max(1, width)
        self.hint = hint

    def where(self) -> str:
        """``file:line:column``, as far as they are known."""
        parts = [clip(self.file, FILE_LIMIT) if self.file else "<text>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def render(self) -> str:
        """The message, then the source line with a caret, what was expected and a suggestion."""
        head = f"{self.where()}: "
        if self.card and self.field:
            head += _("card {card}, field {field}: ").format(card=shown(self.card), field=shown(self.field))
        elif self.card:
            head += _("card {card}: ").format(card=shown(self.card))
        lines = [head + clip_quoted(self.message)]
        if self.source_line is not None and self.column is not None:
            text, caret, width = window(visible(self.source_line.rstrip("\n")), self.column - 1, self.width)
            lines.append("    " + text)
            lines.append("    " + " " * caret + "^" * width)
        if self.expected:
            lines.append("  " + _("expected: {what}").format(what=self.expected))
        if self.suggestion:
            lines.append("  " + _("did you mean: {what}?").format(what=self.suggestion))
        if self.hint:
            lines.append("  " + _("hint: {what}").format(what=self.hint))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()


def window(line: str, at: int, width: int, room: int = 100) -> tuple[str, int, int]:
    """A long source line cut to about ``room`` characters around offset ``at`` (with '…'):
    the text shown, where the caret goes in it, and the caret's width."""
    if len(line) <= room:
        return line, at, width
    start = max(0, min(at - room // 2, len(line) - room))
    end = start + room
    shown = ("…" if start else "") + line[start:end] + ("…" if end < len(line) else "")
    caret = at - start + (1 if start else 0)
    return shown, caret, max(1, min(width, end - at))


class ErrorList(TabletopError):
    """Several located errors found in one pass (every one is reported, not just the first)."""

    def __init__(self, errors: list[LocatedError]) -> None:
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors

    def render(self) -> str:
        """Every error, one after the other."""
        return "\n".join(e.render() for e in self.errors)

    def __str__(self) -> str:
        return self.render()
