"""``--cards FILE``: a designer's card files joined to a pack's set for one command.

The cards of these files are ordinary cards of the set for that run (a card with the name of
a pack card replaces it); a deck file may also name card files of its own (``card_files:``),
which are added the same way, so a deck can list the cards they define.
"""
from __future__ import annotations

from pathlib import Path

from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.userfiles import link_problem


def with_cards(pack, files, decks=()):
    """``pack`` with the card files given and those the deck files ``decks`` name."""
    extra: list[Path] = []
    for f in files or ():
        if not f.is_file():
            link = link_problem(f)
            raise TabletopError(gettext("{file}: {problem}").format(file=f, problem=link) if link else
                                (gettext("{file}: no such card file") if not f.exists() else
                                 gettext("{file}: not a file")).format(file=f))
        extra.append(f)
    checker = pack.deck_rules() if decks and hasattr(pack, "deck_rules") else None
    for d in decks or ():
        if checker is not None and d and hasattr(checker, "card_files"):
            extra.extend(checker.card_files(d))
    if not extra:
        return pack
    if not hasattr(pack, "with_cards"):
        raise TabletopError(gettext('{name}: this pack cannot take more card files').format(name=pack.name))
    pack = pack.with_cards(extra)
    pack.cards()  # every error of the added files now, each located
    return pack
