"""``tabletop cards words PACK``: every phrase form of each pack, with an example that compiles."""
from __future__ import annotations

import pytest

from tabletop.dsl import compile_text
from tabletop.dsl.words import entries, render
from tabletop.framework.packs import registry

PACKS = ("volfyirion", "virevolt")
_KIND = {"effect": "effect", "condition": "condition", "quantity": "number"}


def _cases():
    for pack in PACKS:
        vocab = registry().get(pack).vocabulary()
        for i, e in enumerate(entries(vocab)):
            yield pytest.param(pack, e, id=f"{pack}-{i}-{e.example}")


@pytest.mark.parametrize("pack,entry", list(_cases()))
def test_every_listed_example_compiles(pack, entry):
    vocab = registry().get(pack).vocabulary()
    kind = _KIND.get(entry.kind, entry.kind)
    compile_text(entry.example, kind, vocab, program_id=f"words/{pack}/{entry.example}")


@pytest.mark.parametrize("pack", PACKS)
def test_selector_examples_compile(pack):
    vocab = registry().get(pack).vocabulary()
    for family in ("cards", "players", "zone", "destination", "counted", "attrcmp", "compare", "duration",
                   "possessive", "cost-subject"):
        for example in vocab.parser_docs[family][1]:
            compile_text(example, family, vocab, program_id=f"words/{pack}/{family}")


@pytest.mark.parametrize("pack", PACKS)
def test_catalogue_lists_words_and_forms(pack):
    text = render(registry().get(pack).vocabulary())
    assert "Effects (statements)" in text and "draw N [card]" in text and "e.g. draw a card" in text
    assert "a card selector:" in text and "Lasting changes" in text
