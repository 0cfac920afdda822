"""Deck construction: the rules ``tabletop deckcheck`` applies, to a deck however it is given."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from tabletop.framework.errors import TabletopError


class DeckReport(Protocol):
    """What a deck check returns (each pack's report has at least these)."""

    verdict: str
    """``"legal"``, ``"illegal"`` or ``"unusable"``."""
    problems: list
    """Every problem: dicts with ``line``, ``column`` (None for a deck given as data),
    ``kind`` and ``message``."""
    warnings: list
    """Legal but probably unintended (no hero, a colour no crystal pays)."""
    cards: list
    """A legal deck's cards, one name per copy."""

    @property
    def exit_code(self) -> int:
        """0 legal, 1 illegal, 2 unusable: what ``tabletop deckcheck`` exits with."""

    def render(self) -> str:
        """The report as ``tabletop deckcheck`` prints it."""

    def to_json(self) -> dict:
        """The report as ``tabletop deckcheck --json`` prints it."""


def check_deck(pack: str, deck: Any, cardset: Any = None) -> DeckReport:
    """Check ``deck`` against the deck rules of ``pack`` (e.g. ``"virevolt"``).

    ``deck`` is a deck file's path, a preconstructed deck's name, or the deck as data: a
    mapping shaped like a deck file (``{"name": "Rush", "cards": {"Ember Warden": 2, ...}}``),
    a bare mapping of card names to counts, or a list of card names, one per copy. Every
    form is checked by the same rules, the ones ``tabletop deckcheck`` applies; a deck
    given to a game as an option (``tabletop.load("virevolt", decks=[...])``) is checked
    the same way, and refused if illegal. The report lists every problem; it is not raised.
    ``cardset`` is the card set the names refer to (default: the pack's own; a designer's
    set with cards of their own: ``registry().get(pack).with_cards(files).cards()``).
    """
    from tabletop.framework.packs import registry

    checker = registry().get(pack).deck_rules()
    if checker is None:
        raise TabletopError(f"{pack} has no deck construction")
    if isinstance(deck, Path):
        deck = str(deck)
    return checker.check(deck, cardset)
