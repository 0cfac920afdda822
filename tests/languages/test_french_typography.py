"""French typography in the catalogue: a no-break space before ':', ';', '?' and '!', and inside
« », so that a line never breaks before the sign or inside the quotes (docs/languages.md)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

CATALOGUE = Path(__file__).parents[2] / "framework" / "locale" / "fr" / "LC_MESSAGES" / "tabletop.po"


def translations() -> list[str]:
    text = CATALOGUE.read_text(encoding="utf-8")
    entries = re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', text, re.M)[1:]  # (the first is the header)
    return ["".join(re.findall(r'"(.*)"', e)) for e in entries]


@pytest.mark.parametrize("sign", [":", ";", "?", "!"])
def test_a_french_message_puts_a_no_break_space_before_the_sign(sign):
    bad = [t for t in translations() if f" {sign}" in t]
    assert not bad, bad[:5]


def test_a_french_message_puts_no_break_spaces_inside_guillemets():
    bad = [t for t in translations() if "« " in t or " »" in t]
    assert not bad, bad[:5]
