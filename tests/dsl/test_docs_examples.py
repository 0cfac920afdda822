"""Every ```dsl KIND example in docs/dsl.md compiles with the test vocabulary."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.dsl.conftest import make_vocab
from tabletop.dsl import compile_text

DOC = Path(__file__).resolve().parents[2] / "docs" / "dsl.md"
BLOCK = re.compile(r"^```dsl[ \t]+(\S+)[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)


def examples() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2).strip()) for m in BLOCK.finditer(DOC.read_text("utf-8"))]


def test_docs_have_examples():
    kinds = {k for k, _ in examples()}
    assert {"effect", "ability", "condition", "number"} <= kinds


@pytest.mark.parametrize("kind,text", examples(), ids=lambda x: x if len(x) < 40 else x[:40])
def test_doc_example_compiles(kind, text):
    compile_text(text, kind, make_vocab(), program_id="docs")
