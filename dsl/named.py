"""The word a text named (``name a house``): kept in the effect's context, read by ``the named
house`` in a selector (``each card of the named house``) and a condition (:mod:`tabletop.dsl.naming`)."""
from __future__ import annotations

from typing import Any, Callable

from tabletop.dsl.matcher import Matcher
from tabletop.dsl.places import TABLES, words_at

#: In a context: the words named so far, by word class ({"colour": "red"}; replaced, never changed in place)
NAMED = "_named"


def reference(cls: str) -> str:
    """The scope reference a naming of a word of class ``cls`` binds (``named colour``)."""
    return f"named {cls}"


def named_test(cls: str) -> Callable[[Any, int, dict], bool]:
    """Whether a card is of the word of class ``cls`` named earlier in the effect."""
    def test(state, iid: int, ctx: dict) -> bool:
        word = (ctx.get(NAMED) or {}).get(cls)
        return word is not None and TABLES[state.game].colour(state.cards[iid]) == word
    return test


def of_the_named(m: Matcher, pos: int):
    """``of the named house`` after a selector's noun: (end, filter test, problem) readings."""
    nouns = m.vocab.table.nameable
    end = words_at(m, pos, ("of", "the", "named"))
    if end is None or m.word(end) not in nouns:
        return
    cls = nouns[m.word(end)]
    test = named_test(cls)
    yield end + 1, (lambda state, iid, key, ctx: test(state, iid, ctx)), m.missing(pos, end + 1, reference(cls))
