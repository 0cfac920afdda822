"""Where a card text comes from, to place errors in the original file."""
from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Source:
    """Origin of a text: ``file``, ``card`` and ``field`` for the message, and where it sits.

    ``line``/``column`` (1-based) are where the text's first character is in the file;
    continuation lines of the text start at column ``indent + 1`` (a YAML block scalar).
    ``lines`` (the file's lines), when given, is what the error shows under the message;
    otherwise the text's own line is shown, padded to its column. The default maps offsets
    within the text itself. Subclass and override :meth:`locate` for anything fancier.
    """

    file: str | None = None
    card: str | None = None
    field: str | None = None
    line: int = 1
    column: int = 1
    indent: int = 0
    lines: tuple[str, ...] | None = None
    text: str | None = None

    def with_text(self, text: str) -> "Source":
        return self if self.text == text else replace(self, text=text)

    def locate(self, offset: int) -> tuple[int, int, str]:
        """(line, column, source line) in the file for ``offset`` in the text."""
        text = self.text or ""
        offset = max(0, min(offset, len(text)))
        nl = text.count("\n", 0, offset)
        start = text.rfind("\n", 0, offset) + 1
        end = text.find("\n", offset)
        own = text[start:] if end < 0 else text[start:end]
        pad = (self.column - 1) if nl == 0 else self.indent
        line = self.line + nl
        column = pad + (offset - start) + 1
        if self.lines is not None and 0 < line <= len(self.lines):
            src = self.lines[line - 1].rstrip("\n")
        else:
            src = " " * pad + own
        return line, column, src
