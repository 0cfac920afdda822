"""'Did you mean' suggestions for misspelt words, shared by every error message."""
from __future__ import annotations

import difflib
from collections.abc import Iterable

from tabletop.framework.language import gettext


def closest(word: str, choices: Iterable[str], n: int = 1) -> list[str]:
    pool = {c.lower(): c for c in choices}
    return [pool[m] for m in difflib.get_close_matches(word.lower(), list(pool), n=n, cutoff=0.6)]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``" (did you mean 'x'?)"`` when a close choice exists, else ``""``."""
    best = closest(word, choices)
    return gettext(" (did you mean {word!r}?)").format(word=best[0]) if best else ""
