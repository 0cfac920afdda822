"""Hostile card texts end in a located error, never a crash: deep nesting, long chains, huge
numbers, very long texts (issue 12: the card language is bounded before any recursion)."""
from __future__ import annotations

import pytest

from tabletop.dsl import CardLanguageError, Source, compile_text
from tabletop.dsl.syntax import MAX_DEPTH, MAX_TEXT
from tabletop.framework.packs import registry

SRC = Source(file="cards.yaml", card="Bad", field="main", line=3, column=9)
HOSTILE = [
    ("effect", "(" * 1000 + "draw a card" + ")" * 1000),
    ("effect", "may " * 1000 + "draw a card"),
    ("condition", "not " * 1000 + "it is your turn"),
    ("number", " + ".join(["1"] * 1000)),
    ("condition", " and ".join(["it is your turn"] * 1000)),
    ("effect", "draw (" + " - ".join(["(1"] * 300) + ")" * 300 + ")"),
    ("effect", "draw " + "9" * 5000),
    ("effect", "gain " + "1" * 4300 + " battle"),
    ("effect", "draw a card; " * 10_000),
    ("effect", "x" * 100_000),
    ("card ability", "when " + "(" * 900 + "you play a card: draw a card"),
]


@pytest.mark.parametrize("pack", ["volfyirion", "virevolt"])
@pytest.mark.parametrize("kind,text", HOSTILE, ids=lambda x: x if len(x) < 30 else x[:30])
def test_hostile_text_is_a_located_error(pack, kind, text):
    vocab = registry().get(pack).vocabulary()
    with pytest.raises(CardLanguageError) as info:
        compile_text(text, kind, vocab, program_id="hostile", source=SRC)
    e = info.value
    assert e.file == "cards.yaml" and e.line is not None and e.column is not None
    assert len(e.render()) < 2000  # the message never echoes the whole text


def test_parentheses_around_a_number_count_towards_the_nesting_limit():
    vocab = registry().get("volfyirion").vocabulary()
    compile_text("draw " + "(" * MAX_DEPTH + "1" + ")" * MAX_DEPTH, "effect", vocab, program_id="parens")
    with pytest.raises(CardLanguageError) as info:
        compile_text("draw " + "(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1), "effect", vocab, program_id="parens")
    assert f"more than {MAX_DEPTH} levels" in info.value.message and info.value.column == len("draw ") + MAX_DEPTH + 1


def test_a_sum_or_product_of_numbers_is_bounded_like_a_number():
    vocab = registry().get("volfyirion").vocabulary()
    compile_text("gain (99 * 99) battle", "effect", vocab, program_id="product")
    with pytest.raises(CardLanguageError) as info:
        compile_text("gain (9999 * 9999 * 9999) battle", "effect", vocab, program_id="product")
    assert info.value.message == "this comes to 99980001; numbers in card texts go up to 9999"


def test_limits_are_named_in_the_message():
    vocab = registry().get("volfyirion").vocabulary()
    with pytest.raises(CardLanguageError) as info:
        compile_text("(" * 100 + "draw a card" + ")" * 100, "effect", vocab, program_id="deep")
    assert f"more than {MAX_DEPTH} levels" in info.value.message
    with pytest.raises(CardLanguageError) as info:
        compile_text("draw a card; " * 1000, "effect", vocab, program_id="long")
    assert f"at most {MAX_TEXT}" in info.value.message
    with pytest.raises(CardLanguageError) as info:
        compile_text("draw 123456", "effect", vocab, program_id="big")
    assert "numbers in card texts go up to 9999" in info.value.message
