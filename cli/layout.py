"""Text laid out for a terminal: wrapped to its width, never broken inside a rule id or a word."""
from __future__ import annotations

import shutil
import textwrap


def terminal_width() -> int:
    return max(40, min(160, shutil.get_terminal_size(fallback=(100, 24)).columns))


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """The lines of ``text`` within ``width`` columns (hyphens never break: VOL-END-02 stays whole)."""
    return textwrap.wrap(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent,
                         break_on_hyphens=False) or [initial_indent.rstrip()]


def fill(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    return "\n".join(wrap(text, width, initial_indent, subsequent_indent))


def event_line(event, viewer: int | None, width: int) -> str | None:
    """An event as the terminal tells it to ``viewer`` (a turn as a heading, the rest indented),
    or None when that viewer is told nothing of it."""
    text = event.render(viewer)
    if text is None:
        return None
    if event.kind == "turn":
        return f"\n-- {text} --"
    return fill(text, width, initial_indent="  ", subsequent_indent="    ")
