"""Every ```PACK KIND example of docs/dsl.md compiles with that pack's own vocabulary
(```PACK cards blocks are card files: tests/dsl/test_cookbook.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.dsl import compile_text
from tabletop.framework.packs import registry

DOC = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"
BLOCK = re.compile(r"^```(volfyirion|virevolt)[ \t]+(?!cards\b)(\S+)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
EXAMPLES = [(m.group(1), m.group(2), m.group(3).strip()) for m in BLOCK.finditer(DOC.read_text("utf-8"))]


def test_both_packs_have_examples():
    assert {p for p, _, _ in EXAMPLES} == {"volfyirion", "virevolt"}


@pytest.mark.parametrize("pack,kind,text", EXAMPLES, ids=lambda x: x if len(x) < 40 else x[:40])
def test_pack_example_compiles_with_the_pack_vocabulary(pack, kind, text):
    vocab = registry().get(pack).vocabulary()
    assert compile_text(text, kind, vocab, program_id=f"docs/{pack}") is not None
