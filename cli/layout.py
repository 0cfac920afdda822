"""Text laid out for a terminal: wrapped to its width, never broken inside a rule id or a word."""
from __future__ import annotations

import shutil
import textwrap


def terminal_width() -> int:
    return max(60, min(160, shutil.get_terminal_size(fallback=(100, 24)).columns))


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """The lines of ``text`` within ``width`` columns (hyphens never break: VOL-END-02 stays whole)."""
    return textwrap.wrap(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent,
                         break_on_hyphens=False) or [initial_indent.rstrip()]


def fill(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    return "\n".join(wrap(text, width, initial_indent, subsequent_indent))
