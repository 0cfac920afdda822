"""'Did you mean' suggestions for misspelt words, shared by every error message."""
from __future__ import annotations

import difflib
from collections.abc import Iterable

from tabletop.framework.language import gettext


def closest(word: str, choices: Iterable[str], n: int = 1) -> list[str]:
    """The choices nearest ``word``: the one it begins (``merc`` for ``mercenary``), else the most alike."""
    pool = {c.lower(): c for c in choices}
    low = str(word).lower()
    starting = [c for c in pool if len(low) >= 3 and c.startswith(low)]
    if len(starting) == 1:
        return [pool[starting[0]]]
    return [pool[m] for m in difflib.get_close_matches(low, list(pool), n=n, cutoff=0.6)]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``" (did you mean 'x'?)"`` when a close choice exists, else ``""``."""
    best = closest(word, choices)
    return gettext(" (did you mean {word!r}?)").format(word=best[0]) if best else ""
