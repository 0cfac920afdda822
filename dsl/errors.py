"""Errors of the card language: located, with what was expected and a 'did you mean'."""
from __future__ import annotations

from tabletop.framework.errors import LocatedError, TabletopError


class CardLanguageError(LocatedError):
    """A card text that does not compile: file, card, line, column, caret, expected, suggestion.

    ``meaning`` is true when the words were read but name what the text's context lacks ("that
    city" on a command card): of several ways to read a text, that is the fault to report."""

    meaning = False
    refused = False  # raised by a form the game reads only to refuse (a pattern not listed): its reason is the fault
    unfit = False  # raised by a reading that does not fit here (an Unfit): the phrase's next reading is tried

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 column: int | None = None, source_line: str | None = None, card: str | None = None,
                 expected: str | None = None, suggestion: str | None = None, width: int = 1,
                 field: str | None = None) -> None:
        super().__init__(message, file=file, line=line, column=column, source_line=source_line,
                         card=card, expected=expected, suggestion=suggestion, width=width)
        self.field = field


class Unfit(ValueError):
    """Raised by a pattern function: this reading of the words does not fit where they stand,
    though another reading of the same words may ("your attacks deal 1 more damage" is a hero's
    power in ``powers:``, and a lasting change in an effect that says how long). The compiler
    tries the phrase's next reading; if none fits, the message is reported, located, as a
    ``ValueError``'s is."""


class VocabularyError(TabletopError):
    """A mistake in a pack's vocabulary (a bad pattern, an unknown word class): a pack bug."""
