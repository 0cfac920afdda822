"""Hero keywords (``powers: [lifelink]``): each is one registered rule, read as a power by the card
language; the cards of the game carry none, so their attacks read no keyword (the golden games)."""
from __future__ import annotations

import pytest

import tabletop
from tabletop.packs.virevolt.keys import HERO
from tabletop.packs.virevolt.keywords import KEYWORDS
from tabletop.packs.virevolt.vocabulary import Keyword


def test_the_keywords_apply_trample_before_lifelink():
    """Lifelink heals by what the hero takes now: trample must have cut it first."""
    assert list(KEYWORDS) == ["trample", "lifelink"]


@pytest.mark.parametrize("word", sorted(KEYWORDS))
def test_each_keyword_reads_as_a_power(word):
    assert tabletop.compile(word, "virevolt", "modifier") == Keyword(word)


def test_a_word_that_is_no_keyword_is_refused_with_the_ones_known():
    with pytest.raises(tabletop.Error) as info:
        tabletop.compile("flying", "virevolt", "modifier")
    assert "lifelink" in str(info.value) and "trample" in str(info.value)


def test_the_printed_heroes_have_no_keyword():
    game = tabletop.load("virevolt")
    state = game.new_state(1)
    heroes = [c for c in state.cards if c.kind == HERO]
    assert heroes and all(not c.keywords for c in heroes)
